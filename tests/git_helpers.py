"""Real git repositories for the tests that date pages: commits on chosen dates, and the
lastmods a sitemap then says."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from sitemap_checks import NS, parse

#: Who commits: git refuses to commit without a name, and a test must not read the machine's.
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
}


def git(cwd: Path, *args: str, date: str | None = None) -> None:
    """`git ARGS` in `cwd`; `date` (ISO 8601) is the commit's author and committer date."""
    env = {**os.environ, **GIT_ENV, **({"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else {})}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def commit(root: Path, date: str) -> None:
    """Everything in `root`'s work tree, committed on `date`."""
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"at {date}", "--allow-empty", date=date)


def lastmods(path: Path) -> dict[str, str | None]:
    """Each `<loc>` of a urlset with its `<lastmod>` (None where it has none)."""
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(path).iterfind("s:url", NS)
    }

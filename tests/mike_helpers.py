"""mike's projects made here: a git repository, real `mike deploy` runs, the branch's files."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

BASE = "https://v.example.org/"


VERSIONS = ("1.0", "2.0", "3.0")


ENV = {
    **os.environ,
    # mike runs the `mkdocs` (or `properdocs`) program: the one beside this Python.
    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    "NO_MKDOCS_2_WARNING": "1",
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
}


def run(
    repo: Path, *command: str, check: bool = True, env: dict | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, env=env or ENV)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def versions_command(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run(
        repo, sys.executable, "-m", "sitemap_plugins", "versions", "--base-url", BASE, *args, check=check
    )


def make_project(repo: Path, alias_type: str, canonical: str | None, site_url: str = BASE) -> None:
    docs = repo / "docs"
    docs.mkdir(parents=True)
    mike = {"alias_type": alias_type, **({"canonical_version": canonical} if canonical else {})}
    options = "".join(f"\n      {k}: {v}" for k, v in mike.items())
    (repo / "mkdocs.yml").write_text(
        f"site_name: Versioned\nsite_url: {site_url}\ntheme:\n  name: material\n"
        f"extra:\n  version:\n    provider: mike\nplugins:\n  - mike:{options}\n  - sitemap\n"
    )
    (docs / "index.md").write_text("# Home\n\n[Guide](guide.md)\n")
    (docs / "guide.md").write_text("# Guide\n")
    run(repo, "git", "init", "-q", "-b", "main")
    run(repo, "git", "add", "-A")
    run(repo, "git", "commit", "-qm", "docs", env={**ENV, "GIT_COMMITTER_DATE": "2024-01-01T10:00:00Z"})


def deploy_three(repo: Path) -> None:
    for number, version in enumerate(VERSIONS):
        if version == "2.0":  # a page that 1.0 does not have
            (repo / "docs" / "new.md").write_text("# New in 2.0\n")
        (repo / "docs" / "guide.md").write_text(f"# Guide\n\nFor {version}.\n")
        run(repo, "git", "add", "-A")
        run(
            repo,
            "git",
            "commit",
            "-qm",
            version,
            env={**ENV, "GIT_COMMITTER_DATE": f"2024-0{number + 2}-01T10:00:00Z"},
        )
        aliases = ["latest", "--update-aliases"] if version == VERSIONS[-1] else []
        run(repo, "mike", "deploy", version, *aliases)
    run(repo, "mike", "set-default", "latest")


def branch_files(repo: Path, target: Path, branch: str = "gh-pages") -> Path:
    """The branch as it would be served, extracted (symbolic links included)."""
    archive = subprocess.run(["git", "archive", branch], cwd=repo, capture_output=True, check=True).stdout
    target.mkdir(parents=True, exist_ok=True)
    # Our own archive, links and all.  Extraction filters came with Python 3.11.4 (Debian 12 has
    # 3.11.2); 3.14 filters by default, so the trusted one is named where it exists.
    trusted = {"filter": "fully_trusted"} if hasattr(tarfile, "fully_trusted_filter") else {}
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, **trusted)
    return target

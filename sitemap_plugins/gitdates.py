"""lastmod from git: when each file last changed on the branch being built, from one `git log`.

One process for the whole tree, parsed into a map: asking git once per file costs a process per
page (minutes on a large site); this costs one, whatever the number of pages.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

from .errors import log

_COMMIT = "\x00"  # starts each commit's line (git's %x00): no path can contain it


class GitDates:
    def __init__(self, directory: Path, notice: Callable[[str], None] = log.warning) -> None:
        self.root: Path | None = None
        self.dates: dict[str, dt.datetime] = {}
        top = _git(directory, "rev-parse", "--show-toplevel", "--is-shallow-repository")
        if top is None:
            log.info(
                "sitemap: %s is not in a git repository (or git is not installed); no lastmod from git",
                directory,
            )
            return
        toplevel, shallow = top.splitlines()[:2]
        self.root = Path(toplevel).resolve()
        if shallow.strip() == "true":
            notice(
                "sitemap: lastmod: the git repository is a shallow clone, so pages whose last change "
                "is older than the clone's history get the oldest fetched commit's date; fetch the "
                "whole history (actions/checkout: fetch-depth: 0) for accurate dates"
            )
        scope = str(directory.resolve().relative_to(self.root)) if directory.resolve() != self.root else "."
        output = _git(
            self.root,
            "-c",
            "core.quotepath=off",
            "log",
            # Along the branch being built, a merge counts as the change it brings: a page edited
            # on a feature branch changed, for readers, when the merge reached this branch.
            "--first-parent",
            "-m",
            "--format=%x00%ct",
            "--name-only",
            "--no-renames",
            "--",
            scope,
        )
        if output is not None:
            self._parse(output)

    def _parse(self, output: str) -> None:
        stamp: dt.datetime | None = None
        for line in output.splitlines():
            if line.startswith(_COMMIT):
                stamp = dt.datetime.fromtimestamp(int(line[1:]), dt.timezone.utc)
            elif line and stamp is not None:
                self.dates.setdefault(line, stamp)  # newest first: the first date seen is the last change

    def lastmod(self, path: Path) -> dt.datetime | None:
        if self.root is None:
            return None
        # Paths from generators are absolute already: a string operation first, resolving
        # symbolic links (a system call per page) only when that finds nothing.
        for candidate in (Path(os.path.abspath(path)), path.resolve()):
            try:
                found = self.dates.get(candidate.relative_to(self.root).as_posix())
            except ValueError:
                continue
            if found is not None:
                return found
        return None


def _git(directory: Path, *args: str) -> str | None:
    try:
        run = subprocess.run(
            ["git", *args],
            cwd=directory,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="surrogateescape",
            check=False,
        )
    except (OSError, ValueError):
        return None
    return run.stdout if run.returncode == 0 else None

"""lastmod from git: when each file last changed on the branch being built, from one `git` process.

One `git log` for the whole source tree per build, run in the source directory (started with the
build, read at its end) and parsed into a map: asking git once per file costs a process per page
(minutes on a large site); this costs one, whatever the number of pages, in a repository or
outside one.  A shallow clone is recognised by git's own `shallow` file, which needs no second
process.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from .errors import log

_COMMIT = "\x00"  # starts each commit's line (git's %x00): no path can contain it


class GitDates:
    """The `git log` starts when this is made and is read when a date is first asked for: made
    as the build starts, it runs beside the build (seconds on a long history)."""

    def __init__(self, directory: Path, notice: Callable[[str], None] = log.warning) -> None:
        self._directory = directory
        self._notice = notice
        self._root: Path | None = None
        self._prefix = ""
        self._dates: dict[str, dt.datetime] = {}
        self._running: tuple[subprocess.Popen[bytes], IO[bytes]] | None = _start_git(
            directory,
            "-c",
            "core.quotepath=off",
            "log",
            # Paths relative to `directory`, and only the changes under it.
            "--relative",
            # Along the branch being built, a merge counts as the change it brings: a page edited
            # on a feature branch changed, for readers, when the merge reached this branch.
            "--first-parent",
            "-m",
            "--format=%x00%ct",
            "--name-only",
            "--no-renames",
            "--",
            ".",
        )
        self._read = False

    @property
    def root(self) -> Path | None:
        """The directory the paths are relative to; None outside a repository."""
        self._finish()
        return self._root

    @property
    def dates(self) -> dict[str, dt.datetime]:
        self._finish()
        return self._dates

    def _finish(self) -> None:
        if self._read:
            return
        self._read = True
        output = _git_output(self._running)
        self._running = None
        if output is None:
            log.info(
                "sitemap: %s is not in a git repository (or git is not installed); no lastmod from git",
                self._directory,
            )
            return
        self._root = self._directory.resolve()
        self._prefix = str(self._root) + os.sep
        self._parse(output)
        if _is_shallow(self._root):
            self._notice(
                "sitemap: lastmod: the git repository is a shallow clone, so pages whose last change "
                "is older than the clone's history get the oldest fetched commit's date; fetch the "
                "whole history (actions/checkout: fetch-depth: 0) for accurate dates"
            )

    def _parse(self, output: str) -> None:
        stamp: dt.datetime | None = None
        for line in output.splitlines():
            if line.startswith(_COMMIT):
                stamp = dt.datetime.fromtimestamp(int(line[1:]), dt.timezone.utc)
            elif line and stamp is not None:
                self._dates.setdefault(line, stamp)  # newest first: the first date seen is the last change

    def lastmod(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        root = self.root
        if root is None:
            return None
        # Paths from generators are absolute already: a string operation first, resolving
        # symbolic links (a system call per page) only when that finds nothing.
        text = os.path.abspath(path)
        if text.startswith(self._prefix):
            found = self._dates.get(text[len(self._prefix) :].replace(os.sep, "/"))
            if found is not None:
                return found
        for candidate in (Path(text), Path(path).resolve()):
            try:
                found = self._dates.get(candidate.relative_to(root).as_posix())
            except ValueError:
                continue
            if found is not None:
                return found
        return None


def _is_shallow(directory: Path) -> bool:
    """Does the repository holding `directory` have git's `shallow` file?"""
    for folder in (directory, *directory.parents):
        dot_git = folder / ".git"
        if dot_git.is_dir():
            return (dot_git / "shallow").exists()
        if dot_git.is_file():  # a worktree or a submodule: `gitdir: <path>`
            text = dot_git.read_text(encoding="utf-8", errors="replace").strip()
            gitdir = (folder / text.removeprefix("gitdir:").strip()).resolve()
            common = gitdir / "commondir"
            if common.is_file():
                gitdir = (gitdir / common.read_text().strip()).resolve()
            return (gitdir / "shallow").exists()
    return False


def _start_git(directory: Path, *args: str) -> tuple[subprocess.Popen[bytes], IO[bytes]] | None:
    # Into a file, not a pipe: a long history would fill a pipe nobody reads before the end.
    output = tempfile.TemporaryFile()  # noqa: SIM115 (closed in _git_output)
    try:
        process = subprocess.Popen(["git", *args], cwd=directory, stdout=output, stderr=subprocess.DEVNULL)
    except (OSError, ValueError):
        output.close()
        return None
    return process, output


def _git_output(running: tuple[subprocess.Popen[bytes], IO[bytes]] | None) -> str | None:
    if running is None:
        return None
    process, output = running
    with output:
        if process.wait() != 0:
            return None
        output.seek(0)
        return output.read().decode("utf-8", "surrogateescape")

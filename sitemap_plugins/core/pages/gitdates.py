"""lastmod from git: when each file last changed on the branch being built, from one `git` process.

One `git log` of the whole repository per build (started with the build, read at its end) and
parsed into a map: asking git once per file costs a process per page (minutes on a large site);
this costs one, whatever the number of pages, in a repository or outside one.  The repository's
top and a shallow clone's boundary are read from its `.git`, which needs no second process.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import tempfile
from pathlib import Path
from typing import IO

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.files import path_in, real_path

_COMMIT = "\x00"  # starts each commit's line (git's %x00): no path can contain it


class GitDates:
    """The `git log` starts when this is made and is read when a date is first asked for: made
    as the build starts, it runs beside the build (seconds on a long history).

    Each file is dated by its own path in the repository, wherever it lies (a page built from a
    file outside the docs directory too).  A commit that only renames a file (git's rename
    detection at 100% similarity) does not date it: the file keeps the date of its last change of
    content, under its older name.  In a shallow clone, the boundary commits (whose parents were
    not fetched) date nothing: what they show is the state of every file, not a change.  A file
    whose newest commit added it (a blog moved into git, a squashed history) was not edited since:
    `change` tells it, for a page whose own text says when it was published."""

    def __init__(self, directory: Path, root: str | None, resolved: dict[str, str] | None = None) -> None:
        self._directory = directory
        #: Files whose place with their links followed is known already (`PageDates.resolved`).
        self._resolved = resolved if resolved is not None else {}
        self._root = Path(root) if root else None
        self._dates: dict[str, dt.datetime] = {}
        #: Files whose newest commit in a shallow clone is its boundary: git cannot date them.
        self._undated: set[str] = set()
        #: Files whose newest commit is the one that added them: no edit git knows of.
        self._added: set[str] = set()
        self._keys: dict[str, str | None] = {}
        #: A shallow clone's newest boundary commit's date: what git cannot date changed before it.
        self._horizon: dt.datetime | None = None
        self._running = None
        if self._root is not None:
            self._running = _start_git(
                self._root,
                "-c",
                "core.quotepath=off",
                "log",
                # Along the branch being built, a merge counts as the change it brings: a page
                # edited on a feature branch changed, for readers, when the merge reached this branch.
                "--first-parent",
                "-m",
                "--format=%x00%ct %H",
                "--name-status",
                "--find-renames=100%",
            )
        self._read = False

    @property
    def root(self) -> Path | None:
        """The repository's top directory, which the paths are relative to; None outside one."""
        self._finish()
        return self._root

    @property
    def horizon(self) -> dt.datetime | None:
        """In a shallow clone, the date of its newest boundary commit (what it cannot date changed
        before); None in a whole history."""
        self._finish()
        return self._horizon

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
            # Said once, with the count of the pages it leaves undated (`WriteResult.notes`).
            self._root = None
            log.debug("sitemap: %s is not in a git repository (or git is not installed)", self._directory)
            return
        assert self._root is not None
        boundary = _shallow_commits(self._root)
        self._parse(output, boundary)

    def _parse(self, output: str, boundary: frozenset[str]) -> None:
        stamp: dt.datetime | None = None
        at_boundary = False
        #: Older names of files renamed since (without a change): their older commits date the file.
        now_named: dict[str, str] = {}
        for line in output.splitlines():
            if line.startswith(_COMMIT):
                seconds, _, commit = line[1:].partition(" ")
                stamp = dt.datetime.fromtimestamp(int(seconds), dt.timezone.utc)
                at_boundary = commit in boundary
                if at_boundary and (self._horizon is None or stamp > self._horizon):
                    self._horizon = stamp
                continue
            if not line or stamp is None:
                continue
            status, _, paths = line.partition("\t")
            if status.startswith("R"):  # `R100 old new`: a rename and nothing else
                old, _, new = paths.partition("\t")
                now_named[old] = now_named.get(new, new)
                continue
            path = now_named.get(paths, paths)
            if path in self._dates or path in self._undated:
                continue  # newest first: the first date seen is the last change
            if at_boundary:
                self._undated.add(path)
            else:
                self._dates[path] = stamp
                if status == "A":
                    self._added.add(path)

    def lastmod(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        return self.change(path)[0]

    def change(self, path: str | os.PathLike[str]) -> tuple[dt.datetime | None, bool]:
        """When `path` last changed, and whether that commit only added it (no edit since)."""
        key = self._key(path)
        return (None, False) if key is None else (self._dates.get(key), key in self._added)

    def undated(self, path: str | os.PathLike[str]) -> bool:
        """Is `path` a file a shallow clone cannot date (last changed before its history)?"""
        key = self._key(path)
        return key is not None and key in self._undated

    def _key(self, path: str | os.PathLike[str]) -> str | None:
        """`path` as git names it, relative to the repository's top; None outside it.  Asked
        once per path: a page's date, and why it has none, ask it again."""
        if (root := self.root) is None:
            return None
        if (spelled := os.fspath(path)) not in self._keys:
            # As the generator spells it first, then its links followed (a page linked to a
            # file elsewhere in the repository, `docs/changelog.md -> ../CHANGELOG.md`).
            key = path_in(root, spelled)
            if key not in self._dates and key not in self._undated:
                key = path_in(root, self._resolved.get(spelled) or real_path(spelled))
            self._keys[spelled] = key if key in self._dates or key in self._undated else None
        return self._keys[spelled]

    def ignored(self, paths: list[str]) -> set[str]:
        """Those of `paths` (in the work tree) that git ignores (`.gitignore` and the like): one
        `git check-ignore` for them all."""
        root = self.root
        if root is None or not paths:
            return set()
        try:
            done = subprocess.run(
                ["git", "check-ignore", "--stdin", "-z"],
                cwd=root,
                input=b"\0".join(os.fsencode(p) for p in paths),
                capture_output=True,
                timeout=60,
            )
        except (OSError, subprocess.SubprocessError):
            return set()
        said = {os.fsdecode(name) for name in done.stdout.split(b"\0") if name}
        return {p for p in paths if p in said or path_in(root, p) in said}


def _shallow_commits(root: Path) -> frozenset[str]:
    """The boundary commits of a shallow clone (git's `shallow` file); none in a whole one."""
    gitdir = _git_dir(root)
    try:
        text = (gitdir / "shallow").read_text(encoding="ascii") if gitdir else ""
    except (OSError, UnicodeDecodeError):
        return frozenset()
    return frozenset(text.split())


def _git_dir(root: Path) -> Path | None:
    dot_git = root / ".git"
    if dot_git.is_dir():
        return dot_git
    if dot_git.is_file():  # a worktree or a submodule: `gitdir: <path>`
        text = dot_git.read_text(encoding="utf-8", errors="replace").strip()
        gitdir = (root / text.removeprefix("gitdir:").strip()).resolve()
        common = gitdir / "commondir"
        if common.is_file():
            gitdir = (gitdir / common.read_text(encoding="utf-8", errors="replace").strip()).resolve()
        return gitdir
    return None


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

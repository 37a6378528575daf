"""Our `Sitemap:` lines in robots.txt, merged without changing a byte of what the user wrote.

Our block is a marker comment followed by `Sitemap:` lines; of the lines after the marker, only
those naming a URL we wrote (this build, or the last one, whose manifest keeps them) are ours.
A line the user put below our block stays, and so does everything else, byte for byte.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.files import file_kind, link_target
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.diskio import OutputError, io_error, write_atomic
from sitemap_plugins.core.output.fileset import FileSet
from sitemap_plugins.core.output.result import WriteResult
from sitemap_plugins.core.robots import SITEMAP_LINE, sitemap_urls

ROBOTS_TXT = "robots.txt"
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


class RobotsError(ValueError):
    """robots.txt cannot take an ASCII line without being damaged (UTF-16, UTF-32)."""


def _newline(text: str) -> str:
    if "\r\n" in text:
        return "\r\n"
    if "\r" in text and "\n" not in text:
        return "\r"  # classic Mac line ends: keep them
    return "\n"


@dataclass
class Merged:
    """robots.txt with our block in it, and how the block was joined to the owner's text."""

    data: bytes
    #: What was added before the block where it was appended to the owner's text (a line end for
    #: a last line that had none, a blank line): what `clean` takes out again.  None where the
    #: block stood already (replaced where it stands), or there was no file.
    joined: str | None


def merge_robots_txt(
    existing: bytes | None, block: str, ours: Collection[str] = (), gone: Collection[str] = ()
) -> Merged:
    """`existing` with `block` (a marker comment, then `Sitemap:` lines) in it.

    A block from an earlier build (found by its marker line, holding URLs in `ours`) is replaced
    where it stands; otherwise the block is appended after a blank line.  URLs the user already
    lists are not repeated.  A `Sitemap:` line naming a URL in `gone` (another tool's sitemap
    that ours replaced, removed) goes, wherever it stands.  Line endings follow the file's own.
    Every other byte that is not ours is kept, even bytes that are not UTF-8.
    """
    marker, *new = block.splitlines()
    if existing is None:
        return Merged(block.encode(), None)
    if existing.startswith(_WIDE_BOMS) or b"\x00" in existing:
        raise RobotsError("robots.txt is UTF-16 or UTF-32 (or holds NUL bytes), not ASCII-compatible")
    text = existing.decode("utf-8", "surrogateescape")
    owned = set(ours) | {m["url"] for line in new if (m := SITEMAP_LINE.match(line))}
    newline = _newline(text)
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    position = None
    index = 0
    while index < len(lines):
        if lines[index].rstrip("\r\n") == marker:
            position = len(kept)
            index += 1
            while index < len(lines) and (m := SITEMAP_LINE.match(lines[index])) and m["url"] in owned:
                index += 1
            continue
        if not ((m := SITEMAP_LINE.match(lines[index])) and m["url"] in gone):
            kept.append(lines[index])
        index += 1
    already = set(sitemap_urls("".join(kept)))
    new_lines = [line for line in new if SITEMAP_LINE.match(line)["url"] not in already]  # type: ignore[index]
    joined = None
    if new_lines:
        new_block = [line + newline for line in (marker, *new_lines)]
        if position is None:
            joined = ""
            if kept and not kept[-1].endswith(("\n", "\r")):
                kept[-1] += newline
                joined = newline
            if kept and kept[-1].strip():
                kept.append(newline)
                joined += newline
            position = len(kept)
        kept[position:position] = new_block
    return Merged("".join(kept).encode("utf-8", "surrogateescape"), joined)


def take_out_block(existing: bytes, marker: str, ours: Collection[str], joined: str | None) -> bytes:
    """`existing` without our block (the marker, and the `Sitemap:` lines after it naming `ours`)
    and without what `joined` it to the owner's text: the owner's bytes as they were."""
    text = existing.decode("utf-8", "surrogateescape")
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.rstrip("\r\n") != marker:
            continue
        end = index + 1
        while end < len(lines) and (m := SITEMAP_LINE.match(lines[end])) and m["url"] in ours:
            end += 1
        before, after = "".join(lines[:index]), "".join(lines[end:])
        if joined and before.endswith(joined):
            before = before[: len(before) - len(joined)]
            if after and before and not before.endswith(("\n", "\r")):
                before += _newline(text)  # lines added below stay lines
        return (before + after).encode("utf-8", "surrogateescape")
    return existing


def stop_at_a_robots_txt_leading_out(fileset: FileSet) -> None:
    """A robots.txt that is a link out of the output would publish another file's bytes if it were
    read and replaced: the run stops before writing anything, naming it."""
    path = fileset.out / ROBOTS_TXT
    if path.is_symlink():
        if (target := link_target(path)) is None:
            raise OutputError(
                f"sitemap: {path} is a symbolic link whose links go round in a loop: it is neither "
                "read nor replaced, and nothing was written; make it a file (or turn off robots_txt)"
            )
        if fileset.out.resolve() not in target.parents:
            raise OutputError(
                f"sitemap: {path} is a symbolic link to {target}, outside the output directory: it is "
                "neither read nor replaced, and nothing was written; make it a file of the output (or "
                "turn off robots_txt) and build again"
            )


def update_robots_txt(
    fileset: FileSet,
    block: str,
    options: Options,
    result: WriteResult,
    report: Reporter,
    robots_urls: Sequence[str],
) -> None:
    """Merge our `Sitemap:` lines (`block`, robots.txt's template rendered for
    `result.sitemap_urls`) into robots.txt.  Crawlers read robots.txt only at the root of a
    host: under a `base_url` with a path, a user's own file is still merged (it may be served
    elsewhere), but none is created, and the lines to add at the root are said instead."""
    path = fileset.out / ROBOTS_TXT
    at_root = urlsplit(options.base_url).path == "/"  # base_url ends in "/" (option_values)
    # The user's robots.txt is read and replaced only where it is a regular file of the output
    # (a link within it is followed): a FIFO would block.
    mode = None
    try:
        if os.path.islink(path):
            # A link out of the output stopped the run before anything was written
            # (`stop_at_a_robots_txt_leading_out`); one within it is followed.
            path = path.resolve()
        existing = None
        if os.path.lexists(path):
            mode = path.stat().st_mode
            if not stat.S_ISREG(mode):
                report(
                    str(path),
                    "robots.txt",
                    f"is not a regular file ({file_kind(mode)}); left as it is, so the Sitemap: line "
                    "was not added",
                )
                return
            existing = path.read_bytes()
    except OSError as error:
        # The sitemaps are in place already: said, and the build goes on.
        said = str(io_error(path, error, "read")).removeprefix("sitemap: ")
        report(str(path), "robots.txt", f"{said}; the Sitemap: line was not added")
        return
    if existing is None and not at_root:
        result.robots_hint = [f"Sitemap: {url}" for url in robots_urls]
        return
    ours = {*fileset.previous.robots, *robots_urls}
    # The lines naming another tool's sitemaps that ours replaced would name files that are gone.
    gone = [options.base_url + name for name in result.replaced if name not in result.files]
    try:
        merging = merge_robots_txt(existing, block, ours, gone)
    except RobotsError as error:
        report(str(path), "robots.txt", f"{error}; left as it is, add the Sitemap: line yourself")
        return
    merged = merging.data
    # How our block came into the file, kept in the manifest so that `clean` restores the owner's.
    if existing is None:
        fileset.note_robots(created=True, joined=None)
    elif merging.joined is not None:
        fileset.note_robots(created=False, joined=merging.joined)
    else:
        fileset.note_robots(fileset.previous.robots_created, fileset.previous.robots_joined)
    if merged != existing:
        try:
            write_atomic(path, merged, None if mode is None else stat.S_IMODE(mode))
        except OutputError as error:
            said = str(error).removeprefix("sitemap: ")
            report(str(path), "robots.txt", f"{said}; the Sitemap: line was not added")
            return
    result.robots_txt = merged.decode("utf-8", "surrogateescape")

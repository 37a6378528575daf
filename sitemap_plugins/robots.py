"""Merge our `Sitemap:` block into robots.txt without changing a byte of what the user wrote.

Our block is a marker comment followed by `Sitemap:` lines; of the lines after the marker, only
those naming a URL we wrote (this build, or the last one, whose manifest keeps them) are ours.
A line the user put below our block stays, and so does everything else, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_SITEMAP_LINE = re.compile(r"^\ufeff?[ \t]*sitemap[ \t]*:[ \t]*(?P<url>[^\s#]*)", re.IGNORECASE)
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


class RobotsError(ValueError):
    """robots.txt cannot take an ASCII line without being damaged (UTF-16, UTF-32)."""


def sitemap_urls(text: str) -> list[str]:
    """The URLs of every `Sitemap:` line (the directive is case-insensitive and group-independent)."""
    return [m["url"] for line in text.splitlines() if (m := _SITEMAP_LINE.match(line))]


def _newline(text: str) -> str:
    if "\r\n" in text:
        return "\r\n"
    if "\r" in text and "\n" not in text:
        return "\r"  # classic Mac line ends: keep them
    return "\n"


def merge_robots_txt(existing: bytes | None, block: str, ours: Collection[str] = ()) -> bytes:
    """`existing` with `block` (a marker comment, then `Sitemap:` lines) in it.

    A block from an earlier build (found by its marker line, holding URLs in `ours`) is replaced
    where it stands; otherwise the block is appended after a blank line.  URLs the user already
    lists are not repeated.  Line endings follow the file's own.  Every byte that is not ours is
    kept, even bytes that are not UTF-8.
    """
    marker, *new = block.splitlines()
    if existing is None:
        return block.encode()
    if existing.startswith(_WIDE_BOMS) or b"\x00" in existing:
        raise RobotsError("robots.txt is UTF-16 or UTF-32 (or holds NUL bytes), not ASCII-compatible")
    text = existing.decode("utf-8", "surrogateescape")
    owned = set(ours) | {m["url"] for line in new if (m := _SITEMAP_LINE.match(line))}
    newline = _newline(text)
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    position = None
    index = 0
    while index < len(lines):
        if lines[index].rstrip("\r\n") == marker:
            position = len(kept)
            index += 1
            while index < len(lines) and (m := _SITEMAP_LINE.match(lines[index])) and m["url"] in owned:
                index += 1
            continue
        kept.append(lines[index])
        index += 1
    already = set(sitemap_urls("".join(kept)))
    new_lines = [line for line in new if _SITEMAP_LINE.match(line)["url"] not in already]  # type: ignore[index]
    if new_lines:
        new_block = [line + newline for line in (marker, *new_lines)]
        if position is None:
            if kept and not kept[-1].endswith(("\n", "\r")):
                kept[-1] += newline
            if kept and kept[-1].strip():
                kept.append(newline)
            position = len(kept)
        kept[position:position] = new_block
    return "".join(kept).encode("utf-8", "surrogateescape")

"""Merge our `Sitemap:` block into robots.txt without changing a byte of what the user wrote."""

from __future__ import annotations

import re

_SITEMAP_LINE = re.compile(r"^\ufeff?[ \t]*sitemap[ \t]*:[ \t]*(?P<url>[^\s#]*)", re.IGNORECASE)


def sitemap_urls(text: str) -> list[str]:
    """The URLs of every `Sitemap:` line (the directive is case-insensitive and group-independent)."""
    return [m["url"] for line in text.splitlines() if (m := _SITEMAP_LINE.match(line))]


def merge_robots_txt(existing: str | None, block: str) -> str:
    """`existing` with `block` (a marker comment, then `Sitemap:` lines) in it.

    A block from an earlier build (found by its marker line) is replaced where it stands; otherwise
    the block is appended after a blank line.  URLs the user already lists are not repeated.  Line
    endings follow the file's own.
    """
    marker, *ours = block.splitlines()
    if existing is None:
        return block
    newline = "\r\n" if "\r\n" in existing else "\n"
    lines = existing.splitlines(keepends=True)
    kept: list[str] = []
    position = None
    index = 0
    while index < len(lines):
        if lines[index].rstrip("\r\n") == marker:
            position = len(kept)
            index += 1
            while index < len(lines) and _SITEMAP_LINE.match(lines[index]):
                index += 1
            continue
        kept.append(lines[index])
        index += 1
    already = set(sitemap_urls("".join(kept)))
    new_lines = [line for line in ours if _SITEMAP_LINE.match(line)["url"] not in already]  # type: ignore[index]
    if not new_lines:
        return "".join(kept)
    new_block = [line + newline for line in (marker, *new_lines)]
    if position is None:
        if kept and not kept[-1].endswith(("\n", "\r")):
            kept[-1] += newline
        if kept and kept[-1].strip():
            kept.append(newline)
        position = len(kept)
    return "".join(kept[:position] + new_block + kept[position:])

"""Merge our `Sitemap:` block into robots.txt without changing a byte of what the user wrote.

Our block is a marker comment followed by `Sitemap:` lines; of the lines after the marker, only
those naming a URL we wrote (this build, or the last one, whose manifest keeps them) are ours.
A line the user put below our block stays, and so does everything else, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from protego import Protego

from sitemap_plugins.core.pages.files import link_target

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


def merge_robots_txt(
    existing: bytes | None, block: str, ours: Collection[str] = (), gone: Collection[str] = ()
) -> bytes:
    """`existing` with `block` (a marker comment, then `Sitemap:` lines) in it.

    A block from an earlier build (found by its marker line, holding URLs in `ours`) is replaced
    where it stands; otherwise the block is appended after a blank line.  URLs the user already
    lists are not repeated.  A `Sitemap:` line naming a URL in `gone` (another tool's sitemap
    that ours replaced, removed) goes, wherever it stands.  Line endings follow the file's own.
    Every other byte that is not ours is kept, even bytes that are not UTF-8.
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
        if not ((m := _SITEMAP_LINE.match(lines[index])) and m["url"] in gone):
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


# -- What robots.txt forbids --------------------------------------------------------------------

#: The crawlers whose rules a listed URL must pass: Google's, and every crawler's (`*`).
AGENTS = ("Googlebot", "*")
#: Google reads the first 500 KiB of a robots.txt.
MAX_ROBOTS_BYTES = 500 * 1024
_DISALLOW_LINE = re.compile(r"^\ufeff?[ \t]*disallow[ \t]*:[ \t]*(?P<pattern>[^\s#]*)", re.IGNORECASE)


class RobotsRules:
    """What a site's robots.txt forbids Googlebot or every crawler, as Google reads it (protego:
    the longest match wins, Allow on a tie, `*` and `$`, the most specific user-agent group)."""

    def __init__(self, data: bytes, host: str) -> None:
        # Google reads robots.txt as UTF-8 and skips what is not.
        text = data[:MAX_ROBOTS_BYTES].decode("utf-8", "replace")
        self.host = host
        self._parser = Protego.parse(text)
        #: The patterns of its Disallow lines (an empty `Disallow:` forbids nothing: left out).
        self.disallows = [
            m["pattern"] for line in text.splitlines() if (m := _DISALLOW_LINE.match(line)) and m["pattern"]
        ]
        self._alone: dict[str, Protego] = {}

    def blocking(self, url: str) -> str | None:
        """The robots.txt line that forbids `url` (`Disallow: /tags/`), or None where every crawler
        named in `AGENTS` may fetch it.  URLs of other hosts are not this file's to judge."""
        if urlsplit(url).netloc.lower() != self.host:
            return None
        if all(self._parser.can_fetch(url, agent) for agent in AGENTS):
            return None
        # The line that decides: the longest Disallow whose pattern alone forbids the URL.
        matching = [p for p in self.disallows if not self._pattern(p).can_fetch(url, "*")]
        return f"Disallow: {max(matching, key=len)}" if matching else "Disallow"

    def _pattern(self, pattern: str) -> Protego:
        parser = self._alone.get(pattern)
        if parser is None:
            parser = self._alone[pattern] = Protego.parse(f"User-agent: *\nDisallow: {pattern}\n")
        return parser


def read_robots_rules(path: Path, base_url: str) -> RobotsRules | None:
    """The rules of the robots.txt at `path` (a regular file only: a FIFO is never waited on, and a
    link is read only where it stays in its directory), for the host of `base_url`; None where
    there is none, or where it forbids nothing (most files: `Allow: /`, or only `Sitemap:`
    lines), so that no URL is judged against it."""
    try:
        if path.is_symlink() and getattr(link_target(path), "parent", None) != path.parent.resolve():
            return None
        if not path.is_file():
            return None
        with path.open("rb") as stream:
            data = stream.read(MAX_ROBOTS_BYTES)
    except OSError:
        return None
    rules = RobotsRules(data, urlsplit(base_url).netloc.lower())
    return rules if rules.disallows else None


def judge_entry(entry: Any, rules: RobotsRules) -> str | None:
    """The line that forbids `entry`'s page (it is then not listed), or None; the images and videos
    of the site's host that robots.txt forbids are taken out of the entry."""
    line = rules.blocking(entry.loc)
    if line is not None:
        return line
    if entry.images:
        entry.images = [image for image in entry.images if rules.blocking(image.loc) is None]
    if entry.videos:
        entry.videos = [
            video
            for video in entry.videos
            if not any(
                rules.blocking(url)
                for url in (video.content_loc, video.player_loc, video.thumbnail_loc)
                if url
            )
        ]
    return None


def _video_blocked(video: Any, rules: RobotsRules) -> bool:
    """Google requires every file of a video to be crawlable: one forbidden, the video goes."""
    urls = (video.content_loc, video.player_loc, video.thumbnail_loc)
    return any(rules.blocking(url) for url in urls if url)

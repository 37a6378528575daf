"""What a site's robots.txt says: the sitemaps its `Sitemap:` lines name, and what it forbids
Googlebot or every crawler to fetch (so that no sitemap lists it)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from protego import Protego

from sitemap_plugins.core.files import link_target

SITEMAP_LINE = re.compile(r"^\ufeff?[ \t]*sitemap[ \t]*:[ \t]*(?P<url>[^\s#]*)", re.IGNORECASE)


def sitemap_urls(text: str) -> list[str]:
    """The URLs of every `Sitemap:` line (the directive is case-insensitive and group-independent)."""
    return [m["url"] for line in text.splitlines() if (m := SITEMAP_LINE.match(line))]


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
        forbidding = (p for p in self.disallows if not self._pattern(p).can_fetch(url, "*"))
        return "Disallow: " + max(forbidding, key=len, default="")

    def _pattern(self, pattern: str) -> Protego:
        parser = self._alone.get(pattern)
        if parser is None:
            parser = self._alone[pattern] = Protego.parse(f"User-agent: *\nDisallow: {pattern}\n")
        return parser


def read_robots_rules(path: Path, base_url: str) -> RobotsRules | None:
    """The rules of the robots.txt at `path` (a regular file only: a FIFO is never waited on, and a
    link is read only where it leads to a file of its directory's tree, as the merge of our
    `Sitemap:` line does), for the host of `base_url`; None where there is none, or where it
    forbids nothing (most files: `Allow: /`, or only `Sitemap:` lines), so that no URL is judged
    against it."""
    try:
        if path.is_symlink() and path.parent.resolve() not in getattr(link_target(path), "parents", ()):
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

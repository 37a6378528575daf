"""What a site's robots.txt says: the sitemaps its `Sitemap:` lines name, and what it forbids
Googlebot or every crawler to fetch (so that no sitemap lists it)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from protego import Protego

from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.files import link_target, read_regular

SITEMAP_LINE = re.compile(r"^\ufeff?[ \t]*sitemap[ \t]*:[ \t]*(?P<url>[^\s#]*)", re.IGNORECASE)


def sitemap_urls(text: str) -> list[str]:
    """The URLs of every `Sitemap:` line (the directive is case-insensitive and group-independent)."""
    return [m["url"] for line in text.splitlines() if (m := SITEMAP_LINE.match(line))]


# -- What robots.txt forbids --------------------------------------------------------------------

#: The crawlers whose rules a listed URL must pass: Google's, and every crawler's (`*`).
AGENTS = ("Googlebot", "*")
#: Google reads the first 500 KiB of a robots.txt.
MAX_ROBOTS_BYTES = 500 * 1024
#: An Allow or Disallow line, and the literal start of its pattern (up to a `*` or `$`).
_RULE_LINE = re.compile(r"^[ \t]*(?P<field>allow|disallow)[ \t]*:[ \t]*(?P<pattern>[^\s#]*)", re.IGNORECASE)
#: A pattern's literal start whose first segment is plain (`/api/v*`): it matches only URLs
#: whose path starts with that segment, however robots.txt quotes it.
_FIRST_SEGMENT = re.compile(r"\A/([A-Za-z0-9_.~=-]+)/")
_PLAIN = re.compile(r"\A/?[A-Za-z0-9_.~=/-]*\Z")


class RobotsRules:
    """What a site's robots.txt forbids Googlebot or every crawler, as Google reads it (protego:
    the longest match wins, Allow on a tie, `*` and `$`, the most specific user-agent group).

    A URL is judged against the rules that can match it alone, by the literal start of their
    patterns (`/api/v` of `/api/v*.html$`): protego tries every rule of a group on every URL,
    pages times rules (50,000 lines of patterns and 2,000 pages: minutes).  The groups, their
    order and every other line are kept in each such part (a rule left out is one that cannot
    match, so the decision is the same)."""

    def __init__(self, data: bytes, host: str) -> None:
        # Google reads robots.txt as UTF-8 (a byte order mark ignored) and skips what is not.
        lines = data[:MAX_ROBOTS_BYTES].decode("utf-8-sig", "replace").splitlines()
        self.host = host
        self.cut = len(data) > MAX_ROBOTS_BYTES
        self._lines = lines
        #: Line numbers of the rules by the first segment of their literal start; by the
        #: whole of it where it has none (`/*.pdf$`, `/search`); the rest go everywhere.
        self._by_segment: dict[str, list[int]] = {}
        self._by_start: dict[str, list[int]] = {}
        self._everywhere: list[int] = []
        #: The patterns of its Disallow lines (an empty `Disallow:` forbids nothing: left out).
        self.disallows: list[str] = []
        for number, line in enumerate(lines):
            rule = _RULE_LINE.match(line)
            if rule is None:
                self._everywhere.append(number)
                continue
            pattern = rule["pattern"]
            if rule["field"].lower() == "disallow" and pattern:
                self.disallows.append(pattern)
            start = re.split(r"[*$]", pattern, maxsplit=1)[0]
            if segment := _FIRST_SEGMENT.match(start):
                self._by_segment.setdefault(segment[1], []).append(number)
            elif _PLAIN.match(start) and start.startswith("/"):
                self._by_start.setdefault(start, []).append(number)
            else:
                self._everywhere.append(number)
        self._parts: dict[str, tuple[Protego, list[str]]] = {}
        self._alone: dict[str, Protego] = {}

    def blocking(self, url: str) -> str | None:
        """The robots.txt line that forbids `url` (`Disallow: /tags/`), or None where every crawler
        named in `AGENTS` may fetch it.  URLs of other hosts are not this file's to judge."""
        parts = urlsplit(url)
        if parts.netloc.lower() != self.host:
            return None
        parser, disallows = self._part(unquote(parts.path.split("/")[1] if "/" in parts.path else ""))
        if all(parser.can_fetch(url, agent) for agent in AGENTS):
            return None
        # The line that decides: the longest Disallow whose pattern alone forbids the URL.
        forbidding = (p for p in disallows if not self._pattern(p).can_fetch(url, "*"))
        return "Disallow: " + max(forbidding, key=len, default="")

    def _part(self, segment: str) -> tuple[Protego, list[str]]:
        """The robots.txt of the rules that can match a URL whose path's first segment is
        `segment`, parsed once, and its Disallow patterns."""
        found = self._parts.get(segment)
        if found is not None:
            return found
        path = "/" + segment
        numbers = set(self._everywhere).union(
            self._by_segment.get(segment, ()),
            *(self._by_start.get(path[:end], ()) for end in range(1, len(path) + 1)),
        )
        kept, last = [], -1
        for number in sorted(numbers):
            if number != last + 1:  # rules left out: one that forbids nothing keeps the groups apart
                kept.append("Disallow:")
            kept.append(self._lines[number])
            last = number
        disallows = [
            m["pattern"]
            for line in kept
            if (m := _RULE_LINE.match(line)) and m["field"].lower() == "disallow" and m["pattern"]
        ]
        found = self._parts[segment] = (Protego.parse("\n".join(kept)), disallows)
        return found

    def _pattern(self, pattern: str) -> Protego:
        parser = self._alone.get(pattern)
        if parser is None:
            parser = self._alone[pattern] = Protego.parse(f"User-agent: *\nDisallow: {pattern}\n")
        return parser


def read_robots_rules(path: Path, base_url: str, report: Reporter | None = None) -> RobotsRules | None:
    """The rules of the robots.txt at `path` (a regular file only: a FIFO is never waited on, and a
    link is read only where it leads to a file of its directory's tree, as the merge of our
    `Sitemap:` line does), for the host of `base_url`; None where there is none, or where it
    forbids nothing (most files: `Allow: /`, or only `Sitemap:` lines), so that no URL is judged
    against it.  One longer than Google reads is read as far as Google reads it, and said to
    `report`."""
    try:
        if path.is_symlink() and path.parent.resolve() not in getattr(link_target(path), "parents", ()):
            return None
        data = read_regular(path, MAX_ROBOTS_BYTES)
    except OSError:
        return None
    rules = RobotsRules(data, urlsplit(base_url).netloc.lower())
    if rules.cut and report is not None:
        report(
            "robots.txt",
            "size",
            "more than 500 KiB: Google reads only its first 500 KiB and obeys no rule past them, "
            "nor does this build; shorten it (a rule with `*` stands for many)",
        )
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

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
_RULE_LINE = re.compile(r"^[ \t]*(?P<field>allow|disallow)[ \t]*:[ \t]*(?P<pattern>[^\s#]*)", re.IGNORECASE)
#: The literal start of a pattern (up to `*` or `$`) whose first segment is plain (`/api/v*`):
#: it matches only URLs whose path starts with that segment, however robots.txt quotes it.
_FIRST_SEGMENT = re.compile(r"\A/([A-Za-z0-9_.~=-]+)/")
_PLAIN = re.compile(r"\A/[A-Za-z0-9_.~=/-]*\Z")


class RobotsRules:
    """What a site's robots.txt forbids Googlebot or every crawler, as Google reads it (protego:
    the longest match wins, Allow on a tie, `*` and `$`, the most specific user-agent group).

    protego tries every rule of a group on every URL (50,000 patterns and 2,000 pages: minutes),
    so a URL is judged by a robots.txt of the rules its path can match alone, by their literal
    start, with every group and other line kept: a rule left out cannot match, so the decision
    is the same."""

    def __init__(self, data: bytes, host: str) -> None:
        # Google reads robots.txt as UTF-8 (a byte order mark ignored) and skips what is not.
        self._lines = data[:MAX_ROBOTS_BYTES].decode("utf-8-sig", "replace").splitlines()
        self.host = host
        self.cut = len(data) > MAX_ROBOTS_BYTES
        #: Line numbers of the rules by the first segment of their literal start, or by all of it
        #: where it has none (`/search`); the other lines (but blanks and comments) go everywhere.
        self._by_segment: dict[str, list[int]] = {}
        self._by_start: dict[str, list[int]] = {}
        self._everywhere: list[int] = []
        self._disallow_at: dict[int, str] = {}  # an empty `Disallow:` forbids nothing: left out
        self._rules_before = [0]  # how many rule lines come before each line
        for number, line in enumerate(self._lines):
            rule = _RULE_LINE.match(line)
            self._rules_before.append(self._rules_before[-1] + (rule is not None))
            if rule is None:
                if line.split("#", 1)[0].strip():
                    self._everywhere.append(number)
                continue
            if rule["field"].lower() == "disallow" and rule["pattern"]:
                self._disallow_at[number] = rule["pattern"]
            start = re.split(r"[*$]", rule["pattern"], maxsplit=1)[0]
            if segment := _FIRST_SEGMENT.match(start):
                self._by_segment.setdefault(segment[1], []).append(number)
            else:
                where = self._by_start.setdefault(start, []) if _PLAIN.match(start) else self._everywhere
                where.append(number)
        self.disallows = list(self._disallow_at.values())
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
        """The rules a path whose first segment is `segment` can match, and their Disallows."""
        if segment in self._parts:
            return self._parts[segment]
        path = "/" + segment
        starts = (self._by_start.get(path[:end], ()) for end in range(1, len(path) + 1))
        numbers = sorted(set(self._everywhere).union(self._by_segment.get(segment, ()), *starts))
        kept, last = [], -1
        for number in numbers:
            if self._rules_before[number] > self._rules_before[last + 1]:
                # for the rules left out: one that forbids nothing keeps groups apart
                kept.append("Disallow:")
            kept.append(self._lines[number])
            last = number
        disallows = [self._disallow_at[n] for n in numbers if n in self._disallow_at]
        self._parts[segment] = (Protego.parse("\n".join(kept)), disallows)
        return self._parts[segment]

    def _pattern(self, pattern: str) -> Protego:
        if (parser := self._alone.get(pattern)) is None:
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
    if (line := rules.blocking(entry.loc)) is not None:
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

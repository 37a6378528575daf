"""What `check` asks of each listed URL once the files are read: a lastmod that is a W3C date and
not in the future, videos and news within Google's limits, hreflang groups that are whole and
name only pages a search engine indexes, and, in a built directory, a file served at each URL."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, urlsplit

from sitemap_plugins.core.errors import masked
from sitemap_plugins.core.files import NO_FILE, not_served, one_file
from sitemap_plugins.core.model import NEWS, SM, VIDEO
from sitemap_plugins.core.normalize import path_under
from sitemap_plugins.core.pages.html import read_file
from sitemap_plugins.core.robots import RobotsRules
from sitemap_plugins.core.sitemap_reader import site_file
from sitemap_plugins.core.validate import MAX_VIDEO_DURATION

#: Clocks differ: a lastmod up to this far ahead is not "in the future".
CLOCK_SKEW = dt.timedelta(minutes=10)
_W3C = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$")


@dataclass
class Finding:
    file: str
    line: int | None
    url: str | None
    message: str
    code: str

    def __post_init__(self) -> None:
        # A listed URL's password is never repeated: terminal, JSON and HTML show `user:***@`.
        object.__setattr__(self, "url", masked(self.url) if self.url else self.url)
        object.__setattr__(self, "message", masked(self.message))

    @property
    def advice(self) -> bool:
        """Nothing the protocol or Google's rules forbid: a hint (`ADVICE`), shown, exit 0."""
        return self.code in ADVICE

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        return f"{where}: {self.url + ': ' if self.url else ''}{self.message} [{self.code}]"


#: What breaks no rule of the protocol or of Google's, and is worth knowing: old news (a site may
#: keep a longer window on purpose), sitemaps no robots.txt line names (Search Console can be told
#: of them), a site under a path.  `check` exits 0 on these alone, 1 with `--strict`.
ADVICE = frozenset(
    {"news-old", "unreachable", "robots-missing", "robots-no-sitemap", "robots-not-root", "missing-file"}
)


@dataclass
class ListedUrl:
    file: str
    line: int | None
    links: dict[str, str] = field(default_factory=dict)
    #: What the report shows of it (`--format html`).
    element: Any = None


class EntryChecks:
    """The checks of `Checker` on the URLs it has read."""

    base_url: str
    now: dt.datetime
    news_window: dt.timedelta
    urls: dict[str, ListedUrl]
    findings: list[Finding]
    #: The site directory served at `base_url`, where a set is checked as a whole site.
    files_root: Path | None

    #: `base_url`, split; the directory checked; what the site's robots.txt forbids.
    base: SplitResult
    site: Path | None
    robots_rules: RobotsRules | None

    add: Callable[[Path | str, int | None, str | None, str, str], None]

    # -- rules -------------------------------------------------------------------------------

    def _in_scope(self, path: Path, line: int | None, loc: str, sitemap_dir: bool = False) -> bool:
        parts = urlsplit(loc)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            self.add(path, line, loc, "loc must be an absolute http(s) URL", "location")
            return False
        if "@" in parts.netloc:  # the site's origin all the same: the password is what is wrong
            self.add(path, line, loc, "has user information (user:password@) before its host", "location")
            return False
        if path_under(loc, f"{self.base.scheme}://{self.base.netloc}/") is None:
            self.add(
                path,
                line,
                loc,
                f"on another host than {self.base_url} (the protocol's location rule)",
                "location",
            )
            return False
        if path_under(loc, self.base_url) is None:
            self.add(path, line, loc, f"outside {self.base_url}", "location")
            return False
        if len(loc) >= 2048:
            self.add(path, line, loc, "2,048 characters or more", "location")
        if sitemap_dir:
            # A sitemap may only list URLs under its own directory.
            try:
                folder = path.resolve().parent.relative_to((self.site or path.parent).resolve()).as_posix()
            except ValueError:
                folder = "."
            prefix = self.base_url + ("" if folder == "." else folder + "/")
            if path_under(loc, prefix) is None:
                self.add(path, line, loc, f"a sitemap in {prefix} may only list URLs under it", "location")
        return True

    def _allowed(self, path: Path, line: int | None, url: str, what: str) -> None:
        """A listed URL the site's own robots.txt forbids is never crawled (Search Console:
        "Submitted URL blocked by robots.txt")."""
        if self.robots_rules is None or not url:
            return
        if (forbidding := self.robots_rules.blocking(url)) is not None:
            self.add(
                path,
                line,
                url,
                f"the site's robots.txt forbids this {what} to Googlebot or *: {forbidding}",
                "robots-disallowed",
            )

    def _served(self, path: Path, line: int | None, url: str, what: str) -> None:
        """Checking a built site: a page, an image or a video's file of it that no file of it
        answers is a 404, said as advice: a set may list what is deployed apart (`extra_urls`)."""
        why = None if self.files_root is None else not_served(self.files_root, self.base_url, url)
        if why == NO_FILE:
            why = f"is no file of {self.files_root}: a crawler gets a 404 unless it is deployed apart"
        if why is not None:
            self.add(path, line, url, f"the {what} {why}", "missing-file")

    def _lastmod(self, path: Path, element: Any, loc: str) -> None:
        if (node := element.find(SM + "lastmod")) is None:
            return
        value = (node.text or "").strip()
        if (when := _w3c(value)) is None:
            self.add(path, node.sourceline, loc, f"lastmod {value!r} is not a W3C date", "lastmod")
        elif when > self.now + CLOCK_SKEW:
            self.add(path, node.sourceline, loc, f"lastmod {value} is in the future", "lastmod-future")

    def _video(self, path: Path, video: Any, loc: str) -> None:
        line = video.sourceline
        for required in ("thumbnail_loc", "title", "description"):
            if not (video.findtext(VIDEO + required) or "").strip():
                self.add(path, line, loc, f"video: {required} is required", "video")
        if video.find(VIDEO + "content_loc") is None and video.find(VIDEO + "player_loc") is None:
            self.add(path, line, loc, "video: content_loc or player_loc is required", "video")
        for name in ("content_loc", "thumbnail_loc", "player_loc"):
            if url := (video.findtext(VIDEO + name) or "").strip():
                self._served(path, line, url, f"video's {name}")
        duration = video.findtext(VIDEO + "duration")
        if duration is not None and not (
            duration.strip().isdigit() and 1 <= int(duration) <= MAX_VIDEO_DURATION
        ):
            self.add(path, line, loc, f"video: duration {duration!r} must be 1 to 28,800 seconds", "video")
        if (rating := video.findtext(VIDEO + "rating")) is not None:
            try:
                ok = 0.0 <= float(rating) <= 5.0
            except ValueError:
                ok = False
            if not ok:
                self.add(path, line, loc, f"video: rating {rating!r} must be 0.0 to 5.0", "video")
        for name in ("expiration_date", "publication_date"):
            value = video.findtext(VIDEO + name)
            if value is not None and _w3c(value.strip()) is None:
                self.add(path, line, loc, f"video: {name} {value!r} is not a W3C date", "video")

    def _news(self, path: Path, news: Any, loc: str) -> None:
        value = (news.findtext(NEWS + "publication_date") or "").strip()
        if (when := _w3c(value)) is None:
            self.add(
                path, news.sourceline, loc, f"news: publication_date {value!r} is not a W3C date", "news"
            )
        elif when < self.now - self.news_window:
            days = self.news_window.total_seconds() / 86400
            self.add(
                path, news.sourceline, loc, f"news: published {value}, older than {days:g} days", "news-old"
            )

    def _check_hreflang(self) -> None:
        """Each page of a group lists itself, and every listed alternate that is in the set links back."""
        for loc, url in self.urls.items():
            if not url.links:
                continue
            if loc not in url.links.values():
                self.add(url.file, url.line, loc, "hreflang: the page does not list itself", "hreflang-self")
            for code, href in url.links.items():
                other = self.urls.get(href)
                if href != loc and other is not None and loc not in other.links.values():
                    message = f"hreflang: {href} ({code}) does not link back"
                    self.add(url.file, url.line, loc, message, "hreflang-reciprocal")
                elif other is None and (why := self._not_indexable(href)) is not None:
                    message = f"hreflang: {href} ({code}) is {why}: no translation a search engine indexes"
                    self.add(url.file, url.line, loc, message, "hreflang-unlisted")

    def _not_indexable(self, url: str) -> str | None:
        """Why a page of the built site that the set does not list is none a search engine
        indexes (a 404, noindex, a redirect, canonical elsewhere); None where it is one, or where
        no built site is checked."""
        if self.files_root is None or not url.startswith(self.base_url):
            return None
        why = not_served(self.files_root, self.base_url, url)
        if why is not None:
            return why.removeprefix("is ")
        path = site_file(self.files_root, self.base_url, url)
        if path is not None and path.is_dir():
            path = path / "index.html"
        if path is None or not path.is_file() or path.suffix not in (".html", ".htm"):
            return None
        facts = read_file(str(path), url, media=False)
        if facts.noindex:
            return "noindex"
        if facts.redirect:
            return "a redirect"
        if facts.canonical and not one_file(facts.canonical, url):
            return f"a copy of {facts.canonical} (its canonical)"
        return None

    def _local(self, site: Path, url: str) -> Path | None:
        """The file a URL under base_url names in the site directory (`reader.site_file`)."""
        return site_file(site, self.base_url, url)


def _w3c(value: str) -> dt.datetime | None:
    if not _W3C.match(value):
        return None
    text = value.replace("Z", "+00:00")
    try:
        if len(text) == 4:
            return dt.datetime(int(text), 1, 1, tzinfo=dt.timezone.utc)
        if len(text) == 7:
            return dt.datetime(int(text[:4]), int(text[5:7]), 1, tzinfo=dt.timezone.utc)
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)

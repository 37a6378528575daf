"""A page's reading (`reading.py`) to its sitemap entry (`Harvester.entry`), one page at a time.

lastmod comes from the sources the `lastmod` option lists, in order; section rules, front matter
`sitemap:` values, translations and news are applied here too, so every face gets the same
behaviour by handing over `Page` objects.  What is wrong in a page is reported here, in the order
the pages were handed over; what the pages say of each other is the site rules' (`core/rules/`).
"""

from __future__ import annotations

import datetime as dt
import fnmatch
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter, log, shown
from sitemap_plugins.core.files import MAX_HTML_BYTES, same_file
from sitemap_plugins.core.mapping import absolute_url, is_mapping
from sitemap_plugins.core.model import Entry, Image, LeftOut, News, Page, UndescribedVideo
from sitemap_plugins.core.normalize import (
    comparable,
    glob_match,
    hreflang_or_none,
    parse_date,
    site_path,
    to_uri,
)
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.dates import PageDates, first
from sitemap_plugins.core.pages.html import HtmlFacts
from sitemap_plugins.core.pages.other_sitemaps import PageFacts
from sitemap_plugins.core.pages.reading import PageReading, is_off
from sitemap_plugins.core.pages.text import PageText
from sitemap_plugins.core.pages.videos import PageVideos

#: The keys of a page's `sitemap:` front matter.
SITEMAP_KEYS = ("priority", "changefreq", "lastmod", "exclude")
#: Metadata keys read for a news article's publication date.
PUBLISHED_KEYS = ("date.created", "published", "date")


def _or(value: Any, fallback: Any) -> Any:
    return fallback if value is None else value


def _flag(value: Any) -> bool:
    return value is True or str(value).strip().lower() in ("true", "yes", "1", "on")


# -- the harvest of one page ------------------------------------------------------------------


@dataclass
class Harvest:
    """What the harvest of one page gives: its entry (None where it is not listed) or why it is
    not, and what of it the site's rules read (`rules.site.Site.gather`)."""

    reading: PageReading
    entry: Entry | None = None
    left_out: LeftOut | None = None
    #: Its images that are not content, by kind (emoji, avatar, badge, frame): not listed unless
    #: `images_decorative`, counted for the report.
    decorations: Counter[str] = field(default_factory=Counter)
    #: The pictures its theme's frame shows around its content region: a picture most pages
    #: show is the frame's, on a page that marks no region too (`rules.frame`).
    frame_images: set[str] = field(default_factory=set)
    #: A listing the news rules matched: no news article, not in the news sitemap.
    listing_not_news: bool = False
    #: Its players Google cannot list (no title, description or thumbnail).
    undescribed: list[UndescribedVideo] = field(default_factory=list)
    #: Where its head's description alone describes some of its players: that description, its
    #: template (`videos.description_template`), and those players (`rules.frame`).
    head_described: tuple[str, str, set[str | None]] | None = None
    #: Its entry named translations when it was made (its head, the generator, another tool's
    #: sitemap): a language menu in the head names none.
    names_translations: bool = False
    #: Its words, where they are compared with other pages' (a page in a language group:
    #: `rules.groups`; a page `previous` dates); None where they are not.
    words: PageText | None = None
    #: git could not date its source: changed before a shallow clone's history.
    git_undated: bool = False
    #: Its entry as the set keeps it (`Sitemap.add`: merged, transformed), None where not kept.
    loc: str | None = None


class Harvester:
    """A page's reading to its entry: the same options, sources and reports for every page, and
    nothing kept from one page for the next."""

    def __init__(self, options: Options, report: Reporter, build_time: dt.datetime, dates: PageDates) -> None:
        self.options = options
        self.report = report
        self.build_time = build_time
        #: When each page last changed (the `lastmod` option's sources).
        self.dates = dates
        #: What the sitemap lists of each page's players, and what it cannot.
        self.videos = PageVideos(report)

    def entry(self, reading: PageReading) -> Harvest:
        """The page's entry, or why it must not be listed (logged at info level)."""
        page, facts = reading.page, reading.facts
        harvest = Harvest(reading)
        label = page.label
        if not self._readable(harvest, label):
            return harvest
        for field_name, message in reading.problems:
            self.report(label, field_name, message)
        if reading.reason is not None:
            harvest.left_out = leave_out(page.url, page.source, reading.reason.split(":")[0], reading.reason)
            return harvest
        listed_at, path, theirs = reading.listed_at, reading.path, reading.theirs
        overrides = self._overrides(page, label)
        rules = self.options.rules
        rule = next((r for r in rules if fnmatch.fnmatchcase(path, r.match)), None) if rules else None
        lastmod, lastmod_source, harvest.git_undated = self.dates.lastmod(page, label, facts, theirs)
        if overrides.get("lastmod"):
            lastmod, lastmod_source = overrides["lastmod"], "metadata"
        entry = harvest.entry = Entry(
            loc=listed_at,
            source=page.source,
            lastmod=lastmod,
            lastmod_source=lastmod_source,
            changefreq=overrides.get("changefreq", _or(rule and rule.changefreq, page.changefreq)),
            priority=overrides.get("priority", _or(rule and rule.priority, page.priority)),
            alternates=self._alternates(page, facts, label),
        )
        if listed_at != page.url and entry.alternates:
            # The page names itself as its files spell it (`X/`); it is listed as its canonical
            # does (`X/index.html`), and so is its own link in its group.
            own = _uri_or_none(page.url)
            entry.alternates = {
                code: listed_at if _uri_or_none(url) == own else url for code, url in entry.alternates.items()
            }
        if not entry.alternates and not facts.alternates and theirs is not None and theirs.alternates:
            # Another tool's sitemap fills in only where the page's own head names no language:
            # where it names some (of which not this page: a copy's head), the head decides.
            entry.alternates = _alternates_of(theirs, page.url, listed_at)
        # A language menu in the head (each language's home, from every page) names no translation.
        harvest.names_translations = bool(entry.alternates)
        # Its words, where the site's rules compare them (`read_page` says why).
        if entry.alternates or facts.alternates or (self.options.previous and not page.listing):
            harvest.words = reading.text
        if not page.listing:  # a listing's images and videos are those of the pages it shows
            self._add_media(harvest, page, facts, theirs, label)
            harvest.frame_images = {image for image, kind in facts.decorative_images if kind == "frame"}
        if self.options.news is not None:
            if not page.listing:
                entry.news = self._news(page, path, label, facts)
            elif self._news_rules_match(page, path):
                # A blog's index, archive or category page is no news article, whatever glob
                # matched it (`include: ["blog/*"]` matches `blog/`): no warning for that.
                harvest.listing_not_news = True
                log.info("sitemap: %s: a listing, not a news article; not in the news sitemap", label)
        return harvest

    def _readable(self, harvest: Harvest, label: str) -> bool:
        """The page's file could be read and holds something; its problems said."""
        page, facts = harvest.reading.page, harvest.reading.facts
        if facts.unread is not None:
            self.report(label, "file", f"{facts.unread}; not read, so not listed")
            harvest.left_out = LeftOut(page.url, page.source, "unreadable", f"unreadable: {facts.unread}")
            return False
        if facts.empty:
            harvest.left_out = leave_out(
                page.url, page.source, "empty", "empty: the file holds nothing to read"
            )
            return False
        if facts.template:
            reason = "template: a theme's template the build copied as it is ({% extends %}), no page"
            harvest.left_out = leave_out(page.url, page.source, "template", reason)
            return False
        if facts.truncated:
            size = MAX_HTML_BYTES >> 20
            log.info(
                "sitemap: %s is over %d MB, all Google reads of a page: its first %d MB were read",
                label,
                size,
                size,
            )
        for field_name, message in facts.problems:
            self.report(label, field_name, message)
        return True

    def _add_media(
        self, harvest: Harvest, page: Page, facts: HtmlFacts, theirs: PageFacts | None, label: str
    ) -> None:
        """The page's own images and videos (its decorations too with `images_decorative`); the
        images another tool's sitemap names where the page shows none."""
        entry = harvest.entry
        assert entry is not None
        if self.options.images:
            if self.options.images_decorative:
                entry.images = self._images(facts.images + [url for url, _ in facts.decorative_images])
            else:
                entry.images = self._images(facts.images)
                harvest.decorations.update(kind for _, kind in facts.decorative_images)
            if not entry.images and theirs is not None and theirs.images:
                entry.images = self._images(theirs.images)
        if self.options.videos:
            players = self.videos.of(page, facts, label)
            entry.videos, harvest.undescribed, harvest.head_described = players

    def _overrides(self, page: Page, label: str) -> Mapping[str, Any]:
        """Front matter `sitemap:`: false (left out, above), or values for the page's entry."""
        value = page.meta.get("sitemap")
        if value is None or value is True or is_off(value):
            return {}
        if not is_mapping(value):
            self.report(
                label,
                "sitemap",
                f"must be false or a mapping of {' '.join(SITEMAP_KEYS)}; got {shown(value)}; ignored",
            )
            return {}
        unknown = sorted(str(k) for k in value if k not in SITEMAP_KEYS)
        if unknown:
            self.report(
                label,
                "sitemap",
                f"unknown key(s) {', '.join(unknown)}; the keys are {', '.join(SITEMAP_KEYS)}; ignored",
            )
        return {k: v for k, v in value.items() if k in SITEMAP_KEYS}

    # -- values -----------------------------------------------------------------------------------

    def _alternates(self, page: Page, facts: HtmlFacts, label: str) -> dict[str, str]:
        """The generator's translations and the page's own `<link rel="alternate" hreflang>`.

        Where they disagree the page's link wins: Google reads both and they must agree.
        Codes that do not normalise are kept as they are, for the validator to report.
        A fallback copy (listed with `list_fallbacks`) is no translation: it has none.
        """
        if page.fallback_of or not (page.alternates or facts.alternates or "alternates" in page.meta):
            return {}  # most pages of most sites
        merged = {hreflang_or_none(code) or code: url for code, url in page.alternates.items()}
        for code, url in self._declared_alternates(page, label).items():
            merged[hreflang_or_none(code) or code] = url  # the page says it: it wins
        own = _uri_or_none(page.url)
        named = facts.alternates
        if named and own not in {_uri_or_none(u) for u in named.values()}:
            # Links that leave the page out: its translations (Hugo's `.Translations` names the
            # other languages only), or not its set at all: a page of its own language named
            # instead of it, or a language menu (Material's `extra.alternate` links each
            # language's home page from every page).
            language = hreflang_or_none(facts.language or "") or page.language
            if (
                language is None
                or language in {hreflang_or_none(code) or code for code in named}
                or (page.url != self.options.base_url and all(map(self._a_languages_home, named.values())))
            ):
                log.debug(
                    'sitemap: %s: its <link rel="alternate" hreflang> links are not its translations '
                    "(a language menu; none names this page): its hreflang group comes from the site's",
                    label,
                )
                return merged
            named = {**named, language: page.url}
        for code, url in named.items():
            code = hreflang_or_none(code) or code
            previous = merged.get(code)
            if previous is not None and _uri_or_none(previous) != _uri_or_none(url):
                self.report(
                    label,
                    f"alternates[{code}]",
                    f'the page\'s <link rel="alternate"> says {url}, the site says {previous}; '
                    "the page's link is listed (sitemap and page must agree)",
                )
            merged[code] = url
        return merged

    def _a_languages_home(self, url: str) -> bool:
        """`url` is the site's home page or a language's (`/de/`, as a language menu links it)."""
        folder = site_path(url, self.options.base_url).removesuffix("index.html").rstrip("/")
        return folder == "" or ("/" not in folder and hreflang_or_none(folder) is not None)

    def _declared_alternates(self, page: Page, label: str) -> dict[str, str]:
        """Front matter `alternates: {de: /de/page/}`: paths are relative to base_url."""
        if (declared := page.meta.get("alternates")) is None:
            return {}
        if not is_mapping(declared):
            self.report(
                label,
                "alternates",
                f"must be a mapping of language codes to URLs (de: /de/page/), "
                f"got {shown(declared)}; ignored",
            )
            return {}
        found = {}
        for code, url in declared.items():
            if not isinstance(url, str) or not url.strip():
                self.report(label, f"alternates[{code}]", f"{shown(url)} is not a URL or path; left out")
                continue
            found[str(code)] = absolute_url(url.strip(), self.options.base_url)
        return found

    def _images(self, urls: list[str]) -> list[Image]:
        patterns = self.options.images_exclude
        if not patterns:  # most sites: no URL taken apart for nothing
            return [Image(u) for u in urls]
        return [Image(u) for u in urls if not glob_match(patterns, u, urlsplit(u).path)]

    def _news_rules_match(self, page: Page, path: str) -> bool:
        news = self.options.news
        assert news is not None
        flagged = news.metadata_flag and _flag(page.meta.get(news.metadata_flag, False))
        return bool(flagged or glob_match(news.include, path, "/" + path))

    def _news(self, page: Page, path: str, label: str, facts: HtmlFacts) -> News | None:
        """A news article's entry: its metadata's publication date and title, else its head's."""
        news = self.options.news
        assert news is not None
        if not self._news_rules_match(page, path):
            return None
        found = first(page.meta, PUBLISHED_KEYS)
        if found is None and facts.published:
            found = ('<meta property="article:published_time">', facts.published)
        if found is None:
            self.report(
                label,
                "news",
                "a news page needs a publication date (`date` in its metadata, or "
                '<meta property="article:published_time"> in its head); not listed as news',
            )
            return None
        try:
            published = parse_date(found[1], self.options.tzinfo)
        except ValueError as error:
            self.report(label, f"news (metadata {shown(found[0])})", f"{error}; not listed as news")
            return None
        stamp = (
            published
            if isinstance(published, dt.datetime)
            else dt.datetime.combine(published, dt.time(), self.options.tzinfo)
        )
        age = self.build_time - stamp
        if not dt.timedelta(0) - dt.timedelta(minutes=5) <= age <= dt.timedelta(days=news.window_days):
            return None  # outside Google's window: not news any more (or not yet)
        return News(
            news.publication_name,
            page.language or news.publication_language,
            published,
            page.title or page.meta.get("title") or facts.title,
        )


def leave_out(url: str, source: str | None, kind: str, reason: str) -> LeftOut:
    """A page not listed, with the reason, said at INFO."""
    log.info("sitemap: %s left out: %s", f"{source} ({url})" if source else url, reason)
    return LeftOut(url, source, kind, reason)


def _alternates_of(theirs: PageFacts, *own: str) -> dict[str, str]:
    """The translations another tool's sitemap gives the page, where they name the page itself
    (else they are no hreflang set of it)."""
    spellings = {spelling for url in own for spelling in same_file(_uri_or_none(url) or url)}
    named = {_uri_or_none(url) for url in theirs.alternates.values()}
    return dict(theirs.alternates) if spellings & named else {}


def language_of(code: str) -> str:
    """The language `<html lang>` names, by its language and script subtags: `zh-Hans` and
    `zh-Hant` are two written languages, `en-US` and `en-GB` one (`zh-Hans-CN` -> `zh-Hans`)."""
    parts = code.replace("_", "-").split("-")
    script = parts[1] if len(parts) > 1 and len(parts[1]) == 4 and parts[1].isalpha() else ""
    return parts[0].lower() + (f"-{script.title()}" if script else "")


def _uri_or_none(url: str) -> str | None:
    """`url` to compare with another (never to write): `a%26b.html` is `a&b.html` (`comparable`)."""
    try:
        return comparable(to_uri(url))
    except ValueError:
        return None

"""Turn a built page (URL, metadata, rendered HTML) into a complete sitemap entry.

What the page's HTML says comes from `html` (one parse of the part that tells it); this
module assembles the entry from it and the page's metadata.  lastmod comes from
the sources the `lastmod` option lists, in order.  Exclusion (options, `sitemap: false`), section
rules and per-page values are applied here too, so both adapters get the same behaviour by
handing over `Page` objects.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter, log, shown
from sitemap_plugins.core.files import MAX_HTML_BYTES, one_file, read_page_file, same_file
from sitemap_plugins.core.mapping import absolute_url, is_mapping
from sitemap_plugins.core.model import Entry, Image, LeftOut, News, Page
from sitemap_plugins.core.normalize import (
    comparable,
    glob_match,
    hreflang_or_none,
    http_url,
    parse_date,
    site_path,
    to_uri,
)
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.dates import PageDates, first
from sitemap_plugins.core.pages.html import HtmlFacts, read_file, read_html
from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps, PageFacts
from sitemap_plugins.core.pages.text import PageText, page_text
from sitemap_plugins.core.pages.videos import PageVideos

#: The keys of a page's `sitemap:` front matter.
SITEMAP_KEYS = ("priority", "changefreq", "lastmod", "exclude")
#: Metadata keys read for a news article's publication date.
PUBLISHED_KEYS = ("date.created", "published", "date")


def _or(value: Any, fallback: Any) -> Any:
    return fallback if value is None else value


def _flag(value: Any) -> bool:
    return value is True or str(value).strip().lower() in ("true", "yes", "1", "on")


# -- the harvester --------------------------------------------------------------------------------


class Harvester:
    def __init__(
        self, options: Options, report: Reporter, build_time: dt.datetime, source_root: Path | None = None
    ) -> None:
        self.options = options
        self.report = report
        self.build_time = build_time
        #: What the sitemap lists of each page's players, and what it cannot (`PageVideos`).
        self.videos = PageVideos(report)
        #: When each page last changed (the `lastmod` option's sources).
        self.dates = PageDates(options, report, build_time, source_root)
        #: Every page not listed, with the reason, in the order met.
        self.left_out: list[LeftOut] = []
        #: Images in pages that are not content, by kind (emoji, avatar, badge, frame): not listed
        #: unless `images_decorative`, counted for the report.
        self.images_left_out: Counter[str] = Counter()
        #: A page's URL -> the pictures its theme's frame shows around its content region: a
        #: picture most pages show is the frame's, on a page that marks no region too.
        self.frame_images: dict[str, set[str]] = {}
        #: Listings the news rules matched: no news articles, not in the news sitemap.
        self.listings_not_news = 0
        #: The fingerprint of each page in a language group (`text.page_text`).
        self.digests: dict[str, str | None] = {}
        #: A page in a language group whose theme marks no content region -> its blocks of text
        #: (`PageText.blocks`): a copy is told by what is left once what repeats across a
        #: language's pages (the theme's frame) is taken out.
        self.text_blocks: dict[str, list[tuple[str, bool]]] = {}
        #: The language each page in a language group says it is in (`<html lang>`).
        self.page_languages: dict[str, str | None] = {}
        #: A page's URL -> the spelling of it its canonical names, where that is another
        #: (`X/index.html` for `X/`): links and alternates that name the page reach its entry.
        self.spellings: dict[str, str] = {}
        #: A page left out as another's copy -> the canonical URL its head names.
        self.canonical_elsewhere: dict[str, str] = {}
        #: The sitemaps another tool wrote into the site (`Sitemap.read_other_sitemaps`): what
        #: they say of a page fills in where the page says less.
        self.other_sitemaps = OtherSitemaps()
        #: The languages the listed pages say they are in (`<html lang>`, as written).
        self.languages: Counter[str] = Counter()
        #: The language the site's home page says it is in: the one copies are made from.
        self.home_language: str | None = None
        #: Some page names its translations (its head, the generator, another tool's sitemap).
        self.translations_named = False
        #: A listing's URL -> its page, whose body is read again for what it links to around its
        #: content region where that lists no post (`html.links_around`).
        self.lists_around: dict[str, Page] = {}
        #: A page of unknown kind's URL (`Page.kind_unknown`) -> the pages its content links to,
        #: and whether its head says when it was published (a post).
        self.shows: dict[str, tuple[list[str], bool]] = {}

    def entry(self, page: Page) -> Entry | None:
        """The page's entry, or None when it must not be listed (reason logged at info level)."""
        label = page.label
        path = self._site_path(page.url)
        reason = self._exclusion(page, path)
        facts = self._read(page) if reason is None else HtmlFacts()
        if not self._readable(page, facts, label):
            return None
        if facts.description:
            self.videos.head_texts.append((facts.description, page.title, facts.title))
        listed_at = page.url
        if reason is None:
            reason, listed_at = self._as_the_html_says(page, facts, label)
        if reason is not None:
            self.leave_out(page.url, page.source, reason.split(":")[0], reason)
            return None
        if page.listing and (page.html or page.path):
            # A listing is dated by what it shows (`Sitemap`): the posts its written content
            # links to, whatever the theme renders, not what the generator handed it.
            page.lists = facts.links
            self.lists_around[page.url] = page  # read again only where its region lists no post
        elif page.kind_unknown:
            self.shows[page.url] = (facts.links, facts.published is not None)
        overrides = self._overrides(page, label)
        rules = self.options.rules
        rule = next((r for r in rules if fnmatch.fnmatchcase(path, r.match)), None) if rules else None
        theirs = self.other_sitemaps.about(listed_at, page.url)
        lastmod, lastmod_source = self.dates.lastmod(page, label, facts, theirs)
        if overrides.get("lastmod"):
            lastmod, lastmod_source = overrides["lastmod"], "metadata"
        entry = Entry(
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
        self.translations_named = self.translations_named or bool(entry.alternates)
        if facts.language:
            self.languages[facts.language] += 1  # as written: told apart when they are said
            if page.url == self.options.base_url:
                self.home_language = hreflang_or_none(facts.language)
        if entry.alternates or facts.alternates or (self.options.previous and not page.listing):
            # A translation shows other words than its original; a copy (a script's, a hook's,
            # one whose head names other pages than its own translations) the same: `Sitemap`
            # tells them apart by this.  With `previous`, it tells whether the page changed
            # since the last deploy.
            text = self._page_text(page)
            self.digests[entry.loc] = text.digest
            self.page_languages[entry.loc] = hreflang_or_none(facts.language or "")
            if text.blocks:
                self.text_blocks[entry.loc] = text.blocks
        if not page.listing:  # a listing's images and videos are those of the pages it shows
            self._add_media(entry, page, facts, theirs, label)
            frame = {image for image, kind in facts.decorative_images if kind == "frame"}
            if frame:  # what the frame shows here, for the pictures most pages show (`Sitemap`)
                self.frame_images[entry.loc] = frame
        if self.options.news is not None:
            if not page.listing:
                entry.news = self._news(page, path, label, facts)
            elif self._news_rules_match(page, path):
                # A blog's index, archive or category page is no news article, whatever glob
                # matched it (`include: ["blog/*"]` matches `blog/`): no warning for that.
                self.listings_not_news += 1
                log.info("sitemap: %s: a listing, not a news article; not in the news sitemap", label)
        return entry

    def _readable(self, page: Page, facts: HtmlFacts, label: str) -> bool:
        """The page's file could be read and holds something; its problems said."""
        if facts.unread is not None:
            self.report(label, "file", f"{facts.unread}; not read, so not listed")
            self.left_out.append(LeftOut(page.url, page.source, "unreadable", f"unreadable: {facts.unread}"))
            return False
        if facts.empty:
            self.leave_out(page.url, page.source, "empty", "empty: the file holds nothing to read")
            return False
        if facts.template:
            reason = "template: a theme's template the build copied as it is ({% extends %}), no page"
            self.leave_out(page.url, page.source, "template", reason)
            return False
        if facts.truncated:
            size = MAX_HTML_BYTES >> 20
            log.info(
                "sitemap: %s is over %d MB, all Google reads of a page: its first %d MB were read",
                label,
                size,
                size,
            )
        for field, message in facts.problems:
            self.report(label, field, message)
        return True

    def _add_media(
        self, entry: Entry, page: Page, facts: HtmlFacts, theirs: PageFacts | None, label: str
    ) -> None:
        """The page's own images and videos (its decorations too with `images_decorative`); the
        images another tool's sitemap names where the page shows none."""
        if self.options.images:
            if self.options.images_decorative:
                entry.images = self._images(facts.images + [url for url, _ in facts.decorative_images])
            else:
                entry.images = self._images(facts.images)
                self.images_left_out.update(kind for _, kind in facts.decorative_images)
            if not entry.images and theirs is not None and theirs.images:
                entry.images = self._images(theirs.images)
        if self.options.videos:
            entry.videos = self.videos.of(page, facts, label)

    def _page_text(self, page: Page) -> PageText:
        if page.content is not None or page.html:
            return page_text(page.html, page.content)
        data = read_page_file(page.path).data if page.path else None
        return page_text(data) if data else PageText(None)

    def _overrides(self, page: Page, label: str) -> Mapping[str, Any]:
        """Front matter `sitemap:`: false (left out, above), or values for the page's entry."""
        value = page.meta.get("sitemap")
        if value is None or value is True or _is_off(value):
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

    def leave_out(self, url: str, source: str | None, kind: str, reason: str) -> None:
        self.left_out.append(LeftOut(url, source, kind, reason))
        log.info("sitemap: %s left out: %s", f"{source} ({url})" if source else url, reason)

    def _read(self, page: Page) -> HtmlFacts:
        """What the page's HTML says: `page.html`, else the file at `page.path`.  Its body is read
        only for images and videos, which a listing page (`Page.listing`) shows of the pages it
        lists: in the page's own `content` where the adapter has it, in the whole body where
        the frame's images are listed too (`images_decorative`)."""
        media = not page.listing and (self.options.images or self.options.videos)
        content = page.content if media and not self.options.images_decorative else None
        links = page.listing or page.kind_unknown
        if page.html:
            return read_html(page.html, page.url, media, content, links)
        if page.path:
            return read_file(page.path, page.url, media, content, links)
        return HtmlFacts()

    # -- what is listed --------------------------------------------------------------------------

    def _site_path(self, url: str) -> str:
        """The URL path relative to base_url (`blog/post/`), for globs."""
        return site_path(url, self.options.base_url)

    def _exclusion(self, page: Page, path: str) -> str | None:
        if page.is_error_page or path in ("404.html", "404/") or path.endswith("/404.html"):
            return "error page"
        if page.fallback_of and not self.options.list_fallbacks:
            # Another language's text under this language's URL: a duplicate, no translation.
            return f"fallback: a fallback copy of {page.fallback_of} (list_fallbacks: true lists it)"
        flag = page.meta.get("sitemap")
        if _is_off(flag):
            return "metadata: sitemap: false"
        if flag is not None and is_mapping(flag) and flag.get("exclude") is True:
            return "metadata: sitemap: {exclude: true}"
        options = self.options
        pattern = glob_match(options.exclude, path, "/" + path) if options.exclude else None
        if pattern is None and options.exclude_regex:
            pattern = next((p for p in options.exclude_regex if re.search(p, path)), None)
        return f"exclude: matches {shown(pattern)}" if pattern else None

    def _as_the_html_says(self, page: Page, facts: HtmlFacts, label: str) -> tuple[str | None, str]:
        """Why the page's head says it is not to be listed (None where it is), and the URL it is
        listed at: as its canonical spells it where that names the page's own file (`X/index.html`
        for `X/`, as Sphinx and many themes write it), the URL the page tells search engines to
        index, whatever spelling the site's files give."""
        if facts.noindex:
            return 'noindex: <meta name="robots"> says noindex', page.url
        if facts.redirect:
            return "redirect: a meta refresh page", page.url
        if facts.canonical and not page.versioned:
            try:
                canonical, own = http_url(facts.canonical), to_uri(page.url)
            except ValueError as error:
                self.report(label, '<link rel="canonical">', f"{error}; ignored")
                return None, page.url
            if not one_file(canonical, own):
                self.canonical_elsewhere[page.url] = canonical
                return f"canonical: the canonical URL is {canonical}", page.url
            if canonical != own:
                self.spellings[own] = canonical
                return None, canonical
        return None, page.url

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
        folder = self._site_path(url).removesuffix("index.html").rstrip("/")
        return folder == "" or ("/" not in folder and hreflang_or_none(folder) is not None)

    def _declared_alternates(self, page: Page, label: str) -> dict[str, str]:
        """Front matter `alternates: {de: /de/page/}`: paths are relative to base_url."""
        declared = page.meta.get("alternates")
        if declared is None:
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


def _is_off(flag: Any) -> bool:
    return flag is False or (isinstance(flag, str) and flag.strip().lower() in ("false", "no", "off"))


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

"""What one page says of itself (`read_page`): a pure reading of its metadata and its HTML.

It depends on the page, the options and the sitemaps another tool wrote into the site (read
once, before any page): nothing is carried from one page to the next, so pages may be read in any
order, or several at once (`workers.read_pages`).  What the site's pages say of each other is the
site rules' (`core/rules/`), once every page is read; what is reported of a page, the harvest's
(`harvest.py`), in the order the pages were handed over.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sitemap_plugins.core.errors import shown
from sitemap_plugins.core.files import one_file
from sitemap_plugins.core.mapping import is_mapping
from sitemap_plugins.core.model import Page
from sitemap_plugins.core.normalize import http_url, site_path, to_uri
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.dates import states_publication
from sitemap_plugins.core.pages.html import HtmlFacts, PageHtml, load, read_html
from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps, PageFacts
from sitemap_plugins.core.pages.text import PageText, page_text


@dataclass
class PageReading:
    """What one page says of itself, before any other page is compared with it."""

    #: The page as handed over; its HTML kept only where a site rule reads it again (a listing's
    #: body, for what it lists around its content region): a big site's pages are not held.
    page: Page
    #: Its path under the base URL (`blog/post/`), for globs.
    path: str
    facts: HtmlFacts = field(default_factory=HtmlFacts)
    #: Why it is not listed, by the options, its metadata or its head (`kind: explanation`).
    reason: str | None = None
    #: The URL it is listed at: its own, or its canonical's spelling of it (`X/index.html`).
    listed_at: str = ""
    #: The other page its head names as canonical, where that is another page's.
    canonical_elsewhere: str | None = None
    #: (its URL, as its canonical spells it) where the two are spelt apart (`X/` and
    #: `X/index.html`): links and alternates that name the page reach its entry.
    spelling: tuple[str, str] | None = None
    #: What its head says that cannot be used, as (field, message), after `facts.problems`.
    problems: list[tuple[str, str]] = field(default_factory=list)
    #: What another tool's sitemap says of it.
    theirs: PageFacts | None = None
    #: Its words (`text.page_text`), where it may be a translation or a copy, or `previous`
    #: compares it with the last deploy.
    text: PageText | None = None
    #: What a listing shows: the links of its content region (`Page.lists` where its HTML is
    #: not read, or the page is none).
    lists: list[str] = field(default_factory=list)
    #: What a page of unknown kind (`Page.kind_unknown`) links to in its content region.
    links: list[str] = field(default_factory=list)

    @property
    def readable(self) -> bool:
        """Its file could be read and holds a page."""
        facts = self.facts
        return facts.unread is None and not facts.empty and not facts.template

    @property
    def is_post(self) -> bool:
        """It says when it was published: one of the posts a listing lists."""
        page = self.page
        return not page.listing and (
            states_publication(page) or (page.kind_unknown and self.facts.published is not None)
        )


def read_page(page: Page, options: Options, other_sitemaps: OtherSitemaps) -> PageReading:
    """What `page` says of itself: its path, why it is not listed (if so), what its HTML says
    (`HtmlFacts`), and, where the site's rules compare it with other pages, its words."""
    reading = PageReading(
        _held(page), site_path(page.url, options.base_url), listed_at=page.url, lists=page.lists
    )
    reading.reason = exclusion(page, reading.path, options)
    if reading.reason is not None:
        return reading
    facts, html = _read(page, options)
    reading.facts = facts
    if not reading.readable:
        return reading
    reading.reason = _as_the_html_says(reading)
    if page.listing and (page.html or page.path):
        # A listing is dated by what it shows (`rules.listings`): the posts its written content
        # links to, whatever the theme renders, not what the generator handed it.
        reading.lists = facts.links
    else:
        reading.lists = page.lists
        reading.links = facts.links if page.kind_unknown else []
    if reading.reason is not None:
        return reading
    theirs = reading.theirs = other_sitemaps.about(reading.listed_at, page.url)
    # Wherever a translation may be named (the generator, the front matter, the head, another
    # tool's sitemap): a translation shows other words than its original, a copy the same
    # (`rules.groups`); and with `previous`, its words tell whether it changed since the deploy.
    named = page.alternates or facts.alternates or "alternates" in page.meta or (theirs and theirs.alternates)
    if named or (options.previous and not page.listing):
        reading.text = page_text(html) if html is not None else PageText(None)
    return reading


def exclusion(page: Page, path: str, options: Options) -> str | None:
    """Why the options or the page's metadata leave it out (`kind: explanation`), or None."""
    if page.is_error_page or path in ("404.html", "404/") or path.endswith("/404.html"):
        return "error page"
    if page.fallback_of and not options.list_fallbacks:
        # Another language's text under this language's URL: a duplicate, no translation.
        return f"fallback: a fallback copy of {page.fallback_of} (list_fallbacks: true lists it)"
    flag = page.meta.get("sitemap")
    if is_off(flag):
        return "metadata: sitemap: false"
    if flag is not None and is_mapping(flag) and flag.get("exclude") is True:
        return "metadata: sitemap: {exclude: true}"
    pattern = options.excluding(path)
    return f"exclude: matches {shown(pattern)}" if pattern else None


def is_off(flag: object) -> bool:
    """Front matter `sitemap: false` (or `no`, `off`)."""
    return flag is False or (isinstance(flag, str) and flag.strip().lower() in ("false", "no", "off"))


def _held(page: Page) -> Page:
    """The page as a reading keeps it: a listing whole (its body is read again for what it lists
    around its content region), any other page without its HTML."""
    if page.listing or (page.html is None and page.content is None):
        return page
    return replace(page, html=None, content=None)


def _read(page: Page, options: Options) -> tuple[HtmlFacts, PageHtml | None]:
    """What the page's HTML says: `page.html`, else the file at `page.path`, and that HTML, held
    for its words (read once, parsed once).  Its body is read only for images and videos, which a
    listing page (`Page.listing`) shows of the pages it lists: in the page's own `content` where
    the adapter has it, in the whole body where the frame's images are listed too
    (`images_decorative`)."""
    media = not page.listing and (options.images or options.videos)
    content = page.content if media and not options.images_decorative else None
    links = page.listing or page.kind_unknown
    if page.html:
        html: PageHtml | HtmlFacts = PageHtml(page.html, page.content)
    elif page.path:
        html = load(page.path, page.content)
    elif page.content is not None:
        return HtmlFacts(), PageHtml("", page.content)  # its words are its content's
    else:
        return HtmlFacts(), None
    if isinstance(html, HtmlFacts):
        return html, None
    return read_html(html, page.url, media, content, links), html


def _as_the_html_says(reading: PageReading) -> str | None:
    """Why the page's head says it is not to be listed (None where it is), and the URL it is
    listed at: as its canonical spells it where that names the page's own file (`X/index.html`
    for `X/`, as Sphinx and many themes write it), the URL the page tells search engines to
    index, whatever spelling the site's files give."""
    page, facts = reading.page, reading.facts
    if facts.noindex:
        return 'noindex: <meta name="robots"> says noindex'
    if facts.redirect:
        return "redirect: a meta refresh page"
    if facts.canonical and not page.versioned:
        try:
            canonical, own = http_url(facts.canonical), to_uri(page.url)
        except ValueError as error:
            reading.problems.append(('<link rel="canonical">', f"{error}; ignored"))
            return None
        if not one_file(canonical, own):
            reading.canonical_elsewhere = canonical
            return f"canonical: the canonical URL is {canonical}"
        if canonical != own:
            reading.listed_at, reading.spelling = canonical, (own, canonical)
    return None

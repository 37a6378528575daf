"""The sitemap entry: one typed model carrying every tag of the protocol and of Google's extensions.

Adapters build entries from what their generator knows; values may arrive loosely typed (strings
from front matter, naive datetimes).  `sitemap_plugins.core.validate` normalises them in place into the
canonical types documented on each field, or reports the problem and leaves the value out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

#: A date as it may arrive from front matter or a generator: parsed during validation.
DateLike = dt.date | dt.datetime | str

NS_SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
NS_IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
NS_VIDEO = "http://www.google.com/schemas/sitemap-video/1.1"
NS_NEWS = "http://www.google.com/schemas/sitemap-news/0.9"
NS_XHTML = "http://www.w3.org/1999/xhtml"
#: The same namespaces as lxml writes the names of their elements: `{uri}name`.
SM, IMAGE, VIDEO, NEWS, XHTML = (f"{{{ns}}}" for ns in (NS_SITEMAP, NS_IMAGE, NS_VIDEO, NS_NEWS, NS_XHTML))

CHANGEFREQS = ("always", "hourly", "daily", "weekly", "monthly", "yearly", "never")
X_DEFAULT = "x-default"


@dataclass(slots=True)
class Image:
    """`<image:image>`: only `loc`; caption, title, geo_location and license were retired in 2022."""

    loc: str


@dataclass
class VideoRestriction:
    """`<video:restriction relationship="allow|deny">` with ISO 3166-1 alpha-2 country codes."""

    relationship: str
    countries: list[str]


@dataclass
class VideoPlatform:
    """`<video:platform relationship="allow|deny">` with platforms among web, mobile and tv."""

    relationship: str
    platforms: list[str]


@dataclass
class VideoUploader:
    """`<video:uploader info="URL">`; `info` must be on the page's host."""

    name: str
    info: str | None = None


@dataclass
class VideoPrice:
    """`<video:price currency="EUR" type="rent|purchase" resolution="sd|hd">amount</video:price>`."""

    amount: str | None = None
    currency: str | None = None
    type: str | None = None
    resolution: str | None = None


@dataclass
class Video:
    """`<video:video>`.  Written in the order of the official schema's sequence."""

    thumbnail_loc: str | None = None
    title: str | None = None
    description: str | None = None
    content_loc: str | None = None
    player_loc: str | None = None
    duration: int | None = None
    expiration_date: DateLike | None = None
    rating: float | None = None
    view_count: int | None = None
    publication_date: DateLike | None = None
    tags: list[str] = field(default_factory=list)
    family_friendly: bool | None = None
    restriction: VideoRestriction | None = None
    prices: list[VideoPrice] = field(default_factory=list)
    requires_subscription: bool | None = None
    uploader: VideoUploader | None = None
    platform: VideoPlatform | None = None
    live: bool | None = None

    @property
    def key(self) -> str | None:
        """What identifies a video (Google's words): its content URL, else its player URL."""
        return self.content_loc or self.player_loc


@dataclass
class News:
    """`<news:news>`: all four fields are required by Google."""

    publication_name: str | None = None
    publication_language: str | None = None
    publication_date: DateLike | None = None
    title: str | None = None


@dataclass(slots=True)  # slots: read for every <url> of every file
class Entry:
    """One `<url>` of a sitemap.

    After validation: `loc` is an absolute, percent-encoded URI; `lastmod` a `date` or an aware
    `datetime`; `priority` a float in 0.0-1.0; `alternates` maps normalised hreflang codes
    (`de-DE`, `x-default`) to URIs and, when not empty, includes the entry's own `loc`.
    """

    loc: str
    lastmod: DateLike | None = None
    changefreq: str | None = None
    priority: float | str | None = None
    images: list[Image] = field(default_factory=list)
    videos: list[Video] = field(default_factory=list)
    news: News | None = None
    alternates: dict[str, str] = field(default_factory=dict)
    #: What messages call the entry: a page's source path is friendlier than its URL.
    source: str | None = None
    #: Free data for users' own templates (their own namespaces); never read by the core.
    extra: dict[str, Any] = field(default_factory=dict)
    #: Which source gave `lastmod` (metadata, git, html, sitemaps, mtime, build), for the report.
    lastmod_source: str | None = None

    @property
    def label(self) -> str:
        return entry_label(self.source, self.loc)


def entry_label(source: str | None, loc: str) -> str:
    """What messages call an entry: a page's source path is friendlier than its URL."""
    return f"{source} ({loc})" if source else str(loc)


@dataclass
class Page:
    """What an adapter knows of one built page; `core.pages.harvest` turns it into an Entry."""

    #: The absolute URL the generator publishes the page at.
    url: str
    #: The rendered HTML (images, videos, robots meta, canonical and alternate links come from it),
    #: where the adapter holds it; else `path` names the file it was written to.
    html: str | None = None
    #: The HTML the page's source rendered to, inside the theme's frame (as MkDocs' `page.content`
    #: and Pelican's article content, which the adapters hand to the reader): where it is given,
    #: the page's images and videos are those in it (`read_html`).
    content: str | None = None
    title: str | None = None
    #: Front matter / metadata, keys as the generator gives them.
    meta: dict[str, Any] = field(default_factory=dict)
    #: The source path shown in messages (`blog/post.md`).
    source: str | None = None
    #: The source file on disk, for lastmod from git or mtime.
    source_path: Any = None
    #: The other files the page was made from (a snippet, an included code example), as the
    #: generator's extensions resolve them: their git history dates the page too.
    includes: list[str] = field(default_factory=list)
    #: Translations the generator knows: hreflang code -> absolute URL, the page itself included.
    alternates: dict[str, str] = field(default_factory=dict)
    #: The page's language (news sitemaps name it per article).
    language: str | None = None
    #: The generator's error page (404): never listed.
    is_error_page: bool = False
    #: A page that lists other pages (index, tag, archive): the images and videos it shows belong
    #: to the pages it lists, so they are not listed for it; it is dated by the newest page its
    #: written content links to, and is no news article.
    listing: bool = False
    #: The URLs of the pages a listing shows, where it is handed over without HTML (its HTML,
    #: where there is some, says what it shows: the links of its content).
    lists: list[str] = field(default_factory=list)
    #: A page of a built site that no generator describes (`--from-dir`): whether it is a post, a
    #: page or a listing is told by what it shows (a page that states no date of its own and
    #: whose content links mostly to posts is a listing, dated as one).
    kind_unknown: bool = False
    #: One version of versioned docs (mike): listed in its version's own sitemap although its
    #: canonical link names the canonical version's page, by design.
    versioned: bool = False
    #: The URL of the page this one copies: a language's page built from another language's
    #: source (mkdocs-static-i18n's fallback).  No translation: it joins no hreflang group.
    fallback_of: str | None = None
    #: The adapter's values for this kind of page (pelican-sitemap's `priorities`/`changefreqs`);
    #: front matter and `rules` come first.
    priority: float | str | None = None
    changefreq: str | None = None
    #: The file the generator wrote the page to, read when the page is added (`Sitemap.add_page`)
    #: where `html` is not given: a file that cannot be read leaves the page out, with a WARNING.
    path: str | None = None

    @property
    def label(self) -> str:
        return entry_label(self.source, self.url)


@dataclass(frozen=True)
class UndescribedVideo:
    """A video a page shows but says too little of for Google (a title, a description and a
    thumbnail): not listed; the summary counts it and the report names it."""

    url: str
    source: str | None
    #: The video's URL, or "a video" where the page gives none.
    video: str
    #: What Google requires and the page does not say: "title, description".
    missing: str

    @property
    def label(self) -> str:
        return entry_label(self.source, self.url)


@dataclass(frozen=True)
class LeftOut:
    """A page that is not listed, and why: what the build says at INFO and the report shows."""

    url: str
    source: str | None
    #: The kind of reason (`noindex`, `canonical`, `redirect`, `error page`, `metadata`, `exclude`).
    kind: str
    reason: str

"""Read a built page's HTML: what one parse tells the sitemap (`HtmlFacts`).

Images and videos come from the page's content (what its source rendered to), never from the
theme's frame around it (navigation, header, banners, footer); `noindex`, canonical and alternate
links, redirect stubs and a stated modification date come from the head.  Every fact comes from
lxml's parse of the part of the page that holds it, as a browser reads it: a comment, a script, a
`<template>` or a `<noscript>` duplicate shows no image.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lxml import etree

from sitemap_plugins.core.files import one_file, read_page_file, utf8_html
from sitemap_plugins.core.normalize import http_url
from sitemap_plugins.core.pages.media import Media, read_media, resolve
from sitemap_plugins.core.pages.regions import HIDDEN_TAGS, content_region, hidden, is_frame, never_shown

#: `<meta property>` names that carry the page's last modification.
MODIFIED_META = ("article:modified_time", "og:updated_time")
PUBLISHED_META = ("article:published_time",)

_REFRESH = re.compile(r"url\s*=", re.IGNORECASE)
#: A template's first tag, where a page's `<!DOCTYPE>` or `<html>` would be: `{% extends ... %}`,
#: `{% block %}`, `{% include %}`, `{% layout %}` (Liquid).
_TEMPLATE = re.compile(rb"\s*(?:\xef\xbb\xbf)?\{%-?\s*(?:extends|block|include|import|from|macro|layout)\b")
#: Where a page's body seems to open: the parse of what comes before tells whether it does.
_BODY_TAG = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)
#: libxml2's HTML parser, as lxml.html's, without its Python element classes, reading UTF-8
#: bytes (`utf8_html`), which it reads in less work than a Python string; the encoding given
#: wins over any the page declares.
_PARSER = etree.HTMLParser(encoding="utf-8")


@dataclass
class HtmlFacts(Media):
    """What one parse of a page's HTML tells the sitemap (its pictures and players: `Media`)."""

    noindex: bool = False
    redirect: bool = False
    #: The canonical URL the head names, where it is another than the page's own URL: None where
    #: it names none or the page itself (which tells nothing; the harvest compares any other with
    #: the page's URL, however it is spelt).
    canonical: str | None = None
    #: `<meta name="description">`: the description of the page's videos where their section
    #: says nothing, unless the theme writes it on every page (`Sitemap`).
    description: str | None = None
    #: `<meta property="og:image">` (or `twitter:image`): the thumbnail of the page's one player
    #: that has none of its own (a talk's page: PyVideo's).
    image: str | None = None
    #: `<title>`: the page's title as its head gives it.
    title: str | None = None
    alternates: dict[str, str] = field(default_factory=dict)
    #: The page's own last-modified date: `<meta property="article:modified_time">` or JSON-LD
    #: `dateModified` (a theme override can carry dates this way).
    modified: str | None = None
    #: When the page was first published: `<meta property="article:published_time">` or JSON-LD
    #: `datePublished` (a news article's date, where no front matter gives it: `--from-dir`).
    published: str | None = None
    #: What in the page cannot be used, as (field, message): the harvest reports them by page.
    problems: list[tuple[str, str]] = field(default_factory=list)
    #: Why the page's file was not read (not a regular file, no permission): it is not listed.
    unread: str | None = None
    #: The file is larger than search engines read: its first `files.MAX_HTML_BYTES` were read.
    truncated: bool = False
    #: The file holds nothing (no bytes, or only white space): no page a reader can read.
    empty: bool = False
    #: The file is a theme's template the build copied as it is (`{% extends "base.html" %}` where
    #: a page opens): Jinja's or Liquid's source, no page a reader can read.
    template: bool = False
    #: Where asked for (a listing), the pages its content links to, as a reader sees them:
    #: absolute, without their fragment, in order, once each; the frame's links left out.
    links: list[str] = field(default_factory=list)
    #: What the page's relative URLs are resolved against: its URL, or its `<base href>`.
    base: str = ""
    #: `<html lang>`: the language the page says it is in.
    language: str | None = None
    #: Its body shows when other pages were published, each in a card that links to its page
    #: (a list page's): it shows posts, even one.
    shows_cards: bool = False


class PageHtml:
    """A page's HTML as one reading holds it: its bytes (or text) and, where the generator has it,
    its `content`, each parsed once at most, whatever reads them (its facts, the theme's media
    around its content, its words: `text.page_text`)."""

    def __init__(self, html: str | bytes, content: str | None = None, truncated: bool = False) -> None:
        self.html, self.content, self.truncated = html, content, truncated

    @cached_property
    def data(self) -> bytes:
        html = self.html
        return html.encode("utf-8", "surrogatepass") if isinstance(html, str) else html

    @cached_property
    def root(self) -> Any:
        return parse_page(self.html)

    @cached_property
    def content_root(self) -> Any:
        return parse_page(self.content) if self.content is not None else None


def read_html(
    html: str | bytes | PageHtml,
    url: str,
    media: bool = True,
    content: str | None = None,
    links: bool = False,
) -> HtmlFacts:
    """Facts from a page's HTML: its text, or its file's bytes (decoded as `decode_html` says a
    browser does); URLs are resolved against the page URL (and `<base href>`).

    `media`: read images and videos too (a listing page's are those of the pages it lists).
    `content`: the HTML the page's source rendered to, where the generator holds it (MkDocs'
    `page.content`, a Pelican article's content): its images and videos are read from it, and only
    the page's head from `html` (a `PageHtml`'s own content, parsed once, where `html` is one).
    Without it the page is parsed whole and its content region found.
    `links`: the links of its content region, as written (what a listing shows, whatever theme).
    """
    page = html if isinstance(html, PageHtml) else PageHtml(html, content)
    if not links and (not media or content is not None):
        # The head alone, where nothing reads the whole page's tree: a page is mostly body.
        if isinstance(html, PageHtml) and page.content is None:  # its words are the whole page's
            head = page.root.find("head") if page.root is not None else None
        else:
            head = _parse_head(page.data)
        parts = [(page.content_root, "content")] if media and page.content_root is not None else []
        facts = _facts(head, parts, url)
        if media and content is not None and _media_around(page.data, content):
            _theme_media(page.root, facts)
        facts.truncated = page.truncated
        return facts
    root = page.root
    head = root.find("head") if root is not None else None
    body = next(root.iter("body"), None) if root is not None else None
    #: (element, what it is): "content" (all of it is), "region" (its frame tags are not), or
    #: "frame" (the rest of a page whose content region was found).
    parts: list[tuple[Any, str]] = []
    region: list[Any] = []
    if body is not None:
        region = content_region(root)
        parts = [(element, "region") for element in region or [body]]
        if region:
            parts.append((body, "frame"))  # what is not in the region is the frame
    facts = _facts(head, parts if media else [], url)
    if links:
        facts.links = _links([element for element, kind in parts if kind == "region"], facts.base)
    if facts.published is None and body is not None:
        facts.published, facts.shows_cards = _shown_publication(body, facts.base, url)
    facts.truncated = page.truncated
    return facts


#: Where a theme shows when a post was published: a microformat's or schema.org's name for it,
#: or the post's meta line (Material's `md-post__meta`, minima's `post-meta`, `post-info`).
_PUBLISHED_CLASSES = frozenset({"dt-published", "published"})
_META_CLASS = re.compile(r"(?:^|[-_])(?:meta|info|date)(?:$|[-_])", re.IGNORECASE)


def _shown_publication(body: Any, base: str, url: str) -> tuple[str | None, bool]:
    """The one date a page's body shows as its own post's publication (a `<time datetime>` the
    theme marks as published, or in the post's meta line: Material's blog posts, which say it in
    no `<meta>`), where it shows one; and whether it shows other pages' dates, in cards that link
    to them.  A listing shows one date per post, and none is its own, even where it shows one
    post (Hugo Stack's tag page)."""
    found, cards = set(), False
    for time in body.iter("time"):
        stamp = (time.get("datetime") or "").strip()
        if not stamp or hidden(time):
            continue
        classes = set((time.get("class") or "").split())
        marked = classes & _PUBLISHED_CLASSES or time.get("itemprop") == "datePublished"
        if not marked and not any(
            _META_CLASS.search(c) for a in time.iterancestors() for c in (a.get("class") or "").split()
        ):
            continue
        if _in_a_card(time, base, url):
            cards = True
        else:
            found.add(stamp)
    return (found.pop() if len(found) == 1 else None), cards


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _in_a_card(time: Any, base: str, url: str) -> bool:
    """The date is another page's, in the card that links to it: inside a link to another page,
    or beside a heading that links to one (the card's title), up to the `<article>` it is in.  A
    post's own header titles it with no link, or one to itself."""
    if any(_elsewhere(link, base, url) for link in time.iterancestors("a")):
        return True
    for ancestor in time.iterancestors():
        if ancestor.tag == "body":  # its first heading may be the site's name, linking home
            return False
        if (heading := next(ancestor.iter(*_HEADINGS), None)) is not None:
            return any(_elsewhere(link, base, url) for link in heading.iter("a"))
        if ancestor.tag == "article":
            return False
    return False


def _elsewhere(link: Any, base: str, url: str) -> bool:
    href = (link.get("href") or "").strip()
    if not href or href.startswith("#"):
        return False
    return not one_file(resolve(base, href).partition("#")[0], url)


_PLAYER_TAGS = (b"<iframe", b"<video", b"<lite-youtube")


def _media_around(page: bytes, content: str) -> bool:
    """The page as written shows more than its content: the theme writes players (PyVideo's
    talks, a template override's hero player), or pictures inside the article around the content
    (a gallery drawn from the article's metadata: pelican-photos')."""
    if any(tag in page for tag in _PLAYER_TAGS):  # most pages, as generators write tags: none
        inner = content.encode("utf-8", "surrogatepass")
        if any(page.count(tag) > inner.count(tag) for tag in _PLAYER_TAGS):
            return True
    if not content or content.isspace():
        return False
    # Pictures: those of the article the content is in, before it or after it (a theme's logo,
    # a sidebar's portrait, are not: they are outside the article).
    start = page.find(content[:64].encode("utf-8", "surrogatepass"))
    opening = page.rfind(b"<article", 0, start) if start >= 0 else -1
    if opening < 0:
        return False
    if page.find(b"<img", opening, start) >= 0:
        return True
    end = start + len(content.encode("utf-8", "surrogatepass"))
    closing = page.find(b"</article>", end)
    return closing >= 0 and page.find(b"<img", end, closing) >= 0


def _theme_media(root: Any, facts: HtmlFacts) -> None:
    """The pictures and players the theme writes in the page's content region, beside those of its
    content: the page's own too (its frame's, in a `<nav>`, a header, a footer or an aside, are not)."""
    body = next(root.iter("body"), None) if root is not None else None
    if body is None:
        return
    found = Media()
    for region in content_region(root) or [body]:
        read_media(region, facts.base, found, "region", facts.title)
    known = {video.key for video in facts.videos}
    facts.videos += [video for video in found.videos if video.key not in known]
    seen = set(facts.images) | {image for image, _ in facts.decorative_images}
    facts.images += [image for image in found.images if image not in seen]
    facts.decorative_images += [(image, kind) for image, kind in found.decorative_images if image not in seen]
    facts.section_pictures.update(found.section_pictures)


def _facts(head: Any, parts: list[tuple[Any, str]], url: str) -> HtmlFacts:
    facts = HtmlFacts()
    base = facts.base = _read_head(head, url, facts) if head is not None else url
    met: set[Any] = set()
    for element, kind in parts:
        read_media(element, base, facts, kind, facts.title, met)
    if facts.canonical == url:
        facts.canonical = None
    return facts


def load(path: str, content: str | None = None) -> PageHtml | HtmlFacts:
    """A built page's file, to read (`read_html`), or why it is none (`HtmlFacts.unread`,
    `empty`, `template`)."""
    page = read_page_file(path)
    if page.data is None:
        return HtmlFacts(unread=page.problem)
    if not page.data.strip():
        return HtmlFacts(empty=True)
    if _TEMPLATE.match(page.data):
        return HtmlFacts(template=True)
    return PageHtml(page.data, content, page.truncated)


def read_file(
    path: str, url: str, media: bool = True, content: str | None = None, links: bool = False
) -> HtmlFacts:
    """`read_html` of a built page's file (`HtmlFacts.unread` says why one was not read)."""
    page = load(path, content)
    return page if isinstance(page, HtmlFacts) else read_html(page, url, media, content, links)


# -- parsing ----------------------------------------------------------------------------------------


def parse_page(html: str | bytes) -> Any:
    """The parse of a page's text, or of its bytes (decoded as a browser does); None for none."""
    data = utf8_html(html) if isinstance(html, bytes) else html.encode("utf-8", "replace")
    if not data.strip():
        return None
    try:
        return etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError:
        return None


def _parse_head(page: bytes) -> Any:
    """The page's `<head>`, from a parse of its bytes up to its `<body ...>` tag, decoded alone: a
    page is mostly body (navigation), and where the content is known already nothing of the body
    is needed.  A `<body` that the parse shows was none (in a comment or a script: no body comes
    of it) costs a parse of the whole page."""
    body = _BODY_TAG.search(page)
    root = parse_page(page[: body.end()]) if body is not None else None
    if root is None or root.find("body") is None:
        root = parse_page(page)
    return root.find("head") if root is not None else None


# -- the head ---------------------------------------------------------------------------------------


def _read_head(head: Any, url: str, facts: HtmlFacts) -> str:
    """Robots, canonical and alternate links, redirects, dates; the base URL of the page's links;
    the language its `<html>` says."""
    base = url
    if (html := head.getparent()) is not None:
        facts.language = (html.get("lang") or "").strip() or None
    for element in head.iter("base"):
        if element.get("href"):
            href = element.get("href").strip()
            try:
                base = http_url(resolve(url, href))
            except ValueError as error:
                facts.problems.append(("<base href>", f"{error}; the page's own URL is used instead"))
        break
    for element in head.iter("meta", "link", "script", "title"):
        if element.tag == "meta":
            _read_meta(element, facts, base)
        elif element.tag == "title":
            facts.title = facts.title or " ".join("".join(element.itertext()).split()) or None
        elif element.tag == "link":
            _read_link(element, base, facts)
        elif (element.get("type") or "").strip() == "application/ld+json":
            facts.modified = facts.modified or _json_ld_date(element.text or "", "dateModified")
            facts.published = facts.published or _json_ld_date(element.text or "", "datePublished")
    return base


def _read_meta(element: Any, facts: HtmlFacts, base: str) -> None:
    prop = (element.get("property") or "").strip().lower()
    if prop in MODIFIED_META:
        facts.modified = facts.modified or (element.get("content") or "").strip() or None
        return
    if prop in PUBLISHED_META:
        facts.published = facts.published or (element.get("content") or "").strip() or None
        return
    name = (element.get("name") or "").strip().lower()
    if (prop or name) in ("og:image", "twitter:image") and facts.image is None:
        image = (element.get("content") or "").strip()
        facts.image = resolve(base, image) if image else None
        return
    if name in ("robots", "googlebot"):
        directives = {d.strip() for d in (element.get("content") or "").lower().split(",")}
        facts.noindex = facts.noindex or bool(directives & {"noindex", "none"})
    elif name == "description" and facts.description is None:
        facts.description = (element.get("content") or "").strip() or None
    elif (element.get("http-equiv") or "").strip().lower() == "refresh":
        facts.redirect = facts.redirect or bool(_REFRESH.search(element.get("content") or ""))


def _read_link(element: Any, base: str, facts: HtmlFacts) -> None:
    rel = (element.get("rel") or "").lower().split()
    canonical = "canonical" in rel and facts.canonical is None
    if not canonical and not ("alternate" in rel and element.get("hreflang")):
        return
    if not (href := (element.get("href") or "").strip()):
        return
    if canonical:
        facts.canonical = resolve(base, href)
    else:
        facts.alternates[element.get("hreflang").strip()] = resolve(base, href)


def _json_ld_date(text: str, key: str) -> str | None:
    """`key` (`dateModified`, `datePublished`) of a JSON-LD block: its top level, or the first
    item of `@graph` having it."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    for item in data if isinstance(data, list) else [data]:
        if isinstance(item, dict):
            for candidate in [item, *(g for g in item.get("@graph", []) if isinstance(g, dict))]:
                value = candidate.get(key)
                if isinstance(value, str) and value.strip():
                    return value.strip()
    return None


#: The elements of a region with the `hidden` attribute (lxml's `iter` finds tags, not
#: attributes; `never_shown` tells whether it hides): the parents of the attributes, which libxml2
#: finds in a fifth of the work of testing each element for one (`descendant::*[@hidden]`).
_HIDDEN = etree.XPath("descendant::*/@hidden/..")


def _links(regions: list[Any], base: str, around: Any = None) -> list[str]:
    """The links a reader follows from the content `regions` to other pages: `<a href>` outside
    the region's own frame and outside what is never shown, resolved, without fragments.  With
    `around` (the body), those of the rest of it instead, outside its frame."""
    found: dict[str, None] = {}
    asked: dict[Any, bool] = {}
    for region in regions if around is None else [around]:
        if hidden(region, asked):
            continue
        # The region's few frame and hidden elements, rather than each link's ancestors.
        unseen = {
            anchor
            for element in [*region.iter("nav", "header", "footer", "aside", *HIDDEN_TAGS), *_HIDDEN(region)]
            if never_shown(element) or is_frame(element, region)
            for anchor in element.iter("a")
        }
        inside = {anchor for each in regions for anchor in each.iter("a")} if around is not None else set()
        for anchor in region.iter("a"):
            href = (anchor.get("href") or "").strip()
            if not href or href.startswith("#") or anchor in unseen or anchor in inside:
                continue
            url = resolve(base, href)
            found.setdefault(url.partition("#")[0], None)
    return list(found)


def links_around(html: str | bytes, url: str) -> list[str]:
    """What a listing page's body links to outside its content region and its frame: read again
    only where its region lists no post (a theme may put the list after an `<article>` that
    holds only an introduction: blog.notmyidea.org's)."""
    root = parse_page(html)
    body = next(root.iter("body"), None) if root is not None else None
    region = content_region(root) if body is not None else []
    if not region:
        return []  # the whole body was read already
    head = root.find("head")
    base = _read_head(head, url, HtmlFacts()) if head is not None else url
    return _links(region, base, around=body)

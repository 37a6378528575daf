"""Read a built page's HTML: what one parse tells the sitemap (`HtmlFacts`).

Images (content, not the page's frame), videos (HTML5 and embedded players), `noindex`,
canonical and alternate links, redirect stubs, a stated modification date.  Only what these need
is parsed (`_relevant_html`): this runs for every page, often in the background reader's process,
which imports this module and lxml, and nothing of the rest of the build.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import posixpath
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from lxml import etree

from .model import Video
from .normalize import POSSESSIVE_REGEX, http_url, is_plain_uri

#: Fragments that mark the dark variant of an image whose light variant the page also shows.
DARK_VARIANTS = ("only-dark", "gh-dark-mode-only")
#: `<meta property>` names that carry the page's last modification.
MODIFIED_META = ("article:modified_time", "og:updated_time")

# -- What is not page content: left out of the images by default --------------------------------
# The whole list is here; `images_decorative: true` lists these images too.
#: Classes of emoji images: pymdownx.emoji (twemoji, emojione, gemoji) and others.
DECORATIVE_CLASSES = frozenset({"twemoji", "emojione", "gemoji", "emoji"})
#: Classes of the element right around an author's or profile's picture (Material's blog authors
#: and git authors, and the usual names elsewhere).
PROFILE_CLASSES = frozenset({"md-author", "md-profile", "avatar", "author-avatar", "author", "profile"})
#: Images by where they are served from: emoji CDNs, and the well-known badge services.
DECORATIVE_URLS = (
    "*/twemoji/*",
    "*twemoji.maxcdn.com/*",
    "*/emojione/*",
    "*/joypixels/*",
    "*github.githubassets.com/images/icons/emoji/*",
    "http*://img.shields.io/*",
    "http*://*.shields.io/*",
    "http*://badgen.net/*",
    "http*://badge.fury.io/*",
    "http*://github.com/*/badge.svg*",
    "http*://github.com/*/workflows/*/badge.svg*",
    "http*://codecov.io/*/badge*",
    "http*://app.codecov.io/*/badge*",
    "http*://coveralls.io/*badge*",
    "http*://readthedocs.org/projects/*/badge/*",
    "http*://*.readthedocs.io/*/badge*",
    "http*://pepy.tech/badge/*",
    "http*://static.pepy.tech/*badge*",
    "http*://api.codeclimate.com/*/badges/*",
    "http*://app.codacy.com/*badge*",
    "http*://travis-ci.*/*.svg*",
    "http*://ci.appveyor.com/api/projects/status/*",
    "http*://snyk.io/*/badge*",
    "http*://api.netlify.com/api/v1/badges/*",
    "http*://deepwiki.com/badge*",
)


@functools.cache
def _decorative_url() -> re.Pattern[str]:
    """The patterns above as one expression: one match per image, not one per pattern.  Made
    when a URL first contains a hint: compiling it costs 2 ms, and most builds never need it."""
    return re.compile("|".join(fnmatch.translate(pattern) for pattern in DECORATIVE_URLS))


#: The longest literal part of each pattern, which every URL it matches contains.  Looked for
#: first: a pattern's leading `*` backtracks over the whole URL, 12 µs an image against 1.  One
#: `in` after another finds them sooner than an expression of them all (1.0 to 1.8 µs against
#: 1.2 to 2.6 on a page's image URLs), which also took 1.3 ms to compile in every build.
_DECORATIVE_HINTS = tuple(max(re.split(r"[*?]|\[[^\]]*\]", pattern), key=len) for pattern in DECORATIVE_URLS)
#: Most hints are a host after "://": those are tried at once, where a "://" is in the URL.
_HOST_HINTS = tuple(hint[3:] for hint in _DECORATIVE_HINTS if hint.startswith("://"))
_OTHER_HINTS = tuple(hint for hint in _DECORATIVE_HINTS if not hint.startswith("://"))


def is_decorative_url(url: str) -> bool:
    """Is `url` (lower case) served by an emoji CDN or a badge service (`DECORATIVE_URLS`)?"""
    at = url.find("://")
    while at >= 0:
        if url.startswith(_HOST_HINTS, at + 3):
            return bool(_decorative_url().match(url))
        at = url.find("://", at + 3)
    for hint in _OTHER_HINTS:
        if hint in url:
            return bool(_decorative_url().match(url))
    return False


_YOUTUBE_HOSTS = {
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "youtube-nocookie.com",
    "www.youtube-nocookie.com",
}
_YOUTUBE_ID = re.compile(r"^/embed/([A-Za-z0-9_-]{6,})")
_VIMEO_ID = re.compile(r"^/video/(\d+)")
_REFRESH = re.compile(r"url\s*=", re.IGNORECASE)
#: libxml2's HTML parser, as lxml.html's, without its Python element classes: a third less work.
_PARSER = etree.HTMLParser()


@dataclass
class HtmlFacts:
    """What one parse of a page's HTML tells the sitemap."""

    noindex: bool = False
    redirect: bool = False
    #: The canonical URL the head names, where it is another than the page's own URL: None where
    #: it names none or the page itself (which tells nothing; the harvest compares any other with
    #: the page's URL, however it is spelt).
    canonical: str | None = None
    #: `<meta name="description">`; sure to be read only where the page has videos (their
    #: description's fallback, its one use).
    description: str | None = None
    alternates: dict[str, str] = field(default_factory=dict)
    images: list[str] = field(default_factory=list)
    videos: list[Video] = field(default_factory=list)
    #: Images of the page's frame, not its content: emoji, avatars, badges, the header's logo
    #: (listed only with `images_decorative`).
    decorative_images: list[str] = field(default_factory=list)
    #: The page's own last-modified date: `<meta property="article:modified_time">` or JSON-LD
    #: `dateModified` (a theme override can carry dates this way).
    modified: str | None = None
    #: What in the page cannot be used, as (field, message): the harvest reports them by page.
    problems: list[tuple[str, str]] = field(default_factory=list)
    #: Why the page's file was not read (not a regular file, no permission): it is not listed.
    unread: str | None = None
    #: The file is larger than search engines read: its first `pagefiles.MAX_HTML_BYTES` were read.
    truncated: bool = False


def read_html(text: str, url: str, media: bool = True, content: str | None = None) -> HtmlFacts:
    """Facts from a page's HTML; URLs are resolved against the page URL (and `<base href>`).
    Without `media` only the head is read (robots, canonical, alternates): a cheaper parse.
    `content`: the HTML the page's source rendered to, where the generator tells it (MkDocs'
    `page.content`, a Pelican article's content): images and videos are read there alone, where
    it stands in the page; the rest of the body is the theme's frame.  Not in the page (a plugin
    changed it after rendering): the whole body is read."""
    facts = HtmlFacts()
    root = _parse(text, url, media, content)
    if root is None:
        return facts
    seen_images: set[str] = set()
    if isinstance(root, list):  # plain <img> tags alone, read without a parse (`_plain_images`)
        for image in root:
            _add_image(image, url, facts, seen_images)
        return facts
    base = url
    for element in root.iter("base"):
        if element.get("href"):
            href = element.get("href").strip()
            try:
                base = http_url(_resolve(url, href))
            except ValueError as error:
                facts.problems.append(("<base href>", f"{error}; the page's own URL is used instead"))
        break
    for element in root.iter("meta", "link", "script", "img", "video", "iframe", "lite-youtube"):
        tag = element.tag
        if tag == "meta":
            _read_meta(element, facts)
        elif tag == "script":
            if facts.modified is None and (element.get("type") or "").strip() == "application/ld+json":
                facts.modified = _json_ld_modified(element.text or "")
        elif tag == "link":
            _read_link(element, base, facts)
        elif tag == "img":
            _add_image(element, base, facts, seen_images)
        elif tag == "video":
            facts.videos.append(_html5_video(element, base))
        else:
            video = _embedded_video(element, base)
            if video is not None:
                facts.videos.append(video)
    if facts.canonical == url:
        facts.canonical = None
    return facts


def _add_image(img: Any, base: str, facts: HtmlFacts, seen: set[str]) -> None:
    image = _image(img, base)
    if image is not None and image not in seen:
        seen.add(image)
        frame = img.get(_FRAME_MARK) is not None or is_decoration(img)
        (facts.decorative_images if frame else facts.images).append(image)


#: A relative path with nothing urlsplit reads as a scheme, a query, a fragment or parameters.
_PLAIN_PATH = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,=@/%]+")


def _resolve(base: str, href: str) -> str:
    """`urljoin(base, href)`.  Where both are plain (most pages' images and links: absolute, or
    a relative path such as `../img/a.png`) it is worked out here, by urljoin's own steps, at a
    fifth of its cost or less: urljoin takes 12 µs a URL where the URLs differ (urlsplit's cache
    then misses)."""
    if is_plain_uri(href):
        if ";" not in href and "/." not in href:
            return href  # urljoin gives an absolute URL back as urlunsplit(urlsplit(it)) makes it
    elif (
        not href.startswith("//")
        and _PLAIN_PATH.fullmatch(href)
        and is_plain_uri(base)
        and "?" not in base
        and ";" not in base
    ):
        path = base.index("/", base.index("//") + 2)  # a plain URI has a path after its host
        return base[:path] + _merged_path(base[path:], href)
    try:
        return urljoin(base, href)
    except ValueError:  # `https://[::1/x.png`: left as written, for validation to name
        return href


def _merged_path(base_path: str, path: str) -> str:
    """The path `urljoin` makes of a relative `path` on a page at `base_path` (RFC 3986's merge
    and dot-segment removal, with urljoin's own ways: empty segments inside are dropped)."""
    if (
        path[-1] != "/"
        and "//" not in path
        and not path.endswith(("/.", "/.."))
        and path not in (".", "..")
        and not base_path.startswith("//")
    ):
        # Ending in a name, with no empty segment in it: what `normpath` makes of the merge, in
        # a fifth of the time (0.5 µs against 2.6 for `../../img/a.png`).
        return posixpath.normpath(path if path[0] == "/" else base_path[: base_path.rfind("/") + 1] + path)
    if path[0] == "/":
        segments = path.split("/")
    else:
        segments = base_path.split("/")[:-1] + path.split("/")
        segments[1:-1] = filter(None, segments[1:-1])
    resolved: list[str] = []
    for segment in segments:
        if segment == "..":
            if resolved:
                resolved.pop()
        elif segment != ".":
            resolved.append(segment)
    if segments[-1] in (".", ".."):
        resolved.append("")
    joined = "/".join(resolved) or "/"
    return joined if joined[0] == "/" else "/" + joined


def _any_case(word: str) -> str:
    # Explicit classes: several times faster than re.IGNORECASE on a long page.
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in word)


_BODY_START = re.compile(f"<{_any_case('body')}[\\s>]|</{_any_case('head')}\\s*>")
_VIDEO_TAGS = ("video", "iframe", "lite-youtube")
#: Where a page's frame (not its content) stands: images inside are not page content.
_FRAME_TAGS = ("nav", "header", "footer", "article")
_MEDIA_NAMES = ("img", *_VIDEO_TAGS, "picture", "figure", *_FRAME_TAGS)
#: What ends a tag's name.
_NAME_END = r"[\s/>]"


@functools.cache
def _media_any_case() -> re.Pattern[str]:
    """The media and frame tags in any case: for the pages that write a tag name in upper case
    (compiled when one first comes: 0.7 ms)."""
    return re.compile(f"<(/?)({'|'.join(_any_case(t) for t in _MEDIA_NAMES)}){_NAME_END}")


def _by_first_letter(names: tuple[str, ...], end: str) -> str:
    """An alternation of `names`, each followed by `end`, with one branch per first letter
    (`i(?:mg|frame)...`): a `<a` or `<li` then fails at one branch, not after trying each name."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name[0], []).append(re.escape(name[1:]))
    return "|".join(
        f"{letter}{rests[0] if len(rests) == 1 else '(?:' + '|'.join(rests) + ')'}{end}"
        for letter, rests in groups.items()
    )


#: The media and frame tags as nearly every page writes them, or a tag name in upper case.  No
#: groups, and one `</?` for both: saving groups or trying a second branch at each of a page's
#: thousands of `<` would cost as much again.  The `/?` is possessive where Python has it (3.11):
#: no backtracking point saved at each `<`, a third less time on a page of navigation; the names
#: grouped by first letter, a seventh less again.
_MEDIA_OR_UPPER = re.compile(
    f"</?{'+' if POSSESSIVE_REGEX else ''}(?:{_by_first_letter(_MEDIA_NAMES, _NAME_END)}|[A-Z])"
)
_PARAGRAPH = re.compile(f"<({_any_case('p')})[\\s>]|</{_any_case('p')}\\s*>")
_TAG_REST = re.compile(r"""(?:"[^"]*"|'[^']*'|[^'">])*>?""")


#: What a head holds, in any case, where its parse can tell a fact (`read_html`'s `<meta>`,
#: `<link>`, `<base>` and JSON-LD): a head with none of these words is not parsed.
_HEAD_FACT_WORDS = (  # the most common first: MkDocs' themes write a canonical link on every page
    *("canonical", "hreflang", "<base", "ld+json"),  # <link>, <base>, JSON-LD
    *("robots", "googlebot", "refresh", *MODIFIED_META),  # <meta>
)
_SPACE = "[ \t\n\f\r]"  # HTML's whitespace (\\s is more)


@functools.cache  # compiled where a head is first parsed: 1.4 ms, which most MkDocs builds need not pay
def _plain_head(p: str) -> re.Pattern[str]:
    """What a generator's head opens with, written as generators write it: whitespace, the
    doctype, and `<html>`, `<head>`, `<meta>`, `<link>`, `<base>` and `<title>` tags in lower
    case, whose attributes are names, each with a quoted value holding no `<` or `>`, or none.
    In it each tag is from its `<` to the next `>` for the parser as for this expression (no
    comment, script or quote is open), and after it, where it holds a `<meta>`, `<link>`, `<base>`
    or `<title>`, the parser is where it would be after `<html><head>` alone: in the head.
    Its repeats are possessive where `p` is "+" (`POSSESSIVE_REGEX`): a quarter less time."""
    s = _SPACE
    attributes = f"(?:{s}+{p}[a-zA-Z_:][-a-zA-Z0-9_:.]*{p}(?:=\"[^\"<>]*{p}\"|='[^'<>]*{p}')?{p})*{p}{s}*{p}"
    return re.compile(
        f"(?:{s}*{p}(?:<(?:meta|link|base){attributes}/?>"
        f"|<(?:html|head){attributes}>"  # not <html/> or <head/>: libxml2 closes them there
        f"|<title>[^<]*{p}</title>|<![dD][oO][cC][tT][yY][pP][eE]{s}+[hH][tT][mM][lL][^<>\"']*{p}>))*{p}"
    )


#: The plain tags the parser puts in the head (and opens it for): those that can tell a fact first.
_IN_HEAD_TAGS = ("<meta", "<link", "<base", "<title>")


def _head_to_parse(head: str, videos: bool, url: str) -> str:
    """What of `head` (a page's text before its body; the page is at `url`) the parser is given,
    opening a document whose body follows: nothing where no word of `_HEAD_FACT_WORDS` is in it
    (its description is read for videos alone), or where the only one is in the link that names
    the page its own canonical URL (`_names_itself_alone`); else all of it, but that of the plain
    tags it opens with (`_plain_head`), only the `<meta>`, `<link>` and `<base>` that hold a word
    or a character reference (which could spell one).  The tags left out tell nothing, and the
    rest is parsed as it would be after them.

    A theme's head is mostly stylesheets and metadata that tell nothing: MkDocs' own theme opens
    with 14 plain tags, of which the canonical link is read.  Parsing and reading the others took
    about 34 µs of the 127 a page of the benchmark's took; finding them takes 19."""
    lowered = head.lower()
    words = (*_HEAD_FACT_WORDS, "description") if videos else _HEAD_FACT_WORDS
    if not any(word in lowered for word in words) or _names_itself_alone(head, lowered, url, words):
        return ""
    plain = _plain_head("+" if POSSESSIVE_REGEX else "").match(head).end()  # type: ignore[union-attr]
    if len(lowered) != len(head) or not any(head.find(t, 0, plain) >= 0 for t in _IN_HEAD_TAGS):
        # A character lower() makes two (the positions differ), or no tag that opens the head
        # before the tags that are not plain (which may then not be parsed there).
        return head + "</head><body>"
    starts = set()  # of the tags that hold a word or a character reference
    for needle in (*words, "&"):
        at = lowered.find(needle, 0, plain)
        while at >= 0:
            starts.add(head.rfind("<", 0, at + 1))  # the tag it is in (`<base` starts one)
            at = lowered.find(needle, at + 1, plain)
    tags = [
        head[start : head.index(">", start) + 1]
        for start in sorted(starts)
        if head.startswith(_IN_HEAD_TAGS[:3], start)
    ]
    return "<html><head>" + "".join(tags) + head[plain:] + "</head><body>"


#: The character references that could spell a character of `_HEAD_FACT_WORDS` (a letter, `<`,
#: `+`, `:`, `_`): the numeric ones, and the named ones whose characters hold one (a test holds
#: these to the HTML standard's table).  Material's font link holds `&display=`, which spells none.
_SPELLING_REFERENCES = (
    "&#",
    "&lt",
    "&LT",
    "&nvlt;",
    "&plus;",
    "&colon;",
    "&lowbar;",
    "&UnderBar;",
    "&fjlig;",  # "fj": the one named reference for letters
)


def _names_itself_alone(head: str, lowered: str, url: str, words: tuple[str, ...]) -> bool:
    """Is the one word of `words` in `head` "canonical", once, in a link naming `url` the page's
    canonical URL as themes write it (MkDocs', Material's, Zensical's: on every page), with no
    character reference that could spell another?  That link tells nothing: the page is its own.
    Its head is then not parsed at all: a quarter of the time a `theme: mkdocs` page's read took."""
    if lowered.count("canonical") != 1 or "&" in url or '"' in url:
        return False
    if "&" in head and any(reference in head for reference in _SPELLING_REFERENCES):
        return False
    if any(word in lowered for word in words if word != "canonical"):
        return False
    link = f'<link rel="canonical" href="{url}"'
    at = head.find(link)
    return at >= 0 and head.startswith((">", "/>", " />"), at + len(link))


def _relevant_html(
    text: str, url: str, media: bool = True, content: str | None = None
) -> str | list[_PlainImage]:
    """The head, and the body's media (in `content` only, where given and found) with just the
    context the harvest reads (the enclosing <picture> or <figure>, the paragraphs around a video).
    Empty where nothing in the page can tell a fact; the images themselves where they are all
    that does, and each is a plain tag (`_plain_images`): most of a blog's articles.

    A documentation page is mostly navigation: Material repeats the whole site's nav on every
    page.  Parsing only these parts costs a fraction of parsing the page, with the same facts;
    finding the content (searched from the end: a theme writes most of its frame before it)
    spares scanning the navigation at all.  A head that names none of what is read from it (most
    of a blog's pages) is left out, and of one that does, the plain tags that tell nothing
    (`_head_to_parse`): a parse costs 5 µs and about 1 µs a tag, then each tag is read.
    """
    start = _BODY_START.search(text)
    if start is None:
        return text
    head = text[: start.start()]
    if not media:
        head = _head_to_parse(head, False, url)
        return head and head + "</body></html>"
    read_from, read_to = start.start(), len(text)
    depth = dict.fromkeys(_FRAME_TAGS, 0)
    if content is not None and (found := _last_place(text, content, read_from)) >= 0:
        read_from, read_to = found, found + len(content)
        depth["article"] = 1  # the page's own content: its <header> and <footer> are its own
    tokens = _media_tags(text, read_from, read_to)
    windows: list[list[Any]] = []  # [begin, end, is_video], in document order
    opened: dict[str, int] = {}
    decorations: list[int] = []  # where the <img> tags that are not page content start
    for index, (position, after, closing, name) in enumerate(tokens):
        if name in depth:
            depth[name] = max(0, depth[name] + (-1 if closing else 1))
            continue
        if name == "img" and not closing and _in_frame(text, position, depth):
            decorations.append(position)
        if name in ("picture", "figure"):
            if not closing:
                opened[name] = position
            elif name in opened:
                begin, end = opened.pop(name), text.find(">", position) + 1 or len(text)
                for window in reversed(windows):  # the media opened inside it
                    if window[0] < begin:
                        break
                    window[0], window[1] = begin, max(window[1], end)
            continue
        if closing:
            continue
        end = _TAG_REST.match(text, after - 1).end()  # type: ignore[union-attr]
        if name != "img":
            for later in tokens[index + 1 :]:
                if later[2] and later[3] == name:
                    end = text.find(">", later[0]) + 1 or len(text)
                    break
        windows.append([position, end, name != "img"])
    videos = any(w[2] for w in windows)
    head = _head_to_parse(head, videos, url)
    if not windows:
        return head and head + "</body></html>"
    if not head and not videos and (images := _plain_images(text, windows, decorations)) is not None:
        return images
    paragraphs: list[tuple[int, int]] = []
    if videos:  # videos read the nearest paragraph: find them only then
        begin = None
        for match in _PARAGRAPH.finditer(text, read_from, read_to):
            if match[1]:
                begin = match.start()
            elif begin is not None:
                paragraphs.append((begin, match.end()))
                begin = None
    parts = []
    for begin, end, is_video in _merged(windows):
        before = next((p for p in reversed(paragraphs) if p[1] <= begin), None) if is_video else None
        after = next((p for p in paragraphs if p[0] >= end), None) if is_video else None
        parts.append(
            "<div>"
            + (text[before[0] : before[1]] if before else "")
            + _marked(text, begin, end, decorations)
            + (text[after[0] : after[1]] if after else "")
            + "</div>"
        )
    return (head or "<html><body>") + "".join(parts) + "</body></html>"


#: How much of the content is searched for in the page; where it is found, the rest is compared.
_CONTENT_LEAD = 64


def _last_place(text: str, content: str, start: int) -> int:
    """`text.rfind(content, start)` in a fifth of its time: a page's content is kilobytes long,
    and finding its first characters, then comparing the rest where they are, is quicker (2 µs
    against 9 on the benchmark's 64 KB pages)."""
    lead = content[:_CONTENT_LEAD]
    found = text.rfind(lead, start)
    while found >= 0 and not text.startswith(content, found):
        found = text.rfind(lead, start, found + len(lead) - 1)  # the places that start before
    return found


def _media_tags(text: str, start: int, end: int) -> list[tuple[int, int, bool, str]]:
    """(where, where it ends, closing, lower-case name) of each media and frame tag in
    text[start:end].  Tags are matched as pages write them, in lower case; a page with a tag name
    that starts in upper case (a hand-written `<IMG>`) is scanned again, case-insensitively."""
    tags = []
    for match in _MEDIA_OR_UPPER.finditer(text, start, end):
        tag = match[0]
        if tag[-1].isupper():
            matches = _media_any_case().finditer(text, start, end)
            return [(m.start(), m.end(), bool(m[1]), m[2].lower()) for m in matches]
        closing = tag[1] == "/"
        tags.append((match.start(), match.end(), closing, tag[1 + closing : -1]))
    return tags


#: The attribute that marks an image of the page's frame in the parts handed to the parser.
_FRAME_MARK = "data-sitemap-frame"


_CLASS_ATTRIBUTE = re.compile(r"""class\s*=\s*["']([^"']*)""", re.IGNORECASE)


def _in_frame(text: str, position: int, depth: dict[str, int]) -> bool:
    """Is the <img> at `position` part of the frame: in a <nav>, in a <header> or <footer> that is
    not an article's own, or right inside an author's or profile's element (a blog's avatars)?"""
    if depth["nav"] or (not depth["article"] and (depth["header"] or depth["footer"])):
        return True
    opener = text.rfind("<", max(0, position - 400), position)
    if opener < 0 or text.startswith("</", opener):
        return False
    classes = _CLASS_ATTRIBUTE.search(text, opener, position)
    return bool(classes and set(classes[1].lower().split()) & PROFILE_CLASSES)


def _marked(text: str, begin: int, end: int, decorations: list[int]) -> str:
    """text[begin:end], each frame <img> in it marked with `_FRAME_MARK`."""
    inside = [p for p in decorations if begin <= p < end]
    if not inside:
        return text[begin:end]
    pieces, last = [], begin
    for position in inside:
        pieces.append(text[last : position + 4] + f" {_FRAME_MARK}")
        last = position + 4
    pieces.append(text[last:end])
    return "".join(pieces)


#: An <img> tag whose attributes the parser reads as written: each a lower-case name with a
#: double-quoted value (no character reference, no control character, no `<`, `>` or lone
#: surrogate), none twice (`_plain_images`).  Python-Markdown and docutils write every image so.
_PLAIN_IMG = re.compile(
    r'<img((?:[ \t\n\f\r]+[a-z][a-z0-9-]*="[^"&<>\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]*")*)'
    r"[ \t\n\f\r]*/?>"
)
_PLAIN_ATTRIBUTE = re.compile(r'([a-z][a-z0-9-]*)="([^"]*)"')


class _PlainImage(dict[str, str]):
    """A plain <img> tag's attributes, read as the parser would read them, and standing in for
    its element where images are read (`_image`, `is_decoration`): `get`, and no ancestors."""

    def iterancestors(self, *tags: str) -> tuple[()]:
        return ()


def _plain_images(text: str, windows: list[list[Any]], decorations: list[int]) -> list[_PlainImage] | None:
    """The images of `windows` read without a parse, where each is a plain <img> tag alone (in no
    <picture> or <figure>: `_PLAIN_IMG`); None where one is not.  A parse costs more than the rest
    of such a page's read: the document, its tree, then each element and attribute asked for."""
    images = []
    for begin, end, _ in windows:
        tag = _PLAIN_IMG.fullmatch(text, begin, end)
        if tag is None:
            return None
        attributes = _PLAIN_ATTRIBUTE.findall(tag[1])
        image = _PlainImage(attributes)
        if len(image) != len(attributes):
            return None  # an attribute twice: the parser keeps the first
        if begin in decorations:
            image[_FRAME_MARK] = ""
        images.append(image)
    return images


def _merged(spans: list[list[Any]]) -> list[list[Any]]:
    merged: list[list[Any]] = []
    for span in sorted(spans):
        if merged and span[0] < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], span[1])
            merged[-1][2] = merged[-1][2] or span[2]
        else:
            merged.append(list(span))
    return merged


def _parse(text: str, url: str, media: bool = True, content: str | None = None) -> Any:
    if not text or text.isspace():  # not strip(): that copies the page
        return None
    text = _relevant_html(text, url, media, content)
    if not text or isinstance(text, list):
        return text or None
    try:
        return etree.fromstring(text, _PARSER)
    except ValueError:  # a str with an XML encoding declaration: lxml wants bytes then
        return etree.fromstring(text.encode("utf-8", "surrogateescape"), _PARSER)
    except etree.XMLSyntaxError:
        return None


def _read_meta(element: Any, facts: HtmlFacts) -> None:
    # Every page has several: each attribute is read only where the one before did not decide.
    prop = element.get("property")
    if prop is not None and facts.modified is None and prop.strip().lower() in MODIFIED_META:
        facts.modified = (element.get("content") or "").strip() or None
        return
    name = (element.get("name") or "").strip().lower()
    if name in ("robots", "googlebot"):
        directives = {d.strip() for d in (element.get("content") or "").lower().split(",")}
        facts.noindex = facts.noindex or bool(directives & {"noindex", "none"})
    elif name == "description" and facts.description is None:
        facts.description = (element.get("content") or "").strip() or None
    elif (element.get("http-equiv") or "").strip().lower() == "refresh":
        facts.redirect = facts.redirect or bool(_REFRESH.search(element.get("content") or ""))


def _json_ld_modified(text: str) -> str | None:
    """`dateModified` of a JSON-LD block: its top level, or the first item of `@graph` having it."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    items = data if isinstance(data, list) else [data]
    for item in items:
        if isinstance(item, dict):
            candidates = [item, *(g for g in item.get("@graph", []) if isinstance(g, dict))]
            for candidate in candidates:
                value = candidate.get("dateModified")
                if isinstance(value, str) and value.strip():
                    return value.strip()
    return None


def is_decoration(img: Any) -> bool:
    """An image a theme or extension adds around the content (emoji), not content itself."""
    classes = set((img.get("class") or "").lower().split())
    if classes & DECORATIVE_CLASSES:
        return True
    return is_decorative_url((img.get("src") or "").lower())


def _read_link(element: Any, base: str, facts: HtmlFacts) -> None:
    rel = (element.get("rel") or "").lower().split()
    canonical = "canonical" in rel and facts.canonical is None
    if not canonical and not ("alternate" in rel and element.get("hreflang")):
        return  # a stylesheet, an icon: most of a head's links, known by `rel` alone
    href = (element.get("href") or "").strip()
    if not href:
        return
    if canonical:
        facts.canonical = _resolve(base, href)
    else:
        facts.alternates[element.get("hreflang").strip()] = _resolve(base, href)


def parse_srcset(value: str) -> list[tuple[str, str]]:
    """`(url, descriptor)` pairs per the HTML spec's srcset parsing (URLs may contain commas)."""
    candidates = []
    position, length = 0, len(value)
    while position < length:
        while position < length and (value[position].isspace() or value[position] == ","):
            position += 1
        start = position
        while position < length and not value[position].isspace():
            position += 1
        url, descriptor = value[start:position], ""
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            start = position
            while position < length and value[position] != ",":
                position += 1
            descriptor = value[start:position].strip()
        if url:
            candidates.append((url, descriptor))
    return candidates


def _largest(candidates: list[tuple[str, str]]) -> str | None:
    """Widest `w` candidate if any has a width, else the highest density (`x`, default 1x)."""
    widths, densities = [], []
    for url, descriptor in candidates:
        try:
            if descriptor.endswith("w"):
                widths.append((int(descriptor[:-1]), url))
            else:
                densities.append((float(descriptor[:-1]) if descriptor.endswith("x") else 1.0, url))
        except ValueError:
            continue
    best = max(widths, key=lambda c: c[0]) if widths else max(densities, key=lambda c: c[0], default=None)
    return best[1] if best else None


def _is_pixel(element: Any) -> bool:
    """A tracking pixel: 0 or 1 wide and high (most images say neither)."""
    return _is_pixel_size(element.get("width")) and _is_pixel_size(element.get("height"))


def _is_pixel_size(value: str | None) -> bool:
    return value is not None and value.strip().lower().removesuffix("px") in ("0", "1")


def _image(img: Any, base: str) -> str | None:
    if _is_pixel(img):
        return None
    src = (img.get("src") or "").strip()
    if not src or src.startswith("data:"):
        src = (img.get("data-src") or "").strip()  # lazy-loading scripts keep the real URL here
    candidates = [(src, "")] if src and not src.startswith("data:") else []
    for srcset in (img.get("srcset"), img.get("data-srcset")):
        candidates += parse_srcset(srcset or "")
    # libxml2's HTML parser does not know <source> is void and nests the <img> inside it.
    for picture in img.iterancestors("picture"):
        for source in picture.iter("source"):
            candidates += parse_srcset(source.get("srcset") or "")
        break
    if len(candidates) == 1 and not candidates[0][1] and not candidates[0][0].startswith("data:"):
        chosen: str | None = candidates[0][0]  # a `src` alone: most images
    else:
        chosen = _largest([c for c in candidates if not c[0].startswith("data:")])
    if not chosen:
        return None
    url, _, fragment = _resolve(base, chosen).partition("#")
    # Material's `#only-dark` and GitHub's `#gh-dark-mode-only` mark the dark twin of an image
    # listed in its light variant: one of a pair is listed, and no image URL keeps a fragment.
    return None if fragment in DARK_VARIANTS else url


def _text(element: Any) -> str | None:
    text = " ".join("".join(element.itertext()).split()) if element is not None else ""
    return text or None


def _nearest_paragraph(element: Any) -> str | None:
    for sibling in (*element.itersiblings(), *element.itersiblings(preceding=True)):
        if isinstance(sibling.tag, str) and sibling.tag == "p" and (text := _text(sibling)):
            return text
    return None


def _html5_video(video: Any, base: str) -> Video:
    src = video.get("src")
    if not src:
        sources = [s for s in video.iter("source") if s.get("src")]
        mp4 = [s for s in sources if "mp4" in (s.get("type") or "") or s.get("src").endswith(".mp4")]
        src = (mp4 or sources)[0].get("src") if sources else None
    figure = video.getparent()
    while figure is not None and figure.tag != "figure":
        figure = figure.getparent()
    caption = _text(next(figure.iter("figcaption"), None)) if figure is not None else None
    anchor = figure if figure is not None else video
    return Video(
        content_loc=_resolve(base, src.strip()) if src else None,
        thumbnail_loc=_resolve(base, video.get("poster").strip()) if video.get("poster") else None,
        title=video.get("title") or video.get("aria-label") or caption,
        description=caption
        if caption and (video.get("title") or video.get("aria-label"))
        else _nearest_paragraph(anchor),
    )


def _embedded_video(element: Any, base: str) -> Video | None:
    if element.tag == "lite-youtube":
        video_id = element.get("videoid")
        if not video_id:
            return None
        player = f"https://www.youtube.com/embed/{video_id}"
        title = element.get("playlabel") or element.get("title")
    else:
        src = (element.get("src") or element.get("data-src") or "").strip()
        if not src:
            return None
        player = _resolve(base, src)
        parts = urlsplit(player)
        host = (parts.hostname or "").lower()
        title = element.get("title")
        if host in _YOUTUBE_HOSTS and (match := _YOUTUBE_ID.match(parts.path)):
            video_id = match[1]
        elif host == "player.vimeo.com" and _VIMEO_ID.match(parts.path):
            return Video(player_loc=player, title=title, description=_nearest_paragraph(element))
        else:
            return None
    # YouTube serves a thumbnail for every video id at this address.
    return Video(
        player_loc=player,
        thumbnail_loc=f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg",
        title=title,
        description=_nearest_paragraph(element),
    )

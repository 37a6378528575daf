"""The page's own pictures and players: each image at its largest, told from emoji, avatars, badges and the
theme's frame; each video with what the page says of it (its title, the text around it, a poster)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from sitemap_plugins.core.model import Video
from sitemap_plugins.core.normalize import remove_dot_segments
from sitemap_plugins.core.pages.decorations import decoration, is_mark
from sitemap_plugins.core.pages.regions import framed, hidden

#: Fragments that mark the dark variant of an image whose light variant the page also shows.
DARK_VARIANTS = ("only-dark", "gh-dark-mode-only")
_YOUTUBE_HOSTS = {
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "youtube-nocookie.com",
    "www.youtube-nocookie.com",
}
_YOUTUBE_ID = re.compile(r"^/embed/([A-Za-z0-9_-]{6,})")
_VIMEO_ID = re.compile(r"^/video/(\d+)")


@dataclass
class Media:
    """A page's pictures and players, in the order met."""

    images: list[str] = field(default_factory=list)
    videos: list[Video] = field(default_factory=list)
    #: Images that are not content, with their kind (emoji, avatar, badge, frame): listed only
    #: with `images_decorative`, counted in the report.
    decorative_images: list[tuple[str, str]] = field(default_factory=list)
    #: A player without a poster (its key) -> the pictures its own section shows: the page's
    #: `og:image` is its thumbnail only where it is one of them, or the page is the video's.
    section_pictures: dict[str | None, set[str]] = field(default_factory=dict)


def read_media(
    root: Any, base: str, facts: Media, part: str, title: str | None = None, met: set[Any] | None = None
) -> None:
    """Images and videos in `root`, which is the page's `content`, its content `region` (whose
    navigation, and headers, footers and asides not an article's own, are the theme's frame), or
    the rest of the page, its `frame` (read after the region: what is new there is frame);
    `title`, the page's `<title>`, names the site whose logo may open the page; `met`, the
    elements read already (the region's, where `root` is the whole page), is added to."""
    seen = set(facts.images) | {url for url, _ in facts.decorative_images}
    origin = _origin(base)
    met = set() if met is None else met
    for element in root.iter("img", "video", "iframe", "lite-youtube"):
        if element in met or hidden(element):
            continue
        met.add(element)
        in_frame = part == "frame" or (part == "region" and framed(element, root))
        if element.tag == "img":
            image = _image(element, base)
            if image is None or image in seen:
                continue
            seen.add(image)
            kind = "frame" if in_frame else decoration(element, image, origin)
            if kind is None and is_mark(element, image, root, title):
                kind = "logo"
            if kind is None:
                facts.images.append(image)
            else:
                facts.decorative_images.append((image, kind))
        elif in_frame:
            continue
        elif element.tag == "video":
            facts.videos.append(_html5_video(element, base, root, facts))
        elif (video := _embedded_video(element, base, root, facts)) is not None:
            facts.videos.append(video)


def _origin(url: str) -> str:
    """`https://example.com/` of a page's URL: the site's own images are not from a service."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}/" if rest else "\0"


def resolve(base: str, href: str) -> str:
    """`href` resolved against `base` as a browser does; as written where it cannot be (a
    malformed host: validation names it)."""
    if href.startswith(("https://", "http://")):
        return href  # what urljoin would give back (themes write most so)
    if _IN_A_FOLDER.fullmatch(href) and _PLAIN_BASE.fullmatch(base):
        return _in_folder(base, href)
    try:
        return urljoin(base, href)
    except ValueError:
        return href


#: A path relative to the page's folder, and nothing else (`../img/a.png`): no scheme, host,
#: query, fragment, parameter or space, nothing urljoin would parse.
_IN_A_FOLDER = re.compile(r"[\w.~%!$&'()*+,=@-][\w.~%!$&'()*+,=@/-]*")
#: A page's URL with no more than a host and a path (its port aside).
_PLAIN_BASE = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]+)?(?:/[\w.~%!$&'()*+,=@/-]*)?")


def _in_folder(base: str, href: str) -> str:
    """`urljoin(base, href)` for such a path, by urljoin's own steps without parsing either URL
    again (a page's pictures and links are mostly such paths; urljoin was a fifth of their
    reading): the page's folder and the path, empty segments between them dropped, dots resolved."""
    start = base.find("/", base.index("://") + 3)
    origin, path = (base, "/") if start < 0 else (base[:start], base[start:])
    segments = (path[: path.rfind("/") + 1] + href).split("/")
    segments[1:-1] = filter(None, segments[1:-1])
    return origin + remove_dot_segments("/".join(segments))


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
    chosen = _largest([c for c in candidates if not c[0].startswith("data:")])
    if not chosen:
        return None
    url, _, fragment = resolve(base, chosen).partition("#")
    # Material's `#only-dark` and GitHub's `#gh-dark-mode-only` mark the dark twin of an image
    # listed in its light variant: one of a pair is listed, and no image URL keeps a fragment.
    return None if fragment in DARK_VARIANTS else url


def _text(element: Any) -> str | None:
    text = " ".join("".join(element.itertext()).split()) if element is not None else ""
    return text or None


_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Classes of the permalink a theme writes into a heading (Python-Markdown's toc, Sphinx,
#: Hugo and Jekyll themes): its mark ("¶", "#", "§", "🔗") is no part of the heading's words.
_PERMALINK_CLASSES = frozenset(
    {"headerlink", "anchor", "anchorjs-link", "heading-anchor", "permalink", "hash-link"}
)


def _section_of(element: Any, region: Any, base: str) -> tuple[str | None, str | None, set[str]]:
    """What a player's own section says of it: its heading (the one before it), and its nearest paragraph,
    before it first (what introduces it: "here's a quick video of that"), else after it, up to the next
    heading of its heading's level or higher (a subsection's text is still the section's: PyVideo's
    "Description"), however the section nests it; never one across such a heading, which is another topic's.
    Only `region`, the content the player was read from, is searched, and none of its frame: a footer or a
    notice describes nothing. A dropdown (`<details>`, sphinx-design's) is a section of its own, its
    `<summary>` its heading. Then the pictures the section shows."""
    dropdown = next((d for d in element.iterancestors("details") if region in d.iterancestors()), None)
    scope = region if dropdown is None else dropdown
    nodes = [node for node in scope.iter() if isinstance(node.tag, str)]
    at = nodes.index(element)
    after = at + 1 + sum(1 for node in element.iterdescendants() if isinstance(node.tag, str))
    start = next((i for i in range(at - 1, -1, -1) if nodes[i].tag in _HEADINGS), -1)
    level = nodes[start].tag if start >= 0 else "h7"
    end = next(
        (i for i in range(after, len(nodes)) if nodes[i].tag in _HEADINGS and nodes[i].tag <= level),
        len(nodes),
    )
    # Another player bounds it too: what lies beyond it is that player's.
    first = next((i for i in range(at - 1, start, -1) if nodes[i].tag in _PLAYERS), start)
    last = next((i for i in range(after, end) if nodes[i].tag in _PLAYERS), end)
    preceding = (nodes[i] for i in range(at - 1, first, -1))
    following = (nodes[i] for i in range(after, last))
    paragraph = next(
        (
            text
            for node in (*preceding, *following)
            if node.tag == "p" and not hidden(node) and not framed(node, region) and (text := _text(node))
        ),
        None,
    )
    shown = (_image(node, base) for node in nodes[start + 1 : end] if node.tag == "img")
    pictures = {image for image in shown if image}
    if start >= 0:
        return _heading_text(nodes[start]), paragraph, pictures
    summary = dropdown.find("summary") if dropdown is not None else None
    return (_heading_text(summary) if summary is not None else _header_beside(region)), paragraph, pictures


def _header_beside(region: Any) -> str | None:
    """The heading of the `<header>` a theme keeps beside the page's `<article>` (the page's title,
    outside the region the player was read from): what titles a player with no heading of its own."""
    for sibling in region.itersiblings(preceding=True):
        if sibling.tag == "header":
            heading = next(sibling.iter(*_HEADINGS), None)
            return _heading_text(heading) if heading is not None else None
    return None


_PLAYERS = frozenset({"video", "iframe", "lite-youtube"})


def _heading_text(heading: Any) -> str | None:
    """A heading's words as a reader reads them: without the permalink mark a theme adds."""
    words: list[str] = []
    _words_of(heading, words)
    return " ".join(" ".join(words).split()) or None


def _words_of(element: Any, words: list[str]) -> None:
    if element.text:
        words.append(element.text)
    for child in element:
        if isinstance(child.tag, str) and not _is_permalink(child):
            _words_of(child, words)
        if child.tail:
            words.append(child.tail)


def _is_permalink(element: Any) -> bool:
    """A heading's permalink: a link to the heading itself, marked by its class or its one symbol."""
    if element.tag != "a" or not (element.get("href") or "").startswith("#"):
        return False
    classes = set((element.get("class") or "").lower().split())
    text = "".join(element.itertext()).strip()
    return bool(classes & _PERMALINK_CLASSES) or (0 < len(text) <= 2 and not any(c.isalnum() for c in text))


def _html5_video(video: Any, base: str, region: Any, media: Media) -> Video:
    if not (src := video.get("src")):
        sources = [s for s in video.iter("source") if s.get("src")]
        mp4 = [s for s in sources if "mp4" in (s.get("type") or "") or s.get("src").endswith(".mp4")]
        src = (mp4 or sources)[0].get("src") if sources else None
    figure = next(video.iterancestors("figure"), None)
    caption = _text(next(figure.iter("figcaption"), None)) if figure is not None else None
    heading, paragraph, pictures = _section_of(figure if figure is not None else video, region, base)
    own = _own_title(video.get("title") or video.get("aria-label"))
    # Titled by its own words, else its caption, else its section's heading, as a reader sees it.
    found = Video(
        content_loc=resolve(base, src.strip()) if src else None,
        thumbnail_loc=resolve(base, video.get("poster").strip()) if video.get("poster") else None,
        title=own or caption or heading,
        description=caption if caption and own else paragraph,
    )
    if found.thumbnail_loc is None:
        media.section_pictures[found.key] = pictures
    return found


#: The words of the titles embed codes and themes write whatever the video ("YouTube video
#: player", "Vimeo video player", "Video for " where a theme's variable is empty): a title made
#: of these alone is no title.
_EMBED_WORDS = frozenset(
    {"youtube", "vimeo", "peertube", "dailymotion", "video", "videos", "player", "embedded", "embed",
     "content", "iframe", "media", "for", "of", "the", "a", "an", "on", "from", "-", ":", "|"}
)  # fmt: skip


def _own_title(title: str | None) -> str | None:
    """A player's `title`, unless it is one an embed code or a theme writes for every video."""
    if title is None or all(word in _EMBED_WORDS for word in title.lower().split()):
        return None
    return " ".join(title.split())


#: Players of other services: PeerTube's `/videos/embed/<id>`, Dailymotion's `/embed/video/<id>`,
#: and a `player.` host (player.vimeo.com's kind: Twitch, Vidyard, Wistia).
_PLAYER_PATH = re.compile(r"^/(?:videos/embed|embed/video)/[^/]+")


def _embedded_video(element: Any, base: str, region: Any, media: Media) -> Video | None:
    if element.tag == "lite-youtube":
        if not (video_id := element.get("videoid")):
            return None
        player = f"https://www.youtube.com/embed/{video_id}"
        title = _own_title(element.get("playlabel") or element.get("title"))
    else:
        src = (element.get("src") or element.get("data-src") or "").strip()
        if not src:
            return None
        player = resolve(base, src)
        try:
            parts = urlsplit(player)
            host = (parts.hostname or "").lower()
        except ValueError:  # a malformed host: not a player we know
            return None
        title = _own_title(element.get("title"))
        if host in _YOUTUBE_HOSTS and (match := _YOUTUBE_ID.match(parts.path)):
            video_id = match[1]
        elif (
            (host == "player.vimeo.com" and _VIMEO_ID.match(parts.path))
            or _PLAYER_PATH.match(parts.path)
            or (host.startswith("player.") and parts.path.strip("/"))
        ):
            # No address of its thumbnail can be told from the player's: the page's poster or
            # its `og:image` (the harvest), or the page's `video:` metadata, gives it.
            heading, paragraph, media.section_pictures[player] = _section_of(element, region, base)
            return Video(player_loc=player, title=title or heading, description=paragraph)
        else:
            return None
    # A player with no title of its own is titled by its section's heading, as a reader sees it.
    heading, paragraph, _ = _section_of(element, region, base)
    # YouTube serves a thumbnail for every video id at this address.
    return Video(
        player_loc=player,
        thumbnail_loc=f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg",
        title=title or heading,
        description=paragraph,
    )

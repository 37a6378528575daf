"""The page's own pictures and players: each image at its largest, told from emoji, avatars,
badges and the theme's frame; each video with what the page says of it (its title, the text
around it, a poster)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from sitemap_plugins.core.model import Video
from sitemap_plugins.core.pages.regions import framed, hidden

#: Fragments that mark the dark variant of an image whose light variant the page also shows.
DARK_VARIANTS = ("only-dark", "gh-dark-mode-only")
# -- Images that are not content, by kind ---------------------------------------------------------
# `images_decorative: true` lists all of these too; the report counts them by kind.
#: Classes of emoji images: pymdownx.emoji (twemoji, emojione, gemoji) and others.
EMOJI_CLASSES = frozenset({"twemoji", "emojione", "gemoji", "emoji", "emoticon"})
#: `alt=":wink:"`: an emoji written as a shortcode, whatever CDN serves its picture.
EMOJI_SHORTCODE = re.compile(r":[\w+\-]+:")
#: Joiner, variation selectors, the keycap mark: parts of an emoji that are no symbol.
EMOJI_MODIFIERS = frozenset("\u200d\ufe0f\ufe0e\u20e3")
#: Hosts that serve people's profile pictures: GitHub, Gravatar, GitLab, Bitbucket, and the
#: services all-contributors tables and blog themes take them from.
AVATAR_HOSTS = (
    "avatars.githubusercontent.com",
    "avatars0.githubusercontent.com",
    "avatars1.githubusercontent.com",
    "avatars2.githubusercontent.com",
    "avatars3.githubusercontent.com",
    "gravatar.com",
    "secure.gravatar.com",
    "www.gravatar.com",
    "0.gravatar.com",
    "1.gravatar.com",
    "2.gravatar.com",
    "s.gravatar.com",
    "secure.gitlab.com",
    "avatar-management--avatars.us-west-2.prod.public.atl-paas.net",
    "unavatar.io",
    "i.pravatar.cc",
    "ui-avatars.com",
)
#: Paths that name an avatar on a host that serves other pictures too.
AVATAR_PATHS = (
    re.compile(r"^/uploads/-/system/user/avatar/"),  # GitLab
    re.compile(r"^/account/[^/]+/avatar/"),  # Bitbucket
    re.compile(r"^/[^/]+\.png$"),  # github.com/<user>.png
)
AVATAR_PATH_HOSTS = frozenset({"gitlab.com", "bitbucket.org", "github.com"})
#: A class that names an avatar: `avatar`, `md-author`, `*-avatar*`, `avatar-*`, on the image or
#: the element right around it (Material's blog authors and git authors, contributor grids).
AVATAR_CLASS = re.compile(r"(?:^|-)avatars?(?:$|-)|^(?:md-author|md-profile|author|profile)$")
#: Badge services: their pictures say a build passed or a version was released, not what a page is.
#: The rule (`_is_badge`) tells a badge by what it is on the page; these hosts are for the badges
#: nothing on the page tells (not linked, no size, no text in the URL: `![](https://img.shields.io/pypi/v/x)`).
BADGE_HOSTS = (
    "img.shields.io",
    "shields.io",
    "badgen.net",
    "badge.fury.io",
    "codecov.io",
    "app.codecov.io",
    "coveralls.io",
    "pepy.tech",
    "static.pepy.tech",
    "api.codeclimate.com",
    "app.codacy.com",
    "travis-ci.org",
    "travis-ci.com",
    "api.travis-ci.com",
    "ci.appveyor.com",
    "snyk.io",
    "api.netlify.com",
    "deepwiki.com",
    "readthedocs.org",
    "img.badgesize.io",
    "badges.gitter.im",
    "api.securityscorecards.dev",
    "www.bestpractices.dev",
    "bestpractices.coreinfrastructure.org",
)
#: A badge on a code host: GitHub's workflow badges, GitLab's pipeline and coverage badges.
BADGE_PATH = re.compile(r"/badge\.svg$|/badges/")
BADGE_PATH_HOSTS = frozenset({"github.com", "gitlab.com"})
#: Emoji sets and CDNs (GitHub's `/images/icons/emoji/` too), for emoji without a shortcode `alt`.
EMOJI_PATH = re.compile(r"twemoji|emojione|joypixels|/emojis?/")

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


def read_media(root: Any, base: str, facts: Media, part: str) -> None:
    """Images and videos in `root`, which is the page's `content`, its content `region` (whose
    navigation, and headers, footers and asides not an article's own, are the theme's frame), or
    the rest of the page, its `frame` (read after the region: what is new there is frame)."""
    seen = set(facts.images) | {url for url, _ in facts.decorative_images}
    origin = _origin(base)
    for element in root.iter("img", "video", "iframe", "lite-youtube"):
        if hidden(element):
            continue
        in_frame = part == "frame" or (part == "region" and framed(element, root))
        if element.tag == "img":
            image = _image(element, base)
            if image is None or image in seen:
                continue
            seen.add(image)
            kind = "frame" if in_frame else _decoration(element, image, origin)
            if kind is None:
                facts.images.append(image)
            else:
                facts.decorative_images.append((image, kind))
        elif in_frame:
            continue
        elif element.tag == "video":
            facts.videos.append(_html5_video(element, base, root))
        elif (video := _embedded_video(element, base, root)) is not None:
            facts.videos.append(video)


def _from_a_badge_service(host: str, path: str) -> bool:
    return (
        host in BADGE_HOSTS
        or host.endswith(".shields.io")
        or (host in BADGE_PATH_HOSTS and BADGE_PATH.search(path) is not None)
    )


def _origin(url: str) -> str:
    """`https://example.com/` of a page's URL: the site's own images are not from a service."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}/" if rest else "\0"


def _decoration(img: Any, url: str, origin: str) -> str | None:
    """What kind of image that is not content `img` (at `url`, on a page of `origin`) is: emoji,
    avatar, badge; None for content."""
    classes = (img.get("class") or "").lower().split()
    alt = (img.get("alt") or "").strip()
    if set(classes) & EMOJI_CLASSES or EMOJI_SHORTCODE.fullmatch(alt) or _is_emoji(alt):
        return "emoji"
    parent = img.getparent()
    around = (parent.get("class") or "").lower().split() if parent is not None else []
    if any(AVATAR_CLASS.search(c) for c in (*classes, *around)):
        return "avatar"
    if url.startswith(origin):
        # The site's own image: no avatar or badge service, no emoji CDN; but a badge, a button or
        # a row of linked logos (its sponsors') all the same, whatever host draws it.
        return "badge" if _is_badge(img, url) else None
    try:
        parts = urlsplit(url)
        host, path = (parts.hostname or "").lower(), parts.path
    except ValueError:  # a malformed host: validation names it
        host, path = "", ""
    if host in AVATAR_HOSTS or (host in AVATAR_PATH_HOSTS and any(p.search(path) for p in AVATAR_PATHS)):
        return "avatar"
    if _from_a_badge_service(host, path):
        return "badge"
    if EMOJI_PATH.search(url.lower()):
        return "emoji"
    if _is_badge(img, url):
        return "badge"
    return None


#: Query names with which a picture is drawn from its own text: a badge's label, a button's text.
_TEXT_QUERY = re.compile(r"(?:^|&)(?:text|label|message|subject|status|logo|style)=", re.IGNORECASE)
_IMAGE_FILE = re.compile(r"\.(?:png|jpe?g|gif|webp|avif|svg)$", re.IGNORECASE)
#: A badge, a button or a widget is about as tall as a line of text.
_LINE_HEIGHT = 40


def _is_badge(img: Any, url: str) -> bool:
    """A status badge, a button or a widget, told by what it is on the page, whatever host draws it:
    a picture drawn from its own text (`button.svg?text=Get started`, `?label=pypi`); or one that
    links to another page (a CI run, a coverage report, a package, a sign-up) and is a vector
    drawing, or no taller than a line of text, or one of a row of linked pictures among which
    stands a badge; or a sponsor's logo (a class or a path that names sponsors or backers).  A row
    of linked pictures is no badge row for being one: a row of book covers is content."""
    query = url.partition("?")[2]
    if query and _TEXT_QUERY.search(query):
        return True
    if next(img.iterancestors("button"), None) is not None:
        return True  # the picture of a control (a tab's logo): what a reader clicks, not reads
    link = next(img.iterancestors("a"), None)
    href = (link.get("href") or "").strip() if link is not None else ""
    if not href or href.startswith("#") or href == url or _IMAGE_FILE.search(href.partition("?")[0]):
        return False  # not a link to another page (a photo linking to its full size is content)
    if _SPONSOR_CLASS.search(url.partition("?")[0]) or any(
        _SPONSOR_CLASS.search(element.get("class") or "") for element in _around(link, 3)
    ):
        return True  # a sponsor's banner or logo: the site thanks them, no reader came for it
    height = _declared_height(img)
    if (height is not None and height > _LINE_HEIGHT) or _sized_by_the_column(img):
        return False  # drawn taller than a line, or as a share of the text's width: shown for itself
    path = url.partition("?")[0].partition("#")[0]
    return height is not None or path.lower().endswith(".svg") or _in_a_row_of_badges(link, img)


#: A class or a path naming who pays for the site: `sponsors`, `fastapi-sponsors__card`,
#: `backers`, `/img/sponsors/acme.png`.
_SPONSOR_CLASS = re.compile(r"sponsor|backer", re.IGNORECASE)


def _around(element: Any, levels: int) -> list[Any]:
    """`element` and the `levels` elements around it."""
    found = [element]
    for ancestor in element.iterancestors():
        if len(found) > levels:
            break
        found.append(ancestor)
    return found


def _declared_height(img: Any) -> int | None:
    """The height in pixels the page gives the picture (`height`, or its style's), if any."""
    height = (img.get("height") or "").strip().removesuffix("px")
    if not height:
        match = re.search(r"(?:^|;)\s*height\s*:\s*(\d+)px", img.get("style") or "")
        height = match[1] if match else ""
    return int(height) if height.isdigit() else None


_SHARE_OF_WIDTH = re.compile(r"(?:^|;)\s*width\s*:\s*[\d.]+%")


def _sized_by_the_column(img: Any) -> bool:
    """The page draws the picture as a share of the text's width (`style="width: 20%"`): a logo
    or an illustration; a badge is drawn at its own small size."""
    style_width = _SHARE_OF_WIDTH.search(img.get("style") or "")
    return (img.get("width") or "").strip().endswith("%") or style_width is not None


def _in_a_row_of_badges(link: Any, img: Any) -> bool:
    """`link` stands beside other links that hold a picture alone, with no words between them, and
    another picture of that row is of a badge's shape (`_badge_shaped`): a README's row of badges,
    one of them drawn by a host no list names."""
    parent = link.getparent()
    if parent is None or (parent.text or "").strip():
        return False
    pictures = []
    for child in parent:
        if not isinstance(child.tag, str) or (child.tail or "").strip():
            return False
        if child.tag == "a" and not "".join(child.itertext()).strip() and child.find(".//img") is not None:
            pictures.append(child.find(".//img"))
        elif child.tag != "br":
            return False
    return len(pictures) >= 2 and any(_badge_shaped(other) for other in pictures if other is not img)


def _badge_shaped(img: Any) -> bool:
    """A picture of a badge's shape, as written: a vector drawing, no taller than a line of text,
    drawn from its own text, or from a badge service."""
    src = (img.get("src") or "").strip()
    height = _declared_height(img)
    if (height is not None and height <= _LINE_HEIGHT) or _TEXT_QUERY.search(src.partition("?")[2]):
        return True
    try:
        parts = urlsplit(src)
        host, path = (parts.hostname or "").lower(), parts.path
    except ValueError:
        return False
    return path.lower().endswith(".svg") or _from_a_badge_service(host, path)


def _is_emoji(text: str) -> bool:
    """One emoji as written in `alt` (with its variation selector, skin tone, keycap, or a
    sequence of them joined; a subdivision's flag): a symbol picture, not a description."""
    if not text or len(text) > 16:
        return False
    symbol_seen = False
    for character in text:
        code = ord(character)
        if character in EMOJI_MODIFIERS or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F:
            continue  # what modifies a symbol: a skin tone, a flag's subdivision tags
        # The emoji blocks whole: emoji newer than this Python's Unicode tables are there too.
        symbol = 0x1F000 <= code <= 0x1FAFF or unicodedata.category(character) == "So"
        if not symbol and not (character in "0123456789#*" and "\u20e3" in text):  # keycaps
            return False
        symbol_seen = True
    return symbol_seen


def resolve(base: str, href: str) -> str:
    """`href` resolved against `base` as a browser does; as written where it cannot be (a
    malformed host: validation names it)."""
    try:
        return urljoin(base, href)
    except ValueError:
        return href


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


def _section_of(element: Any, region: Any) -> tuple[str | None, str | None]:
    """What a player's own section says of it: its heading (the one before it), and its
    nearest paragraph, before it first (what introduces it: "here's a quick video of that"),
    else after it, up to the next heading of its heading's level or higher (a subsection's
    text is still the section's: PyVideo's "Description"), however the section nests it; never
    one across such a heading, which is another topic's.  Only `region`, the content the player
    was read from, is searched, and none of its frame: a footer or a notice describes nothing."""
    nodes = [node for node in region.iter() if isinstance(node.tag, str)]
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
    heading = _heading_text(nodes[start]) if start >= 0 else _header_beside(region)
    return heading, paragraph


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


def _html5_video(video: Any, base: str, region: Any) -> Video:
    src = video.get("src")
    if not src:
        sources = [s for s in video.iter("source") if s.get("src")]
        mp4 = [s for s in sources if "mp4" in (s.get("type") or "") or s.get("src").endswith(".mp4")]
        src = (mp4 or sources)[0].get("src") if sources else None
    figure = next(video.iterancestors("figure"), None)
    caption = _text(next(figure.iter("figcaption"), None)) if figure is not None else None
    heading, paragraph = _section_of(figure if figure is not None else video, region)
    own = _own_title(video.get("title") or video.get("aria-label"))
    # Titled by its own words, else its caption, else its section's heading, as a reader sees it.
    return Video(
        content_loc=resolve(base, src.strip()) if src else None,
        thumbnail_loc=resolve(base, video.get("poster").strip()) if video.get("poster") else None,
        title=own or caption or heading,
        description=caption if caption and own else paragraph,
    )


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


def _embedded_video(element: Any, base: str, region: Any) -> Video | None:
    if element.tag == "lite-youtube":
        video_id = element.get("videoid")
        if not video_id:
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
            heading, paragraph = _section_of(element, region)
            return Video(player_loc=player, title=title or heading, description=paragraph)
        else:
            return None
    # A player with no title of its own is titled by its section's heading, as a reader sees it.
    heading, paragraph = _section_of(element, region)
    # YouTube serves a thumbnail for every video id at this address.
    return Video(
        player_loc=player,
        thumbnail_loc=f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg",
        title=title or heading,
        description=paragraph,
    )

"""Images that are not a page's content, by kind: emoji, avatars, badges (widgets, buttons, a
sponsor's logo), told by what they are on the page, whatever host draws them.  `images_decorative:
true` lists them all the same; the report counts them by kind."""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from urllib.parse import urlsplit

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
#: A badge's path: GitHub's workflow badges, GitLab's pipeline and coverage badges, Read the
#: Docs' `/projects/<name>/badge/` and `/static/projects/badges/passing-flat.svg`.
BADGE_PATH = re.compile(r"/badge\.svg$|/badges?/")
BADGE_PATH_HOSTS = frozenset({"github.com", "gitlab.com"})
#: Emoji sets and CDNs (GitHub's `/images/icons/emoji/` too), for emoji without a shortcode `alt`.
EMOJI_PATH = re.compile(r"twemoji|emojione|joypixels|/emojis?/")


def _from_a_badge_service(host: str, path: str) -> bool:
    return (
        host in BADGE_HOSTS
        or host.endswith(".shields.io")
        or (host in BADGE_PATH_HOSTS and BADGE_PATH.search(path) is not None)
        or _badge_drawing(path)
    )


def _badge_drawing(path: str) -> bool:
    """A vector drawing under a badge's path, whatever host draws it, linked or not (Read the
    Docs' badge page shows its badges as pictures, unlinked)."""
    return path.lower().endswith(".svg") and BADGE_PATH.search(path) is not None


def decoration(img: Any, url: str, origin: str) -> str | None:
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
    try:
        parts = urlsplit(url)
        host, path = (parts.hostname or "").lower(), parts.path
    except ValueError:  # a malformed host: validation names it
        host, path = "", ""
    if url.startswith(origin):
        # The site's own image: no avatar service, no emoji CDN; but a badge, a button or a row
        # of linked logos (its sponsors') all the same, whatever host draws it.
        return "badge" if _badge_drawing(path) or _is_badge(img, url) else None
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

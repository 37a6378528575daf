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
    if url.startswith(origin):
        # The site's own image: no avatar service, no emoji CDN; but a badge, a button or a row
        # of linked logos (its sponsors') all the same, whatever host draws it.
        path = "/" + url[len(origin) :].partition("#")[0].partition("?")[0]
        return "badge" if _badge_drawing(path) or _is_badge(img, url) else None
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


#: A picture named a logo: in its file name, `alt` or `title` (`logo.svg`, `logo_jupyter.png`,
#: `/img/logos/`, "Hatch logo", "Logo by ...").
_LOGO = re.compile(r"logo", re.IGNORECASE)
#: What parts a `<title>` into the page's name and the site's ("Tutorial — Flask Documentation").
_TITLE_PARTS = re.compile(r"\s+[-\u2013\u2014|\u00b7:]+\s+")
#: Words of a site's name that say what kind of site it is, not which ("Flask Documentation").
_KIND_OF_SITE = frozenset({"documentation", "docs", "home", "welcome", "the"})
#: Words that name a picture of a name: "Hatch logo", `flask-name.svg`.
_MARK = frozenset({"logo", "name", "wordmark", "banner", "brand", "icon"})
#: Where text says nothing of the page's own: a heading's (the title a masthead stands under),
#: a style's, a script's.
_UNSAID = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "style", "script", "template"})


def is_mark(img: Any, url: str, root: Any, title: str | None) -> bool:
    """A logo that stands for a site, not for what the page says: the site's own (its file name
    or `alt` is the site's name its `<title>` gives, said to be a logo or a name: not a picture
    of the site's subject named as the site, "Grill"), as the masthead under the page's title
    before any word of its text (a home page's hero: Hatch's, FastAPI's, Flask's wordmark); a
    project's logo (`logo` in its name) on a card that takes the reader to it (a showcase's
    grid, a sidebar's promotion); a sponsor's, linked to the sponsor the text thanks just before.
    A logo in the prose (a page introducing a framework with its logo) is content."""
    name = url.partition("?")[0].rstrip("/").rsplit("/", 1)[-1]
    alt = img.get("alt") or ""
    if (_LOGO.search(" ".join((name, alt, img.get("title") or ""))) and _on_a_card(img)) or _thanked(img):
        return True
    site = _words(_TITLE_PARTS.split(title or "")[-1]) - _KIND_OF_SITE
    stem = name.rpartition(".")[0] or name
    if not site or not any(site <= words <= site | _MARK for words in (_words(stem), _words(alt))):
        return False
    return bool(_words(f"{stem} {alt} {img.get('title')}") & _MARK) and _opens_the_page(img, root)


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[^\W_]{3,}", text)}


def _opens_the_page(img: Any, root: Any) -> bool:
    """No word of the page's text stands between its last `<h1>` before `img` (or the start of
    `root`) and `img`."""
    said = False
    ancestors = set(img.iterancestors())
    for element in root.iter():
        if element is img:
            return not said
        if not isinstance(element.tag, str):
            continue
        if element.tag == "h1":
            said = False
        unsaid = element.tag in _UNSAID or any(a.tag in _UNSAID for a in element.iterancestors())
        tail_unsaid = element in ancestors or any(a.tag in _UNSAID for a in element.iterancestors())
        said = said or (not unsaid and bool((element.text or "").strip()))
        said = said or (not tail_unsaid and bool((element.tail or "").strip()))
    return False


def _on_a_card(img: Any) -> bool:
    """`img` stands on a card that takes the reader to another site: a link holding the picture
    and words (the card's title), or the picture's link beside a heading linking to the same
    page, or a stretched link over the card (a link that says nothing: sphinx-design's); a linked
    picture alone in the prose is not."""
    link = next(img.iterancestors("a"), None)
    if link is None:  # a stretched link: one that says nothing but its address
        links = (a for box in _around(img, 3)[1:] for a in box.iterchildren("a"))
        return _elsewhere(
            next((a for a in links if "".join(a.itertext()).strip() in ("", a.get("href"))), None)
        )
    if not _elsewhere(link) or "".join(link.itertext()).strip():
        return _elsewhere(link)
    headings = (h for box in _around(link, 3)[1:] for h in box.iterdescendants("h2", "h3", "h4", "h5", "h6"))
    return any(a.get("href") == link.get("href") for heading in headings for a in heading.iter("a"))


def _thanked(img: Any) -> bool:
    """`img` links, alone in its paragraph, to the site the paragraph before thanks as a sponsor
    ("made possible by <a>Acme</a>, who sponsored the release"): the sponsor's logo."""
    link = next(img.iterancestors("a"), None)
    box = link.getparent() if _elsewhere(link) else None
    before = box.getprevious() if box is not None and box.tag == "p" else None
    return (
        before is not None
        and _SPONSOR_CLASS.search("".join(before.itertext())) is not None
        and any(a.get("href") == link.get("href") for a in before.iter("a"))
    )


def _elsewhere(link: Any) -> bool:
    """`link` takes the reader to another site."""
    return link is not None and (link.get("href") or "").startswith(("http://", "https://", "//"))


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

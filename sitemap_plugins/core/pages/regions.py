"""Where a page's content is, and what in it is the theme's frame (navigation, headers,
footers and asides that are no article's own) or never shown (`<template>`, `<noscript>`, and
what the `hidden` attribute hides)."""

from __future__ import annotations

import re
from typing import Any

# -- Where the content is -------------------------------------------------------------------------
#: Where themes put a page's content, most specific first: Material's and Zensical's `.md-content`,
#: `role="main"` (MkDocs' and Read the Docs' themes), `<main>`, then the outermost `<article>`s
#: (Pelican's themes).  Found in one pass over the tags that carry them.
CONTENT_CLASS = "md-content"
REGION_TAGS = ("div", "section", "main", "article")
#: Elements whose children a reader never sees as the page's own images or videos: a
#: `<template>` is not rendered, `<noscript>` repeats what a script shows.
HIDDEN_TAGS = ("template", "noscript")


def content_region(root: Any) -> list[Any]:
    """The elements holding the page's content (`CONTENT_CLASS`, `REGION_TAGS`); none where the
    page has no such region (its body is then read, with its frame left out)."""
    role_main = main = None
    articles = []
    for element in root.iter(*REGION_TAGS):
        if CONTENT_CLASS in (element.get("class") or "").split():
            return [element]
        if role_main is None and element.get("role") == "main":
            role_main = element
        elif element.tag == "main" and main is None:
            main = element
        elif element.tag == "article" and next(element.iterancestors("article"), None) is None:
            articles.append(element)
    first = role_main if role_main is not None else main
    return [first] if first is not None else articles


def framed(element: Any, region: Any) -> bool:
    """In the frame within `region` (a link, a picture or a player): inside one of its frame
    elements (`is_frame`)."""
    for ancestor in element.iterancestors():
        if ancestor is region:
            return False
        if is_frame(ancestor, region):
            return True
    return False


def is_frame(element: Any, region: Any) -> bool:
    """A frame element within `region`: a `<nav>`, or a `<footer>` or `<aside>` that is no
    article's own, or a `<header>` where the region is the whole body (the page marks none).
    What lies around the region does not count: a theme may put the region, an `<article>`, in
    an `<aside id="featured">`."""
    if element.tag == "nav":
        return True
    if element.tag not in ("header", "footer", "aside") or region.tag == "article":
        return False
    if element.tag == "header" and region.tag != "body":
        # A content region's own header shows the page's subject (a category's banner, a page's
        # title): the site's header is the body's, around the region.
        return False
    for ancestor in element.iterancestors():
        if ancestor is region:
            return True
        if ancestor.tag == "article":
            return False
    return True


def never_shown(element: Any) -> bool:
    """An element whose content a reader never sees: a `<template>`, a `<noscript>`, one with
    the `hidden` attribute (but `hidden="until-found"`, which a search of the page opens), or
    one its own style hides (`style="display: none"`, Sphinx's toggles; `visibility: hidden`)."""
    if element.tag in HIDDEN_TAGS:
        return True
    value = element.get("hidden")
    if value is not None and value.strip().lower() != "until-found":
        return True
    style = element.get("style")
    return style is not None and _HIDING_STYLE.search(style) is not None


#: A declaration of an element's own style that hides it.
_HIDING_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)", re.I
)


def hidden(element: Any, asked: dict[Any, bool] | None = None) -> bool:
    """`element` is never seen: it, or an element around it, is `never_shown`.  `asked` keeps
    the answer for each element around it, for the next one asked (a listing's regions, a post
    each, side by side in one parent)."""
    if asked is None:
        return never_shown(element) or any(never_shown(ancestor) for ancestor in element.iterancestors())
    if element not in asked:
        parent = element.getparent()
        asked[element] = never_shown(element) or (parent is not None and hidden(parent, asked))
    return asked[element]

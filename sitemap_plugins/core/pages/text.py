"""What a reader sees as a page's own words (`page_text`): the fingerprint that tells a copy from a
translation, and where a theme marks no content region, its blocks of text, of which what repeats
across one language's pages is the theme's frame (`frame_free_digest`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sitemap_plugins.core.pages.html import PageHtml
from sitemap_plugins.core.pages.regions import content_region, hidden, never_shown


@dataclass
class PageText:
    """What a reader sees as the page's own words (`page_text`)."""

    #: A fingerprint of its words: two pages with one show the same text (a translation shows
    #: other words).  None where it shows no words, or only headings.
    digest: str | None
    #: Where the theme marks no content region: a fingerprint of each block of text the body
    #: shows outside the frame, in order, and whether it is a heading.  What repeats across the
    #: pages of one language is the theme's frame (`frame_free_digest`).
    blocks: list[tuple[str, bool]] | None = None


def page_text(page: PageHtml) -> PageText:
    """The words of the page's `content` (the HTML its source rendered to), else of its content
    region, else of its main block (`_main_block`), in order; markup, links, scripts and the
    frame aside.  The trees are those its facts were read from (`PageHtml`): one parse."""
    blocks = None
    if page.content is not None:
        regions = [root] if (root := page.content_root) is not None else []
    else:
        root = page.root
        body = next(root.iter("body"), None) if root is not None else None
        regions = content_region(root) if body is not None else []
        if body is not None and not regions:
            regions, blocks = [_main_block(body)], _text_blocks(body)
    shown = [region for region in regions if not hidden(region)]
    # A `<nav>` in the region is the theme's (Material's breadcrumb, `nav.md-path`, names the
    # section in the page's language): no words of the page's own.  Code is no words a translator
    # translates (a copy may print its own language's code in an example), but where a page's
    # prose is its headings alone (an API reference's models), its code is what it shows.
    for skipped in (_UNTRANSLATED, _UNTRANSLATED - {"pre", "code"}):
        words = [word for region in shown for word in _shown_words(region, skipped)]
        # A page whose text is its headings alone (a home page whose words its template draws,
        # its Markdown only a title) shows nothing of its own: two such are no copies of each other.
        in_headings = sum(len(_shown_words(h, skipped)) for region in shown for h in region.iter(*_HEADINGS))
        if words and in_headings < len(words):
            return PageText(_fingerprint(words), blocks)
    return PageText(None, blocks)


def frame_free_digest(blocks: list[tuple[str, bool]], frame: set[str]) -> str | None:
    """The fingerprint of a page's `blocks` but those of the theme's `frame`; None where only
    headings are left."""
    kept = [(block, heading) for block, heading in blocks if block not in frame]
    if all(heading for _, heading in kept):
        return None
    return _fingerprint([block for block, _ in kept])


def _fingerprint(words: list[str]) -> str:
    # The words are lxml's text: Unicode that UTF-8 encodes whatever the page held.
    return hashlib.sha256(" ".join(words).encode()).hexdigest()


def _text_blocks(body: Any) -> list[tuple[str, bool]]:
    """Each outermost paragraph, list, table or heading the body shows outside the frame's
    elements, by the words it shows outside links (a list of related posts names them in the
    page's language), with whether it is a heading."""
    found: list[tuple[str, bool]] = []
    stack: list[Any] = [body]
    while stack:
        element = stack.pop()
        if not isinstance(element.tag, str) or never_shown(element) or element.tag in _FRAME_TAGS:
            continue
        if element.tag in _TEXT_BLOCKS or element.tag in _HEADINGS:
            if words := _shown_words(element, _UNTRANSLATED | {"a"}):
                found.append((_fingerprint(words)[:16], element.tag in _HEADINGS))
            continue
        stack += reversed(element)
    return found


def _main_block(body: Any) -> Any:
    """Where a theme marks no content region, the block that holds most of what the page says:
    from the body down, into the one child that holds more than half of the words its parent's
    paragraphs show, as long as there is one.  A sidebar that greets the reader in each
    language, a language menu, are not the page's own words (polyglot's theme)."""
    block = body
    while True:
        counts = [(len(_paragraph_words(child)), child) for child in block if isinstance(child.tag, str)]
        total = sum(count for count, _ in counts)
        best = max(counts, key=lambda pair: pair[0], default=(0, None))
        if best[1] is None or best[0] * 2 <= total or best[1].tag in _TEXT_BLOCKS:
            return block  # its words are in several blocks, or the largest is one paragraph
        if _one_of_a_list(best[1]):
            return block  # a listing's entries: its one long excerpt is not what the page says
        block = best[1]


def _one_of_a_list(element: Any) -> bool:
    """`element` is one of several entries alike (the same tag and class beside it, each with its
    words): a listing's `div.post`, whose page is all of them, each excerpt in its language."""
    kind = (element.tag, element.get("class"))
    beside = [*element.itersiblings(preceding=True), *element.itersiblings()]
    return any((other.tag, other.get("class")) == kind and _paragraph_words(other) for other in beside)


def _paragraph_words(element: Any) -> list[str]:
    """The words of the paragraphs `element` shows, outside the frame (a sidebar's nav) and
    outside links (a list of related posts, a language menu: what a reader follows, not reads)."""
    if never_shown(element) or element.tag in _FRAME_TAGS:
        return []
    found = _shown_words(element, _WORDLESS | {"a"}) if element.tag in _TEXT_BLOCKS else []
    if found:
        return found
    return [word for child in element if isinstance(child.tag, str) for word in _paragraph_words(child)]


def _shown_words(region: Any, skipped: frozenset[str] | None = None) -> list[str]:
    """The words a reader sees in `region`, in order: what is never shown (and the elements
    `skipped` names, by default those whose text no reader sees) is passed over whole, and the
    text after it (its tail, its parent's) is read.  A stack rather than recursion: a page's
    nesting has no bound a reader would notice."""
    skipped = _WORDLESS if skipped is None else skipped
    words: list[str] = []
    stack: list[Any] = [region]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            words += item.split()
            continue
        if not isinstance(item.tag, str) or item.tag in skipped or never_shown(item):
            continue  # a comment's text, a script's, what is hidden
        words += (item.text or "").split()
        for child in reversed(item):
            if child.tail:
                stack.append(child.tail)
            stack.append(child)
    return words


#: Elements whose text no reader sees as the page's words.
_WORDLESS = frozenset({"script", "style", "template", "noscript"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: What a theme's frame is drawn in, never the page's own words.
_FRAME_TAGS = frozenset({"nav", "header", "footer", "aside", *_WORDLESS})
#: Elements that hold a paragraph's words, not blocks of them.
_TEXT_BLOCKS = frozenset({"p", "li", "blockquote", "pre", "td", "dd", "ul", "ol", "dl", "table"})
#: What tells a translation from a copy is the prose: the theme's navigation and the page's code
#: (`lang-exclusive: ['ar']` in polyglot's own example, printed with each page's language) aside.
_UNTRANSLATED = _WORDLESS | {"nav", "pre", "code"}

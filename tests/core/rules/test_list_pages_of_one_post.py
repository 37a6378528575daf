"""A list page that shows one post, or several of one date, is no post (#90): Hugo's Stack theme
draws each post on a list page as a card, its date in the card's `footer.article-meta`, as the
post's own page draws its header.  A page's own publication is one its own article states,
never one in a card that links to another page.  Pages written here in the Stack demo's shape
(four languages, tag, category and home pages), read as `generate --from-dir` reads them."""

from __future__ import annotations

import sitemap_plugins as sp

BASE = "https://example.com/"
#: What Stack writes on every list page: `.Site.Lastmod`, the site's newest change.
SITE_LASTMOD = '<meta property="og:updated_time" content="2026-01-26T09:00:00+00:00">'


def _page(head: str, main: str) -> str:
    return (
        f'<!DOCTYPE html><html lang="en"><head>{head}</head><body><div class="container main-container">'
        '<aside class="sidebar left-sidebar"><ol class="menu"><li><a href="/">Home</a></li>'
        '<li><a href="/categories/">Categories</a></li></ol></aside>'
        f'<main class="main full-width">{main}</main></div></body></html>'
    )


def _details(path: str, title: str, date: str, category: str) -> str:
    """A post's header details as Stack draws them, on its own page and in a home page's card."""
    return (
        f'<div class="article-details"><header class="article-category"><a href="/categories/{category}/">'
        f'{category}</a></header><div class="article-title-wrapper"><h2 class="article-title">'
        f'<a href="/{path}">{title}</a></h2></div><footer class="article-meta"><div class="inline-meta">'
        f'<time class="article-time--published" datetime="{date}T10:00:00Z">{date}</time></div></footer></div>'
    )


def _image(path: str) -> str:
    return f'<div class="article-image"><a href="/{path}"><img src="/{path}cover.jpg" width="800" height="600"></a></div>'


POSTS = {  # path: (title, date, category)
    "p/mermaid/": ("Mermaid diagrams", "2025-12-23", "syntax"),
    "p/css/": ("Styling", "2026-01-25", "themes"),
    "p/html/": ("Markup", "2026-01-25", "themes"),
    "p/markdown/": ("Markdown", "2025-06-01", "documentation"),
    "ja/p/mermaid/": ("図", "2025-12-23", "syntax"),
}


def _post(path: str) -> str:
    title, date, category = POSTS[path]
    head = (
        f'<meta property="article:published_time" content="{date}T10:00:00Z">'
        f'<meta property="article:modified_time" content="{date}T10:00:00Z">'
    )
    header = f'<header class="article-header">{_image(path)}{_details(path, title, date, category)}</header>'
    return _page(head, f'<article class="has-image main-article">{header}<section class="article-content">'
                       f"<p>The words of {title}.</p></section></article>")  # fmt: skip


def _home(paths: list[str]) -> str:
    cards = "".join(
        f'<article class="has-image"><header class="article-header">{_image(path)}'
        f"{_details(path, *POSTS[path])}</header></article>"
        for path in paths
    )
    return _page(SITE_LASTMOD, f'<section class="article-list">{cards}</section>')


def _term(name: str, paths: list[str], banner: str = "") -> str:
    """A tag's or a category's page: its section card (the category's own image), then a compact
    card per post, the whole card a link to the post."""
    cards = "".join(
        f'<article><a href="/{path}"><div class="article-details"><h2 class="article-title">{POSTS[path][0]}'
        f'</h2><footer class="article-meta"><time datetime="{POSTS[path][1]}T10:00:00Z">{POSTS[path][1]}</time>'
        f'</footer></div><div class="article-image"><img src="/{path}cover.jpg" width="60" height="60"></div></a></article>'
        for path in paths
    )
    header = f'<header><div class="section-card"><h1 class="section-term">{name}</h1>{banner}</div></header>'
    return _page(SITE_LASTMOD, f'{header}<section class="article-list--compact">{cards}</section>')


def _categories() -> str:
    """The categories page: a compact card per category, its count where a post's card has its
    date, the Documentation one with the category's own picture."""
    cards = (
        '<article><a href="/categories/syntax/"><div class="article-details"><h2 class="article-title">Syntax'
        '</h2><footer class="article-meta"><span class="article-description">1 page</span></footer></div></a>'
        '</article><article><a href="/categories/documentation/"><div class="article-details">'
        '<h2 class="article-title">Documentation</h2><footer class="article-meta"><span class="article-'
        'description">1 page</span></footer></div><div class="article-image"><img src="/categories/'
        'documentation/cover.jpg" width="60" height="60"></div></a></article>'
    )
    return _page(SITE_LASTMOD, f'<header><h1 class="section-term">Categories</h1></header>'
                               f'<section class="article-list--compact">{cards}</section>')  # fmt: skip


def _stack_site(tmp_path) -> sp.Sitemap:
    site = sp.Sitemap(sp.Options(base_url=BASE))
    pages = {path: _post(path) for path in POSTS}
    documentation = '<div class="section-image"><img src="/categories/documentation/cover.jpg" width="60" height="60"></div>'
    pages |= {
        "": _home(["p/css/", "p/html/", "p/mermaid/", "p/markdown/"]),
        "ja/": _home(["ja/p/mermaid/"]),
        "tags/css/": _term("CSS", ["p/css/", "p/html/"]),
        "categories/syntax/": _term("Syntax", ["p/mermaid/"]),
        "categories/documentation/": _term("Documentation", ["p/markdown/"], documentation),
        "categories/": _categories(),
    }
    for path, html in pages.items():
        site.add_page(sp.Page(BASE + path, html=html, kind_unknown=True))
    site.write(tmp_path)
    return site


def test_a_list_page_of_one_post_or_one_date_is_dated_by_what_it_shows(tmp_path):
    """Stack's tag page of two posts of one day, its category page of one post and the Japanese
    home page of one post are no posts: each is dated by the post it shows (Hugo's sitemap says
    so too), not by the site's newest change that the theme writes on every list page."""
    entries = _stack_site(tmp_path).entries
    dated = {loc[len(BASE) :]: str(entry.lastmod)[:10] for loc, entry in entries.items()}
    assert {path: dated[path] for path in ("", "ja/", "tags/css/", "categories/syntax/")} == {
        "": "2026-01-25",
        "ja/": "2025-12-23",
        "tags/css/": "2026-01-25",
        "categories/syntax/": "2025-12-23",
    }
    assert dated["p/mermaid/"] == "2025-12-23"


def test_a_list_pages_cards_give_up_the_pictures_of_the_posts_they_show_and_no_others(tmp_path):
    """The Japanese home page's card shows its one post's picture: the post lists it, the home
    page does not.  The categories page shows categories, no post: its Documentation tile is its
    own picture, listed."""
    entries = _stack_site(tmp_path).entries
    images = {loc[len(BASE) :]: [image.loc for image in entry.images] for loc, entry in entries.items()}
    assert images["ja/"] == []
    assert images["ja/p/mermaid/"] == [BASE + "ja/p/mermaid/cover.jpg"]
    assert images["categories/"] == [BASE + "categories/documentation/cover.jpg"]

"""A page's addresses resolved as a browser resolves them: `resolve` gives what `urljoin` gives,
whether it takes urljoin's own steps for a path in the page's folder or asks urljoin."""

from __future__ import annotations

import itertools
from urllib.parse import urljoin

import pytest

from sitemap_plugins.core.pages.media import resolve

BASES = [
    "https://example.com",
    "https://example.com/",
    "http://example.com:8000/docs/page",
    "https://example.com/docs/guide/",
    "https://example.com/docs//twice/page.html",
    "https://example.com/caf%C3%A9/\u00fcber.html",
    "https://Example.com/docs/",
    "https://example.com/docs/./a/../b",
]
#: Parts of a path relative to the page's folder, joined by `/` one to three at a time.
PARTS = ["..", ".", "", "img", "a.png", "%20x", "\u00e9", "~user", "a+b", "k=v", "@"]


def test_a_path_in_the_pages_folder_resolves_as_urljoin_resolves_it():
    """Every path of up to three parts, against every base: 11,680 pairs, most taken by the short
    way (urljoin's own steps), the rest by urljoin."""
    pairs = [
        (base, "/".join(parts))
        for base in BASES
        for count in range(1, 4)
        for parts in itertools.product(PARTS, repeat=count)
        if any(parts)
    ]
    differ = [(base, href) for base, href in pairs if resolve(base, href) != urljoin(base, href)]
    assert len(pairs) > 10_000 and not differ, differ[:5]


@pytest.mark.parametrize(
    "href",
    [
        "/img/a.png",  # from the host's root
        "//cdn.example.org/a.png",  # another host
        "a.png?v=2",  # a query
        "a.png#only-dark",  # a fragment
        "page;v=1",  # a parameter
        "mailto:me@example.com",  # a scheme
        "c++:intro/",  # a first segment that urljoin takes for a scheme
        "img\\a.png",  # a backslash
        " img/a.png ",  # spaces around
        "img/\ta.png",  # a tab, which urljoin drops
        "",
        "HTTPS://example.com/a.png",
    ],
)
def test_what_is_more_than_a_path_is_resolved_by_urljoin(href):
    base = "https://example.com/docs/guide/"
    assert resolve(base, href) == urljoin(base, href)


def test_an_absolute_url_is_taken_as_written():
    assert resolve("https://example.com/docs/", "https://cdn.example.org/a/../b.png") == (
        "https://cdn.example.org/a/../b.png"
    )

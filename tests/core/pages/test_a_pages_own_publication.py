"""A page's own publication is one its own article states (its header, its meta line), never one
in a card that links to another page (#90), whatever theme draws either."""

from __future__ import annotations

from sitemap_plugins.core.pages.html import read_html

URL = "https://example.com/p/mermaid/"


def _facts(main: str):
    return read_html(f"<html><body><main>{main}</main></body></html>", URL, media=False, links=True)


def test_a_posts_header_that_links_to_the_post_itself_states_its_publication():
    """Hugo Stack's post: its title links to the post itself, its date in the meta line below."""
    facts = _facts(
        '<article class="main-article"><header class="article-header"><div class="article-details">'
        '<h2 class="article-title"><a href="/p/mermaid/">Mermaid</a></h2><footer class="article-meta">'
        '<time class="article-time--published" datetime="2025-12-23T10:00:00Z">Dec 23</time></footer>'
        "</div></header><section><p>Diagrams.</p></section></article>"
    )
    assert (facts.published, facts.shows_cards) == ("2025-12-23T10:00:00Z", False)


def test_one_card_that_links_to_a_post_states_no_publication_of_the_list_page():
    """Stack's compact card (the whole card a link) and minima's list item (its title a link): the
    date is the linked post's; the page shows cards."""
    compact = (
        '<article><a href="/p/mermaid/"><div class="article-details"><h2 class="article-title">Mermaid</h2>'
        '<footer class="article-meta"><time datetime="2025-12-23T10:00:00Z">Dec 23</time></footer></div></a></article>'
    )
    listed = (
        '<ul class="post-list"><li><span class="post-meta"><time datetime="2025-12-23">Dec 23</time></span>'
        '<h3><a class="post-link" href="/p/mermaid/">Mermaid</a></h3></li></ul>'
    )
    for main in (compact, listed):
        facts = read_html(
            f"<html><body><main>{main}</main></body></html>", "https://example.com/tags/css/", links=True
        )
        assert (facts.published, facts.shows_cards) == (None, True)

"""A listing is dated by the posts a reader sees it list: a card the page hides (`hidden`, in a
container that hides it: a theme's copy for another layout) dates nothing, whichever of the
listing's cards, side by side, it stands beside."""

from __future__ import annotations

from git_helpers import lastmods
from sitemap_checks import generate_from_dir

BASE = "https://example.com/"


def post(title: str, date: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><title>{title}</title>'
        f'<meta property="article:published_time" content="{date}">'
        f'<meta property="article:modified_time" content="{date}"></head>'
        f"<body><main><h1>{title}</h1><p>Text of {title}.</p></main></body></html>"
    )


def card(href: str, title: str) -> str:
    return f'<article><h2><a href="{href}">{title}</a></h2><p>Summary of {title}.</p></article>'


def test_a_card_inside_a_hidden_container_does_not_date_the_listing(tmp_path):
    site = tmp_path / "site"
    (site / "posts").mkdir(parents=True)
    (site / "posts" / "a.html").write_text(post("A", "2024-01-01T00:00:00+00:00"))
    (site / "posts" / "c.html").write_text(post("C", "2023-05-01T00:00:00+00:00"))
    (site / "posts" / "b.html").write_text(post("B", "2025-06-01T00:00:00+00:00"))
    (site / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>Blog</title></head><body>'
        + card("posts/a.html", "A")
        + card("posts/c.html", "C")
        + "<div hidden>"
        + card("posts/b.html", "B")
        + "</div></body></html>"
    )
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    dates = lastmods(site / "sitemap.xml")
    assert dates[BASE] == "2024-01-01T00:00:00+00:00"
    assert dates[f"{BASE}posts/b.html"] == "2025-06-01T00:00:00+00:00"

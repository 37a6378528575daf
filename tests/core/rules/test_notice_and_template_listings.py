"""What a generator's listings show (#90), the pages handed over as Pelican's face hands them (each
written to its file; an article with its metadata and its content; a listing as one; a template
page of the theme's as a page of unknown kind), in the shape of PyVideo's site (Pelican, its
talks in events, speakers and tags):

- a notice linked from every page (the nav's "Thank You", a "Read More" under the banner) dates
  no listing, on any face: the events page is dated by its events, not by that page;
- a page that shows posts is dated by them, whatever made it: the theme's `languages.html`,
  showing every talk, is dated by the newest, not by its template's history."""

from __future__ import annotations

from pathlib import Path

from git_helpers import commit, git

import sitemap_plugins as sp

BASE = "https://talks.example.org/"
NAV = (
    '<nav class="navbar"><a href="/events.html">Events</a> <a href="/tags.html">Tags</a> '
    '<a href="/pages/thank-you-contributors.html">Thank You</a></nav>'
)
NOTICE = (
    '<div class="alert">This site is run by volunteers. '
    '<a href="/pages/thank-you-contributors.html">Read More</a></div>'
)
TALKS = {  # path: (title, date, event)
    "conf-a/profiling.html": ("Profiling", "2023-05-04", "conf-a"),
    "conf-a/packaging.html": ("Packaging", "2023-05-05", "conf-a"),
    "conf-b/typing.html": ("Typing", "2024-11-03", "conf-b"),
    "conf-b/testing.html": ("Testing", "2024-06-01", "conf-b"),
}


def _html(body: str) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><title>Talks</title></head><body>'
        f'{NAV}<div class="container" role="main">{NOTICE}{body}</div></body></html>'
    )


def _list(title: str, paths: list[str]) -> str:
    items = "".join(f'<li><a href="/{path}">{TALKS.get(path, (path,))[0]}</a></li>' for path in paths)
    return _html(f"<h1>{title}</h1><ul>{items}</ul>")


def _write(root: Path, path: str, html: str) -> str:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(html, encoding="utf-8")
    return str(root / path)


def _pyvideo(tmp_path: Path, languages: bool = False) -> sp.Sitemap:
    root = tmp_path / "output"
    site = sp.Sitemap(sp.Options(base_url=BASE))
    for path, (title, date, _) in TALKS.items():
        content = f"<h2>{title}</h2><p>The talk {title}.</p>"
        html = _html(f"<article>{content}</article>")
        site.add_page(
            sp.Page(BASE + path, meta={"date": date}, content=content, path=_write(root, path, html))
        )
    thanks = "<h2>Thank You</h2><p>To every contributor.</p>"
    site.add_page(
        sp.Page(
            BASE + "pages/thank-you-contributors.html",
            meta={"date": "2016-12-31", "modified": "2025-08-03"},
            content=thanks,
            path=_write(root, "pages/thank-you-contributors.html", _html(f"<article>{thanks}</article>")),
        )
    )
    listings = {
        "index.html": _list("Latest talks", list(TALKS)),
        "events/conf-a.html": _list("Conf A", [p for p, talk in TALKS.items() if talk[2] == "conf-a"]),
        "events/conf-b.html": _list("Conf B", [p for p, talk in TALKS.items() if talk[2] == "conf-b"]),
        "events.html": _list("Events", ["events/conf-a.html", "events/conf-b.html"]),
        "tags/python.html": _list("python", list(TALKS)),
        "tags.html": _list("Tags", ["tags/python.html"]),
    }
    for path, html in listings.items():
        site.add_page(sp.Page(BASE + path, listing=True, path=_write(root, path, html)))
    if languages:
        # The theme's template, last committed four years before the newest talk it shows.
        theme = tmp_path / "theme"
        template = _write(theme, "templates/languages.html", '{% extends "base.html" %}')
        git(theme, "init", "-q")
        commit(theme, "2020-02-25T12:00:00+00:00")
        html = _list("Talks by language", list(TALKS))
        site.add_page(
            sp.Page(
                BASE + "languages.html",
                source_path=template,
                path=_write(root, "languages.html", html),
                kind_unknown=True,
            )
        )
    site.write(tmp_path / "out")
    return site


def _dated(site: sp.Sitemap) -> dict[str, str]:
    return {loc[len(BASE) :]: str(entry.lastmod)[:10] for loc, entry in site.entries.items()}


def test_a_notice_linked_from_every_page_dates_no_generators_listing(tmp_path):
    dated = _dated(_pyvideo(tmp_path))
    assert {
        path: dated[path] for path in ("events.html", "tags.html", "index.html", "events/conf-a.html")
    } == {
        "events.html": "2024-11-03",
        "tags.html": "2024-11-03",
        "index.html": "2024-11-03",
        "events/conf-a.html": "2023-05-05",
    }
    assert dated["pages/thank-you-contributors.html"] == "2025-08-03"


def test_a_small_blogs_posts_on_every_listing_still_date_them(tmp_path):
    """Every listing of a blog of two posts shows both, and each post links to the other (its
    neighbour): they are its entries, no notice; the listings are dated by the newer."""
    root = tmp_path / "output"
    site = sp.Sitemap(sp.Options(base_url=BASE))
    posts = {"one.html": ("2024-01-05", "two.html"), "two.html": ("2024-02-05", "one.html")}
    for path, (date, neighbour) in posts.items():
        content = f'<p>Post.</p><p><a href="/{neighbour}">The other post</a></p>'
        site.add_page(
            sp.Page(
                BASE + path, meta={"date": date}, content=content, path=_write(root, path, _html(content))
            )
        )
    for path in ("index.html", "archives.html", "category/misc.html", "tag/misc.html"):
        site.add_page(sp.Page(BASE + path, listing=True, path=_write(root, path, _list(path, list(posts)))))
    site.write(tmp_path / "out")
    assert {_dated(site)[path] for path in ("index.html", "archives.html", "tag/misc.html")} == {"2024-02-05"}


def test_a_template_page_that_shows_posts_is_dated_by_them(tmp_path):
    dated = _dated(_pyvideo(tmp_path, languages=True))
    assert dated["languages.html"] == "2024-11-03"

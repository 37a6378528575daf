"""The classes of wrong facts the fifteen real sites found in the fifth round (#82), each on a page in
the shape of the one it came from (the real page where the corpus holds it: the corpus tier,
`tiers/corpus/test_corpus.py`, holds those sites whole), told in this process as built pages hand them over.
Every expected value is written out by hand from the page as a reader sees it."""

from __future__ import annotations

import sitemap_plugins as sp

BASE = "https://example.com/"


def _site(**values) -> sp.Sitemap:
    return sp.Sitemap(sp.Options(base_url=BASE, **values))


# -- media ------------------------------------------------------------------------------------------


def test_a_header_inside_main_shows_the_pages_own_subject():
    """Hugo's Stack theme draws a category's own image as the banner of that category's page, in a
    `<header>` inside `<main>`: the page's image.  The site's header, around `<main>`, is frame."""
    html = (
        '<html><body><header class="site"><img src="/logo.png" alt="Site"></header>'
        '<main class="main"><header><div class="section-card"><img src="/categories/grilling/cover.jpg" '
        'alt="Grilling"><h1>Grilling</h1></div></header><article><h2>First post</h2></article></main></body></html>'
    )
    entry = _site().add_page(sp.Page(BASE + "categories/grilling/", html=html))
    assert [image.loc for image in entry.images] == [BASE + "categories/grilling/cover.jpg"]


def test_a_player_under_the_heading_a_theme_keeps_in_a_header_beside_its_article_is_titled_by_it():
    """A theme that keeps the page's title in a `<header>` beside its `<article>` (the region the
    player is read from): the player with no heading of its own is titled by that heading."""
    html = (
        "<html><body><div class='post'><header><h1>Smoking a brisket</h1></header>"
        "<article><p>Twelve hours, start to finish.</p>"
        '<iframe src="https://www.youtube.com/embed/abcdefghijk" title="YouTube video player"></iframe>'
        "</article></div></body></html>"
    )
    entry = _site().add_page(sp.Page(BASE + "brisket/", html=html))
    assert [(video.title, video.description) for video in entry.videos] == [
        ("Smoking a brisket", "Twelve hours, start to finish.")
    ]


def test_videos_that_lack_only_their_thumbnail_are_said_so(tmp_path):
    """Textual's year in review shows four `<video>` without a poster, each titled and described:
    the summary says what they lack, a thumbnail, not that they are not described."""
    html = (
        "<html><body><main><h2>Tabs</h2><p>The new tabs widget in action.</p>"
        '<video controls><source src="/media/tabs.mp4" type="video/mp4"></video></main></body></html>'
    )
    site = _site()
    site.add_page(sp.Page(BASE + "review/", html=html))
    result = site.write(tmp_path)
    assert result.summary() == "sitemap: 1 URL in 1 file, 0 images, 0 videos, 1 video left out: no thumbnail"
    untitled = (
        "<html><body><main><video controls src='/media/a.mp4' poster='/a.jpg'></video></main></body></html>"
    )
    other = _site()
    other.add_page(sp.Page(BASE + "a/", html=untitled))
    assert other.write(tmp_path / "other").summary().endswith("1 video left out: not described")


# -- languages and copies ---------------------------------------------------------------------------

MENU = "".join(
    f'<link rel="alternate" href="{BASE}{code + "/" if code != "en" else ""}" hreflang="{{lang}}">'
    for code in ("en", "de", "es")
)


def _material(lang: str, crumb: str, text: str) -> str:
    """A Zensical/Material page: the language menu in its head (each link with the page's own
    language, FastAPI's `extra.alternate`), the breadcrumb inside `.md-content`."""
    return (
        f'<html lang="{lang}"><head>{MENU.format(lang=lang)}</head><body><div class="md-content">'
        f'<nav class="md-path"><ol><li><a href="../">{crumb}</a></li></ol></nav>'
        f"<article><h1>External links</h1><p>{text}</p></article></div></body></html>"
    )


def test_a_copy_whose_only_difference_is_the_translated_breadcrumb_is_a_copy(tmp_path):
    """FastAPI on Zensical: /de/external-links/ is the English text under `<html lang="de">`, its
    breadcrumb (`nav.md-path`, inside `.md-content`) translated: a copy, left out."""
    english = "Here are some articles about the framework."
    site = _site()
    site.add_page(sp.Page(BASE, html=_material("en", "Home", "Welcome.")))
    site.add_page(sp.Page(BASE + "de/", html=_material("de", "Startseite", "Willkommen.")))
    site.add_page(sp.Page(BASE + "external-links/", html=_material("en", "Resources", english)))
    site.add_page(sp.Page(BASE + "de/external-links/", html=_material("de", "Ressourcen", english)))
    site.add_page(sp.Page(BASE + "de/translated/", html=_material("de", "Ressourcen", "Hier sind Artikel.")))
    result = site.write(tmp_path)
    assert sorted(site.entries) == [BASE, BASE + "de/", BASE + "de/translated/", BASE + "external-links/"]
    assert result.copies == 1


def test_a_language_menu_names_no_translation_and_the_pages_languages_are_said(tmp_path):
    """Every head names each language's home page (a language menu): no page names its
    translations, so the line that says how to name them is printed."""
    site = _site()
    for lang, path in (("en", ""), ("de", "de/"), ("es", "es/")):
        for page in ("a/", "b/"):
            html = _material(lang, "Home", f"{lang} {page} words of its own")
            site.add_page(sp.Page(BASE + path + page, html=html))
    result = site.write(tmp_path)
    assert any(
        "are in 3 languages" in note and "none names its translations" in note for note in result.notes()
    )
    grouped = sp.Sitemap(sp.Options(base_url=BASE))
    own = f'<link rel="alternate" hreflang="en" href="{BASE}a/"><link rel="alternate" hreflang="de" href="{BASE}de/a/">'
    for lang, url in (("en", BASE + "a/"), ("de", BASE + "de/a/")):
        grouped.add_page(
            sp.Page(
                url,
                html=f'<html lang="{lang}"><head>{own}</head><body><main><p>{lang}</p></main></body></html>',
            )
        )
    assert not any("none names its translations" in note for note in grouped.write(tmp_path / "g").notes())


def test_list_fallbacks_says_its_copies_are_listed_in_no_group(tmp_path):
    """With `list_fallbacks: true` the copies are listed, each in no group: the summary says so,
    not that they were left out."""
    head = f'<link rel="alternate" hreflang="en" href="{BASE}a/"><link rel="alternate" hreflang="de" href="{BASE}de/a/">'
    page = "<html lang='{0}'><head>" + head + "</head><body><main><p>The same words.</p></main></body></html>"
    for listed in (True, False):
        site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en", list_fallbacks=listed))
        site.add_page(sp.Page(BASE + "a/", html=page.format("en")))
        site.add_page(sp.Page(BASE + "de/a/", html=page.format("de")))
        summary = site.write(tmp_path / str(listed)).summary()
        said = "listed in no group (list_fallbacks)" if listed else "left out"
        assert f"1 copy of another language's page {said}: not translations" in summary, summary
        assert ("not listed or listed in no group" in summary) is listed, summary


def test_a_themes_template_the_build_copied_is_no_page(tmp_path):
    """Textual's custom_theme/main.html: MkDocs copied the theme override's Jinja source into the
    site as it is (`{% extends "base.html" %}`, no `<html>`): no page, left out and said at INFO."""
    template = tmp_path / "main.html"
    template.write_text(
        '{% extends "base.html" %}\n\n{% block extrahead %}\n<meta name="x" content="y">\n{% endblock %}\n'
    )
    page = tmp_path / "page.html"
    page.write_text("<!DOCTYPE html><html><body><main><p>{% raw %} is text here</p></main></body></html>")
    site = _site()
    assert site.add_page(sp.Page(BASE + "custom_theme/main.html", path=str(template))) is None
    assert site.add_page(sp.Page(BASE + "page.html", path=str(page))) is not None
    assert [(left.url, left.kind) for left in site.left_out] == [
        (BASE + "custom_theme/main.html", "template")
    ]


def test_a_ribbon_on_every_page_is_frame_where_a_page_marks_no_region_too(tmp_path):
    """PyVideo's "Contribute" ribbon, drawn at the top right of every page: outside the `<article>`
    of its talks (frame), inside the body of its events and tags pages, which mark no region.  On
    every page it is one picture most pages show: the frame's, listed for none (216 URLs listed it
    under --from-dir; the Pelican face, which reads the articles' content, never did)."""
    ribbon = '<a class="ribbon" href="https://github.com/x/data"><img style="position: absolute; top: 0" src="/ribbon.png"></a>'
    talk = (
        "<html><body>"
        + ribbon
        + "<article><h2>Talk {0}</h2><img src='/talk-{0}.jpg'></article></body></html>"
    )
    site = _site()
    for number in range(3):
        site.add_page(sp.Page(BASE + f"talk-{number}.html", html=talk.format(number)))
    site.add_page(
        sp.Page(
            BASE + "events.html", html=f"<html><body>{ribbon}<h1>Events</h1><p>All events.</p></body></html>"
        )
    )
    site.write(tmp_path)
    images = {loc: [image.loc for image in entry.images] for loc, entry in site.entries.items()}
    assert images == {
        **{BASE + f"talk-{n}.html": [BASE + f"talk-{n}.jpg"] for n in range(3)},
        BASE + "events.html": [],
    }


# -- dates -----------------------------------------------------------------------------------------


def test_a_notice_on_every_page_dates_no_listing(tmp_path):
    """PyVideo's base.html puts a "Read More" notice on every page, linking to its thank-you page:
    the events page, which lists talks, is dated by its newest talk, not by that page (newer)."""
    notice = f'<div class="notice">Thanks to our contributors! <a href="{BASE}thank-you-contributors.html">Read More</a></div>'

    def page(title: str, published: str | None, body: str) -> str:
        meta = f'<meta property="article:published_time" content="{published}">' if published else ""
        return f"<html><head><title>{title}</title>{meta}</head><body>{notice}<h1>{title}</h1>{body}</body></html>"

    site = _site()
    for number in range(3):
        html = page(f"Talk {number}", f"2019-05-0{number + 1}", f"<p>The talk number {number}.</p>")
        site.add_page(sp.Page(BASE + f"talk-{number}.html", html=html, kind_unknown=True))
    thanks = page("Thank you", "2024-01-01", "<p>To everyone who sent a talk.</p>")
    site.add_page(sp.Page(BASE + "thank-you-contributors.html", html=thanks, kind_unknown=True))
    links = "".join(f'<li><a href="{BASE}talk-{n}.html">Talk {n}</a></li>' for n in range(3))
    site.add_page(
        sp.Page(BASE + "events.html", html=page("Events", None, f"<ul>{links}</ul>"), kind_unknown=True)
    )
    site.write(tmp_path)
    assert str(site.entries[BASE + "events.html"].lastmod) == "2019-05-03"


def test_a_date_the_theme_writes_the_same_on_every_list_page_is_no_pages_date(tmp_path):
    """Hugo's Stack theme writes `og:updated_time` as `.Site.Lastmod` on every list page: each list
    page is dated by the newest post it shows (as Hugo's own sitemap says), not by the site's
    newest change; a page whose own date it is keeps it."""
    site_lastmod = '<meta property="og:updated_time" content="2024-06-01T10:00:00+00:00">'

    def page(head: str, body: str) -> str:
        return f"<html><head>{head}</head><body><main>{body}</main></body></html>"

    site = _site()
    for number in range(1, 5):
        head = f'<meta property="article:published_time" content="2024-0{number}-01T08:00:00+00:00">'
        site.add_page(
            sp.Page(BASE + f"p/{number}/", html=page(head, f"<p>Post {number}.</p>"), kind_unknown=True)
        )
    lists = {"": (1, 2, 3, 4), "categories/a/": (1, 2), "tags/b/": (2, 3), "archives/": (1, 2, 3)}
    for path, shown in lists.items():
        links = "".join(f'<article><h2><a href="{BASE}p/{n}/">Post {n}</a></h2></article>' for n in shown)
        site.add_page(sp.Page(BASE + path, html=page(site_lastmod, links), kind_unknown=True))
    about = '<meta property="og:updated_time" content="2023-11-11T10:00:00+00:00">'
    site.add_page(sp.Page(BASE + "about/", html=page(about, "<p>About us.</p>"), kind_unknown=True))
    site.write(tmp_path)
    dated = {loc[len(BASE) :]: str(entry.lastmod) for loc, entry in site.entries.items() if "p/" not in loc}
    assert dated == {
        "": "2024-04-01 08:00:00+00:00",
        "categories/a/": "2024-02-01 08:00:00+00:00",
        "tags/b/": "2024-03-01 08:00:00+00:00",
        "archives/": "2024-03-01 08:00:00+00:00",
        "about/": "2023-11-11 10:00:00+00:00",
    }


def _hyde(lang: str, greeting: str, posts: list[str], path: str = "") -> str:
    """A page in the shape of polyglot.untra.io's Hyde theme: no content region, a sidebar greeting
    the reader in the page's language, and the posts' excerpts, each a `div.post`."""
    entries = "".join(
        f'<div class="post"><h1 class="post-title"><a href="/p{n}/">Post {n}</a></h1><p>{text}</p></div>'
        for n, text in enumerate(posts)
    )
    homes = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code + "/" if code != "en" else ""}{path}">'
        for code in ("en", "de", "es")
    )  # polyglot's head: the page in each language
    return (
        f'<html lang="{lang}"><head>{homes}</head><body><div class="sidebar"><p class="speech">{greeting}</p></div>'
        f'<div class="content container"><div class="posts">{entries}</div></div></body></html>'
    )


def test_a_listing_whose_excerpts_are_translated_is_no_copy_even_where_its_longest_is_not(tmp_path):
    """polyglot's de/page2/ shows one long excerpt left in English beside excerpts in German: the
    page is all of them, so it is no copy of the English page2/; es/page2/, all English, is one.
    (Three listing pages a language: the sidebar's greeting is the frame, as polyglot's is.)"""
    long_english = " ".join(["Polyglot 1.8.1 fixes bugs the community found and reported."] * 8)
    english = {
        "page2/": [long_english, "Permalinks per language.", "A new site."],
        "page3/": ["Version 1.7 is out.", "Sitemaps per language."],
        "page4/": ["The first release.", "How it started."],
    }
    german = {
        "page2/": [long_english, "Permalinks je Sprache.", "Eine neue Seite."],
        "page3/": ["Version 1.7 ist da.", "Sitemaps je Sprache."],
        "page4/": ["Die erste Version.", "Wie es anfing."],
    }
    site = _site()
    site.add_page(sp.Page(BASE, html=_hyde("en", "Hello!", ["Welcome to the site."])))
    for path, posts in english.items():
        site.add_page(sp.Page(BASE + path, html=_hyde("en", "Hello!", posts, path)))
        site.add_page(sp.Page(BASE + "de/" + path, html=_hyde("de", "Hallo!", german[path], path)))
        site.add_page(sp.Page(BASE + "es/" + path, html=_hyde("es", "¡Hola!", posts, path)))
    site.write(tmp_path)
    listed = sorted([BASE + path for path in english] + [BASE + "de/" + path for path in german])
    assert sorted(site.entries) == [BASE, *listed]


def test_english_text_printing_its_language_code_in_an_example_is_a_copy(tmp_path):
    """polyglot's post on 1.4.0 prints the page's language code in a code example
    (`lang-exclusive: ['ar']`): the Arabic page is the English text all the same, a copy; the
    Dutch one, whose prose is translated, is a translation."""
    prose = {
        "en": "<p>Polyglot 1.4.0 brings exclusive content per language.</p><p>Write it in the front matter.</p>",
        "ar": "<p>Polyglot 1.4.0 brings exclusive content per language.</p><p>Write it in the front matter.</p>",
        "nl": "<p>Polyglot 1.4.0 brengt exclusieve inhoud per taal.</p><p>Schrijf het in de front matter.</p>",
    }
    head = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code + "/" if code != "en" else ""}p/">'
        for code in prose
    )
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for code, text in prose.items():
        html = (
            f'<html lang="{code}"><head>{head}</head><body><main>{text}'
            f"<pre><code>lang-exclusive: ['{code}']</code></pre></main></body></html>"
        )
        site.add_page(sp.Page(f"{BASE}{code + '/' if code != 'en' else ''}p/", html=html))
    site.write(tmp_path)
    assert sorted(site.entries) == [BASE + "nl/p/", BASE + "p/"]
    assert sorted(site.entries[BASE + "p/"].alternates) == ["en", "nl", "x-default"]


def _listing_site(
    tmp_path, pages: dict[str, tuple[str | None, str]], listings: dict[str, list[str]]
) -> sp.Sitemap:
    """Pages (path -> (their date, `post` or `page`)), and listings (path -> the paths their
    content links to), handed over as a face hands them (listings marked as such)."""
    site = _site()
    for path, (date, kind) in pages.items():
        meta = {"date": date} if kind == "post" else ({"lastmod": date} if date else {})
        site.add_page(
            sp.Page(BASE + path, html=f"<html><body><main><p>{path}</p></main></body></html>", meta=meta)
        )
    for path, links in listings.items():
        body = "".join(f'<p><a href="{BASE}{link}">{link}</a> in a sentence.</p>' for link in links)
        site.add_page(
            sp.Page(BASE + path, html=f"<html><body><main>{body}</main></body></html>", listing=True)
        )
    site.write(tmp_path)
    return site


def test_a_page_showing_every_pages_text_is_dated_by_those_pages_not_the_posts_they_link_to(tmp_path):
    """Full Stack Python's all.html shows the whole text of every page, whose links name some blog
    posts: it is dated by the newest page it shows (2023-04-15, vim.html), not the newest post
    those pages' text links to (2021-09-13)."""
    pages = {f"topic-{n}.html": (f"2022-0{n % 9 + 1}-01", "page") for n in range(16)}
    pages["vim.html"] = ("2023-04-15", "page")
    pages |= {f"blog/post-{n}.html": (f"2021-09-1{n}", "post") for n in range(4)}
    site = _listing_site(tmp_path, pages, {"all.html": list(pages)})
    assert str(site.entries[BASE + "all.html"].lastmod) == "2023-04-15"
    blog = _listing_site(
        tmp_path / "blog", pages, {"blog.html": [f"blog/post-{n}.html" for n in range(4)] + ["vim.html"]}
    )
    assert str(blog.entries[BASE + "blog.html"].lastmod) == "2021-09-13"


def test_a_listing_of_listings_is_dated_by_the_newest_of_them(tmp_path):
    """Pelican's categories page lists the category pages, each a listing: it is dated by the
    newest of them, not left undated as 'a listing whose pages have no date'."""
    posts = {"a.html": ("2024-01-01", "post"), "b.html": ("2024-03-01", "post")}
    site = _listing_site(
        tmp_path,
        posts,
        {
            "category/x.html": ["a.html"],
            "category/y.html": ["b.html"],
            "categories.html": ["category/x.html", "category/y.html"],
        },
    )
    assert {
        path: str(site.entries[BASE + path].lastmod)
        for path in ("category/x.html", "category/y.html", "categories.html")
    } == {
        "category/x.html": "2024-01-01",
        "category/y.html": "2024-03-01",
        "categories.html": "2024-03-01",
    }


def test_a_posts_publication_the_theme_shows_in_its_meta_line_dates_it_and_its_listings(tmp_path):
    """Material's blog says when a post was published in no `<meta>`, only as `<time datetime>` in
    the post's meta (`ul.md-post__meta`, outside `.md-content`): the post is dated by it, and the
    blog's index, a listing of such posts, by the newest it shows (Textual's 43 posts and 17
    listings had no date).  A page that shows several such dates (a listing) states none."""

    def post(date: str) -> str:
        return (
            '<html><body><div class="md-sidebar md-sidebar--post"><ul class="md-post__meta md-nav__list">'
            f'<li><div class="md-nav__link"><time datetime="{date} 00:00:00+00:00" class="md-ellipsis">{date}'
            '</time></div></li></ul></div><div class="md-content"><article><p>The post.</p></article></div></body></html>'
        )

    site = _site()
    for number, date in enumerate(("2024-12-12", "2025-05-07")):
        site.add_page(sp.Page(BASE + f"blog/{number}/", html=post(date), kind_unknown=True))
    excerpts = "".join(
        f'<article class="md-post md-post--excerpt"><header class="md-post__header"><div class="md-post__meta md-meta">'
        f'<time datetime="{date} 00:00:00+00:00">{date}</time></div></header>'
        f'<h2><a href="{BASE}blog/{number}/">Post {number}</a></h2></article>'
        for number, date in enumerate(("2024-12-12", "2025-05-07"))
    )
    index = f'<html><body><div class="md-content">{excerpts}</div></body></html>'
    site.add_page(sp.Page(BASE + "blog/", html=index, kind_unknown=True))
    docs = '<html><body><div class="md-content"><p>Released on <time datetime="2020-01-01">1 Jan</time>.</p></div></body></html>'
    site.add_page(sp.Page(BASE + "docs/", html=docs, kind_unknown=True))
    site.write(tmp_path)
    dated = {loc[len(BASE) :]: str(entry.lastmod) for loc, entry in site.entries.items()}
    assert dated == {
        "blog/0/": "2024-12-12 00:00:00+00:00",
        "blog/1/": "2025-05-07 00:00:00+00:00",
        "blog/": "2025-05-07 00:00:00+00:00",
        "docs/": "None",  # a <time> in the text, in no post's meta line: no date of the page's
    }


def test_a_mike_branch_read_whole_says_how_to_offer_one_version(tmp_path):
    """FastAPI Users' gh-pages, read by `generate --from-dir`: 13 versions' pages are listed, where
    search engines are best offered one version's; one line says how (the plugin in each version's
    build, then `sitemap-plugins versions`). A site without mike's versions.json hears nothing of it."""
    from sitemap_checks import generate_from_dir

    site = tmp_path / "site"
    for version in ("1.0", "2.0"):
        (site / version).mkdir(parents=True)
        (site / version / "index.html").write_text(
            f"<html><body><main><p>Version {version}.</p></main></body></html>"
        )
    (site / "versions.json").write_text(
        '[{"version": "2.0", "title": "2.0", "aliases": ["latest"]}, {"version": "1.0", "title": "1.0", "aliases": []}]'
    )
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "mike's branch" in line]
    assert said == [
        f"sitemap-plugins: {site} is mike's branch (2 versions in versions.json): every version's pages are "
        "listed; to offer search engines one version's (mike's default, or canonical_version), build each "
        "version with the plugin (plugins: [sitemap]) and run `sitemap-plugins versions` after `mike deploy` "
        "(the documentation's mike page)"
    ]
    (site / "versions.json").unlink()
    assert "mike" not in generate_from_dir(site, BASE).stderr

"""Dates a reader agrees with (#75): the commit that adds a post is no edit of it, an included
file never stands in for a page's own date, and a listing is dated by the posts it lists, never
by a page that an excerpt links to or a notice of the frame.  Real MkDocs (Material's blog with
git-revision-date-localized beside), Zensical and Pelican builds, in git repositories made here,
with every URL's lastmod written out by hand from the dates the test commits."""

from __future__ import annotations

import pytest
from git_helpers import commit, git, lastmods
from mkdocs_helpers import mkdocs, zensical_then_generate
from pelican_helpers import pelican, write_theme
from sitemap_checks import generate_from_dir

pytestmark = pytest.mark.slow  # builds real sites

BLOG = "https://blog.example.com/"
IMPORTED = "2022-05-24T09:00:00+00:00"  # the commit that moved the blog into git
EDITED = "2022-06-10T09:00:00+00:00"  # a later edit of one post
DOCS_EDITED = "2022-09-01T09:00:00+00:00"  # a later edit of a docs page one excerpt links to


def _post(created: str, title: str, excerpt: str, category: str) -> str:
    return (
        f"---\ndate:\n  created: {created}\ncategories:\n  - {category}\n---\n\n# {title}\n\n"
        f"{excerpt}\n\n<!-- more -->\n\nThe rest of {title}.\n"
    )


def test_an_imported_material_blog_is_dated_by_its_posts_and_edits(tmp_path):
    """A Material blog moved into git in one commit after every post's `date`, then one post
    edited, then a docs page that the oldest post's excerpt links to: each post is dated by its
    publication or its edit (not the import, which git-revision-date-localized reports too), each
    listing by the newest post it shows (not the docs page)."""
    project = tmp_path / "blog"
    posts = project / "docs" / "blog" / "posts"
    posts.mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Home\n\nRead the [blog](blog/index.md).\n")
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to grill.\n")
    (project / "docs" / "blog" / "index.md").write_text("# Blog\n")
    (posts / "first.md").write_text(
        _post("2022-05-13", "First", "See the [guide](../../guide.md) first.", "Grilling")
    )
    (posts / "second.md").write_text(_post("2022-05-16", "Second", "Charcoal.", "Grilling"))
    (posts / "third.md").write_text(_post("2022-05-20", "Third", "Smoke.", "Smoking"))
    (project / "mkdocs.yml").write_text(
        f"site_name: Imported\nsite_url: {BLOG}\ntheme:\n  name: material\nplugins:\n  - search\n"
        "  - git-revision-date-localized\n  - blog:\n      pagination_per_page: 2\n"
        "      archive_date_format: yyyy\n  - sitemap:\n      report: report.html\n"
    )
    git(project, "init", "-q")
    commit(project, IMPORTED)
    (posts / "second.md").write_text(_post("2022-05-16", "Second", "Charcoal, mended.", "Grilling"))
    commit(project, EDITED)
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to grill, and smoke.\n")
    commit(project, DOCS_EDITED)

    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert lastmods(project / "site" / "sitemap.xml") == {
        BLOG: IMPORTED,
        BLOG + "guide/": DOCS_EDITED,
        BLOG + "blog/2022/05/13/first/": "2022-05-13",  # added by the import, never edited
        BLOG + "blog/2022/05/16/second/": EDITED,
        BLOG + "blog/2022/05/20/third/": "2022-05-20",
        # Newest first, two a page: third and second, then first (whose excerpt links to the guide).
        BLOG + "blog/": EDITED,
        BLOG + "blog/page/2/": "2022-05-13",
        BLOG + "blog/archive/2022/": EDITED,
        BLOG + "blog/archive/2022/page/2/": "2022-05-13",
        BLOG + "blog/category/grilling/": EDITED,  # second and first
        BLOG + "blog/category/smoking/": "2022-05-20",
    }
    assert "without lastmod" not in done.stderr


def test_an_imported_pelican_blog_is_dated_by_its_posts(tmp_path):
    """Two 2024 posts committed once in 2025, then one edited: the other keeps its `Date:`, and
    the home page and the archives are dated by the newest post they show."""
    blog = tmp_path / "pelican"
    (blog / "content").mkdir(parents=True)
    (blog / "content" / "spring.md").write_text("Title: Spring\nDate: 2024-03-01\n\nBuds.\n")
    (blog / "content" / "summer.md").write_text("Title: Summer\nDate: 2024-06-01\n\nSun.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
        'AUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\nAUTHOR_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\nCATEGORY_SAVE_AS = ""\nTHEME = "simple"\n'
    )
    git(blog, "init", "-q")
    commit(blog, "2025-01-01T12:00:00+00:00")
    base = "https://p.example.com/"
    done = pelican(blog, "-v")  # Pelican says its plugins' INFO lines with -v
    assert done.returncode == 0, done.stdout + done.stderr
    assert lastmods(blog / "output" / "sitemap.xml") == {
        base: "2024-06-01",
        base + "archives.html": "2024-06-01",
        base + "spring.html": "2024-03-01",
        base + "summer.html": "2024-06-01",
    }
    said = done.stdout + done.stderr
    assert "sitemap: 4 URLs in 1 file, 0 images, 0 videos" in said and "without lastmod" not in said

    (blog / "content" / "spring.md").write_text("Title: Spring\nDate: 2024-03-01\n\nBuds, and rain.\n")
    commit(blog, "2025-02-01T12:00:00+00:00")
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    assert lastmods(blog / "output" / "sitemap.xml") == {
        base: "2025-02-01T12:00:00+00:00",
        base + "archives.html": "2025-02-01T12:00:00+00:00",
        base + "spring.html": "2025-02-01T12:00:00+00:00",
        base + "summer.html": "2024-06-01",
    }


def test_an_included_file_never_stands_in_for_a_page_git_cannot_date(tmp_path):
    """FastAPI's shape on Zensical: a page generated into the docs and ignored by git includes a
    committed example, as a committed page does.  The committed page is dated by the later of
    its own text and the example; the generated one has no lastmod, counted with the reason."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "docs_src").mkdir()
    (tmp_path / "docs_src" / "app.py").write_text("print('app')\n")
    (docs / "index.md").write_text("# Home\n")
    (docs / "written.md").write_text('# Written\n\n--8<-- "docs_src/app.py"\n')
    (tmp_path / ".gitignore").write_text("docs/generated.md\nsite/\n")
    (tmp_path / "zensical.toml").write_text(
        f'[project]\nsite_name = "Staged"\nsite_url = "{BLOG}"\n'
        '[project.markdown_extensions."pymdownx.snippets"]\n'
    )
    git(tmp_path, "init", "-q")
    commit(tmp_path, "2023-03-18T10:00:00+00:00")  # the example, and both committed pages
    (docs / "written.md").write_text('# Written, again\n\n--8<-- "docs_src/app.py"\n')
    commit(tmp_path, "2026-06-19T10:00:00+00:00")
    (docs / "generated.md").write_text('# Generated\n\n--8<-- "docs_src/app.py"\n')

    done = zensical_then_generate(tmp_path)
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {
        BLOG: "2023-03-18T10:00:00+00:00",
        BLOG + "written/": "2026-06-19T10:00:00+00:00",
        BLOG + "generated/": None,
    }
    assert "sitemap: 1 page without lastmod: 1 ignored by git;" in done.stderr
    assert "dated by a file it includes" not in done.stderr


def test_an_included_file_still_makes_a_dated_page_later(tmp_path):
    """The other side: a committed page whose included example changed after it is dated by the
    example (`Page.includes` can make a date later)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "docs_src").mkdir()
    (tmp_path / "docs_src" / "app.py").write_text("print('app')\n")
    (docs / "index.md").write_text('# Home\n\n--8<-- "docs_src/app.py"\n')
    (tmp_path / "zensical.toml").write_text(
        f'[project]\nsite_name = "Staged"\nsite_url = "{BLOG}"\n'
        '[project.markdown_extensions."pymdownx.snippets"]\n'
    )
    git(tmp_path, "init", "-q")
    commit(tmp_path, "2023-03-18T10:00:00+00:00")
    (tmp_path / "docs_src" / "app.py").write_text("print('app, changed')\n")
    commit(tmp_path, "2024-01-02T10:00:00+00:00")
    done = zensical_then_generate(tmp_path)
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {BLOG: "2024-01-02T10:00:00+00:00"}
    assert "1 page dated by a file it includes" in done.stderr


#: A theme shaped as blog.notmyidea.org's and PyVideo's: a listing's `<article>` holds only its
#: introduction and the list of articles comes after it in `<div id="articles">`; every page
#: carries a notice linking to a page that thanks the contributors.
_NOTICE_THEME_BASE = (
    '<html lang="en"><head><title>{{ SITENAME }}</title></head><body>'
    '<div class="notice">Thanks to <a href="{{ SITEURL }}/pages/thanks.html">our contributors</a>!</div>'
    "{% block content %}{% endblock %}</body></html>"
)
_NOTICE_THEME_LISTING = (
    '{% extends "base.html" %}{% block content %}<article><h1>{{ SITENAME }}</h1><p>Notes on '
    'things.</p></article><div id="articles"><ul>{% for article in (articles_page.object_list '
    'if articles_page else articles) %}<li><a href="{{ SITEURL }}/{{ article.url }}">{{ article.title }}'
    "</a> {{ article.locale_date }}</li>{% endfor %}</ul></div>{% endblock %}"
)


def test_a_list_outside_the_article_and_a_notice_of_the_frame(tmp_path):
    """Each listing is dated by the newest article of its list, wherever the theme puts it; the
    page the frame's notice links to (edited after every article) dates none; the summary counts
    no listing "that shows no dated page"."""
    blog = tmp_path / "pelican"
    (blog / "content" / "pages").mkdir(parents=True)
    (blog / "content" / "one.md").write_text("Title: One\nDate: 2024-01-05\nAuthor: Ann\n\nA.\n")
    (blog / "content" / "two.md").write_text("Title: Two\nDate: 2024-02-05\nAuthor: Bob\n\nB.\n")
    (blog / "content" / "pages" / "thanks.md").write_text("Title: Thanks\nModified: 2025-08-03\n\nAll.\n")
    write_theme(blog, base=_NOTICE_THEME_BASE, listing=_NOTICE_THEME_LISTING)
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
        'AUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\nTAGS_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\n'
    )
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    base = "https://p.example.com/"
    assert lastmods(blog / "output" / "sitemap.xml") == {
        base: "2024-02-05",
        base + "author/ann.html": "2024-01-05",
        base + "author/bob.html": "2024-02-05",
        base + "one.html": "2024-01-05",
        base + "two.html": "2024-02-05",
        base + "pages/thanks.html": "2025-08-03",
    }
    assert "that shows no dated page" not in done.stdout + done.stderr


def _built_page(title: str, body: str, published: str | None = None, modified: str | None = None) -> str:
    head = f'<meta property="article:published_time" content="{published}">' if published else ""
    head += f'<meta property="article:modified_time" content="{modified}">' if modified else ""
    return (
        f'<!DOCTYPE html><html lang="en"><head><title>{title}</title>{head}</head><body>'
        f'<header><a href="/">Home</a> <a href="/guide/">Guide</a></header><main>{body}</main></body></html>'
    )


def test_a_built_sites_listing_is_told_by_the_posts_it_links_to(tmp_path):
    """`generate --from-dir` of a built blog: nothing names its listings.  The home page, which
    states no date and links to two posts, is dated by the newer; the archive of one post, and
    the docs page that links to both posts among three other pages, state no date and get none
    (no guess); a page that states its own date keeps it."""
    site = tmp_path / "site"
    pages = {
        "index.html": _built_page(
            "Blog",
            '<ul><li><a href="/2024/spring/">Spring</a></li><li><a href="/2024/summer/">Summer</a></li></ul>',
        ),
        "2024/spring/index.html": _built_page("Spring", "<p>Buds.</p>", "2024-03-01T10:00:00+00:00"),
        "2024/summer/index.html": _built_page("Summer", "<p>Sun.</p>", "2024-06-01T10:00:00+00:00"),
        "archive/index.html": _built_page("Archive", '<p><a href="/2024/spring/">Spring</a></p>'),
        # A page that states its own date keeps it, whatever it links to.
        "reading/index.html": _built_page(
            "Reading",
            "<p><a href='/2024/spring/'>Spring</a>, <a href='/2024/summer/'>Summer</a></p>",
            None,
            "2024-01-02",
        ),
        "guide/index.html": _built_page(
            "Guide",
            "<p>See <a href='/setup/'>setup</a>, <a href='/usage/'>usage</a>, <a href='/faq/'>the FAQ</a>, "
            "and the posts <a href='/2024/spring/'>Spring</a> and <a href='/2024/summer/'>Summer</a>.</p>",
        ),
        "setup/index.html": _built_page("Setup", "<p>Install it.</p>"),
        "usage/index.html": _built_page("Usage", "<p>Use it.</p>"),
        "faq/index.html": _built_page("FAQ", "<p>Ask.</p>"),
    }
    for path, html in pages.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(html)
    base = "https://b.example.com/"
    done = generate_from_dir(site, base)
    assert done.returncode == 0, done.stderr
    dates = lastmods(site / "sitemap.xml")
    shown = ("", "2024/spring/", "2024/summer/", "archive/", "guide/", "reading/")
    assert {url: dates[base + url] for url in shown} == {
        "": "2024-06-01T10:00:00+00:00",
        "2024/spring/": "2024-03-01T10:00:00+00:00",
        "2024/summer/": "2024-06-01T10:00:00+00:00",
        "archive/": None,
        "guide/": None,
        "reading/": "2024-01-02",
    }

"""What a reader finds on the page, and nothing else: nothing the sitemap lists inside the site
is a 404 (real MkDocs, Pelican and `--from-dir` builds), an empty page is no page, and `check`
holds a set written by another tool to the same."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from command_runs import run as _command
from corpus_facts import CORPUS_PAGES, needs_corpus_pages
from mkdocs_helpers import PNG, copy_sample, mkdocs, write_images
from pelican_helpers import pelican, write_theme
from sitemap_checks import NS, parse, urls

pytestmark = pytest.mark.slow  # builds real sites


def _images(sitemap: Path) -> dict[str, list[str]]:
    return {
        url.findtext("s:loc", namespaces=NS): [
            image.findtext("image:loc", namespaces=NS) for image in url.iterfind("image:image", NS)
        ]
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def test_mkdocs_an_image_that_is_not_there_is_not_listed(tmp_path):
    """`![Broken](img/does-not-exist.png)`: MkDocs warns of the link; the sitemap does not list a 404,
    and says so, naming the page and the attribute; the page's real image stays listed."""
    project = copy_sample("mkdocs-features", tmp_path)
    (project / "docs" / "img").mkdir(exist_ok=True)
    (project / "docs" / "img" / "there.png").write_bytes(PNG)
    (project / "docs" / "gallery.md").write_text(
        "# Gallery\n\n![There](img/there.png)\n\n![Broken](img/does-not-exist.png)\n"
    )
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    base = "https://docs.example.com/"
    assert (
        f"WARNING -  sitemap: gallery.md ({base}gallery/): image: {base}gallery/img/does-not-exist.png is no "
        "file of the site (a 404); left out"
    ) in done.stderr.splitlines()
    assert _images(project / "site" / "sitemap.xml")[base + "gallery/"] == [base + "img/there.png"]
    checked = _command("check", str(project / "site"))
    # No image is missing; the sample's extra_urls (`api/`, `changelog.txt`), deployed apart, are
    # no files of the site: advice, which `--strict` would fail on.
    missing = [line.split(": ")[1] for line in checked.stdout.splitlines() if "[missing-file]" in line]
    assert checked.returncode == 0 and missing == [base + "api/", base + "changelog.txt"], checked.stdout


def test_pelican_links_left_unresolved_and_missing_files_are_not_listed(tmp_path):
    """Pelican leaves `|filename|/images/x.png` as written where it cannot resolve it, and an
    `/images/nope.png` is a 404 too: neither is listed, each said with its page; the real one is."""
    blog = tmp_path / "blog"
    (blog / "content" / "images").mkdir(parents=True)
    (blog / "content" / "images" / "cat.png").write_bytes(PNG)
    (blog / "content" / "cats.md").write_text(
        "Title: Cats\nDate: 2024-01-01\n\n![cat]({static}/images/cat.png)\n\n![fat](|filename|/images/Fat_Cat.jpg)\n\n"
        "![gone](/images/nope.png)\n"
    )
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nSTATIC_PATHS = ["images"]\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\n'
    )
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    base = "https://p.example.com/"
    assert f"image: {base}%7Cfilename%7C/images/Fat_Cat.jpg is no file of the site (a 404); left out" in said
    assert f"image: {base}images/nope.png is no file of the site (a 404); left out" in said
    assert _images(blog / "output" / "sitemap.xml")[base + "cats.html"] == [base + "images/cat.png"]


def test_an_empty_page_is_no_page_and_check_finds_404s_in_another_tools_set(tmp_path):
    """A page file that holds nothing is not listed (INFO, in the report); `check` on a directory
    finds what a set another tool wrote lists there that no file answers (its own code)."""
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    (site / "index.html").write_text("<html><head><title>Home</title></head><body><p>Home</p></body></html>")
    (site / "example.html").write_bytes(b"")
    run = _command(
        "generate", "-v", "--base-url", "https://example.com/", "--out", str(site), "--from-dir", str(site)
    )
    assert run.returncode == 0, run.stderr
    assert (
        "sitemap: example.html (https://example.com/example.html) left out: empty: the file holds nothing to read"
    ) in run.stderr
    assert urls(site / "sitemap.xml") == ["https://example.com/"]

    other = tmp_path / "other"
    other.mkdir()
    (other / "index.html").write_text("<p>Home")
    (other / "robots.txt").write_text("User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap.xml\n")
    (other / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n'
        "<url><loc>https://example.com/</loc><image:image><image:loc>https://example.com/img/gone.png</image:loc>"
        "</image:image></url>\n<url><loc>https://example.com/gone/</loc></url>\n</urlset>\n"
    )
    checked = _command("check", str(other), "--strict")
    assert checked.returncode == 1
    assert [line for line in checked.stdout.splitlines() if "[missing-file]" in line] == [
        f"{other / 'sitemap.xml'}:3: https://example.com/img/gone.png: the image is no file of {other}: a "
        "crawler gets a 404 unless it is deployed apart [missing-file]",
        f"{other / 'sitemap.xml'}:4: https://example.com/gone/: the page is no file of {other}: a "
        "crawler gets a 404 unless it is deployed apart [missing-file]",
    ]


# A post of Textual's blog as Material writes it: the player's section ends at the next heading
# of its level, whose paragraph is about something else.
TEXTUAL_POST = """<html><head><title>Serving Memray</title></head><body><div class="md-content"><article class="md-content__inner">
<h1>Serving Memray with Textual web</h1>
<p>Memray is a memory profiler for Python.</p>
<h2 id="the-demo">The demo</h2>
<iframe src="https://www.youtube.com/embed/abcdEFGHijk" title="YouTube video player" frameborder="0" allowfullscreen></iframe>
<h2 id="found-this-interesting">Found this interesting?</h2>
<p>Join our Discord server if you want to discuss this post with the Textual devs.</p>
</article></div></body></html>"""

# A talk of PyVideo as its Pelican theme writes it: the description beside the player, not among
# its siblings.
PYVIDEO_TALK = """<html><head><title>A talk</title></head><body><main><article>
<h2>Writing fast Python</h2>
<div class="entry-content">
  <div class="video-container"><div class="embed"><iframe src="https://www.youtube.com/embed/zyxwVUTSrqp" title="Writing fast Python"></iframe></div></div>
  <div class="details"><h3>Description</h3><div class="description"><p>How to profile and speed up Python code.</p></div></div>
</div>
</article></main></body></html>"""


def test_a_video_is_described_by_its_own_section_and_a_default_title_is_no_title(tmp_path):
    """The player's description comes from its own section, however nested, never across a
    heading of its level (Textual's Discord paragraph is the next section's); the title an embed
    code writes by default (`YouTube video player`) is no title: a player with neither is left
    out quietly, counted; PyVideo's description, beside the player, describes it."""
    import sitemap_plugins as sp

    messages: list[str] = []
    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/"), emit=messages.append)
    sitemap.add_page(sp.Page("https://example.com/blog/memray/", html=TEXTUAL_POST, source="memray.md"))
    sitemap.add_page(sp.Page("https://example.com/talks/fast/", html=PYVIDEO_TALK, source="fast.json"))
    result = sitemap.write(tmp_path / "out")
    assert messages == []
    assert result.videos_left_out == 1  # Textual's player: no title, nothing of its own section
    videos = {
        url.findtext("s:loc", namespaces=NS): [
            (v.findtext("video:title", namespaces=NS), v.findtext("video:description", namespaces=NS))
            for v in url.iterfind("video:video", NS)
        ]
        for url in parse(tmp_path / "out" / "sitemap.xml").iterfind("s:url", NS)
    }
    assert videos == {
        "https://example.com/blog/memray/": [],
        "https://example.com/talks/fast/": [
            ("Writing fast Python", "How to profile and speed up Python code.")
        ],
    }


# FastAPI's home page as its docs write it: a row of linked badges, one from a host no list names.
FASTAPI_HOME = """<html><head><title>FastAPI</title></head><body><main>
<p align="center"><a href="https://fastapi.tiangolo.com"><img src="https://fastapi.tiangolo.com/img/logo-margin/logo-teal.png" alt="FastAPI"></a></p>
<p align="center">
<a href="https://github.com/fastapi/fastapi/actions?query=workflow%3ATest+event%3Apush+branch%3Amaster" target="_blank">
    <img src="https://github.com/fastapi/fastapi/actions/workflows/test.yml/badge.svg?event=push&branch=master" alt="Test">
</a>
<a href="https://coverage-badge.samuelcolvin.workers.dev/redirect/fastapi/fastapi" target="_blank">
    <img src="https://coverage-badge.samuelcolvin.workers.dev/fastapi/fastapi.svg" alt="Coverage">
</a>
<a href="https://pypi.org/project/fastapi" target="_blank">
    <img src="https://img.shields.io/pypi/v/fastapi?color=%2334D058&label=pypi%20package" alt="Package version">
</a>
</p>
<p>A screenshot of the interactive docs:</p>
<p><a href="https://fastapi.tiangolo.com/img/index/index-01-swagger-ui-simple.png"><img src="https://fastapi.tiangolo.com/img/index/index-01-swagger-ui-simple.png" alt="Swagger UI"></a></p>
<p><a href="https://github.com/fastapi/fastapi"><img src="https://cdn.example.net/diagram.svg" alt="How a request flows" width="720" height="400"></a></p>
<p><img src="https://images.example.org/photo.jpg" alt="The team at PyCon"></p>
</main></body></html>"""

# FastAPI Users' subscribe widget (Polar) and a "Get started" button drawn from its own text.
WIDGETS = """<html><head><title>Users</title></head><body><main>
<p><a href="https://polar.sh/frankie567/subscriptions"><picture>
<source media="(prefers-color-scheme: dark)" srcset="https://polar.sh/embed/subscribe.svg?org=frankie567&label=Subscribe&darkmode">
<img alt="Subscribe on Polar" src="https://polar.sh/embed/subscribe.svg?org=frankie567&label=Subscribe"></picture></a></p>
<p><a href="getting-started/"><img alt="Get started" src="https://md-buttons.francoismichonneau.workers.dev/button.svg?text=Get%20started&amp;bg=%23ff5722"></a></p>
<p>The flow, drawn: <img src="https://cdn.example.net/flow.png" alt="Sign-up flow"></p>
</main></body></html>"""


def test_badges_widgets_and_buttons_are_told_by_what_they_are_not_by_their_host(tmp_path):
    """A coverage badge from a host no list names, a subscribe widget and a "Get started" button
    are no images of the page; its screenshot, diagram and photo are (its masthead logo is no content either)."""
    import sitemap_plugins as sp

    sitemap = sp.Sitemap(sp.Options(base_url="https://fastapi.tiangolo.com/"))
    sitemap.add_page(sp.Page("https://fastapi.tiangolo.com/", html=FASTAPI_HOME, source="index.md"))
    sitemap.add_page(sp.Page("https://fastapi.tiangolo.com/users/", html=WIDGETS, source="users.md"))
    sitemap.write(tmp_path / "out")
    assert _images(tmp_path / "out" / "sitemap.xml") == {
        # The logo that opens the page, named after the site ("FastAPI"), is its masthead (#90).
        "https://fastapi.tiangolo.com/": [
            "https://fastapi.tiangolo.com/img/index/index-01-swagger-ui-simple.png",
            "https://cdn.example.net/diagram.svg",
            "https://images.example.org/photo.jpg",
        ],
        "https://fastapi.tiangolo.com/users/": ["https://cdn.example.net/flow.png"],
    }
    assert dict(sitemap.images_left_out) == {"badge": 5, "logo": 1}


def test_players_the_theme_writes_are_the_pages_own_and_a_promotion_on_every_page_is_not(tmp_path):
    """A Pelican theme writes each talk's player from its metadata, outside the article's content
    (PyVideo's do): the player is the page's own, titled by its section's heading (its own title
    is YouTube's default) and described by its section; a promoted player the theme puts on every
    page, in a plain `<div>`, is the frame's."""
    blog = tmp_path / "talks"
    (blog / "content" / "media").mkdir(parents=True)
    (blog / "content" / "media" / "poster.png").write_bytes(PNG)
    (blog / "content" / "media" / "clip.mp4").write_bytes(b"\0" * 64)
    for number in range(3):
        (blog / "content" / f"talk-{number}.md").write_text(
            f"Title: Talk {number}\nDate: 2024-05-1{number}\nYoutube: vid{number}abcdefg\n\nWhat talk {number} is about.\n"
        )
    (blog / "content" / "clip.md").write_text(
        "Title: A clip\nDate: 2024-05-20\nClip: clip.mp4\n\nA short clip of the harbour.\n"
    )
    write_theme(
        blog,
        base=(
            "<html><head><title>{{ SITENAME }}</title></head><body><main>"
            '<div class="promo"><iframe src="https://www.youtube.com/embed/PROMOxyz123" title="Our conference"></iframe>'
            "<p>Join us in Lisbon this autumn.</p></div>"
            "{% block content %}{% endblock %}</main></body></html>"
        ),
        article=(
            '{% extends "base.html" %}{% block content %}<article><h1>{{ article.title }}</h1>'
            '{% if article.youtube %}<div class="video"><iframe src="https://www.youtube.com/embed/{{ article.youtube }}" '
            'title="YouTube video player"></iframe></div>{% endif %}'
            '{% if article.clip %}<video src="{{ SITEURL }}/media/{{ article.clip }}" poster="{{ SITEURL }}/media/poster.png" '
            'title="{{ article.title }}"></video>{% endif %}'
            '<div class="description">{{ article.content }}</div></article>{% endblock %}'
        ),
    )
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://talks.example.org"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        'STATIC_PATHS = ["media"]\nPLUGINS = ["sitemap_plugins.pelican"]\n'
    )
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    base = "https://talks.example.org/"
    videos = {
        url.findtext("s:loc", namespaces=NS): [
            (
                v.findtext("video:player_loc", namespaces=NS)
                or v.findtext("video:content_loc", namespaces=NS),
                v.findtext("video:title", namespaces=NS),
                v.findtext("video:description", namespaces=NS),
            )
            for v in url.iterfind("video:video", NS)
        ]
        for url in parse(blog / "output" / "sitemap.xml").iterfind("s:url", NS)
    }
    assert {url: found for url, found in videos.items() if found} == {
        **{
            f"{base}talk-{n}.html": [
                (f"https://www.youtube.com/embed/vid{n}abcdefg", f"Talk {n}", f"What talk {n} is about.")
            ]
            for n in range(3)
        },
        f"{base}a-clip.html": [(f"{base}media/clip.mp4", "A clip", "A short clip of the harbour.")],
    }


def test_a_hero_player_of_a_material_override_is_the_pages_own(tmp_path):
    """A Material template override writes a hero player above the content from the page's front
    matter: it is the page's own video (MkDocs hands over page.content, which does not hold it)."""
    project = tmp_path / "kitchen"
    (project / "docs").mkdir(parents=True)
    (project / "overrides").mkdir()
    (project / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}{% block content %}{% if page.meta.hero_video %}'
        '<iframe src="https://www.youtube.com/embed/{{ page.meta.hero_video }}" title="{{ page.title }}"></iframe>'
        "{% endif %}{{ super() }}{% endblock %}"
    )
    (project / "mkdocs.yml").write_text(
        "site_name: Kitchen\nsite_url: https://kitchen.example.com/\n"
        "theme:\n  name: material\n  custom_dir: overrides\nplugins:\n  - sitemap\n"
    )
    (project / "docs" / "index.md").write_text(
        "---\nhero_video: tour1234567\ndescription: A tour of our kitchen.\n---\n# The tour\n\nWelcome.\n"
    )
    (project / "docs" / "plain.md").write_text("# Plain\n\nNo video here.\n")
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    videos = {
        url.findtext("s:loc", namespaces=NS): [
            (v.findtext("video:player_loc", namespaces=NS), v.findtext("video:title", namespaces=NS),
             v.findtext("video:description", namespaces=NS))
            for v in url.iterfind("video:video", NS)
        ]
        for url in parse(project / "site" / "sitemap.xml").iterfind("s:url", NS)
    }  # fmt: skip
    assert videos == {
        "https://kitchen.example.com/": [
            ("https://www.youtube.com/embed/tour1234567", "The tour", "A tour of our kitchen.")
        ],
        "https://kitchen.example.com/plain/": [],
    }


# -- 4. On the real pages that carry them ------------------------------------------------------------

REAL_PAGES = CORPUS_PAGES


def _site_images(html: str, page_url: str, base_url: str) -> list[str]:
    """The site's own images a page shows, as paths under the site (to be written as files)."""
    found = re.findall(r"<img[^>]*?\bsrc=\"([^\"]+)\"", html) + re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", html)
    own = [urljoin(page_url, unescape(src)) for src in found]
    return sorted({unquote(url[len(base_url) :]) for url in own if url.startswith(base_url)})


@needs_corpus_pages
def test_badges_widgets_and_buttons_on_the_real_pages_that_carry_them(tmp_path):
    """FastAPI's home page (its index.md at fastapi/fastapi c3f316b, its sponsors rendered from its
    data/sponsors.yml, built here with Material), FastAPI Users' (its gh-pages 14.0/index.html)
    and two of Textual's blog posts (its gh-pages): every badge, widget, button, avatar, sponsor
    card, logo in a tab button and emoji is left out, whatever host draws it (the site's own
    too), and so is the masthead logo that opens a home page; the logos in the text, screenshots,
    photos and the documentary's banner the pages show for themselves are listed."""
    fastapi = tmp_path / "fastapi"
    (fastapi / "docs").mkdir(parents=True)
    index = (REAL_PAGES / "fastapi-index.md").read_text()
    (fastapi / "docs" / "index.md").write_text(index)
    base = "https://fastapi.tiangolo.com/"
    write_images(fastapi / "docs", *_site_images(index, base, base))
    (fastapi / "mkdocs.yml").write_text(
        f"site_name: FastAPI\nsite_url: {base}\ntheme: material\n"
        "markdown_extensions: [attr_list, md_in_html, abbr, toc]\nplugins: [sitemap]\n"
    )
    assert mkdocs(fastapi).returncode == 0
    assert _images(fastapi / "site" / "sitemap.xml") == {
        base: [
            # The logo that opens the page under its hidden title, alt "FastAPI", is the site's
            # masthead (#90).
            # The sponsors' cards (15, the site's own pictures) and the companies' logos drawn in
            # tab buttons are left out: no reader came for them (#76).
            base + "img/fastapi-documentary.jpg",
            "https://typer.tiangolo.com/img/logo-margin/logo-margin-vector.svg",
            base + "img/index/index-01-swagger-ui-simple.png",
            base + "img/index/index-02-redoc-simple.png",
            base + "img/index/index-03-swagger-02.png",
            base + "img/index/index-04-swagger-03.png",
            base + "img/index/index-05-swagger-04.png",
            base + "img/index/index-06-redoc-02.png",
            base + "img/vscode-completion.png",
        ]
    }

    site = tmp_path / "built"
    pages = {
        "https://fastapi-users.github.io/fastapi-users/": {"14.0/": "fastapi-users-14.0-index.html"},
        "https://textual.textualize.io/": {
            "blog/2022/11/24/spinners-and-progress-bars-in-textual/": "textual-blog-spinners-and-progress-bars.html",
            "blog/2022/12/20/a-year-of-building-for-the-terminal/": "textual-blog-a-year-of-building-for-the-terminal.html",
        },
    }
    listed = {}
    for base_url, paths in pages.items():
        root = site / urlsplit(base_url).netloc
        for path, name in paths.items():
            html = (REAL_PAGES / name).read_text()
            (root / path).mkdir(parents=True)
            (root / path / "index.html").write_text(html)
            write_images(root, *_site_images(html, base_url + path, base_url))
        done = _command("generate", "--from-dir", str(root), "--base-url", base_url, "--out", str(root))
        assert done.returncode == 0, done.stderr
        listed.update(_images(root / "sitemap.xml"))
    textual = "https://textual.textualize.io/blog/images/"
    assert listed == {
        # The logo under the title, alt "FastAPI Users" as the <title>, is the masthead (#90).
        "https://fastapi-users.github.io/fastapi-users/14.0/": [
            "https://raw.githubusercontent.com/fief-dev/.github/main/logos/logo-full-red.svg?sanitize=true",
            "https://www.fief.dev/illustrations/guard-right.svg",
        ],
        "https://textual.textualize.io/blog/2022/11/24/spinners-and-progress-bars-in-textual/": [
            textual + f"spinners-and-pbs-in-textual/{name}.gif"
            for name in (
                "live-display",
                "rich-progress-bar",
                "indeterminate-rich-progress-bar",
                "bar-in-textual",
                "stopwatch-timedisplay",
                "spinner",
                "pause-resume-appears-to-work",
                "fake-pause",
                "final-experiment",
            )
        ],
        "https://textual.textualize.io/blog/2022/12/20/a-year-of-building-for-the-terminal/": [
            textual + f"darren-year-in-review/{name}"
            for name in (
                "Untitled.png",
                "filemanager-trimmed.gif",
                "Untitled%201.png",
                "Untitled%202.png",
                "floating-gutter.gif",
                "shira-demo.gif",
                "Untitled%203.png",
                "Untitled%204.png",
                "Screenshot%202022-09-16%20at%2015.52.03.png",
                "devtools.png",
            )
        ],
    }

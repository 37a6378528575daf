"""The classes of wrong facts the thirteen real sites found (#76), each on the real page it was
found on (../shared/corpus/pages/, with their sources; a page whose theme forbids copying it is written here in its shape), through `generate --from-dir` and,
where the page has a source here, through the face that builds it.  Every expected value is
written out by hand from the page as a reader sees it in a browser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from corpus_facts import CORPUS_PAGES, needs_corpus_pages
from places import FIXTURES
from sitemap_checks import NS, generate_from_dir, parse

import sitemap_plugins as sp

REAL_PAGES = CORPUS_PAGES
VIDEO = "{http://www.google.com/schemas/sitemap-video/1.1}"


def _built_site(tmp_path: Path, base: str, pages: dict[str, str], images: tuple[str, ...] = ()) -> Path:
    """A built site: each page (a fixture) at its path, with the site's own files it shows."""
    site = tmp_path / "site"
    for path, name in pages.items():
        target = site / path / "index.html" if path.endswith("/") or not path else site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text((REAL_PAGES / name).read_text())
    for image in images:
        (site / image).parent.mkdir(parents=True, exist_ok=True)
        (site / image).write_bytes(b"\x89PNG\r\n\x1a\n")
    return site


def _videos(sitemap: Path) -> dict[str, list[tuple[str | None, ...]]]:
    """Each page's videos: (player or content URL, thumbnail, title, description)."""
    found = {}
    for url in parse(sitemap).iterfind("s:url", NS):
        found[url.findtext("s:loc", namespaces=NS)] = [
            (
                video.findtext(f"{VIDEO}player_loc") or video.findtext(f"{VIDEO}content_loc"),
                video.findtext(f"{VIDEO}thumbnail_loc"),
                video.findtext(f"{VIDEO}title"),
                video.findtext(f"{VIDEO}description"),
            )
            for video in url.iterfind(f"{VIDEO}video")
        ]
    return found


MEMRAY = "https://textual.textualize.io/blog/2024/02/20/remote-memory-profiling-with-memray/"
#: The paragraph that introduces Textual's player, as a reader reads it.
MEMRAY_DESCRIPTION = (
    "This will return a URL you can use to access the Memray app from anywhere. "
    "Here's a quick video of that in action:"
)


@needs_corpus_pages
def test_textuals_memray_player_is_described_by_the_paragraph_that_introduces_it(tmp_path):
    """Not by the next section's "Join our Discord server…" (a section whose heading is of a
    lower level than the player's `<h1>`), nor by the site's `og:description`."""
    base = "https://textual.textualize.io/"
    site = _built_site(
        tmp_path, base, {MEMRAY[len(base) :]: "textual-blog-remote-memory-profiling-with-memray.html"}
    )
    done = generate_from_dir(site, base)
    assert done.returncode == 0, done.stderr
    assert _videos(site / "sitemap.xml") == {
        MEMRAY: [
            (
                "https://www.youtube.com/embed/7lpoUBdxzus",
                "https://i.ytimg.com/vi/7lpoUBdxzus/hqdefault.jpg",
                "Serving Memray with Textual web",
                MEMRAY_DESCRIPTION,
            )
        ]
    }


@pytest.mark.slow
@needs_corpus_pages
def test_textuals_memray_post_built_by_materials_blog_gives_the_same_video(tmp_path):
    """The post's own source (its Markdown), built with Material's blog and the plugin: the same
    title and the paragraph that introduces the player (its source's words)."""
    project = tmp_path / "textual"
    posts = project / "docs" / "blog" / "posts"
    posts.mkdir(parents=True)
    (posts / "remote-memray.md").write_text((REAL_PAGES / "textual-remote-memray.md").read_text())
    (project / "docs" / "blog" / "index.md").write_text("# Blog\n")
    (project / "docs" / "blog" / ".authors.yml").write_text(
        "authors:\n  willmcgugan:\n    name: Will McGugan\n    description: CEO / code-monkey\n"
        "    avatar: https://github.com/willmcgugan.png\n"
    )
    (project / "docs" / "index.md").write_text("# Textual\n")
    (project / "mkdocs.yml").write_text(
        "site_name: Textual\nsite_url: https://textual.textualize.io/\ntheme:\n  name: material\n"
        "markdown_extensions:\n  - toc:\n      permalink: true\n  - pymdownx.superfences\n"
        "plugins:\n  - blog\n  - sitemap\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"], cwd=project, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    videos = _videos(project / "site" / "sitemap.xml")
    assert videos[MEMRAY] == [
        (
            "https://www.youtube.com/embed/7lpoUBdxzus",
            "https://i.ytimg.com/vi/7lpoUBdxzus/hqdefault.jpg",
            "Serving Memray with Textual web",
            "This will return a URL, where you can access the Memray app from anywhere. "
            "Here's a quick video of that in action:",
        )
    ]


DRF = "https://www.django-rest-framework.org/"
DRF_ANNOUNCEMENT = DRF + "community/3.0-announcement/"


@needs_corpus_pages
def test_drfs_player_is_titled_by_its_heading_and_described_by_its_section(tmp_path):
    """DRF's untitled player is titled by its `<h4>` (whose words are all a link to itself: they
    stay), and described by the talk's paragraph, not by the theme's `<meta name="description">`
    ("Django, API, REST, 3.0 Announcement")."""
    site = _built_site(tmp_path, DRF, {"community/3.0-announcement/": "drf-community-3.0-announcement.html"})
    done = generate_from_dir(site, DRF)
    assert done.returncode == 0, done.stderr
    assert _videos(site / "sitemap.xml") == {
        DRF_ANNOUNCEMENT: [
            (
                "https://www.youtube.com/embed/3cSsbe-tA0E",
                "https://i.ytimg.com/vi/3cSsbe-tA0E/hqdefault.jpg",
                "REST framework: Under the hood.",
                "This talk from the Django: Under the Hood event in Amsterdam, Nov 2014, gives some good "
                "background context on the design decisions behind 3.0.",
            )
        ]
    }


@needs_corpus_pages
def test_a_description_the_theme_writes_on_every_page_describes_no_player(tmp_path):
    """DRF's theme writes "Django, API, REST, {{ page.title }}" on every page.  Where a player's
    section says nothing (its paragraph taken out of the real page), that is no description of
    it: the player is left out as undescribed, counted in the summary, said at INFO; on a site
    whose pages each have their own description, the page's describes it."""
    real = (REAL_PAGES / "drf-community-3.0-announcement.html").read_text()
    said = real.split("<p>This talk from the ")[1].split("</p>")[0]
    silent = real.replace(f"<p>This talk from the {said}</p>", "").replace(
        "<p><em>Below is an in-depth guide to the API changes and migration notes for 3.0.</em></p>", ""
    )
    site = tmp_path / "site"
    for number, title in enumerate(("3.0 Announcement", "3.1 Announcement", "3.2 Announcement")):
        page = silent.replace("3.0 Announcement", title).replace("3cSsbe-tA0E", f"3cSsbe-tA0{number}")
        page = page.replace("community/3.0-announcement/", f"community/3.{number}-announcement/")
        (site / f"community/3.{number}-announcement").mkdir(parents=True)
        (site / f"community/3.{number}-announcement/index.html").write_text(page)
    done = generate_from_dir(site, DRF)
    assert done.returncode == 0, done.stderr
    assert all(videos == [] for videos in _videos(site / "sitemap.xml").values())
    assert "3 videos left out: not described" in done.stderr

    # The pages' own descriptions (a template that does not repeat): they describe their players.
    own = tmp_path / "own"
    for number, words in enumerate(("Two years of work.", "Pagination and versioning.", "Schemas.")):
        page = silent.replace("Django, API, REST, 3.0 Announcement", words).replace(
            "3cSsbe-tA0E", f"3cSsbe-tA0{number}"
        )
        page = page.replace("community/3.0-announcement/", f"community/3.{number}-announcement/")
        (own / f"community/3.{number}-announcement").mkdir(parents=True)
        (own / f"community/3.{number}-announcement/index.html").write_text(page)
    done = generate_from_dir(own, DRF)
    assert done.returncode == 0, done.stderr
    described = {loc: [video[3] for video in videos] for loc, videos in _videos(own / "sitemap.xml").items()}
    assert described == {
        DRF + "community/3.0-announcement/": ["Two years of work."],
        DRF + "community/3.1-announcement/": ["Pagination and versioning."],
        DRF + "community/3.2-announcement/": ["Schemas."],
    }


PYVIDEO = "https://pyvideo.org/"


def test_pyvideos_talk_is_titled_by_its_heading_with_its_og_image_and_never_by_its_footer(tmp_path):
    """PyVideo's theme titles its Vimeo player `Video for ` (an empty variable): the talk's
    heading titles it; the page's `og:image` is its thumbnail; its description is the talk's,
    never the footer's copyright line; the "Contribute" ribbon every page carries is the frame's,
    no page's image.  The page is written here in PyVideo's shape (its theme is GPL-3.0):
    fixtures/pages/pyvideo_shape_talk.html."""
    written = (FIXTURES / "pages" / "pyvideo_shape_talk.html").read_text()
    site = tmp_path / "site"
    expected = {}
    for number in range(3):
        page = written.replace("300000001", f"30000000{number}").replace("700000001", f"70000000{number}")
        (site / "conf-2019").mkdir(parents=True, exist_ok=True)
        (site / f"conf-2019/talk-{number}.html").write_text(page)
        expected[PYVIDEO + f"conf-2019/talk-{number}.html"] = [
            (
                f"https://player.vimeo.com/video/30000000{number}",
                f"https://i.vimeocdn.com/video/70000000{number}-abcdef_640.jpg",
                "Profiling a slow service",
                "Where a web service spends its time, found with three profilers.",
            )
        ]
    (site / "theme" / "images").mkdir(parents=True)
    (site / "theme" / "images" / "contribute.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    done = generate_from_dir(site, PYVIDEO, "--verbose")
    assert done.returncode == 0, done.stderr
    assert _videos(site / "sitemap.xml") == expected
    image = "{http://www.google.com/schemas/sitemap-image/1.1}image"
    assert [url.find(image) for url in parse(site / "sitemap.xml").iterfind("s:url", NS)] == [None] * 3
    assert (
        "the image https://pyvideo.org/theme/images/contribute.png is on 3 of 3 pages: "
        "the site's frame, listed for none" in done.stderr
    )


def test_headings_are_read_without_their_permalink_marks():
    """Material's and Sphinx's `¶`, a Hugo theme's `#`: a player titled by its heading is titled
    by the heading's words (Textual's "Tree Control¶" was the mark's)."""
    base = "https://example.com/"
    for mark in (
        '<a class="headerlink" href="#tree-control" title="Permanent link">&para;</a>',  # Material
        '<a class="headerlink" href="#tree-control" title="Link to this heading">¶</a>',  # Sphinx
        '<a class="anchor" href="#tree-control" aria-hidden="true">#</a>',  # Hugo themes
        '<a href="#tree-control">🔗</a>',
    ):
        html = (
            f'<html><head></head><body><main><h2 id="tree-control">Tree Control{mark}</h2>'
            '<p>A tree of nodes.</p><video src="/tree.mp4" poster="/tree.png"></video></main></body></html>'
        )
        entry = sp.Sitemap(sp.Options(base_url=base)).add_page(sp.Page(base + "widgets/", html=html))
        assert entry is not None
        assert [(v.title, v.description) for v in entry.videos] == [("Tree Control", "A tree of nodes.")], (
            mark
        )


#: pelican-photos' documented gallery template (its README), drawn by the theme after the
#: article's content, inside its `<article>`: the photos are not in `article.content`.
GALLERY_ARTICLE = """{% extends "base.html" %}{% block content %}<article><h1>{{ article.title }}</h1>
<div class="entry-content">{{ article.content }}</div>
{% if article.photo_gallery %}<div class="gallery">{% for title, gallery in article.photo_gallery %}
<h2>{{ title }}</h2>{% for name, photo, thumb, exif, caption in gallery %}<a href="{{ SITEURL }}/{{ photo }}" title="{{ name }}"><img src="{{ SITEURL }}/{{ thumb }}"></a>{% endfor %}
{% endfor %}</div>{% endif %}</article>{% endblock %}"""


@pytest.mark.slow
def test_a_gallery_the_theme_draws_inside_the_article_is_the_articles(tmp_path):
    """joelberman.net's shape (Pelican, pelican-photos' `Gallery:`): the theme draws the gallery in
    the article, after its content; each photo is listed as the page shows it (its thumbnail), with
    the content's own picture."""
    pytest.importorskip("pelican.plugins.photos")
    from pelican_helpers import pelican, write_theme
    from PIL import Image

    blog = tmp_path / "blog"
    (blog / "content" / "images").mkdir(parents=True)
    library = tmp_path / "photos" / "estuary"
    library.mkdir(parents=True)
    for number in range(1, 6):
        Image.new("RGB", (320, 240), (number * 40, 80, 120)).save(library / f"bird-{number}.jpg")
    Image.new("RGB", (64, 64), (0, 0, 0)).save(blog / "content" / "images" / "map.jpg")
    (blog / "content" / "estuary.md").write_text(
        "Title: Birding at the estuary\nDate: 2022-05-13\nGallery: {photo}estuary\n\n"
        "Five birds, and the map.\n\n![Map]({static}/images/map.jpg)\n"
    )
    write_theme(
        blog,
        base=(
            '<html lang="en"><head><title>{{ SITENAME }}</title></head><body><header>'
            '<img src="{{ SITEURL }}/images/map.jpg" alt="logo"></header>{% block content %}{% endblock %}'
            "</body></html>"
        ),
        article=GALLERY_ARTICLE,
    )
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://birds.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        f'PLUGINS = ["sitemap_plugins.pelican", "photos"]\nPHOTO_LIBRARY = "{tmp_path / "photos"}"\n'
        'AUTHOR = "Joel"\nPHOTO_WATERMARK = False\nPHOTO_RESIZE_JOBS = 1\nSTATIC_PATHS = ["images"]\nFEED_ALL_ATOM = None\n'
        'CATEGORY_FEED_ATOM = None\nAUTHOR_SAVE_AS = ""\nCATEGORY_SAVE_AS = ""\nTAG_SAVE_AS = ""\n'
    )
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    images = {
        url.findtext("s:loc", namespaces=NS): [
            image.text
            for image in url.iterfind("{http://www.google.com/schemas/sitemap-image/1.1}image/{*}loc")
        ]
        for url in parse(blog / "output" / "sitemap.xml").iterfind("s:url", NS)
    }
    base = "https://birds.example.com/"
    assert images[base + "birding-at-the-estuary.html"] == [
        base + "images/map.jpg",
        *(base + f"photos/estuary/bird-{number}t.jpg" for number in range(1, 6)),
    ]


@pytest.mark.parametrize(
    "other",
    [
        None,  # the ogv tab, as written
        '<iframe src="https://peertube.example.org/videos/embed/3f2c9a" title="Video for " allowfullscreen></iframe>',
    ],
)
def test_two_encodings_of_one_talk_are_one_video_with_the_pages_picture(tmp_path, other):
    """A talk published as an ogv and an mp4 `<video>` (or an mp4 and a PeerTube player), each in a
    tab, none with a poster, on a page whose `og:image` is the talk's picture (PyVideo: 242 of 305
    players had no video entry): one video, its mp4, that picture its thumbnail.  The page is
    written here in PyVideo's shape: fixtures/pages/pyvideo_shape_two_encodings.html."""
    written = (FIXTURES / "pages" / "pyvideo_shape_two_encodings.html").read_text()
    if other is not None:
        written = written.replace(
            '<video controls><source src="https://media.example.org/packaging.ogv" type="video/ogg"></video>',
            other,
        )
    site = tmp_path / "site"
    (site / "conf-2020").mkdir(parents=True)
    (site / "conf-2020" / "packaging-without-tears.html").write_text(written)
    done = generate_from_dir(site, PYVIDEO, "--verbose")
    assert done.returncode == 0, done.stderr
    assert _videos(site / "sitemap.xml") == {
        PYVIDEO + "conf-2020/packaging-without-tears.html": [
            (
                "https://media.example.org/packaging.mp4",
                "https://talks.example.org/media/packaging-without-tears.jpg",
                "Packaging without tears",
                "A tour of packaging a library, from its first release to its hundredth.",
            )
        ]
    }
    assert "left out" not in done.stderr

"""Listings (`tell_listings`, `date_listings`): a listing's excerpts' media are the posts', a template
page is dated by the pages it shows, and a page in the menu is not what a listing shows. Real Hugo,
Pelican and MkDocs builds."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from git_helpers import lastmods
from pelican_helpers import pelican
from places import FIXTURES
from sitemap_checks import NS, parse
from small_sites import pelican_blog, warnings_of

COMMAND = [sys.executable, "-m", "sitemap_plugins"]

BASE = "https://example.com/"


HUGO_THEMES = FIXTURES / "hugo_themes"


def _hugo_blog(tmp_path: Path, pages: int) -> Path:
    """Three posts, each with a picture and a YouTube player before its `<!--more-->` (so the
    entries theme's `.Summary` shows both on the home page, posts/ and the tag page); `pages`
    undated pages besides; a banner of its own on the home page."""
    if shutil.which("hugo") is None:
        pytest.skip("Debian's hugo is not installed (.ci/run installs it)")
    site = tmp_path / "hugo"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "static" / "img").mkdir(parents=True)
    (site / "config.toml").write_text(
        f'baseURL = "{BASE}"\ntitle = "Grill"\ntheme = "entries"\nthemesDir = "{HUGO_THEMES}"\n'
        'languageCode = "en"\n[markup.goldmark.renderer]\nunsafe = true\n[taxonomies]\ntag = "tags"\n'
    )
    (site / "content" / "_index.md").write_text(
        '---\ntitle: Grill\n---\n\n<img src="/img/banner.png" alt="The grill at dusk" width="1200" height="400">\n'
    )
    for name in ("banner", "post1", "post2", "post3"):
        (site / "static" / "img" / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    for number in (1, 2, 3):
        (site / "content" / "posts" / f"post{number}.md").write_text(
            f"---\ntitle: Post {number}\ndate: 2024-01-0{number}\ntags: [grill]\n---\n\n"
            f"Post {number} shows its picture and its film.\n\n"
            f'<img src="/img/post{number}.png" alt="Picture {number}" width="800" height="600">\n\n'
            f'<iframe width="560" height="315" src="https://www.youtube.com/embed/grillfilm0{number}" '
            f'title="Film {number} of the grill" allowfullscreen></iframe>\n\n<!--more-->\n\n'
            f"The rest of post {number}.\n"
        )
    for number in range(pages):
        (site / "content" / f"about{number}.md").write_text(f"---\ntitle: About {number}\n---\n\nAbout us.\n")
    subprocess.run(["hugo", "--quiet"], cwd=site, check=True, capture_output=True)
    out = site / "public"
    done = run(
        "generate", "--from-dir", str(out), "--base-url", BASE, "--out", str(out), "--replace-sitemaps"
    )
    assert done.returncode == 0 and warnings_of(done) == [], done.stderr
    return out


def _media_by_page(sitemap: Path) -> dict[str, tuple[list[str], list[str]]]:
    found = {}
    for url in parse(sitemap):
        images = [loc.text.rsplit("/", 1)[-1] for loc in url.iterfind("image:image/image:loc", NS)]
        videos = [
            video.findtext("video:player_loc", namespaces=NS) for video in url.iterfind("video:video", NS)
        ]
        found[url.findtext("s:loc", namespaces=NS).removeprefix(BASE)] = (images, videos)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("pages", [0, 8])
def test_a_listings_excerpts_media_are_the_posts(tmp_path, pages):
    """Each post's picture and player once, on the post; none again on the three listings that
    show its summary (before: 9 images for 3 where the site had other pages; none at all where
    it had few, the posts' own taken for the frame, on 4 of 7 pages).  The home page's banner,
    which no post shows, stays the home page's."""
    media = _media_by_page(_hugo_blog(tmp_path, pages) / "sitemap.xml")
    for number in (1, 2, 3):
        assert media[f"posts/post{number}/"] == (
            [f"post{number}.png"],
            [f"https://www.youtube.com/embed/grillfilm0{number}"],
        )
    assert media[""] == (["banner.png"], [])
    assert media["posts/"] == media["tags/grill/"] == ([], [])
    assert sum(len(images) for images, _ in media.values()) == 4


def test_a_direct_template_is_dated_by_the_pages_it_shows(tmp_path):
    """A custom direct template that shows the pages (not the articles) is dated by them."""
    project = pelican_blog(
        tmp_path, 'DIRECT_TEMPLATES = ["index", "all"]\nTHEME_TEMPLATES_OVERRIDES = ["templates"]\n'
    )
    (project / "templates").mkdir()
    (project / "templates" / "all.html").write_text(
        '<html><body><main>{% for page in pages %}<h2><a href="{{ SITEURL }}/{{ page.url }}">'
        "{{ page.title }}</a></h2>{{ page.content }}{% endfor %}</main></body></html>"
    )
    (project / "content" / "pages" / "about.md").write_text(
        "Title: About\nModified: 2023-04-14 10:00\n\nAbout us.\n"
    )
    run = pelican(project)
    assert run.returncode == 0, run.stdout + run.stderr
    dates = lastmods(project / "output" / "sitemap.xml")
    assert dates[BASE + "pages/about.html"] == "2023-04-14T10:00:00+00:00"
    assert dates[BASE + "all.html"] == "2023-04-14T10:00:00+00:00"  # not the article's 2020-01-01
    assert dates[BASE + "post.html"] == "2020-01-01"


def test_a_page_in_the_menu_is_not_what_a_listing_shows(tmp_path):
    """The theme's menu links to the About page on every page: the home page shows the article,
    and is dated by it, not by the About page (undated here, newer elsewhere)."""
    project = pelican_blog(tmp_path, 'DIRECT_TEMPLATES = ["index"]\nSITEMAP = {"lastmod": ["metadata"]}\n')
    (project / "content" / "pages" / "about.md").write_text("Title: About\n\nAbout us.\n")
    run = pelican(project)
    assert run.returncode == 0, run.stdout + run.stderr
    assert 'href="https://example.com/pages/about.html"' in (project / "output" / "index.html").read_text()
    dates = lastmods(project / "output" / "sitemap.xml")
    assert dates[BASE + "pages/about.html"] is None
    assert dates[BASE] == "2020-01-01"

"""Logos that are no page's content, on pages written here in the shapes they were met in (none
copied): a home page's masthead (Hatch's docs on Material; Flask's wordmark on Sphinx with the
Pallets theme), the logos of showcased projects on cards linking to them (Read the Docs'
science.html, sphinx-design), a sidebar's promotion (Full Stack Python's posts), a sponsor's logo
the text thanks (Django REST framework's 3.7 announcement).  The logos in a
page's text, and its screenshots, stay content.  Run as an owner runs it after a build:
`generate --from-dir`."""

from __future__ import annotations

import shutil
from pathlib import Path

from lxml import etree
from sitemap_checks import NS, generate_from_dir

BASE = "https://docs.example.org/"
PAGES = Path(__file__).resolve().parent.parent.parent / "fixtures" / "pages"
#: Where each page stands in the built site, and the pictures it shows (their files exist).
SITE = {
    "index.html": (
        "logo_hero_home.html",
        ["assets/images/icon.svg", "assets/images/logo.svg", "assets/images/acme-dashboard.png"],
    ),
    "sphinx/index.html": (
        "logo_wordmark_sphinx.html",
        ["sphinx/_images/acme-name.svg", "sphinx/_images/debugger.png", "sphinx/_static/acme-logo.svg"],
    ),
    "science.html": (
        "logo_showcase_cards.html",
        ["_images/screenshot_downloads.png", "_images/logo_orbit.png", "_images/logo_tidepool.svg"],
    ),
    "blog/strings.html": ("logo_sidebar_promo.html", ["img/logos/framework.png", "img/logos/quest-sm.jpg"]),
    "news/release-2.0/index.html": (
        "logo_sponsor_thanked.html",
        ["img/example-pharma.png", "img/requests-per-second.png"],
    ),
}


def _built(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for where, (page, pictures) in SITE.items():
        (site / where).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PAGES / page, site / where)
        for picture in pictures:
            (site / picture).parent.mkdir(parents=True, exist_ok=True)
            (site / picture).write_bytes(b"")
    return site


def _images(sitemap: Path) -> dict[str, list[str]]:
    root = etree.parse(str(sitemap)).getroot()
    return {
        url.findtext("s:loc", namespaces=NS).removeprefix(BASE): [
            image.text.removeprefix(BASE) for image in url.iterfind("image:image/image:loc", NS)
        ]
        for url in root.iterfind("s:url", NS)
    }


def test_a_masthead_logo_and_the_logos_on_cards_that_link_away_are_no_content(tmp_path):
    site = _built(tmp_path)
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0, done.stderr
    assert _images(site / "sitemap.xml") == {
        # Hatch's shape: the logo under the title, before a word of text, is the site's masthead
        # ("Acme logo" on the site whose <title> is "Acme"); the screenshot below is content.
        "": ["assets/images/acme-dashboard.png"],
        # Flask's shape: the wordmark named after the site ("acme-name.svg", the <title> naming
        # "Acme Documentation") in place of the hidden heading; the theme's logo is the frame's.
        "sphinx/": ["sphinx/_images/debugger.png"],
        # Read the Docs' shape: the showcased projects' logos on cards that link to them.
        "science.html": ["_images/screenshot_downloads.png"],
        # Full Stack Python's shape: the framework's logo in the post's text is content; the
        # game's logo in the sidebar's panel, linked as its heading is, promotes another site.
        "blog/strings.html": ["img/logos/framework.png"],
        # Django REST framework's shape: the logo of the company the sentence before thanks for
        # sponsoring the release, linked to it; the chart linked to its data is content.
        "news/release-2.0/": ["img/requests-per-second.png"],
    }
    assert "sitemap: 5 URLs in 1 file, 5 images, 0 videos" in done.stderr + done.stdout


def test_images_decorative_lists_the_logos_again(tmp_path):
    site = _built(tmp_path)
    done = generate_from_dir(site, BASE, "--images-decorative")
    assert done.returncode == 0, done.stderr
    found = _images(site / "sitemap.xml")
    assert "assets/images/logo.svg" in found[""]
    assert "sphinx/_images/acme-name.svg" in found["sphinx/"]
    assert {"_images/logo_orbit.png", "_images/logo_tidepool.svg"} <= set(found["science.html"])
    assert "img/logos/quest-sm.jpg" in found["blog/strings.html"]
    assert "img/example-pharma.png" in found["news/release-2.0/"]

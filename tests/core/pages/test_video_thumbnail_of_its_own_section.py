"""A video's thumbnail is a picture of that video (#90): Read the Docs' page for science and
academia shows a `<video>` with no poster in its dropdown "Automatic builds"; its `og:image`
(sphinxext-opengraph's: the page's first figure) is a screenshot in another dropdown.  An
`og:image` is a video's thumbnail only where it pictures that video (the player's own section
shows it, or the page is the video's); else the video is left out, counted, as one without a
thumbnail.  Its title is its section's, the dropdown's.  The page is written here in the shape
of that page (Sphinx, Read the Docs' theme, sphinx-design's dropdowns)."""

from __future__ import annotations

import sitemap_plugins as sp
from sitemap_plugins.core.pages.html import read_html

BASE = "https://docs.readthedocs.com/platform/stable/"
SCREENSHOT = BASE + "_images/screenshot_rtd_downloads.png"


def _dropdown(title: str, body: str) -> str:
    return (
        '<details class="sd-sphinx-override sd-dropdown sd-card sd-mb-3">'
        f'<summary class="sd-summary-title sd-card-header">{title}<div class="sd-summary-down">'
        '<svg viewBox="0 0 24 24"><path d="M5 8l7 7 7-7"></path></svg></div></summary>'
        f'<div class="sd-summary-content sd-card-body">{body}</div></details>'
    )


def _science(og_image: str, screenshot_in: str) -> str:
    figure = '<figure class="align-center"><img alt="Downloads" src="_images/screenshot_rtd_downloads.png"></figure>'
    themes = "<p>Your docs as HTML, PDF and ePUB.</p>" + (figure if screenshot_in == "themes" else "")
    builds = (
        "<p>Keep your documentation up to date with each change you push.</p>"
        + (figure if screenshot_in == "builds" else "")
        + '<video controls width="100%"><source src="_static/videos/automatic-builds.mp4" type="video/mp4"></video>'
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><title>Read the Docs for science and academia — Read the '
        f'Docs user documentation</title><meta property="og:image" content="{og_image}">'
        '<meta name="description" content="Documentation for research projects."></head><body>'
        '<nav class="wy-nav-side"><a href="index.html">Read the Docs</a></nav><div role="main" class="document">'
        '<section id="science"><h1>Read the Docs for science and academia</h1><p>Research software needs docs.</p>'
        f"{_dropdown('Modern themes and classic PDF outputs', themes)}{_dropdown('Automatic builds', builds)}"
        "</section></div></body></html>"
    )


def test_a_video_in_a_dropdown_is_titled_and_described_by_it():
    (video,) = read_html(_science(SCREENSHOT, "themes"), BASE + "science.html").videos
    assert (video.title, video.description) == (
        "Automatic builds",
        "Keep your documentation up to date with each change you push.",
    )


def test_another_sections_picture_is_no_thumbnail_of_a_video(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    entry = site.add_page(sp.Page(BASE + "science.html", html=_science(SCREENSHOT, "themes")))
    assert entry.videos == []
    assert site.write(tmp_path).summary().endswith("1 video left out: no thumbnail")


def test_the_picture_of_the_videos_own_section_is_its_thumbnail(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    entry = site.add_page(sp.Page(BASE + "science.html", html=_science(SCREENSHOT, "builds")))
    assert [(video.title, video.thumbnail_loc) for video in entry.videos] == [
        ("Automatic builds", SCREENSHOT)
    ]

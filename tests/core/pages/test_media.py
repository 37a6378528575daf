"""What a page shows a reader, read from its HTML in this process, each rule with its own small
page: which picture of a `srcset` is listed, what is an emoji, which source of a `<video>` is its
file, what titles and describes a player (its own words, else its section's). Oracles are the
values a reader would give."""

from __future__ import annotations

import json

import pytest
from pelican_helpers import pelican
from sitemap_checks import urls

import sitemap_plugins as sp

BASE = "https://example.com/"
PAGE = BASE + "guide/"


def entry(body: str) -> sp.Entry:
    site = sp.Sitemap(sp.Options(base_url=BASE))
    found = site.add_page(sp.Page(PAGE, html=f"<html><head></head><body><main>{body}</main></body></html>"))
    assert found is not None
    return found


def images(body: str) -> list[str]:
    return [image.loc for image in entry(body).images]


# -- pictures ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("img", "listed"),
    [
        ('<img src="a.png" srcset="b.png 2x, c.png 3x">', ["c.png"]),
        ('<img src="a.png" srcset="b.png 300w, c.png 1200w, d.png 600w">', ["c.png"]),
        ('<img srcset="b.png, c.png 2x">', ["c.png"]),  # a comma right after the URL ends it
        ('<img srcset="half.png 0.5x, whole.png,">', ["whole.png"]),  # the last one's too
        ('<img srcset="a.png 1.2x, b.png 1.5x">', ["b.png"]),
        ('<img srcset="x,1.png 1x, x,2.png 2x">', ["x,2.png"]),  # URLs may hold commas
        ('<img src="a.png" srcset="b.png 2q">', ["a.png"]),  # a descriptor that is none
        ('<img src="data:image/png;base64,AA" data-src="lazy.png">', ["lazy.png"]),
        ('<img src="a.png" data-srcset="b.png 2x">', ["b.png"]),
        ('<picture><source srcset="wide.webp 1600w"><img src="a.png"></picture>', ["wide.webp"]),
        ('<img src="a.png#only-dark">', []),
        ('<img src="a.png#gh-dark-mode-only">', []),
        ('<img src="a.png#anchor">', ["a.png"]),
        ('<img src="px.gif" width="1" height="1px">', []),
        ('<img src="px.gif" width="1" height="2">', ["px.gif"]),
        ('<img src="px.gif" width="0">', ["px.gif"]),
    ],
)
def test_the_picture_a_reader_gets(img, listed):
    assert images(f"<p>{img}</p>") == [PAGE + name for name in listed]


@pytest.mark.parametrize(
    ("alt", "listed"),
    [
        ("😀", False),
        ("👍🏽", False),  # a skin tone
        ("👋🏻", False),  # the lightest
        ("👋🏿", False),  # the darkest
        ("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", False),  # Scotland: tags
        ("1️⃣", False),  # a keycap
        ("#\u20e3", False),
        ("1", True),  # a digit is no keycap
        ("👍🏽A", True),  # a symbol, then a word
        ("\U0001fae8", False),  # shaking face (Unicode 15): newer than Python 3.11's tables
        ("\u00a9", False),  # a symbol
        ("🏻", True),  # a skin tone alone is no symbol
        ("❤️", False),  # with its variation selector
        ("👩‍💻", False),  # joined
        ("🇩🇪", False),  # a flag: two regional indicators
        ("★" * 16, False),
        ("★" * 17, True),  # too long for one emoji: words
        ("★ A", True),
        ("\u200d", True),
        ("", True),
        (":smile:", False),  # a shortcode
    ],
)
def test_an_emoji_is_told_by_its_alt(alt, listed):
    assert images(f'<p><img src="{BASE}e.png" alt="{alt}"></p>') == ([BASE + "e.png"] if listed else [])


@pytest.mark.parametrize(
    ("img", "listed"),
    [
        ('<img class="avatar" src="https://cdn.example.org/u.png">', False),
        ('<span class="md-author"><img src="https://cdn.example.org/u.png"></span>', False),
        ('<span class="figure"><img src="https://cdn.example.org/u.png"></span>', True),
        ('<span class="avatar-wrap"><img src="https://cdn.example.org/u.png"></span>', False),
        ('<img class="twemoji" src="https://cdn.example.org/e.svg">', False),
        ('<img src="https://avatars.githubusercontent.com/u/1">', False),
        ('<img src="https://img.shields.io/badge/x-y-green">', False),
        ('<img src="https://raster.shields.io/badge/x-y-green">', False),
        # Linked to another page and drawn as a vector or a line high: a status badge, any host.
        (
            '<a href="https://ci.example.org/run"><span><img src="https://ci.example.org/s.svg"></span></a>',
            False,
        ),
        (
            '<a href="https://ci.example.org/run"><img src="https://ci.example.org/s.svg?branch=main"></a>',
            False,
        ),
        ('<a href="https://ci.example.org/run"><img src="https://ci.example.org/s.svg#dark"></a>', False),
        (
            '<a href="https://ci.example.org/run"><img src="https://ci.example.org/s.png" height="20"></a>',
            False,
        ),
        # A linked picture whose query names no text to draw (`label=` in another parameter's value).
        (
            '<a href="https://ci.example.org/run"><img src="https://ci.example.org/s.png?x=1?label=ci"></a>',
            True,
        ),
        # ... but not one sized as a share of the column: shown for itself.
        (
            '<a href="https://shop.example.org/"><img src="https://cdn.example.org/p.png" width="50%" height="20"></a>',
            True,
        ),
        (
            '<a href="https://shop.example.org/"><img src="https://cdn.example.org/p.png" style="width: 50%; height: 20px"></a>',
            True,
        ),
        # A row of linked pictures is no badge row for being one (book covers) ...
        (
            '<a href="https://a.example.org/"> <img src="https://cdn.example.org/a.png"> </a>'
            '<a href="https://b.example.org/"> <img src="https://cdn.example.org/b.png"> </a>',
            True,
        ),
        # ... but one with a badge in it is, whatever blank space the markup puts around them ...
        (
            '<a href="https://a.example.org/"> <img src="https://cdn.example.org/a.png"> </a>'
            '<a href="https://b.example.org/"> <img src="https://cdn.example.org/b.svg"> </a>',
            False,
        ),
        # ... and a sponsor's logo is no content, its class or its path says so.
        ('<a href="https://a.example.org/"><img src="https://cdn.example.org/sponsors/a.png"></a>', False),
        (
            '<div class="backers"><a href="https://a.example.org/"><img src="https://cdn.example.org/a.png"></a></div>',
            False,
        ),
        ('<img src="https://cdn.jsdelivr.net/gh/twitter/twemoji/assets/svg/1f600.svg">', False),
        ('<img src="/own/avatar.png" class="">', True),
    ],
)
def test_avatars_emoji_and_badges_of_other_hosts(img, listed):
    found = images(f"<p>{img}</p>")
    assert bool(found) is listed, found


# -- players -----------------------------------------------------------------------------------


def video(body: str) -> sp.Video:
    (found,) = entry(body).videos
    return found


def test_the_mp4_source_of_a_video_is_its_file():
    typed = '<source src="v.webm" type="video/webm"><source src="v.mp4" type="video/mp4">'
    named = '<source src="v.webm"><source src="v.mp4">'
    other = '<source src="v.webm" type="video/webm"><source src="v.ogv">'
    for sources, expected in ((typed, "v.mp4"), (named, "v.mp4"), (other, "v.webm")):
        player = f'<video poster="p.jpg" title="Lighting the grill">{sources}</video><p>How to light it.</p>'
        assert video(player).content_loc == PAGE + expected
    direct = '<video src="direct.mp4" poster="p.jpg" title="Lighting"></video><p>How.</p>'
    assert video(direct).content_loc == PAGE + "direct.mp4"
    assert video(direct).thumbnail_loc == PAGE + "p.jpg"


def test_a_videos_words_its_own_then_its_caption_then_its_section():
    own = '<figure><video src="v.mp4" poster="p.jpg" title="Lighting"></video><figcaption>The  caption</figcaption></figure>'
    found = video(own)
    assert (found.title, found.description) == ("Lighting", "The caption")
    captioned = '<figure><video src="v.mp4" poster="p.jpg"></video><figcaption>The caption</figcaption></figure><p>After.</p>'
    found = video(captioned)
    assert (found.title, found.description) == ("The caption", "After.")
    labelled = '<video src="v.mp4" poster="p.jpg" aria-label="Labelled"></video><p>Said after.</p>'
    assert (video(labelled).title, video(labelled).description) == ("Labelled", "Said after.")


SECTIONED = """
<h2>Lighting</h2>
<p>Before the player.</p>
<div><iframe src="https://www.youtube.com/embed/abcdefghijk" title="YouTube video player"></iframe></div>
<template><p>Hidden words.</p></template>
<p>After the player.</p>
<h3>A subsection</h3>
<p>Deeper.</p>
<h2>Cleaning</h2>
<p>Another topic.</p>
"""


def test_a_player_without_words_of_its_own_takes_its_sections():
    found = video(SECTIONED)
    assert found.player_loc == "https://www.youtube.com/embed/abcdefghijk"
    assert found.thumbnail_loc == "https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg"
    # The paragraph that introduces it, before it, first (#76: Textual's memray post).
    assert (found.title, found.description) == ("Lighting", "Before the player.")
    # Nothing before it in its section: the paragraph after it (its subsection's too), never one
    # across the next heading of its heading's level.
    after_only = SECTIONED.replace("<p>Before the player.</p>", "")
    assert video(after_only).description == "After the player."
    assert video(after_only.replace("<p>After the player.</p>", "")).description == "Deeper."
    across = after_only.replace("<p>After the player.</p>", "").replace("<p>Deeper.</p>", "")
    assert entry(across).videos == []  # "Another topic." is the next section's: not listed
    # With no heading before it, the page's own first paragraph after it.
    no_heading = (
        '<iframe data-src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe><p>Only this.</p>'
    )
    assert entry(no_heading).videos == []  # no title at all: Google requires one, so not listed


def test_a_paragraph_no_reader_sees_describes_no_player():
    """A paragraph the `hidden` attribute hides (a spoiler, a panel a script opens) is not what
    the section says; the next one shown is."""
    hidden_first = SECTIONED.replace(
        "<p>Before the player.</p>",
        '<p hidden>Hidden note.</p><div hidden=""><p>Also hidden.</p></div><p style="display:none">Styled away.</p>',
    )
    assert video(hidden_first).description == "After the player."
    searchable = SECTIONED.replace(
        "<p>Before the player.</p>", '<p hidden="until-found">Found by search.</p>'
    )
    assert video(searchable).description == "Found by search."
    # A hidden player is no video of the page.
    hidden_player = SECTIONED.replace("<iframe", "<div hidden><iframe").replace(
        "</iframe>", "</iframe></div>"
    )
    assert hidden_player != SECTIONED
    assert entry(hidden_player).videos == []


def test_lite_youtube_and_vimeo_players():
    lite = '<h2>Grilling</h2><lite-youtube videoid="abcdefghijk" playlabel="Play: Grilling 101"></lite-youtube><p>Watch.</p>'
    found = video(lite)
    assert (found.player_loc, found.title) == (
        "https://www.youtube.com/embed/abcdefghijk",
        "Play: Grilling 101",
    )
    titled = (
        '<h2>Grilling</h2><lite-youtube videoid="abcdefghijk" title="Own title"></lite-youtube><p>Watch.</p>'
    )
    assert video(titled).title == "Own title"
    assert entry('<lite-youtube title="x"></lite-youtube><p>Watch.</p>').videos == []
    vimeo = '<h2>Smoking</h2><iframe src="https://player.vimeo.com/video/12345" title="vimeo-player"></iframe><p>Low and slow.</p>'
    assert entry(vimeo).videos == []  # no thumbnail Google could take: not listed
    elsewhere = '<h2>X</h2><iframe src="https://maps.example.org/embed/1" title="A map"></iframe><p>Y.</p>'
    assert entry(elsewhere).videos == []


def test_a_players_file_words_and_section_as_a_reader_meets_them():
    # The source typed as MP4, whatever its URL ends with.
    typed = '<source src="v.webm" type="video/webm"><source src="stream?id=1" type="video/mp4">'
    assert (
        video(f'<video poster="p.jpg" title="T">{typed}</video><p>D.</p>').content_loc == PAGE + "stream?id=1"
    )
    # No file at all: no video, and no failure.
    assert entry('<h2>H</h2><video poster="p.jpg" title="T"></video><p>D.</p>').videos == []
    # The caption is the figcaption's words, not the whole figure's.
    noted = '<figure><video src="v.mp4" poster="p.jpg" title="T"></video><span>Note</span><figcaption>Cap</figcaption></figure>'
    assert video(noted).description == "Cap"
    # Labelled by aria-label, captioned: the caption describes it.
    labelled = '<figure><video src="v.mp4" poster="p.jpg" aria-label="L"></video><figcaption>Cap</figcaption></figure>'
    assert (video(labelled).title, video(labelled).description) == ("L", "Cap")
    # A figure is read as one: its section's paragraph comes after the figure, not within it.
    inside = (
        '<figure><video src="v.mp4" poster="p.jpg" title="T"></video><p>Inside.</p></figure><p>After.</p>'
    )
    assert video(inside).description == "After."


def test_an_embedded_players_address_as_lazy_loading_writes_it():
    lazy = (
        '<h2>Grilling</h2><iframe data-src="https://www.youtube.com/embed/abcdefghijk"></iframe><p>Watch.</p>'
    )
    found = video(lazy)
    assert (found.player_loc, found.title, found.description) == (
        "https://www.youtube.com/embed/abcdefghijk",
        "Grilling",
        "Watch.",
    )
    # A path like Vimeo's on another host is no Vimeo player.
    other = '<h2>X</h2><iframe src="https://maps.example.org/video/12345" title="A map"></iframe><p>Y.</p>'
    assert entry(other).videos == []


def test_the_players_a_theme_writes_beside_the_content_are_the_pages_own_but_not_in_its_aside():
    """The content handed over (the page's Markdown, rendered) has no player; the theme writes
    one under the title in the content region (the page's own) and one in an aside of that region
    (a promotion of the frame)."""
    own = '<iframe src="https://www.youtube.com/embed/abcdefghijk" title="Episode 12"></iframe>'
    aside = (
        '<aside><iframe src="https://www.youtube.com/embed/zzzzzzzzzzz" title="Subscribe"></iframe></aside>'
    )
    content = "<p>We grill.</p>"
    html = f"<html><head></head><body><nav>Menu</nav><main><h1>Episode 12</h1>{own}{content}{aside}</main></body></html>"
    site = sp.Sitemap(sp.Options(base_url=BASE))
    found = site.add_page(sp.Page(PAGE, html=html, content=content))
    assert [(v.player_loc, v.title, v.description) for v in found.videos] == [
        ("https://www.youtube.com/embed/abcdefghijk", "Episode 12", "We grill.")
    ]


def test_the_header_of_an_article_that_is_the_content_region_is_its_own():
    """No `<main>`: the article is the content region, and its header's picture is the
    article's own (a cover), not the frame's; the site's header outside it is the frame's."""
    html = (
        '<html><head></head><body><header><img src="/logo.png" alt="Logo"></header>'
        '<article><header><h1>Grilling</h1><img src="cover.jpg" alt="Coals"></header><p>Light them.</p>'
        "</article></body></html>"
    )
    site = sp.Sitemap(sp.Options(base_url=BASE))
    found = site.add_page(sp.Page(PAGE, html=html))
    assert [image.loc for image in found.images] == [PAGE + "cover.jpg"]


TALKS_PLUGIN = '''
import json

from pelican import signals
from pelican.readers import BaseReader


class TalkReader(BaseReader):
    """PyVideo's talks: one JSON file each, its `videos` in the site's own shape."""

    enabled = True
    file_extensions = ["json"]

    def read(self, filename):
        with open(filename, encoding="utf-8") as stream:
            talk = json.load(stream)
        metadata = {
            "title": talk["title"],
            "date": self.process_metadata("date", talk["recorded"]),
            "category": self.process_metadata("category", "PyCon"),
            "videos": talk["videos"],
        }
        return "<p>" + talk["description"] + "</p>", metadata


def add_reader(readers):
    readers.reader_classes["json"] = TalkReader


def register():
    signals.readers_init.connect(add_reader)
'''


def test_the_sites_own_video_metadata_is_left_alone(tmp_path):
    """PyVideo's talks carry a `videos` list of the site's own shape (its theme renders it): no
    WARNING for what was never meant for the sitemap (a slip in a block that is, `titel`, is
    named with the name it is a slip for: tests/core/test_messages.py)."""
    project = tmp_path / "talks"
    (project / "content").mkdir(parents=True)
    (project / "talks.py").write_text(TALKS_PLUGIN)
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://pyvideo.example.org"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGIN_PATHS = ["."]\nPLUGINS = ["talks", "sitemap_plugins.pelican"]\n'
    )
    for number in range(3):
        talk = {
            "title": f"Talk {number}",
            "recorded": f"2024-05-1{number}",
            "description": "What the talk is about.",
            "videos": [
                {"type": "youtube", "url": f"https://www.youtube.com/watch?v=talk{number}", "label": "YouTube",
                 "media_url": None, "icon": "youtube.png"},
            ],
        }  # fmt: skip
        (project / "content" / f"talk-{number}.json").write_text(json.dumps(talk))
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "WARNING" not in said and "video" not in said, said
    listed = urls(project / "output" / "sitemap.xml")
    assert [u for u in listed if "talk-" in u] == [
        f"https://pyvideo.example.org/talk-{n}.html" for n in range(3)
    ]

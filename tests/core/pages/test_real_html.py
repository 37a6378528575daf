"""Real sites: the facts attached to each URL are true, read as a browser reads the page.

Real HTML as themes and Markdown write it and as real sites bend it: comments, scripts, templates,
announcement banners, contributor avatars, emoji from any CDN, badges.  Real MkDocs, Material,
Zensical and Pelican builds where the class comes from one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mkdocs_helpers import mkdocs, write_images
from pelican_helpers import build as pelican_build
from sitemap_checks import NS, parse

import sitemap_plugins as sp
from sitemap_plugins.core.pages.html import read_html

BASE = "https://example.com/"

#: A Markdown author's comment, a script's template string, a <template> and a <noscript> copy:
#: only the diagram is an image a reader sees.
HIDDEN_IMAGES = """<article><p>Text</p>
<!-- <img src="/old-diagram.png"> -->
<script>const tpl = '<img src="/in-script.png">';</script>
<style>.x { background: url('/in-style.png'); } /* <img src="/in-style-comment.png"> */</style>
<template><img src="/in-template.png"></template>
<noscript><img src="/in-noscript.png"></noscript>
<p><img src="/diagram.png" alt="A diagram"></p>
<template><video src="/in-template.mp4" poster="/p.png" title="T"></video></template>
</article>"""


def images_by_loc(path: Path) -> dict[str, list[str]]:
    return {
        url.findtext("s:loc", namespaces=NS): [i.text for i in url.iterfind("image:image/image:loc", NS)]
        for url in parse(path).iterfind("s:url", NS)
    }


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args], cwd=cwd, capture_output=True, text=True
    )


# -- 1. One parse of what a reader sees -----------------------------------------------------------


def test_comments_scripts_templates_and_noscript_show_no_image(tmp_path):
    facts = read_html(f"<html><body>{HIDDEN_IMAGES}</body></html>", BASE)
    assert facts.images == [BASE + "diagram.png"] and facts.videos == []
    facts = read_html("<html><head></head><body>x</body></html>", BASE, content=HIDDEN_IMAGES)
    assert facts.images == [BASE + "diagram.png"] and facts.videos == []


def test_the_mkdocs_plugin_and_from_dir_list_only_what_a_reader_sees(tmp_path):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "S", "site_url": BASE, "theme": "mkdocs", "plugins": ["sitemap"]})
    )
    (project / "docs" / "index.md").write_text("# Home\n\n" + HIDDEN_IMAGES + "\n")
    write_images(project / "docs", "diagram.png")
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert images_by_loc(project / "site" / "sitemap.xml") == {BASE: [BASE + "diagram.png"]}
    # The same built page read by the command.
    out = tmp_path / "out"
    run = cli("generate", "--from-dir", str(project / "site"), "--base-url", BASE, "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert images_by_loc(out / "sitemap.xml")[BASE] == [BASE + "diagram.png"]


# -- 2. The content, not the frame, for every generator ----------------------------------------------

#: Material's and Zensical's announcement bar, holding sponsors' logos: on every page, no page's content.
_ANNOUNCE = """{% extends "base.html" %}
{% block announce %}<a href="https://sponsor.example/"><img src="https://sponsor.example/logo-1.png" alt="Sponsor"></a>
<img src="{{ 'assets/sponsor-2.png' | url }}" alt="Another sponsor">{% endblock %}
"""


@pytest.mark.parametrize("generator", ["mkdocs", "zensical"])
def test_a_themes_banner_is_not_any_pages_image(tmp_path, generator):
    """The same Material site, built by MkDocs with the plugin and by Zensical with `--project`:
    the banner's images are listed for no page, each page's own images are."""
    pytest.importorskip(generator)
    project = tmp_path / generator
    (project / "docs" / "guide").mkdir(parents=True)
    (project / "overrides").mkdir()
    (project / "overrides" / "main.html").write_text(_ANNOUNCE)
    (project / "docs" / "index.md").write_text("# Home\n\n![Grill](grill.png)\n")
    (project / "docs" / "guide" / "setup.md").write_text("# Setup\n\n![Coal](../coal.png)\n")
    (project / "docs" / "grill.png").write_bytes(b"\x89PNG")
    (project / "docs" / "coal.png").write_bytes(b"\x89PNG")
    config = {
        "site_name": "Banner",
        "site_url": BASE,
        "theme": {"name": "material", "custom_dir": "overrides"},
        "plugins": ["sitemap"] if generator == "mkdocs" else [{"sitemap": {}}],
    }
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config))
    if generator == "mkdocs":
        run = mkdocs(project)
    else:
        run = subprocess.run(
            [sys.executable, "-m", "zensical", "build"], cwd=project, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stdout + run.stderr
        run = cli("generate", "--project", "mkdocs.yml", cwd=project)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "sponsor" in (project / "site" / "guide" / "setup" / "index.html").read_text()
    assert images_by_loc(project / "site" / "sitemap.xml") == {
        BASE: [BASE + "grill.png"],
        BASE + "guide/setup/": [BASE + "coal.png"],
    }


def test_a_page_without_a_content_region_is_read_without_its_frame():
    html = (
        '<html><body><header><img src="/logo.png"></header><nav><img src="/nav.png"></nav>'
        '<aside class="banner"><img src="/sponsor.png"></aside>'
        '<div class="page"><p><img src="/own.png"></p></div>'
        '<footer><img src="/footer.png"></footer></body></html>'
    )
    facts = read_html(html, BASE)
    assert facts.images == [BASE + "own.png"]
    assert sorted(kind for _, kind in facts.decorative_images) == ["frame"] * 4


@pytest.mark.parametrize(
    "region",
    [
        '<div class="md-content"><article class="md-content__inner">{}</article></div>',
        '<div role="main">{}</div>',  # MkDocs' own theme, Read the Docs
        "<main>{}</main>",
        '<section id="content"><article>{}</article></section>',  # Pelican's notmyidea
    ],
)
def test_content_regions_as_themes_write_them(region):
    content = '<p><img src="/own.png"></p>'
    html = (
        '<html><body><aside class="md-banner"><img src="/banner.png"></aside>'
        '<div class="sidebar"><img src="/side.png"></div>'
        f"{region.format(content)}<div><img src='/after.png'></div></body></html>"
    )
    facts = read_html(html, BASE)
    assert facts.images == [BASE + "own.png"]
    assert [url for url, _ in facts.decorative_images] == [
        BASE + "banner.png",
        BASE + "side.png",
        BASE + "after.png",
    ]


# -- 3. Images that are not content, by kind ---------------------------------------------------------

_NOT_CONTENT = [
    # A contributors grid (Material's and many sites'), and all-contributors' table.
    ('<div class="avatar-wrapper"><img src="https://avatars.githubusercontent.com/u/1?v=4"></div>', "avatar"),
    (
        '<td align="center"><a href="https://github.com/ada"><img src="https://avatars0.githubusercontent.com/u/2?s=100"'
        ' width="100px;" alt=""/><br /><sub><b>Ada</b></sub></a></td>',
        "avatar",
    ),
    ('<img class="rounded-avatar" src="/people/bob.jpg">', "avatar"),
    ('<img class="avatar-small" src="/people/eve.jpg">', "avatar"),
    ('<img src="https://secure.gravatar.com/avatar/0123abcd?s=80">', "avatar"),
    ('<img src="https://gitlab.com/uploads/-/system/user/avatar/42/avatar.png">', "avatar"),
    ('<img src="https://github.com/octocat.png">', "avatar"),
    # Emoji: a chat CDN's shortcode image, a single emoji character, an emoji set's CDN.
    (
        '<img alt=":wink:" src="https://a.slack-edge.com/production-standard-emoji-assets/14.0/apple-large/1f609@2x.png">',
        "emoji",
    ),
    ('<img alt="👍🏽" src="https://cdn.example.net/e/thumbs.png">', "emoji"),
    ('<img alt="🇩🇪" src="https://cdn.example.net/e/de.png">', "emoji"),
    ('<img src="https://cdn.jsdelivr.net/gh/jdecked/twemoji@15.1.0/assets/72x72/1f525.png">', "emoji"),
    # Badges: coverage, a package's version, a workflow.
    ('<img src="https://codecov.io/gh/o/r/branch/main/graph/badge.svg">', "badge"),
    ('<img src="https://img.shields.io/pypi/v/sitemap-plugins">', "badge"),
    ('<img src="https://github.com/o/r/actions/workflows/ci.yml/badge.svg">', "badge"),
    ('<img src="https://gitlab.com/g/p/badges/main/pipeline.svg">', "badge"),
]
_CONTENT = [
    '<img src="/img/avatar-tutorial-diagram.png" alt="How avatars are cropped">',
    '<img src="https://github.com/o/r/raw/main/docs/shot.png" alt="Screenshot">',
    '<img alt=":)" src="/smile-chart.png">',
    '<img alt="Chart: 42 %" src="/chart.png">',
]


def test_images_that_are_not_content_are_told_by_kind(tmp_path):
    body = "".join(f"<p>{html}</p>" for html, _ in _NOT_CONTENT) + "".join(f"<p>{h}</p>" for h in _CONTENT)
    facts = read_html(f"<html><body><main>{body}</main></body></html>", BASE)
    assert facts.images == [
        BASE + "img/avatar-tutorial-diagram.png",
        "https://github.com/o/r/raw/main/docs/shot.png",
        BASE + "smile-chart.png",
        BASE + "chart.png",
    ]
    assert [kind for _, kind in facts.decorative_images] == [kind for _, kind in _NOT_CONTENT]
    # Through a build: left out, counted by kind in the report; images_decorative brings them back.
    for decorative in (False, True):
        sitemap = sp.Sitemap(sp.Options(base_url=BASE, images_decorative=decorative, report="r.html"))
        sitemap.add_page(sp.Page(BASE, html=f"<html><body><main>{body}</main></body></html>"))
        out = tmp_path / f"out-{decorative}"
        out.mkdir()
        sitemap.write(out, report_to=[out / "report.html"])
        listed = images_by_loc(out / "sitemap.xml")[BASE]
        assert len(listed) == (len(_CONTENT) + len(_NOT_CONTENT) if decorative else len(_CONTENT))
        report = (out / "report.html").read_text()
        if decorative:
            assert 'id="images-left-out"' not in report
        else:
            assert "avatar 7 · badge 4 · emoji 4</p>" in report


def test_a_pelican_articles_emoji_and_avatars_are_not_its_images(tmp_path):
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "pelicanconf.py").write_text(
        f'SITENAME = "B"\nSITEURL = "{BASE.rstrip("/")}"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
    )
    (project / "content" / "post.md").write_text(
        "Title: Post\nDate: 2024-01-01\n\n"
        "Thanks to our contributors:\n\n"
        '<div class="avatar-wrapper"><img src="https://avatars.githubusercontent.com/u/1?v=4"></div>\n\n'
        'Great <img alt=":wink:" src="https://a.slack-edge.com/x/1f609@2x.png"> work.\n\n'
        "![The harbour](/images/harbour.png)\n"
    )
    write_images(project / "content", "images/harbour.png")  # Pelican copies images/ by default
    output = pelican_build(project)
    assert images_by_loc(output / "sitemap.xml")[BASE + "post.html"] == [BASE + "images/harbour.png"]


# -- 7. Quiet about what the owner cannot fix ---------------------------------------------------------


def test_an_undescribed_player_does_not_fail_a_strict_build(tmp_path):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "S", "site_url": BASE, "theme": "mkdocs", "plugins": ["sitemap"]})
    )
    (project / "docs" / "index.md").write_text(
        '# Home\n\n<iframe src="https://player.vimeo.com/video/76979871"></iframe>\n'
    )
    (project / "docs" / "meta.md").write_text(
        "---\nvideo:\n  player_loc: https://player.vimeo.com/video/1\n  title: Mine\n---\n# Meta\n"
    )
    run = mkdocs(project, "--strict")
    assert run.returncode == 1  # the owner's own `video:` block lacks what Google requires
    assert (
        "WARNING -  sitemap: meta.md (https://example.com/meta/): video[0]: https://player.vimeo.com/video/1 has no"
        in run.stderr
    )
    (project / "docs" / "meta.md").unlink()
    run = mkdocs(project, "--strict")
    assert run.returncode == 0, run.stderr
    assert "sitemap: 1 URL in 1 file, 0 images, 0 videos, 1 video left out: no thumbnail" in run.stderr
    assert "WARNING" not in run.stderr


# -- 5. MkDocs: site_url as every plugin and hook left it ---------------------------------------------


def test_a_hook_that_sets_site_url_is_read(tmp_path):
    project = tmp_path / "de"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Start\n")
    (project / "hooks.py").write_text(
        "def on_config(config, **kwargs):\n    config.site_url = 'https://example.com/de/'\n    return config\n"
    )
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "S",
                "site_url": BASE,
                "theme": "mkdocs",
                "plugins": ["sitemap"],
                "hooks": ["hooks.py"],
            }
        )
    )
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert list(images_by_loc(project / "site" / "sitemap.xml")) == [BASE + "de/"]
    # robots.txt is read only at the host's root: none is written under /de/, the line to add is said.
    assert not (project / "site" / "robots.txt").exists()
    assert "add Sitemap: https://example.com/de/sitemap.xml to the robots.txt there" in run.stderr


# -- 6. One project per language ---------------------------------------------------------------------


def _language_project(root: Path, folder: str, language: str, site_url: str, alternates: str) -> Path:
    project = root / folder
    (project / "docs" / "guide").mkdir(parents=True)
    (project / "docs" / "index.md").write_text(f"# {language}\n")
    (project / "docs" / "guide" / "setup.md").write_text(f"# {language}: setup\n")
    (project / "zensical.toml").write_text(
        f'[project]\nsite_name = "{language}"\nsite_url = "{site_url}"\n'
        f'[project.theme]\nlanguage = "{language}"\n[project.extra]\nalternate = [\n{alternates}]\n'
    )
    run = subprocess.run(
        [sys.executable, "-m", "zensical", "build"], cwd=project, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return project


def test_language_projects_whose_alternates_name_no_lang(tmp_path):
    """A real site's `extra.alternate`: `name` and `link` only.  Each project's language is its
    theme's; the others' come from their links; the root project's robots.txt names every sitemap."""
    pytest.importorskip("zensical")
    host = "https://multi.example.com/"
    alternates = '  { name = "English", link = "/" },\n  { name = "Deutsch", link = "/de/" },\n'
    en = _language_project(tmp_path, "en", "en", host, alternates)
    de = _language_project(tmp_path, "de", "de", host + "de/", alternates)
    run = cli("generate", "--project", str(en / "zensical.toml"), "--project", str(de / "zensical.toml"))
    assert run.returncode == 0, run.stderr
    group = [
        ("de", host + "de/guide/setup/"),
        ("en", host + "guide/setup/"),
        ("x-default", host + "guide/setup/"),
    ]
    for project, loc in ((en, host + "guide/setup/"), (de, host + "de/guide/setup/")):
        url = next(
            u
            for u in parse(project / "site" / "sitemap.xml").iterfind("s:url", NS)
            if u.findtext("s:loc", namespaces=NS) == loc
        )
        assert sorted((a.get("hreflang"), a.get("href")) for a in url.iterfind("xhtml:link", NS)) == group
    robots = (en / "site" / "robots.txt").read_text()
    assert f"Sitemap: {host}sitemap.xml\n" in robots and f"Sitemap: {host}de/sitemap.xml\n" in robots
    assert not (de / "site" / "robots.txt").exists()
    assert "to the robots.txt there" not in run.stderr


def test_language_projects_whose_languages_cannot_be_told_say_so(tmp_path):
    pytest.importorskip("zensical")
    host = "https://multi.example.com/"
    alternates = '  { name = "One", link = "/one/" },\n  { name = "Two", link = "/two/" },\n'
    one = _language_project(tmp_path, "one", "en", host + "one/", alternates)
    run = cli("generate", "-v", "--project", str(one / "zensical.toml"))
    assert run.returncode == 0, run.stderr
    assert "extra.alternate: the language of Two cannot be told" in run.stderr
    assert not parse(one / "site" / "sitemap.xml").findall(".//xhtml:link", NS)


@pytest.mark.parametrize(
    "before, body",
    [
        ("<!-- layout: <body class='wide'> -->", "<body>"),
        ("<script>document.write('<body>' + banner)</script>", "<body>"),
        ("<noscript><body><p>Enable JavaScript</p></body></noscript>", "<body>"),
        ("", "<BODY CLASS='home'>"),
        ("", ""),
    ],
    ids=["body-in-comment", "body-in-script", "body-in-noscript", "upper-case", "no-body-tag"],
)
def test_head_facts_after_what_looks_like_a_body_tag_are_read(tmp_path, before, body):
    """Only the head is parsed where the content is known: a `<body` that is none (in a comment,
    a script, a noscript) does not end the head, and an upper-case or missing body tag loses
    nothing of it."""
    from sitemap_plugins.core.pages.html import read_file

    page = tmp_path / "page.html"
    page.write_text(
        f"<!DOCTYPE html><html><head><title>T</title>{before}<meta name='robots' content='noindex'>"
        f"<link rel='canonical' href='https://example.com/other/'></head>{body}<p>Words</p></html>",
        encoding="utf-8",
    )
    facts = read_file(str(page), "https://example.com/page/", True, '<p><img src="/photo.png"></p>')
    assert facts.noindex and facts.canonical == "https://example.com/other/"
    assert facts.images == ["https://example.com/photo.png"]


def test_a_head_longer_than_the_first_read_is_read_whole(tmp_path):
    """Where only a page's head is read from its file (Pelican's pages, listing pages), a theme
    that inlines 40 KB of script and style before its robots tag is read to the end of its head."""
    from sitemap_plugins.core.pages.html import read_file

    page = tmp_path / "page.html"
    inline = "<script>var fonts = '" + "é" * 20_000 + "';</script><style>" + "p{}" * 3_000 + "</style>"
    page.write_text(
        f"<!DOCTYPE html><html><head>{inline}<meta name='robots' content='noindex'>"
        "<link rel='canonical' href='https://example.com/other/'></head>"
        "<body><p>Words</p></body></html>",
        encoding="utf-8",
    )
    facts = read_file(str(page), "https://example.com/page/", True, '<p><img src="/photo.png"></p>')
    assert facts.noindex and facts.canonical == "https://example.com/other/"
    assert facts.images == ["https://example.com/photo.png"] and not facts.truncated


@pytest.mark.parametrize(
    "body",
    ["<p>Gr\xfc\xdfe</p>", "<p>Gr\xc3\xbc\xc3\x9fe</p>"],
    ids=["latin-1-body", "utf-8-body"],
)
def test_a_head_read_alone_is_decoded_by_its_own_declaration(tmp_path, body):
    """Where only a page's head is read, only its bytes are decoded: a Latin-1 head (as a theme
    of old writes it) gives the same links whatever the body holds."""
    from sitemap_plugins.core.pages.html import read_file

    page = tmp_path / "page.html"
    page.write_bytes(
        b'<!DOCTYPE html><html><head><meta charset="iso-8859-1"><title>Stra\xdfe</title>'
        b'<link rel="alternate" hreflang="de" href="/stra\xdfe/">'
        b'<link rel="alternate" hreflang="en" href="/street/"></head>'
        b"<body>" + body.encode("latin-1") + b"</body></html>"
    )
    facts = read_file(str(page), "https://example.com/street/", True, '<p><img src="/photo.png"></p>')
    assert facts.alternates == {"de": "https://example.com/straße/", "en": "https://example.com/street/"}
    assert facts.images == ["https://example.com/photo.png"]

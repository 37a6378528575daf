"""Every theme, the same facts (#76): one content set whose facts are known because it was written
here, built through real generators and themes as their users install them, must give the same
images and videos on every one: the photos and none of the badges, avatar, emoji and sponsors'
logos around them; each player with its own title and the paragraph that introduces it, never
the next section's.  What a theme really does differently is in docs/themes.md.

The generators: MkDocs (`mkdocs`, `readthedocs`), Material, Zensical (`--project`), Pelican
(`notmyidea`, `simple`; Reflex, SmallWeb and Themeless from PyPI), Sphinx through `--from-dir` (alabaster, furo, Read the
Docs, PyData; the pages in MyST Markdown) and Jekyll through `--from-dir` (Debian's jekyll and
minima).  Hugo themes are not in the registries the project reaches (docs/themes.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from mkdocs_helpers import PNG
from pelican_helpers import PELICAN_PYTHON
from sitemap_checks import NS, parse

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://matrix.example.com/"
IMAGE = "{http://www.google.com/schemas/sitemap-image/1.1}"
VIDEO = "{http://www.google.com/schemas/sitemap-video/1.1}"

# -- the content, once ------------------------------------------------------------------------------

#: The gallery: three photos a reader came for, around them a row of badges, an author's avatar,
#: an emoji and the sponsors' row of linked logos (the site's own files), none of them content.
GALLERY = """Three photos of the grill.

![Grill at dusk](/images/photo-1.jpg)

![Grill at noon](/images/photo-2.jpg)

![Grill at night](/images/photo-3.jpg)

<p><a href="https://ci.example.org/grill"><img src="https://img.shields.io/badge/build-passing-green.svg" alt="build"></a>
<a href="https://pypi.org/project/grill/"><img src="https://img.shields.io/pypi/v/grill.svg" alt="pypi"></a></p>

<p>Written by <img class="avatar" src="https://avatars.githubusercontent.com/u/1?v=4" alt="Ann" width="20"> Ann
<img class="emoji" alt="🔥" src="https://cdn.jsdelivr.net/gh/twitter/twemoji@14.0.2/assets/72x72/1f525.png"></p>

<p><a href="https://acme.example.org/"><img src="/images/sponsor-acme.png" alt="Acme"></a>
<a href="https://globex.example.org/"><img src="/images/sponsor-globex.png" alt="Globex"></a></p>
"""

#: Two players under their own headings, each introduced by a paragraph and followed by another
#: section whose paragraph is about something else.
VIDEOS = """Our videos.

## The demo

Here's a quick video of the demo in action.

<video title="Demo video" poster="/images/demo-poster.jpg" controls><source src="/media/demo.mp4" type="video/mp4"></video>

## Community

Join our Discord server to talk about the demo.

## The talk

The talk we gave at the conference.

<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player" allowfullscreen></iframe>

## Thanks

Thanks to everyone who came.
"""

PAGES = {"gallery": ("Gallery", GALLERY), "videos": ("Videos", VIDEOS)}
FILES = (
    "photo-1.jpg",
    "photo-2.jpg",
    "photo-3.jpg",
    "sponsor-acme.png",
    "sponsor-globex.png",
    "demo-poster.jpg",
)

#: The facts the content states, by page: the content images (by file name: Sphinx copies them
#: into `_images/`), and each video (its file's name or its player, title, description).
FACTS = {
    "gallery": {"images": ["photo-1.jpg", "photo-2.jpg", "photo-3.jpg"], "videos": []},
    "videos": {
        "images": [],
        "videos": [
            ("demo.mp4", "demo-poster.jpg", "Demo video", "Here's a quick video of the demo in action."),
            (
                "https://www.youtube.com/embed/dQw4w9WgXcQ",
                "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
                "The talk",
                "The talk we gave at the conference.",
            ),
        ],
    },
}


def _write_files(directory: Path) -> None:
    """The site's own images and the demo's file, under `directory`."""
    for name in FILES:
        (directory / "images").mkdir(parents=True, exist_ok=True)
        (directory / "images" / name).write_bytes(PNG)
    (directory / "media").mkdir(parents=True, exist_ok=True)
    (directory / "media" / "demo.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")


def _run(cwd: Path, *command: str) -> str:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", "COLUMNS": "300"}
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _generate(site: Path) -> str:
    return _run(
        site,
        sys.executable,
        "-m",
        "sitemap_plugins",
        "generate",
        "--from-dir",
        ".",
        "--base-url",
        BASE,
        "--out",
        ".",
    )


# -- the generators, each as its users install and run it -------------------------------------------


def _markdown_pages(docs: Path, home: str = "") -> None:
    """The content as Markdown pages with their title, and the files they show, under `docs`."""
    docs.mkdir()
    (docs / "index.md").write_text(f"# Matrix\n\nWelcome.\n{home}")
    for name, (title, body) in PAGES.items():
        (docs / f"{name}.md").write_text(f"# {title}\n\n{body}")
    _write_files(docs)


def _mkdocs(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    docs = tmp_path / "docs"
    _markdown_pages(docs)
    plugins = "  - blog\n" if theme == "material" else ""
    if theme == "material":
        (docs / "blog" / "posts").mkdir(parents=True)
        (docs / "blog" / "index.md").write_text("# Blog\n")
        (docs / "blog" / "posts" / "first.md").write_text("---\ndate: 2024-01-05\n---\n\n# First\n\nHello.\n")
        (tmp_path / "overrides").mkdir()
        # A home page whose words the template draws (a hero), as Material's own docs do.
        (tmp_path / "overrides" / "home.html").write_text(
            '{% extends "main.html" %}{% block tabs %}{{ super() }}<section class="hero"><h1>Grill better</h1>'
            '<img src="/images/photo-1.jpg" alt="hero"></section>{% endblock %}{% block content %}{% endblock %}'
        )
    theme_block = f"theme:\n  name: {theme}\n" + ("  custom_dir: overrides\n" if theme == "material" else "")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Matrix\nsite_url: {BASE}\n{theme_block}"
        "markdown_extensions:\n  - toc:\n      permalink: true\n  - attr_list\n  - md_in_html\n"
        f"plugins:\n  - search\n{plugins}  - sitemap\n"
    )
    _run(tmp_path, sys.executable, "-m", "mkdocs", "build", "-d", "site")
    return tmp_path / "site", {name: BASE + f"{name}/" for name in PAGES}


def _zensical(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    _markdown_pages(tmp_path / "docs")
    (tmp_path / "zensical.toml").write_text(
        f'[project]\nsite_name = "Matrix"\nsite_url = "{BASE}"\n'
        "[project.markdown_extensions.toc]\npermalink = true\n"
        "[project.markdown_extensions.attr_list]\n[project.markdown_extensions.md_in_html]\n"
    )
    _run(tmp_path, sys.executable, "-m", "zensical", "build")
    _run(tmp_path, sys.executable, "-m", "sitemap_plugins", "generate", "--project", "zensical.toml")
    return tmp_path / "site", {name: BASE + f"{name}/" for name in PAGES}


def _pelican(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    content = tmp_path / "content"
    (content / "pages").mkdir(parents=True)
    for name, (title, body) in PAGES.items():
        (content / "pages" / f"{name}.md").write_text(f"Title: {title}\nSlug: {name}\n\n{body}")
    (content / "first.md").write_text("Title: First\nDate: 2024-01-05\n\nHello.\n")
    _write_files(content)
    # By name: Pelican's own themes, and those from the registry, installed into pelican/themes/.
    (tmp_path / "pelicanconf.py").write_text(
        f'SITEURL = "{BASE.rstrip("/")}"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = {theme!r}\nAUTHOR = "Ann"\nCC_LICENSE = None\n'
        'STATIC_PATHS = ["images", "media"]\nPLUGINS = ["sitemap_plugins.pelican"]\n'
        "FEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n"
        'MARKDOWN = {"extension_configs": {"markdown.extensions.toc": {"permalink": True}, '
        '"markdown.extensions.extra": {}}, "output_format": "html5"}\n'
    )
    _run(tmp_path, PELICAN_PYTHON, "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content")
    return tmp_path / "output", {name: BASE + f"pages/{name}.html" for name in PAGES}


def _sphinx(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    source = tmp_path / "source"
    # What Markdown images name is copied into _images/.
    _markdown_pages(source, home="\n```{toctree}\ngallery\nvideos\n```\n")
    _write_files(tmp_path / "extra")  # what raw HTML names, served at the site's root
    (source / "conf.py").write_text(
        f'project = "Matrix"\nextensions = ["myst_parser"]\nhtml_theme = {theme!r}\n'
        f'html_extra_path = ["../extra"]\nhtml_baseurl = "{BASE}"\n'
    )
    _run(tmp_path, sys.executable, "-m", "sphinx", "-q", "-b", "html", "source", "site")
    _generate(tmp_path / "site")
    return tmp_path / "site", {name: BASE + f"{name}.html" for name in PAGES}


def _jekyll(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    if shutil.which("jekyll") is None:
        pytest.skip("Debian's jekyll is not installed (.ci/run installs it)")
    (tmp_path / "_config.yml").write_text(f'title: Matrix\nurl: "{BASE.rstrip("/")}"\ntheme: {theme}\n')
    (tmp_path / "index.md").write_text("---\nlayout: home\n---\n\nWelcome.\n")
    for name, (title, body) in PAGES.items():
        (tmp_path / f"{name}.md").write_text(
            f"---\nlayout: page\ntitle: {title}\npermalink: /{name}/\n---\n\n{body}"
        )
    (tmp_path / "_posts").mkdir()
    (tmp_path / "_posts" / "2024-01-05-first.md").write_text("---\ntitle: First\n---\n\nHello.\n")
    _write_files(tmp_path)
    _run(tmp_path, "jekyll", "build", "--quiet")
    _generate(tmp_path / "_site")
    return tmp_path / "_site", {name: BASE + f"{name}/" for name in PAGES}


BUILDS: dict[str, Callable[[Path], tuple[Path, dict[str, str]]]] = {
    "mkdocs/mkdocs": lambda tmp: _mkdocs("mkdocs", tmp),
    "mkdocs/readthedocs": lambda tmp: _mkdocs("readthedocs", tmp),
    "material+blog": lambda tmp: _mkdocs("material", tmp),
    "zensical": _zensical,
    "pelican/notmyidea": lambda tmp: _pelican("notmyidea", tmp),
    "pelican/simple": lambda tmp: _pelican("simple", tmp),
    "pelican/reflex": lambda tmp: _pelican("reflex", tmp),
    "pelican/smallweb": lambda tmp: _pelican("smallweb", tmp),
    "pelican/themeless": lambda tmp: _pelican("themeless", tmp),
    "sphinx/alabaster": lambda tmp: _sphinx("alabaster", tmp),
    "sphinx/furo": lambda tmp: _sphinx("furo", tmp),
    "sphinx/sphinx_rtd_theme": lambda tmp: _sphinx("sphinx_rtd_theme", tmp),
    "sphinx/pydata_sphinx_theme": lambda tmp: _sphinx("pydata_sphinx_theme", tmp),
    "jekyll/minima": lambda tmp: _jekyll("minima", tmp),
}


def _facts(sitemap: Path, urls: dict[str, str]) -> dict[str, dict[str, list]]:
    """What the sitemap says of each page of the content: its images' file names, its videos."""
    by_loc = {url.findtext("s:loc", namespaces=NS): url for url in parse(sitemap).iterfind("s:url", NS)}

    def name(url: str | None) -> str | None:
        return (
            url
            if url is None or "youtube" in url or "ytimg" in url
            else urlsplit(url).path.rsplit("/", 1)[-1]
        )

    found = {}
    for page, loc in urls.items():
        url = by_loc[loc]
        found[page] = {
            "images": [name(image.text) for image in url.iterfind(f"{IMAGE}image/{IMAGE}loc")],
            "videos": [
                (
                    name(video.findtext(f"{VIDEO}player_loc") or video.findtext(f"{VIDEO}content_loc")),
                    name(video.findtext(f"{VIDEO}thumbnail_loc")),
                    video.findtext(f"{VIDEO}title"),
                    # Sphinx and kramdown set straight quotes as typographic ones: the same words.
                    (video.findtext(f"{VIDEO}description") or "").replace("\u2019", "'") or None,
                )
                for video in url.iterfind(f"{VIDEO}video")
            ],
        }
    return found


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_every_theme_gives_the_facts_the_content_states(build, tmp_path):
    site, urls = BUILDS[build](tmp_path)
    assert _facts(site / "sitemap.xml", urls) == FACTS

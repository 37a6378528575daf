"""Every theme, the same facts (#76): content sets whose facts are known because they were
written here, built through real generators and themes as their users install them, must give
the same facts on every one.  Images and videos: the photos and none of the badges, avatar,
emoji and sponsors' logos around them; each player with its own title and the paragraph that
introduces it, never the next section's.  Dates: each post by its publication or its edit, never
the commit that imported it; a listing by its newest post, never a page an excerpt links to.
Languages: a translation grouped with its original and x-default, a copy left out.  What a theme
really does differently is in docs/themes.md.

The generators: MkDocs (`mkdocs`, `readthedocs`, with mkdocs-static-i18n), Material (its blog,
static-i18n), Zensical (`--project`), Pelican (`notmyidea`, `simple`; Reflex, SmallWeb and
Themeless from PyPI), Sphinx (alabaster, furo, Read the Docs, PyData; through `--from-dir`, and
the extension for languages), Jekyll through `--from-dir` (Debian's jekyll, minima and
jekyll-polyglot, and a layout set written here in Minimal Mistakes' shape), and Hugo through `--from-dir` (Debian's hugo, with two themes written here in
the shapes most Hugo sites have: tests/fixtures/hugo_themes/).
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
from git_helpers import commit, git, lastmods
from mkdocs_helpers import PNG
from pelican_helpers import PELICAN_PYTHON
from places import FIXTURES
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


def _generate(site: Path, *flags: str) -> str:
    """`generate --from-dir` on a built site, as its docs say to run it after the generator."""
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
        *flags,
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


#: A layout set written here in Minimal Mistakes' shape (Debian carries minima alone):
#: tests/fixtures/jekyll_themes/README.md.
JEKYLL_THEMES = FIXTURES / "jekyll_themes"


def _jekyll_site(site: Path, title: str, theme: str, *plugins: str, more: str = "") -> None:
    """A Jekyll site's `_config.yml` with `theme`: Debian's gem by its name (minima), or a layout
    set of JEKYLL_THEMES copied in as the site's own layouts, with the plugin its head uses."""
    if shutil.which("jekyll") is None:
        pytest.skip("Debian's jekyll is not installed (.ci/run installs it)")
    site.mkdir(parents=True, exist_ok=True)
    theme_line = f"theme: {theme}\n"
    if (JEKYLL_THEMES / theme).is_dir():
        shutil.copytree(JEKYLL_THEMES / theme, site, dirs_exist_ok=True)
        theme_line, plugins = "", ("jekyll-seo-tag", *plugins)
    listed = "".join(f"  - {plugin}\n" for plugin in plugins)
    (site / "_config.yml").write_text(
        f'title: {title}\nurl: "{BASE.rstrip("/")}"\n{theme_line}'
        + (f"plugins:\n{listed}" if plugins else "")
        + more
    )


def _jekyll(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    _jekyll_site(tmp_path, "Matrix", theme)
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


#: Two themes written here in the shapes most Hugo sites have (no Hugo theme is in the registries
#: the project reaches): tests/fixtures/hugo_themes/README.md.
HUGO_THEMES = FIXTURES / "hugo_themes"


def _hugo(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    if shutil.which("hugo") is None:
        pytest.skip("Debian's hugo is not installed (.ci/run installs it)")
    site = tmp_path / "hugo"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "config.toml").write_text(
        f'baseURL = "{BASE}"\ntitle = "Matrix"\ntheme = "{theme}"\nthemesDir = "{HUGO_THEMES}"\n'
        'languageCode = "en"\n[params]\ndescription = "Grilling, the Matrix way."\n'
        "[markup.goldmark.renderer]\nunsafe = true\n"  # the raw HTML of the content, as its users set
    )
    (site / "content" / "_index.md").write_text("---\ntitle: Matrix\n---\n\nWelcome.\n")
    for name, (title, body) in PAGES.items():
        (site / "content" / f"{name}.md").write_text(f"---\ntitle: {title}\n---\n\n{body}")
    (site / "content" / "posts" / "first.md").write_text(
        "---\ntitle: First\ndate: 2024-01-05\n---\n\nHello.\n"
    )
    _write_files(site / "static")
    _run(site, "hugo", "--quiet")
    _generate(site / "public", "--replace-sitemaps")
    return site / "public", {name: BASE + f"{name}/" for name in PAGES}


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
    "jekyll/mistakes": lambda tmp: _jekyll("mistakes", tmp),
    "hugo/entries": lambda tmp: _hugo("entries", tmp),
    "hugo/book": lambda tmp: _hugo("book", tmp),
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


# -- dates: one blog, imported into git after its posts were written, one post edited later --------

#: The blog's git history, where the generator builds from sources in git: every file committed
#: at once after every post's date, then one post edited, then the docs page one excerpt links to.
IMPORTED = "2025-01-01T09:00:00+00:00"
EDITED = "2025-02-01T09:00:00+00:00"
DOCS_EDITED = "2025-03-01T09:00:00+00:00"

#: Each page's date as the content states it (the day: a generator may write the time too).
DATES = {
    "first": "2024-01-05",  # published, never edited
    "second": EDITED[:10],  # published 2024-02-10, edited since
    "guide": DOCS_EDITED[:10],  # a docs page, edited after every post
    "listing": EDITED[:10],  # the posts' listing: its newest post, never the guide an excerpt links to
}

POSTS = {
    "first": ("First", "2024-01-05", "See the [guide](GUIDE) before the grill."),
    "second": ("Second", "2024-02-10", "Charcoal, or gas."),
}
SECOND_EDITED = "Charcoal, or gas, or wood."
GUIDE = ("Guide", "How to light the grill.")
GUIDE_EDITED = "How to light the grill, and put it out."


def _git_history(root: Path, edit_second: Callable[[], None], edit_guide: Callable[[], None]) -> None:
    git(root, "init", "-q")
    commit(root, IMPORTED)
    edit_second()
    commit(root, EDITED)
    edit_guide()
    commit(root, DOCS_EDITED)


def _dated_markdown(docs: Path, post_dir: Path, front: Callable[[str, str], str], guide_link: str) -> None:
    (docs / "guide.md").write_text(f"# {GUIDE[0]}\n\n{GUIDE[1]}\n")
    post_dir.mkdir(parents=True, exist_ok=True)
    for name, (title, date, excerpt) in POSTS.items():
        (post_dir / f"{name}.md").write_text(
            f"{front(date, title)}# {title}\n\n{excerpt.replace('GUIDE', guide_link)}\n\n<!-- more -->\n\nMore of it.\n"
        )


def _dates_mkdocs(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\nWelcome.\n")
    blog = theme == "material"
    posts = docs / "blog" / "posts" if blog else docs / "posts"
    link = "../../guide.md" if blog else "../guide.md"
    _dated_markdown(docs, posts, lambda date, title: f"---\ndate: {date}\n---\n\n", link)
    if blog:
        (docs / "blog" / "index.md").write_text("# Blog\n")
        (posts / "draft.md").write_text("---\ndate: 2024-03-01\ndraft: true\n---\n\n# Draft\n\nNot yet.\n")
    (project / "mkdocs.yml").write_text(
        f"site_name: Dates\nsite_url: {BASE}\ntheme:\n  name: {theme}\nplugins:\n  - search\n"
        + ("  - git-revision-date-localized\n  - blog\n" if blog else "")
        + "  - sitemap\n"
    )
    _git_history(
        project,
        lambda: (posts / "second.md").write_text(
            (posts / "second.md").read_text().replace(POSTS["second"][2], SECOND_EDITED)
        ),
        lambda: (docs / "guide.md").write_text(f"# {GUIDE[0]}\n\n{GUIDE_EDITED}\n"),
    )
    _run(project, sys.executable, "-m", "mkdocs", "build", "-d", "site")
    if blog:
        roles = {
            "first": BASE + "blog/2024/01/05/first/",
            "second": BASE + "blog/2024/02/10/second/",
            "listing": BASE + "blog/",
            "draft": BASE + "blog/2024/03/01/draft/",
        }
    else:
        roles = {"first": BASE + "posts/first/", "second": BASE + "posts/second/"}
    return project / "site" / "sitemap.xml", {"guide": BASE + "guide/", **roles}


def _dates_zensical(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\nWelcome.\n")
    _dated_markdown(docs, docs / "posts", lambda date, title: f"---\ndate: {date}\n---\n\n", "../guide.md")
    (project / "zensical.toml").write_text(f'[project]\nsite_name = "Dates"\nsite_url = "{BASE}"\n')
    second = docs / "posts" / "second.md"
    _git_history(
        project,
        lambda: second.write_text(second.read_text().replace(POSTS["second"][2], SECOND_EDITED)),
        lambda: (docs / "guide.md").write_text(f"# {GUIDE[0]}\n\n{GUIDE_EDITED}\n"),
    )
    _run(project, sys.executable, "-m", "zensical", "build")
    _run(project, sys.executable, "-m", "sitemap_plugins", "generate", "--project", "zensical.toml")
    return project / "site" / "sitemap.xml", {
        "guide": BASE + "guide/",
        "first": BASE + "posts/first/",
        "second": BASE + "posts/second/",
    }


def _dates_pelican(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "project"
    content = project / "content"
    (content / "pages").mkdir(parents=True)
    (content / "pages" / "guide.md").write_text(f"Title: {GUIDE[0]}\nSlug: guide\n\n{GUIDE[1]}\n")
    for name, (title, date, excerpt) in POSTS.items():
        (content / f"{name}.md").write_text(
            f"Title: {title}\nDate: {date}\nSlug: {name}\nCategory: Grilling\n\n"
            f"{excerpt.replace('GUIDE', '{filename}/pages/guide.md')}\n"
        )
    (content / "draft.md").write_text(
        "Title: Draft\nDate: 2024-03-01\nSlug: draft\nStatus: draft\n\nNot yet.\n"
    )
    (project / "pelicanconf.py").write_text(
        f'SITEURL = "{BASE.rstrip("/")}"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = {theme!r}\nAUTHOR = "Ann"\n'
        'CC_LICENSE = None\nPLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\n'
        "CATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n"
    )
    second = content / "second.md"
    _git_history(
        project,
        lambda: second.write_text(second.read_text().replace(POSTS["second"][2], SECOND_EDITED)),
        lambda: (content / "pages" / "guide.md").write_text(
            f"Title: {GUIDE[0]}\nSlug: guide\n\n{GUIDE_EDITED}\n"
        ),
    )
    _run(project, PELICAN_PYTHON, "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content")
    return project / "output" / "sitemap.xml", {
        "guide": BASE + "pages/guide.html",
        "first": BASE + "first.html",
        "second": BASE + "second.html",
        "listing": BASE,
        "draft": BASE + "drafts/draft.html",
    }


def _dates_hugo(theme: str, tmp_path: Path, own_sitemap: bool = True) -> tuple[Path, dict[str, str]]:
    """Hugo builds no git history into a page unless asked (`enableGitInfo`): the front matter
    states each date, as most Hugo sites do.  `own_sitemap`: Hugo's sitemap, which dates its
    listings, is written (as by default), else not (`disableKinds`): the pages alone tell."""
    if shutil.which("hugo") is None:
        pytest.skip("Debian's hugo is not installed (.ci/run installs it)")
    site = tmp_path / "hugo"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "config.toml").write_text(
        f'baseURL = "{BASE}"\ntitle = "Dates"\ntheme = "{theme}"\nthemesDir = "{HUGO_THEMES}"\nlanguageCode = "en"\n'
        + ("" if own_sitemap else 'disableKinds = ["sitemap"]\n')
    )
    (site / "content" / "_index.md").write_text("---\ntitle: Dates\n---\n")
    (site / "content" / "guide.md").write_text(
        f"---\ntitle: {GUIDE[0]}\nlastmod: {DOCS_EDITED}\n---\n\n{GUIDE_EDITED}\n"
    )
    for name, (title, date, excerpt) in POSTS.items():
        lastmod = f"lastmod: {EDITED}\n" if name == "second" else ""
        (site / "content" / "posts" / f"{name}.md").write_text(
            f"---\ntitle: {title}\ndate: {date}\n{lastmod}---\n\n{excerpt.replace('GUIDE', '/guide/')}\n\n<!--more-->\n\nMore of it.\n"
        )
    (site / "content" / "posts" / "draft.md").write_text(
        "---\ntitle: Draft\ndate: 2024-03-01\ndraft: true\n---\n\nNot yet.\n"
    )
    _run(site, "hugo", "--quiet")
    _generate(site / "public", "--replace-sitemaps")
    return site / "public" / "sitemap.xml", {
        "guide": BASE + "guide/",
        "first": BASE + "posts/first/",
        "second": BASE + "posts/second/",
        "listing": BASE + "posts/",
        "draft": BASE + "posts/draft/",
    }


def _dates_jekyll(theme: str, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """jekyll-seo-tag (in both themes' heads) writes each post's `date` and `last_modified_at` as
    JSON-LD."""
    site = tmp_path / "jekyll"
    _jekyll_site(site, "Dates", theme)
    (site / "_posts").mkdir(parents=True)
    (site / "index.md").write_text("---\nlayout: home\n---\n")
    (site / "guide.md").write_text(
        f"---\nlayout: page\ntitle: {GUIDE[0]}\npermalink: /guide/\nlast_modified_at: {DOCS_EDITED}\n---\n\n{GUIDE_EDITED}\n"
    )
    for name, (title, date, excerpt) in POSTS.items():
        lastmod = f"last_modified_at: {EDITED}\n" if name == "second" else ""
        (site / "_posts" / f"{date}-{name}.md").write_text(
            f"---\nlayout: post\ntitle: {title}\n{lastmod}---\n\n{excerpt.replace('GUIDE', '/guide/')}\n\nMore of it.\n"
        )
    (site / "_drafts").mkdir()
    (site / "_drafts" / "draft.md").write_text("---\nlayout: post\ntitle: Draft\n---\n\nNot yet.\n")
    _run(site, "jekyll", "build", "--quiet")
    _generate(site / "_site")
    return site / "_site" / "sitemap.xml", {
        "guide": BASE + "guide/",
        "first": BASE + "2024/01/05/first.html",
        "second": BASE + "2024/02/10/second.html",
        "listing": BASE,
    }


DATED_BUILDS: dict[str, Callable[[Path], tuple[Path, dict[str, str]]]] = {
    "mkdocs/mkdocs": lambda tmp: _dates_mkdocs("mkdocs", tmp),
    "mkdocs/readthedocs": lambda tmp: _dates_mkdocs("readthedocs", tmp),
    "material+blog": lambda tmp: _dates_mkdocs("material", tmp),
    "zensical": _dates_zensical,
    "pelican/notmyidea": lambda tmp: _dates_pelican("notmyidea", tmp),
    "pelican/simple": lambda tmp: _dates_pelican("simple", tmp),
    "pelican/reflex": lambda tmp: _dates_pelican("reflex", tmp),
    "pelican/smallweb": lambda tmp: _dates_pelican("smallweb", tmp),
    "pelican/themeless": lambda tmp: _dates_pelican("themeless", tmp),
    "hugo/entries": lambda tmp: _dates_hugo("entries", tmp),
    "hugo/book": lambda tmp: _dates_hugo("book", tmp),
    "hugo/book, no sitemap of Hugo's": lambda tmp: _dates_hugo("book", tmp, own_sitemap=False),
    "jekyll/minima": lambda tmp: _dates_jekyll("minima", tmp),
    "jekyll/mistakes": lambda tmp: _dates_jekyll("mistakes", tmp),
}


@pytest.mark.parametrize("build", sorted(DATED_BUILDS))
def test_every_theme_dates_the_pages_as_the_content_does(build, tmp_path):
    """Each post by its publication or its later edit (never the commit that imported it), the
    docs page by its edit, the listing by its newest post (never the page an excerpt links to);
    a draft not listed.  A generator with no listing of posts has no `listing` row."""
    sitemap, roles = DATED_BUILDS[build](tmp_path)
    said = lastmods(sitemap)
    draft = roles.pop("draft", None)
    assert draft not in said
    assert {role: (said.get(url) or "")[:10] for role, url in roles.items()} == {
        role: DATES[role] for role in roles
    }


# -- languages: one page translated, one copied untranslated ----------------------------------------

#: The guide in English and in French; the notes in English, and under /fr/ the English words again
#: (a fallback, a copy a script or the generator made): no translation.
GUIDE_EN = ("Guide", "How to light the grill with charcoal and a chimney starter.")
GUIDE_FR = ("Guide", "Comment allumer le barbecue avec du charbon et une cheminée d'allumage.")
NOTES_EN = ("Notes", "Notes on charcoal, wood chips and how long the coals stay hot.")


def _groups(sitemap: Path) -> dict[str, dict[str, str]]:
    """Each listed URL with its hreflang alternates."""
    return {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def _language_roles(english: str, french: str) -> dict[str, str]:
    """The URLs of the guide and the notes in each language, as the generator spells them
    (`"{}/"`, `"fr/{}/"`)."""
    return {
        **{name: BASE + english.format(name) for name in ("guide", "notes")},
        **{f"{name}_fr": BASE + french.format(name) for name in ("guide", "notes")},
    }


def _languages_mkdocs(theme: str, tmp_path: Path) -> tuple[list[Path], dict[str, str]]:
    """mkdocs-static-i18n, suffix structure, its fallback building the untranslated notes under /fr/."""
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (docs / "index.en.md").write_text("# Home\n\nWelcome.\n")
    (docs / "index.fr.md").write_text("# Accueil\n\nBienvenue.\n")
    (docs / "guide.en.md").write_text("# {}\n\n{}\n".format(*GUIDE_EN))
    (docs / "guide.fr.md").write_text("# {}\n\n{}\n".format(*GUIDE_FR))
    (docs / "notes.en.md").write_text("# {}\n\n{}\n".format(*NOTES_EN))
    (project / "mkdocs.yml").write_text(
        f"site_name: Languages\nsite_url: {BASE}\ntheme:\n  name: {theme}\nplugins:\n  - search\n"
        "  - i18n:\n      docs_structure: suffix\n      fallback_to_default: true\n      languages:\n"
        "        - locale: en\n          default: true\n          name: English\n          build: true\n"
        "        - locale: fr\n          name: Français\n          build: true\n  - sitemap\n"
    )
    _run(project, sys.executable, "-m", "mkdocs", "build", "-d", "site")
    return [project / "site" / "sitemap.xml"], _language_roles("{}/", "fr/{}/")


def _languages_pelican(theme: str, tmp_path: Path) -> tuple[list[Path], dict[str, str]]:
    """Pelican's translations (`Lang:`, the same `Slug:`), the notes' French file holding the
    English words (a translation stubbed by copying the original)."""
    project = tmp_path / "project"
    pages = project / "content" / "pages"
    pages.mkdir(parents=True)
    for slug, lang, (title, text) in (
        ("guide", "en", GUIDE_EN),
        ("guide", "fr", GUIDE_FR),
        ("notes", "en", NOTES_EN),
        ("notes", "fr", NOTES_EN),
    ):
        (pages / f"{slug}-{lang}.md").write_text(f"Title: {title}\nSlug: {slug}\nLang: {lang}\n\n{text}\n")
    # A blog's one post: a theme may need an article to draw its home page (Themeless does).
    (project / "content" / "first.md").write_text("Title: First\nDate: 2024-01-05\n\nHello.\n")
    (project / "pelicanconf.py").write_text(
        f'SITEURL = "{BASE.rstrip("/")}"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = {theme!r}\nAUTHOR = "Ann"\n'
        'CC_LICENSE = None\nDEFAULT_LANG = "en"\nPLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\n'
        "CATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\nTRANSLATION_FEED_ATOM = None\n"
    )
    _run(project, PELICAN_PYTHON, "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content")
    return [project / "output" / "sitemap.xml"], _language_roles("pages/{}.html", "pages/{}-fr.html")


def _languages_hugo(theme: str, tmp_path: Path) -> tuple[list[Path], dict[str, str]]:
    """Hugo's multilingual mode (English at the root, French under /fr/); the theme's head names
    each page's translations (`entries` with the page itself, `book` without, as Hugo's
    `.Translations` gives them), the notes' French file holds the English words.  A built
    directory names x-default where asked (`--x-default`)."""
    if shutil.which("hugo") is None:
        pytest.skip("Debian's hugo is not installed (.ci/run installs it)")
    site = tmp_path / "hugo"
    content = site / "content"
    content.mkdir(parents=True)
    (site / "config.toml").write_text(
        f'baseURL = "{BASE}"\ntitle = "Languages"\ntheme = "{theme}"\nthemesDir = "{HUGO_THEMES}"\n'
        'defaultContentLanguage = "en"\n[languages.en]\nweight = 1\nlanguageCode = "en"\n'
        '[languages.fr]\nweight = 2\nlanguageCode = "fr"\n'
    )
    (content / "_index.en.md").write_text("---\ntitle: Home\n---\n\nWelcome.\n")
    (content / "_index.fr.md").write_text("---\ntitle: Accueil\n---\n\nBienvenue.\n")
    for name, lang, (title, text) in (
        ("guide", "en", GUIDE_EN),
        ("guide", "fr", GUIDE_FR),
        ("notes", "en", NOTES_EN),
        ("notes", "fr", NOTES_EN),
    ):
        (content / f"{name}.{lang}.md").write_text(f"---\ntitle: {title}\n---\n\n{text}\n")
    _run(site, "hugo", "--quiet")
    _generate(site / "public", "--replace-sitemaps", "--x-default", "en")
    return [site / "public" / "sitemap.xml"], _language_roles("{}/", "fr/{}/")


def _languages_jekyll(theme: str, tmp_path: Path) -> tuple[list[Path], dict[str, str]]:
    """jekyll-polyglot (Debian's ruby-jekyll-polyglot), its `I18n_Headers` in the head as its
    README says; the notes have no French file: polyglot builds the English page under /fr/."""
    if subprocess.run(["ruby", "-e", 'gem "jekyll-polyglot"'], capture_output=True).returncode:
        pytest.skip("Debian's ruby-jekyll-polyglot is not installed (.ci/run installs it)")
    site = tmp_path / "jekyll"
    # One language after the other: polyglot forks a process per language by default, which race
    # on the shared _site/ on a loaded machine (the English guide once went missing in CI's run).
    languages = (
        'languages: ["en", "fr"]\ndefault_lang: "en"\nexclude_from_localization: ["assets"]\n'
        "parallel_localization: false\n"
    )
    _jekyll_site(site, "Languages", theme, "jekyll-polyglot", more=languages)
    head = site / "_includes" / "head.html"
    if head.is_file():  # the theme's own head (inside its layout's <head>), with polyglot's links
        head.write_text(head.read_text() + "{% I18n_Headers %}\n")
    else:  # minima's head include, overridden as a site does
        head.parent.mkdir(parents=True, exist_ok=True)
        head.write_text(
            '<head><meta charset="utf-8"><title>{{ page.title }}</title>'
            '<link rel="canonical" href="{{ page.url | absolute_url }}">{% I18n_Headers %}</head>\n'
        )
    (site / "index.md").write_text("---\nlayout: home\nlang: en\n---\n\nWelcome.\n")
    (site / "index-fr.md").write_text("---\nlayout: home\nlang: fr\npermalink: /\n---\n\nBienvenue.\n")
    for name, lang, (title, text) in (
        ("guide", "en", GUIDE_EN),
        ("guide", "fr", GUIDE_FR),
        ("notes", "en", NOTES_EN),
    ):
        (site / f"{name}-{lang}.md").write_text(
            f"---\nlayout: page\ntitle: {title}\nlang: {lang}\npermalink: /{name}/\n---\n\n{text}\n"
        )
    _run(site, "jekyll", "build", "--quiet")
    _generate(site / "_site", "--x-default", "en")
    return [site / "_site" / "sitemap.xml"], _language_roles("{}/", "fr/{}/")


def _languages_sphinx(
    theme: str, tmp_path: Path, french_first: bool = False
) -> tuple[list[Path], dict[str, str]]:
    """The Sphinx face, one build per language as gettext does it (`-D language=fr` into `fr/`,
    in the English build's root, named as the root the builds may write under), in either order:
    the notes have no French catalog, so their French page shows the English words."""
    source = tmp_path / "source"
    catalog = source / "locale" / "fr" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (source / "conf.py").write_text(
        f'project = "Languages"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_theme = {theme!r}\n'
        'language = "en"\nlocale_dirs = ["locale"]\n'
    )
    (source / "index.rst").write_text("Home\n====\n\nWelcome.\n\n.. toctree::\n\n   guide\n   notes\n")
    for name, (title, text) in (("guide", GUIDE_EN), ("notes", NOTES_EN)):
        (source / f"{name}.rst").write_text(f"{title}\n{'=' * len(title)}\n\n{text}\n")
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (catalog / "guide.po").write_text(
        header
        + f'msgid "{GUIDE_EN[0]}"\nmsgstr "{GUIDE_FR[0]}"\n\nmsgid "{GUIDE_EN[1]}"\nmsgstr "{GUIDE_FR[1]}"\n'
    )
    (catalog / "index.po").write_text(
        header + 'msgid "Home"\nmsgstr "Accueil"\n\nmsgid "Welcome."\nmsgstr "Bienvenue."\n'
    )
    site = tmp_path / "site"
    builds = [("en", BASE, site), ("fr", BASE + "fr/", site / "fr")]
    for language, base, out in reversed(builds) if french_first else builds:
        sphinx = (sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", f"language={language}")
        _run(
            tmp_path, *sphinx, "-D", f"html_baseurl={base}", "-D", f"sitemap_root={site}", "source", str(out)
        )
    return [site / "sitemap.xml", site / "fr" / "sitemap.xml"], _language_roles("{}.html", "fr/{}.html")


LANGUAGE_BUILDS: dict[str, Callable[[Path], tuple[list[Path], dict[str, str]]]] = {
    "mkdocs/mkdocs+i18n": lambda tmp: _languages_mkdocs("mkdocs", tmp),
    "mkdocs/readthedocs+i18n": lambda tmp: _languages_mkdocs("readthedocs", tmp),
    "material+i18n": lambda tmp: _languages_mkdocs("material", tmp),
    "pelican/notmyidea": lambda tmp: _languages_pelican("notmyidea", tmp),
    "pelican/simple": lambda tmp: _languages_pelican("simple", tmp),
    "pelican/reflex": lambda tmp: _languages_pelican("reflex", tmp),
    "pelican/smallweb": lambda tmp: _languages_pelican("smallweb", tmp),
    "pelican/themeless": lambda tmp: _languages_pelican("themeless", tmp),
    "hugo/entries": lambda tmp: _languages_hugo("entries", tmp),
    "hugo/book": lambda tmp: _languages_hugo("book", tmp),
    "jekyll/minima+polyglot": lambda tmp: _languages_jekyll("minima", tmp),
    "jekyll/mistakes+polyglot": lambda tmp: _languages_jekyll("mistakes", tmp),
    "sphinx/alabaster": lambda tmp: _languages_sphinx("alabaster", tmp),
    "sphinx/furo": lambda tmp: _languages_sphinx("furo", tmp),
    "sphinx/furo, French first": lambda tmp: _languages_sphinx("furo", tmp, french_first=True),
}


@pytest.mark.parametrize("build", sorted(LANGUAGE_BUILDS))
def test_every_theme_groups_the_translation_and_leaves_the_copy_out(build, tmp_path):
    """The guide and its French translation name each other and x-default (English); the notes'
    French page, the English words under /fr/, is not listed and the English notes join no group."""
    sitemaps, roles = LANGUAGE_BUILDS[build](tmp_path)
    listed = [url for sitemap in sitemaps for url in _groups(sitemap)]
    assert len(listed) == len(set(listed)), "a page listed by two languages' sitemaps"
    robots = (sitemaps[0].parent / "robots.txt").read_text()
    assert all(f"Sitemap: {BASE}{s.relative_to(sitemaps[0].parent).as_posix()}" in robots for s in sitemaps)
    groups = {url: links for sitemap in sitemaps for url, links in _groups(sitemap).items()}
    pair = {"en": roles["guide"], "fr": roles["guide_fr"], "x-default": roles["guide"]}
    assert {role: groups.get(roles[role]) for role in roles} == {
        "guide": pair,
        "guide_fr": pair,
        "notes": {},
        "notes_fr": None,
    }

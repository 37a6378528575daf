"""A Material for MkDocs site as its owners would judge its sitemap: images that are content,
dates that are true, no robots.txt where no crawler reads it.  Real builds, a real git history."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs
from places import SAMPLES
from sitemap_checks import NS, assert_valid_tree, parse, urls

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.github.io/grill/"
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7359a9a0000000049454e44ae426082"
)
CONFIG = f"""site_name: Grill
site_url: {BASE}
theme:
  name: material
  features: [navigation.instant]
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.emoji:
      emoji_index: !!python/name:pymdownx.emoji.twemoji
      emoji_generator: !!python/name:pymdownx.emoji.to_svg
plugins:
  - blog:
      authors_profiles: false
  - sitemap
"""


def commit(repo: Path, message: str, date: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
    }
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", message], cwd=repo, check=True, env=env)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, str]:
    project = tmp_path_factory.mktemp("material")
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    docs = project / "docs"
    (docs / "img").mkdir(parents=True)
    (docs / "blog" / "posts").mkdir(parents=True)
    for name in ("grill", "map-light", "map-dark", "ada"):
        (docs / "img" / f"{name}.png").write_bytes(PNG)
    (project / "mkdocs.yml").write_text(CONFIG)
    (docs / "index.md").write_text(
        "# Grill :fire: :smile:\n\n"
        "[![PyPI](https://img.shields.io/pypi/v/grill.svg)](https://pypi.org/project/grill/)\n\n"
        "![Grill](img/grill.png)\n\n"
        "![Map](img/map-light.png#only-light)\n![Map](img/map-dark.png#only-dark)\n"
    )
    (docs / "blog" / "index.md").write_text("# Blog\n")
    (docs / "blog" / ".authors.yml").write_text(
        "authors:\n  ada:\n    name: Ada\n    description: Cook\n    avatar: ../img/ada.png\n"
    )
    commit(project, "site", "2022-09-13T10:00:00Z")
    (docs / "blog" / "posts" / "first.md").write_text(
        "---\ndate: 2024-01-10\nauthors: [ada]\n---\n# First post\n\n![Grill](../../img/grill.png)\n"
    )
    commit(project, "first post", "2024-01-10T09:00:00Z")
    (docs / "blog" / "posts" / "second.md").write_text(
        "---\ndate:\n  created: 2024-03-01\n  updated: 2024-03-05\nauthors: [ada]\n---\n# Second post\n\nText.\n"
    )
    commit(project, "second post", "2024-04-01T09:00:00Z")
    first = docs / "blog" / "posts" / "first.md"
    first.write_text(first.read_text() + "\nA correction.\n")
    commit(project, "edit the first post", "2024-06-01T12:00:00Z")
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert assert_valid_tree(project / "site")  # outside tmp_path: the autouse sweep does not see it
    return project / "site", run.stderr


def _entries(site: Path) -> dict[str, tuple[str | None, list[str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): (
            url.findtext("s:lastmod", namespaces=NS),
            [i.text for i in url.iterfind("image:image/image:loc", NS)],
        )
        for url in parse(site / "sitemap.xml").iterfind("s:url", NS)
    }


def test_only_content_images_are_listed(site):
    entries = _entries(site[0])
    # No emoji, no badge, no avatar, no dark twin, no fragment: the page's own images.
    assert entries[BASE][1] == [BASE + "img/grill.png", BASE + "img/map-light.png"]
    assert entries[BASE + "blog/2024/01/10/first-post/"][1] == [BASE + "img/grill.png"]
    assert entries[BASE + "blog/2024/03/01/second-post/"][1] == []
    assert entries[BASE + "blog/"][1] == []  # its images belong to the posts it lists


def test_dates_are_true(site):
    entries = _entries(site[0])
    # Edited after its publication date: the edit's date (git), not the publication date.
    assert entries[BASE + "blog/2024/01/10/first-post/"][0] == "2024-06-01T12:00:00+00:00"
    # A stated modification wins over git, and a date given without a time stays a date.
    assert entries[BASE + "blog/2024/03/01/second-post/"][0] == "2024-03-05"
    # Listing pages: the newest lastmod of the posts they list, not their stub's git date.
    assert entries[BASE + "blog/"][0] == "2024-06-01T12:00:00+00:00"
    archives = [url for url in entries if "/archive/" in url or "/category/" in url]
    assert archives and all(entries[url][0] == "2024-06-01T12:00:00+00:00" for url in archives)
    assert entries[BASE][0] == "2022-09-13T10:00:00+00:00"


def test_no_robots_txt_under_a_path_and_the_line_to_add_is_said(site):
    path, said = site
    assert not (path / "robots.txt").exists()
    assert f"add Sitemap: {BASE}sitemap.xml to the robots.txt there" in " ".join(said.split())
    assert "Template skipped" not in said


COMMAND = [sys.executable, "-m", "sitemap_plugins"]


SITE_URL = "https://example.com/"


I18N = (
    "  - i18n:\n      docs_structure: suffix\n      languages:\n"
    "        - {locale: en, default: true, name: English, build: true}\n"
    "        - {locale: de, name: Deutsch, build: true}\n"
)


def _mkdocs_build(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *args], cwd=project, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done


def _docs_in_two_languages(project: Path) -> None:
    samples = SAMPLES
    shutil.copytree(samples / "mkdocs-i18n" / "docs", project / "docs")
    (project / "mkdocs.yml").write_text(
        "site_name: Both\nsite_url: https://example.com/\ntheme: {name: material}\n"
        f"plugins:\n  - search\n{I18N}  - sitemap\n"
    )


@pytest.mark.slow
def test_in_one_project_the_blog_builds_no_posts_so_none_is_listed(tmp_path):
    """The limitation docs/getting-started/mkdocs.md names: static-i18n drops the blog's
    generated files; the sitemap lists what was built, the blog's index and no post."""
    project = tmp_path / "one"
    _docs_in_two_languages(project)
    samples = SAMPLES
    shutil.copytree(samples / "mkdocs-blog" / "docs" / "blog", project / "docs" / "blog")
    config = (project / "mkdocs.yml").read_text().replace("  - search\n", "  - search\n  - blog\n")
    (project / "mkdocs.yml").write_text(config)
    done = _mkdocs_build(project)
    assert "mkdocs_static_i18n: Unhandled file case - blog/archive/2024.md" in done.stderr  # #283, still
    listed = urls(project / "site" / "sitemap.xml")
    assert SITE_URL + "blog/" in listed and not [url for url in listed if "/2024/" in url]


@pytest.mark.slow
def test_the_blog_as_a_project_of_its_own_lists_every_post_beside_the_languages(tmp_path):
    """The workaround, as docs/getting-started/mkdocs.md writes it: the docs' languages with their
    hreflang groups at the root, the blog's every post in its own set under /blog/, and the
    root's robots.txt naming both (the owner's line for the blog kept, ours added)."""
    project = tmp_path / "both"
    _docs_in_two_languages(project)
    (project / "docs" / "robots.txt").write_text(
        "User-agent: *\nAllow: /\n\nSitemap: https://example.com/blog/sitemap.xml\n"
    )
    samples = SAMPLES
    shutil.copytree(samples / "mkdocs-blog" / "docs" / "blog", project / "blog" / "docs")
    (project / "blog" / "mkdocs.yml").write_text(
        "site_name: Both (blog)\nsite_url: https://example.com/blog/\nsite_dir: ../site/blog\n"
        "theme: {name: material}\nplugins:\n  - search\n  - blog: {blog_dir: .}\n  - sitemap\n"
    )
    _mkdocs_build(project)
    blog = _mkdocs_build(project, "-f", "blog/mkdocs.yml")
    assert (
        "sitemap: no robots.txt written: crawlers read it only at the root of example.com; add "
        "Sitemap: https://example.com/blog/sitemap.xml to the robots.txt there"
    ) in " ".join(blog.stderr.split())
    site = project / "site"
    posts = [url for url in urls(site / "blog" / "sitemap.xml") if "/post-number-" in url]
    assert len(posts) == 5
    groups = {
        url.findtext("s:loc", namespaces=NS): {link.get("hreflang") for link in url.findall("xhtml:link", NS)}
        for url in parse(site / "sitemap.xml")
    }
    assert groups[SITE_URL] == {"en", "de", "x-default"}
    robots = (site / "robots.txt").read_text()
    assert robots.startswith("User-agent: *\nAllow: /\n\nSitemap: https://example.com/blog/sitemap.xml\n")
    assert "Sitemap: https://example.com/sitemap.xml" in robots
    checked = run("check", str(site), "--base-url", SITE_URL)
    assert checked.returncode == 0, checked.stdout + checked.stderr

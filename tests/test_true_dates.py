"""True dates and files where real builds bend them: shallow clones, listings, dates from the
future, sitemaps of the owner's own.  Real MkDocs and Pelican builds, real git clones."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from git_helpers import git, lastmods
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"


# -- 1. Shallow clones ---------------------------------------------------------------------------


def test_a_shallow_clone_dates_only_what_its_history_shows(tmp_path):
    origin = tmp_path / "origin"
    (origin / "docs").mkdir(parents=True)
    (origin / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "S",
                "site_url": BASE,
                "theme": "mkdocs",
                "plugins": [{"sitemap": {"report": "r.html"}}],
            }
        )
    )
    git(origin, "init", "-q", "-b", "main")
    (origin / "docs" / "index.md").write_text("# Home\n")
    (origin / "docs" / "old.md").write_text("# Old\n")
    git(origin, "add", ".")
    git(origin, "commit", "-qm", "first", date="2020-01-01T00:00:00+00:00")
    (origin / "docs" / "other.md").write_text("# Other\n")
    git(origin, "add", ".")
    git(origin, "commit", "-qm", "other", date="2023-03-01T00:00:00+00:00")
    (origin / "docs" / "index.md").write_text("# Home, edited\n")
    git(origin, "commit", "-qam", "edit", date="2024-06-01T00:00:00+00:00")
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{origin}", str(shallow))
    run = mkdocs(shallow, "--strict")  # nothing written is false: no warning, --strict passes
    assert run.returncode == 0, run.stderr
    assert lastmods(shallow / "site" / "sitemap.xml") == {
        BASE: "2024-06-01T00:00:00+00:00",  # changed after the clone's boundary: its true date
        BASE + "old/": None,  # last changed 2020: before the fetched history
        BASE + "other/": None,  # changed at the boundary commit, which shows every file
    }
    assert "INFO    -  sitemap: lastmod: the git repository is a shallow clone" in run.stderr
    assert "2 pages not dated by git: a shallow clone" in run.stderr
    assert (
        "(fetch the whole history, <code>fetch-depth: 0</code>, to date them): 2</p>"
        in (shallow / "r.html").read_text()
    )
    full = tmp_path / "full"
    git(tmp_path, "clone", "-q", f"file://{origin}", str(full))
    whole = mkdocs(full)
    assert whole.returncode == 0
    assert lastmods(full / "site" / "sitemap.xml")[BASE + "old/"] == "2020-01-01T00:00:00+00:00"
    assert "shallow clone" not in whole.stderr  # the whole history: nothing of the kind is said


# -- 3. A listing is never older than what it shows ---------------------------------------------------


def _pelican_project(tmp_path: Path, settings: str) -> Path:
    project = tmp_path / "blog"
    (project / "content" / "pages").mkdir(parents=True)
    (project / "pelicanconf.py").write_text(
        f'SITENAME = "B"\nSITEURL = "{BASE.rstrip("/")}"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n' + settings
    )
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2020-01-01\n\nText.\n")
    return project


def test_a_direct_template_is_dated_by_the_pages_it_shows(tmp_path):
    """A custom direct template that shows the pages (not the articles) is dated by them."""
    project = _pelican_project(
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
    project = _pelican_project(
        tmp_path, 'DIRECT_TEMPLATES = ["index"]\nSITEMAP = {"lastmod": ["metadata"]}\n'
    )
    (project / "content" / "pages" / "about.md").write_text("Title: About\n\nAbout us.\n")
    run = pelican(project)
    assert run.returncode == 0, run.stdout + run.stderr
    assert 'href="https://example.com/pages/about.html"' in (project / "output" / "index.html").read_text()
    dates = lastmods(project / "output" / "sitemap.xml")
    assert dates[BASE + "pages/about.html"] is None
    assert dates[BASE] == "2020-01-01"


# -- 4. A sitemap the site writes itself is the owner's --------------------------------------------------


def test_a_sitemap_the_owners_template_writes_stops_the_build(tmp_path):
    project = _pelican_project(
        tmp_path,
        'DIRECT_TEMPLATES = ["index", "sitemap"]\nSITEMAP_SAVE_AS = "sitemap.xml"\n'
        'THEME_TEMPLATES_OVERRIDES = ["templates"]\n',
    )
    (project / "templates").mkdir()
    own = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.com/</loc></url></urlset>\n"
    )
    (project / "templates" / "sitemap.html").write_text(own)
    run = pelican(project)
    # Pelican's console wraps long lines and puts the logging call's place at the end of one.
    said = " ".join(
        word for word in (run.stdout + run.stderr).split() if not re.fullmatch(r"\S+\.py:\d+", word)
    )
    assert run.returncode != 0
    assert "sitemap.xml is a sitemap of yours, from the template 'sitemap'" in said
    assert (
        "remove 'sitemap' from DIRECT_TEMPLATES" in said and "SITEMAP_SAVE_AS = 'sitemap-theme.xml'" in said
    )
    assert (project / "output" / "sitemap.xml").read_text() == own.rstrip(
        "\n"
    )  # the owner's, untouched (Jinja drops the last newline)
    assert "Traceback" not in said


# -- 5. Dates from the future -------------------------------------------------------------------------


def test_a_date_from_the_future_is_named_and_the_next_source_dates_the_page(tmp_path):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "S",
                "site_url": BASE,
                "theme": "mkdocs",
                "plugins": [{"sitemap": {"lastmod": ["metadata", "build"]}}],
            }
        )
    )
    (project / "docs" / "index.md").write_text("---\ndate: 2099-01-01\n---\n# Home\n")
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}  # 2023-11-14T22:13:20Z
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    assert (
        "WARNING -  sitemap: index.md (https://example.com/): lastmod (metadata 'date'): 2099-01-01 is later "
        "than the build (2023-11-14T22:13:20+00:00); not used"
    ) in run.stderr
    assert lastmods(project / "site" / "sitemap.xml") == {
        BASE: "2023-11-14T22:13:20+00:00"
    }  # the next source


def test_a_sitemap_of_the_owners_in_docs_is_named_at_its_source(tmp_path):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "S", "site_url": BASE, "theme": "mkdocs", "plugins": ["sitemap"]})
    )
    (project / "docs" / "index.md").write_text("# Home\n")
    own = '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>\n'
    (project / "docs" / "sitemap.xml").write_text(own)
    run = mkdocs(project)
    assert run.returncode == 1
    source = project / "docs" / "sitemap.xml"
    assert f"sitemap: {source} is a sitemap of yours in docs_dir" in run.stderr
    assert "remove it from docs_dir (or list it in exclude_docs), or rename it" in run.stderr
    assert source.read_text() == own and (project / "site" / "sitemap.xml").read_text() == own

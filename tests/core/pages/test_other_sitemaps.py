"""Sitemaps another tool wrote (an API reference's, the owner's template's, one in docs/): read for what
they say of a page, named at their source, never taken for a stale set of ours."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import yaml
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican
from small_sites import pelican_blog

BASE = "https://example.com/"


@pytest.mark.slow
def test_an_apis_own_sitemap_is_no_stale_one(tmp_path):
    """docs/api/sitemap.xml lists the API reference's pages, none of MkDocs': it is left as it is,
    not called stale, and the line says how to offer it; one that lists the set's own pages is
    still stale (core/test_edge_cases.py, command/test_from_dir.py's Hugo)."""

    docs = tmp_path / "docs"
    (docs / "api").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    theirs = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}api/reference/</loc></url></urlset>\n"
    )
    (docs / "api" / "sitemap.xml").write_text(theirs)
    (tmp_path / "mkdocs.yml").write_text(f"site_name: A\nsite_url: {BASE}\nplugins:\n  - sitemap\n")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "stale" not in done.stderr and "WARNING" not in done.stderr
    assert (
        "INFO    -  sitemap: api/sitemap.xml is another tool's sitemap of pages this set does not list (a part "
        "of the site of its own): left as it is; name it in extra_sitemaps to offer it in the index and robots.txt"
    ) in done.stderr.splitlines()
    assert (tmp_path / "site" / "api" / "sitemap.xml").read_text() == theirs


def test_a_sitemap_the_owners_template_writes_stops_the_build(tmp_path):
    project = pelican_blog(
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

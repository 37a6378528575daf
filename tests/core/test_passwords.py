"""A password in a base URL (`--base-url`, `site_url`, `SITEURL`, `html_baseurl`) or in a listed URL is
refused or masked, never shown, on every face."""

from __future__ import annotations

import subprocess
import sys

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican
from sitemap_checks import files, generate_from_dir, outside
from small_sites import mkdocs_project, one_page_site, pelican_project, said_by

COMMAND = [sys.executable, "-m", "sitemap_plugins"]

BASE = "https://example.com/"


@pytest.mark.invalid_output
def test_a_listed_password_is_never_shown(tmp_path):
    """A listed `https://user:secret@host/x/` is refused and shown as `user:***@`: on the terminal,
    in the report, in `check`'s text, JSON and HTML."""
    entries = tmp_path / "entries.jsonl"
    entries.write_text('{"loc": "https://user:secret@example.com/x/"}\n{"loc": "https://example.com/y/"}\n')
    done = run("generate", "--base-url", BASE, "--out", "out", "--from-jsonl", entries.name, cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr.splitlines()[0] == (
        "sitemap: entries.jsonl:1: loc: 'https://user:***@example.com/x/' has user information "
        "(user:password@) before its host; page left out"
    )
    site = one_page_site(tmp_path / "listed")
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://user:secret@example.com/x/</loc></url></urlset>\n"
    )
    for output in ("text", "json", "html"):
        done = run("check", str(site), "--base-url", BASE, "--format", output)
        assert done.returncode == 1
        assert "secret" not in done.stdout + done.stderr
        assert "user:***@example.com" in done.stdout + done.stderr


SECRET = "S3cretPass"


WITH_PASSWORD = f"https://alice:{SECRET}@example.com/"


MASKED = "'https://alice:***@example.com/' has user information (user:password@) before its host"


@pytest.mark.parametrize("password", [SECRET, "S3cret@Pass", "S3cret:Pass"])
def test_the_command_refuses_a_password_in_base_url_without_showing_it(tmp_path, password):
    site = one_page_site(tmp_path)
    before = files(tmp_path)
    done = generate_from_dir(site, WITH_PASSWORD.replace(SECRET, password))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"sitemap-plugins: option 'base_url': {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    )
    assert "S3cret" not in done.stdout + done.stderr and "Pass" not in done.stdout + done.stderr
    assert files(tmp_path) == before


@pytest.mark.slow
def test_mkdocs_refuses_a_password_in_site_url_without_showing_it(tmp_path):
    project = mkdocs_project(tmp_path, f"site_name: T\nsite_url: {WITH_PASSWORD}\nplugins:\n  - sitemap\n")
    before = files(tmp_path)
    done = mkdocs(project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("ERROR")] == [
        f"ERROR   -  sitemap: option 'base_url': {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    ]
    assert SECRET not in done.stdout + done.stderr
    outside(before, tmp_path, project / "site")
    assert not list(project.rglob("sitemap*.xml"))


@pytest.mark.slow
def test_pelican_refuses_a_password_in_siteurl_without_showing_it(tmp_path):
    project = pelican_project(tmp_path, f'SITEURL = "{WITH_PASSWORD}blog"\n')
    before = files(tmp_path)
    done = pelican(project)
    said = said_by(done)
    assert done.returncode == 1 and "Traceback" not in said, said
    assert (
        "CRITICAL ConfigError: SITEMAP: option 'base_url': 'https://alice:***@example.com/blog/' has user "
        "information (user:password@) before its host"
    ) in said
    assert SECRET not in said and said.count("CRITICAL") == 1
    outside(before, tmp_path, project / "output")
    assert not list((project / "output").glob("sitemap*"))


@pytest.mark.slow
def test_sphinx_refuses_a_password_in_html_baseurl_without_showing_it(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{WITH_PASSWORD}"\n'
    )
    (docs / "index.rst").write_text("Home\n====\n\nThe home page.\n")
    before = files(tmp_path)
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said, said
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        f"ERROR: sitemap: html_baseurl: {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    ]
    assert SECRET not in said
    outside(before, tmp_path, out)
    assert not list(out.glob("sitemap*"))

"""A password in a base URL (`--base-url`, `site_url`, `SITEURL`, `html_baseurl`) or in a listed URL is
refused or masked, never shown, on every face."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican
from sitemap_checks import files, generate_from_dir, outside

COMMAND = [sys.executable, "-m", "sitemap_plugins"]

BASE = "https://example.com/"

PAGE = "<html><head><title>Home</title></head><body><main><p>Home.</p></main></body></html>"


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text(PAGE)
    return site


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
    site = _site(tmp_path / "listed")
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


def _mkdocs_project(tmp_path: Path, config: str) -> Path:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Home\n\nThe home page.\n")
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to use it.\n")
    (project / "mkdocs.yml").write_text(config)
    return project


def _pelican_project(tmp_path: Path, settings: str) -> Path:
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA post.\n")
    (project / "pelicanconf.py").write_text(
        'SITENAME = "P"\nPATH = "content"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap_plugins.pelican"]\n'
        "CATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n" + settings
    )
    return project


def _said(done: subprocess.CompletedProcess[str]) -> str:
    """Pelican's output as one line per message (rich pads and wraps them)."""
    return " ".join((done.stdout + done.stderr).split())


MASKED = "'https://alice:***@example.com/' has user information (user:password@) before its host"


@pytest.mark.parametrize("password", [SECRET, "S3cret@Pass", "S3cret:Pass"])
def test_the_command_refuses_a_password_in_base_url_without_showing_it(tmp_path, password):
    site = _site(tmp_path)
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
    project = _mkdocs_project(tmp_path, f"site_name: T\nsite_url: {WITH_PASSWORD}\nplugins:\n  - sitemap\n")
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
    project = _pelican_project(tmp_path, f'SITEURL = "{WITH_PASSWORD}blog"\n')
    before = files(tmp_path)
    done = pelican(project)
    said = _said(done)
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

"""What site owners shape (#61): site-wide `changefreq` and `priority` at the top level of the
options, the default of every page after its own values and the `rules`, on every face; and
other tools' sitemaps named in the index and robots.txt (`extra_sitemaps`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs_helpers import mkdocs, zensical_then_generate
from pelican_helpers import build
from sitemap_checks import NS, parse

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"


def _values(sitemap: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        url.findtext("s:loc", namespaces=NS): (
            url.findtext("s:changefreq", namespaces=NS),
            url.findtext("s:priority", namespaces=NS),
        )
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def test_mkdocs_defaults_come_after_the_pages_own_and_the_rules(tmp_path):
    """`changefreq: weekly` and `priority: 0.5` under the plugin: a page with its own priority
    keeps it, a page a rule matches takes the rule's, the rest the defaults."""
    docs = tmp_path / "docs"
    (docs / "blog").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "pinned.md").write_text("---\nsitemap:\n  priority: 0.9\n---\n# Pinned\n")
    (docs / "blog" / "post.md").write_text("# Post\n")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Defaults\nsite_url: https://example.com/\nplugins:\n  - sitemap:\n"
        "      changefreq: weekly\n      priority: 0.5\n"
        "      rules: [{match: 'blog/*', changefreq: daily}]\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    assert _values(tmp_path / "site" / "sitemap.xml") == {
        BASE: ("weekly", "0.5"),
        BASE + "blog/post/": ("daily", "0.5"),
        BASE + "pinned/": ("weekly", "0.9"),
    }


def test_a_bad_default_is_an_option_error_naming_it(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Defaults\nsite_url: https://example.com/\nplugins:\n  - sitemap:\n      priority: 2\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "option 'priority': 2 is not a number from 0 to 1" in done.stderr


def test_pelican_defaults_come_after_its_per_kind_values(tmp_path):
    """Pelican's `priorities` per kind (pelican-sitemap's) come before the site-wide default."""
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nTHEME = "simple"\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\n'
        'SITEMAP = {"changefreq": "monthly", "priority": 0.3, "priorities": {"articles": 0.8}}\n'
    )
    output = build(project)
    assert _values(output / "sitemap.xml") == {
        BASE: ("monthly", "0.3"),
        BASE + "post.html": ("monthly", "0.8"),
    }


def test_the_command_gives_the_defaults_to_every_entry(tmp_path):
    """`--changefreq` and `--priority`: every JSON line without its own value takes them."""
    lines = tmp_path / "entries.jsonl"
    lines.write_text(json.dumps({"loc": "a/"}) + "\n" + json.dumps({"loc": "b/", "priority": 1}) + "\n")
    out = tmp_path / "out"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "sitemap_plugins", "generate", "--base-url", BASE, "--out", str(out)),
            *("--from-jsonl", str(lines), "--changefreq", "yearly", "--priority", "0.4"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert _values(out / "sitemap.xml") == {BASE + "a/": ("yearly", "0.4"), BASE + "b/": ("yearly", "1.0")}


def _api_site(tmp_path: Path) -> Path:
    """A built site whose API reference another tool built under /api/, with its own sitemap."""
    site = tmp_path / "site"
    (site / "api").mkdir(parents=True)
    (site / "index.html").write_text(
        "<html><head><title>Home</title></head><body><main>Home</main></body></html>"
    )
    (site / "api" / "index.html").write_text("<html><body><main>API</main></body></html>")
    (site / "api" / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}api/</loc><lastmod>2025-06-07</lastmod></url></urlset>\n"
    )
    return site


def test_other_tools_sitemaps_are_named_in_the_index_and_robots_txt(tmp_path):
    """`extra_sitemaps`: the API's own sitemap is named in sitemap-index.xml (dated by its newest
    page) and robots.txt, and is neither replaced nor called stale; `check` reads it with ours."""
    site = _api_site(tmp_path)
    before = (site / "api" / "sitemap.xml").read_bytes()
    args = ["generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site)]
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args, "--extra-sitemaps", "api/sitemap.xml"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "stale" not in done.stderr and "did not write" not in done.stderr
    assert (site / "api" / "sitemap.xml").read_bytes() == before
    index = {
        item.findtext("s:loc", namespaces=NS): item.findtext("s:lastmod", namespaces=NS)
        for item in parse(site / "sitemap-index.xml").iterfind("s:sitemap", NS)
    }
    assert index[BASE + "api/sitemap.xml"] == "2025-06-07"
    assert set(index) == {BASE + "sitemap.xml", BASE + "api/sitemap.xml"}
    # The API's page is offered by its own sitemap: not a second time by ours.
    assert [
        u.findtext("s:loc", namespaces=NS) for u in parse(site / "sitemap.xml").iterfind("s:url", NS)
    ] == [BASE]
    robots = (site / "robots.txt").read_text()
    assert f"Sitemap: {BASE}api/sitemap.xml\n" in robots and f"Sitemap: {BASE}sitemap-index.xml\n" in robots
    checked = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(site), "--base-url", BASE],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_an_extra_sitemap_of_another_host_or_missing_is_said(tmp_path):
    site = _api_site(tmp_path)
    args = [sys.executable, "-m", "sitemap_plugins", "generate", "--from-dir", str(site), "--base-url", BASE]
    elsewhere = subprocess.run(
        [*args, "--out", str(site), "--extra-sitemaps", "https://other.example/sitemap.xml"],
        capture_output=True,
        text=True,
    )
    assert elsewhere.returncode == 2
    assert (
        "option 'extra_sitemaps': https://other.example/sitemap.xml is not on https://example.com/'s host"
        in (elsewhere.stderr)
    )
    missing = subprocess.run(
        [*args, "--out", str(site), "--extra-sitemaps", "shop/sitemap.xml"], capture_output=True, text=True
    )
    assert missing.returncode == 0, missing.stderr
    assert "sitemap: option 'extra_sitemaps': https://example.com/shop/sitemap.xml:" in missing.stderr
    assert "extra_sitemaps: extra_sitemaps" not in missing.stderr
    assert "shop/sitemap.xml" not in (site / "robots.txt").read_text()


API_SITEMAP = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    f"<url><loc>{BASE}api/reference/</loc><lastmod>2025-06-07</lastmod></url></urlset>\n"
)


def _index(path: Path) -> dict[str, str | None]:
    return {
        item.findtext("s:loc", namespaces=NS): item.findtext("s:lastmod", namespaces=NS)
        for item in parse(path).iterfind("s:sitemap", NS)
    }


def docs_with_an_api_sitemap(project: Path) -> None:
    """docs/index.md and docs/api/sitemap.xml, another tool's sitemap the build copies."""
    docs = project / "docs"
    (docs / "api").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "api" / "sitemap.xml").write_text(API_SITEMAP)


def test_mkdocs_names_another_tools_sitemap_it_copies(tmp_path):
    """A real MkDocs build copying an API reference's sitemap from docs_dir: named in the index
    and robots.txt, and the build says nothing about it."""
    docs_with_an_api_sitemap(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Extra\nsite_url: https://example.com/\nplugins:\n  - sitemap:\n"
        "      extra_sitemaps: [api/sitemap.xml]\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    site = tmp_path / "site"
    assert _index(site / "sitemap-index.xml") == {
        BASE + "sitemap.xml": None,
        BASE + "api/sitemap.xml": "2025-06-07",
    }
    assert f"Sitemap: {BASE}api/sitemap.xml\n" in (site / "robots.txt").read_text()
    assert (site / "api" / "sitemap.xml").read_text() == API_SITEMAP


def test_pelican_names_another_tools_sitemap_it_copies(tmp_path):
    """A real Pelican build copying the same sitemap as a static file: named in the index."""
    project = tmp_path / "blog"
    (project / "content" / "api").mkdir(parents=True)
    (project / "content" / "api" / "sitemap.xml").write_text(API_SITEMAP)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nSTATIC_PATHS = ["api"]\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nTHEME = "simple"\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\nSITEMAP = {"extra_sitemaps": ["api/sitemap.xml"]}\n'
    )
    output = build(project)
    assert _index(output / "sitemap-index.xml")[BASE + "api/sitemap.xml"] == "2025-06-07"
    assert (output / "api" / "sitemap.xml").read_text() == API_SITEMAP


def test_zensical_names_another_tools_sitemap_it_copies(tmp_path):
    """zensical.toml's extra_sitemaps with `generate --project`: the copied API sitemap is named in
    the index and robots.txt, left as it is, and nothing is said of it."""
    pytest.importorskip("zensical", reason="Zensical does not install here")
    docs_with_an_api_sitemap(tmp_path)
    (tmp_path / "zensical.toml").write_text(
        '[project]\nsite_name = "Extra"\nsite_url = "https://example.com/"\n'
        '[project.plugins.sitemap]\nextra_sitemaps = ["api/sitemap.xml"]\n'
    )
    done = zensical_then_generate(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr and "stale" not in done.stderr, done.stderr
    site = tmp_path / "site"
    assert _index(site / "sitemap-index.xml")[BASE + "api/sitemap.xml"] == "2025-06-07"
    assert f"Sitemap: {BASE}api/sitemap.xml\n" in (site / "robots.txt").read_text()
    assert (site / "api" / "sitemap.xml").read_text() == API_SITEMAP


def test_zensical_takes_the_defaults_and_clean_gives_its_site_back(tmp_path):
    """zensical.toml's changefreq and priority, through `generate --project`; then `clean` leaves
    the site as Zensical built it, its own bare sitemap aside."""
    pytest.importorskip("zensical", reason="Zensical does not install here")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "docs" / "pinned.md").write_text("---\nsitemap:\n  priority: 0.9\n---\n# Pinned\n")
    (tmp_path / "zensical.toml").write_text(
        '[project]\nsite_name = "Defaults"\nsite_url = "https://example.com/"\n'
        '[project.plugins.sitemap]\nchangefreq = "weekly"\npriority = 0.5\n'
    )
    built = subprocess.run(
        [sys.executable, "-m", "zensical", "build"], cwd=tmp_path, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stdout + built.stderr
    site = tmp_path / "site"
    theirs = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {
        "sitemap.xml",
        "sitemap.xml.gz",
    }
    command = [sys.executable, "-m", "sitemap_plugins"]
    done = subprocess.run(
        [*command, "generate", "--project", "zensical.toml"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert _values(site / "sitemap.xml") == {BASE: ("weekly", "0.5"), BASE + "pinned/": ("weekly", "0.9")}
    cleaned = subprocess.run([*command, "clean", str(site)], capture_output=True, text=True)
    assert cleaned.returncode == 0, cleaned.stderr
    assert {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} == theirs

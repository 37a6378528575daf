"""`versions` at the limits of the protocol: a version whose own sitemap is an index of more
parts than one index may list."""

from __future__ import annotations

import json

import pytest
from sitemap_checks import NS, assert_valid, parse

from sitemap_plugins.command.main import main
from sitemap_plugins.core.output.render import GENERATOR

BASE = "https://example.com/"


@pytest.mark.invalid_output  # validated below: the schema sweep of 150,000 entries takes half a minute
def test_a_root_index_past_50000_sitemaps_is_split_and_each_part_named_in_robots_txt(tmp_path, capsys):
    """mike's branch with one version whose sitemap.xml is an index of 50,001 parts: the root
    index lists 50,000, a second index the last one, and robots.txt names both."""
    root = tmp_path / "gh-pages"
    version = root / "1.0"
    version.mkdir(parents=True)
    (root / "versions.json").write_text(json.dumps([{"version": "1.0", "title": "1.0", "aliases": []}]))
    parts = "".join(
        f"<sitemap><loc>{BASE}1.0/sitemap-{n}.xml</loc><lastmod>2024-05-01</lastmod></sitemap>"
        for n in range(1, 50_002)
    )
    (version / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- {GENERATOR} -->\n'
        f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{parts}</sitemapindex>\n'
    )
    (root / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    assert main(["versions", str(root), "--base-url", BASE, "--versions", "all"]) == 0, (
        capsys.readouterr().err
    )
    first = [loc.text for loc in parse(root / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)]
    second = [loc.text for loc in parse(root / "sitemap-index-2.xml").iterfind("s:sitemap/s:loc", NS)]
    assert len(first) == 50_000 and second == [f"{BASE}1.0/sitemap-50001.xml"]
    assert first[0] == f"{BASE}1.0/sitemap-1.xml"
    assert_valid(root / "sitemap-index-2.xml")  # the same template wrote both
    robots = (root / "robots.txt").read_text()
    assert robots.startswith("User-agent: *\nDisallow: /private/\n")
    assert f"Sitemap: {BASE}sitemap.xml\n" in robots and f"Sitemap: {BASE}sitemap-index-2.xml\n" in robots


def test_a_version_directory_that_is_a_file_is_said_to_be_one(tmp_path, capsys):
    """versions.json names 1.0, and 1.0 in the branch is a file: the message says what is
    there (not that it does not exist), and the other version is offered alone."""
    root = tmp_path / "gh-pages"
    (root / "2.0").mkdir(parents=True)
    (root / "1.0").write_text("not a directory\n")
    (root / "versions.json").write_text(
        json.dumps([{"version": v, "title": v, "aliases": []} for v in ("2.0", "1.0")])
    )
    (root / "2.0" / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- {GENERATOR} -->\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}2.0/</loc><lastmod>2024-05-01</lastmod></url></urlset>\n"
    )
    assert main(["versions", str(root), "--base-url", BASE, "--versions", "all"]) == 0
    said = capsys.readouterr().err
    assert f"version '1.0' left out: {root / '1.0'} is a file, not a version's directory" in said
    assert "does not exist" not in said
    locs = [loc.text for loc in parse(root / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)]
    assert locs == [f"{BASE}2.0/sitemap.xml"]
    assert (root / "1.0").read_text() == "not a directory\n"

"""Promise: yours stays yours.  A file is ours only when we can prove it (the manifest's digest, or
our marker); nothing else is replaced or removed, whatever its name."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mkdocs_helpers import copy_sample, mkdocs
from sitemap_checks import assert_valid

import sitemap_plugins as sp
from sitemap_plugins.core.output.fileset import MANIFEST

BASE = "https://example.com/"
URLS_ONLY = b"https://example.com/partner-a/\nhttps://example.com/partner-b/\n"


def build(out: Path, count: int = 3, messages: list[str] | None = None, **values) -> sp.WriteResult:
    site = sp.Sitemap(
        sp.Options(base_url=BASE, **values), emit=(messages if messages is not None else []).append
    )
    for number in range(count):
        site.add(sp.Entry(f"{BASE}page-{number}/"))
    return site.write(out)


def test_hand_written_text_sitemaps_of_urls_are_never_taken_for_ours(tmp_path):
    for name in ("sitemap.txt", "sitemap-partners.txt", "sitemap-2.txt"):
        (tmp_path / name).write_bytes(URLS_ONLY)
    build(tmp_path)
    build(tmp_path, count=1)
    for name in ("sitemap.txt", "sitemap-partners.txt", "sitemap-2.txt"):
        assert (tmp_path / name).read_bytes() == URLS_ONLY


def test_a_name_we_need_that_holds_your_file_is_said_and_yours_kept(tmp_path):
    (tmp_path / "sitemap.txt").write_bytes(URLS_ONLY)
    (tmp_path / "sitemap.xsl").write_text("<xsl:stylesheet/>")
    messages: list[str] = []
    result = build(tmp_path, messages=messages, text_sitemap=True, stylesheet=True)
    assert (tmp_path / "sitemap.txt").read_bytes() == URLS_ONLY
    assert (tmp_path / "sitemap.xsl").read_text() == "<xsl:stylesheet/>"
    assert any(
        f"{tmp_path / 'sitemap.txt'}: file: holds a file that sitemap-plugins did not write" in m
        for m in messages
    )
    assert any(str(tmp_path / "sitemap.xsl") in m for m in messages)
    # Our sitemap does not point browsers at a stylesheet that is not ours.
    assert b"xml-stylesheet" not in (tmp_path / "sitemap.xml").read_bytes()
    assert "sitemap.txt" not in result.files
    with pytest.raises(sp.StrictError):
        build(tmp_path, text_sitemap=True, strict=True)


@pytest.mark.invalid_output  # the user's file is whatever they wrote
def test_a_sitemap_xml_of_yours_stops_the_build_and_nothing_changes(tmp_path):
    (tmp_path / "sitemap.xml").write_text("<urlset>mine</urlset>")
    with pytest.raises(sp.SitemapError, match=r"holds sitemaps sitemap-plugins did not write: sitemap\.xml;"):
        build(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sitemap.xml"]
    assert (tmp_path / "sitemap.xml").read_text() == "<urlset>mine</urlset>"


def test_a_file_of_ours_that_you_replaced_is_yours(tmp_path):
    build(tmp_path, text_sitemap=True)
    manifest = json.loads((tmp_path / MANIFEST).read_text())
    assert "sitemap.txt" in manifest["files"]
    (tmp_path / "sitemap.txt").write_bytes(URLS_ONLY)  # say, Pelican copied a static file over it
    build(tmp_path, text_sitemap=False)  # ours would be stale now: yours is not removed
    assert (tmp_path / "sitemap.txt").read_bytes() == URLS_ONLY


def test_a_rebuild_reads_only_the_head_of_our_xml_and_digests_the_text_sitemap(tmp_path, monkeypatch):
    """Our XML carries a marker in its first bytes: a rebuild does not read the last set whole to
    prove it ours (88 MB for 200,000 entries).  The text sitemap has no marker: its digest does."""
    from sitemap_plugins.core.output import fileset

    build(tmp_path, count=60_000, text_sitemap=True)  # two sitemaps and an index
    digested: list[str] = []
    digest_of = fileset.digest_of
    monkeypatch.setattr(fileset, "digest_of", lambda path: digested.append(path.name) or digest_of(path))
    build(tmp_path, count=60_000, text_sitemap=True)
    assert digested and all(name.startswith("sitemap") and name.endswith(".txt") for name in digested)
    assert_valid(tmp_path / "sitemap.xml")


def test_a_symbolic_link_in_our_place_is_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere.xml"
    elsewhere.write_text("keep")
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(elsewhere, out / "sitemap.xml")
    with pytest.raises(sp.SitemapError):
        build(out)
    assert elsewhere.read_text() == "keep" and (out / "sitemap.xml").is_symlink()


def test_a_gzip_bomb_of_yours_beside_the_set_is_neither_read_whole_nor_touched(tmp_path):
    bomb = gzip.compress(b"https://example.com/" + b"a" * (200 * 1024 * 1024), 9)
    (tmp_path / "sitemap-partners.txt.gz").write_bytes(bomb)
    (tmp_path / "sitemap-old.xml.gz").write_bytes(bomb)
    build(tmp_path)
    assert (tmp_path / "sitemap-partners.txt.gz").read_bytes() == bomb
    assert (tmp_path / "sitemap-old.xml.gz").read_bytes() == bomb


def test_mkdocs_copies_your_sitemap_txt_and_it_survives(tmp_path):
    project = copy_sample("mkdocs-features", tmp_path)
    (project / "docs" / "sitemap.txt").write_bytes(URLS_ONLY)
    (project / "docs" / "sitemap-partners.txt").write_bytes(URLS_ONLY)
    text = (
        (project / "mkdocs.yml")
        .read_text()
        .replace("      gzip: true\n", "      gzip: true\n      text_sitemap: true\n")
    )
    (project / "mkdocs.yml").write_text(text)
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert "site/sitemap.txt: file: holds a file that sitemap-plugins did not write" in run.stderr
    site = project / "site"
    assert (site / "sitemap.txt").read_bytes() == URLS_ONLY
    assert (site / "sitemap-partners.txt").read_bytes() == URLS_ONLY


def sitemap_files_are_valid(out: Path, planted: str) -> bool:
    """Every sitemap file of ours (the manifest names them) is schema-valid; the planted one is
    whatever it is."""
    ours = json.loads((out / MANIFEST).read_text())["files"]
    for name in ours:
        if name != planted and name.endswith((".xml", ".xml.gz")):
            assert_valid(out / name)
    return True


names = st.from_regex(r"sitemap(-[a-z0-9]{1,8})?\.(xml|txt|xsl)(\.gz)?", fullmatch=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=names, content=st.binary(max_size=300))
def test_any_file_without_our_marker_is_never_changed(tmp_path_factory, name, content):
    out = tmp_path_factory.mktemp("out")
    build(out, count=4, max_urls=2, text_sitemap=True, stylesheet=True)  # a set of ours first
    target = out / name
    if b"generated by sitemap-plugins" in content:
        return
    target.write_bytes(content)
    # A sitemap.xml of someone else's stops the build (SitemapError): nothing is touched either way.
    with contextlib.suppress(sp.SitemapError):
        build(out, count=1, text_sitemap=True, stylesheet=True)
    assert target.read_bytes() == content
    assert sitemap_files_are_valid(out, name)

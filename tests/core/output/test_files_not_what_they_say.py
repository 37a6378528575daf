"""Files of the site that are not what their names say: a robots.txt that starts with a byte
order mark, a manifest (`.sitemap-plugins.json`) that is none of ours (bad JSON, nested 200,000
deep, larger than is read, a FIFO, a link to /dev/zero), and the same as `--previous`.  Each is
named; the build goes on as if there were none, `clean` touches nothing, no run hangs or ends in
a traceback; the set is valid (conftest.py's sweep) and nothing outside the output is written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sitemap_checks import generate_from_dir, urls

BASE = "https://example.com/"
MANIFEST = ".sitemap-plugins.json"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    # A FIFO read without care hangs the run: 60 s is the bound the issue saw it killed at.
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args], capture_output=True, text=True, timeout=60
    )


def files(root: Path) -> dict[str, bytes]:
    """Every regular file under `root` (not through links) and its bytes."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if not path.is_symlink() and path.is_file()
    }


def page(title: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
        f"<body><main><h1>{title}</h1><p>The page {title}, with words of its own.</p></main></body></html>"
    )


def site_of(root: Path) -> Path:
    site = root / "site"
    (site / "private").mkdir(parents=True)
    (site / "index.html").write_text(page("Home"))
    (site / "about.html").write_text(page("About"))
    (site / "private" / "p.html").write_text(page("Private"))
    return site


# -- robots.txt with a byte order mark -----------------------------------------------------------


def test_a_robots_txt_that_starts_with_a_byte_order_mark_is_obeyed(tmp_path):
    """EF BB BF + `User-agent: *` / `Disallow: /private/`: Google ignores the mark, so the first
    line is a group's and /private/p.html is not listed (said at INFO with the line); the
    owner's bytes, mark and all, stay in front of our Sitemap: line."""
    site = site_of(tmp_path)
    owners = b"\xef\xbb\xbfUser-agent: *\nDisallow: /private/\n"
    (site / "robots.txt").write_bytes(owners)
    done = generate_from_dir(site, BASE, "-v")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert set(urls(site / "sitemap.xml")) == {BASE, BASE + "about.html"}
    assert (
        f"sitemap: private/p.html ({BASE}private/p.html) left out: robots.txt: Disallow: /private/"
        in done.stderr
    ), done.stderr
    robots = (site / "robots.txt").read_bytes()
    assert robots.startswith(owners) and f"Sitemap: {BASE}sitemap.xml".encode() in robots


# -- a manifest that is none of ours -------------------------------------------------------------


def plant_manifest(site: Path, kind: str) -> str:
    """A file at the manifest's name that is none of ours; what the build says it is."""
    path = site / MANIFEST
    if kind == "nested":
        path.write_text("[" * 200_000 + "]" * 200_000)
        return "is not a manifest of sitemap-plugins (JSON nested too deeply to be read)"
    if kind == "bad JSON":
        path.write_text('{"files": {"sitemap.xml": ')
        return "is not a manifest of sitemap-plugins (not JSON)"
    if kind == "too big":
        with path.open("wb") as stream:
            stream.truncate(64 * 1024 * 1024 + 1)  # sparse: a 64 MiB file that costs no disk
        return "is not a manifest of sitemap-plugins (larger than 67,108,864 bytes)"
    if kind == "a FIFO":
        os.mkfifo(path)
        return "is not a regular file (a FIFO)"
    if kind == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
        return "is not a regular file (a device)"
    if kind == "not a table":
        path.write_text("[1, 2, 3]\n")
        return "is not a manifest of sitemap-plugins"
    raise AssertionError(kind)


KINDS = ["nested", "bad JSON", "too big", "a FIFO", "a link to /dev/zero", "not a table"]


@pytest.mark.parametrize("kind", KINDS)
def test_generate_goes_on_as_if_there_were_no_manifest_and_names_it(tmp_path, kind):
    """`generate --from-dir site --out site` with a manifest that is none of ours: exit 0, one
    INFO line naming it and what it is, a whole set, and a manifest of ours in its place."""
    site = site_of(tmp_path)
    said = plant_manifest(site, kind)
    done = run("generate", "--from-dir", str(site), "--out", str(site), "--base-url", BASE, "-v")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert f"sitemap: {site / MANIFEST} {said}; the build goes on as if there were none" in done.stderr, (
        done.stderr[-2000:]
    )
    assert set(urls(site / "sitemap.xml")) == {BASE, BASE + "about.html", BASE + "private/p.html"}
    manifest = site / MANIFEST
    assert not manifest.is_symlink() and json.loads(manifest.read_text())["generator"] == "sitemap-plugins"
    assert Path("/dev/zero").is_char_device()  # the link was replaced, never written through


@pytest.mark.parametrize("kind", KINDS)
def test_clean_refuses_a_manifest_that_is_none_of_ours_and_touches_nothing(tmp_path, kind):
    """`clean site` where the manifest is none of ours: exit 1, one line naming it and what it
    is, and every file as it was (the set of ours too: nothing proves it ours)."""
    site = site_of(tmp_path)
    (site / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    assert generate_from_dir(site, BASE).returncode == 0
    (site / MANIFEST).unlink()
    said = plant_manifest(site, kind)
    before = files(tmp_path)
    done = run("clean", str(site))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stderr == (
        f"sitemap-plugins clean: {site / MANIFEST} {said}, so nothing in {site} is known "
        "to be of a set of sitemap-plugins; nothing was removed\n"
    )
    assert files(tmp_path) == before


# -- --previous that is none of ours -------------------------------------------------------------


@pytest.mark.parametrize("kind", ["nested", "a FIFO", "a link to /dev/zero", "too big"])
def test_previous_that_is_none_of_ours_is_named_and_the_pages_dated_by_their_sources(tmp_path, kind):
    """`--previous prev` whose manifest is nested 200,000 deep, a FIFO (the run hung) or a link
    to /dev/zero (read until MemoryError): one INFO line naming it, and the build as without
    `previous`, within the minute (`run`'s bound)."""
    site = site_of(tmp_path)
    previous = tmp_path / "prev"
    previous.mkdir()
    said = plant_manifest(previous, kind)
    before = files(previous)
    done = run(
        "generate",
        "--from-dir",
        str(site),
        "--out",
        str(site),
        "--base-url",
        BASE,
        "--previous",
        str(previous),
        "-v",
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert (
        f"sitemap: previous: {previous / MANIFEST} {said}; pages are dated by their sources alone"
        in done.stderr
    ), done.stderr[-2000:]
    assert set(urls(site / "sitemap.xml")) == {BASE, BASE + "about.html", BASE + "private/p.html"}
    assert files(previous) == before

"""`sitemap-plugins clean DIR` (#61): what removing the plugin leaves. Exactly the files the
manifest proves ours go; our block of robots.txt goes with what joined it to the owner's text,
so that the owner's robots.txt is back byte for byte (or gone, where we made it); a file of the
set the owner changed since stays, and is said. Real builds and the command."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
COMMAND = [sys.executable, "-m", "sitemap_plugins"]
HOME = b"<html><head><title>Home</title></head><body><main>Home</main></body></html>"


def snapshot(directory: Path) -> dict[str, str]:
    """Every file under `directory`, by its content's digest."""
    return {
        path.relative_to(directory).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def generate(site: Path, *more: str) -> None:
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), *more)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "robots",
    [
        b"User-agent: *\nDisallow: /private/",  # no line end at the end
        b"User-agent: *\r\nDisallow: /private/\r\n",  # Windows line ends, ending in one
        b"User-agent: *\nDisallow: /caf\xe9/\n\n",  # Latin-1, not UTF-8, and a blank line at the end
        b"Sitemap: https://example.com/feed.xml\n",  # the owner's own Sitemap line
    ],
    ids=["no-final-newline", "crlf", "latin-1", "owners-sitemap-line"],
)
def test_the_owners_robots_txt_comes_back_byte_for_byte(tmp_path, robots):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_bytes(HOME)
    (site / "robots.txt").write_bytes(robots)
    before = snapshot(site)
    generate(site, "--gzip", "--stylesheet", "--text-sitemap")
    assert (site / "sitemap.xml").is_file() and (site / "robots.txt").read_bytes() != robots
    generate(site, "--gzip", "--stylesheet", "--text-sitemap")  # the block replaced where it stands
    dry = run("clean", str(site), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert (
        "would remove 4 file(s) of the set: sitemap.txt, sitemap.xml, sitemap.xml.gz, sitemap.xsl"
        in dry.stderr
    )
    assert (site / "sitemap.xml").is_file()
    done = run("clean", str(site))
    assert done.returncode == 0, done.stderr
    assert (site / "robots.txt").read_bytes() == robots
    assert snapshot(site) == before
    assert "took out the Sitemap: lines of sitemap-plugins" in done.stderr


def test_a_robots_txt_we_made_goes_and_a_changed_file_stays(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_bytes(HOME)
    before = snapshot(site)
    generate(site, "--stylesheet")
    assert (site / "robots.txt").is_file()
    (site / "sitemap.xsl").write_bytes(b"the owner's own file now")
    done = run("clean", str(site))
    assert done.returncode == 0, done.stderr
    assert "sitemap.xsl: changed since sitemap-plugins wrote it" in done.stderr
    assert "removed robots.txt, which sitemap-plugins made" in done.stderr
    assert snapshot(site) == {
        **before,
        "sitemap.xsl": hashlib.sha256(b"the owner's own file now").hexdigest(),
    }
    again = run("clean", str(site))
    assert again.returncode == 0  # run twice (a script's `make clean`): nothing to do is no failure
    assert snapshot(site) == {
        **before,
        "sitemap.xsl": hashlib.sha256(b"the owner's own file now").hexdigest(),
    }
    assert "holds no set of sitemap-plugins" in again.stderr and "nothing was removed" in again.stderr
    wrong = run("clean", str(tmp_path / "sit"))  # a path mistyped is a failure
    assert wrong.returncode == 1 and f"{tmp_path / 'sit'} is not a directory" in wrong.stderr


def test_after_a_mkdocs_build_with_lines_added_below_our_block(tmp_path):
    """A real MkDocs build copying the owner's robots.txt: clean gives back their text, with the
    line they later added below our block still a line of its own."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n")
    (docs / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /drafts/")
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Clean\nsite_url: {BASE}\nplugins:\n  - sitemap\n")
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    with (site / "robots.txt").open("ab") as robots:
        robots.write(b"Disallow: /later/\n")
    done = run("clean", str(site))
    assert done.returncode == 0, done.stderr
    assert (site / "robots.txt").read_bytes() == b"User-agent: *\nDisallow: /drafts/\nDisallow: /later/\n"
    assert not list(site.glob("sitemap*")) and not (site / ".sitemap-plugins.json").exists()
    assert (site / "index.html").is_file()


def test_after_a_pelican_build_its_output_is_as_without_the_plugin(tmp_path):
    """Pelican does not clear its output: clean leaves it as a build without the plugin writes it."""
    project = tmp_path / "blog"
    (project / "content" / "extra").mkdir(parents=True)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "content" / "extra" / "robots.txt").write_bytes(b"User-agent: *\nAllow: /\n")
    settings = (
        'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nFEED_ALL_ATOM = None\n'
        'STATIC_PATHS = ["extra/robots.txt"]\n'
        'EXTRA_PATH_METADATA = {"extra/robots.txt": {"path": "robots.txt"}}\n'
    )
    # No plugin at all (without PLUGINS, Pelican loads every installed one: pelican-sitemap here).
    (project / "pelicanconf.py").write_text(settings + "PLUGINS = []\n")
    assert pelican(project).returncode == 0
    without = snapshot(project / "output")
    (project / "pelicanconf.py").write_text(settings + 'PLUGINS = ["sitemap_plugins.pelican"]\n')
    assert pelican(project).returncode == 0
    assert (project / "output" / "sitemap.xml").is_file()
    done = run("clean", str(project / "output"))
    assert done.returncode == 0, done.stderr
    assert snapshot(project / "output") == without

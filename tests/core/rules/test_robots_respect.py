"""Never list what the site's own robots.txt forbids: Google's precedence rules (longest match,
Allow on a tie, `*` and `$`), a group for another crawler that does not count, an empty Disallow,
a robots.txt that is not UTF-8; real MkDocs and Pelican builds; `check`'s `robots-disallowed`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mkdocs_helpers import write_images
from pelican_helpers import add_settings, copy_sample, pelican
from sitemap_checks import NS, parse

import sitemap_plugins as sp
from sitemap_plugins.core.robots import RobotsRules

BASE = "https://example.com/"

ROBOTS = b"""User-agent: *
Disallow: /tags/
Allow: /tags/keep
Disallow: /*.pdf$
Disallow: /drafts
Allow: /drafts/public/

User-agent: Bingbot
Disallow: /

User-agent: Googlebot-Image
Disallow: /
"""


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("tags/", "Disallow: /tags/"),
        ("tags/keep/", None),  # Allow /tags/keep is longer: it wins
        ("guide.pdf", "Disallow: /*.pdf$"),
        ("guide.pdf?x=1", None),  # `$`: the URL must end there
        ("drafts-2024/", "Disallow: /drafts"),
        ("drafts/public/page/", None),
        ("", None),  # Bingbot's `Disallow: /` is another crawler's: it does not count
    ],
)
def test_googles_precedence_rules(path, line):
    rules = RobotsRules(ROBOTS, "example.com")
    assert rules.blocking(BASE + path) == line
    assert rules.blocking("https://cdn.example.net/tags/x.png") is None  # another host's


def test_the_line_named_is_the_longest_that_forbids_the_url():
    """Two lines forbid the page: the message names the one that decides (the longest), not the
    one that sorts last."""
    rules = RobotsRules(b"User-agent: *\nDisallow: /x\nDisallow: /*drafts/\n", "example.com")
    assert rules.blocking(BASE + "x/drafts/p/") == "Disallow: /*drafts/"
    assert rules.blocking(BASE + "x/p/") == "Disallow: /x"


def test_an_empty_disallow_and_a_robots_txt_that_is_not_utf8():
    assert RobotsRules(b"User-agent: *\nDisallow:\n", "example.com").blocking(BASE + "anything/") is None
    latin1 = "User-agent: *\nDisallow: /caf\xe9/\nDisallow: /private/\n".encode("latin-1")
    rules = RobotsRules(latin1, "example.com")
    assert rules.blocking(BASE + "private/x") == "Disallow: /private/"
    assert rules.blocking(BASE + "open/") is None


def _site(tmp_path: Path, respect: bool | None = None) -> Path:
    project = tmp_path / "docs-site"
    (project / "docs" / "tags").mkdir(parents=True)
    (project / "docs" / "img").mkdir()
    plugin = {"sitemap": {} if respect is None else {"respect_robots_txt": respect}}
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "S", "site_url": BASE, "theme": "mkdocs", "plugins": [plugin]})
    )
    (project / "docs" / "index.md").write_text(
        "---\nvideo:\n  player_loc: https://example.com/drafts/player\n  thumbnail_loc: /img/t.png\n"
        "  title: T\n  description: D\n---\n# Home\n\n![A](img/a.png) ![B](img/b.pdf)\n"
    )
    (project / "docs" / "tags" / "index.md").write_text("# Tags\n")
    (project / "docs" / "about.md").write_text("# About\n")
    (project / "docs" / "robots.txt").write_bytes(ROBOTS)
    write_images(project / "docs", "img/a.png", "img/b.pdf", "img/t.png")
    return project


def test_a_mkdocs_build_leaves_out_what_robots_txt_forbids(tmp_path):
    project = _site(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-v", "-d", "site"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    root = parse(project / "site" / "sitemap.xml")
    assert [u.findtext("s:loc", namespaces=NS) for u in root.iterfind("s:url", NS)] == [BASE, BASE + "about/"]
    assert [i.text for i in root.iterfind(".//image:loc", NS)] == [BASE + "img/a.png"]
    assert root.find(".//video:video", NS) is None  # its player is under /drafts
    assert "tags/index.md (https://example.com/tags/) left out: robots.txt: Disallow: /tags/" in run.stderr
    assert "1 URL left out: robots.txt forbids them" in run.stderr
    # Off, everything is listed.
    project = _site(tmp_path / "off", respect=False)
    assert (
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-d", "site"], cwd=project, capture_output=True
        ).returncode
        == 0
    )
    assert len(parse(project / "site" / "sitemap.xml").findall("s:url", NS)) == 3


def test_a_pelican_build_and_check_agree_on_robots_txt(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    robots = project / "content" / "extra" / "robots.txt"
    robots.write_text(robots.read_text() + "\nUser-agent: *\nDisallow: /tag/\n")
    run = pelican(project)
    assert run.returncode == 0, run.stdout + run.stderr
    output = project / "output"
    listed = [
        u.findtext("s:loc", namespaces=NS)
        for path in output.glob("sitemap*.xml")
        if parse(path).tag.endswith("urlset")
        for u in parse(path).iterfind("s:url", NS)
    ]
    assert listed and not [u for u in listed if "/tag/" in u]
    check = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(output), "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert not [p for p in json.loads(check.stdout)["problems"] if p["code"] == "robots-disallowed"]
    # Written with the option off, check names each listed URL robots.txt forbids, with its line.
    add_settings(project, 'SITEMAP["respect_robots_txt"] = False')
    assert pelican(project).returncode == 0
    check = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(output), "--format", "json"],
        capture_output=True,
        text=True,
    )
    found = [p for p in json.loads(check.stdout)["problems"] if p["code"] == "robots-disallowed"]
    assert check.returncode == 1 and found
    assert all(
        "/tag/" in p["url"] and p["message"].endswith("Disallow: /tag/") and not p["advice"] for p in found
    )


def test_the_core_respects_robots_txt_for_every_face(tmp_path):
    (tmp_path / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /private/\n")
    sitemap = sp.Sitemap(sp.Options(base_url=BASE))
    sitemap.add(sp.Entry(BASE, alternates={"en": BASE, "de": BASE + "private/de/"}))
    sitemap.add(sp.Entry(BASE + "private/de/", alternates={"en": BASE, "de": BASE + "private/de/"}))
    result = sitemap.write(tmp_path)
    assert result.robots_blocked == 1
    root = parse(tmp_path / "sitemap.xml")
    assert [u.findtext("s:loc", namespaces=NS) for u in root.iterfind("s:url", NS)] == [BASE]
    assert root.find(".//xhtml:link", NS) is None  # its only translation is forbidden: no group

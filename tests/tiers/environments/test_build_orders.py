"""One project per language, as FastAPI lays it out (one Material project per language, the
English at `/`, the German's site_dir inside the English one's, `extra.alternate` naming both),
built in every order, with the plugin and through `generate --project`: each set the same as
in the best order, no set listing another project's pages, and no line that is false."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree
from sitemap_checks import NS, parse

pytestmark = [pytest.mark.slow, pytest.mark.environment]

HOST = "https://fa.example.com/"
ALTERNATE = """extra:
  alternate:
    - {link: /, name: en - English, lang: en}
    - {link: /de/, name: de - Deutsch, lang: de}
"""


def _layout(tmp_path: Path, plugin: bool = True) -> Path:
    """FastAPI's layout: `en/mkdocs.yml` builds into `site/`, `de/mkdocs.yml` (which INHERITs
    it) into `site/de/`; the reference is English only."""
    root = tmp_path / "fastapi"
    pages = {
        "en/docs/index.md": "# Demo\n\nThe home page of the demo, in English.\n",
        "en/docs/tutorial/index.md": "# Tutorial\n\nLearn the demo step by step.\n",
        "en/docs/reference/index.md": "# Reference\n\nEvery function of the demo.\n",
        "de/docs/index.md": "# Demo\n\nDie Startseite der Demo, auf Deutsch.\n",
        "de/docs/tutorial/index.md": "# Anleitung\n\nLerne die Demo Schritt für Schritt.\n",
    }
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    plugins = "plugins:\n  - search\n" + ("  - sitemap\n" if plugin else "")
    (root / "en" / "mkdocs.yml").write_text(
        f"site_name: Demo\nsite_url: {HOST}\nsite_dir: ../site\ntheme:\n  name: material\n  language: en\n"
        + plugins
        + ALTERNATE
    )
    (root / "de" / "mkdocs.yml").write_text(
        f"INHERIT: ../en/mkdocs.yml\nsite_url: {HOST}de/\nsite_dir: ../site/de\n"
        "theme:\n  name: material\n  language: de\n"
    )
    return root


def _mkdocs(root: Path, language: str, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *args],
        cwd=root / language,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    return [" ".join(line.split()) for line in done.stderr.splitlines() if "sitemap" in line]


def _generate(root: Path, *languages: str) -> list[str]:
    projects = [arg for language in languages for arg in ("--project", f"{language}/mkdocs.yml")]
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", *projects],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.splitlines()


def _sets(root: Path) -> dict[str, bytes]:
    site = root / "site"
    return {name: (site / name).read_bytes() for name in ("sitemap.xml", "de/sitemap.xml", "robots.txt")}


def _locs(data: bytes) -> list[str]:
    return [loc.text for loc in etree.fromstring(data).iterfind("s:url/s:loc", NS)]


def _own_pages_only(sets: dict[str, bytes]) -> None:
    """The English set lists no German page, the German set only German pages."""
    assert _locs(sets["sitemap.xml"]) == [HOST, HOST + "reference/", HOST + "tutorial/"]
    assert _locs(sets["de/sitemap.xml"]) == [HOST + "de/", HOST + "de/tutorial/"]


def _groups(root: Path) -> dict[str, dict[str, str]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
        }
        for name in ("sitemap.xml", "de/sitemap.xml")
        for url in parse(root / "site" / name).iterfind("s:url", NS)
    }


def test_the_plugin_in_either_order_writes_the_same_sets_and_says_only_what_is_true(tmp_path):
    """English first (FastAPI's order: its build cleans site/, the German's then goes inside):
    the English build names the German home the project to come, not a 404; the German build
    joins the English set.  German first (the English then built with --dirty, which keeps
    site/de/): the German build says the root's project names it in robots.txt, not "add it
    yourself"; the English build joins it.  Both orders end with the same files."""
    english_first = _layout(tmp_path / "one")
    said_en = _mkdocs(english_first, "en")
    said_de = _mkdocs(english_first, "de")
    best = _sets(english_first)
    _own_pages_only(best)
    assert _groups(english_first)[HOST] == {"de": HOST + "de/", "en": HOST, "x-default": HOST}
    assert _groups(english_first)[HOST + "de/tutorial/"] == {
        "de": HOST + "de/tutorial/",
        "en": HOST + "tutorial/",
        "x-default": HOST + "tutorial/",
    }
    assert best["robots.txt"].decode().splitlines()[-2:] == [
        f"Sitemap: {HOST}sitemap.xml",
        f"Sitemap: {HOST}de/sitemap.xml",
    ]
    assert (
        "INFO - sitemap: 3 URLs in 1 file, 0 images, 0 videos, 1 hreflang link dropped: it named a page not "
        f"listed (index.md ({HOST}): hreflang de {HOST}de/, the project of {HOST}de/ (extra.alternate) is not "
        "built yet: its build, after this one, joins the groups)"
    ) in said_en
    assert (
        f"INFO - sitemap ({english_first / 'en' / 'mkdocs.yml'}): 3 URLs in 1 file, 0 images, 0 videos"
        in said_de
    )
    assert "INFO - sitemap: 2 URLs in 1 file, 0 images, 0 videos" in said_de

    german_first = _layout(tmp_path / "two")
    said_de = _mkdocs(german_first, "de")
    said_en = _mkdocs(german_first, "en", "--dirty")
    assert _sets(german_first) == best
    assert (
        f"INFO - sitemap: no robots.txt written: the project of {HOST} (extra.alternate) is not built yet; "
        f"built after this one with this plugin, it names this set in the robots.txt there (else add "
        f"Sitemap: {HOST}de/sitemap.xml to it)"
    ) in said_de
    assert (
        f"INFO - sitemap ({german_first / 'de' / 'mkdocs.yml'}): 2 URLs in 1 file, 0 images, 0 videos"
        in said_en
    )
    for line in [*said_en, *said_de]:
        assert "a 404" not in line and "add Sitemap:" not in line.split("(else")[0], line


@pytest.mark.parametrize(
    "runs",
    [[("en", "de")], [("de", "en")], [("en",), ("de",)], [("de",), ("en",)], [("en",)], [("de",)]],
    ids=["en+de", "de+en", "en, then de", "de, then en", "en alone", "de alone"],
)
def test_generate_project_in_every_order_writes_the_sets_of_the_best_order(tmp_path, runs):
    """Built without the plugin (as Zensical builds), then `generate --project` for both in one
    run (either order), or one project a run (either order): the last run ends with the sets of
    one run of both; the English set never lists the German pages, which another project built
    (it did, before), and no line calls the German folder's files a 404 or a stale sitemap of
    the English set's (MkDocs' own sitemap there was "stale: de/sitemap.xml.gz", a WARNING)."""
    best_root = _layout(tmp_path / "best", plugin=False)
    for language in ("en", "de"):
        _mkdocs(best_root, language)
    root = tmp_path / "ordered"
    shutil.copytree(best_root, root)
    _generate(best_root, "en", "de")
    best = _sets(best_root)
    _own_pages_only(best)

    said = [line for languages in runs for line in _generate(root, *languages)]
    english = _locs((root / "site" / "sitemap.xml").read_bytes())
    assert not [url for url in english if url.startswith(HOST + "de/")], said
    # Nothing of the German folder is called a 404, a stale sitemap, or a problem of the English set.
    wrong = ("a 404", "dropped", "stale", "another tool's sitemap", "problem")
    assert not [line for line in said if any(word in line for word in wrong)], said
    if len(runs) > 1 or len(runs[0]) > 1:
        assert _sets(root) == best, said

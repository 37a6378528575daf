"""The site's rules (`sitemap_plugins.core.rules`): their order stated once, each saying what it
reads and what it may change, and each held on the real pages that made it.

On the corpus (`../shared/corpus/`, whose facts `tests/tiers/corpus/pins/` pins): with every rule the pins hold
(`tiers/corpus/test_corpus.py`); with one rule taken out, the facts it makes on its site move, and only those
(`test_a_rule_makes_the_facts_pinned_on_its_real_site`). Rules the corpus does not exercise are held
by the test of the real page (or real build) that made them, named here (`HELD_ELSEWHERE`).

And the reading of a page is pure: the same pages read in another order, or on threads at once,
give the same readings and the same bytes."""

from __future__ import annotations

import ast
import inspect
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from corpus_facts import CORPUS, SITES, differences, extract, facts, pin_path, run
from places import TESTS

from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.reading import read_page
from sitemap_plugins.core.rules import SITE_RULES
from sitemap_plugins.core.sitemap import Sitemap

#: A rule -> the corpus site where it makes facts, and (URL, field) rows it alone makes there.
ON_THE_CORPUS = {
    "leave_out_what_leads_nowhere": (
        "fullstackpython",
        # The two pages show an image the site does not hold (a 404 for a crawler).
        [("/Oracle.html", "images"), ("/all.html", "images")],
    ),
    "tell_listings": (
        "textual",
        # The blog's home is a listing: its excerpts' pictures are its posts', and it is dated by them.
        [("/blog/", "images"), ("/blog/", "lastmod")],
    ),
    "date_listings": ("textual", [("/blog/", "lastmod"), ("/blog/archive/2022/", "lastmod")]),
    "leave_out_copies": (
        "static-i18n-docs",
        # A page the French build copies from the English one is no translation.
        [("/fr/changelog/", "left out"), ("/changelog/", "hreflang")],
    ),
    "complete_groups": ("static-i18n-docs", [("/changelog/", "hreflang"), ("/setup/", "hreflang")]),
    # The closing line that says why the pages have no lastmod, and how to give them one.
    "count_the_undated": ("drf", [("(site)", "lines")]),
}

#: A rule the corpus does not exercise -> the test of the real page or build that made it.
HELD_ELSEWHERE = {
    "leave_out_what_robots_txt_forbids": [
        "core/rules/test_robots_respect.py::test_a_mkdocs_build_leaves_out_what_robots_txt_forbids",
        "core/rules/test_site_rules.py::test_what_robots_txt_forbids_on_a_real_site_is_left_out",
    ],
    "leave_out_the_frames_media": [
        # PyVideo's "Contribute" ribbon, outside the article of most pages.
        "core/pages/test_page_classes.py::test_a_ribbon_on_every_page_is_frame_where_a_page_marks_no_region_too",
    ],
    "take_back_the_themes_descriptions": [
        # DRF's "Django, API, REST, {{ page.title }}" on its real 3.0 announcement.
        "tiers/corpus/test_real_pages.py::test_a_description_the_theme_writes_on_every_page_describes_no_player",
    ],
    "date_what_did_not_change": [
        "core/rules/test_fingerprints.py::test_two_builds_the_second_reading_the_first_from_its_directory",
    ],
    "say_why_nothing_is_listed": [
        "core/rules/test_site_rules.py::test_a_real_site_under_another_base_url_says_the_address_to_use",
    ],
}


def _needs(name: str) -> None:
    if not (CORPUS / name / "site.tar.gz").is_file():
        pytest.skip(
            f"{CORPUS / name / 'site.tar.gz'} is absent: the corpus is ../shared/corpus beside the checkout"
        )


def test_the_rules_are_stated_once_in_order_each_saying_what_it_reads_and_changes():
    assert [rule.name for rule in SITE_RULES] == [
        "leave_out_what_robots_txt_forbids",
        "leave_out_what_leads_nowhere",
        "tell_listings",
        "leave_out_the_frames_media",
        "take_back_the_themes_descriptions",
        "date_what_did_not_change",
        "date_listings",
        "leave_out_copies",
        "complete_groups",
        "say_why_nothing_is_listed",
        "count_the_undated",
    ]
    for rule in SITE_RULES:
        doc = inspect.getdoc(rule.run) or ""
        assert "Reads:" in doc and "Changes:" in doc, (
            f"{rule.name}'s docstring says what it reads and changes"
        )
    # Every rule is held by a test on real pages, and each test named is there.
    assert set(ON_THE_CORPUS) | set(HELD_ELSEWHERE) == {rule.name for rule in SITE_RULES}
    for names in HELD_ELSEWHERE.values():
        for name in names:
            module, function = name.split("::")
            tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
            assert function in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}, name


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("rule", sorted(ON_THE_CORPUS))
def test_a_rule_makes_the_facts_pinned_on_its_real_site(rule: str, tmp_path: Path):
    """Taken out, the rule moves the pinned facts it makes (and the pins hold with it: test_corpus)."""
    site, rows = ON_THE_CORPUS[rule]
    _needs(site)
    pinned = json.loads(pin_path(site).read_text(encoding="utf-8"))
    moved = {
        (url, field) for url, field, *_ in differences(pinned, facts(site, run(site, tmp_path, without=rule)))
    }
    assert set(rows) <= moved, f"without {rule}, {site}'s facts that moved: {sorted(moved)[:20]}"


@pytest.mark.slow
@pytest.mark.corpus
def test_what_robots_txt_forbids_on_a_real_site_is_left_out(tmp_path: Path):
    """DRF's site with a robots.txt of the owner's forbidding its community pages: they are left
    out, each with the line that forbids it; the rest is listed as pinned."""
    _needs("drf")
    site = extract("drf", tmp_path)
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /community/\n")
    options = Options.from_mapping({"base_url": SITES["drf"], "replace_sitemaps": True})
    sitemap = Sitemap(options, site_dir=site)
    sitemap.add_directory()
    sitemap.write(site)
    blocked = [page for page in sitemap.left_out if page.kind == "robots"]
    assert blocked and all(page.url.startswith(SITES["drf"] + "community/") for page in blocked)
    assert {page.reason for page in blocked} == {"robots.txt: Disallow: /community/"}
    pinned = json.loads(pin_path("drf").read_text(encoding="utf-8"))
    listed = {url for url, fact in pinned["urls"].items() if fact["listed"]}
    assert len(sitemap.entries) == len(listed) - len(blocked)


@pytest.mark.slow
@pytest.mark.corpus
def test_a_real_site_under_another_base_url_says_the_address_to_use(tmp_path: Path, caplog):
    """Every page of DRF's site names its canonical under www.django-rest-framework.org: given
    another base URL, none is listed, and one line says which address to make the base URL."""
    _needs("drf")
    site = extract("drf", tmp_path)
    said: list[str] = []
    sitemap = Sitemap(
        Options.from_mapping({"base_url": "https://drf.example.org/"}), said.append, site_dir=site
    )
    sitemap.add_directory()
    sitemap.write(tmp_path / "out")
    assert not sitemap.entries
    assert re.search(
        r"sitemap: \d+ of the \d+ pages name their canonical URL under https://www.django-rest-framework.org/, "
        r"not under the base URL https://drf.example.org/, so none is listed",
        "\n".join(said),
    ), said


@pytest.mark.slow
@pytest.mark.corpus
def test_a_pages_reading_is_the_same_in_any_order_and_on_threads(tmp_path: Path):
    """A page's reading depends on the page and the options alone: textual's pages (its blog, its
    players) read in order, in reverse and on four threads at once give the same readings."""
    _needs("textual")
    site = extract("textual", tmp_path)
    sitemap = Sitemap(Options.from_mapping({"base_url": SITES["textual"]}), site_dir=site)
    sitemap.read_other_sitemaps()
    pages = list(sitemap.directory_pages(site))

    def read(page):
        return read_page(page, sitemap.options, sitemap.other_sitemaps)

    harvester = sitemap.harvester
    held = {name: (id(value), repr(value)) for name, value in vars(harvester).items()}
    in_order = [read(page) for page in pages]
    assert [read(page) for page in reversed(pages)] == in_order[::-1]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(read, pages)) == in_order
    assert sum(1 for reading in in_order if reading.facts.videos) >= 10  # players read, not skipped
    # The harvest of every page leaves the harvester as it was: nothing of a page is kept in it
    # for the next (what the site's rules read is each page's `Harvest`).
    for reading in in_order:
        harvester.entry(reading)
    assert {name: (id(value), repr(value)) for name, value in vars(harvester).items()} == held
    assert set(vars(harvester.videos)) == {"report"}

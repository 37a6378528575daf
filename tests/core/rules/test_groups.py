"""hreflang groups (`complete_groups`): a group declared on one side is every member's, the first page
named for a language is kept and the other said, `x-default` is the named language's page, members
spelt as their canonicals are, and a group past the bound keeps the page that named it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from sitemap_checks import NS, files, names_only, outside, parse, urls
from small_sites import page

import sitemap_plugins as sp
from sitemap_plugins.core.iso_codes import ISO_639_1, ISO_3166_1_ALPHA_2

BASE = "https://example.com/"


def _links(sitemap: Path) -> dict[str, set[tuple[str, str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            (link.get("hreflang"), link.get("href")) for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(sitemap).iterfind("s:url", NS)
    }


@pytest.mark.parametrize("x_default", [None, "en"])
def test_a_group_declared_by_one_page_is_every_members(tmp_path, x_default):
    """Only the English page names its translations: the German and French pages get the same
    group, so every link is reciprocal; with `x_default: en` each lists the English page as
    `x-default` too."""
    en, de, fr = f"{BASE}a/", f"{BASE}de/a/", f"{BASE}fr/a/"
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, x_default=x_default))
    sitemap.add(sp.Entry(en, alternates={"en": en, "de": de, "fr": fr}))
    sitemap.add(sp.Entry(de))
    sitemap.add(sp.Entry(fr))
    sitemap.write(tmp_path)
    group = {("en", en), ("de", de), ("fr", fr)} | ({("x-default", en)} if x_default else set())
    assert _links(tmp_path / "sitemap.xml") == {en: group, de: group, fr: group}


def test_two_pages_naming_different_pages_for_one_language_keep_the_first_and_say_so(tmp_path, caplog):
    """Two German pages both claim the English page: the group keeps the one named first (the
    English page's own), the other page's claim is said, with both URLs, and it lists no
    alternates (a link the English page does not return is one search engines ignore)."""
    en, de, other = f"{BASE}a/", f"{BASE}de/a/", f"{BASE}de/b/"
    sitemap = sp.Sitemap(sp.Options(base_url=BASE))
    sitemap.add(sp.Entry(en, alternates={"en": en, "de": de}))
    sitemap.add(sp.Entry(de, alternates={"en": en, "de": de}))
    sitemap.add(sp.Entry(other, alternates={"en": en, "de": other}))
    with caplog.at_level("WARNING", logger="sitemap_plugins"):
        sitemap.write(tmp_path)
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        (
            "WARNING",
            f"sitemap: {other}: alternates[de]: {other} disagrees with {de}, named for de by another page "
            "of the same group; the first is kept",
        )
    ]
    group = {("en", en), ("de", de)}
    assert _links(tmp_path / "sitemap.xml") == {en: group, de: group, other: set()}


@pytest.mark.parametrize(
    ("x_default", "declared", "expected"),
    [
        ("en", None, f"{BASE}a/"),  # the named language's page
        ("en", f"{BASE}choose/", f"{BASE}choose/"),  # the group's own x-default stays
        (None, f"{BASE}choose/", f"{BASE}choose/"),
        ("fr", None, None),  # no French page in the group: no x-default
        (None, None, None),
    ],
)
def test_x_default_is_the_groups_own_or_the_named_languages_page(tmp_path, x_default, declared, expected):
    en, de = f"{BASE}a/", f"{BASE}de/a/"
    alternates = {"en": en, "de": de} | ({"x-default": declared} if declared else {})
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, x_default=x_default))
    sitemap.add(sp.Entry(en, alternates=alternates))
    sitemap.add(sp.Entry(de))
    sitemap.write(tmp_path)
    group = {("en", en), ("de", de)} | ({("x-default", expected)} if expected else set())
    assert _links(tmp_path / "sitemap.xml") == {en: group, de: group}


def test_a_group_names_its_pages_as_their_canonicals_spell_them(tmp_path):
    """Home pages whose canonical is `…/index.html` (Sphinx, many themes) are listed at that
    spelling; the translations that name them `…/` name them as listed, both ways."""
    en, de = BASE, f"{BASE}de/"
    links = (
        f'<link rel="alternate" hreflang="en" href="{en}"><link rel="alternate" hreflang="de" href="{de}">'
    )
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for url in (en, de):
        head = f'<link rel="canonical" href="{url}index.html">{links}'
        sitemap.add_page(
            sp.Page(url, html=f"<html><head>{head}</head><body><main>{url}</main></body></html>")
        )
    sitemap.write(tmp_path)
    group = {("en", f"{en}index.html"), ("de", f"{de}index.html"), ("x-default", f"{en}index.html")}
    assert _links(tmp_path / "sitemap.xml") == {f"{en}index.html": group, f"{de}index.html": group}


def test_a_group_past_the_bound_keeps_the_page_that_named_it_and_says_what_was_dropped(
    tmp_path, monkeypatch, sitemap, messages
):
    monkeypatch.setattr("sitemap_plugins.core.rules.groups.MAX_GROUP", 3)
    pages = {code: f"{BASE}{code}/" for code in ("de", "es", "fr", "it")} | {"en": BASE}
    written = sitemap()
    written.add(sp.Entry(BASE, alternates=pages, source="index.html"))
    for code, url in pages.items():
        if code != "en":
            written.add(sp.Entry(url))
    written.write(tmp_path)
    assert messages == [
        f"sitemap: index.html ({BASE}): alternates: its hreflang group names 5 languages; a group holds at "
        "most 3 (more than any site is translated into: each version lists them all, so the group's size is "
        "squared in the sitemap); dropped from it, their pages listed without hreflang: 2 (fr, it)"
    ]
    group = {("en", BASE), ("de", pages["de"]), ("es", pages["es"])}
    assert _links(tmp_path / "sitemap.xml") == {
        BASE: group,
        pages["de"]: group,
        pages["es"]: group,
        pages["fr"]: set(),
        pages["it"]: set(),
    }


def make_translated_site(site: Path, count: int) -> list[str]:
    """A home page whose head names `count` translations, each a page of the site."""
    codes = sorted(f"{language}-{region}" for language in ISO_639_1 for region in ISO_3166_1_ALPHA_2)[:count]
    site.mkdir()
    links = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code.lower()}/">' for code in codes
    )
    (site / "index.html").write_text(
        page("Home", f'<link rel="alternate" hreflang="en" href="{BASE}">{links}')
    )
    for number, code in enumerate(codes):
        (site / code.lower()).mkdir()
        (site / code.lower() / "index.html").write_text(page(f"Page {number} {code}", lang=code))
    return codes


@pytest.mark.slow
def test_a_head_naming_10000_translations_is_bounded_in_time_memory_and_bytes(tmp_path):
    """Before the bound: 276 s, 3.1 GB of memory and 7.9 GB of sitemaps (a MemoryError where
    less memory is free).  Now one message, and what 1,000 versions write."""
    site = tmp_path / "site"
    make_translated_site(site, 10_000)
    before = files(tmp_path)
    # The run's own peak, its worker processes' included: measured by a process of its own, as this
    # test process's children are also every earlier test's that ran on the same pytest worker.
    measure = (
        "import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "sys.stdout.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)); sys.stderr.write(done.stderr); "
        "sys.exit(done.returncode)"
    )
    command = [sys.executable, "-m", "sitemap_plugins", "generate", "--from-dir", str(site)]
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", measure, *command, "--base-url", BASE, "--out", str(site)],
        capture_output=True,
        text=True,
    )
    took = time.monotonic() - started
    peak = int(done.stdout or 0) * 1024
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    problems = [line for line in done.stderr.splitlines() if "alternates" in line]
    assert len(problems) == 1 and problems[0].startswith(
        f"sitemap: index.html ({BASE}): alternates: its hreflang group names 10,001 languages; a group holds "
        "at most 1,000 (more than any site is translated into: each version lists them all, so the group's "
        "size is squared in the sitemap); dropped from it, their pages listed without hreflang: 9,001 ("
    ), problems
    written = sum(path.stat().st_size for path in site.glob("sitemap*.xml"))
    assert written < 100 * 1024 * 1024 and took < 120 and peak < 1024**3, (written, took, peak)
    assert len(urls(site / "sitemap.xml")) == 10_001
    outside(before, tmp_path, site)
    names_only(site, BASE)

"""One URL, however it is spelt: dot segments resolved, escapes a URL needs none of, a canonical or a
translation or another tool's sitemap spelling a page otherwise than the set lists it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from command_runs import run
from sitemap_checks import NS, files, generate_from_dir, names_only, outside, parse, urls
from small_sites import page, warnings_of

from sitemap_plugins.core.normalize import remove_dot_segments, to_uri

COMMAND = [sys.executable, "-m", "sitemap_plugins"]

BASE = "https://example.com/"


@pytest.mark.parametrize(
    ("url", "uri"),
    [
        ("https://guide.example.com/de/../fog.html", "https://guide.example.com/fog.html"),
        ("https://example.com/a/./b/", "https://example.com/a/b/"),
        ("https://example.com/a/b/..", "https://example.com/a/"),
        ("https://example.com/../../a", "https://example.com/a"),
        ("https://example.com/a//../b", "https://example.com/a/b"),  # RFC 3986 5.2.4, segment by segment
        # No dot segment: as it was.
        ("https://example.com/.well-known/a..b/c.", "https://example.com/.well-known/a..b/c."),
        ("https://example.com/a?next=/../b", "https://example.com/a?next=/../b"),  # a query is no path
    ],
)
def test_a_url_is_compared_and_listed_with_its_dot_segments_resolved(url, uri):
    assert to_uri(url) == uri
    assert to_uri(uri) == uri


def test_a_relative_path_keeps_its_dot_segments():
    """Only an absolute URL's path is resolved: a relative one's `..` climbs from where it is read."""
    assert to_uri("../fog.html") == "../fog.html"
    assert remove_dot_segments("/a/b/../c/./d") == "/a/c/d"


def _translated(tmp_path: Path, german_names_english: str) -> Path:
    site = tmp_path / "site"
    (site / "de").mkdir(parents=True)
    head = '<link rel="alternate" hreflang="en" href="{en}"><link rel="alternate" hreflang="de" href="{de}">'
    pages = {
        "fog.html": ("en", head.format(en=BASE + "fog.html", de=BASE + "de/fog.html")),
        "de/fog.html": ("de", head.format(en=german_names_english, de=BASE + "de/../de/fog.html")),
        "tides.html": ("en", ""),
    }
    for name, (language, links) in pages.items():
        (site / name).write_text(
            f'<html lang="{language}"><head><title>{name}</title>{links}</head>'
            f"<body><main><p>{name} in {language}.</p></main></body></html>"
        )
    return site


def test_a_group_named_with_dot_segments_is_one_group(tmp_path):
    site = _translated(tmp_path, BASE + "de/../fog.html")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert done.returncode == 0 and warnings_of(done) == [] and "disagrees" not in done.stderr
    links = {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.findall("xhtml:link", NS)
        }
        for url in parse(site / "sitemap.xml")
    }
    group = {"en": BASE + "fog.html", "de": BASE + "de/fog.html"}
    assert links[BASE + "fog.html"] == links[BASE + "de/fog.html"] == group


def test_links_that_disagree_once_resolved_are_still_said(tmp_path):
    """The other way: the German page names another English page, dot segments resolved."""
    site = _translated(tmp_path, BASE + "de/../tides.html")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert "disagrees with" in done.stderr and BASE + "tides.html" in done.stderr, done.stderr
    assert "/../" not in (site / "sitemap.xml").read_text()


@pytest.mark.parametrize(
    "first, second, one",
    [
        ("https://example.com/a%26b.html", "https://example.com/a&b.html", True),  # a sub-delim
        ("https://example.com/a%7eb/", "https://example.com/a~b/", True),  # unreserved, lower-case hex
        ("https://example.com/%c3%a9/", "https://example.com/%C3%A9/", True),  # hex digits' case
        ("https://example.com/a%3Ab%40c", "https://example.com/a:b@c", True),  # ':' and '@' in a path
        ("https://example.com/a%2Fb.html", "https://example.com/a/b.html", False),  # '/' is no segment's
        ("https://example.com/?q=a%26b", "https://example.com/?q=a&b", False),  # '&' parts a query
        ("https://example.com/?q=%7E", "https://example.com/?q=~", True),
        ("https://example.com/a%3Fb", "https://example.com/a?b", False),
    ],
)
def test_two_spellings_of_one_uri_are_one_page_and_others_are_not(first, second, one):
    from sitemap_plugins.core.files import one_file

    assert one_file(first, second) is one and one_file(second, first) is one


def test_from_dir_one_page_however_its_canonical_spells_its_url(tmp_path):
    """An escape of a character that needs none (`%26`, `%7E`), hex digits of either case: one
    page, listed as its canonical spells it; a canonical naming another page still leaves it out,
    and `check` finds nothing to say of the set."""
    site = tmp_path / "site"
    site.mkdir()
    canonical = '<link rel="canonical" href="{}">'.format
    (site / "index.html").write_text(page("Home", canonical(BASE)))
    (site / "a&b.html").write_text(page("A and B", canonical(BASE + "a%26b.html")))
    (site / "c+d.html").write_text(page("C plus D", canonical(BASE + "c%2bd.html")))
    (site / "t~x.html").write_text(page("Tilde", canonical(BASE + "t%7Ex.html")))
    (site / "copy.html").write_text(page("Copy", canonical(BASE + "a%26b.html")))
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "-v")
    assert done.returncode == 0, done.stderr
    assert set(urls(site / "sitemap.xml")) == {
        BASE,
        BASE + "a%26b.html",
        BASE + "c%2bd.html",
        BASE + "t%7Ex.html",
    }
    assert [line for line in done.stderr.splitlines() if "left out" in line] == [
        f"sitemap: copy.html ({BASE}copy.html) left out: canonical: the canonical URL is {BASE}a%26b.html"
    ]
    outside(before, tmp_path, site)
    names_only(site, BASE)
    checked = run("check", str(site), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "canonical" not in checked.stdout + checked.stderr


@pytest.mark.parametrize("where", ["its own head", "the other page's head"])
def test_from_dir_a_translation_named_with_escapes_is_the_page_the_set_lists(tmp_path, where):
    """`de/a%26b.html` named as a translation of a page listed as `de/a&b.html`: one group of
    both pages, each named as the set lists it, with nothing said."""
    site = tmp_path / "site"
    (site / "de").mkdir(parents=True)
    link = '<link rel="alternate" hreflang="{}" href="{}">'.format
    german, named = BASE + "de/a&b.html", BASE + "de/a%26b.html"
    group = link("en", BASE) + link("de", named)
    (site / "index.html").write_text(page("Home", group if where == "the other page's head" else ""))
    (site / "de" / "a&b.html").write_text(page("Heim", group if where == "its own head" else "", lang="de"))
    before = files(tmp_path)
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "problem" not in done.stderr, done.stderr
    both = {("en", BASE), ("de", german), ("x-default", BASE)}  # x-default: the home page's language
    assert _links(site / "sitemap.xml") == {BASE: both, german: both}
    outside(before, tmp_path, site)
    names_only(site, BASE)


def test_from_dir_another_tools_sitemap_spelling_a_page_with_escapes_dates_it(tmp_path):
    """Another tool's sitemap lists `a%26b.html` with its lastmod: the page `a&b.html` is dated by it."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "a&b.html").write_text(page("A and B"))
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}a%26b.html</loc><lastmod>2024-02-03</lastmod></url></urlset>\n"
    )
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    listed = {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(site / "sitemap.xml").iterfind("s:url", NS)
    }
    assert listed == {BASE + "a&b.html": "2024-02-03"}
    outside(before, tmp_path, site)


def _links(path: Path) -> dict[str, set[tuple[str, str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            (link.get("hreflang"), link.get("href"))
            for link in url.iterfind("x:link", {"x": "http://www.w3.org/1999/xhtml"})
        }
        for url in parse(path).iterfind("s:url", NS)
    }


@pytest.mark.slow
def test_check_of_a_deployed_site_takes_a_canonical_spelled_with_escapes_for_the_page(tmp_path):
    """A set listing `a&b.html` (another tool's), whose page names `a%26b.html` as canonical, on a
    real local HTTP server: the page names itself, so `check` finds nothing."""
    from live_site import check, serve

    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, _):
        (site / "a&b.html").write_text(page("A and B", f'<link rel="canonical" href="{base}a%26b.html">'))
        (site / "sitemap.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{base}a&amp;b.html</loc></url></urlset>\n"
        )
        before = files(tmp_path)
        done, problems = check(base + "sitemap.xml")
        assert done.returncode == 0 and problems == [], (done.stderr, problems)
        assert files(tmp_path) == before

"""The core's promises a whole build does not pin down alone: the text sitemap splits where the
XML does, a group declared on one side is every member's, `x-default` is the named language's
page, and lastmod comes from the first source, in the option's order, that dates the page."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import subprocess
from pathlib import Path

import pytest
from sitemap_checks import NS, parse

import sitemap_plugins as sp

BASE = "https://example.com/"
NOW = dt.datetime(2024, 5, 3, 12, 0, tzinfo=dt.timezone.utc)


def _links(sitemap: Path) -> dict[str, set[tuple[str, str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            (link.get("hreflang"), link.get("href")) for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def test_the_text_sitemap_splits_where_the_xml_does(tmp_path):
    """`max_urls: 2` and five pages: three XML parts and three text files of 2, 2 and 1 URLs."""
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, max_urls=2, text_sitemap=True))
    for number in range(5):
        sitemap.add(sp.Entry(f"{BASE}p{number}/"))
    result = sitemap.write(tmp_path)
    assert result.page_files == 3
    names = ("sitemap.txt", "sitemap-2.txt", "sitemap-3.txt")
    assert {name: (tmp_path / name).read_text() for name in names} == {
        "sitemap.txt": f"{BASE}p0/\n{BASE}p1/\n",
        "sitemap-2.txt": f"{BASE}p2/\n{BASE}p3/\n",
        "sitemap-3.txt": f"{BASE}p4/\n",
    }
    assert not (tmp_path / "sitemap-4.txt").exists()


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


#: What each source says of the page: all different, all before the build.
SOURCES = {
    "metadata": "2021-01-01",
    "git": "2022-02-02T10:00:00+00:00",
    "html": "2020-03-03T00:00:00+00:00",
    "mtime": "2019-04-04T00:00:00+00:00",
    "build": "2024-05-03T12:00:00+00:00",
    "sitemaps": "2018-05-05",
}


@pytest.fixture(scope="module")
def dated_site(tmp_path_factory):
    """A page every source dates: its front matter, a commit of its source, its HTML, its
    source's time, and the sitemap another tool wrote beside it."""
    root = tmp_path_factory.mktemp("dated")
    docs, site = root / "docs", root / "site"
    docs.mkdir()
    site.mkdir()
    source = docs / "p.md"
    source.write_text("# P\n")
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "GIT_AUTHOR_DATE": "2022-02-02T10:00:00Z",
        "GIT_COMMITTER_DATE": "2022-02-02T10:00:00Z",
    }
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "p"]):
        subprocess.run(["git", *args], cwd=docs, env=env, check=True, capture_output=True)
    stamp = dt.datetime(2019, 4, 4, tzinfo=dt.timezone.utc).timestamp()
    os.utime(source, (stamp, stamp))
    (site / "p").mkdir()
    (site / "p" / "index.html").write_text(
        '<html><head><meta property="article:modified_time" content="2020-03-03T00:00:00+00:00">'
        "</head><body><main><p>P</p></main></body></html>"
    )
    (site / "theirs.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}p/</loc><lastmod>2018-05-05</lastmod></url>"
        f"<url><loc>{BASE}q/</loc><lastmod>2018-05-06</lastmod></url></urlset>\n"
    )
    (site / "robots.txt").write_text(f"Sitemap: {BASE}theirs.xml\n")
    return docs, site, source


@pytest.mark.parametrize(("first", "second"), list(itertools.permutations(SOURCES, 2)))
def test_lastmod_comes_from_the_first_source_that_dates_the_page(dated_site, tmp_path, first, second):
    """Every ordered pair of sources, each able to date the page: the first listed wins."""
    docs, site, source = dated_site
    options = sp.Options(base_url=BASE, lastmod=[first, second], robots_txt=False)
    sitemap = sp.Sitemap(options, now=NOW, source_root=docs, site_dir=site)
    sitemap.read_other_sitemaps()
    page = sp.Page(
        f"{BASE}p/",
        meta={"lastmod": "2021-01-01"},
        source_path=str(source),
        path=str(site / "p" / "index.html"),
    )
    sitemap.add_page(page)
    sitemap.write(tmp_path / "out")
    lastmod = parse(tmp_path / "out" / "sitemap.xml").findtext("s:url/s:lastmod", namespaces=NS)
    assert lastmod == SOURCES[first]


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


def test_the_text_sitemap_fills_each_file_to_the_byte_limit_and_no_further(tmp_path):
    """`max_bytes: 4096` and URLs of 128 bytes a line: 32 lines fill a file exactly, twice."""
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, max_bytes=4096, text_sitemap=True))
    locs = [f"{BASE}{number:03d}/".ljust(126, "x") + "/" for number in range(64)]
    assert {len(loc) + 1 for loc in locs} == {128}
    for loc in locs:
        sitemap.add(sp.Entry(loc))
    sitemap.write(tmp_path)
    assert (tmp_path / "sitemap.txt").read_text() == "".join(f"{loc}\n" for loc in locs[:32])
    assert (tmp_path / "sitemap-2.txt").read_text() == "".join(f"{loc}\n" for loc in locs[32:])
    assert [(tmp_path / name).stat().st_size for name in ("sitemap.txt", "sitemap-2.txt")] == [4096, 4096]
    assert not (tmp_path / "sitemap-3.txt").exists()

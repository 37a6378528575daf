"""The core's part of what owners shape (#61), in this process and to the byte: sections, the set
taken out again (`clean_set`, robots.txt given back), static files. The real builds are in
core/test_sections.py, command/test_clean.py and core/test_static_files.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from protego import Protego
from sitemap_checks import parse, urls

import sitemap_plugins as sp

BASE = "https://example.com/"
PAGES = ["", "guide/install/", "guide/use/", "blog/first/", "about/", "blog/2024/second/"]


def write(out: Path, paths=PAGES, messages: list[str] | None = None, **values) -> sp.WriteResult:
    site = sp.Sitemap(sp.Options(base_url=BASE, **values), emit=(messages or []).append)
    for number, path in enumerate(paths):
        site.add(sp.Entry(BASE + path, lastmod=f"2024-0{1 + number % 9}-01"))
    return site.write(out)


def offered(out: Path) -> dict[str, list[str]]:
    """sitemap file -> its pages, as robots.txt (read by Protego) and the indexes lead to them."""
    found: dict[str, list[str]] = {}
    pending = list(Protego.parse((out / "robots.txt").read_text()).sitemaps)
    while pending:
        url = pending.pop(0)
        root = parse(out / url.removeprefix(BASE))
        if root.tag.endswith("sitemapindex"):
            pending += [loc.text for loc in root.iterfind("{*}sitemap/{*}loc")]
        else:
            found[url] = urls(out / url.removeprefix(BASE))
    return found


# -- sections ----------------------------------------------------------------------------------


def test_each_section_has_its_pages_in_the_order_given_and_the_rest_is_other(tmp_path):
    result = write(tmp_path, sections={"docs": ["guide/*"], "blog": ["/blog/*"]})
    assert offered(tmp_path) == {
        BASE + "sitemap-docs.xml": [BASE + "guide/install/", BASE + "guide/use/"],
        BASE + "sitemap-blog.xml": [BASE + "blog/first/", BASE + "blog/2024/second/"],
        BASE + "sitemap-other.xml": [BASE, BASE + "about/"],
    }
    assert urls(tmp_path / "sitemap.xml") == [BASE + path for path in PAGES]  # every page, in order
    assert result.sections == ["docs", "blog", "other"]
    assert (result.page_files, result.sitemaps, result.index, result.entry_point_is_index) == (
        3,
        3,
        True,
        False,
    )
    assert result.sitemap_urls == [BASE + "sitemap-index.xml"]
    assert (
        result.summary()
        == "sitemap: 6 URLs in 3 files of 3 sections (docs, blog, other) + index, 0 images, 0 videos"
    )
    # Each section's file is dated by its newest page.
    index = {
        loc.text: loc.getnext().text
        for loc in parse(tmp_path / "sitemap-index.xml").iterfind("{*}sitemap/{*}loc")
    }
    assert index == {
        BASE + "sitemap-docs.xml": "2024-03-01",
        BASE + "sitemap-blog.xml": "2024-06-01",
        BASE + "sitemap-other.xml": "2024-05-01",
    }


def test_the_first_section_that_matches_has_the_page(tmp_path):
    write(tmp_path, sections={"all": ["*"], "blog": ["blog/*"]})
    assert list(offered(tmp_path)) == [BASE + "sitemap-all.xml"]
    # The home page's path is "": "*" matches it as "/" (globs match with or without the slash).
    assert offered(tmp_path)[BASE + "sitemap-all.xml"] == [BASE + path for path in PAGES]


def test_a_section_that_fills_its_file_is_split_and_sitemap_xml_becomes_the_index(tmp_path):
    result = write(tmp_path, sections={"docs": ["guide/*", "blog/*"]}, max_urls=2)
    files = offered(tmp_path)
    names = [url.removeprefix(BASE) for url in files]
    assert [re.fullmatch(r"sitemap-docs-(\d)-[0-9a-f]{8}\.xml", name)[1] for name in names[:2]] == ["1", "2"]
    assert names[2] == "sitemap-other.xml"
    assert [page for pages in files.values() for page in pages] == [
        BASE + "guide/install/",
        BASE + "guide/use/",
        BASE + "blog/first/",
        BASE + "blog/2024/second/",
        BASE,
        BASE + "about/",
    ]
    assert parse(tmp_path / "sitemap.xml").tag.endswith("sitemapindex")
    assert not (tmp_path / "sitemap-index.xml").exists()
    assert result.sitemap_urls == [BASE + "sitemap.xml"] and result.entry_point_is_index
    # The pages' own parts were not written: only the sections' files, the index and the manifest.
    manifest = json.loads((tmp_path / ".sitemap-plugins.json").read_text())
    assert sorted(manifest["files"]) == sorted(["sitemap.xml", *names])


def test_news_and_a_section_no_page_is_in(tmp_path):
    messages: list[str] = []
    site = sp.Sitemap(
        sp.Options(
            base_url=BASE,
            sections={"docs": ["guide/*"], "api": ["api/*", "reference/*"]},
            news={"publication_name": "P"},
        ),
        emit=messages.append,
    )
    site.add(sp.Entry(BASE + "guide/a/"))
    site.add(sp.Entry(BASE + "b/"))
    result = site.write(tmp_path)
    assert messages == [
        "sitemap: sections: api: no page's path matches api/*, reference/*, so there is no sitemap-api.xml"
    ]
    assert result.sitemap_urls == [BASE + "sitemap-index.xml", BASE + "sitemap-news.xml"]
    index = [loc.text for loc in parse(tmp_path / "sitemap-index.xml").iterfind("{*}sitemap/{*}loc")]
    assert index == [BASE + "sitemap-docs.xml", BASE + "sitemap-other.xml", BASE + "sitemap-news.xml"]
    assert "+ news sitemap (empty: no article in the window) + index" in result.summary()


def test_without_the_index_alias_robots_txt_names_each_section(tmp_path):
    (tmp_path / "sitemap-index.xml").write_text("the owner's file\n")
    messages: list[str] = []
    result = write(tmp_path, messages=messages, sections={"docs": ["guide/*"]})
    assert (tmp_path / "sitemap-index.xml").read_text() == "the owner's file\n"
    assert result.sitemap_urls == [BASE + "sitemap-docs.xml", BASE + "sitemap-other.xml"]
    assert list(Protego.parse((tmp_path / "robots.txt").read_text()).sitemaps) == result.sitemap_urls


@pytest.mark.parametrize("name", ["index", "news", "news-2", "Docs", "2024", "a_b", "", "x" * 51])
def test_a_section_name_that_is_no_file_name_of_its_own_is_an_option_error(name):
    with pytest.raises(sp.ConfigError, match=f"option 'sections': {name!r} is not a section name"):
        sp.Options(base_url=BASE, sections={name: ["a/*"]})


def test_sections_must_be_a_table_of_glob_lists():
    with pytest.raises(sp.ConfigError, match="option 'sections': must be a table of name: \\[globs\\]"):
        sp.Options(base_url=BASE, sections=["a/*"])
    with pytest.raises(sp.ConfigError, match=r"option 'sections\.docs': must be a list of strings"):
        sp.Options(base_url=BASE, sections={"docs": [1]})
    assert sp.Options(base_url=BASE, sections={"docs": "a/*"}).sections == {"docs": ["a/*"]}
    assert sp.Options(base_url=BASE, sections=None).sections == {}


# -- clean -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("robots", "joined"),
    [
        (None, None),
        (b"User-agent: *\nDisallow: /x/", "\n\n"),
        (b"User-agent: *\nDisallow: /x/\n", "\n"),
        (b"User-agent: *\nDisallow: /x/\n\n", ""),
        (b"User-agent: *\r\nDisallow: /x/", "\r\n\r\n"),
        (b"", ""),
        (b"User-agent: *\nDisallow: /caf\xe9/", "\n\n"),
    ],
    ids=["none", "no-line-end", "line-end", "blank-line", "crlf", "empty", "latin-1"],
)
def test_clean_gives_robots_txt_back_as_it_was(tmp_path, robots, joined):
    if robots is not None:
        (tmp_path / "robots.txt").write_bytes(robots)
    write(tmp_path, gzip=True)
    manifest = json.loads((tmp_path / ".sitemap-plugins.json").read_text())
    assert manifest.get("robots_joined") == (joined or None)
    assert manifest.get("robots_created", False) is (robots is None)
    write(tmp_path, gzip=True)  # a second build: the block stands where it is, and so does what joined it
    assert json.loads((tmp_path / ".sitemap-plugins.json").read_text()) == manifest
    cleaned = sp.clean_set(tmp_path)
    assert cleaned.removed == ["sitemap.xml", "sitemap.xml.gz"]
    assert cleaned.kept == []
    if robots is None:
        assert cleaned.robots == "removed" and not (tmp_path / "robots.txt").exists()
    else:
        assert cleaned.robots == "restored" and (tmp_path / "robots.txt").read_bytes() == robots
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if robots is None else ["robots.txt"])


MARKER = b"# generated by sitemap-plugins"
OURS = b"Sitemap: https://example.com/sitemap.xml"


@pytest.mark.parametrize(
    ("owners", "built", "added", "cleaned"),
    [
        (
            b"User-agent: *",
            b"User-agent: *\n\n" + MARKER + b"\n" + OURS + b"\n",
            b"Disallow: /later/\n" + OURS + b"\n",
            b"User-agent: *\nDisallow: /later/\n" + OURS + b"\n",
        ),
        (
            b"User-agent: *\n",
            b"User-agent: *\n\n" + MARKER + b"\n" + OURS + b"\n",
            b"Disallow: /later/\n",
            b"User-agent: *\nDisallow: /later/\n",
        ),
        (
            b"User-agent: *\r\nDisallow: /x/",
            b"User-agent: *\r\nDisallow: /x/\r\n\r\n" + MARKER + b"\r\n" + OURS + b"\r\n",
            b"Disallow: /later/\r\n",
            b"User-agent: *\r\nDisallow: /x/\r\nDisallow: /later/\r\n",
        ),
        (
            b"User-agent: *\rDisallow: /x/",
            b"User-agent: *\rDisallow: /x/\r\r" + MARKER + b"\r" + OURS + b"\r",
            b"Disallow: /later/\r",
            b"User-agent: *\rDisallow: /x/\rDisallow: /later/\r",
        ),
    ],
    ids=["no-line-end", "line-end", "crlf", "cr"],
)
def test_clean_keeps_lines_added_below_and_lines_of_the_owners_naming_our_sitemap(
    tmp_path, owners, built, added, cleaned
):
    (tmp_path / "robots.txt").write_bytes(owners)
    write(tmp_path)
    assert (tmp_path / "robots.txt").read_bytes() == built
    (tmp_path / "robots.txt").write_bytes(built + added)
    assert sp.clean_set(tmp_path, dry_run=True).robots == "restored"
    assert (tmp_path / "sitemap.xml").exists()
    sp.clean_set(tmp_path)
    assert (tmp_path / "robots.txt").read_bytes() == cleaned


def test_clean_keeps_the_owners_line_written_right_below_our_marker(tmp_path):
    """The owner put a line of theirs between our marker and our Sitemap line: the marker goes,
    their line stays, and so does every line from theirs on (a line the owner may have written is
    never taken)."""
    (tmp_path / "robots.txt").write_bytes(b"User-agent: *\n")
    write(tmp_path)
    built = (tmp_path / "robots.txt").read_bytes()
    (tmp_path / "robots.txt").write_bytes(built.replace(MARKER + b"\n", MARKER + b"\nDisallow: /mine/\n"))
    sp.clean_set(tmp_path)
    assert (tmp_path / "robots.txt").read_bytes() == b"User-agent: *\nDisallow: /mine/\n" + OURS + b"\n"


def test_clean_leaves_a_changed_file_and_a_directory_without_a_set(tmp_path):
    write(tmp_path, stylesheet=True)
    (tmp_path / "sitemap.xsl").write_text("mine now")
    cleaned = sp.clean_set(tmp_path)
    assert cleaned.removed == ["sitemap.xml"]
    assert cleaned.kept == [("sitemap.xsl", "changed since sitemap-plugins wrote it: not ours to remove")]
    assert (tmp_path / "sitemap.xsl").read_text() == "mine now"
    with pytest.raises(sp.SitemapError, match="holds no set of sitemap-plugins"):
        sp.clean_set(tmp_path)
    with pytest.raises(sp.SitemapError, match="is not a directory"):
        sp.clean_set(tmp_path / "nothing")


# -- static files ------------------------------------------------------------------------------


def test_static_files_are_named_by_a_glob_on_their_path_or_name(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE, static_files=["*.pdf", "specs/*"]))
    assert site.static_file(BASE + "a/manual.pdf", "/src/manual.pdf").source == "a/manual.pdf"
    assert site.static_file(BASE + "specs/v1.txt", None, "v1.txt").source == "v1.txt"
    assert site.static_file(BASE + "a/manual.txt", None) is None
    assert site.static_file(BASE + "specs/index.html", None) is None  # a page, never a static file
    assert site.static_file(BASE + "specs/page.HTM", None) is None
    assert sp.Sitemap(sp.Options(base_url=BASE)).static_file(BASE + "a.pdf", None) is None
    added = site.add_static_files(
        [(BASE + "a/manual.pdf", None), (BASE + "b.txt", None), (BASE + "c.pdf", None)]
    )
    assert added == 2 and sorted(site.entries) == [BASE + "a/manual.pdf", BASE + "c.pdf"]

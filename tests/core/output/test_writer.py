"""Writing the set: one urlset or split files with an index, gzip, stylesheet, stale files, templates."""

from __future__ import annotations

import gzip
import itertools
import os
import re
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from protego import Protego
from sitemap_checks import NS, parse, read, urls

import sitemap_plugins as sp
from sitemap_plugins.core.output.render import Renderer
from sitemap_plugins.core.output.schemas import SCHEMA_DIR, load_schema

BASE = "https://example.com/"


#: A part of a split set: its number and the digest of its content.
PART = re.compile(r"sitemap-(\d+)-[0-9a-f]{8}\.xml")


def parts(directory: Path, suffix: str = "") -> list[str]:
    """The parts of a split set, by number."""
    found = [
        p.name
        for p in directory.iterdir()
        if p.name.endswith(suffix) and PART.fullmatch(p.name.removesuffix(suffix))
    ]
    return sorted(found, key=lambda name: int(PART.match(name)[1]))


def pages(count: int, **values) -> list[sp.Entry]:
    return [sp.Entry(f"{BASE}page-{i:05d}/", **values) for i in range(count)]


def build(tmp_path: Path, entries, **option_values) -> sp.WriteResult:
    site = sp.Sitemap(sp.Options(base_url=BASE, **option_values))
    for entry in entries:
        site.add(entry)
    return site.write(tmp_path)


def test_a_site_that_fits_gets_one_plain_urlset(tmp_path):
    result = build(tmp_path, pages(3, lastmod="2024-05-01"))
    # The set's own files; robots.txt is the owner's file, merged apart.
    assert result.files == ["sitemap.xml"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".sitemap-plugins.json",
        "robots.txt",
        "sitemap.xml",
    ]
    root = parse(tmp_path / "sitemap.xml")
    assert etree.QName(root).localname == "urlset"
    assert urls(tmp_path / "sitemap.xml") == [f"{BASE}page-{i:05d}/" for i in range(3)]
    # Only the namespaces used are declared.
    assert set(root.nsmap.values()) == {NS["s"]}
    assert result.summary() == "sitemap: 3 URLs in 1 file, 0 images, 0 videos"


def test_split_at_max_urls_with_an_index_whose_lastmod_is_each_files_newest(tmp_path):
    entries = pages(5)
    for i, entry in enumerate(entries):
        entry.lastmod = f"2024-05-0{i + 1}"
    entries[1].lastmod = "2024-06-30T10:00:00+02:00"  # newer than its neighbour, as a date-time
    result = build(tmp_path, entries, max_urls=2)
    assert result.sitemaps == 3 and result.index
    index = parse(tmp_path / "sitemap.xml")
    assert etree.QName(index).localname == "sitemapindex"
    assert [
        (s.findtext("s:loc", namespaces=NS), s.findtext("s:lastmod", namespaces=NS))
        for s in index.iterfind("s:sitemap", NS)
    ] == [
        (f"{BASE}{parts(tmp_path)[0]}", "2024-06-30T10:00:00+02:00"),
        (f"{BASE}{parts(tmp_path)[1]}", "2024-05-04"),
        (f"{BASE}{parts(tmp_path)[2]}", "2024-05-05"),
    ]
    assert len(parts(tmp_path)) == 3
    assert urls(tmp_path / "sitemap.xml") == [e.loc for e in entries]
    assert (tmp_path / "robots.txt").read_text().endswith(f"Sitemap: {BASE}sitemap.xml\n")


def test_split_at_max_bytes_keeps_every_file_within_it(tmp_path):
    entries = pages(300, images=[sp.Image(f"https://cdn.example.net/{'x' * 150}.png")])
    result = build(tmp_path, entries, max_bytes=20_000)
    files = sorted(tmp_path.glob("sitemap-*.xml"))
    assert result.sitemaps == len(files) > 3
    assert all(f.stat().st_size <= 20_000 for f in files)
    # Files are filled: each (but the last) could not have taken one more entry.
    assert all(f.stat().st_size > 20_000 - 600 for f in files[:-1])
    assert urls(tmp_path / "sitemap.xml") == [e.loc for e in entries]


def test_default_limits_are_the_protocols(tmp_path):
    assert sp.Options(base_url=BASE).max_urls == 50_000
    assert sp.Options(base_url=BASE).max_bytes == 52_428_800
    with pytest.raises(
        sp.ConfigError, match="'max_urls': must be a whole number from 1 to 50,000, got 50001"
    ):
        sp.Options(base_url=BASE, max_urls=50_001)
    with pytest.raises(sp.ConfigError, match="max_bytes"):
        sp.Options(base_url=BASE, max_bytes=60_000_000)


@pytest.mark.parametrize("base_url", ["", "example.com", "/docs/", "ftp://example.com/"])
def test_base_url_must_be_absolute(base_url):
    with pytest.raises(sp.ConfigError, match="option 'base_url'"):
        sp.Options(base_url=base_url)


def test_output_is_byte_identical_across_builds_gzip_included(tmp_path):
    def one(directory: Path) -> dict[str, bytes]:
        entries = pages(120, lastmod="2024-05-01T10:00:00", images=[sp.Image(f"{BASE}i.png")])
        build(directory, entries, max_urls=50, gzip=True, stylesheet=True, text_sitemap=True)
        return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}

    first, second = one(tmp_path / "a"), one(tmp_path / "b")
    assert first == second
    assert "sitemap.xml.gz" in first and len(parts(tmp_path / "a", ".gz")) == 3
    for name, data in first.items():
        if name.endswith(".gz"):
            assert gzip.decompress(data) == first[name[:-3]]
            assert data[4:8] == b"\0\0\0\0"  # gzip mtime fixed


def test_stale_files_of_ours_go_and_the_users_stay(tmp_path):
    build(tmp_path, pages(7), max_urls=2, gzip=True)
    first = parts(tmp_path)
    assert len(first) == 4
    own = tmp_path / "sitemap-9.xml"
    own.write_text(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.com/mine/</loc></url></urlset>"
    )
    (tmp_path / "sitemap-notes.txt").write_text("my notes, not URLs\n")
    result = build(tmp_path, pages(3), max_urls=2, gzip=True)
    second = parts(tmp_path)
    # The first part holds the same two pages: same content, same name, kept.
    assert second[0] == first[0] and len(second) == 2
    assert result.removed == sorted(n + gz for n in first[1:] for gz in ("", ".gz"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [
            ".sitemap-plugins.json",
            "robots.txt",
            *second,
            *(n + ".gz" for n in second),
            "sitemap-9.xml",
            "sitemap-notes.txt",
            "sitemap.xml",
            "sitemap.xml.gz",
        ]
    )
    # Shrinking to one file turns the index back into a urlset.
    build(tmp_path, pages(1))
    assert etree.QName(parse(tmp_path / "sitemap.xml")).localname == "urlset"
    assert parts(tmp_path) == [] and own.exists()


def test_a_failure_midway_leaves_the_previous_output_intact(tmp_path, monkeypatch):
    build(tmp_path, pages(4), max_urls=2)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    calls = []

    def failing_urlset(self, urls, namespaces):
        calls.append(1)
        if len(calls) == 2:
            raise OSError("disk full")
        return original(self, urls, namespaces)

    original = Renderer.urlset
    monkeypatch.setattr(Renderer, "urlset", failing_urlset)
    with pytest.raises(OSError, match="disk full"):
        build(tmp_path, pages(6), max_urls=2)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # no temp files left either


def test_files_are_readable_by_the_web_server(tmp_path):
    build(tmp_path, pages(1), gzip=True)
    umask = os.umask(0)
    os.umask(umask)
    for path in tmp_path.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_no_pages_writes_no_invalid_empty_urlset(tmp_path):
    messages = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    result = site.write(tmp_path)
    assert result.files == [] and list(tmp_path.iterdir()) == []
    assert messages == ["sitemap: sitemap.xml: entries: no page to list, so no sitemap was written"]


def test_schema_location_header(tmp_path):
    build(tmp_path, pages(1, images=[sp.Image(f"{BASE}a.png")]), schema_location=True)
    root = parse(tmp_path / "sitemap.xml")
    location = root.get("{http://www.w3.org/2001/XMLSchema-instance}schemaLocation").split()
    assert location == [
        NS["s"],
        "http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd",
        NS["image"],
        "http://www.google.com/schemas/sitemap-image/1.1/sitemap-image.xsd",
    ]
    build(tmp_path, pages(3), schema_location=True, max_urls=1)
    assert (
        parse(tmp_path / "sitemap.xml")
        .get("{http://www.w3.org/2001/XMLSchema-instance}schemaLocation")
        .endswith("/siteindex.xsd")
    )


@pytest.mark.parametrize("max_urls", [50_000, 1])
def test_stylesheet_shows_a_table_in_a_browser(tmp_path, max_urls):
    entries = pages(2, images=[sp.Image(f"{BASE}a.png")], alternates={})
    build(tmp_path, entries, stylesheet=True, max_urls=max_urls)
    document = etree.parse(str(tmp_path / "sitemap.xml"))
    before_root = list(document.getroot().itersiblings(preceding=True))
    assert [n.target for n in before_root if isinstance(n, etree._ProcessingInstruction)] == [
        "xml-stylesheet"
    ]
    html = etree.XSLT(etree.parse(str(tmp_path / "sitemap.xsl")))(document)
    text = etree.tostring(html, method="html", encoding="unicode")
    if max_urls == 1:
        assert "2 sitemap files" in text and f"{BASE}{parts(tmp_path)[1]}" in text
    else:
        assert "2 URLs" in text and f'<a class="iri" href="{BASE}page-00001/">' in text


def test_text_sitemap_has_one_url_per_line_and_nothing_else(tmp_path):
    entries = [sp.Entry(f"{BASE}ä?a=1&b=2"), *pages(2)]
    build(tmp_path, entries, text_sitemap=True)
    assert (tmp_path / "sitemap.txt").read_text() == (
        f"{BASE}%C3%A4?a=1&b=2\n{BASE}page-00000/\n{BASE}page-00001/\n"
    )


def test_news_go_in_their_own_sitemap_and_sitemap_xml_stays_the_urlset(tmp_path):
    news = sp.News("The Daily", "en", "2024-05-01T08:00:00Z", "Headline")
    entries = [sp.Entry(f"{BASE}story/", news=news, images=[sp.Image(f"{BASE}s.jpg")]), *pages(2)]
    result = build(tmp_path, entries)
    assert result.news == 1 and result.index and not result.entry_point_is_index
    # What Material's JavaScript reads: every page, as <url> elements, in sitemap.xml.
    assert etree.QName(parse(tmp_path / "sitemap.xml")).localname == "urlset"
    assert urls(tmp_path / "sitemap.xml") == [f"{BASE}story/", f"{BASE}page-00000/", f"{BASE}page-00001/"]
    assert parse(tmp_path / "sitemap.xml").find(".//news:news", NS) is None
    # One index for tools that take one URL, and a robots.txt line for each sitemap.
    assert urls(tmp_path / "sitemap-index.xml", news=True) == [
        *urls(tmp_path / "sitemap.xml"),
        f"{BASE}story/",
    ]
    assert result.sitemap_urls == [
        f"{BASE}sitemap.xml",
        f"{BASE}sitemap-news.xml",
        f"{BASE}sitemap-index.xml",
    ]
    assert list(Protego.parse((tmp_path / "robots.txt").read_text()).sitemaps) == result.sitemap_urls
    story = parse(tmp_path / "sitemap-news.xml").find("s:url", NS)
    assert story.findtext("news:news/news:title", namespaces=NS) == "Headline"
    assert story.find("image:image", NS) is not None  # extensions combine in one <url>


def test_only_pages_that_need_several_files_make_sitemap_xml_the_index(tmp_path):
    news = sp.News("The Daily", "en", "2024-05-01T08:00:00Z", "Headline")
    result = build(tmp_path, [sp.Entry(f"{BASE}story/", news=news), *pages(3)], max_urls=2)
    assert result.entry_point_is_index and result.sitemaps == 3
    assert etree.QName(parse(tmp_path / "sitemap.xml")).localname == "sitemapindex"
    assert not (tmp_path / "sitemap-index.xml").exists()
    assert urls(tmp_path / "sitemap.xml", news=True)[-1] == f"{BASE}story/"
    assert result.sitemap_urls == [f"{BASE}sitemap.xml", f"{BASE}sitemap-news.xml"]
    # Back to one file: the index goes, and so do its parts and their robots.txt lines.
    result = build(tmp_path, pages(2))
    assert not result.index and result.sitemap_urls == [f"{BASE}sitemap.xml"]
    assert (
        tmp_path / "robots.txt"
    ).read_text() == f"# generated by sitemap-plugins\nSitemap: {BASE}sitemap.xml\n"
    assert parts(tmp_path) == [] and not (tmp_path / "sitemap-news.xml").exists()


def test_news_files_hold_at_most_1000(tmp_path):
    news = sp.News("The Daily", "en", "2024-05-01", "Headline")
    result = build(tmp_path, pages(1001, news=news))
    assert result.news == 1001
    assert len(urls(tmp_path / "sitemap-news.xml")) == 1000
    assert len(urls(tmp_path / "sitemap-news-2.xml")) == 1


@pytest.mark.invalid_output  # our schema set lacks the user's namespace: validated below with it
def test_users_templates_override_and_extend_ours(tmp_path):
    from sitemap_plugins.core.output import render

    templates = tmp_path / "my-templates"
    templates.mkdir()
    # As the README shows it: a copy of ours, edited, and a urlset.xml that extends ours.
    ours = (render.builtin_templates_dir() / "url.xml").read_text()
    mine = ours.replace(
        "</url>", '{% if entry.extra.get("mobile") %}\n  <mobile:mobile/>\n{% endif %}\n</url>'
    ).replace("  </video:video>", "    <!-- {{ video.title }} -->\n  </video:video>")
    (templates / "url.xml").write_text(mine)
    (templates / "urlset.xml").write_text(
        '{% extends "builtin/urlset.xml" %}{% block namespaces %}{{ super() }}'
        ' xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0"{% endblock %}'
    )
    out = tmp_path / "site"
    video = sp.Video(f"{BASE}t.jpg", "Grills & fire", "A talk", player_loc=f"{BASE}p", duration=90)
    entries = [
        sp.Entry(f"{BASE}m/", extra={"mobile": True}, images=[sp.Image(f"{BASE}i.png")], videos=[video]),
        sp.Entry(f"{BASE}n/", alternates={"en": f"{BASE}n/", "de": f"{BASE}de/n/"}),
    ]
    build(out, entries, templates_dir=str(templates))
    root = parse(out / "sitemap.xml")
    assert root.find("s:url/{http://www.google.com/schemas/sitemap-mobile/1.0}mobile", NS) is not None
    assert root.find("s:url/image:image/image:loc", NS).text == f"{BASE}i.png"
    assert root.find("s:url/video:video/video:duration", NS).text == "90"
    assert "<!-- Grills &amp; fire -->" in (out / "sitemap.xml").read_text()
    assert len(root.findall("s:url/xhtml:link", NS)) == 2
    wrapper = tmp_path / "with-mobile.xsd"
    wrapper.write_text(
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">'
        f'<xsd:include schemaLocation="{SCHEMA_DIR / "all-urlset.xsd"}"/>'
        '<xsd:import namespace="http://www.google.com/schemas/sitemap-mobile/1.0" '
        f'schemaLocation="{SCHEMA_DIR / "sitemap-mobile.xsd"}"/></xsd:schema>'
    )
    load_schema(wrapper).assertValid(root)


def test_every_tag_of_every_extension_in_one_url(tmp_path):
    video = sp.Video(
        thumbnail_loc=f"{BASE}t.jpg",
        title="Grilling steaks",
        description="How to grill",
        content_loc="https://cdn.example.net/v.mp4",
        player_loc="https://player.example.net/?v=1",
        duration=600,
        expiration_date="2030-01-01",
        rating=4.2,
        view_count=12345,
        publication_date="2024-05-01T08:00:00+02:00",
        tags=["steak", "meat"],
        family_friendly="yes",
        restriction=sp.VideoRestriction("allow", ["ie", "GB"]),
        prices=[sp.VideoPrice("1.99", "EUR", "rent", "HD")],
        requires_subscription=False,
        uploader=sp.VideoUploader("GrillyMcGrillerson", f"{BASE}users/grilly"),
        platform=sp.VideoPlatform("allow", "web tv"),
        live="no",
    )
    entry = sp.Entry(
        f"{BASE}grill/",
        lastmod="2024-05-02",
        changefreq="monthly",
        priority="0.8",
        images=[sp.Image(f"{BASE}a.jpg")],
        videos=[video],
        news=sp.News("Grill News", "en", "2024-05-01", "Grilling"),
        alternates={"en": f"{BASE}grill/", "de": f"{BASE}de/grill/", "x-default": f"{BASE}grill/"},
    )
    build(tmp_path, [entry])
    url = parse(tmp_path / "sitemap-news.xml").find("s:url", NS)
    children = [etree.QName(c).localname for c in url]
    assert children == [
        "loc",
        "lastmod",
        "changefreq",
        "priority",
        "image",
        "video",
        "news",
        "link",
        "link",
        "link",
    ]
    tags = [etree.QName(c).localname for c in url.find("video:video", NS)]
    assert tags == [
        "thumbnail_loc",
        "title",
        "description",
        "content_loc",
        "player_loc",
        "duration",
        "expiration_date",
        "rating",
        "view_count",
        "publication_date",
        "tag",
        "tag",
        "family_friendly",
        "restriction",
        "price",
        "requires_subscription",
        "uploader",
        "platform",
        "live",
    ]
    assert url.find("video:video/video:restriction", NS).text == "IE GB"
    assert url.find("video:video/video:price", NS).attrib == {
        "currency": "EUR",
        "type": "rent",
        "resolution": "hd",
    }
    assert read(tmp_path / "sitemap-news.xml").count(b"xmlns:") == 4


def test_a_url_xml_copied_from_an_earlier_release_writes_the_same_bytes(tmp_path):
    """Earlier releases' url.xml ordered alternates with Jinja's `dictsort`; ours, with
    `by_hreflang`: a copy kept in templates_dir writes what ours writes, byte for byte."""
    from sitemap_plugins.core.output import render

    ours = (render.builtin_templates_dir() / "url.xml").read_text()
    assert "entry.alternates|by_hreflang" in ours
    templates = tmp_path / "my-templates"
    templates.mkdir()
    (templates / "url.xml").write_text(ours.replace("|by_hreflang", "|dictsort"))
    build(tmp_path / "ours", _every_kind_of_entry())
    build(tmp_path / "copy", _every_kind_of_entry(), templates_dir=str(templates))
    written = sorted(p.name for p in (tmp_path / "ours").iterdir())
    assert written == sorted(p.name for p in (tmp_path / "copy").iterdir())
    for name in written:
        assert (tmp_path / "copy" / name).read_bytes() == (tmp_path / "ours" / name).read_bytes(), name
    # Regions and scripts in capitals, ordered ignoring case.
    root = parse(tmp_path / "ours" / "sitemap.xml")
    codes = [[link.get("hreflang") for link in url.findall("xhtml:link", NS)] for url in root]
    assert ["en", "x-default", "zh-Hant", "zh-HK"] in codes
    assert ["de", "en", "zh-Hant", "zh-HK"] in codes


def _every_kind_of_entry() -> list[sp.Entry]:
    """Validated entries that use every field url.xml writes, in many combinations."""
    from sitemap_plugins.core.errors import Reporter
    from sitemap_plugins.core.validate import EntryValidator

    validate = EntryValidator(sp.Options(base_url=BASE), Reporter())
    video = sp.Video(
        thumbnail_loc=f"{BASE}t.jpg",
        title="A & <b>",
        description="'Quoted' \"text\"",
        content_loc=f"{BASE}v.mp4",
        tags=["x", "y"],
        duration=30,
        family_friendly=True,
        uploader=sp.VideoUploader("Me", f"{BASE}me/"),
    )
    # Every field url.xml writes: the chunk template reads them as plain attributes.
    every_field = sp.Video(
        thumbnail_loc=f"{BASE}t2.jpg",
        title="Every field",
        description="All of them",
        player_loc=f"{BASE}player?v=2&x=1",
        duration=600,
        expiration_date="2030-01-01",
        rating=4.25,
        view_count=12,
        publication_date="2024-01-02T03:04:05Z",
        tags=["a"],
        family_friendly=False,
        restriction=sp.VideoRestriction("deny", ["GB", "IE"]),
        prices=[sp.VideoPrice("1.99", "EUR", "rent", "hd"), sp.VideoPrice("5", "USD")],
        requires_subscription=True,
        uploader=sp.VideoUploader("Only a name"),
        platform=sp.VideoPlatform("allow", ["web", "tv"]),
        live=False,
    )
    news = sp.News("The Daily", "en", "2024-05-01T10:00:00Z", "A & B")
    return [
        validate(
            sp.Entry(
                f"{BASE}ä/{n}/",
                lastmod="2024-05-01T10:00:00+02:00" if n % 2 else None,
                changefreq="daily" if n % 3 == 1 else None,
                priority=0.5 if n % 3 else None,
                images=[sp.Image(f"{BASE}i{n}.png")] * (n % 2),
                videos=[video] * (n % 4 == 0) + [every_field] * (n % 6 == 0),
                news=news if n % 7 == 0 else None,
                # Regions and scripts in capitals: the order is Jinja's dictsort, ignoring case.
                alternates=(
                    {"zh-Hant": f"{BASE}zh-hant/{n}/", "en": f"{BASE}ä/{n}/", "zh-HK": f"{BASE}hk/{n}/"}
                    | ({"x-default": f"{BASE}ä/{n}/"} if n % 2 else {"de": f"{BASE}de/{n}/"})
                    if n % 5
                    else {}
                ),
            )
        )
        for n in range(42)
    ]


@pytest.mark.parametrize("namespaces", [[], ["image"], ["image", "video", "news", "xhtml"]])
def test_a_file_is_written_around_its_pieces(namespaces):
    """`urlset_parts` puts the pieces between what urlset.xml writes before and after them:
    the bytes of the template rendered whole, stylesheet and schemaLocation included."""
    from sitemap_plugins.core.output.render import Renderer

    renderer = Renderer(sp.Options(base_url=BASE, stylesheet=True, schema_location=True))
    pieces = ["<url>\n  <loc>https://example.com/a/</loc>\n</url>\n", "<url><!-- Grüße --></url>\n" * 3]
    parts = renderer.urlset_parts([piece.encode() for piece in pieces], namespaces)
    assert len(parts) == len(pieces) + 2
    assert b"".join(parts) == renderer.urlset(pieces, namespaces).encode()
    renderer.stylesheet_href = None  # as the writer does when a file of the user's has the name
    without = b"".join(renderer.urlset_parts([piece.encode() for piece in pieces], namespaces))
    assert without == renderer.urlset(pieces, namespaces).encode()
    assert b"xml-stylesheet" not in without


@pytest.mark.parametrize(
    "body",
    [
        "{% for url in urls %}{{ url }}{% endfor %}{% for url in urls %}{{ url }}{% endfor %}",
        "<!-- {{ urls|length }} pieces -->",
    ],
)
def test_a_urlset_xml_that_does_not_write_its_pieces_once_is_rendered_whole(tmp_path_factory, body):
    from sitemap_plugins.core.output.render import Renderer

    templates = tmp_path_factory.mktemp("templates")  # not a sitemap: outside the schema sweep
    (templates / "urlset.xml").write_text(f"<urlset>{body}</urlset>\n")
    renderer = Renderer(sp.Options(base_url=BASE, templates_dir=str(templates)))
    pieces = ["<url>1</url>", "<url>2</url>"]
    parts = renderer.urlset_parts([piece.encode() for piece in pieces], [])
    assert parts == [renderer.urlset(pieces, []).encode()]


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=3000), cuts=st.lists(st.integers(0, 3000), max_size=8))
def test_gzip_and_digest_of_pieces_are_those_of_their_join(tmp_path_factory, data, cuts):
    """A file staged as pieces: the same bytes on disk, the same digest, the same gzip."""
    from sitemap_plugins.core.output.diskio import gzip_bytes
    from sitemap_plugins.core.output.fileset import FileSet

    bounds = sorted({0, len(data), *(c for c in cuts if c <= len(data))})
    pieces = [data[a:b] for a, b in itertools.pairwise(bounds)]
    assert gzip_bytes(pieces) == gzip_bytes(data)
    fileset = FileSet(tmp_path_factory.mktemp("out"))
    whole, split = fileset.stage("a.xml", data), fileset.stage("b.xml", pieces)
    assert split.temp.read_bytes() == data and split.digest == whole.digest
    fileset.discard()


@pytest.mark.browser
@pytest.mark.parametrize("max_urls", [50_000, 1])
def test_the_stylesheets_note_is_where_a_person_sees_it(tmp_path, max_urls):
    """Chromium lays a banner about XSLT's removal over the top of a page it draws with XSLT: the
    note that points to the report stands below it, in plain sight, on a urlset and on an index."""
    from browser import browser, serve

    import sitemap_plugins as sp

    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", stylesheet=True, max_urls=max_urls))
    for number in range(3):
        sitemap.add(sp.Entry(f"https://example.com/p{number}/", lastmod="2026-11-01"))
    sitemap.write(tmp_path / "site")
    with serve(tmp_path / "site") as base, browser() as chromium:
        page = chromium.new_page(viewport={"width": 1000, "height": 600})
        page.goto(base + "sitemap.xml")
        page.wait_for_selector("#xslt-note")
        seen = page.evaluate(
            """() => {
                const note = document.getElementById("xslt-note");
                const box = note.getBoundingClientRect();
                const hit = document.elementFromPoint(box.left + 40, box.top + box.height / 2);
                return {top: box.top, seen: note.contains(hit), text: note.innerText};
            }"""
        )
    assert seen["seen"] and 0 < seen["top"] < 600, seen
    assert seen["text"].startswith("Browsers are removing XSLT, which draws this table: the report")

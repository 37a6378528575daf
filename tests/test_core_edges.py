"""Rules of the core that whole builds meet rarely, met here in this process and checked to the
byte: a listing's links as a reader follows them, a row of linked pictures, UTC offsets beyond
the W3C's, the IndexNow key file, the dates of the feeds an index names."""

from __future__ import annotations

import datetime as dt

import pytest
from sitemap_checks import parse

import sitemap_plugins as sp

BASE = "https://example.com/"


# -- a listing is dated by the pages its content links to ---------------------------------------


def listing_date(tmp_path, body: str, base: str = "") -> str | None:
    site = sp.Sitemap(sp.Options(base_url=BASE))
    for path, date in (
        ("a/", "2024-01-01"),
        ("b/", "2024-02-01"),
        ("c/", "2024-03-01"),
        ("d/", "2024-04-01"),
    ):
        site.add(sp.Entry(BASE + "blog/" + path, lastmod=date))
    head = f'<base href="{base}">' if base else ""
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    site.add_page(sp.Page(BASE + "blog/", html=html, listing=True))
    site.write(tmp_path)
    for url in parse(tmp_path / "sitemap.xml").iterfind("{*}url"):
        if url.findtext("{*}loc") == BASE + "blog/":
            return url.findtext("{*}lastmod")
    raise AssertionError("the listing is not listed")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('<main><a href="a/">A</a> <a href="b/#more">B</a></main>', "2024-02-01"),
        ('<main><a href="/blog/c/">C</a></main>', "2024-03-01"),
        (f'<main><a href="{BASE}blog/a/">A</a></main>', "2024-01-01"),
        # The frame's links and what is never shown are no page the listing shows.
        ('<main><a href="a/">A</a><nav><a href="d/">D</a></nav></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><aside><a href="d/">D</a></aside></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><footer><a href="d/">D</a></footer></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><template><a href="d/">D</a></template></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><noscript><a href="d/">D</a></noscript></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><a href="#top">top</a><a href="">x</a><a>y</a></main>', "2024-01-01"),
        # An article's own header is its content.
        ('<main><article><header><a href="c/">C</a></header></article></main>', "2024-03-01"),
        ("<main><p>nothing linked</p></main>", None),
    ],
)
def test_a_listing_is_dated_by_what_a_reader_follows(tmp_path, body, expected):
    assert listing_date(tmp_path, body) == expected


def test_a_listings_links_are_resolved_against_its_base_href(tmp_path):
    assert listing_date(tmp_path, '<main><a href="d/">D</a></main>', base=BASE + "blog/") == "2024-04-01"
    assert listing_date(tmp_path, '<main><a href="blog/b/">B</a></main>', base=BASE) == "2024-02-01"


# -- a row of linked pictures ------------------------------------------------------------------


def images(html: str) -> list[str]:
    site = sp.Sitemap(sp.Options(base_url=BASE))
    entry = site.add_page(sp.Page(BASE + "p/", html=f"<html><body><main>{html}</main></body></html>"))
    return [image.loc for image in entry.images]


def test_a_row_of_linked_pictures_is_badges_and_one_linked_picture_is_content():
    row = (
        '<p><a href="https://ci.example.org/run"><img src="https://ci.example.org/status.png"></a> '
        '<a href="https://pkg.example.org/x"><img src="https://pkg.example.org/version.png"></a></p>'
    )
    assert images(row) == []
    alone = '<p><a href="https://shop.example.org/x"><img src="https://shop.example.org/photo.png"></a></p>'
    assert images(alone) == ["https://shop.example.org/photo.png"]
    tall = '<p><a href="https://x.example.org/"><img src="https://x.example.org/b.png" height="200"></a></p>'
    assert images(tall) == ["https://x.example.org/b.png"]
    line = '<p><a href="https://x.example.org/"><img src="https://x.example.org/b.png" style="height: 20px"></a></p>'
    assert images(line) == []
    # A picture linking to its own full size is content, wherever it is.
    full = '<p><a href="https://x.example.org/big.png"><img src="https://x.example.org/small.png" height="10"></a></p>'
    assert images(full) == ["https://x.example.org/small.png"]


# -- UTC offsets beyond what W3C dates allow ----------------------------------------------------


@pytest.mark.parametrize(
    ("offset", "said"),
    [
        (dt.timedelta(hours=15), "+15:00"),
        (-dt.timedelta(hours=14, minutes=30), "-14:30"),
        (dt.timedelta(hours=14, seconds=30), "+14:00:30"),
    ],
)
def test_an_offset_beyond_fourteen_hours_is_named(offset, said):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    value = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.timezone(offset))
    assert site.add(sp.Entry(BASE + "p/", lastmod=value)).lastmod is None
    assert messages == [
        f"sitemap: {BASE}p/: lastmod: {value.isoformat()} has the UTC offset {said}; "
        "W3C dates allow offsets from -14:00 to +14:00; left out"
    ]


# -- the IndexNow key file ---------------------------------------------------------------------

KEY = "0123456789abcdef"


def test_the_key_file_is_written_kept_where_the_owners_is_the_same_and_never_replaced(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE, indexnow_key=KEY))
    site.add(sp.Entry(BASE))
    result = site.write(tmp_path / "ours")
    assert (tmp_path / "ours" / f"{KEY}.txt").read_bytes() == KEY.encode() + b"\n"
    assert f"{KEY}.txt" in result.files
    # The owner's copy of the same key: it serves, and stays theirs.
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / f"{KEY}.txt").write_bytes(f"  {KEY}\r\n".encode())
    site = sp.Sitemap(sp.Options(base_url=BASE, indexnow_key=KEY))
    site.add(sp.Entry(BASE))
    assert f"{KEY}.txt" not in site.write(tmp_path / "theirs").files
    assert (tmp_path / "theirs" / f"{KEY}.txt").read_bytes() == f"  {KEY}\r\n".encode()
    # Something else of the owner's under that name: left as it is, and said.
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / f"{KEY}.txt").write_text("notes\n")
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, indexnow_key=KEY), emit=messages.append)
    site.add(sp.Entry(BASE))
    site.write(tmp_path / "other")
    assert (tmp_path / "other" / f"{KEY}.txt").read_text() == "notes\n"
    assert messages == [
        f"sitemap: {tmp_path / 'other' / (KEY + '.txt')}: indexnow_key: holds a file that is not the key "
        "file; left as it is"
    ]


# -- the dates of the feeds an index names --------------------------------------------------------


def test_a_feeds_date_is_written_as_the_schema_wants_and_a_bad_one_is_said(tmp_path):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, timezone="Europe/Berlin"), emit=messages.append)
    site.add(sp.Entry(BASE))
    feeds = [
        sp.IndexItem(BASE + "feeds/all.atom.xml", dt.datetime(2024, 5, 1, 9, 30)),
        sp.IndexItem(BASE + "feeds/news.rss.xml", "2024-06-01"),
        sp.IndexItem(BASE + "feeds/bad.xml", "soon"),
        sp.IndexItem(BASE + "feeds/none.xml", None),
    ]
    site.write(tmp_path, extra_sitemaps=feeds)
    index = {
        item.findtext("{*}loc"): item.findtext("{*}lastmod")
        for item in parse(tmp_path / "sitemap-index.xml").iterfind("{*}sitemap")
    }
    assert index == {
        BASE + "sitemap.xml": None,
        BASE + "feeds/all.atom.xml": "2024-05-01T09:30:00+02:00",
        BASE + "feeds/news.rss.xml": "2024-06-01",
        BASE + "feeds/bad.xml": None,
        BASE + "feeds/none.xml": None,
    }
    assert messages == [
        f"sitemap: {BASE}feeds/bad.xml: lastmod: 'soon' is not a W3C date such as 2024-05-01 or "
        "2024-05-01T09:30:00+02:00; left out"
    ]

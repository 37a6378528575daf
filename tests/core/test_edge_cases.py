"""Rules of the core that whole builds meet rarely, met here in this process and checked to the
byte: a listing's links as a reader follows them, a row of linked pictures, UTC offsets beyond
the W3C's, the IndexNow key file, the dates of the feeds an index names."""

from __future__ import annotations

import datetime as dt
import re

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
        # A header inside the content region is the region's own (a category's banner, its tiles).
        ('<main><header><a href="d/">D</a></header><a href="a/">A</a></main>', "2024-04-01"),
        ('<header><a href="d/">D</a></header><main><a href="a/">A</a></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><link rel="prefetch" href="d/"><area href="c/"></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><template><a href="d/">D</a></template></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><noscript><a href="d/">D</a></noscript></main>', "2024-01-01"),
        # Around the content region: the theme's frame, whatever it links to.
        (
            '<nav><a href="d/">D</a></nav><main><a href="a/">A</a></main><footer><a href="c/">C</a></footer>',
            "2024-01-01",
        ),
        ('<main><a href="a/">A</a><div hidden><p><a href="d/">D</a></p></div></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><a hidden href="d/">D</a></main>', "2024-01-01"),
        ('<main><a href="a/">A</a><div hidden="until-found"><a href="c/">C</a></div></main>', "2024-03-01"),
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


def test_a_row_of_badges_is_badges_and_a_row_of_book_covers_is_content():
    row = (
        '<p><a href="https://ci.example.org/run"><img src="https://ci.example.org/status.png"></a> '
        '<a href="https://pkg.example.org/x"><img src="https://pkg.example.org/version.svg"></a></p>'
    )
    assert images(row) == []
    # Django REST framework's `div.book-covers`: four linked covers, the page's own pictures.
    covers = "".join(
        f'<a class="book-cover" href="https://books.example.org/{n}/"><img src="../../img/books/{n}-cover.png"/></a>\n'
        for n in ("hwa", "tsd", "dfa", "bda")
    )
    assert images(f'<div class="book-covers">\n{covers}</div>') == [
        f"{BASE}img/books/{n}-cover.png" for n in ("hwa", "tsd", "dfa", "bda")
    ]
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


# -- badges, buttons and widgets, told by what they are -----------------------------------------


@pytest.mark.parametrize(
    ("html", "badge"),
    [
        # A picture drawn from its own text is a badge, linked or not.
        ('<img src="https://img.example.org/b.png?label=pypi&color=blue">', True),
        ('<img src="https://img.example.org/b.png?v=2&text=Get+started">', True),
        ('<img src="https://img.example.org/b.png?label=x?text=y">', True),
        ('<img src="https://img.example.org/photo.png?v=2">', False),  # a query, no text
        ('<img src="https://img.example.org/photo.png?width=200">', False),
        # Linked to another page: a vector drawing, or no taller than a line, is a badge.
        ('<a href="https://ci.example.org/"><img src="https://ci.example.org/s.svg"></a>', True),
        ('<a href="https://ci.example.org/"><img src="https://ci.example.org/s.png" height="40"></a>', True),
        ('<a href="https://ci.example.org/"><img src="https://ci.example.org/s.png" height="41"></a>', False),
        (
            '<a href="https://ci.example.org/"><img src="https://ci.example.org/s.png" height="20px"></a>',
            True,
        ),
        (
            '<a href="https://ci.example.org/"><img src="https://ci.example.org/s.svg" style="width: 50%"></a>',
            False,
        ),
        # Not a link to another page: content.
        ('<a name="top"><img src="https://ci.example.org/s.svg"></a>', False),
        ('<a href="#usage"><img src="https://ci.example.org/s.svg"></a>', False),
        ('<a href="https://ci.example.org/s.svg"><img src="https://ci.example.org/s.svg"></a>', False),
        ('<a href="https://ci.example.org/big.JPG?x=1"><img src="https://ci.example.org/s.svg"></a>', False),
        ('<img src="https://ci.example.org/s.svg">', False),
    ],
)
def test_a_badge_is_told_by_what_it_is_not_by_its_host(html, badge):
    src = html.split('src="')[1].split('"')[0]
    assert images(f"<p>{html}</p>") == ([] if badge else [src.replace("&amp;", "&")])


# -- the text sitemap's split, and a priority's four places --------------------------------------


def test_the_text_sitemap_splits_at_max_bytes_exactly(tmp_path):
    """max_bytes 4,096: 64 URLs of 63 characters and their line ends fill one file to the byte;
    a 65th starts the next."""

    def locs(count: int) -> list[str]:
        return [f"{BASE}{number:042d}/" for number in range(count)]  # 20 + 42 + 1 + 1 = 64 bytes a line

    assert len(locs(1)[0]) + 1 == 64
    for count, sizes in ((64, [4096]), (65, [4096, 64])):
        out = tmp_path / str(count)
        site = sp.Sitemap(sp.Options(base_url=BASE, text_sitemap=True, max_bytes=4096))
        for loc in locs(count):
            site.add(sp.Entry(loc))
        site.write(out)
        names = ["sitemap.txt", *(f"sitemap-{n}.txt" for n in range(2, len(sizes) + 1))]
        assert [(out / name).stat().st_size for name in names] == sizes
        assert not (out / f"sitemap-{len(sizes) + 1}.txt").exists()
        assert "".join((out / name).read_text() for name in names) == "".join(
            f"{loc}\n" for loc in locs(count)
        )


def test_the_text_sitemap_splits_at_max_urls(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE, text_sitemap=True, max_urls=2))
    for number in range(5):
        site.add(sp.Entry(f"{BASE}{number}/"))
    site.write(tmp_path)
    assert [(tmp_path / name).read_text() for name in ("sitemap.txt", "sitemap-2.txt", "sitemap-3.txt")] == [
        f"{BASE}0/\n{BASE}1/\n",
        f"{BASE}2/\n{BASE}3/\n",
        f"{BASE}4/\n",
    ]


@pytest.mark.parametrize(("given", "written"), [("0.123456", "0.1235"), (0.123456, "0.1235"), ("1", "1.0")])
def test_a_priority_is_written_to_four_places(tmp_path, given, written):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add(sp.Entry(BASE, priority=given))
    site.write(tmp_path)
    assert parse(tmp_path / "sitemap.xml").findtext("{*}url/{*}priority") == written


# -- another tool's sitemaps in the output ------------------------------------------------------

THEIRS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    f"<url><loc>{BASE}en/</loc></url></urlset>\n"
)


def their_site(out) -> None:
    (out / "en").mkdir(parents=True)
    (out / "en" / "sitemap.xml").write_text(THEIRS)
    (out / "robots.txt").write_text(f"User-agent: *\nSitemap: {BASE}en/sitemap.xml\n")


def write_over(out, **values) -> tuple[sp.WriteResult, list[str]]:
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, **values), emit=messages.append)
    site.add(sp.Entry(BASE))
    site.add(sp.Entry(BASE + "en/"))  # theirs lists a page of ours: a stale copy, not a part's own
    return site.write(out), messages


def test_another_tools_sitemaps_stay_beside_ours_and_are_said(tmp_path):
    their_site(tmp_path)
    result, messages = write_over(tmp_path)
    assert (tmp_path / "en" / "sitemap.xml").read_text() == THEIRS
    assert result.replaced == []
    assert messages == [
        f"sitemap: {tmp_path}: replace_sitemaps: sitemaps sitemap-plugins did not write stay beside ours, "
        "stale: en/sitemap.xml (crawlers that know them still read them); --replace-sitemaps (option "
        "replace_sitemaps: true) removes them"
    ]
    assert f"Sitemap: {BASE}en/sitemap.xml\n" in (tmp_path / "robots.txt").read_text()


def test_with_replace_sitemaps_ours_takes_the_place_of_every_one(tmp_path):
    their_site(tmp_path)
    (tmp_path / "sitemap.xml").write_text(THEIRS)  # theirs at our entry point too
    result, messages = write_over(tmp_path, replace_sitemaps=True)
    assert messages == []
    assert sorted(result.replaced) == ["en/sitemap.xml", "sitemap.xml"]
    assert not (tmp_path / "en" / "sitemap.xml").exists()
    assert b"generated by sitemap-plugins" in (tmp_path / "sitemap.xml").read_bytes()
    robots = (tmp_path / "robots.txt").read_text()
    assert f"{BASE}en/sitemap.xml" not in robots and robots.startswith("User-agent: *\n")


def test_theirs_at_our_entry_point_stops_the_write_without_replace_sitemaps(tmp_path):
    their_site(tmp_path)
    (tmp_path / "sitemap.xml").write_text(THEIRS)
    with pytest.raises(sp.SitemapError) as raised:
        write_over(tmp_path)
    assert str(raised.value) == (
        f"sitemap: {tmp_path} holds sitemaps sitemap-plugins did not write: sitemap.xml, en/sitemap.xml; "
        "they are left as they are and no sitemap was written. Put ours in their place, every one of them, "
        "with --replace-sitemaps (option replace_sitemaps: true), or turn off the tool that writes them (or "
        "move them away), and build again"
    )
    assert (tmp_path / "sitemap.xml").read_text() == THEIRS and not (
        tmp_path / ".sitemap-plugins.json"
    ).exists()


# -- a row of linked pictures, exactly -------------------------------------------------------------

LINKED = '<a href="https://ci.example.org/{0}"><img src="https://ci.example.org/{0}.png"></a>'
#: A badge a host no list names draws: what makes a row of linked pictures a row of badges.
LINKED_SVG = '<a href="https://ci.example.org/{0}"><img src="https://ci.example.org/{0}.svg"></a>'


@pytest.mark.parametrize(
    ("row", "badges"),
    [
        (f"<p>{LINKED.format('a')} {LINKED_SVG.format('b')}</p>", True),
        (f"<p>{LINKED.format('a')}<br>{LINKED_SVG.format('b')}</p>", True),
        (f"<p>Status: {LINKED.format('a')} {LINKED_SVG.format('b')}</p>", False),  # words before
        (f"<p>{LINKED.format('a')} and {LINKED_SVG.format('b')}</p>", False),  # words between
        (f"<p>{LINKED.format('a')}<span>x</span>{LINKED_SVG.format('b')}</p>", False),  # another element
        (f"<p>{LINKED.format('a')}<!-- x -->{LINKED_SVG.format('b')}</p>", False),  # a comment
        (
            '<p><a href="https://ci.example.org/a">CI <img src="https://ci.example.org/a.png"></a> '
            f"{LINKED_SVG.format('b')}</p>",
            False,
        ),  # a link with words is no picture alone
        (f'<p>{LINKED.format("a")} <a href="https://ci.example.org/x">words</a></p>', False),
        (f"<p>{LINKED.format('a')}</p>", False),  # one alone
        (f"<p>{LINKED.format('a')} {LINKED.format('c')}</p>", False),  # no badge among them: book covers
    ],
)
def test_a_row_of_linked_pictures_exactly(row, badges):
    found = images(row)
    assert ("https://ci.example.org/a.png" not in found) is badges, found


# -- a page read from its file: the head, as far as the body's tag ---------------------------------


@pytest.mark.parametrize(
    ("head", "listed"),
    [
        ('<link rel="canonical" href="/other/">', False),
        ('<meta name="robots" content="noindex">', False),
        (f'<link rel="canonical" href="{BASE}p/">', True),
        ("<title>Fine</title>", True),
    ],
)
def test_a_page_file_is_judged_by_its_head(tmp_path, head, listed):
    page = tmp_path / "index.html"
    page.write_bytes(
        f'<!DOCTYPE html><html lang="de"><head>{head}</head><body class="a>b" data-x=">">'
        "<main><p>Text &gt; more</p></main></body></html>".encode()
    )
    site = sp.Sitemap(sp.Options(base_url=BASE))
    found = site.add_page(sp.Page(BASE + "p/", path=str(page)))
    assert (found is not None) is listed


# -- what a page's head and its html element say -------------------------------------------------


def page_entry(html: str, messages: list[str] | None = None, **page) -> sp.Entry | None:
    site = sp.Sitemap(
        sp.Options(base_url=BASE, lastmod=["html"]),
        emit=(messages if messages is not None else []).append,
        now=dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc),
    )
    return site.add_page(sp.Page(BASE + "p/", source="p.md", html=html, **page))


def test_the_head_says_the_change_once_and_the_first_way_it_says_it_wins():
    meta = '<meta property="article:modified_time" content="2024-05-01T10:00:00Z">'
    json_ld = '<script type="application/ld+json">{"dateModified": "2024-06-01T10:00:00Z"}</script>'
    untyped = '<script>{"dateModified": "2024-07-01T10:00:00Z"}</script>'
    for head, expected in (
        (meta + json_ld, "2024-05-01T10:00:00+00:00"),
        (json_ld + meta, "2024-06-01T10:00:00+00:00"),
        (untyped + json_ld, "2024-06-01T10:00:00+00:00"),  # a script that is no JSON-LD says nothing
        (untyped, None),
    ):
        entry = page_entry(f"<html><head>{head}</head><body><main><p>x</p></main></body></html>")
        assert (entry.lastmod.isoformat() if entry.lastmod else None) == expected, head


def test_a_base_href_that_is_no_url_is_said_and_the_pages_own_url_resolves_its_links():
    messages: list[str] = []
    html = '<html><head><base href="http://[::1/"></head><body><main><img src="i.png"></main></body></html>'
    entry = page_entry(html, messages)
    assert [image.loc for image in entry.images] == [BASE + "p/i.png"]
    (said,) = messages
    assert said.startswith("sitemap: p.md (https://example.com/p/): <base href>: ")
    assert said.endswith("; the page's own URL is used instead")


def test_pages_in_two_languages_and_no_group_are_counted_by_what_their_html_element_says(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    for path, lang in (("en/a/", "en"), ("en/b/", " en "), ("de/a/", "de"), ("de/b/", "de"), ("x/", "")):
        html = f'<html lang="{lang}"><head></head><body><main><p>{path}</p></main></body></html>'
        site.add_page(sp.Page(BASE + path, html=html))
    result = site.write(tmp_path)
    assert dict(result.ungrouped_languages) == {"en": 2, "de": 2}


def test_a_listings_own_images_are_not_listed_and_a_lone_surrogate_in_handed_html_is_no_crash():
    html = '<html><head></head><body><main><img src="/cover.png"><a href="/a/">A</a></main></body></html>'
    entry = page_entry(html, listing=True)
    assert entry.images == []
    entry = page_entry(
        "<html><head><title>\ud800</title></head><body><main><p>x</p></main></body></html>",
        content="<p>x</p>",
    )
    assert entry is not None and entry.loc == BASE + "p/"


def test_the_heads_meta_elements_say_what_they_say_and_nothing_when_empty():
    messages: list[str] = []
    empty_modified = '<meta property="article:modified_time"><meta name="robots" content="index, follow">'
    entry = page_entry(
        f"<html><head>{empty_modified}</head><body><main><p>x</p></main></body></html>", messages
    )
    assert entry is not None and entry.lastmod is None and messages == []
    for robots in ("noindex", "NOINDEX, follow", "none"):
        head = f'<meta name="robots" content="{robots}">'
        assert page_entry(f"<html><head>{head}</head><body><main><p>x</p></main></body></html>") is None, (
            robots
        )


def listing_file_date(tmp_path, body: str) -> str | None:
    site = sp.Sitemap(sp.Options(base_url=BASE))
    for path, date in (("a/", "2024-01-01"), ("b/", "2024-02-01")):
        site.add(sp.Entry(BASE + "blog/" + path, lastmod=date))
    page = tmp_path / "listing.html"
    page.write_text(f"<html><head></head><body>{body}</body></html>")
    entry = site.add_page(sp.Page(BASE + "blog/", path=str(page), listing=True))
    site.write(tmp_path / "out")
    lastmod = site.entries[entry.loc].lastmod
    return lastmod.isoformat() if lastmod else None


def test_a_listing_file_is_dated_by_its_articles_links_a_hidden_article_aside(tmp_path):
    """Pelican's themes write a listing as `<article>`s: each is a region, and a hidden one
    (a template's placeholder) hides only itself."""
    body = '<article hidden><a href="/blog/b/">B</a></article><article><a href="/blog/a/">A</a></article>'
    assert listing_file_date(tmp_path, body) == "2024-01-01"
    assert listing_file_date(tmp_path, body.replace(" hidden", "")) == "2024-02-01"


def test_a_page_file_that_is_empty_or_no_file_is_left_out_and_said(tmp_path):
    messages: list[str] = []
    (tmp_path / "empty.html").write_bytes(b"  \n")
    (tmp_path / "folder.html").mkdir()
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    assert (
        site.add_page(sp.Page(BASE + "empty/", source="empty.md", path=str(tmp_path / "empty.html"))) is None
    )
    assert (
        site.add_page(sp.Page(BASE + "folder/", source="folder.md", path=str(tmp_path / "folder.html")))
        is None
    )
    assert messages == [
        "sitemap: folder.md (https://example.com/folder/): file: is not a regular file (a directory); not read, "
        "so not listed"
    ]
    site.add(sp.Entry(BASE))
    site.write(tmp_path / "out", report_to=[tmp_path / "report.html"])
    report = (tmp_path / "report.html").read_text()
    # Why (its kind), then what says so, each in its column.
    assert "<td>empty</td><td>the file holds nothing to read</td>" in report
    assert "<td>unreadable</td><td>is not a regular file (a directory)</td>" in report


# -- files of a split set and their index ---------------------------------------------------------


def test_split_files_are_numbered_from_one_and_the_index_dates_each_by_its_newest_page(tmp_path):
    site = sp.Sitemap(
        sp.Options(base_url=BASE, max_urls=2), now=dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
    )
    for path, date in (("a/", "2024-03-01"), ("b/", "2024-01-01"), ("c/", "2024-02-01")):
        site.add(sp.Entry(BASE + path, lastmod=date))
    site.add(
        sp.Entry(
            BASE + "news/", lastmod="2024-12-30", news=sp.News("Daily", "en", "2024-12-31T08:00:00Z", "T")
        )
    )
    result = site.write(tmp_path)
    index = parse(tmp_path / "sitemap.xml")
    named = {
        item.findtext("{*}loc").removeprefix(BASE): item.findtext("{*}lastmod")
        for item in index.iterfind("{*}sitemap")
    }
    pages = sorted(name for name in named if name.startswith("sitemap-") and name != "sitemap-news.xml")
    assert [name.split("-")[1] for name in pages] == ["1", "2"]
    assert [named[name] for name in pages] == ["2024-03-01", "2024-12-30"]
    assert named["sitemap-news.xml"] == "2024-12-30"  # its newest page's lastmod
    assert result.index


def test_a_page_too_large_for_any_file_is_left_out_and_named(tmp_path):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, max_bytes=4096), emit=messages.append)
    images = [sp.Image(f"{BASE}img/{n:04d}-{'x' * 60}.png") for n in range(60)]
    site.add_page(
        sp.Page(BASE + "big/", source="big.md", html="<html><head></head><body><main>x</main></body></html>")
    )
    site.add(sp.Entry(BASE + "big/", images=images))
    site.add(sp.Entry(BASE + "small/"))
    site.write(tmp_path)
    assert [url.findtext("{*}loc") for url in parse(tmp_path / "sitemap.xml").iterfind("{*}url")] == [
        BASE + "small/"
    ]
    (said,) = messages
    assert said.startswith("sitemap: big.md (https://example.com/big/): entry: renders to ")
    assert said.endswith(" bytes, more than max_bytes allows in one file; page left out")


def test_only_an_alternate_link_with_a_language_names_a_translation(tmp_path):
    head = (
        f'<link rel="preload" hreflang="de" href="{BASE}de/p/">'
        f'<link rel="alternate" href="{BASE}feed.xml">'
        f'<link rel="ALTERNATE" hreflang="fr" href="{BASE}fr/p/">'
        f'<link rel="alternate" hreflang="en" href="{BASE}p/">'
    )
    site = sp.Sitemap(sp.Options(base_url=BASE))
    for path, lang in (("p/", "en"), ("fr/p/", "fr")):
        site.add_page(
            sp.Page(
                BASE + path, html=f"<html><head>{head}</head><body><main><p>{lang}</p></main></body></html>"
            )
        )
    site.write(tmp_path)
    assert site.entries[BASE + "p/"].alternates == {"en": BASE + "p/", "fr": BASE + "fr/p/"}


@pytest.mark.parametrize("gzip", [True, False])
def test_their_gzipped_sitemap_at_our_entry_point_stops_the_write_only_where_ours_would_be_gzipped(
    tmp_path, gzip
):
    """Their `sitemap.xml.gz` holds a name of ours only where we write one."""
    import gzip as gz

    (tmp_path / "sitemap.xml.gz").write_bytes(gz.compress(THEIRS.encode(), mtime=0))
    (tmp_path / "robots.txt").write_text(f"User-agent: *\nSitemap: {BASE}sitemap.xml.gz\n")
    if gzip:
        with pytest.raises(
            sp.SitemapError, match=re.escape("holds sitemaps sitemap-plugins did not write: sitemap.xml.gz;")
        ):
            write_over(tmp_path, gzip=True)
        assert not (tmp_path / "sitemap.xml").exists()
    else:
        result, messages = write_over(tmp_path, gzip=False)
        assert result.replaced == [] and (tmp_path / "sitemap.xml").exists()
        assert "stale: sitemap.xml.gz (crawlers" in messages[0]
    (tmp_path / "sitemap.xml.gz").unlink()  # theirs has no .xml beside it, as the sweep wants ours to

"""Arbitrary Unicode in, well-formed and schema-valid XML out, values reading back as documented."""

import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sitemap_checks import NS, assert_valid, parse

import sitemap_plugins as sp
from sitemap_plugins.normalize import POSSESSIVE_REGEX, clean_text

BASE = "https://example.com/"

# Everything Unicode has, surrogates and control characters included, but '%' (an existing escape is
# kept as it is, so it would not read back as the character it encodes: tested by example instead).
texts = st.text(st.characters(blacklist_characters="%"), max_size=60)
names = texts.filter(lambda t: clean_text(t)[0].strip())


def expected_text(value: str) -> str:
    return clean_text(value)[0].strip()


def expected_url(value: str) -> str:
    """The documented URL normalisation: XML-illegal characters dropped, then what urlsplit does
    (tab, CR and LF removed, an empty query or fragment marker dropped)."""
    return urlunsplit(urlsplit(expected_text(value)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=texts, title=names, description=names, tag=names, publisher=names)
def test_arbitrary_unicode_round_trips(path, title, description, tag, publisher):
    out = Path(tempfile.mkdtemp())
    try:
        video = sp.Video(
            thumbnail_loc=f"{BASE}t.jpg",
            title=title,
            description=description,
            content_loc=f"{BASE}{path}.mp4",
            tags=[tag],
            uploader=sp.VideoUploader(publisher),
        )
        entry = sp.Entry(
            f"{BASE}{path}",
            videos=[video],
            images=[sp.Image(f"{BASE}{path}.png")],
            news=sp.News(publisher, "en", "2024-05-01", title),
            alternates={"en": f"{BASE}{path}", "x-default": f"{BASE}{path}"},
        )
        site = sp.Sitemap(sp.Options(base_url=BASE), emit=lambda message: None)
        site.add(entry)
        site.write(out)
        for name in ("sitemap.xml", "sitemap-index.xml", "sitemap-news.xml"):
            assert_valid(out / name)
        url = parse(out / "sitemap-news.xml").find("s:url", NS)
        loc = url.findtext("s:loc", namespaces=NS)
        assert loc.isascii()
        assert unquote(loc) == expected_url(f"{BASE}{path}")
        assert unquote(url.findtext("image:image/image:loc", namespaces=NS)) == expected_url(
            f"{BASE}{path}.png"
        )
        video_element = url.find("video:video", NS)
        assert video_element.findtext("video:title", namespaces=NS) == expected_text(title)
        assert video_element.findtext("video:description", namespaces=NS) == expected_text(description)
        assert video_element.findtext("video:tag", namespaces=NS) == expected_text(tag)
        assert video_element.findtext("video:uploader", namespaces=NS) == expected_text(publisher)
        assert url.findtext("news:news/news:title", namespaces=NS) == expected_text(title)
        assert url.findtext("news:news/news:publication/news:name", namespaces=NS) == expected_text(publisher)
        assert {link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)} == {
            "en": loc,
            "x-default": loc,
        }
    finally:
        shutil.rmtree(out)


@settings(max_examples=300, deadline=None)
@given(
    value=st.dictionaries(st.one_of(st.text(max_size=6), st.integers()), st.integers(), max_size=8),
    case_sensitive=st.booleans(),
    by=st.sampled_from(["key", "value"]),
    reverse=st.booleans(),
)
def test_the_xml_dictsort_filter_orders_as_jinjas_own(value, case_sensitive, by, reverse):
    """url.xml sorts alternates with `dictsort`; ours only skips Jinja's Python call per key."""
    from jinja2.filters import do_dictsort

    from sitemap_plugins.render import _dictsort

    if any(isinstance(k, str) for k in value) and any(isinstance(k, int) for k in value):
        value = {str(k): v for k, v in value.items()}  # mixed keys cannot be sorted by either
    assert _dictsort(value, case_sensitive, by, reverse) == do_dictsort(value, case_sensitive, by, reverse)
    assert _dictsort(value) == do_dictsort(value)


_TAG_PIECES = [
    *("<img src='a.png'>", "<IMG SRC=b.png>", "<Img/>", "<img\n", "<imgx>", "</img>", "<picture>"),
    *("</figure>", "<Figure class=x>", "<nav>", "</NAV>", "<Header>", "</footer >", "<article\t"),
    *("<lite-youtube videoid=x>", "</iframe >", "<iframe/", "<video>", "</VIDEO>", "<p>", "</p>"),
    *("<li>", "<a href=x>", "<A href=y>", "</a>", "<", "</", "<>", "text", " ", "é", "İ"),
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_TAG_PIECES), max_size=40))
def test_media_tags_are_those_a_case_insensitive_scan_finds(pieces):
    """The scan for media and frame tags, matched as written in lower case with a second scan for
    a page whose tag names start in upper case, finds what a case-insensitive pattern finds
    (İ lower-cases to two characters: positions stay the page's own)."""
    from sitemap_plugins.htmlfacts import _media_any_case, _media_tags

    text = "".join(pieces)
    expected = [(m.start(), m.end(), bool(m[1]), m[2].lower()) for m in _media_any_case().finditer(text)]
    assert _media_tags(text, 0, len(text)) == expected


def _url_pieces() -> list[str]:
    """Parts of the decorative URL patterns and of ordinary image URLs, to build URLs from."""
    from sitemap_plugins.htmlfacts import DECORATIVE_URLS

    parts = {part for pattern in DECORATIVE_URLS for part in pattern.split("*") if part}
    ordinary = {
        "https://",
        "http://",
        "example.com/",
        "img/",
        "a.png",
        "badge",
        "/",
        ".svg",
        "x",
        "?u=",
        "://",
    }
    return sorted(parts | ordinary)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_url_pieces()), max_size=8))
def test_decorative_urls_are_those_the_patterns_match(pieces):
    """The literal each pattern must contain is searched for before the patterns themselves (a
    host after any "://" in the URL, a query's included): the answer is the patterns' own."""
    from sitemap_plugins.htmlfacts import _decorative_url, is_decorative_url

    url = "".join(pieces)
    assert is_decorative_url(url) == bool(_decorative_url().match(url))


_PAGE_URLS = [
    *("https://example.com/", "https://example.com/a/b/", "https://example.com/a/b/page.html"),
    *("http://example.com/a", "https://example.com//a//b/", "https://example.com/a/./b/../c/"),
    *("https://Example.com/a/", "https://example.com/a?q=1", "https://example.com:8080/a/"),
    "https://example.com/a;p/",
]
_HREF_PIECES = [
    *("..", ".", "", "/", "img", "a.png", "x%20y", "é"),
    *("c:d", "e;f", "?q", "#only-dark", "//h", "https:"),
]


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(_PAGE_URLS), st.lists(st.sampled_from(_HREF_PIECES), min_size=1, max_size=7))
def test_urls_in_a_page_resolve_as_urljoin_resolves_them(base, pieces):
    """Plain absolute URLs and relative paths are resolved without urljoin, by its own steps:
    the answer is urljoin's, whatever the dot segments, empty segments and odd characters."""
    from urllib.parse import urljoin

    from sitemap_plugins.htmlfacts import _resolve

    href = "/".join(pieces)
    assert _resolve(base, href) == urljoin(base, href)
    assert _resolve(base, "https://example.com/" + href) == urljoin(base, "https://example.com/" + href)


#: What heads hold: each tag a fact is read from (as pages write it, in other cases, in a comment),
#: and tags that tell nothing.
_HEAD_PIECES = [
    *('<meta name="robots" content="noindex">', '<META NAME="GoogleBot" CONTENT="none">'),
    *('<meta name="robots" content="index">', '<meta http-equiv="Refresh" content="0; url=/b/">'),
    *('<link rel="canonical" href="/other/">', '<LINK REL="Canonical" HREF="https://example.com/a/">'),
    *('<link rel="canonical" href="https://example.com/a/">', '<link rel="canonical" href="/a/" />'),
    '<link rel="canonical" href="https://example.com/a/" />',
    *('<link rel="alternate" hreflang="de" href="/de/a/">', "<link rel=alternate HREFLANG=en href=/a/>"),
    *('<base href="/sub/">', '<BASE HREF="https://cdn.example.net/">'),
    '<meta property="article:modified_time" content="2024-04-02T10:00:00+02:00">',
    '<meta property="OG:UPDATED_TIME" content="2024-04-03">',
    '<script type="application/ld+json">{"dateModified": "2024-04-04"}</script>',
    *('<meta name="description" content="About a.">', '<META NAME="DESCRIPTION" CONTENT="B.">'),
    *('<meta charset="utf-8">', "<title>A</title>", '<link rel="stylesheet" href="a.css">'),
    *('<meta name="viewport" content="width=device-width">', "<!-- canonical -->", "<script>x</script>"),
]
_BODIES = [
    "<p>Text</p>",
    '<p>Before.</p><img src="photo.png" alt="A photo">',
    '<p>A talk.</p><iframe src="https://www.youtube.com/embed/aBcDeF12345" title="Talk"></iframe>',
    '<video src="clip.mp4" poster="clip.jpg"></video><p>After.</p>',
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_HEAD_PIECES), max_size=6), st.sampled_from(_BODIES), st.booleans())
def test_a_head_is_left_unparsed_only_where_it_tells_nothing(pieces, body, media):
    """A head that names none of the words of what is read from it is not parsed, and of one that
    does, what is parsed tells what all of it tells: the facts are those of a parse of every head."""
    page = f"<!DOCTYPE html><html><head>{''.join(pieces)}</head><body>{body}</body></html>"
    _assert_facts_as_with(lambda head, videos, url: head + "</head><body>", page, media)


def _assert_facts_as_with(head_to_parse, page, media):
    """The facts of `page` are those read where `head_to_parse` gives the part of its head parsed
    (but the description, which is only sure to be read for a page with videos)."""
    import sitemap_plugins.htmlfacts as htmlfacts

    facts = htmlfacts.read_html(page, BASE + "a/", media)
    ours = htmlfacts._head_to_parse
    try:
        htmlfacts._head_to_parse = head_to_parse
        expected = htmlfacts.read_html(page, BASE + "a/", media)
    finally:
        htmlfacts._head_to_parse = ours
    if not facts.videos:
        facts.description = expected.description = None
    assert facts == expected


#: Heads as generators write them (plain tags, of which the parser is given those that hold a word)
#: and what makes a head not plain or a tag not what it seems: tags in upper case, with unquoted
#: values, unclosed or self-closed; comments, scripts, styles, <noscript> and <template> holding
#: tags; quotes and comments that a later piece closes; a word spelt by a character reference, or
#: in a title; media tags; text.
_PLAIN_AND_NOT_PIECES = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width">',
    "\n    ",
    '<link rel="stylesheet" href="a.css">',
    "<link rel='preconnect' href='https://f.example' crossorigin>",
    '<link rel="canonical" href="/c/">',
    '<link rel="canonical" href="https://example.com/a/">',
    '<link rel="canonical" href="https://example.com/a/"/>',
    '<link rel="canonical" href="https://example.com/a/" data-x>',
    '<!-- <link rel="canonical" href="https://example.com/a/"> -->',
    '<link rel="stylesheet" href="https://f.example/css?family=R&display=fallback">',
    '<script type="application/ld&plus;json">{"dateModified": "2024-04-05"}</script>',
    '<meta property="og&colon;updated_time" content="2024-04-06">',
    "<title>&lt;base</title>",
    '<link rel="Canonical" href="/C/" />',
    '<link\nrel="canonical"\nhref="/nl/">',
    '<link rel="alternate" hreflang="de" href="/de/a/">',
    '<meta name="robots" content="noindex">',
    '<base href="/sub/">',
    '<meta name="description" content="D &amp; E">',
    '<meta http-equiv="refresh" content="0; url=/r/">',
    '<meta property="og:updated_time" content="2024-04-03">',
    '<meta name="&#114;obots" content="none">',
    '<link rel="&#99;anonical" href="/e/">',
    '<html lang="&amp;">',
    '<html lang="de">',
    "<head>",
    "<html/>",
    "<head />",
    "<title>x</title>",
    "<title>A > B</title>",
    "<title>canonical &amp;</title>",
    "<title>İ</title>",
    "<title>",
    "</title>",
    '<LINK REL="canonical" HREF="/u/">',
    "<link rel=canonical href=/q/>",
    "<meta name=robots>",
    '<meta content="a<b" name="robots">',
    '<meta-x name="robots" content="none">',
    '<meta name="robots" content="none"',
    '<link rel="canonical" href="/z/"',
    '<!-- <link rel="canonical" href="/commented/"> -->',
    "<!--",
    "-->",
    '<meta content="x>',
    '<meta na"me="x" content="a>',
    '">',
    "<meta content='y>",
    '<script>var a = "<link rel=canonical href=/s/>";</script>',
    "<script>",
    "</script>",
    "<style>a{}</style>",
    '<noscript><link rel="canonical" href="/n/"></noscript>',
    '<template><meta name="robots" content="none"></template>',
    '<script type="application/ld+json">{"dateModified": "2024-04-04"}</script>',
    "\xa0",
    '<img src="head.png">',
    '<iframe src="https://www.youtube.com/embed/aBcDeF12345" title="Head"></iframe>',
]


@settings(max_examples=2000, deadline=None)
@given(
    st.sampled_from(["", "<!DOCTYPE html>", "<!doctype html>\n<html><head>", '<html lang="en">', "<head>"]),
    st.lists(st.sampled_from(_PLAIN_AND_NOT_PIECES), max_size=8),
    st.sampled_from(_BODIES),
    st.booleans(),
)
def test_a_plain_head_is_parsed_as_its_tags_that_hold_a_word(opening, pieces, body, media):
    """Where a head's words are all in the plain tags it opens with, only those tags are parsed:
    the facts are those of a parse of the whole head wherever it holds a word."""
    from sitemap_plugins.htmlfacts import _HEAD_FACT_WORDS

    def whole_head_where_a_word_is(head, videos, url):
        words = (*_HEAD_FACT_WORDS, "description") if videos else _HEAD_FACT_WORDS
        if not any(word in head.lower() for word in words):
            return ""
        # The link that names the page its own canonical URL, as themes write it, tells nothing:
        # a head with no other word, and no character reference that could spell one, is not
        # parsed either.
        for end in (">", "/>", " />"):
            own = head.replace(f'<link rel="canonical" href="{url}"{end}', "", 1)
            if (
                own != head
                and not _could_spell_a_word(head)
                and not any(word in own.lower() for word in words)
            ):
                return ""
        return head + "</head><body>"

    page = f"{opening}{''.join(pieces)}</head><body>{body}</body></html>"
    _assert_facts_as_with(whole_head_where_a_word_is, page, media)


def _spelling_names():
    """The names of the HTML standard's character references whose characters hold a letter,
    `<`, `+`, `:` or `_` (what the head's words are made of)."""
    import html.entities

    return {name for name, value in html.entities.html5.items() if re.search(r"[A-Za-z<+:_]", value)}


def _could_spell_a_word(text):
    """Does `text` hold a character reference that could spell a word's character: a numeric
    one, or a named one of `_spelling_names`?"""
    return "&#" in text or any(f"&{name}" in text for name in _spelling_names())


def test_the_references_that_could_spell_a_word_are_the_standards():
    from sitemap_plugins.htmlfacts import _SPELLING_REFERENCES

    spelling = _spelling_names()
    # Each name of the table that could spell one starts with one of ours (`lt` covers `lt;`).
    assert all(any(f"&{name}".startswith(ours) for ours in _SPELLING_REFERENCES) for name in spelling)
    assert all(
        ours == "&#" or any(f"&{name}".startswith(ours) for name in spelling) for ours in _SPELLING_REFERENCES
    )


@pytest.mark.skipif(not POSSESSIVE_REGEX, reason="possessive repeats are right from Python 3.11.5")
@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN_AND_NOT_PIECES + _HEAD_PIECES), max_size=10))
def test_the_plain_head_expression_matches_as_much_with_possessive_repeats(pieces):
    from sitemap_plugins.htmlfacts import _plain_head

    head = "<!doctype html>\n<html><head>" + "".join(pieces)
    assert _plain_head("+").match(head).end() == _plain_head("").match(head).end()


@settings(max_examples=1000, deadline=None)
@given(st.text("ab<", max_size=40), st.text("ab<", min_size=0, max_size=90), st.integers(0, 45))
def test_the_content_is_found_where_rfind_finds_it(text, content, start):
    """The page's content is looked for by its first characters, then compared whole: the same
    place as `rfind` finds, over an alphabet small enough that partial matches abound."""
    from sitemap_plugins.htmlfacts import _last_place

    page = text + content[: len(content) // 2] + text + content + text[::-1]
    assert _last_place(page, content, start) == page.rfind(content, start)
    assert _last_place(text, content, start) == text.rfind(content, start)


#: What an <img> tag holds: attributes as Python-Markdown writes them (read without a parse), among
#: them images of the frame, a tracking pixel, a dark variant, srcset candidates ...
_PLAIN_IMG_ATTRIBUTES = [
    *(' src="photo.png"', ' src="/abs/é.png"', ' src="https://cdn.example.net/p.jpg"', ' alt="A photo"'),
    *(' alt=""', ' alt="  spaced  "', ' title="x y"', ' class="emoji"', ' class="md-author"'),
    *(' width="1"', ' height="1"', ' loading="lazy"', ' data-src="lazy.png"', ' src="data:,A"'),
    *(' srcset="a.png 1x, b.png 2x"', ' srcset="s.png 300w,m.png 900w"', ' src="dark.png#only-dark"'),
    *(' data-sitemap-frame=""', ' src="https://twemoji.maxcdn.com/x.svg"', "\n", " ", "/"),
]
#: ... and what makes a tag not plain: a value in single quotes, unquoted or absent, a name in upper
#: case or with a colon, an attribute twice, a character reference, `<`, `>`, whitespace or a
#: control character in a value, spaces around `=`, no space between attributes.
_NOT_PLAIN_IMG_ATTRIBUTES = [
    *(" src='single.png'", " src=unquoted.png", " hidden", ' SRC="upper.png"', ' src="twice.png"'),
    *(' src="a&amp;b.png"', ' alt="&#65;"', ' src="tab\t.png"', ' alt="line\nbreak"', ' src="\x7f.png"'),
    *(' title="x > y"', ' title="a < b"', ' src = "spaced.png"', ' alt="\ud800"', ' alt="\ufffe"'),
    *(' src="x.png"alt="glued"', ' xml:lang="en"'),
]
_IMG_TAGS = st.one_of(
    st.lists(st.sampled_from(_PLAIN_IMG_ATTRIBUTES), max_size=6),
    st.lists(st.sampled_from(_PLAIN_IMG_ATTRIBUTES + _NOT_PLAIN_IMG_ATTRIBUTES), max_size=6),
)


@settings(max_examples=2000, deadline=None)
@given(
    st.lists(_IMG_TAGS, min_size=1, max_size=3),
    st.sampled_from(["", "<nav>", "<header>"]),
    st.booleans(),
)
def test_plain_images_are_read_as_a_parse_reads_them(tags, frame, with_content):
    """Images read from their tags without a parse (`_plain_images`) are those a parse of the same
    page reads: the same URLs, in the same order, as content or frame; any tag that is not plain
    sends the page to the parser."""
    import sitemap_plugins.htmlfacts as htmlfacts

    images = "".join(f"<p><img{''.join(attributes)}></p>" for attributes in tags)
    content = f"<p>Text.</p>{images}"
    page = f'<html><head><title>T</title></head><body>{frame}<img src="logo.png">{content}</body></html>'
    given_content = content if with_content else None
    facts = htmlfacts.read_html(page, BASE + "a/", True, given_content)
    ours = htmlfacts._plain_images
    try:
        htmlfacts._plain_images = lambda text, windows, decorations: None
        expected = htmlfacts.read_html(page, BASE + "a/", True, given_content)
    finally:
        htmlfacts._plain_images = ours
    assert facts == expected


def test_most_images_are_read_without_a_parse():
    """The images Python-Markdown writes, and the frame's, are read from their tags (the property
    above holds the result to a parse's)."""
    from sitemap_plugins.htmlfacts import _relevant_html

    page = (
        '<html><head><meta charset="utf-8"><title>T</title></head><body><nav><img src="logo.png"></nav>'
        '<p><img alt="A" src="a.png" /></p><p><img src="b.png" title="B"></p></body></html>'
    )
    images = _relevant_html(page, BASE + "a/")
    assert isinstance(images, list)
    assert [dict(i) for i in images] == [
        {"src": "logo.png", "data-sitemap-frame": ""},
        {"alt": "A", "src": "a.png"},
        {"src": "b.png", "title": "B"},
    ]
    assert not isinstance(_relevant_html(page.replace('src="b.png"', "src=b.png"), BASE + "a/"), list)

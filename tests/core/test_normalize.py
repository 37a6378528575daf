import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from sitemap_plugins.core.normalize import (
    _to_uri,
    clean_text,
    format_w3c,
    is_plain_uri,
    normalize_hreflang,
    normalize_news_language,
    parse_date,
    to_uri,
)
from sitemap_plugins.core.output.render import xml_escape
from sitemap_plugins.core.output.schemas import schema

BERLIN = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(
    ("iri", "uri"),
    [
        # The protocol's own example (entity escaping comes later, in the templates).
        ("http://www.example.com/ümlat.php&q=name", "http://www.example.com/%C3%BCmlat.php&q=name"),
        ("https://example.com/a%20b/%C3%BC", "https://example.com/a%20b/%C3%BC"),  # escapes kept
        ("https://example.com/100%/x", "https://example.com/100%25/x"),  # a stray % is escaped
        ("http://example.com/%?0", "http://example.com/%25?0"),  # also on Python 3.11.2
        (
            "https://example.com/a b?q=ä ö#frag ment",
            "https://example.com/a%20b?q=%C3%A4%20%C3%B6#frag%20ment",
        ),
        ("https://bücher.example/straße", "https://xn--bcher-kva.example/stra%C3%9Fe"),  # IDNA host
        ("HTTPS://Example.COM:443/Path", "https://example.com/Path"),  # scheme/host case, default port
        ("http://example.com:8080", "http://example.com:8080/"),
        ("https://example.com/日本語/", "https://example.com/%E6%97%A5%E6%9C%AC%E8%AA%9E/"),
        ("https://[::1]:8000/x", "https://[::1]:8000/x"),
        ("https://example.com/a\x01b", "https://example.com/ab"),  # control characters never survive
        ("https://example.com/?", "https://example.com/"),  # an empty query, as urlunsplit writes it
        ("https://example.com/a?q=1", "https://example.com/a?q=1"),
    ],
)
def test_to_uri(iri, uri):
    assert to_uri(iri) == uri


def test_protocol_example_is_entity_escaped():
    assert xml_escape(to_uri("http://www.example.com/ümlat.php&q=name")) == (
        "http://www.example.com/%C3%BCmlat.php&amp;q=name"
    )
    assert xml_escape('<a href="x">\'') == "&lt;a href=&quot;x&quot;&gt;&apos;"


def test_invalid_host_and_port_are_refused():
    with pytest.raises(ValueError, match="port"):
        to_uri("https://example.com:99999/")
    with pytest.raises(ValueError, match="not a valid domain name"):
        to_uri("https://" + "ü" * 70 + ".example/")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-05-01", "2024-05-01"),
        (dt.date(2024, 5, 1), "2024-05-01"),
        ("2024-05-01T12:30", "2024-05-01T12:30:00+02:00"),  # naive: the site's zone, seconds added
        ("2024-05-01 12:30:15", "2024-05-01T12:30:15+02:00"),
        ("2024-01-01 12:30:15", "2024-01-01T12:30:15+01:00"),  # winter time
        ("2024-05-01T12:30:15.123Z", "2024-05-01T12:30:15+00:00"),
        ("2024-05-01T12:30:15-0530", "2024-05-01T12:30:15-05:30"),
        ("2024-05-01T12:30+00:00", "2024-05-01T12:30:00+00:00"),  # the schema rejects it without seconds
        (dt.datetime(2024, 5, 1, 12, 30, 15, 999), "2024-05-01T12:30:15+02:00"),
        (dt.datetime(2024, 5, 1, 12, 30, tzinfo=dt.timezone.utc), "2024-05-01T12:30:00+00:00"),
        (dt.datetime(1850, 1, 1, 12, 0, tzinfo=BERLIN), "1850-01-01T11:06:32+00:00"),  # LMT offset
    ],
)
def test_dates_are_written_in_a_form_the_schema_accepts(value, expected):
    written = format_w3c(parse_date(value, BERLIN))
    assert written == expected
    # The sitemap schema's lastmod type: a union of xsd:date and xsd:dateTime.
    doc = etree.fromstring(
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc>'
        f"<lastmod>{written}</lastmod></url></urlset>"
    )
    assert schema("all-urlset.xsd").validate(doc)


@pytest.mark.parametrize(
    "value", ["yesterday", "2024", "2024-05", "2024-13-01", "2024-05-01T25:00", 20240501, None]
)
def test_unparseable_dates_are_refused_with_the_value_named(value):
    with pytest.raises(ValueError, match=r"2024|yesterday|None"):
        parse_date(value, BERLIN)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("de", "de"),
        ("de_DE", "de-DE"),
        ("DE-de", "de-DE"),
        ("zh-hant", "zh-Hant"),
        ("zh_hant_tw", "zh-Hant-TW"),
        ("sr-Latn", "sr-Latn"),
        ("X-Default", "x-default"),
        (" pt-br ", "pt-BR"),
    ],
)
def test_hreflang_codes_are_normalised(code, expected):
    assert normalize_hreflang(code) == expected


@pytest.mark.parametrize("code", ["deu", "english", "de-DEU", "xx", "de-XX", "zh-Abcd", "en-US-x", ""])
def test_bad_hreflang_codes_are_refused(code):
    with pytest.raises(ValueError):
        normalize_hreflang(code)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("de_DE", "de"),
        ("zh-CN", "zh-cn"),
        ("zh-Hant", "zh-tw"),
        ("zh_TW", "zh-tw"),
        ("zh-Hans-SG", "zh-cn"),
        ("haw", "haw"),
        ("fre", "fre"),
    ],
)
def test_news_languages(code, expected):
    assert normalize_news_language(code) == expected


def test_bad_news_language():
    with pytest.raises(ValueError, match="ISO 639"):
        normalize_news_language("english")


def test_clean_text_reports_what_it_removed():
    assert clean_text("a\x00b\x1fc\ufffe\ud800d\te") == ("abcd\te", ["\x00", "\x1f", "\ufffe", "\ud800"])
    assert clean_text("plain ✓ 𝄞") == ("plain ✓ 𝄞", [])


#: The plain-URI grammar as RFC 3986 writes it, one alternation per character: the oracle.
_PLAIN_GRAMMAR = re.compile(
    r"https?://[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*/"
    r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*"
    r"(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})+)?"
)


@settings(max_examples=600, deadline=None)
@given(
    st.tuples(
        st.sampled_from(["http://", "https://", "HTTPS://", "ftp://"]),
        st.sampled_from(["example.com", "a1.b-c.org"]) | st.text("abcXYZ019.-:", max_size=8),
        st.text("aZ09-._~!$&'()*+,;=:@/?%Fg", max_size=24) | st.text("a/?%Fä #", max_size=12),
    ).map(lambda parts: f"{parts[0]}{parts[1]}/{parts[2]}")
)
def test_the_plain_uri_test_accepts_the_grammar_and_nothing_to_uri_would_change(text):
    """The URLs that skip to_uri's parse are exactly those of the plain grammar (a stray '%', as
    in 'http://example.com/%?0', is not, nor one that may hold a dot segment, '/.'), and to_uri
    would leave each of them as it is."""
    assert is_plain_uri(text) == (bool(_PLAIN_GRAMMAR.fullmatch(text)) and "/." not in text)
    if is_plain_uri(text):
        assert _to_uri(text) == text
    assert not is_plain_uri("http://example.com/%?0")


def test_the_characters_taken_out_are_those_xml_forbids():
    """XML 1.0's Char production, written as the spec writes it, against the listed class we
    use (and the escaping check built on it), over every code point."""
    from sitemap_plugins.core.normalize import XML_ILLEGAL
    from sitemap_plugins.core.output.render import _NEEDS_ESCAPE

    xml_char = "\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff"
    every = "".join(map(chr, range(0x110000)))
    forbidden = [m.start() for m in re.finditer(f"[^{xml_char}]", every)]
    assert [m.start() for m in XML_ILLEGAL.finditer(every)] == forbidden
    escaped = sorted(forbidden + [ord(c) for c in "&<>\"'\r"])
    assert [m.start() for m in _NEEDS_ESCAPE.finditer(every)] == escaped

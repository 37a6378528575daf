"""Arbitrary Unicode in, well-formed and schema-valid XML out, values reading back as documented."""

import shutil
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sitemap_checks import NS, assert_valid, parse

import sitemap_plugins as sp

BASE = "https://example.com/"

# Everything Unicode has, surrogates and control characters included, but '%' (an existing escape is
# kept as it is, so it would not read back as the character it encodes: tested by example instead).
texts = st.text(st.characters(blacklist_characters="%"), max_size=60)
names = texts.filter(lambda t: expected_text(t))


def xml_char(character: str) -> bool:
    """A character XML 1.0 allows (its `Char` production), written out from the spec."""
    code = ord(character)
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def expected_text(value: str) -> str:
    return "".join(c for c in value if xml_char(c)).strip()


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

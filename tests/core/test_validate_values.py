"""Each value a video or an hreflang group may carry: what is kept (normalised as written into the
XML) and the one message, word for word, when it cannot be. Oracles written out by hand."""

from __future__ import annotations

import copy
import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from sitemap_checks import parse

import sitemap_plugins as sp

BASE = "https://example.com/"
#: A host name of exactly 253 characters (RFC 1035's limit), its labels within 63.
HOST_253 = ".".join(["a" * 63, "b" * 63, "c" * 63, "d" * 61])
assert len(HOST_253) == 253
LABEL = "sitemap: https://example.com/v/: "


def video(**values) -> sp.Video:
    base = dict(
        thumbnail_loc=BASE + "t.jpg",
        title="Title",
        description="About",
        content_loc="https://cdn.example.net/v.mp4",
    )
    return sp.Video(**{**base, **copy.deepcopy(values)})


def kept(messages: list[str], **values) -> sp.Video | None:
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    entry = site.add(sp.Entry(BASE + "v/", videos=[video(**values)]))
    return entry.videos[0] if entry.videos else None


@pytest.mark.parametrize(
    ("price", "expected", "said"),
    [
        (sp.VideoPrice("9.99", "eur"), sp.VideoPrice("9.99", "EUR"), None),
        (sp.VideoPrice(" 0 ", "USD", "RENT", "HD"), sp.VideoPrice("0", "USD", "rent", "hd"), None),
        (sp.VideoPrice(None, None, "purchase"), sp.VideoPrice(None, None, "purchase"), None),
        (sp.VideoPrice("", None, "rent"), sp.VideoPrice(None, None, "rent"), None),
        (sp.VideoPrice(7, "JPY"), sp.VideoPrice("7", "JPY"), None),
        (
            sp.VideoPrice("-1", "EUR"),
            None,
            "video[0].price: '-1' is not a non-negative amount; price left out",
        ),
        (
            sp.VideoPrice("lots", "EUR"),
            None,
            "video[0].price: 'lots' is not a non-negative amount; price left out",
        ),
        (
            sp.VideoPrice("Infinity", "EUR"),
            None,
            "video[0].price: 'Infinity' is not a non-negative amount; price left out",
        ),
        (
            sp.VideoPrice("1", None),
            None,
            "video[0].price.currency: None is not an ISO 4217 currency code (a price needs one); price left out",
        ),
        (
            sp.VideoPrice("1", "euro"),
            None,
            "video[0].price.currency: 'euro' is not an ISO 4217 currency code (a price needs one); price left out",
        ),
        (
            sp.VideoPrice(None, None, None, "hd"),
            None,
            "video[0].price: a price without an amount needs a type (rent or purchase); price left out",
        ),
        (
            sp.VideoPrice("2", "EUR", "borrow"),
            sp.VideoPrice("2", "EUR", None),
            "video[0].price.type: 'borrow' is not one of rent, purchase; left out",
        ),
        (
            sp.VideoPrice("2", "EUR", None, "4k"),
            sp.VideoPrice("2", "EUR", None, None),
            "video[0].price.resolution: '4k' is not one of sd, hd; left out",
        ),
    ],
)
def test_prices(price, expected, said):
    messages: list[str] = []
    found = kept(messages, prices=[price])
    assert found is not None
    assert found.prices == ([] if expected is None else [expected])
    assert messages == ([] if said is None else [LABEL + said])


@pytest.mark.parametrize(
    ("value", "expected", "said"),
    [
        (True, True, None),
        (False, False, None),
        (None, None, None),
        (" Yes ", True, None),
        ("true", True, None),
        ("1", True, None),
        ("on", True, None),
        ("NO", False, None),
        ("false", False, None),
        ("0", False, None),
        ("off", False, None),
        ("maybe", None, "video[0].family_friendly: 'maybe' is not yes or no; left out"),
        (2, None, "video[0].family_friendly: 2 is not yes or no; left out"),
    ],
)
def test_yes_or_no(value, expected, said):
    messages: list[str] = []
    found = kept(messages, family_friendly=value)
    assert found.family_friendly is expected
    assert messages == ([] if said is None else [LABEL + said])


@pytest.mark.parametrize(
    ("values", "field", "expected", "said"),
    [
        ({"duration": " 60 "}, "duration", 60, None),
        ({"duration": 1}, "duration", 1, None),
        ({"duration": 28_800}, "duration", 28_800, None),
        ({"duration": ""}, "duration", None, None),
        (
            {"duration": True},
            "duration",
            None,
            "video[0].duration: True is not a whole number from 1 to 28,800; left out",
        ),
        (
            {"duration": "1.5"},
            "duration",
            None,
            "video[0].duration: '1.5' is not a whole number from 1 to 28,800; left out",
        ),
        ({"view_count": 0}, "view_count", 0, None),
        ({"view_count": "12"}, "view_count", 12, None),
        (
            {"view_count": -1},
            "view_count",
            None,
            "video[0].view_count: -1 is not a whole number of at least 0; left out",
        ),
        ({"rating": "4.5"}, "rating", 4.5, None),
        ({"rating": 0}, "rating", 0, None),
        ({"rating": ""}, "rating", None, None),
        ({"rating": 5.01}, "rating", None, "video[0].rating: 5.01 is not a number from 0 to 5; left out"),
        ({"rating": "good"}, "rating", None, "video[0].rating: 'good' is not a number from 0 to 5; left out"),
    ],
)
def test_numbers(values, field, expected, said):
    messages: list[str] = []
    found = kept(messages, **values)
    assert getattr(found, field) == expected
    assert messages == ([] if said is None else [LABEL + said])


@pytest.mark.parametrize(
    ("restriction", "expected", "said"),
    [
        (sp.VideoRestriction(" ALLOW ", "de fr"), sp.VideoRestriction("allow", ["DE", "FR"]), None),
        (sp.VideoRestriction("deny", ["us"]), sp.VideoRestriction("deny", ["US"]), None),
        (
            sp.VideoRestriction("block", ["US"]),
            None,
            "video[0].restriction.relationship: 'block' is not one of allow, deny; left out",
        ),
        (sp.VideoRestriction("allow", "DE XX"), None, "video[0].restriction: XX not ISO 3166"),
        (sp.VideoRestriction("allow", ["QQ", "de", "xx"]), None, "video[0].restriction: QQ, XX not ISO 3166"),
    ],
)
def test_restrictions(restriction, expected, said):
    messages: list[str] = []
    found = kept(messages, restriction=restriction)
    assert found.restriction == expected
    if said is None:
        assert messages == []
    else:
        assert len(messages) == 1 and messages[0].startswith(LABEL + said), messages


@pytest.mark.parametrize(
    ("platform", "expected", "said"),
    [
        (sp.VideoPlatform("allow", "WEB mobile web"), sp.VideoPlatform("allow", ["web", "mobile"]), None),
        (sp.VideoPlatform("deny", ["tv"]), sp.VideoPlatform("deny", ["tv"]), None),
        (
            sp.VideoPlatform("allow", ["web", "car", "boat"]),
            None,
            "video[0].platform: car, boat not among web, mobile, tv; platform left out",
        ),
        (
            sp.VideoPlatform("maybe", ["web"]),
            None,
            "video[0].platform.relationship: 'maybe' is not one of allow, deny; left out",
        ),
    ],
)
def test_platforms(platform, expected, said):
    messages: list[str] = []
    found = kept(messages, platform=platform)
    assert found.platform == expected
    assert messages == ([] if said is None else [LABEL + said])


@pytest.mark.parametrize(
    ("alternates", "expected", "said"),
    [
        ({"en": BASE + "v/", "DE": BASE + "de/v/"}, {"en": BASE + "v/", "de": BASE + "de/v/"}, []),
        ({"en": BASE + "v/"}, {}, []),  # only its own alternate: says nothing
        ({"x-default": BASE + "v/"}, {"x-default": BASE + "v/"}, []),
        (
            {"en": BASE + "v/", "xx-invalid-": BASE + "x/"},
            {},
            [
                "alternates: 'xx-invalid-' does not start with an ISO 639-1 language code (such as 'de'); "
                "alternate left out"
            ],
        ),
        (
            {"en": BASE + "en/v/", "de": BASE + "de/v/"},
            {},
            [
                "alternates: do not include the page itself (each language version must list itself); "
                "alternates left out"
            ],
        ),
        (
            {"en": BASE + "v/", "en-": BASE + "x/"},
            {},
            [
                "alternates: 'en-' is not a language code of the form 'de', 'de-DE' or 'zh-Hant' (or "
                "'x-default'); alternate left out"
            ],
        ),
        (
            {"en": BASE + "v/", "EN": BASE + "other/", "de": BASE + "de/v/"},
            {"en": BASE + "v/", "de": BASE + "de/v/"},
            [f"alternates[en]: names both {BASE}v/ and {BASE}other/; the first is kept"],
        ),
    ],
)
def test_alternates(alternates, expected, said):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    entry = site.add(sp.Entry(BASE + "v/", alternates=dict(alternates)))
    assert entry.alternates == expected
    assert messages == [LABEL + text for text in said]


def test_every_kept_value_is_written_as_the_schema_wants_it(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add(
        sp.Entry(
            BASE + "v/",
            videos=[
                video(
                    prices=[sp.VideoPrice("9.990", "eur", "RENT", "HD")],
                    family_friendly="no",
                    restriction=sp.VideoRestriction("allow", "de"),
                    platform=sp.VideoPlatform("deny", "tv"),
                    live="yes",
                    requires_subscription="off",
                )
            ],
        )
    )
    site.write(tmp_path)
    found = parse(tmp_path / "sitemap.xml").find("{*}url/{*}video")
    values = {child.tag.split("}")[1]: (child.text, dict(child.attrib)) for child in found}
    assert values["price"] == ("9.990", {"currency": "EUR", "type": "rent", "resolution": "hd"})
    assert values["family_friendly"] == ("no", {})
    assert values["restriction"] == ("DE", {"relationship": "allow"})
    assert values["platform"] == ("tv", {"relationship": "deny"})
    assert values["live"] == ("yes", {})
    assert values["requires_subscription"] == ("no", {})


@pytest.mark.parametrize(
    ("values", "kept_videos", "said"),
    [
        (
            {"thumbnail_loc": "http://exa mple.com/x"},
            0,
            [
                "video[0].thumbnail_loc: 'http://exa mple.com/x': the host 'exa mple.com' is not a valid domain "
                "name or IP address; value left out",
                "video[0]: Google requires thumbnail_loc; video left out",
            ],
        ),
        (
            {"thumbnail_loc": "ftp://x/y.jpg"},
            0,
            [
                "video[0].thumbnail_loc: 'ftp://x/y.jpg' is not an absolute http(s) URL; value left out",
                "video[0]: Google requires thumbnail_loc; video left out",
            ],
        ),
        (
            {"content_loc": BASE + "v/"},
            0,
            ["video[0].content_loc: must not be the page's own URL; video left out"],
        ),
        ({"player_loc": BASE + "v/"}, 1, ["video[0].player_loc: must not be the page's own URL; left out"]),
        (
            {"thumbnail_loc": None, "title": None},
            0,
            ["video[0]: Google requires thumbnail_loc, title; video left out"],
        ),
    ],
)
def test_a_videos_urls_and_required_fields_word_for_word(values, kept_videos, said):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    entry = site.add(sp.Entry(BASE + "v/", videos=[video(**values)]))
    assert len(entry.videos) == kept_videos
    assert messages == [LABEL + text for text in said]


def test_an_alternates_url_word_for_word():
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    entry = site.add(
        sp.Entry(BASE + "v/", alternates={"en": BASE + "v/", "de": "ftp://x/de", "fr": BASE + "fr/v/"})
    )
    assert entry.alternates == {"en": BASE + "v/", "fr": BASE + "fr/v/"}
    assert messages == [
        LABEL + "alternates[de]: 'ftp://x/de' is not an absolute http(s) URL; alternate left out"
    ]


def test_what_robots_txt_forbids_is_named_by_its_longest_rule(tmp_path):
    """The line named is the most specific that forbids the URL; images and a video's files of
    the site that robots.txt forbids go, the page stays."""
    (tmp_path / "robots.txt").write_text(
        "User-agent: *\nDisallow: /a\nDisallow: /a/private/\nDisallow: /media/\n"
    )
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add(sp.Entry(BASE + "a/private/x/"))
    site.add(
        sp.Entry(
            BASE + "b/",
            images=[sp.Image(BASE + "media/i.png"), sp.Image(BASE + "ok/i.png")],
            videos=[video(thumbnail_loc=BASE + "media/t.jpg"), video(thumbnail_loc=BASE + "ok/t.jpg")],
        )
    )
    site.write(tmp_path)
    [left] = site.left_out
    assert (left.url, left.reason) == (BASE + "a/private/x/", "robots.txt: Disallow: /a/private/")
    written = parse(tmp_path / "sitemap.xml")
    assert [loc.text for loc in written.iterfind("{*}url/{*}image/{*}loc")] == [BASE + "ok/i.png"]
    assert [t.text for t in written.iterfind("{*}url/{*}video/{*}thumbnail_loc")] == [BASE + "ok/t.jpg"]


@pytest.mark.parametrize(
    ("loc", "kept", "said"),
    [
        (
            "https://user:pw@example.com/a/",
            None,
            # The password is never repeated (#78): `user:***@`.
            "'https://user:***@example.com/a/' has user information (user:password@) before its host; page left out",
        ),
        (
            "https://example.com:0/a/",
            None,
            "'https://example.com:0/a/' has an invalid port (ports run from 1 to 65535); page left out",
        ),
        (
            "https://example.com:99999/a/",
            None,
            "'https://example.com:99999/a/' has an invalid port (ports run from 1 to 65535); page left out",
        ),
        ("https:///a/", None, "'https:///a/' has no host; page left out"),
        (
            "https://[zz::1]/a/",
            None,
            "'https://[zz::1]/a/' is not a URL ('zz::1' does not appear to be an IPv4 or IPv6 address); page left out",
        ),
        ("https://ex%41mple.com/a/", BASE + "a/", None),
        ("https://EXAMPLE.com:443/a/", BASE + "a/", None),
        (
            "https://ex%ffmple.com/a/",
            None,
            "'https://ex%ffmple.com/a/': the host 'ex%ffmple.com' is not a valid domain name (its %-escapes are not UTF-8); page left out",
        ),
        ("https://[v1.fe]/a/", None, "'https://[v1.fe]/a/' has an invalid IPv6 host [v1.fe]; page left out"),
        (
            "https://bü..example/a/",
            None,
            "'https://bü..example/a/': the host 'bü..example' is not a valid domain name; page left out",
        ),
    ],
)
def test_a_locs_host_and_port(loc, kept, said):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    entry = site.add(sp.Entry(loc))
    assert (entry.loc if entry else None) == kept
    assert messages == ([] if said is None else [f"sitemap: {loc.replace(':pw@', ':***@')}: loc: {said}"])


@pytest.mark.parametrize(
    ("host", "written"),
    [
        (HOST_253, HOST_253),  # a host name has at most 253 characters
        (f"{HOST_253}e", None),  # 254: none, though each label is within 63
        (HOST_253.upper(), HOST_253),  # the same, by the way that lowercases the host
        (f"{HOST_253}e".upper(), None),
        ("bücher.example", "xn--bcher-kva.example"),  # written as IDNA, compared so
    ],
)
def test_a_host_names_length_and_its_idna_form(host, written):
    messages: list[str] = []
    base = f"https://{written or 'example.com'}/"
    site = sp.Sitemap(sp.Options(base_url=base), emit=messages.append)
    entry = site.add(sp.Entry(f"https://{host}/a/"))
    if written is None:
        assert entry is None
        (said,) = messages  # the URL is shortened in the middle (`shown`); the host is whole
        assert said.startswith(f"sitemap: https://{host}/a/: loc: 'https://")
        assert said.endswith(
            f"/a/': the host '{host.lower()}' is not a valid domain name or IP address; page left out"
        )
    else:
        assert (entry.loc, messages) == (f"https://{written}/a/", [])


def test_an_ipv6_host_is_written_as_the_protocol_compares_it():
    site = sp.Sitemap(sp.Options(base_url="https://[2001:db8::1]/"))
    assert site.add(sp.Entry("https://[2001:DB8::0001]/a/")).loc == "https://[2001:db8::1]/a/"
    assert site.add(sp.Entry("https://[2001:db8::1%25eth0]/b/")).loc == "https://[2001:db8::1]/b/"


# -- lastmod: each way a date is written, as the sitemap then says it -----------------------------


@pytest.mark.parametrize(
    ("given", "written", "said"),
    [
        ("2024-05-01", "2024-05-01", None),
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00+00:00", None),
        ("2024-05-01T10:00:00z", "2024-05-01T10:00:00+00:00", None),
        ("2024-05-01 10:00:00 UTC", "2024-05-01T10:00:00+00:00", None),
        ("2024-05-01T10:00:00+05:30", "2024-05-01T10:00:00+05:30", None),
        ("2024-05-01T10:00:00-04:30", "2024-05-01T10:00:00-04:30", None),
        ("2024-05-01T10:00:00+0545", "2024-05-01T10:00:00+05:45", None),
        ("2024-05-01T10:00:00-03", "2024-05-01T10:00:00-03:00", None),
        ("2024-05-01T10:00:00,75+01:00", "2024-05-01T10:00:00+01:00", None),
        ("2024-05-01T10:00:00.9-01:00", "2024-05-01T10:00:00-01:00", None),
        ("2024-05-01T10:00", "2024-05-01T10:00:00+02:00", None),  # naive: the site's zone
        (
            "2024-05-01T10:00:00+05:60",
            None,
            "'2024-05-01T10:00:00+05:60' has an invalid UTC offset '+05:60'",
        ),
        (
            "2024-05-01T10:00:00+15:00",
            None,
            "2024-05-01T10:00:00+15:00 has the UTC offset +15:00; W3C dates allow offsets from -14:00 to +14:00",
        ),
        ("2024-02-30", None, "'2024-02-30' is not a real date or time (day is out of range for month)"),
        ("2024-05-01T25:00", None, "'2024-05-01T25:00' is not a real date or time (hour must be in 0..23)"),
        (20240501, None, "20240501 is not a date"),
    ],
)
def test_each_way_a_lastmod_is_written(tmp_path, given, written, said):
    messages: list[str] = []
    site = sp.Sitemap(
        sp.Options(base_url=BASE, timezone="Europe/Berlin"),
        emit=messages.append,
        now=dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc),
    )
    site.add(sp.Entry(BASE + "p/", lastmod=given))
    site.write(tmp_path)
    (url,) = parse(tmp_path / "sitemap.xml").iterfind("{http://www.sitemaps.org/schemas/sitemap/0.9}url")
    assert url.findtext("{http://www.sitemaps.org/schemas/sitemap/0.9}lastmod") == written
    assert messages == ([] if said is None else [f"sitemap: {BASE}p/: lastmod: {said}; left out"])


# -- each field of a video and of a news tag: its one message, naming the page and the field ------

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
V = "sitemap: https://example.com/v/: video[0]."


@pytest.mark.parametrize(
    ("values", "said"),
    [
        (
            {"description": "x\x00" + "a" * 2050},
            [
                f"{V}description: control character(s) U+0000 removed",
                f"{V}description: is 2,051 characters long (the limit is 2,048); shortened",
            ],
        ),
        (
            {"player_loc": "ftp://x/"},
            [f"{V}player_loc: 'ftp://x/' is not an absolute http(s) URL; value left out"],
        ),
        (
            {"expiration_date": "soon"},
            [
                f"{V}expiration_date: 'soon' is not a W3C date such as 2024-05-01 or 2024-05-01T09:30:00+02:00; "
                "left out"
            ],
        ),
        (
            {"publication_date": "2025-13-01"},
            [
                f"{V}publication_date: '2025-13-01' is not a real date or time (month must be in 1..12); left out"
            ],
        ),
        ({"tags": ["t"] * 32}, []),
        ({"tags": ["t"] * 33}, [f"{V}tag: 33 tags; at most 32 are allowed, so the first 32 are listed"]),
        ({"tags": ["ok", "\x01"]}, [f"{V}tag: control character(s) U+0001 removed"]),
        (
            {"requires_subscription": "maybe"},
            [f"{V}requires_subscription: 'maybe' is not yes or no; left out"],
        ),
        ({"live": "perhaps"}, [f"{V}live: 'perhaps' is not yes or no; left out"]),
        (
            {"uploader": sp.VideoUploader("N" * 300, "https://other.example.org/u")},
            [
                f"{V}uploader: is 300 characters long (the limit is 255); shortened",
                f"{V}uploader.info: https://other.example.org/u must be on the page's host (example.com); left out",
            ],
        ),
        (
            {"uploader": sp.VideoUploader("Name", "not a url")},
            [f"{V}uploader.info: 'not a url' is not an absolute http(s) URL; value left out"],
        ),
    ],
)
def test_each_video_field_is_named_in_its_message(values, said):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append, now=NOW)
    entry = site.add(sp.Entry(BASE + "v/", videos=[video(**values)]))
    assert messages == said
    (kept_video,) = entry.videos
    if "tags" in values:
        assert len(kept_video.tags) == min(len([t for t in values["tags"] if t.strip("\x01")]), 32)
    if "uploader" in values:
        assert kept_video.uploader.info is None and len(kept_video.uploader.name) <= 255


def test_a_videos_rating_is_written_to_two_places(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE), now=NOW)
    site.add(sp.Entry(BASE + "v/", videos=[video(rating=4.126)]))
    site.write(tmp_path)
    assert "<video:rating>4.13</video:rating>" in (tmp_path / "sitemap.xml").read_text()


N = "sitemap: https://example.com/n/: news"


@pytest.mark.parametrize(
    ("news", "said", "language"),
    [
        (
            sp.News("Daily\x01", "en", "2024-12-31T10:00:00Z", "T\x02"),
            [
                f"{N}.publication_name: control character(s) U+0001 removed",
                f"{N}.title: control character(s) U+0002 removed",
            ],
            "en",
        ),
        (
            sp.News("Daily", "xx-yy-zz", "2024-12-31", "T"),
            [
                f"{N}.publication_language: 'xx-yy-zz' is not an ISO 639 language code (2 or 3 letters, or zh-cn / "
                "zh-tw); left out",
                f"{N}: Google requires publication_language; news tag left out",
            ],
            None,
        ),
        (
            sp.News("Daily", "en", "soon", "T"),
            [
                f"{N}.publication_date: 'soon' is not a W3C date such as 2024-05-01 or 2024-05-01T09:30:00+02:00; "
                "left out",
                f"{N}: Google requires publication_date; news tag left out",
            ],
            None,
        ),
        (
            sp.News(None, "en", "2024-12-31", None),
            [f"{N}: Google requires publication_name, title; news tag left out"],
            None,
        ),
        # Chinese as Google News names it: by script, else by region.
        (sp.News("D", "zh-Hant-TW", "2024-12-31", "T"), [], "zh-tw"),
        (sp.News("D", "zh-Latn-HK", "2024-12-31", "T"), [], "zh-tw"),
        (sp.News("D", "zh-x-Hans", "2024-12-31", "T"), [], "zh-cn"),
        (sp.News("D", "zh-Latn-CN", "2024-12-31", "T"), [], "zh-cn"),
        (sp.News("D", "zh-SG", "2024-12-31", "T"), [], "zh-cn"),
        (sp.News("D", "zh", "2024-12-31", "T"), [], "zh"),
        (sp.News("D", "zh-yue", "2024-12-31", "T"), [], "zh"),  # neither script nor region: Chinese
        (sp.News("D", "pt-BR", "2024-12-31", "T"), [], "pt"),
    ],
)
def test_each_news_field_is_named_in_its_message(news, said, language):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append, now=NOW)
    # A copy: validation cleans the values it is handed, and a test may run twice in one process.
    entry = site.add(sp.Entry(BASE + "n/", news=copy.deepcopy(news)))
    assert messages == said
    assert (entry.news.publication_language if entry.news else None) == language


class _BrokenZone(dt.tzinfo):
    """A generator's own time zone class whose offset fails (foreign code)."""

    def utcoffset(self, value):
        raise RuntimeError("no tables")

    def __repr__(self):
        return "BrokenZone()"


@pytest.mark.parametrize(
    ("given", "written", "said"),
    [
        (
            dt.datetime(2024, 5, 1, 10, 0, 30, 999),
            "2024-05-01T10:00:30+02:00",
            None,
        ),  # naive: the site's zone
        (dt.datetime(2024, 5, 1, 10, tzinfo=dt.timezone.utc), "2024-05-01T10:00:00+00:00", None),
        (dt.datetime(2024, 5, 1, 10, tzinfo=ZoneInfo("Asia/Kathmandu")), "2024-05-01T10:00:00+05:45", None),
        # Local mean time (+05:53:28) has seconds no W3C offset can state: the moment in UTC.
        (dt.datetime(1850, 1, 1, 12, tzinfo=ZoneInfo("Asia/Kolkata")), "1850-01-01T06:06:32+00:00", None),
        (
            dt.datetime(1, 1, 1, 0, 30, tzinfo=ZoneInfo("Asia/Kolkata")),
            None,
            "0001-01-01T00:30:00 in Asia/Kolkata (UTC offset +05:53:28) falls outside the years 1 to 9999 "
            "in UTC, so no W3C date-time can state it",
        ),
        (
            dt.datetime(2024, 5, 1, 10, tzinfo=_BrokenZone()),
            None,
            "datetime.datetime(2024, 5, 1, 10, 0, tzinfo=BrokenZone()): its time zone gives no UTC offset "
            "(no tables)",
        ),
    ],
)
def test_each_date_time_a_generator_hands_over(tmp_path, given, written, said):
    """Python datetimes as generators hand them over: naive, in UTC, in a zone of whole minutes,
    in local mean time, out of range once in UTC, and in a zone class that fails."""
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, timezone="Europe/Berlin"), emit=messages.append, now=NOW)
    site.add(sp.Entry(BASE + "p/", lastmod=given))
    site.write(tmp_path)
    (url,) = parse(tmp_path / "sitemap.xml").iterfind("{http://www.sitemaps.org/schemas/sitemap/0.9}url")
    assert url.findtext("{http://www.sitemaps.org/schemas/sitemap/0.9}lastmod") == written
    assert messages == ([] if said is None else [f"sitemap: {BASE}p/: lastmod: {said}; left out"])


@pytest.mark.parametrize(
    ("given", "written"),
    [(0.5, "0.5"), ("0.8", "0.8"), (0.123456, "0.1235"), ("0.99999", "1.0"), (0, "0.0"), (1, "1.0")],
)
def test_a_priority_is_written_to_four_places(tmp_path, given, written):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add(sp.Entry(BASE + "p/", priority=given))
    site.write(tmp_path)
    (url,) = parse(tmp_path / "sitemap.xml").iterfind("{http://www.sitemaps.org/schemas/sitemap/0.9}url")
    assert url.findtext("{http://www.sitemaps.org/schemas/sitemap/0.9}priority") == written


@pytest.mark.parametrize("count", [1000, 1001])
def test_a_page_lists_at_most_a_thousand_images_and_says_so_past_that(count):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    images = [sp.Image(f"{BASE}{number}.png") for number in range(count)]
    entry = site.add(sp.Entry(BASE + "p/", images=images))
    assert [image.loc for image in entry.images] == [f"{BASE}{number}.png" for number in range(1000)]
    assert messages == (
        []
        if count == 1000
        else [
            f"sitemap: {BASE}p/: images: 1,001 images; Google reads at most 1,000 per page, so the first "
            "1,000 are listed"
        ]
    )


@pytest.mark.parametrize(
    ("description", "kept"),
    [
        ("a" * 2048, "a" * 2048),  # at the limit: whole
        ("a" * 2046 + " bbbb", "a" * 2046 + "…"),  # cut at a space: no space before the ellipsis
    ],
)
def test_a_video_description_at_and_over_its_limit(description, kept):
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    video = sp.Video(
        thumbnail_loc=f"{BASE}t.jpg", title="T", description=description, content_loc=f"{BASE}v.mp4"
    )
    entry = site.add(sp.Entry(BASE + "v/", videos=[video]))
    assert entry.videos[0].description == kept
    assert len(messages) == (len(description) > 2048)

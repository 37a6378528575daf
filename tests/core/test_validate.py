"""Bad input: one message naming the entry and the field; the value (or entry) is left out."""

import copy

import pytest

import sitemap_plugins as sp


def only(sitemap: sp.Sitemap) -> sp.Entry:
    (entry,) = sitemap.entries.values()
    return entry


def video(**values) -> sp.Video:
    # A copy: validation shortens what it keeps in place, and a parameter must read the same on every run.
    values = copy.deepcopy(values)
    base = dict(
        thumbnail_loc="https://example.com/t.jpg",
        title="Title",
        description="About",
        content_loc="https://cdn.example.net/v.mp4",
    )
    return sp.Video(**{**base, **values})


@pytest.mark.parametrize(
    ("fields", "field", "text"),
    [
        ({"priority": 7}, "priority", "7 is not a number from 0 to 1; left out"),
        ({"priority": "high"}, "priority", "'high' is not a number"),
        ({"changefreq": "sometimes"}, "changefreq", "'sometimes' is not one of always, hourly"),
        ({"lastmod": "last tuesday"}, "lastmod", "'last tuesday' is not a W3C date"),
        ({"lastmod": "2024-02-30"}, "lastmod", "is not a real date"),
    ],
)
def test_bad_core_values_are_named_and_left_out(sitemap, messages, fields, field, text):
    site = sitemap()
    entry = site.add(sp.Entry("https://example.com/page/", source="docs/page.md", **fields))
    assert entry is not None
    assert getattr(entry, field) is None
    assert len(messages) == 1
    assert messages[0].startswith(f"sitemap: docs/page.md (https://example.com/page/): {field}: ")
    assert text in messages[0]


@pytest.mark.parametrize(
    ("loc", "text"),
    [
        ("/relative/", "not an absolute http(s) URL"),
        ("ftp://example.com/x", "not an absolute http(s) URL"),
        ("https://other.example/x", "is outside https://example.com/docs/"),
        ("http://example.com/docs/x", "is outside"),  # another scheme
        ("https://example.com:8443/docs/x", "is outside"),  # another port
        ("https://sub.example.com/docs/x", "is outside"),  # another host
        ("https://example.com/blog/x", "is outside"),  # above the sitemap's directory
        ("https://example.com/docs/" + "a" * 2030, "characters long once encoded"),
    ],
)
def test_unlistable_locs_drop_the_entry(sitemap, messages, loc, text):
    site = sitemap(base_url="https://example.com/docs/")
    assert site.add(sp.Entry(loc, source="p.md")) is None
    assert site.entries == {}
    assert messages == [m for m in messages if "p.md" in m and ": loc: " in m and text in m] != []


def test_control_characters_are_removed_and_reported(sitemap, messages):
    site = sitemap()
    entry = site.add(sp.Entry("https://example.com/v/", videos=[video(title="Bell\x07 and\x00 nul")]))
    assert entry.videos[0].title == "Bell and nul"
    assert messages == [
        "sitemap: https://example.com/v/: video[0].title: control character(s) U+0000, U+0007 removed"
    ]


def test_images_are_made_absolute_deduplicated_and_capped(sitemap, messages):
    site = sitemap()
    images = [sp.Image(f"https://cdn.example.net/{i % 1200}.png") for i in range(1500)]
    entry = site.add(sp.Entry("https://example.com/gallery/", images=[sp.Image("data:x"), *images]))
    assert len(entry.images) == 1000
    assert entry.images[0].loc == "https://cdn.example.net/0.png"  # other hosts are fine for images
    assert any("image: 'data:x' is not an absolute" in m for m in messages)
    assert any("images: 1,200 images; Google reads at most 1,000" in m for m in messages)


@pytest.mark.parametrize(
    ("values", "field", "text", "kept"),
    [
        ({"thumbnail_loc": None}, "video[0]", "Google requires thumbnail_loc; video left out", False),
        ({"title": " "}, "video[0]", "requires title", False),
        ({"content_loc": None}, "video[0]", "requires content_loc or player_loc", False),
        (
            {"content_loc": "https://example.com/v/"},
            "video[0].content_loc",
            "must not be the page's own URL",
            False,
        ),
        (
            {"player_loc": "https://example.com/v/"},
            "video[0].player_loc",
            "must not be the page's own URL",
            True,
        ),
        ({"duration": 0}, "video[0].duration", "from 1 to 28,800", True),
        ({"duration": 28_801}, "video[0].duration", "from 1 to 28,800", True),
        ({"rating": 5.5}, "video[0].rating", "from 0 to 5", True),
        ({"view_count": -1}, "video[0].view_count", "at least 0", True),
        ({"tags": [str(i) for i in range(40)]}, "video[0].tag", "40 tags; at most 32", True),
        ({"uploader": sp.VideoUploader("x" * 300)}, "video[0].uploader", "300 characters long", True),
        (
            {"uploader": sp.VideoUploader("Me", "https://other.example/me")},
            "video[0].uploader.info",
            "must be on the page's host",
            True,
        ),
        ({"description": "d" * 3000}, "video[0].description", "(the limit is 2,048); shortened", True),
        (
            {"restriction": sp.VideoRestriction("allow", "DE XX")},
            "video[0].restriction",
            "XX not ISO 3166",
            True,
        ),
        (
            {"restriction": sp.VideoRestriction("maybe", "DE")},
            "video[0].restriction.relationship",
            "not one of allow",
            True,
        ),
        ({"platform": sp.VideoPlatform("allow", ["web", "car"])}, "video[0].platform", "car not among", True),
        ({"prices": [sp.VideoPrice("9.99", "euro")]}, "video[0].price.currency", "not an ISO 4217", True),
        ({"prices": [sp.VideoPrice("-1", "EUR")]}, "video[0].price", "not a non-negative amount", True),
        ({"family_friendly": "perhaps"}, "video[0].family_friendly", "not yes or no", True),
        ({"publication_date": "soon"}, "video[0].publication_date", "not a W3C date", True),
    ],
)
def test_video_rules(sitemap, messages, values, field, text, kept):
    site = sitemap()
    entry = site.add(sp.Entry("https://example.com/v/", videos=[video(**values)]))
    assert len(entry.videos) == int(kept)
    assert len(messages) == 1, messages
    assert f": {field}: " in messages[0] and text in messages[0], messages[0]


def test_video_limits_are_enforced_on_what_is_kept(sitemap):
    site = sitemap()
    entry = site.add(
        sp.Entry(
            "https://example.com/v/",
            videos=[
                video(
                    tags=[str(i) for i in range(40)],
                    description="d" * 3000,
                    title="t" * 150,
                    uploader=sp.VideoUploader("u" * 300),
                )
            ],
        )
    )
    (kept,) = entry.videos
    assert len(kept.tags) == 32 and len(kept.description) == 2048 and len(kept.title) == 100
    assert len(kept.uploader.name) == 255


@pytest.mark.parametrize(
    ("news", "text"),
    [
        (sp.News(None, "en", "2024-05-01", "T"), "Google requires publication_name; news tag left out"),
        (
            sp.News("Paper", "english", "2024-05-01", "T"),
            "news.publication_language: 'english' is not an ISO 639",
        ),
        (sp.News("Paper", "en", None, "T"), "requires publication_date"),
        (sp.News("Paper", "en", "2024-05-01", ""), "requires title"),
    ],
)
def test_news_needs_all_four_fields(sitemap, messages, news, text):
    site = sitemap()
    entry = site.add(sp.Entry("https://example.com/n/", news=copy.deepcopy(news)))
    assert entry.news is None
    assert any(text in m for m in messages), messages


def test_hreflang_problems(sitemap, messages):
    site = sitemap()
    entry = site.add(
        sp.Entry(
            "https://example.com/en/",
            alternates={
                "en": "https://example.com/en/",
                "de_DE": "https://example.com/de/",
                "german": "https://example.com/x/",
                "fr": "/fr/",
            },
        )
    )
    assert entry.alternates == {"en": "https://example.com/en/", "de-DE": "https://example.com/de/"}
    assert any("alternates: 'german' does not start with an ISO 639-1" in m for m in messages)
    assert any("alternates[fr]: '/fr/' is not an absolute" in m for m in messages)
    site.add(sp.Entry("https://example.com/es/", alternates={"de": "https://example.com/de/"}))
    assert any("https://example.com/es/: alternates: do not include the page itself" in m for m in messages)


def test_strict_fails_before_anything_is_written(options, tmp_path):
    previous = sp.Sitemap(options(), emit=lambda m: None)
    previous.add(sp.Entry("https://example.com/old/"))
    previous.write(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    site = sp.Sitemap(options(strict=True), emit=lambda m: None)
    site.add(sp.Entry("https://example.com/a/", priority=7))
    site.add(sp.Entry("https://example.com/b/", changefreq="sometimes"))
    with pytest.raises(sp.StrictError) as error:
        site.write(tmp_path)
    # The exception counts them (each was said as it was found); the API hands them over too.
    assert str(error.value) == "sitemap: 2 problems and 'strict' is on, so nothing was written"
    assert str(error.value.problems[0]).startswith("https://example.com/a/: priority: 7")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_duplicates_are_merged(sitemap, tmp_path):
    site = sitemap()
    site.add(
        sp.Entry(
            "https://example.com/a/", lastmod="2024-01-01", images=[sp.Image("https://example.com/1.png")]
        )
    )
    site.add(
        sp.Entry(
            "https://example.com/a/",
            lastmod="2024-03-01",
            priority=0.3,
            images=[sp.Image("https://example.com/1.png"), sp.Image("https://example.com/2.png")],
        )
    )
    entry = only(site)
    assert str(entry.lastmod) == "2024-03-01" and entry.priority == 0.3
    assert [i.loc for i in entry.images] == ["https://example.com/1.png", "https://example.com/2.png"]
    assert site.write(tmp_path).urls == 1

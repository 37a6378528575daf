"""Harvest: built pages (URL, metadata, HTML) become complete entries."""

import datetime as dt
from pathlib import Path

import pytest
from lxml import html as lxml_html
from places import FIXTURES
from sitemap_checks import NS, parse, urls

import sitemap_plugins as sp
from sitemap_plugins.core.output.result import docs_page
from sitemap_plugins.core.pages.html import read_html
from sitemap_plugins.core.pages.media import parse_srcset

FIXTURES = FIXTURES / "pages"
BASE = "https://example.com/"
NOW = dt.datetime(2024, 5, 3, 12, 0, tzinfo=dt.timezone.utc)


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.fixture
def site(messages):
    def make(**values) -> sp.Sitemap:
        return sp.Sitemap(sp.Options(base_url=BASE, **values), emit=messages.append, now=NOW)

    return make


def test_images_from_a_material_page(site, messages):
    entry = site().add_page(sp.Page(f"{BASE}guide/grilling/", html=fixture("material_page.html")))
    assert [i.loc for i in entry.images] == [
        # The header's logo is the site's frame, not this page's content.
        f"{BASE}img/steak.jpg",  # listed once although the page shows it twice
        f"{BASE}img/fire-1600.jpg",  # the widest srcset candidate
        f"{BASE}img/coal@2x.avif",  # the densest <picture><source> candidate
        "https://cdn.example.net/photos/grill%20party.jpg",  # other hosts (a CDN) are fine
        f"{BASE}img/lazy.jpg",  # data: placeholder, real URL in data-src
        f"{BASE}img/%C3%BCmlaut%20grill.png",
    ]  # data: URIs and the 1x1 tracking pixel are left out
    assert messages == []
    # images_decorative brings the frame's images back.
    with_frame = site(images_decorative=True).add_page(
        sp.Page(f"{BASE}guide/grilling/", html=fixture("material_page.html"))
    )
    assert f"{BASE}assets/logo.svg" in [i.loc for i in with_frame.images]


def test_images_exclude_and_images_off(site):
    page = sp.Page(f"{BASE}guide/grilling/", html=fixture("material_page.html"))
    entry = site(images_exclude=["*/assets/*", "*.avif"], images_decorative=True).add_page(page)
    assert f"{BASE}assets/logo.svg" not in [i.loc for i in entry.images]
    assert not any(i.loc.endswith(".avif") for i in entry.images)
    assert site(images=False).add_page(page).images == []


def test_more_than_1000_images_keep_the_first(site, messages):
    html = "<body>" + "".join(f'<img src="/i/{n}.png">' for n in range(1100)) + "</body>"
    entry = site().add_page(sp.Page(f"{BASE}gallery/", html=html, source="gallery.md"))
    assert len(entry.images) == 1000 and entry.images[-1].loc == f"{BASE}i/999.png"
    assert messages == [
        "sitemap: gallery.md (https://example.com/gallery/): images: 1,100 images; "
        "Google reads at most 1,000 per page, so the first 1,000 are listed"
    ]


def test_videos_from_html5_and_embedded_players(site, messages):
    entry = site().add_page(sp.Page(f"{BASE}videos/", html=fixture("video_page.html"), source="videos.md"))
    found = [(v.content_loc, v.player_loc, v.thumbnail_loc, v.title, v.description) for v in entry.videos]
    # Each player's section first (the page has no heading: the paragraph next to it, before it
    # first, up to the next player), the page's description where that says nothing.
    between = "The whole cook in ten minutes."
    description = "Three ways to watch us grill."
    assert found == [
        (
            f"{BASE}videos/media/steak.mp4",
            None,
            f"{BASE}videos/media/steak-poster.jpg",
            "Steak, start to finish",
            between,
        ),
        (
            None,
            "https://www.youtube-nocookie.com/embed/aBcDeF12345?si=x",
            "https://i.ytimg.com/vi/aBcDeF12345/hqdefault.jpg",
            "Grilling vegetables",
            between,
        ),
        (
            None,
            "https://www.youtube.com/embed/ZyXwVu98765",
            "https://i.ytimg.com/vi/ZyXwVu98765/hqdefault.jpg",
            "Fire safety",
            description,
        ),
    ]
    # The Vimeo player has no derivable thumbnail; the bare <video> has neither poster nor title.
    # Nothing the owner did is wrong: said at INFO, counted, no warning.
    assert messages == []


def test_players_the_page_says_too_little_of_are_info_and_counted(site, messages, tmp_path, caplog):
    caplog.set_level("INFO", logger="sitemap_plugins")
    sitemap = site(report="r.html")
    sitemap.add_page(sp.Page(f"{BASE}videos/", html=fixture("video_page.html"), source="videos.md"))
    assert messages == []
    said = [r.getMessage() for r in caplog.records if "video[" in r.getMessage()]
    assert said == [
        "sitemap: videos.md (https://example.com/videos/): video[2]: https://player.vimeo.com/video/76979871 has no "
        "thumbnail_loc, which Google requires; the page's `video:` metadata can give them; left out",
        "sitemap: videos.md (https://example.com/videos/): video[4]: https://example.com/videos/media/no-poster.mp4 "
        "has no thumbnail_loc, title, which Google requires; the page's `video:` metadata can give them; left out",
    ]
    result = sitemap.write(tmp_path, report_to=[tmp_path / "report.html"])
    assert (
        result.summary() == "sitemap: 1 URL in 1 file, 0 images, 3 videos, 2 videos left out: not described"
    )
    assert result.notes()[0] == (
        "sitemap: 2 videos left out, not described (Google requires a title, a description and a "
        "thumbnail): videos.md; the report (option `report`) names each, with what is missing"
    )
    shown = lxml_html.parse(str(tmp_path / "report.html")).getroot()
    assert shown.xpath("string(//details[@id='videos-left-out']/summary)").endswith(": 2")
    assert [
        [cell.xpath("string()") for cell in row.findall("td")]
        for row in shown.xpath("//details[@id='videos-left-out']//tbody/tr")
    ] == [
        ["/videos/", "videos.md", "https://player.vimeo.com/video/76979871", "thumbnail_loc"],
        ["/videos/", "videos.md", f"{BASE}videos/media/no-poster.mp4", "thumbnail_loc, title"],
    ]
    # A `video:` block the owner wrote that still lacks a field: a warning, as a problem of theirs.
    sitemap = site()
    sitemap.add_page(
        sp.Page(
            f"{BASE}videos/",
            html=fixture("video_page.html"),
            source="videos.md",
            meta={"video": {"player_loc": "https://player.vimeo.com/video/76979871", "title": "Vimeo"}},
        )
    )
    assert messages == [
        "sitemap: videos.md (https://example.com/videos/): video[2]: https://player.vimeo.com/video/76979871 has no "
        "thumbnail_loc, which Google requires; video left out"
    ]


def test_metadata_completes_and_adds_videos(site, messages, tmp_path):
    meta = {
        "videos": [
            {
                "player_loc": "https://player.vimeo.com/video/76979871",
                "thumbnail_loc": "/img/kitchen.jpg",
                "duration": 95,
                "tag": ["kitchen", "tour"],
                "family_friendly": "yes",
                "restriction": "DE AT",
                "restriction:relationship": "deny",
                "uploader": "Chef",
                "uploader:info": "/about/",
            },
            {
                "content_loc": "media/no-poster.mp4",
                "thumbnail_loc": "media/no-poster.jpg",
                "title": "Raw cut",
            },
            {
                "content_loc": "https://cdn.example.net/extra.mp4",
                "thumbnail_loc": "https://cdn.example.net/x.jpg",
                "title": "Extra",
                "description": "Only in metadata",
                "platform": {"relationship": "allow", "platforms": ["web"]},
            },
        ]
    }
    sitemap = site()
    entry = sitemap.add_page(sp.Page(f"{BASE}videos/", html=fixture("video_page.html"), meta=meta))
    assert messages == []
    by_key = {v.key: v for v in entry.videos}
    vimeo = by_key["https://player.vimeo.com/video/76979871"]
    assert vimeo.thumbnail_loc == f"{BASE}img/kitchen.jpg" and vimeo.title == "Our kitchen"
    assert vimeo.duration == 95 and vimeo.tags == ["kitchen", "tour"] and vimeo.family_friendly is True
    assert (vimeo.restriction.relationship, vimeo.restriction.countries) == ("deny", ["DE", "AT"])
    assert (vimeo.uploader.name, vimeo.uploader.info) == ("Chef", f"{BASE}about/")
    assert by_key[f"{BASE}videos/media/no-poster.mp4"].title == "Raw cut"
    assert by_key["https://cdn.example.net/extra.mp4"].description == "Only in metadata"
    assert len(entry.videos) == 6
    sitemap.write(tmp_path)
    assert len(parse(tmp_path / "sitemap.xml").findall(".//video:video", NS)) == 6


def test_unknown_video_metadata_is_named(site, messages):
    site().add_page(sp.Page(f"{BASE}v/", meta={"video": {"titel": "typo"}}, source="v.md"))
    assert messages == [
        "sitemap: v.md (https://example.com/v/): metadata video: unknown video field(s) titel (did you mean title?); ignored"
    ]


@pytest.mark.parametrize(
    ("page", "reason"),
    [
        (sp.Page(f"{BASE}hidden/", html=fixture("noindex.html")), "noindex"),
        (sp.Page(f"{BASE}old-place/", html=fixture("redirect.html")), "noindex"),
        (sp.Page(f"{BASE}old/", html='<meta http-equiv="Refresh" content="0;URL=\'/new/\'">'), "redirect"),
        (sp.Page(f"{BASE}copy/", html='<link rel="canonical" href="/original/">'), "canonical"),
        (sp.Page(f"{BASE}none/", html='<meta name="googlebot" content="none">'), "noindex"),
        (sp.Page(f"{BASE}404.html", html="<h1>Not found</h1>"), "error page"),
        (sp.Page(f"{BASE}missing/", is_error_page=True), "error page"),
        (sp.Page(f"{BASE}draft/", meta={"sitemap": False}), "metadata"),
        (sp.Page(f"{BASE}draft/", meta={"sitemap": "no"}), "metadata"),
        (sp.Page(f"{BASE}tags/python/"), "exclude"),
    ],
)
def test_pages_that_are_never_listed(site, page, reason, tmp_path):
    sitemap = site(exclude=["tags/*"])
    assert sitemap.add_page(page) is None
    [left_out] = sitemap.left_out  # kept as data: the report reads it
    assert (left_out.url, left_out.kind) == (page.url, reason)


def test_a_canonical_pointing_at_itself_keeps_the_page(site):
    html = '<link rel="canonical" href="https://EXAMPLE.com/guide/grilling/">'
    assert site().add_page(sp.Page(f"{BASE}guide/grilling/", html=html)) is not None
    html = '<link rel="canonical" href="./">'
    assert site().add_page(sp.Page(f"{BASE}guide/grilling/", html=html)) is not None


def test_hostile_markup(site, messages):
    entry = site().add_page(sp.Page(f"{BASE}a/b/broken.html", html=fixture("broken.html")))
    assert entry is not None  # canonical "broken.html" resolves to the page itself
    assert [i.loc for i in entry.images] == [f"{BASE}a/img/a.png", f"{BASE}img/b.png", f"{BASE}a/img/c.png"]
    huge = "<body><img src='/x.png' alt='" + "A" * 5_000_000 + "'><IMG SRC='/Y.PNG'></body>"
    entry = site().add_page(sp.Page(f"{BASE}huge/", html=huge))
    assert [i.loc for i in entry.images] == [f"{BASE}x.png", f"{BASE}Y.PNG"]
    for empty in ("", "   ", "<", "<?xml version='1.0' encoding='utf-8'?><html><body><img src='z.png'>"):
        assert site().add_page(sp.Page(f"{BASE}e/", html=empty)) is not None
    assert messages == []


def test_srcset_parsing():
    assert parse_srcset("a.jpg 1x, b.jpg 2x") == [("a.jpg", "1x"), ("b.jpg", "2x")]
    assert parse_srcset("https://img.example/w_100,h_50/a.jpg 100w,https://img.example/b.jpg 200w") == [
        ("https://img.example/w_100,h_50/a.jpg", "100w"),
        ("https://img.example/b.jpg", "200w"),
    ]
    assert parse_srcset(" , ,") == []
    # One candidate: taken as it is, unless it is a data: URI or its descriptor cannot be read.
    for srcset, expected in [
        ("a.png", [f"{BASE}a.png"]),
        ("data:image/gif;base64,R0l", []),
        ("a.png 10qw", []),
    ]:
        assert read_html(f'<html><body><img srcset="{srcset}"></body></html>', BASE).images == expected


def test_alternates_from_the_head_merge_with_the_generators(site, messages):
    page = sp.Page(
        f"{BASE}guide/grilling/",
        html=fixture("material_page.html"),
        source="grilling.md",
        alternates={"en": f"{BASE}guide/grilling/", "fr": f"{BASE}fr/guide/grilling/"},
    )
    entry = site().add_page(page)
    assert entry.alternates == {
        "en": f"{BASE}guide/grilling/",
        "fr": f"{BASE}fr/guide/grilling/",
        "de": f"{BASE}de/guide/grilling/",
    }
    assert messages == []
    page.alternates = {"en": f"{BASE}guide/grilling/", "de_DE": f"{BASE}de-de/", "de": f"{BASE}deutsch/"}
    entry = site().add_page(page)
    assert entry.alternates["de"] == f"{BASE}de/guide/grilling/"
    assert messages == [
        "sitemap: grilling.md (https://example.com/guide/grilling/): alternates[de]: the page's "
        '<link rel="alternate"> says https://example.com/de/guide/grilling/, the site says '
        "https://example.com/deutsch/; the page's link is listed (sitemap and page must agree)"
    ]


# -- lastmod ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ({"date": dt.date(2024, 1, 2)}, dt.date(2024, 1, 2)),
        ({"date": "2024-01-02", "updated": "2024-02-03"}, dt.date(2024, 2, 3)),
        (
            {"date": {"created": dt.datetime(2024, 1, 2), "updated": dt.datetime(2024, 3, 4, 5, 6)}},
            dt.datetime(2024, 3, 4, 5, 6, tzinfo=dt.timezone.utc),
        ),  # Material's blog form
        ({"date": {"created": "2024-01-02"}}, dt.date(2024, 1, 2)),
        (
            {"lastmod": "2024-04-01T10:00:00+02:00", "date": "2024-01-01"},
            dt.datetime(2024, 4, 1, 8, 0, tzinfo=dt.timezone.utc),
        ),
        ({"modified": "2024-04-04 04:04"}, dt.datetime(2024, 4, 4, 4, 4, tzinfo=dt.timezone.utc)),
        ({"sitemap": {"lastmod": "2020-01-01"}, "date": "2024-01-01"}, "2020-01-01"),
        ({}, None),
    ],
)
def test_lastmod_from_metadata(site, meta, expected):
    entry = site(lastmod=["metadata"]).add_page(sp.Page(f"{BASE}p/", meta=meta))
    assert entry.lastmod == expected or str(entry.lastmod) == expected


def test_a_bad_metadata_date_falls_through_to_the_next_source(site, messages):
    entry = site(lastmod=["metadata", "build"]).add_page(
        sp.Page(f"{BASE}p/", meta={"date": "soon"}, source="p.md")
    )
    assert entry.lastmod == NOW
    assert messages == [
        "sitemap: p.md (https://example.com/p/): lastmod (metadata 'date'): 'soon' is not a W3C date such as 2024-05-01 "
        "or 2024-05-01T09:30:00+02:00; not used"
    ]


def test_lastmod_from_mtime_and_build(site, tmp_path):
    source = tmp_path / "page.md"
    source.write_text("x")
    import os

    os.utime(source, (1_700_000_000, 1_700_000_000))
    entry = site(lastmod=["mtime"]).add_page(sp.Page(f"{BASE}p/", source_path=source))
    assert entry.lastmod == dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=dt.timezone.utc)
    assert site(lastmod=["build"]).add_page(sp.Page(f"{BASE}p/")).lastmod == NOW
    assert site(lastmod=[]).add_page(sp.Page(f"{BASE}p/", meta={"date": "2024-01-01"})).lastmod is None


def git(repo: Path, *args: str, date: str | None = None) -> None:
    import os
    import subprocess

    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    if date:
        env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path):
    repo = tmp_path / "repo"
    docs = repo / "docs"
    (docs / "guide").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    (docs / "index.md").write_text("one")
    (docs / "guide" / "ümlaut page.md").write_text("one")
    (repo / "README.md").write_text("outside docs")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "first", date="2024-01-10T10:00:00+00:00")
    (docs / "index.md").write_text("two")
    git(repo, "commit", "-qam", "second", date="2024-03-15T08:30:00+01:00")
    (docs / "new.md").write_text("not committed")
    return repo


def test_lastmod_from_git_one_log_for_the_whole_tree(site, repo, monkeypatch):
    import subprocess

    calls = []
    real_popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: calls.append(a[0]) or real_popen(*a, **k))
    docs = repo / "docs"
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), now=NOW, source_root=docs)
    assert len(calls) == 1  # started with the build, before any page: it runs beside it
    index = sitemap.add_page(sp.Page(f"{BASE}", source_path=docs / "index.md"))
    umlaut = sitemap.add_page(sp.Page(f"{BASE}guide/u/", source_path=docs / "guide" / "ümlaut page.md"))
    new = sitemap.add_page(sp.Page(f"{BASE}new/", source_path=docs / "new.md"))
    assert index.lastmod == dt.datetime(2024, 3, 15, 7, 30, tzinfo=dt.timezone.utc)
    assert umlaut.lastmod == dt.datetime(2024, 1, 10, 10, 0, tzinfo=dt.timezone.utc)
    assert new.lastmod is None  # not committed yet: no source left in this list
    assert len(calls) == 1  # one log for all pages: the whole repository's, paths relative to its top
    assert "--find-renames=100%" in calls[0] and "--relative" not in calls[0] and "--" not in calls[0]


def test_a_long_history_is_read_whole(tmp_path):
    """git's output goes to a file, not a pipe that would fill (64 KiB) while the build runs."""
    import threading

    docs = tmp_path / "docs"
    docs.mkdir()
    names = [f"a-page-with-a-rather-long-name-to-fill-the-log-{number:04d}.md" for number in range(1500)]
    for name in names:
        (docs / name).write_text("# Page\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "pages", date="2024-01-10T10:00:00+00:00")
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), now=NOW, source_root=docs)
    entries = []
    reading = threading.Thread(
        target=lambda: entries.extend(
            sitemap.add_page(sp.Page(f"{BASE}{name}/", source_path=docs / name)) for name in names
        ),
        daemon=True,
    )
    reading.start()
    reading.join(60)
    assert not reading.is_alive(), "reading git's output hung"
    assert {entry.lastmod for entry in entries} == {dt.datetime(2024, 1, 10, 10, 0, tzinfo=dt.timezone.utc)}


def test_default_sources_are_metadata_then_git_then_html_then_other_sitemaps(repo):
    docs = repo / "docs"
    sitemap = sp.Sitemap(sp.Options(base_url=BASE), now=NOW, source_root=docs)
    assert sitemap.options.lastmod == ["metadata", "git", "html", "sitemaps"]
    with_meta = sitemap.add_page(
        sp.Page(f"{BASE}a/", meta={"updated": "2024-05-01"}, source_path=docs / "index.md")
    )
    without = sitemap.add_page(sp.Page(f"{BASE}b/", source_path=docs / "index.md"))
    assert str(with_meta.lastmod) == "2024-05-01"
    assert without.lastmod == dt.datetime(2024, 3, 15, 7, 30, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize("depth", [1, 2])
def test_a_shallow_clones_boundary_dates_nothing(repo, tmp_path, depth, caplog):
    """The boundary commit of a shallow clone shows every file as added: it dates none of them,
    and nothing written is false, so the one line about it is INFO."""
    caplog.set_level("INFO", logger="sitemap_plugins")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", str(depth), f"file://{repo}", str(clone))
    messages = []
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), emit=messages.append, now=NOW)
    index = sitemap.add_page(sp.Page(f"{BASE}", source_path=clone / "docs" / "index.md"))
    umlaut = sitemap.add_page(sp.Page(f"{BASE}u/", source_path=clone / "docs" / "guide" / "ümlaut page.md"))
    assert umlaut.lastmod is None  # last changed before the clone's history
    assert index.lastmod == (None if depth == 1 else dt.datetime(2024, 3, 15, 7, 30, tzinfo=dt.timezone.utc))
    assert messages == [] and sitemap.report.problems == []
    said = [r for r in caplog.records if "shallow clone" in r.getMessage()]
    assert len(said) == 1 and "fetch-depth: 0" in said[0].getMessage() and said[0].levelname == "INFO"


def test_a_rename_is_not_an_edit_and_files_outside_the_docs_are_dated(tmp_path):
    repo = tmp_path / "repo"
    (repo / "docs" / "blog").mkdir(parents=True)
    (repo / "en").mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "docs" / "blog" / "post.md").write_text("a post of 2010\n" * 20)
    (repo / "docs" / "blog" / "edited.md").write_text("an edited post\n" * 20)
    (repo / "en" / "ref.md").write_text("reference\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "first", date="2010-05-01T10:00:00+00:00")
    (repo / "docs" / "posts").mkdir()
    git(repo, "mv", "docs/blog/post.md", "docs/posts/post.md")
    git(repo, "mv", "docs/blog/edited.md", "docs/posts/edited.md")
    (repo / "docs" / "posts" / "edited.md").write_text("an edited post, edited while moved\n" * 20)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "move the blog", date="2023-02-01T10:00:00+00:00")
    git(repo, "mv", "docs/posts/post.md", "docs/posts/renamed-again.md")
    git(repo, "commit", "-qm", "rename again", date="2024-02-01T10:00:00+00:00")
    docs = repo / "docs"
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), now=NOW, source_root=docs)
    post = sitemap.add_page(sp.Page(f"{BASE}p/", source_path=docs / "posts" / "renamed-again.md"))
    edited = sitemap.add_page(sp.Page(f"{BASE}e/", source_path=docs / "posts" / "edited.md"))
    outside = sitemap.add_page(sp.Page(f"{BASE}de/ref/", source_path=docs / ".." / "en" / "ref.md"))
    assert post.lastmod == dt.datetime(2010, 5, 1, 10, 0, tzinfo=dt.timezone.utc)  # two renames, no edit
    assert edited.lastmod == dt.datetime(2023, 2, 1, 10, 0, tzinfo=dt.timezone.utc)  # moved and edited
    assert outside.lastmod == dt.datetime(2010, 5, 1, 10, 0, tzinfo=dt.timezone.utc)


def test_not_a_git_repository_is_fine(tmp_path, messages, site):
    (tmp_path / "p.md").write_text("x")
    entry = site(lastmod=["git"]).add_page(sp.Page(f"{BASE}p/", source_path=tmp_path / "p.md"))
    assert entry.lastmod is None and messages == []


# -- rules, per-page values, news ---------------------------------------------------------------------


def test_rules_then_page_metadata(site):
    sitemap = site(
        rules=[{"match": "blog/*", "priority": 0.6, "changefreq": "weekly"}, {"match": "*", "priority": 0.4}]
    )
    post = sitemap.add_page(sp.Page(f"{BASE}blog/2024/post/"))
    other = sitemap.add_page(sp.Page(f"{BASE}guide/"))
    pinned = sitemap.add_page(
        sp.Page(f"{BASE}blog/pinned/", meta={"sitemap": {"priority": 1.0, "changefreq": "daily"}})
    )
    assert (post.priority, post.changefreq) == (0.6, "weekly")
    assert (other.priority, other.changefreq) == (0.4, None)
    assert (pinned.priority, pinned.changefreq) == (1.0, "daily")
    assert site().add_page(sp.Page(f"{BASE}x/")).priority is None  # no defaults written


def test_bad_rules_are_configuration_errors():
    with pytest.raises(
        sp.ConfigError, match=r"'rules' \('blog/\*'\): priority 7 is not a number from 0 to 1"
    ):
        sp.Options(base_url=BASE, rules=[{"match": "blog/*", "priority": 7}])
    with pytest.raises(sp.ConfigError, match="each rule needs a 'match' glob"):
        sp.Options(base_url=BASE, rules=[{"priority": 0.5}])
    with pytest.raises(sp.ConfigError, match="unknown source"):
        sp.Options(base_url=BASE, lastmod=["gitt"])
    with pytest.raises(sp.ConfigError, match=r"news\.publication_name"):
        sp.Options(base_url=BASE, news={"publication_language": "en"})


NEWS = {"publication_name": "Grill Times", "publication_language": "en", "include": ["news/*"]}


def test_news_within_the_window(site, tmp_path):
    sitemap = site(news=NEWS)
    fresh = sitemap.add_page(
        sp.Page(f"{BASE}news/fresh/", title="Fresh & hot", meta={"date": "2024-05-02T09:00:00Z"})
    )
    flagged = sitemap.add_page(
        sp.Page(
            f"{BASE}blog/flagged/",
            title="Flagged",
            language="de-DE",
            meta={"date": "2024-05-03", "news": True},
        )
    )
    old = sitemap.add_page(sp.Page(f"{BASE}news/old/", title="Old", meta={"date": "2024-04-30T11:59:00Z"}))
    plain = sitemap.add_page(sp.Page(f"{BASE}guide/", title="Guide", meta={"date": "2024-05-03"}))
    assert (fresh.news.publication_name, fresh.news.title) == ("Grill Times", "Fresh & hot")
    assert flagged.news.publication_language == "de"  # the page's own language
    assert old.news is None and plain.news is None
    result = sitemap.write(tmp_path)
    assert result.news == 2
    assert urls(tmp_path / "sitemap-news.xml") == [f"{BASE}news/fresh/", f"{BASE}blog/flagged/"]
    assert len(urls(tmp_path / "sitemap-index.xml", news=True)) == 4 + 2


def test_an_empty_news_window_keeps_the_news_sitemap(site, tmp_path):
    """Once a site has news on, its news sitemap exists: an empty urlset with the news namespace,
    named in the index (a news sitemap submitted in Search Console must not answer 404)."""
    sitemap = site(news=NEWS)
    sitemap.add_page(sp.Page(f"{BASE}news/old/", title="Old", meta={"date": "2020-01-01"}))
    result = sitemap.write(tmp_path)
    news = (tmp_path / "sitemap-news.xml").read_text()
    assert parse(tmp_path / "sitemap-news.xml").findall("s:url", NS) == []
    assert 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"' in news
    assert result.index and f"{BASE}sitemap-news.xml" in urls_of_index(tmp_path / "sitemap-index.xml")
    assert result.summary() == (
        "sitemap: 1 URL in 1 file + news sitemap (empty: no article in the window) + index, 0 images, 0 videos"
    )


def urls_of_index(path: Path) -> list[str]:
    return [loc.text for loc in parse(path).iterfind("s:sitemap/s:loc", NS)]


def test_a_news_page_without_a_date_is_named(site, messages):
    site(news=NEWS).add_page(sp.Page(f"{BASE}news/undated/", title="Undated", source="news/undated.md"))
    assert messages == [
        "sitemap: news/undated.md (https://example.com/news/undated/): news: a news page needs a publication date (`date` in "
        'its metadata, or <meta property="article:published_time"> in its head); not listed as news'
    ]


def test_more_than_1000_news_are_split(site, tmp_path):
    sitemap = site(news=NEWS)
    for n in range(1001):
        sitemap.add_page(
            sp.Page(f"{BASE}news/{n}/", title=f"Story {n}", meta={"date": "2024-05-03T08:00:00Z"})
        )
    sitemap.write(tmp_path)
    assert (
        len(urls(tmp_path / "sitemap-news.xml")) == 1000 and len(urls(tmp_path / "sitemap-news-2.xml")) == 1
    )


def test_harvested_site_validates(site, tmp_path):
    sitemap = site(news=NEWS)
    for name, url in [
        ("material_page.html", "guide/grilling/"),
        ("video_page.html", "videos/"),
        ("broken.html", "a/b/broken.html"),
        ("noindex.html", "hidden/"),
    ]:
        sitemap.add_page(sp.Page(BASE + url, html=fixture(name), title=name, meta={"date": "2024-05-03"}))
    sitemap.add_page(sp.Page(f"{BASE}news/today/", title="Today", meta={"date": "2024-05-03"}))
    result = sitemap.write(tmp_path)
    assert (result.urls, result.images, result.videos, result.news) == (4, 9, 3, 1)


#: The head MkDocs' own theme writes (1.6): plain tags, then scripts.
MKDOCS_THEME_HEAD = """<!DOCTYPE html>
<html lang="en" data-bs-theme="light">
    <head>
        <meta charset="utf-8">
        <meta http-equiv="X-UA-Compatible" content="IE=edge">
        <meta name="viewport" content="width=device-width, initial-scale=1.0">
        <meta name="description" content="About grilling">
        <link rel="canonical" href="https://example.com/grilling/">
        <link rel="shortcut icon" href="../img/favicon.ico">
        <title>Grilling - Docs</title>
        <link href="../css/bootstrap.min.css" rel="stylesheet">
        <link href="../css/base.css" rel="stylesheet">
        <script src="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.8.0/highlight.min.js"></script>
        <script>hljs.highlightAll();</script>
    </head>
"""


def test_a_themes_head_tells_the_canonical_and_the_description():
    page = (
        MKDOCS_THEME_HEAD.replace("<head>", '<head><meta name="description" content="About grilling">')
        + '<body><p>Hi.</p><iframe src="https://www.youtube.com/embed/aBcDeF12345"></iframe>'
    )
    facts = read_html(page + "</body></html>", "https://example.com/grilling/")
    assert facts.canonical is None and facts.description == "About grilling"
    facts = read_html(page + "</body></html>", "https://example.com/copy/")
    assert facts.canonical == "https://example.com/grilling/" and facts.description == "About grilling"
    # Where the content is known, the head alone is parsed: the same head facts.
    facts = read_html(page + "</body></html>", "https://example.com/copy/", content="<p>Hi.</p>")
    assert facts.canonical == "https://example.com/grilling/" and facts.description == "About grilling"


def test_read_html_reports_the_canonical_and_for_videos_the_description():
    facts = read_html(fixture("material_page.html"), f"{BASE}guide/grilling/")
    assert facts.canonical is None and not facts.noindex and not facts.redirect  # its own
    copy = read_html(fixture("material_page.html"), f"{BASE}copy/")
    assert copy.canonical == f"{BASE}guide/grilling/"
    assert not facts.videos
    assert (
        read_html(fixture("video_page.html"), f"{BASE}videos/").description == "Three ways to watch us grill."
    )


@pytest.mark.parametrize(
    "head",
    [
        '<meta property="article:modified_time" content="2024-04-02T10:00:00+02:00">',
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article",'
        ' "dateModified": "2024-04-02T10:00:00+02:00"}</script>',
        '<script type="application/ld+json">{"@graph": [{"@type": "WebSite"},'
        ' {"@type": "Article", "dateModified": "2024-04-02T10:00:00+02:00"}]}</script>',
        '<script type="application/ld+json">[{"@type": "BreadcrumbList"},'
        ' {"@type": "Article", "dateModified": "2024-04-02T10:00:00+02:00"}]</script>',
    ],
)
def test_lastmod_from_the_pages_html(site, head):
    html = f"<html><head>{head}</head><body><p>Text</p></body></html>"
    entry = site().add_page(sp.Page(f"{BASE}a/", html=html))
    assert entry.lastmod == dt.datetime(2024, 4, 2, 8, 0, tzinfo=dt.timezone.utc)
    # Front matter comes first; `html` can be left out of the sources.
    entry = site().add_page(sp.Page(f"{BASE}b/", html=html, meta={"lastmod": "2024-05-01"}))
    assert str(entry.lastmod) == "2024-05-01"
    assert site(lastmod=["metadata"]).add_page(sp.Page(f"{BASE}c/", html=html)).lastmod is None


def test_a_bad_html_date_is_named_and_not_used(site, messages):
    html = '<html><head><meta property="article:modified_time" content="last Tuesday"></head></html>'
    assert site().add_page(sp.Page(f"{BASE}a/", html=html, source="a.md")).lastmod is None
    assert any("a.md" in m and "lastmod (the page's HTML)" in m for m in messages)


def test_emoji_and_dark_twins_are_not_page_images():
    html = (
        "<html><body>"
        '<img alt="🔥" class="twemoji" src="https://cdn.jsdelivr.net/gh/jdecked/twemoji@16.0.1/assets/svg/1f525.svg">'
        '<img class="emojione" src="/e/1f600.png">'
        '<img src="https://twemoji.maxcdn.com/v/latest/svg/1f600.svg">'
        '<img src="map-light.png#only-light"><img src="map-dark.png#only-dark">'
        '<img src="shot.png#gh-light-mode-only"><img src="shot-dark.png#gh-dark-mode-only">'
        '<img src="plain.png#section">'
        "</body></html>"
    )
    facts = read_html(html, f"{BASE}page/")
    assert facts.images == [f"{BASE}page/map-light.png", f"{BASE}page/shot.png", f"{BASE}page/plain.png"]
    assert [kind for _, kind in facts.decorative_images] == ["emoji", "emoji", "emoji"]


def test_the_frame_of_a_page_is_not_its_content():
    html = (
        '<html><body><header class="md-header"><a class="md-logo"><img src="/logo.svg"></a></header>'
        '<div class="md-sidebar"><nav class="md-nav md-post__authors">'
        '<span class="md-author"><img src="/avatars/ada.png" alt="Ada"></span></nav></div>'
        '<main><article><header><img src="/hero.jpg"></header>'
        '<p><img src="https://img.shields.io/pypi/v/x.svg"> <img src="/figure.png"></p>'
        '<p><a href="/about/" class="md-author"><img src="/avatars/bob.png"></a></p>'
        '<img src="https://github.com/o/r/actions/workflows/ci.yml/badge.svg">'
        "<footer><img src='/article-footer.png'></footer></article></main>"
        '<footer class="md-footer"><img src="/sponsor.png"></footer></body></html>'
    )
    facts = read_html(html, BASE)
    assert facts.images == [f"{BASE}hero.jpg", f"{BASE}figure.png", f"{BASE}article-footer.png"]
    assert facts.decorative_images == [
        ("https://img.shields.io/pypi/v/x.svg", "badge"),
        (f"{BASE}avatars/bob.png", "avatar"),
        ("https://github.com/o/r/actions/workflows/ci.yml/badge.svg", "badge"),
        (f"{BASE}logo.svg", "frame"),
        (f"{BASE}avatars/ada.png", "frame"),
        (f"{BASE}sponsor.png", "frame"),
    ]


def test_where_the_content_is_known_only_it_is_read_for_media(site):
    """`content` (MkDocs' page.content, a Pelican article's): images and videos are read in it
    alone, and the page's head for the rest; its own <header> is content; the paragraph a video
    is described by is its.  `Page.content` does the same through the harvest."""
    content = (
        '<header><img src="hero.jpg"></header><p>About the clip.</p>'
        '<video src="clip.mp4" poster="clip.jpg"></video><p><img src="/a.png"></p>'
    )
    frame = (
        '<div class="navbar"><img src="/banner.png"><p>Frame words.</p><video src="/ad.mp4"></video></div>'
    )
    head = f'<link rel="canonical" href="{BASE}page/"><link rel="alternate" hreflang="de" href="/de/page/">'
    html = f"<html><head>{head}</head><body>{frame}<main>{content}</main>{frame}</body></html>"
    facts = read_html(html, f"{BASE}page/", content=content)
    assert facts.images == [f"{BASE}page/hero.jpg", f"{BASE}a.png"]
    assert facts.decorative_images == []
    assert [(v.content_loc, v.description) for v in facts.videos] == [
        (f"{BASE}page/clip.mp4", "About the clip.")
    ]
    assert facts.alternates == {"de": f"{BASE}de/page/"}  # the head is read as ever
    # Without it the page's content region (<main>) is found; a <header> there is its own (the
    # page's subject: Hugo Stack's category banner), the rest of the body frame.
    whole = read_html(html, f"{BASE}page/")
    assert whole.images == [f"{BASE}page/hero.jpg", f"{BASE}a.png"]
    assert whole.decorative_images == [(f"{BASE}banner.png", "frame")]
    assert [v.content_loc for v in whole.videos] == [f"{BASE}page/clip.mp4"]
    empty = read_html(html, f"{BASE}page/", content="")
    # A player the page holds beyond its content is one the theme wrote: its region's pictures
    # and players are read, the page's own, its region's header's too (its frame's are not: the
    # navbar's).
    assert (empty.images, empty.alternates) == ([f"{BASE}page/hero.jpg", f"{BASE}a.png"], facts.alternates)
    assert [v.content_loc for v in empty.videos] == [f"{BASE}page/clip.mp4"]
    page = sp.Page(url=f"{BASE}page/", html=html, content=content)
    images = [i.loc for i in site().add_page(page).images]
    assert images == [f"{BASE}page/hero.jpg", f"{BASE}a.png"]
    with_frame = [i.loc for i in site(images_decorative=True).add_page(page).images]
    assert with_frame == [f"{BASE}page/hero.jpg", f"{BASE}a.png", f"{BASE}banner.png"]


@pytest.mark.parametrize("in_a_repository", [True, False])
def test_one_git_process_per_real_build_and_one_message(tmp_path, in_a_repository):
    """A real MkDocs build with a `git` that counts its runs first on the PATH."""
    import os
    import shutil
    import subprocess
    import sys

    from mkdocs_helpers import copy_sample

    project = copy_sample("mkdocs-features", tmp_path)
    if in_a_repository:
        env = {
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@e",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@e",
        }
        for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "docs"]):
            subprocess.run(command, cwd=project, check=True, env=env)
    bin_dir, log = tmp_path / "bin", tmp_path / "git-runs.log"
    bin_dir.mkdir()
    (bin_dir / "git").write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {shutil.which("git")} "$@"\n')
    (bin_dir / "git").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-v", "-d", "site"],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    runs = log.read_text().splitlines() if log.exists() else []
    assert len(runs) == (1 if in_a_repository else 0)  # outside a repository: none is started
    said = [line for line in run.stderr.splitlines() if not line.startswith("DEBUG")]
    assert sum("not in a git repository" in line for line in said) == (0 if in_a_repository else 1)


def test_outside_a_repository_git_is_asked_once_and_said_once(tmp_path, caplog):
    import logging

    docs = tmp_path / "docs"
    docs.mkdir()
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), now=NOW, source_root=docs)
    with caplog.at_level(logging.INFO, logger="sitemap_plugins"):
        for number in range(400):
            (docs / f"p{number}.md").write_text("# Page\n")
            sitemap.add_page(sp.Page(f"{BASE}p{number}/", source_path=docs / f"p{number}.md"))
    assert not [r for r in caplog.records if r.levelno >= logging.INFO]
    said = [note for note in sitemap.write(tmp_path / "out").notes() if "not in a git repository" in note]
    assert said == [
        "sitemap: none of the 400 pages has a lastmod (400 not in a git repository (or git is not "
        'installed)): the pages\' own dates (<meta property="article:modified_time">, JSON-LD '
        "dateModified), the git history of their sources, or the lastmods of a sitemap the generator "
        f"writes give them: {docs_page('lastmod.md')}"
    ]


def test_what_a_pages_head_says_when_an_attribute_is_missing_or_relative():
    """A description without content is none; a canonical without href names no other page;
    a relative `<base href>` is resolved against the page, and the page's pictures against it."""
    head = '<meta name="description"><link rel="canonical"><base href="../media/">'
    facts = read_html(f'<html><head>{head}</head><body><img src="a.png"></body></html>', f"{BASE}docs/p/")
    assert (facts.description, facts.canonical) == (None, None)
    assert facts.images == [f"{BASE}docs/media/a.png"]
    described = read_html('<html><head><meta name="description" content=" Grill. "></head></html>', BASE)
    assert described.description == "Grill."


def test_a_listings_links_are_those_of_its_content_region():
    """What a listing shows is what its content region links to; the menu around it is not."""
    page = (
        '<html><body><nav><a href="/newest/">Newest</a></nav>'
        '<main><a href="/a/">A</a><a href="b/#part">B</a><a href="#top">Top</a></main></body></html>'
    )
    assert read_html(page, f"{BASE}blog/", links=True).links == [f"{BASE}a/", f"{BASE}blog/b/"]
    # A page with no region: its body is.
    assert read_html('<html><body><a href="/a/">A</a></body></html>', BASE, links=True).links == [f"{BASE}a/"]


def test_a_page_over_15_mb_is_read_to_its_first_15_and_listed(tmp_path, site, caplog):
    """Google reads the first 15 MB of a page: so does the harvest, and it says so at INFO."""
    path = tmp_path / "big.html"
    path.write_bytes(
        b'<html><head></head><body><main><img src="a.png">' + b"x" * (16 << 20) + b"</main></body></html>"
    )
    with caplog.at_level("INFO", logger="sitemap_plugins"):
        entry = site().add_page(sp.Page(f"{BASE}big/", path=str(path), source="big.md"))
    assert entry is not None and [image.loc for image in entry.images] == [f"{BASE}big/a.png"]
    assert [r.getMessage() for r in caplog.records if "15 MB" in r.getMessage()] == [
        f"sitemap: big.md ({BASE}big/) is over 15 MB, all Google reads of a page: its first 15 MB were read"
    ]


def test_a_page_handed_over_with_a_lone_surrogate_is_read(site, messages):
    """Text decoded with `surrogateescape` (a file not in UTF-8, as some generators read it) holds
    lone surrogates: the page is read, its players and its words too, and nothing fails."""
    bad = "caf\udce9"
    player = '<iframe src="https://www.youtube.com/embed/abcdefghijk" title="Grill"></iframe>'
    html = (
        f'<html><head><link rel="alternate" hreflang="en" href="{BASE}p/"></head>'
        f"<body><main><h1>{bad}</h1>{player}<p>{bad} grill.</p></main></body></html>"
    )
    page = sp.Page(f"{BASE}p/", html=html, content=f"<p>{bad} grill.</p>", alternates={"de": f"{BASE}de/p/"})
    entry = site().add_page(page)
    assert [video.player_loc for video in entry.videos] == ["https://www.youtube.com/embed/abcdefghijk"]
    assert messages == []

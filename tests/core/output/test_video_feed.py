"""The video feed Google accepts beside video sitemaps (Media RSS, option `video_feed`): written from
the same validated videos as the video sitemap, read back by an independent feed parser."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import feedparser
import pytest
from lxml import etree
from mkdocs_helpers import copy_sample, mkdocs
from pelican_helpers import build as pelican_build
from pelican_helpers import copy_sample as copy_pelican_sample
from sitemap_checks import NS, parse

import sitemap_plugins as sp

MEDIA = "{http://search.yahoo.com/mrss/}"
DCTERMS = "{http://purl.org/dc/terms/}"


def sitemap_videos(path: Path) -> dict[tuple[str, str], dict[str, str | None]]:
    """(page, content or player URL) -> the video sitemap's values of each video."""
    found = {}
    for url in parse(path).iterfind("s:url", NS):
        page = url.findtext("s:loc", namespaces=NS)
        for video in url.iterfind("video:video", NS):

            def text(name: str, video=video) -> str | None:
                return video.findtext(f"video:{name}", namespaces=NS)

            key = text("content_loc") or text("player_loc")
            found[(page, key)] = {
                "title": text("title"),
                "description": text("description"),
                "thumbnail": text("thumbnail_loc"),
                "content": text("content_loc"),
                "player": text("player_loc"),
                "duration": text("duration"),
            }
    return found


def feed_videos(path: Path) -> dict[tuple[str, str], dict[str, str | None]]:
    """The same, as feedparser reads the feed (and lxml for what it does not map)."""
    parsed = feedparser.parse(path.read_bytes())
    assert not parsed.bozo, parsed.bozo_exception
    tree = etree.parse(str(path))
    found = {}
    for entry, item in zip(parsed.entries, tree.iter("item"), strict=True):
        content = entry.media_content[0]
        player = entry.get("media_player", {}).get("url")
        key = content.get("url") or player
        found[(entry.link, key)] = {
            "title": entry.media_title if "media_title" in entry else item.findtext(f".//{MEDIA}title"),
            "description": item.findtext(f".//{MEDIA}description"),
            "thumbnail": entry.media_thumbnail[0]["url"],
            "content": content.get("url"),
            "player": player,
            "duration": content.get("duration"),
        }
    return found


def test_the_feed_holds_the_video_sitemaps_videos_as_a_feed_parser_reads_them(tmp_path):
    project = copy_sample("mkdocs-features", tmp_path)  # video_feed: true
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    site = project / "site"
    feed = site / "videos.rss"
    expected = sitemap_videos(site / "sitemap.xml")
    assert len(expected) == 3
    assert feed_videos(feed) == expected
    parsed = feedparser.parse(feed.read_bytes())
    assert parsed.version == "rss20"
    assert (
        parsed.feed.title == "Grill Docs (sitemap-plugins feature sample)"
        and parsed.feed.link == "https://docs.example.com/"
    )
    assert gzip.decompress((site / "videos.rss.gz").read_bytes()) == feed.read_bytes()
    # Not a sitemap: named neither in robots.txt nor in an index; the summary says where it is.
    assert "videos.rss" not in (site / "robots.txt").read_text()
    assert "video feed: https://docs.example.com/videos.rss" in run.stderr
    # The same input gives the same bytes, the gzip copy included.
    first = (feed.read_bytes(), (site / "videos.rss.gz").read_bytes())
    assert mkdocs(project).returncode == 0
    assert (feed.read_bytes(), (site / "videos.rss.gz").read_bytes()) == first


def test_every_field_of_a_video_block_reaches_the_feed(tmp_path):
    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", video_feed="media.xml"))
    sitemap.add(
        sp.Entry(
            "https://example.com/v/",
            videos=[
                sp.Video(
                    thumbnail_loc="https://example.com/t.jpg",
                    title="Grill & <steak>",
                    description="How we grill",
                    player_loc="https://player.example.net/embed/1",
                    duration=95,
                    publication_date="2024-01-01T10:00:00+02:00",
                    expiration_date="2030-01-01",
                    restriction=sp.VideoRestriction("deny", ["DE", "AT"]),
                    prices=[sp.VideoPrice("1.99", "EUR", "rent")],
                ),
                sp.Video(thumbnail_loc="https://example.com/t2.jpg", title="No description"),
            ],
        )
    )
    sitemap.add(sp.Entry("https://example.com/plain/"))
    result = sitemap.write(tmp_path, report_to=[tmp_path / "report.html"])
    assert result.video_feed == "https://example.com/media.xml"
    assert 'Media RSS feed <a href="https://example.com/media.xml">' in (tmp_path / "report.html").read_text()
    item = etree.parse(str(tmp_path / "media.xml")).find("channel/item")
    assert item.findtext("link") == "https://example.com/v/"
    content = item.find(f"{MEDIA}content")
    assert content.get("medium") == "video" and content.get("url") is None and content.get("duration") == "95"
    assert content.find(f"{MEDIA}player").get("url") == "https://player.example.net/embed/1"
    assert content.findtext(f"{MEDIA}title") == "Grill & <steak>"
    assert content.find(f"{MEDIA}price").attrib == {"price": "1.99", "currency": "EUR", "type": "rent"}
    restriction = item.find(f"{MEDIA}restriction")
    assert (restriction.get("relationship"), restriction.get("type"), restriction.text) == (
        "deny",
        "country",
        "de at",
    )
    assert (
        item.findtext(f"{DCTERMS}valid") == "start=2024-01-01T10:00:00+02:00; end=2030-01-01; scheme=W3C-DTF"
    )
    # The video Google cannot take (no description) is in neither the sitemap nor the feed.
    assert len(list(etree.parse(str(tmp_path / "media.xml")).iter("item"))) == 1
    assert len(parse(tmp_path / "sitemap.xml").findall(".//video:video", NS)) == 1


def _page_with_a_video() -> sp.Entry:
    video = sp.Video(
        thumbnail_loc="https://example.com/t.jpg",
        title="T",
        description="D",
        content_loc="https://example.com/v.mp4",
    )
    return sp.Entry("https://example.com/v/", videos=[video])


def test_no_feed_without_videos_and_a_feed_of_an_earlier_build_goes(tmp_path):
    options = sp.Options(base_url="https://example.com/", video_feed=True)
    with_video = sp.Sitemap(options)
    with_video.add(_page_with_a_video())
    with_video.write(tmp_path)
    assert (tmp_path / "videos.rss").exists()
    without = sp.Sitemap(options)
    without.add(sp.Entry("https://example.com/"))
    result = without.write(tmp_path)
    assert not (tmp_path / "videos.rss").exists() and "videos.rss" in result.removed
    # A file of the user's by that name is theirs: said, and no feed is written over it.
    (tmp_path / "videos.rss").write_text("mine")
    messages: list[str] = []
    again = sp.Sitemap(options, emit=messages.append)
    again.add(_page_with_a_video())
    again.write(tmp_path)
    assert (tmp_path / "videos.rss").read_text() == "mine"
    assert messages == [
        f"sitemap: {tmp_path / 'videos.rss'}: file: holds a file that sitemap-plugins did not write; it is left "
        "as it is and ours is not written (rename yours to get ours)"
    ]


@pytest.mark.parametrize(
    ("name", "description", "title", "said"),
    [
        (None, None, "example.com", "Videos of example.com"),
        ("  ", "", "example.com", "Videos of example.com"),
        (" Field Notes ", None, "Field Notes", "Videos of Field Notes"),
        ("Field Notes", " Grilling, filmed. ", "Field Notes", "Grilling, filmed."),
    ],
)
def test_the_feeds_channel_is_the_sites_name_else_its_address(tmp_path, name, description, title, said):
    site = sp.Sitemap(
        sp.Options(base_url="https://example.com/", video_feed=True),
        site_name=name,
        site_description=description,
    )
    site.add(_page_with_a_video())
    site.write(tmp_path)
    feed = feedparser.parse((tmp_path / "videos.rss").read_bytes())
    assert (feed.feed.title, feed.feed.description) == (title, said)


def test_with_gzip_the_feed_has_its_gzipped_twin(tmp_path):
    site = sp.Sitemap(sp.Options(base_url="https://example.com/", video_feed=True, gzip=True))
    site.add(_page_with_a_video())
    result = site.write(tmp_path)
    assert (
        gzip.decompress((tmp_path / "videos.rss.gz").read_bytes()) == (tmp_path / "videos.rss").read_bytes()
    )
    assert {"videos.rss", "videos.rss.gz"} <= set(result.files)


def test_pelican_and_json_lines_write_the_feed_too(tmp_path):
    project = copy_pelican_sample("pelican-blog", tmp_path)  # "video_feed": True
    output = pelican_build(project)
    feed = feedparser.parse((output / "videos.rss").read_bytes())
    assert feed.feed.title == "Field Notes" and len(feed.entries) == 2
    in_sitemaps: dict = {}
    for path in output.glob("sitemap*.xml"):
        if parse(path).tag.endswith("urlset") and not path.name.startswith("sitemap-news"):
            in_sitemaps |= sitemap_videos(path)
    assert feed_videos(output / "videos.rss") == in_sitemaps and len(in_sitemaps) == 2
    lines = tmp_path / "e.jsonl"
    video = {
        "thumbnail_loc": "https://example.com/t.jpg",
        "title": "T",
        "description": "D",
        "content_loc": "https://example.com/v.mp4",
    }
    lines.write_text(json.dumps({"loc": "https://example.com/v/", "video": video}) + "\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_plugins",
            "generate",
            "--from-jsonl",
            str(lines),
            "--base-url",
            "https://example.com/",
            "--out",
            str(tmp_path / "out"),
            "--video-feed",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert len(feedparser.parse((tmp_path / "out" / "videos.rss").read_bytes()).entries) == 1


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("feeds/videos.rss", "must be a file name in the output directory"),
        ("/srv/videos.rss", "must be a file name in the output directory"),
        ("videos.json", "must end in .rss or .xml"),
        ("sitemap-videos.xml", "not be a sitemap's name"),
        (5, "must be true, false or a file name"),
    ],
)
def test_a_bad_video_feed_name_is_an_option_error(value, said):
    with pytest.raises(sp.ConfigError, match="option 'video_feed'") as raised:
        sp.Options(base_url="https://example.com/", video_feed=value)
    assert said in str(raised.value)

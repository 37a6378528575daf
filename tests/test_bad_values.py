"""One bad value never costs the build: dates, URLs, file names and options as real sites write
them.  Each value is left out with one message naming the page (or file, or option) and the field,
the rest of the set is written and schema-valid (the sweep in conftest.py), and `strict` makes it
fatal."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import zoneinfo
from pathlib import Path

import pytest
import yaml
from dateutil import tz as dateutil_tz
from pelican_helpers import add_settings, pelican
from sitemap_checks import NS, parse

import sitemap_plugins as sp

BASE = "https://example.com/"


def run_cli(
    *args: str, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        input=stdin,
        timeout=120,
    )


def lastmods(path: Path) -> dict[str, str | None]:
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(path).iterfind("s:url", NS)
    }


# -- 1. Dates -------------------------------------------------------------------------------------


def _pelican_site(tmp_path: Path, timezone: str, articles: dict[str, str], **extra: str) -> Path:
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    settings = {
        "SITENAME": "Dates",
        "SITEURL": "https://example.com",
        "TIMEZONE": timezone,
        "PLUGINS": ["sitemap_plugins.pelican"],
        "FEED_ALL_ATOM": "feeds/all.atom.xml",
        "CATEGORY_FEED_ATOM": None,
        "AUTHOR_FEED_ATOM": None,
        "AUTHOR_FEED_RSS": None,
        "SITEMAP": {"feeds": True, "news": {"publication_name": "Dates", "window_days": 1_000_000}},
    }
    lines = [f"{key} = {value!r}" for key, value in settings.items()]
    lines += [f"{key} = {value}" for key, value in extra.items()]
    (project / "pelicanconf.py").write_text("\n".join(lines) + "\n")
    for slug, date in articles.items():
        (project / "content" / f"{slug}.md").write_text(
            f"Title: {slug}\nDate: {date}\nNews: true\n\nText of {slug}.\n"
        )
    return project


def test_pelican_dates_with_offsets_and_z_build_and_keep_their_offsets(tmp_path):
    """dateutil's `tzoffset` and `tzutc`, as Pelican hands them over, in pages, listings, news and
    the feed's date in the index."""
    project = _pelican_site(
        tmp_path,
        "UTC",
        {"offset": "2024-01-01 10:00+02:00", "zulu": "2024-01-01T10:00:00Z", "plain": "2023-06-01 08:30"},
    )
    result = pelican(project)
    assert result.returncode == 0, result.stdout + result.stderr
    output = project / "output"
    dates = lastmods(output / "sitemap.xml")
    assert dates[BASE + "offset.html"] == "2024-01-01T10:00:00+02:00"
    assert dates[BASE + "zulu.html"] == "2024-01-01T10:00:00+00:00"
    assert dates[BASE + "plain.html"] == "2023-06-01T08:30:00+00:00"
    assert dates[BASE] == "2024-01-01T10:00:00+00:00"  # the listing: the newest it shows
    news = parse(output / "sitemap-news.xml")
    published = {
        u.findtext("s:loc", namespaces=NS): u.findtext("news:news/news:publication_date", namespaces=NS)
        for u in news.iterfind("s:url", NS)
    }
    assert published[BASE + "offset.html"] == "2024-01-01T10:00:00+02:00"
    index = parse(output / "sitemap-index.xml")
    feed = [s for s in index.iterfind("s:sitemap", NS) if "atom" in s.findtext("s:loc", namespaces=NS)]
    assert feed[0].findtext("s:lastmod", namespaces=NS) == "2024-01-01T10:00:00+00:00"
    assert "WARNING" not in result.stdout + result.stderr


def test_pelican_dates_that_cannot_be_written_are_left_out_with_a_message(tmp_path):
    """Year 1 in a zone with local mean time, and an offset beyond ±14:00: the page is listed
    without the date, a message names the page and the field, and the build succeeds."""
    project = _pelican_site(
        tmp_path,
        "Asia/Kolkata",
        {"ancient": "0001-01-01 00:30", "faraway": "2024-01-01 10:00+23:00", "fine": "2024-03-01 09:00"},
    )
    result = pelican(project)
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    dates = lastmods(project / "output" / "sitemap.xml")
    assert dates[BASE + "ancient.html"] is None
    assert dates[BASE + "faraway.html"] is None
    assert dates[BASE + "fine.html"] == "2024-03-01T09:00:00+05:30"
    assert (
        "ancient.md (https://example.com/ancient.html): lastmod (metadata 'date'): 0001-01-01T00:30:00"
        in said
    )
    assert "falls outside the years 1 to 9999 in UTC" in said
    assert (
        "faraway.md (https://example.com/faraway.html): lastmod (metadata 'date'): "
        "2024-01-01T10:00:00+23:00 has the UTC offset +23:00; W3C dates allow offsets from -14:00 to +14:00"
    ) in said
    assert "Traceback" not in said


def test_pelican_strict_makes_an_unwritable_date_fatal(tmp_path):
    project = _pelican_site(tmp_path, "UTC", {"faraway": "2024-01-01 10:00+23:00"})
    add_settings(project, 'SITEMAP["strict"] = True')
    result = pelican(project)
    said = result.stdout + result.stderr
    assert result.returncode != 0
    assert "has the UTC offset +23:00" in said and "nothing was written" in said
    assert not (project / "output" / "sitemap.xml").exists()


def _zones() -> list[dt.tzinfo]:
    zones: list[dt.tzinfo] = [
        dateutil_tz.tzoffset(None, 7200),
        dateutil_tz.tzutc(),
        dateutil_tz.tzlocal(),
        dateutil_tz.gettz("Europe/Berlin"),
        zoneinfo.ZoneInfo("America/St_Johns"),
        dt.timezone(dt.timedelta(hours=-3, minutes=-30)),
        dt.timezone.utc,
    ]
    pytz = pytest.importorskip("pytz")
    zones.append(pytz.timezone("Asia/Kolkata").localize(dt.datetime(2024, 1, 1)).tzinfo)
    zones.append(pytz.timezone("Asia/Kolkata"))  # attached with replace: pytz's LMT, +05:53
    return zones


@pytest.mark.parametrize("zone", _zones(), ids=repr)
def test_every_zone_type_a_generator_hands_over_is_written_validly(tmp_path, zone):
    stamp = dt.datetime(2024, 5, 1, 9, 30, 15, 123456, tzinfo=zone)
    messages: list[str] = []
    sitemap = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    sitemap.add(sp.Entry(BASE + "a/", lastmod=stamp))
    sitemap.write(tmp_path)
    written = lastmods(tmp_path / "sitemap.xml")[BASE + "a/"]
    assert written is not None and not messages
    # The same moment, to the second.
    assert dt.datetime.fromisoformat(written) == stamp.replace(microsecond=0)


def test_yaml_dates_from_mkdocs_front_matter(tmp_path):
    """PyYAML's dates and timestamps (with an offset beyond ±14:00 too) through a real MkDocs build."""
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "D", "site_url": BASE, "plugins": ["sitemap"], "theme": "mkdocs"})
    )
    (project / "docs" / "index.md").write_text("---\nlastmod: 2024-01-01\n---\n# Home\n")
    (project / "docs" / "zoned.md").write_text("---\nlastmod: 2024-01-01 10:00:00 +02:00\n---\n# Zoned\n")
    (project / "docs" / "far.md").write_text("---\nlastmod: 2024-01-01 10:00:00 +23:00\n---\n# Far\n")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"], cwd=project, capture_output=True, text=True
    )
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    dates = lastmods(project / "site" / "sitemap.xml")
    assert dates[BASE] == "2024-01-01"
    assert dates[BASE + "zoned/"] == "2024-01-01T10:00:00+02:00"
    assert dates[BASE + "far/"] is None
    assert "far.md (https://example.com/far/): lastmod (metadata 'lastmod'): " in said
    assert "has the UTC offset +23:00" in said


def test_json_lines_dates_beyond_the_offsets_and_before_year_one(tmp_path):
    lines = [
        {"loc": BASE + "a", "lastmod": "0001-01-01T00:00:00"},
        {"loc": BASE + "b", "lastmod": "2024-01-01T10:00:00+23:59"},
        {"loc": BASE + "c", "lastmod": "2024-01-01 10:00:00 -14:30"},
        {"loc": BASE + "d", "lastmod": "2024-01-01T10:00:00+14:00"},
        {
            "loc": BASE + "e",
            "news": {
                "publication_name": "N",
                "publication_language": "en",
                "publication_date": "2024-01-01T10:00:00+23:00",
                "title": "T",
            },
        },
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out"
    result = run_cli(
        "generate",
        "--from-jsonl",
        str(source),
        "--base-url",
        BASE,
        "--timezone",
        "Asia/Kolkata",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    dates = lastmods(out / "sitemap.xml")
    assert dates == {
        BASE + "a": None,
        BASE + "b": None,
        BASE + "c": None,
        BASE + "d": "2024-01-01T10:00:00+14:00",
        BASE + "e": None,
    }
    assert "in.jsonl:1 (https://example.com/a): lastmod: 0001-01-01T00:00:00 in Asia/Kolkata" in result.stderr
    assert (
        "in.jsonl:2 (https://example.com/b): lastmod: 2024-01-01T10:00:00+23:59 has the UTC offset +23:59"
        in result.stderr
    )
    assert (
        "in.jsonl:3 (https://example.com/c): lastmod: 2024-01-01T10:00:00-14:30 has the UTC offset -14:30"
        in result.stderr
    )
    assert "in.jsonl:5 (https://example.com/e): news.publication_date: " in result.stderr
    assert not (out / "sitemap-news.xml").exists()
    assert "Traceback" not in result.stderr

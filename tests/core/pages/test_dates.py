"""lastmod's rules that need a repository, in this process: a page dated by the newest file it
includes, and why a page has no date, in the words the summary counts."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import yaml
from git_helpers import commit, git, lastmods
from mkdocs_helpers import mkdocs
from sitemap_checks import NS, parse

import sitemap_plugins as sp

BASE = "https://example.com/"
T1, T2, T3 = "2025-03-04T10:00:00+00:00", "2025-05-06T10:00:00+00:00", "2025-07-08T10:00:00+00:00"


def repository(root: Path) -> None:
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "page.md").write_text("# Page\n")
    (root / "docs" / "old.md").write_text("old\n")
    (root / "snippets").mkdir()
    (root / "snippets" / "new.md").write_text("new\n")
    (root / "snippets" / "newer.md").write_text("newer\n")
    git(root, "init", "-q")
    git(root, "add", "docs/page.md", "docs/old.md")
    git(root, "commit", "-qm", "first", date=T1)
    git(root, "add", "snippets/new.md")
    git(root, "commit", "-qm", "second", date=T2)
    git(root, "add", "snippets/newer.md")
    git(root, "commit", "-qm", "third", date=T3)
    (root / "snippets" / "uncommitted.md").write_text("not in git\n")


def dated(root: Path, includes: list[str]) -> tuple[str | None, str | None]:
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), source_root=root / "docs")
    entry = site.add_page(
        sp.Page(
            BASE + "page/", source="page.md", source_path=str(root / "docs" / "page.md"), includes=includes
        )
    )
    return (entry.lastmod.isoformat() if entry.lastmod else None), entry.lastmod_source


def test_a_page_is_dated_by_the_newest_file_it_includes(tmp_path):
    repository(tmp_path)
    snippets = tmp_path / "snippets"
    assert dated(tmp_path, []) == (T1, "git")
    assert dated(tmp_path, [str(tmp_path / "docs" / "old.md")]) == (T1, "git")
    assert dated(tmp_path, [str(snippets / "new.md")]) == (T2, "git: the included snippets/new.md")
    assert dated(tmp_path, [str(snippets / "new.md"), str(snippets / "newer.md")]) == (
        T3,
        "git: the included snippets/newer.md",
    )
    assert dated(tmp_path, [str(snippets / "newer.md"), str(snippets / "new.md")]) == (
        T3,
        "git: the included snippets/newer.md",
    )
    assert dated(tmp_path, [str(snippets / "uncommitted.md")]) == (T1, "git")


def test_why_a_page_has_no_date_is_counted_in_the_summarys_words(tmp_path):
    repository(tmp_path / "repo")
    (tmp_path / "repo" / "docs" / "draft.md").write_text("# Draft\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "x.md").write_text("x\n")
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), source_root=tmp_path / "repo" / "docs")
    site.add_page(
        sp.Page(BASE + "draft/", source="draft.md", source_path=str(tmp_path / "repo" / "docs" / "draft.md"))
    )
    site.add_page(sp.Page(BASE + "none/", source="none.md"))
    site.add_page(sp.Page(BASE + "list/", listing=True))
    result = site.write(tmp_path / "out")
    assert dict(result.undated) == {
        "not committed to git": 1,
        "no source file": 1,
        "a listing that shows no dated page": 1,
    }
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["metadata"]))
    site.add_page(sp.Page(BASE + "a/", source="a.md", source_path=str(tmp_path / "outside" / "x.md")))
    assert dict(site.write(tmp_path / "out2").undated) == {"no source in the lastmod option dates it": 1}
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), source_root=tmp_path / "outside")
    site.add_page(sp.Page(BASE + "a/", source="x.md", source_path=str(tmp_path / "outside" / "x.md")))
    assert dict(site.write(tmp_path / "out3").undated) == {
        "not in a git repository (or git is not installed)": 1
    }


def metadata_lastmod(meta: dict, now: dt.datetime | None = None) -> tuple[str | None, str | None, list[str]]:
    messages: list[str] = []
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["metadata", "build"]), emit=messages.append, now=now)
    entry = site.add_page(sp.Page(BASE + "p/", source="p.md", meta=meta))
    lastmod = entry.lastmod
    return (lastmod.isoformat() if lastmod else None), entry.lastmod_source, messages


def test_a_date_stamped_during_the_build_is_no_change_of_the_page():
    """Another plugin's clock (git-revision-date-localized stamps the build's time on pages git
    does not know): the next source dates the page, whatever zone the stamp was written in."""
    build = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    for stamp in (
        now,
        now.replace(tzinfo=None),  # naive, in UTC
        now.astimezone().replace(tzinfo=None),  # naive, in the machine's zone
        now.isoformat(),
        now.replace(tzinfo=None).isoformat(sep=" "),
    ):
        lastmod, source, messages = metadata_lastmod({"updated": stamp}, build)
        assert (lastmod, source, messages) == (build.isoformat(), "build", []), stamp
    # A day before the build: the page's change.
    earlier = (now - dt.timedelta(days=1)).replace(microsecond=0)
    assert metadata_lastmod({"updated": earlier}, build)[:2] == (earlier.isoformat(), "metadata")
    # A wall time of another zone than the machine's and UTC's, written without one: not the
    # build's clock (the site's zone, UTC, reads it five hours off).
    elsewhere = now.astimezone(dt.timezone(dt.timedelta(hours=5))).replace(tzinfo=None)
    expected = elsewhere.replace(tzinfo=dt.timezone.utc).isoformat()
    if dt.datetime.now().astimezone().utcoffset() != dt.timedelta(hours=5):
        assert metadata_lastmod({"updated": elsewhere.isoformat()}, build)[:2] == (expected, "metadata")


#: The wall clock, held still where a test needs the build's second exactly.
STILL = dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize(
    ("offset", "the_builds"),
    [(-2, False), (-1, True), (0, True), (1, True), (2, False)],
)
@pytest.mark.parametrize("written", ["aware", "naive UTC", "naive, the machine's zone"])
def test_the_builds_own_time_is_the_second_it_ran_in_and_the_next(monkeypatch, offset, the_builds, written):
    """A stamp one second either side of a build that took no time is the build's own (a stamp
    is written in whole seconds, the clock is not); two seconds off, a change of the page.  A stamp
    without a zone is tried in UTC and in the machine's zone (here New York's)."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    monkeypatch.setattr(time, "time", STILL.timestamp)
    try:
        stamp = STILL + dt.timedelta(seconds=offset)
        given = {
            "aware": stamp.isoformat(),
            "naive UTC": stamp.replace(tzinfo=None).isoformat(),
            "naive, the machine's zone": stamp.astimezone(ZoneInfo("America/New_York"))
            .replace(tzinfo=None)
            .isoformat(),
        }[written]
        build = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)
        site = sp.Sitemap(
            sp.Options(base_url=BASE, lastmod=["metadata", "build"], timezone="Asia/Tokyo"), now=build
        )
        entry = site.add_page(sp.Page(BASE + "p/", source="p.md", meta={"updated": given}))
    finally:
        monkeypatch.undo()
        time.tzset()
    assert entry.lastmod_source == ("build" if the_builds else "metadata")


def test_a_date_later_than_the_build_is_said_and_the_next_source_dates_the_page():
    build = dt.datetime(2025, 6, 1, 12, 0, tzinfo=dt.timezone.utc)
    lastmod, source, messages = metadata_lastmod({"updated": "2025-07-01"}, build)
    assert (lastmod, source) == (build.isoformat(), "build")
    assert messages == [
        "sitemap: p.md (https://example.com/p/): lastmod (metadata 'updated'): 2025-07-01 is later than the "
        "build (2025-06-01T12:00:00+00:00); not used"
    ]
    # A publication date is a floor: a change dated before it is the publication's date.
    lastmod, source, _ = metadata_lastmod({"date": "2025-05-02", "updated": "2025-05-01"}, build)
    assert (lastmod, source) == ("2025-05-02", "metadata")
    lastmod, source, _ = metadata_lastmod({"date": "2025-05-01", "updated": "2025-05-01"}, build)
    assert (lastmod, source) == ("2025-05-01", "metadata")


def test_a_files_time_dates_the_page_only_where_asked_and_not_when_this_build_wrote_it(tmp_path):
    old = tmp_path / "old.md"
    old.write_text("# Old\n")
    os.utime(old, (1_750_000_000, 1_750_000_000))  # 2025-06-15T15:06:40Z
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["mtime"]))
    new = tmp_path / "new.md"
    new.write_text("# Written by this build\n")  # after the build began: its time is the build's
    first = site.add_page(sp.Page(BASE + "old/", source="old.md", source_path=str(old)))
    second = site.add_page(sp.Page(BASE + "new/", source="new.md", source_path=str(new)))
    missing = site.add_page(sp.Page(BASE + "gone/", source="gone.md", source_path=str(tmp_path / "gone.md")))
    assert (first.lastmod.isoformat(), first.lastmod_source) == ("2025-06-15T15:06:40+00:00", "mtime")
    assert second.lastmod is None and missing.lastmod is None
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["metadata"]))
    assert site.add_page(sp.Page(BASE + "old/", source="old.md", source_path=str(old))).lastmod is None


# -- each source's own rules, as the report's lastmod column and the messages say them ----------

HEAD_MODIFIED = '<meta property="article:modified_time" content="{}">'


def html_dated(modified: str, meta: dict | None = None, timezone: str = "UTC", lastmod=("metadata", "html")):
    messages: list[str] = []
    site = sp.Sitemap(
        sp.Options(base_url=BASE, lastmod=list(lastmod), timezone=timezone),
        emit=messages.append,
        now=dt.datetime(2025, 6, 1, 12, 0, tzinfo=dt.timezone.utc),
    )
    html = f"<html><head>{HEAD_MODIFIED.format(modified)}</head><body><main><p>x</p></main></body></html>"
    entry = site.add_page(sp.Page(BASE + "p/", source="p.md", html=html, meta=meta or {}))
    return (entry.lastmod.isoformat() if entry.lastmod else None), entry.lastmod_source, messages


def test_the_pages_html_dates_it_in_the_sites_zone_and_a_bad_or_future_date_is_said():
    assert html_dated("2025-05-01T10:00:00", timezone="Europe/Berlin") == (
        "2025-05-01T10:00:00+02:00",
        "html",
        [],
    )
    assert html_dated("2025-05-01T10:00:00Z", timezone="Europe/Berlin")[:2] == (
        "2025-05-01T10:00:00+00:00",
        "html",
    )
    lastmod, source, messages = html_dated("yesterday")
    assert (lastmod, source) == (None, "none: no source in the lastmod option dates it")
    assert len(messages) == 1
    assert messages[0].startswith("sitemap: p.md (https://example.com/p/): lastmod (the page's HTML): ")
    assert messages[0].endswith("; not used")
    lastmod, source, messages = html_dated("2025-07-01", lastmod=("html", "build"))
    assert (lastmod, source) == ("2025-06-01T12:00:00+00:00", "build")
    assert messages == [
        "sitemap: p.md (https://example.com/p/): lastmod (the page's HTML): 2025-07-01 is later than the "
        "build (2025-06-01T12:00:00+00:00); not used"
    ]


def test_a_publication_date_is_a_floor_whatever_source_dates_the_change_and_says_metadata():
    # The HTML says a change before the page was published: the publication date, from metadata.
    assert html_dated("2025-05-01", {"date": "2025-05-02"})[:2] == ("2025-05-02", "metadata")
    # After it: the change, from the HTML.
    assert html_dated("2025-05-03", {"date": "2025-05-02"})[:2] == ("2025-05-03", "html")
    # No source gives a change: the publication date alone, from metadata.
    assert html_dated("", {"date": "2025-05-02"}, lastmod=("metadata",))[:2] == ("2025-05-02", "metadata")


@pytest.mark.invalid_output  # another tool's sitemap with a lastmod that is no date, on purpose
def test_another_tools_sitemap_dates_a_page_and_a_bad_or_future_lastmod_there_is_not_used(tmp_path, caplog):
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    (site_dir / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}a/</loc><lastmod>2025-05-01T10:00:00</lastmod></url>"
        f"<url><loc>{BASE}b/</loc><lastmod>not a date</lastmod></url>"
        f"<url><loc>{BASE}c/</loc><lastmod>2025-07-01</lastmod></url>"
        "</urlset>\n"
    )
    for name in ("a", "b", "c"):
        (site_dir / name).mkdir()
        (site_dir / name / "index.html").write_text(
            "<html><head></head><body><main><p>x</p></main></body></html>"
        )
    messages: list[str] = []
    site = sp.Sitemap(
        sp.Options(base_url=BASE, lastmod=["sitemaps", "build"], timezone="Europe/Berlin"),
        emit=messages.append,
        now=dt.datetime(2025, 6, 1, 12, 0, tzinfo=dt.timezone.utc),
        site_dir=site_dir,
    )
    site.read_other_sitemaps()
    with caplog.at_level("INFO", logger="sitemap_plugins"):
        entries = {
            name: site.add_page(
                sp.Page(f"{BASE}{name}/", source=f"{name}.md", path=str(site_dir / name / "index.html"))
            )
            for name in ("a", "b", "c")
        }
    said = {name: (e.lastmod.isoformat(), e.lastmod_source) for name, e in entries.items()}
    assert said == {
        "a": ("2025-05-01T10:00:00+02:00", "sitemaps"),
        "b": ("2025-06-01T12:00:00+00:00", "build"),
        "c": ("2025-06-01T12:00:00+00:00", "build"),
    }
    (said_at_info,) = [r for r in caplog.records if "b.md" in r.getMessage()]
    assert said_at_info.levelname == "INFO"
    assert said_at_info.getMessage().startswith(
        "sitemap: b.md (https://example.com/b/): lastmod (sitemap.xml, another tool's sitemap): "
    )
    assert said_at_info.getMessage().endswith("; not used") and "'not a date'" in said_at_info.getMessage()
    assert messages == [
        "sitemap: c.md (https://example.com/c/): lastmod (sitemap.xml, another tool's sitemap): 2025-07-01 is "
        "later than the build (2025-06-01T12:00:00+00:00); not used"
    ]


def test_a_shallow_clone_counts_each_page_changed_before_its_history(tmp_path):
    origin = tmp_path / "origin"
    (origin / "docs").mkdir(parents=True)
    for name in ("old", "older", "new"):
        (origin / "docs" / f"{name}.md").write_text(f"# {name}\n")
    git(origin, "init", "-q")
    git(origin, "add", "docs/old.md", "docs/older.md")
    git(origin, "commit", "-qm", "first", date=T1)
    git(origin, "add", "docs/new.md")
    git(origin, "commit", "-qm", "second", date=T2)
    (origin / "docs" / "new.md").write_text("# new, changed\n")
    git(origin, "commit", "-qam", "third", date=T3)
    # Two commits deep: the second is the history's edge, where every file seems added.
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{origin}", "shallow")
    docs = tmp_path / "shallow" / "docs"
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), source_root=docs)
    for name in ("old", "older", "new"):
        site.add_page(sp.Page(f"{BASE}{name}/", source=f"{name}.md", source_path=str(docs / f"{name}.md")))
    result = site.write(tmp_path / "out")
    assert result.git_undated == 2
    assert dict(result.undated) == {"changed before a shallow clone's history": 2}
    assert site.entries[f"{BASE}new/"].lastmod.isoformat() == T3
    assert "2 pages not dated by git: a shallow clone" in result.summary()


def test_a_build_stamp_written_without_a_zone_is_known_in_utc_whatever_the_sites_zone(caplog):
    """A site in Tokyo, a plugin that stamps naive UTC: read in the site's zone the stamp is nine
    hours off the build's clock, yet it is the build's own time."""
    build = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    for stamp in (now.replace(tzinfo=None), now.replace(tzinfo=None).isoformat(sep=" ")):
        messages: list[str] = []
        site = sp.Sitemap(
            sp.Options(base_url=BASE, lastmod=["metadata", "build"], timezone="Asia/Tokyo"),
            emit=messages.append,
            now=build,
        )
        with caplog.at_level("DEBUG", logger="sitemap_plugins"):
            entry = site.add_page(sp.Page(BASE + "p/", source="p.md", meta={"updated": stamp}))
        assert (entry.lastmod, entry.lastmod_source, messages) == (build, "build", []), stamp
        said = [r.getMessage() for r in caplog.records if "build's own time" in r.getMessage()]
        assert said == [
            f"sitemap: p.md (https://example.com/p/): lastmod (metadata 'updated') {stamp} is the build's own "
            "time; not used"
        ]
        caplog.clear()
    # An hour before, in UTC and without a zone: a change of the page, read in the site's zone.
    earlier = (now - dt.timedelta(hours=1)).replace(tzinfo=None)
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["metadata"], timezone="Asia/Tokyo"), now=build)
    entry = site.add_page(sp.Page(BASE + "p/", source="p.md", meta={"updated": earlier.isoformat()}))
    assert entry.lastmod_source == "metadata"


def test_metadata_dates_as_plugins_hand_them_over():
    """A list (the newest is the last), an empty value (the next key is read), a midnight that
    carries no more than its date."""
    build = dt.datetime(2025, 6, 1, tzinfo=dt.timezone.utc)
    cases = [
        ({"updated": ["2024-01-01", "2024-03-01"]}, "2024-03-01"),
        ({"updated": ["2024-01-01", "2024-02-01", "2024-03-01"]}, "2024-03-01"),
        ({"lastmod": [], "updated": "2024-01-05"}, "2024-01-05"),
        ({"lastmod": "", "updated": "2024-01-06"}, "2024-01-06"),
        ({"updated": dt.datetime(2024, 5, 1, 0, 0)}, "2024-05-01"),
        ({"updated": dt.datetime(2024, 5, 1, 0, 0, 1)}, "2024-05-01T00:00:01+00:00"),
    ]
    for meta, expected in cases:
        lastmod, source, messages = metadata_lastmod(meta, build)
        assert (lastmod, source, messages) == (expected, "metadata", []), meta


@pytest.mark.parametrize("order", ["outer first", "nested first"])
def test_a_page_of_a_repository_inside_the_docs_is_dated_by_its_own_history(tmp_path, order):
    """Docs that hold another repository (a submodule, a checkout of another project's docs):
    its pages are dated by its history, the rest by the outer one, in whichever order pages come;
    a page outside any repository is undated, said once with its count."""
    docs, nested, loose = tmp_path / "docs", tmp_path / "docs" / "vendor", tmp_path / "loose"
    nested.mkdir(parents=True)
    loose.mkdir()
    (docs / "a.md").write_text("# A\n")
    (nested / "b.md").write_text("# B\n")
    (loose / "c.md").write_text("# C\n")
    git(nested, "init", "-q")
    commit(nested, "2021-02-02T10:00:00+00:00")
    git(docs, "init", "-q")
    (docs / ".gitignore").write_text("vendor/\n")
    commit(docs, "2022-03-03T10:00:00+00:00")
    site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["git"]), source_root=docs)
    names = ["a", "vendor/b"] if order == "outer first" else ["vendor/b", "a"]
    for name in [*names, "c"]:
        path = loose / "c.md" if name == "c" else docs / f"{name}.md"
        site.add_page(sp.Page(f"{BASE}{name}/", source=f"{name}.md", source_path=str(path)))
    result = site.write(tmp_path / "out")
    dates = {url: entry.lastmod and entry.lastmod.isoformat() for url, entry in site.entries.items()}
    assert dates == {
        f"{BASE}a/": "2022-03-03T10:00:00+00:00",
        f"{BASE}vendor/b/": "2021-02-02T10:00:00+00:00",
        f"{BASE}c/": None,
    }
    assert dict(result.undated) == {"not in a git repository (or git is not installed)": 1}


def test_a_files_time_is_a_moment_whatever_the_machines_zone(tmp_path, monkeypatch):
    """`mtime` on a machine in New York: the file's time is stated in UTC, as the moment it is."""
    source = tmp_path / "p.md"
    source.write_text("# P\n")
    stamp = dt.datetime(2019, 4, 4, tzinfo=dt.timezone.utc).timestamp()
    os.utime(source, (stamp, stamp))
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        site = sp.Sitemap(sp.Options(base_url=BASE, lastmod=["mtime"], timezone="Asia/Tokyo"))
        entry = site.add_page(sp.Page(BASE + "p/", source="p.md", source_path=str(source)))
    finally:
        monkeypatch.undo()
        time.tzset()
    assert entry.lastmod.isoformat() == "2019-04-04T00:00:00+00:00"


NOW = dt.datetime(2024, 5, 3, 12, 0, tzinfo=dt.timezone.utc)


#: What each source says of the page: all different, all before the build.
SOURCES = {
    "metadata": "2021-01-01",
    "git": "2022-02-02T10:00:00+00:00",
    "html": "2020-03-03T00:00:00+00:00",
    "mtime": "2019-04-04T00:00:00+00:00",
    "build": "2024-05-03T12:00:00+00:00",
    "sitemaps": "2018-05-05",
}


@pytest.fixture(scope="module")
def dated_site(tmp_path_factory):
    """A page every source dates: its front matter, a commit of its source, its HTML, its
    source's time, and the sitemap another tool wrote beside it."""
    root = tmp_path_factory.mktemp("dated")
    docs, site = root / "docs", root / "site"
    docs.mkdir()
    site.mkdir()
    source = docs / "p.md"
    source.write_text("# P\n")
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "GIT_AUTHOR_DATE": "2022-02-02T10:00:00Z",
        "GIT_COMMITTER_DATE": "2022-02-02T10:00:00Z",
    }
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "p"]):
        subprocess.run(["git", *args], cwd=docs, env=env, check=True, capture_output=True)
    stamp = dt.datetime(2019, 4, 4, tzinfo=dt.timezone.utc).timestamp()
    os.utime(source, (stamp, stamp))
    (site / "p").mkdir()
    (site / "p" / "index.html").write_text(
        '<html><head><meta property="article:modified_time" content="2020-03-03T00:00:00+00:00">'
        "</head><body><main><p>P</p></main></body></html>"
    )
    (site / "theirs.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}p/</loc><lastmod>2018-05-05</lastmod></url>"
        f"<url><loc>{BASE}q/</loc><lastmod>2018-05-06</lastmod></url></urlset>\n"
    )
    (site / "robots.txt").write_text(f"Sitemap: {BASE}theirs.xml\n")
    return docs, site, source


@pytest.mark.parametrize(("first", "second"), list(itertools.permutations(SOURCES, 2)))
def test_lastmod_comes_from_the_first_source_that_dates_the_page(dated_site, tmp_path, first, second):
    """Every ordered pair of sources, each able to date the page: the first listed wins."""
    docs, site, source = dated_site
    options = sp.Options(base_url=BASE, lastmod=[first, second], robots_txt=False)
    sitemap = sp.Sitemap(options, now=NOW, source_root=docs, site_dir=site)
    sitemap.read_other_sitemaps()
    page = sp.Page(
        f"{BASE}p/",
        meta={"lastmod": "2021-01-01"},
        source_path=str(source),
        path=str(site / "p" / "index.html"),
    )
    sitemap.add_page(page)
    sitemap.write(tmp_path / "out")
    lastmod = parse(tmp_path / "out" / "sitemap.xml").findtext("s:url/s:lastmod", namespaces=NS)
    assert lastmod == SOURCES[first]


def test_a_shallow_clone_dates_only_what_its_history_shows(tmp_path):
    origin = tmp_path / "origin"
    (origin / "docs").mkdir(parents=True)
    (origin / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "S",
                "site_url": BASE,
                "theme": "mkdocs",
                "plugins": [{"sitemap": {"report": "r.html"}}],
            }
        )
    )
    git(origin, "init", "-q", "-b", "main")
    (origin / "docs" / "index.md").write_text("# Home\n")
    (origin / "docs" / "old.md").write_text("# Old\n")
    git(origin, "add", ".")
    git(origin, "commit", "-qm", "first", date="2020-01-01T00:00:00+00:00")
    (origin / "docs" / "other.md").write_text("# Other\n")
    git(origin, "add", ".")
    git(origin, "commit", "-qm", "other", date="2023-03-01T00:00:00+00:00")
    (origin / "docs" / "index.md").write_text("# Home, edited\n")
    git(origin, "commit", "-qam", "edit", date="2024-06-01T00:00:00+00:00")
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{origin}", str(shallow))
    run = mkdocs(shallow, "--strict")  # nothing written is false: no warning, --strict passes
    assert run.returncode == 0, run.stderr
    assert lastmods(shallow / "site" / "sitemap.xml") == {
        BASE: "2024-06-01T00:00:00+00:00",  # changed after the clone's boundary: its true date
        BASE + "old/": None,  # last changed 2020: before the fetched history
        BASE + "other/": None,  # changed at the boundary commit, which shows every file
    }
    assert "INFO    -  sitemap: lastmod: the git repository is a shallow clone" in run.stderr
    assert "2 pages not dated by git: a shallow clone" in run.stderr
    assert (
        "(fetch the whole history, <code>fetch-depth: 0</code>, to date them): 2</p>"
        in (shallow / "r.html").read_text()
    )
    full = tmp_path / "full"
    git(tmp_path, "clone", "-q", f"file://{origin}", str(full))
    whole = mkdocs(full)
    assert whole.returncode == 0
    assert lastmods(full / "site" / "sitemap.xml")[BASE + "old/"] == "2020-01-01T00:00:00+00:00"
    assert "shallow clone" not in whole.stderr  # the whole history: nothing of the kind is said


def test_a_date_from_the_future_is_named_and_the_next_source_dates_the_page(tmp_path):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "S",
                "site_url": BASE,
                "theme": "mkdocs",
                "plugins": [{"sitemap": {"lastmod": ["metadata", "build"]}}],
            }
        )
    )
    (project / "docs" / "index.md").write_text("---\ndate: 2099-01-01\n---\n# Home\n")
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}  # 2023-11-14T22:13:20Z
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    assert (
        "WARNING -  sitemap: index.md (https://example.com/): lastmod (metadata 'date'): 2099-01-01 is later "
        "than the build (2023-11-14T22:13:20+00:00); not used"
    ) in run.stderr
    assert lastmods(project / "site" / "sitemap.xml") == {
        BASE: "2023-11-14T22:13:20+00:00"
    }  # the next source

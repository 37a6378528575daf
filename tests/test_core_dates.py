"""lastmod's rules that need a repository, in this process: a page dated by the newest file it
includes, and why a page has no date, in the words the summary counts."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from git_helpers import git

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
        "a listing whose pages have no date": 1,
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

"""lastmod's rules that need a repository, in this process: a page dated by the newest file it
includes, and why a page has no date, in the words the summary counts."""

from __future__ import annotations

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

"""The walk of a built site (`generate --from-dir`): which files are its pages, in what order,
and what it names and passes over."""

from __future__ import annotations

import gc
import os

import pytest
from git_helpers import commit, git, lastmods
from sitemap_checks import generate_from_dir, urls

BASE = "https://example.com/"


def page(title: str) -> str:
    return f"<!doctype html><html lang='en'><head><title>{title}</title></head><body><main><p>{title}.</p></main></body></html>"


def test_pages_are_listed_folder_by_folder_each_once_in_a_stable_order(tmp_path):
    """A folder's pages before its subfolders', by their files' names; hidden folders and files are no
    pages; a folder that is a link inside the site is not walked again (its pages are listed
    once, where they are), a page that is a link inside the site is listed."""
    site = tmp_path / "site"
    for name in ("b.html", "a.html", "docs/z.html", "docs/index.html", "docs/api/x.html", "v2/index.html"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(page(name))
    (site / "index.html").write_text(page("Home"))
    (site / ".well-known").mkdir()
    (site / ".well-known" / "hidden.html").write_text(page("Hidden"))
    (site / ".draft.html").write_text(page("Draft"))
    (site / "latest").symlink_to(site / "v2", target_is_directory=True)
    (site / "c.html").symlink_to(site / "a.html")
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert urls(site / "sitemap.xml") == [
        f"{BASE}a.html",
        f"{BASE}b.html",
        f"{BASE}c.html",
        BASE,  # index.html, after c.html
        f"{BASE}docs/",
        f"{BASE}docs/z.html",
        f"{BASE}docs/api/x.html",
        f"{BASE}v2/",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX's")
def test_what_is_no_regular_file_is_named_and_the_rest_listed(tmp_path):
    """A FIFO named like a page is named, not waited on; the other pages are listed."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    os.mkfifo(site / "pipe.html")
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0, done.stderr
    assert "sitemap: pipe.html: file: is not a regular file (a FIFO); not read, so not listed" in done.stderr
    assert urls(site / "sitemap.xml") == [BASE]


def test_a_run_leaves_nothing_for_the_collector(tmp_path):
    """The set and its pages are freed as the command returns, by their counts of references: a
    walk held in a cycle (a closure that called itself) kept them all to the collector's next
    full pass (on 20,001 pages, 0.45 s of the command's exit)."""
    site = tmp_path / "site"
    for name in ("index.html", "docs/index.html", "docs/api/x.html"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(page(name))
    from sitemap_plugins.command.main import main
    from sitemap_plugins.core.sitemap import Sitemap

    gc.collect()
    gc.disable()
    try:
        code = main(
            ["generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "-q", "--jobs", "1"]
        )
        left = [thing for thing in gc.get_objects() if isinstance(thing, Sitemap)]
    finally:
        gc.enable()
    assert code == 0 and urls(site / "sitemap.xml") == [BASE, f"{BASE}docs/", f"{BASE}docs/api/x.html"]
    assert left == []


def test_a_committed_site_reached_through_links_is_dated_by_its_files_history(tmp_path):
    """A built site committed to git, walked through a link to its folder (`public -> build/html`),
    and a page that is a link to another (`latest.html -> guide.html`): each page is dated by the
    commits of the file it is, its links followed, as the walk found it."""
    repository = tmp_path / "repository"
    html = repository / "build" / "html"
    html.mkdir(parents=True)
    git(repository, "init", "-q")
    (html / "index.html").write_text(page("Home"))
    commit(repository, "2024-03-01T10:00:00+00:00")
    (html / "guide.html").write_text(page("Guide"))
    commit(repository, "2024-05-02T10:00:00+00:00")
    (html / "latest.html").symlink_to(html / "guide.html")
    (repository / "public").symlink_to(html, target_is_directory=True)
    done = generate_from_dir(repository / "public", BASE, "--out", str(tmp_path / "out"))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert lastmods(tmp_path / "out" / "sitemap.xml") == {
        f"{BASE}guide.html": "2024-05-02T10:00:00+00:00",
        BASE: "2024-03-01T10:00:00+00:00",
        f"{BASE}latest.html": "2024-05-02T10:00:00+00:00",
    }

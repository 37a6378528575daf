"""Option `static_files` (#61) on every face: the files a documentation site offers besides its
pages (PDFs, specifications) listed where a glob on their output path names them, each dated by
its source's git history, by its file time only where `lastmod` asks for `mtime`. Real builds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from git_helpers import git, lastmods
from mkdocs_helpers import mkdocs, zensical_then_generate

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
COMMAND = [sys.executable, "-m", "sitemap_plugins"]


def _project(root: Path, config_name: str, config: str) -> Path:
    """Pages and two PDFs committed on known days, one file the globs do not name."""
    docs = root / "docs"
    (docs / "downloads").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "downloads" / "manual.pdf").write_bytes(b"%PDF-1.4 manual\n")
    (docs / "downloads" / "notes.txt").write_text("notes\n")
    (root / config_name).write_text(config)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first", date="2025-03-04T10:00:00+00:00")
    (docs / "spec v2.pdf").write_bytes(b"%PDF-1.4 spec\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "spec", date="2025-05-06T10:00:00+00:00")
    return root


EXPECTED = {
    BASE: "2025-03-04T10:00:00+00:00",
    BASE + "downloads/manual.pdf": "2025-03-04T10:00:00+00:00",
    BASE + "spec%20v2.pdf": "2025-05-06T10:00:00+00:00",
}


def test_mkdocs_lists_the_files_its_globs_name_dated_by_git(tmp_path):
    project = _project(
        tmp_path,
        "mkdocs.yml",
        f"site_name: Files\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      static_files: ['*.pdf']\n",
    )
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert lastmods(project / "site" / "sitemap.xml") == EXPECTED


def test_zensical_project_lists_them_the_same(tmp_path):
    pytest.importorskip("zensical", reason="Zensical does not install here")
    project = _project(
        tmp_path,
        "zensical.toml",
        f'[project]\nsite_name = "Files"\nsite_url = "{BASE}"\n'
        '[project.plugins.sitemap]\nstatic_files = ["*.pdf"]\n',
    )
    done = zensical_then_generate(project)
    assert done.returncode == 0, done.stderr
    assert lastmods(project / "site" / "sitemap.xml") == EXPECTED


def test_the_command_dates_a_built_file_by_its_time_only_where_asked(tmp_path):
    """--from-dir: the built files are in no git history; undated, or dated by their file time
    with `--lastmod mtime`. A glob on the path (`downloads/*`) names the text file too."""
    site = tmp_path / "site"
    (site / "downloads").mkdir(parents=True)
    (site / "index.html").write_text(
        "<html><head><title>Home</title></head><body><main>Home</main></body></html>"
    )
    (site / "downloads" / "manual.pdf").write_bytes(b"%PDF-1.4\n")
    (site / "downloads" / "notes.txt").write_text("notes\n")
    stamp = 1_750_000_000  # 2025-06-15T15:06:40Z
    for path in (site / "index.html", site / "downloads" / "manual.pdf", site / "downloads" / "notes.txt"):
        os.utime(path, (stamp, stamp))
    args = ["generate", "--from-dir", str(site), "--base-url", BASE, "--static-files", "downloads/*"]
    done = subprocess.run([*COMMAND, *args, "--out", str(tmp_path / "a")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    files = [BASE + "downloads/manual.pdf", BASE + "downloads/notes.txt"]
    assert lastmods(tmp_path / "a" / "sitemap.xml") == {BASE: None, **dict.fromkeys(files)}
    assert "3 URLs in 1 file" in done.stderr
    done = subprocess.run(
        [*COMMAND, *args, "--out", str(tmp_path / "b"), "--lastmod", "mtime"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "b" / "sitemap.xml") == dict.fromkeys(
        [BASE, *files], "2025-06-15T15:06:40+00:00"
    )


def test_a_bad_value_is_an_option_error(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Files\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      static_files: [5]\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "option 'static_files'" in done.stderr

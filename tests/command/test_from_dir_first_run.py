"""`generate --from-dir` and `check DIR` as a new user runs them on a Hugo site whose sources are
all committed: the reason a page is undated, x-default, `--out`, `--report`, a missing page."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from command_runs import run as _command
from git_helpers import commit, git, lastmods
from sitemap_checks import NS, parse

BASE = "https://h.example.com/"
LAYOUT = """<!DOCTYPE html><html lang="{{ .Lang }}"><head><title>{{ .Title }}</title>
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">
{{ end }}</head><body><main>{{ block "main" . }}{{ end }}</main></body></html>
"""
MAIN = '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ range .Pages }}<a href="{{ .Permalink }}">{{ .Title }}</a>{{ end }}{{ end }}'
PAGES = {
    "_index.md": "title: Home\n---\nWelcome.",
    "_index.de.md": "title: Start\n---\nWillkommen.",
    "posts/one.md": "title: Post\ndate: 2025-01-10\ntags: [sea]\n---\nText.",
    "posts/one.de.md": "title: Beitrag\ndate: 2025-01-12\ntags: [sea]\n---\nText auf Deutsch.",
}


def _hugo_repository(tmp_path: Path) -> Path:
    """An English and German Hugo site, Hugo's own sitemaps on (they date the pages), every
    source committed and `public/` not: what a repository of a Hugo site holds."""
    if shutil.which("hugo") is None:
        pytest.skip("hugo is not installed (Debian's `hugo` package; .ci/run installs it)")
    root = tmp_path / "hugo"
    (root / "layouts" / "_default").mkdir(parents=True)
    (root / "config.toml").write_text(
        f'baseURL = "{BASE}"\ndefaultContentLanguage = "en"\ndisableKinds = ["RSS"]\n'
        "[languages.en]\nweight = 1\n[languages.de]\nweight = 2\n"
    )
    (root / "layouts" / "_default" / "baseof.html").write_text(LAYOUT)
    for layout in ("_default/single.html", "_default/list.html", "index.html"):
        (root / "layouts" / layout).write_text(MAIN)
    for name, text in PAGES.items():
        (root / "content" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "content" / name).write_text(f"---\n{text}\n")
    (root / ".gitignore").write_text("public/\n.hugo_build.lock\nsitemap-report.html\n")
    git(root, "init", "-q")
    commit(root, "2025-02-01T10:00:00+00:00")
    built = subprocess.run(["hugo", "--quiet"], cwd=root, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return root


def _generate(root: Path, *more: str, out: bool = True) -> subprocess.CompletedProcess[str]:
    """`generate --from-dir public --base-url BASE` in the repository, `--out public` unless `out` is False."""
    return _command(
        "generate",
        "--from-dir",
        "public",
        "--base-url",
        BASE,
        *(("--out", "public") if out else ()),
        *more,
        cwd=root,
    )


def test_a_built_page_nothing_dates_is_said_as_one_not_as_an_uncommitted_file(tmp_path):
    """Hugo's taxonomy pages (`/categories/`, none used) are in Hugo's sitemap without a date;
    their files are the build's output: "not committed to git" was said of them, in a repository
    where every source is committed."""
    root = _hugo_repository(tmp_path)
    done = _generate(root, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    assert "not committed to git" not in done.stderr
    undated = sorted(loc for loc, lastmod in lastmods(root / "public" / "sitemap.xml").items() if not lastmod)
    assert undated == [BASE + "categories/", BASE + "de/categories/"]
    assert (
        "sitemap: 2 pages without lastmod: 2 a built page that states no date, its file in no commit "
        "(a build's output); how to date them"
    ) in done.stderr


def test_out_is_the_from_dir_folder(tmp_path):
    """No `--out`: the set goes into the built site, as every example writes it (`--out` was
    required, even when it is the `--from-dir` folder)."""
    root = _hugo_repository(tmp_path)
    done = _generate(root, "--replace-sitemaps", out=False)
    assert done.returncode == 0, done.stderr
    assert BASE + "posts/one/" in lastmods(root / "public" / "sitemap.xml")


def test_x_default_is_the_home_pages_language(tmp_path):
    """The home page says `lang="en"`: each group's x-default is its English page, as the other
    faces name their main language (none was written unless `--x-default`); `--no-x-default`
    writes none."""
    root = _hugo_repository(tmp_path)
    public = root / "public"
    done = _generate(root, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    groups = {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(public / "sitemap.xml").iterfind("s:url", NS)
    }
    assert groups[BASE] == {"en": BASE, "de": BASE + "de/", "x-default": BASE}
    assert groups[BASE + "de/posts/one/"] == {
        "en": BASE + "posts/one/",
        "de": BASE + "de/posts/one/",
        "x-default": BASE + "posts/one/",
    }
    done = _generate(root, "--no-x-default")
    assert done.returncode == 0, done.stderr
    assert b"x-default" not in (public / "sitemap.xml").read_bytes()


def test_report_with_no_value_is_the_default_file_and_said(tmp_path):
    root = _hugo_repository(tmp_path)
    done = _generate(root, "--replace-sitemaps", "--report")
    assert done.returncode == 0, done.stderr
    assert (root / "sitemap-report.html").is_file()
    assert "sitemap: the report (every URL, every page left out and why): sitemap-report.html" in (
        done.stderr.splitlines()
    )


def test_check_flags_a_listed_page_whose_folder_is_missing(tmp_path):
    """Offline `check DIR` flagged a missing image and said "no problems" of a missing page."""
    root = _hugo_repository(tmp_path)
    public = root / "public"
    assert _generate(root, "--replace-sitemaps").returncode == 0
    assert _command("check", str(public), "--base-url", BASE).stderr.endswith(": no problems\n")
    shutil.rmtree(public / "posts" / "one")
    done = _command("check", str(public), "--base-url", BASE)
    assert done.returncode == 0, done.stdout + done.stderr  # advice: a page may be deployed apart
    [line] = done.stdout.splitlines()
    assert line.endswith(
        f": {BASE}posts/one/: the page is no file of {public}: a crawler gets a 404 unless it is deployed "
        "apart [missing-file]"
    )
    assert "no problems" not in done.stderr and "1 advice" in done.stderr
    assert _command("check", str(public), "--base-url", BASE, "--strict").returncode == 1

"""A second run on the run's own output, as users make one (to add `--report`, after a failed
deploy, a CI step run twice): every build (mkdocs build, --dirty too; pelican; sphinx-build)
and every command (generate --from-dir, --from-jsonl, --project; versions; clean) writes what
the first run wrote, byte for byte, and says the same lines."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run as _command
from git_helpers import lastmods
from mkdocs_helpers import copy_sample as copy_mkdocs_sample
from pelican_helpers import copy_sample as copy_pelican_sample
from pelican_helpers import pelican
from sphinx_helpers import project as sphinx_project
from sphinx_helpers import sphinx

from sitemap_plugins.core.output.render import GENERATOR

pytestmark = [pytest.mark.slow, pytest.mark.environment]


def _files(directory: Path) -> dict[str, bytes]:
    """Every file of the set (and robots.txt), by its path in `directory`."""
    return {
        path.relative_to(directory).as_posix(): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and (path.name.startswith(("sitemap", ".sitemap", "robots", "videos")))
    }


def _lines(text: str) -> list[str]:
    """What a run says of its set: the lines naming the sitemap, without the time and the
    source line Pelican's log shows beside them."""
    lines = [re.sub(r"\[\d\d:\d\d:\d\d\]|\S+\.py:\d+$", "", line) for line in text.splitlines()]
    return [" ".join(line.split()) for line in lines if "sitemap" in line]


# -- generate --from-dir on Hugo's output ----------------------------------------------------------

HUGO_CONFIG = """baseURL = "https://le.example.com/"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS"]
enableRobotsTXT = true
[languages.en]
weight = 1
[languages.el]
weight = 2
"""
#: A theme that shows no date and names no translation: Hugo's sitemaps are all that say them.
HUGO_BASE = '<!DOCTYPE html><html lang="{{ .Lang }}"><head><title>{{ .Title }}</title></head>'
HUGO_BASE += '<body><main>{{ block "main" . }}{{ end }}</main></body></html>\n'
HUGO_PAGES = {
    "_index.md": "title: Home",
    "_index.el.md": "title: Αρχική",
    "about.md": "title: About\nlastmod: 2025-03-04",
    "donate.md": "title: Donate\nlastmod: 2025-02-20T10:30:00Z",
    "donate.el.md": "title: Δωρεά\ndate: 2025-01-12",
}


def _hugo_site(tmp_path: Path) -> Path:
    if shutil.which("hugo") is None:
        pytest.skip("hugo is not installed (Debian's `hugo` package; .ci/run installs it)")
    site = tmp_path / "hugo"
    layouts = site / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (site / "content").mkdir()
    (site / "config.toml").write_text(HUGO_CONFIG)
    (layouts / "baseof.html").write_text(HUGO_BASE)
    for layout in (layouts / "single.html", layouts / "list.html", site / "layouts" / "index.html"):
        layout.write_text('{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}')
    for name, front in HUGO_PAGES.items():
        (site / "content" / name).write_text(f"---\n{front}\n---\nText.\n")
    built = subprocess.run(["hugo", "--quiet"], cwd=site, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return site / "public"


def test_replace_sitemaps_run_again_keeps_what_hugos_sitemaps_said(tmp_path):
    """Hugo's sitemaps are the only source of the dates and translations; the first run reads
    them and takes their place.  Run again (the same, to add --report, without the flag), each
    run writes the same files and says the same lines: the manifest kept what they said.  On
    the code before, the second run dropped every lastmod (3 to 0) and every group, blaming
    "not committed to git"."""
    public = _hugo_site(tmp_path)
    base = "https://le.example.com/"
    args = ("generate", "--from-dir", str(public), "--base-url", base, "--out", str(public))
    first = _command(*args, "--replace-sitemaps")
    assert first.returncode == 0, first.stderr
    written = _files(public)
    assert lastmods(public / "sitemap.xml") == {
        base: None,
        base + "about/": "2025-03-04T00:00:00+00:00",
        base + "donate/": "2025-02-20T10:30:00+00:00",
        base + "el/": None,
        base + "el/donate/": "2025-01-12T00:00:00+00:00",
    }
    assert b'hreflang="el" href="https://le.example.com/el/donate/"' in written["sitemap.xml"]
    assert not (public / "en" / "sitemap.xml").exists()
    report = tmp_path / "report.html"
    for again in (("--replace-sitemaps",), ("--replace-sitemaps", "--report", str(report)), ()):
        run = _command(*args, *again)
        said = run.stderr.replace(
            f"sitemap: the report (every URL, every page left out and why): {report}\n", ""
        )
        assert (run.returncode, said) == (0, first.stderr), again  # and with --report, where it is
        assert _files(public) == written, again
    assert "not committed to git" not in first.stderr
    assert report.is_file()

    # Hugo builds again: its sitemaps are read anew, and what the manifest kept is not used.
    (public.parent / "content" / "about.md").write_text("---\ntitle: About\nlastmod: 2025-06-07\n---\nNew.\n")
    rebuilt = subprocess.run(["hugo", "--quiet"], cwd=public.parent, capture_output=True, text=True)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert _command(*args, "--replace-sitemaps").returncode == 0
    assert lastmods(public / "sitemap.xml")[base + "about/"] == "2025-06-07T00:00:00+00:00"


# -- the builds ------------------------------------------------------------------------------------


def _mkdocs(project: Path, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    return _lines(done.stderr)


@pytest.mark.parametrize("again", [(), ("--dirty",)], ids=["build", "build --dirty"])
def test_mkdocs_build_again_writes_the_same_set(tmp_path, again):
    """The feature sample (a page `sitemap: false`, videos, extra_urls) built, then built again
    into the same site_dir.  `--dirty` renders no page again: the set is still the first
    build's (it listed the hidden page and left out a video, before)."""
    project = copy_mkdocs_sample("mkdocs-features", tmp_path)
    said = _mkdocs(project)
    written = _files(project / "site")
    assert _mkdocs(project, *again) == said and [line for line in said if " URLs in " in line]
    assert _files(project / "site") == written
    assert "https://docs.example.com/hidden/" not in written["sitemap.xml"].decode()


def test_pelican_again_writes_the_same_set(tmp_path):
    """The i18n sample, built twice into the same output (Pelican does not clear it)."""
    project = copy_pelican_sample("pelican-i18n", tmp_path)
    first = pelican(project, "-v")
    assert first.returncode == 0, first.stdout + first.stderr
    written = _files(project / "output")
    second = pelican(project, "-v")
    assert second.returncode == 0, second.stdout + second.stderr
    said = _lines(first.stdout + first.stderr)
    assert _lines(second.stdout + second.stderr) == said and [line for line in said if " URLs in " in line]
    assert _files(project / "output") == written


def test_sphinx_build_again_writes_the_same_set(tmp_path):
    """sphinx-build again into the same output: incremental, nothing read again."""
    docs = sphinx_project(tmp_path)
    first = sphinx(docs, tmp_path / "html")
    assert first.returncode == 0, first.stderr
    written = _files(tmp_path / "html")
    second = sphinx(docs, tmp_path / "html")
    assert second.returncode == 0, second.stderr
    said = _lines(first.stdout + first.stderr)
    assert _lines(second.stdout + second.stderr) == said and [line for line in said if " URLs in " in line]
    assert _files(tmp_path / "html") == written


# -- the other commands ----------------------------------------------------------------------------


def test_generate_from_jsonl_and_project_again_write_the_same_set(tmp_path):
    """`--from-jsonl` into the same folder, and `--project` on the feature sample's build."""
    out = tmp_path / "out"
    entries = tmp_path / "entries.jsonl"
    entries.write_text(
        "\n".join(
            json.dumps({"loc": f"https://j.example.com/{n}/", "lastmod": f"2025-01-{n:02}"})
            for n in range(1, 9)
        )
        + "\n"
    )
    args = (
        "generate",
        "--base-url",
        "https://j.example.com/",
        "--out",
        str(out),
        "--from-jsonl",
        str(entries),
    )
    first = _command(*args)
    assert first.returncode == 0, first.stderr
    written = _files(out)
    assert (_command(*args).stderr, _files(out)) == (first.stderr, written)

    project = copy_mkdocs_sample("mkdocs-features", tmp_path)
    _mkdocs(project)
    first = _command("generate", "--project", "mkdocs.yml", cwd=project)
    assert first.returncode == 0, first.stderr
    written = _files(project / "site")
    second = _command("generate", "--project", "mkdocs.yml", cwd=project)
    assert (second.returncode, second.stderr, _files(project / "site")) == (0, first.stderr, written)


def test_versions_again_writes_the_same_root_and_clean_again_changes_nothing(tmp_path):
    """`versions` on mike's branch twice; then `clean` of a set twice: the second finds no set,
    says so, and the folder is as the first left it (the owner's robots.txt as they wrote it)."""
    root = tmp_path / "gh-pages"
    base = "https://v.example.com/"
    for version in ("2.0", "1.0"):
        (root / version).mkdir(parents=True)
        (root / version / "sitemap.xml").write_text(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- {GENERATOR} -->\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{base}{version}/</loc><lastmod>2024-05-01</lastmod></url></urlset>\n"
        )
    (root / "versions.json").write_text(
        json.dumps(
            [
                {"version": "2.0", "title": "2.0", "aliases": ["latest"]},
                {"version": "1.0", "title": "1.0", "aliases": []},
            ]
        )
    )
    (root / "robots.txt").write_text("User-agent: *\nDisallow: /drafts/\n")
    args = ("versions", str(root), "--base-url", base, "--versions", "all")
    first = _command(*args)
    assert first.returncode == 0, first.stderr
    written = _files(root)
    assert "sitemap.xml" in written and b"Sitemap: " in written["robots.txt"]
    assert (_command(*args).stderr, _files(root)) == (first.stderr, written)

    cleaned = _command("clean", str(root))
    assert cleaned.returncode == 0, cleaned.stderr
    after = {
        path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()
    }
    assert (root / "robots.txt").read_text() == "User-agent: *\nDisallow: /drafts/\n"
    again = _command("clean", str(root))
    assert again.returncode == 0
    assert again.stderr == (
        f"sitemap-plugins clean: {root} holds no set of sitemap-plugins (no .sitemap-plugins.json, which "
        "names what a build wrote); nothing was removed\n"
    )
    assert {
        path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()
    } == after

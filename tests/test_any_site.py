"""Any site, as Sphinx, Hugo and Pelican themes really write it: real Sphinx and Pelican builds
made here, read by `generate --from-dir` and the Pelican plugin; the exact URL sets asserted."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs_helpers import PNG
from pelican_helpers import build, write_theme
from sitemap_checks import NS, parse, urls


def _command(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args], capture_output=True, text=True, cwd=cwd
    )


def _sphinx_site(tmp_path: Path) -> Path:
    """A Sphinx project as Read the Docs builds it (`html_baseurl` set, which writes a canonical
    link on every page: `.../index.html` for the home page and each section's index)."""
    source = tmp_path / "src"
    for directory in ("deploying", "tutorial"):
        (source / directory).mkdir(parents=True)
        (source / directory / "index.rst").write_text(f"{directory.title()}\n=========\n\nText.\n")
    (source / "conf.py").write_text(
        'project = "Flask"\nhtml_baseurl = "https://flask.example.com/en/stable/"\nhtml_theme = "alabaster"\n'
    )
    (source / "index.rst").write_text(
        "Flask\n=====\n\n.. toctree::\n\n   deploying/index\n   tutorial/index\n   api\n\n.. image:: logo.png\n"
    )
    (source / "api.rst").write_text("API\n===\n\nThe API.\n")
    (source / "logo.png").write_bytes(PNG)
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "html")],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return tmp_path / "html"


def test_a_canonical_that_spells_the_page_as_its_file_is_the_page_itself(tmp_path):
    """Sphinx's `.../index.html` canonicals name the pages' own files: each page is listed once,
    as its canonical spells it, its images with it (the search page says noindex)."""
    site = _sphinx_site(tmp_path)
    base = "https://flask.example.com/en/stable/"
    done = _command("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    assert done.returncode == 0, done.stderr
    assert "canonical" not in done.stderr
    assert sorted(urls(site / "sitemap.xml")) == [
        base + "api.html",
        base + "deploying/index.html",
        base + "genindex.html",
        base + "index.html",
        base + "tutorial/index.html",
    ]
    home = next(
        u
        for u in parse(site / "sitemap.xml").iterfind("s:url", NS)
        if u.findtext("s:loc", namespaces=NS) == base + "index.html"
    )
    assert home.findtext("image:image/image:loc", namespaces=NS) == base + "_images/logo.png"


def test_a_base_url_that_is_not_the_sites_says_which_is(tmp_path):
    """Every page names its canonical under `/en/stable/`, and the base URL given is `/en/latest/`:
    one line says so, with the address to use; nothing is written."""
    site = _sphinx_site(tmp_path)
    out = tmp_path / "out"
    latest, stable = "https://flask.example.com/en/latest/", "https://flask.example.com/en/stable/"
    done = _command("generate", "--from-dir", str(site), "--base-url", latest, "--out", str(out))
    assert done.stderr.splitlines()[:2] == [
        f"sitemap: 5 of the 6 pages name their canonical URL under {stable}, not under the base URL "
        f"{latest}, so none is listed: if the site is published at {stable}, make that the base URL "
        "(site_url, SITEURL, --base-url)",
        "sitemap: sitemap.xml: entries: no page to list, so no sitemap was written",
    ]
    assert not (out / "sitemap.xml").exists()


def test_a_pelican_theme_whose_canonical_names_the_output_file_keeps_its_home_page(tmp_path):
    """`<link rel="canonical" href="{{ SITEURL }}/{{ output_file }}">`, a common pattern of
    Pelican's themes: the home page says `/index.html`, and is listed so; every page is listed."""
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    for number in (1, 2):
        (project / "content" / f"post-{number}.md").write_text(
            f"Title: Post {number}\nDate: 2026-03-0{number}\n\nText {number}.\n"
        )
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTHEME = "theme"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\n'
    )
    base_html = (
        '<html><head><link rel="canonical" href="{{ SITEURL }}/{{ output_file }}"></head>'
        "<body><main>{% block content %}{% endblock %}</main></body></html>"
    )
    listing = (
        '{% extends "base.html" %}{% block content %}{% for a in articles %}'
        '<a href="{{ SITEURL }}/{{ a.url }}">{{ a.title }}</a>{% endfor %}{% endblock %}'
    )
    write_theme(project, base_html, listing)
    output = build(project)
    assert (output / "index.html").read_text().count('href="https://p.example.com/index.html"') == 1
    assert sorted(urls(output / "sitemap.xml")) == [
        "https://p.example.com/index.html",
        "https://p.example.com/post-1.html",
        "https://p.example.com/post-2.html",
    ]
    lastmods = {
        u.findtext("s:loc", namespaces=NS): u.findtext("s:lastmod", namespaces=NS)
        for u in parse(output / "sitemap.xml").iterfind("s:url", NS)
    }
    # The home page is dated by the newest post it shows, as any listing.
    assert lastmods["https://p.example.com/index.html"] == lastmods["https://p.example.com/post-2.html"]


HUGO_LAYOUT = """<!DOCTYPE html><html lang="{{ .Lang }}"><head><title>{{ .Title }}</title>
<link rel="canonical" href="{{ with .Params.canonical }}{{ . | absURL }}{{ else }}{{ .Permalink }}{{ end }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">
{{ end }}</head><body><main>{{ block "main" . }}{{ end }}</main></body></html>
"""


def _hugo_site(tmp_path: Path, sitemap: bool = False) -> Path:
    """A two-language Hugo site whose theme writes hreflang links in the head (a common pattern),
    and an untranslated page whose Greek copy says its canonical is the English page."""
    if shutil.which("hugo") is None:
        pytest.skip("hugo is not installed (Debian's `hugo` package; .ci/run installs it)")
    site = tmp_path / "hugo"
    layouts = site / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (site / "content").mkdir()
    kinds = '"taxonomy", "term", "RSS"' + ("" if sitemap else ', "sitemap"')
    (site / "config.toml").write_text(
        f'baseURL = "https://le.example.com/"\ndefaultContentLanguage = "en"\ndisableKinds = [{kinds}]\n'
        "[languages.en]\nweight = 1\n[languages.el]\nweight = 2\n"
    )
    (layouts / "baseof.html").write_text(HUGO_LAYOUT)
    main = '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}'
    for layout in (layouts / "single.html", layouts / "list.html", site / "layouts" / "index.html"):
        layout.write_text(main)
    pages = {
        "_index.md": "title: Home\n---\nWelcome.",
        "_index.el.md": "title: Αρχική\n---\nΚαλώς ήρθατε.",
        "about.md": "title: About\n---\nAbout us.",
        "about.el.md": "title: About\ncanonical: /about/\n---\nAbout us.",
        "donate.md": "title: Donate\n---\nGive.",
        "donate.el.md": "title: Δωρεά\n---\nΔώστε.",
    }
    for name, text in pages.items():
        (site / "content" / name).write_text(f"---\n{text}\n")
    built = subprocess.run(["hugo", "--quiet"], cwd=site, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return site / "public"


def _groups(sitemap: Path) -> dict[str, list[tuple[str, str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): sorted(
            (link.get("hreflang"), link.get("href")) for link in url.iterfind("xhtml:link", NS)
        )
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def test_alternates_never_name_what_the_sitemap_leaves_out(tmp_path):
    """Hugo: `/about/` names `/el/about/` as its Greek version, an English copy whose canonical
    is `/about/`, which the set leaves out: the link is dropped from the group, counted in the
    summary and named in the report; `check` flags a set of another tool's that keeps it."""
    public = _hugo_site(tmp_path)
    base = "https://le.example.com/"
    report = tmp_path / "report.html"
    done = _command(
        "generate",
        "--from-dir",
        str(public),
        "--base-url",
        base,
        "--out",
        str(public),
        "--report",
        str(report),
    )
    assert done.returncode == 0, done.stderr
    assert (
        "5 URLs in 1 file, 0 images, 0 videos, 1 hreflang link dropped: they named pages not listed"
        in done.stderr
    )
    assert _groups(public / "sitemap.xml") == {
        base: [("el", base + "el/"), ("en", base)],
        base + "about/": [],
        base + "donate/": [("el", base + "el/donate/"), ("en", base + "donate/")],
        base + "el/": [("el", base + "el/"), ("en", base)],
        base + "el/donate/": [("el", base + "el/donate/"), ("en", base + "donate/")],
    }
    text = report.read_text()
    assert (
        'id="alternates-dropped"' in text
        and "canonical: the canonical URL is https://le.example.com/about/" in text
    )

    # Another tool's set that keeps the link: check names it, with a code of its own.
    (public / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        f'<url><loc>{base}about/</loc><xhtml:link rel="alternate" hreflang="en" href="{base}about/"/>'
        f'<xhtml:link rel="alternate" hreflang="el" href="{base}el/about/"/></url>\n</urlset>\n'
    )
    (public / "robots.txt").write_text(f"Sitemap: {base}sitemap.xml\n")
    checked = _command("check", str(public), "--base-url", base)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert (
        f"{base}about/: hreflang: {base}el/about/ (el) is a copy of {base}about/ (its canonical): "
        "no translation a search engine indexes [hreflang-unlisted]"
    ) in checked.stdout + checked.stderr

"""Any site, as Sphinx, Hugo and Pelican themes really write it: real Sphinx and Pelican builds
made here, read by `generate --from-dir` and the Pelican plugin; the exact URL sets asserted."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from command_runs import run as _command
from mkdocs_helpers import PNG
from pelican_helpers import build, write_theme
from sitemap_checks import NS, parse, urls
from small_sites import two_pages_canonical_at

from sitemap_plugins.core.output.result import docs_page

pytestmark = pytest.mark.slow  # builds real sites


def _sphinx_site(tmp_path: Path, conf: str = "") -> Path:
    """A Sphinx project as Read the Docs builds it (`html_baseurl` set, which writes a canonical
    link on every page: `.../index.html` for the home page and each section's index); `conf`:
    more of conf.py."""
    source = tmp_path / "src"
    for directory in ("deploying", "tutorial"):
        (source / directory).mkdir(parents=True)
        (source / directory / "index.rst").write_text(f"{directory.title()}\n=========\n\nText.\n")
    (source / "conf.py").write_text(
        'project = "Flask"\nhtml_baseurl = "https://flask.example.com/en/stable/"\nhtml_theme = "alabaster"\n'
        + conf
    )
    (source / "index.rst").write_text(
        "Flask\n=====\n\n.. toctree::\n\n   deploying/index\n   tutorial/index\n   api\n\n.. image:: logo.png\n"
    )
    (source / "api.rst").write_text("API\n===\n\nThe API.\n")
    (source / "logo.png").write_bytes(PNG)
    if "sphinx_sitemap" in conf:  # it dates pages by their sources' commits
        _git(source, "init", "-q")
        _git(source, "add", "-A")
        _git(source, "commit", "-qm", "docs", date="2025-02-03T04:05:06Z")
        (source / "api.rst").write_text("API\n===\n\nThe API, changed.\n")
        _git(source, "commit", "-qam", "api", date="2025-05-06T07:08:09Z")
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "html")],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return tmp_path / "html"


def _git(cwd: Path, *args: str, date: str | None = None) -> None:
    who = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com"}
    who |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com", "PATH": os.environ["PATH"]}
    when = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else {}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env={**who, **when})


def test_a_canonical_that_spells_the_page_as_its_file_is_the_page_itself(tmp_path):
    """Sphinx's `.../index.html` canonicals name the pages' own files: each page is listed once,
    as its canonical spells it, its images with it (the search page says noindex)."""
    site = _sphinx_site(tmp_path)
    base = "https://flask.example.com/en/stable/"
    done = _command("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    assert done.returncode == 0, done.stderr
    assert "canonical" not in done.stderr
    # No page dates itself, and nothing else here does: one line says what would.
    assert (
        "sitemap: none of the 5 pages has a lastmod (5 a built page that states no date, its file in no "
        "git repository): the pages' own dates "
        '(<meta property="article:modified_time">, JSON-LD '
        "dateModified), the git history of their sources, or the lastmods of a sitemap the generator "
        f"writes give them: {docs_page('lastmod.md')}"
    ) in done.stderr.splitlines()
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


#: sphinx-sitemap with git dates; the pages themselves carry none (sphinx-last-updated-by-git
#: writes them as `article:modified_time` unless told not to), so the sitemap alone knows them.
SPHINX_SITEMAP = (
    'extensions = ["sphinx_sitemap"]\nsitemap_show_lastmod = True\ngit_last_updated_metatags = False\n'
)


def test_sphinx_sitemaps_git_dates_stay_when_ours_takes_its_place(tmp_path):
    """sphinx-sitemap dates each page by its source's last commit: ours, in its place
    (`--replace-sitemaps`), lists the same pages with those dates (pages with no source, such
    as the general index, have none there either)."""
    pytest.importorskip("sphinx_sitemap")
    site = _sphinx_site(tmp_path, SPHINX_SITEMAP + 'sitemap_url_scheme = "{link}"\n')
    base = "https://flask.example.com/en/stable/"
    theirs = _lastmods(site / "sitemap.xml")
    assert theirs[base + "api.html"] == "2025-05-06T07:08:09Z"
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    done = _command(*args, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    assert b"generated by sitemap-plugins" in (site / "sitemap.xml").read_bytes()
    assert _lastmods(site / "sitemap.xml") == {
        base + "api.html": "2025-05-06T07:08:09+00:00",
        base + "deploying/index.html": "2025-02-03T04:05:06+00:00",
        base + "genindex.html": None,
        base + "index.html": "2025-02-03T04:05:06+00:00",
        base + "tutorial/index.html": "2025-02-03T04:05:06+00:00",
    }
    # Flask's sphinx-sitemap output: ours is at the same URL, so nothing is gone from Search Console.
    assert "sitemap: ours took the place of sitemaps another tool wrote: sitemap.xml\n" in done.stderr
    assert "gone" not in done.stderr and "Search Console" not in done.stderr


def test_a_sphinx_sitemap_of_urls_the_site_does_not_serve_is_said_and_not_used(tmp_path):
    """sphinx-sitemap's default scheme puts the language in every URL (`/en/stable/en/api.html`),
    which a site served without it does not have: none of its dates is taken, and one warning
    says why (the owner can set `sitemap_url_scheme`)."""
    pytest.importorskip("sphinx_sitemap")
    site = _sphinx_site(tmp_path, SPHINX_SITEMAP)
    base = "https://flask.example.com/en/stable/"
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    done = _command(*args, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"sitemap: sitemap.xml (another tool's sitemap): loc: 6 of its 6 URLs are no file of the site "
        f"under {base} ({base}en/api.html, …): nothing is taken from it for them"
    )
    assert set(_lastmods(site / "sitemap.xml").values()) == {None}


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
HREFLANG</head><body><main>{{ block "main" . }}{{ end }}</main></body></html>
"""
HUGO_HREFLANG = """{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">
{{ end }}"""
#: A theme's robots.txt (Hugo's `enableRobotsTXT`) naming Hugo's sitemaps.
HUGO_ROBOTS = """User-agent: *
Disallow:
Sitemap: {{ "sitemap.xml" | absURL }}
Sitemap: {{ "en/sitemap.xml" | absURL }}
"""


def _hugo_site(tmp_path: Path, sitemap: bool = False, hreflang: bool = True) -> Path:
    """A two-language Hugo site whose theme writes hreflang links in the head (a common pattern;
    `hreflang=False`: a theme that writes none), and an untranslated page whose Greek copy says
    its canonical is the English page.  `sitemap`: Hugo's own sitemaps on, as by default (an
    index and one per language), and a robots.txt that names them."""
    if shutil.which("hugo") is None:
        pytest.skip("hugo is not installed (Debian's `hugo` package; .ci/run installs it)")
    site = tmp_path / "hugo"
    layouts = site / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (site / "content").mkdir()
    kinds = '"taxonomy", "term", "RSS"' + ("" if sitemap else ', "sitemap"')
    (site / "config.toml").write_text(
        f'baseURL = "https://le.example.com/"\ndefaultContentLanguage = "en"\ndisableKinds = [{kinds}]\n'
        f"enableRobotsTXT = {str(sitemap).lower()}\n[languages.en]\nweight = 1\n[languages.el]\nweight = 2\n"
    )
    (layouts / "baseof.html").write_text(HUGO_LAYOUT.replace("HREFLANG", HUGO_HREFLANG if hreflang else ""))
    (site / "layouts" / "robots.txt").write_text(HUGO_ROBOTS)
    main = '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}'
    for layout in (layouts / "single.html", layouts / "list.html", site / "layouts" / "index.html"):
        layout.write_text(main)
    pages = {
        "_index.md": "title: Home\n---\nWelcome.",
        "_index.el.md": "title: Αρχική\n---\nΚαλώς ήρθατε.",
        "about.md": "title: About\nlastmod: 2025-03-04\n---\nAbout us.",
        "about.el.md": "title: About\ncanonical: /about/\n---\nAbout us.",
        "donate.md": "title: Donate\ndate: 2025-01-10\nlastmod: 2025-02-20T10:30:00Z\n---\nGive.",
        "donate.el.md": "title: Δωρεά\ndate: 2025-01-12\n---\nΔώστε.",
    }
    for name, text in pages.items():
        (site / "content" / name).write_text(f"---\n{text}\n")
    built = subprocess.run(["hugo", "--quiet"], cwd=site, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return site / "public"


def _hugo_groups(base: str) -> dict[str, list[tuple[str, str]]]:
    """The groups of `_hugo_site`: the Greek copy of `about/` in none; x-default the English page,
    the home page's language."""
    home = [("el", base + "el/"), ("en", base), ("x-default", base)]
    donate = [("el", base + "el/donate/"), ("en", base + "donate/"), ("x-default", base + "donate/")]
    return {
        base: home,
        base + "about/": [],
        base + "donate/": donate,
        base + "el/": home,
        base + "el/donate/": donate,
    }


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
        "5 URLs in 1 file, 0 images, 0 videos, 1 hreflang link dropped: it named a page not listed "
        "(about/index.html (https://le.example.com/about/): hreflang el https://le.example.com/el/about/, "
        "canonical: the canonical URL is https://le.example.com/about/)" in done.stderr
    )
    assert _groups(public / "sitemap.xml") == _hugo_groups(base)
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


def _files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def _lastmods(sitemap: Path) -> dict[str, str | None]:
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def test_hugos_own_sitemaps_are_read_then_replaced_every_one(tmp_path):
    """A default Hugo build writes a sitemap index and one sitemap per language.  Without
    `replace_sitemaps` nothing is touched, and the one message names the flag and each file.
    With it, ours takes the place of every one, and robots.txt names none of them; what they
    know and the pages do not say (the front matter's lastmod, the translations of a theme that
    writes no hreflang links) is listed, and the Greek copy still joins no group."""
    public = _hugo_site(tmp_path, sitemap=True, hreflang=False)
    base = "https://le.example.com/"
    assert sorted(name for name in _files(public) if name.endswith(".xml")) == [
        "el/sitemap.xml",
        "en/sitemap.xml",
        "sitemap.xml",
    ]
    before = _files(public)
    done = _command("generate", "--from-dir", str(public), "--base-url", base, "--out", str(public))
    assert (done.returncode, done.stderr) == (
        1,
        f"sitemap: {public} holds sitemaps sitemap-plugins did not write: sitemap.xml, en/sitemap.xml, "
        "el/sitemap.xml; they are left as they are and no sitemap was written. Put ours in their place, "
        "every one of them, with --replace-sitemaps (option replace_sitemaps: true), or turn off the "
        "tool that writes them (or move them away), and build again\n",
    )
    assert _files(public) == before

    config = tmp_path / "sitemap.toml"
    config.write_text("replace_sitemaps = true\n")
    args = ("generate", "--from-dir", str(public), "--base-url", base, "--out", str(public))
    done = _command(*args, "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert (
        "sitemap: ours took the place of sitemaps another tool wrote: sitemap.xml, en/sitemap.xml, "
        "el/sitemap.xml; en/sitemap.xml, el/sitemap.xml are gone now (where one was submitted in "
        "Search Console, remove it there)"
    ) in done.stderr.splitlines()  # sitemap.xml is ours now, at the same URL: nothing to remove
    assert sorted(name for name in _files(public) if "sitemap" in name) == [
        ".sitemap-plugins.json",
        "sitemap.xml",
    ]
    assert (public / "robots.txt").read_text() == (f"User-agent: *\nDisallow:\nSitemap: {base}sitemap.xml\n")
    assert _lastmods(public / "sitemap.xml") == {
        base: None,
        base + "about/": "2025-03-04T00:00:00+00:00",
        base + "donate/": "2025-02-20T10:30:00+00:00",
        base + "el/": None,
        base + "el/donate/": "2025-01-12T00:00:00+00:00",
    }
    assert _groups(public / "sitemap.xml") == _hugo_groups(base)
    assert (
        "1 hreflang link dropped: it named a page not listed (about/index.html (https://le.example.com/about/): "
        "hreflang el https://le.example.com/el/about/, canonical: the canonical URL is https://le.example.com/about/)"
    ) in done.stderr


def test_a_languages_sitemap_left_beside_ours_is_named_with_the_flag(tmp_path):
    """The owner moved Hugo's root sitemap away, not the one of each language: ours is written,
    and those left are named, with the flag that removes them; they are not touched."""
    public = _hugo_site(tmp_path, sitemap=True)
    (public / "sitemap.xml").unlink()
    before = {name: data for name, data in _files(public).items() if name.endswith("sitemap.xml")}
    base = "https://le.example.com/"
    done = _command("generate", "--from-dir", str(public), "--base-url", base, "--out", str(public))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"sitemap: {public}: replace_sitemaps: sitemaps sitemap-plugins did not write stay beside ours, "
        "stale: en/sitemap.xml, el/sitemap.xml (crawlers that know them still read them); "
        "--replace-sitemaps (option replace_sitemaps: true) removes them"
    )
    assert {name: _files(public)[name] for name in before} == before
    assert urls(public / "sitemap.xml")


def test_pages_in_several_languages_without_hreflang_are_said_in_one_line(tmp_path):
    """A theme that writes no hreflang links, and no sitemap of Hugo's to read them from: the
    set has no group, and one line says so, with what would give them."""
    public = _hugo_site(tmp_path, hreflang=False)
    base = "https://le.example.com/"
    done = _command("generate", "--from-dir", str(public), "--base-url", base, "--out", str(public))
    assert done.returncode == 0, done.stderr
    assert (
        "sitemap: the pages are in 2 languages (en 3, el 2) and none names its translations, so no "
        'hreflang group is listed: <link rel="alternate" hreflang> links in each page\'s head, or the '
        f"alternates of a sitemap the generator writes, give them: {docs_page('hreflang.md')}"
    ) in done.stderr.splitlines()
    assert all(group == [] for group in _groups(public / "sitemap.xml").values())


def _hand_kept_site(tmp_path: Path, lastmods: tuple[str, str]) -> Path:
    """Two hand-written pages, one a gallery its script fills (no `<img>` in the HTML), and the
    sitemaps the owner kept by hand: an index, and the sitemap it names, which names the
    gallery's images (one of them no file any more) and, for the home page, a "translation"
    that does not name the page itself (no hreflang set of it)."""
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    (site / "img" / "a.png").write_bytes(PNG)
    page = '<!DOCTYPE html><html lang="en"><head><title>{0}</title></head><body><main><h1>{0}</h1></main></body></html>'
    (site / "index.html").write_text(page.format("Home"))
    (site / "gallery.html").write_text(page.format("Gallery"))
    (site / "about.html").write_text(page.format("About"))
    base = "https://hand.example.com/"
    (site / "sitemap_index.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<sitemap><loc>{base}maps/pages.xml</loc></sitemap></sitemapindex>\n"
    )
    (site / "maps").mkdir()
    (site / "maps" / "pages.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        f"<url><loc>{base}</loc><lastmod>{lastmods[0]}</lastmod>"
        f'<xhtml:link rel="alternate" hreflang="de" href="{base}gallery.html"/>'
        f'<xhtml:link rel="alternate" hreflang="fr" href="{base}about.html"/></url>\n'
        f"<url><loc>{base}gallery</loc><lastmod>{lastmods[1]}</lastmod>"
        f"<image:image><image:loc>{base}img/a.png</image:loc></image:image>"
        f"<image:image><image:loc>{base}img/gone.png</image:loc></image:image></url>\n</urlset>\n"
    )
    return site


def test_a_hand_kept_sitemap_gives_the_dates_and_images_the_pages_do_not_show(tmp_path):
    """What the owner's sitemap says and the pages do not (the dates, the images a script shows)
    is listed, under the pages' own spelling (`gallery.html` for `gallery`); an image that is
    no file of the site is left out with a WARNING naming the page."""
    site = _hand_kept_site(tmp_path, ("2024-01-05", "2024-02-06T08:00:00+01:00"))
    base = "https://hand.example.com/"
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    done = _command(*args, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    assert (
        f"sitemap: gallery.html ({base}gallery.html): image: {base}img/gone.png is no file of the site "
        "(a 404); left out"
    ) in done.stderr.splitlines()
    assert _lastmods(site / "sitemap.xml") == {
        base: "2024-01-05",
        base + "about.html": None,
        base + "gallery.html": "2024-02-06T08:00:00+01:00",
    }
    gallery = next(
        u
        for u in parse(site / "sitemap.xml").iterfind("s:url", NS)
        if u.findtext("s:loc", namespaces=NS) == base + "gallery.html"
    )
    assert [e.text for e in gallery.iterfind("image:image/image:loc", NS)] == [base + "img/a.png"]
    # The home page's "translations" there name no version of it: no group, and nothing to mend
    # in the page (the one problem is the image).
    assert set(map(tuple, _groups(site / "sitemap.xml").values())) == {()}
    assert done.stderr.splitlines()[-1].endswith("; 1 problem(s) reported above")
    assert not (site / "sitemap_index.xml").exists() and not (site / "maps" / "pages.xml").exists()


def test_a_date_every_page_shares_long_before_the_build_is_theirs(tmp_path):
    """A site committed in one go: every page has the same date, not the build's: it is used."""
    site = _hand_kept_site(tmp_path, ("2024-01-05", "2024-01-05"))
    base = "https://hand.example.com/"
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    assert _command(*args, "--replace-sitemaps").returncode == 0
    dates = _lastmods(site / "sitemap.xml")
    assert (dates[base], dates[base + "gallery.html"]) == ("2024-01-05", "2024-01-05")


def test_a_sitemap_dated_by_its_build_dates_nothing(tmp_path):
    """A sitemap that dates every page with the day it was written (MkDocs' own, and many
    tools') says when the site was built: its dates are not used, and one INFO line says so."""
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    site = _hand_kept_site(tmp_path, (today, today))
    base = "https://hand.example.com/"
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    done = _command(*args, "--replace-sitemaps", "-v")
    assert done.returncode == 0, done.stderr
    assert (
        f"sitemap: maps/pages.xml (another tool's sitemap): dates all its 2 URLs {today}, the day it was "
        "written: when the site was built, not when its pages changed; those dates are not used"
    ) in done.stderr.splitlines()
    assert set(_lastmods(site / "sitemap.xml").values()) == {None}


def test_a_sitemap_dated_mostly_by_its_build_dates_only_what_it_dates_otherwise(tmp_path):
    """pelican-sitemap stamps the build's time on every page but the articles, which it dates by
    their own date (Full Stack Python: 713 of 779): the build's time is no page's date, the
    articles' dates are theirs."""
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    base = "https://hand.example.com/"
    site = tmp_path / "site"
    site.mkdir()
    page = '<!DOCTYPE html><html lang="en"><head><title>{0}</title></head><body><main><p>{0}</p></main></body></html>'
    names = ["index.html", "about.html", "contact.html", "blog/first-post.html"]
    for name in names:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(page.format(name))
    dates = [now, now, now, "2021-09-13T00:00:00-04:00"]
    urls = "".join(
        f"<url><loc>{base}{name}</loc><lastmod>{date}</lastmod></url>\n"
        for name, date in zip(names, dates, strict=True)
    )
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'
    )
    args = ("generate", "--from-dir", str(site), "--base-url", base, "--out", str(site))
    done = _command(*args, "--replace-sitemaps", "-v")
    assert done.returncode == 0, done.stderr
    assert (
        f"sitemap: sitemap.xml (another tool's sitemap): dates 3 of its 4 URLs {now}, the "
        "day it was written: when the site was built, not when its pages changed; those dates are not used"
    ) in done.stderr.splitlines(), done.stderr
    assert _lastmods(site / "sitemap.xml") == {
        base: None,
        base + "about.html": None,
        base + "contact.html": None,
        base + "blog/first-post.html": "2021-09-13T00:00:00-04:00",
    }


def test_advice_on_a_built_directory_names_what_the_page_can_change(tmp_path):
    """A built directory has no `video:` metadata: the advice for an undescribed player names what
    its owner can change there, the page itself."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        '<html><head><title>Films</title></head><body><iframe src="https://player.vimeo.com/video/7">'
        "</iframe></body></html>"
    )
    run = _command(
        "generate", "-v", "--base-url", "https://example.com/", "--out", str(site), "--from-dir", str(site)
    )
    assert run.returncode == 0
    assert (
        "sitemap: index.html (https://example.com/): video[0]: https://player.vimeo.com/video/7 has no "
        "thumbnail_loc, title, description, which Google requires; the page can: the player's `title`, "
        "a paragraph in its section, a poster; left out"
    ) in run.stderr.splitlines()


BASE = "https://example.com/"


def test_a_generate_that_writes_nothing_fails_and_names_what_is_left(tmp_path):
    out = tmp_path / "out"
    site = two_pages_canonical_at(tmp_path, "example.com")
    first = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert first.returncode == 0 and "nothing was written" not in first.stderr
    before = (out / "sitemap.xml").read_bytes()
    site = two_pages_canonical_at(tmp_path, "other.example.org")  # every canonical now on another host
    again = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert again.returncode == 1
    assert (
        f"sitemap: nothing was written to {out} (no page to list): the set an earlier run wrote is still "
        f"there (sitemap.xml) and lists pages this run did not; mend what is said above, or take it away "
        f"with `sitemap-plugins clean {out}`"
    ) in again.stderr.splitlines()
    assert (out / "sitemap.xml").read_bytes() == before


def test_a_generate_that_writes_nothing_into_an_empty_folder_says_so(tmp_path):
    out = tmp_path / "out"
    site = two_pages_canonical_at(tmp_path, "other.example.org")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        f"sitemap: nothing was written to {out} (no page to list), and no set of ours is there"
    )

"""Every line the summary says is true: each of its parts, and each line said before it, is
printed where what it says holds, and is not where it does not, as `generate --from-dir` prints
them at the default level.  (The parts only a face can know are proved on real builds: a file a
page includes, tests/mkdocs/test_includes.py and core/rules/test_dates_a_reader_agrees_with.py; a shallow clone,
core/pages/test_dates.py; listings the news rules match, core/rules/test_dates_and_languages.py.)"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import html as lxml_html
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican

import sitemap_plugins as sp
from sitemap_plugins.core.output.result import docs_page

BASE = "https://example.com/"
NOW = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
MODIFIED = '<meta property="article:modified_time" content="2024-05-01T10:00:00+00:00">'


def page(title: str, body: str = "", head: str = "", lang: str = "en") -> str:
    return (
        f'<html lang="{lang}"><head><title>{title}</title>{head}</head>'
        f"<body><main><h1>{title}</h1><p>{title} is a page of its own words.</p>{body}</main></body></html>"
    )


def write(site: Path, pages: dict[str, str]) -> Path:
    for name, html in pages.items():
        path = site / name / "index.html" if not name.endswith((".html", ".txt", ".xml")) else site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html)
    return site


def generate(site: Path, *args: str, base: str = BASE) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--from-dir", str(site), "--base-url", base,
         "--out", str(site), *args],
        capture_output=True, text=True, cwd=site.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr.splitlines()


def dated(title: str, body: str = "", lang: str = "en", head: str = "") -> str:
    return page(title, body, MODIFIED + head, lang)


def two_languages(fr_text: str, fr_head: str = "") -> dict[str, str]:
    links = f'<link rel="alternate" hreflang="en" href="{BASE}"><link rel="alternate" hreflang="fr" href="{BASE}fr/">'
    return {
        "": dated("Home", head=links),
        "fr": dated(fr_text, lang="fr", head=links + fr_head).replace(
            f"{fr_text} is a page of its own words.",
            "Home is a page of its own words." if fr_text == "Home" else "Une page en français.",
        ),
    }


VIDEO = '<video src="/media/v.mp4" poster="/media/v.jpg"></video>'
#: A player with nothing that says what it shows: no title, no heading, no words around it.
UNDESCRIBED = page("V", VIDEO).replace("<h1>V</h1>", "").replace("<p>V is a page of its own words.</p>", "")
DESCRIBED = (
    '<figure><video src="/media/v.mp4" poster="/media/v.jpg" title="The launch"></video>'
    "<figcaption>The launch of the boat, filmed from the pier.</figcaption></figure>"
)


def _site(tmp_path: Path, pages: dict[str, str]) -> Path:
    site = write(tmp_path / "site", pages)
    (site / "media").mkdir(exist_ok=True)
    (site / "media" / "v.mp4").write_bytes(b"\0" * 16)
    (site / "media" / "v.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 16)
    return site


#: name -> (the line, or the part of the summary, as printed; a scene where it holds; one where not)
Scene = Callable[[Path], list[str]]
LINES: dict[str, tuple[str, Scene, Scene]] = {
    "files, images and videos": (
        "sitemap: 2 URLs in 1 file, 0 images, 0 videos",
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "a": dated("A")})),
        lambda tmp: generate(_site(tmp, {"": dated("Home")})),
    ),
    "sections": (
        "sitemap: 2 URLs in 2 files of 2 sections (docs, other)",
        lambda tmp: generate(
            _site(tmp, {"": dated("Home"), "docs/a": dated("A")}), "--section", "docs=docs/*"
        ),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "docs/a": dated("A")})),
    ),
    "news sitemap, index and news": (
        "sitemap: 2 URLs in 1 file + news sitemap + index, 0 images, 0 videos, 1 news",
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "news/a": dated("A", head=f'<meta property="article:published_time" content="{NOW}">'),
                },
            ),
            "--news-publication-name",
            "Daily",
            "--news-include",
            "news/*",
        ),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "news/a": dated("A")})),
    ),
    "an empty news sitemap": (
        "+ news sitemap (empty: no article in the window)",
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "news/a": dated(
                        "A",
                        head='<meta property="article:published_time" content="2020-01-01T00:00:00+00:00">',
                    ),
                },
            ),
            "--news-publication-name",
            "Daily",
            "--news-include",
            "news/*",
        ),
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "news/a": dated("A", head=f'<meta property="article:published_time" content="{NOW}">'),
                },
            ),
            "--news-publication-name",
            "Daily",
            "--news-include",
            "news/*",
        ),
    ),
    "videos not described (summary)": (
        "1 video left out: not described",
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": UNDESCRIBED})),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": dated("V", DESCRIBED)})),
    ),
    "videos not described (the line before)": (
        "sitemap: 1 video left out, not described (Google requires a title, a description and a thumbnail)",
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": UNDESCRIBED})),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": dated("V", DESCRIBED)})),
    ),
    "video feed": (
        f"video feed: {BASE}videos.rss",
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": dated("V", DESCRIBED)}), "--video-feed"),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "v": dated("V", DESCRIBED)})),
    ),
    "copies": (
        "1 copy of another language's page left out: not translations",
        lambda tmp: generate(_site(tmp, two_languages("Home"))),
        lambda tmp: generate(_site(tmp, two_languages("Accueil"))),
    ),
    "hreflang links dropped": (
        "1 hreflang link dropped: it named a page not listed (index.html (https://example.com/): hreflang fr",
        lambda tmp: generate(_site(tmp, two_languages("Accueil", '<meta name="robots" content="noindex">'))),
        lambda tmp: generate(_site(tmp, two_languages("Accueil"))),
    ),
    "robots.txt forbids": (
        "1 URL left out: robots.txt forbids them",
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "private": dated("P"),
                    "robots.txt": "User-agent: *\nDisallow: /private/\n",
                },
            )
        ),
        lambda tmp: generate(
            _site(tmp, {"": dated("Home"), "private": dated("P"), "robots.txt": "User-agent: *\nDisallow:\n"})
        ),
    ),
    "previous deploy": (
        "2 pages unchanged since the last deploy (lastmod kept), 0 pages changed with no newer source (dated by this build)",
        lambda tmp: _twice(tmp, "--previous"),
        lambda tmp: _twice(tmp, None),
    ),
    "transform": (
        "1 page left out by transform",
        lambda tmp: _transformed(tmp, "return None if page.url.endswith('/a/') else entry"),
        lambda tmp: _transformed(tmp, "return entry"),
    ),
    "robots.txt under a path": (
        "sitemap: no robots.txt written: crawlers read it only at the root of example.com; add Sitemap: "
        "https://example.com/docs/sitemap.xml to the robots.txt there",
        lambda tmp: generate(_site(tmp, {"": dated("Home")}), base=BASE + "docs/"),
        lambda tmp: generate(_site(tmp, {"": dated("Home")})),
    ),
    "another tool's sitemap replaced": (
        "sitemap: ours took the place of sitemaps another tool wrote: sitemap.xml",
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "sitemap.xml": _theirs()}), "--replace-sitemaps"),
        lambda tmp: generate(_site(tmp, {"": dated("Home")}), "--replace-sitemaps"),
    ),
    "another tool's sitemap gone": (
        "sitemap-other.xml is gone now (where one was submitted in Search Console, remove it there)",
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "sitemap-other.xml": _theirs(),
                    "robots.txt": f"Sitemap: {BASE}sitemap-other.xml\n",
                },
            ),
            "--replace-sitemaps",
        ),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "sitemap.xml": _theirs()}), "--replace-sitemaps"),
    ),
    "no page has a lastmod": (
        "sitemap: none of the 2 pages has a lastmod (2 a built page that states no date, its file in no git repository)",
        lambda tmp: generate(_site(tmp, {"": page("Home"), "a": page("A")})),
        lambda tmp: generate(_site(tmp, {"": page("Home"), "a": dated("A")})),
    ),
    "pages without lastmod": (
        "sitemap: 1 page without lastmod: 1 a built page that states no date, its file in no git repository; how to date them",
        lambda tmp: generate(_site(tmp, {"": page("Home"), "a": dated("A")})),
        lambda tmp: generate(_site(tmp, {"": dated("Home"), "a": dated("A")})),
    ),
    "languages without groups": (
        "sitemap: the pages are in 2 languages (en 2, fr 2) and none names its translations",
        lambda tmp: generate(
            _site(
                tmp,
                {
                    "": dated("Home"),
                    "a": dated("A"),
                    "fr": dated("Accueil", lang="fr"),
                    "fr/b": dated("B", lang="fr"),
                },
            )
        ),
        lambda tmp: generate(_site(tmp, two_languages("Accueil"))),
    ),
}


def _theirs() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}</loc></url></urlset>\n"
    )


def _twice(tmp: Path, previous: str | None) -> list[str]:
    """A deploy of dated pages, then the same words built again with no date (kept elsewhere),
    with or without the first."""
    (tmp / "none").mkdir()
    first = _site(tmp / "first", {"": dated("Home"), "a": dated("A")})
    generate(first, *(["--previous", str(tmp / "none")] if previous else []))
    again = _site(tmp / "again", {"": page("Home"), "a": page("A")})
    return generate(again, *(["--previous", str(first)] if previous else []))


def _transformed(tmp: Path, body: str) -> list[str]:
    site = _site(tmp, {"": dated("Home"), "a": dated("A")})
    (tmp / "hooks.py").write_text(f"def keep(entry, page):\n    {body}\n")
    return generate(site, "--transform", "hooks.py:keep")


@pytest.mark.parametrize("name", list(LINES))
def test_said_where_it_holds(name, tmp_path):
    said, holds, _ = LINES[name]
    lines = holds(tmp_path)
    assert any(said in line for line in lines), "\n".join(lines)


@pytest.mark.parametrize("name", list(LINES))
def test_not_said_where_it_does_not(name, tmp_path):
    said, _, does_not = LINES[name]
    lines = does_not(tmp_path)
    assert not any(said in line for line in lines), "\n".join(lines)


def test_a_left_out_player_is_named_at_the_default_level(tmp_path):
    """A player the page says too little of is no fault of the owner's (INFO, not WARNING), but
    the owner may want it listed: one line at the default level names its pages and counts, the
    summary's count agrees, and the report names each with what is missing."""
    project = tmp_path / "p"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        "site_name: Films\nsite_url: https://example.com/\nplugins:\n  - sitemap:\n      report: report.html\n"
    )
    player = '<iframe src="https://player.vimeo.com/video/{}"></iframe>\n'
    (project / "docs" / "index.md").write_text("# Home\n\n" + player.format(1) + player.format(2))
    (project / "docs" / "clips.md").write_text("# Clips\n\n" + player.format(3))
    done = mkdocs(project, "--strict")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "sitemap:" in line and "lastmod" not in line]
    assert lines[-2:] == [
        "INFO    -  sitemap: 3 videos left out, not described (Google requires a title, a description and "
        "a thumbnail): clips.md, index.md; the report (option `report`) names each, with what is missing",
        "INFO    -  sitemap: 2 URLs in 1 file, 0 images, 0 videos, 3 videos left out: not described",
    ]
    report = lxml_html.parse(str(project / "report.html")).getroot()
    rows = report.xpath("//details[@id='videos-left-out']//tbody/tr")
    assert [row.xpath("string(td[2])") for row in rows] == ["index.md", "index.md", "clips.md"]


def test_languages_are_counted_by_their_script_too(tmp_path):
    """`zh-Hans-CN` and `zh-Hant-TW` are two written languages, `en-US` and `en-GB` one: the line
    that says no page names its translations counts them so."""
    import sitemap_plugins as sp

    messages: list[str] = []
    sitemap = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    for number, lang in enumerate(("zh-Hans-CN", "zh-Hans-CN", "zh-Hant-TW", "zh-Hant-TW", "en-US", "en-GB")):
        html = f'<html lang="{lang}"><head></head><body><main><p>Page {number}.</p></main></body></html>'
        sitemap.add_page(sp.Page(f"{BASE}{number}/", html=html))
    notes = sitemap.write(tmp_path / "out").notes()
    assert any(
        note.startswith("sitemap: the pages are in 3 languages (zh-Hans 2, zh-Hant 2, en 2) and none names")
        for note in notes
    ), notes


@pytest.mark.slow
def test_pelicans_undated_line_reads_right_names_modified_and_a_page_that_is_there(tmp_path):
    """A Pelican blog outside git, with no tag and no author: two of its indexes show nothing
    dated; the line counts them as listings, names Pelican's `Modified:`, and the page it
    points at is a file on this machine."""
    blog = tmp_path / "blog"
    (blog / "content" / "pages").mkdir(parents=True)
    (blog / "content" / "one.md").write_text("Title: One\nDate: 2024-01-01\nCategory: c\n\nHello.\n")
    (blog / "content" / "two.md").write_text("Title: Two\nDate: 2024-01-02\nCategory: c\n\nHello 2.\n")
    (blog / "content" / "pages" / "about.md").write_text("Title: About\n\nAbout.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://q.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
    )
    done = pelican(blog, "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    page = docs_page("lastmod.md")
    assert Path(page).is_file() and page.endswith("lastmod.md")
    assert (
        "sitemap: 3 pages without lastmod: 2 listings that show no dated page, "
        "1 not in a git repository (or git is not installed); how to date them (`Modified:` in an "
        f"article's or page's metadata, git, the page's own dates): {page} (the report names each)"
    ) in said
    assert "a listing whose" not in said and "front matter" not in said and "2 a listing" not in said


def test_the_count_of_one_listing_is_singular_and_other_faces_name_front_matter(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add_page(sp.Page(BASE + "list/", listing=True))
    site.add_page(sp.Page(BASE + "a/", source="a.md"))
    site.add_page(sp.Page(BASE + "b/", source="b.md", meta={"lastmod": "2024-01-01"}))
    [line] = [note for note in site.closing_lines(site.write(tmp_path)) if "without lastmod" in note]
    assert line == (
        "sitemap: 2 pages without lastmod: 1 listing that shows no dated page, "
        "1 made of no source file (a page nothing dates); how to date them (front matter `lastmod:`, git, the page's own dates): "
        f"{docs_page('lastmod.md')} (the report names each)"
    )

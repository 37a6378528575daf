"""Every line the summary says is true: each of its parts, and each line said before it, is
printed where what it says holds, and is not where it does not, as `generate --from-dir` prints
them at the default level.  (The parts only a face can know are proved on real builds: a file a
page includes, tests/test_includes.py and test_dates_readers_agree.py; a shallow clone,
test_true_dates.py; listings the news rules match, test_dates_and_languages.py.)"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

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
        "sitemap: the video left out (not described: Google requires a title, a description and a thumbnail)",
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

"""Bounds, round four (issue 85), the core's and the Pelican face's: a canonical that spells the
page's own URL with escapes it needs none of, encoded dot segments, a password in a base URL, a
`transform` that returns wrong types, a head naming 10,000 translations, an option name that is
not text.  Each case asserts the message, the exit status, a valid set (conftest.py's sweep),
and that nothing outside the output was written or named."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican
from sitemap_checks import NS, generate_from_dir, parse, urls

import sitemap_plugins as sp
from sitemap_plugins.core.iso_codes import ISO_639_1, ISO_3166_1_ALPHA_2

BASE = "https://example.com/"
SECRET = "S3cretPass"
WITH_PASSWORD = f"https://alice:{SECRET}@example.com/"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


def files(root: Path) -> dict[str, bytes]:
    """Every file under `root` and its bytes (Python's caches aside)."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def outside(before: dict[str, bytes], root: Path, out: Path) -> None:
    """Nothing under `root` but in `out` was written, changed or removed."""
    inside = out.relative_to(root).as_posix() + "/"
    after = files(root)
    assert {k: v for k, v in after.items() if not k.startswith(inside)} == {
        k: v for k, v in before.items() if not k.startswith(inside)
    }


def named(out: Path) -> list[str]:
    """Every URL the set in `out` names: its sitemaps' and index's locs, robots.txt's lines."""
    found = []
    for path in out.rglob("sitemap*.xml"):
        found += [loc.text for loc in parse(path).iterfind(".//s:loc", NS)]
    robots = out / "robots.txt"
    if robots.is_file():
        found += [
            line.split(":", 1)[1].strip()
            for line in robots.read_text().splitlines()
            if line.startswith("Sitemap:")
        ]
    return found


def names_only(out: Path, base: str) -> None:
    """The set names no URL outside `base`, and none a web server reads otherwise than spelled."""
    for url in named(out):
        path = url.split("?")[0].lower().replace("%2e", ".")
        assert url.startswith(base) and "/../" not in path and "/./" not in path, url


def page(title: str, head: str = "", lang: str = "en") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
        f"<body><main><h1>{title}</h1><p>The page {title}, with words of its own.</p></main></body></html>"
    )


# -- 1. A canonical that spells the page's own URL with escapes ------------------------------------

#: Docnames with each character Sphinx's canonical links escape (`& + = ( ) ' ! @ : ; , $ *`) and
#: seven that they do not, or that need the escape (a space, `[`, `é`).
DOCNAMES = [
    "a&b", "a+b", "a=b", "a(b)", "a'b", "a!b", "a@b", "a:b", "a;b", "a,b", "a$b", "a*b",
    "a-b", "a_b", "a.b", "a~b", "a b", "é-b", "a[b]",
]  # fmt: skip


@pytest.mark.parametrize(
    "first, second, one",
    [
        ("https://example.com/a%26b.html", "https://example.com/a&b.html", True),  # a sub-delim
        ("https://example.com/a%7eb/", "https://example.com/a~b/", True),  # unreserved, lower-case hex
        ("https://example.com/%c3%a9/", "https://example.com/%C3%A9/", True),  # hex digits' case
        ("https://example.com/a%3Ab%40c", "https://example.com/a:b@c", True),  # ':' and '@' in a path
        ("https://example.com/a%2Fb.html", "https://example.com/a/b.html", False),  # '/' is no segment's
        ("https://example.com/?q=a%26b", "https://example.com/?q=a&b", False),  # '&' parts a query
        ("https://example.com/?q=%7E", "https://example.com/?q=~", True),
        ("https://example.com/a%3Fb", "https://example.com/a?b", False),
    ],
)
def test_two_spellings_of_one_uri_are_one_page_and_others_are_not(first, second, one):
    from sitemap_plugins.core.files import one_file

    assert one_file(first, second) is one and one_file(second, first) is one


def _canonical(html: Path) -> str:
    text = html.read_text(encoding="utf-8")
    return text.split('<link rel="canonical" href="', 1)[1].split('"', 1)[0]


@pytest.mark.slow
def test_a_sphinx_build_lists_every_docname_whose_canonical_escapes_it(tmp_path):
    """Sphinx writes `a%26b.html` as the canonical of `a&b.html`: all 19 pages are listed, each as
    its canonical spells it, by the extension and by `--from-dir` on the same build."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{BASE}"\n'
    )
    toctree = "".join(f"   {name}\n" for name in DOCNAMES)
    (docs / "index.rst").write_text(f"Home\n====\n\n.. toctree::\n\n{toctree}")
    for name in DOCNAMES:
        (docs / f"{name}.rst").write_text(f"Page {name}\n==========\n\nThe page {name}.\n")
    before = files(tmp_path)
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    listed = set(urls(out / "sitemap.xml"))
    canonicals = {_canonical(out / f"{name}.html") for name in DOCNAMES}
    assert canonicals == {BASE + quote(name) + ".html" for name in DOCNAMES}
    assert canonicals <= listed and BASE + "a%26b.html" in listed
    assert all(
        _canonical(out / (url[len(BASE) :] or "index.html")) == url for url in listed if "%" not in url
    )
    outside(before, tmp_path, out)
    names_only(out, BASE)
    copy = tmp_path / "copy"
    shutil.copytree(
        out, copy, ignore=shutil.ignore_patterns("sitemap.xml", ".sitemap-plugins.json", "robots.txt")
    )
    done = generate_from_dir(copy, BASE, "-v")
    assert done.returncode == 0, done.stderr
    assert "left out: canonical" not in done.stderr
    assert set(urls(copy / "sitemap.xml")) == listed


def test_from_dir_one_page_however_its_canonical_spells_its_url(tmp_path):
    """An escape of a character that needs none (`%26`, `%7E`), hex digits of either case: one
    page, listed as its canonical spells it; a canonical naming another page still leaves it out,
    and `check` finds nothing to say of the set."""
    site = tmp_path / "site"
    site.mkdir()
    canonical = '<link rel="canonical" href="{}">'.format
    (site / "index.html").write_text(page("Home", canonical(BASE)))
    (site / "a&b.html").write_text(page("A and B", canonical(BASE + "a%26b.html")))
    (site / "c+d.html").write_text(page("C plus D", canonical(BASE + "c%2bd.html")))
    (site / "t~x.html").write_text(page("Tilde", canonical(BASE + "t%7Ex.html")))
    (site / "copy.html").write_text(page("Copy", canonical(BASE + "a%26b.html")))
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "-v")
    assert done.returncode == 0, done.stderr
    assert set(urls(site / "sitemap.xml")) == {
        BASE,
        BASE + "a%26b.html",
        BASE + "c%2bd.html",
        BASE + "t%7Ex.html",
    }
    assert [line for line in done.stderr.splitlines() if "left out" in line] == [
        f"sitemap: copy.html ({BASE}copy.html) left out: canonical: the canonical URL is {BASE}a%26b.html"
    ]
    outside(before, tmp_path, site)
    names_only(site, BASE)
    checked = run("check", str(site), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "canonical" not in checked.stdout + checked.stderr


@pytest.mark.parametrize("where", ["its own head", "the other page's head"])
def test_from_dir_a_translation_named_with_escapes_is_the_page_the_set_lists(tmp_path, where):
    """`de/a%26b.html` named as a translation of a page listed as `de/a&b.html`: one group of
    both pages, each named as the set lists it, with nothing said."""
    site = tmp_path / "site"
    (site / "de").mkdir(parents=True)
    link = '<link rel="alternate" hreflang="{}" href="{}">'.format
    german, named = BASE + "de/a&b.html", BASE + "de/a%26b.html"
    group = link("en", BASE) + link("de", named)
    (site / "index.html").write_text(page("Home", group if where == "the other page's head" else ""))
    (site / "de" / "a&b.html").write_text(page("Heim", group if where == "its own head" else "", lang="de"))
    before = files(tmp_path)
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "problem" not in done.stderr, done.stderr
    both = {("en", BASE), ("de", german)}
    assert _links(site / "sitemap.xml") == {BASE: both, german: both}
    outside(before, tmp_path, site)
    names_only(site, BASE)


def test_from_dir_another_tools_sitemap_spelling_a_page_with_escapes_dates_it(tmp_path):
    """Another tool's sitemap lists `a%26b.html` with its lastmod: the page `a&b.html` is dated by it."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "a&b.html").write_text(page("A and B"))
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}a%26b.html</loc><lastmod>2024-02-03</lastmod></url></urlset>\n"
    )
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "--replace-sitemaps")
    assert done.returncode == 0, done.stderr
    listed = {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(site / "sitemap.xml").iterfind("s:url", NS)
    }
    assert listed == {BASE + "a&b.html": "2024-02-03"}
    outside(before, tmp_path, site)


# -- 2. Encoded dot segments ---------------------------------------------------------------------

DOCS = BASE + "docs/"


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    return site


@pytest.mark.parametrize(
    "value, served",
    [
        ("%2e%2e/%2e%2e/etc/passwd", "https://example.com/etc/passwd"),
        ("%2E%2E/sitemap.xml", "https://example.com/sitemap.xml"),
        ("sub/%2e%2E/%2e%2e/x.xml", "https://example.com/x.xml"),
        ("https://example.com/docs/.%2e/x.xml", "https://example.com/x.xml"),
    ],
)
def test_extra_sitemaps_climbing_out_with_escapes_is_refused_as_dot_dot_is(tmp_path, value, served):
    site = _site(tmp_path)
    before = files(tmp_path)
    done = generate_from_dir(site, DOCS, "--extra-sitemaps", value)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"sitemap-plugins: option 'extra_sitemaps': {value!r} is {served}, outside the site {DOCS}; an index "
        "names only the sitemaps in its own directory or below it (the protocol's rule)"
    )
    assert files(tmp_path) == before  # nothing written, in the site or beside it


def test_extra_sitemaps_with_an_escaped_dot_segment_inside_the_site_names_the_file_it_reads(tmp_path):
    site = _site(tmp_path)
    (site / "other.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{DOCS}api/</loc></url></urlset>\n"
    )
    before = files(tmp_path)
    done = generate_from_dir(site, DOCS, "--extra-sitemaps", "sub/%2e%2e/other.xml")
    assert done.returncode == 0, done.stderr
    assert sorted(named(site)) == sorted([DOCS, f"{DOCS}sitemap.xml", f"{DOCS}other.xml"])
    assert f"Sitemap: {DOCS}other.xml" in done.stderr and "%2e" not in done.stderr
    outside(before, tmp_path, site)
    names_only(site, DOCS)


def _mkdocs_project(tmp_path: Path, config: str) -> Path:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Home\n\nThe home page.\n")
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to use it.\n")
    (project / "mkdocs.yml").write_text(config)
    return project


@pytest.mark.slow
def test_mkdocs_extra_sitemaps_climbing_out_with_escapes_fails_the_build(tmp_path):
    project = _mkdocs_project(
        tmp_path,
        f"site_name: T\nsite_url: {DOCS}\nplugins:\n  - sitemap:\n      extra_sitemaps: ['%2e%2e/%2e%2e/etc/passwd']\n",
    )
    before = files(tmp_path)
    done = mkdocs(project)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [
        "ERROR   -  sitemap: option 'extra_sitemaps': '%2e%2e/%2e%2e/etc/passwd' is https://example.com/etc/passwd, "
        f"outside the site {DOCS}; an index names only the sitemaps in its own directory or below it (the "
        "protocol's rule)"
    ]
    outside(before, tmp_path, project / "site")
    assert not list(project.rglob("sitemap*.xml"))


def _pelican_project(tmp_path: Path, settings: str) -> Path:
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA post.\n")
    (project / "pelicanconf.py").write_text(
        'SITENAME = "P"\nPATH = "content"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap_plugins.pelican"]\n'
        "CATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n" + settings
    )
    return project


def _said(done: subprocess.CompletedProcess[str]) -> str:
    """Pelican's output as one line per message (rich pads and wraps them)."""
    return " ".join((done.stdout + done.stderr).split())


@pytest.mark.slow
def test_pelican_a_feed_setting_climbing_out_with_escapes_is_left_out_of_the_index(tmp_path):
    blog = BASE + "blog/"
    project = _pelican_project(
        tmp_path,
        'SITEURL = "https://example.com/blog"\nFEED_ALL_ATOM = "%2e%2e/%2e%2e/all.atom.xml"\nSITEMAP = {"feeds": True}\n',
    )
    before = files(tmp_path)
    done = pelican(project)
    said = _said(done)
    assert done.returncode == 0 and "Traceback" not in said, said
    assert (
        f"WARNING sitemap: feed: {blog}%2e%2e/%2e%2e/all.atom.xml: a web server reads %2e as '.', so it names "
        f"https://example.com/all.atom.xml, outside the site {blog}, not the feed written; left out"
    ) in said
    output = project / "output"
    index = [loc.text for loc in parse(output / "sitemap-index.xml").iterfind(".//s:loc", NS)]
    assert index == [f"{blog}sitemap.xml", f"{blog}feeds/all-en.atom.xml"]
    assert f"{blog}a.html" in urls(output / "sitemap.xml")
    outside(before, tmp_path, output)
    names_only(output, blog)


# -- 3. A password in a base URL -----------------------------------------------------------------

MASKED = "'https://alice:***@example.com/' has user information (user:password@) before its host"


@pytest.mark.parametrize("password", [SECRET, "S3cret@Pass", "S3cret:Pass"])
def test_the_command_refuses_a_password_in_base_url_without_showing_it(tmp_path, password):
    site = _site(tmp_path)
    before = files(tmp_path)
    done = generate_from_dir(site, WITH_PASSWORD.replace(SECRET, password))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"sitemap-plugins: option 'base_url': {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    )
    assert "S3cret" not in done.stdout + done.stderr and "Pass" not in done.stdout + done.stderr
    assert files(tmp_path) == before


@pytest.mark.slow
def test_mkdocs_refuses_a_password_in_site_url_without_showing_it(tmp_path):
    project = _mkdocs_project(tmp_path, f"site_name: T\nsite_url: {WITH_PASSWORD}\nplugins:\n  - sitemap\n")
    before = files(tmp_path)
    done = mkdocs(project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("ERROR")] == [
        f"ERROR   -  sitemap: option 'base_url': {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    ]
    assert SECRET not in done.stdout + done.stderr
    outside(before, tmp_path, project / "site")
    assert not list(project.rglob("sitemap*.xml"))


@pytest.mark.slow
def test_pelican_refuses_a_password_in_siteurl_without_showing_it(tmp_path):
    project = _pelican_project(tmp_path, f'SITEURL = "{WITH_PASSWORD}blog"\n')
    before = files(tmp_path)
    done = pelican(project)
    said = _said(done)
    assert done.returncode == 1 and "Traceback" not in said, said
    assert (
        "CRITICAL ConfigError: SITEMAP: option 'base_url': 'https://alice:***@example.com/blog/' has user "
        "information (user:password@) before its host"
    ) in said
    assert SECRET not in said and said.count("CRITICAL") == 1
    outside(before, tmp_path, project / "output")
    assert not list((project / "output").glob("sitemap*"))


@pytest.mark.slow
def test_sphinx_refuses_a_password_in_html_baseurl_without_showing_it(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{WITH_PASSWORD}"\n'
    )
    (docs / "index.rst").write_text("Home\n====\n\nThe home page.\n")
    before = files(tmp_path)
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said, said
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        f"ERROR: sitemap: html_baseurl: {MASKED}; set it to the address the site is published at, "
        "e.g. 'https://example.com/'"
    ]
    assert SECRET not in said
    outside(before, tmp_path, out)
    assert not list(out.glob("sitemap*"))


# -- 4. A transform that returns wrong types -----------------------------------------------------

#: Each page, what the transform sets, and what is said of it.
WRONG_TYPES = {
    "images-urls": (
        "entry.images = ['https://example.com/a.png']",
        "images: 'https://example.com/a.png' is not an Image (each is Image('https://...')); 1 of 1 left out",
    ),
    "images-five": ("entry.images = 5", "images: must be a list of Image('https://...'), got 5; left out"),
    "images-none": (
        "entry.images = None",
        "images: must be a list of Image('https://...'), got None; left out",
    ),
    "videos-urls": (
        "entry.videos = ['https://example.com/v.mp4']",
        "videos: 'https://example.com/v.mp4' is not a Video (each is Video(...)); 1 of 1 left out",
    ),
    "alternates-list": (
        "entry.alternates = ['de']",
        "alternates: must be a mapping of hreflang code to URL, got ['de']; left out",
    ),
    "news-text": ("entry.news = 'breaking'", "news: must be a News(...) or None, got 'breaking'; left out"),
}

HOOK = (
    "def shape(entry, page):\n"
    + "".join(
        f"    if entry.loc.rstrip('/').removesuffix('.html').endswith('/{name}'):\n        {code}\n"
        for name, (code, _) in WRONG_TYPES.items()
    )
    + "    return entry\n"
)


def _wrongly_typed(said: str, label: str) -> None:
    for name, (_, message) in WRONG_TYPES.items():
        assert f"sitemap: {label(name)}: {message} (as transform hooks.py:shape returned it)" in said, name


def test_the_command_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    site = _site(tmp_path)
    for name in WRONG_TYPES:
        (site / name).mkdir()
        (site / name / "index.html").write_text(page(name))
    (tmp_path / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    done = run(
        "generate",
        "--from-dir",
        str(site),
        "--base-url",
        BASE,
        "--out",
        str(site),
        "--transform",
        "hooks.py:shape",
        cwd=tmp_path,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}/index.html ({BASE}{name}/)")
    assert "6 problem(s) reported above" in done.stderr
    assert set(urls(site / "sitemap.xml")) == {BASE, *(f"{BASE}{name}/" for name in WRONG_TYPES)}
    outside(before, tmp_path, site)
    strict = run(
        "generate",
        "--from-dir",
        str(site),
        "--base-url",
        BASE,
        "--out",
        str(tmp_path / "strict"),
        "--transform",
        "hooks.py:shape",
        "--strict",
        cwd=tmp_path,
    )
    assert strict.returncode == 1 and "Traceback" not in strict.stderr
    assert "sitemap: 6 problems and 'strict' is on, so nothing was written" in strict.stderr
    assert not (tmp_path / "strict" / "sitemap.xml").exists()


@pytest.mark.slow
def test_mkdocs_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    project = _mkdocs_project(
        tmp_path, f"site_name: T\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      transform: hooks.py:shape\n"
    )
    for name in WRONG_TYPES:
        (project / "docs" / f"{name}.md").write_text(f"# {name}\n\nThe page {name}.\n")
    (project / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    done = mkdocs(project)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}.md ({BASE}{name}/)")
    listed = set(urls(project / "site" / "sitemap.xml"))
    assert listed == {BASE, f"{BASE}guide/", *(f"{BASE}{name}/" for name in WRONG_TYPES)}
    outside(before, tmp_path, project / "site")


def _sphinx_project(tmp_path: Path, conf: str, pages: list[str]) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\n{conf}')
    toctree = "".join(f"   {name}\n" for name in pages)
    (docs / "index.rst").write_text(f"Home\n====\n\n.. toctree::\n\n{toctree}")
    for name in pages:
        (docs / f"{name}.rst").write_text(f"Page {name}\n==========\n\nThe page {name}.\n")
    return docs


def _sphinx(docs: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )


@pytest.mark.slow
def test_sphinx_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    docs = _sphinx_project(
        tmp_path, f'html_baseurl = "{BASE}"\nsitemap_transform = "hooks.py:shape"\n', list(WRONG_TYPES)
    )
    (docs / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    out = tmp_path / "html"
    done = _sphinx(docs, out)
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}.rst ({BASE}{name}.html)")
    assert {f"{BASE}{name}.html" for name in WRONG_TYPES} <= set(urls(out / "sitemap.xml"))
    outside(before, tmp_path, out)


@pytest.mark.slow
def test_sphinx_extra_sitemaps_climbing_out_with_escapes_fails_the_build(tmp_path):
    docs = _sphinx_project(
        tmp_path, f'html_baseurl = "{DOCS}"\nsitemap_extra_sitemaps = ["%2e%2e/%2e%2e/etc/passwd"]\n', []
    )
    before = files(tmp_path)
    out = tmp_path / "html"
    done = _sphinx(docs, out)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        "ERROR: sitemap: sitemap_extra_sitemaps: '%2e%2e/%2e%2e/etc/passwd' is https://example.com/etc/passwd, "
        f"outside the site {DOCS}; an index names only the sitemaps in its own directory or below it (the "
        "protocol's rule)"
    ]
    outside(before, tmp_path, out)
    assert not list(out.glob("sitemap*"))


# -- 5. A head naming 10,000 translations --------------------------------------------------------


def _links(path: Path) -> dict[str, set[tuple[str, str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            (link.get("hreflang"), link.get("href"))
            for link in url.iterfind("x:link", {"x": "http://www.w3.org/1999/xhtml"})
        }
        for url in parse(path).iterfind("s:url", NS)
    }


def test_a_group_past_the_bound_keeps_the_page_that_named_it_and_says_what_was_dropped(
    tmp_path, monkeypatch, sitemap, messages
):
    monkeypatch.setattr("sitemap_plugins.core.rules.groups.MAX_GROUP", 3)
    pages = {code: f"{BASE}{code}/" for code in ("de", "es", "fr", "it")} | {"en": BASE}
    written = sitemap()
    written.add(sp.Entry(BASE, alternates=pages, source="index.html"))
    for code, url in pages.items():
        if code != "en":
            written.add(sp.Entry(url))
    written.write(tmp_path)
    assert messages == [
        f"sitemap: index.html ({BASE}): alternates: its hreflang group names 5 languages; a group holds at "
        "most 3 (more than any site is translated into: each version lists them all, so the group's size is "
        "squared in the sitemap); dropped from it, their pages listed without hreflang: 2 (fr, it)"
    ]
    group = {("en", BASE), ("de", pages["de"]), ("es", pages["es"])}
    assert _links(tmp_path / "sitemap.xml") == {
        BASE: group,
        pages["de"]: group,
        pages["es"]: group,
        pages["fr"]: set(),
        pages["it"]: set(),
    }


def make_translated_site(site: Path, count: int) -> list[str]:
    """A home page whose head names `count` translations, each a page of the site."""
    codes = sorted(f"{language}-{region}" for language in ISO_639_1 for region in ISO_3166_1_ALPHA_2)[:count]
    site.mkdir()
    links = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code.lower()}/">' for code in codes
    )
    (site / "index.html").write_text(
        page("Home", f'<link rel="alternate" hreflang="en" href="{BASE}">{links}')
    )
    for number, code in enumerate(codes):
        (site / code.lower()).mkdir()
        (site / code.lower() / "index.html").write_text(page(f"Page {number} {code}", lang=code))
    return codes


@pytest.mark.slow
def test_a_head_naming_10000_translations_is_bounded_in_time_memory_and_bytes(tmp_path):
    """Before the bound: 276 s, 3.1 GB of memory and 7.9 GB of sitemaps (a MemoryError where
    less memory is free).  Now one message, and what 1,000 versions write."""
    site = tmp_path / "site"
    make_translated_site(site, 10_000)
    before = files(tmp_path)
    started = time.monotonic()
    done = generate_from_dir(site, BASE)
    took = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    problems = [line for line in done.stderr.splitlines() if "alternates" in line]
    assert len(problems) == 1 and problems[0].startswith(
        f"sitemap: index.html ({BASE}): alternates: its hreflang group names 10,001 languages; a group holds "
        "at most 1,000 (more than any site is translated into: each version lists them all, so the group's "
        "size is squared in the sitemap); dropped from it, their pages listed without hreflang: 9,001 ("
    ), problems
    written = sum(path.stat().st_size for path in site.glob("sitemap*.xml"))
    assert written < 100 * 1024 * 1024 and took < 120 and peak < 1024**3, (written, took, peak)
    assert len(urls(site / "sitemap.xml")) == 10_001
    outside(before, tmp_path, site)
    names_only(site, BASE)


# -- 6. An option name that is not text ------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("key, shown", [("1", "1"), ("None", "None"), ("('a', 'b')", "('a', 'b')")])
def test_pelican_an_option_name_that_is_not_text_is_named_as_an_unknown_option(tmp_path, key, shown):
    project = _pelican_project(tmp_path, f'SITEURL = "https://example.com"\nSITEMAP = {{{key}: 2}}\n')
    before = files(tmp_path)
    done = pelican(project)
    said = _said(done)
    assert done.returncode == 1 and "Traceback" not in said and "TypeError" not in said, said
    assert said.count("CRITICAL") == 1
    assert (
        f"CRITICAL ConfigError: SITEMAP: unknown sitemap option(s) {shown}; known options: base_url," in said
    )
    outside(before, tmp_path, project / "output")
    assert not list((project / "output").glob("sitemap*"))


def test_a_config_file_option_name_that_is_not_text_is_named_as_an_unknown_option(tmp_path):
    site = _site(tmp_path)
    (tmp_path / "sitemap.yml").write_text("null: 3\n1: 2\n")
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "--config", str(tmp_path / "sitemap.yml"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "sitemap-plugins: unknown sitemap option(s) 1, None; known options: base_url,"
    )
    assert files(tmp_path) == before


@pytest.mark.slow
def test_check_of_a_deployed_site_takes_a_canonical_spelled_with_escapes_for_the_page(tmp_path):
    """A set listing `a&b.html` (another tool's), whose page names `a%26b.html` as canonical, on a
    real local HTTP server: the page names itself, so `check` finds nothing."""
    from test_check_live import check, serve

    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, _):
        (site / "a&b.html").write_text(page("A and B", f'<link rel="canonical" href="{base}a%26b.html">'))
        (site / "sitemap.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{base}a&amp;b.html</loc></url></urlset>\n"
        )
        before = files(tmp_path)
        done, problems = check(base + "sitemap.xml")
        assert done.returncode == 0 and problems == [], (done.stderr, problems)
        assert files(tmp_path) == before

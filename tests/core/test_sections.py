"""Option `sections` (#61): a sitemap per part of the site, so that Search Console reports each
part. `sitemap-<name>.xml` per section (the rest in `sitemap-other.xml`), named in the index and
robots.txt; `sitemap.xml` stays the urlset of every page that Material's and Zensical's
JavaScript read, and offers search engines nothing twice. Real builds, and the command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs_helpers import mkdocs, zensical_then_generate
from pelican_helpers import pelican
from protego import Protego
from sitemap_checks import NS, parse, urls

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
COMMAND = [sys.executable, "-m", "sitemap_plugins"]


def offered(site: Path) -> dict[str, list[str]]:
    """What a search engine is offered, read as one reads it: robots.txt's Sitemap lines (by
    Protego), each index they name, each urlset: sitemap file -> its pages."""
    robots = Protego.parse((site / "robots.txt").read_text())
    found: dict[str, list[str]] = {}
    pending = list(robots.sitemaps)
    while pending:
        url = pending.pop(0)
        path = site / url.removeprefix(BASE)
        root = parse(path)
        if root.tag.endswith("sitemapindex"):
            pending += [loc.text for loc in root.iterfind("s:sitemap/s:loc", NS)]
        else:
            found[url] = urls(path)
    return found


def assert_every_page_once(site: Path, pages: set[str]) -> dict[str, list[str]]:
    files = offered(site)
    listed = [page for pages_of in files.values() for page in pages_of]
    assert sorted(listed) == sorted(pages), files  # each page once, none missing
    return files


def _docs(project: Path) -> set[str]:
    docs = project / "docs"
    for page in ("index.md", "guide/install.md", "guide/use.md", "blog/first.md", "about.md"):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"# {page}\n")
    return {BASE, BASE + "guide/install/", BASE + "guide/use/", BASE + "blog/first/", BASE + "about/"}


def test_material_build_offers_each_section_and_keeps_sitemap_xml_whole(tmp_path):
    pages = _docs(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Sections\nsite_url: {BASE}\ntheme: material\nplugins:\n  - sitemap:\n"
        "      sections: {docs: ['guide/*'], blog: ['blog/*']}\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    assert "sitemap: 5 URLs in 3 files of 3 sections (docs, blog, other) + index" in done.stderr
    files = assert_every_page_once(site, pages)
    assert files == {
        BASE + "sitemap-docs.xml": [BASE + "guide/install/", BASE + "guide/use/"],
        BASE + "sitemap-blog.xml": [BASE + "blog/first/"],
        BASE + "sitemap-other.xml": [BASE, BASE + "about/"],
    }
    assert Protego.parse((site / "robots.txt").read_text()).sitemaps
    assert list(Protego.parse((site / "robots.txt").read_text()).sitemaps) == [BASE + "sitemap-index.xml"]
    # What Material's instant navigation reads: one urlset of every page.
    assert parse(site / "sitemap.xml").tag.endswith("urlset") and set(urls(site / "sitemap.xml")) == pages
    checked = subprocess.run([*COMMAND, "check", str(site)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # Sections turned off again: their files go, robots.txt names sitemap.xml again.
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Sections\nsite_url: {BASE}\ntheme: material\nplugins:\n  - sitemap\n"
    )
    assert mkdocs(tmp_path).returncode == 0
    assert not list(site.glob("sitemap-*.xml*"))
    assert list(Protego.parse((site / "robots.txt").read_text()).sitemaps) == [BASE + "sitemap.xml"]


def test_pages_beyond_one_file_make_sitemap_xml_the_index_of_the_sections(tmp_path):
    """--section with --max-urls 2: a section split in parts (named by their content, as the
    pages' parts are), sitemap.xml the index of them all, robots.txt naming it, check content."""
    site = tmp_path / "site"
    pages = {BASE}
    (site).mkdir()
    (site / "index.html").write_text(
        "<html><head><title>Home</title></head><body><main>Home</main></body></html>"
    )
    for number in range(5):
        (site / "guide" / str(number)).mkdir(parents=True)
        (site / "guide" / str(number) / "index.html").write_text(
            f"<html><body><main>{number}</main></body></html>"
        )
        pages.add(f"{BASE}guide/{number}/")
    args = ["generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--max-urls", "2"]
    done = subprocess.run([*COMMAND, *args, "--section", "docs=guide/*"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert parse(site / "sitemap.xml").tag.endswith("sitemapindex")
    assert list(Protego.parse((site / "robots.txt").read_text()).sitemaps) == [BASE + "sitemap.xml"]
    files = assert_every_page_once(site, pages)
    names = sorted(url.removeprefix(BASE) for url in files)
    assert len(names) == 4 and names[3] == "sitemap-other.xml"
    assert all(re.fullmatch(rf"sitemap-docs-{n}-[0-9a-f]{{8}}\.xml", names[n - 1]) for n in (1, 2, 3)), names
    assert not (site / "sitemap-index.xml").exists()
    checked = subprocess.run([*COMMAND, "check", str(site)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_pelican_and_zensical_take_the_same_option(tmp_path):
    project = tmp_path / "blog"
    (project / "content" / "pages").mkdir(parents=True)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "content" / "pages" / "about.md").write_text("Title: About\n\nText.\n")
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nTHEME = "simple"\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\nSITEMAP = {"sections": {"pages": ["pages/*"]}}\n'
    )
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    files = assert_every_page_once(project / "output", {BASE, BASE + "post.html", BASE + "pages/about.html"})
    assert files[BASE + "sitemap-pages.xml"] == [BASE + "pages/about.html"]

    pytest.importorskip("zensical", reason="Zensical does not install here")
    docs = tmp_path / "zensical"
    pages = _docs(docs)
    (docs / "zensical.toml").write_text(
        f'[project]\nsite_name = "Sections"\nsite_url = "{BASE}"\n'
        '[project.plugins.sitemap]\nsections = { docs = ["guide/*"] }\n'
    )
    done = zensical_then_generate(docs)
    assert done.returncode == 0, done.stderr
    files = assert_every_page_once(docs / "site", pages)
    assert set(files) == {BASE + "sitemap-docs.xml", BASE + "sitemap-other.xml"}
    assert set(urls(docs / "site" / "sitemap.xml")) == pages


@pytest.mark.parametrize(
    ("sections", "said"),
    [
        ("{news: ['blog/*']}", "option 'sections': 'news' is not a section name"),
        ("{Docs: ['guide/*']}", "option 'sections': 'Docs' is not a section name"),
        # MkDocs' own type check names it first.
        ("['guide/*']", "Plugin 'sitemap' option 'sections': Expected type: <class 'dict'>"),
    ],
)
def test_a_bad_section_is_an_option_error(tmp_path, sections, said):
    _docs(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Sections\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      sections: {sections}\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert said in done.stderr


def test_a_section_no_page_is_in_is_said(tmp_path):
    pages = _docs(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Sections\nsite_url: {BASE}\nplugins:\n  - sitemap:\n"
        "      sections: {docs: ['guide/*'], api: ['reference/*']}\n"
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    assert (
        "WARNING -  sitemap: sections: api: no page's path matches reference/*, so there is no sitemap-api.xml"
        in done.stderr
    )
    assert set(offered(tmp_path / "site")) == {BASE + "sitemap-docs.xml", BASE + "sitemap-other.xml"}
    assert_every_page_once(tmp_path / "site", pages)

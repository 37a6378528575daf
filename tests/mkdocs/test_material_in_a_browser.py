"""Material for MkDocs in a real browser: its JavaScript reads sitemap.xml, so the sitemap decides
whether instant navigation and the language selector work.  Headless Chromium, sites on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from browser import browser, serve
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from sitemap_checks import parse, urls

pytestmark = pytest.mark.slow  # builds real sites

MARKER = "window.__sitemapPluginsMarker"


def _build(project: Path, base_url: str, **sitemap_options) -> Path:
    def change(config: dict) -> None:
        config["site_url"] = base_url
        for index, plugin in enumerate(config["plugins"]):
            if plugin == "sitemap" or (isinstance(plugin, dict) and "sitemap" in plugin):
                options = plugin["sitemap"] if isinstance(plugin, dict) else {}
                config["plugins"][index] = {"sitemap": {**(options or {}), **sitemap_options}}

    edit_config(project, change)
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    return project / "site"


def _follow_link(
    page, base_url: str, start: str, selector: str, open_menu: str | None = None
) -> tuple[str, list[str], bool]:
    """Open `start`, click the first link matching `selector`; returns where the browser went,
    how the link's target was requested (Playwright's resource types) and whether the page
    survived (a full load starts a new page, which loses the marker)."""
    page.goto(base_url + start)
    page.wait_for_load_state("networkidle")  # Material fetches sitemap.xml once it has loaded
    page.evaluate(f"{MARKER} = true")
    link = page.locator(selector).first
    target = base_url.rstrip("/") + link.evaluate("a => new URL(a.href).pathname")
    kinds: list[str] = []
    page.on("request", lambda request: kinds.append(request.resource_type) if request.url == target else None)
    if open_menu is not None:
        page.hover(open_menu)
    link.click()
    page.wait_for_url(lambda url: url != base_url + start)
    page.wait_for_load_state("networkidle")
    return page.url, kinds, page.evaluate(f"{MARKER} === true")


@pytest.mark.browser
def test_material_instant_navigation_reads_our_urlset(tmp_path):
    project = copy_sample("mkdocs-blog", tmp_path)
    with serve(project / "site") as base_url, browser() as chromium:
        site = _build(project, base_url)
        # The blog sample has news: they are a sitemap of their own, sitemap.xml stays the urlset.
        assert parse(site / "sitemap.xml").tag.endswith("urlset")
        page = chromium.new_page()
        url, kinds, same_page = _follow_link(page, base_url, "blog/", "article a[href*='post-number']")
        assert url.startswith(base_url + "blog/20")
        assert kinds and set(kinds) <= {"fetch", "xhr"}, kinds  # fetched by Material, not loaded
        assert same_page
        # Material swaps the page's content after the URL changes: wait for it, then read it.
        page.locator("h1", has_text="Post number").first.wait_for(timeout=15_000)
        assert page.locator("h1").first.inner_text().startswith("Post number")


@pytest.mark.browser
def test_an_index_at_sitemap_xml_turns_instant_navigation_off(tmp_path):
    """What every peer that writes an index at sitemap.xml does to a Material site (and so what
    the test above would catch): every click is a full page load."""
    project = copy_sample("mkdocs-blog", tmp_path)
    with serve(project / "site") as base_url, browser() as chromium:
        site = _build(project, base_url, max_urls=5)
        assert parse(site / "sitemap.xml").tag.endswith("sitemapindex")
        said = " ".join(mkdocs(project).stderr.split())  # the build said so, once, as a warning
        assert said.count("WARNING - sitemap: the pages need 3 files, so sitemap.xml is a sitemap index") == 1
        page = chromium.new_page()
        url, kinds, same_page = _follow_link(page, base_url, "blog/", "article a[href*='post-number']")
        assert url.startswith(base_url + "blog/20")
        assert "document" in kinds and not same_page


@pytest.mark.browser
def test_static_i18n_language_selector_lands_on_the_translation(tmp_path):
    project = copy_sample("mkdocs-i18n", tmp_path)
    with serve(project / "site") as base_url, browser() as chromium:
        _build(project, base_url)
        page = chromium.new_page()
        url, _, _ = _follow_link(
            page,
            base_url,
            "guide/setup/",
            "a.md-select__link[hreflang=de]",
            open_menu="button[aria-label='Select language']",
        )
        assert url == base_url + "de/guide/setup/"
        assert page.locator("html").get_attribute("lang") == "de"
        page.locator("h1", has_text="Anleitung").first.wait_for(timeout=15_000)
        assert page.locator("h1").first.inner_text() == "Anleitung"
        # static-i18n links each language to the page itself, and Material looks for a
        # sitemap.xml under that link (/de/guide/setup/sitemap.xml): it finds none there, whatever
        # the plugin writes, and loads the translation in full.  The root urlset lists it.
        assert base_url + "de/guide/setup/" in urls(project / "site" / "sitemap.xml")


def _language_project(root: Path, language: str, base_url: str, site_dir: Path, sitemap: dict) -> None:
    """One MkDocs project of Material's own multi-language layout: a project per language, each
    built into its own directory, linked by `extra.alternate`."""
    titles = {"en": ("Home", "Setup"), "fr": ("Accueil", "Installation")}[language]
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text(f"# {titles[0]}\n\n[{titles[1]}](setup.md)\n")
    (root / "docs" / "setup.md").write_text(f"# {titles[1]}\n\nText.\n")
    config = {
        "site_name": "Docs",
        "site_url": f"{base_url}{language}/",
        "site_dir": str(site_dir),
        "theme": {"name": "material", "language": language, "features": ["navigation.instant"]},
        "extra": {
            "alternate": [
                {"name": "English", "link": "/en/", "lang": "en"},
                {"name": "Français", "link": "/fr/", "lang": "fr"},
            ]
        },
        "plugins": [{"sitemap": sitemap}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True))


@pytest.mark.browser
@pytest.mark.parametrize("max_urls", [50_000, 1])
def test_material_language_selector_keeps_the_reader_on_the_page(tmp_path, max_urls):
    site = tmp_path / "site"
    with serve(site) as base_url, browser() as chromium:
        for language, out in (("en", site / "en"), ("fr", site / "fr")):
            _language_project(tmp_path / language, language, base_url, out, {"max_urls": max_urls})
            run = mkdocs(tmp_path / language, "-d", str(out))
            assert run.returncode == 0, run.stderr
        fr_sitemap = parse(site / "fr" / "sitemap.xml")
        # No robots.txt in /fr/: crawlers read it only at the root of the host.
        assert not (site / "fr" / "robots.txt").exists()
        page = chromium.new_page()
        url, _, _ = _follow_link(
            page,
            base_url,
            "en/setup/",
            "a.md-select__link[hreflang=fr]",
            open_menu="button[aria-label='Select language']",
        )
        if max_urls == 1:  # an index at /fr/sitemap.xml: Material finds no page there
            assert fr_sitemap.tag.endswith("sitemapindex") and url == base_url + "fr/"
        else:
            assert fr_sitemap.tag.endswith("urlset") and url == base_url + "fr/setup/"
            page.locator("h1", has_text="Installation").first.wait_for(timeout=15_000)
            assert page.locator("h1").first.inner_text() == "Installation"

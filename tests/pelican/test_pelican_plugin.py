"""Real Pelican builds of the sample sites with `PLUGINS = ["sitemap_plugins.pelican"]`.

Every sitemap written under tmp_path is schema-checked by the sweep in conftest.py.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs_helpers import write_images
from pelican_helpers import PELICAN_PYTHON, add_settings, build, copy_sample, pelican, written_pages
from places import SAMPLES
from protego import Protego
from sitemap_checks import NS, assert_valid_tree, parse, urls
from small_sites import warnings_of

pytestmark = pytest.mark.slow  # builds real sites

BLOG = "https://blog.example.com/"
GUIDE = "https://guide.example.com/"


@pytest.fixture(scope="module")
def blog_build(tmp_path_factory) -> Path:
    project = copy_sample("pelican-blog", tmp_path_factory.mktemp("blog"))
    build(project)
    assert assert_valid_tree(project / "output")  # outside tmp_path: the autouse sweep does not see it
    return project / "output"


def _by_loc(path: Path) -> dict[str, object]:
    entries = {}
    for file in [path.parent / "sitemap.xml", *sorted(path.parent.glob("sitemap-[0-9]*.xml"))]:
        if file.exists() and parse(file).tag.endswith("urlset"):
            for url in parse(file).iterfind("s:url", NS):
                entries[url.findtext("s:loc", namespaces=NS)] = url
    return entries


def test_blog_lists_every_reachable_page_once(blog_build):
    listed = urls(blog_build / "sitemap.xml")
    assert len(listed) == len(set(listed))
    expected = written_pages(blog_build, BLOG) - {
        BLOG + "drafts/half-written.html",  # Status: draft
        BLOG + "posts/only-by-link/",  # Status: hidden
        BLOG + "imprint/",  # Sitemap: false
        BLOG + "tags.html",  # exclude: ["^tags\\.html$"], pelican-sitemap's regex form
        BLOG + "secret.html",  # a TEMPLATE_PAGES page with <meta name="robots" content="noindex">
    }
    assert set(listed) == expected | {BLOG + "files/field-guide.pdf"}  # static_files: ["*.pdf"]
    assert not [u for u in listed if u.endswith("index.html")]
    assert BLOG + "posts/harbour/" in listed and BLOG + "index2.html" in listed
    assert BLOG + "landing/" in listed  # TEMPLATE_PAGES


def test_blog_translations_are_reciprocal_with_x_default(blog_build):
    entries = _by_loc(blog_build / "sitemap.xml")
    group = {
        "en": BLOG + "posts/harbour/",
        "de": BLOG + "de/posts/harbour/",
        "fr": BLOG + "fr/posts/harbour/",
        "x-default": BLOG + "posts/harbour/",
    }
    for language in ("en", "de", "fr"):
        links = entries[group[language]].iterfind("xhtml:link", NS)
        assert {link.get("hreflang"): link.get("href") for link in links} == group
    about = entries[BLOG + "about/"].iterfind("xhtml:link", NS)
    assert {a.get("hreflang") for a in about} == {"en", "de", "x-default"}


def test_blog_dates_priorities_and_media(blog_build):
    entries = _by_loc(blog_build / "sitemap.xml")

    def text(loc: str, path: str) -> str | None:
        return entries[BLOG + loc].findtext(path, namespaces=NS)

    # modified wins over date, with the TIMEZONE's offset (Europe/Berlin).
    assert text("posts/harbour/", "s:lastmod") == "2026-11-12T18:05:00+01:00"
    # Listing pages: the newest lastmod of what they list.
    assert text("", "s:lastmod") == "2026-11-20T17:45:00+01:00"
    assert text("index2.html", "s:lastmod") == "2026-09-14T12:00:00+02:00"
    assert text("tag/weather.html", "s:lastmod") == "2026-11-19T06:00:00+01:00"
    assert text("posts/2016/", "s:lastmod") == "2016-03-01"  # `Date: 2016-03-01`: a date, in listings too
    # pelican-sitemap's priorities and changefreqs per kind; an article's own metadata first.
    assert (text("posts/harbour/", "s:priority"), text("posts/harbour/", "s:changefreq")) == (
        "0.7",
        "monthly",
    )
    assert (text("posts/knots/", "s:priority"), text("posts/knots/", "s:changefreq")) == ("0.9", "weekly")
    assert (text("about/", "s:priority"), text("category/news.html", "s:changefreq")) == ("0.5", "daily")
    # Media: the article's own; listing pages that show them do not repeat them.
    images = [e.text for e in entries[BLOG + "posts/harbour/"].iterfind("image:image/image:loc", NS)]
    assert images == [BLOG + "images/harbour.png", BLOG + "images/lighthouse.png"]
    videos = entries[BLOG + "posts/knots/"].findall("video:video", NS)
    assert [v.findtext("video:title", namespaces=NS) for v in videos] == [
        "Five knots in five minutes",
        "Knots, the long version",
    ]
    assert videos[0].findtext("video:content_loc", namespaces=NS) == BLOG + "files/knots.mp4"
    for listing in ("", "tag/video.html", "category/travel.html"):
        assert entries[BLOG + listing].find("image:image", NS) is None
        assert entries[BLOG + listing].find("video:video", NS) is None


def test_blog_news_feeds_and_robots_txt(blog_build):
    news = parse(blog_build / "sitemap-news.xml")
    titles = [e.text for e in news.iterfind("s:url/news:news/news:title", NS)]
    assert titles == ["Regatta results: Cormorant wins", "Storm warning for the northern coast"]
    # News and feeds are sitemaps of their own: sitemap.xml stays the urlset of the pages.
    assert parse(blog_build / "sitemap.xml").tag.endswith("urlset")
    index = [e.text for e in parse(blog_build / "sitemap-index.xml").iterfind("s:sitemap/s:loc", NS)]
    sitemaps = [
        BLOG + "sitemap.xml",
        BLOG + "sitemap-news.xml",
        BLOG + "feeds/all.atom.xml",
        BLOG + "feeds/howto.atom.xml",
        BLOG + "feeds/news.atom.xml",
        BLOG + "feeds/travel.atom.xml",
    ]
    assert index == sitemaps
    robots = (blog_build / "robots.txt").read_text()
    users = SAMPLES / "pelican-blog/content/extra/robots.txt"
    assert robots.startswith(users.read_text())
    parser = Protego.parse(robots)
    assert list(parser.sitemaps) == [*sitemaps, BLOG + "sitemap-index.xml"]
    assert not parser.can_fetch(BLOG + "drafts/x.html", "Googlebot")
    assert (
        gzip.decompress((blog_build / "sitemap.xml.gz").read_bytes())
        == (blog_build / "sitemap.xml").read_bytes()
    )


def _digests(output: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(output.iterdir())
        if p.name.startswith(("sitemap", "robots"))
    }


def test_rebuild_is_byte_identical_and_removes_stale_files(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    first = _digests(build(project))
    assert _digests(build(project)) == first  # robots.txt keeps one block; gzip is reproducible
    theirs = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://blog.example.com/shop/</loc></url></urlset>\n"
    )
    (project / "output" / "sitemap-custom.xml").write_text(theirs)  # the user's, not ours: kept
    add_settings(project, 'SITEMAP["max_urls"] = 10\nSITEMAP["gzip"] = False')
    output = build(project)
    assert len([n for n in _digests(output) if re.fullmatch(r"sitemap-\d+-[0-9a-f]{8}\.xml", n)]) >= 3
    assert not list(output.glob("*.gz"))  # Pelican does not clear the output; we remove ours
    assert (output / "sitemap-custom.xml").read_text() == theirs


def test_siteurl_must_be_absolute(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    # pelican-quickstart's development settings: the build succeeds, without a sitemap, one INFO line.
    add_settings(project, 'SITEURL = ""')
    result = pelican(project, "-v")
    said = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 0, said
    assert (
        "INFO sitemap: SITEURL is empty (a development build, as pelicanconf.py has it), so no sitemap was written"
        in said
    )
    assert "WARNING sitemap" not in said and "Traceback" not in said  # Pelican warns of its feeds itself
    assert not (project / "output" / "sitemap.xml").exists()
    # `strict` asks for a sitemap of every build: then it is an error.
    add_settings(project, 'SITEMAP["strict"] = True')
    result = pelican(project)
    assert result.returncode != 0
    assert "SITEURL is empty" in result.stdout + result.stderr
    add_settings(project, 'SITEMAP["strict"] = False')
    add_settings(project, 'SITEURL = "/blog"')
    assert "SITEURL is '/blog'" in (r := pelican(project)).stdout + r.stderr
    assert not (project / "output" / "sitemap.xml").exists()
    # base_url overrides it; RELATIVE_URLS does not make the sitemap relative.
    add_settings(project, 'SITEMAP["base_url"] = "https://notes.example.org/"\nRELATIVE_URLS = True')
    listed = urls(build(project) / "sitemap.xml")
    assert "https://notes.example.org/posts/harbour/" in listed
    assert all(u.startswith("https://notes.example.org/") for u in listed)


def test_bad_metadata_is_named_and_left_out_or_fails_under_strict(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    knots = project / "content/articles/knots.md"
    knots.write_text(knots.read_text().replace("Priority: 0.9", "Priority: 7"))
    result = pelican(project)
    assert result.returncode == 0
    said = " ".join((result.stdout + result.stderr).split())
    assert "articles/knots.md" in said and "priority" in said
    entry = _by_loc(project / "output/sitemap.xml")[BLOG + "posts/knots/"]
    assert entry.findtext("s:priority", namespaces=NS) is None
    before = (project / "output/sitemap.xml").read_bytes()
    add_settings(project, 'SITEMAP["strict"] = True')
    result = pelican(project)
    assert result.returncode != 0
    assert "strict" in result.stdout + result.stderr
    assert (project / "output/sitemap.xml").read_bytes() == before  # nothing half-written


@pytest.mark.parametrize(("decorative", "relative"), [(False, False), (True, False), (False, True)])
def test_an_articles_images_are_those_of_its_content_not_of_the_theme_around_it(
    tmp_path, decorative, relative
):
    """Pelican keeps the HTML of the article it wrote: an image the theme writes around it (a
    sidebar's portrait, in no <nav>, <header> or <footer>) is the frame's, listed only with
    `images_decorative`.  With RELATIVE_URLS each file's content is rendered for its own depth:
    the content is the one of the write at hand, though writes are recorded a batch later."""
    project = copy_sample("pelican-blog", tmp_path)
    overrides = project / "overrides"
    overrides.mkdir()
    (overrides / "article.html").write_text(
        '{% extends "!theme/article.html" %}{% block content %}'
        '<aside class="sidebar"><img src="{{ SITEURL }}/images/me.png" alt="Me"></aside>'
        "{{ super() }}{% endblock %}"
    )
    add_settings(project, 'THEME_TEMPLATES_OVERRIDES = ["overrides"]')
    write_images(project / "content" / "images", "me.png")  # the sample copies images/ as it is
    if decorative:
        add_settings(project, 'SITEMAP["images_decorative"] = True')
    if relative:
        add_settings(project, "RELATIVE_URLS = True")
    output = build(project)
    page = (output / "posts/harbour/index.html").read_text()
    assert 'images/me.png" alt="Me"' in page
    assert ('src="../../images/harbour.png"' in page) is relative
    entry = _by_loc(output / "sitemap.xml")[BLOG + "posts/harbour/"]
    images = [e.text for e in entry.iterfind("image:image/image:loc", NS)]
    own = [BLOG + "images/harbour.png", BLOG + "images/lighthouse.png"]
    assert images == ([*own, BLOG + "images/me.png"] if decorative else own)


def test_custom_urls_and_overridden_listing_pages(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    # Extension-less article URLs served from .html files (a common server rewrite).
    add_settings(
        project,
        'ARTICLE_URL = "notes/{slug}"\nARTICLE_SAVE_AS = "notes/{slug}.html"\n'
        'TAG_URL = "topics/{slug}/"\nTAG_SAVE_AS = "topics/{slug}/index.html"',
    )
    # A page that takes over a tag page's file: Pelican writes it, not the tag page.
    (project / "content/pages/weather.md").write_text(
        "Title: Weather\nSlug: weather\nSave_as: topics/weather/index.html\nURL: topics/weather/\n\n"
        "All about weather.\n"
    )
    listed = urls(build(project) / "sitemap.xml")
    assert BLOG + "notes/harbour" in listed and BLOG + "notes/harbour.html" not in listed
    assert BLOG + "topics/sailing/" in listed
    assert listed.count(BLOG + "topics/weather/") == 1
    entry = _by_loc(project / "output/sitemap.xml")[BLOG + "topics/weather/"]
    assert entry.findtext("s:priority", namespaces=NS) == "0.5"  # the page's kind, not the tag's


def test_a_second_build_in_one_process_lists_the_urls_of_its_own_settings(tmp_path):
    """`pelican --autoreload` builds again in the same process, with pelicanconf.py read anew:
    extension-less article URLs set between two builds are listed as the second build serves them."""
    project = copy_sample("pelican-blog", tmp_path)
    settings = project / "pelicanconf.py"
    first = settings.read_text(encoding="utf-8")
    second = first + '\nARTICLE_URL = "notes/{slug}"\nARTICLE_SAVE_AS = "notes/{slug}.html"\n'
    script = (
        "import pathlib, sys, pelican\n"
        "build = ['-q', '-s', 'pelicanconf.py', '-o', 'output', 'content']\n"
        "pelican.main(build)\n"
        f"pathlib.Path('pelicanconf.py').write_text({second!r}, encoding='utf-8')\n"
        "pelican.main(build)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=project, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    listed = urls(project / "output/sitemap.xml")
    assert BLOG + "notes/harbour" in listed and BLOG + "notes/harbour.html" not in listed


def test_a_url_whose_first_segment_looks_like_a_scheme_is_a_path_under_siteurl(tmp_path):
    """`c++:intro/` (a slug as the author wrote it) is a path of the site, as Pelican serves it,
    not a URL of a scheme `c++`: it is listed under SITEURL, and the build says nothing of it."""
    project = copy_sample("pelican-blog", tmp_path)
    add_settings(project, 'ARTICLE_URL = "{slug}/"\nARTICLE_SAVE_AS = "{slug}/index.html"')
    (project / "content/articles/cpp.md").write_text(
        "Title: C++ in a day\nDate: 2024-03-01\nCategory: Travel\nSlug: c++:intro\n\nTemplates.\n"
    )
    result = pelican(project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (project / "output/c++:intro/index.html").is_file()
    assert BLOG + "c++:intro/" in urls(project / "output/sitemap.xml")
    assert "c++:intro" not in result.stdout + result.stderr


def test_i18n_subsites_one_set_with_cross_site_alternates(tmp_path):
    project = copy_sample("pelican-i18n", tmp_path)
    output = build(project)
    assert not (output / "de" / "sitemap.xml").exists() and not (output / "de" / "robots.txt").exists()
    listed = urls(output / "sitemap.xml")
    assert len(listed) == len(set(listed))
    assert not [u for u in listed if ".." in u]
    # English-only articles are hidden in the subsites (i18n_subsites' default), so not listed there.
    assert set(listed) == written_pages(output, GUIDE) - {
        GUIDE + "de/drafts/anchoring-en.html",
        GUIDE + "fr/drafts/anchoring-en.html",
    }
    entries = _by_loc(output / "sitemap.xml")
    tides = {"en": GUIDE + "tides.html", "de": GUIDE + "de/tides.html", "fr": GUIDE + "fr/tides.html"}
    home = {"en": GUIDE, "de": GUIDE + "de/", "fr": GUIDE + "fr/"}
    for group in (tides, home):
        for url in group.values():
            links = {a.get("hreflang"): a.get("href") for a in entries[url].iterfind("xhtml:link", NS)}
            assert links == {**group, "x-default": group["en"]}
    assert entries[GUIDE + "anchoring.html"].find("xhtml:link", NS) is None
    assert (
        entries[GUIDE + "de/tides.html"].findtext("s:lastmod", namespaces=NS) == "2026-11-05T10:00:00+01:00"
    )
    # The root's robots.txt names the one set of the main site and its subsites.
    assert list(Protego.parse((output / "robots.txt").read_text()).sitemaps) == [GUIDE + "sitemap.xml"]


@pytest.mark.invalid_output  # pelican-sitemap's own output is invalid; ours is checked below
def test_pelican_sitemap_settings_mean_the_same(tmp_path):
    """A pelicanconf written for pelican-sitemap: switching PLUGINS is the only change."""
    settings = (
        'SITEMAP = {"format": "xml", "exclude": ["^tag/", "author"], '
        '"priorities": {"articles": 0.8, "indexes": 0.2, "pages": 0.4}, '
        '"changefreqs": {"articles": "weekly", "indexes": "hourly", "pages": "never"}}'
    )
    theirs = copy_sample("pelican-blog", tmp_path / "theirs")
    add_settings(theirs, settings + '\nPLUGINS = ["pelican.plugins.sitemap"]')
    ours = copy_sample("pelican-blog", tmp_path / "ours")
    add_settings(ours, settings)
    theirs_out, ours_out = build(theirs), build(ours)
    their_entries = {
        u.findtext("s:loc", namespaces=NS): u for u in parse(theirs_out / "sitemap.xml").iterfind("s:url", NS)
    }
    assert_valid_tree(ours_out)
    our_entries = _by_loc(ours_out / "sitemap.xml")
    # The same pages, except what pelican-sitemap cannot know: `Sitemap: false` metadata and a
    # noindex page.
    unknown_to_them = {BLOG + "imprint/", BLOG + "secret.html"}
    assert set(their_entries) - set(our_entries) == unknown_to_them
    assert set(our_entries) == set(their_entries) - unknown_to_them
    for loc, entry in our_entries.items():
        for field in ("s:priority", "s:changefreq"):
            assert entry.findtext(field, namespaces=NS) == their_entries[loc].findtext(
                field, namespaces=NS
            ), (loc, field)


@pytest.mark.invalid_output  # pelican-sitemap's own output is what is checked here
def test_pelican_sitemap_is_what_users_live_with(tmp_path):
    """The defects this plugin replaces, measured on the same site (documented in the README)."""
    project = copy_sample("pelican-blog", tmp_path)
    add_settings(project, 'SITEMAP = {"format": "xml"}\nPLUGINS = ["pelican.plugins.sitemap"]')
    data = (build(project) / "sitemap.xml").read_bytes()
    assert b' ref="' in data  # hreflang links carry ref= instead of href=
    assert not (project / "output" / "robots.txt").read_text().count("Sitemap:")


def test_txt_format_writes_sitemap_txt(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    add_settings(project, 'SITEMAP = {"format": "txt"}')
    output = build(project)
    lines = (output / "sitemap.txt").read_text().splitlines()
    assert sorted(lines) == sorted(urls(output / "sitemap.xml"))
    assert BLOG + "posts/harbour/" in lines


def test_wrong_settings_get_a_clear_error(tmp_path):
    project = copy_sample("pelican-blog", tmp_path)
    add_settings(project, 'SITEMAP = {"max_url": 10}')
    result = pelican(project)
    assert result.returncode != 0
    assert "unknown sitemap option(s) max_url (did you mean max_urls?)" in " ".join(
        (result.stdout + result.stderr).split()
    )
    add_settings(project, 'SITEMAP = {"priorities": {"posts": 0.5}}')
    said = " ".join((r := pelican(project)).stdout.split() + r.stderr.split())
    assert "SITEMAP['priorities']: unknown key(s) 'posts'" in said


def test_switching_from_pelican_sitemap_replaces_its_sitemap(tmp_path):
    """Pelican does not clear its output: pelican-sitemap's sitemap.xml is still there."""
    project = copy_sample("pelican-blog", tmp_path)
    config = project / "pelicanconf.py"
    original = config.read_text()
    config.write_text(
        original.replace('PLUGINS = ["sitemap_plugins.pelican"]', 'PLUGINS = ["pelican.plugins.sitemap"]')
    )
    add_settings(project, 'SITEMAP = {"format": "xml"}')
    output = build(project)
    assert b"generated by sitemap-plugins" not in (output / "sitemap.xml").read_bytes()
    config.write_text(original)
    output = build(project)
    assert b"generated by sitemap-plugins" in (output / "sitemap.xml").read_bytes()


def test_an_items_content_is_taken_as_its_write_rendered_it():
    """Taken with its batch, an item's content is asked for with the site URL of its write
    (Pelican keeps it by that URL), not the one the item gives by then; an item without Pelican's
    methods gives its `content`."""
    from sitemap_plugins.pelican.items import own_content

    class Item:
        def __init__(self):
            self.site, self.asked = "../../", []  # the next write's, with RELATIVE_URLS

        def get_siteurl(self):
            return self.site

        def get_content(self, site):
            self.asked.append(site)
            return f"<p>for {site}</p>"

    item = Item()
    assert own_content({"article": item, "localsiteurl": "../"}) == "<p>for ../</p>"
    assert own_content({"article": item, "localsiteurl": None}) == "<p>for ../../</p>"
    assert item.asked == ["../", "../../"]

    class Plain:
        content = "<p>plain</p>"

    assert own_content({"page": Plain(), "localsiteurl": "../"}) == "<p>plain</p>"
    assert own_content({}) is None


def test_the_stock_theme_with_a_translation_says_nothing_that_reads_like_a_problem(tmp_path):
    """The stock theme writes its language menu as <link rel="alternate" hreflang> on every page:
    that is no problem of the owner's, and `pelican -v` says nothing of it at INFO."""
    project = copy_sample("pelican-i18n", tmp_path)
    result = pelican(project, "-v")
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    assert "do not name the page itself" not in said and "language menu" not in said


@pytest.mark.slow
def test_pelican_as_its_users_install_it(tmp_path):
    """The suite's Pelican builds run on the Pelican users get from the registry (4.12 and later:
    it caps Pygments below what Material needs, so `python3 dev.py test` gives it an environment
    of its own).  A mistyped SITEMAP key is one CRITICAL line and exit 1, no traceback (4.12
    prints one for any exception that reaches it); a correct build writes the set."""

    if sys.executable == PELICAN_PYTHON:
        pytest.skip("no environment of the newest Pelican: `python3 dev.py test` makes .venv-pelican")
    python = PELICAN_PYTHON
    version = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('pelican'))"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert tuple(int(part) for part in version.split(".")[:2]) >= (4, 12), version
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    (site / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA.\n")
    settings = 'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap_plugins.pelican"]\n'
    env = {**os.environ, "COLUMNS": "400"}
    (site / "pelicanconf.py").write_text(settings + 'SITEMAP = {"gzpi": True}\n')
    command = [str(python), "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content"]
    done = subprocess.run(command, cwd=site, capture_output=True, text=True, env=env)
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said, said
    assert (
        said.count("CRITICAL") == 1
        and "ConfigError: SITEMAP: unknown sitemap option(s) gzpi (did you mean gzip?)" in said
    )
    (site / "pelicanconf.py").write_text(settings)
    done = subprocess.run(command, cwd=site, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert b"generated by sitemap-plugins" in (site / "output" / "sitemap.xml").read_bytes()


@pytest.mark.slow
def test_the_i18n_sample_builds_with_fatal_warnings(tmp_path):
    """pelican-i18n's subsites link their translations as `https://guide.example.com/de/../fog.html`:
    the same page as the site's `https://guide.example.com/fog.html`, so no WARNING, and
    `--fatal warnings` passes; the sitemap lists the resolved URL."""
    project = copy_sample("pelican-i18n", tmp_path)
    done = pelican(project, "--fatal", "warnings")
    assert done.returncode == 0, done.stdout + done.stderr
    assert warnings_of(done) == [] and "Traceback" not in done.stdout + done.stderr
    sitemap = (project / "output" / "sitemap.xml").read_text()
    assert "/../" not in sitemap
    assert '<xhtml:link rel="alternate" hreflang="en" href="https://guide.example.com/fog.html"/>' in sitemap

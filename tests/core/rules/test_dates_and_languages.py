"""Dates as real builds make them: other plugins' dates, the publication floor, listings dated by
what they show, listings that are no news.  Real MkDocs (Material's blog, git-revision-date-localized)
and Pelican builds in git repositories made here, the expected dates written out by hand."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from pelican_helpers import pelican, write_theme
from protego import Protego
from sitemap_checks import NS, parse

from sitemap_plugins.core.output.result import docs_page

pytestmark = pytest.mark.slow  # builds real sites

BLOG = "https://blog.example.com/"


def _lastmods(sitemap: Path) -> dict[str, str | None]:
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def _commit(repo: Path, when: str, message: str = "content") -> None:
    """Everything in `repo` committed, authored and committed at `when`."""
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    if not (repo / ".git").exists():
        subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message],
        cwd=repo,
        check=True,
        env=env,
    )


def _blog_with_git_revision_dates(tmp_path: Path) -> Path:
    project = copy_sample("mkdocs-blog", tmp_path)
    edit_config(project, lambda config: config["plugins"].insert(1, "git-revision-date-localized"))
    return project


def test_another_plugins_clock_never_dates_a_page(tmp_path):
    """git-revision-date-localized stamps `time.time()` on what git does not know, which is every
    view Material's blog generates: no page is dated by the build, and each view is dated by the
    newest post it shows (two posts a page, newest first; written out from the sample's posts)."""
    project = _blog_with_git_revision_dates(tmp_path)
    _commit(project, "2024-06-01T10:00:00Z")
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    dates = _lastmods(project / "site" / "sitemap.xml")
    assert not [url for url, date in dates.items() if date and date.startswith(today)]
    views = {
        url: date for url, date in dates.items() if "/blog/" in url and not re.search(r"/blog/\d{4}/", url)
    }
    assert views == {
        BLOG + "blog/": "2024-05-25",  # posts 5 and 4
        BLOG + "blog/page/2/": "2024-03-23",  # posts 3 and 2
        BLOG + "blog/page/3/": "2024-01-21",  # post 1
        BLOG + "blog/archive/2024/": "2024-05-25",
        BLOG + "blog/archive/2024/page/2/": "2024-03-23",
        BLOG + "blog/archive/2024/page/3/": "2024-01-21",
        BLOG + "blog/category/vegetables/": "2024-05-25",  # posts 5 and 3
        BLOG + "blog/category/vegetables/page/2/": "2024-01-21",  # post 1
        BLOG + "blog/category/steaks/": "2024-04-24",  # posts 4 and 2
    }
    # The home page is a page of its own, dated by its source's commit (git-revision-date-localized's
    # date of it, and ours, agree).
    assert dates[BLOG].startswith("2024-06-01")


def test_the_publication_date_is_a_floor_whatever_gives_the_later_change(tmp_path):
    """A post whose `date` is the day after the commit that wrote it (written ahead, published
    on its day): no source dates it before its publication, on MkDocs (git-revision-date-localized's
    date in page.meta, our own git) and on Pelican (git)."""
    project = _blog_with_git_revision_dates(tmp_path)
    (project / "docs" / "blog" / "posts" / "ahead.md").write_text(
        "---\ndate: 2023-06-06\ncategories: [Steaks]\n---\n\n# Written ahead\n\nSoon.\n"
    )
    _commit(project, "2023-06-05T16:51:00Z")
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    dates = _lastmods(project / "site" / "sitemap.xml")
    assert dates[BLOG + "blog/2023/06/06/written-ahead/"] == "2023-06-06"

    blog = tmp_path / "pelican"
    (blog / "content").mkdir(parents=True)
    (blog / "content" / "ahead.md").write_text("Title: Ahead\nDate: 2023-06-06\n\nSoon.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nSITEMAP = {"lastmod": ["git", "metadata"]}\n'
    )
    _commit(blog, "2023-06-05T16:51:00Z")
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _lastmods(blog / "output" / "sitemap.xml")["https://p.example.com/ahead.html"] == "2023-06-06"


def test_a_listing_is_dated_by_what_its_theme_shows(tmp_path):
    """A Pelican theme that renders all of `articles` on every page of a paginated listing (not
    the page's slice), with a menu linking to an About page newer than every article: each page
    of the listing is dated by the newest article it shows, the menu's page by no listing."""
    blog = tmp_path / "pelican"
    (blog / "content" / "pages").mkdir(parents=True)
    for number, day in enumerate(("2024-01-05", "2024-02-05", "2024-03-05", "2024-04-05"), 1):
        (blog / "content" / f"talk-{number}.md").write_text(f"Title: Talk {number}\nDate: {day}\n\nA talk.\n")
    (blog / "content" / "pages" / "about.md").write_text("Title: About\nModified: 2025-01-01\n\nUs.\n")
    write_theme(
        blog,
        base=(
            "<html><head><title>{{ SITENAME }}</title></head><body><header><nav>{% for p in pages %}"
            '<a href="{{ SITEURL }}/{{ p.url }}">{{ p.title }}</a>{% endfor %}</nav></header><main>'
            "{% block content %}{% endblock %}</main></body></html>"
        ),
        listing=(
            '{% extends "base.html" %}{% block content %}{% for article in articles %}'
            '<article><a href="{{ SITEURL }}/{{ article.url }}">{{ article.title }}</a></article>'
            "{% endfor %}{% endblock %}"
        ),
    )
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        'DEFAULT_PAGINATION = 2\nPLUGINS = ["sitemap_plugins.pelican"]\n'
    )
    done = pelican(blog)
    assert done.returncode == 0, done.stdout + done.stderr
    dates = _lastmods(blog / "output" / "sitemap.xml")
    base = "https://p.example.com/"
    assert dates[base + "pages/about.html"] == "2025-01-01"
    # Every page of the home listing shows all four talks (the theme renders `articles`).
    assert dates[base] == dates[base + "index2.html"] == "2024-04-05"
    assert dates[base + "archives.html"] == "2024-04-05"


def test_listings_are_no_news_articles(tmp_path):
    """The docs' own news example, `include: ["blog/*"]`, matches the blog's index, archive and
    category pages too: they are no news articles, left out of the news sitemap with one INFO
    line, and `--strict` builds the correct site."""
    project = copy_sample("mkdocs-blog", tmp_path)

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["news"]["include"] = ["blog/*"]

    edit_config(project, configure)
    done = mkdocs(project, "--strict")
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr
    assert (
        "INFO    -  sitemap: 9 listings (index, archive, category pages) matched the news rules but are no "
        "news articles: not in the news sitemap"
    ) in done.stderr.splitlines()
    news = [
        u.findtext("s:loc", namespaces=NS)
        for u in parse(project / "site" / "sitemap-news.xml").iterfind("s:url", NS)
    ]
    assert sorted(news) == [f"{BLOG}blog/2024/0{n}/1{n}/post-number-{n}/" for n in range(1, 6)]
    # The sample's own rules match its posts alone: nothing of the kind is said.
    as_shipped = mkdocs(copy_sample("mkdocs-blog", tmp_path / "as-shipped"), "--strict")
    assert as_shipped.returncode == 0 and "matched the news rules" not in as_shipped.stderr


def test_pages_without_a_date_are_counted_with_the_reason(tmp_path):
    """Sources that are a staged copy git ignores (FastAPI's build stages its docs so): one INFO
    line counts the pages left without lastmod and says why and where to read how to date them;
    the report shows each page's reason; a page git has no commit of yet is told apart."""
    project = tmp_path / "site-project"
    (project / "staged").mkdir(parents=True)
    (project / ".gitignore").write_text("staged/\nsite/\nreport.html\n")
    (project / "mkdocs.yml").write_text(
        "site_name: S\nsite_url: https://s.example.com/\ndocs_dir: staged\n"
        "plugins:\n  - sitemap:\n      report: report.html\n"
    )
    for name in ("index", "a", "b"):
        (project / "staged" / f"{name}.md").write_text(f"# {name}\n")
    _commit(project, "2024-06-01T10:00:00Z")
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert (
        "INFO    -  sitemap: none of the 3 pages has a lastmod (3 ignored by git): the pages' own dates "
        '(<meta property="article:modified_time">, JSON-LD dateModified), the git history of their '
        "sources, or the lastmods of a sitemap the generator writes give them: "
        f"{docs_page('lastmod.md')}"
    ) in done.stderr.splitlines()
    from lxml import html as lxml_html

    rows = lxml_html.parse(str(project / "report.html")).getroot().xpath("//table[@id='urls']/tbody/tr")
    assert {row.xpath("string(td[3])") for row in rows} == {"none: ignored by git"}

    (project / ".gitignore").write_text("site/\nreport.html\n")  # the sources are the site's own now
    _commit(project, "2024-06-02T10:00:00Z")
    (project / "staged" / "new.md").write_text("# new\n")  # not committed yet
    done = mkdocs(project)
    assert (
        "INFO    -  sitemap: 1 page without lastmod: 1 not committed to git; how to date them (front "
        f"matter `lastmod:`, git, the page's own dates): {docs_page('lastmod.md')} (the report names each)"
    ) in done.stderr.splitlines()


EXPECTED_BLOG = {
    BLOG + "blog/": "2024-05-25",
    BLOG + "blog/2024/01/11/post-number-1/": "2024-01-21",
    BLOG + "blog/2024/02/12/post-number-2/": "2024-02-22",
    BLOG + "blog/2024/03/13/post-number-3/": "2024-03-23",
    BLOG + "blog/2024/04/14/post-number-4/": "2024-04-24",
    BLOG + "blog/2024/05/15/post-number-5/": "2024-05-25",
    BLOG + "blog/archive/2024/": "2024-05-25",
    BLOG + "blog/archive/2024/page/2/": "2024-03-23",
    BLOG + "blog/archive/2024/page/3/": "2024-01-21",
    BLOG + "blog/category/steaks/": "2024-04-24",
    BLOG + "blog/category/vegetables/": "2024-05-25",
    BLOG + "blog/category/vegetables/page/2/": "2024-01-21",
    BLOG + "blog/page/2/": "2024-03-23",
    BLOG + "blog/page/3/": "2024-01-21",
}


def test_generate_project_knows_blog_posts_as_the_plugin_does(tmp_path):
    """A Material blog built by Zensical, then `generate --project`: each post found at the URL
    the blog plugin gives it (its date and title's slug), dated by its front matter, a news
    article by its `date`, and each view dated by what it shows; the MkDocs plugin's dates alike."""
    project = copy_sample("mkdocs-blog", tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "zensical", "build"], cwd=project, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    run = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--project", "mkdocs.yml"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0 and "news page needs" not in run.stderr, run.stderr
    by_command = _lastmods(project / "site" / "sitemap.xml")
    assert {url: date for url, date in by_command.items() if "/blog/" in url} == EXPECTED_BLOG
    news = parse(project / "site" / "sitemap-news.xml").iterfind("s:url", NS)
    assert sorted(u.findtext("s:loc", namespaces=NS) for u in news) == sorted(
        url for url in EXPECTED_BLOG if "post-number" in url
    )

    by_plugin = copy_sample("mkdocs-blog", tmp_path / "plugin")
    assert mkdocs(by_plugin).returncode == 0
    plugin_dates = _lastmods(by_plugin / "site" / "sitemap.xml")
    assert {url: date for url, date in plugin_dates.items() if "/blog/" in url} == EXPECTED_BLOG


def test_a_copy_is_no_translation_however_it_was_made(tmp_path):
    """A build script copies an untranslated English page into French (FastAPI's does): the
    French page shows the English words, so it is a copy, left out (INFO, counted, in the report),
    and the English and German pages stay one reciprocal group with x-default; `list_fallbacks`
    lists the copy, in no group."""
    project = copy_sample("mkdocs-i18n", tmp_path)
    setup = project / "docs" / "guide" / "setup.md"
    (project / "docs" / "guide" / "setup.fr.md").write_bytes(setup.read_bytes())

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["report"] = "report.html"

    edit_config(project, configure)
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    base = "https://i18n.example.com/"
    assert "of another language's page left out" in done.stderr
    urls = {
        u.findtext("s:loc", namespaces=NS): u
        for u in parse(project / "site" / "sitemap.xml").iterfind("s:url", NS)
    }
    assert base + "fr/guide/setup/" not in urls
    group = sorted(
        (link.get("hreflang"), link.get("href"))
        for link in urls[base + "guide/setup/"].iterfind("xhtml:link", NS)
    )
    assert group == [
        ("de", base + "de/guide/setup/"),
        ("en", base + "guide/setup/"),
        ("x-default", base + "guide/setup/"),
    ]
    german = sorted(
        (link.get("hreflang"), link.get("href"))
        for link in urls[base + "de/guide/setup/"].iterfind("xhtml:link", NS)
    )
    assert german == group
    from lxml import html as lxml_html

    report = lxml_html.parse(str(project / "report.html")).getroot()
    rows = report.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    copies = {
        row.xpath("string(td[1])"): row.xpath("string(td[3])")
        for row in rows
        if row.xpath("string(td[3])") == "copy"
    }
    assert copies == {"/fr/guide/setup/": "copy"}

    def list_them(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["list_fallbacks"] = True

    edit_config(project, list_them)
    assert mkdocs(project).returncode == 0
    urls = {
        u.findtext("s:loc", namespaces=NS): u
        for u in parse(project / "site" / "sitemap.xml").iterfind("s:url", NS)
    }
    assert urls[base + "fr/guide/setup/"].find("xhtml:link", NS) is None
    hreflangs = [link.get("hreflang") for link in urls[base + "guide/setup/"].iterfind("xhtml:link", NS)]
    assert sorted(hreflangs) == ["de", "en", "x-default"]


def _language_projects(
    tmp_path: Path, tool: str, order: tuple[str, ...] = ("en", "de"), copy: bool = False
) -> Path:
    """Material's documented layout: one project per language, each with its own site_url, the
    other languages' site_dir nested in the main one's, `extra.alternate` naming them; built in
    `order` (the main language first, as MkDocs cleans its site_dir, or last with `--dirty`),
    with the plugin ("plugin") or without it (Zensical runs none)."""
    root = tmp_path / "docs-projects"
    for number, language in enumerate(order):
        title, path = {"en": ("Docs", ""), "de": ("Doku", "de/")}[language]
        docs = root / language / "docs"
        (docs / "guide").mkdir(parents=True)
        (docs / "index.md").write_text(f"# {title}\n\nWelcome ({language}).\n")
        (docs / "guide" / "setup.md").write_text(f"# {title}: setup\n\nSetup ({language}).\n")
        if language == "en":
            (docs / "guide" / "only-english.md").write_text("# Only in English\n")
        if copy:  # an untranslated page, copied in English into every language (FastAPI's reference)
            (docs / "reference.md").write_text("# Reference\n\nThe API, function by function.\n")
        alternate = [
            {"name": "English", "link": "/", "lang": "en"},
            {"name": "Deutsch", "link": "/de/", "lang": "de"},
        ]
        if tool in ("mkdocs", "plugin"):
            plugins = "plugins: [sitemap]\n" if tool == "plugin" else ""
            (root / language / "mkdocs.yml").write_text(
                f"site_name: {title}\nsite_url: https://multi.example.com/{path}\nsite_dir: ../site/{path}\n"
                f"theme:\n  name: material\n  language: {language}\nextra:\n  alternate: {alternate}\n{plugins}"
            )
            # Built after another language, the main one keeps that one's nested site_dir.
            dirty = ["--dirty"] if number and not path else []
            command = [sys.executable, "-m", "mkdocs", "build", *dirty]
        else:
            links = ",\n".join(
                f'  {{ name = "{a["name"]}", link = "{a["link"]}", lang = "{a["lang"]}" }}' for a in alternate
            )
            (root / language / "zensical.toml").write_text(
                f'[project]\nsite_name = "{title}"\nsite_url = "https://multi.example.com/{path}"\n'
                f'site_dir = "../site/{path}"\n[project.theme]\nlanguage = "{language}"\n'
                f"[project.extra]\nalternate = [\n{links}\n]\n"
            )
            command = [sys.executable, "-m", "zensical", "build"]
        done = subprocess.run(
            command,
            cwd=root / language,
            capture_output=True,
            text=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert not [line for line in done.stderr.splitlines() if "WARNING" in line and "sitemap" in line]
    return root


def _assert_one_group_per_page(site: Path) -> None:
    """Each page with a counterpart at the same path in the other language's project is in one
    reciprocal group with x-default (the main language); each project's sitemap lists its own
    pages; the root's robots.txt names both sitemaps, and nothing is written under /de/ that only
    the root may have."""
    base = "https://multi.example.com/"

    def groups(sitemap: Path) -> dict[str, list[tuple[str, str]]]:
        return {
            url.findtext("s:loc", namespaces=NS): sorted(
                (link.get("hreflang"), link.get("href")) for link in url.iterfind("xhtml:link", NS)
            )
            for url in parse(sitemap).iterfind("s:url", NS)
        }

    english, german = groups(site / "sitemap.xml"), groups(site / "de" / "sitemap.xml")
    assert sorted(english) == [base, base + "guide/only-english/", base + "guide/setup/"]
    assert sorted(german) == [base + "de/", base + "de/guide/setup/"]
    for path in ("", "guide/setup/"):
        group = [("de", f"{base}de/{path}"), ("en", base + path), ("x-default", base + path)]
        assert english[base + path] == german[f"{base}de/{path}"] == group
    assert english[base + "guide/only-english/"] == []
    assert list(Protego.parse((site / "robots.txt").read_text()).sitemaps) == [
        base + "sitemap.xml",
        base + "de/sitemap.xml",
    ]
    assert not (site / "de" / "robots.txt").exists()


@pytest.mark.parametrize("tool", ["mkdocs"])  # Zensical keeps site_dir in its project: mkdocs/test_zensical.py
def test_one_project_per_language_as_material_documents_it(tmp_path, tool):
    """Built without the plugin, then `generate --project` for each."""
    root = _language_projects(tmp_path, tool)
    config = "mkdocs.yml" if tool == "mkdocs" else "zensical.toml"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_plugins",
            "generate",
            "--project",
            f"en/{config}",
            "--project",
            f"de/{config}",
        ],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    _assert_one_group_per_page(root / "site")


@pytest.mark.parametrize("order", [("en", "de"), ("de", "en")], ids=["main-first", "main-last"])
def test_one_project_per_language_with_the_plugin_in_either_order(tmp_path, order):
    """With the plugin in each project: the later build joins the earlier one's pages into its
    groups and writes both sets again (the root's robots.txt naming both), whichever is first."""
    root = _language_projects(tmp_path, "plugin", order)
    _assert_one_group_per_page(root / "site")
    # The deployed manifest names the project relative to the set, never the build machine's path.
    manifest_text = (root / "site" / "de" / ".sitemap-plugins.json").read_text()
    assert json.loads(manifest_text)["project"] == "../../de/mkdocs.yml"
    assert str(tmp_path) not in manifest_text and str(tmp_path.resolve()) not in manifest_text


@pytest.mark.parametrize("order", [("en", "de"), ("de", "en")], ids=["main-first", "main-last"])
def test_one_project_per_language_with_the_plugin_leaves_out_an_english_copy(tmp_path, order):
    """An English page the German project copies as it is (FastAPI's untranslated reference pages)
    is a copy, whichever project is built last: left out of the German set, the English page in no
    group."""
    root = _language_projects(tmp_path, "plugin", order, copy=True)
    site, base = root / "site", "https://multi.example.com/"
    german = [
        url.findtext("s:loc", namespaces=NS)
        for url in parse(site / "de" / "sitemap.xml").iterfind("s:url", NS)
    ]
    assert base + "de/reference/" not in german
    assert base + "de/guide/setup/" in german
    english = {
        url.findtext("s:loc", namespaces=NS): url for url in parse(site / "sitemap.xml").iterfind("s:url", NS)
    }
    assert english[base + "reference/"].find("xhtml:link", NS) is None

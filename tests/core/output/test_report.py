"""The HTML report of a build (option `report`) and of `check --format html`: its content from real
builds, and what a person sees of it in a real browser (opened from disk, no network)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser import browser, serve
from command_runs import run
from lxml import html as lxml_html
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from pelican_helpers import add_settings, build
from pelican_helpers import copy_sample as copy_pelican_sample
from sitemap_checks import assert_valid_tree, urls

import sitemap_plugins as sp
from sitemap_plugins.core.output.result import docs_page

#: Where the screenshots of the browser tests go, to look at by hand: SITEMAP_PLUGINS_ARTIFACTS
#: (a CI's artifacts directory), else nowhere (no test writes into the repository).
ARTIFACTS = (
    Path(os.environ["SITEMAP_PLUGINS_ARTIFACTS"]) if os.environ.get("SITEMAP_PLUGINS_ARTIFACTS") else None
)


def _with_report(project: Path, line: str) -> None:
    text = (project / "mkdocs.yml").read_text()
    (project / "mkdocs.yml").write_text(
        text.replace("      gzip: true\n", f"      gzip: true\n      {line}\n")
    )


@pytest.fixture(scope="module")
def features(tmp_path_factory) -> tuple[Path, Path]:
    project = copy_sample("mkdocs-features", tmp_path_factory.mktemp("features"))
    _with_report(project, "report: reports/sitemap.html")
    (project / "reports").mkdir()
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert assert_valid_tree(project / "site")  # outside tmp_path: the autouse sweep does not see it
    return project, project / "reports" / "sitemap.html"


def test_every_left_out_page_is_there_with_its_reason(features):
    project, report = features
    document = lxml_html.parse(str(report)).getroot()
    left_out_rows = document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    left_out = {
        row.findtext("td[2]"): (row.findtext("td[3]"), " ".join(row.xpath("string(td[4])").split()))
        for row in left_out_rows
    }
    hrefs = {row.findtext("td[2]"): row.xpath("string(td[1]/a/@href)") for row in left_out_rows}
    assert hrefs["hidden.md"] == "hidden/" and hrefs["drafts/idea.md"] == "drafts/idea/"
    assert left_out == {
        "hidden.md": ("metadata", "sitemap: false"),
        "printable.md": ("canonical", "the canonical URL is https://docs.example.com/guide/grilling/"),
        "private.md": ("noindex", '<meta name="robots"> says noindex'),
        "drafts/idea.md": (
            "draft",
            "not built (draft_docs or exclude_docs in mkdocs.yml, or a plugin's draft)",
        ),
    }
    listed = document.xpath("//table[@id='urls']/tbody/tr")
    assert len(listed) == len(urls(project / "site" / "sitemap.xml"))
    # IRIs shown decoded, the link still the URI; dates readable; where lastmod came from.
    # The report's <base href> is the site: paths are shown decoded, links stay URIs.
    assert document.xpath("string(//base/@href)") == "https://docs.example.com/"
    shown = {row.xpath("string(td[1]/a)"): row for row in listed}
    assert shown["/über-uns/"].xpath("string(td[1]/a/@href)") == "%C3%BCber-uns/"
    assert "/guide/grilling/" in shown
    # Never inside the deployed output unless asked: reports/ is beside mkdocs.yml.
    assert not list((project / "site").rglob("*report*"))


@pytest.mark.browser
def test_the_report_opens_from_disk_filters_sorts_and_draws(features, tmp_path):
    _, report = features
    with browser() as chromium:
        page = chromium.new_page(viewport={"width": 1200, "height": 900})
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto(report.as_uri())
        rows = page.locator("#urls tbody tr")
        total = rows.count()
        assert total >= 5 and page.locator("svg rect").count() >= 1
        page.fill("#filter", "guide")
        page.wait_for_function("document.getElementById('shown').textContent.includes('shown')")
        visible = page.locator("#urls tbody tr:not([hidden])").count()
        assert 0 < visible < total
        assert page.locator("#shown").inner_text() == f"{visible} of {total} shown"
        page.fill("#filter", "")
        page.click("#urls th:nth-child(2)")  # lastmod, ascending then descending
        page.click("#urls th:nth-child(2)")
        first = page.locator("#urls tbody tr").first.locator("td").nth(1).inner_text()
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}.*", first)
        if ARTIFACTS is not None:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report.png"), full_page=True)
        assert requests == [report.as_uri()]  # self-contained: nothing else is fetched


def test_pelican_report_lists_what_the_sitemap_lists(tmp_path):
    project = copy_pelican_sample("pelican-blog", tmp_path)
    add_settings(project, 'SITEMAP["report"] = "report.html"')
    output = build(project)
    document = lxml_html.parse(str(project / "report.html")).getroot()
    base = document.xpath("string(//base/@href)")
    listed = [
        base + row.xpath("string(td[1]/a/@href)") for row in document.xpath("//table[@id='urls']/tbody/tr")
    ]
    assert sorted(u.replace(base + "./", base) for u in listed) == sorted(urls(output / "sitemap.xml"))
    kinds = {
        row.findtext("td[3]")
        for row in document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    }
    assert "noindex" in kinds


def test_check_writes_the_same_kind_of_report(features, tmp_path):
    project, _ = features
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_plugins",
            "check",
            str(project / "site"),
            "--base-url",
            "https://docs.example.com/",
            "--format",
            "html",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    document = lxml_html.fromstring(run.stdout)
    rows = document.xpath("//table[@id='urls']/tbody/tr")
    assert len(rows) == len(urls(project / "site" / "sitemap.xml"))
    assert all(row.xpath("string(td[1]/span)").endswith(tuple("0123456789")) for row in rows)  # file:line


@pytest.mark.parametrize("where", ["missing/dir/report.html", "read-only/report.html"])
def test_a_report_path_that_cannot_be_written_is_named_and_the_sitemaps_are(tmp_path, where):
    project = copy_sample("mkdocs-features", tmp_path)
    _with_report(project, f"report: {where}")
    if where.startswith("read-only"):
        (project / "read-only").mkdir()
        (project / "read-only" / "report.html").mkdir()  # a directory in its way (root writes anywhere)
    run = mkdocs(project)
    said = " ".join(run.stderr.split())
    assert run.returncode == 0 and "option 'report'" in said and "no report written" in said, run.stderr
    assert (project / "site" / "sitemap.xml").exists()


_RAISES = "<url>{{ 1 / 0 }}</url>\n"


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("report.html", "{% if %}", "Expected an expression"),
        ("urlset.xml", "{% if %}", "Expected an expression"),
        # Raising what is not Jinja's error, while rendering
        ("report.html", "{{ 1 / 0 }}", "ZeroDivisionError: division by zero"),
        ("url.xml", _RAISES, "ZeroDivisionError: division by zero"),
    ],
)
def test_a_broken_template_of_the_users_is_named_in_a_real_build(tmp_path, name, text, said):
    """MkDocs with a `templates_dir` template that does not compile or raises: the report's is
    a problem and the sitemaps are written; a sitemap template's fails the build with the
    option, the file and the line, and no traceback."""
    project = copy_sample("mkdocs-features", tmp_path)
    _with_report(project, "report: sitemap-report.html")
    _with_report(project, "templates_dir: my-templates")
    (project / "my-templates").mkdir()
    (project / "my-templates" / name).write_text(text)
    run = mkdocs(project)
    told = " ".join(run.stderr.split())
    assert f"templates_dir: {project / 'my-templates' / name}, line 1: {said}" in told, run.stderr
    assert "Traceback" not in run.stderr
    if name == "report.html":
        assert run.returncode == 0 and "no report written" in told
        assert (project / "site" / "sitemap.xml").exists() and not (project / "sitemap-report.html").exists()
    else:
        assert run.returncode != 0 and "no sitemap was written" in told
        assert not (project / "site" / "sitemap.xml").exists()


@pytest.mark.browser
def test_the_xslt_view_shows_decoded_iris_and_readable_dates(tmp_path):

    site = tmp_path / "site"
    with serve(site) as base_url, browser() as chromium:
        sitemap = sp.Sitemap(sp.Options(base_url=base_url, stylesheet=True))
        sitemap.add(sp.Entry(f"{base_url}über-uns/", lastmod="2024-05-01T09:30:00+02:00"))
        sitemap.write(site)
        page = chromium.new_page()
        page.goto(base_url + "sitemap.xml")
        page.wait_for_selector("table a.iri")
        assert page.locator("a.iri").inner_text() == f"{base_url}über-uns/"
        assert "2024-05-01 09:30 +02:00" in page.locator("table").inner_text()


def test_mkdocs_serve_serves_the_report_for_writers(tmp_path):
    import os
    import socket
    import time
    import urllib.request

    project = copy_sample("mkdocs-features", tmp_path)
    _with_report(project, "report: report.html")
    assert mkdocs(project).returncode == 0  # a real build writes the report beside mkdocs.yml
    built = (project / "report.html").read_bytes()
    assert b"https://docs.example.com/" in built

    def start() -> tuple[subprocess.Popen, int]:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
            cwd=project,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        return process, port

    server, port = start()
    try:
        body, deadline = "", time.monotonic() + 60
        while time.monotonic() < deadline and "Sitemap report" not in body:
            if server.poll() is not None:
                # Another program took the free port between the probe and serve's bind: again.
                server, port = start()
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/sitemap-report.html", timeout=5
                ) as response:
                    body = response.read().decode()
            except OSError:
                time.sleep(0.5)
        assert "Sitemap report" in body and "hidden.md" in body
        assert f"http://127.0.0.1:{port}/" in body  # the addresses serve serves at
        assert (project / "report.html").read_bytes() == built  # the real build's, untouched
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_chart_counts_dates_in_the_month_written_and_every_report_writes_dates_one_way(tmp_path):
    """Nine pages dated 2026-11-01 at +01:00 (October 31 in UTC) are November's; the build's report
    and `check --format html` write the same date the same way."""
    import datetime as dt

    paris = dt.timezone(dt.timedelta(hours=1))
    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", report="r.html"))
    for number in range(9):
        sitemap.add(
            sp.Entry(f"https://example.com/p{number}/", lastmod=dt.datetime(2026, 11, 1, 0, 30, tzinfo=paris))
        )
    sitemap.add(sp.Entry("https://example.com/old/", lastmod=dt.date(2026, 9, 4)))
    out = tmp_path / "site"
    out.mkdir()
    sitemap.write(out, report_to=[tmp_path / "build.html"])
    page = lxml_html.fromstring((tmp_path / "build.html").read_text())
    bars = [t.text for t in page.iter("title") if t.text and ": " in t.text and t.text[:4].isdigit()]
    assert (
        "2026-11: 9 pages" in bars
        and "2026-09: 1 page" in bars
        and not any(b.startswith("2026-10: 9") for b in bars)
    )
    run = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(out), "--format", "html"],
        capture_output=True,
        text=True,
    )
    build_dates = {td.text for td in page.iter("td") if td.text and td.text.startswith("2026-")}
    check_dates = {
        td.text
        for td in lxml_html.fromstring(run.stdout).iter("td")
        if td.text and td.text.startswith("2026-")
    }
    assert build_dates == check_dates == {"2026-11-01 00:30 +01:00", "2026-09-04"}


@pytest.mark.browser
@pytest.mark.invalid_output
def test_a_report_opens_nothing_but_web_pages(tmp_path):
    """`check --format html` of a sitemap holding `javascript:` URLs: they are shown as text,
    flagged, never links; clicking where they stand in Chromium runs nothing."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
        "<url><loc>javascript:document.title='pwned'</loc></url>"
        '<url><loc>https://example.com/a/</loc><xhtml:link rel="alternate" hreflang="de" '
        "href=\"javascript:document.title='pwned'\"/></url></urlset>\n"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_plugins",
            "check",
            str(site),
            "--base-url",
            "https://example.com/",
            "--format",
            "html",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1  # the javascript: loc is a problem (location)
    report = tmp_path / "report.html"
    report.write_text(run.stdout)
    document = lxml_html.fromstring(run.stdout)
    hrefs = [a.get("href") for a in document.iter("a")]
    assert not [
        h for h in hrefs if h and not h.startswith(("https://", "http://", "#")) and ":" in h.split("/")[0]
    ]
    assert (
        "javascript:document.title=&#39;pwned&#39;" in run.stdout
        or "javascript:document.title='pwned'" in document.text_content()
    )
    with browser() as instance, serve(tmp_path) as base:
        page = instance.new_page()
        page.goto(f"{base}report.html")
        title = page.title()
        for cell in page.locator("text=javascript:").all():
            cell.click()
        # A `javascript:` navigation runs as a task of its own: a frame and a task later, any
        # such script has run.
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")
        assert page.title() == title != "pwned"


def _left_out(report: Path) -> dict[str, tuple[str, str]]:
    """The report's left-out table: source -> (kind, reason)."""
    document = lxml_html.parse(str(report)).getroot()
    rows = document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    return {
        r.findtext("td[2]"): (r.findtext("td[3]"), " ".join(r.xpath("string(td[4])").split())) for r in rows
    }


def test_a_page_is_reported_left_out_only_if_it_was(tmp_path):
    """Material's blog excludes its posts for a moment (on_files) and brings them back (on_nav):
    the report names only what the build really left out, with the reason that held at the end."""
    project = copy_sample("mkdocs-blog", tmp_path)
    posts = project / "docs" / "blog" / "posts"
    (posts / "unfinished.md").write_text("---\ndate: 2024-03-01\ndraft: true\n---\n\n# Unfinished\n\nSoon.\n")
    (project / "reports").mkdir()

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["report"] = "reports/sitemap.html"
        config["plugins"].insert(1, "git-revision-date-localized")

    edit_config(project, configure)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "posts"],
        cwd=project,
        check=True,
        env={
            **os.environ,
            "GIT_COMMITTER_DATE": "2024-04-01T10:00:00Z",
            "GIT_AUTHOR_DATE": "2024-04-01T10:00:00Z",
        },
    )
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    listed = urls(project / "site" / "sitemap.xml")
    posts_listed = [u for u in listed if "/blog/20" in u]
    assert len(posts_listed) == 5 and not [u for u in listed if "unfinished" in u]
    assert _left_out(project / "reports" / "sitemap.html") == {
        "blog/posts/unfinished.md": (
            "draft",
            "not built (draft_docs or exclude_docs in mkdocs.yml, or a plugin's draft)",
        )
    }


def test_the_report_points_to_the_lastmod_docs_where_every_page_has_the_builds_date(tmp_path):
    """Every page dated alike is the mark of a build date: the report says so and where to read
    about lastmod's sources (the documentation, not the README)."""

    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", report="r.html"))
    for number in range(5):
        sitemap.add(sp.Entry(f"https://example.com/{number}/", lastmod="2026-11-01"))
    sitemap.write(tmp_path / "out", report_to=[tmp_path / "report.html"])
    report = lxml_html.parse(str(tmp_path / "report.html")).getroot()
    note = report.xpath("string(//p[@class='muted'][contains(., 'dated pages say')])")
    assert note.endswith(f"see where lastmod comes from: {docs_page('lastmod.md')}")


COMMAND = [sys.executable, "-m", "sitemap_plugins"]


BASE = "https://example.com/"


def test_the_report_says_why_once_and_its_bars_carry_their_figures(tmp_path):
    from lxml import html as lxml_html

    site = tmp_path / "site"
    pages = {
        "": "<html><head><title>Home</title></head><body><main><p>Home.</p></main></body></html>",
        "hidden/": '<html><head><title>H</title><meta name="robots" content="noindex"></head>'
        "<body><main><p>Hidden.</p></main></body></html>",
    }
    for number in range(3):
        pages[f"p{number}/"] = (
            f'<html><head><title>P{number}</title><meta property="article:modified_time" '
            f'content="2024-0{number + 1}-05T10:00:00+00:00"></head><body><main><p>P{number}.</p></main></body></html>'
        )
    for path, text in pages.items():
        (site / path).mkdir(parents=True, exist_ok=True)
        (site / path / "index.html").write_text(text)
    report = tmp_path / "report.html"
    done = run(
        "generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--report", str(report)
    )
    assert done.returncode == 0, done.stderr
    document = lxml_html.parse(str(report)).getroot()
    [row] = document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    assert (row.xpath("string(td[3])"), row.xpath("string(td[4])")) == (
        "noindex",
        '<meta name="robots"> says noindex',
    )
    figures = [text.text for text in document.xpath("//svg//text[@class='figure']")]
    assert figures == ["1", "1", "1", "1"]  # January to March, and the undated home page
    # A chart of many months: only the tallest bars (January to March 2024) carry their figures.
    for number in range(40):
        month = f"{2021 + number // 12}-{number % 12 + 1:02d}"
        (site / f"m{number}").mkdir()
        (site / f"m{number}" / "index.html").write_text(
            f'<html><head><title>M{number}</title><meta property="article:modified_time" '
            f'content="{month}-05T10:00:00+00:00"></head><body><main><p>M{number}.</p></main></body></html>'
        )
    run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--report", str(report))
    document = lxml_html.parse(str(report)).getroot()
    assert [text.text for text in document.xpath("//svg//text[@class='figure']")] == ["2", "2", "2"]

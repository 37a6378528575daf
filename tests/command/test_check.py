"""`sitemap-plugins check DIR`: a built directory read as a search engine reads it (the counts the
terminal and the report agree on, a file that is no sitemap, an index that names itself, a site
with no sitemap). A deployed site is test_check_live.py's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from command_runs import run
from command_runs import run as _command
from live_site import serve
from lxml import html as lxml_html
from small_sites import PAGE, one_page_site


def test_check_counts_the_same_in_the_terminal_and_the_report(tmp_path):
    """`check`'s terminal line and its HTML report count problems and advice alike, and the report
    shows advice apart, not in the colour of errors."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        "<url><loc>https://example.com/</loc><lastmod>2999-01-01</lastmod></url>\n"
        "<url><loc>https://example.com/a/</loc><lastmod>2998-01-01</lastmod></url>\n</urlset>\n"
    )  # no robots.txt: advice
    text = _command("check", str(site), "--base-url", "https://example.com/")
    assert text.returncode == 1
    assert text.stderr.splitlines()[-1] == (
        "sitemap-plugins check: 1 file(s), 2 URLs: 2 problem(s), 2 advice (not errors; --strict fails on them)"
    )
    page = _command("check", str(site), "--base-url", "https://example.com/", "--format", "html")
    report = lxml_html.fromstring(page.stdout)
    counts = [" ".join(li.xpath("string()").split()) for li in report.xpath("//ul/li[b]")]
    assert "2 problems" in counts and "2 advice" in counts
    assert len(report.xpath("//h2[@id='problems']/following-sibling::table[1]/tbody/tr")) == 2
    advice = report.xpath("//h2[@id='advice']/following-sibling::table[1]/tbody/tr")
    assert [row.xpath("string(td[2])") for row in advice] == ["robots-missing", "unreachable"]
    assert not advice[0].xpath(".//*[@class='bad']")
    assert "1 file(s), 2 URLs: 2 problem(s), 2 advice" in report.xpath("string(//body)")


def test_check_of_a_file_that_is_no_sitemap(tmp_path):
    """A file that is not XML is said to be so (exit 1) without asking for the site's address.
    (An address is a deployed site's: command/test_check_live.py.)"""
    bad = tmp_path / "bad.xml"
    bad.write_text("hello, not XML\n")
    run = _command("check", str(bad))
    assert run.returncode == 1
    assert (
        run.stdout
        == f"{bad}:1: not well-formed XML: Start tag expected, '<' not found, line 1, column 1 [xml]\n"
    )
    assert run.stderr == "sitemap-plugins check: 1 file(s), 0 URLs: 1 problem(s)\n"


COMMAND = [sys.executable, "-m", "sitemap_plugins"]


BASE = "https://example.com/"


INDEX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    "{}</sitemapindex>\n"
)


def _looping_indexes(root: Path, base: str) -> None:
    """`/sitemap.xml`, an index that names itself and `/b.xml`, an index that names `/sitemap.xml`."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "sitemap.xml").write_text(
        INDEX.format(
            f"<sitemap><loc>{base}sitemap.xml</loc></sitemap><sitemap><loc>{base}b.xml</loc></sitemap>"
        )
    )
    (root / "b.xml").write_text(INDEX.format(f"<sitemap><loc>{base}sitemap.xml</loc></sitemap>"))
    (root / "robots.txt").write_text(f"User-agent: *\nDisallow:\nSitemap: {base}sitemap.xml\n")
    (root / "index.html").write_text(PAGE)


@pytest.mark.invalid_output
def test_an_index_that_names_an_index_or_itself_is_found(tmp_path):
    """On a directory and on a deployed site (a local HTTP server): the loop is said, each
    nested index is a finding of its own, and the exit is 1."""
    _looping_indexes(tmp_path / "site", BASE)
    done = run("check", str(tmp_path / "site"), "--base-url", BASE, "--format", "json")
    assert done.returncode == 1
    codes = sorted(
        (problem["file"].rsplit("/", 1)[-1], problem["code"])
        for problem in json.loads(done.stdout)["problems"]
    )
    assert codes == [
        ("b.xml", "index-nested"),
        ("sitemap.xml", "index-loop"),
        ("sitemap.xml", "index-nested"),
    ]

    served = tmp_path / "served"
    with serve(served, planted=False) as (base, _):
        _looping_indexes(served, base)
        done = run("check", base, "--format", "json")
    said = json.loads(done.stdout)
    assert done.returncode == 1, said
    assert sorted(problem["code"] for problem in said["problems"]) == [
        "index-loop",
        "index-nested",
        "index-nested",
    ]
    assert "no problems" not in said["summary"]


def test_check_of_a_site_with_no_sitemap_is_a_problem(tmp_path):
    site = one_page_site(tmp_path)
    done = run("check", str(site), "--base-url", BASE)
    assert done.returncode == 1
    assert (
        f"{site}: no sitemap: none is here, and robots.txt names none [no-sitemap]"
        in done.stdout.splitlines()
    )
    # Where there is one, nothing of the kind is said.
    built = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert built.returncode == 0, built.stderr
    done = run("check", str(site), "--base-url", BASE)
    assert done.returncode == 0 and "no-sitemap" not in done.stdout

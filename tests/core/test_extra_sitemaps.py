"""Option `extra_sitemaps` (and Pelican's feed settings beside the set): resolved inside the site's
directory, on every face; one that climbs out of it (`..`, escaped or not) is an option error."""

from __future__ import annotations

import sys

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs
from pelican_helpers import pelican
from sitemap_checks import NS, files, generate_from_dir, named, names_only, outside, parse, urls
from small_sites import (
    mkdocs_project,
    one_page_site,
    pelican_project,
    said_by,
    sphinx_build,
    sphinx_project,
)

COMMAND = [sys.executable, "-m", "sitemap_plugins"]


def test_an_extra_sitemap_is_resolved_inside_the_site(tmp_path):
    """`../../etc/passwd` is resolved against the site, dot segments removed: no `..` reaches
    robots.txt or the index; the file it then names is not in the output, a WARNING, left out."""
    site = one_page_site(tmp_path)
    done = run("generate", "--from-dir", str(site), "--base-url", "https://media.example.org/", "--out", str(site),
               "--extra-sitemaps", "../../etc/passwd")  # fmt: skip
    assert done.returncode == 0
    assert (
        f"sitemap: option 'extra_sitemaps': https://media.example.org/etc/passwd: {site}/etc/passwd: no "
        "such file; left out"
    ) in done.stderr.splitlines()
    written = "".join(path.read_text() for path in site.iterdir() if path.suffix in (".xml", ".txt"))
    assert ".." not in written and "passwd" not in written
    # The same option under strict fails the build, writing nothing.
    again = one_page_site(tmp_path / "strict")
    done = run("generate", "--from-dir", str(again), "--base-url", "https://media.example.org/", "--out",
               str(again), "--extra-sitemaps", "../../etc/passwd", "--strict")  # fmt: skip
    assert done.returncode == 1 and not (again / "sitemap.xml").exists()


def test_an_extra_sitemap_outside_the_sites_directory_is_an_option_error(tmp_path):
    site = one_page_site(tmp_path)
    done = run("generate", "--from-dir", str(site), "--base-url", "https://example.com/docs/", "--out",
               str(site), "--extra-sitemaps", "../api/sitemap.xml")  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        "sitemap-plugins: option 'extra_sitemaps': '../api/sitemap.xml' is https://example.com/api/sitemap.xml, "
        "outside the site https://example.com/docs/; an index names only the sitemaps in its own directory or "
        "below it (the protocol's rule)\n"
    )
    assert not (site / "sitemap.xml").exists()
    # Inside it, written as a path or a URL with dot segments, it is the same sitemap.
    (site / "api").mkdir()
    (site / "api" / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.com/docs/api/x/</loc></url></urlset>\n"
    )
    for value in ("api/sitemap.xml", "https://example.com/docs/guide/../api/sitemap.xml"):
        done = run("generate", "--from-dir", str(site), "--base-url", "https://example.com/docs/", "--out",
                   str(site), "--extra-sitemaps", value)  # fmt: skip
        assert done.returncode == 0, done.stderr
        index = [loc.text for loc in parse(site / "sitemap-index.xml").iterfind("s:sitemap/s:loc", NS)]
        assert "https://example.com/docs/api/sitemap.xml" in index


BASE = "https://example.com/"


DOCS = BASE + "docs/"


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
    site = one_page_site(tmp_path)
    before = files(tmp_path)
    done = generate_from_dir(site, DOCS, "--extra-sitemaps", value)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"sitemap-plugins: option 'extra_sitemaps': {value!r} is {served}, outside the site {DOCS}; an index "
        "names only the sitemaps in its own directory or below it (the protocol's rule)"
    )
    assert files(tmp_path) == before  # nothing written, in the site or beside it


def test_extra_sitemaps_with_an_escaped_dot_segment_inside_the_site_names_the_file_it_reads(tmp_path):
    site = one_page_site(tmp_path)
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


@pytest.mark.slow
def test_mkdocs_extra_sitemaps_climbing_out_with_escapes_fails_the_build(tmp_path):
    project = mkdocs_project(
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


@pytest.mark.slow
def test_pelican_a_feed_setting_climbing_out_with_escapes_is_left_out_of_the_index(tmp_path):
    blog = BASE + "blog/"
    project = pelican_project(
        tmp_path,
        'SITEURL = "https://example.com/blog"\nFEED_ALL_ATOM = "%2e%2e/%2e%2e/all.atom.xml"\nSITEMAP = {"feeds": True}\n',
    )
    before = files(tmp_path)
    done = pelican(project)
    said = said_by(done)
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


@pytest.mark.slow
def test_sphinx_extra_sitemaps_climbing_out_with_escapes_fails_the_build(tmp_path):
    docs = sphinx_project(
        tmp_path, f'html_baseurl = "{DOCS}"\nsitemap_extra_sitemaps = ["%2e%2e/%2e%2e/etc/passwd"]\n', []
    )
    before = files(tmp_path)
    out = tmp_path / "html"
    done = sphinx_build(docs, out)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        "ERROR: sitemap: sitemap_extra_sitemaps: '%2e%2e/%2e%2e/etc/passwd' is https://example.com/etc/passwd, "
        f"outside the site {DOCS}; an index names only the sitemaps in its own directory or below it (the "
        "protocol's rule)"
    ]
    outside(before, tmp_path, out)
    assert not list(out.glob("sitemap*"))

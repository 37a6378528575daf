"""sphinx-sitemap's README setting, `sitemap_excludes = ["search.html", "genindex.html"]`, under
dirhtml (whose pages are `search/` and `genindex/`): one line names both patterns."""

from __future__ import annotations

from sphinx_helpers import CONF, project, sphinx


def test_the_patterns_of_one_setting_that_match_no_page_are_one_line(tmp_path):
    docs = project(tmp_path, CONF + 'sitemap_excludes = ["search.html", "genindex.html"]\n')
    done = sphinx(docs, tmp_path / "dirhtml", builder="dirhtml")
    assert done.returncode == 0, done.stdout + done.stderr
    said = [line for line in done.stdout.splitlines() if "no page" in line]
    assert said == [
        "sitemap: sitemap_excludes 'search.html', 'genindex.html' match no page (pages as Sphinx links "
        "them: `genindex.html`, dirhtml's `genindex/`)"
    ]
    done = sphinx(docs, tmp_path / "html")
    assert [line for line in done.stdout.splitlines() if "no page" in line] == []

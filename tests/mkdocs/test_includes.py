"""Included files date the page (#63, item 1): a page made from other files changed, for its
readers, when the newest of them changed in git. Real builds with the extensions real sites
include with: pymdownx.snippets (Material's docs), mdx_include, FastAPI's
markdown-include-variants, mkdocs-macros; Zensical through `--project`; Pelican's reST include."""

from __future__ import annotations

from pathlib import Path

import pytest
from git_helpers import commit, git, lastmods
from mkdocs_helpers import mkdocs, zensical_then_generate
from pelican_helpers import pelican

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
FIRST, LATER = "2025-03-04T10:00:00+00:00", "2025-09-10T10:00:00+00:00"


def _project(root: Path, config: str, pages: dict[str, str], included: dict[str, str]) -> None:
    """Pages and the files they include, committed; then only the included files change."""
    for path, text in {**pages, **included}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "mkdocs.yml").write_text(config)
    git(root, "init", "-q")
    commit(root, FIRST)
    for path, text in included.items():
        (root / path).write_text(text + "changed\n")
    commit(root, LATER)


@pytest.mark.parametrize(
    ("extension", "page", "included"),
    [
        (
            "  - pymdownx.snippets:\n      base_path: [snippets]\n",
            'Intro\n\n--8<-- "install.md"\n',
            {"snippets/install.md": "pip install x\n"},
        ),
        (
            "  - pymdownx.snippets:\n      base_path: [snippets]\n",
            "Intro\n\n--8<--\nnotes.md\nlines.md:1:2\n--8<--\n",
            {"snippets/notes.md": "notes\n", "snippets/lines.md": "a\nb\nc\n"},
        ),
        ("  - pymdownx.snippets\n", 'Intro\n\n--8<-- "docs_src/a.txt"\n', {"docs_src/a.txt": "text\n"}),
        (
            "  - mdx_include:\n      base_path: parts\n",
            "Intro\n\n{! usage.md !}\n",
            {"parts/usage.md": "usage\n"},
        ),
        (
            "  - markdown_include_variants\n",
            "Intro\n\n{* docs_src/app.py ln[1] *}\n",
            {"docs_src/app.py": "print('app')\n", "docs_src/app_py310.py": "print('app 3.10')\n"},
        ),
    ],
    ids=["snippets", "snippets-block-and-lines", "snippets-default-base", "mdx_include", "include-variants"],
)
def test_mkdocs_dates_a_page_by_the_newest_file_it_includes(tmp_path, extension, page, included):
    _project(
        tmp_path,
        f"site_name: Includes\nsite_url: {BASE}\nmarkdown_extensions:\n{extension}"
        "plugins:\n  - sitemap:\n      report: report.html\n",
        {"docs/index.md": "# Home\n", "docs/guide.md": f"# Guide\n\n{page}"},
        included,
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {BASE: FIRST, BASE + "guide/": LATER}
    assert "git: the included " in (tmp_path / "report.html").read_text()
    assert "1 page dated by a file it includes" in done.stderr


def test_a_macro_include_dates_the_page(tmp_path):
    _project(
        tmp_path,
        f"site_name: Macros\nsite_url: {BASE}\nplugins:\n  - macros:\n      include_dir: partials\n  - sitemap\n",
        {"docs/index.md": "# Home\n", "docs/guide.md": '# Guide\n\n{% include "table.md" %}\n'},
        {"partials/table.md": "| a | b |\n"},
    )
    done = mkdocs(tmp_path)
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {BASE: FIRST, BASE + "guide/": LATER}


def test_a_page_newer_than_what_it_includes_keeps_its_own_date(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "s.md").write_text("snippet\n")
    (tmp_path / "docs" / "index.md").write_text('# Home\n\n--8<-- "s.md"\n')
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: I\nsite_url: {BASE}\nmarkdown_extensions:\n  - pymdownx.snippets:\n"
        "      base_path: [snippets]\nplugins:\n  - sitemap\n"
    )
    git(tmp_path, "init", "-q")
    commit(tmp_path, FIRST)
    (tmp_path / "docs" / "index.md").write_text('# Home, changed\n\n--8<-- "s.md"\n')
    commit(tmp_path, LATER)
    assert mkdocs(tmp_path).returncode == 0
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {BASE: LATER}


def test_zensical_project_dates_pages_by_their_snippets(tmp_path):
    pytest.importorskip("zensical", reason="Zensical does not install here")
    for path, text in {
        "docs/index.md": "# Home\n",
        "docs/guide.md": '# Guide\n\n--8<-- "install.md"\n',
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "install.md").write_text("pip install x\n")
    (tmp_path / "zensical.toml").write_text(
        f'[project]\nsite_name = "Includes"\nsite_url = "{BASE}"\n'
        '[project.markdown_extensions."pymdownx.snippets"]\nbase_path = ["snippets"]\n'
    )
    git(tmp_path, "init", "-q")
    commit(tmp_path, FIRST)
    (tmp_path / "snippets" / "install.md").write_text("pip install x==2\n")
    commit(tmp_path, LATER)
    done = zensical_then_generate(tmp_path)
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "site" / "sitemap.xml") == {BASE: FIRST, BASE + "guide/": LATER}


def test_pelican_dates_a_rest_article_by_what_it_includes(tmp_path):
    project = tmp_path / "blog"
    (project / "content" / "code").mkdir(parents=True)
    (project / "content" / "post.rst").write_text(
        "Post\n####\n\n:date: 2025-01-01\n\nText.\n\n.. include:: code/example.txt\n   :literal:\n"
    )
    (project / "content" / "other.rst").write_text("Other\n#####\n\n:date: 2025-01-01\n\nText.\n")
    (project / "content" / "code" / "example.txt").write_text("example\n")
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
        'CATEGORY_SAVE_AS = ""\nTHEME = "simple"\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
        'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\nARTICLE_EXCLUDES = ["code"]\nSTATIC_PATHS = []\n'
        'SITEMAP = {"lastmod": ["git", "metadata"]}\n'
    )
    git(project, "init", "-q")
    commit(project, FIRST)
    (project / "content" / "code" / "example.txt").write_text("example, changed\n")
    commit(project, LATER)
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    found = lastmods(project / "output" / "sitemap.xml")
    # The article that includes nothing was added after its `:date:` and never edited: its
    # publication dates it, not the commit that added it.
    assert found[BASE + "post.html"] == LATER and found[BASE + "other.html"] == "2025-01-01"

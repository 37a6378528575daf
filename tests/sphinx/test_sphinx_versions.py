"""The oldest and the newest Sphinx the package claims (`sphinx>=7`): 7.2, 7.4, 8.2 and 9.0,
each in a venv of its own with the package alone (dev.py's `.venv-sphinx-7.2` and so on, named
by SITEMAP_PLUGINS_SPHINX_7_2_PYTHON and the like).  A few builds each, of what differs between
releases: how conf.py's own values and `-D` overrides are kept (Sphinx 7.2 writes `-D
language=de` into `Config._raw_config`, where 7.4 keeps it apart), and how `-D` text is typed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from git_helpers import lastmods
from sitemap_checks import NS, parse
from sphinx_helpers import CONF, VERSIONS, german_catalog, project, sphinx, sphinx_python

pytestmark = pytest.mark.slow  # builds real sites


def sphinx_version(python: str) -> str:
    return subprocess.run(
        [python, "-c", "import sphinx; print(sphinx.__version__)"], capture_output=True, text=True, check=True
    ).stdout.strip()


def translated_project(tmp_path: Path) -> Path:
    """conf.py in English (Sphinx's default: it names no language), a German catalog for the
    guide and the home page (not the API)."""
    docs = project(
        tmp_path,
        CONF.replace('html_baseurl = "https://docs.example.com/en/latest/"\n', "")
        + 'locale_dirs = ["locale"]\n',
    )
    german_catalog(tmp_path, docs)
    return docs


def groups(sitemap: Path) -> dict[str, dict[str, str]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(sitemap).iterfind("s:url", NS)
    }


@pytest.mark.parametrize("version", VERSIONS)
def test_languages_built_with_D_keep_conf_pys_language_and_D_text_is_typed(tmp_path, version):
    """German built last with `-D language=de` (the tree's root named): x-default stays conf.py's
    English, the English
    set keeps every English page (none is taken for a copy of the German build's), and the
    German one lists only what is translated.  `-D sitemap_priority=0.5` is a number,
    `-D sitemap_video_feed=videos.rss` a file name, on every release."""
    python = sphinx_python(version)
    assert sphinx_version(python).startswith(version + ".")
    docs = translated_project(tmp_path)
    html = tmp_path / "html"
    english, german = "https://docs.example.com/en/latest/", "https://docs.example.com/de/latest/"
    root = ("-D", f"sitemap_root={html}")
    done = sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={english}", *root, python=python)
    assert done.returncode == 0, done.stderr
    done = sphinx(
        docs,
        html / "de" / "latest",
        *("-D", "language=de", "-D", f"html_baseurl={german}", *root),
        *("-D", "sitemap_priority=0.5", "-D", "sitemap_video_feed=videos.rss"),
        python=python,
    )
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == []
    assert "1 copy of another language's page left out: not translations" in done.stdout
    english_groups = groups(html / "en" / "latest" / "sitemap.xml")
    assert set(english_groups) == {
        english + page for page in ("index.html", "guide/index.html", "api.html", "genindex.html")
    }
    for page in ("index.html", "guide/index.html"):
        assert english_groups[english + page] == {
            "en": english + page,
            "de": german + page,
            "x-default": english + page,
        }
    german_set = html / "de" / "latest" / "sitemap.xml"
    assert set(lastmods(german_set)) == {
        german + "index.html",
        german + "guide/index.html",
        german + "genindex.html",
    }
    assert all(
        url.findtext("s:priority", namespaces=NS) == "0.5" for url in parse(german_set).iterfind("s:url", NS)
    )
    # (no video here: no feed written, and no "not a yes or no" either)


@pytest.mark.parametrize("version", VERSIONS)
def test_a_relative_html_baseurl_is_said_at_info_and_read_the_docs_url_is_the_base(tmp_path, version):
    """`html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")`: outside Read the Docs one
    INFO line and no set, exit 0 under -W; on it, the variable's URL, under dirhtml each page as
    its directory."""
    python = sphinx_python(version)
    conf = (
        'import os\nproject = "Demo"\nextensions = ["sitemap_plugins.sphinx"]\n'
        'html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")\n'
    )
    docs = project(tmp_path, conf)
    done = sphinx(docs, tmp_path / "local", "-W", python=python)
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == []
    assert "sitemap: html_baseurl is '/' and READTHEDOCS_CANONICAL_URL is not set" in done.stdout
    assert not (tmp_path / "local" / "sitemap.xml").exists()
    rtd = "https://demo.readthedocs.io/en/latest/"
    done = sphinx(
        docs, tmp_path / "rtd", python=python, env={"READTHEDOCS_CANONICAL_URL": rtd}, builder="dirhtml"
    )
    assert done.returncode == 0, done.stderr
    # Each page as its directory (Sphinx 7's dirhtml canonical links say `api.html`: not read).
    assert set(lastmods(tmp_path / "rtd" / "sitemap.xml")) == {
        rtd,
        rtd + "guide/",
        rtd + "api/",
        rtd + "genindex/",
    }

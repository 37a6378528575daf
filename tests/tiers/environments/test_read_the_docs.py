"""Sphinx as Read the Docs builds it: one build per version and per language, each alone, in a
checkout of its own, with the variables its builders set (readthedocs.org's doc_builder:
READTHEDOCS_VERSION is the version's slug, READTHEDOCS_LANGUAGE the project's language,
READTHEDOCS_CANONICAL_URL where it serves the build), `-D language=`, the output in
`$READTHEDOCS_OUTPUT/html`.  Every URL listed is where Read the Docs serves the page, and a
translation's groups come from the catalogs in the source tree.  Beside it: the same conf.py
outside Read the Docs (local and CI builds, `-W`), and a tree of versions and languages built
in every order."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from git_helpers import lastmods
from sitemap_checks import NS, parse
from sphinx_helpers import RTD_HOST, VERSIONS, german_catalog, project, read_the_docs, sphinx, sphinx_python

pytestmark = [pytest.mark.slow, pytest.mark.environment]

#: conf.py as Read the Docs' own docs tell projects to write it, with conf.py's `version` (not
#: the slug Read the Docs builds) and sphinx-sitemap's settings left in.
RTD_CONF = (
    'import os\nproject = "Demo"\nversion = "1.4"\nlanguage = "en"\nlocale_dirs = ["locale"]\n'
    'extensions = ["sitemap_plugins.sphinx"]\n'
    'html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")\n'
    'sitemap_url_scheme = "{lang}{version}{link}"\n'
)
PAGES = ("index.html", "guide/index.html", "api.html", "genindex.html")


def said(done: subprocess.CompletedProcess[str], stream: str = "stdout") -> list[str]:
    return [line for line in getattr(done, stream).splitlines() if "sitemap" in line]


def served(output: Path, base: str, url: str) -> bool:
    """Read the Docs serves `url` from this build's output, published at `base`."""
    return url.startswith(base) and (output / url.removeprefix(base)).is_file()


def groups(sitemap: Path) -> dict[str, dict[str, str]]:
    return {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(sitemap).iterfind("s:url", NS)
    }


@pytest.mark.parametrize("slug", ["latest", "stable", "v1.4.x"])
@pytest.mark.parametrize(
    "baseurl",
    [
        'os.environ.get("READTHEDOCS_CANONICAL_URL", "/")',  # Read the Docs' own advice
        '"https://demo.readthedocs.io/"',  # sphinx-sitemap's: the domain, its scheme adds the rest
    ],
)
def test_every_version_lists_the_urls_read_the_docs_serves(tmp_path, slug, baseurl):
    """`latest`, `stable` and a branch's slug, conf.py's `version` being 1.4 each time: every URL
    under READTHEDOCS_CANONICAL_URL and a file of the build, none under `/en/1.4/`; the scheme's
    line names the slug; no WARNING."""
    docs = project(tmp_path, RTD_CONF.replace('os.environ.get("READTHEDOCS_CANONICAL_URL", "/")', baseurl))
    done, output = read_the_docs(docs, version=slug)
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    base = f"{RTD_HOST}en/{slug}/"
    listed = lastmods(output / "sitemap.xml")
    assert set(listed) == {base + page for page in PAGES}
    assert all(served(output, base, url) for url in listed)
    assert listed[base + "api.html"] == "2024-05-06T10:00:00+00:00"
    assert "/1.4/" not in (output / "sitemap.xml").read_text()
    scheme = next(line for line in said(done) if "sitemap_url_scheme" in line)
    assert f"en/{slug}/" in scheme and "/1.4/" not in scheme, scheme


def test_read_the_docs_dirhtml_builder_lists_each_page_as_its_directory(tmp_path):
    """Read the Docs' `dirhtml` builder (`sphinx.builder: dirhtml`), sphinx-sitemap's conf.py
    naming the domain: each page as the directory Read the Docs serves it from."""
    docs = project(
        tmp_path, RTD_CONF.replace('os.environ.get("READTHEDOCS_CANONICAL_URL", "/")', f'"{RTD_HOST}"')
    )
    done, output = read_the_docs(docs, version="stable", builder="dirhtml")
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    base = f"{RTD_HOST}en/stable/"
    assert set(lastmods(output / "sitemap.xml")) == {base, base + "guide/", base + "api/", base + "genindex/"}
    assert all(
        (output / url.removeprefix(base) / "index.html").is_file() for url in lastmods(output / "sitemap.xml")
    )


def translated(tmp_path: Path, conf: str = RTD_CONF) -> Path:
    """The project with German catalogs of the home page and the guide (not the API)."""
    docs = project(tmp_path, conf)
    german_catalog(tmp_path, docs)
    return docs


def test_a_translation_project_built_alone_is_grouped_by_the_catalogs(tmp_path):
    """Read the Docs builds the German translation as a project of its own (`demo-de`), alone,
    and the English one elsewhere: each set groups the home page and the guide with the other
    language's (from `locale/de/LC_MESSAGES/`), the API with none; the German set leaves out the
    API, an English copy, and says so."""
    english, german = f"{RTD_HOST}en/latest/", f"{RTD_HOST}de/latest/"
    done, output = read_the_docs(translated(tmp_path / "en"))
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    english_groups = groups(output / "sitemap.xml")
    assert set(english_groups) == {english + page for page in PAGES}
    for page in ("index.html", "guide/index.html"):
        assert english_groups[english + page] == {
            "en": english + page,
            "de": german + page,
            "x-default": english + page,
        }
    assert english_groups[english + "api.html"] == {}
    done, output = read_the_docs(translated(tmp_path / "de"), language="de", project="demo-de")
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    german_groups = groups(output / "sitemap.xml")
    assert set(german_groups) == {
        german + page for page in ("index.html", "guide/index.html", "genindex.html")
    }
    assert german_groups[german + "guide/index.html"] == {
        "en": english + "guide/index.html",
        "de": german + "guide/index.html",
        "x-default": english + "guide/index.html",
    }
    assert "1 copy of another language's page left out: not translations" in done.stdout
    assert all(served(output, german, url) for url in german_groups)


def test_the_read_the_docs_conf_py_outside_it_writes_nothing_and_passes_under_W(tmp_path):
    """A local or CI build of the same conf.py: no canonical URL of its own, said at INFO, no
    set, `-W` passes."""
    docs = project(tmp_path, RTD_CONF)
    done = sphinx(docs, tmp_path / "html", "-W")
    assert done.returncode == 0 and said(done, "stderr") == []
    assert not (tmp_path / "html" / "sitemap.xml").exists()
    assert any("READTHEDOCS_CANONICAL_URL is not set" in line for line in said(done))


#: conf.py of a tree built locally (or in CI) by language and version, `-D html_baseurl` each.
TREE_CONF = RTD_CONF.replace('sitemap_url_scheme = "{lang}{version}{link}"\n', "")


def tree_builds(docs: Path, html: Path, order: list[str], root: bool) -> dict[str, list[str]]:
    """Each of `order` (`de/latest`) built into `html` as the URL nests; the lines each said."""
    lines = {}
    for where in order:
        language = where.split("/")[0]
        args = ["-D", f"language={language}", "-D", f"html_baseurl=https://docs.example.com/{where}/"]
        if root:
            args += ["-D", f"sitemap_root={html}"]
        done = sphinx(docs, html / where, *args)
        assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
        lines[where] = said(done)
    return lines


def sets_in(html: Path) -> dict[str, bytes]:
    return {
        path.relative_to(html).as_posix(): path.read_bytes()
        for path in sorted(html.rglob("*"))
        if path.name in ("sitemap.xml", "robots.txt")
    }


def test_a_build_writes_only_into_its_own_output_unless_the_root_is_named(tmp_path):
    """English, then German, into `html/en/latest/` and `html/de/latest/`: without
    `sitemap_root` nothing is written above either output and the English set is not touched
    (its line "no robots.txt written" stays true); each set has its groups from the catalogs
    all the same.  With `sitemap_root`, the root's index names both."""
    docs = translated(tmp_path, TREE_CONF)
    html = tmp_path / "html"
    tree_builds(docs, html, ["en/latest"], root=False)
    english = (html / "en" / "latest" / "sitemap.xml").read_bytes()
    tree_builds(docs, html, ["de/latest"], root=False)
    assert sorted(path.name for path in html.iterdir()) == ["de", "en"]
    assert (html / "en" / "latest" / "sitemap.xml").read_bytes() == english
    assert groups(html / "de" / "latest" / "sitemap.xml")["https://docs.example.com/de/latest/index.html"]
    lines = tree_builds(docs, tmp_path / "rooted", ["en/latest", "de/latest"], root=True)
    index = parse(tmp_path / "rooted" / "sitemap.xml")
    assert [loc.text for loc in index.iterfind("s:sitemap/s:loc", NS)] == [
        "https://docs.example.com/de/latest/sitemap.xml",
        "https://docs.example.com/en/latest/sitemap.xml",
    ]
    assert any("names the sets of de/latest, en/latest" in line for line in lines["de/latest"])


def japanese_catalog(docs: Path) -> None:
    """A Japanese catalog of the guide alone (not committed: dated by nothing but its source)."""
    catalog = docs / "locale" / "ja" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (catalog / "guide.po").write_text(header + 'msgid "Guide"\nmsgstr "ガイド"\n')


def test_versions_and_languages_built_in_any_order_give_the_sets_of_the_best_order(tmp_path):
    """en, de, ja and a second version, in the best order (the main language first) and in
    others: the same bytes in every set and the root's index; each copy counted once, by the
    build that left it out (packaging.python.org built en, ja, ru, ko counted 43 for 37)."""
    docs = translated(tmp_path, TREE_CONF)
    japanese_catalog(docs)
    best = ["en/latest", "de/latest", "ja/latest", "en/stable"]
    expected = None
    for order in [best, list(reversed(best)), ["ja/latest", "en/stable", "en/latest", "de/latest"]]:
        html = tmp_path / "-".join(where.replace("/", "_") for where in order)
        lines = tree_builds(docs, html, order, root=True)
        found = sets_in(html)
        assert set(found) >= {"sitemap.xml", "robots.txt", *(f"{where}/sitemap.xml" for where in best)}
        if expected is None:
            expected = found
        assert found == expected, order
        # de leaves out the API, ja the API and the home page: 3 copies, each said once.
        copies = [line for where in order for line in lines[where] if "cop" in line]
        assert sum(int(line.split(" cop")[0].rsplit(" ", 1)[-1]) for line in copies) == 3, copies
        assert not any("written again" in line for line in copies), copies


@pytest.mark.parametrize("version", VERSIONS)
def test_a_read_the_docs_conf_py_gives_the_urls_it_serves_on_every_sphinx_release(tmp_path, version):
    """sphinx-sitemap's conf.py on Read the Docs (its scheme, conf.py's `version` 1.4, the
    language its builder passes with `-D`), built as `stable` and, for the translation, alone:
    the URLs Read the Docs serves and the groups of the catalogs, on each release."""
    python = sphinx_python(version)
    done, output = read_the_docs(translated(tmp_path / "en"), version="stable", python=python)
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    english, german = f"{RTD_HOST}en/stable/", f"{RTD_HOST}de/stable/"
    english_groups = groups(output / "sitemap.xml")
    assert set(english_groups) == {english + page for page in PAGES}
    assert english_groups[english + "guide/index.html"]["de"] == german + "guide/index.html"
    done, output = read_the_docs(
        translated(tmp_path / "de"), version="stable", language="de", project="demo-de", python=python
    )
    assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    assert set(groups(output / "sitemap.xml")) == {
        german + page for page in ("index.html", "guide/index.html", "genindex.html")
    }

"""The Sphinx face: `extensions = ["sitemap_plugins.sphinx"]`, real `sphinx-build` runs (html,
dirhtml, incremental, `-j 2`) of a project whose git history is made here, beside
`generate --from-dir` and sphinx-sitemap 2.9 on the same build."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from git_helpers import git, lastmods
from sitemap_checks import NS, files, generate_from_dir, names_only, outside, parse, urls
from sphinx_helpers import BASE, CONF, project, sphinx

pytestmark = pytest.mark.slow  # builds real sites


def from_dir(site: Path, tmp_path: Path) -> dict[str, str | None]:
    """What `generate --from-dir` lists of the same build (a copy without our set)."""
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    for name in ("sitemap.xml", "sitemap.xml.gz", ".sitemap-plugins.json", "robots.txt"):
        (copy / name).unlink(missing_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--from-dir", str(copy), "--base-url", BASE,
         "--out", str(copy)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return lastmods(copy / "sitemap.xml")


def test_html_lists_what_from_dir_lists_dated_by_sources_and_what_they_include(tmp_path):
    docs = project(tmp_path)
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "html" / "sitemap.xml") == {
        BASE + "genindex.html": None,
        BASE + "index.html": "2024-01-02T10:00:00+00:00",
        BASE + "guide/index.html": "2024-03-04T10:00:00+00:00",  # by the example it shows
        BASE + "api.html": "2024-05-06T10:00:00+00:00",
    }
    assert set(from_dir(tmp_path / "html", tmp_path)) == set(lastmods(tmp_path / "html" / "sitemap.xml"))
    said = done.stdout.splitlines()
    assert "sitemap: 4 URLs in 1 file, 0 images, 0 videos, 1 page dated by a file it includes" in said
    assert (
        "sitemap: 1 page without lastmod: it is a page no source dates (made of no source file, as an "
        "index is; the report names it)"
    ) in said
    # Read the Docs serves the docs under /en/latest/: robots.txt is the host's, said once.
    assert not (tmp_path / "html" / "robots.txt").exists()
    assert any(
        line.startswith("sitemap: no robots.txt written: crawlers read it only at the root") for line in said
    )


def test_dirhtml_lists_each_page_as_its_directory(tmp_path):
    docs = project(tmp_path)
    done = sphinx(docs, tmp_path / "dirhtml", builder="dirhtml")
    assert done.returncode == 0, done.stderr
    listed = lastmods(tmp_path / "dirhtml" / "sitemap.xml")
    assert set(listed) == {BASE, BASE + "genindex/", BASE + "guide/", BASE + "api/"}
    assert listed[BASE + "guide/"] == "2024-03-04T10:00:00+00:00"
    assert set(from_dir(tmp_path / "dirhtml", tmp_path)) == set(listed)


def test_incremental_and_parallel_builds_write_what_a_clean_build_writes(tmp_path):
    """sphinx-build rewrites only the page that changed; `-j 2` writes pages in two processes:
    the set is the one a clean build writes, byte for byte."""
    docs = project(tmp_path)
    out = tmp_path / "html"
    assert sphinx(docs, out).returncode == 0
    (docs / "api.rst").write_text("API\n===\n\nThe API of the demo, changed again.\n")
    git(tmp_path, "commit", "-qam", "api again", date="2024-07-08T10:00:00+00:00")
    incremental = sphinx(docs, out)
    rewritten = re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", incremental.stdout)
    assert incremental.returncode == 0 and "api" in rewritten and "guide/index" not in rewritten, rewritten
    clean = sphinx(docs, tmp_path / "clean", "-E")
    parallel = sphinx(docs, tmp_path / "parallel", "-E", "-j", "2")
    assert clean.returncode == parallel.returncode == 0
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        if (tmp_path / "clean" / name).exists():
            assert (
                (out / name).read_bytes()
                == (tmp_path / "clean" / name).read_bytes()
                == (tmp_path / "parallel" / name).read_bytes()
            )
    assert lastmods(out / "sitemap.xml")[BASE + "api.html"] == "2024-07-08T10:00:00+00:00"


def test_options_are_config_values_and_a_slip_is_named(tmp_path):
    conf = CONF + 'sitemap_gzpi = True\nsitemap_show_lastmod = True\nsitemap_exclude = ["genindex.html"]\n'
    docs = project(tmp_path, conf)
    done = sphinx(docs, tmp_path / "html", "-D", "sitemap_gzip=1")
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    assert (
        "WARNING: sitemap: sitemap_gzpi is no option of sitemap-plugins (did you mean sitemap_gzip?); it is not used [sitemap]"
        in said
    )
    assert [line for line in said if "sitemap_show_lastmod" in line] == []  # followed: said at INFO
    assert (
        "sitemap: sphinx-sitemap's settings, as followed here: sitemap_show_lastmod True: lastmod wherever "
        "a page has a date (its source's last commit, a file it includes, `:lastmod:`)"
    ) in done.stdout.splitlines()
    assert (tmp_path / "html" / "sitemap.xml.gz").exists()  # -D sitemap_gzip=1
    assert BASE + "genindex.html" not in lastmods(tmp_path / "html" / "sitemap.xml")
    # -W makes the slips errors, as every Sphinx warning.
    assert sphinx(docs, tmp_path / "strict", "-W").returncode == 1


def test_a_bad_value_stops_the_build_with_one_message(tmp_path):
    docs = project(tmp_path, CONF + 'sitemap_max_urls = "many"\n')
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if "sitemap" in line]
    assert len(errors) == 1 and errors[0].startswith("ERROR: sitemap: ") and "max_urls" in errors[0], errors
    assert not (tmp_path / "html" / "sitemap.xml").exists()


def test_no_html_baseurl_is_one_warning_with_the_fix(tmp_path):
    docs = project(tmp_path, 'project = "Demo"\nextensions = ["sitemap_plugins.sphinx"]\n')
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        "WARNING: sitemap: html_baseurl is not set, so no sitemap is written: a sitemap lists absolute "
        "URLs. Set html_baseurl = 'https://example.com/' in conf.py (the address the docs are published "
        "at), or sitemap_base_url; on Read the Docs, READTHEDOCS_CANONICAL_URL is read where html_baseurl "
        "is not an address (Read the Docs sets that variable, and no longer sets html_baseurl) [sitemap]"
    ]
    assert not (tmp_path / "html" / "sitemap.xml").exists()


def test_dates_as_sphinx_sitemap_where_history_is_a_line_and_not_by_a_merge_that_changed_nothing(tmp_path):
    """sphinx-sitemap 2.9 with `sitemap_show_lastmod` (sphinx-last-updated-by-git's dates) on the
    same history: the same lastmod for every page of a source.  Then a branch is merged that
    changed only the API: the merge is no change of the guide on the branch built, which keeps
    its date here; sphinx-last-updated-by-git dates every file the merged branch differs in
    (Flask's docs: 41 of its 76 pages dated by a merge commit)."""
    pytest.importorskip("sphinx_sitemap")
    docs = project(tmp_path, CONF + 'html_last_updated_fmt = ""\n')
    peer_conf = CONF.replace('"sitemap_plugins.sphinx"', '"sphinx_sitemap"') + (
        'sitemap_show_lastmod = True\nsitemap_url_scheme = "{link}"\n'
    )
    assert sphinx(docs, tmp_path / "ours").returncode == 0
    (docs / "conf.py").write_text(peer_conf)
    assert sphinx(docs, tmp_path / "peer").returncode == 0
    (docs / "conf.py").write_text(CONF)
    ours, peer = lastmods(tmp_path / "ours" / "sitemap.xml"), lastmods(tmp_path / "peer" / "sitemap.xml")
    for url in (BASE + "index.html", BASE + "api.html"):
        assert ours[url][:19] == peer[url][:19], url  # ours says +00:00, sphinx-sitemap Z
    # A branch older than the guide's example change, merged after.
    git(tmp_path, "checkout", "-q", "-b", "side", "HEAD~2")
    (docs / "guide" / "index.rst").write_text(
        "Guide\n=====\n\nHow to use it, on the side.\n\n.. literalinclude:: ../example.py\n"
    )
    git(tmp_path, "commit", "-qam", "side", date="2024-02-01T10:00:00+00:00")
    git(tmp_path, "checkout", "-q", "main")
    git(
        tmp_path,
        "merge",
        "-q",
        "--no-ff",
        "-s",
        "ours",
        "side",
        "-m",
        "merge side",
        date="2024-09-10T10:00:00+00:00",
    )
    assert sphinx(docs, tmp_path / "ours2", "-E").returncode == 0
    (docs / "conf.py").write_text(peer_conf)
    assert sphinx(docs, tmp_path / "peer2", "-E").returncode == 0
    assert (
        lastmods(tmp_path / "ours2" / "sitemap.xml")[BASE + "guide/index.html"] == "2024-03-04T10:00:00+00:00"
    )
    assert lastmods(tmp_path / "peer2" / "sitemap.xml")[BASE + "guide/index.html"].startswith("2024-09-10")
    # sphinx-last-updated-by-git loaded beside ours: its date is no stand-in for ours.
    both = CONF.replace(
        '"sitemap_plugins.sphinx"]', '"sitemap_plugins.sphinx", "sphinx_last_updated_by_git"]'
    )
    (docs / "conf.py").write_text(both)
    assert sphinx(docs, tmp_path / "both", "-E").returncode == 0
    assert (
        lastmods(tmp_path / "both" / "sitemap.xml")[BASE + "guide/index.html"] == "2024-03-04T10:00:00+00:00"
    )


def test_a_field_list_dates_a_page_or_leaves_it_out(tmp_path):
    """`:lastmod:` and `:sitemap: false` at a document's top, as front matter elsewhere."""
    docs = project(tmp_path)
    (docs / "api.rst").write_text(":lastmod: 2025-01-02\n\nAPI\n===\n\nThe API.\n")
    (docs / "guide" / "index.rst").write_text(":sitemap: false\n\nGuide\n=====\n\nHow to use it.\n")
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0, done.stderr
    listed = lastmods(tmp_path / "html" / "sitemap.xml")
    assert listed[BASE + "api.html"] == "2025-01-02" and BASE + "guide/index.html" not in listed


def test_a_build_per_language_is_grouped_and_an_untranslated_page_is_a_copy(tmp_path):
    """gettext's way, laid out as Read the Docs serves it: `-D language=de` into
    `html/de/latest/` beside `html/en/latest/`, the tree's root named (`sitemap_root`).  The later
    build joins both sets: each translated
    page with its counterpart and x-default (conf.py's language); the API page, which has no
    German catalog, is the English text under /de/: a copy, left out, named by no group.  The
    German guide is dated by its catalog's commit."""
    docs = project(
        tmp_path,
        CONF.replace(f'html_baseurl = "{BASE}"\n', "") + 'language = "en"\nlocale_dirs = ["locale"]\n',
    )
    catalog = docs / "locale" / "de" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "guide.po").write_text(  # one catalog per folder (gettext_compact)
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Guide"\nmsgstr "Anleitung"\n\nmsgid "How to use it."\nmsgstr "Wie man es benutzt."\n'
    )
    (catalog / "index.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "The demo\'s home."\nmsgstr "Die Startseite."\n\nmsgid "Guide"\nmsgstr "Anleitung"\n'
    )
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "de", date="2024-08-09T10:00:00+00:00")
    html = tmp_path / "html"
    english = "https://docs.example.com/en/latest/"
    german = "https://docs.example.com/de/latest/"
    root = ("-D", f"sitemap_root={html}")
    done = sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={english}", *root)
    assert done.returncode == 0, done.stderr
    done = sphinx(docs, html / "de" / "latest", "-D", "language=de", "-D", f"html_baseurl={german}", *root)
    assert done.returncode == 0, done.stderr
    assert "1 copy of another language's page left out: not translations" in done.stdout
    for base in (english, german):
        urls = parse(html / base.split("/")[3] / "latest" / "sitemap.xml").iterfind("s:url", NS)
        groups = {
            url.findtext("s:loc", namespaces=NS): {
                link.get("hreflang"): link.get("href") for link in url.iterfind("xhtml:link", NS)
            }
            for url in urls
        }
        for page in ("index.html", "guide/index.html"):
            assert groups[base + page] == {
                "en": english + page,
                "de": german + page,
                "x-default": english + page,
            }
        assert (german + "api.html" in groups) is False
        assert groups.get(english + "api.html", {}) == {}
    german_dates = lastmods(html / "de" / "latest" / "sitemap.xml")
    assert german_dates[german + "guide/index.html"] == "2024-08-09T10:00:00+00:00"
    assert (
        lastmods(html / "en" / "latest" / "sitemap.xml")[english + "guide/index.html"]
        == "2024-03-04T10:00:00+00:00"
    )


def test_versions_under_one_root_are_named_by_one_index_there(tmp_path):
    """Two versions built as Read the Docs lays them out (`html/en/latest/`, `html/en/stable/`),
    the tree's root named (`sitemap_root`): the root gets one index naming both sets, and a
    robots.txt naming it; each set keeps its own pages.  A single set writes nothing outside its
    output."""
    docs = project(tmp_path)
    html = tmp_path / "html"
    latest, stable = "https://docs.example.com/en/latest/", "https://docs.example.com/en/stable/"
    done = sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={latest}", "-D", f"sitemap_root={html}")
    assert done.returncode == 0 and not (html / "sitemap.xml").exists()
    done = sphinx(docs, html / "en" / "stable", "-D", f"html_baseurl={stable}", "-D", f"sitemap_root={html}")
    assert done.returncode == 0, done.stderr
    assert (
        f"sitemap: {html / 'sitemap.xml'} names the sets of en/latest, en/stable, and its robots.txt names it"
        in (done.stdout.splitlines())
    )
    assert "no robots.txt written" not in done.stdout
    index = parse(html / "sitemap.xml")
    assert [loc.text for loc in index.iterfind("s:sitemap/s:loc", NS)] == [
        latest + "sitemap.xml",
        stable + "sitemap.xml",
    ]
    assert (html / "robots.txt").read_text().splitlines()[
        -1
    ] == "Sitemap: https://docs.example.com/sitemap.xml"
    assert set(lastmods(html / "en" / "stable" / "sitemap.xml")) == {
        stable + name for name in ("genindex.html", "index.html", "guide/index.html", "api.html")
    }


def test_a_sitemap_root_that_is_not_the_hosts_root_is_said_and_writes_no_index(tmp_path):
    """`sitemap_root` one folder too high (`_build` where `_build/html` is served at the host's
    root), or an output that does not nest as its URL does: the index the owner asked for would be
    served at another URL than its sets say, so none is written, and one WARNING says why and what
    to name (`-W` stops the build: the owner asked for what cannot be)."""
    docs = project(tmp_path)
    html = tmp_path / "_build" / "html"
    latest, stable = "https://docs.example.com/en/latest/", "https://docs.example.com/en/stable/"
    high = ("-D", f"sitemap_root={tmp_path / '_build'}")
    assert sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={latest}", *high).returncode == 0
    done = sphinx(docs, html / "en" / "stable", "-D", f"html_baseurl={stable}", *high)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "sitemap" in line]
    assert len(said) == 1 and "WARNING: sitemap: sitemap_root" in said[0], done.stderr
    assert f"is not the folder served at the host's root: the output {html / 'en' / 'stable'}, " in said[0]
    assert f"served at {stable}, nests in {html}; no index of the tree's sets was written" in said[0]
    assert f"(sitemap_root = '{html}' writes it)" in said[0]
    assert not (html / "sitemap.xml").exists() and not (tmp_path / "_build" / "sitemap.xml").exists()
    assert sphinx(docs, html / "en" / "stable", "-W", "-D", f"html_baseurl={stable}", *high).returncode != 0
    flat = sphinx(docs, tmp_path / "out", "-D", f"html_baseurl={stable}", "-D", f"sitemap_root={tmp_path}")
    assert flat.returncode == 0, flat.stderr
    assert f"served at {stable}, does not nest as its URL does (a folder a segment)" in flat.stderr
    assert (tmp_path / "out" / "sitemap.xml").is_file()  # its own set is written all the same


def test_a_page_autodoc_writes_is_dated_by_its_module(tmp_path):
    """`automodule`: the module's source is what the page shows; its later commit dates it."""
    conf = (
        CONF
        + 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions.append("sphinx.ext.autodoc")\n'
    )
    docs = project(tmp_path, conf)
    (tmp_path / "demo_module.py").write_text(
        '"""The demo module."""\n\n\ndef run():\n    """Run the demo."""\n'
    )
    (docs / "api.rst").write_text("API\n===\n\n.. automodule:: demo_module\n   :members:\n")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "autodoc", date="2024-06-01T10:00:00+00:00")
    (tmp_path / "demo_module.py").write_text(
        '"""The demo module."""\n\n\ndef run():\n    """Run the demo, faster."""\n'
    )
    git(tmp_path, "commit", "-qam", "faster", date="2024-10-11T10:00:00+00:00")
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0, done.stderr
    assert lastmods(tmp_path / "html" / "sitemap.xml")[BASE + "api.html"] == "2024-10-11T10:00:00+00:00"


def test_strict_fails_the_build_on_a_pages_problem(tmp_path):
    """A bad date in a field list: a WARNING naming the page and the field, the page dated by the
    next source; with `sitemap_strict`, one error line, exit status 1 and nothing written."""
    docs = project(tmp_path)
    (docs / "api.rst").write_text(":lastmod: soon\n\nAPI\n===\n\nThe API.\n")
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0, done.stderr
    warned = [line for line in done.stderr.splitlines() if "sitemap" in line]
    assert (
        len(warned) == 1 and warned[0].startswith("WARNING: sitemap: api.rst") and "lastmod" in warned[0]
    ), warned
    done = sphinx(docs, tmp_path / "strict", "-D", "sitemap_strict=1")
    assert done.returncode == 1
    said = [line for line in done.stderr.splitlines() if "sitemap" in line]
    assert said[-1].startswith("ERROR: sitemap: "), said
    assert not (tmp_path / "strict" / "sitemap.xml").exists()


def test_at_a_hosts_root_the_owners_robots_txt_is_merged_and_kept(tmp_path):
    """`html_extra_path` copies the owner's robots.txt into the output; ours joins it there, every
    byte of theirs kept, and their file in the sources is not touched."""
    root = "https://docs.example.com/"
    docs = project(tmp_path, CONF.replace(BASE, root) + 'html_extra_path = ["extra"]\n')
    (docs / "extra").mkdir()
    theirs = b"User-agent: *\r\nDisallow: /drafts/\r\n"
    (docs / "extra" / "robots.txt").write_bytes(theirs)
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "html" / "robots.txt").read_bytes()
    assert written.startswith(theirs) and f"Sitemap: {root}sitemap.xml".encode() in written
    assert (docs / "extra" / "robots.txt").read_bytes() == theirs
    again = sphinx(docs, tmp_path / "html")  # Sphinx copies theirs again; ours joins it again, once
    assert again.returncode == 0
    assert (tmp_path / "html" / "robots.txt").read_bytes() == written


def test_html_baseurl_is_named_where_it_is_wrong_and_read_as_a_directory(tmp_path):
    docs = project(tmp_path, CONF.replace(BASE, "docs.example.com/en/latest"))
    done = sphinx(docs, tmp_path / "bad")
    assert done.returncode == 1
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        "ERROR: sitemap: html_baseurl: 'docs.example.com/en/latest' is not an absolute http(s) URL; set it "
        "to the address the site is published at, e.g. 'https://example.com/'"
    ]
    (docs / "conf.py").write_text(CONF.replace(BASE, BASE.rstrip("/")))  # no slash: Read the Docs' spelling
    assert sphinx(docs, tmp_path / "html").returncode == 0
    assert BASE + "api.html" in lastmods(tmp_path / "html" / "sitemap.xml")


EXAMPLE = "https://example.com/"


#: Docnames with each character Sphinx's canonical links escape (`& + = ( ) ' ! @ : ; , $ *`) and
#: seven that they do not, or that need the escape (a space, `[`, `é`).
DOCNAMES = [
    "a&b", "a+b", "a=b", "a(b)", "a'b", "a!b", "a@b", "a:b", "a;b", "a,b", "a$b", "a*b",
    "a-b", "a_b", "a.b", "a~b", "a b", "é-b", "a[b]",
]  # fmt: skip


def _canonical(html: Path) -> str:
    text = html.read_text(encoding="utf-8")
    return text.split('<link rel="canonical" href="', 1)[1].split('"', 1)[0]


@pytest.mark.slow
def test_a_sphinx_build_lists_every_docname_whose_canonical_escapes_it(tmp_path):
    """Sphinx writes `a%26b.html` as the canonical of `a&b.html`: all 19 pages are listed, each as
    its canonical spells it, by the extension and by `--from-dir` on the same build."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{EXAMPLE}"\n'
    )
    toctree = "".join(f"   {name}\n" for name in DOCNAMES)
    (docs / "index.rst").write_text(f"Home\n====\n\n.. toctree::\n\n{toctree}")
    for name in DOCNAMES:
        (docs / f"{name}.rst").write_text(f"Page {name}\n==========\n\nThe page {name}.\n")
    before = files(tmp_path)
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    listed = set(urls(out / "sitemap.xml"))
    canonicals = {_canonical(out / f"{name}.html") for name in DOCNAMES}
    assert canonicals == {EXAMPLE + quote(name) + ".html" for name in DOCNAMES}
    assert canonicals <= listed and EXAMPLE + "a%26b.html" in listed
    assert all(
        _canonical(out / (url[len(EXAMPLE) :] or "index.html")) == url for url in listed if "%" not in url
    )
    outside(before, tmp_path, out)
    names_only(out, EXAMPLE)
    copy = tmp_path / "copy"
    shutil.copytree(
        out, copy, ignore=shutil.ignore_patterns("sitemap.xml", ".sitemap-plugins.json", "robots.txt")
    )
    done = generate_from_dir(copy, EXAMPLE, "-v")
    assert done.returncode == 0, done.stderr
    assert "left out: canonical" not in done.stderr
    assert set(urls(copy / "sitemap.xml")) == listed

"""Sphinx as Read the Docs projects have it: `html_baseurl` from READTHEDOCS_CANONICAL_URL (or a
path outside Read the Docs), sphinx-sitemap's settings left in conf.py, versions and languages
built from separate checkouts into one tree, and the layouts that go wrong (a translation built
with the English base URL, two builders in one folder).  Real `sphinx-build` runs."""

from __future__ import annotations

import subprocess
import sys

import pytest
from git_helpers import git, lastmods
from sitemap_checks import NS, parse
from sphinx_helpers import CONF, german_catalog, project, sphinx

pytestmark = pytest.mark.slow  # builds real sites

RTD = "https://demo.readthedocs.io/en/latest/"
BARE = 'project = "Demo"\nextensions = ["sitemap_plugins.sphinx"]\n'


def said(done: subprocess.CompletedProcess[str], stream: str = "stdout") -> list[str]:
    return [line for line in getattr(done, stream).splitlines() if "sitemap" in line]


def test_no_html_baseurl_is_a_warning_a_path_is_said_at_info_and_read_the_docs_url_is_the_base(tmp_path):
    docs = project(tmp_path, BARE)
    done = sphinx(docs, tmp_path / "unset")
    assert done.returncode == 0 and not (tmp_path / "unset" / "sitemap.xml").exists()
    assert said(done, "stderr") == [
        "WARNING: sitemap: html_baseurl is not set, so no sitemap is written: a "
        "sitemap lists absolute URLs. Set html_baseurl = 'https://example.com/' in conf.py (the address the "
        "docs are published at), or sitemap_base_url; on Read the Docs, READTHEDOCS_CANONICAL_URL is read "
        "where html_baseurl is not an address (Read the Docs sets that variable, and no longer sets "
        "html_baseurl) [sitemap]"
    ]
    assert sphinx(docs, tmp_path / "unset-strict", "-W").returncode == 1
    # conf.py's own path (Read the Docs' idiom, outside it): normal, said at INFO; -W passes.
    (docs / "conf.py").write_text(BARE + 'html_baseurl = "/"\n')
    done = sphinx(docs, tmp_path / "local")
    assert done.returncode == 0 and not (tmp_path / "local" / "sitemap.xml").exists()
    assert said(done, "stderr") == []
    assert (
        "sitemap: html_baseurl is '/' and READTHEDOCS_CANONICAL_URL is not set (a build outside Read the Docs, "
        "which sets it), so no sitemap is written: a sitemap lists absolute URLs; for one here, "
        "-D html_baseurl=https://example.com/ (the address the docs are published at)"
    ) in done.stdout.splitlines()
    strict = sphinx(docs, tmp_path / "strict", "-W")
    assert strict.returncode == 0 and not (tmp_path / "strict" / "sitemap.xml").exists()
    # On Read the Docs: its address is the base, said once at INFO; the pages' canonical links
    # (Sphinx's `/api.html`, spelled from the path) do not send them elsewhere.
    done = sphinx(docs, tmp_path / "rtd", env={"READTHEDOCS_CANONICAL_URL": RTD})
    assert done.returncode == 0 and said(done, "stderr") == []
    assert (
        f"sitemap: the base URL is {RTD}, Read the Docs' READTHEDOCS_CANONICAL_URL (html_baseurl is '/', a path)"
    ) in done.stdout.splitlines()
    assert set(lastmods(tmp_path / "rtd" / "sitemap.xml")) == {
        RTD + page for page in ("index.html", "guide/index.html", "api.html", "genindex.html")
    }
    # An address in html_baseurl is the base, on Read the Docs too; the variable is not named.
    (docs / "conf.py").write_text(CONF)
    done = sphinx(docs, tmp_path / "own", env={"READTHEDOCS_CANONICAL_URL": RTD})
    assert done.returncode == 0 and "READTHEDOCS_CANONICAL_URL" not in done.stdout
    assert "https://docs.example.com/en/latest/api.html" in lastmods(tmp_path / "own" / "sitemap.xml")


def test_a_base_url_with_a_query_or_a_fragment_is_an_error_naming_it(tmp_path):
    docs = project(tmp_path, BARE + 'html_baseurl = "https://example.com/docs/?utm_source=x#top"\n')
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 1 and not (tmp_path / "html" / "sitemap.xml").exists()
    assert said(done, "stderr") == [
        "ERROR: sitemap: html_baseurl: 'https://example.com/docs/?utm_source=x#top' has a query or a "
        "fragment ('?…', '#…'); the base URL is the address of the docs' directory, every page's path "
        "added to it: 'https://example.com/docs/'"
    ]
    (docs / "conf.py").write_text(BARE + 'html_baseurl = "https://example.com/docs/"\n')
    assert said(sphinx(docs, tmp_path / "ok"), "stderr") == []


DROP_IN = (
    'project = "Demo"\nversion = "latest"\nlanguage = "en"\nextensions = ["{extension}"]\n'
    'html_baseurl = "https://x.readthedocs.io/"\nsitemap_url_scheme = "{{lang}}{{version}}{{link}}"\n'
    "sitemap_excludes = {excludes}\nsitemap_filename = 'sitemap.xml'\nsitemap_show_lastmod = True\n"
    "sitemap_indent = 2\n"
)


def drop_in(extension: str, excludes: list[str]) -> str:
    return DROP_IN.format(extension=extension, excludes=excludes)


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_sphinx_sitemaps_conf_py_lists_the_urls_sphinx_sitemap_lists(tmp_path, builder):
    """sphinx-sitemap 2.9 and ours on the same conf.py, only the extension's name changed: the
    same URLs (`/en/latest/…`, its default scheme with conf.py's language and version), the same
    pages left out by `sitemap_excludes` (fnmatch on the link), one INFO line for the settings
    and no WARNING."""
    pytest.importorskip("sphinx_sitemap")
    index = "genindex.html" if builder == "html" else "genindex/"
    docs = project(tmp_path, drop_in("sphinx_sitemap", ["search*", index]))
    assert sphinx(docs, tmp_path / "peer", builder=builder).returncode == 0
    (docs / "conf.py").write_text(drop_in("sitemap_plugins.sphinx", ["search*", index]))
    done = sphinx(docs, tmp_path / "ours", "-E", builder=builder)
    assert done.returncode == 0 and said(done, "stderr") == []
    peer = {loc.text for loc in parse(tmp_path / "peer" / "sitemap.xml").iterfind("s:url/s:loc", NS)}
    ours = lastmods(tmp_path / "ours" / "sitemap.xml")
    assert set(ours) == peer
    base = "https://x.readthedocs.io/en/latest/"
    assert base + ("api.html" if builder == "html" else "api/") in ours
    assert ours[base + ("api.html" if builder == "html" else "api/")] == "2024-05-06T10:00:00+00:00"
    assert [line for line in done.stdout.splitlines() if "sphinx-sitemap" in line] == [
        "sitemap: sphinx-sitemap's settings, as followed here: sitemap_url_scheme '{lang}{version}{link}': "
        f"the base URL {base} (html_baseurl and en/latest/, from the build's language and conf.py's version); "
        f"sitemap_excludes ['search*', '{index}']: the pages whose link matches one left out, as "
        "sphinx-sitemap matches them (fnmatch: `genindex.html`, dirhtml's `genindex/`); sitemap_filename "
        "'sitemap.xml': the set's entry point, as before; sitemap_show_lastmod True: lastmod wherever a page "
        "has a date (its source's last commit, a file it includes, `:lastmod:`); sitemap_indent 2: the files "
        "are written compact"
    ]


def test_a_scheme_that_cannot_be_followed_and_a_base_that_holds_it_already(tmp_path):
    docs = project(
        tmp_path, BARE + f'html_baseurl = "{RTD}"\nsitemap_url_scheme = "{{link}}?lang={{lang}}"\n'
    )
    done = sphinx(docs, tmp_path / "dirhtml", builder="dirhtml")
    assert done.returncode == 0
    assert said(done, "stderr") == [
        "WARNING: sitemap: sitemap_url_scheme '{link}?lang={lang}' is not followed: only what comes before "
        "{link} can be ({lang}, {version}, a path), so each page is listed at html_baseurl and its path as "
        "Sphinx links it (`…/guide/index.html`, dirhtml's `…/guide/`) [sitemap]"
    ]
    assert RTD + "guide/" in lastmods(tmp_path / "dirhtml" / "sitemap.xml")
    # READTHEDOCS_CANONICAL_URL holds the language and the version: no /en/latest/en/latest/.
    conf = 'import os\nversion = "latest"\n' + BARE
    conf += 'html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")\n'
    (docs / "conf.py").write_text(conf + 'sitemap_url_scheme = "{lang}{version}{link}"\n')
    done = sphinx(docs, tmp_path / "rtd", env={"READTHEDOCS_CANONICAL_URL": RTD})
    assert done.returncode == 0 and said(done, "stderr") == []
    assert set(lastmods(tmp_path / "rtd" / "sitemap.xml")) == {
        RTD + page for page in ("index.html", "guide/index.html", "api.html", "genindex.html")
    }
    assert (
        "sitemap: sphinx-sitemap's settings, as followed here: sitemap_url_scheme '{lang}{version}{link}': "
        f"en/latest/ is in the base URL {RTD} already"
    ) in done.stdout.splitlines()


def test_other_sphinx_sitemap_settings_are_named_where_their_meaning_cannot_be_kept(tmp_path):
    conf = CONF + "sitemap_filename = 'sitemap-en.xml'\nsitemap_locales = [None]\n"
    docs = project(tmp_path, conf)
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0
    assert said(done, "stderr") == [
        "WARNING: sitemap: sitemap_filename 'sitemap-en.xml': the set's entry point is sitemap.xml (an index "
        "where the pages need several files), not 'sitemap-en.xml': name sitemap.xml where that was named "
        "(robots.txt, Search Console), and remove sitemap_filename [sitemap]"
    ]
    assert (
        "sitemap: sphinx-sitemap's settings, as followed here: sitemap_locales [None]: no other language "
        "grouped with this build's pages"
    ) in done.stdout.splitlines()


def test_an_exclude_that_matches_no_page_is_said(tmp_path):
    """The migration page's `genindex.html` under dirhtml, whose page is `genindex/`."""
    docs = project(
        tmp_path, CONF + 'sitemap_exclude = ["genindex.html", "gen*"]\nsitemap_excludes = ["search*"]\n'
    )
    done = sphinx(docs, tmp_path / "dirhtml", builder="dirhtml")
    assert done.returncode == 0 and said(done, "stderr") == []
    line = (
        "sitemap: sitemap_exclude 'genindex.html' matches no page (pages as Sphinx links them: "
        "`genindex.html`, dirhtml's `genindex/`)"
    )
    assert line in done.stdout.splitlines()
    assert [line for line in done.stdout.splitlines() if "matches no page" in line] == [line]
    done = sphinx(docs, tmp_path / "html")
    assert [line for line in done.stdout.splitlines() if "matches no page" in line] == []
    assert "https://docs.example.com/en/latest/genindex.html" not in lastmods(
        tmp_path / "html" / "sitemap.xml"
    )


def translated(tmp_path):
    """The project in English with a German catalog of the guide and the home page."""
    docs = project(tmp_path, BARE + 'language = "en"\nlocale_dirs = ["locale"]\n')
    german_catalog(tmp_path, docs)
    return docs


def check(tree, *args):
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", *args, str(tree)], capture_output=True, text=True
    )


def test_sets_built_from_separate_checkouts_are_one_projects(tmp_path):
    """sphinx-multiversion's way: each version (and here a language) built from a checkout of
    its own (`git worktree add`) into one tree.  The root index names every checkout's sets,
    and hreflang is reciprocal across checkouts: `check` finds no hreflang-reciprocal error."""
    docs = translated(tmp_path)
    other = tmp_path / "other-checkout"
    git(tmp_path, "worktree", "add", "-q", str(other), "HEAD")
    html, host = tmp_path / "html", "https://docs.example.com/"
    builds = [
        (docs, "en/latest", ()),
        (other / "docs", "de/latest", ("-D", "language=de")),
        (other / "docs", "en/stable", ()),
    ]
    for source, where, args in builds:
        done = sphinx(
            source, html / where, *args, "-D", f"html_baseurl={host}{where}/", "-D", f"sitemap_root={html}"
        )
        assert done.returncode == 0 and said(done, "stderr") == [], done.stderr
    assert (
        f"sitemap: {html / 'sitemap.xml'} names the sets of de/latest, en/latest, en/stable, and its "
        "robots.txt names it"
    ) in done.stdout.splitlines()
    german = {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang") for link in url.iterfind("xhtml:link", NS)
        }
        for url in parse(html / "de" / "latest" / "sitemap.xml").iterfind("s:url", NS)
    }
    assert german[f"{host}de/latest/guide/index.html"] == {"en", "de", "x-default"}
    checked = check(html)
    assert "hreflang-reciprocal" not in checked.stdout + checked.stderr, checked.stdout
    # Another project built into the same tree is not one of its sets.
    stranger = project(tmp_path / "stranger", BARE.replace('"Demo"', '"Stranger"'))
    done = sphinx(stranger, html / "en" / "beta", "-D", f"html_baseurl={host}en/beta/")
    assert "en/beta" not in "".join(line for line in done.stdout.splitlines() if "names the sets" in line)


def test_a_translation_built_with_the_english_base_url_is_one_warning_naming_both(tmp_path):
    docs = translated(tmp_path)
    html, english = tmp_path / "html", "https://docs.example.com/en/latest/"
    done = sphinx(docs, html / "fr" / "latest", "-D", "language=fr", "-D", f"html_baseurl={english}")
    assert done.returncode == 0
    assert said(done, "stderr") == [
        f"WARNING: sitemap: language is 'fr' and the output is {html / 'fr' / 'latest'}, but html_baseurl "
        f"{english} names en: the pages are listed under it. Set html_baseurl to this language's address "
        "(-D html_baseurl=...) [sitemap]"
    ]
    done = sphinx(
        docs,
        tmp_path / "tree" / "de" / "latest",
        "-D",
        "language=de",
        "-D",
        f"html_baseurl={english[:-10]}de/latest/",
    )
    assert done.returncode == 0 and said(done, "stderr") == []


def test_languages_built_in_reverse_order_count_the_copies_left_out(tmp_path):
    """German first, English (conf.py's language) last: the German build knows from its catalogs
    that the API is not translated (an English copy), leaves it out and says so; the English build
    after it, writing the German set again, does not count that copy again.  Without catalogs in
    the source tree, the English build finds the copy in the German set, and says so."""
    docs = translated(tmp_path)
    html, host = tmp_path / "html", "https://docs.example.com/"
    root = ("-D", f"sitemap_root={html}")
    done = sphinx(
        docs, html / "de" / "latest", "-D", "language=de", "-D", f"html_baseurl={host}de/latest/", *root
    )
    assert (
        done.returncode == 0 and "1 copy of another language's page left out: not translations" in done.stdout
    )
    done = sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={host}en/latest/", *root)
    assert done.returncode == 0 and said(done, "stderr") == []
    assert "written again" not in done.stdout
    assert f"{host}de/latest/api.html" not in lastmods(html / "de" / "latest" / "sitemap.xml")
    # The catalogs elsewhere (not in the source tree): the copy is found by its words.
    bare = project(tmp_path / "bare", BARE + 'language = "en"\n')
    tree = tmp_path / "tree"
    root = ("-D", f"sitemap_root={tree}")
    done = sphinx(
        bare, tree / "de" / "latest", "-D", "language=de", "-D", f"html_baseurl={host}de/latest/", *root
    )
    assert done.returncode == 0 and "cop" not in "".join(said(done))
    done = sphinx(bare, tree / "en" / "latest", "-D", f"html_baseurl={host}en/latest/", *root)
    assert done.returncode == 0 and said(done, "stderr") == []
    assert (
        "sitemap: 3 copies of another language's page left out of the sets written again (de/latest 3): "
        "not translations"
    ) in done.stdout.splitlines()


@pytest.mark.parametrize(
    ("language", "warned"),
    [
        ("sr@latin", None),
        ("ca@valencia", "'ca@valencia' (ca-ES-valencia in BCP 47)"),
        ("yue", "'yue'"),
        ("cak", "'cak'"),
    ],
)
def test_sphinxs_locale_names_are_bcp_47_or_one_warning_and_no_hreflang(tmp_path, language, warned):
    """Languages Sphinx ships: `sr@latin` is sr-Latn, grouped with English built beside; the
    others are no hreflang code: one WARNING, and the set is written without hreflang for them."""
    docs = project(tmp_path, BARE + 'language = "en"\n')
    html, host = tmp_path / "html", "https://docs.example.com/"
    folder = {"sr@latin": "sr-latn"}.get(language, language.replace("@", "-"))
    assert sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={host}en/latest/").returncode == 0
    done = sphinx(
        docs,
        html / folder / "latest",
        "-D",
        f"language={language}",
        "-D",
        f"html_baseurl={host}{folder}/latest/",
    )
    assert done.returncode == 0, done.stderr
    sitemap = html / folder / "latest" / "sitemap.xml"
    links = {link.get("hreflang") for link in parse(sitemap).iterfind("s:url/xhtml:link", NS)}
    if warned is None:
        assert said(done, "stderr") == []
        assert links == {"en", "sr-Latn", "x-default"}
    else:
        assert said(done, "stderr") == [
            f"WARNING: sitemap: language {warned} is no hreflang code: hreflang takes an ISO 639-1 language, "
            "with a script and a region where needed ('sr-Latn', 'pt-BR'), so the set is written without "
            "hreflang for this language [sitemap]"
        ]
        assert links == set() and f"{host}{folder}/latest/api.html" in lastmods(sitemap)


def test_a_sitemap_field_that_is_neither_false_nor_a_mapping_is_named(tmp_path):
    docs = project(tmp_path)
    (docs / "api.rst").write_text(":sitemap: maybe\n\nAPI\n===\n\nThe API.\n")
    (docs / "guide" / "index.rst").write_text(":sitemap: true\n\nGuide\n=====\n\nHow to use it.\n")
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0
    warned = said(done, "stderr")
    assert len(warned) == 1, warned
    assert warned[0].startswith(
        "WARNING: sitemap: api.rst (https://docs.example.com/en/latest/api.html): sitemap: "
    )
    assert "must be false or a mapping of" in warned[0] and warned[0].endswith(
        "got 'maybe'; ignored [sitemap]"
    )
    assert {
        "https://docs.example.com/en/latest/api.html",
        "https://docs.example.com/en/latest/guide/index.html",
    } <= set(lastmods(tmp_path / "html" / "sitemap.xml"))


def test_html_and_dirhtml_into_one_folder_list_the_last_builders_pages_and_say_so(tmp_path):
    docs = project(tmp_path)
    out, base = tmp_path / "out", "https://docs.example.com/en/latest/"
    done = sphinx(docs, out)
    assert done.returncode == 0 and said(done, "stderr") == []
    done = sphinx(docs, out, builder="dirhtml")
    assert done.returncode == 0
    assert said(done, "stderr") == [
        f"WARNING: sitemap: {out} holds the pages of two builders: this dirhtml build's and 3 of another's "
        "(api.html beside api/index.html); only this build's are listed: build each builder into a folder of "
        "its own, or empty the folder first [sitemap]"
    ]
    assert set(lastmods(out / "sitemap.xml")) == {base, base + "genindex/", base + "guide/", base + "api/"}


def test_messages_name_the_options_as_conf_py_names_them(tmp_path):
    docs = project(tmp_path, CONF + "sitemap_max_urls = 0\n")
    assert said(sphinx(docs, tmp_path / "bad"), "stderr") == [
        "ERROR: sitemap: sitemap_max_urls: must be a whole number from 1 to 50,000, got 0"
    ]
    # Another tool's sitemap.xml, copied by html_extra_path: ours does not replace it unasked.
    conf = CONF + 'html_extra_path = ["extra"]\n'
    docs = project(tmp_path / "extra", conf)
    (docs / "extra").mkdir()
    (docs / "extra" / "sitemap.xml").write_text(
        '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url>'
        "<loc>https://docs.example.com/en/latest/index.html</loc></url></urlset>\n"
    )
    done = sphinx(docs, tmp_path / "theirs")
    text = done.stdout + done.stderr
    assert "sitemap_replace_sitemaps = True" in text and "--replace-sitemaps" not in text, text
    # A transform defined in conf.py is named by its file, not by a module it has none of.
    conf = CONF + "def shape(entry, page):\n    return 5\n\nsitemap_transform = shape\n"
    docs = project(tmp_path / "shape", conf)
    warned = said(sphinx(docs, tmp_path / "shaped"), "stderr")
    assert warned and all("conf.py: shape returned 5, not an Entry or None" in line for line in warned), (
        warned
    )


def test_pages_dated_by_their_catalog_are_said_so_and_the_advice_names_the_field_list(tmp_path):
    docs = translated(tmp_path)
    (docs / "draft.rst").write_text("Draft\n=====\n\nNot committed yet.\n")
    (docs / "index.rst").write_text(
        (docs / "index.rst").read_text().replace("   api\n", "   api\n   draft\n")
    )
    html, host = tmp_path / "html", "https://docs.example.com/"
    done = sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={host}en/latest/")
    assert done.returncode == 0
    summary = [line for line in said(done) if line.startswith("sitemap: ") and " URLs in " in line]
    assert (
        summary
        and "by its translation" not in summary[0]
        and "1 page dated by a file it includes" in summary[0]
    )
    assert (
        "sitemap: 2 pages without lastmod: 1 not committed to git, 1 made of no source file (a page nothing "
        "dates); how to date them (a field list `:lastmod:` at the document's top, git, the page's own dates)"
    ) in done.stdout
    done = sphinx(docs, html / "de" / "latest", "-D", "language=de", "-D", f"html_baseurl={host}de/latest/")
    assert done.returncode == 0
    summary = [line for line in said(done) if line.startswith("sitemap: ") and " URLs in " in line]
    assert "2 pages dated by its translation" in summary[0] and "a file it includes" not in summary[0], (
        summary
    )


def test_check_on_a_read_the_docs_robots_txt_that_names_the_set_does_not_ask_to_add_it(tmp_path):
    """Read the Docs serves the default version's robots.txt (`html_extra_path`) at the host's
    root: one that names the set already is not told to add that line; a build with none is."""
    docs = project(tmp_path, BARE + f'html_baseurl = "{RTD}"\nhtml_extra_path = ["extra"]\n')
    (docs / "extra").mkdir()
    for names_it in (True, False):
        if names_it:
            (docs / "extra" / "robots.txt").write_text(
                f"User-agent: *\nDisallow:\n\nSitemap: {RTD}sitemap.xml\n"
            )
        else:
            (docs / "extra" / "robots.txt").unlink()
        out = tmp_path / f"out-{names_it}"
        done = sphinx(docs, out)
        assert done.returncode == 0 and said(done, "stderr") == []
        checked = check(out, "--base-url", RTD)
        assert checked.returncode == 0
        asked = f"add 'Sitemap: {RTD}sitemap.xml' there" in checked.stdout
        assert asked is not names_it, checked.stdout
        assert (f"this one names {RTD}sitemap.xml already" in checked.stdout) is names_it


@pytest.mark.parametrize(
    ("locales", "grouped"), [(None, True), (["en", "de"], True), (["de"], False), ([None], False)]
)
def test_sphinx_sitemaps_locales_name_the_languages_grouped(tmp_path, locales, grouped):
    docs = translated(tmp_path)
    if locales is not None:
        (docs / "conf.py").write_text((docs / "conf.py").read_text() + f"sitemap_locales = {locales!r}\n")
    html, host = tmp_path / "html", "https://docs.example.com/"
    assert sphinx(docs, html / "en" / "latest", "-D", f"html_baseurl={host}en/latest/").returncode == 0
    done = sphinx(docs, html / "de" / "latest", "-D", "language=de", "-D", f"html_baseurl={host}de/latest/")
    assert done.returncode == 0 and said(done, "stderr") == []
    links = {
        link.get("hreflang")
        for link in parse(html / "de" / "latest" / "sitemap.xml").iterfind("s:url/xhtml:link", NS)
    }
    assert links == ({"en", "de", "x-default"} if grouped else set())


def test_the_advice_of_another_address_names_html_baseurl(tmp_path):
    """Every page's canonical link names …/stable/, the base URL is …/latest/: the advice names
    the setting of conf.py, not another face's."""
    docs = project(tmp_path, CONF + 'sitemap_base_url = "https://docs.example.com/en/stable/"\n')
    warned = said(sphinx(docs, tmp_path / "html"), "stderr")
    assert any(line.endswith("make that the base URL (html_baseurl) [sitemap]") for line in warned), warned
    assert not any("SITEURL" in line or "--base-url" in line for line in warned)


def test_sphinx_sitemaps_older_site_url_is_the_base_where_html_baseurl_is_not_set(tmp_path):
    docs = project(tmp_path, BARE + 'site_url = "https://docs.example.com/"\n')
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0 and said(done, "stderr") == []
    assert (
        "sitemap: the base URL is https://docs.example.com/, sphinx-sitemap's older site_url "
        "(html_baseurl is not set)"
    ) in done.stdout.splitlines()
    assert "https://docs.example.com/api.html" in lastmods(tmp_path / "html" / "sitemap.xml")
    (docs / "conf.py").write_text(CONF + 'site_url = "https://docs.example.com/"\n')
    done = sphinx(docs, tmp_path / "both")
    assert "site_url" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    "baseurl", ["https://alice:S3cretPass@example.com/", "https://alice:S3cretPass@example.com/?x=1"]
)
def test_a_password_in_html_baseurl_is_never_shown(tmp_path, baseurl):
    docs = project(tmp_path, BARE + f'html_baseurl = "{baseurl}"\n')
    done = sphinx(docs, tmp_path / "html")
    assert "S3cretPass" not in done.stdout + done.stderr
    assert done.returncode == 1 and any("alice:***@example.com" in line for line in said(done, "stderr"))

"""First use, round three (#78): each item as the user meets it, the exact lines at the default
log level, exit codes and files; each line printed where it is true, and not where it is false."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pelican_helpers import PELICAN_PYTHON
from sitemap_checks import NS, parse
from test_check_live import serve

COMMAND = [sys.executable, "-m", "sitemap_plugins"]
BASE = "https://example.com/"
PAGE = "<html><head><title>Home</title></head><body><main><p>Home.</p></main></body></html>"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*COMMAND, *args], capture_output=True, text=True, cwd=cwd)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text(PAGE)
    return site


# -- 3. Bounds -------------------------------------------------------------------------------------


def test_an_extra_sitemap_is_resolved_inside_the_site(tmp_path):
    """`../../etc/passwd` is resolved against the site, dot segments removed: no `..` reaches
    robots.txt or the index; the file it then names is not in the output, a WARNING, left out."""
    site = _site(tmp_path)
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
    again = _site(tmp_path / "strict")
    done = run("generate", "--from-dir", str(again), "--base-url", "https://media.example.org/", "--out",
               str(again), "--extra-sitemaps", "../../etc/passwd", "--strict")  # fmt: skip
    assert done.returncode == 1 and not (again / "sitemap.xml").exists()


def test_an_extra_sitemap_outside_the_sites_directory_is_an_option_error(tmp_path):
    site = _site(tmp_path)
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


@pytest.mark.invalid_output
def test_a_listed_password_is_never_shown(tmp_path):
    """A listed `https://user:secret@host/x/` is refused and shown as `user:***@`: on the terminal,
    in the report, in `check`'s text, JSON and HTML."""
    entries = tmp_path / "entries.jsonl"
    entries.write_text('{"loc": "https://user:secret@example.com/x/"}\n{"loc": "https://example.com/y/"}\n')
    done = run("generate", "--base-url", BASE, "--out", "out", "--from-jsonl", entries.name, cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr.splitlines()[0] == (
        "sitemap: entries.jsonl:1: loc: 'https://user:***@example.com/x/' has user information "
        "(user:password@) before its host; page left out"
    )
    site = _site(tmp_path / "listed")
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://user:secret@example.com/x/</loc></url></urlset>\n"
    )
    for output in ("text", "json", "html"):
        done = run("check", str(site), "--base-url", BASE, "--format", output)
        assert done.returncode == 1
        assert "secret" not in done.stdout + done.stderr
        assert "user:***@example.com" in done.stdout + done.stderr


# -- 4. What a new user met -----------------------------------------------------------------------


def test_a_mistyped_flag_or_command_gets_the_one_meant(tmp_path):
    done = run("generate", "--from-dir", str(tmp_path), "--gzpi")
    assert done.returncode == 2
    assert (
        done.stderr.splitlines()[-1]
        == "sitemap-plugins: error: unrecognized arguments: --gzpi (did you mean --gzip?)"
    )
    done = run("chek", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith("; did you mean check?")
    # Nothing close: said as argparse says it, with no guess.
    done = run("generate", "--from-dir", str(tmp_path), "--zzzzzz")
    assert done.stderr.splitlines()[-1] == "sitemap-plugins: error: unrecognized arguments: --zzzzzz"


def test_every_flag_of_every_command_says_what_it_does():
    from sitemap_plugins.command.main import _parser

    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    silent = [
        f"{name} {action.option_strings or action.dest}"
        for name, command in commands.items()
        for action in command._actions
        if not isinstance(action, argparse._HelpAction) and not action.help
    ]
    assert silent == []


@pytest.mark.invalid_output
def test_strict_says_each_problem_once(tmp_path):
    entries = tmp_path / "entries.jsonl"
    entries.write_text('{"loc": "https://user:secret@example.com/x/"}\n')
    args = ("generate", "--base-url", BASE, "--out", "out", "--from-jsonl", entries.name, "--strict")
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "sitemap: entries.jsonl:1: loc: 'https://user:***@example.com/x/' has user information "
        "(user:password@) before its host; page left out",
        "sitemap: 1 problem and 'strict' is on, so nothing was written",
    ]
    assert not (tmp_path / "out" / "sitemap.xml").exists()


def test_check_of_a_site_with_no_sitemap_is_a_problem(tmp_path):
    site = _site(tmp_path)
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


def test_a_server_that_is_down_is_said_once_as_down():
    """Nothing listens on the port: robots.txt and the sitemap cannot be fetched, which is said;
    that there is no robots.txt or no sitemap is not (nobody could tell)."""
    done = run("check", "http://127.0.0.1:9/", "--format", "json")
    said = json.loads(done.stdout)
    assert done.returncode == 1
    assert sorted(problem["code"] for problem in said["problems"]) == ["unavailable", "unavailable"]


@pytest.mark.slow
def test_a_live_check_of_a_site_under_a_path_takes_its_base_url(tmp_path):
    """`--base-url http://host/docs/`: the set under /docs/ is read as the site's, robots.txt at the
    host's root; a page of another host listed is not asked, and no sample is claimed."""
    root = tmp_path / "root"
    docs = root / "docs"
    docs.mkdir(parents=True)
    (docs / "index.html").write_text(PAGE)
    with serve(root, planted=False) as (host, _):
        base = host + "docs/"
        built = run("generate", "--from-dir", str(docs), "--base-url", base, "--out", str(docs))
        assert built.returncode == 0, built.stderr
        (root / "robots.txt").write_text(f"User-agent: *\nDisallow:\nSitemap: {base}sitemap.xml\n")
        done = run("check", host, "--base-url", base, "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"]) == (0, [])
        assert "asked the site: 1 of 1 pages, " in said["summary"] and "sample" not in said["summary"]
        done = run("check", host, "--base-url", "https://elsewhere.example/")
        assert done.returncode == 2 and "is not on the host of" in done.stderr


def test_languages_are_counted_by_their_script_too(tmp_path):
    """`zh-Hans-CN` and `zh-Hant-TW` are two written languages, `en-US` and `en-GB` one: the line
    that says no page names its translations counts them so."""
    import sitemap_plugins as sp

    messages: list[str] = []
    sitemap = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    for number, lang in enumerate(("zh-Hans-CN", "zh-Hans-CN", "zh-Hant-TW", "zh-Hant-TW", "en-US", "en-GB")):
        html = f'<html lang="{lang}"><head></head><body><main><p>Page {number}.</p></main></body></html>'
        sitemap.add_page(sp.Page(f"{BASE}{number}/", html=html))
    notes = sitemap.write(tmp_path / "out").notes()
    assert any(
        note.startswith("sitemap: the pages are in 3 languages (zh-Hans 2, zh-Hant 2, en 2) and none names")
        for note in notes
    ), notes


@pytest.mark.slow
def test_an_apis_own_sitemap_is_no_stale_one(tmp_path):
    """docs/api/sitemap.xml lists the API reference's pages, none of MkDocs': it is left as it is,
    not called stale, and the line says how to offer it; one that lists the set's own pages is
    still stale (test_core_edges.py, test_any_site.py's Hugo)."""
    import os

    docs = tmp_path / "docs"
    (docs / "api").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    theirs = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}api/reference/</loc></url></urlset>\n"
    )
    (docs / "api" / "sitemap.xml").write_text(theirs)
    (tmp_path / "mkdocs.yml").write_text(f"site_name: A\nsite_url: {BASE}\nplugins:\n  - sitemap\n")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "stale" not in done.stderr and "WARNING" not in done.stderr
    assert (
        "INFO    -  sitemap: api/sitemap.xml is another tool's sitemap of pages this set does not list (a part "
        "of the site of its own): left as it is; name it in extra_sitemaps to offer it in the index and robots.txt"
    ) in done.stderr.splitlines()
    assert (tmp_path / "site" / "api" / "sitemap.xml").read_text() == theirs


@pytest.mark.slow
def test_pelican_as_its_users_install_it(tmp_path):
    """The suite's Pelican builds run on the Pelican users get from the registry (4.12 and later:
    it caps Pygments below what Material needs, so `python3 dev.py test` gives it an environment
    of its own).  A mistyped SITEMAP key is one CRITICAL line and exit 1, no traceback (4.12
    prints one for any exception that reaches it); a correct build writes the set."""
    import os

    if sys.executable == PELICAN_PYTHON:
        pytest.skip("no environment of the newest Pelican: `python3 dev.py test` makes .venv-pelican")
    python = PELICAN_PYTHON
    version = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('pelican'))"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert tuple(int(part) for part in version.split(".")[:2]) >= (4, 12), version
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    (site / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA.\n")
    settings = 'SITEURL = "https://p.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap_plugins.pelican"]\n'
    env = {**os.environ, "COLUMNS": "400"}
    (site / "pelicanconf.py").write_text(settings + 'SITEMAP = {"gzpi": True}\n')
    command = [str(python), "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content"]
    done = subprocess.run(command, cwd=site, capture_output=True, text=True, env=env)
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said, said
    assert (
        said.count("CRITICAL") == 1
        and "ConfigError: SITEMAP: unknown sitemap option(s) gzpi (did you mean gzip?)" in said
    )
    (site / "pelicanconf.py").write_text(settings)
    done = subprocess.run(command, cwd=site, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert b"generated by sitemap-plugins" in (site / "output" / "sitemap.xml").read_bytes()


@pytest.mark.slow
def test_one_named_news_sitemap_is_read_and_asked_alone(tmp_path):
    """`check host/sitemap-news.xml`: that file only, its two articles counted and asked of the
    site (a news sitemap's URLs are URLs: "0 URLs" and "0 of 0 pages" were said before)."""
    import datetime as dt

    site = tmp_path / "site"
    for name in ("", "a/", "b/"):
        (site / name).mkdir(parents=True, exist_ok=True)
        (site / name / "index.html").write_text(PAGE)
    today = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    with serve(site, planted=False) as (host, log):
        articles = "".join(
            f"<url><loc>{host}{name}</loc><news:news><news:publication><news:name>Daily</news:name>"
            f"<news:language>en</news:language></news:publication>"
            f"<news:publication_date>{today}</news:publication_date><news:title>{name}</news:title>"
            "</news:news></url>"
            for name in ("a/", "b/")
        )
        (site / "sitemap-news.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            f'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">{articles}</urlset>\n'
        )
        (site / "sitemap.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{host}</loc></url></urlset>\n"
        )
        (site / "robots.txt").write_text(f"Sitemap: {host}sitemap.xml\nSitemap: {host}sitemap-news.xml\n")
        done = run("check", str(site / "sitemap-news.xml"), "--base-url", host, "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"], said["urls"]) == (0, [], 2)
        assert said["summary"] == "1 file(s), 2 URLs: no problems"
        done = run("check", host + "sitemap-news.xml", "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"], said["urls"]) == (0, [], 2)
        assert said["summary"].startswith("1 file(s), 2 URLs: no problems; asked the site: 2 of 2 pages, ")
        assert "/sitemap.xml" not in [path for _, path, _ in log.requests]

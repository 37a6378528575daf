"""Promise: bad input gets a message naming the page (or file, or option) and the field; never a
traceback; the bad value is left out, or the build fails where `strict` asks for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from command_runs import run as _command
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from pelican_helpers import add_settings, pelican
from pelican_helpers import copy_sample as copy_pelican_sample
from sitemap_checks import assert_valid_tree, urls

import sitemap_plugins as sp
from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.jsonl import LineReader
from sitemap_plugins.core.output.result import docs_page

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"


def _front_matter(project: Path, front: str) -> None:
    page = project / "docs" / "guide" / "grilling.md"
    text = page.read_text()
    body = text.split("---\n", 2)[-1] if text.startswith("---\n") else text
    page.write_text(f"---\n{front}\n---\n{body}")


@pytest.mark.parametrize(
    ("front", "said"),
    [
        (
            'alternates: "de"',
            "guide/grilling.md (https://docs.example.com/guide/grilling/): alternates: must be a mapping",
        ),
        ("alternates: 5", "alternates: must be a mapping of language codes to URLs"),
        (
            "alternates: {de: 5}",
            "guide/grilling.md (https://docs.example.com/guide/grilling/): alternates[de]: 5 is not a URL",
        ),
        ('sitemap: "maybe"', "sitemap: must be false or a mapping"),
        ("sitemap: {prio: 0.9}", "sitemap: unknown key(s) prio"),
        ("sitemap: {priority: high}", "priority: 'high' is not a number"),
        ("lastmod: last tuesday", "lastmod (metadata 'lastmod')"),
        (
            "video: {titel: Ribs}",
            "metadata video: unknown video field(s) titel (did you mean title?); ignored",
        ),
    ],
)
def test_mkdocs_front_matter_problems_are_named_and_strict_fails(tmp_path, front, said):
    project = copy_sample("mkdocs-features", tmp_path)
    _front_matter(project, front)
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert said in " ".join(run.stderr.split()), run.stderr
    assert "https://docs.example.com/guide/grilling/" in urls(project / "site" / "sitemap.xml")
    strict = mkdocs(project, "--strict")
    assert strict.returncode != 0 and "Traceback" not in strict.stderr


def test_exclude_regex_is_an_option_in_mkdocs_yml(tmp_path):
    project = copy_sample("mkdocs-features", tmp_path)
    text = (project / "mkdocs.yml").read_text()
    (project / "mkdocs.yml").write_text(
        text.replace("      gzip: true\n", "      gzip: true\n      exclude_regex: ['^guide/vid']\n")
    )
    run = mkdocs(project, "--strict")
    assert run.returncode == 0, run.stderr
    assert "https://docs.example.com/guide/videos/" not in urls(project / "site" / "sitemap.xml")


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ('SITEMAP["timezone"] = 5', "option 'timezone': must be a string, got 5"),
        ('SITEMAP["news"] = "x"', "option 'news': must be a table of news settings"),
        ('SITEMAP["exclude"] = 5', "exclude"),
        ('SITEMAP["strict"] = "false"', "option 'strict': must be true or false, got 'false'"),
        ('SITEMAP["robots_txt"] = "no"', "option 'robots_txt': must be true or false, got 'no'"),
        ('SITEMAP["max_urls"] = "10"', "option 'max_urls'"),
    ],
)
def test_pelican_options_of_the_wrong_type_are_named(tmp_path, setting, said):
    project = copy_pelican_sample("pelican-blog", tmp_path)
    add_settings(project, setting)
    run = pelican(project)
    output = " ".join((run.stdout + run.stderr).split())
    assert run.returncode != 0
    assert said in output, output
    assert "Traceback" not in output and "TypeError" not in output


def _generate(tmp_path: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--base-url", BASE, *args],
        input=stdin,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "SITEMAP_PLUGINS_WORKER": "0"},
    )


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ('strict = "false"\n', "option 'strict': must be true or false, got 'false'"),
        ('robots_txt = "no"\n', "option 'robots_txt': must be true or false, got 'no'"),
        ("timezone = 5\n", "option 'timezone': must be a string"),
        ('news = "x"\n', "option 'news'"),
        ("exclude = 5\n", "option 'exclude'"),
    ],
)
def test_config_files_of_the_command_are_checked_the_same_way(tmp_path, config, said):
    (tmp_path / "s.toml").write_text(config)
    (tmp_path / "e.jsonl").write_text(json.dumps({"loc": BASE}) + "\n")
    run = _generate(tmp_path, "--out", "o", "--from-jsonl", "e.jsonl", "--config", "s.toml")
    assert run.returncode == 2
    assert said in run.stderr.decode() and b"Traceback" not in run.stderr
    assert not (tmp_path / "o").exists()


def test_json_lines_name_the_line_and_the_field(tmp_path):
    lines = [
        b'{"loc": "https://example.com/ok/"}',
        b'{"loc": "https://example.com/caf\xe9/"}',  # Latin-1, not UTF-8
        b'{"loc": "https://example.com/a/", "links": ["de"]}',
        b'{"loc": "https://example.com/b/", "images": [5]}',
        b'{"loc": 5}',
        b'{"loc": "https://example.com/c/", "news": "yes"}',
    ]
    run = _generate(tmp_path, "--out", "o", "--from-jsonl", "-", stdin=b"\n".join(lines) + b"\n")
    said = run.stderr.decode()
    assert run.returncode == 0 and "Traceback" not in said
    assert "<stdin>:2: line: not UTF-8 text (an invalid byte at column 33); skipped" in said
    assert '<stdin>:3: links: each link is {"lang": CODE, "url": URL}' in said
    assert "<stdin>:4: images: an image is a URL" in said
    assert "<stdin>:5: loc: must be a URL or a path, got 5" in said
    assert "<stdin>:6: news: news is an object" in said
    assert "string indices" not in said
    assert urls(tmp_path / "o" / "sitemap.xml") == [f"{BASE}ok/"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
fields = st.sampled_from(
    [
        "loc",
        "lastmod",
        "changefreq",
        "priority",
        "images",
        "img",
        "videos",
        "video",
        "news",
        "alternates",
        "links",
        "source",
    ]
)


@settings(max_examples=300, deadline=None)
@given(values=st.dictionaries(fields, json_values, max_size=5))
def test_any_json_entry_is_read_or_named_never_raised(values):
    reporter = Reporter(False, emit=lambda message: None)
    reader = LineReader(sp.Options(base_url=BASE), reporter)
    line = json.dumps({"loc": f"{BASE}page/", **values})
    entry = reader.entry(line, "e.jsonl:1")
    if entry is None:
        assert reporter.problems and all(p.subject.startswith("e.jsonl:1") for p in reporter.problems)


@pytest.mark.parametrize("case", ["read-only", "a file", "robots.txt a directory"])
def test_output_problems_are_one_line_naming_the_path(tmp_path, case):
    (tmp_path / "e.jsonl").write_text(json.dumps({"loc": BASE}) + "\n")
    out = tmp_path / "o"
    if case == "read-only":
        out.mkdir()
        out.chmod(0o555)
        if os.access(out, os.W_OK):  # root writes anywhere: a read-only mount is not at hand
            (out / "sitemap.xml").mkdir()  # the same OSError path: a directory in our way
    elif case == "a file":
        out.write_text("not a directory")
    else:
        (out / "robots.txt").mkdir(parents=True)
    run = _generate(tmp_path, "--out", "o", "--from-jsonl", "e.jsonl")
    said = run.stderr.decode().strip().splitlines()
    assert b"Traceback" not in run.stderr
    if case == "robots.txt a directory":  # the sitemaps are written; robots.txt is a problem
        assert run.returncode == 0 and (out / "sitemap.xml").exists()
        assert any(
            "o/robots.txt" in line and "is not a regular file (a directory); left as it is" in line
            for line in said
        )
    else:
        assert run.returncode == 1 and len(said) == 1 and str(out.name) in said[0], said
    out.chmod(0o755) if out.is_dir() else None


meta_keys = st.sampled_from(
    [
        "sitemap",
        "lastmod",
        "updated",
        "date",
        "alternates",
        "video",
        "videos",
        "description",
        "title",
        "news",
        "published",
        "last_modified",
        "modified",
    ]
)


@settings(max_examples=200, deadline=None)
@given(meta=st.dictionaries(meta_keys, json_values, max_size=4))
def test_any_front_matter_is_used_or_named_never_raised(tmp_path_factory, meta):
    messages: list[str] = []
    options = sp.Options(base_url=BASE, news={"publication_name": "Daily", "include": ["*"]})
    site = sp.Sitemap(options, emit=messages.append)
    html = '<html><head></head><body><iframe src="https://www.youtube.com/embed/abcdefghijk"></iframe></body></html>'
    site.add_page(sp.Page(f"{BASE}page/", html=html, meta=meta, source="page.md"))
    assert all("page.md" in m for m in messages)
    out = tmp_path_factory.mktemp("out")
    site.write(out)
    assert_valid_tree(out)  # what is kept renders schema-valid


def test_our_lines_do_not_leak_where_another_package_configured_logging(tmp_path):
    """Packages that call `logging.basicConfig()` (mdx_include, git-revision-date-localized) give
    the root logger a handler: our lines still reach the user through MkDocs alone, once each."""
    project = copy_sample("mkdocs-features", tmp_path)
    (project / "hooks.py").write_text("import logging\n\nlogging.basicConfig()\n")
    edit_config(project, lambda config: config.update(hooks=["hooks.py"]))
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "sitemap_plugins" not in said
    summary = [line for line in said.splitlines() if "sitemap: 6 URLs in 1 file" in line]
    assert summary == [
        "INFO    -  sitemap: 6 URLs in 1 file, 3 images, 3 videos, video feed: https://docs.example.com/videos.rss"
    ]


def test_a_problem_met_twice_is_said_and_counted_once(tmp_path):
    """The same problem met twice (an item repeated in `extra_urls`, a page written twice) is one
    problem: one WARNING, and `--strict` counts one, as Pelican (which drops a repeated line) shows."""
    project = copy_sample("mkdocs-features", tmp_path)

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["extra_urls"] = [{"loc": "https://docs.example.com/x/", "priority": 7}] * 2

    edit_config(project, configure)
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("WARNING") and "sitemap" in line]
    assert len(warnings) == 1, warnings


def test_what_a_hostile_user_tries_is_one_line_not_a_traceback(tmp_path):
    """A site_url that is no URL, a zensical.toml whose `project` is a number, a Markdown file whose
    name is not UTF-8, links that go round in a loop: one line naming the file or option each, and
    the run goes on where it can."""
    bad_url = tmp_path / "a"
    (bad_url / "docs").mkdir(parents=True)
    (bad_url / "site").mkdir()
    (bad_url / "site" / "index.html").write_text("<p>x")
    (bad_url / "mkdocs.yml").write_text("site_name: a\nsite_url: 'https://[::1/'\nplugins: [sitemap]\n")
    run = _command("generate", "--project", str(bad_url / "mkdocs.yml"))
    assert (run.returncode, run.stderr) == (
        2,
        f"sitemap-plugins: --project {bad_url / 'mkdocs.yml'}: site_url 'https://[::1/' is not a URL "
        "(Invalid IPv6 URL)\n",
    )

    number = tmp_path / "b"
    number.mkdir()
    (number / "zensical.toml").write_text("project = 5\n")
    run = _command("generate", "--project", str(number / "zensical.toml"))
    assert (run.returncode, run.stderr) == (
        2,
        f"sitemap-plugins: --project {number / 'zensical.toml'}: `project` must be a table of settings, got 5\n",
    )

    latin = tmp_path / "c"
    (latin / "docs").mkdir(parents=True)
    (latin / "mkdocs.yml").write_text("site_name: c\nsite_url: https://c.example.com/\nplugins: [sitemap]\n")
    (latin / "docs" / "index.md").write_text("# Home\n")
    # A name in Latin-1, and its page as a generator that takes it (Zensical) builds it.
    with open(os.fsencode(latin / "docs") + b"/caf\xe9.md", "w") as stream:
        stream.write("# Café\n")
    os.makedirs(os.fsencode(latin / "site") + b"/caf\xe9")
    with open(os.fsencode(latin / "site") + b"/caf\xe9/index.html", "w") as stream:
        stream.write("<html><head><title>Café</title></head><body><p>Café</p></body></html>")
    (latin / "site" / "index.html").write_text(
        "<html><head><title>H</title></head><body><p>H</p></body></html>"
    )
    run = _command("generate", "--project", str(latin / "mkdocs.yml"))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert urls(latin / "site" / "sitemap.xml") == ["https://c.example.com/", "https://c.example.com/caf%E9/"]

    looped = tmp_path / "d"
    looped.mkdir()
    (looped / "index.html").write_text("<p>x")
    (looped / "a.html").symlink_to("b.html")
    (looped / "b.html").symlink_to("a.html")
    run = _command(
        "generate", "--base-url", "https://d.example.com/", "--out", str(looped), "--from-dir", str(looped)
    )
    assert run.returncode == 0
    assert run.stderr.splitlines() == [
        "sitemap: a.html: file: is a symbolic link whose links go round in a loop; not read, so not listed",
        "sitemap: b.html: file: is a symbolic link whose links go round in a loop; not read, so not listed",
        "sitemap: 1 page without lastmod: 1 a built page that states no date, its file in no git repository; how to date "
        f"them (front matter `lastmod:`, git, the page's own dates): {docs_page('lastmod.md')} (the "
        "report names each)",
        "sitemap: 1 URL in 1 file, 0 images, 0 videos; 2 problem(s) reported above",
    ]
    (looped / "robots.txt").unlink()
    (looped / "robots.txt").symlink_to("robots.txt")
    run = _command(
        "generate", "--base-url", "https://d.example.com/", "--out", str(looped), "--from-dir", str(looped)
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.splitlines()[-1] == (
        f"sitemap: {looped / 'robots.txt'} is a symbolic link whose links go round in a loop: it is "
        "neither read nor replaced, and nothing was written; make it a file (or turn off robots_txt)"
    )


COMMAND = [sys.executable, "-m", "sitemap_plugins"]


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

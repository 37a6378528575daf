"""Promise: bad input gets a message naming the page (or file, or option) and the field; never a
traceback; the bad value is left out, or the build fails where `strict` asks for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs_helpers import copy_sample, mkdocs
from pelican_helpers import add_settings, pelican
from pelican_helpers import copy_sample as copy_pelican_sample
from sitemap_checks import assert_valid_tree, urls

import sitemap_plugins as sp
from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.jsonl import LineReader

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

"""The `sitemap-plugins` command: `generate` from a built site or JSON Lines, `check` any sitemap set."""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from sitemap_checks import NS, parse, urls

from sitemap_plugins.command.main import main
from sitemap_plugins.core import check as check_module

BASE = "https://example.com/"
#: `sitemap-plugins generate` as a child process (the module form of the console script).
GENERATE = [sys.executable, "-m", "sitemap_plugins", "generate", "--base-url", BASE]
NOW = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def _html(body: str = "", head: str = "") -> str:
    return f"<!doctype html><html><head><title>t</title>{head}</head><body>{body}</body></html>"


def _site(root: Path) -> Path:
    site = root / "public"
    pages = {
        "index.html": _html('<img src="/img/hero.jpg">'),
        "about/index.html": _html(),
        "blog/post.html": _html(
            '<p>Intro</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Demo"></iframe>'
        ),
        "straße/ümlaut.html": _html(),
        "404.html": _html("Not found"),
        "old.html": _html(head='<meta http-equiv="refresh" content="0; url=/about/">'),
        "private.html": _html(head='<meta name="robots" content="noindex">'),
        ".git/index.html": _html(),
        "assets/style.css": "body {}",
        "img/hero.jpg": "a picture",
    }
    for name, text in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /private.html\n")
    return site


def test_generate_from_a_built_site(tmp_path, capsys):
    site = _site(tmp_path)
    assert main(["generate", "--base-url", BASE, "--out", str(site), "--from-dir", str(site), "--gzip"]) == 0
    assert set(urls(site / "sitemap.xml")) == {
        BASE,
        BASE + "about/",
        BASE + "blog/post.html",
        BASE + "stra%C3%9Fe/%C3%BCmlaut.html",
    }
    entry = parse(site / "sitemap.xml").find("s:url", NS)
    assert entry.findtext("image:image/image:loc", namespaces=NS) == BASE + "img/hero.jpg"
    assert (site / "sitemap.xml.gz").exists()
    assert (site / "robots.txt").read_text().startswith("User-agent: *\nDisallow: /private.html\n")
    assert "sitemap: 4 URLs in 1 file, 1 image, 1 video" in capsys.readouterr().err
    assert main(["check", str(site), "--base-url", BASE]) == 0


@pytest.mark.parametrize(
    "name, text, said",
    [
        ("urlset.xml", "{% for x in %}", ", line 1: Expected an expression"),
        (
            "url.xml",
            "<url>{{ entry.nope }}</url>\n",
            ", line 1: 'sitemap_plugins.core.model.Entry object' has no attribute 'nope'",
        ),
        # What is not Jinja's own error, raised while rendering: the file and the line too.
        (
            "url.xml",
            "<url>\n{{ 1 / 0 }}</url>\n",
            ", line 2: ZeroDivisionError: division by zero",
        ),
        ("urlset.xml", '{{ urls|length + "x" }}', ", line 1: TypeError: unsupported operand"),
    ],
)
def test_a_broken_template_is_named_and_the_set_before_it_stays(tmp_path, capsys, name, text, said):
    """A template of the user's that cannot be compiled or rendered: the option, the file (and
    line) and Jinja's words, no traceback; the sitemaps already there are left as they were."""
    site = _site(tmp_path)
    args = ["generate", "--base-url", BASE, "--out", str(site), "--from-dir", str(site)]
    assert main(args) == 0
    before = {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()}
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / name).write_text(text)
    capsys.readouterr()
    assert main([*args, "--templates-dir", str(templates)]) == 1
    err = capsys.readouterr().err
    assert f"sitemap: templates_dir: {templates / name}{said}" in err
    assert "no sitemap was written" in err and "Traceback" not in err
    assert {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()} == before


def test_a_broken_robots_txt_template_writes_nothing(tmp_path, capsys):
    """robots.txt's template is rendered before the set is committed: where it fails, no sitemap
    is written (as the message says) and the user's robots.txt keeps every byte."""
    out = tmp_path / "out"
    out.mkdir()
    robots = b"User-agent: *\r\nDisallow: /private/\r\n"
    (out / "robots.txt").write_bytes(robots)
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "robots.txt").write_text("{{ sitemap_urls[5] }}")
    source = _jsonl(tmp_path / "entries.jsonl")
    args = ["generate", "--base-url", BASE, "--out", str(out), "--from-jsonl", str(source)]
    assert main([*args, "--templates-dir", str(templates)]) == 1
    err = capsys.readouterr().err
    assert f"sitemap: templates_dir: {templates / 'robots.txt'}, line 1: list object has no element 5" in err
    assert "no sitemap was written" in err and "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == ["robots.txt"]
    assert (out / "robots.txt").read_bytes() == robots


def _jsonl(path: Path, count: int = 3) -> Path:
    lines = []
    for number in range(count):
        url = f"{BASE}en/page-{number}/"
        lines.append(
            json.dumps(
                {  # the npm `sitemap` package's item format
                    "url": url,
                    "lastmod": "2024-05-01T10:00:00Z",
                    "changefreq": "weekly",
                    "priority": 0.5,
                    "img": [{"url": f"{BASE}img/{number}.jpg"}],
                    "links": [{"lang": "en", "url": url}, {"lang": "de", "url": f"{BASE}de/page-{number}/"}],
                }
            )
        )
    path.write_text("\n".join(lines) + "\n")
    return path


def test_generate_from_json_lines_in_npm_sitemap_format(tmp_path):
    source = _jsonl(tmp_path / "entries.jsonl", 5)
    out = tmp_path / "out"
    code = main(
        [
            "generate",
            "--base-url",
            BASE,
            "--out",
            str(out),
            "--from-jsonl",
            str(source),
            "--max-urls",
            "2",
            "--x-default",
            "en",
        ]
    )
    assert code == 0
    assert len(urls(out / "sitemap.xml")) == 5 and len(list(out.glob("sitemap-[0-9]*.xml"))) == 3
    first = parse(out / "sitemap.xml").findtext("s:sitemap/s:loc", namespaces=NS).rsplit("/", 1)[1]
    links = parse(out / first).find("s:url", NS).findall("xhtml:link", NS)
    assert {a.get("hreflang"): a.get("href") for a in links} == {
        "en": BASE + "en/page-0/",
        "de": BASE + "de/page-0/",
        "x-default": BASE + "en/page-0/",
    }


def test_generate_from_stdin_reports_bad_lines_and_goes_on(tmp_path):
    out = tmp_path / "out"
    text = (
        _jsonl(tmp_path / "e.jsonl", 2).read_text()
        + "not json\n"
        + json.dumps({"url": BASE + "x/", "priority": 7})
        + "\n"
    )
    command = [*GENERATE, "--out", str(out), "--from-jsonl", "-"]
    result = subprocess.run(command, input=text, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "<stdin>:3: line: not a sitemap entry" in result.stderr
    assert "<stdin>:4 (https://example.com/x/): priority:" in result.stderr
    assert len(urls(out / "sitemap.xml")) == 3
    before = (out / "sitemap.xml").read_bytes()
    result = subprocess.run([*command, "--strict"], input=text, capture_output=True, text=True)
    assert result.returncode == 1 and "strict" in result.stderr
    assert (out / "sitemap.xml").read_bytes() == before  # nothing written


def test_config_file_and_flags(tmp_path):
    source = _jsonl(tmp_path / "entries.jsonl", 3)
    (tmp_path / "sitemap.toml").write_text('gzip = true\nmax_urls = 2\n[news]\npublication_name = "Daily"\n')
    (tmp_path / "sitemap.yaml").write_text("sitemap:\n  gzip: true\n  stylesheet: true\n")
    out = tmp_path / "toml"
    args = ["generate", "--base-url", BASE, "--from-jsonl", str(source)]
    assert main([*args, "--out", str(out), "--config", str(tmp_path / "sitemap.toml")]) == 0
    assert len(list(out.glob("sitemap-[0-9]*.xml.gz"))) == 2
    out = tmp_path / "yaml"
    assert main([*args, "--out", str(out), "--config", str(tmp_path / "sitemap.yaml"), "--no-gzip"]) == 0
    assert (out / "sitemap.xsl").exists() and not (out / "sitemap.xml.gz").exists()  # the flag wins


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--max-urls", "0"], "option 'max_urls': must be a whole number from 1 to 50,000"),
        (["--timezone", "Mars/Base"], "option 'timezone'"),
        (["--rule", "blog/*,weight=3"], "--rule 'blog/*,weight=3'"),
        (["--config", "missing.toml"], "--config: cannot read missing.toml"),
    ],
)
def test_usage_errors_exit_2(tmp_path, capsys, args, said):
    source = _jsonl(tmp_path / "e.jsonl")
    code = main(
        ["generate", "--base-url", BASE, "--out", str(tmp_path / "o"), "--from-jsonl", str(source), *args]
    )
    assert code == 2
    assert said in capsys.readouterr().err
    assert main(["generate", "--out", "x", "--from-dir", "y"]) == 2  # no --base-url
    assert "--base-url is required" in capsys.readouterr().err


# -- check ---------------------------------------------------------------------------------------


def _valid_site(root: Path) -> Path:
    """A site with every extension, that `check` must find nothing wrong with."""
    recent = (NOW - dt.timedelta(hours=3)).isoformat()
    entries = [
        {
            "url": BASE + "en/",
            "lastmod": "2024-05-01",
            "img": [BASE + "a.jpg"],
            "links": [{"lang": "en", "url": BASE + "en/"}, {"lang": "de", "url": BASE + "de/"}],
        },
        {
            "url": BASE + "de/",
            "links": [{"lang": "en", "url": BASE + "en/"}, {"lang": "de", "url": BASE + "de/"}],
        },
        {
            "url": BASE + "video/",
            "video": [
                {
                    "thumbnail_loc": BASE + "t.jpg",
                    "title": "T",
                    "description": "D",
                    "content_loc": BASE + "v.mp4",
                    "duration": 60,
                }
            ],
        },
        {
            "url": BASE + "news/",
            "news": {
                "publication": {"name": "Daily", "language": "en"},
                "publication_date": recent,
                "title": "N",
            },
        },
    ]
    source = root / "entries.jsonl"
    source.write_text("".join(json.dumps(e) + "\n" for e in entries))
    site = root / "site"
    site.mkdir()
    (site / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    assert main(["generate", "--base-url", BASE, "--out", str(site), "--from-jsonl", str(source), "-q"]) == 0
    return site


def _check(site: Path, capsys, *args: str) -> tuple[int, list[dict]]:
    code = main(["check", str(site), "--base-url", BASE, "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)["problems"]


def test_check_finds_nothing_on_a_valid_site(tmp_path, capsys):
    site = _valid_site(tmp_path)
    assert (site / "sitemap-news.xml").exists()
    assert _check(site, capsys) == (0, [])
    assert main(["check", str(site / "sitemap.xml"), "--base-url", BASE]) == 0


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _news_published(path: Path, when: str) -> None:
    text = path.read_text()
    start = text.index("<news:publication_date>") + len("<news:publication_date>")
    path.write_text(text[:start] + when + text[text.index("</news:publication_date>") :])


def _url_block(loc: str, inner: str = "") -> str:
    return f"<url><loc>{loc}</loc>{inner}</url>"


def _add_urls(path: Path, blocks: str) -> None:
    _replace(path, "</urlset>", blocks + "</urlset>")


DEFECTS = {
    "schema": lambda s: _replace(
        s / "sitemap.xml",
        "<loc>https://example.com/en/</loc>",
        "<loc>https://example.com/en/</loc><priority>2.0</priority>",
    ),
    "too-many": lambda s: _add_urls(
        s / "sitemap.xml", "".join(_url_block(f"{BASE}p{n}") for n in range(50_001))
    ),
    "too-many-images": lambda s: _add_urls(
        s / "sitemap.xml",
        _url_block(
            BASE + "gallery/",
            "".join(f"<image:image><image:loc>{BASE}{n}.jpg</image:loc></image:image>" for n in range(1001)),
        ),
    ),
    "too-many-news": lambda s: _add_urls(
        s / "sitemap-news.xml",
        "".join(
            _url_block(
                f"{BASE}n{n}/",
                "<news:news><news:publication><news:name>D</news:name><news:language>en</news:language></news:publication>"
                f"<news:publication_date>{NOW.isoformat()}</news:publication_date><news:title>T</news:title></news:news>",
            )
            for n in range(1001)
        ),
    ),
    "location": lambda s: _add_urls(s / "sitemap.xml", _url_block("https://other.example.org/page/")),
    "hreflang-self": lambda s: _replace(  # the first page no longer lists itself
        s / "sitemap.xml", '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>', ""
    ),
    "hreflang-reciprocal": lambda s: _add_urls(
        s / "sitemap.xml",
        _url_block(
            BASE + "fr/",
            f'<xhtml:link rel="alternate" hreflang="fr" href="{BASE}fr/"/><xhtml:link rel="alternate" hreflang="en" href="{BASE}en/"/>',
        ),
    ),
    "hreflang-code": lambda s: _replace(s / "sitemap.xml", 'hreflang="de"', 'hreflang="zz"'),
    "duplicate": lambda s: _add_urls(s / "sitemap.xml", _url_block(BASE + "video/")),
    "lastmod-future": lambda s: _replace(
        s / "sitemap.xml", "<lastmod>2024-05-01</lastmod>", f"<lastmod>{NOW.year + 1}-01-01</lastmod>"
    ),
    "lastmod": lambda s: _replace(
        s / "sitemap.xml", "<lastmod>2024-05-01</lastmod>", "<lastmod>2024-13-45</lastmod>"
    ),
    "video": lambda s: _replace(
        s / "sitemap.xml", "<video:duration>60</video:duration>", "<video:duration>90000</video:duration>"
    ),
    "news-old": lambda s: _news_published(s / "sitemap-news.xml", "2020-01-01T00:00:00+00:00"),
    "robots-relative": lambda s: _replace(
        s / "robots.txt", "Sitemap: https://example.com/sitemap.xml", "Sitemap: /sitemap.xml"
    ),
    "robots-missing-file": lambda s: _replace(
        s / "robots.txt",
        "Sitemap: https://example.com/sitemap.xml",
        "Sitemap: https://example.com/sitemap-all.xml",
    ),
    "unreachable": lambda s: (s / "sitemap-extra.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{_url_block(BASE + "extra/")}</urlset>\n'
    ),
    "index-missing": lambda s: (s / "sitemap-news.xml").unlink(),
    "gzip": lambda s: (s / "sitemap.xml").write_bytes(gzip.compress((s / "sitemap.xml").read_bytes())[:-20]),
}


@pytest.mark.invalid_output
@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_check_finds_each_planted_defect(tmp_path, capsys, defect):
    site = _valid_site(tmp_path)
    DEFECTS[defect](site)
    code, problems = _check(site, capsys)
    advice = defect in ("news-old", "unreachable")  # breaks no rule: shown, exit 0 (1 with --strict)
    assert code == (0 if advice else 1)
    assert all(p["advice"] is (p["code"] in ("news-old", "unreachable")) for p in problems)
    if advice:
        assert main(["check", str(site), "--base-url", BASE, "--format", "json", "--strict"]) == 1
        capsys.readouterr()
    codes = {p["code"] for p in problems}
    assert defect in codes, problems
    found = next(p for p in problems if p["code"] == defect)
    assert found["file"].endswith((".xml", ".txt", ".gz")) and found["message"]


def test_check_text_output_names_file_line_and_url(tmp_path, capsys, monkeypatch):
    site = _valid_site(tmp_path)
    DEFECTS["duplicate"](site)
    assert main(["check", str(site), "--base-url", BASE]) == 1
    out = capsys.readouterr().out.splitlines()
    duplicate = next(line for line in out if line.endswith("[duplicate]"))
    assert (
        duplicate.startswith(str(site / "sitemap.xml") + ":") and f": {BASE}video/: listed twice" in duplicate
    )
    # A file over 50 MB is said, and not read further (a gzip bomb stops there too).
    monkeypatch.setattr(check_module, "MAX_BYTES", 100)  # a 50 MB file, scaled down
    assert main(["check", str(site), "--base-url", BASE]) == 1
    out = capsys.readouterr().out.splitlines()
    assert (
        f"{site / 'sitemap.xml'}: more than 50 MB (52,428,800 bytes) uncompressed; not read further [too-big]"
        in out
    )


def test_console_script_is_installed():
    result = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0 and "generate" in result.stdout and "check" in result.stdout


def test_progress_on_a_terminal_and_nothing_otherwise(tmp_path):
    import os
    import pty

    source = _jsonl(tmp_path / "e.jsonl", 3000)
    command = [*GENERATE, "--from-jsonl", str(source)]
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [*command, "--out", str(tmp_path / "tty")], stderr=slave, stdout=subprocess.DEVNULL
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    assert process.wait() == 0
    os.close(master)
    assert b"\rsitemap-plugins: " in seen and b"sitemap: 3,000 URLs" in seen
    piped = subprocess.run([*command, "--out", str(tmp_path / "pipe")], capture_output=True, text=True)
    assert piped.returncode == 0 and "\r" not in piped.stderr


def test_check_usage_errors(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing"), "--base-url", BASE]) == 2
    # No --base-url, and nothing in the directory names the site's address.
    assert main(["check", str(tmp_path)]) == 2
    assert "--base-url is needed: no robots.txt Sitemap: line nor sitemap in" in capsys.readouterr().err


def test_check_reads_the_site_address_from_the_site(tmp_path, capsys):
    site = _valid_site(tmp_path)
    assert main(["check", str(site)]) == 0
    assert f"--base-url {BASE} (read from the site)" in capsys.readouterr().err
    (site / "robots.txt").unlink()
    assert main(["check", str(site / "sitemap.xml"), "--format", "json"]) == 0  # a file: its first <loc>
    assert json.loads(capsys.readouterr().out)["problems"] == []


def test_version_and_help_from_the_one_option_schema(capsys):
    from sitemap_plugins import __version__
    from sitemap_plugins.core.options import LASTMOD_SOURCES

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out.strip() == f"sitemap-plugins {__version__}"
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"Where lastmod comes from, the first that has one: {', '.join(LASTMOD_SOURCES)}" in said
    assert "html" in LASTMOD_SOURCES


COMMAND = [sys.executable, "-m", "sitemap_plugins"]


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

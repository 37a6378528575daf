"""`generate --from-jsonl` on worker processes: the same files, the same messages, as in one process."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from sitemap_checks import urls

from sitemap_plugins.command.main import main
from sitemap_plugins.core import jsonl
from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.options import Options

BASE = "https://example.com/"
GENERATE = [sys.executable, "-m", "sitemap_plugins", "generate", "--base-url", BASE]
LINES = 3 * jsonl.CHUNK_LINES + 500  # enough chunks for the workers to start
#: A JSON value nested deeper than a decoder recurses.
_DEEP = "[" * 100_000 + "]" * 100_000
PUBLISHED = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stream(path: Path) -> Path:
    """Entries of every kind, and bad lines among them, in the npm `sitemap` item format."""
    with path.open("w", encoding="utf-8") as stream:
        for number in range(LINES):
            if number % 997 == 5:
                stream.write("{not json\n")
                continue
            item: dict = {"url": f"{BASE}en/p-{number}/", "lastmod": f"2024-05-{1 + number % 28:02d}"}
            if number % 3 == 0:
                item["img"] = [{"url": f"{BASE}img/{number}.jpg"}]
            if number % 5 == 0:
                item["links"] = [
                    {"lang": "en", "url": f"{BASE}en/p-{number}/"},
                    {"lang": "de_DE", "url": f"{BASE}de/p-{number}/"},
                ]
            if number % 1001 == 7:
                item["priority"] = 7
            if number % 1500 == 9:
                item["url"] = "https://elsewhere.example.org/x/"
            if number % 400 == 11:
                item["news"] = {
                    "publication": {"name": "The Times", "language": "en"},
                    "publication_date": PUBLISHED,
                    "title": f"Story {number} & more",
                }
            stream.write(json.dumps(item, ensure_ascii=False) + "\n")
    return path


def _generate(source: Path, out: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [*GENERATE, "--out", str(out), "--from-jsonl", str(source), "--max-urls", "1000"]
    command += ["--gzip", "--text-sitemap", "--news-publication-name", "The Times", *flags]
    return subprocess.run(command, capture_output=True, text=True)


def _files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


@pytest.mark.parametrize(
    ("line", "loc", "problem"),
    [
        ('{"url": "https://example.com/a/"}\n', BASE + "a/", None),
        # Windows tools: a byte order mark before the first line, CRLF line ends.
        ('\ufeff{"url": "https://example.com/a/"}\r\n', BASE + "a/", None),
        ('  {"url": "/a/"}\t\n', BASE + "a/", None),
        ('"https://example.com/a/"\n', BASE + "a/", None),
        (" \t\r\n", None, None),
        ('{"url": "https://example.com/a/"} {"url": "https://example.com/b/"}\n', None, "(Extra data: "),
        ('{"url": "https://example.com/a/"}, \n', None, "(Extra data: line 1 column 34"),
        ('{"url": "https://example.com/a/"\n', None, "not JSON (Expecting ',' delimiter: line 1"),
        # Not JSON, though Python's json module reads them.
        ('{"url": "https://example.com/a/", "priority": NaN}\n', None, "not JSON (NaN is not a JSON value"),
        ('{"url": "https://example.com/a/", "priority": -Infinity}\n', None, "(-Infinity is not a JSON"),
        ('{"url": "https://example.com/a/\\ud800"}\n', None, "not JSON (a \\u escape of half a UTF-16"),
        ('{"url": "https://example.com/\\ud83d\\ude00/"}\n', BASE + "%F0%9F%98%80/", None),
        # Nested deeper than a decoder recurses.
        (
            '{"url": "/a/", "img": [{"url": "/i.jpg", "title": ' + _DEEP + "}]}",
            None,
            "not JSON (nested too deeply",
        ),
        (
            '{"url": "/a/", "links": [{"lang": "en", "url": "/a/", "rel": ' + _DEEP + "}]}",
            None,
            "not JSON (nested too deeply",
        ),
        ("[1, 2]\n", None, "not a sitemap entry"),
        ("\n", None, None),
    ],
)
def test_a_line_is_one_json_value(line, loc, problem):
    """Lines are decoded as JSON (RFC 8259): its values, and refusals that say where."""
    report = Reporter(False, emit=lambda message: None)
    entry = jsonl.LineReader(Options(base_url=BASE), report).entry(line, "e.jsonl:1")
    assert (entry.loc if entry else None) == loc
    messages = [problem.message for problem in report.problems]
    if problem is None:
        assert messages == []
    else:
        assert len(messages) == 1 and problem in messages[0] and messages[0].endswith("skipped")
        assert report.problems[0].subject == "e.jsonl:1"


def test_workers_write_the_same_files_and_messages_as_one_process(tmp_path):
    source = _stream(tmp_path / "entries.jsonl")
    one = _generate(source, tmp_path / "one", "--jobs", "1")
    two = _generate(source, tmp_path / "two", "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    assert one.stderr == two.stderr  # every problem, in the same order, with its line number
    assert f"{source}:6: line: not a sitemap entry" in two.stderr
    assert f"{source}:8 ({BASE}en/p-7/): priority: " in two.stderr
    listed = sum(len(urls(p)) for p in (tmp_path / "two").glob("sitemap-[0-9]*.xml"))
    bad = len(range(5, LINES, 997)) + len(range(9, LINES, 1500))
    assert listed == LINES - bad
    assert (tmp_path / "two" / "sitemap-news.xml").exists()


def test_strict_fails_on_a_problem_found_by_a_worker(tmp_path):
    source = _stream(tmp_path / "entries.jsonl")
    result = _generate(source, tmp_path / "out", "--jobs", "2", "--strict", "-v")
    assert f"reading {source} in 2 worker processes" in result.stderr
    assert result.returncode == 1 and "strict" in result.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("sitemap*"))


def test_a_template_that_raises_in_a_worker_is_named(tmp_path):
    """A user's url.xml that raises what is not Jinja's error, rendered by a worker process: the
    error crosses to this process without its frames, and is still named by file and line."""
    source = _stream(tmp_path / "entries.jsonl")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "url.xml").write_text("<url><loc>{{ entry.loc }}</loc>\n{{ entry.loc + 1 }}</url>\n")
    result = _generate(source, tmp_path / "out", "--jobs", "2", "-v", "--templates-dir", str(templates))
    assert f"reading {source} in 2 worker processes" in result.stderr
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert (
        f"sitemap: templates_dir: {templates / 'url.xml'}, line 2: TypeError: "
        'can only concatenate str (not "int") to str; no sitemap was written'
    ) in result.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("sitemap*"))


def test_a_short_stream_stays_in_this_process(tmp_path, monkeypatch):
    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started for a short stream")

    monkeypatch.setattr(jsonl, "ProcessPoolExecutor", no_pool)
    source = tmp_path / "e.jsonl"
    source.write_text("".join(json.dumps({"url": f"{BASE}{n}/"}) + "\n" for n in range(100)))
    code = main(
        [
            "generate",
            "--base-url",
            BASE,
            "--out",
            str(tmp_path / "out"),
            "--from-jsonl",
            str(source),
            "-j",
            "4",
        ]
    )
    assert code == 0 and len(urls(tmp_path / "out" / "sitemap.xml")) == 100


def test_workers_start_at_once_and_stop_when_closed_unread(tmp_path):
    """The pool starts with the head of the stream (its start-up runs beside the writer's set-up);
    closing the entries unread stops every worker."""
    import multiprocessing

    source = _stream(tmp_path / "entries.jsonl")
    with source.open(encoding="utf-8") as stream:
        entries = jsonl.JsonlEntries(stream, "e.jsonl", Options(base_url=BASE), Reporter(), jobs=2)
        assert entries._workers is not None and len(entries._workers.window) == jsonl.MIN_CHUNKS_FOR_WORKERS
        entries._workers.window[0][0].result(timeout=60)  # a worker is up and has rendered
        assert multiprocessing.active_children()
        entries.close()
    assert multiprocessing.active_children() == []


class _PoolThatBreaks:
    """Renders the first chunk as a worker would, then fails as a pool whose worker died."""

    def __init__(self, jobs, initializer, initargs):
        initializer(*initargs)
        self.submitted = 0

    def submit(self, function, *args):
        self.submitted += 1
        future: Future = Future()
        if self.submitted == 1:
            future.set_result(function(*args))
        else:
            future.set_exception(BrokenProcessPool("a worker died"))
        return future

    def shutdown(self, wait=True, cancel_futures=False):
        pass


def test_the_stream_goes_on_in_this_process_when_the_workers_fail(tmp_path, monkeypatch, caplog):
    source = _stream(tmp_path / "entries.jsonl")
    assert _generate(source, tmp_path / "expected", "--jobs", "1").returncode == 0
    monkeypatch.setattr(jsonl, "ProcessPoolExecutor", _PoolThatBreaks)
    args = ["generate", "--base-url", BASE, "--out", str(tmp_path / "out"), "--from-jsonl", str(source)]
    args += [
        "--max-urls",
        "1000",
        "--gzip",
        "--text-sitemap",
        "--news-publication-name",
        "The Times",
        "-j",
        "2",
    ]
    assert main(args) == 0
    assert "worker processes failed (a worker died); going on in this process" in caplog.text
    assert _files(tmp_path / "out") == _files(tmp_path / "expected")


def test_jobs_must_be_one_or_more(tmp_path, capsys):
    source = tmp_path / "e.jsonl"
    source.write_text(json.dumps({"url": BASE}) + "\n")
    assert (
        main(["generate", "--base-url", BASE, "--out", str(tmp_path), "--from-jsonl", str(source), "-j", "0"])
        == 2
    )
    assert "--jobs: 0 is not a number of processes" in capsys.readouterr().err


@pytest.mark.parametrize(("setting", "expected"), [("0", 1), (None, None)])
def test_sitemap_plugins_worker_0_keeps_one_process(monkeypatch, setting, expected):
    if setting is None:
        monkeypatch.delenv("SITEMAP_PLUGINS_WORKER", raising=False)
        assert jsonl.default_jobs() >= 1
    else:
        monkeypatch.setenv("SITEMAP_PLUGINS_WORKER", setting)
        assert jsonl.default_jobs() == expected


def test_robots_txt_is_judged_where_it_forbids_something_and_keeps_the_workers_where_not(tmp_path):
    """A site's robots.txt that forbids nothing (`Allow: /`) judges no entry: the workers read the
    stream.  One with a Disallow line leaves out what it forbids, said with the line."""
    source = _stream(tmp_path / "entries.jsonl")
    allowing, forbidding = tmp_path / "allowing", tmp_path / "forbidding"
    for out, rules in (
        (allowing, "User-agent: *\nAllow: /\n"),
        (forbidding, "User-agent: *\nDisallow: /en/p-10/\n"),
    ):
        out.mkdir()
        (out / "robots.txt").write_text(rules)
    free = _generate(source, allowing, "--jobs", "2", "-v")
    judged = _generate(source, forbidding, "--jobs", "2", "-v")
    assert free.returncode == judged.returncode == 0, free.stderr + judged.stderr
    assert f"reading {source} in 2 worker processes" in free.stderr
    assert (allowing / "robots.txt").read_text().startswith("User-agent: *\nAllow: /\n")
    listed = {u for p in allowing.glob("sitemap-[0-9]*.xml") for u in urls(p)}
    kept = {u for p in forbidding.glob("sitemap-[0-9]*.xml") for u in urls(p)}
    assert listed - kept == {f"{BASE}en/p-10/"}
    assert f"{BASE}en/p-10/) left out: robots.txt: Disallow: /en/p-10/" in judged.stderr

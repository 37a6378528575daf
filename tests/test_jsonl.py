"""`generate --from-jsonl` on worker processes: the same files, the same messages, as in one process."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sitemap_checks import urls

from sitemap_plugins import background, jsonl
from sitemap_plugins.cli import main
from sitemap_plugins.errors import Reporter
from sitemap_plugins.mapping import entry_from_mapping
from sitemap_plugins.options import Options

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
        ('{"url": "https://example.com/a/"} {"url": "https://example.com/b/"}\n', None, "content after"),
        ('{"url": "https://example.com/a/"}, \n', None, "content after"),
        ('{"url": "https://example.com/a/"\n', None, "not JSON (unexpected end of data"),
        # Not JSON, though Python's json module reads them.
        ('{"url": "https://example.com/a/", "priority": NaN}\n', None, "not JSON"),
        ('{"url": "https://example.com/a/\\ud800"}\n', None, "not JSON (no low surrogate in string"),
        # Nested deeper than a decoder recurses, where the typed decoding skips a value it does not read.
        (
            '{"url": "/a/", "img": [{"url": "/i.jpg", "title": ' + _DEEP + "}]}",
            None,
            "not JSON (depth limit exceeded",
        ),
        (
            '{"url": "/a/", "links": [{"lang": "en", "url": "/a/", "rel": ' + _DEEP + "}]}",
            None,
            "not JSON (depth limit exceeded",
        ),
        ("[1, 2]\n", None, "not a sitemap entry"),
        ("\n", None, None),
    ],
)
def test_a_line_is_one_json_value(line, loc, problem):
    """Lines are decoded by orjson: JSON's values, and refusals that say where."""
    report = Reporter(False, emit=lambda message: None)
    entry = jsonl.LineReader(Options(base_url=BASE), report).entry(line, "e.jsonl:1")
    assert (entry.loc if entry else None) == loc
    messages = [problem.message for problem in report.problems]
    if problem is None:
        assert messages == []
    else:
        assert len(messages) == 1 and problem in messages[0] and messages[0].endswith("skipped")
        assert report.problems[0].subject == "e.jsonl:1"


# A line's fields: mostly of the shape the typed decoding reads, else anything JSON has, so that
# each field is also given what it must refuse.
_urls = st.sampled_from(["", " ", "a/", "/b/", f"{BASE}c/", "https://elsewhere.example.org/", "x y"])
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.sampled_from([-(1 << 63) - 1, -(1 << 63), (1 << 64) - 1, 1 << 64])  # orjson's integers end
    | st.floats(allow_nan=False, allow_infinity=False)
    | _urls
    | st.text(max_size=6)
)
_any = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["url", "lang", "x"]), inner),
    max_leaves=6,
)
_image = _urls | st.fixed_dictionaries({"url": _urls}, optional={"title": _scalars})
_link = st.fixed_dictionaries(
    {"lang": st.sampled_from(["en", "de", "x-default"]), "url": _urls}, optional={"rel": _scalars}
)
_shaped = {
    "loc": _urls,
    "url": _urls,
    "lastmod": st.none() | st.sampled_from(["2024-05-01", "yesterday"]),
    "changefreq": st.none() | st.sampled_from(["weekly", "Daily", "often"]),
    "priority": _scalars,
    "images": st.none() | _image | st.lists(_image, max_size=3),
    "img": st.none() | _image | st.lists(_image, max_size=3),
    "alternates": st.none()
    | st.lists(_link, max_size=3)
    | st.dictionaries(st.sampled_from(["en", "de", "x-default"]), _urls, max_size=3),
    "links": st.none() | st.lists(_link, max_size=3),
    "source": st.none() | st.text(max_size=6),
}


@st.composite
def _lines(draw: st.DrawFn) -> str:
    """A line's text, keys repeated at times (JSON allows it: the last one counts); half the lines
    have only fields of the common shape."""
    shaped_only = draw(st.booleans())
    names = [*_shaped, "url", "url"] if shaped_only else [*_shaped, "video", "news", "caption"]
    members = []
    for field in draw(st.lists(st.sampled_from(names), max_size=7)):
        shaped = _shaped.get(field)
        value = (
            draw(shaped) if shaped_only or (shaped is not None and draw(st.integers(0, 7))) else draw(_any)
        )
        members.append(f"{json.dumps(field)}: {json.dumps(value, ensure_ascii=False)}")
    return "{" + ", ".join(members) + "}"


def _read_as_mapping(text: str) -> str:
    try:
        return repr(entry_from_mapping(orjson.loads(text), BASE))
    except ValueError as error:
        return f"{type(error).__name__}: {error}"


@settings(max_examples=1500, deadline=None)
@given(_lines())
def test_a_typed_line_reads_as_its_mapping_does(text):
    """The typed decoding of the common shape gives what reading the line as a mapping gives,
    value for value and type for type, or declines and leaves the line to it (the messages)."""
    typed = jsonl.typed_entry(text, BASE)
    if typed is not None:
        assert repr(typed) == _read_as_mapping(text)


@pytest.mark.parametrize(
    "line",
    [
        # The npm package's item format, and ours.
        '{"url": "/a/", "lastmod": "2024-05-01", "changefreq": "weekly", "priority": 0.5, '
        '"img": [{"url": "/a.jpg", "title": "A"}, "/b.jpg"], '
        '"links": [{"lang": "en", "url": "/a/"}, {"lang": "de", "url": "/de/a/"}]}',
        '{"loc": "https://example.com/a/", "priority": 1, "images": "/a.jpg", '
        '"alternates": {"en": "/a/", "x-default": "/a/"}, "source": "pages/a.md"}',
        '{"url": "/a/", "img": {"url": "/a.jpg"}, "links": null}',
        '{"url": "/a/", "priority": 18446744073709551615}',  # orjson's largest integer
        '{"url": "/a/", "priority": -9223372036854775808}',  # and its smallest
    ],
)
def test_lines_of_the_common_shape_are_decoded_typed(line):
    typed = jsonl.typed_entry(line, BASE)
    assert typed is not None and repr(typed) == _read_as_mapping(line)


@pytest.mark.parametrize(
    "line",
    [
        '{"url": "/a/", "video": {"title": "V"}}',  # videos and news: read as mappings
        '{"url": "/a/", "priority": 18446744073709551616}',  # orjson: a float
        '{"url": "/a/", "priority": -9223372036854775809}',
        '{"url": " "}',
        '{"url": "/a/", "links": [{"lang": 5, "url": "/a/"}]}',  # str(5): read as a mapping
        '"https://example.com/a/"',
    ],
)
def test_other_lines_are_read_as_mappings(line):
    assert jsonl.typed_entry(line, BASE) is None


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


def test_spawned_workers_write_what_forked_ones_do(tmp_path, monkeypatch):
    """Where forking is not safe (another thread running, or not Linux), each worker starts a
    fresh interpreter: the same files."""
    source = _stream(tmp_path / "entries.jsonl")
    assert _generate(source, tmp_path / "forked", "--jobs", "2").returncode == 0
    started = []
    pool = jsonl.ProcessPoolExecutor

    def recording(jobs, mp_context, initializer, initargs):
        started.append((mp_context.get_start_method(), initargs[-1]))
        return pool(jobs, mp_context=mp_context, initializer=initializer, initargs=initargs)

    monkeypatch.setattr(jsonl, "ProcessPoolExecutor", recording)
    monkeypatch.setattr(jsonl.background, "can_fork", lambda: False)
    args = ["generate", "--base-url", BASE, "--out", str(tmp_path / "spawned"), "--from-jsonl", str(source)]
    args += ["--max-urls", "1000", "--gzip", "--text-sitemap", "--news-publication-name", "The Times"]
    assert main([*args, "-j", "2"]) == 0
    assert started == [("spawn", None)]  # no renderer to inherit: each worker makes its own
    assert _files(tmp_path / "spawned") == _files(tmp_path / "forked")


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's malloc is tuned, on Linux")
def test_a_worker_keeps_the_memory_it_frees_for_the_next_chunk():
    """Megabytes allocated and freed chunk after chunk cost no page faults once tuned."""
    program = (
        "import resource, sys\n"
        "from sitemap_plugins import jsonl\n"
        "if sys.argv[1] == 'tuned':\n"
        "    jsonl._keep_freed_memory()\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "for n in range(100):\n"
        "    chunk = ('<url/>' * 200_000 + str(n)).encode()\n"
        "    del chunk\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)\n"
    )
    faults = {mode: int(said) for mode, said in _tuned_and_as_is(program).items()}
    if faults["as-is"] < 10_000:
        pytest.skip(f"this C library keeps freed memory already ({faults['as-is']} faults)")
    assert faults["tuned"] < faults["as-is"] / 10, faults


def test_a_worker_collects_garbage_seldom_and_renders_the_same():
    """A chunk's objects die together, without cycles: a worker runs the collector a few times
    a chunk, not every 700 allocations, and renders the same bytes."""
    program = (
        "import gc, hashlib, sys\n"
        "from sitemap_plugins import jsonl\n"
        "from sitemap_plugins.errors import Reporter\n"
        "from sitemap_plugins.options import Options\n"
        "from sitemap_plugins.render import Renderer\n"
        "from sitemap_plugins.writer import render_chunk\n"
        "if sys.argv[1] == 'tuned':\n"
        "    jsonl._collect_seldom()\n"
        "options = Options(base_url='https://example.com/')\n"
        "reader, renderer = jsonl.LineReader(options, Reporter(False)), Renderer(options)\n"
        'line = \'{"url": "https://example.com/p/%d/", "img": [{"url": "/i/%d.png"}], \'\n'
        'line += \'"links": [{"lang": "en", "url": "/p/%d/"}, {"lang": "de", "url": "/de/%d/"}]}\'\n'
        "digest, before = hashlib.sha256(), gc.get_stats()[0]['collections']\n"
        "for chunk in range(5):\n"
        "    entries = [reader.entry(line % ((n,) * 4), str(n)) for n in range(chunk * 2000, chunk * 2000 + 2000)]\n"
        "    digest.update(render_chunk(renderer, entries).body)\n"
        "print(gc.get_stats()[0]['collections'] - before, digest.hexdigest())\n"
    )
    runs = {mode: said.split() for mode, said in _tuned_and_as_is(program).items()}
    assert runs["tuned"][1] == runs["as-is"][1]
    assert int(runs["tuned"][0]) * 10 < int(runs["as-is"][0]), runs


def _tuned_and_as_is(program: str) -> dict[str, str]:
    """What `program` prints, run in a fresh interpreter with "tuned" and with "as-is" as its argument."""
    said = {}
    for mode in ("tuned", "as-is"):
        done = subprocess.run([sys.executable, "-c", program, mode], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        said[mode] = done.stdout
    return said


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
    (templates / "url.xml").write_text(
        '{% extends "builtin/url.xml" %}\n{% block extensions %}{{ entry.loc + 1 }}{% endblock %}'
    )
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

    def __init__(self, jobs, mp_context, initializer, initargs):
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
        assert background.default_jobs() >= 1
    else:
        monkeypatch.setenv("SITEMAP_PLUGINS_WORKER", setting)
        assert background.default_jobs() == expected

"""The background reader gives the same facts as reading in the build's own process."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from sitemap_plugins import background
from sitemap_plugins.background import BackgroundReader, read_files
from sitemap_plugins.htmlfacts import read_html

BASE = "https://example.com/"


@pytest.fixture(params=["fork", "spawn"])
def start(request, monkeypatch):
    """The worker forked from this process (Linux, no other thread) or a new interpreter."""
    if request.param == "fork" and not background.can_fork():
        pytest.skip("a worker is forked on Linux only, from a process with one thread")
    monkeypatch.setattr(background, "can_fork", lambda: request.param == "fork")
    return request.param


def _pages(tmp_path, count: int) -> list[tuple[str, str, bool]]:
    jobs = []
    for number in range(count):
        path = tmp_path / f"p{number}.html"
        path.write_text(
            f'<html><head><link rel="canonical" href="{BASE}p{number}/"></head>'
            f'<body><img src="i{number}.png"><iframe src="https://www.youtube.com/embed/abcdef{number:05d}"></iframe>'
            "<p>Words.</p></body></html>"
        )
        jobs.append((str(path), f"{BASE}p{number}/", number % 3 != 0))
    return jobs


def test_worker_and_in_process_agree(tmp_path, start):
    jobs = _pages(tmp_path, background.BATCH * 2 + 5)  # several batches and a remainder
    worker, local = BackgroundReader(enabled=True), BackgroundReader(enabled=False)
    for number, (path, url, media) in enumerate(jobs):
        content = "<p>Words.</p>" if number % 4 == 2 else None  # the page's own part, told
        worker.add(number, path, url, media, content=content)
        local.add(number, path, url, media, content=content)
    from_worker, from_here = worker.results(), local.results()
    assert from_worker == from_here
    assert from_here[1] == read_html((tmp_path / "p1.html").read_text(), f"{BASE}p1/")
    assert from_here[1].images == [f"{BASE}p1/i1.png"] and from_here[0].images == []  # media off: head only
    assert not from_here[2].images and not from_here[2].videos


@pytest.mark.parametrize("enabled", [False, True])
def test_a_pages_path_is_asked_for_only_where_its_file_is_read(tmp_path, enabled):
    """A page's path may come as a function (MkDocs works it out when first asked): a page read
    from the text handed over never asks it; one the worker reads asks it once, here."""
    jobs = _pages(tmp_path, background.BATCH * 2 + 3)
    asked = []

    def path_of(path):
        return lambda: asked.append(path) or path

    reader = BackgroundReader(enabled=enabled)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path_of(path), url, media, written=False, html=(tmp_path / path).read_text())
    assert reader.results() == dict(enumerate(read_files(jobs)))
    assert asked == ([path for path, _, _ in jobs] if enabled else [])


@pytest.mark.parametrize("enabled", [False, None])
def test_pages_read_here_are_read_from_the_text_handed_over(tmp_path, monkeypatch, enabled):
    """Where pages are read in this process (decided at once, or at the first batch) the text
    the caller holds is read, not the file; a worker reads the files."""
    monkeypatch.setattr(background, "idle_cpu", lambda: False)
    jobs = _pages(tmp_path, background.BATCH * 2 + 3)
    told = '<html><head><meta name="robots" content="noindex"></head><body></body></html>'
    monkeypatch.setattr(background, "TEXT_HELD", 5 * len(told))  # a batch of 5 or 6 pages
    reader = BackgroundReader(enabled=enabled)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media, written=False, html=told)
        assert reader._text_held == len(reader._texts) * len(told) <= background.TEXT_HELD
    facts = reader.results()
    assert len(facts) == len(jobs) and all(f.noindex for f in facts.values())
    assert not reader._texts


def test_pages_read_here_without_text_go_in_large_batches(tmp_path, monkeypatch):
    jobs = _pages(tmp_path, background.BATCH * 3)
    reader = BackgroundReader(enabled=False)
    batches = []
    monkeypatch.setattr(reader, "_read_here", lambda items: batches.append(len(items)) or [None] * len(items))
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    reader.results()
    assert batches == [len(jobs)] and len(jobs) <= background.BATCH_HERE


@pytest.mark.parametrize("stylesheet", [False, True])
def test_the_worker_compiles_the_templates_and_the_build_compiles_none(
    tmp_path, start, monkeypatch, stylesheet
):
    """Asked to (`compile_templates`), the worker compiles what the build will write with; once
    the results are in, writing the whole set compiles no template in this process."""
    from jinja2 import Environment

    import sitemap_plugins as sp

    jobs = _pages(tmp_path, background.BATCH + 3)  # a batch for the worker, at least
    options = sp.Options(base_url=BASE, stylesheet=stylesheet, text_sitemap=True, gzip=True)
    reader = BackgroundReader(enabled=True)
    reader.compile_templates(options)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    facts = reader.results()

    def compile(*args, **kwargs):
        raise AssertionError("a template compiled in the build's process")

    monkeypatch.setattr(Environment, "compile", compile)
    sitemap = sp.Sitemap(options)
    for number, (_, url, _) in enumerate(jobs):
        sitemap.add_page(sp.Page(url=url), facts[number])
    sitemap.add(
        sp.Entry(f"{BASE}v/", videos=[sp.Video(f"{BASE}t.jpg", "T", "D", content_loc=f"{BASE}v.mp4")])
    )
    result = sitemap.write(tmp_path / "out")
    assert result.urls == len(jobs) + 1 and (tmp_path / "out" / "sitemap.txt").exists()
    assert (tmp_path / "out" / "sitemap.xsl").exists() == stylesheet


def test_a_worker_reads_the_files_and_keeps_no_text(tmp_path, start):
    jobs = _pages(tmp_path, background.BATCH * 2 + 3)
    told = '<html><head><meta name="robots" content="noindex"></head><body></body></html>'
    reader = BackgroundReader(enabled=True)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media, html=told)
        assert len(reader._texts) == 0
    assert reader.results() == dict(enumerate(read_files(jobs)))


def test_a_file_and_its_text_give_the_same_facts_whatever_the_line_ends(tmp_path):
    """A file is read as bytes (no newline translation) and a page's text as it was handed over:
    the parser reads CR LF and CR as LF, so both give what a text stream's read gives."""
    html = (
        '<html><head>\r\n<meta name="description" content="One\r\ntwo\rthree">\r\n</head>'
        '<body>\r<p>Before\r\n</p><video src="v.mp4" poster="v.jpg" title="A\r\nB"></video></body></html>'
    )
    path = tmp_path / "crlf.html"
    path.write_bytes(html.encode())
    with open(path, encoding="utf-8") as stream:  # a text stream: universal newlines
        expected = read_html(stream.read(), BASE)
    assert read_files([(str(path), BASE, True)]) == [expected]
    assert background.read_page(str(tmp_path / "absent.html"), BASE, True, html=html) == expected
    assert expected.description == "One\ntwo\nthree"


def test_files_written_after_the_call_and_missing_files(tmp_path, start):
    jobs = _pages(tmp_path, background.BATCH + 3)
    reader = BackgroundReader(enabled=True)
    late = tmp_path / "late.html"
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    reader.add("late", str(late), f"{BASE}late/", True, written=False)
    late.write_text('<html><head><meta name="robots" content="noindex"></head><body></body></html>')
    reader.add("gone", str(tmp_path / "gone.html"), f"{BASE}gone/", True)
    facts = reader.results()
    assert facts["late"].noindex and facts["gone"].unread == "cannot be read (No such file or directory)"
    assert len(facts) == len(jobs) + 2


def test_a_worker_that_cannot_start_falls_back(tmp_path, monkeypatch, start):
    jobs = _pages(tmp_path, background.BATCH + 3)
    monkeypatch.setattr(background.sys, "executable", str(tmp_path / "no-such-python"))

    def no_fork():
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(background.os, "fork", no_fork)
    reader = BackgroundReader(enabled=True)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    assert reader.results() == dict(enumerate(read_files(jobs)))
    assert reader._worker is None and not reader._enabled


@pytest.mark.skipif(sys.platform != "linux", reason="a worker is forked on Linux only")
def test_a_worker_is_forked_unless_another_thread_runs():
    import threading

    alone = subprocess.run(
        [sys.executable, "-c", "from sitemap_plugins import background; print(background.can_fork())"],
        capture_output=True,
        text=True,
    )
    assert alone.stdout.strip() == "True", alone.stderr
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not background.can_fork()
    finally:
        stop.set()
        thread.join()


@pytest.mark.skipif(not background.can_fork(), reason="a worker is forked on Linux only, from one thread")
def test_a_reader_forked_early_serves_a_build_that_runs_threads(tmp_path, monkeypatch):
    """Forked before the generator starts a thread (Pelican's progress), the reader serves the
    whole build: no new interpreter, the same facts."""
    import threading

    def no_interpreter(*args, **kwargs):
        raise AssertionError("a new interpreter was started")

    monkeypatch.setattr(background.subprocess, "Popen", no_interpreter)
    jobs = _pages(tmp_path, background.BATCH * 2 + 3)
    reader = BackgroundReader()
    reader.prefork()
    worker = reader._worker
    assert isinstance(worker, background._ForkedWorker)
    monkeypatch.setattr(background, "idle_cpu", lambda: True)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        for number, (path, url, media) in enumerate(jobs):
            reader.add(number, path, url, media)
        assert reader._worker is worker and reader._sent
        assert reader.results() == dict(enumerate(read_files(jobs)))
    finally:
        stop.set()
        thread.join()
    assert worker.poll() == 0


def test_no_reader_is_forked_early_for_one_cpu_or_sitemap_plugins_worker_0(monkeypatch):
    monkeypatch.setenv("SITEMAP_PLUGINS_WORKER", "0")
    reader = BackgroundReader()
    reader.prefork()
    assert reader._worker is None
    reader.close()


@pytest.mark.skipif(not background.can_fork(), reason="a worker is forked on Linux only, from one thread")
def test_a_reader_forked_early_is_stopped_where_no_cpu_is_free(tmp_path, monkeypatch):
    jobs = _pages(tmp_path, background.BATCH + 3)
    reader = BackgroundReader()
    reader.prefork()
    worker = reader._worker
    assert worker is not None and worker.poll() is None
    monkeypatch.setattr(background, "idle_cpu", lambda: False)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    assert reader._worker is None and worker.poll() is not None  # stopped at the first batch
    assert reader.results() == dict(enumerate(read_files(jobs)))


def test_a_forked_worker_holds_no_pipe_of_the_build(tmp_path, start):
    """Like a subprocess, the reader keeps no descriptor of the build's open: a pipe the build
    closes reaches its end at once, not when the reader exits."""
    import select

    read_end, write_end = os.pipe()
    reader = BackgroundReader(enabled=True)
    try:
        for number, (path, url, media) in enumerate(_pages(tmp_path, background.BATCH + 2)):
            reader.add(number, path, url, media)
        assert reader._worker is not None and reader._worker.poll() is None
        os.close(write_end)
        assert select.select([read_end], [], [], 5)[0] == [read_end]
        assert os.read(read_end, 1) == b""  # the end: no copy of write_end is left open
    finally:
        os.close(read_end)
        reader.close()


def test_a_worker_ends_when_the_build_is_killed(tmp_path, start):
    """The build's process killed mid-build: its reader sees the end of its input and exits."""
    script = (
        "import os, sys\n"
        "from sitemap_plugins import background\n"
        f"background.can_fork = lambda: {start == 'fork'}\n"
        "reader = background.BackgroundReader(enabled=True)\n"
        "for n in range(background.BATCH + 2):\n"
        f"    reader.add(n, {str(tmp_path / 'p0.html')!r}, 'https://example.com/', True)\n"
        "pid = getattr(reader._worker, 'pid')\n"
        "print(pid, flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    _pages(tmp_path, 1)
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )
    assert run.returncode == -9 and run.stdout.strip(), run.stderr
    worker = int(run.stdout)
    for _ in range(100):
        if not _running(worker):
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the reader {worker} outlived the build by 5 s")


def test_close_stops_the_worker(tmp_path, start):
    jobs = _pages(tmp_path, background.BATCH + 2)
    reader = BackgroundReader(enabled=True)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    worker = reader._worker
    assert worker is not None and worker.poll() is None
    reader.close()
    assert worker.poll() is not None  # stopped, not left waiting for more pages
    assert reader.results() == {}


def test_the_reader_runs_beside_the_build_only_where_a_cpu_is_free(tmp_path, monkeypatch):
    """On two CPUs, one other running process (a CI runner's other job) leaves none free, and
    pages are read in the build's process.  It is decided at the first batch: a process that ran
    when the reader was made (the build's own git) does not count."""
    jobs = _pages(tmp_path, background.BATCH + 2)
    monkeypatch.setattr(background, "default_jobs", lambda: 2)
    for others, free in ((0, True), (0.4, True), (1, False), (3, False)):
        monkeypatch.setattr(background, "others_running", lambda: 1)  # git, when the reader is made
        reader = BackgroundReader()
        monkeypatch.setattr(background, "others_running", lambda others=others: others)
        assert background.idle_cpu() is free
        for number, (path, url, media) in enumerate(jobs):
            reader.add(number, path, url, media)
        assert (reader._worker is not None) is free
        assert reader.results() == dict(enumerate(read_files(jobs)))
    monkeypatch.setattr(background, "default_jobs", lambda: 1)
    monkeypatch.setattr(background, "others_running", lambda: 0)
    assert background.idle_cpu() is False


@pytest.mark.skipif(not os.path.exists("/proc/loadavg"), reason="Linux's instant count of running tasks")
def test_others_running_counts_a_busy_process():
    """Linux's instant count sees a CPU-bound process the moment it runs."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.3)
        seen = max(background.others_running() for _ in range(20))
    finally:
        spinner.kill()
        spinner.wait()
    assert seen >= 1


def _running(pid: int) -> bool:
    """Is `pid` alive (an exited process that nobody reaped yet is not)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def test_a_reader_forks_when_stdout_is_closed_or_missing(tmp_path, monkeypatch, start):
    """A build run with stdout closed, or without stderr (pythonw), still gets its reader."""
    import io

    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    monkeypatch.setattr(sys, "stderr", None)
    jobs = _pages(tmp_path, background.BATCH + 2)
    reader = BackgroundReader(enabled=True)
    for number, (path, url, media) in enumerate(jobs):
        reader.add(number, path, url, media)
    assert reader._worker is not None
    assert reader.results() == dict(enumerate(read_files(jobs)))

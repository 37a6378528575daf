"""JSON Lines to a sitemap set (`sitemap-plugins generate --from-jsonl`), on every CPU.

Each line is parsed, validated and rendered without looking at any other line, so on a machine
with several CPUs, chunks of lines go to a standard-library process pool and come back, in
order, as rendered `<url>` elements; this process reads the stream and packs them into files.
At most two chunks per worker are in flight, so memory stays flat whatever the length of the
stream.  Short streams, `--jobs 1` and `SITEMAP_PLUGINS_WORKER=0` keep everything in this
process; if the workers fail, the stream goes on in this process.  The output is the same byte
for byte either way.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import json
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import IO, Any, TypeVar

from sitemap_plugins.core.errors import Problem, Reporter, log
from sitemap_plugins.core.mapping import FieldError, entry_from_mapping
from sitemap_plugins.core.model import X_DEFAULT, Entry
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.packing import RenderedUrl, render_entries
from sitemap_plugins.core.output.render import Renderer, templates_named
from sitemap_plugins.core.output.result import WriteResult
from sitemap_plugins.core.output.writer import write_sitemaps
from sitemap_plugins.core.robots import RobotsRules, judge_entry, read_robots_rules
from sitemap_plugins.core.validate import EntryValidator

#: Lines per chunk: large enough that a chunk's trip to a worker costs little beside its work.
CHUNK_LINES = 2000
#: Chunks a stream must have before workers are worth their start-up.
MIN_CHUNKS_FOR_WORKERS = 3

#: What may surround a line's JSON value: JSON's own whitespace, and the byte order mark some
#: Windows tools put at the start of a file.
_BLANK = " \t\n\r\ufeff"
_SURROGATE = re.compile("[\udc80-\udcff]")
#: A UTF-16 surrogate left alone by a `\\uD800` escape (a pair decodes to one character).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

T = TypeVar("T")
Chunk = tuple[int, list[str]]  # number of the first line, the lines
#: What a worker sends back for a chunk: its entries rendered, and the problems found.
Rendered = tuple[list[RenderedUrl], list[Problem]]


def default_jobs() -> int:
    """The CPUs this process may use; 1 (no worker process) when SITEMAP_PLUGINS_WORKER=0."""
    if os.environ.get("SITEMAP_PLUGINS_WORKER") == "0":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class LineReader:
    """One line to one validated entry, or None with the reason reported (by line number)."""

    def __init__(self, options: Options, report: Reporter) -> None:
        self.report = report
        self.base_url = options.base_url
        self.x_default = options.x_default if isinstance(options.x_default, str) else None
        self._validate = EntryValidator(options, report)

    def entry(self, line: str, label: str) -> Entry | None:
        if not (text := line.strip(_BLANK)):
            return None
        # Read with surrogateescape: bytes that are not UTF-8 are lone surrogates (never ASCII).
        bad_byte = None if text.isascii() else _SURROGATE.search(text)
        if bad_byte:
            column = bad_byte.start() + 1
            self.report(label, "line", f"not UTF-8 text (an invalid byte at column {column}); skipped")
            return None
        try:
            # `text` is stripped: the value must end where the line does.
            value, end = _JSON.raw_decode(text)
            if end < len(text):
                raise json.JSONDecodeError("Extra data", text, end)
            if "\\u" in text and _lone_surrogate(value):
                raise ValueError("a \\u escape of half a UTF-16 pair, which is no character")
        except (ValueError, RecursionError) as error:
            why = "nested too deeply" if isinstance(error, RecursionError) else error
            self.report(label, "line", f"not a sitemap entry, not JSON ({why}); skipped")
            return None
        try:
            entry = entry_from_mapping(value, self.base_url)
        except FieldError as error:
            self.report(label, error.field, f"{error}; entry skipped")
            return None
        entry.source = entry.source or label
        if (checked := self._validate(entry)) is None:
            return None
        # Entries carry their own alternates: x-default is completed per entry.
        group = checked.alternates
        if self.x_default and group and X_DEFAULT not in group and self.x_default in group:
            group[X_DEFAULT] = group[self.x_default]
        return checked


def _lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return bool(_LONE_SURROGATE.search(value))
    if isinstance(value, dict):
        return any(map(_lone_surrogate, value)) or any(map(_lone_surrogate, value.values()))
    return isinstance(value, list) and any(map(_lone_surrogate, value))


def _not_json(constant: str) -> Any:
    """NaN and Infinity, which Python's json module reads and JSON has not."""
    raise ValueError(f"{constant} is not a JSON value")


#: Strict JSON: NaN and Infinity, which Python's json module reads by default, are refused.
_JSON = json.JSONDecoder(parse_constant=_not_json)


def write_from_jsonl(
    stream: IO[str],
    name: str,
    out_dir: str | os.PathLike[str],
    options: Options,
    report: Reporter,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> WriteResult:
    """The set of the entries of `stream` (called `name` in messages), written into `out_dir`;
    nothing is held but the file being filled and the chunks the workers have.  What the
    site's robots.txt there forbids is left out, said at INFO, as in `Sitemap.write`."""
    rules = None
    if options.respect_robots_txt:
        rules = read_robots_rules(Path(out_dir) / "robots.txt", options.base_url, report)
    if rules is not None:
        jobs = 1  # robots.txt's rules are judged on the entries, which the workers do not send
    entries = JsonlEntries(stream, name, options, report, progress, jobs)
    try:
        allowed = entries if rules is None else _allowed(entries, rules)
        return write_sitemaps(allowed, out_dir, options, report)
    finally:
        entries.close()  # stops the workers now, whether the entries were read or not


def _allowed(entries: Iterable[Entry | RenderedUrl], rules: RobotsRules) -> Iterator[Entry | RenderedUrl]:
    """The entries robots.txt lets crawlers fetch; each one left out said at INFO, with its line."""
    for entry in entries:
        if (line := judge_entry(entry, rules)) is None:
            yield entry
        else:
            log.info("sitemap: %s left out: robots.txt: %s", entry.label, line)


class JsonlEntries:
    """The entries of a JSON Lines stream, in order; rendered by `jobs` worker processes when
    there is more than one and the stream is long enough, which start here and now.  Iterate
    once; `close()` stops the workers, read to the end or not."""

    def __init__(
        self,
        stream: IO[str],
        name: str,
        options: Options,
        report: Reporter,
        progress: Callable[[int], None] | None = None,
        jobs: int = 1,
    ) -> None:
        chunks = _chunks(stream)
        self._workers: _Workers | None = None
        if jobs > 1:
            head = list(itertools.islice(chunks, MIN_CHUNKS_FOR_WORKERS))
            if len(head) == MIN_CHUNKS_FOR_WORKERS:
                self._workers = _Workers(name, options, report, progress, jobs, head)
            else:
                chunks = iter(head)
        self._entries: Generator[Entry | RenderedUrl, None, None] = (
            self._workers.entries(chunks)
            if self._workers is not None
            else _in_process(chunks, name, LineReader(options, report), progress)
        )

    def __iter__(self) -> Iterator[Entry | RenderedUrl]:
        return self._entries

    def close(self) -> None:
        self._entries.close()
        if self._workers is not None:
            self._workers.close()  # also when the entries were never read


def _chunks(stream: IO[str]) -> Iterator[Chunk]:
    first = 1
    while lines := list(itertools.islice(stream, CHUNK_LINES)):
        yield first, lines
        first += len(lines)


def _in_process(
    chunks: Iterable[Chunk], name: str, reader: LineReader, progress: Callable[[int], None] | None
) -> Iterator[Entry]:
    for first, lines in chunks:
        for number, line in enumerate(lines, first):
            if (entry := reader.entry(line, f"{name}:{number}")) is not None:
                yield entry
        if progress is not None:
            progress(first + len(lines) - 1)


class _Workers:
    """The worker pool, fed the first chunks at once: its processes start while this one goes on."""

    def __init__(
        self,
        name: str,
        options: Options,
        report: Reporter,
        progress: Callable[[int], None] | None,
        jobs: int,
        head: list[Chunk],
    ) -> None:
        self.name, self.options, self.report, self.progress, self.jobs = name, options, report, progress, jobs
        self.pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(options, os.getpid()))
        log.info("sitemap: reading %s in %d worker processes", name, jobs)
        self.window: deque[tuple[Future[Rendered], Chunk]] = deque(
            (submit(self.pool, _render_chunk, name, chunk), chunk) for chunk in head
        )

    def entries(self, chunks: Iterator[Chunk]) -> Generator[Entry | RenderedUrl, None, None]:
        window = self.window
        try:
            while True:
                if (chunk := next(chunks, None)) is not None:
                    window.append((submit(self.pool, _render_chunk, self.name, chunk), chunk))
                    if len(window) <= 2 * self.jobs:
                        continue
                if not window:
                    return
                future, oldest = window[0]
                try:
                    rendered, problems = future.result()
                except BrokenProcessPool as error:
                    log.warning("sitemap: worker processes failed (%s); going on in this process", error)
                    break
                window.popleft()
                for problem in problems:
                    self.report(problem.subject, problem.field, problem.message)
                if self.progress is not None:
                    self.progress(oldest[0] + len(oldest[1]) - 1)
                yield from map(RenderedUrl._make, rendered)
        finally:
            self.close()
        # The chunks the workers had, and the rest of the stream, are read here.
        rest = itertools.chain([chunk for _, chunk in window], chunks)
        yield from _in_process(rest, self.name, LineReader(self.options, self.report), self.progress)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def submit(pool: ProcessPoolExecutor, work: Callable[..., T], *args: Any) -> Future[T]:
    """`work(*args)` on the pool; a pool that broke gives a future that says so."""
    try:
        return pool.submit(work, *args)
    except BrokenProcessPool as error:
        failed: Future[T] = Future()
        failed.set_exception(error)
        return failed


# -- in a worker process ---------------------------------------------------------------------------

_worker: tuple[LineReader, Renderer] | None = None


def _watch_parent(parent: int) -> None:
    """A worker whose parent was killed (SIGKILL leaves the pool no time to stop it) exits."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def start_worker_process(parent: int) -> None:
    """In a worker of `parent`, the pool's process, named by itself: a worker that starts after
    it was killed sees another parent already, and exits at once."""
    if os.getpid() != parent:  # a real worker process (tests also run this in their own)
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
        collect_less_often()


def collect_less_often() -> tuple[int, ...]:
    """In a process of our own (the command, a worker), whose objects are of two kinds: what it
    has loaded by now (modules, templates), which lives as long as it does, and the pages and
    entries of the run, thousands of which live to its end.  The collector skips the first, and
    looks at the second about once per thousand objects rather than every fifty (a third of
    `generate --from-dir`'s time on 20,001 pages).  The thresholds it had, to restore."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000)
    return before


@contextlib.contextmanager
def collecting_less_often() -> Iterator[None]:
    """`collect_less_often` for a run in a process that goes on after it (a test's): undone."""
    before = collect_less_often()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def _start_worker(options: Options, parent: int) -> None:
    global _worker
    start_worker_process(parent)
    # Problems are collected and sent back with the chunk: the main process reports them.
    report = Reporter(False, emit=lambda message: None)
    _worker = (LineReader(options, report), Renderer(options))


def _render_chunk(name: str, chunk: Chunk) -> Rendered:
    assert _worker is not None
    reader, renderer = _worker
    reader.report.problems = []
    first, lines = chunk
    entries = [e for number, line in enumerate(lines, first) if (e := reader.entry(line, f"{name}:{number}"))]
    # A template error crosses to the main process without its frames: it is named here.
    with templates_named():
        rendered = render_entries(renderer, entries)
    return [tuple(url) for url in rendered], reader.report.problems  # type: ignore[misc]

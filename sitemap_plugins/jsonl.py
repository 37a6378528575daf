"""JSON Lines to sitemap entries, for `sitemap-plugins generate --from-jsonl`, on every core.

Each line is parsed, validated and rendered without looking at any other line, so chunks of
lines go to worker processes and come back, in order, as rendered `<url>` elements; this process
only reads the stream and packs them into files, a chunk at a time.  At most two chunks per worker are in
flight, so memory stays flat whatever the length of the stream.  Short streams, `--jobs 1` and
`SITEMAP_PLUGINS_WORKER=0` keep everything in this process; if the workers fail, the stream goes
on in this process.  The output is the same byte for byte either way.

The workers start as soon as the stream is known to be long.  On Linux they are forked from this
process once it has compiled the templates, so each starts with everything loaded (a fresh
interpreter costs a worker 0.2 s of CPU).  Where forking is not safe (another thread running, or
another system), each starts a fresh interpreter, beside this process's loading of the writer.
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
import os
import re
import threading
import time
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import IO, TYPE_CHECKING, Any

import msgspec
import orjson
from msgspec import UNSET, Struct, UnsetType

from . import background
from .errors import Problem, Progress, Reporter, log
from .mapping import FieldError, absolute_url, entry_from_mapping
from .model import X_DEFAULT, Entry, Image
from .options import Options
from .validate import EntryValidator

if TYPE_CHECKING:  # imported where used: the workers start before this process loads Jinja
    from .render import Renderer
    from .writer import RenderedChunk

#: Lines per chunk: large enough that a chunk's trip to a worker costs little beside its work.
CHUNK_LINES = 2000
#: Chunks a stream must have before workers are worth their start-up (about 0.3 s).
MIN_CHUNKS_FOR_WORKERS = 3

#: What may surround a line's JSON value: JSON's own whitespace, and the byte order mark some
#: Windows tools put at the start of a file.
_BLANK = " \t\n\r\ufeff"
_SURROGATE = re.compile("[\udc80-\udcff]")

Chunk = tuple[int, list[str]]  # number of the first line, the lines
Rendered = tuple[tuple[Any, ...], list[Problem]]  # a RenderedChunk as a plain tuple, and the problems


class LineReader:
    """One line to one validated entry, or None with the reason reported (by line number)."""

    def __init__(self, options: Options, report: Reporter) -> None:
        self.report = report
        self.base_url = options.base_url
        self.x_default = options.x_default
        self._validate = EntryValidator(options, report)

    def entry(self, line: str, label: str) -> Entry | None:
        text = line.strip(_BLANK)
        if not text:
            return None
        if not text.isascii() and _SURROGATE.search(text):
            # Read with surrogateescape: the bytes that are not UTF-8 are lone surrogates here.
            column = _SURROGATE.search(text).start() + 1  # type: ignore[union-attr]
            self.report(label, "line", f"not UTF-8 text (an invalid byte at column {column}); skipped")
            return None
        entry = typed_entry(text, self.base_url)
        if entry is None:  # not of the common shape: read as a mapping, which names what is wrong
            try:
                value = orjson.loads(text)
            except ValueError as error:
                self.report(label, "line", f"not a sitemap entry, not JSON ({error}); skipped")
                return None
            try:
                entry = entry_from_mapping(value, self.base_url)
            except FieldError as error:
                self.report(label, error.field, f"{error}; entry skipped")
                return None
        entry.source = entry.source or label
        checked = self._validate(entry)
        if checked is None:
            return None
        # Entries carry their own alternates: x-default is completed per entry.
        group = checked.alternates
        if self.x_default and group and X_DEFAULT not in group and self.x_default in group:
            group[X_DEFAULT] = group[self.x_default]
        return checked


# -- the common shape of a line, decoded into typed fields ------------------------------------------


class _TypedImage(Struct):
    url: str


class _TypedLink(Struct):
    lang: str
    url: str


_TypedImages = str | _TypedImage | list[str | _TypedImage] | None
_TypedLinks = list[_TypedLink] | dict[str, str] | None


class _TypedLine(Struct, forbid_unknown_fields=True):
    """A line with a URL, its dates and numbers, images and alternates, in our spelling or the
    npm package's: what nearly every line of a real stream is.  UNSET: the key is absent."""

    loc: str | UnsetType = UNSET
    url: str | UnsetType = UNSET
    lastmod: str | None = None
    changefreq: str | None = None
    priority: int | float | str | bool | None = None
    images: _TypedImages | UnsetType = UNSET
    img: _TypedImages | UnsetType = UNSET
    alternates: _TypedLinks | UnsetType = UNSET
    links: _TypedLinks | UnsetType = UNSET
    source: str | None = None


_TYPED_LINE = msgspec.json.Decoder(_TypedLine)
#: The integers orjson reads as integers; it reads larger ones as floats.
_ORJSON_INT_MIN, _ORJSON_INT_MAX = -(1 << 63), (1 << 64) - 1


def typed_entry(text: str, base_url: str) -> Entry | None:
    """`entry_from_mapping(orjson.loads(text), base_url)` for a line of the common shape, its
    types checked by msgspec's decoder as it reads them (a line of the benchmark: about 5 µs
    against 7); None for any other line, whatever is wrong with it: the caller reads that one
    as a mapping, which says what is wrong.  Lines with videos or news are such lines."""
    try:
        line = _TYPED_LINE.decode(text)
    except (msgspec.DecodeError, RecursionError):  # the latter: skipping a deep unknown value
        return None
    # Where both spellings are there, entry_from_mapping reads ours and ignores npm's.
    loc = line.url if line.loc is UNSET else line.loc
    images = line.img if line.images is UNSET else line.images
    links = line.links if line.alternates is UNSET else line.alternates
    if loc is UNSET or not loc.strip():
        return None
    if line.priority.__class__ is int and not _ORJSON_INT_MIN <= line.priority <= _ORJSON_INT_MAX:
        return None
    if images is UNSET or images is None:
        images = []
    elif images.__class__ is not list:
        images = [images]
    if links is UNSET or links is None:
        alternates = {}
    elif links.__class__ is dict:
        alternates = {code: absolute_url(url, base_url) for code, url in links.items()}
    else:
        alternates = {link.lang: absolute_url(link.url, base_url) for link in links}
    return Entry(
        absolute_url(loc, base_url),
        line.lastmod,
        line.changefreq,
        line.priority,
        [Image(image if image.__class__ is str else image.url) for image in images],
        [],
        None,
        alternates,
        line.source,
    )


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
        progress: Progress | None = None,
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
        self._entries: Generator[Entry | RenderedChunk, None, None] = (
            self._workers.entries(chunks)
            if self._workers is not None
            else _in_process(chunks, name, LineReader(options, report), progress)
        )

    def __iter__(self) -> Iterator[Entry | RenderedChunk]:
        return self._entries

    @property
    def renderer(self) -> Renderer | None:
        """The renderer the forked workers inherited, for the writer to use too (not made twice)."""
        return self._workers.renderer if self._workers is not None else None

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
    chunks: Iterable[Chunk], name: str, reader: LineReader, progress: Progress | None
) -> Iterator[Entry]:
    for first, lines in chunks:
        for number, line in enumerate(lines, first):
            entry = reader.entry(line, f"{name}:{number}")
            if entry is not None:
                yield entry
        if progress is not None:
            progress.update(first + len(lines) - 1)


class _Workers:
    """The worker pool, fed the first chunks at once: its processes start while this one goes on."""

    def __init__(
        self,
        name: str,
        options: Options,
        report: Reporter,
        progress: Progress | None,
        jobs: int,
        head: list[Chunk],
    ) -> None:
        self.name, self.options, self.report, self.progress, self.jobs = name, options, report, progress, jobs
        renderer = None
        # The pool forks its workers before it starts its own threads.
        if background.can_fork():  # the workers inherit the renderer, its chunk template compiled
            from .render import Renderer
            from .writer import render_chunk  # noqa: F401  (loaded here once, for every worker)

            renderer = Renderer(options)
            renderer.prepare_chunks()
        self.renderer = renderer
        self.pool = ProcessPoolExecutor(
            jobs,
            mp_context=multiprocessing.get_context("spawn" if renderer is None else "fork"),
            initializer=_start_worker,
            initargs=(options, os.getpid(), renderer),
        )
        log.info("sitemap: reading %s in %d worker processes", name, jobs)
        self.window: deque[tuple[Future[Rendered], Chunk]] = deque(
            (_submit(self.pool, name, chunk), chunk) for chunk in head
        )

    def entries(self, chunks: Iterator[Chunk]) -> Generator[Entry | RenderedChunk, None, None]:
        from .writer import RenderedChunk

        window = self.window
        try:
            while True:
                chunk = next(chunks, None)
                if chunk is not None:
                    window.append((_submit(self.pool, self.name, chunk), chunk))
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
                    self.progress.update(oldest[0] + len(oldest[1]) - 1)
                yield RenderedChunk._make(rendered)
        finally:
            self.close()
        # The chunks the workers had, and the rest of the stream, are read here.
        rest = itertools.chain([chunk for _, chunk in window], chunks)
        yield from _in_process(rest, self.name, LineReader(self.options, self.report), self.progress)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _submit(pool: ProcessPoolExecutor, name: str, chunk: Chunk) -> Future[Rendered]:
    try:
        return pool.submit(_render_chunk, name, chunk)
    except BrokenProcessPool as error:
        failed: Future[Rendered] = Future()
        failed.set_exception(error)
        return failed


# -- in a worker process ---------------------------------------------------------------------------

_worker: tuple[LineReader, Renderer] | None = None


def _watch_parent(parent: int) -> None:
    """A worker whose parent was killed (SIGKILL leaves the pool no time to stop it) exits."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _start_worker(options: Options, parent: int, renderer: Renderer | None = None) -> None:
    """`parent` is the pool's process, named by itself: a worker that starts after it was killed
    sees another parent already, and exits at once.  `renderer`: the pool's own, in a forked worker."""
    global _worker
    if os.getpid() != parent:  # a real worker process (tests also run this in their own)
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
        _keep_freed_memory()
        _collect_seldom()
    from .render import Renderer

    # Problems are collected and sent back with the chunk: the main process reports them.
    report = Reporter(False, emit=lambda message: None)
    _worker = (LineReader(options, report), renderer or Renderer(options))


#: glibc's malloc.h: the free memory at the top of the heap kept from the system, and the size
#: from which an allocation is a mapping of its own.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def _keep_freed_memory() -> None:
    """A worker allocates and frees a few megabytes for each chunk (the rendered text, its UTF-8,
    the pickle); glibc hands them back to the system each time and takes page faults to get them
    again: 78,000 faults for 200,000 entries, against 11,000 when up to 64 MiB are kept (2% of
    the CPU time of `--from-jsonl`).  Other C libraries are left as they are."""
    try:
        os.confstr("CS_GNU_LIBC_VERSION")
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (ValueError, OSError, AttributeError):  # not glibc
        return
    for parameter in (_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD):
        mallopt(parameter, 64 << 20)


#: Allocations between two young-generation collections in a worker (CPython's default: 700).
_WORKER_GC_THRESHOLD = 20_000


def _collect_seldom() -> None:
    """A chunk makes some 30,000 objects and drops them all, without a cycle: the collector, run
    every 700 allocations, found nothing and cost 2.5% of a worker's instructions (callgrind).  What
    a forked worker inherited is frozen: never traversed, and its pages never copied for it."""
    gc.freeze()
    gc.set_threshold(_WORKER_GC_THRESHOLD, *gc.get_threshold()[1:])


def _render_chunk(name: str, chunk: Chunk) -> Rendered:
    from .writer import render_chunk

    assert _worker is not None
    reader, renderer = _worker
    reader.report.problems = []
    first, lines = chunk
    entries = [e for number, line in enumerate(lines, first) if (e := reader.entry(line, f"{name}:{number}"))]
    return tuple(render_chunk(renderer, entries)), reader.report.problems

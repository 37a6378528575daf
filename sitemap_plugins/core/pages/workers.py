"""A built site's pages read on every CPU the command may use (`read_pages`).

`read_page` is pure (a page's reading needs no other page's), so chunks of pages go to the worker
processes `--from-jsonl` has (`jsonl`) while this process reads chunks of its own, and the
readings are harvested in the order the pages were handed over: what the harvest and the site's
rules then see is what one process gives, byte for byte.  Threads gain nothing here (the reading
is mostly Python, which holds the GIL).
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.jsonl import start_worker_process, submit
from sitemap_plugins.core.model import Page
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps
from sitemap_plugins.core.pages.reading import PageReading, read_page

#: Pages per chunk: a hundred small pages' readings (55 KB on gen_sites' pages) fit in a pipe's
#: buffer (64 KB on Linux), so a worker hands them over and goes on at once; 250 pages' (137 KB)
#: kept it waiting for this process to take them (0.4 s in all on 20,001 pages).
CHUNK_PAGES = 100
#: Chunks a site must have before workers are worth their start (a thousand pages).
MIN_CHUNKS_FOR_WORKERS = 10
#: Chunks each worker is given ahead: more than this process may spend on its own chunk and
#: the harvest before it gives out the next, so no worker waits.
AHEAD = 4


def read_pages(
    pages: Iterable[Page], options: Options, other_sitemaps: OtherSitemaps, jobs: int = 1
) -> Iterator[PageReading]:
    """The readings of `pages`, in order; in `jobs` processes (this one and its workers) where
    there are more than one and the site is large enough, else in this process (also where the
    workers fail)."""
    chunks = _chunks(pages)
    head = list(itertools.islice(chunks, MIN_CHUNKS_FOR_WORKERS)) if jobs > 1 else []
    rest = itertools.chain(head, chunks)
    if len(head) == MIN_CHUNKS_FOR_WORKERS:
        rest = yield from _in_workers(rest, options, other_sitemaps, jobs)
    for chunk in rest:
        # A chunk read whole, then harvested: each stage's code and data stay in the CPU's
        # caches (a fifth less time than a page read and harvested in turn).
        yield from [read_page(page, options, other_sitemaps) for page in chunk]


def _chunks(pages: Iterable[Page]) -> Iterator[list[Page]]:
    iterator = iter(pages)
    while chunk := list(itertools.islice(iterator, CHUNK_PAGES)):
        yield chunk


def _in_workers(
    chunks: Iterator[list[Page]], options: Options, other_sitemaps: OtherSitemaps, jobs: int
) -> Iterator[PageReading]:
    """The readings of the chunks, in order, read by this process and `jobs - 1` workers: `jobs`
    processes on `jobs` CPUs.  Each worker is kept `AHEAD` chunks ahead; whenever the oldest chunk
    a worker has is not back, this process reads the next chunk itself rather than wait (it
    harvests every reading too, so it takes the share its time leaves).  No more than
    `AHEAD * jobs` chunks are held at once, so memory stays flat; where the workers fail, the
    chunks not yet harvested are returned, to be read here."""
    workers = jobs - 1
    pool = ProcessPoolExecutor(
        workers, initializer=_start_worker, initargs=(options, other_sitemaps, os.getpid())
    )
    others = "1 worker" if workers == 1 else f"{workers} workers"
    log.info("sitemap: reading pages in %d processes: this one and %s", jobs, others)
    # In the order the chunks were handed over; a chunk this process read is done at once, so
    # the chunks not done are the workers'.
    window: deque[tuple[Future[list[PageReading]], list[Page]]] = deque()
    try:
        while True:
            # Not all at once: chunks beyond a worker's `AHEAD` are memory, not speed.
            while (
                len(window) < AHEAD * jobs
                and sum(not future.done() for future, _ in window) < AHEAD * workers
                and (chunk := next(chunks, None))
            ):
                window.append((submit(pool, _read_chunk, chunk), chunk))
            if not window:
                break
            if not window[0][0].done() and len(window) < AHEAD * jobs and (chunk := next(chunks, None)):
                # Why not a worker per CPU and this process waiting: three processes on two CPUs
                # took a tenth more CPU time, and workers waited on this one to take their chunks.
                read: Future[list[PageReading]] = Future()
                read.set_result([read_page(page, options, other_sitemaps) for page in chunk])
                window.append((read, chunk))
                continue
            readings = window[0][0].result()
            window.popleft()
            yield from readings
    except BrokenProcessPool as error:
        log.warning("sitemap: worker processes failed (%s); going on in this process", error)
        return itertools.chain([chunk for _, chunk in window], chunks)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return iter(())


# -- in a worker process ---------------------------------------------------------------------------

_reader: tuple[Options, OtherSitemaps] | None = None


def _start_worker(options: Options, other_sitemaps: OtherSitemaps, parent: int) -> None:
    global _reader
    start_worker_process(parent)
    _reader = (options, other_sitemaps)


def _read_chunk(pages: list[Page]) -> list[PageReading]:
    assert _reader is not None
    return [read_page(page, *_reader) for page in pages]

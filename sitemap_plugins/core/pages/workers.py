"""A built site's pages read on every CPU the command may use (`read_pages`).

`read_page` is pure (a page's reading needs no other page's), so chunks of pages go to the worker
processes `--from-jsonl` has (`jsonl`), and their readings come back in the order the pages were
handed over: what the harvest and the site's rules then see is what one process gives, byte for
byte.  Threads gain nothing here (the reading is mostly Python, which holds the GIL).
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

#: Pages per chunk: enough that a chunk's trip to a worker and back costs little beside its reading.
CHUNK_PAGES = 250
#: Chunks a site must have before workers are worth their start.
MIN_CHUNKS_FOR_WORKERS = 4


def read_pages(
    pages: Iterable[Page], options: Options, other_sitemaps: OtherSitemaps, jobs: int = 1
) -> Iterator[PageReading]:
    """The readings of `pages`, in order; on `jobs` worker processes where there are more than
    one and the site is large enough, else in this process (also where the workers fail)."""
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
    """The readings of the chunks the workers read, at most two a worker in flight (memory stays
    flat); where the workers fail, the chunks left, to be read in this process."""
    pool = ProcessPoolExecutor(
        jobs, initializer=_start_worker, initargs=(options, other_sitemaps, os.getpid())
    )
    log.info("sitemap: reading pages in %d worker processes", jobs)
    window: deque[tuple[Future[list[PageReading]], list[Page]]] = deque()
    try:
        for chunk in itertools.chain(chunks, [None]):
            if chunk is not None:
                window.append((submit(pool, _read_chunk, chunk), chunk))
            while window and (chunk is None or len(window) > 2 * jobs):
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

"""Write the sitemap set: split files, the index, gzip copies, the stylesheet, robots.txt.

Files are rendered into temporary files in the output directory and renamed into place only once
all of them are complete, so a failure (or a `strict` problem) leaves the previous output intact.
Files of ours that the new set no longer needs are removed; files we did not write are never
touched: we recognise ours by the generator comment the templates put in every XML file.
"""

from __future__ import annotations

import concurrent.futures
import datetime as dt
import gzip
import io
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from .errors import Reporter, SitemapError
from .model import Entry
from .normalize import date_key
from .options import Options
from .render import GENERATOR, Renderer, entry_namespaces
from .robots import merge_robots_txt

ENTRY_POINT = "sitemap.xml"
STYLESHEET = "sitemap.xsl"
TEXT_SITEMAP = "sitemap.txt"
MAX_NEWS_PER_FILE = 1000  # Google: at most 1,000 news:news tags per sitemap
MAX_INDEX_ENTRIES = 50_000
_NEWS = frozenset({"news"})
_OURS = re.compile(r"\Asitemap(?:-[A-Za-z0-9-]+)?\.(?:xml|txt)(?:\.gz)?\Z|\Asitemap\.xsl\Z")


@dataclass
class SitemapFile:
    """One urlset file: its final name is chosen once we know whether an index is needed."""

    staged: _Staged
    urls: int
    lastmod: dt.date | dt.datetime | None


@dataclass
class WriteResult:
    entry_point: str
    files: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    sitemaps: int = 0
    index: bool = False
    urls: int = 0
    images: int = 0
    videos: int = 0
    news: int = 0
    robots_txt: str | None = None

    def summary(self) -> str:
        """`sitemap: 1,204 URLs in 1 file, 312 images, 4 videos`: the line adapters log at the end."""
        parts = [f"{_count(self.urls, 'URL')} in {_count(self.sitemaps, 'file')}"]
        if self.index:
            parts[0] += " + index"
        parts += [_count(self.images, "image"), _count(self.videos, "video")]
        if self.news:
            parts.append(f"{self.news:,} news")
        return "sitemap: " + ", ".join(parts)


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


# -- staging ------------------------------------------------------------------------------------


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@dataclass
class _Staged:
    temp: Path
    name: str


class _Staging:
    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.files: list[_Staged] = []
        self._mode = 0o666 & ~_umask()

    def stage(self, name: str, data: bytes) -> _Staged:
        handle, temp = tempfile.mkstemp(dir=self.out_dir, prefix=".sitemap-plugins-", suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temp, self._mode)  # mkstemp makes 0600; a web server must be able to read it
        staged = _Staged(Path(temp), name)
        self.files.append(staged)
        return staged

    def commit(self) -> list[str]:
        for staged in self.files:
            os.replace(staged.temp, self.out_dir / staged.name)
        return [s.name for s in self.files]

    def discard(self) -> None:
        for staged in self.files:
            staged.temp.unlink(missing_ok=True)


def gzip_bytes(data: bytes) -> bytes:
    """Byte-reproducible gzip: no file name and a fixed mtime in the header.  Level 6 (zlib's
    default): level 9 takes about twice as long on sitemap XML for a few percent."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=6) as stream:
        stream.write(data)
    return buffer.getvalue()


def write_atomic(path: Path, data: bytes) -> None:
    staging = _Staging(path.parent)
    try:
        staging.stage(path.name, data)
        staging.commit()
    finally:
        staging.discard()


# -- rendered entries ---------------------------------------------------------------------------


class RenderedEntry(NamedTuple):
    """An entry rendered before it reaches the writer (by a worker process): all the writer
    needs of it.  Flat and made of plain values, so that it crosses process boundaries as a
    plain tuple (`tuple(rendered)`, and `RenderedEntry._make` on the other side): pickling
    named tuples, nested ones and a fresh frozenset per entry cost a worker as much as parsing
    the line."""

    loc: str
    label: str
    lastmod: dt.date | dt.datetime | None
    images: int
    videos: int
    #: The prefixes of the extension namespaces the `<url>` uses (`news` aside).
    namespaces: frozenset[str]
    #: The `<url>` of the page sitemaps, without the news tag, and its size in UTF-8 bytes.
    page: str
    page_size: int
    #: The `<url>` of the news sitemap, news tag included; None when the entry has no news.
    news: str | None = None
    news_size: int = 0


def render_entry(renderer: Renderer, entry: Entry) -> RenderedEntry:
    lastmod: Any = entry.lastmod  # a date or datetime once validated
    page_entry = entry if entry.news is None else replace(entry, news=None)
    page = renderer.url(page_entry)
    news = renderer.url(entry) if entry.news is not None else None
    return RenderedEntry(
        entry.loc,
        entry.label,
        lastmod,
        len(entry.images),
        len(entry.videos),
        entry_namespaces(page_entry),
        page,
        _size(page),
        news,
        _size(news) if news is not None else 0,
    )


def _size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode())


# -- packing entries into files -----------------------------------------------------------------


class _Packer:
    """Fills urlset files up to `max_urls` entries and `max_bytes` bytes, whichever comes first."""

    def __init__(
        self,
        kind: str,
        renderer: Renderer,
        staging: _Staging,
        options: Options,
        max_urls: int,
        report: Reporter,
        compressor: concurrent.futures.Executor | None = None,
    ) -> None:
        self.kind, self.renderer, self.staging, self.report = kind, renderer, staging, report
        #: Compresses each file as soon as it is complete, beside the rendering of the next one.
        self.compressor = compressor
        self.compressed: list[tuple[_Staged, concurrent.futures.Future[bytes]]] = []
        self.max_urls = max_urls
        self.tz = options.tzinfo
        # The envelope is measured with every namespace declared: an upper bound for any file.
        envelope = len(renderer.urlset([], ["image", "video", "news", "xhtml"]).encode())
        self.budget = options.max_bytes - envelope
        self.files: list[SitemapFile] = []
        self._reset()

    def _reset(self) -> None:
        self.fragments: list[str] = []
        self.namespaces: set[str] = set()
        self.size = 0
        self.lastmod: dt.date | dt.datetime | None = None

    def add(self, text: str, size: int, namespaces: frozenset[str], label: str, lastmod: Any) -> bool:
        if size > self.budget:
            self.report(
                label,
                "entry",
                f"renders to {size:,} bytes, more than max_bytes allows in one file; page left out",
            )
            return False
        if len(self.fragments) >= self.max_urls or self.size + size > self.budget:
            self.flush()
        self.fragments.append(text)
        self.size += size
        self.namespaces |= namespaces
        # Many pages share a lastmod: an equal one is skipped before the comparison proper.
        if lastmod and lastmod != self.lastmod and self._newer(lastmod):
            self.lastmod = lastmod
        return True

    def _newer(self, lastmod: Any) -> bool:
        return self.lastmod is None or date_key(lastmod, self.tz) > date_key(self.lastmod, self.tz)

    def flush(self) -> None:
        if not self.fragments:
            return
        data = self.renderer.urlset(self.fragments, self.namespaces).encode()
        staged = self.staging.stage(f"{self.kind}-{len(self.files)}", data)
        if self.compressor is not None:  # zlib releases the GIL: this runs on another core
            self.compressed.append((staged, self.compressor.submit(gzip_bytes, data)))
        self.files.append(SitemapFile(staged, len(self.fragments), self.lastmod))
        self._reset()


class _TextPacker:
    def __init__(self, renderer: Renderer, options: Options) -> None:
        self.renderer, self.options = renderer, options
        self.chunks: list[list[str]] = [[]]
        self.size = 0

    def add(self, loc: str) -> None:
        size = len(loc) + 1  # URIs are ASCII once normalised
        if len(self.chunks[-1]) >= self.options.max_urls or self.size + size > self.options.max_bytes:
            self.chunks.append([])
            self.size = 0
        self.chunks[-1].append(loc)
        self.size += size

    def stage(self, staging: _Staging) -> None:
        for number, locs in enumerate(c for c in self.chunks if c):
            name = TEXT_SITEMAP if number == 0 else f"sitemap-{number + 1}.txt"
            staging.stage(name, self.renderer.text_sitemap(locs).encode())


# -- the whole set ------------------------------------------------------------------------------


@dataclass
class IndexItem:
    """One `<sitemap>` of the index: our files, or a feed the adapter adds (the protocol accepts
    RSS and Atom feeds as sitemaps)."""

    loc: str
    lastmod: dt.date | dt.datetime | None


def write_sitemaps(
    entries: Iterable[Entry | RenderedEntry],
    out_dir: str | os.PathLike[str],
    options: Options,
    report: Reporter | None = None,
    renderer: Renderer | None = None,
    extra_sitemaps: Sequence[IndexItem] = (),
) -> WriteResult:
    """Write the sitemap set for validated `entries` (streamed: one file's worth is held at a time).
    An entry may come rendered already (`render_entry`, in a worker process).

    Entries carrying `news` are also listed, with their news tag, in `sitemap-news.xml`.
    `extra_sitemaps` (feeds) are listed in the index, which is then always written.
    """
    report = report or Reporter(options.strict)
    renderer = renderer or Renderer(options)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    result = WriteResult(entry_point=options.base_url + ENTRY_POINT)
    staging = _Staging(out)
    compressor = concurrent.futures.ThreadPoolExecutor(1) if options.gzip else None
    try:
        pages = _Packer("pages", renderer, staging, options, options.max_urls, report, compressor)
        max_news = min(options.max_urls, MAX_NEWS_PER_FILE)
        news = _Packer("news", renderer, staging, options, max_news, report, compressor)
        text = _TextPacker(renderer, options) if options.text_sitemap else None
        for entry in entries:
            rendered = entry if isinstance(entry, RenderedEntry) else render_entry(renderer, entry)
            label, lastmod, namespaces = rendered.label, rendered.lastmod, rendered.namespaces
            if not pages.add(rendered.page, rendered.page_size, namespaces, label, lastmod):
                continue
            result.urls += 1
            result.images += rendered.images
            result.videos += rendered.videos
            if rendered.news is not None and news.add(
                rendered.news, rendered.news_size, namespaces | _NEWS, label, lastmod
            ):
                result.news += 1
            if text is not None:
                text.add(rendered.loc)
        pages.flush()
        news.flush()
        report.raise_if_strict()
        files = pages.files + news.files
        if not files:
            report("sitemap", "entries", "no page to list, so no sitemap was written")
            report.raise_if_strict()
        else:
            result.index = len(files) > 1 or bool(extra_sitemaps)
            _name_files(pages.files, news.files, result.index)
            result.sitemaps = len(files)
            if result.index:
                if len(files) + len(extra_sitemaps) > MAX_INDEX_ENTRIES:
                    raise SitemapError(
                        f"sitemap: {len(files) + len(extra_sitemaps):,} sitemaps exceed the "
                        f"{MAX_INDEX_ENTRIES:,} an index may list"
                    )
                items = [IndexItem(options.base_url + f.staged.name, f.lastmod) for f in files]
                items += extra_sitemaps
                staging.stage(ENTRY_POINT, renderer.index(items).encode())
            if options.gzip:
                done = {id(staged): future.result() for staged, future in pages.compressed + news.compressed}
                for staged in list(staging.files):
                    if staged.name.endswith(".xml"):
                        data = done.get(id(staged)) or gzip_bytes(staged.temp.read_bytes())
                        staging.stage(staged.name + ".gz", data)
            if options.stylesheet:
                staging.stage(STYLESHEET, renderer.stylesheet().encode())
            if text is not None:
                text.stage(staging)
        result.files = sorted(staging.commit())
    finally:
        if compressor is not None:
            compressor.shutdown(cancel_futures=True)
        staging.discard()
    result.removed = remove_stale(out, keep=set(result.files))
    if options.robots_txt and result.files:
        result.robots_txt = update_robots_txt(out, renderer, [result.entry_point])
    return result


def _name_files(pages: list[SitemapFile], news: list[SitemapFile], index: bool) -> None:
    if not index:
        pages[0].staged.name = ENTRY_POINT
        return
    for number, file in enumerate(pages, 1):
        file.staged.name = f"sitemap-{number}.xml"
    for number, file in enumerate(news, 1):
        file.staged.name = "sitemap-news.xml" if number == 1 else f"sitemap-news-{number}.xml"


# -- what earlier builds left -------------------------------------------------------------------


def is_ours(path: Path) -> bool:
    """Did sitemap-plugins write this file?  XML carries our generator comment near the top; a
    text sitemap holds nothing but absolute URLs, one per line."""
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rb") as stream:
                head = stream.read(1024)
            inner = path.with_suffix("")
        else:
            with path.open("rb") as stream:
                head = stream.read(1024)
            inner = path
    except (OSError, EOFError, gzip.BadGzipFile):
        return False
    if inner.suffix == ".txt":
        data = path.read_bytes() if path.suffix != ".gz" else gzip.decompress(path.read_bytes())
        lines = data.decode("utf-8", "replace").splitlines()
        return bool(lines) and all(line.startswith(("http://", "https://")) for line in lines)
    return f"<!-- {GENERATOR} -->".encode() in head


def remove_stale(out: Path, keep: set[str]) -> list[str]:
    removed = []
    for path in sorted(out.iterdir()):
        if path.name in keep or not _OURS.match(path.name) or not path.is_file():
            continue
        if is_ours(path):
            path.unlink()
            removed.append(path.name)
    return removed


def update_robots_txt(out: Path, renderer: Renderer, sitemap_urls: list[str]) -> str:
    path = out / "robots.txt"
    # surrogateescape keeps every byte of a robots.txt that is not valid UTF-8.
    existing = path.read_bytes().decode("utf-8", "surrogateescape") if path.exists() else None
    merged = merge_robots_txt(existing, renderer.robots_block(sitemap_urls))
    if merged != existing:
        write_atomic(path, merged.encode("utf-8", "surrogateescape"))
    return merged

"""Entries into files: each rendered (`<url>` elements, in chunks), packed into urlsets of at
most `max_urls` entries and `max_bytes` bytes, named, and indexed when there are several."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from sitemap_plugins.core.errors import Reporter, SitemapError
from sitemap_plugins.core.model import Entry, entry_label
from sitemap_plugins.core.normalize import date_key, page_glob_match
from sitemap_plugins.core.option_values import OTHER_SECTION
from sitemap_plugins.core.options import MAX_INDEX_ENTRIES, Options
from sitemap_plugins.core.output.fileset import FileSet, Staged
from sitemap_plugins.core.output.render import Renderer, page_namespaces
from sitemap_plugins.core.output.result import WriteResult

ENTRY_POINT = "sitemap.xml"
#: The index of every sitemap when `sitemap.xml` stays a urlset (news, feeds beside the pages).
INDEX_ALIAS = "sitemap-index.xml"
NEWS_SITEMAP = "sitemap-news.xml"
TEXT_SITEMAP = "sitemap.txt"
_NEWS = frozenset({"news"})


@dataclass
class IndexItem:
    """One `<sitemap>` of an index: our files, or a feed the adapter adds (the protocol accepts
    RSS and Atom feeds as sitemaps)."""

    loc: str
    lastmod: dt.date | dt.datetime | None


@dataclass
class SitemapFile:
    """One urlset file: its final name is chosen once we know whether an index is needed."""

    staged: Staged
    urls: int
    lastmod: dt.date | dt.datetime | None


# -- rendered entries ---------------------------------------------------------------------------


class RenderedUrl(NamedTuple):
    """An entry rendered before it reaches the writer (here, or by a `--from-jsonl` worker
    process, across which it travels as a plain tuple): all the writer needs of it."""

    loc: str
    #: What messages call the entry (`Entry.source`).
    source: str | None
    lastmod: dt.date | dt.datetime | None
    #: The prefixes of the extension namespaces its `<url>` uses (`news` aside).
    namespaces: frozenset[str]
    #: Its `<url>`, without its news tag, in UTF-8.
    xml: bytes
    #: Its `<url>` with its news tag, for the news sitemap; None without news.
    news_xml: bytes | None
    images: int
    #: Its videos, for the video feed.
    videos: list[Any]


#: Entries rendered together, in one call of url.xml's loop.
RENDER_CHUNK = 512


def render_entries(renderer: Renderer, entries: Sequence[Entry]) -> list[RenderedUrl]:
    """Each entry rendered; its news tag in a `<url>` of its own (for the news sitemap)."""
    pages = renderer.urls([entry if entry.news is None else replace(entry, news=None) for entry in entries])
    with_news = iter(renderer.urls([entry for entry in entries if entry.news is not None]))
    return [
        RenderedUrl(
            entry.loc,
            entry.source,
            entry.lastmod,  # type: ignore[arg-type]  # a date or datetime once validated
            page_namespaces(entry),
            page.encode(),
            next(with_news).encode() if entry.news is not None else None,
            len(entry.images),
            entry.videos,
        )
        for entry, page in zip(entries, pages, strict=True)
    ]


# -- packing entries into files -----------------------------------------------------------------


class Packer:
    """Fills urlset files up to `max_urls` entries and `max_bytes` bytes, whichever comes first."""

    def __init__(
        self,
        kind: str,
        renderer: Renderer,
        staging: FileSet,
        options: Options,
        max_urls: int,
        report: Reporter,
    ) -> None:
        self.kind, self.renderer, self.staging, self.report = kind, renderer, staging, report
        self.max_urls = max_urls
        self.tz = options.tzinfo
        # The envelope is measured with every namespace declared: an upper bound for any file.
        envelope = len(renderer.urlset([], ["image", "video", "news", "xhtml"]).encode())
        self.budget = options.max_bytes - envelope
        self.files: list[SitemapFile] = []
        self._reset()

    def _reset(self) -> None:
        self.texts: list[bytes] = []
        self.count = 0
        self.namespaces: set[str] = set()
        self.size = 0
        #: The file's newest lastmod, and its date_key (the moment it stands for, to compare).
        self.lastmod: dt.date | dt.datetime | None = None
        self.lastmod_key: dt.datetime | None = None

    def add(self, url: RenderedUrl, text: bytes, namespaces: frozenset[str]) -> bool:
        """`text` (the `<url>` of `url`) in the file being filled, or in a new one; False where it
        is larger than any file may be (said, and left out)."""
        size = len(text)
        if size > self.budget:
            self.report(
                entry_label(url.source, url.loc),
                "entry",
                f"renders to {size:,} bytes, more than max_bytes allows in one file; page left out",
            )
            return False
        if self.count >= self.max_urls or self.size + size > self.budget:
            self.flush()
        self.texts.append(text)
        self.count += 1
        self.size += size
        self.namespaces |= namespaces
        if url.lastmod:
            key = date_key(url.lastmod, self.tz)
            if self.lastmod_key is None or key > self.lastmod_key:
                self.lastmod, self.lastmod_key = url.lastmod, key
        return True

    def flush(self, keep_empty: bool = False) -> None:
        """The file filled so far, staged; `keep_empty`: a file even with no entry, where none was."""
        if not self.count and not (keep_empty and not self.files):
            return
        # An empty news sitemap declares the news namespace all the same: it is one.
        namespaces = self.namespaces or (_NEWS if self.kind == "news" else set())
        parts = self.renderer.urlset_parts(self.texts, namespaces)
        staged = self.staging.stage(f"{self.kind}-{len(self.files)}", parts)
        self.files.append(SitemapFile(staged, self.count, self.lastmod))
        self._reset()


class Sections:
    """Option `sections`: each page also in the urlset of its part of the site (the first whose
    globs match its path; the rest in `other`), so that Search Console counts each part."""

    def __init__(self, renderer: Renderer, staging: FileSet, options: Options, report: Reporter) -> None:
        self.renderer, self.staging, self.options, self.report = renderer, staging, options, report
        self.packers: dict[str, Packer] = {}

    def add(self, url: RenderedUrl) -> None:
        sections, base = self.options.sections, self.options.base_url
        name = next((name for name, globs in sections.items() if page_glob_match(globs, url.loc, base)), None)
        name = name or OTHER_SECTION
        if (packer := self.packers.get(name)) is None:
            packer = Packer(
                f"section-{name}",
                self.renderer,
                self.staging,
                self.options,
                self.options.max_urls,
                self.report,
            )
            self.packers[name] = packer
        packer.add(url, url.xml, url.namespaces)

    def flush(self) -> list[tuple[str, list[SitemapFile]]]:
        """Each section's files, in the order the option names them (`other` last); a section
        no page is in has none, which is said: its globs are likely a slip."""
        for packer in self.packers.values():
            packer.flush()
        for name in self.options.sections:
            if name not in self.packers:
                self.report(
                    "sections",
                    name,
                    f"no page's path matches {', '.join(self.options.sections[name])}, so there is no "
                    f"sitemap-{name}.xml",
                )
        names = [*self.options.sections, OTHER_SECTION]
        return [(name, self.packers[name].files) for name in dict.fromkeys(names) if name in self.packers]


class TextPacker:
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

    def stage(self, staging: FileSet) -> None:
        for number, locs in enumerate(c for c in self.chunks if c):
            name = TEXT_SITEMAP if number == 0 else f"sitemap-{number + 1}.txt"
            staging.stage(name, self.renderer.text_sitemap(locs).encode())


def rendered(entries: Iterable[Entry | RenderedUrl], renderer: Renderer) -> Iterator[RenderedUrl]:
    """Every entry rendered, in order, a chunk of entries at a time; those a worker process
    rendered already pass through."""
    pending: list[Entry] = []
    for entry in entries:
        if isinstance(entry, Entry):
            pending.append(entry)
            if len(pending) < RENDER_CHUNK:
                continue
        if pending:
            yield from render_entries(renderer, pending)
            pending = []
        if not isinstance(entry, Entry):
            yield entry
    yield from render_entries(renderer, pending)


def name_and_index(
    pages: list[SitemapFile],
    news: list[SitemapFile],
    feeds: Sequence[IndexItem],
    fileset: FileSet,
    renderer: Renderer,
    options: Options,
    result: WriteResult,
    with_alias: bool,
    sections: list[tuple[str, list[SitemapFile]]] | None = None,
) -> list[str]:
    """Name the staged files, stage the index, fill in `result`; the names to commit last, in order.
    `with_alias`: `sitemap-index.xml` may be written (no file of the user's holds that name);
    `sections`: the files of each section (option `sections`)."""
    base = options.base_url
    for number, file in enumerate(news, 1):
        file.staged.name = NEWS_SITEMAP if number == 1 else f"sitemap-news-{number}.xml"
    others = [IndexItem(base + f.staged.name, f.lastmod) for f in news] + list(feeds)
    result.sitemaps = len(pages) + len(news)
    result.page_files = len(pages)
    result.entry_point_is_index = len(pages) > 1
    if sections:
        _index_sections(pages, sections, others, fileset, renderer, options, result, with_alias)
        return [*(f.staged.name for f in news), INDEX_ALIAS, ENTRY_POINT]
    index_name = None
    if result.entry_point_is_index:
        # Files only the index names carry their content's digest: the previous index never
        # points at a file this build rewrote.
        for number, file in enumerate(pages, 1):
            file.staged.name = f"sitemap-{number}-{file.staged.digest[:8]}.xml"
        items = [IndexItem(base + f.staged.name, f.lastmod) for f in pages] + others
        index_name = ENTRY_POINT
    else:
        pages[0].staged.name = ENTRY_POINT
        items = [IndexItem(base + ENTRY_POINT, pages[0].lastmod), *others]
        if others and with_alias:
            index_name = INDEX_ALIAS
    if len(items) > MAX_INDEX_ENTRIES:
        raise SitemapError(
            f"sitemap: {len(items):,} sitemaps exceed the {MAX_INDEX_ENTRIES:,} an index may list"
        )
    if index_name is not None:
        fileset.stage(index_name, renderer.index(items).encode())
        result.index = True
    result.sitemap_urls = [base + ENTRY_POINT, *(item.loc for item in others)]
    if index_name == INDEX_ALIAS:
        result.sitemap_urls.append(base + INDEX_ALIAS)
    return [*(f.staged.name for f in news), INDEX_ALIAS, ENTRY_POINT]


def _index_sections(
    pages: list[SitemapFile],
    sections: list[tuple[str, list[SitemapFile]]],
    others: list[IndexItem],
    fileset: FileSet,
    renderer: Renderer,
    options: Options,
    result: WriteResult,
    with_alias: bool,
) -> None:
    """With `sections`, what is offered to search engines (the index, robots.txt) is the
    sections' files, news and feeds: every page once.  `sitemap.xml` lists every page as well,
    for the themes that read it (Material's instant navigation), and is offered to no one;
    where the pages need several files, it is the index instead."""
    base = options.base_url
    offered = []
    for name, files in sections:
        for number, file in enumerate(files, 1):
            single = len(files) == 1
            file.staged.name = (
                f"sitemap-{name}.xml" if single else f"sitemap-{name}-{number}-{file.staged.digest[:8]}.xml"
            )
        offered += [IndexItem(base + f.staged.name, f.lastmod) for f in files]
    result.sections = [name for name, _ in sections]
    result.sitemaps += len(offered) - len(pages)  # the sections' files and the news, as offered
    result.page_files = len(offered)
    items = [*offered, *others]
    if len(items) > MAX_INDEX_ENTRIES:
        raise SitemapError(
            f"sitemap: {len(items):,} sitemaps exceed the {MAX_INDEX_ENTRIES:,} an index may list"
        )
    if result.entry_point_is_index:
        for file in pages:
            fileset.drop(file.staged)
        index_name: str | None = ENTRY_POINT
    else:
        pages[0].staged.name = ENTRY_POINT
        index_name = INDEX_ALIAS if with_alias else None
    if index_name is not None:
        fileset.stage(index_name, renderer.index(items).encode())
        result.index = True
        result.sitemap_urls = [base + index_name, *(item.loc for item in others)]
    else:  # a file of the user's holds sitemap-index.xml: robots.txt names each sitemap
        result.sitemap_urls = [item.loc for item in items]

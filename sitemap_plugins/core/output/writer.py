"""Write the sitemap set: split files, the index, gzip copies, the stylesheet, robots.txt.

`sitemap.xml` is what themes and people open (Material for MkDocs builds its instant navigation
and language selector from the `<url>` elements there), so it is a plain urlset of every page
whenever the pages fit in one file.  News sitemaps and feeds are sitemaps of their own, each named
in robots.txt; `sitemap-index.xml` lists them all for tools that take one URL.  Only when the
pages need several files is `sitemap.xml` itself the index.

How files reach the disk, whole and without touching anything of the user's, is `fileset`'s part.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter, SitemapError
from sitemap_plugins.core.model import Entry, entry_label
from sitemap_plugins.core.normalize import date_key, parse_date
from sitemap_plugins.core.options import MAX_INDEX_ENTRIES, MAX_NEWS_PER_FILE, Options
from sitemap_plugins.core.output.fileset import (
    FileSet,
    OutputError,
    Staged,
    gzip_bytes,
    gzip_file,
    io_error,
    write_atomic,
)
from sitemap_plugins.core.output.render import Renderer, page_namespaces, templates_named
from sitemap_plugins.core.pages.files import file_kind, link_target
from sitemap_plugins.core.robots import RobotsError, merge_robots_txt

ENTRY_POINT = "sitemap.xml"
#: The index of every sitemap when `sitemap.xml` stays a urlset (news, feeds beside the pages).
INDEX_ALIAS = "sitemap-index.xml"
NEWS_SITEMAP = "sitemap-news.xml"
STYLESHEET = "sitemap.xsl"
TEXT_SITEMAP = "sitemap.txt"
ROBOTS_TXT = "robots.txt"
#: What MkDocs' and Zensical's own sitemap is called: ours replaces theirs.
BUILTIN_SITEMAP = (ENTRY_POINT, ENTRY_POINT + ".gz")
_NEWS = frozenset({"news"})


@dataclass
class SitemapFile:
    """One urlset file: its final name is chosen once we know whether an index is needed."""

    staged: Staged
    urls: int
    lastmod: dt.date | dt.datetime | None


@dataclass
class WriteResult:
    """What a write did: the files, the counts, and what the messages say of them."""

    entry_point: str
    files: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    sitemaps: int = 0
    #: An index was written (`sitemap.xml` itself, or `sitemap-index.xml` beside it).
    index: bool = False
    #: `sitemap.xml` is an index: the pages needed several files (this many).
    entry_point_is_index: bool = False
    page_files: int = 0
    urls: int = 0
    images: int = 0
    videos: int = 0
    news: int = 0
    #: A news sitemap is written (option `news`), even with no article in the window.
    news_on: bool = False
    #: The video feed's URL, where one was written (option `video_feed`).
    video_feed: str | None = None
    #: Pages the site's own robots.txt forbids, not listed (option `respect_robots_txt`).
    robots_blocked: int = 0
    #: The pages of the videos they show but say too little of for Google, one per video
    #: (`Harvester.undescribed_videos`).
    undescribed: list[str] = field(default_factory=list)
    #: Pages git could not date: last changed before a shallow clone's history.
    git_undated: int = 0
    #: Listings the news rules matched, which are no news articles (`Harvester.listings_not_news`).
    listings_not_news: int = 0
    #: Pages that copy their default language's page: left out, or listed in no group.
    copies: int = 0
    #: hreflang alternates dropped: they named pages the set leaves out (`Sitemap`).
    alternates_dropped: int = 0
    #: Why the pages listed without a lastmod have none: reason -> pages.
    undated: Counter[str] = field(default_factory=Counter)
    robots_txt: str | None = None
    #: The languages of a set's pages (pages per language) where no page is in an hreflang group.
    ungrouped_languages: Counter[str] = field(default_factory=Counter)
    #: Another tool's sitemaps that ours took the place of (option `replace_sitemaps`).
    replaced: list[str] = field(default_factory=list)
    #: The URLs robots.txt names (a `Sitemap:` line each), in order.
    sitemap_urls: list[str] = field(default_factory=list)
    #: The `Sitemap:` lines to add by hand when robots.txt is not at the host's root.
    robots_hint: list[str] = field(default_factory=list)

    def robots_advice(self) -> str | None:
        """What to add by hand when no robots.txt was written (a base_url with a path): said once."""
        if not self.robots_hint:
            return None
        host = urlsplit(self.entry_point).netloc
        return (
            f"sitemap: no robots.txt written: crawlers read it only at the root of {host}; add "
            f"{' and '.join(self.robots_hint)} to the robots.txt there"
        )

    @property
    def videos_left_out(self) -> int:
        return len(self.undescribed)

    def notes(self) -> list[str]:
        """The lines said before the summary, at INFO: what the owner may want to act on."""
        notes = [advice] if (advice := self.robots_advice()) else []
        if self.replaced:
            notes.append(
                f"sitemap: ours took the place of sitemaps another tool wrote: {', '.join(self.replaced)} "
                "(one submitted in Search Console that is gone now: remove it there)"
            )
        if self.undescribed:
            pages = sorted(set(self.undescribed))
            named = ", ".join(pages[:3]) + (f" and {len(pages) - 3:,} more" if len(pages) > 3 else "")
            notes.append(
                f"sitemap: {_count(self.videos_left_out, 'video')} left out, not described (Google "
                f"requires a title, a description and a thumbnail): {named}; the report (option "
                "`report`) names each, with what is missing"
            )
        if self.undated and self.undated.total() == self.urls and self.urls > 1:
            # A whole set undated: what would date it, in one line.
            reasons = ", ".join(f"{count:,} {reason}" for reason, count in self.undated.most_common())
            notes.append(
                f"sitemap: none of the {self.urls:,} pages has a lastmod ({reasons}): the pages' own dates "
                '(<meta property="article:modified_time">, JSON-LD dateModified), the git history of '
                "their sources, or the lastmods of a sitemap the generator writes give them: "
                "https://sitemap-plugins.github.io/lastmod/"
            )
        elif self.undated:
            reasons = ", ".join(f"{count:,} {reason}" for reason, count in self.undated.most_common())
            notes.append(
                f"sitemap: {_count(self.undated.total(), 'page')} without lastmod: {reasons}; how to date "
                "them: https://sitemap-plugins.github.io/lastmod/ (the report names each)"
            )
        if self.ungrouped_languages:
            languages = self.ungrouped_languages.most_common()
            named = ", ".join(f"{code} {count:,}" for code, count in languages[:4])
            more = f" and {len(languages) - 4:,} more" if len(languages) > 4 else ""
            notes.append(
                f"sitemap: the pages are in {len(languages)} languages ({named}{more}) and none names "
                'its translations, so no hreflang group is listed: <link rel="alternate" hreflang> '
                "links in each page's head, or the alternates of a sitemap the generator writes, give "
                "them: https://sitemap-plugins.github.io/hreflang/"
            )
        if self.listings_not_news:
            notes.append(
                f"sitemap: {_count(self.listings_not_news, 'listing')} (index, archive, category pages) "
                "matched the news rules but are no news articles: not in the news sitemap"
            )
        return notes

    def summary(self, of: str | None = None) -> str:
        """`sitemap: 1,204 URLs in 1 file, 312 images, 4 videos`: the line adapters log at the end;
        `of` names the set where one command writes several (`sitemap (de/mkdocs.yml): ...`)."""
        files = f"{_count(self.urls, 'URL')} in {_count(self.page_files, 'file')}"
        if self.news_on or self.sitemaps > self.page_files:
            files += " + news sitemap" + ("" if self.news else " (empty: no article in the window)")
        if self.index:
            files += " + index"
        parts = [files, _count(self.images, "image"), _count(self.videos, "video")]
        if self.news:
            parts.append(f"{self.news:,} news")
        if self.videos_left_out:
            parts.append(f"{_count(self.videos_left_out, 'video')} left out: not described")
        if self.copies:
            copies = f"{self.copies:,} cop{'y' if self.copies == 1 else 'ies'}"
            parts.append(f"{copies} of another language's page left out: not translations")
        if self.alternates_dropped:
            links = f"{self.alternates_dropped:,} hreflang link{'' if self.alternates_dropped == 1 else 's'}"
            parts.append(f"{links} dropped: they named pages not listed")
        if self.robots_blocked:
            parts.append(f"{_count(self.robots_blocked, 'URL')} left out: robots.txt forbids them")
        if self.video_feed:
            parts.append(f"video feed: {self.video_feed}")
        if self.git_undated:
            parts.append(f"{_count(self.git_undated, 'page')} not dated by git: a shallow clone")
        return (f"sitemap ({of}): " if of else "sitemap: ") + ", ".join(parts)


def material_index_warning(result: WriteResult) -> str:
    """Said once on Material for MkDocs and Zensical sites whose pages need several files."""
    return (
        f"sitemap: the pages need {result.page_files} files, so sitemap.xml is a sitemap index; the "
        "theme's instant navigation, instant previews and language and version selectors read "
        "the <url> elements of sitemap.xml and fall back to full page loads without them (raise "
        "max_urls or max_bytes if they were lowered)"
    )


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


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


class _Packer:
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

    def stage(self, staging: FileSet) -> None:
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


def _dated_item(item: IndexItem, options: Options, report: Reporter) -> IndexItem:
    """A feed's date as the schemas want it (generators hand over their own zone types)."""
    if item.lastmod is None:
        return item
    try:
        return IndexItem(item.loc, parse_date(item.lastmod, options.tzinfo))
    except ValueError as error:
        report(item.loc, "lastmod", f"{error}; left out")
        return IndexItem(item.loc, None)


@templates_named()
def write_sitemaps(
    entries: Iterable[Entry | RenderedUrl],
    out_dir: str | PathLike[str],
    options: Options,
    report: Reporter | None = None,
    renderer: Renderer | None = None,
    extra_sitemaps: Sequence[IndexItem] = (),
    replaceable: Sequence[str] = (),
    also_in_robots: Sequence[str] = (),
    video_channel: VideoChannel | None = None,
    project: str | None = None,
    other_sitemaps: Sequence[str] = (),
) -> WriteResult:
    """Write the sitemap set for validated `entries` (streamed: one file's worth is held at a time).
    Entries may come rendered already (`render_entries`, in a worker process).

    Entries carrying `news` are also listed, with their news tag, in `sitemap-news.xml`.
    `extra_sitemaps` (feeds) are sitemaps of their own, named in robots.txt and in the index.
    `replaceable`: names of files the generator wrote itself (its own bare sitemap.xml), which
    the set replaces.  `other_sitemaps`: the sitemaps another tool wrote there
    (`read_other_sitemaps`), which the set replaces, every one, with `replace_sitemaps`, and
    otherwise leaves as they are.  `also_in_robots`: sitemaps of other sets of the same host (one project per
    language) that this set's robots.txt, at the host's root, names too.  `project`: the
    configuration the set is made from, kept in the manifest (`fileset.read_manifest`).  A
    template that fails (a user's) stops it before anything is written.
    """
    report = report or Reporter(options.strict)
    renderer = renderer or Renderer(options)
    extra_sitemaps = [_dated_item(item, options, report) for item in extra_sitemaps]
    video_items: list[VideoItem] = []
    urls = _rendered(entries, renderer)
    if options.video_feed:
        urls = _noting_videos(urls, video_items)
    out = Path(out_dir)
    result = WriteResult(entry_point=options.base_url + ENTRY_POINT)
    fileset = FileSet(out, replaceable, project)
    try:
        if options.robots_txt:
            stop_at_a_robots_txt_leading_out(fileset)
        if other_sitemaps:
            _replace_or_keep(fileset, other_sitemaps, options, report)
        if fileset.owner_conflict(ENTRY_POINT):
            raise OutputError(
                f"sitemap: {out / fileset.spelling(ENTRY_POINT)} was not written by sitemap-plugins (no "
                "marker of ours, not in the last build's manifest), so it is left as it is and no sitemap "
                "was written; "
                "move it away, or turn off whatever else writes it, and build again"
            )
        skipped = _optional_files_taken(fileset, options, report)
        if STYLESHEET in skipped:
            renderer.stylesheet_href = None
        try:
            pages = _Packer("pages", renderer, fileset, options, options.max_urls, report)
            max_news = min(options.max_urls, MAX_NEWS_PER_FILE)
            news = _Packer("news", renderer, fileset, options, max_news, report)
            wants_text = options.text_sitemap and TEXT_SITEMAP not in skipped
            text = _TextPacker(renderer, options) if wants_text else None
            for url in urls:
                if not pages.add(url, url.xml, url.namespaces):
                    continue
                result.urls += 1
                result.images += url.images
                result.videos += len(url.videos)
                if url.news_xml is not None:
                    result.news += news.add(url, url.news_xml, url.namespaces | _NEWS)
                if text is not None:
                    text.add(url.loc)
            pages.flush()
            # Once a site has news on, its news sitemap always exists: submitted in Search Console,
            # it must not answer 404 on the days no article is in the window (Google: an empty news
            # sitemap is fine).
            news.flush(keep_empty=options.news is not None)
            result.news_on = options.news is not None
            report.raise_if_strict()
            if not pages.files:
                report(ENTRY_POINT, "entries", "no page to list, so no sitemap was written")
                report.raise_if_strict()
                return result
            with_alias = INDEX_ALIAS not in skipped
            last = _name_and_index(
                pages.files, news.files, extra_sitemaps, fileset, renderer, options, result, with_alias
            )
            if options.gzip:  # each sitemap's twin, compressed from the file as it was staged
                for staged in list(fileset.staged):
                    if staged.name.endswith(".xml"):
                        fileset.stage(staged.name + ".gz", gzip_file(staged.temp))
            if renderer.stylesheet_href:
                fileset.stage(STYLESHEET, renderer.stylesheet().encode())
            if text is not None:
                text.stage(fileset)
            if options.indexnow_key:
                _stage_key_file(fileset, options.indexnow_key, report)
            if video_items and options.video_feed not in skipped:
                # Not named in robots.txt nor the index: a feed is submitted in Search Console.
                feed = renderer.video_feed(video_channel or VideoChannel.of(options), video_items).encode()
                fileset.stage(str(options.video_feed), feed)
                if options.gzip:
                    fileset.stage(f"{options.video_feed}.gz", gzip_bytes(feed))
                result.video_feed = options.base_url + str(options.video_feed)
            robots_urls = [*result.sitemap_urls, *also_in_robots] if options.robots_txt else []
            # Rendered before the commit: a robots.txt template that fails writes nothing either.
            robots_block = renderer.robots_block(robots_urls) if options.robots_txt else None
            result.files, result.removed = fileset.commit(last, robots_urls)
            result.replaced = list(fileset.superseded)
        finally:
            fileset.discard()
        if robots_block is not None:
            update_robots_txt(fileset, robots_block, options, result, report, robots_urls)
        return result
    finally:
        fileset.release()  # the next run may write into the directory


def _replace_or_keep(fileset: FileSet, others: Sequence[str], options: Options, report: Reporter) -> None:
    """Another tool's sitemaps in the output (Hugo's index and one per language): with
    `replace_sitemaps`, ours takes the place of every one (the rest are removed at the commit),
    else none is touched: where one holds a name of ours nothing is written, and those that
    stay beside ours, stale, are said."""
    named = ", ".join(others)
    if options.replace_sitemaps:
        fileset.replaceable.update(others)
        fileset.superseded = list(others)
        return
    ours = (ENTRY_POINT, ENTRY_POINT + ".gz") if options.gzip else (ENTRY_POINT,)
    if any(name in ours for name in others):
        raise OutputError(
            f"sitemap: {fileset.out} holds sitemaps sitemap-plugins did not write: {named}; they are "
            "left as they are and no sitemap was written. Put ours in their place, every one of "
            "them, with --replace-sitemaps (option replace_sitemaps: true), or turn off the tool "
            "that writes them (or move them away), and build again"
        )
    report(
        str(fileset.out),
        "replace_sitemaps",
        f"sitemaps sitemap-plugins did not write stay beside ours, stale: {named} (crawlers that "
        "know them still read them); --replace-sitemaps (option replace_sitemaps: true) removes them",
    )


def _stage_key_file(fileset: FileSet, key: str, report: Reporter) -> None:
    """`<key>.txt` holding the key, where IndexNow looks for it (the root of base_url)."""
    name = f"{key}.txt"
    if fileset.owner_conflict(name):
        path = fileset.out / name
        if path.is_file() and path.read_bytes().strip() == key.encode():
            return  # the user's own copy of the same key file: it serves
        report(str(path), "indexnow_key", "holds a file that is not the key file; left as it is")
        return
    fileset.stage(name, key.encode() + b"\n")


@dataclass
class VideoChannel:
    """What the video feed's `<channel>` says of the site."""

    title: str
    link: str
    description: str

    @classmethod
    def of(cls, options: Options, name: str | None = None, description: str | None = None) -> VideoChannel:
        """The site's name and description where the generator has them, else its address."""
        title = (name or "").strip() or urlsplit(options.base_url).netloc
        return cls(title, options.base_url, (description or "").strip() or f"Videos of {title}")


@dataclass
class VideoItem:
    """One `<item>` of the video feed: a video of a page, validated as in the video sitemap."""

    page: str
    video: Any


def _noting_videos(urls: Iterable[RenderedUrl], items: list[VideoItem]) -> Iterator[RenderedUrl]:
    """`urls`, as they pass, their videos noted for the video feed."""
    for url in urls:
        items.extend(VideoItem(url.loc, video) for video in url.videos)
        yield url


def _rendered(entries: Iterable[Entry | RenderedUrl], renderer: Renderer) -> Iterator[RenderedUrl]:
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


def _optional_files_taken(fileset: FileSet, options: Options, report: Reporter) -> set[str]:
    """Optional files whose name holds a file of someone else's: said once, and not written."""
    wanted = [INDEX_ALIAS, *([str(options.video_feed)] if options.video_feed else [])]
    if options.stylesheet:
        wanted.append(STYLESHEET)
    if options.text_sitemap:
        wanted.append(TEXT_SITEMAP)
    taken = {name for name in wanted if fileset.owner_conflict(name)}
    for name in sorted(taken):
        report(
            str(fileset.out / name),
            "file",
            "holds a file that sitemap-plugins did not write; it is left as it is and ours is not "
            "written (rename yours to get ours)",
        )
    return taken


def _name_and_index(
    pages: list[SitemapFile],
    news: list[SitemapFile],
    feeds: Sequence[IndexItem],
    fileset: FileSet,
    renderer: Renderer,
    options: Options,
    result: WriteResult,
    with_alias: bool,
) -> list[str]:
    """Name the staged files, stage the index, fill in `result`; the names to commit last, in order.
    `with_alias`: `sitemap-index.xml` may be written (no file of the user's holds that name)."""
    base = options.base_url
    for number, file in enumerate(news, 1):
        file.staged.name = NEWS_SITEMAP if number == 1 else f"sitemap-news-{number}.xml"
    others = [IndexItem(base + f.staged.name, f.lastmod) for f in news] + list(feeds)
    result.sitemaps = len(pages) + len(news)
    result.page_files = len(pages)
    result.entry_point_is_index = len(pages) > 1
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


# -- robots.txt ---------------------------------------------------------------------------------


def stop_at_a_robots_txt_leading_out(fileset: FileSet) -> None:
    """A robots.txt that is a link out of the output would publish another file's bytes if it were
    read and replaced: the run stops before writing anything, naming it."""
    path = fileset.out / ROBOTS_TXT
    if path.is_symlink():
        target = link_target(path)
        if target is None:
            raise OutputError(
                f"sitemap: {path} is a symbolic link whose links go round in a loop: it is neither "
                "read nor replaced, and nothing was written; make it a file (or turn off robots_txt)"
            )
        if fileset.out.resolve() not in target.parents:
            raise OutputError(
                f"sitemap: {path} is a symbolic link to {target}, outside the output directory: it is "
                "neither read nor replaced, and nothing was written; make it a file of the output (or "
                "turn off robots_txt) and build again"
            )


def update_robots_txt(
    fileset: FileSet,
    block: str,
    options: Options,
    result: WriteResult,
    report: Reporter,
    robots_urls: Sequence[str],
) -> None:
    """Merge our `Sitemap:` lines (`block`, robots.txt's template rendered for
    `result.sitemap_urls`) into robots.txt.  Crawlers read robots.txt only at the root of a
    host: under a `base_url` with a path, a user's own file is still merged (it may be served
    elsewhere), but none is created, and the lines to add at the root are said instead."""
    path = fileset.out / ROBOTS_TXT
    at_root = urlsplit(options.base_url).path in ("", "/")
    # The user's robots.txt is read and replaced only where it is a regular file of the output
    # (a link within it is followed): a FIFO would block.
    mode = None
    try:
        if os.path.islink(path):
            # A link out of the output stopped the run before anything was written
            # (`stop_at_a_robots_txt_leading_out`); one within it is followed.
            path = path.resolve()
        existing = None
        if os.path.lexists(path):
            mode = path.stat().st_mode
            if not stat.S_ISREG(mode):
                report(
                    str(path),
                    "robots.txt",
                    f"is not a regular file ({file_kind(mode)}); left as it is, so the Sitemap: line "
                    "was not added",
                )
                return
            existing = path.read_bytes()
    except OSError as error:
        # The sitemaps are in place already: said, and the build goes on.
        said = str(io_error(path, error, "read")).removeprefix("sitemap: ")
        report(str(path), "robots.txt", f"{said}; the Sitemap: line was not added")
        return
    if existing is None and not at_root:
        result.robots_hint = [f"Sitemap: {url}" for url in robots_urls]
        return
    ours = {*fileset.robots_urls_written_before(), *robots_urls}
    # The lines naming another tool's sitemaps that ours replaced would name files that are gone.
    gone = [options.base_url + name for name in result.replaced if name not in result.files]
    try:
        merged = merge_robots_txt(existing, block, ours, gone)
    except RobotsError as error:
        report(str(path), "robots.txt", f"{error}; left as it is, add the Sitemap: line yourself")
        return
    if merged != existing:
        try:
            write_atomic(path, merged, None if mode is None else stat.S_IMODE(mode))
        except OutputError as error:
            said = str(error).removeprefix("sitemap: ")
            report(str(path), "robots.txt", f"{said}; the Sitemap: line was not added")
            return
    result.robots_txt = merged.decode("utf-8", "surrogateescape")

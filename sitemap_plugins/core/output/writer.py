"""Write the sitemap set: split files, the index, gzip copies, the stylesheet, robots.txt.

`sitemap.xml` is what themes and people open (Material for MkDocs builds its instant navigation
and language selector from the `<url>` elements there), so it is a plain urlset of every page
whenever the pages fit in one file.  News sitemaps and feeds are sitemaps of their own, each named
in robots.txt; `sitemap-index.xml` lists them all for tools that take one URL.  Only when the
pages need several files is `sitemap.xml` itself the index.

Rendering and packing are `packing`'s part, robots.txt `robots_txt`'s, and how files reach the
disk, whole and without touching anything of the user's, `fileset`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.model import Entry
from sitemap_plugins.core.normalize import parse_date
from sitemap_plugins.core.options import MAX_INDEX_ENTRIES, MAX_NEWS_PER_FILE, Options
from sitemap_plugins.core.output.diskio import OutputError, gzip_bytes, gzip_file
from sitemap_plugins.core.output.fileset import FileSet
from sitemap_plugins.core.output.packing import (
    ENTRY_POINT,
    INDEX_ALIAS,
    TEXT_SITEMAP,
    IndexItem,
    Packer,
    RenderedUrl,
    Sections,
    TextPacker,
    name_and_index,
    rendered,
)
from sitemap_plugins.core.output.render import Renderer, templates_named
from sitemap_plugins.core.output.result import WriteResult
from sitemap_plugins.core.output.robots_txt import stop_at_a_robots_txt_leading_out, update_robots_txt

STYLESHEET = "sitemap.xsl"
#: What MkDocs' and Zensical's own sitemap is called: ours replaces theirs.
BUILTIN_SITEMAP = (ENTRY_POINT, ENTRY_POINT + ".gz")
_NEWS = frozenset({"news"})


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
    kept: Mapping[str, object] | None = None,
) -> WriteResult:
    """Write the sitemap set for validated `entries` (streamed: one file's worth is held at a time).
    Entries may come rendered already (`render_entries`, in a worker process).

    Entries carrying `news` are also listed, with their news tag, in `sitemap-news.xml`.
    `extra_sitemaps` (feeds) are sitemaps of their own, named in robots.txt and in the index.
    `replaceable`: names of files the generator wrote itself (its own bare sitemap.xml), which
    the set replaces.  `other_sitemaps`: the sitemaps another tool wrote there
    (`read_other_sitemaps`), which the set replaces, every one, with `replace_sitemaps`, and
    otherwise leaves as they are.  `also_in_robots`: sitemaps of other sets of the same host (one
    project per language) that this set's robots.txt, at the host's root, names too.  `project`:
    the configuration the set is made from, kept in the manifest (`fileset.read_manifest`), as
    is `kept` (`FileSet`).  A template that fails (a user's) stops it before anything is written.
    """
    report = report or Reporter(options.strict)
    renderer = renderer or Renderer(options)
    feeds = [_dated_item(item, options, report) for item in extra_sitemaps]
    videos: list[VideoItem] = []
    urls = rendered(entries, renderer)
    if options.video_feed:
        urls = _noting_videos(urls, videos)
    result = WriteResult(entry_point=options.base_url + ENTRY_POINT)
    fileset = FileSet(Path(out_dir), replaceable, project, kept)
    try:
        _make_room(fileset, other_sitemaps, options, report)
        skipped = _optional_files_taken(fileset, options, report)
        if STYLESHEET in skipped:
            renderer.stylesheet_href = None
        robots_block = None
        try:
            staged = _stage_sitemaps(urls, feeds, fileset, renderer, options, report, result, skipped)
            if staged is None:
                return result
            last, text = staged
            channel = video_channel or VideoChannel.of(options)
            _stage_companions(fileset, renderer, options, report, result, text, (channel, videos), skipped)
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


def _make_room(fileset: FileSet, other_sitemaps: Sequence[str], options: Options, report: Reporter) -> None:
    """What must hold before anything is staged: robots.txt inside the output, and the entry
    point free for ours (or another tool's that ours may replace)."""
    if options.robots_txt:
        stop_at_a_robots_txt_leading_out(fileset)
    if other_sitemaps:
        _replace_or_keep(fileset, other_sitemaps, options, report)
    if fileset.owner_conflict(ENTRY_POINT):
        raise OutputError(
            f"sitemap: {fileset.out / fileset.spelling(ENTRY_POINT)} was not written by sitemap-plugins "
            "(no marker of ours, not in the last build's manifest), so it is left as it is and no "
            "sitemap was written; move it away, or turn off whatever else writes it, and build again"
        )


def _stage_sitemaps(
    urls: Iterable[RenderedUrl],
    feeds: Sequence[IndexItem],
    fileset: FileSet,
    renderer: Renderer,
    options: Options,
    report: Reporter,
    result: WriteResult,
    skipped: set[str],
) -> tuple[list[str], TextPacker | None] | None:
    """The urlsets, the news sitemaps and the index, staged and counted in `result`; the names to
    commit last, and the text sitemap's lines.  None where there is no page to list."""
    pages = Packer("pages", renderer, fileset, options, options.max_urls, report)
    news = Packer("news", renderer, fileset, options, min(options.max_urls, MAX_NEWS_PER_FILE), report)
    text = TextPacker(renderer, options) if options.text_sitemap and TEXT_SITEMAP not in skipped else None
    sections = Sections(renderer, fileset, options, report) if options.sections else None
    for url in urls:
        if not pages.add(url, url.xml, url.namespaces):
            continue
        if sections is not None:
            sections.add(url)
        result.urls += 1
        result.images += url.images
        result.videos += len(url.videos)
        if url.news_xml is not None:
            result.news += news.add(url, url.news_xml, url.namespaces | _NEWS)
        if text is not None:
            text.add(url.loc)
    pages.flush()
    # Once a site has news on, its news sitemap always exists: submitted in Search Console, it
    # must not answer 404 on the days no article is in the window (Google: an empty news sitemap
    # is fine).
    news.flush(keep_empty=options.news is not None)
    result.news_on = options.news is not None
    report.raise_if_strict()
    if not pages.files:
        report(ENTRY_POINT, "entries", "no page to list, so no sitemap was written")
        report.raise_if_strict()
        return None
    with_alias = INDEX_ALIAS not in skipped
    parts = sections.flush() if sections is not None else None
    last = name_and_index(
        pages.files, news.files, feeds, fileset, renderer, options, result, with_alias, parts
    )
    return last, text


def _stage_companions(
    fileset: FileSet,
    renderer: Renderer,
    options: Options,
    report: Reporter,
    result: WriteResult,
    text: TextPacker | None,
    video_feed: tuple[VideoChannel, list[VideoItem]],
    skipped: set[str],
) -> None:
    """What goes beside the sitemaps: their gzip twins, the stylesheet, the text sitemap, the
    IndexNow key file and the video feed."""
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
    channel, videos = video_feed
    if videos and options.video_feed not in skipped:
        # Not named in robots.txt nor the index: a feed is submitted in Search Console.
        feed = renderer.video_feed(channel, videos).encode()
        fileset.stage(str(options.video_feed), feed)
        if options.gzip:
            fileset.stage(f"{options.video_feed}.gz", gzip_bytes(feed))
        result.video_feed = options.base_url + str(options.video_feed)


@templates_named()
def write_index(
    root: str | PathLike[str], items: Sequence[IndexItem], options: Options, emit: Callable[[str], None]
) -> WriteResult:
    """A sitemap index at `root` naming other sets' sitemaps (each version of a site mike
    deploys), and the `Sitemap:` lines of robots.txt naming it; written whole, as a set is.  An
    index lists at most 50,000 sitemaps and cannot list another index: past that, the rest go
    to indexes of their own, each named in robots.txt."""
    report = Reporter(False, emit=emit)
    renderer = Renderer(options)
    fileset = FileSet(Path(root))
    try:
        _make_room(fileset, (), options, report)
        result = WriteResult(entry_point=options.base_url + ENTRY_POINT, index=True, sitemaps=len(items))
        parts = [items[at : at + MAX_INDEX_ENTRIES] for at in range(0, len(items), MAX_INDEX_ENTRIES)]
        names = [ENTRY_POINT, *(f"sitemap-index-{number}.xml" for number in range(2, len(parts) + 1))]
        result.sitemap_urls = [options.base_url + name for name in names]
        try:
            for name, part in zip(names, parts, strict=True):
                fileset.stage(name, renderer.index(part).encode())
            robots_block = renderer.robots_block(result.sitemap_urls)  # fails before the commit too
            result.files, result.removed = fileset.commit(names[::-1], result.sitemap_urls)
        finally:
            fileset.discard()
        update_robots_txt(fileset, robots_block, options, result, report, result.sitemap_urls)
        return result
    finally:
        fileset.release()  # the next run may write into the directory


def _dated_item(item: IndexItem, options: Options, report: Reporter) -> IndexItem:
    """A feed's date as the schemas want it (generators hand over their own zone types)."""
    if item.lastmod is None:
        return item
    try:
        return IndexItem(item.loc, parse_date(item.lastmod, options.tzinfo))
    except ValueError as error:
        report(item.loc, "lastmod", f"{error}; left out")
        return IndexItem(item.loc, None)


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

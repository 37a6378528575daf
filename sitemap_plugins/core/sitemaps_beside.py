"""Sitemaps beside the set: the owner's (`extra_sitemaps`), the generator's feeds, and those another
tool wrote into the output, which stand for the set's pages (stale beside it) or for a part of the
site of their own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from sitemap_plugins.core.errors import Reporter, log
from sitemap_plugins.core.model import Entry, LeftOut
from sitemap_plugins.core.option_values import as_served, escapes_read, within
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.packing import IndexItem
from sitemap_plugins.core.pages.harvest import leave_out
from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps, lists_any
from sitemap_plugins.core.sitemap_reader import ReadError, SetReader, read_index_items, site_file


def served_feeds(feeds: Sequence[IndexItem], options: Options, report: Reporter) -> list[IndexItem]:
    """The adapter's feeds whose URLs a web server answers with the feed written: one whose
    path spells a dot segment (`%2e%2e/`, from a feed setting) names another file, or one
    outside the site, and is said and left out, as `extra_sitemaps` are."""
    kept = []
    for feed in feeds:
        served = as_served(feed.loc)
        if served == feed.loc:
            kept.append(feed)
            continue
        base = options.base_url
        where = "" if within(served, base) else f", outside the site {base}"
        report(
            "feed",
            feed.loc,
            f"a web server reads {escapes_read(feed.loc)}, so it names {served}{where}, not the feed "
            "written; left out",
        )
    return kept


def stale_sitemaps(
    others: OtherSitemaps, names: list[str], options: Options, entries: Mapping[str, Entry]
) -> list[str]:
    """Of another tool's sitemaps, those that stand for this set's pages (stale beside ours).
    One in a folder that lists none of them (an API reference's own) is a part of the site of
    its own: left as it is, and what would offer it is said (`replace_sitemaps` replaces
    every one, as the owner asked)."""
    if options.replace_sitemaps:
        return names
    parts = [name for name in names if "/" in name and name in others.listed]
    parts = [name for name in parts if not lists_any(others, name, entries.keys())]
    for name in parts:
        log.info(
            "sitemap: %s is another tool's sitemap of pages this set does not list (a part of the "
            "site of its own): left as it is; name it in extra_sitemaps to offer it in the index and "
            "robots.txt",
            name,
            extra={"build_wide": True},
        )
    return [name for name in names if name not in parts]


def extra_sitemaps(
    out: Path, options: Options, report: Reporter, entries: dict[str, Entry], left_out: list[LeftOut]
) -> tuple[list[IndexItem], set[str]]:
    """Option `extra_sitemaps`: what the index names of each (a sitemap, dated by its newest
    page; an index, by the sitemaps it names, as an index cannot name an index), and the
    files of the output they are, which are the site's, not stale.  One in the output that
    is not there, or cannot be read, is said and left out."""
    named: list[IndexItem] = []
    files: set[str] = set()
    base = options.base_url
    for url in options.extra_sitemaps:
        path = site_file(out, base, url)
        if path is None:  # the host's, outside this set's directory: named as it is
            named.append(IndexItem(url, None))
            continue
        try:
            named += read_index_items(path, url)
            listed = SetReader(base).from_file(path)
        except ReadError as error:
            report("option 'extra_sitemaps'", url, f"{error}; left out")
            continue
        files.add(path.relative_to(out.resolve()).as_posix())
        # What it lists is offered by it: no URL is named twice to search engines.
        for loc in [loc for loc in entries if loc in listed]:
            entry = entries.pop(loc)
            left_out.append(leave_out(loc, entry.source, "elsewhere", f"elsewhere: listed in {url}"))
    return named, files

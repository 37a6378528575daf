"""Dates across the set: a page that shows what it showed at the last deploy keeps that deploy's
lastmod (`previous`); what has no lastmod is counted by why."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sitemap_plugins.core.pages.dates import NOT_COMMITTED
from sitemap_plugins.core.rules.site import Site


def date_what_did_not_change(site: Site) -> None:
    """A page that shows what it showed at the last deploy keeps the lastmod it had then, however
    its sources' dates moved; one that shows something else with no later source date changed in
    this build (`Fingerprints.date`).

    Reads: the fingerprint of each page's words, the last deploy's.  Changes: the lastmods of
    the pages that are no listings (listings are dated by what they show, after)."""
    assert site.previous is not None and site.dates is not None
    site.previous.date(site.entries, site.digests, set(site.listings), site.dates.build_time)


def count_the_undated(site: Site) -> None:
    """Why the pages listed without a lastmod have none, counted for the closing lines; git is
    asked once which of the sources it has no commit of it ignores (a staged copy of the docs,
    often).

    Reads: each undated entry's `lastmod_source`.  Changes: `Site.undated`; the source of those
    git ignores (`ignored by git`) and of entries given without a date."""
    assert site.dates is not None
    uncommitted = site.uncommitted
    by_git: dict[Any, list[str]] = {}
    for loc, entry in site.entries.items():
        if entry.lastmod is None and entry.lastmod_source == f"none: {NOT_COMMITTED}" and loc in uncommitted:
            path = uncommitted[loc]
            by_git.setdefault(site.dates.git_of(path), []).append(path)
    ignored = {path for dates, paths in by_git.items() for path in dates.ignored(paths)}
    reasons: Counter[str] = Counter()
    for loc, entry in site.entries.items():
        if entry.lastmod is not None:
            continue
        if uncommitted.get(loc) in ignored:
            entry.lastmod_source = "none: ignored by git"
        elif loc not in site.built and not entry.lastmod_source:
            entry.lastmod_source = "none: given without one (extra_urls, an entry of the API)"
        reasons[(entry.lastmod_source or "none: no source dates it").removeprefix("none: ")] += 1
    site.undated = reasons

"""What the set cannot list, whatever a page says: what the site's robots.txt forbids, what leads
nowhere; and, where nothing is listed, why."""

from __future__ import annotations

import functools
from collections import Counter

from sitemap_plugins.core.files import NO_FILE, not_served
from sitemap_plugins.core.output.robots_txt import ROBOTS_TXT
from sitemap_plugins.core.robots import judge_entry, read_robots_rules
from sitemap_plugins.core.rules.site import Site

#: A video's URLs that must lead to something: its file, its thumbnail, its player.
VIDEO_FILES = ("content_loc", "thumbnail_loc", "player_loc")


def leave_out_what_robots_txt_forbids(site: Site) -> None:
    """What the site's own robots.txt forbids is never crawled: listing it tells engines two
    opposite things (Search Console: "Submitted URL blocked by robots.txt").

    Reads: the robots.txt of the output, every entry.  Changes: takes out the entries it
    forbids (with the line that does), and their images and videos of the site's host."""
    assert site.out is not None
    rules = read_robots_rules(site.out / ROBOTS_TXT, site.options.base_url, site.report)
    if rules is None:
        return
    for loc, entry in list(site.entries.items()):
        if (line := judge_entry(entry, rules)) is not None:
            site.unlisted.add(loc)
            site.robots_blocked += 1
            site.leave_out(entry, "robots", f"robots.txt: {line}")


def leave_out_what_leads_nowhere(site: Site) -> None:
    """What a built page lists in its own site must be there: an image, a video's files or player, the page
    itself. A link that leads nowhere (a typo, a file not copied, a link the generator left unresolved,
    `|filename|/images/x.png`) would be a 404 for a crawler.

    Reads: the built pages' entries, the site directory's files. Changes: takes out each page, image or video
    that no file serves, with a WARNING naming the page and the attribute (the owner can mend it)."""
    assert site.site_dir is not None
    site_dir, base = site.site_dir, site.options.base_url
    folders: dict[str, bool] = {}  # a picture folder the site lacks is asked of once, not per picture

    @functools.cache  # a site's logo, its shared pictures: asked of the disk once
    def missing(url: str | None) -> str | None:
        return None if url is None else not_served(site_dir, base, url, folders)

    for loc in sorted(site.built):
        entry = site.entries.get(loc)
        if entry is None:
            continue
        if loc not in site.walked and (why := missing(loc)) is not None:
            del site.entries[loc]
            said = "no file of the site is served at it" if why == NO_FILE else f"its file {why}"
            site.report(entry.label, "loc", f"{said}; left out")
            continue
        for image in list(entry.images):
            if (why := missing(image.loc)) is not None:
                entry.images.remove(image)
                site.report(entry.label, "image", f"{image.loc} {why}; left out")
        kept = []
        for number, video in enumerate(entry.videos):
            lost = {name: why for name in VIDEO_FILES if (why := missing(getattr(video, name)))}
            if lost:
                said = ", ".join(f"{name} {getattr(video, name)}" for name in lost)
                why = next(iter(lost.values())).removeprefix("is ")
                site.report(entry.label, f"video[{number}]", f"{said}: {why}; left out")
            else:
                kept.append(video)
        entry.videos = kept


def say_why_nothing_is_listed(site: Site) -> None:
    """Most pages left out as canonical elsewhere, under one other address: the base URL is not the one the
    site is published at (`--base-url .../latest/` for pages that say `.../stable/`).

    Reads: the canonical URLs of the pages left out for one. Changes: nothing; says it in one line, with the
    address to use (the rule runs where the set is empty)."""
    base, left_out = site.options.base_url, site.left_out
    addresses: Counter[str] = Counter()
    for url, canonical in site.canonical_elsewhere.items():
        if not url.startswith(base):
            continue
        path = url[len(base) :]
        # The page's path under the base URL, as the canonical spells it (`index.html`).
        spellings = (f"{path}index.html", f"{path}.html", path)
        spelled = next((spelling for spelling in spellings if canonical.endswith(spelling)), None)
        if spelled is not None:
            addresses[canonical[: len(canonical) - len(spelled)]] += 1
    if not addresses:
        return
    address, count = addresses.most_common(1)[0]
    if count * 2 > len(left_out):
        site.report.notice(
            f"sitemap: {count:,} of the {len(left_out):,} pages name their canonical URL under "
            f"{address}, not under the base URL {base}, so none is listed: if the site is published "
            f"at {address}, make that the base URL (site_url, SITEURL, --base-url)"
        )

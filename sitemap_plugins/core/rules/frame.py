"""What the theme's frame shows on every page: pictures and players most pages show, and a head
description written the same on every page, belong to no page."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.model import Entry
from sitemap_plugins.core.pages.videos import PageVideos, description_template
from sitemap_plugins.core.rules.site import Site


def leave_out_the_frames_media(site: Site) -> None:
    """A picture or a player on most of the site's pages (three at least) is the frame's,
    wherever the theme put it (a "Contribute" ribbon, a promotion in a plain `<div>`): no
    page's own image or video.

    Reads: the images and videos of the built pages that are no listings (a listing's are those
    of the pages it shows), and the pictures each page's frame shows.  Changes: takes them out
    of every such entry, counted as the frame's."""
    built = [e for loc in site.built if loc not in site.listings and (e := site.entries.get(loc))]

    def repeated(what: str, keys_of: Callable[[Entry], set[Any]], listed: set[Any]) -> set[Any]:
        """What most pages show (`keys_of`), said where some page would list it (`listed`)."""
        shown = Counter(key for entry in built for key in keys_of(entry))
        found = {key for key, pages in shown.items() if pages >= 3 and pages > len(built) / 2}
        for key in sorted(found & listed, key=str):
            log.info(
                "sitemap: the %s %s is on %d of %d pages: the site's frame, listed for none",
                what,
                key,
                shown[key],
                len(built),
            )
        return found

    videos = repeated(
        "video",
        lambda entry: {video.key for video in entry.videos},
        {video.key for entry in built for video in entry.videos},
    )
    # `images_decorative` lists the frame's pictures too.  A picture counts where the frame
    # shows it as well: a "Contribute" ribbon outside the `<article>` of most pages, read as
    # content on the pages that mark no region (PyVideo's events and tags pages).
    images: set[Any] = set()
    if not site.options.images_decorative:
        frame = site.frame_images
        images = repeated(
            "image",
            lambda entry: {image.loc for image in entry.images} | frame.get(entry.loc, set()),
            {image.loc for entry in built for image in entry.images},
        )
    if videos or images:
        for entry in built:
            entry.videos = [video for video in entry.videos if video.key not in videos]
            kept = [image for image in entry.images if image.loc not in images]
            site.images_left_out["frame"] += len(entry.images) - len(kept)
            entry.images = kept


def take_back_the_themes_descriptions(site: Site) -> None:
    """A description the theme writes on every page (the site's, or one with only the page's
    title changed: "Django, API, REST, {{ page.title }}") belongs to no page, and describes none
    of its players.

    Reads: every readable page's head description and titles; the players only their page's
    head description describes.  Changes: leaves out, as undescribed, the players only such a
    description described."""
    if not site.head_described:
        return  # most sites: no player that the head's description alone describes
    templates = Counter(description_template(text, *titles) for text, *titles in site.head_texts)
    for loc, (page, description, template, players) in site.head_described.items():
        entry = site.entries.get(loc)
        if entry is None or (templates[template] < 2 and description != site.site_description):
            continue
        kept = []
        for number, video in enumerate(entry.videos):
            if video.key in players:
                site.undescribed.append(
                    PageVideos.undescribed(page, number, video.key or "a video", ["description"])
                )
            else:
                kept.append(video)
        entry.videos = kept

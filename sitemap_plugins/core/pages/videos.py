"""A page's videos as the sitemap lists them: what its players say of themselves, completed by the
page's `video:` metadata, its description and its `og:image`; those Google cannot list (no title,
description or thumbnail) counted and named, and the description a theme writes on every page
told apart (`description_template`)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple
from urllib.parse import urljoin

from sitemap_plugins.core.errors import Reporter, log, shown
from sitemap_plugins.core.mapping import is_mapping, is_video_block, video_fields
from sitemap_plugins.core.model import Page, UndescribedVideo, Video
from sitemap_plugins.core.normalize import to_uri
from sitemap_plugins.core.pages.html import HtmlFacts


class Players(NamedTuple):
    """A page's players as the sitemap lists them (`PageVideos.of`)."""

    #: Those Google can list.
    videos: list[Video]
    #: Those the page says too little of (no title, description or thumbnail), said at INFO.
    undescribed: list[UndescribedVideo]
    #: Where the head's `<meta name="description">` alone describes some of them: that
    #: description, the same with the page's title taken out (`description_template`), and
    #: those players (their URLs).  The site's rules take it back where the theme writes it.
    head_described: tuple[str, str, set[str | None]] | None


class PageVideos:
    """The videos of one page, and what is said of those Google cannot list."""

    def __init__(self, report: Reporter) -> None:
        self.report = report

    def of(self, page: Page, facts: HtmlFacts, label: str) -> Players:
        """The page's videos that Google can list: those its HTML shows, completed by its `video:`
        metadata, its description and its `og:image`; the others counted, or named where the
        owner's own metadata lacks what Google requires."""
        if not facts.videos and "videos" not in page.meta and "video" not in page.meta:
            return Players([], [], None)  # most pages
        videos = list(facts.videos)
        # What the player's own section says of it first (its caption, the paragraph that
        # introduces it); where it says nothing, the page's description, its metadata's, else its
        # head's (which the site's rules take back where the theme writes it on every page); a `video:`
        # block in the metadata overrides them all.
        description = page.meta.get("description") or facts.description
        if facts.image:
            videos = _one_per_talk(videos)
        # The page's `og:image` is the thumbnail of its one player that has none where it
        # pictures that video: the page is the video's (its title names it: a talk's page), or
        # the player's own section shows that picture; not a figure of another section.
        unthumbed = [video for video in videos if not video.thumbnail_loc]
        if facts.image and len(unthumbed) == 1 and _pictured(unthumbed[0], facts):
            unthumbed[0].thumbnail_loc = facts.image
        blocks = self._video_blocks(page, label)
        described = set()  # the videos a `video:` block of the page's own speaks of
        for index, block in enumerate(blocks):
            fields = {k: v for k, v in block.items() if v not in (None, "", [])}
            key = fields.get("content_loc") or fields.get("player_loc")
            target = None
            if key:
                absolute = urljoin(page.url, str(key))
                target = next((v for v in videos if v.key and to_uri(v.key) == to_uri(absolute)), None)
            elif index < len(videos):
                target = videos[index]
            if target is None:
                target = Video()
                videos.append(target)
            described.add(id(target))
            for name, value in fields.items():
                if name in ("content_loc", "player_loc", "thumbnail_loc") and isinstance(value, str):
                    value = urljoin(page.url, value)
                elif name == "uploader" and value.info:
                    value.info = urljoin(page.url, str(value.info))
                setattr(target, name, value)
        complete, undescribed = [], []
        by_the_head = set()  # the videos only the head's description describes
        for number, video in enumerate(videos):
            if not video.description and description and not page.meta.get("description"):
                by_the_head.add(video.key)
            video.description = video.description or description
            missing = [f for f in ("thumbnail_loc", "title", "description") if not getattr(video, f)]
            if not video.key:
                missing.append("content_loc or player_loc")
            if missing:
                what = video.key or "a video"
                if id(video) in described:  # the owner's own metadata is incomplete: a warning
                    said = f"{what} has no {', '.join(missing)}, which Google requires; video left out"
                    self.report(label, f"video[{number}]", said)
                else:  # a player in the page says no more: nothing is wrong, nothing is listed
                    undescribed.append(self.undescribed(page, number, what, missing))
                continue
            complete.append(video)
        head_described = None
        if by_the_head:
            head_described = (
                description,
                description_template(description, page.title, facts.title),
                by_the_head,
            )
        return Players(complete, undescribed, head_described)

    @staticmethod
    def undescribed(page: Page, number: int, what: str, missing: list[str]) -> UndescribedVideo:
        """A player the page says too little of for Google: said at INFO with what would
        describe it, to be counted."""
        where = (
            "the page's `video:` metadata can give them"
            if page.source_path is None or page.source_path != page.path  # else no metadata
            else "the page can: the player's `title`, a paragraph in its section, a poster"
        )
        said = f"{what} has no {', '.join(missing)}, which Google requires; {where}"
        log.info("sitemap: %s: video[%d]: %s; left out", page.label, number, said)
        return UndescribedVideo(page.url, page.source, what, ", ".join(missing))

    def _video_blocks(self, page: Page, label: str) -> list[dict[str, Any]]:
        raw = page.meta.get("videos", page.meta.get("video"))
        blocks = []
        items = raw if isinstance(raw, list) else [raw] if raw is not None else []
        for item in items:
            if not is_mapping(item) or not is_video_block(item):
                # The site's own metadata (PyVideo's `videos:`, which its theme renders): not ours.
                log.debug(
                    "sitemap: %s: metadata video: %s is not a video sitemap block; left alone",
                    label,
                    shown(item),
                )
                continue
            try:
                blocks.append(video_fields(item))
            except ValueError as error:
                self.report(label, "metadata video", f"{error}; ignored")
        return blocks


#: What joins a page's title to its site's name in `<title>` ("3.0 Announcement - Django REST framework").
_TITLE_JOINERS = re.compile(r"\s+[-|–—·:]+\s+")


def _pictured(video: Video, facts: HtmlFacts) -> bool:
    """The page's `og:image` pictures `video`: the page is the video's, or its section shows it."""
    own = video.title is not None and facts.title is not None and video.title in facts.title
    return own or facts.image in facts.section_pictures.get(video.key, {facts.image})


def description_template(description: str, *titles: str | None) -> str:
    """`description` with the page's title taken out: what a theme writes on every page, where
    it writes one (`<meta name="description" content="Django, API, REST, {{ page.title }}">`)."""
    for title in titles:
        for part in [title, *_TITLE_JOINERS.split(title)] if title else []:
            if len(part) > 2 and part in description:
                description = description.replace(part, "\0")
    return description


def _one_per_talk(videos: list[Video]) -> list[Video]:
    """Players without a thumbnail that one heading titles are one talk in several encodings (an
    ogv and an mp4 `<video>`, an mp4 and a PeerTube player, in tabs): one video, its file where
    the page gives one (an mp4 first), described by its section where one of them is."""
    by_title: dict[str, list[Video]] = {}
    for video in videos:
        if not video.thumbnail_loc and video.title:
            by_title.setdefault(video.title, []).append(video)
    kept = []
    for video in videos:
        same = by_title.get(video.title or "", [])
        if len(same) < 2:
            kept.append(video)
        elif video is same[0]:
            chosen = min(
                same, key=lambda v: (not (v.content_loc or "").lower().endswith(".mp4"), not v.content_loc)
            )
            chosen.description = chosen.description or next(
                (v.description for v in same if v.description), None
            )
            kept.append(chosen)
    return kept

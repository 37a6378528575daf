"""The set as it is written: the rules `Sitemap.write` applies to all its entries at once, once
every page is in.  What the site's robots.txt forbids, what leads nowhere and the frame's players
are left out; listings are dated by what they show; hreflang groups are completed (`groups`);
what has no lastmod is counted by why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.files import read_page_file, served
from sitemap_plugins.core.groups import HreflangGroups
from sitemap_plugins.core.normalize import date_key, uri_or_same
from sitemap_plugins.core.output.robots_txt import ROBOTS_TXT
from sitemap_plugins.core.pages.dates import NOT_COMMITTED, UNDATED_LISTING
from sitemap_plugins.core.pages.html import links_around
from sitemap_plugins.core.robots import judge_entry, read_robots_rules

if TYPE_CHECKING:
    from sitemap_plugins.core.model import Entry, Page
    from sitemap_plugins.core.pages.fingerprints import Fingerprints

#: A video's URLs that must lead to something: its file, its thumbnail, its player.
VIDEO_FILES = ("content_loc", "thumbnail_loc", "player_loc")


class Shown(NamedTuple):
    """What a listing page shows: the pages its content region links to, and the page, whose
    body outside its region and frame may hold the list (a theme may put it there)."""

    region: list[str]
    #: The page, read again for the links around its region where needed (`links_around`).
    page: Page | None


class SetRules(HreflangGroups):
    """What `Sitemap` does to its entries as a whole, before they are written."""

    #: The pages handed over as built pages (`Sitemap.add_page`).
    _built: set[str]
    #: loc -> the URLs a listing page shows.
    _listings: dict[str, Shown]
    #: The pages that say when they were published.
    _posts: set[str]
    _may_list: dict[str, list[str]]
    #: How many of the pages of unknown kind (`Page.kind_unknown`) link to each URL, and how many
    #: such pages were read.
    _links_shown: Counter[str]
    _pages_read: int
    #: The links most pages show (`_links_most_pages_show`), no listing's entries.
    _everywhere: set[str]
    _robots_blocked: int
    #: loc -> the page whose players its head's description may describe (`Sitemap`).
    _head_described: dict[str, tuple[Page, str, str, set[str | None]]]
    site_description: str | None
    previous: Fingerprints | None

    def _settle(self, out: Path) -> None:
        """The entries as they are written: what robots.txt forbids, what leads nowhere and the
        frame's players left out, listings dated, hreflang groups completed."""
        if self.options.respect_robots_txt:
            self._leave_out_blocked(out / ROBOTS_TXT)
        if self.site_dir is not None:
            self._leave_out_missing(self.site_dir)
        # Listings told first: their excerpts repeat the posts' media, which are no frame's.
        self._tell_listings()
        self._leave_out_the_frames_media()
        self._take_back_the_themes_descriptions()
        if self.previous is not None:
            self.previous.date(
                self.entries, self.harvester.digests, set(self._listings), self.harvester.build_time
            )
        self._date_listings()
        self._complete_alternates()
        if not self.entries:
            self._say_why_nothing_is_listed()

    def _say_why_nothing_is_listed(self) -> None:
        """Most pages left out as canonical elsewhere, under one other address: the base URL is
        not the one the site is published at (`--base-url .../latest/` for pages that say
        `.../stable/`).  Said in one line, with the address to use."""
        base, left_out = self.options.base_url, self.harvester.left_out
        addresses: Counter[str] = Counter()
        for url, canonical in self.harvester.canonical_elsewhere.items():
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
            self.report.notice(
                f"sitemap: {count:,} of the {len(left_out):,} pages name their canonical URL under "
                f"{address}, not under the base URL {base}, so none is listed: if the site is published "
                f"at {address}, make that the base URL (site_url, SITEURL, --base-url)"
            )

    def _leave_out_blocked(self, robots: Path) -> None:
        """What the site's own robots.txt forbids is never crawled: listing it tells engines two
        opposite things (Search Console: "Submitted URL blocked by robots.txt").  Pages are left
        out, with the line that forbids them; images and videos of the site's host too."""
        rules = read_robots_rules(robots, self.options.base_url)
        if rules is None:
            return
        for loc, entry in list(self.entries.items()):
            line = judge_entry(entry, rules)
            if line is not None:
                del self.entries[loc]
                self._unlisted.add(loc)
                self._robots_blocked += 1
                self.harvester.leave_out(loc, entry.source, "robots", f"robots.txt: {line}")

    def _leave_out_the_frames_media(self) -> None:
        """A picture or a player on most of the site's pages (three at least) is the frame's,
        wherever the theme put it (a "Contribute" ribbon, a promotion in a plain `<div>`): no
        page's own image or video."""
        # Of the pages whose media are read (a listing's are those of the pages it shows).
        built = [e for loc in self._built if loc not in self._listings and (e := self.entries.get(loc))]

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
        if not self.options.images_decorative:
            frame = self.harvester.frame_images
            images = repeated(
                "image",
                lambda entry: {image.loc for image in entry.images} | frame.get(entry.loc, set()),
                {image.loc for entry in built for image in entry.images},
            )
        if videos or images:
            for entry in built:
                entry.videos = [video for video in entry.videos if video.key not in videos]
                kept = [image for image in entry.images if image.loc not in images]
                self.harvester.images_left_out["frame"] += len(entry.images) - len(kept)
                entry.images = kept

    def _take_back_the_themes_descriptions(self) -> None:
        """A description the theme writes on every page (the site's, or one with only the page's
        title changed: "Django, API, REST, {{ page.title }}") belongs to no page, and describes
        none of its players: a player it alone described is left out as undescribed."""
        if not self._head_described:
            return  # most sites: no player that the head's description alone describes
        templates = self.harvester.videos.description_templates()
        site = self.site_description
        for loc, (page, description, template, players) in self._head_described.items():
            entry = self.entries.get(loc)
            if entry is None or (templates[template] < 2 and description != site):
                continue
            kept = []
            for number, video in enumerate(entry.videos):
                if video.key in players:
                    self.harvester.videos.undescribed(page, number, video.key or "a video", ["description"])
                else:
                    kept.append(video)
            entry.videos = kept

    def _leave_out_missing(self, site_dir: Path) -> None:
        """What a built page lists in its own site must be there: an image, a video's files or
        player, the page itself.  A link that leads nowhere (a typo, a file not copied, a link
        the generator left unresolved, `|filename|/images/x.png`) would be a 404 for a crawler:
        left out, with a WARNING naming the page and the attribute (the owner can mend it)."""
        base = self.options.base_url

        def missing(url: str | None) -> bool:
            return url is not None and served(site_dir, base, url) is False

        for loc in sorted(self._built):
            entry = self.entries.get(loc)
            if entry is None:
                continue
            if missing(loc):
                del self.entries[loc]
                self.report(entry.label, "loc", "no file of the site is served at it; left out")
                continue
            for image in [image for image in entry.images if missing(image.loc)]:
                entry.images.remove(image)
                self.report(entry.label, "image", f"{image.loc} is no file of the site (a 404); left out")
            kept = []
            for number, video in enumerate(entry.videos):
                lost = [name for name in VIDEO_FILES if missing(getattr(video, name))]
                if lost:
                    said = ", ".join(f"{name} {getattr(video, name)}" for name in lost)
                    self.report(
                        entry.label, f"video[{number}]", f"{said}: no file of the site (a 404); left out"
                    )
                else:
                    kept.append(video)
            entry.videos = kept

    def _as_listed(self, links: list[str]) -> set[str]:
        """The pages `links` lead to, each as the set lists it (`X/` for `X/index.html`)."""
        spellings = self.harvester.spellings
        return {spellings.get(uri, uri) for uri in map(uri_or_same, links)}

    def _links_most_pages_show(self) -> set[str]:
        """The links more than half of a built site's pages show (three at least; `--from-dir`,
        where every page's links are read, posts' too), each as the set lists it: a notice the
        theme puts on every page ("Read more" about the contributors) is no listing's entry, and
        dates none."""
        shown, pages = self._links_shown, self._pages_read
        return self._as_listed([url for url, count in shown.items() if count >= 3 and count * 2 > pages])

    def _tell_listings(self) -> None:
        """A built site's page that no generator described (`Page.kind_unknown`) is a listing
        (a blog's home, an archive, a tag page) where it states no date of its own (or one that
        three such pages state alike: the theme's, the site's newest change) and the pages
        its content links to are posts: two at least, and more than half of those listed.  A
        docs page that links to a post among its other pages stays what it is, undated.  The
        images and videos its excerpts share with those posts are the posts' (as a generator's
        listing has none): listed with them, not again here, even where another tool's sitemap
        dated the page."""
        everywhere = self._everywhere = self._links_most_pages_show()
        # A date the theme writes the same on every list page (Hugo Stack's `og:updated_time`, the
        # site's newest change) is no page's own: such pages are told by what they show.
        theirs = Counter(
            str(entry.lastmod)
            for loc in self._may_list
            if (entry := self.entries.get(loc)) is not None and entry.lastmod_source == "html"
        )
        for loc, links in self._may_list.items():
            entry = self.entries.get(loc)
            if entry is None:
                continue
            undated = entry.lastmod is None or (
                entry.lastmod_source == "html" and theirs[str(entry.lastmod)] >= 3
            )
            listed = (self._as_listed(links) - {loc} - everywhere) & self.entries.keys()
            posts = listed & self._posts
            if len(posts) < 2 or len(posts) * 2 <= len(listed):
                continue
            if loc not in self._posts:  # a post's own pictures are never another post's
                shown = [self.entries[post] for post in listed]
                images = {image.loc for post in shown for image in post.images}
                videos = {video.key for post in shown for video in post.videos}
                entry.images = [image for image in entry.images if image.loc not in images]
                entry.videos = [video for video in entry.videos if video.key not in videos]
            if undated:
                self._listings[loc] = Shown(links, None)

    def _date_listings(self) -> None:
        """A listing page (a blog's index, archives, categories, their pages) changed for its
        readers when the newest post it shows changed: its entries are posts (pages that say
        when they were published), each a title, a date and an excerpt, and a page that an
        excerpt's text links to is none of them.  It is dated by the newest post of this set
        that its content region links to, else the rest of its body outside the frame (a theme
        may put the list after an introduction); a listing of pages that are no posts, by the
        newest of those its content links to (other listings aside), whatever its own metadata
        or another plugin says.  Where nothing it shows is dated, it gets no lastmod rather than
        a wrong one."""
        tz = self.options.tzinfo
        listings = set(self._listings)

        def pages(links: list[str]) -> list[Entry]:
            urls = self._as_listed(links) - listings - self._everywhere
            return [entry for url in urls if (entry := self.entries.get(url)) is not None]

        def newest(shown: list[Entry]) -> Any:
            return max((p.lastmod for p in shown if p.lastmod), key=lambda d: date_key(d, tz), default=None)  # type: ignore[arg-type]

        for loc, shown in self._listings.items():
            entry = self.entries.get(loc)
            if entry is None:
                continue
            region = pages(shown.region)
            posts = [page for page in region if page.loc in self._posts]
            if len(region) >= 8 and len(posts) * 4 <= len(region):
                # Mostly pages that are no posts, three in four (Full Stack Python's all.html, the
                # text of every page whole: 60 posts of 388 pages): the posts their text links to
                # are no entries of it.
                posts = []
            listed = (
                posts
                or [page for page in pages(_links_around(shown.page)) if page.loc in self._posts]
                or [page for page in region if page.loc not in self._posts]
            )
            entry.lastmod = newest(listed)
            entry.lastmod_source = "listing" if entry.lastmod is not None else f"none: {UNDATED_LISTING}"
        # A listing of listings (the categories page, a category's list of its tags) changed when
        # the newest of those did.
        for loc, shown in self._listings.items():
            entry = self.entries.get(loc)
            if entry is not None and entry.lastmod is None:
                linked = self._as_listed(shown.region) & listings - {loc}
                entry.lastmod = newest([self.entries[url] for url in linked if url in self.entries])
                entry.lastmod_source = "listing" if entry.lastmod is not None else entry.lastmod_source

    def _undated(self) -> Counter[str]:
        """Why the pages listed without a lastmod have none, counted; git is asked once which of
        the sources it has no commit of it ignores (a staged copy of the docs, often)."""
        uncommitted = self.harvester.dates.uncommitted
        by_git: dict[Any, list[str]] = {}
        for loc, entry in self.entries.items():
            if (
                entry.lastmod is None
                and entry.lastmod_source == f"none: {NOT_COMMITTED}"
                and loc in uncommitted
            ):
                dates, path = uncommitted[loc]
                by_git.setdefault(dates, []).append(path)
        ignored = {path for dates, paths in by_git.items() for path in dates.ignored(paths)}
        reasons: Counter[str] = Counter()
        for loc, entry in self.entries.items():
            if entry.lastmod is not None:
                continue
            if loc in uncommitted and uncommitted[loc][1] in ignored:
                entry.lastmod_source = "none: ignored by git"
            elif loc not in self._built and not entry.lastmod_source:
                entry.lastmod_source = "none: given without one (extra_urls, an entry of the API)"
            reasons[(entry.lastmod_source or "none: no source dates it").removeprefix("none: ")] += 1
        return reasons


def _links_around(page: Page | None) -> list[str]:
    """What a listing's body links to around its content region (`links_around`), read again."""
    if page is None:
        return []
    html = page.html or (read_page_file(page.path).data if page.path else None)
    return links_around(html, page.url) if html else []

"""Listings and what they show: which pages of a built site are listings (a blog's home, an
archive, a tag page), and the date of each, the newest change of what it shows."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sitemap_plugins.core.files import read_page_file
from sitemap_plugins.core.model import Entry, Page
from sitemap_plugins.core.normalize import date_key, uri_or_same
from sitemap_plugins.core.pages.dates import UNDATED_LISTING
from sitemap_plugins.core.pages.html import links_around, read_html
from sitemap_plugins.core.rules.site import Shown, Site


def tell_listings(site: Site) -> None:
    """A built site's page that no generator described (`Page.kind_unknown`) is a listing where it states no
    date of its own (or one that three such pages state alike: the theme's, the site's newest change) and the
    pages its content links to are posts: two at least, and more than half of those listed; or one, where it
    shows the posts' dates in cards (Hugo Stack's tag page of one post). A docs page that links to a post
    among its other pages stays what it is, undated. The images and videos its excerpts share with those posts
    are the posts' (as a generator's listing has none): listed with them, not again here, even where another
    tool's sitemap dated the page; those of the other pages it links to are its own.

    Reads: what each page of unknown kind links to, which pages are posts, the links most pages show. Changes:
    the listings (added), their entries' images and videos (the posts' taken out); `Site.everywhere`."""
    everywhere = site.everywhere = links_most_pages_show(site)
    # A date the theme writes the same on every list page (Hugo Stack's `og:updated_time`, the
    # site's newest change) is no page's own: such pages are told by what they show.
    theirs = Counter(
        str(entry.lastmod)
        for loc in site.may_list
        if (entry := site.entries.get(loc)) is not None and entry.lastmod_source == "html"
    )
    for loc, links in site.may_list.items():
        entry = site.entries.get(loc)
        if entry is None:
            continue
        # A date the page states is its own (its metadata, its head, another tool's sitemap of
        # it); one git or the clock gives is its file's (a template's), not what it shows.
        source = entry.lastmod_source
        undated = source not in ("metadata", "html", "sitemaps") or (
            source == "html" and theirs[str(entry.lastmod)] >= 3
        )
        listed = (as_listed(site, links) - {loc} - everywhere) & site.entries.keys()
        posts = listed & site.posts
        cards = loc in site.shows_cards  # it shows posts' dates: a list of them, even of one
        if not posts or (not cards and (len(posts) < 2 or len(posts) * 2 <= len(listed))):
            continue
        if loc not in site.posts:  # a post's own pictures are never another post's
            shown = [site.entries[post] for post in posts]
            images = {image.loc for post in shown for image in post.images}
            videos = {video.key for post in shown for video in post.videos}
            entry.images = [image for image in entry.images if image.loc not in images]
            entry.videos = [video for video in entry.videos if video.key not in videos]
        if undated:
            site.listings[loc] = Shown(links, None)


def date_listings(site: Site) -> None:
    """A listing page (a blog's index, archives, categories, their pages) changed for its readers when the
    newest post it shows changed: its entries are posts (pages that say when they were published), each a
    title, a date and an excerpt, and a page that an excerpt's text links to is none of them. It is dated by
    the newest post of this set that its content region links to, else the rest of its body outside the frame
    (a theme may put the list after an introduction); a listing of pages that are no posts, by the newest of
    those its content links to (other listings aside), whatever its own metadata or another plugin says. Where
    nothing it shows is dated, it gets no lastmod rather than a wrong one.

    Reads: what each listing shows, the posts' and the other pages' lastmods. Changes: each listing's lastmod
    (and its source, `listing`)."""
    tz = site.options.tzinfo
    listings = set(site.listings)

    def pages(links: list[str]) -> list[Entry]:
        urls = as_listed(site, links) - listings - site.everywhere
        return [entry for url in urls if (entry := site.entries.get(url)) is not None]

    def newest(shown: list[Entry]) -> Any:
        return max((p.lastmod for p in shown if p.lastmod), key=lambda d: date_key(d, tz), default=None)  # type: ignore[arg-type]

    #: Listings that show pages: undated when those are (posts a shallow clone cannot date), never
    #: dated by another listing their excerpts link to (the category a post is in).
    showing: set[str] = set()
    for loc, shown in site.listings.items():
        if (entry := site.entries.get(loc)) is None:
            continue
        region = pages(shown.region)
        posts = [page for page in region if page.loc in site.posts]
        if len(region) >= 8 and len(posts) * 4 <= len(region):
            # Mostly pages that are no posts, three in four (Full Stack Python's all.html, the
            # text of every page whole: 60 posts of 388 pages): the posts their text links to
            # are no entries of it.
            posts = []
        listed = (
            posts
            or [page for page in pages(_links_around(shown.page)) if page.loc in site.posts]
            or [page for page in region if page.loc not in site.posts]
        )
        entry.lastmod = newest(listed)
        entry.lastmod_source = "listing" if entry.lastmod is not None else f"none: {UNDATED_LISTING}"
        if listed:
            showing.add(loc)
    # A listing of listings (the categories page, a category's list of its tags) changed when
    # the newest of those did.
    for loc, shown in site.listings.items():
        entry = site.entries.get(loc)
        if entry is not None and entry.lastmod is None and loc not in showing:
            linked = as_listed(site, shown.region) & listings - {loc}
            entry.lastmod = newest([site.entries[url] for url in linked if url in site.entries])
            entry.lastmod_source = "listing" if entry.lastmod is not None else entry.lastmod_source


def as_listed(site: Site, links: list[str]) -> set[str]:
    """The pages `links` lead to, each as the set lists it (`X/` for `X/index.html`)."""
    spellings = site.spellings
    return {spellings.get(uri, uri) for uri in map(uri_or_same, links)}


def links_most_pages_show(site: Site) -> set[str]:
    """The links more than half of a built site's pages show (three at least; `--from-dir`, where every page's
    links are read, posts' too), each as the set lists it: a notice the theme puts on every page ("Read more"
    about the contributors) is no listing's entry, and dates none. On a generator's face, whose listings alone
    are read whole: the links every listing shows (three at least) that its other pages show too, three at
    least, read for them (a small blog's posts, which every listing shows, are not linked from every post)."""
    shown, pages = site.links_shown, site.pages_read
    found = [url for url, count in shown.items() if count >= 3 and count * 2 > pages]
    listings = [set(map(uri_or_same, s.region)) for s in site.listings.values() if s.page is not None]
    common = Counter(set.intersection(*listings) if len(listings) >= 3 else ())
    for page in site.others:
        if not common:
            break
        html = page.html or (read_page_file(page.path).data if page.path else None)
        links = read_html(html, page.url, media=False, links=True).links if html else []
        linked, own = set(map(uri_or_same, links)), uri_or_same(page.url)
        # Linked from this page too (the notice's own page aside), or no notice.
        common = Counter({u: n + (u in linked) for u, n in common.items() if u in linked or u == own})
    return as_listed(site, found + sorted(url for url, count in common.items() if count >= 3))


def _links_around(page: Page | None) -> list[str]:
    """What a listing's body links to around its content region (`links_around`), read again."""
    if page is None:
        return []
    html = page.html or (read_page_file(page.path).data if page.path else None)
    return links_around(html, page.url) if html else []

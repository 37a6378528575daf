"""`Site`: the set as the site's rules see it, once every page is read: each page's reading and
entry, what the pages say of each other gathered from them, and what the rules find as they run.

Nothing here is filled page by page: `Site.of` gathers it from the harvests (`harvest.Harvest`,
in the order the pages were handed over) when the set is written."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.model import Entry, LeftOut, Page, UndescribedVideo
from sitemap_plugins.core.normalize import hreflang_or_none, uri_or_same
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.dates import NOT_COMMITTED, PageDates
from sitemap_plugins.core.pages.fingerprints import Fingerprints
from sitemap_plugins.core.pages.harvest import Harvest, leave_out

#: How many of a generator's other pages are read for the links every listing shows.
OTHERS_READ = 8


class Shown(NamedTuple):
    """What a listing page shows: the pages its content region links to, and the page, whose
    body outside its region and frame may hold the list (a theme may put it there)."""

    region: list[str]
    #: The page, read again for the links around its region where needed (`links_around`).
    page: Page | None


@dataclass
class Site:
    """What the site's rules read and change (`rules.SITE_RULES`)."""

    options: Options
    report: Reporter
    #: The set: loc -> entry.  The rules take entries out and change their values.
    entries: dict[str, Entry]
    #: Every page not listed, with the reason, in the order met; the rules add theirs.
    left_out: list[LeftOut]
    #: Images not listed as content, by kind; the frame rule adds the frame's.
    images_left_out: Counter[str]
    #: Players Google cannot list; the description rule adds those the theme alone described.
    undescribed: list[UndescribedVideo]
    #: The built site the pages are in (None where pages come without one).
    site_dir: Path | None = None
    #: Where the set is written (its robots.txt is the site's).
    out: Path | None = None
    #: The last deploy's pages (option `previous`).
    previous: Fingerprints | None = None
    #: What the site's head describes it by (`Sitemap(site_description=)`).
    site_description: str | None = None
    #: When each page changed (the harvest's sources: git's commits, the build time).
    dates: PageDates | None = None

    # -- what the pages say, gathered from their readings (`of`) -----------------------------
    #: The pages handed over as built pages: what the site directory must hold.
    built: set[str] = field(default_factory=set)
    #: Of those, the pages the walk of `site_dir` found as its files (`Sitemap.directory_pages`),
    #: listed at the URL it found them at: served, so the rule of what leads nowhere looks no more.
    walked: set[str] = field(default_factory=set)
    #: loc -> what a listing page shows (the generator's listings; `tell_listings` adds).
    listings: dict[str, Shown] = field(default_factory=dict)
    #: The pages that say when they were published: the posts a listing lists.
    posts: set[str] = field(default_factory=set)
    #: loc -> what a page of unknown kind that is no post links to: a listing if it lists posts.
    may_list: dict[str, list[str]] = field(default_factory=dict)
    #: Such pages that show other pages' dates in cards linking to them (`HtmlFacts.shows_cards`).
    shows_cards: set[str] = field(default_factory=set)
    #: How many pages of unknown kind link to each URL, and how many such pages were read.
    links_shown: Counter[str] = field(default_factory=Counter)
    pages_read: int = 0
    #: A few of the generator's pages that are no listing, whose links are read only where every
    #: listing shows a link (a notice of the theme's, or no more than a small blog's posts).
    others: list[Page] = field(default_factory=list)
    #: loc -> the page some of whose players only its head's description describes, that
    #: description, its template (`videos.description_template`), and those players.
    head_described: dict[str, tuple[Page, str, str, set[str | None]]] = field(default_factory=dict)
    #: Each readable page's head's description, with its titles (its own, its `<title>`).
    head_texts: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    #: A page whose words are compared with others' (`Harvest.words`) -> their fingerprint.
    digests: dict[str, str | None] = field(default_factory=dict)
    #: Such a page whose theme marks no content region -> its blocks of text (`PageText.blocks`).
    text_blocks: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    #: Such a page -> the language it says it is in (`<html lang>`).
    page_languages: dict[str, str | None] = field(default_factory=dict)
    #: loc -> the pictures its theme's frame shows around its content region.
    frame_images: dict[str, set[str]] = field(default_factory=dict)
    #: A page's URL -> its canonical's spelling of it, where that is another (`X/index.html`).
    spellings: dict[str, str] = field(default_factory=dict)
    #: A page left out as another's copy -> the canonical URL its head names.
    canonical_elsewhere: dict[str, str] = field(default_factory=dict)
    #: The languages the listed pages say they are in (`<html lang>`, as written).
    languages: Counter[str] = field(default_factory=Counter)
    #: The language the site's home page says it is in: the one copies are made from.
    home_language: str | None = None
    #: Some page names its translations (its head, the generator, another tool's sitemap).
    translations_named: bool = False
    #: An undated page whose source git has no commit of -> that source.
    uncommitted: dict[str, str] = field(default_factory=dict)
    #: URLs not listed that pages may name as translations (fallback copies; the rules add the
    #: pages robots.txt forbids, and copies).  They join no hreflang group.
    unlisted: set[str] = field(default_factory=set)
    #: Pages of the other sets of the run (`Sitemap.pages_elsewhere`), and what they show.
    elsewhere: set[str] = field(default_factory=set)
    elsewhere_digests: dict[str, str | None] = field(default_factory=dict)
    #: The roots of other sets built after this one, each with why (`Sitemap.sets_to_come`).
    to_come: dict[str, str] = field(default_factory=dict)

    # -- what the rules find -----------------------------------------------------------------
    #: The links most pages show (`listings.links_most_pages_show`): no listing's entries.
    everywhere: set[str] = field(default_factory=set)
    robots_blocked: int = 0
    #: Pages of a language group that copy its original language's page.
    copies: int = 0
    #: Copies `list_fallbacks` lists, each in no group -> what they are.
    in_no_group: dict[str, str] = field(default_factory=dict)
    #: (page, hreflang, URL, why) of each alternate that named a page the set leaves out.
    alternates_dropped: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: Why the listed pages without a lastmod have none, counted (`dates.count_the_undated`).
    undated: Counter[str] = field(default_factory=Counter)

    @property
    def x_default(self) -> str | None:
        """Option `x_default`: the language named, else (unset) the home page's; false: none."""
        chosen = self.options.x_default
        return chosen if isinstance(chosen, str) else (None if chosen is False else self.home_language)

    def gather(self, harvests: Iterable[Harvest]) -> Site:
        """What the pages say, gathered from their harvests, in the order they were handed over
        (a later page of the same loc says last)."""
        base_url = self.options.base_url
        for harvest in harvests:
            reading, entry, loc = harvest.reading, harvest.entry, harvest.loc
            page, facts = reading.page, reading.facts
            if page.fallback_of:
                self.unlisted.add(uri_or_same(page.url))
                self.copies += entry is None  # left out: a copy, counted as the copies found are
            if reading.readable and facts.description:
                self.head_texts.append((facts.description, page.title, facts.title))
            if reading.spelling is not None:
                own, canonical = reading.spelling
                self.spellings[own] = canonical
            if reading.canonical_elsewhere is not None:
                self.canonical_elsewhere[page.url] = reading.canonical_elsewhere
            if entry is not None:
                self._gather_made(harvest, entry)
                if entry.lastmod_source == f"none: {NOT_COMMITTED}":
                    self.uncommitted[page.url] = str(page.source_path)
                if facts.language:
                    self.languages[facts.language] += 1  # as written: told apart when they are said
                    if page.url == base_url:
                        self.home_language = hreflang_or_none(facts.language)
            if loc is not None:
                self._gather_kept(harvest, loc)
        return self

    def _gather_made(self, harvest: Harvest, entry: Entry) -> None:
        """What a page whose entry was made says, at the URL it is listed at."""
        self.translations_named = self.translations_named or harvest.names_translations
        if (text := harvest.words) is not None:
            self.digests[entry.loc] = text.digest
            self.page_languages[entry.loc] = hreflang_or_none(harvest.reading.facts.language or "")
            if text.blocks:
                self.text_blocks[entry.loc] = text.blocks
        if harvest.frame_images:
            self.frame_images[entry.loc] = harvest.frame_images

    def _gather_kept(self, harvest: Harvest, loc: str) -> None:
        """What a page the set keeps says, at its entry's loc."""
        reading = harvest.reading
        page = reading.page
        self.built.add(loc)
        if page.kind_unknown and loc == page.url:
            self.walked.add(loc)
        if page.listing or page.lists:
            read_again = page if page.listing and (page.html or page.path) else None
            self.listings[loc] = Shown(reading.lists, read_again)
        if page.kind_unknown:
            self.pages_read += 1
            self.links_shown.update(set(map(uri_or_same, reading.links)))
        elif not page.listing and (page.html or page.path) and len(self.others) < OTHERS_READ:
            self.others.append(page)
        if reading.is_post:
            self.posts.add(loc)
        elif page.kind_unknown:
            self.may_list[loc] = reading.links
            if reading.facts.shows_cards:
                self.shows_cards.add(loc)
        if harvest.head_described is not None:
            self.head_described[loc] = (page, *harvest.head_described)

    def leave_out(self, entry: Entry, kind: str, reason: str) -> None:
        """Take `entry` out of the set, said at INFO and kept for the report."""
        del self.entries[entry.loc]
        self.left_out.append(leave_out(entry.loc, entry.source, kind, reason))


def digests_of(harvests: Iterable[Harvest]) -> dict[str, str | None]:
    """The fingerprint of each page whose words are compared with others' (`Site.digests`)."""
    return {
        harvest.entry.loc: harvest.words.digest
        for harvest in harvests
        if harvest.entry is not None and harvest.words is not None
    }

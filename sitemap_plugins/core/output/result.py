"""What a write did: the files, the counts, and the lines that say them at the end of a build."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_plugins.core.output.fileset import read_manifest

#: Where the documentation is: the docs/ folder of the repository, which the package carries too
#: (sitemap_plugins/docs/ where it is installed): what a message names, every user has.
DOCS = "the documentation's "
_PACKAGE = Path(__file__).resolve().parents[2]
#: How the summary names the field a page's author dates it by (a face says its own: Pelican's
#: `Modified:`).
FRONT_MATTER = "front matter `lastmod:`"


def docs_page(name: str) -> str:
    """A page of the documentation as a path on this machine, where the user can open it: the
    installed package's `sitemap_plugins/docs/`, or a checkout's `docs/`; named, where neither
    holds it."""
    for folder in (_PACKAGE / "docs", _PACKAGE.parent / "docs"):
        if (folder / name).is_file():
            return str(folder / name)
    return DOCS + name


def _undated_reasons(undated: Counter[str]) -> str:
    """`3 listings that show ...`, `1 not in a git repository ...`: each reason after its count."""
    said = []
    for reason, count in undated.most_common():
        if reason.startswith("a listing "):  # a noun, which a count makes plural
            reason = ("listing " if count == 1 else "listings ") + reason.removeprefix("a listing ")
            if count != 1:
                reason = reason.replace(" that shows ", " that show ")
        said.append(f"{count:,} {NO_SOURCE_SAID if reason == NO_SOURCE else reason}")
    return ", ".join(said)


#: Why a page without a source file is undated (`pages.dates.why_undated`'s words).
NO_SOURCE = "no source file"
NO_SOURCE_SAID = "made of no source file (a page nothing dates)"
#: Why a page in a shallow clone has no date from git: its own line says it, with the fix.
SHALLOW = "changed before a shallow clone's history"


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
    #: (`PageVideos.undescribed_videos`).
    undescribed: list[str] = field(default_factory=list)
    #: What each of those videos lacks, as Google names it (`thumbnail_loc`, `title`, ...).
    undescribed_missing: list[str] = field(default_factory=list)
    #: Pages git could not date: last changed before a shallow clone's history.
    git_undated: int = 0
    #: Listings the news rules matched, which are no news articles (`Harvest.listing_not_news`, counted).
    listings_not_news: int = 0
    #: The sections written (option `sections`), in order.
    sections: list[str] = field(default_factory=list)
    #: Pages dated by a file they include (a snippet, a code example) newer than their source.
    included: int = 0
    #: Of those, pages dated by their translation: the gettext catalog (`.po`) it is made from.
    translated: int = 0
    #: What dates a page in the face's words (front matter's `lastmod:`, Sphinx's field list).
    #: Pages option `previous` dated: (kept their lastmod, dated by this build).
    fingerprints: tuple[int, int] = (0, 0)
    #: Pages the owner's function (option `transform`) left out.
    transformed_out: int = 0
    #: Pages that copy their default language's page: left out, or listed in no group.
    copies: int = 0
    #: Those copies are listed, each in no group (option `list_fallbacks`).
    copies_listed: bool = False
    #: hreflang alternates dropped: they named pages the set leaves out (`Sitemap`).
    alternates_dropped: int = 0
    #: The first of them: `de/ → https://example.com/: no file of the site (a 404)`.
    first_dropped: str | None = None
    #: Why the pages listed without a lastmod have none: reason -> pages.
    undated: Counter[str] = field(default_factory=Counter)
    #: The field a page's author dates it by, as the face names it (`Sitemap.date_field`).
    date_field: str = FRONT_MATTER
    robots_txt: str | None = None
    #: The languages of a set's pages (pages per language) where no page is in an hreflang group.
    ungrouped_languages: Counter[str] = field(default_factory=Counter)
    #: Another tool's sitemaps that ours took the place of (option `replace_sitemaps`).
    replaced: list[str] = field(default_factory=list)
    #: The URLs robots.txt names (a `Sitemap:` line each), in order.
    sitemap_urls: list[str] = field(default_factory=list)
    #: The `Sitemap:` lines to add by hand when robots.txt is not at the host's root.
    robots_hint: list[str] = field(default_factory=list)
    #: Where the HTML report of the build was written (option `report`).
    reports: list[str] = field(default_factory=list)

    def nothing_written(self, out: str | Path) -> str | None:
        """Where no sitemap could be written (no page to list): that nothing was, and what is in
        `out` still (an earlier set, which names pages this one did not list); None where one was."""
        if self.files:
            return None
        out = Path(out)
        if not (kept := sorted(read_manifest(out).files)):
            return f"sitemap: nothing was written to {out} (no page to list), and no set of ours is there"
        named = ", ".join(kept[:4]) + (f" and {len(kept) - 4:,} more" if len(kept) > 4 else "")
        return (
            f"sitemap: nothing was written to {out} (no page to list): the set an earlier run wrote is "
            f"still there ({named}) and lists pages this run did not; mend what is said above, or take "
            f"it away with `sitemap-plugins clean {out}`"
        )

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
            # One of ours at the same name keeps its URL: nothing to change where it was submitted.
            gone = [name for name in self.replaced if name not in self.files]
            said = f"sitemap: ours took the place of sitemaps another tool wrote: {', '.join(self.replaced)}"
            if gone:
                said += (
                    f"; {', '.join(gone)} {'is' if len(gone) == 1 else 'are'} gone now (where one was "
                    "submitted in Search Console, remove it there)"
                )
            notes.append(said)
        if self.undescribed:
            pages = sorted(set(self.undescribed))
            named = ", ".join(pages[:3]) + (f" and {len(pages) - 3:,} more" if len(pages) > 3 else "")
            # The summary counts them; this line says where they are.
            one = self.videos_left_out == 1
            notes.append(
                f"sitemap: the video{'' if one else 's'} left out ({self._undescribed_how()}: Google "
                f"requires a title, a description and a thumbnail) {'is' if one else 'are'} on {named}; "
                "the report (option `report`) names each, with what is missing"
            )
        if set(self.undated) == {SHALLOW}:
            pass  # the shallow clone's line below says it, with the fix
        elif self.undated and self.undated.total() == self.urls and self.urls > 1:
            # A whole set undated: what would date it, in one line.
            notes.append(
                f"sitemap: none of the {self.urls:,} pages has a lastmod ({_undated_reasons(self.undated)}): "
                "the pages' own dates "
                '(<meta property="article:modified_time">, JSON-LD dateModified), the git history of '
                "their sources, or the lastmods of a sitemap the generator writes give them: "
                f"{docs_page('lastmod.md')}"
            )
        elif set(self.undated) == {NO_SOURCE}:
            # The pages a generator makes of no source (an index of terms): nothing to act on.
            count = self.undated.total()
            what, which = ("it is a page", "it") if count == 1 else ("they are pages", "each")
            notes.append(
                f"sitemap: {_count(count, 'page')} without lastmod: {what} no source dates (made of no "
                f"source file, as an index is; the report names {which})"
            )
        elif self.undated:
            notes.append(
                f"sitemap: {_count(self.undated.total(), 'page')} without lastmod: "
                f"{_undated_reasons(self.undated)}; how to date them ({self.date_field}, git, the page's "
                f"own dates): {docs_page('lastmod.md')} (the report names each)"
            )
        if self.git_undated:
            # Said once, at the end, with the count: a CI checkout's default, which the owner fixes there.
            pages = _count(self.git_undated, "page")
            notes.append(
                f"sitemap: lastmod: the git repository is a shallow clone: {pages} "
                "last changed before its oldest fetched commit, which git cannot date (nor another plugin "
                "that reads the same history): fetch the whole history to date them: fetch-depth: 0 "
                "(actions/checkout), git fetch --unshallow in build.jobs.post_checkout (Read the Docs)"
            )
        if self.ungrouped_languages:
            languages = self.ungrouped_languages.most_common()
            named = ", ".join(f"{code} {count:,}" for code, count in languages[:4])
            more = f" and {len(languages) - 4:,} more" if len(languages) > 4 else ""
            notes.append(
                f"sitemap: the pages are in {len(languages)} languages ({named}{more}) and none names "
                'its translations, so no hreflang group is listed: <link rel="alternate" hreflang> '
                "links in each page's head, or the alternates of a sitemap the generator writes, give "
                f"them: {docs_page('hreflang.md')}"
            )
        if self.listings_not_news:
            notes.append(
                f"sitemap: {_count(self.listings_not_news, 'listing')} (index, archive, category pages) "
                "matched the news rules but are no news articles: not in the news sitemap"
            )
        notes += [f"sitemap: the report (every URL, every page left out and why): {p}" for p in self.reports]
        return notes

    def _undescribed_how(self) -> str:
        """What the videos left out lack: "no thumbnail" where that alone is missing (a `<video>`
        without a poster), else "not described"."""
        return "no thumbnail" if set(self.undescribed_missing) == {"thumbnail_loc"} else "not described"

    def summary(self, of: str | None = None) -> str:
        """`sitemap: 1,204 URLs in 1 file, 312 images, 4 videos`: the line adapters log at the end;
        `of` names the set where one command writes several (`sitemap (de/mkdocs.yml): ...`)."""
        files = f"{_count(self.urls, 'URL')} in {_count(self.page_files, 'file')}"
        if self.sections:
            files += f" of {_count(len(self.sections), 'section')} ({', '.join(self.sections)})"
        if self.news_on or self.sitemaps > self.page_files:
            files += " + news sitemap" + ("" if self.news else " (empty: no article in the window)")
        if self.index:
            files += " + index"
        parts = [files, _count(self.images, "image"), _count(self.videos, "video")]
        if self.news:
            parts.append(f"{self.news:,} news")
        if self.videos_left_out:
            parts.append(f"{_count(self.videos_left_out, 'video')} left out: {self._undescribed_how()}")
        if self.copies:
            copies = f"{self.copies:,} cop{'y' if self.copies == 1 else 'ies'}"
            # `list_fallbacks` lists them, each in no group: they are no translations all the same.
            what = "listed in no group (list_fallbacks)" if self.copies_listed else "left out"
            parts.append(f"{copies} of another language's page {what}: not translations")
        if self.alternates_dropped:
            one = self.alternates_dropped == 1
            links = f"{self.alternates_dropped:,} hreflang link{'' if one else 's'}"
            # The first named: what it is, and why, as the report names each.
            first = f" ({self.first_dropped}{'' if one else ', …'})" if self.first_dropped else ""
            named = "it named a page not listed" if one else "they named pages not listed"
            parts.append(f"{links} dropped: {named}{first}")
        if self.robots_blocked:
            parts.append(f"{_count(self.robots_blocked, 'URL')} left out: robots.txt forbids them")
        if self.included:
            parts.append(f"{_count(self.included, 'page')} dated by a file it includes")
        if self.translated:
            parts.append(f"{_count(self.translated, 'page')} dated by its translation")
        kept, changed = self.fingerprints
        if kept or changed:
            parts.append(
                f"{_count(kept, 'page')} unchanged since the last deploy (lastmod kept), "
                f"{_count(changed, 'page')} changed with no newer source (dated by this build)"
            )
        if self.transformed_out:
            parts.append(f"{_count(self.transformed_out, 'page')} left out by transform")
        if self.video_feed:
            parts.append(f"video feed: {self.video_feed}")
        if self.git_undated:
            parts.append(f"{_count(self.git_undated, 'page')} not dated by git: a shallow clone")
        return (f"sitemap ({of}): " if of else "sitemap: ") + ", ".join(parts)


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def write_root_last(
    writes: Sequence[tuple[str, Callable[[Sequence[str]], WriteResult]]],
) -> list[tuple[int, WriteResult]]:
    """The sets of several projects (`(base_url, write)` each), written so that the one at a
    host's root comes last and its robots.txt, the only one crawlers read, names every other
    set's sitemaps there (a project per language under /de/ cannot).  (index, result) in the
    order written."""
    at_root = [i for i, (base, _) in enumerate(writes) if urlsplit(base).path == "/"]
    hosts = {urlsplit(writes[i][0]).netloc for i in at_root}
    named: list[str] = []
    results = []
    for index in [i for i in range(len(writes)) if i not in at_root] + at_root:
        base, write = writes[index]
        result = write(named if index in at_root else ())
        if index not in at_root and urlsplit(base).netloc in hosts:
            named += result.sitemap_urls
            result.robots_hint = []  # the root's robots.txt names them
        results.append((index, result))
    return results

"""When a page last changed, for its readers: from the sources the `lastmod` option lists, in
order (its metadata, the git history of its source, its HTML, a sitemap another tool wrote, the
file's time, the build's), never earlier than its publication, never during the build or after."""

from __future__ import annotations

import datetime as dt
import os
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from sitemap_plugins.core.errors import Reporter, log, shown
from sitemap_plugins.core.files import path_in, real_folder
from sitemap_plugins.core.mapping import is_mapping
from sitemap_plugins.core.model import Page
from sitemap_plugins.core.normalize import date_key, format_w3c, parse_date
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.result import SHALLOW
from sitemap_plugins.core.pages.gitdates import GitDates
from sitemap_plugins.core.pages.html import HtmlFacts
from sitemap_plugins.core.pages.other_sitemaps import PageFacts
from sitemap_plugins.core.validate import later_than_the_build

#: Metadata keys read for lastmod, most specific first (`date: {updated}` is Material's blog form).
LASTMOD_KEYS = ("lastmod", "last_modified", "updated", "modified", "date.updated", "date", "date.created")
#: Of those, the keys that name a publication, not a change: a floor for lastmod, not lastmod.
PUBLICATION_KEYS = ("date", "date.created")
#: Why a page in a repository has no date from git, until git says whether it ignores the file.
NOT_COMMITTED = "not committed to git"
#: What dated a page whose newest source is a file it includes (`Page.includes`).
INCLUDED = "git: the included "
#: Why a built site's page has no date: it states none, and no git history holds its file.
BUILT_UNDATED = "a built page that states no date, its file in no git repository"
#: The same, its file in a repository that holds no commit of it: a build's output, not a source
#: left uncommitted (Hugo's taxonomy pages of a site whose sources are all committed).
BUILT_UNCOMMITTED = "a built page that states no date, its file in no commit (a build's output)"
#: Why a listing has no date: nothing it shows has one.
UNDATED_LISTING = "a listing that shows no dated page"
#: A zone after a date-time's time: `Z`, `+02:00`, `-0500`.
_ZONE = re.compile(r"(Z|[+-]\d\d:?\d\d)$")

# -- metadata -------------------------------------------------------------------------------------


def lookup(meta: Mapping[str, Any], dotted: str) -> Any:
    """`meta["date"]["updated"]` for `"date.updated"`; a mapping is not a value (`date: {...}`)."""
    value: Any = meta
    for key in dotted.split("."):
        if not is_mapping(value) or key not in value:
            return None
        value = value[key]
    return None if is_mapping(value) else value


def first(meta: Mapping[str, Any], keys: tuple[str, ...]) -> tuple[str, Any] | None:
    """The first of the dotted `keys` the metadata has a value for, and that value."""
    if not meta:
        return None  # a built page's, most often: none of the keys is looked up
    for key in keys:
        value = lookup(meta, key)
        if isinstance(value, list):  # some plugins give `updated: [..]`: take the newest (last)
            value = value[-1] if value else None
        if value not in (None, ""):
            return key, value
    return None


def states_publication(page: Page) -> bool:
    """The page says when it was published (`date`, `date.created`): a post, as a blog lists it."""
    return first(page.meta, PUBLICATION_KEYS) is not None


class Dated(NamedTuple):
    """A page's lastmod, the source that gave it (`none: why` where none did), and whether git
    could not date its source (changed before a shallow clone's history)."""

    lastmod: Any
    source: str | None
    shallow: bool = False


class PageDates:
    """The dates of a build's pages; git is asked once per repository, beside the build."""

    def __init__(
        self,
        options: Options,
        report: Reporter,
        build_time: dt.datetime,
        source_root: Path | None = None,
        clock: dt.datetime | None = None,
    ) -> None:
        self.options = options
        self.report = report
        self.build_time = build_time
        #: What a source's date may not be later than: the clock's time, SOURCE_DATE_EPOCH aside.
        self.clock = clock or build_time
        #: Each repository's history (None: outside any), and the repository each folder is in.
        self._git: dict[str | None, GitDates] = {}
        self._repository_of: dict[str, str | None] = {}
        #: Files whose place with their links followed is known already (a built site's pages,
        #: from its walk, `Sitemap.directory_pages`): a system call or two less per page.
        self.resolved: dict[str, str] = {}
        if source_root is not None and "git" in options.lastmod:
            # Started now, read at the first page: git runs beside the build.
            root = self._repository_root(real_folder(os.path.abspath(source_root)))
            self._git[root] = GitDates(source_root, root, self.resolved)
        #: The wall clock as the build began: a date from then on is no change of a page.
        self._started = time.time()
        self.lastmod_keys = LASTMOD_KEYS
        #: The keys of those that other plugins of the generator put there (`Sitemap`'s
        #: `lastmod_keys`): dates read from the same git history, or a file's time.
        self.plugin_keys: tuple[str, ...] = ()

    @property
    def lastmod_keys(self) -> tuple[str, ...]:
        """Metadata keys for lastmod, in order; adapters add their generator's plugins' keys."""
        return self._lastmod_keys

    @lastmod_keys.setter
    def lastmod_keys(self, keys: tuple[str, ...]) -> None:
        self._lastmod_keys = keys
        self._modified_keys = tuple(k for k in keys if k not in PUBLICATION_KEYS)

    def lastmod(self, page: Page, label: str, facts: HtmlFacts, theirs: PageFacts | None) -> Dated:
        """The last significant change.  A modification the metadata states (`lastmod`,
        `updated`, `date.updated`, a plugin's git date) wins; a publication date (`date`,
        `date.created`) is only a floor, whatever source gives the change: a page changed, for
        its readers, no earlier than it was published (git's date of the commit that wrote a
        post the day before its `date` is not its lastmod)."""
        published, shallow = None, False
        if "metadata" in self.options.lastmod:
            published = self.meta_date(page, label, PUBLICATION_KEYS)
        for source in self.options.lastmod:
            value: Any = None
            if source == "metadata":
                keys = self._modified_keys
                if self.plugin_keys and self._git_answers(page):
                    # Another plugin's git date (git-revision-date-localized's) reads the history
                    # ours reads, without what ours knows (renames, the branch's merges, the
                    # commit that only added a file, a shallow clone's boundary, which it takes
                    # for a change of every file): where ours can answer, ours is used.
                    keys = tuple(key for key in keys if key not in self.plugin_keys)
                value = self.meta_date(page, label, keys)
            elif source == "git" and page.source_path:
                dates = self.git_of(page.source_path)
                value, added = dates.change(page.source_path)
                shallow = value is None and dates.undated(page.source_path)
                if value is not None and published is not None and added:
                    # The commit that added the file (a blog moved into git, a squashed history)
                    # is no edit of what it says: git knows no change since its publication.
                    value = published
                # What the page includes can make its date later, never stand in for it: a page
                # whose own text git cannot date has no date from git.
                included = self._newest_include(page) if value is not None else None
                tz = self.options.tzinfo
                if included is not None and date_key(included[0], tz) > date_key(value, tz):
                    value, named = included
                    source = INCLUDED + named
            elif source == "mtime" and page.source_path:
                try:
                    stamp = Path(page.source_path).stat().st_mtime
                except OSError:
                    stamp = None
                value = dt.datetime.fromtimestamp(int(stamp), dt.timezone.utc) if stamp else None
                if value is not None and self._during_the_build(value, value):
                    value = None  # a file this build wrote: its time says when it was built
            elif source == "build":
                value = self.build_time
            elif source == "html" and facts.modified:
                value = self._date(facts.modified, label, "lastmod (the page's HTML)")
            elif source == "sitemaps" and theirs is not None and theirs.lastmod:
                # Another tool's date it cannot read is its to mend, not the owner's: said at INFO.
                field = f"lastmod ({theirs.file}, another tool's sitemap)"
                value = self._date(theirs.lastmod, label, field, unreadable=log.info)
            if value:
                later = self._later(published, value)
                return Dated(later, "metadata" if later is published else source, shallow)
        if published and not (shallow and self._older_than_the_clone(page, published)):
            # A page git cannot date changed somewhere between its publication and the shallow
            # clone's oldest commit: its publication is its lastmod only where that is later.
            return Dated(published, "metadata", shallow)
        if "html" in self.options.lastmod and facts.published:
            # A built page that says only when it was published (a post never edited, whose
            # theme writes no modification time): no source knows of a later change.
            value = self._date(facts.published, label, "lastmod (the page's HTML, its publication)")
            if value is not None and not (shallow and self._older_than_the_clone(page, value)):
                return Dated(value, "html", shallow)
        return Dated(None, f"none: {self.why_undated(page)}", shallow)

    def _date(self, text: str, label: str, field: str, unreadable: Callable[..., Any] | None = None) -> Any:
        """The date `text` says; None where it says none (reported, or `unreadable`) or one later
        than the build (reported)."""
        try:
            date = parse_date(text, self.options.tzinfo)
        except ValueError as error:
            if unreadable is None:
                self.report(label, field, f"{error}; not used")
            else:
                unreadable("sitemap: %s: %s: %s; not used", label, field, error)
            return None
        return None if self._in_the_future(date, label, field) else date

    def _git_answers(self, page: Page) -> bool:
        """Our own reading of git dates the page's source, or knows that its shallow clone
        cannot: any date read from the same history is then no better."""
        if "git" not in self.options.lastmod or not page.source_path:
            return False
        dates = self.git_of(page.source_path)
        return dates.horizon is not None or dates.lastmod(page.source_path) is not None

    def _older_than_the_clone(self, page: Page, published: Any) -> bool:
        horizon = self.git_of(page.source_path or "").horizon
        tz = self.options.tzinfo
        return horizon is not None and date_key(published, tz) < date_key(horizon, tz)

    def _newest_include(self, page: Page) -> tuple[dt.datetime, str] | None:
        """The newest git date among the files the page includes, and that file's name."""
        newest = None
        for path in page.includes:
            dates = self.git_of(path)
            date = dates.lastmod(path)
            if date is not None and (newest is None or date > newest[0]):
                named = path_in(dates.root, os.path.abspath(path)) if dates.root else None
                newest = (date, named or Path(path).name)
        return newest

    def why_undated(self, page: Page) -> str:
        """Why no source dated the page, in the words the summary counts and the report shows."""
        if page.listing:
            return UNDATED_LISTING
        if "git" not in self.options.lastmod:
            return "no source in the lastmod option dates it"
        if not page.source_path:
            return "no source file"
        dates = self.git_of(page.source_path)
        if dates.root is None:
            # A built site's page (`--from-dir`): its file is what git would date, and it states
            # no date of its own; its sources may well be in git, elsewhere.
            return BUILT_UNDATED if page.kind_unknown else "not in a git repository (or git is not installed)"
        if dates.undated(page.source_path):
            return SHALLOW
        if page.kind_unknown and page.source_path == page.path:  # the built file is all there is
            return BUILT_UNCOMMITTED
        if path_in(dates.root, os.path.abspath(page.source_path)) is None:
            return "outside the git repository"
        return NOT_COMMITTED

    def meta_date(self, page: Page, label: str, keys: tuple[str, ...]) -> Any:
        if (found := first(page.meta, keys)) is None:
            return None
        key, value = found
        # A date given without a time stays a date: generators turn it into midnight (Material's
        # blog in UTC, Pelican in TIMEZONE), which carries no more than the date.
        if isinstance(value, dt.datetime) and value.time() == dt.time():
            value = value.date()
        field = f"lastmod (metadata {shown(key)})"
        try:
            date = parse_date(value, self.options.tzinfo)
        except ValueError as error:
            self.report(label, field, f"{error}; not used")
            return None
        if self._during_the_build(date, value):
            # Another plugin's clock (git-revision-date-localized stamps `time.time()` on pages
            # git does not know, such as a blog's generated views): when the page was built,
            # not when it changed.  The next source dates the page.
            log.debug("sitemap: %s: %s %s is the build's own time; not used", label, field, value)
            return None
        return None if self._in_the_future(date, label, field) else date

    def _during_the_build(self, date: Any, given: Any) -> bool:
        """`date` fell while this build ran, by the wall clock (SOURCE_DATE_EPOCH aside).  A date
        given without a zone may be in another zone than the site's (a plugin's own `timezone`):
        UTC's and the machine's are tried too."""
        if not isinstance(date, dt.datetime):
            return False
        start, end = self._started - 1, time.time() + 1
        if start <= date.timestamp() <= end:
            return True
        naive = (isinstance(given, dt.datetime) and given.tzinfo is None) or (
            isinstance(given, str) and not _ZONE.search(given.strip()[10:])
        )
        if not naive:
            return False
        wall = date.replace(tzinfo=None)
        return any(start <= wall.replace(tzinfo=zone).timestamp() <= end for zone in (dt.timezone.utc, None))

    def _in_the_future(self, date: Any, label: str, field: str) -> bool:
        """A date later than the build is no last change: said, and the source is skipped."""
        if not later_than_the_build(date, self.clock, self.options.tzinfo):
            return False
        self.report(
            label,
            field,
            f"{format_w3c(date)} is later than the build ({format_w3c(self.clock)}); not used",
        )
        return True

    def _later(self, first: Any, second: Any) -> Any:
        if first is None:
            return second
        tz = self.options.tzinfo
        return first if date_key(first, tz) > date_key(second, tz) else second

    def git_of(self, source_path: str | Path) -> GitDates:
        """The history of the repository holding `source_path`: a page of another repository in
        the docs (a submodule) is dated by its own.  One `git` process and one message per
        repository per build (outside any repository too); each folder is asked once."""
        if (resolved := self.resolved.get(os.fspath(source_path))) is not None:
            folder = os.path.dirname(resolved)
        else:
            folder = real_folder(os.path.dirname(os.path.abspath(source_path)))
        root = self._repository_root(folder)
        if (dates := self._git.get(root)) is None:
            dates = self._git[root] = GitDates(Path(root or folder), root, self.resolved)
        return dates

    def _repository_root(self, folder: str) -> str | None:
        """The top of the repository holding `folder` (resolved), from its parent's: a site's
        thousands of folders cost a look for `.git` each."""
        if folder not in self._repository_of:
            parent = os.path.dirname(folder)
            if os.path.exists(os.path.join(folder, ".git")):
                self._repository_of[folder] = folder
            else:
                self._repository_of[folder] = None if parent == folder else self._repository_root(parent)
        return self._repository_of[folder]

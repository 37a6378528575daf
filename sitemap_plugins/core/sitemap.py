"""`Sitemap`: what an adapter uses.  Add entries during the build, call `write` at the end.

It validates each entry as it comes, merges entries that share a `loc`, and completes hreflang
groups (every version lists itself and all the others, plus `x-default`) before writing.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sitemap_plugins.core import sitemaps_beside
from sitemap_plugins.core.errors import Reporter, SitemapError, log, shown
from sitemap_plugins.core.files import HTML_SUFFIXES, display_name, site_pages, url_path
from sitemap_plugins.core.mapping import entry_from_mapping
from sitemap_plugins.core.model import Entry, LeftOut, Page, UndescribedVideo
from sitemap_plugins.core.normalize import (
    date_key,
    glob_match,
    site_path,
    uri_or_same,
)
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.packing import IndexItem
from sitemap_plugins.core.output.result import FRONT_MATTER, WriteResult
from sitemap_plugins.core.output.writer import VideoChannel, write_sitemaps
from sitemap_plugins.core.pages.dates import INCLUDED, PageDates
from sitemap_plugins.core.pages.fingerprints import Fingerprints
from sitemap_plugins.core.pages.harvest import Harvest, Harvester, language_of, leave_out
from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps, kept_facts, read_other_sitemaps
from sitemap_plugins.core.pages.reading import PageReading, read_page
from sitemap_plugins.core.pages.workers import read_pages
from sitemap_plugins.core.rules import Site, apply_site_rules, digests_of
from sitemap_plugins.core.transform import LEFT_OUT, transform_of
from sitemap_plugins.core.validate import MAX_IMAGES, EntryValidator


def build_time() -> dt.datetime:
    """Now, or SOURCE_DATE_EPOCH when set (reproducible builds: reproducible-builds.org)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc)
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


class Sitemap:
    def __init__(
        self,
        options: Options,
        emit: Callable[[str], None] | None = None,
        *,
        now: dt.datetime | None = None,
        source_root: str | os.PathLike[str] | None = None,
        site_dir: str | os.PathLike[str] | None = None,
        site_name: str | None = None,
        site_description: str | None = None,
        lastmod_keys: Sequence[str] = (),
        config_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        """`emit` receives each problem message (adapters pass their generator's logger); `now` is the build
        time (news window, `lastmod: [build]`); `source_root` the directory of the page sources, whose git
        history gives lastmod; `site_dir` the built site the pages are in, served at `base_url`: what a page
        lists there must be a file of it. `site_name` and `site_description` are what the video feed's channel
        says; `lastmod_keys`: metadata keys other plugins of the generator date pages by
        (git-revision-date-localized's), read before the page's own `date` where our own reading of git has no
        date of the page; `config_dir`: the configuration file's directory, where option `transform` is looked
        for."""
        self.site_dir = Path(site_dir) if site_dir is not None else None
        #: How the summary names the field a page's author dates it by (Pelican: `Modified:`).
        self.date_field = FRONT_MATTER
        self.options = options
        self.report = Reporter(options.strict, emit)
        # A source's date is later than the build by the clock: SOURCE_DATE_EPOCH stands for it only
        # where the build writes its own time (`lastmod: [build]`, `previous`, the news window), and
        # makes no true date false, set years back (Hatch's docs: 2020-02-02) or ahead.
        clock = now or max(build_time(), dt.datetime.now(dt.timezone.utc).replace(microsecond=0))
        now = self.build_time = now or build_time()
        self._validate = EntryValidator(options, self.report, clock)
        #: When each page last changed (the `lastmod` option's sources).
        self.dates = PageDates(options, self.report, now, Path(source_root) if source_root else None, clock)
        self.harvester = Harvester(options, self.report, now, self.dates)
        #: The sitemaps another tool wrote into the site (`read_other_sitemaps`): what they say
        #: of a page fills in where the page says less.
        self.other_sitemaps = OtherSitemaps()
        self.entries: dict[str, Entry] = {}
        #: Each page handed over, as it was harvested, in order: what the site's rules read.
        self.pages: list[Harvest] = []
        #: Every page not listed, with the reason, in the order met.
        self.left_out: list[LeftOut] = []
        #: Images in pages that are not content, by kind (emoji, avatar, badge, frame): not listed
        #: unless `images_decorative`, counted for the report.
        self.images_left_out: Counter[str] = Counter()
        #: Videos in pages that say too little of them for Google and no `video:` metadata
        #: completes: not listed, named in the report.
        self.undescribed_videos: list[UndescribedVideo] = []
        #: Listings the news rules matched: no news articles, not in the news sitemap.
        self.listings_not_news = 0
        #: Pages git could not date: last changed before a shallow clone's history.
        self.git_undated = 0
        #: Pages of other sets of the run (`pages_elsewhere`): not judged by this site_dir.
        self._elsewhere: set[str] = set()
        #: Other sets' roots not built yet, each with what the face says of it (`sets_to_come`).
        self._to_come: dict[str, str] = {}
        #: What those pages show (`text.page_text`), where their set read them (`join_sets`).
        self._elsewhere_digests: dict[str, str | None] = {}
        #: The set as the site's rules left it at the last `write` (`rules.Site`).
        self.site: Site | None = None
        #: What the site's rules left out over every `write` (a set written again adds its
        #: own): pages that copy another language's, robots.txt's, and the alternates dropped
        #: ((page, hreflang, URL, why) each).
        self.copies = self._robots_blocked = 0
        self.alternates_dropped: list[tuple[str, str, str, str]] = []
        self.site_name, self.site_description = site_name, site_description
        self.transform = transform_of(options.transform, config_dir)
        #: The last deploy's pages (option `previous`), which date the pages that did not change.
        self.previous = Fingerprints(options, config_dir) if options.previous else None
        if lastmod_keys:
            dates = self.dates
            dates.lastmod_keys = _before_the_date(dates.lastmod_keys, lastmod_keys)
            dates.plugin_keys = tuple(lastmod_keys)

    def add_page(self, page: Page) -> Entry | None:
        """Harvest a built page (its metadata, and its HTML or the file holding it) and add its
        entry; None when it is not listed."""
        return self._add_reading(read_page(page, self.options, self.other_sitemaps), page)

    def _add_reading(self, reading: PageReading, page: Page) -> Entry | None:
        harvest = self.harvester.entry(reading)
        self.pages.append(harvest)
        if harvest.left_out is not None:
            self.left_out.append(harvest.left_out)
        self.images_left_out.update(harvest.decorations)
        self.undescribed_videos += harvest.undescribed
        self.listings_not_news += harvest.listing_not_news
        self.git_undated += harvest.git_undated
        added = None if harvest.entry is None else self.add(harvest.entry, page)
        harvest.loc = None if added is None else added.loc
        if added is None or not added.videos:
            harvest.head_described = None  # no player of it is listed for its head to describe
        return added

    def add_directory(self, progress: Callable[[int], None] | None = None, jobs: int = 1) -> int:
        """Harvest every page of the built site in `site_dir` (any generator's), with what the
        sitemaps another tool wrote there say of them, the pages read on `jobs` processes
        (`workers.read_pages`); the count of pages."""
        assert self.site_dir is not None
        other_sitemaps = self.read_other_sitemaps()
        count = 0
        readings = read_pages(self.directory_pages(self.site_dir), self.options, other_sitemaps, jobs)
        for count, reading in enumerate(readings, 1):
            self._add_reading(reading, reading.page)  # a page of a directory: held whole
            if progress is not None:
                progress(count)
        # A file copied as it is has no source here but itself (its file time, where asked).
        return count + self.add_static_files(self.site_files(self.site_dir))

    def directory_pages(
        self, site_dir: str | os.PathLike[str], other_sets: Collection[Path] = ()
    ) -> Iterator[Page]:
        """The pages of a built site, served at the base URL (`index.html` as its directory), as files, but
        for those of `other_sets` nested in it; what cannot be read is reported and passed over."""
        root = Path(site_dir)

        def passed_over(name: str, message: str) -> None:
            self.report(name, "file", message)

        for page_path, relative, path, resolved in site_pages(root, passed_over, other_sets):
            self.dates.resolved[path] = resolved  # git's name of the file, without a look at the disk
            yield Page(
                url=self.options.base_url + page_path,
                source=display_name(relative),
                source_path=path,
                path=path,
                is_error_page=page_path == "404.html",
                kind_unknown=True,
            )

    def static_file(self, url: str, source_path: str | None, source: str | None = None) -> Page | None:
        """The page of a file that is no HTML page (a PDF) where option `static_files` names it
        (a glob on its path under the base URL, or on its name), else None; `source_path`: the
        file it was copied from, whose git history dates it."""
        if not (patterns := self.options.static_files):
            return None
        path = site_path(url, self.options.base_url)
        if path.lower().endswith(HTML_SUFFIXES):
            return None  # a page: listed as one, or left out as one
        if not glob_match(patterns, path, "/" + path, posixpath.basename(path)):
            return None
        return Page(url=url, source=source or display_name(path), source_path=source_path)

    def add_static_files(self, files: Iterable[tuple[str, str | None]]) -> int:
        """Option `static_files`: of `files` (URL, the file it was copied from), those it names
        are listed; the count."""
        count = 0
        for url, source_path in files:
            if (page := self.static_file(url, source_path)) is not None:
                self.add_page(page)
                count += 1
        return count

    def site_files(self, site_dir: str | os.PathLike[str]) -> Iterator[tuple[str, str]]:
        """(URL, file) of every file of a built site, for `add_static_files`."""
        root = Path(site_dir)
        if not self.options.static_files:
            return
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            for name in sorted(n for n in names if not n.startswith(".")):
                path = Path(directory, name)
                yield self.options.base_url + url_path(path.relative_to(root).as_posix()), str(path)

    def add_extra_urls(self, items: Iterable[Any], where: str) -> None:
        """The configuration's `extra_urls` (URLs, or mappings with loc, lastmod, changefreq,
        priority): each added, or named with `where` (the configuration file) and left out."""
        for item in items:
            try:
                self.add(entry_from_mapping(item, self.options.base_url))
            except (KeyError, TypeError, ValueError) as error:
                self.report(where, "extra_urls", f"{shown(item)}: {error}; left out")

    @staticmethod
    def owners_sitemap(copied_to: Path, yours: str, ways_out: str) -> SitemapError:
        """A sitemap of the owner's that this build writes where ours would go (`yours` says
        what it is, from where): left as it is, nothing written, and the ways out named."""
        return SitemapError(
            f"sitemap: {yours} (the build writes it to {copied_to}), so it is left as it is and no "
            f"sitemap was written. {ways_out}, and build again"
        )

    def closing_lines(self, result: WriteResult, of: str | None = None) -> list[str]:
        """What a build says at its end, at INFO: the notes the owner may act on, then the
        summary with the count of problems said above it."""
        problems = len(self.report.problems)
        said = f"; {problems} problem(s) reported above" if problems else ""
        return [*result.notes(), result.summary(of) + said]

    def read_other_sitemaps(self) -> OtherSitemaps:
        """Read the sitemaps another tool wrote into the site directory (Hugo's, sphinx-sitemap's):
        what they say of a page (lastmod, translations, images) fills in where the page says
        less.  For a built directory of any generator; before its pages are added."""
        assert self.site_dir is not None
        found = self.other_sitemaps = read_other_sitemaps(self.site_dir, self.options.base_url)
        for name, message in found.notes:
            log.info("sitemap: %s (another tool's sitemap): %s", name, message)
        for name, message in found.problems:
            self.report(f"{name} (another tool's sitemap)", "loc", message)
        return found

    def join_groups(self, groups: dict[str, dict[str, str]], x_default: str | None = None) -> None:
        """Put the listed pages in hreflang `groups` (url -> {language: url}) found beyond their
        own metadata: across the projects of one project per language; `x_default`: the
        language whose page is `x-default` in every group (the main one), where it is known."""
        if x_default:
            self.options.x_default = x_default
        self.pages_elsewhere(url for group in groups.values() for url in group.values())
        for url, group in groups.items():
            if (entry := self.entries.get(uri_or_same(url))) is not None:
                entry.alternates = {**group, **entry.alternates}

    def join_sets(self, others: Iterable[Sitemap]) -> None:
        """The other sets of one run (a build per language, each in its own directory), whose
        pages are read: their pages may be named as translations, and one that shows the same
        words as the page of the language copies are made from is a copy, whichever set holds
        it (an untranslated page a translated build copies)."""
        for other in others:
            self.pages_elsewhere(other.entries)
            self._elsewhere_digests.update(digests_of(other.pages))

    def pages_elsewhere(self, urls: Iterable[str]) -> None:
        """Pages of the other sets of a run (one project per language, each its own site_dir):
        alternates may name them, and this set's site_dir cannot tell of them."""
        self._elsewhere.update(map(uri_or_same, urls))

    def sets_to_come(self, roots: dict[str, str]) -> None:
        """The roots (URLs) of other sets of the site that are built after this one (one
        project per language), each with why: a translation named there is no 404 of this set's
        site_dir, and what is said of it says so.  A root above this set's (the host's, of a
        set in `/de/`) holds no page of this set's site_dir."""
        self._to_come.update(
            {root: why for root, why in roots.items() if not self.options.base_url.startswith(root)}
        )

    def leave_out(self, url: str, source: str | None, kind: str, reason: str) -> None:
        """A page the adapter does not hand over (a draft): said at INFO and kept for the report."""
        self.left_out.append(leave_out(url, source, kind, reason))

    def add(self, entry: Entry, page: Page | None = None) -> Entry | None:
        """Validate and keep `entry` (of `page`, where it is a page's); None when it cannot be
        listed (the reason was reported).  Option `transform` sees it first."""
        if self.transform is None:
            checked = self._validate(entry)
        else:
            loc, source, spec = entry.loc, entry.source, self.transform.spec
            transformed, changed = self.transform(entry, page, self.report)
            if transformed is None:
                self.left_out.append(leave_out(loc, source, LEFT_OUT, f"left out by transform {spec}"))
                return None
            # A value the function set that cannot be listed: the message says whose it is.
            with self.report.attributed(f"as transform {spec} returned it" if changed else None):
                checked = self._validate(transformed)
        if checked is None:
            return None
        if (existing := self.entries.get(checked.loc)) is None:
            self.entries[checked.loc] = checked
            return checked
        log.info("sitemap: %s is listed twice (also as %s); merged", checked.label, existing.label)
        self._merge(existing, checked)
        return existing

    def write(
        self,
        out_dir: str | os.PathLike[str],
        extra_sitemaps: Sequence[IndexItem] = (),
        replaceable: Sequence[str] = (),
        report_to: Sequence[Path] = (),
        also_in_robots: Sequence[str] = (),
        project: str | None = None,
    ) -> WriteResult:
        """Write the set into `out_dir`; `extra_sitemaps` (feeds) are sitemaps of their own, named in
        robots.txt and the index; `replaceable`: the generator's own sitemap files there; `report_to`: where
        the HTML report of the build goes (option `report`, resolved); `also_in_robots`: other sets' sitemaps
        this set's robots.txt names; `project`: the configuration the set is made from (`write_sitemaps`)."""
        out = Path(out_dir)
        named, theirs = sitemaps_beside.extra_sitemaps(
            out, self.options, self.report, self.entries, self.left_out
        )
        site = self.site = apply_site_rules(self._site(out))
        self.copies += site.copies
        self._robots_blocked += site.robots_blocked
        self.alternates_dropped += site.alternates_dropped
        others = self.other_sitemaps
        if self.site_dir is None or out.resolve() != self.site_dir.resolve() or not others.files:
            others = read_other_sitemaps(out, self.options.base_url, leave=replaceable)
        stale = [name for name in others.files if name not in (*replaceable, *theirs)]
        # The sitemaps in the folder of another set to come are that set's, which replaces them.
        base = self.options.base_url
        stale = [name for name in stale if not any((base + name).startswith(r) for r in self._to_come)]
        beside = sitemaps_beside.stale_sitemaps(others, stale, self.options, self.entries)
        # What the sitemaps ours takes the place of said is kept in the manifest: a run again on
        # this output (to add a report) reads it as theirs, and writes what this one writes.
        replaced = [*(beside if self.options.replace_sitemaps else []), *others.kept]
        kept: dict[str, object] = {"replaced": kept_facts(others, replaced)} if replaced else {}
        if self.previous is not None:
            kept["pages"] = self.previous.states(self.entries, site.digests, set(site.listings))
        result = write_sitemaps(
            self.entries.values(),
            out_dir,
            self.options,
            self.report,
            extra_sitemaps=[*sitemaps_beside.served_feeds(extra_sitemaps, self.options, self.report), *named],
            replaceable=replaceable,
            other_sitemaps=beside,
            also_in_robots=also_in_robots,
            project=project,
            video_channel=VideoChannel.of(self.options, self.site_name, self.site_description),
            kept=kept,
        )
        if result.files:
            result.replaced += [name for name in others.kept if name not in result.replaced]
        self._count(result, site)
        if report_to:
            self._write_report(report_to, result)
        return result

    def _site(self, out: Path) -> Site:
        """The set as the site's rules see it: every page's reading and entry, gathered."""
        return Site(
            self.options,
            self.report,
            self.entries,
            self.left_out,
            self.images_left_out,
            self.undescribed_videos,
            site_dir=self.site_dir,
            out=out,
            previous=self.previous,
            site_description=self.site_description,
            dates=self.dates,
            elsewhere=self._elsewhere,
            elsewhere_digests=self._elsewhere_digests,
            to_come=self._to_come,
        ).gather(self.pages)

    def _count(self, result: WriteResult, site: Site) -> None:
        """What the harvest and the groups left out or could not say, for the closing lines."""
        result.undescribed = [video.source or video.url for video in self.undescribed_videos]
        result.undescribed_missing = [
            field for video in self.undescribed_videos for field in video.missing.split(", ")
        ]
        result.robots_blocked = self._robots_blocked
        result.git_undated = self.git_undated
        result.listings_not_news = self.listings_not_news
        result.copies = self.copies
        result.copies_listed = self.options.list_fallbacks
        result.fingerprints = (self.previous.kept, self.previous.changed) if self.previous else (0, 0)
        included = [
            e.lastmod_source for e in self.entries.values() if (e.lastmod_source or "").startswith(INCLUDED)
        ]
        # A translation's catalog (gettext's `.po`) is what it is made from, no file it shows.
        result.translated = sum(1 for source in included if source and source.endswith(".po"))
        result.included = len(included) - result.translated
        result.transformed_out = sum(1 for page in self.left_out if page.kind == LEFT_OUT)
        result.alternates_dropped = len(self.alternates_dropped)
        if self.alternates_dropped:
            label, code, url, reason = self.alternates_dropped[0]
            result.first_dropped = f"{label}: hreflang {code} {url}, {reason}"
        result.undated = site.undated
        result.date_field = self.date_field
        if not site.translations_named and not any(e.alternates for e in self.entries.values()):
            # Pages in several languages and nothing names a translation: what would is said.
            # (Where pages name theirs but every one is a copy, the copies are counted instead.)
            languages: Counter[str] = Counter()
            for code, count in site.languages.items():
                languages[language_of(code)] += count
            if sum(1 for count in languages.values() if count >= 2) >= 2:
                result.ungrouped_languages = languages

    def _write_report(self, report_to: Sequence[Path], result: WriteResult) -> None:
        """The HTML report of the build (option `report`), at each of `report_to`."""
        from sitemap_plugins.core.output.html_report import build_report, write_report
        from sitemap_plugins.core.output.render import Renderer

        data = build_report(
            self.entries.values(),
            self.left_out,
            self.report.problems,
            self.options.base_url,
            result.summary(),
            self.build_time,
            self.images_left_out,
            self.undescribed_videos,
            self.git_undated,
            result.video_feed,
            self.alternates_dropped,
        )
        renderer = Renderer(self.options)
        for path in report_to:
            if write_report(path, data, renderer, self.report):
                result.reports.append(str(path))

    def report_path(self, relative_to: str | os.PathLike[str] | None) -> Path | None:
        """Option `report`, a path relative to the configuration file's directory."""
        if not self.options.report:
            return None
        path = Path(self.options.report).expanduser()
        return path if path.is_absolute() else Path(relative_to or ".") / path

    # -- duplicates ------------------------------------------------------------------------------

    def _merge(self, into: Entry, other: Entry) -> None:
        tz = self.options.tzinfo
        if other.lastmod and (not into.lastmod or date_key(other.lastmod, tz) > date_key(into.lastmod, tz)):  # type: ignore[arg-type]
            into.lastmod = other.lastmod
        into.changefreq = into.changefreq or other.changefreq
        into.priority = into.priority if into.priority is not None else other.priority
        known_images = {i.loc for i in into.images}
        into.images += [i for i in other.images if i.loc not in known_images][: MAX_IMAGES - len(into.images)]
        known_videos = {v.key for v in into.videos}
        into.videos += [v for v in other.videos if v.key not in known_videos]
        into.news = into.news or other.news
        for code, url in other.alternates.items():
            into.alternates.setdefault(code, url)
        for key, value in other.extra.items():
            into.extra.setdefault(key, value)


def _before_the_date(keys: Sequence[str], more: Sequence[str]) -> tuple[str, ...]:
    """`more` keys read just before the page's own `date` (a publication, not a change)."""
    at = list(keys).index("date")
    return (*keys[:at], *more, *keys[at:])

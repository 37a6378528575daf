"""`PLUGINS = ["sitemap_plugins.pelican"]`: a complete sitemap set for a Pelican site.

The adapter only translates.  Each HTML file Pelican writes (`content_written`) is recorded with what
Pelican knows of it (the article or page, its translations, the articles a listing page shows);
at the end of the build (`finalized`, after static files, robots.txt included, were copied) the
files are handed to the core, which reads them, and the set is written.

With i18n_subsites every subsite is a Pelican run nested inside the main one: subsites are built
from the main run's `get_writer` and finish before it.  Runs are kept on a stack, so the set,
covering the main site and every subsite, is written once, when the outermost run finishes.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from sitemap_plugins import (
    BUILTIN_SITEMAP,
    IndexItem,
    Page,
    Sitemap,
    SitemapError,
    path_in,
    to_uri,
)
from sitemap_plugins.pelican import items
from sitemap_plugins.pelican.beside import stop_pelican_sitemap
from sitemap_plugins.pelican.config import KINDS, PelicanSettings, read_settings

log = logging.getLogger(__name__)

_HTML = (".html", ".htm")


@dataclass
class _Written:
    """A file Pelican wrote (or a static file `static_files` lists): the core's page, and what
    the adapter needs of it besides."""

    page: Page
    kind: str  # articles, pages or indexes (pelican-sitemap's kinds)
    #: Written with Pelican's override_output: later writes to the same file are skipped.
    overrides: bool = False
    #: A DIRECT_TEMPLATES page (index, archives, ...): the same file in each subsite is a translation.
    direct: str | None = None
    #: A subsite's article or page whose source says no `Lang:`: the main site's, written again.
    untranslated: bool = False


@dataclass
class _Run:
    """One Pelican run: the site, or one i18n subsite."""

    pelican: Any
    output_path: Path
    site_url: str
    language: str | None
    written: dict[str, _Written] = field(default_factory=dict)
    static: list[_Written] = field(default_factory=list)


class _Build:
    """One `pelican` invocation: the main run and the subsites nested in it."""

    def __init__(self, pelican: Any) -> None:
        settings = pelican.settings
        self.site_url = items.site_url_of(settings)
        self.config: PelicanSettings = read_settings(settings, self.site_url)
        self.sitemap = Sitemap(
            self.config.options,
            emit=log.warning,
            source_root=settings.get("PATH"),
            site_dir=os.path.abspath(pelican.output_path),
            site_name=settings.get("SITENAME"),
            site_description=settings.get("SITESUBTITLE"),
        )
        self.sitemap.date_field = "`Modified:` in an article's or page's metadata"
        self.output_path = Path(os.path.abspath(pelican.output_path))
        self.source_root = settings.get("PATH") or "."
        self.stack: list[_Run] = []
        self.finished: list[_Run] = []
        self.feeds: list[IndexItem] = []
        #: What this build copies from the content (a sitemap.xml there is the user's own).
        self.static_names: set[str] = set()
        #: Sitemap files the owner's templates write in this build: name -> the template.
        self.owners_sitemaps: dict[str, str] = {}

    def start(self, pelican: Any) -> None:
        settings = pelican.settings
        output = Path(os.path.abspath(pelican.output_path))
        self.stack.append(_Run(pelican, output, self._run_site_url(settings), settings.get("DEFAULT_LANG")))

    def _run_site_url(self, settings: Any) -> str:
        """A subsite's absolute URL: its SITEURL, moved under `base_url` when that overrides SITEURL."""
        if not self.stack:
            return self.config.options.base_url
        main = str(self.stack[0].pelican.settings.get("SITEURL") or "").rstrip("/")
        own = str(settings.get("SITEURL") or "").rstrip("/")
        if own.startswith(main):
            subpath = own[len(main) :].strip("/")  # "de" for the German subsite
            return self.config.options.base_url + (subpath + "/" if subpath else "")
        return items.site_url_of(settings) or self.config.options.base_url

    # -- what Pelican writes ---------------------------------------------------------------------

    def written(self, path: str, context: dict[str, Any]) -> None:
        if not path.endswith(_HTML):
            name = os.path.basename(path)
            if name.startswith("sitemap") and path_in(self.output_path, path) == name:
                # A sitemap the owner's templates write in this build: theirs, never replaced.
                self.owners_sitemaps[name] = str(context.get("page_name") or "a template of the theme")
            return
        run = self.stack[-1]
        path = os.path.abspath(path)  # a plugin's writer may hand over a relative path
        previous = run.written.get(path)
        if previous is not None and previous.overrides:
            return  # Pelican skipped this write: the file keeps the overriding content
        record = self._record(run, path, context)
        if record is not None and self._excluded_in_subsite(run, record.page):
            record = None
        if record is None:
            run.written.pop(path, None)
            return
        # The file is read when the page is added; its images and videos are its article's.
        record.page.path, record.page.content = path, items.own_content(context)
        run.written[path] = record

    def _excluded_in_subsite(self, run: _Run, page: Page) -> bool:
        """`exclude` matches a subsite's page on its path in the subsite too (`^tag/` leaves out
        `/de/tag/…`), as pelican-sitemap, which wrote a sitemap per subsite, matched it."""
        own = page.url.removeprefix(run.site_url)
        pattern = None if run is self.stack[0] else self.config.options.excluding(own)
        if pattern is not None:
            self.sitemap.leave_out(page.url, page.source, "exclude", f"matches {pattern!r} (as {own})")
        return pattern is not None

    def _record(self, run: _Run, path: str, context: dict[str, Any]) -> _Written | None:
        saved_as = path_in(run.output_path, path) or ""
        content = items.item_of(context)
        if content is not None:
            return self._content_record(
                run, saved_as, content, "articles" if "article" in context else "pages"
            )
        # write_file's `url` and `template_name` are not in the context; what is there tells the
        # kind: a taxonomy object, a period, `page_name` (direct templates), or nothing (TEMPLATE_PAGES).
        taxonomy = next((context[k] for k in ("tag", "category", "author") if k in context), None)
        listing = taxonomy is not None or "period" in context or "page_name" in context
        listed = context.get("articles_page")
        url = listed.url if listed is not None else getattr(taxonomy, "url", "")
        direct = listing and taxonomy is None and "period" not in context
        source_path = None
        if not listing:  # TEMPLATE_PAGES: source -> destination
            for source, dest in (context.get("TEMPLATE_PAGES") or {}).items():
                if dest == saved_as:
                    source_path = items.template_file(context, source)
        page = self._page(
            "indexes",
            url=items.absolute(run.site_url, items.served_url(url, saved_as)),
            language=run.language,
            source=saved_as,
            source_path=source_path,
            # Dated by what its written content shows (the core's listing rule): themes render
            # `articles` or the page's slice, and a menu's pages are no part of it.
            listing=listing,
            # A template page (TEMPLATE_PAGES) may show anything: a list of the talks, a form;
            # what it shows tells (a page that shows posts is dated by them).
            kind_unknown=not listing,
        )
        return _Written(page, "indexes", overrides=not listing, direct=saved_as if direct else None)

    def _content_record(self, run: _Run, saved_as: str, content: Any, kind: str) -> _Written | None:
        """An article or a page: its metadata and translations; a draft or a private one is
        left out, said at INFO."""
        status = getattr(content, "status", "published")
        if status != "published" or (hasattr(content, "private") and items.private(content)):
            left_as = "private" if status == "published" else status
            url = items.absolute(run.site_url, items.served_url(getattr(content, "url", ""), saved_as))
            why = "private: Private: true" if left_as == "private" else f"{left_as}: Status: {status}"
            source = self._source_name(str(content.source_path))
            self.sitemap.leave_out(url, source, left_as, f"{why} in its metadata")
            return None
        meta = dict(content.metadata)
        if "sitemap" not in meta:  # its own `priority:` and `changefreq:`, where it gives them
            meta["sitemap"] = {k: meta[k] for k in ("priority", "changefreq") if k in meta} or None
        url = items.absolute(run.site_url, items.served_url(content.url, saved_as))
        alternates = {content.lang: url} if content.lang else {}
        for translation in getattr(content, "translations", ()):
            if translation.lang:
                alternates[translation.lang] = items.absolute(
                    run.site_url, items.served_url(translation.url, "")
                )
        source_path = str(content.source_path)
        page = self._page(
            kind,
            url=url,
            language=content.lang,
            meta=meta,
            title=content.title,
            source=self._source_name(source_path),
            source_path=source_path,
            alternates=alternates if len(alternates) > 1 else {},
            includes=items.rest_includes(source_path),
        )
        # i18n_subsites gives a source without `Lang:` each subsite's language: the same text
        # under /de/, marked German, is the main site's page copied, no translation.
        untranslated = run is not self.stack[0] and "lang" not in content.metadata
        return _Written(page, kind, overrides=hasattr(content, "override_save_as"), untranslated=untranslated)

    def _source_name(self, source_path: str) -> str:
        """A content file as the report names it: relative to the content directory."""
        return path_in(self.source_root, source_path) or source_path

    def _page(self, kind: str, **fields: Any) -> Page:
        """The core's page, with the priority and changefreq the settings give its kind."""
        return Page(
            priority=self.config.priorities.get(kind), changefreq=self.config.changefreqs.get(kind), **fields
        )

    def static_files(self, generator: Any) -> None:
        if self.stack and self.stack[-1] is self.stack[0]:  # the main site's own static files
            self.static_names |= {
                str(getattr(s, "save_as", "")).replace(os.sep, "/") for s in generator.staticfiles
            }
        if not self.stack:
            return
        run = self.stack[-1]
        for static in generator.staticfiles:
            url, source = urljoin(run.site_url, static.url), static.get_relative_source_path()
            page = self.sitemap.static_file(url, static.source_path, source)
            if page is not None:
                page.priority = self.config.priorities.get("pages")
                page.changefreq = self.config.changefreqs.get("pages")
                run.static.append(_Written(page, "pages"))

    def feed(self, path: str, feed: Any) -> None:
        if not self.config.feeds or not self.stack:
            return
        run = self.stack[-1]
        if (relative := path_in(run.output_path, path)) is None:
            return
        latest = feed.latest_post_date() if hasattr(feed, "latest_post_date") else None
        self.feeds.append(IndexItem(to_uri(urljoin(run.site_url, relative)), latest))

    # -- the end -------------------------------------------------------------------------------

    def finish(self, pelican: Any) -> bool:
        """A run ended; True when it was the outermost one and the set was written."""
        while self.stack and self.stack[-1].pelican is not pelican:
            self.stack.pop()  # a run that failed before finishing
        if self.stack:
            self.finished.append(self.stack.pop())
        if self.stack:
            return False
        self._harvest()
        # `report` is relative to where pelican runs (beside pelicanconf.py, as a rule).
        report = self.sitemap.report_path(Path.cwd())
        # Pelican does not clear its output: a sitemap.xml no static file of this build put
        # there is an earlier build's (pelican-sitemap's, before switching), and is replaced.
        self._stop_at_owners_sitemap()
        replaceable = [name for name in BUILTIN_SITEMAP if name not in self.static_names]
        result = self.sitemap.write(
            self.output_path,
            extra_sitemaps=sorted(self.feeds, key=lambda f: f.loc),
            replaceable=replaceable,
            report_to=[report] if report else [],
        )
        *notes, summary = self.sitemap.closing_lines(result)
        for line in notes:
            log.info(line)
        _say(summary)
        return True

    def _stop_at_owners_sitemap(self) -> None:
        """A sitemap.xml the owner's own template wrote in this build is theirs: the build stops
        with the two ways out, rather than replace it or write a set that does not name it."""
        for name, template in self.owners_sitemaps.items():
            if name in BUILTIN_SITEMAP:
                raise Sitemap.owners_sitemap(
                    self.output_path / name,
                    f"{name} is a sitemap of yours, from the template {template!r} (DIRECT_TEMPLATES or "
                    "TEMPLATE_PAGES)",
                    f"Either take it out of the build (remove {template!r} from DIRECT_TEMPLATES, or "
                    f"from TEMPLATE_PAGES), or save it under another name ({template.upper()}_SAVE_AS = "
                    f"'{template}-theme.xml')",
                )

    def _harvest(self) -> None:
        self._translate_direct_templates()
        originals = {r.page.source_path: r.page.url for r in self.finished[-1].written.values()}
        for run in self.finished[:-1]:
            for record in run.written.values():
                if record.untranslated:  # left out as a copy, as other faces leave out fallbacks
                    record.page.fallback_of = originals.get(record.page.source_path)
        # Subsites finish first; the main site is listed first.  Pelican writes translations in
        # the order it read the files, which varies: sorting keeps the output byte-identical.
        # The files are read here, one after another: read between Pelican's writes, which leave
        # little of the reading in the processor's caches, they cost a third more (measured).
        for run in [self.finished[-1], *self.finished[:-1]]:
            for record in sorted([*run.written.values(), *run.static], key=_order):
                self.sitemap.add_page(record.page)

    def _translate_direct_templates(self) -> None:
        """The index, archives and other DIRECT_TEMPLATES of each subsite are one page in several
        languages: they become each other's alternates."""
        if len(self.finished) < 2:
            return
        groups: dict[str, list[Page]] = {}
        for run in self.finished:
            for record in run.written.values():
                if record.direct and record.page.language:
                    groups.setdefault(record.direct, []).append(record.page)
        for pages in groups.values():
            alternates = {p.language: p.url for p in pages if p.language}
            if len(alternates) > 1:
                for page in pages:
                    page.alternates = alternates


def _say(summary: str) -> None:
    """The summary at Pelican's default level (WARNING, where INFO is not shown): printed as
    Pelican prints its `Done:` line; logged at INFO where that is shown (`-v`), not at all
    under `-q`."""
    if log.isEnabledFor(logging.INFO) or not log.isEnabledFor(logging.WARNING):
        log.info(summary)
        return
    from pelican.log import console

    console.print(summary, markup=False, highlight=False, soft_wrap=True)


def _order(record: _Written) -> tuple[int, str]:
    return KINDS.index(record.kind), record.page.url


# -- signals -------------------------------------------------------------------------------------

_build: _Build | None = None
#: The development build running (SITEURL empty), whose i18n subsites (SITEURL `/de`) are its own.
_development: Any = None
#: What Pelican's logger raises on a warning under `--fatal warnings` (pelican.log.FatalLogger).
_FATAL = "Warning or error encountered"


def _stops_the_build(receiver: Callable[..., None]) -> Callable[..., None]:
    """A problem that stops the build is said as Pelican says its own (`CRITICAL ConfigError:
    ...`), once, and ends the run with exit status 1: Pelican 4.12 prints the traceback of any
    exception that reaches it, and ours is no help to a site's owner."""

    @functools.wraps(receiver)
    def receive(*args: Any, **kwargs: Any) -> None:
        try:
            receiver(*args, **kwargs)
        except SitemapError as error:
            log.critical("%s: %s", type(error).__name__, error)
            raise SystemExit(1) from None
        except RuntimeError as error:
            if str(error) != _FATAL:
                raise
            # `pelican --fatal warnings`: our warning, said above, stops the build; without the
            # traceback Pelican would print of its logger's exception.
            print("sitemap: the build stops here: --fatal warnings, and the warning above", file=sys.stderr)
            raise SystemExit(1) from None

    return receive


@_stops_the_build
def on_get_generators(pelican: Any) -> None:
    """A run starts: the site's own, or a subsite's inside it."""
    global _build, _development
    stop_pelican_sitemap()
    outermost = _build is None or not _build.stack
    if outermost and _development not in (None, pelican) and not items.published(pelican.settings):
        return  # an i18n subsite of the development build: its SITEURL is `/de`, the main one's + /de
    if outermost and items.site_url_of(pelican.settings) is None:
        # `pelican`, `make html`, `make devserver` with pelicanconf.py: nothing to publish.
        log.info(
            "sitemap: SITEURL is empty (a development build, as pelicanconf.py has it), so no "
            "sitemap was written; the published build (publishconf.py's SITEURL) writes it"
        )
        _build, _development = None, pelican
        return
    _development = None
    if _build is None or not _build.stack or any(r.pelican is pelican for r in _build.stack):
        _build = _Build(pelican)  # a new build (an earlier run that failed is forgotten: `pelican -r`)
    _build.start(pelican)


@_stops_the_build
def on_content_written(path: str, context: dict[str, Any]) -> None:
    if _build is not None and _build.stack:
        _build.written(path, context)


@_stops_the_build
def on_feed_written(path: str, context: dict[str, Any], feed: Any) -> None:
    if _build is not None:
        _build.feed(path, feed)


@_stops_the_build
def on_static_generator_finalized(generator: Any) -> None:
    if _build is not None:
        _build.static_files(generator)


@_stops_the_build
def on_finalized(pelican: Any) -> None:
    global _build, _development
    if pelican is _development:
        _development = None
    if _build is not None and _build.finish(pelican):
        _build = None

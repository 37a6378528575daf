"""`plugins: [sitemap]`: MkDocs' built-in sitemap replaced by a complete one.

The adapter only translates: each page MkDocs renders becomes a `Page` for the core, naming the
file MkDocs writes and its `page.content`; at the end of each pass the core reads them (the head
from the file, images and videos from the content), and the set is written at the end of the
build.  mkdocs-static-i18n builds each extra language in its own pass inside its
`on_post_build`; pages are collected across those passes and the set is written once, after the
last one.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from mkdocs.config.base import BaseConfigOption
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import get_data

from sitemap_plugins import (
    BUILTIN_SITEMAP,
    ENTRY_POINT,
    ConfigError,
    Entry,
    LeftOut,
    Options,
    Page,
    Sitemap,
    SitemapError,
    WriteResult,
    slip_for,
    write_root_last,
)
from sitemap_plugins.mkdocs.built import (
    ProjectSet,
    hreflang_groups,
    material_index_warning,
    project_options,
    project_set,
    projects_built_beside,
    sets_to_come,
)
from sitemap_plugins.mkdocs.config import SitemapConfig
from sitemap_plugins.mkdocs.includes import Includes
from sitemap_plugins.mkdocs.logs import core_lines_through_mkdocs, log
from sitemap_plugins.mkdocs.other_plugins import (
    PLUGIN_LASTMOD_KEYS,
    default_language,
    i18n_building,
    i18n_locale,
    i18n_plugin,
    mike_version,
    projects_root,
)
from sitemap_plugins.mkdocs.project import core_values, language_roots, read_project

#: Entries of the last build per site, and the pages it left out, kept across `mkdocs serve
#: --dirty` rebuilds: a page that is not re-rendered is listed, or left out, as it was.
_PREVIOUS: dict[str, tuple[dict[str, Entry], dict[str, LeftOut]]] = {}


class SitemapPlugin(BasePlugin[SitemapConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.sitemap: Sitemap | None = None
        self.site_dir = ""
        self.base_url = ""
        self._expected: dict[str, Any] = {}  # loc -> File, the pages of the current pass
        self._rendered: set[str] = set()
        #: The pages rendered and not added yet: they are read at the end of their pass.
        self._pages: list[Page] = []
        self._entries: dict[str, Entry] = {}
        self.dirty = False
        self.command = "build"
        self._replaceable: list[str] = list(BUILTIN_SITEMAP)
        #: docs/sitemap.xml, where the owner has one: theirs, never replaced.
        self._owners_sitemap: str | None = None
        self._theme_language: str | None = None
        self.mike_version: str | None = None
        #: The host's root, where its project (one project per language) is built after this one.
        self._host_root_to_come: str | None = None
        self._site_url_as_written: str | None = None

    def load_config(self, options: dict[str, Any], config_file_path: str | None = None) -> tuple[Any, Any]:
        """MkDocs' own check of the options, with the option a mistyped name is a slip for."""
        errors, warnings = super().load_config(options, config_file_path)
        known = [name for name, value in vars(SitemapConfig).items() if isinstance(value, BaseConfigOption)]
        warnings = [
            (key, f"{message} (did you mean {close}?)")
            if message.startswith("Unrecognised configuration name") and (close := slip_for(key, known))
            else (key, message)
            for key, message in warnings
        ]
        return errors, warnings

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Having on_startup also keeps this instance across `mkdocs serve` rebuilds.
        self.command = command
        self.dirty = dirty

    def on_shutdown(self) -> None:
        """The process goes on without MkDocs (its Python API): the core's lines are its own again."""
        core_lines_through_mkdocs(False)

    # -- configuration ---------------------------------------------------------------------------

    @event_priority(100)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # mike makes site_url its version's (for canonical links) in its on_config: the version's
        # own URLs are under the site_url as written, whatever mike's canonical_version says.
        self._site_url_as_written = config.site_url
        core_lines_through_mkdocs(True)
        return None

    @event_priority(-150)  # after every on_config, static-i18n's own sitemap template included
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        # MkDocs renders sitemap.xml (and .gz) from the theme's static templates: not rendering
        # it at all, rather than rendering it empty, spares users MkDocs' "Template skipped" line.
        config.theme.static_templates.discard("sitemap.xml")
        if i18n_building(config):
            return  # another language pass of the same build: keep collecting
        # The configuration as every plugin and hook left it: one may set site_url in on_config
        # (a per-language build's `.../de/`).
        self.mike_version = mike_version(config)
        site_url = self._site_url_as_written if self.mike_version else config.site_url
        base_url = self.config.base_url or site_url
        if not base_url:
            # As MkDocs' own sitemap: the build goes on, without one (`--strict` fails it).
            say = log.info if self.command == "serve" else log.warning
            say(
                "sitemap: `site_url` is not set in mkdocs.yml, so no sitemap is written: a sitemap lists "
                "absolute URLs. Add `site_url: https://example.com/` (the address the site is published "
                "at), or set the plugin's `base_url` option"
            )
            self.sitemap = None
            return
        values = self._core_options(config)
        if self.mike_version:
            # mike builds this version into <version>/: its sitemap lists the version's own URLs
            # (Material's version selector reads it), whatever mike makes site_url for canonical
            # links; robots.txt and what search engines are offered are decided at the root by
            # `sitemap-plugins versions`.
            base_url = urljoin(base_url.rstrip("/") + "/", self.mike_version.strip("/") + "/")
            values["robots_txt"] = False
        try:
            options = Options.from_mapping(values, base_url=base_url)
            self.sitemap = Sitemap(
                options,
                emit=log.warning,
                source_root=config.docs_dir,
                site_dir=config.site_dir,
                site_name=config.site_name,
                site_description=config.site_description,
                lastmod_keys=PLUGIN_LASTMOD_KEYS,
                config_dir=Path(config.config_file_path or ".").parent,
            )
        except ConfigError as error:
            raise PluginError(f"sitemap: {error}") from error
        self.base_url = options.base_url
        self.site_dir = config.site_dir
        self._pages, self._entries = [], {}
        self._static: dict[str, str | None] = {}
        macros = config.plugins.get("macros")
        self._includes = Includes(
            config.markdown_extensions,
            config.mdx_configs,
            Path.cwd(),  # where the extensions resolve their relative base paths
            Path(config.docs_dir),
            None if macros is None else str(macros.config.get("include_dir") or ""),
        )

    def _core_options(self, config: MkDocsConfig) -> dict[str, Any]:
        # A name MkDocs does not know was said as MkDocs says it, a warning (`--strict` fails on
        # it), with the option it is a slip for (`load_config`): the build goes on without it.
        known = {name for name, value in vars(SitemapConfig).items() if isinstance(value, BaseConfigOption)}
        values = core_values({k: v for k, v in self.config.items() if k in known}, default_language(config))
        del values["base_url"]  # site_url unless set: given apart
        values["rules"] = [dict(rule) for rule in values["rules"]]
        values["news"] = dict(values["news"]) if values["news"] else None
        return values

    # -- pages -----------------------------------------------------------------------------------

    @event_priority(-200)  # the files as every other plugin left them (static-i18n removes some)
    def on_files(self, files: Files, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        self._rendered = set()
        # A pass's theme language: static-i18n's passes each have their own theme.language.
        self._theme_language = config.theme.get("language")
        # Not rendered as a static template (on_pre_build), the theme's sitemap.xml would be
        # copied as it is: it goes (also where no sitemap is written: its URLs would be relative).
        # One among the docs is the user's: never replaced.
        self._replaceable = []
        self._owners_sitemap = None
        if self.sitemap is not None and self.config.static_files:
            # The files copied as they are (option `static_files`), with their sources for git.
            self._static.update(
                (self._url(file.url, config), file.abs_src_path)
                for file in files
                if not file.is_documentation_page()
            )
        docs = Path(config.docs_dir).resolve()
        for name in BUILTIN_SITEMAP:
            file = files.get_file_from_path(name)
            if file is not None and docs not in Path(file.abs_src_path or "").resolve().parents:
                files.remove(file)
            if file is None or docs not in Path(file.abs_src_path or "").resolve().parents:
                self._replaceable.append(name)
            elif name == ENTRY_POINT:
                self._owners_sitemap = file.abs_src_path

    @event_priority(-200)  # after every on_nav: plugins settle what is built there (Material's blog)
    def on_env(self, env: Any, /, *, config: MkDocsConfig, files: Files) -> None:
        """The pages this pass builds, and those left out as drafts, as the other plugins left
        them: Material's blog excludes its posts in on_files and brings them back in on_nav."""
        if self.sitemap is None or not self.config.enabled:
            return
        self._expected = {}
        for file in files.documentation_pages(inclusion=lambda _: True):
            if file.inclusion.is_included():
                self._expected[self._url(file.url, config)] = file
            elif not i18n_building(config):
                url = self._url(file.url, config, root=bool(self.mike_version))
                why = "draft: not built (draft_docs or exclude_docs in mkdocs.yml, or a plugin's draft)"
                self.sitemap.leave_out(url, file.src_uri, "draft", why)

    @event_priority(-100)  # after other plugins changed the HTML
    def on_post_page(self, output: str, *, page: MkDocsPage, config: MkDocsConfig) -> None:
        if self.sitemap is None or not self.config.enabled:
            return
        if page.file.inclusion.is_excluded():
            return  # drafts are previewed by `mkdocs serve`, never listed (said in on_files)
        # Under mike, page.canonical_url names the canonical version's page, not this one.
        url = self._url(page.url, config, root=True) if self.mike_version else page.canonical_url
        url = url or self._url(page.url, config)
        self._rendered.add(url)
        # What the pass decides (static-i18n's passes each have their own site_url and theme
        # language) is taken now.
        language = getattr(page.file, "locale", None) or self._theme_language
        # Material's blog views (index, archives, categories, their pagination) list posts: what
        # each shows is read from it as written (the core's listing rule).
        listing = hasattr(page, "views") and hasattr(page, "posts")
        # Read at the end of the pass (`_add_rendered_pages`): its head from the file MkDocs
        # writes next, its media from `page.content`, which MkDocs keeps.
        built = self._page(page, url, language, listing)
        built.path, built.content = page.file.abs_dest_path, page.content
        if self._includes.any and page.file.abs_src_path:
            # The source as written: a macro's include is gone from page.markdown by now.
            built.includes = self._includes.of(page.file.content_string, Path(page.file.abs_src_path))
        self._pages.append(built)

    def _page(self, page: MkDocsPage, url: str, language: str | None, listing: bool) -> Page:
        # Front matter `alternates` are read (and checked) by the core's harvest.  A language's
        # page built from another language's file (static-i18n's `fallback_to_default`, or a hook
        # that adds the file) is a copy of that page, no translation: it joins no group.
        alternates = {}
        files = getattr(page.file, "alternates", None) or {}
        for code, file in files.items():
            if i18n_locale(file, code) == code:
                alternates[code] = self._url(file.url, None, root=True)
        fallback_of = None
        built_for = getattr(page.file, "locale_alternate_of", None)
        source_language = i18n_locale(page.file, built_for)
        if built_for and source_language != built_for:
            original = files.get(source_language)
            fallback_of = (
                self._url(original.url, None, root=True)
                if original is not None
                else "another language's page"
            )
            language = built_for
        return Page(
            url=url,
            title=page.title,
            meta=dict(page.meta),
            source=page.file.src_uri,
            source_path=page.file.abs_src_path,
            alternates=alternates,
            language=language,
            is_error_page=page.file.src_uri == "404.md",
            listing=listing,
            versioned=bool(self.mike_version),
            fallback_of=fallback_of,
        )

    def _url(self, path: str, config: MkDocsConfig | None, root: bool = False) -> str:
        """An absolute URL for a site-relative `path`: under this pass's site_url (static-i18n's
        passes have their own), or with `root`, under the sitemap's base URL."""
        site_url = self.base_url if root or config is None or not config.site_url else config.site_url
        site_url = site_url if site_url.endswith("/") else site_url + "/"
        return site_url + ("" if path in ("./", ".") else path.lstrip("/"))

    # -- the end of the build --------------------------------------------------------------------

    @event_priority(-110)  # after static-i18n's on_post_build (-100), which builds the other languages
    def on_post_build(self, config: MkDocsConfig) -> None:
        """Harvest the pages rendered and write the set."""
        if self.sitemap is None or not self.config.enabled:
            return
        try:
            self._post_build(config)
        except SitemapError as error:  # the owner's `transform` failing, `strict`: MkDocs' own error
            raise PluginError(str(error)) from error

    def _post_build(self, config: MkDocsConfig) -> None:
        assert self.sitemap is not None
        self._add_rendered_pages()
        if self.dirty:
            self._add_pages_not_rendered(config)
        if i18n_building(config):
            return
        self.sitemap.add_static_files(self._static.items())
        others = self._other_languages(config)
        writes = [(self.base_url, functools.partial(self._write, config))]
        writes += [(other.sitemap.options.base_url, other.write) for other in others]
        for index, result in write_root_last(writes):
            if index:  # another language's set, rewritten with this one's pages in its groups
                log.info(result.summary(of=str(others[index - 1].project.config_file)))
                continue
            if self.command == "serve":
                left_out = {item.url: item for item in self.sitemap.left_out}
                _PREVIOUS[config.config_file_path or self.site_dir] = (copy.deepcopy(self._entries), left_out)
            if result.entry_point_is_index and config.theme.name == "material":
                log.warning(material_index_warning(result))
            if result.robots_hint and self._named_by_the_top_project(config):
                result.robots_hint = []  # the top-level project's build names this set in robots.txt
            if result.robots_hint and self._host_root_to_come:
                log.info(
                    "sitemap: no robots.txt written: the project of %s (extra.alternate) is not built "
                    "yet; built after this one with this plugin, it names this set in the robots.txt "
                    "there (else add %s to it)",
                    self._host_root_to_come,
                    " and ".join(result.robots_hint),
                )
                result.robots_hint = []
            for line in self.sitemap.closing_lines(result):
                log.info(line)

    def _other_languages(self, config: MkDocsConfig) -> list[ProjectSet]:
        """One project per language, as Material documents it (`extra.alternate`, each
        language's site_dir nested as its URL): the sets of the languages built before this
        one, each page joined with its counterparts at the same path, to be written again with
        this one (MkDocs builds one project at a time, so the last build completes the groups)."""
        assert self.sitemap is not None
        alternate = (config.extra or {}).get("alternate")
        if not isinstance(alternate, list) or self.mike_version or i18n_plugin(config) is not None:
            return []
        if self.command == "serve" or not config.config_file_path:
            return []  # `mkdocs serve` builds into a directory of its own
        try:
            # Where this build writes (Material's projects plugin sets it for each project).
            own = dataclasses.replace(
                read_project(Path(config.config_file_path), self.base_url), site_dir=Path(config.site_dir)
            )
            others = projects_built_beside(own)
            # The languages whose projects are built after this one: a link there is no 404.
            to_come = sets_to_come(
                own, others, "is not built yet: its build, after this one, joins the groups"
            )
            self.sitemap.sets_to_come(to_come)
            host = self.base_url[: len(self.base_url) - len(urlsplit(self.base_url).path)]
            self._host_root_to_come = host + "/" if host + "/" in to_come else None
            sets = [
                project_set(
                    other, project_options(other), [p.site_dir for p in (own, *others) if p is not other]
                )
                for other in others
            ]
        except ConfigError as error:
            log.info(f"sitemap: the other languages' sets are not joined: {error}")
            return []
        urls = [*self.sitemap.entries, *(page.url for s in sets for page in s.pages if not page.fallback_of)]
        groups = hreflang_groups([own, *others], urls)
        main_language = own.default_language if self.config.x_default is True else None
        self.sitemap.join_groups(groups, x_default=main_language)
        for other in sets:
            other.add_pages(groups)
        # An English page another language's project copies is a copy whichever set holds it.
        every = [self.sitemap, *(other.sitemap for other in sets)]
        for one in every:
            one.join_sets(each for each in every if each is not one)
        return sets

    def _named_by_the_top_project(self, config: MkDocsConfig) -> bool:
        """This is one language's project of Material's projects plugin, whose top-level project
        (built after it, at the host's root, with this plugin) joins it and names its sitemaps in
        the robots.txt crawlers read."""
        if (root := projects_root(config)) is None:
            return False
        try:
            top = read_project(root)
        except ConfigError:
            return False
        path = (urlsplit(self.base_url).path or "/").strip("/") + "/"
        return top.plugin_on and path in {root.strip("/") + "/" for root in language_roots(top).values()}

    def _write(self, config: MkDocsConfig, also_in_robots: Sequence[str] = ()) -> WriteResult:
        assert self.sitemap is not None
        self.sitemap.add_extra_urls(self.config.extra_urls, "mkdocs.yml")
        if self._owners_sitemap is not None:
            # docs/sitemap.xml is the owner's, copied to site/: named at its source, with the ways out.
            raise PluginError(
                str(
                    Sitemap.owners_sitemap(
                        Path(self.site_dir) / ENTRY_POINT,
                        f"{self._owners_sitemap} is a sitemap of yours in docs_dir",
                        "Either remove it from docs_dir (or list it in exclude_docs), or rename it",
                    )
                )
            )
        report = self.sitemap.report_path(Path(config.config_file_path or ".").parent)
        report_to = [report] if report else []
        if report and self.command == "serve":
            # Served from serve's own site (`/sitemap-report.html`), with the addresses it serves
            # at; the report the last real build wrote stays as it is.
            report_to = [Path(self.site_dir) / "sitemap-report.html"]
        try:
            return self.sitemap.write(
                self.site_dir,
                replaceable=self._replaceable,
                report_to=report_to,
                also_in_robots=also_in_robots,
                project=str(Path(config.config_file_path).resolve()) if config.config_file_path else None,
            )
        except SitemapError as error:
            raise PluginError(str(error)) from error

    def _add_rendered_pages(self) -> None:
        """The pages rendered so far, read one after another: read between MkDocs' renders, which
        leave little of the reading in the processor's caches, they cost a third more (measured)."""
        assert self.sitemap is not None
        for page in self._pages:
            if not os.path.exists(page.path or ""):
                # MkDocs writes no file for a page whose output a plugin emptied ("Page skipped").
                self.sitemap.leave_out(page.url, page.source, "empty", "empty: MkDocs wrote no file of it")
                continue
            if (entry := self.sitemap.add_page(page)) is not None:
                self._entries[entry.loc] = entry
        self._pages = []

    def _add_pages_not_rendered(self, config: MkDocsConfig) -> None:
        """Under `mkdocs serve --dirty` unchanged pages are not rendered again: list them with
        their entry from the previous build, or else harvest the HTML already in site_dir."""
        assert self.sitemap is not None
        previous, left_out = _PREVIOUS.get(config.config_file_path or self.site_dir, ({}, {}))
        for url, file in self._expected.items():
            if url in self._rendered:
                continue
            if url in previous:
                entry = self.sitemap.add(copy.deepcopy(previous[url]))
            elif url in left_out:  # its front matter's `sitemap: false`, which its HTML does not show
                self.sitemap.left_out.append(left_out[url])
                continue
            elif Path(file.abs_dest_path).exists():
                # `mkdocs build --dirty` again: the page as built, with its front matter.
                meta = get_data(file.content_string)[1]
                page = Page(
                    url=url, source=file.src_uri, source_path=file.abs_src_path, path=file.abs_dest_path
                )
                entry = self.sitemap.add_page(dataclasses.replace(page, meta=meta))
            else:
                continue
            if entry is not None:
                self._entries[entry.loc] = entry
        # Listed in the order a clean build lists them: MkDocs' order of the files.
        order = {url: number for number, url in enumerate(self._expected)}
        entries = sorted(self.sitemap.entries.items(), key=lambda item: order.get(item[0], len(order)))
        self.sitemap.entries = dict(entries)

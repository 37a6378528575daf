"""Built MkDocs and Zensical projects: their pages with their Markdown sources, the sets of one
project per language written together, and `sitemap-plugins generate --project`."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from sitemap_plugins import (
    BUILTIN_SITEMAP,
    ConfigError,
    Options,
    Page,
    Sitemap,
    WriteResult,
    built_from,
    host_root,
    log,
    write_root_last,
)
from sitemap_plugins.mkdocs.project import (
    MKDOCS_ONLY,
    Project,
    core_values,
    language_groups,
    language_roots,
    read_project,
    share_languages,
)
from sitemap_plugins.mkdocs.sources import Source, is_blog_view, read_markdown, sources_by_url


def material_index_warning(result: WriteResult) -> str:
    """Said once on Material for MkDocs and Zensical sites whose pages need several files."""
    return (
        f"sitemap: the pages need {result.page_files} files, so sitemap.xml is a sitemap index; the "
        "theme's instant navigation, instant previews and language and version selectors read "
        "the <url> elements of sitemap.xml and fall back to full page loads without them (raise "
        "max_urls or max_bytes if they were lowered)"
    )


def project_pages(sitemap: Sitemap, project: Project, others: Sequence[Path] = ()) -> list[Page]:
    """A built MkDocs or Zensical site's pages, each with its Markdown source's front matter and
    git date; pages with no source (blog archives, tag pages) with their HTML alone.  They are
    added later (`add_project_pages`): their hreflang groups may span several projects.
    `others`: the site directories of the other projects, which may lie inside this one's (one
    project per language: `site/de/` in `site/`): their pages are theirs."""
    base_url = sitemap.options.base_url
    sources = sources_by_url(project)
    own = project.site_dir.resolve()
    inside = [other.resolve() for other in others if own in other.resolve().parents]
    # Another language's root (`extra.alternate`) holds its project's pages, not built from here.
    roots = [folder.resolve() for folder in (language_dirs(project) or {}).values()]
    roots = [folder for folder in roots if own in folder.parents]
    pages = []
    for page in sitemap.directory_pages(project.site_dir):
        folders = Path(page.path or "").resolve().parents
        if inside and any(other in folders for other in inside):
            continue
        url_path = page.url[len(base_url) :]
        source = sources.get(url_path)
        if source is None and any(root in folders for root in roots):
            continue
        fallback = _fallback_source(project, sources, url_path) if source is None else None
        if fallback is not None:
            # A language's page built from another language's source: a copy of that page.
            source, copied = fallback
            page.fallback_of = base_url + copied
        # A page built from no source (a blog's archive, a tag index) or the blog's own index
        # lists other pages: dated by what it shows (the core's listing rule), no news article.
        page.listing = (source is None and fallback is None) or is_blog_view(project, url_path, source)
        if source is not None:
            meta, title, problem = read_markdown(source)
            if problem is not None:
                sitemap.report(source.name, "front matter", f"{problem}; its values are not used")
            page.meta, page.title, page.source, page.source_path = meta, title, source.name, str(source.path)
            if project.includes is not None and project.includes.any:
                page.includes = project.includes.of(_text(source.path), source.path)
        page.language = _language(project, url_path) or (source.language if source else project.language)
        pages.append(page)
    return pages


def add_project_pages(
    sitemap: Sitemap,
    pages: list[Page],
    groups: dict[str, dict[str, str]],
    progress: Callable[[int], None] | None = None,
) -> None:
    sitemap.pages_elsewhere(url for group in groups.values() for url in group.values())
    for number, page in enumerate(pages, 1):
        page.alternates = groups.get(page.url, {})
        sitemap.add_page(page)
        if progress is not None:
            progress(number)


def _fallback_source(
    project: Project, sources: dict[str, Source], url_path: str
) -> tuple[Source, str] | None:
    """A language's page built from the default language's source (static-i18n's fallback):
    that source, and the URL path of the page it copies.  Only static-i18n builds a language
    from another's sources: projects of their own per language (`extra.alternate`) do not."""
    if not project.i18n_structure:
        return None
    for root in project.languages.values():
        root = root.lstrip("/")
        if root and url_path.startswith(root) and (source := sources.get(url_path[len(root) :])):
            return source, url_path[len(root) :]
    return None


def _language(project: Project, url_path: str) -> str | None:
    """The language whose root holds the page: the longest root that matches its path on the
    host (a project of its own per language is at `/de/`, its pages' paths relative to that)."""
    host_path = (urlsplit(project.site_url).path or "/").rstrip("/") + "/" + url_path
    matches = [
        (len(root), lang) for lang, root in language_roots(project).items() if host_path.startswith(root)
    ]
    return max(matches)[1] if matches else None


# -- one project per language ----------------------------------------------------------------------


@dataclass
class ProjectSet:
    """A built project's set, made from its build: its pages are added (`add_project_pages`)
    once the hreflang groups across the projects of a run are known."""

    project: Project
    sitemap: Sitemap
    pages: list[Page]

    def add_pages(
        self, groups: dict[str, dict[str, str]], progress: Callable[[int], None] | None = None
    ) -> None:
        """The pages, in the hreflang `groups` across projects, and the project's `extra_urls`."""
        add_project_pages(self.sitemap, self.pages, groups, progress)
        self.sitemap.add_static_files(self._static_files())
        self.sitemap.add_extra_urls(
            self.project.options.get("extra_urls") or [], str(self.project.config_file)
        )

    def _static_files(self) -> Iterator[tuple[str, str]]:
        """The site's files (option `static_files`), each with the file of docs_dir it was copied
        from, where there is one: its git history dates it."""
        docs, base = self.project.docs_dir, self.sitemap.options.base_url
        for url, built in self.sitemap.site_files(self.project.site_dir):
            source = docs / unquote(url[len(base) :])
            yield url, str(source) if source.is_file() else built

    def write(self, also_in_robots: Sequence[str] = (), out: Path | None = None) -> WriteResult:
        """The set, into the project's site_dir (or `out`), naming the configuration it is made
        from in its manifest, so that another language's build finds the project again."""
        report_path = self.sitemap.report_path(None)
        return self.sitemap.write(
            out or self.project.site_dir,
            replaceable=BUILTIN_SITEMAP,
            report_to=[report_path] if report_path else [],
            also_in_robots=also_in_robots,
            project=str(self.project.config_file.resolve()),
        )


def project_options(project: Project, overrides: Mapping[str, Any] | None = None) -> Options:
    """The sitemap plugin's options in the project's configuration, with the MkDocs plugin's
    defaults, then `overrides` (the command's `--config` and flags)."""
    values = core_values(project.options, project.default_language)
    if isinstance(values.get("report"), str):  # relative to the project's configuration file
        values["report"] = str(project.config_file.parent / Path(values["report"]).expanduser())
    values.setdefault("gzip", True)  # as the MkDocs plugin: MkDocs wrote sitemap.xml.gz, sites link to it
    values.setdefault("base_url", project.site_url)
    try:
        return Options.from_mapping({**values, **(overrides or {})}, MKDOCS_ONLY)
    except ConfigError as error:
        raise ConfigError(f"--project {project.config_file}: {error}") from error


def project_set(
    project: Project,
    options: Options,
    others: Sequence[Path] = (),
    emit: Callable[[str], None] | None = None,
) -> ProjectSet:
    """The set of a built project, its pages harvested (`project_pages`) but not added yet;
    `emit` says its problems (`Sitemap`)."""
    sitemap = Sitemap(
        options,
        emit,
        source_root=project.docs_dir,
        site_dir=project.site_dir,
        site_name=project.site_name,
        site_description=project.site_description,
        config_dir=Path(project.config_file).parent,
    )
    return ProjectSet(project, sitemap, project_pages(sitemap, project, others))


def hreflang_groups(projects: Sequence[Project], urls: Iterable[str]) -> dict[str, dict[str, str]]:
    """url -> {language: url} across projects of a run: the same path under each language's
    root is the same page (`language_groups`), each language's root as the first project that
    names it says."""
    roots: dict[str, str] = {}
    for project in projects:
        roots.update({lang: root for lang, root in language_roots(project).items() if lang not in roots})
    return language_groups(roots, list(urls))


def language_dirs(own: Project) -> dict[str, Path] | None:
    """The other languages' roots of one project per language (`extra.alternate`), each with
    the directory its project builds into, nested in the host's as its URL (`/de/`: `site/de/`);
    None where site_dir does not nest as site_url does."""
    own_root = (urlsplit(own.site_url).path or "/").rstrip("/") + "/"
    roots = [root for root in [*language_roots(own).values(), *own.unnamed_roots] if root != own_root]
    if own.i18n_structure or not roots:
        return {}  # static-i18n builds every language in one project
    if (host_dir := host_root(own.site_dir, own.site_url)) is None:
        return None
    return {root: host_dir.joinpath(*[part for part in root.split("/") if part]) for root in roots}


def projects_built_beside(own: Project) -> list[Project]:
    """The other projects of one project per language (`extra.alternate`) whose sets are on
    disk: each language's root on this host, where its site_dir nests as its URL does
    (`site/`, `site/de/`), names the configuration its set was made from in the manifest."""
    if (directories := language_dirs(own)) is None:
        log.info(
            "sitemap: %s: site_dir %s does not nest as its site_url %s does, so the sets of the other "
            "languages are not found; run `sitemap-plugins generate --project` for each after the builds",
            own.config_file,
            own.site_dir,
            own.site_url,
        )
        return []
    found = []
    for root, directory in directories.items():
        recorded = built_from(directory)
        if recorded is None or not Path(recorded).is_file():
            continue  # not built (yet), or built without a sitemap of ours
        try:
            other = read_project(Path(recorded))
        except ConfigError as error:
            log.info("sitemap: the set in %s is not joined: %s", directory, error)
            continue
        if urlsplit(other.site_url).netloc != urlsplit(own.site_url).netloc:
            continue
        if other.site_dir.resolve() != directory:
            # Built into this directory by another project's build (Material's projects plugin
            # builds `projects/de/mkdocs.yml` into `site/de/`): its URL must say it is there.
            if (urlsplit(other.site_url).path or "/").strip("/") != root.strip("/"):
                continue
            other = dataclasses.replace(other, site_dir=directory)
        found.append(other)
    share_languages([own, *found])
    return found


def sets_to_come(own: Project, built: Sequence[Project], why: str) -> dict[str, str]:
    """The roots (URLs) of the other languages' projects whose sets are not among `built`, each
    with what is said of a translation named there (`Sitemap.sets_to_come`): the project `why`."""
    host = urlsplit(own.site_url)._replace(path="", query="", fragment="").geturl()
    done = {(urlsplit(other.site_url).path or "/").rstrip("/") + "/" for other in built}
    return {
        host + root: f"the project of {host + root} (extra.alternate) {why}"
        for root in language_dirs(own) or {}
        if root not in done
    }


def generate_projects(
    configurations: Sequence[str],
    base_url: str | None,
    out: Path | None,
    overrides: Mapping[str, Any],
    say: Callable[[str], None],
    progress: Callable[[], Callable[[int], None] | None] = lambda: None,
) -> list[tuple[ProjectSet, WriteResult]]:
    """`generate --project mkdocs.yml|zensical.toml`: the set the MkDocs plugin writes, for a site
    another generator (Zensical) built from the same configuration.  Several projects (Zensical's
    one project per language) each get their own set, with hreflang groups across them; the
    sets in the order written, the root's last.  `progress` makes each set's progress report."""
    projects = [read_project(Path(name), base_url) for name in configurations]
    share_languages(projects)
    if out and len(projects) > 1:
        raise ConfigError("--out: with several --project, each set goes to its project's site_dir")
    if out is None:
        # The other languages' sets on disk are joined and written again, as the plugin's build
        # joins them: one project a run, in any order, ends with what one run of them all writes.
        given = {project.config_file.resolve() for project in projects}
        for project in list(projects):
            for other in projects_built_beside(project):
                if other.config_file.resolve() not in given:
                    given.add(other.config_file.resolve())
                    projects.append(other)
    sets: list[ProjectSet] = []
    for project in projects:
        config = project.config_file
        if project.options.get("enabled") is False:
            say(f"sitemap-plugins: the sitemap plugin is disabled in {config} (enabled: false)")
            continue
        site = project.site_dir
        if not site.is_dir() or not any(site.glob("*.htm*")):
            raise ConfigError(
                f"--project {config}: site_dir {site} holds no build; build the site first "
                "(zensical build, or mkdocs build)"
            )
        if (built_as := _built_without_i18n(project)) is not None:
            say(
                f"sitemap-plugins: {config} configures mkdocs-static-i18n, but {site} was built without "
                f"it (Zensical runs no MkDocs plugin): its pages are at URLs such as /{built_as}, not "
                "under a language's folder, and are listed so, with no hreflang groups. For one site "
                "per language on Zensical, build one project per language (docs: Zensical)"
            )
        others = [other.site_dir for other in projects if other is not project]
        sets.append(project_set(project, project_options(project, overrides), others, say))
        why = "has no set of ours yet: `generate --project` of it joins the groups"
        sets[-1].sitemap.sets_to_come(sets_to_come(project, projects, why))
    groups = hreflang_groups(projects, (p.url for s in sets for p in s.pages if not p.fallback_of))
    for each in sets:
        each.add_pages(groups, progress())
    # A language's page that shows the English page's words is a copy whichever set holds it
    # (FastAPI's untranslated reference pages under /de/ and /es/): the sets know each other's.
    for each in sets:
        each.sitemap.join_sets(other.sitemap for other in sets if other is not each)
    # The generator writes a bare sitemap.xml of its own: each set replaces it.
    written = write_root_last(
        [(s.sitemap.options.base_url, functools.partial(s.write, out=out)) for s in sets]
    )
    return [(sets[index], result) for index, result in written]


def _built_without_i18n(project: Project) -> str | None:
    """A page of static-i18n's suffix layout built as a page of its own (`index.de/`), as a
    generator that does not run the plugin (Zensical) builds it; None where none is."""
    if project.i18n_structure != "suffix":
        return None
    for language in project.languages:
        found = next(project.site_dir.glob(f"*.{language}/index.html"), None)
        if found is not None:
            return found.parent.name + "/"
    return None


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""

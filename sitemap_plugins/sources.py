"""Where `sitemap-plugins generate --from-dir` and `--project` get their pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from .errors import Progress
from .model import Page
from .pagefiles import display_name, site_pages
from .project import Project, Source, is_blog_view, language_roots, read_markdown, sources_by_url
from .sitemap import Sitemap


def add_site(sitemap: Sitemap, site_dir: Path, progress: Progress | None = None) -> int:
    """Harvest every page of a built site into `sitemap`, as the plugins do; the count of files."""
    base_url = sitemap.options.base_url
    count = 0
    for count, (url_path, path) in enumerate(site_pages(site_dir, _file_problem(sitemap)), 1):
        page = Page(
            url=base_url + url_path,
            source=display_name(path.relative_to(site_dir).as_posix()),
            source_path=str(path),
            path=str(path),
        )
        sitemap.add_page(page)
        if progress is not None:
            progress.update(count)
    return count


def _file_problem(sitemap: Sitemap) -> Callable[[str, str], None]:
    """What `site_pages` says of a file it passes over, as a problem of that file."""
    return lambda name, message: sitemap.report(name, "file", message)


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
    pages = []
    for url_path, path in site_pages(project.site_dir, _file_problem(sitemap)):
        if inside and any(other in path.resolve().parents for other in inside):
            continue
        source = sources.get(url_path)
        fallback = _fallback_source(project, sources, url_path) if source is None else None
        page = Page(
            url=base_url + url_path,
            source=display_name(path.relative_to(project.site_dir).as_posix()),
            source_path=str(path),
            is_error_page=url_path == "404.html",
            path=str(path),
        )
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
        page.language = _language(project, url_path) or (source.language if source else project.language)
        pages.append(page)
    return pages


def add_project_pages(
    sitemap: Sitemap, pages: list[Page], groups: dict[str, dict[str, str]], progress: Progress | None = None
) -> None:
    for number, page in enumerate(pages, 1):
        page.alternates = groups.get(page.url, {})
        sitemap.add_page(page)
        if progress is not None:
            progress.update(number)


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

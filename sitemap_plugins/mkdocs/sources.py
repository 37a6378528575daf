"""A built project's Markdown sources: the page each one becomes (its URL, its language under
static-i18n's layouts, Material's blog posts and views), and its front matter and title."""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from sitemap_plugins import ConfigError, url_path
from sitemap_plugins.mkdocs.project import Project, load_yaml

_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)


@dataclass
class Source:
    path: Path
    #: Relative to docs_dir, as messages name it (`guide/setup.md`).
    name: str
    language: str | None


def sources_by_url(project: Project) -> dict[str, Source]:
    """Each Markdown source's URL path relative to site_url (`guide/setup/`), by MkDocs' rules
    (`index.md` and `README.md` are their directory; `use_directory_urls`), static-i18n's
    layouts included, and the blog's posts by the blog plugin's own rules."""
    found: dict[str, Source] = _blog_posts(project) if project.blog is not None else {}
    for path in _markdown_files(project.docs_dir):
        name = path.relative_to(project.docs_dir).as_posix()
        relative, language = _language_of(project, name)
        url = _page_url(relative, project.use_directory_urls)
        if language is not None:
            url = project.languages[language].lstrip("/") + url if project.i18n_structure else url
        found.setdefault(url, Source(path, name, language))
    return found


#: The blog plugin's names: Material's (`blog`, `material/blog`) and Zensical's, which reads them.


def _blog_posts(project: Project) -> dict[str, Source]:
    """The blog's posts at the URLs the blog plugin gives them: `post_url_format` (`{date}/{slug}`,
    `{categories}`, `{file}`) under `blog_dir`, the date by `post_url_date_format`, the slug the
    post's own `slug` or its title slugified as the plugin's default does."""
    options = project.blog or {}
    blog_dir = str(options.get("blog_dir") or "blog")
    post_dir = str(options.get("post_dir") or "{blog}/posts").format(blog=blog_dir)
    url_format = str(options.get("post_url_format") or "{date}/{slug}")
    date_format = str(options.get("post_url_date_format") or "yyyy/MM/dd")
    separator = str(options.get("post_slugify_separator") or "-")
    max_categories = options.get("post_url_max_categories", 1)
    found: dict[str, Source] = {}
    for path in _markdown_files(project.docs_dir / post_dir):
        source = Source(path, path.relative_to(project.docs_dir).as_posix(), project.default_language)
        meta, title, problem = read_markdown(source)
        date = meta.get("date")
        created = date.get("created") if isinstance(date, Mapping) else date
        if problem is not None or not isinstance(created, dt.date) or meta.get("draft") is True:
            continue  # not a post the plugin builds (or not one its URL can be told of)
        categories = meta.get("categories") if isinstance(meta.get("categories"), list) else []
        count = max_categories if isinstance(max_categories, int) else 1
        try:
            relative = url_format.format(
                categories="/".join(_slug(str(c), separator) for c in categories[:count]),
                date=_date_in(created, date_format),
                file=path.stem,
                slug=str(meta.get("slug") or _slug(title or path.stem, separator)),
            )
        except (KeyError, IndexError, ValueError):
            return {}  # a format this does not know: the posts keep their HTML's facts alone
        name = posixpath.join(blog_dir, posixpath.normpath(relative.strip("/")) + ".md")
        found.setdefault(_page_url(posixpath.normpath(name), project.use_directory_urls), source)
    return found


def is_blog_view(project: Project, url_path: str, source: Source | None) -> bool:
    """A page of the blog that is no post: its index (`blog/index.md`) and the views the plugin
    generates from it (archive, categories, their pages)."""
    if project.blog is None or source is None:
        return False
    blog_dir = str(project.blog.get("blog_dir") or "blog").strip("/")
    post_dir = str(project.blog.get("post_dir") or "{blog}/posts").format(blog=blog_dir).strip("/")
    in_blog = blog_dir in ("", ".") or url_path.startswith(blog_dir + "/")
    return in_blog and not source.name.startswith(post_dir + "/")


def _slug(text: str, separator: str) -> str:
    """The blog plugin's default slug: pymdownx's `slugify(case="lower")` where it is installed
    (it is, beside Material and Zensical), else the same rule for the common case."""
    try:
        from pymdownx.slugs import slugify
    except ImportError:
        text = re.sub(r"[^\w\s-]", "", unicodedata.normalize("NFC", text).lower()).strip()
        return re.sub(r"[\s-]+", separator, text)
    return slugify(case="lower")(text, separator)


def _date_in(date: dt.date, pattern: str) -> str:
    """`date` in a date pattern of the kind the blog plugin takes (`yyyy/MM/dd`, Unicode's
    date fields): years, months and days as numbers; other letters as they are."""
    fields = {"yyyy": f"{date.year:04d}", "yy": f"{date.year % 100:02d}", "MM": f"{date.month:02d}",
              "M": str(date.month), "dd": f"{date.day:02d}", "d": str(date.day)}  # fmt: skip
    return re.sub(r"yyyy|yy|MM|M|dd|d", lambda m: fields[m[0]], pattern)


def _markdown_files(docs_dir: Path) -> Iterator[Path]:
    for directory, subdirectories, files in os.walk(docs_dir):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".md", ".markdown")) and not name.startswith("."):
                yield Path(directory, name)


def _language_of(project: Project, name: str) -> tuple[str, str | None]:
    """(the path without its language marker, the language) under static-i18n's layouts."""
    if project.i18n_structure == "suffix":
        parts = PurePosixPath(name)
        stem, dot, marker = parts.stem.rpartition(".")
        if dot and marker in project.languages:
            return str(parts.with_name(stem + parts.suffix)), marker
        return name, project.default_language
    if project.i18n_structure == "folder":
        first, _, rest = name.partition("/")
        if rest and first in project.languages:
            return rest, first
        return name, project.default_language
    return name, None


def _page_url(name: str, directory_urls: bool) -> str:
    path = PurePosixPath(name)
    stem = path.stem
    parent = "" if str(path.parent) == "." else str(path.parent) + "/"
    if stem in ("index", "README"):
        url = parent
    elif directory_urls:
        url = f"{parent}{stem}/"
    else:
        url = f"{parent}{stem}.html"
    return url_path(url)  # a name that is not UTF-8 keeps its bytes, as the web server serves it


def read_markdown(source: Source) -> tuple[dict[str, Any], str | None, str | None]:
    """(front matter, title, problem): a page whose front matter does not parse keeps none."""
    try:
        text = source.path.read_text(encoding="utf-8-sig", errors="replace")
    except OSError as error:
        return {}, None, f"cannot read it ({error.strerror})"
    meta: Any = {}
    problem = None
    if match := _FRONT_MATTER.match(text):
        try:
            meta = load_yaml(match[1], source.name) or {}
        except ConfigError as error:
            meta, problem = {}, str(error).split(": ", 1)[-1]
        if not isinstance(meta, dict):
            meta, problem = {}, "the front matter is not a mapping of keys"
        text = text[match.end() :]
    heading = _HEADING.search(text)
    title = meta.get("title") or (heading[1] if heading else None)
    return meta, str(title) if title else None, problem

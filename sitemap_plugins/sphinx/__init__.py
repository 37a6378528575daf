"""Sphinx extension: `extensions = ["sitemap_plugins.sphinx"]` in conf.py, options as `sitemap_*`.

The face only translates.  When an `html` or `dirhtml` build has finished, every page in its
output is handed to the core, the pages of documents with what Sphinx knows of them (the source,
the files it includes, the language); the core reads each page and writes the set.  The pages are
read from the output, not from what this run wrote, so an incremental build (which rewrites only
what changed) and a parallel one give the set a clean build gives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import logging
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins import (
    BUILTIN_SITEMAP,
    ENTRY_POINT,
    ConfigError,
    Options,
    Sitemap,
    SitemapError,
    WriteResult,
    __version__,
    built_from,
    host_root,
    hreflang_or_none,
    read_index_items,
    write_index,
    write_root_last,
)
from sitemap_plugins.sphinx.config import language_of, main_language_of, read_options, register

#: The builders whose output is a site of pages (singlehtml is one page, epub a book).
BUILDERS = ("html", "dirhtml")
#: sphinx-last-updated-by-git's date of a page, where our own reading of git has none.
LAST_UPDATED_BY_GIT = "sphinx-last-updated-by-git"


def setup(app: Any) -> dict[str, Any]:
    """The options as config values, and the one handler."""
    register(app)
    app.connect("build-finished", on_build_finished)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def on_build_finished(app: Any, exception: BaseException | None) -> None:
    """The set, written into the finished build's output."""
    if exception is not None or app.builder.name not in BUILDERS:
        return
    try:
        with _core_lines_through(_logger()):
            _write(app)
    except (SitemapError, ConfigError) as error:
        # A problem that stops the set is one error line and exit status 1, as Sphinx ends a
        # build with problems (an exception here would print Sphinx's report of a crash).
        message = str(error)
        _logger().error(message if message.startswith("sitemap:") else f"sitemap: {message}")
        app.statuscode = 1


def _write(app: Any) -> None:
    logger = _logger()
    options, said = read_options(app.config)
    for line in said:
        logger.warning(line, type="sitemap")
    if options is None:
        logger.warning(
            "sitemap: html_baseurl is not set in conf.py, so no sitemap is written: a sitemap lists "
            "absolute URLs. Set html_baseurl = 'https://example.com/' (the address the docs are "
            "published at; Read the Docs sets it), or sitemap_base_url",
            type="sitemap",
        )
        return
    env, outdir = app.env, Path(app.outdir)
    conf = os.path.normpath(Path(app.confdir, "conf.py").resolve())
    language = language_of(app.config)
    languages = _languages_beside(app, options, language, main_language_of(app.config))
    bases = {language: options.base_url, **{code: base for code, (base, _) in languages.items()}}
    groups = _groups(bases, {name: app.builder.get_target_uri(name) for name in env.found_docs})
    # Each set is its own directory's pages, not those of another language nested in it.
    directories = [outdir, *(directory for _, directory in languages.values())]
    sitemap = _set(app, options, outdir, language, groups, directories)
    # The sets of the languages built before this one are written again with the groups (Sphinx
    # builds one language at a time, so the last build completes them).
    others = [
        _set(app, dataclasses.replace(options, base_url=base), directory, code, groups, directories)
        for code, (base, directory) in sorted(languages.items())
    ]
    for one in [sitemap, *others]:
        one.join_sets(other for other in [sitemap, *others] if other is not one)
    # A sitemap.xml in the output that html_extra_path did not copy there is an earlier build's
    # (sphinx-sitemap's, before switching): ours takes its place.
    extra = {name for folder in app.config.html_extra_path for name in _names(Path(app.confdir, folder))}
    report = sitemap.report_path(app.confdir)
    writes = [
        (
            options.base_url,
            lambda named: sitemap.write(
                outdir,
                replaceable=[name for name in BUILTIN_SITEMAP if name not in extra],
                report_to=[report] if report else [],
                also_in_robots=named,
                project=conf,
            ),
        ),
        *((other.options.base_url, functools.partial(_write_again, other, conf)) for other in others),
    ]
    # The set at the host's root (the main language's, the others nested under it) is written
    # last: its robots.txt, the one crawlers read, names the other languages' sitemaps.
    result = dict(write_root_last(writes))[0]
    root = _root_index(app, options, conf)
    if root is not None:
        result.robots_hint = []  # the root's robots.txt names the set, in the tree deployed whole
    for line in [*sitemap.closing_lines(result), *([root] if root else [])]:
        logger.info(line)


def _write_again(other: Sitemap, conf: str, also_in_robots: Sequence[str]) -> WriteResult:
    """Another language's set, written again with this build's pages in its groups."""
    assert other.site_dir is not None
    return other.write(
        other.site_dir, replaceable=list(BUILTIN_SITEMAP), also_in_robots=also_in_robots, project=conf
    )


def _root_index(app: Any, options: Options, conf: str) -> str | None:
    """Where the output nests as the URL does and several sets of this conf.py are on disk under
    the host's root (versions, `/en/latest/` and `/en/stable/`; languages), one index at that
    root names them all, and its robots.txt names the index: a deploy of the whole tree offers
    every set.  The line that says so; None where there is no such tree."""
    base = urlsplit(options.base_url)
    segments = [part for part in base.path.split("/") if part]
    host_dir = host_root(app.outdir, options.base_url)
    if not segments or host_dir is None:
        return None  # at the host's root, the set is the root's
    sets = sorted(_sets_of(conf, host_dir, depth=len(segments) + 1))
    if len(sets) < 2 or host_dir in sets:
        return None  # the root's own set (the main language's) names the others in robots.txt
    root_url = f"{base.scheme}://{base.netloc}/"
    items, names = [], []
    for directory in sets:
        name = directory.relative_to(host_dir).as_posix()
        try:
            items += read_index_items(directory / ENTRY_POINT, f"{root_url}{name}/{ENTRY_POINT}")
        except SitemapError:
            continue
        names.append(name)
    root_options = dataclasses.replace(options, base_url=root_url)
    try:
        write_index(host_dir, items, root_options, lambda message: _logger().warning(message, type="sitemap"))
    except SitemapError as error:
        return f"sitemap: no index written at {host_dir}: {str(error).removeprefix('sitemap: ')}"
    sets_named = ", ".join(names)
    return f"sitemap: {host_dir / ENTRY_POINT} names the sets of {sets_named}, and its robots.txt names it"


def _sets_of(conf: str, top: Path, depth: int) -> Iterator[Path]:
    """The directories under `top` (at most `depth` down) holding a set made from `conf`."""
    for directory, children, _ in os.walk(top):
        if len(Path(directory).relative_to(top).parts) >= depth:
            children.clear()
        children[:] = sorted(child for child in children if not child.startswith(("_", ".")))
        if _made_from(Path(directory), conf):
            yield Path(directory)


def _made_from(directory: Path, conf: str) -> bool:
    """`directory` holds a set of ours made from `conf` (its manifest says so)."""
    recorded = built_from(directory)
    return recorded is not None and os.path.normpath(Path(recorded).resolve()) == conf


def _set(
    app: Any,
    options: Options,
    outdir: Path,
    language: str | None,
    groups: dict[str, dict[str, str]],
    sets: Sequence[Path],
) -> Sitemap:
    """The set of one build's output in `language`: its pages read, each document's with what
    Sphinx knows of it (its source, the files it includes, its field list, its translations)."""
    logger, env, srcdir = _logger(), app.env, Path(app.srcdir)
    dated_by_plugin = hasattr(env, "git_last_updated")
    sitemap = Sitemap(
        options,
        emit=lambda message: logger.warning(message, type="sitemap"),
        source_root=srcdir,
        site_dir=outdir,
        site_name=app.config.project,
        lastmod_keys=(LAST_UPDATED_BY_GIT,) if dated_by_plugin else (),
        config_dir=app.confdir,
    )
    documents = {
        Path(app.builder.get_outfilename(name)).relative_to(app.outdir).as_posix(): name
        for name in env.found_docs
    }
    for page in sitemap.directory_pages(outdir, other_sets=[each for each in sets if each != outdir]):
        page.language = language
        name = documents.get(Path(page.path or "").relative_to(outdir).as_posix())
        if name is None:
            page.source_path = None  # the index, the search page: made by Sphinx, of no source
        else:
            page.source = str(env.doc2path(name, False))
            page.source_path = str(env.doc2path(name))
            page.meta = _metadata(env.metadata.get(name, {}))
            page.alternates = groups.get(name, {})
            # What the page includes (`include`, `literalinclude`, an image, autodoc's module):
            # a later change of one changes what the reader sees; a translation changes with its
            # catalog (gettext's `locale/de/LC_MESSAGES/api.po`).
            page.includes = sorted(
                str(srcdir / dependency)
                for dependency in env.dependencies.get(name, ())
                if (srcdir / dependency).is_file()
            ) + _catalogs(app, name, language)
            updated = env.git_last_updated.get(name) if dated_by_plugin else None
            if updated and updated[0] is not None:
                when = dt.datetime.fromtimestamp(int(updated[0]), dt.timezone.utc)
                page.meta[LAST_UPDATED_BY_GIT] = when.isoformat()
        sitemap.add_page(page)
    return sitemap


def _catalogs(app: Any, document: str, language: str | None) -> list[str]:
    """The gettext catalog a document's translation is made from, as Sphinx names it (one per
    folder with `gettext_compact`: `guide/index`'s is `guide.po`)."""
    if not language:
        return []
    from sphinx.util.i18n import docname_to_domain

    domain = docname_to_domain(document, app.config.gettext_compact)
    code = language.replace("-", "_")
    found = []
    for folder in app.config.locale_dirs:
        for spelled in dict.fromkeys((code, code.split("_")[0])):
            catalog = Path(app.srcdir, folder, spelled, "LC_MESSAGES", domain + ".po")
            if catalog.is_file():
                found.append(str(catalog))
    return found


def _languages_beside(
    app: Any, options: Options, language: str | None, main_language: str | None
) -> dict[str, tuple[str, Path]]:
    """The builds of the same conf.py in other languages whose sets are on disk, where the output
    nests as the URL does.  Two layouts: each language under a segment named by it (Read the
    Docs' `/en/latest/` beside `/de/latest/`), and the main language's (conf.py's) at a root
    with each other language in a folder of it named by that language (`/` and `/fr/`).
    Language -> (its base URL, its output)."""
    base = urlsplit(options.base_url)
    segments = [part for part in base.path.split("/") if part]
    at = next((i for i, part in enumerate(segments) if hreflang_or_none(part) == language), None)
    host_dir = host_root(app.outdir, options.base_url)
    if not language or host_dir is None:
        return {}
    conf = os.path.normpath(Path(app.confdir, "conf.py").resolve())

    if at is None:  # the main language's root: the others in folders of it named by them
        return {
            code: (options.base_url + child.name + "/", child)
            for child in sorted(Path(app.outdir).iterdir())
            if (code := hreflang_or_none(child.name)) not in (None, language) and _made_from(child, conf)
        }
    found = {}
    parent = host_dir.joinpath(*segments[:at])
    if main_language not in (None, language) and at == len(segments) - 1 and _made_from(parent, conf):
        # This language nested in the main language's root (`/fr/` in `/`).
        found[main_language] = (
            f"{base.scheme}://{base.netloc}/{''.join(s + '/' for s in segments[:at])}",
            parent,
        )
    for candidate in sorted(parent.iterdir()):
        code = hreflang_or_none(candidate.name)
        directory = candidate.joinpath(*segments[at + 1 :])
        if (
            code is None
            or code == language
            or candidate.name == segments[at]
            or not _made_from(directory, conf)
        ):
            continue  # not built (yet), or from another project
        path = "/".join([*segments[:at], candidate.name, *segments[at + 1 :]])
        found[code] = (f"{base.scheme}://{base.netloc}/{path}/", directory)
    return found


def _groups(bases: dict[str | None, str], targets: dict[str, str]) -> dict[str, dict[str, str]]:
    """Each document's page in every language built, as Sphinx links it (`guide/index.html`,
    dirhtml's `guide/`): document -> {language: URL}."""
    if len(bases) < 2:
        return {}
    return {
        name: {code: base + target for code, base in bases.items() if code}
        for name, target in targets.items()
    }


def _metadata(fields: dict[str, Any]) -> dict[str, Any]:
    """A document's field list (`:lastmod: 2024-05-01` at its top) as the other faces' front
    matter: `:sitemap: false` leaves the page out; Sphinx's own fields (`:orphan:`) mean nothing
    here."""
    meta = {key: value for key, value in fields.items() if key != "sitemap"}
    if str(fields.get("sitemap", "")).strip().lower() in ("false", "no", "0", "off"):
        meta["sitemap"] = False
    return meta


def _names(folder: Path) -> list[str]:
    return [path.name for path in folder.iterdir()] if folder.is_dir() else []


def _logger() -> Any:
    from sphinx.util import logging as sphinx_logging

    return sphinx_logging.getLogger(__name__)


class _ToSphinx(logging.Handler):
    """The core's lines through Sphinx's logger: a line about the whole build at INFO, one about
    a page (left out, and why) shown by `sphinx-build -v`."""

    def __init__(self, logger: Any) -> None:
        super().__init__()
        self.logger = logger

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            self.logger.warning(message, type="sitemap")
        elif record.levelno == logging.INFO and getattr(record, "build_wide", False):
            self.logger.info(message)
        else:
            self.logger.verbose(message)


@contextlib.contextmanager
def _core_lines_through(logger: Any) -> Iterator[None]:
    """While the set is made, the core's lines reach the user through Sphinx's logger alone."""
    core, handler = logging.getLogger("sitemap_plugins"), _ToSphinx(logger)
    saved = core.level, core.propagate
    core.addHandler(handler)
    core.setLevel(logging.DEBUG)
    core.propagate = False
    try:
        yield
    finally:
        core.removeHandler(handler)
        core.level, core.propagate = saved

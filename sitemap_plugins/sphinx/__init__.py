"""Sphinx extension: `extensions = ["sitemap_plugins.sphinx"]` in conf.py, options as `sitemap_*`.

The face only translates.  When an `html` or `dirhtml` build has finished, every page in its
output is handed to the core, the pages of documents with what Sphinx knows of them (the source,
the files it includes, the language); the core reads each page and writes the set.  The pages are
read from the output, not from what this run wrote, so an incremental build (which rewrites only
what changed) and a parallel one give the set a clean build gives.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sitemap_plugins import BUILTIN_SITEMAP, ConfigError, Sitemap, SitemapError, __version__
from sitemap_plugins.sphinx.config import language_of, read_options, register

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
    env, srcdir, outdir = app.env, Path(app.srcdir), Path(app.outdir)
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
    documents = {os.path.normpath(app.builder.get_outfilename(name)): name for name in env.found_docs}
    language = language_of(app.config)
    for page in sitemap.directory_pages(outdir):
        page.language = language
        name = documents.get(os.path.normpath(page.path or ""))
        if name is None:
            page.source_path = None  # the index, the search page: made by Sphinx, of no source
        else:
            page.source = str(env.doc2path(name, False))
            page.source_path = str(env.doc2path(name))
            page.meta = _metadata(env.metadata.get(name, {}))
            # What the page includes (`include`, `literalinclude`, an image, autodoc's module):
            # a later change of one changes what the reader sees.
            page.includes = sorted(
                str(srcdir / dependency)
                for dependency in env.dependencies.get(name, ())
                if (srcdir / dependency).is_file()
            )
            updated = getattr(env, "git_last_updated", {}).get(name) if dated_by_plugin else None
            if updated and updated[0] is not None:
                when = dt.datetime.fromtimestamp(int(updated[0]), dt.timezone.utc)
                page.meta[LAST_UPDATED_BY_GIT] = when.isoformat()
        sitemap.add_page(page)
    # A sitemap.xml in the output that html_extra_path did not copy there is an earlier build's
    # (sphinx-sitemap's, before switching): ours takes its place.
    extra = {name for folder in app.config.html_extra_path for name in _names(Path(app.confdir, folder))}
    report = sitemap.report_path(app.confdir)
    result = sitemap.write(
        outdir,
        replaceable=[name for name in BUILTIN_SITEMAP if name not in extra],
        report_to=[report] if report else [],
    )
    for line in sitemap.closing_lines(result):
        logger.info(line)


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

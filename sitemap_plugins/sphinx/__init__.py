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
import fnmatch
import functools
import logging
import os
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sitemap_plugins import (
    BUILTIN_SITEMAP,
    ConfigError,
    Options,
    SetReader,
    Sitemap,
    SitemapError,
    WriteResult,
    __version__,
    host_root,
    masked,
    shown,
    url_path,
    write_root_last,
)
from sitemap_plugins.sphinx.config import (
    Read,
    language_of,
    main_language_of,
    read_options,
    read_the_docs,
    register,
)
from sitemap_plugins.sphinx.tree import (
    Project,
    groups_of,
    languages_beside,
    other_language_in_base,
    read_the_docs_bases,
    root_index,
    translations,
)

#: The builders whose output is a site of pages (singlehtml is one page, epub a book).
BUILDERS = ("html", "dirhtml")
#: sphinx-last-updated-by-git's date of a page, where our own reading of git has none.
LAST_UPDATED_BY_GIT = "sphinx-last-updated-by-git"
#: The core's words for an option (mkdocs.yml's and the command's), as conf.py names it.
_SPHINX_NAMES = (
    (re.compile(r"--replace-sitemaps \(option replace_sitemaps: true\)"), "sitemap_replace_sitemaps = True"),
    (re.compile(r": replace_sitemaps: "), ": sitemap_replace_sitemaps: "),
    (re.compile(r"\(site_url, SITEURL, --base-url\)"), "(html_baseurl)"),
    (re.compile(r"'strict' is on"), "sitemap_strict is on"),
    (re.compile(r"option '([a-z_]+)'"), r"sitemap_\1"),
    (re.compile(r"option `([a-z_]+)`"), r"sitemap_\1"),
)


def sphinx_names(message: str) -> str:
    """A line of the core's in conf.py's names (`option 'max_urls'` is `sitemap_max_urls`), with
    every URL's password masked (`https://alice:***@example.com/`)."""
    for pattern, name in _SPHINX_NAMES:
        message = pattern.sub(name, message)
    return masked(message)


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
        message = sphinx_names(str(error))
        _logger().error(message if message.startswith("sitemap:") else f"sitemap: {message}")
        app.statuscode = 1


def _warn(message: str) -> None:
    _logger().warning(sphinx_names(message), type="sitemap")


def _info(message: str) -> None:
    _logger().info(sphinx_names(message))


def _write(app: Any) -> None:
    read = read_options(app.config)
    for line in read.warnings:
        _warn(line)
    for line in read.infos:
        _info(line)
    options = read.options
    if options is None:
        return
    env, outdir = app.env, Path(app.outdir)
    project = Project(os.path.normpath(Path(app.confdir, "conf.py").resolve()), str(app.config.project))
    language, not_hreflang = language_of(app.config)
    if not_hreflang:
        _warn(not_hreflang)
    if named := other_language_in_base(outdir, options.base_url, language):
        _warn(
            f"sitemap: language is {shown(app.config.language)} and the output is {outdir}, but "
            f"html_baseurl {options.base_url} names {named}: the pages are listed under it. Set "
            f"html_baseurl to this language's address (-D html_baseurl=...)"
        )
    locales, main = read.leftovers.locales, main_language_of(app.config)
    # sphinx-sitemap's `sitemap_locales`, where given: the only languages grouped.
    grouped = None if locales is None else {language, *locales}
    languages = languages_beside(project, outdir, options, language, main)
    languages = {code: at for code, at in languages.items() if grouped is None or code in grouped}
    # The languages the catalogs in the source tree translate into, and what each translates: a
    # page no catalog translates is in no group, and in that language a copy.  On Read the Docs,
    # which builds each translation alone, elsewhere, they are the languages grouped.
    catalogs = translations(app.srcdir, app.config.locale_dirs, app.config.gettext_compact, env.found_docs)
    catalogs.pop(main or "", None)  # the sources' own language: nothing of it is a copy
    on_rtd = read_the_docs(os.environ) is not None
    bases = {
        **(read_the_docs_bases(options.base_url, language, main, catalogs) if on_rtd else {}),
        language: options.base_url,
        **{code: base for code, (base, _) in languages.items()},
    }
    bases = {code: base for code, base in bases.items() if grouped is None or code in grouped}
    translated = {code: documents for code, (_, documents) in catalogs.items()}
    groups = groups_of(bases, {name: app.builder.get_target_uri(name) for name in env.found_docs}, translated)
    # Each set is its own directory's pages, not those of another language nested in it.
    directories = [outdir, *(directory for _, directory in languages.values())]
    sitemap, links = _set(app, read, options, outdir, language, groups, directories, translated)
    for line in _unmatched_excludes(links, options, read):
        _info(line)
    # The sets of the languages built before this one are read (their pages may be copies of
    # this build's), and written again with the groups where this build may write: in its own
    # output, or under the root the owner named (`sitemap_root`).
    root = Path(app.confdir, app.config.sitemap_root).resolve() if app.config.sitemap_root else None
    others = []
    for code, (base, directory) in sorted(languages.items()):
        theirs = dataclasses.replace(options, base_url=base)
        others.append(_set(app, read, theirs, directory, code, groups, directories, translated)[0])
    for one in [sitemap, *others]:
        one.join_sets(other for other in [sitemap, *others] if other is not one)
    others = [other for other in others if _may_write(other.site_dir, outdir, root)]
    listed_before = {id(other): _listed(other) for other in others}
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
                project=project.conf,
            ),
        ),
        *((other.options.base_url, functools.partial(_write_again, other, project.conf)) for other in others),
    ]
    # The set at the host's root (the main language's, the others nested under it) is written
    # last: its robots.txt, the one crawlers read, names the other languages' sitemaps.
    result = dict(write_root_last(writes))[0]
    index = root_index(project, outdir, options, _warn, root)
    if index is not None:
        result.robots_hint = []  # the root's robots.txt names the set, in the tree deployed whole
    result.date_field = "a field list `:lastmod:` at the document's top"
    for line in [
        *sitemap.closing_lines(result),
        *_copies_elsewhere(others, host_root(outdir, options.base_url) or outdir, listed_before),
        *([index] if index else []),
    ]:
        _info(line)


def _may_write(directory: Path | None, outdir: Path, root: Path | None) -> bool:
    """A build writes into its own output, and under the root the owner named, nowhere else."""
    where = Path(directory or outdir).resolve()
    return directory is not None and any(
        top and top.resolve() in (where, *where.parents) for top in (outdir, root)
    )


def _listed(other: Sitemap) -> set[str]:
    """The URLs another language's set lists now, before it is written again."""
    try:
        return set(SetReader(other.options.base_url).from_directory(Path(other.site_dir or ".")))
    except (OSError, ValueError):
        return set()


def _copies_elsewhere(others: Sequence[Sitemap], top: Path, listed_before: dict[int, set[str]]) -> list[str]:
    """The copies the other languages' sets, written again, left out that they listed: found only
    now, where the language copies are made from is built after them (ko, ru, ja, then en); what
    an earlier build found is not counted again.  Each set named by its folder under `top`, the
    host's root."""
    counted = []
    for other in others:
        listed = listed_before[id(other)]
        if count := sum(page.kind == "copy" and page.url in listed for page in other.left_out):
            counted.append((other, count))
    if not counted:
        return []
    total = sum(count for _, count in counted)
    where = ", ".join(f"{_relative(Path(other.site_dir or top), top)} {count:,}" for other, count in counted)
    copies = f"{total:,} cop{'y' if total == 1 else 'ies'}"
    return [
        f"sitemap: {copies} of another language's page left out of the sets written again "
        f"({where}): not translations"
    ]


def _relative(directory: Path, top: Path) -> str:
    try:
        return directory.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return str(directory)


def _write_again(other: Sitemap, conf: str, also_in_robots: Sequence[str]) -> WriteResult:
    """Another language's set, written again with this build's pages in its groups."""
    assert other.site_dir is not None
    return other.write(
        other.site_dir, replaceable=list(BUILTIN_SITEMAP), also_in_robots=also_in_robots, project=conf
    )


def _set(
    app: Any,
    read: Read,
    options: Options,
    outdir: Path,
    language: str | None,
    groups: dict[str, dict[str, str]],
    sets: Sequence[Path],
    catalogs: dict[str, dict[str, list[str]]],
) -> tuple[Sitemap, list[tuple[str, str]]]:
    """The set of one build's output in `language`: its pages read, each document's with what
    Sphinx knows of it (its source, the files it includes, its field list, its translations);
    and each page's path under the base URL and link as sphinx-sitemap spells it, which exclude
    patterns match.  `catalogs`: by language, the documents its catalogs in the source tree
    translate, with the catalogs: where a language has any, another document is the main
    language's text in it, a copy."""
    import sphinx

    translated = catalogs.get(language or "")
    env, srcdir = app.env, Path(app.srcdir)
    dated_by_plugin = hasattr(env, "git_last_updated")
    sitemap = Sitemap(
        options,
        emit=_warn,
        source_root=srcdir,
        site_dir=outdir,
        site_name=app.config.project,
        lastmod_keys=(LAST_UPDATED_BY_GIT,) if dated_by_plugin else (),
        config_dir=app.confdir,
    )
    documents = {_outfile(app, name): name for name in env.found_docs}
    dirhtml = app.builder.name == "dirhtml"
    # Before Sphinx 8, dirhtml's canonical links name the html builder's file (`api.html` for the
    # page `api/`: sphinx-doc/sphinx#9730): they are not read.
    wrong_canonicals = sphinx.version_info < (8,)
    foreign = _other_builders_pages(app, outdir)
    if foreign and outdir == Path(app.outdir):
        one, theirs = foreign[0]
        _warn(
            f"sitemap: {outdir} holds the pages of two builders: this {app.builder.name} build's and "
            f"{len(foreign):,} of another's ({theirs} beside {one}); only this build's are listed: "
            "build each builder into a folder of its own, or empty the folder first"
        )
    left_to_the_other = {theirs for _, theirs in foreign}
    links: list[tuple[str, str]] = []
    # Sphinx's search page, which says noindex from Sphinx 7.3 on (7.2's does not).
    search = None if "search" in env.found_docs else _outfile(app, "search")
    for page in sitemap.directory_pages(outdir, other_sets=[each for each in sets if each != outdir]):
        relative = Path(page.path or "").relative_to(outdir).as_posix()
        if relative in left_to_the_other:
            continue
        # The page's link as sphinx-sitemap spells it, which its `sitemap_excludes` match.
        link = relative.removesuffix("index.html") if dirhtml else relative
        links.append((page.url.removeprefix(options.base_url), link))
        if (pattern := read.leftovers.excluded_by(link)) is not None:
            sitemap.leave_out(page.url, page.source, "exclude", f"exclude: sitemap_excludes {shown(pattern)}")
            continue
        if relative == search:
            sitemap.leave_out(page.url, None, "noindex", "noindex: Sphinx's search page")
            continue
        page.language = language
        if read.canonicals_ignored:  # their canonicals name another address: Sphinx's link is the URL
            page.versioned = True
            page.url = options.base_url + url_path(link)
        elif dirhtml and wrong_canonicals:
            page.versioned = True
        name = documents.get(relative)
        if name is None:
            page.source_path = None  # the index, the search page: made by Sphinx, of no source
        elif translated is not None and name not in translated:
            sitemap.copies += 1
            reason = f"copy: no {language} catalog in locale_dirs translates {name} (list_fallbacks lists it)"
            if not options.list_fallbacks:
                sitemap.leave_out(page.url, str(env.doc2path(name, False)), "copy", reason)
                continue
        if name is not None:
            page.source = str(env.doc2path(name, False))
            page.source_path = str(env.doc2path(name))
            page.meta = _metadata(env.metadata.get(name, {}))
            page.alternates = groups.get(name, {}) if translated is None or name in translated else {}
            # What the page includes (`include`, `literalinclude`, an image, autodoc's module):
            # a later change of one changes what the reader sees; a translation changes with its
            # catalog (gettext's `locale/de/LC_MESSAGES/api.po`).
            page.includes = sorted(
                str(srcdir / dependency)
                for dependency in env.dependencies.get(name, ())
                if (srcdir / dependency).is_file()
            ) + (translated or {}).get(name, [])
            updated = env.git_last_updated.get(name) if dated_by_plugin else None
            if updated and updated[0] is not None:
                when = dt.datetime.fromtimestamp(int(updated[0]), dt.timezone.utc)
                page.meta[LAST_UPDATED_BY_GIT] = when.isoformat()
        sitemap.add_page(page)
    return sitemap, links


def _outfile(app: Any, name: str) -> str:
    """The file a page of the build is written to, relative to the output."""
    return Path(app.builder.get_outfilename(name)).relative_to(app.outdir).as_posix()


def _other_builders_pages(app: Any, outdir: Path) -> list[tuple[str, str]]:
    """The pages another of the two builders wrote into `outdir` (html's `api.html` beside
    dirhtml's `api/index.html`): (this build's file, the other's), for each page both name."""
    suffix = app.config.html_file_suffix or ".html"
    names = set(app.env.found_docs) | {"genindex", "search"} | set(app.config.html_additional_pages)
    names |= {index[0] for index in getattr(app.builder, "domain_indices", ())}

    def as_dirhtml(name: str) -> str:
        return name + ".html" if name == "index" or name.endswith("/index") else name + "/index.html"

    found = []
    for name in sorted(names):
        own, other = (as_dirhtml(name), name + suffix)
        if app.builder.name == "html":
            own, other = other, own
        if other != own and (outdir / other).is_file() and (outdir / own).is_file():
            found.append((own, other))
    return found


def _unmatched_excludes(links: list[tuple[str, str]], options: Options, read: Read) -> list[str]:
    """Each exclude pattern no page matches (`genindex.html` under dirhtml, whose page is
    `genindex/`), said at INFO: `sitemap_exclude`'s globs on the path under the base URL (with or
    without its `/`), `sitemap_exclude_regex`'s searched in it, sphinx-sitemap's
    `sitemap_excludes` on the link."""
    settings: list[tuple[str, Sequence[str], Callable[[str, str, str], bool]]] = [
        (
            "sitemap_exclude",
            options.exclude,
            lambda path, _, p: fnmatch.fnmatchcase(path, p) or fnmatch.fnmatchcase("/" + path, p),
        ),
        ("sitemap_exclude_regex", options.exclude_regex, lambda path, _, p: re.search(p, path) is not None),
        ("sitemap_excludes", read.leftovers.excludes, lambda _, link, p: fnmatch.fnmatch(link, p)),
    ]
    unmatched: dict[str, list[str]] = {}  # one line per setting, naming each of its patterns
    for name, patterns, matches in settings:
        for pattern in patterns:
            if not any(matches(path, link, pattern) for path, link in links):
                unmatched.setdefault(name, []).append(shown(pattern))
    return [
        f"sitemap: {name} {', '.join(found)} {'matches' if len(found) == 1 else 'match'} no page (pages as "
        "Sphinx links them: `genindex.html`, dirhtml's `genindex/`)"
        for name, found in unmatched.items()
    ]


def _metadata(fields: dict[str, Any]) -> dict[str, Any]:
    """A document's field list (`:lastmod: 2024-05-01` at its top) as the other faces' front
    matter: `:sitemap: false` leaves the page out, `:sitemap: true` changes nothing, any other
    value is named and ignored, as front matter's is; Sphinx's own fields (`:orphan:`) mean
    nothing here."""
    meta = {key: value for key, value in fields.items() if key != "sitemap"}
    if "sitemap" in fields:
        said = str(fields["sitemap"]).strip()
        if said.lower() in ("false", "no", "0", "off"):
            meta["sitemap"] = False
        elif said.lower() not in ("true", "yes", "1", "on"):
            meta["sitemap"] = said  # the core names it: must be false or a mapping
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
        message = sphinx_names(record.getMessage())
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

"""The sets of one project on disk beside this build's, where the output nests as the URL does:
its other languages (Read the Docs' `/de/latest/` beside `/en/latest/`, or `/fr/` in the main
language's root) and its versions (`/en/stable/`), and the index at the host's root naming them.

One project is its `project` in conf.py, under one host: the sets another checkout of it built
into the same tree (a `git worktree`, sphinx-multiversion) are its sets too, wherever that
checkout's conf.py lay.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins import (
    ENTRY_POINT,
    Options,
    SitemapError,
    built_from,
    host_root,
    hreflang_or_none,
    read_index_items,
    read_regular,
    write_index,
)
from sitemap_plugins.sphinx.config import bcp47

#: What Sphinx's html builders write beside the pages, naming the project (`# Project: Demo`).
INVENTORY = "objects.inv"


@dataclasses.dataclass(frozen=True)
class Project:
    """This build's project: its conf.py and its `project`."""

    conf: str
    name: str

    def made(self, directory: Path) -> bool:
        """`directory` holds a set of ours of this project: made from this conf.py, or from
        another checkout's whose build names the same project."""
        recorded = built_from(directory)
        return recorded is not None and (
            os.path.normpath(Path(recorded).resolve()) == self.conf
            or inventory_project(directory) == self.name
        )


def inventory_project(directory: Path) -> str | None:
    """The project Sphinx's inventory in `directory` names (`objects.inv`'s second line)."""
    try:  # a FIFO or a device named objects.inv is not waited on, nor read without end
        head = read_regular(directory / INVENTORY, 4096).split(b"\n")
    except OSError:
        return None
    line = (head[1] if len(head) > 1 else b"").decode("utf-8", "replace").rstrip("\r")
    return line.removeprefix("# Project: ") if line.startswith("# Project: ") else None


def languages_beside(
    project: Project, outdir: Path, options: Options, language: str | None, main_language: str | None
) -> dict[str, tuple[str, Path]]:
    """The builds of this project in other languages whose sets are on disk, where the output
    nests as the URL does.  Two layouts: each language under a segment named by it (Read the
    Docs' `/en/latest/` beside `/de/latest/`), and the main language's (conf.py's) at a root
    with each other language in a folder of it named by that language (`/` and `/fr/`).
    Language -> (its base URL, its output)."""
    base = urlsplit(options.base_url)
    segments = [part for part in base.path.split("/") if part]
    at = next((i for i, part in enumerate(segments) if hreflang_or_none(part) == language), None)
    host_dir = host_root(outdir, options.base_url)
    if not language or host_dir is None:
        return {}
    if at is None:  # the main language's root: the others in folders of it named by them
        return {
            code: (options.base_url + child.name + "/", child)
            for child in sorted(outdir.iterdir())
            if (code := hreflang_or_none(child.name)) not in (None, language) and project.made(child)
        }
    found = {}
    parent = host_dir.joinpath(*segments[:at])
    if main_language not in (None, language) and at == len(segments) - 1 and project.made(parent):
        # This language nested in the main language's root (`/fr/` in `/`).
        root = "".join(segment + "/" for segment in segments[:at])
        found[main_language] = (f"{base.scheme}://{base.netloc}/{root}", parent)
    for candidate in sorted(parent.iterdir()):
        code = hreflang_or_none(candidate.name)
        directory = candidate.joinpath(*segments[at + 1 :])
        if code is None or code == language or candidate.name == segments[at] or not project.made(directory):
            continue  # not built (yet), or another project's
        path = "/".join([*segments[:at], candidate.name, *segments[at + 1 :]])
        found[code] = (f"{base.scheme}://{base.netloc}/{path}/", directory)
    return found


def other_language_in_base(outdir: Path, base_url: str, language: str | None) -> str | None:
    """The language html_baseurl names where the output is this build's language's folder
    (`fr/latest/` built with `…/en/latest/`): the segment of the URL that names it, else None."""
    if not language:
        return None
    segments = [part for part in urlsplit(base_url).path.split("/") if part]
    folders = outdir.resolve().parts[-len(segments) :] if segments else ()
    for segment, folder in zip(segments, folders, strict=False):
        named = hreflang_or_none(segment)
        if segment != folder and hreflang_or_none(folder) == language and named not in (None, language):
            return segment
    return None


def groups_of(
    bases: dict[str | None, str], targets: dict[str, str], translated: dict[str, dict[str, list[str]]]
) -> dict[str, dict[str, str]]:
    """Each document's page in every language built, as Sphinx links it (`guide/index.html`,
    dirhtml's `guide/`): document -> {language: URL}; a language whose catalogs are in the
    source tree (`translated`) with the documents they translate only."""
    groups = {
        name: {
            code: base + target
            for code, base in bases.items()
            if code and (code not in translated or name in translated[code])
        }
        for name, target in targets.items()
    }
    return {name: group for name, group in groups.items() if len(group) > 1}


def translations(
    srcdir: str, locale_dirs: Sequence[str], compact: Any, documents: Iterable[str]
) -> dict[str, tuple[str, dict[str, list[str]]]]:
    """The languages gettext's catalogs in the source tree translate into (`locale/de/LC_MESSAGES/`,
    as sphinx-sitemap finds them), each with its folder's name and the documents its catalogs
    (`.po`, `.mo`) translate, with them: what the translation is made from, and dated by (one per
    folder with `gettext_compact`: `guide/index`'s is `guide.po`)."""
    from sphinx.util.i18n import docname_to_domain

    domains = {name: docname_to_domain(name, compact) for name in documents}
    found: dict[str, tuple[str, dict[str, list[str]]]] = {}
    for folder in locale_dirs:
        top = Path(srcdir, folder)
        for messages in sorted(top.glob("*/LC_MESSAGES")) if top.is_dir() else ():
            code = hreflang_or_none(bcp47(messages.parent.name))
            catalogs: dict[str, list[str]] = {}
            for each in sorted(messages.rglob("*.[mp]o")):  # a .po dates the translation, a .mo not
                dated_by = catalogs.setdefault(each.relative_to(messages).with_suffix("").as_posix(), [])
                dated_by += [str(each)] if each.suffix == ".po" else []
            translated = found.setdefault(code or "", (messages.parent.name, {}))[1]
            for name, domain in domains.items():
                if domain in catalogs:
                    translated.setdefault(name, []).extend(catalogs[domain])
    found.pop("", None)  # no hreflang code (`yue`): no group, no copy
    return found


def read_the_docs_bases(
    base_url: str, language: str | None, main_language: str | None, catalogs: dict[str, tuple[str, Any]]
) -> dict[str, str]:
    """On Read the Docs, where each translation is a project built alone elsewhere and served
    beside this one (`/de/latest/` beside `/en/latest/`), each language of the catalogs and the
    main language, as its URLs spell them (`pt-br`).  (In a tree on disk, the languages are
    those built there: what a later build adds, it writes again under `sitemap_root`.)"""
    parts = urlsplit(base_url)
    segments = [part for part in parts.path.split("/") if part]
    at = next((i for i, part in enumerate(segments[:-1]) if hreflang_or_none(part) == language), None)
    if at is None or not language:
        return {}
    folders = {
        **({main_language: main_language} if main_language else {}),
        **{c: f for c, (f, _) in catalogs.items()},
    }
    path = "/".join(segments[:at]) + "/" if at else ""
    rest = "".join(part + "/" for part in segments[at + 1 :])
    return {
        code: f"{parts.scheme}://{parts.netloc}/{path}{folder.lower().replace('_', '-')}/{rest}"
        for code, folder in folders.items()
    }


def root_index(
    project: Project, outdir: Path, options: Options, warn: Callable[[str], Any], root: Path | None
) -> str | None:
    """Where the output nests as the URL does under the root the owner named (`sitemap_root`)
    and several sets of this project are on disk there (versions, `/en/latest/` and
    `/en/stable/`; languages), one index at that root names them all, and its robots.txt names
    the index: a deploy of the whole tree offers every set.  The line that says so; None where
    there is no such tree."""
    base = urlsplit(options.base_url)
    segments = [part for part in base.path.split("/") if part]
    host_dir = host_root(outdir, options.base_url)
    if root is not None and root != host_dir:
        # The owner asked for the tree's index: one at another folder would be served at another
        # URL than its sets say, so none is written, and why is said.
        nests = f"nests in {host_dir}" if host_dir else "does not nest as its URL does (a folder a segment)"
        fix = f" (sitemap_root = {str(host_dir)!r} writes it)" if host_dir else ""
        warn(
            f"sitemap: sitemap_root {root} is not the folder served at the host's root: the output {outdir}, "
            f"served at {options.base_url}, {nests}; no index of the tree's sets was written{fix}"
        )
        return None
    if not segments or host_dir is None or root is None:
        return None  # at the host's root, the set is the root's; elsewhere, not ours to write
    sets = sorted(_sets_of(project, host_dir, depth=len(segments) + 1))
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
        write_index(host_dir, items, root_options, warn)
    except SitemapError as error:
        return f"sitemap: no index written at {host_dir}: {str(error).removeprefix('sitemap: ')}"
    sets_named = ", ".join(names)
    return f"sitemap: {host_dir / ENTRY_POINT} names the sets of {sets_named}, and its robots.txt names it"


def _sets_of(project: Project, top: Path, depth: int) -> Iterator[Path]:
    """The directories under `top` (at most `depth` down) holding a set of `project`."""
    for directory, children, _ in os.walk(top):
        if len(Path(directory).relative_to(top).parts) >= depth:
            children.clear()
        children[:] = sorted(child for child in children if not child.startswith(("_", ".")))
        if project.made(Path(directory)):
            yield Path(directory)

"""`sitemap-plugins versions`: the root of a mike branch, after `mike deploy`.

mike builds each version into `<version>/`, where the plugin writes that version's own sitemap (what
Material's version selector reads).  Crawlers read robots.txt only at the root, so what search
engines are offered is decided there: a sitemap index naming the sitemaps of the versions to index
(by default the one mike serves at the root, or `canonical_version`), each with the lastmod of its
newest page, and the `Sitemap:` line merged into the root's robots.txt.  With a directory (a
checkout of the branch) the files are written there; without one they are committed to the branch,
as mike commits, and pushed with `--push`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from lxml import etree

from sitemap_plugins import (
    ENTRY_POINT,
    ConfigError,
    IndexItem,
    Options,
    SitemapError,
    WriteResult,
    is_our_sitemap,
    read_index_items,
    shown,
    write_index,
)
from sitemap_plugins.mkdocs.project import load_yaml, plugin_options


@dataclass
class Version:
    name: str
    aliases: list[str] = field(default_factory=list)


def run_versions(args: argparse.Namespace) -> int:
    options = Options(base_url=args.base_url, robots_txt=True)
    canonical = args.canonical_version or _canonical_from_config(Path(args.config))
    if args.directory:
        root = Path(args.directory)
        if not root.is_dir():
            raise ConfigError(f"versions: {root} is not a directory")
        result = write_root(root, options, args.versions, canonical, _stderr)
    else:
        with _branch_checkout(args.branch) as root:
            result = write_root(root, options, args.versions, canonical, _stderr)
            _commit(root, args.branch, result)
        if args.push:
            _git(Path.cwd(), "push", args.remote, args.branch)
    for note in result.written.notes():  # robots.txt's lines to add by hand at a project page's root
        print(note, file=sys.stderr)
    if not args.quiet:
        names = ", ".join(item.loc.removeprefix(options.base_url) for item in result.items)
        print(f"sitemap-plugins versions: {ENTRY_POINT} lists {names}", file=sys.stderr)
    return 0


@dataclass
class RootResult:
    items: list[IndexItem]
    written: WriteResult


def write_root(root: Path, options: Options, which: str, canonical: str | None, emit=print) -> RootResult:
    """Write the root's sitemap index and robots.txt; ConfigError (and nothing written) when the
    directory is not a mike branch or a version it lists is missing."""
    versions = read_versions(root)
    default = _default_identifier(root)
    selected = select(versions, which, canonical or default)
    items = []
    for version in selected:
        # Only sitemaps of ours, inside the branch, are offered: a version built before the
        # plugin, or one whose name leads out of the branch, is named and left out.
        if (why_not := _not_offered(root, version)) is not None:
            emit(f"sitemap-plugins versions: version {version.name!r} left out: {why_not}")
            continue
        items += version_sitemaps(root, version, options.base_url)
    if not items:
        raise ConfigError("versions: no version selected has a sitemap of sitemap-plugins; nothing written")
    try:
        result = write_index(root, items, options, emit)
    except SitemapError as error:
        raise ConfigError(f"versions: {str(error).removeprefix('sitemap: ')}") from error
    return RootResult(items, result)


def read_versions(root: Path) -> list[Version]:
    """mike's versions.json, of the shape mike writes: a list of {version, title, aliases}."""
    path = root / "versions.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ConfigError(
            f"versions: {path} does not exist; is this mike's branch (mike deploy first)?"
        ) from error
    except (OSError, ValueError) as error:
        raise ConfigError(f"versions: {path} cannot be read ({error})") from error
    except RecursionError:
        raise ConfigError(f"versions: {path} is nested too deeply to be mike's list of versions") from None
    if not isinstance(data, list) or not all(
        isinstance(v, dict) and isinstance(v.get("version"), str) for v in data
    ):
        raise ConfigError(f"versions: {path} is not mike's list of versions")
    versions = []
    for entry in data:
        aliases = entry.get("aliases") or []
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise ConfigError(
                f"versions: {path}: version {entry['version']!r}: aliases must be a list of names "
                f"(as mike writes them), got {shown(aliases)}"
            )
        versions.append(Version(entry["version"], aliases))
    if not versions:
        raise ConfigError(f"versions: {path} lists no version")
    return versions


def mike_tree_hint(root: Path) -> str | None:
    """What to say of a built directory that is mike's branch (its versions.json), read whole by
    `generate --from-dir`: every version's pages are listed, where search engines are best offered
    one version's (mike's default, or `canonical_version`)."""
    if not (root / "versions.json").is_file():
        return None
    try:
        versions = read_versions(root)
    except ConfigError:
        return None
    return (
        f"sitemap-plugins: {root} is mike's branch ({len(versions)} versions in versions.json): every "
        "version's pages are listed; to offer search engines one version's (mike's default, or "
        "canonical_version), build each version with the plugin (plugins: [sitemap]) and run "
        "`sitemap-plugins versions` after `mike deploy` (the documentation's mike page)"
    )


def _default_identifier(root: Path) -> str | None:
    """The version mike serves at the root (`mike set-default`): the target of the redirect its
    index.html is (`<meta http-equiv="refresh" content="1; url=latest/">`), read by a parse;
    no other link on the page counts."""
    try:
        data = (root / "index.html").read_bytes()[: 1 << 20]
    except OSError:
        return None
    page = etree.fromstring(data, etree.HTMLParser()) if data.strip() else None
    for meta in page.iter("meta") if page is not None else ():
        if (meta.get("http-equiv") or "").strip().lower() == "refresh":
            target = (meta.get("content") or "").partition("url=")[2].strip().strip("'\"")
            return target.strip("./").split("/")[0] or None
    return None


def select(versions: list[Version], which: str, default: str | None) -> list[Version]:
    """`default` (mike's default or canonical_version, else the first mike lists), `all`, or a
    comma-separated list of versions or aliases, resolved as mike resolves them: a version's name
    first, then an alias.  A name that is both is ambiguous (mike refuses such a versions.json)."""
    if which == "all":
        return versions
    wanted = [default or versions[0].name] if which == "default" else [w.strip() for w in which.split(",")]
    chosen = []
    for identifier in wanted:
        by_name = next((v for v in versions if v.name == identifier), None)
        by_alias = [v for v in versions if identifier in v.aliases and v is not by_name]
        if by_name is not None and by_alias:
            raise ConfigError(
                f"versions: {identifier!r} is a version and an alias of {by_alias[0].name!r} in "
                "versions.json: ambiguous (mike refuses such a file too); fix versions.json"
            )
        version = by_name or (by_alias[0] if by_alias else None)
        if version is None:
            raise ConfigError(
                f"versions: {identifier!r} is not a version or alias in versions.json "
                f"({', '.join(v.name for v in versions)})"
            )
        if version not in chosen:
            chosen.append(version)
    return chosen


def _not_offered(root: Path, version: Version) -> str | None:
    """Why `version`'s sitemap is not offered at the root, or None: its name must be one
    directory of the branch (mike's own names are), and its sitemap.xml ours."""
    name = version.name
    if not name or name in (".", "..") or "/" in name or "\\" in name or Path(name).is_absolute():
        return "its name is not one directory of the branch"
    directory = root / name
    try:
        inside = directory.resolve().is_relative_to(root.resolve())
    except OSError:
        inside = False
    if not inside:
        return f"{directory} leads out of the branch (a symbolic link)"
    if directory.exists() and not directory.is_dir():
        return f"{directory} is a file, not a version's directory"
    if not directory.is_dir():
        return f"it is in versions.json but {directory} does not exist"
    path = directory / ENTRY_POINT
    if path.is_symlink() and not path.resolve().is_relative_to(root.resolve()):
        return f"{path} leads out of the branch (a symbolic link)"
    if not path.is_file():
        return f"{path} does not exist; build the version with the sitemap plugin on (mike deploy)"
    if not is_our_sitemap(path):
        return f"{path} was not written by sitemap-plugins (built before the plugin was on)"
    return None


def version_sitemaps(root: Path, version: Version, base_url: str) -> list[IndexItem]:
    """The index entries for one version: its sitemap.xml, or the parts when that is an index,
    each with the lastmod of its newest page."""
    url = f"{base_url}{quote(version.name, safe='')}/{ENTRY_POINT}"
    try:
        return read_index_items(root / version.name / ENTRY_POINT, url)
    except ValueError as error:  # ReadError: the file cannot be read
        raise ConfigError(f"versions: {error}") from error


def _canonical_from_config(path: Path) -> str | None:
    """mike's `canonical_version` in mkdocs.yml, when the command runs beside it."""
    if not path.is_file():
        return None
    try:
        data = load_yaml(path.read_text(encoding="utf-8"), str(path))
    except (ConfigError, OSError):
        return None
    if not isinstance(data, dict):
        return None
    value = plugin_options(data.get("plugins"), "mike", str(path)).get("canonical_version")
    return str(value) if value else None


# -- the branch ------------------------------------------------------------------------------------


def _git(directory: Path, *args: str) -> str:
    # git speaks UTF-8 (file names, messages), whatever the system's code page is.
    run = subprocess.run(
        ["git", *args], cwd=directory, capture_output=True, encoding="utf-8", errors="replace"
    )
    if run.returncode != 0:
        raise ConfigError(f"versions: git {' '.join(args)}: {run.stderr.strip() or run.stdout.strip()}")
    return run.stdout


@contextlib.contextmanager
def _branch_checkout(branch: str) -> Iterator[Path]:
    """The branch checked out in a temporary worktree (the user's own checkout is not touched)."""
    here = Path.cwd()
    try:
        _git(here, "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}")
    except ConfigError as error:
        raise ConfigError(f"versions: no branch {branch!r} here (mike deploy first, or --branch)") from error
    with tempfile.TemporaryDirectory(prefix="sitemap-plugins-") as temp:
        worktree = Path(temp) / "branch"
        _git(here, "worktree", "add", "--quiet", str(worktree), branch)
        try:
            yield worktree
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(worktree)], cwd=here, capture_output=True
            )


def _commit(worktree: Path, branch: str, result: RootResult) -> None:
    _git(worktree, "add", "--all", "--", ".")
    if not _git(worktree, "status", "--porcelain"):
        return  # nothing changed: no empty commit
    names = ", ".join(item.loc.rsplit("/", 2)[-2] for item in result.items)
    _git(worktree, "commit", "--quiet", "-m", f"Sitemap index for {names} with sitemap-plugins")


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


def add_parser(commands) -> None:
    versions = commands.add_parser(
        "versions",
        help="after `mike deploy`: the sitemap index and robots.txt at the root of mike's branch",
    )
    versions.add_argument(
        "directory", nargs="?", metavar="DIR", help="a checkout of the branch (default: commit to it)"
    )
    versions.add_argument(
        "--base-url", dest="base_url", required=True, help="the site's root URL (mike's site_url)"
    )
    versions.add_argument(
        "--versions",
        default="default",
        metavar="default|all|V1,V2",
        help="the versions search engines are offered (default: mike's default, or canonical_version)",
    )
    versions.add_argument("--branch", default="gh-pages", help="mike's branch (default gh-pages)")
    versions.add_argument(
        "--push", action="store_true", help="push the branch after committing, as mike does"
    )
    versions.add_argument("--remote", default="origin", help="where --push pushes (default origin)")
    versions.add_argument(
        "--canonical-version", metavar="VERSION", help="mike's canonical_version (default: mkdocs.yml's)"
    )
    versions.add_argument(
        "--config", default="mkdocs.yml", metavar="FILE", help="where canonical_version is read"
    )
    versions.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    versions.add_argument(
        "-v", "--verbose", action="store_true", help="also the INFO lines: what was done, and why"
    )

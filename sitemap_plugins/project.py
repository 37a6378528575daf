"""`generate --project`: what a built MkDocs or Zensical project is, read from its configuration.

Zensical reads `mkdocs.yml` (or `zensical.toml`, keys under `[project]`) but runs no third-party
plugin, so the sitemap is made after its build, from the built HTML mapped back to the Markdown
sources: front matter and git dates work as in the MkDocs plugin.  One configuration serves both:
the options under the `sitemap` plugin entry (`plugins: [{sitemap: {...}}]`, or
`[project.plugins.sitemap]` in zensical.toml).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote, urlsplit

from .errors import ConfigError

#: Options only the MkDocs face has; everything else is the core's.
MKDOCS_ONLY = ("enabled", "extra_urls")
_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)


@dataclass
class Project:
    config_file: Path
    site_url: str
    docs_dir: Path
    site_dir: Path
    use_directory_urls: bool
    theme: str | None
    #: The `sitemap` plugin entry's options, as written.
    options: dict[str, Any]
    #: Language -> its root under the site (`""`, `"de/"`): static-i18n or `extra.alternate`.
    languages: dict[str, str] = field(default_factory=dict)
    default_language: str | None = None
    #: mkdocs-static-i18n's `docs_structure`: "suffix" (page.de.md) or "folder" (de/page.md).
    i18n_structure: str | None = None
    #: The theme's language: the whole project's, in Zensical's one-language-per-project layout.
    language: str | None = None


def read_project(path: Path) -> Project:
    """The project's settings; ConfigError names the file and what is wrong."""
    where = f"--project {path}"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{where}: cannot read it ({error.strerror})") from error
    if path.suffix == ".toml":
        data = _toml(text, where)
        data = data.get("project", data)
    else:
        data = load_yaml(text, where)
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: holds no table of settings")
    site_url = str(data.get("site_url") or "").strip()
    if not site_url:
        raise ConfigError(f"{where}: no site_url; a sitemap lists absolute URLs (or pass --base-url)")
    root = path.resolve().parent
    theme = data.get("theme")
    theme_name = theme.get("name") if isinstance(theme, Mapping) else theme
    if path.suffix == ".toml" and not theme_name:
        theme_name = "material"  # Zensical's own theme is Material's successor, with its JavaScript
    project = Project(
        config_file=path,
        site_url=site_url,
        docs_dir=root / str(data.get("docs_dir") or "docs"),
        site_dir=root / str(data.get("site_dir") or "site"),
        use_directory_urls=data.get("use_directory_urls", True) is not False,
        theme=str(theme_name) if theme_name else None,
        options=_plugin_options(data.get("plugins"), "sitemap", where),
        language=str(theme.get("language")) if isinstance(theme, Mapping) and theme.get("language") else None,
    )
    _read_languages(project, data, where)
    return project


def load_yaml(text: str, where: str) -> Any:
    """mkdocs.yml as MkDocs reads it, without importing MkDocs or its plugins: `!ENV` is resolved,
    `!!python/name:` and other tags of other tools read as nothing."""
    try:
        import yaml
    except ImportError as error:
        raise ConfigError(f"{where}: reading YAML needs PyYAML (pip install pyyaml)") from error

    class Loader(yaml.SafeLoader):
        pass

    def env(loader: Any, node: Any) -> Any:
        if isinstance(node, yaml.ScalarNode):
            names, default = [loader.construct_scalar(node)], None
        else:
            *names, default = loader.construct_sequence(node)
        return next((os.environ[n] for n in names if n in os.environ), default)

    Loader.add_constructor("!ENV", env)
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    try:
        return yaml.load(text, Loader=Loader)
    except yaml.YAMLError as error:
        raise ConfigError(f"{where}: not valid YAML ({error})".replace("\n", " ")) from error


def _toml(text: str, where: str) -> dict[str, Any]:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib
        except ImportError as error:
            raise ConfigError(f"{where}: reading TOML on Python 3.10 needs tomli") from error
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML ({error})") from error


def _plugin_options(plugins: Any, name: str, where: str) -> dict[str, Any]:
    """A plugin's options from MkDocs' list form, its mapping form, or zensical.toml's table."""
    entries: list[tuple[Any, Any]] = []
    if isinstance(plugins, Mapping):
        entries = list(plugins.items())
    elif isinstance(plugins, list):
        for item in plugins:
            entries += list(item.items()) if isinstance(item, Mapping) else [(item, None)]
    for key, value in entries:
        if key == name:
            if value is None:
                return {}
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: plugins: {name}: must be a mapping of options, got {value!r}")
            return dict(value)
    return {}


def _read_languages(project: Project, data: Mapping[str, Any], where: str) -> None:
    """Language roots, by the rule Material's language selector uses: the same path under each
    language's root is the same page."""
    i18n = _plugin_options(data.get("plugins"), "i18n", where)
    for language in i18n.get("languages") or []:
        if isinstance(language, Mapping) and language.get("locale") and language.get("build", True):
            locale = str(language["locale"])
            default = language.get("default") is True
            project.languages[locale] = "" if default else f"{locale}/"
            if default:
                project.default_language = locale
    if project.languages:
        project.i18n_structure = str(i18n.get("docs_structure") or "suffix")
        return
    extra = data.get("extra")
    alternates = extra.get("alternate") if isinstance(extra, Mapping) else None
    base_path = urlsplit(project.site_url).path
    for alternate in alternates if isinstance(alternates, list) else []:
        if not isinstance(alternate, Mapping) or not alternate.get("lang") or not alternate.get("link"):
            continue
        link = urlsplit(str(alternate["link"])).path
        root = link if link.startswith("/") else base_path.rstrip("/") + "/" + link
        root = root.rstrip("/") + "/"
        project.languages[str(alternate["lang"])] = root
    if project.languages:
        project.default_language = next(
            (lang for lang, root in project.languages.items() if root == "/"), next(iter(project.languages))
        )


# -- Markdown sources -------------------------------------------------------------------------------


@dataclass
class Source:
    path: Path
    #: Relative to docs_dir, as messages name it (`guide/setup.md`).
    name: str
    language: str | None


def sources_by_url(project: Project) -> dict[str, Source]:
    """Each Markdown source's URL path relative to site_url (`guide/setup/`), by MkDocs' rules
    (`index.md` and `README.md` are their directory; `use_directory_urls`), static-i18n's
    layouts included."""
    found: dict[str, Source] = {}
    for path in _markdown_files(project.docs_dir):
        name = path.relative_to(project.docs_dir).as_posix()
        relative, language = _language_of(project, name)
        url = _page_url(relative, project.use_directory_urls)
        if language is not None:
            url = project.languages[language].lstrip("/") + url if project.i18n_structure else url
        found.setdefault(url, Source(path, name, language))
    return found


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
    return quote(url, safe="/:@!$&'()*+,;=-._~")


def read_markdown(source: Source) -> tuple[dict[str, Any], str | None, str | None]:
    """(front matter, title, problem): a page whose front matter does not parse keeps none."""
    try:
        text = source.path.read_text(encoding="utf-8-sig", errors="replace")
    except OSError as error:
        return {}, None, f"cannot read it ({error.strerror})"
    meta: Any = {}
    problem = None
    match = _FRONT_MATTER.match(text)
    if match:
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


def language_roots(project: Project) -> dict[str, str]:
    """Language -> the URL path of its root on the host (`/`, `/de/`)."""
    base_path = urlsplit(project.site_url).path or "/"
    return {
        lang: root if root.startswith("/") else base_path + root for lang, root in project.languages.items()
    }


def language_groups(roots: dict[str, str], urls: list[str]) -> dict[str, dict[str, str]]:
    """url -> {language: url} for pages found under more than one language root: the same path
    under each root is the same page, the rule Material's language selector follows."""
    if len(roots) < 2:
        return {}
    ordered = sorted(roots.items(), key=lambda item: -len(item[1]))
    groups: dict[str, dict[str, str]] = {}
    keys: dict[str, str] = {}
    for url in urls:
        path = urlsplit(url).path
        for lang, root in ordered:
            if path.startswith(root):
                key = path[len(root) :]
                groups.setdefault(key, {})[lang] = url
                keys[url] = key
                break
    return {url: groups[key] for url, key in keys.items() if len(groups[key]) > 1}

"""`generate --project`: what a built MkDocs or Zensical project is, read from its configuration.

Zensical reads `mkdocs.yml` (or `zensical.toml`, keys under `[project]`) but runs no third-party
plugin, so the sitemap is made after its build, from the built HTML mapped back to the Markdown
sources: front matter and git dates work as in the MkDocs plugin.  One configuration serves both:
the options under the `sitemap` plugin entry (`plugins: [{sitemap: {...}}]`, or
`[project.plugins.sitemap]` in zensical.toml).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins import ConfigError, hreflang_or_none, log, shown
from sitemap_plugins.mkdocs.includes import Includes

#: Options only the MkDocs face has; everything else is the core's.
MKDOCS_ONLY = ("enabled", "extra_urls")
#: The names Material's blog plugin is configured under.
BLOG_PLUGINS = ("blog", "material/blog")


def core_values(options: Mapping[str, Any], default_language: str | None) -> dict[str, Any]:
    """The sitemap plugin's options as the core takes them, from mkdocs.yml or zensical.toml:
    those only this face has (`MKDOCS_ONLY`) left out, `x_default: true` (the default) the
    project's default language."""
    values = {k: v for k, v in options.items() if k not in MKDOCS_ONLY}
    x_default = values.get("x_default", True)
    values["x_default"] = default_language if x_default is True else x_default
    return values


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
    #: `site_name` and `site_description`: the video feed's channel says them.
    site_name: str | None = None
    site_description: str | None = None
    #: `extra.alternate` links whose language cannot be told from them: root -> name.
    unnamed_roots: dict[str, str] = field(default_factory=dict)
    #: The blog plugin's options (Material's and Zensical's `blog`), where it is on.
    blog: dict[str, Any] | None = None
    #: How its Markdown includes other files (snippets, ...), which date the pages too.
    includes: Includes | None = None
    #: The sitemap plugin is in its `plugins` (its build writes a set of ours).
    plugin_on: bool = False


def read_project(path: Path, base_url: str | None = None) -> Project:
    """The project's settings; ConfigError names the file and what is wrong.  `base_url` (the
    command's `--base-url`) stands in for a site_url the configuration does not set."""
    where = f"--project {path}"
    if path.suffix == ".toml":
        data = load_toml(_read_text(path, where), where)
        data = data.get("project", data)
        if not isinstance(data, Mapping):
            raise ConfigError(f"{where}: `project` must be a table of settings, got {shown(data)}")
    else:
        data = read_mkdocs_yml(path, where)
    site_url = str(data.get("site_url") or base_url or "").strip()
    if not site_url:
        raise ConfigError(f"{where}: no site_url; a sitemap lists absolute URLs (set it, or pass --base-url)")
    try:
        urlsplit(site_url).port  # noqa: B018 (what urlsplit refuses: `https://[::1/`, a port of letters)
    except ValueError as error:
        raise ConfigError(f"{where}: site_url {shown(site_url)} is not a URL ({error})") from None
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
        options=_sitemap_options(data.get("plugins"), where),
        plugin_on=_has_plugin(data.get("plugins"), ("sitemap",)),
        language=str(theme.get("language")) if isinstance(theme, Mapping) and theme.get("language") else None,
        site_name=str(data.get("site_name") or "") or None,
        site_description=str(data.get("site_description") or "") or None,
    )
    _read_languages(project, data, where)
    names, configs = markdown_extensions(data.get("markdown_extensions"))
    macros = (
        plugin_options(data.get("plugins"), "macros", where)
        if _has_plugin(data.get("plugins"), ("macros",))
        else None
    )
    project.includes = Includes(
        names,
        configs,
        root,
        project.docs_dir,
        None if macros is None else str(macros.get("include_dir") or ""),
    )
    if _has_plugin(data.get("plugins"), BLOG_PLUGINS):
        blog = next(
            (o for name in BLOG_PLUGINS if (o := plugin_options(data.get("plugins"), name, where))), {}
        )
        project.blog = None if blog.get("enabled") is False else blog
    return project


#: The most values a YAML document may expand to through its aliases (`&a` ... `*a`): a real
#: mkdocs.yml, with a nav of thousands of pages, has a few thousand; thirty lines of aliases nested
#: nine deep expand to hundreds of millions, which no step of a build should walk.
MAX_YAML_VALUES = 100_000


def _read_text(path: Path, where: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{where}: cannot read {path} ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"{where}: {path} is not UTF-8 ({error.reason} at byte {error.start})") from error


def read_mkdocs_yml(path: Path, where: str, _inheriting: tuple[Path, ...] = ()) -> dict[str, Any]:
    """mkdocs.yml as MkDocs reads it: a file it `INHERIT`s first (relative to this one), then
    this file's settings merged over it (mappings key by key, other values replaced)."""
    data = load_yaml(_read_text(path, where), where, path.resolve().parent)
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: holds no table of settings")
    if (parent := data.pop("INHERIT", None)) is None:
        return data
    if not isinstance(parent, str) or not parent.strip():
        raise ConfigError(f"{where}: INHERIT must name a file, got {shown(parent)}")
    parent_path = (path.parent / parent.strip()).resolve()
    if parent_path in _inheriting or parent_path == path.resolve():
        raise ConfigError(f"{where}: INHERIT: {parent_path} inherits itself")
    inherited = read_mkdocs_yml(parent_path, f"{where}: INHERIT {parent}", (*_inheriting, path.resolve()))
    return _merged(inherited, data)


def _merged(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        old = merged.get(key)
        merged[key] = _merged(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return merged


def load_yaml(text: str, where: str, config_dir: Path | None = None) -> Any:
    """YAML as MkDocs reads mkdocs.yml, without importing MkDocs or its plugins: `!ENV` is
    resolved, `!relative` is a path from `config_dir`, `!!python/name:` and other tools' tags read
    as nothing.  A document that expands past MAX_YAML_VALUES through its aliases is refused,
    naming the key, before anything is built from it."""
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
            values = loader.construct_sequence(node)
            if not values or not all(isinstance(v, str) for v in values[:-1]):
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    "!ENV takes a variable's name, or a list of names and a default",
                    node.start_mark,
                )
            *names, default = values
        return next((os.environ[n] for n in names if n in os.environ), default)

    def relative(loader: Any, node: Any) -> Any:
        value = loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else ""
        directory = str(config_dir or ".")
        return directory if not value else value.replace("$config_dir", directory)

    Loader.add_constructor("!ENV", env)
    Loader.add_constructor("!relative", relative)
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    loader = Loader(text)
    try:
        if (node := loader.get_single_node()) is None:
            return None
        _check_expansion(node, where)
        return loader.construct_document(node)
    except yaml.YAMLError as error:
        raise ConfigError(f"{where}: not valid YAML ({error})".replace("\n", " ")) from error
    except RecursionError:
        raise ConfigError(f"{where}: nested too deeply to be read") from None
    finally:
        loader.dispose()


def _check_expansion(root: Any, where: str) -> None:
    """Count what `root` expands to, each shared node once (a walk of the document as written),
    and name the key that expands past MAX_YAML_VALUES."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            on_path.discard(id(node))
            sizes[id(node)] = 1 + sum(sizes[id(child)] for child in _yaml_children(node))
            continue
        if id(node) in sizes:
            continue
        on_path.add(id(node))
        stack.append((node, True))
        for child in _yaml_children(node):
            if id(child) in on_path:
                raise ConfigError(f"{where}: a YAML alias (*name) stands inside the value it names; refused")
            if id(child) not in sizes:
                stack.append((child, False))
    if sizes[id(root)] > MAX_YAML_VALUES:
        key = _expanding_key(root, sizes)
        raise ConfigError(
            f"{where}: {key} to {sizes[id(root)]:,} values "
            f"through YAML aliases (&name ... *name); more than {MAX_YAML_VALUES:,} are refused"
        )


def _yaml_children(node: Any) -> list[Any]:
    value = node.value
    if isinstance(value, list):
        return [part for item in value for part in (item if isinstance(item, tuple) else (item,))]
    return []


def _expanding_key(root: Any, sizes: dict[int, int]) -> str:
    """Which key holds the expansion ("key 'plugins' expands"): down from the top while one key
    alone is over the limit."""
    path, node = [], root
    while isinstance(node.value, list):
        value = node.value
        if value and isinstance(value[0], tuple):  # a mapping's (key, value) nodes
            items = [(str(getattr(key, "value", "?")), child) for key, child in value]
        else:
            items = [(f"[{index}]", child) for index, child in enumerate(value)]
        over = [(key, child) for key, child in items if sizes.get(id(child), 0) > MAX_YAML_VALUES]
        if len(over) != 1:
            prefix = ".".join(path).replace(".[", "[")
            keys = [repr(f"{prefix}.{key}" if prefix else key) for key, _ in over]
            return f"keys {', '.join(keys[:-1])} and {keys[-1]} expand" if over else f"key {prefix!r} expands"
        key, node = over[0]
        path.append(key)
    return f"key {'.'.join(path).replace('.[', '[')!r} expands"


def load_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text (`where` names it in messages): zensical.toml, a `--config` file."""
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


def markdown_extensions(value: Any) -> tuple[list[str], dict[str, Any]]:
    """markdown_extensions' names and settings: mkdocs.yml's list (names, or one-key mappings)
    or zensical.toml's table."""
    items = value.items() if isinstance(value, Mapping) else []
    if isinstance(value, list):
        items = [
            pair for item in value for pair in (item.items() if isinstance(item, Mapping) else [(item, None)])
        ]
    names, configs = [], {}
    for name, config in items:
        names.append(str(name))
        configs[str(name)] = config if isinstance(config, Mapping) else {}
    return names, configs


def plugin_options(plugins: Any, name: str, where: str) -> dict[str, Any]:
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
                raise ConfigError(
                    f"{where}: plugins: {name}: must be a mapping of options, got {shown(value)}"
                )
            return dict(value)
    return {}


def _has_plugin(plugins: Any, names: tuple[str, ...]) -> bool:
    listed = plugins.keys() if isinstance(plugins, Mapping) else plugins if isinstance(plugins, list) else []
    for item in listed:
        if any(key in names for key in (item.keys() if isinstance(item, Mapping) else [item])):
            return True
    return False


def _sitemap_options(plugins: Any, where: str) -> dict[str, Any]:
    """The sitemap plugin's options; those only the MkDocs face has are checked here (the core
    checks the rest)."""
    options = plugin_options(plugins, "sitemap", where)
    extra_urls = options.get("extra_urls")
    if extra_urls is not None and not isinstance(extra_urls, list):
        raise ConfigError(
            f"{where}: plugins: sitemap: extra_urls: must be a list of URLs or {{loc: ...}} entries, "
            f"got {shown(extra_urls)}"
        )
    if options.get("enabled") not in (None, True, False):
        raise ConfigError(
            f"{where}: plugins: sitemap: enabled: must be true or false, got {shown(options['enabled'])}"
        )
    return options


def _read_languages(project: Project, data: Mapping[str, Any], where: str) -> None:
    """Language roots, by the rule Material's language selector uses: the same path under each
    language's root is the same page."""
    i18n = plugin_options(data.get("plugins"), "i18n", where)
    languages = i18n.get("languages") or []
    if not isinstance(languages, list):
        raise ConfigError(
            f"{where}: plugins: i18n: languages: must be a list of {{locale: ...}}, got {shown(languages)}"
        )
    for language in languages:
        if not isinstance(language, Mapping):
            raise ConfigError(
                f"{where}: plugins: i18n: languages: each is a mapping with a locale, got {shown(language)}"
            )
        if language.get("locale") and language.get("build", True):
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
    base_path = urlsplit(project.site_url).path or "/"
    for alternate in alternates if isinstance(alternates, list) else []:
        if not isinstance(alternate, Mapping) or not alternate.get("link"):
            continue
        link = urlsplit(str(alternate["link"])).path
        root = link if link.startswith("/") else base_path.rstrip("/") + "/" + link
        root = root.rstrip("/") + "/"
        # Material's selector needs only `link` and `name`: the language is its `lang`, else the
        # link's last path segment (`/de/`), else this project's own where the link is its root.
        language = alternate.get("lang") or hreflang_or_none(root.rstrip("/").rsplit("/", 1)[-1])
        if not language and root == base_path.rstrip("/") + "/":
            language = project.language
        if language:
            project.languages.setdefault(str(language), root)
        else:
            project.unnamed_roots[root] = str(alternate.get("name") or alternate["link"])
    if project.language and project.language not in project.languages:
        # The project's own language, at its own root, where the alternates name it by another code.
        own_root = base_path.rstrip("/") + "/"
        if own_root not in project.languages.values():
            project.languages[project.language] = own_root
    _choose_default_language(project)


def _choose_default_language(project: Project) -> None:
    if project.languages:
        project.default_language = next(
            (lang for lang, root in project.languages.items() if root == "/"), next(iter(project.languages))
        )


def share_languages(projects: list[Project]) -> None:
    """Projects read in one run (one per language) tell each other's language: a link of one's
    `extra.alternate` that names no language is another's root, whose theme names it.  What no
    project tells is said once."""
    known = {root: lang for project in projects for lang, root in language_roots(project).items()}
    for project in projects:
        for root in list(project.unnamed_roots):
            if (language := known.get(root)) is not None:
                project.languages.setdefault(language, root)
                del project.unnamed_roots[root]
        _choose_default_language(project)
        if project.unnamed_roots:
            log.info(
                "sitemap: --project %s: extra.alternate: the language of %s cannot be told (no `lang`, "
                "no language code as the link's last path segment, no project of this run at that link); "
                "add `lang:` to write hreflang for it",
                project.config_file,
                ", ".join(project.unnamed_roots.values()),
            )


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

"""The options in conf.py: each of the one schema's as a `sitemap_<name>` config value.

Why config values and not one `sitemap = {...}` dict: that is how Sphinx extensions are
configured (`html_*`, `intersphinx_*`, sphinx-sitemap's own `sitemap_*`), each one can be given on
the command line (`sphinx-build -D sitemap_strict=1`, as Read the Docs' and CI's overrides are),
and `sphinx-build` lists them with the others.  The site's address is `html_baseurl`, as Sphinx
writes it into every page's canonical link; the language is `language`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sitemap_plugins import ConfigError, Options, check_base_url, normalize_hreflang, slip_for

PREFIX = "sitemap_"
#: The schema's options, by their config value's name (`sitemap_gzip`).
OPTIONS = {PREFIX + field.name: field for field in dataclasses.fields(Options)}
#: sphinx-sitemap's settings: what each becomes here (docs/migrating-sphinx-sitemap.md).
SPHINX_SITEMAP = {
    "sitemap_url_scheme": "each page is listed at the URL Sphinx links it at (html_baseurl and the "
    "page's path, `…/index.html` for dirhtml's directories as Sphinx spells them): remove it",
    "sitemap_locales": "the languages are those of the builds beside this one: remove it",
    "sitemap_filename": "the set is `sitemap.xml` (an index where it needs one): remove it",
    "sitemap_excludes": "`sitemap_exclude` takes globs on URL paths (`search.html`, `genindex.html`)",
    "sitemap_show_lastmod": "lastmod is always written where a page has a date (`sitemap_lastmod` "
    "says from what): remove it",
    "sitemap_indent": "the files are written compact: remove it",
    "sitemap_prefix": "the URLs are under html_baseurl: remove it",
}


def register(app: Any) -> None:
    """Every option as a config value; None (unset) leaves the schema's default."""
    for name in OPTIONS:
        app.add_config_value(name, None, "", types=frozenset())


def read_options(config: Any) -> tuple[Options | None, list[str]]:
    """The options conf.py (and `-D`) gives, with html_baseurl and language; None where there is
    no base URL.  The lines to say: a name that is no option, each with the one it is likely a
    slip for, or sphinx-sitemap's setting with what it becomes."""
    said = []
    for name in sorted(getattr(config, "_raw_config", {})):
        if name.startswith(PREFIX) and name not in OPTIONS:
            if name in SPHINX_SITEMAP:
                said.append(f"sitemap: {name} is sphinx-sitemap's setting: {SPHINX_SITEMAP[name]}")
            else:
                close = slip_for(name, OPTIONS)
                said.append(
                    f"sitemap: {name} is no option of sitemap-plugins"
                    + (f" (did you mean {close}?)" if close else "")
                    + "; it is not used"
                )
    values = {
        field.name: _typed(name, getattr(config, name), field.type)
        for name, field in OPTIONS.items()
        if getattr(config, name, None) is not None
    }
    given = values.pop("base_url", None)
    base_url = given or config.html_baseurl
    if not base_url:
        return None, said
    base_url = check_base_url(base_url, "sitemap_base_url" if given else "html_baseurl")
    # The x-default of every group is conf.py's language (the one the sources are written in),
    # whichever build (`-D language=de`) writes the groups.
    main_language = main_language_of(config)
    if main_language and "x_default" not in values:
        values["x_default"] = main_language
    return Options.from_mapping(values, base_url=base_url), said


def language_of(config: Any) -> str | None:
    """The build's language as hreflang spells it (`zh_CN` is `zh-CN`)."""
    return _language(config.language) if config.language else None


def main_language_of(config: Any) -> str | None:
    """conf.py's own language (the one the sources are written in), whichever language this
    build was asked for (`-D language=de`), as hreflang spells it."""
    main = getattr(config, "_raw_config", {}).get("language") or config.language
    return _language(main) if main else None


def _language(code: str) -> str:
    try:
        return normalize_hreflang(code)
    except ValueError as error:
        raise ConfigError(f"language: {code!r}: {error}") from None


def _typed(name: str, value: Any, declared: Any) -> Any:
    """A value given as text (`-D sitemap_gzip=1`) as the option's type wants it."""
    if not isinstance(value, str):
        return value
    wanted = _base_type(declared)
    if wanted is bool:
        lowered = value.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off", ""):
            return False
        raise ConfigError(f"{name}: {value!r} is not a yes or no (1 or 0)")
    if wanted is int:
        try:
            return int(value)
        except ValueError:
            raise ConfigError(f"{name}: {value!r} is not a whole number") from None
    if wanted is list:
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def _base_type(declared: Any) -> type | None:
    """`bool` for `bool`, `list` for `list[str]`, `int` for `int | None` (the schema's annotations
    are text under `from __future__ import annotations`)."""
    text = str(declared)
    for kind in (bool, int, list):
        if text == kind.__name__ or text.startswith((kind.__name__ + "[", kind.__name__ + " |")):
            return kind
    return None

"""The options in conf.py: each of the one schema's as a `sitemap_<name>` config value.

Why config values and not one `sitemap = {...}` dict: that is how Sphinx extensions are
configured (`html_*`, `intersphinx_*`, sphinx-sitemap's own `sitemap_*`), each one can be given on
the command line (`sphinx-build -D sitemap_strict=1`, as Read the Docs' and CI's overrides are),
and `sphinx-build` lists them with the others.  The site's address is `html_baseurl`, as Sphinx
writes it into every page's canonical link (or Read the Docs' `READTHEDOCS_CANONICAL_URL`); the
language is `language`.
"""

from __future__ import annotations

import dataclasses
import os
import re
import weakref
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins import ConfigError, Options, check_base_url, normalize_hreflang, shown, slip_for, within
from sitemap_plugins.sphinx.sphinx_sitemap import SPHINX_SITEMAP, Leftovers, read_leftovers

PREFIX = "sitemap_"
#: The schema's options, by their config value's name (`sitemap_gzip`).
OPTIONS = {PREFIX + field.name: field for field in dataclasses.fields(Options)}
#: What Read the Docs sets, in every build, to the address of the version being built
#: (`https://project.readthedocs.io/en/latest/`); since October 2024 it no longer sets
#: html_baseurl in conf.py.
RTD_CANONICAL = "READTHEDOCS_CANONICAL_URL"
#: This face's own setting: the folder served at the host's root (`_build/html`), where a build
#: may write beside its own output (the root's index, the other languages' sets written again).
ROOT = PREFIX + "root"
#: The language of a conf.py that names none (Sphinx's default since 5.0).
SPHINX_LANGUAGE = "en"
#: Sphinx's locale modifiers (`sr@latin`) as BCP 47 script subtags.
_SCRIPTS = {"latin": "Latn", "cyrillic": "Cyrl"}
#: Sphinx's locale modifiers that are BCP 47 variants, and the region they go with.
_VARIANTS = {"valencia": "ES"}

#: conf.py's own language, read when the extension is set up: Sphinx 7.2 writes the `-D`
#: overrides (`-D language=ko`) into `Config._raw_config` after that, where 7.4 on keep them apart.
_CONF_LANGUAGE: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def register(app: Any) -> None:
    """Every option as a config value; None (unset) leaves the schema's default."""
    for name in (*OPTIONS, ROOT):
        app.add_config_value(name, None, "", types=frozenset())
    _CONF_LANGUAGE[app.config] = getattr(app.config, "_raw_config", {}).get("language")


@dataclasses.dataclass
class Read:
    """What conf.py (and `-D`, and the environment) give: the options (None where there is no
    base URL), the lines to say, and sphinx-sitemap's settings as they are followed here."""

    options: Options | None
    warnings: list[str]
    infos: list[str]
    leftovers: Leftovers
    #: The pages' canonical links are not theirs to read: Sphinx spelled them from a path
    #: (html_baseurl `/`, the base URL being Read the Docs'), or sphinx-sitemap's
    #: `sitemap_url_scheme` lists the pages elsewhere, as it lists them.
    canonicals_ignored: bool = False


def read_options(config: Any, environ: Mapping[str, str] = os.environ) -> Read:
    """The options conf.py (and `-D`) gives, with html_baseurl and language.  The lines to say: a
    name that is no option, each with the one it is likely a slip for; sphinx-sitemap's
    settings, with what each became; where no base URL is known, why."""
    raw = getattr(config, "_raw_config", {})
    warnings: list[str] = []
    for name in sorted(raw):
        if name.startswith(PREFIX) and name not in (*OPTIONS, *SPHINX_SITEMAP, ROOT):
            close = slip_for(name, OPTIONS)
            warnings.append(
                f"sitemap: {name} is no option of sitemap-plugins"
                + (f" (did you mean {close}?)" if close else "")
                + "; it is not used"
            )
    values = {
        field.name: _typed(name, getattr(config, name), field.type)
        for name, field in OPTIONS.items()
        if getattr(config, name, None) is not None
    }
    infos: list[str] = []
    base_url, why_none = _base_url(
        values.pop("base_url", None), config.html_baseurl, raw.get("site_url"), environ, infos
    )
    html = str(config.html_baseurl or "").strip()
    if base_url is None and "html_baseurl" in raw:
        # conf.py's `os.environ.get("READTHEDOCS_CANONICAL_URL", "/")` outside Read the Docs: a
        # build with no address of its own is normal there, nothing to fix (INFO, -W passes).
        infos.append(
            f"sitemap: html_baseurl is {shown(html)} and {RTD_CANONICAL} is not set (a build outside Read "
            "the Docs, which sets it), so no sitemap is written: a sitemap lists absolute URLs; for one "
            "here, -D html_baseurl=https://example.com/ (the address the docs are published at)"
        )
    if base_url is None:
        return Read(None, warnings if "html_baseurl" in raw else [*warnings, why_none], infos, Leftovers())
    leftovers = read_leftovers(raw, config, base_url, read_the_docs(environ))
    warnings += leftovers.warnings
    infos += leftovers.infos
    served, canonical = leftovers.base_url or base_url, str(environ.get(RTD_CANONICAL) or "").strip()
    canonical = _checked(canonical, RTD_CANONICAL) if canonical else ""
    if canonical and served != canonical and within(canonical, served):
        # Read the Docs serves this build's pages at its address only (`/en/latest/`): one above
        # it (the domain's root) lists 404s.
        infos.append(
            f"sitemap: the base URL is {canonical}, where Read the Docs serves this build "
            f"({RTD_CANONICAL}), not {served} above it"
        )
        leftovers.base_url, leftovers.as_the_scheme = canonical, True
    # The x-default of every group is conf.py's language (the one the sources are written in),
    # whichever build (`-D language=de`) writes the groups.
    main_language = main_language_of(config)
    if main_language and "x_default" not in values:
        values["x_default"] = main_language
    return Read(
        Options.from_mapping(values, base_url=leftovers.base_url or base_url),
        warnings,
        infos,
        leftovers,
        canonicals_ignored=leftovers.as_the_scheme or bool(html and _is_a_path(html)),
    )


def _base_url(
    given: Any, html_baseurl: Any, site_url: Any, environ: Mapping[str, str], infos: list[str]
) -> tuple[str | None, str]:
    """The base URL (checked), or None and the WARNING that says why there is none:
    sitemap_base_url, else an absolute html_baseurl, else sphinx-sitemap's older `site_url`,
    else Read the Docs' READTHEDOCS_CANONICAL_URL."""
    if given:
        return _checked(given, "sitemap_base_url"), ""
    html = str(html_baseurl or "").strip()
    if html and not _is_a_path(html):
        return _checked(html, "html_baseurl"), ""
    said = f"html_baseurl is {shown(html)}, a path" if html else "html_baseurl is not set"
    if isinstance(site_url, str) and site_url.strip() and not _is_a_path(site_url.strip()):
        base = _checked(site_url, "site_url")
        infos.append(f"sitemap: the base URL is {base}, sphinx-sitemap's older site_url ({said})")
        return base, ""
    if on_rtd := str(environ.get(RTD_CANONICAL) or "").strip():
        base = _checked(on_rtd, RTD_CANONICAL)
        infos.append(f"sitemap: the base URL is {base}, Read the Docs' {RTD_CANONICAL} ({said})")
        return base, ""
    why = f"html_baseurl is {shown(html)}, a path, not an address" if html else "html_baseurl is not set"
    return None, (
        f"sitemap: {why}, so no sitemap is written: a sitemap lists absolute URLs. Set html_baseurl "
        f"= 'https://example.com/' in conf.py (the address the docs are published at), or "
        f"sitemap_base_url; on Read the Docs, {RTD_CANONICAL} is read where html_baseurl is not an "
        "address (Read the Docs sets that variable, and no longer sets html_baseurl)"
    )


def read_the_docs(environ: Mapping[str, str]) -> tuple[str, str] | None:
    """On Read the Docs (as its builders set READTHEDOCS_CANONICAL_URL and READTHEDOCS_VERSION),
    what its URLs put before a page: the language and the version built (`en/`, `latest/`), where
    the canonical URL ends with them, else nothing (a project of one version, served at the
    domain's root); None elsewhere."""
    canonical = str(environ.get(RTD_CANONICAL) or "").strip()
    # Its language and version as its URLs spell them (`pt-br`; a version's slug, not conf.py's).
    language, version = (
        str(environ.get(name) or "").strip() for name in ("READTHEDOCS_LANGUAGE", "READTHEDOCS_VERSION")
    )
    if not canonical or not version:
        return None
    if language and urlsplit(canonical).path.endswith(f"/{language}/{version}/"):
        return f"{language}/", f"{version}/"
    return "", ""


def _is_a_path(value: str) -> bool:
    """`/`, `/docs/`, `./`: a relative reference with no host, as conf.py's
    `os.environ.get("READTHEDOCS_CANONICAL_URL", "/")` gives outside Read the Docs."""
    return value.startswith(("/", ".")) and not value.startswith("//")


def _checked(value: Any, name: str) -> str:
    """A base URL as every face checks it, with a query or a fragment an error: the base is a
    directory's address, which every page's path is added to."""
    text = str(value).strip()
    parts = urlsplit(text)
    if parts.query or parts.fragment or "?" in text or "#" in text:
        raise ConfigError(
            f"{name}: {shown(text)} has a query or a fragment ('?…', '#…'); the base URL is the "
            "address of the docs' directory, every page's path added to it: "
            f"{shown(text.split('?')[0].split('#')[0])}"
        )
    return check_base_url(text, name)


def language_of(config: Any) -> tuple[str | None, str | None]:
    """The build's language as hreflang spells it (`zh_CN` is `zh-CN`, `sr@latin` `sr-Latn`),
    and the WARNING where it spells none (`yue`, `ca@valencia`): None, no hreflang."""
    if not (code := config.language):
        return None, None
    try:
        return normalize_hreflang(bcp47(code)), None
    except ValueError:
        tag = bcp47(code)
        spelled = f" ({tag} in BCP 47)" if tag != code else ""
        return None, (
            f"sitemap: language {shown(code)}{spelled} is no hreflang code: hreflang takes an ISO "
            "639-1 language, with a script and a region where needed ('sr-Latn', 'pt-BR'), so the "
            "set is written without hreflang for this language"
        )


def main_language_of(config: Any) -> str | None:
    """conf.py's own language (the one the sources are written in), whichever language this
    build was asked for (`-D language=de`), as hreflang spells it; None where it spells none."""
    if config in _CONF_LANGUAGE:  # (set up as an extension: before Sphinx 7.2 merged `-D` in)
        main = _CONF_LANGUAGE[config] or SPHINX_LANGUAGE
    else:
        main = getattr(config, "_raw_config", {}).get("language") or config.language
    try:
        return normalize_hreflang(bcp47(main)) if main else None
    except ValueError:
        return None


def bcp47(code: str) -> str:
    """A Sphinx locale name as BCP 47 spells it: `pt_BR` `pt-BR`, `sr@latin` `sr-Latn`,
    `ca@valencia` `ca-ES-valencia`."""
    locale, _, modifier = str(code).strip().partition("@")
    subtags = locale.replace("_", "-").split("-")
    modifier = modifier.lower()
    if modifier in _SCRIPTS:
        subtags.insert(1, _SCRIPTS[modifier])
    elif modifier:
        if len(subtags) == 1 and modifier in _VARIANTS:
            subtags.append(_VARIANTS[modifier])
        subtags.append(modifier)
    return "-".join(subtags)


def _typed(name: str, value: Any, declared: Any) -> Any:
    """A value given as text (`-D sitemap_gzip=1`) as the option's type wants it."""
    if not isinstance(value, str):
        return value
    text = str(declared)
    lowered = value.strip().lower()
    if text.startswith("bool | str"):  # `video_feed`: yes, no, or a file name
        return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}.get(
            lowered, value.strip()
        )
    wanted = _base_type(text)
    if wanted is bool:
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off", ""):
            return False
        raise ConfigError(f"{name}: {value!r} is not a yes or no (1 or 0)")
    if wanted is int or wanted is float:
        try:
            return wanted(value)
        except ValueError:
            said = "a whole number" if wanted is int else "a number"
            raise ConfigError(f"{name}: {value!r} is not {said}") from None
    if wanted is list:
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def _base_type(text: str) -> type | None:
    """`bool` for `bool`, `list` for `list[str]`, `int` for `int | None` (the schema's annotations
    are text under `from __future__ import annotations`)."""
    for kind in (bool, int, float, list):
        if re.match(rf"{kind.__name__}(\[| \||$)", text):
            return kind
    return None

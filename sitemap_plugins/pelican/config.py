"""The `SITEMAP` setting: the core's options, a few of Pelican's own, and pelican-sitemap's keys.

A pelicanconf.py written for pelican-sitemap keeps its meaning here:

- `format: "txt"` writes `sitemap.txt` (beside the XML set, which is always written);
- `priorities` / `changefreqs` give values per kind of page (`articles`, `pages`, `indexes`); an
  article's own `Priority:` / `ChangeFreq:` metadata and the `rules` option come first;
- `exclude` patterns written as pelican-sitemap's regular expressions are searched in the URL as it
  did; glob patterns (`tag/*`) are globs, as everywhere else in sitemap-plugins.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sitemap_plugins import ConfigError, Options, changefreq_of, priority_of, shown

#: pelican-sitemap's kinds of page.
KINDS = ("articles", "pages", "indexes")
#: Keys that only the Pelican adapter reads; everything else goes to the core's `Options`.
PELICAN_KEYS = ("feeds", "format", "priorities", "changefreqs")

# A pattern is read as a regular expression when it uses syntax globs do not have, or has no
# wildcard at all (pelican-sitemap searched such plain strings anywhere in the URL).
_REGEX_ONLY = re.compile(r"[\^$\\()|+{}]|\.\*|\.\+")
_GLOB_WILDCARD = re.compile(r"[*?\[]")


@dataclass
class PelicanSettings:
    options: Options
    #: List Pelican's Atom/RSS feeds in the sitemap index.
    feeds: bool = False
    #: Per kind of page (pelican-sitemap's `priorities` and `changefreqs`).
    priorities: dict[str, float] = field(default_factory=dict)
    changefreqs: dict[str, str] = field(default_factory=dict)


def is_regex(pattern: str) -> bool:
    return bool(_REGEX_ONLY.search(pattern)) or not _GLOB_WILDCARD.search(pattern)


def read_settings(settings: Mapping[str, Any], site_url: str) -> PelicanSettings:
    """`SITEMAP` and the Pelican settings it defaults from; ConfigError names the key to fix."""
    raw = settings.get("SITEMAP") or {}
    if not isinstance(raw, Mapping):
        raise ConfigError(f"SITEMAP must be a dict of sitemap options, got {shown(raw)}")
    # Every bad key is named at once: one build to find them all, not one build each.
    problems: list[str] = []
    values = {k: v for k, v in raw.items() if k not in PELICAN_KEYS}
    values.setdefault("x_default", settings.get("DEFAULT_LANG"))
    if values["x_default"] is None:  # `None`, as documented: no x-default (not the home page's)
        values["x_default"] = False
    values.setdefault("timezone", settings.get("TIMEZONE") or "UTC")
    fmt = raw.get("format", "xml")
    if fmt not in ("xml", "txt"):
        problems.append(f"SITEMAP['format'] must be 'xml' or 'txt', got {shown(fmt)}")
    if fmt == "txt":
        values.setdefault("text_sitemap", True)
    patterns = {}
    for name in ("exclude", "exclude_regex"):
        value = values.get(name) or []
        if not isinstance(value, (str, list, tuple)):
            problems.append(f"SITEMAP: option {shown(name)}: must be a list of strings, got {shown(value)}")
            value = []
        patterns[name] = [value] if isinstance(value, str) else list(value)
    globs, regexes = [], patterns["exclude_regex"]
    for pattern in patterns["exclude"]:
        (regexes if isinstance(pattern, str) and is_regex(pattern) else globs).append(pattern)
    values["exclude"], values["exclude_regex"] = globs, regexes
    options = None
    try:
        options = Options.from_mapping(values, PELICAN_KEYS, base_url=values.get("base_url") or site_url)
    except ConfigError as error:
        problems.append(f"SITEMAP: {error}")
    feeds = raw.get("feeds", False)
    if not isinstance(feeds, bool):
        problems.append(f"SITEMAP['feeds'] must be True or False, got {shown(feeds)}")
    per_kind = {}
    for name, check in (("priorities", priority_of), ("changefreqs", changefreq_of)):
        try:
            per_kind[name] = _per_kind(name, raw.get(name), check)
        except ConfigError as error:
            problems.append(str(error))
    if problems or options is None:
        raise ConfigError("; ".join(problems))
    return PelicanSettings(
        options=options,
        feeds=feeds,
        priorities=per_kind["priorities"],
        changefreqs=per_kind["changefreqs"],
    )


def _per_kind(name: str, value: Any, check: Callable[[Any], Any]) -> dict[str, Any]:
    """A value per kind of page, each read by `check` (`priority_of`, `changefreq_of`)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"SITEMAP[{shown(name)}] must be a dict with keys {', '.join(KINDS)}, got {shown(value)}"
        )
    if unknown := sorted(set(value) - set(KINDS)):
        raise ConfigError(
            f"SITEMAP[{shown(name)}]: unknown key(s) {', '.join(map(repr, unknown))}; "
            f"the keys are {', '.join(KINDS)}"
        )
    return {kind: _checked(f"SITEMAP[{shown(name)}][{shown(kind)}]", v, check) for kind, v in value.items()}


def _checked(where: str, value: Any, check: Callable[[Any], Any]) -> Any:
    try:
        return check(value)
    except ValueError as error:
        raise ConfigError(f"{where}: {shown(value)} {error}") from None

"""The core's options: one typed class, the same names in mkdocs.yml, pelicanconf.py and the CLI."""

from __future__ import annotations

import dataclasses
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .errors import ConfigError
from .normalize import normalize_hreflang, to_uri

#: Limits of one sitemap file set by the protocol; options may lower them, never raise them.
MAX_URLS = 50_000
MAX_BYTES = 52_428_800


@dataclass
class Options:
    #: The site's absolute URL; every `loc` must live under it (the protocol's location rule).
    base_url: str
    max_urls: int = MAX_URLS
    max_bytes: int = MAX_BYTES
    #: Also write `<name>.xml.gz` beside every sitemap file.
    gzip: bool = False
    #: Write `sitemap.xsl` and reference it, so a browser shows the sitemap as a table.
    stylesheet: bool = False
    #: Add the `xsi:schemaLocation` header from the protocol's validation section.
    schema_location: bool = False
    #: Any problem is an error and nothing is written (default: warn and leave the value out).
    strict: bool = False
    #: IANA zone for naive date-times (front matter often has `2024-05-01 09:30`).
    timezone: str = "UTC"
    #: A directory of templates that override the built-in ones by file name.
    templates_dir: str | None = None
    #: Add the `Sitemap:` line to the output's robots.txt (creating one when there is none).
    robots_txt: bool = True
    #: Also write `sitemap.txt`: one URL per line, as the protocol's text format.
    text_sitemap: bool = False
    #: hreflang language whose page becomes `x-default` in every alternate group; None: off.
    x_default: str | None = None

    def __post_init__(self) -> None:
        self.base_url = _check_base_url(self.base_url)
        _check_range("max_urls", self.max_urls, 1, MAX_URLS)
        # A floor that still leaves room for one entry's worth of XML.
        _check_range("max_bytes", self.max_bytes, 4096, MAX_BYTES)
        try:
            zoneinfo.ZoneInfo(self.timezone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as error:
            raise ConfigError(
                f"option 'timezone': {self.timezone!r} is not an IANA time zone "
                "(examples: 'UTC', 'Europe/Berlin')"
            ) from error
        if self.templates_dir is not None and not Path(self.templates_dir).is_dir():
            raise ConfigError(f"option 'templates_dir': {self.templates_dir!r} is not a directory")
        if self.x_default:
            try:
                self.x_default = normalize_hreflang(self.x_default)
            except ValueError as error:
                raise ConfigError(f"option 'x_default': {error}") from error
        else:
            self.x_default = None

    @property
    def tzinfo(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], **overrides: Any) -> Options:
        """Options from a dict (Pelican's SITEMAP, a config file), naming any unknown key."""
        known = {f.name for f in dataclasses.fields(cls)}
        merged = {**values, **{k: v for k, v in overrides.items() if v is not None}}
        unknown = sorted(set(merged) - known)
        if unknown:
            raise ConfigError(
                f"unknown sitemap option(s) {', '.join(map(repr, unknown))}; "
                f"known options: {', '.join(sorted(known))}"
            )
        if not merged.get("base_url"):
            raise ConfigError("option 'base_url' is required: the site's absolute URL")
        return cls(**merged)


def _check_range(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConfigError(f"option {name!r}: must be a whole number from {low:,} to {high:,}, got {value!r}")


def _check_base_url(value: Any) -> str:
    text = str(value or "").strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(
            f"option 'base_url': {text!r} is not an absolute http(s) URL; "
            "set it to the address the site is published at, e.g. 'https://example.com/'"
        )
    uri = to_uri(text.split("#")[0].split("?")[0])
    return uri if uri.endswith("/") else uri + "/"

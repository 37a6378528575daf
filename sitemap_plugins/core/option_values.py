"""The checks of option values beyond their type, each with the one message a user can act on:
the same whichever face the value came through (mkdocs.yml, pelicanconf.py, a flag)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

from sitemap_plugins.core.errors import ConfigError, shown
from sitemap_plugins.core.normalize import http_url

INDEXNOW_KEY = re.compile(r"\A[A-Za-z0-9-]{8,128}\Z")


#: What each annotation accepts, and how a message says it.
_KINDS: dict[str, tuple[tuple[type, ...], str]] = {
    "bool": ((bool,), "true or false"),
    "int": ((int,), "a whole number"),
    "float": ((int, float), "a number"),
    "str": ((str,), "a string"),
}


def check_types(instance: Any, prefix: str) -> None:
    """One check of every option's type, whichever face it came through (mkdocs.yml, Pelican's
    SITEMAP, a --config file, a flag): a boolean is a boolean (`strict: "false"` is an error, not
    strict mode on), a number a number.  Lists and nested options are checked where they are read."""
    for item in dataclasses.fields(instance):
        annotation = str(item.type)
        optional = annotation.endswith("| None")
        kinds = _KINDS.get(annotation.removesuffix(" | None").strip())
        if kinds is None and annotation.startswith("float | str"):
            kinds = ((int, float, str), "a number")
        if kinds is None:
            continue
        value = getattr(instance, item.name)
        if value is None and optional:
            continue
        accepted, said = kinds
        wrong_bool = isinstance(value, bool) and bool not in accepted
        if wrong_bool or not isinstance(value, accepted):
            raise ConfigError(f"option '{prefix}{item.name}': must be {said}, got {shown(value)}")


#: A dot, a slash or a backslash spelled as an escape: a web server that decodes them reads
#: `%2e%2e/` and `..%2f` as `../` (RFC 3986: `.` is unreserved; many servers take `%2f` for `/`,
#: and Windows' take `\\` and `%5c` for it too).
_ESCAPED = re.compile(r"%2e|%2f|%5c|\\", re.IGNORECASE)


def as_served(uri: str) -> str:
    """An absolute URI as a web server resolves it: `%2e` is `.`, and dot segments are removed
    (`/docs/%2e%2e/x` and `/docs/..%2fx` are `/x`), so that containment is judged on the file it
    names.  An escaped slash between names (`a%2fb`) is kept as spelled."""
    parts = urlsplit(uri)
    if "." not in parts.path and "%" not in parts.path:
        return uri
    root = f"{parts.scheme}://{parts.netloc}/"
    dotted = _ESCAPED.sub(lambda m: "." if m[0].lower() == "%2e" else m[0], parts.path)
    slashed = _ESCAPED.sub(lambda m: "." if m[0].lower() == "%2e" else "/", parts.path)
    resolved = urlsplit(urljoin(root, slashed)).path
    path = urlsplit(urljoin(root, dotted)).path if resolved == slashed else resolved
    return urlunsplit(parts._replace(path=path))


def escapes_read(uri: str) -> str:
    """What a web server decodes in `uri`'s path, as `as_served` reads it: "%2e as '.' and %2f as
    '/'" (the escapes the path spells, in the order met)."""
    found = dict.fromkeys(match.lower() for match in _ESCAPED.findall(urlsplit(uri).path))
    return " and ".join(f"{escape} as {'.' if escape == '%2e' else '/'!r}" for escape in found)


def within(uri: str, base_url: str) -> bool:
    """Whether `uri` (as served) is in the directory of `base_url` or below it: the protocol's
    rule for what an index names."""
    parts, site = urlsplit(uri), urlsplit(base_url)
    same_host = parts.netloc == site.netloc and parts.scheme == site.scheme
    return same_host and parts.path.startswith(site.path or "/")


def extra_sitemap_url(value: str, base_url: str) -> str:
    """Another tool's sitemap as a URL under the site: a path is resolved against the base URL,
    dot segments removed, spelled as escapes or not (`../../etc/passwd` and
    `%2e%2e/%2e%2e/etc/passwd` name no file outside the site)."""
    text = value.strip()
    url = text if text.startswith(("https://", "http://")) else base_url + text.lstrip("/")
    try:
        uri = http_url(url)
    except ValueError as error:
        raise ConfigError(f"option 'extra_sitemaps': {shown(value)}: {error}") from None
    parts, site = urlsplit(uri), urlsplit(base_url)
    if parts.netloc != site.netloc or parts.scheme != site.scheme:
        raise ConfigError(
            f"option 'extra_sitemaps': {uri} is not on {base_url}'s host; an index names only sitemaps "
            "of its own host (the protocol's rule)"
        )
    uri = as_served(uri)
    if not within(uri, base_url):
        raise ConfigError(
            f"option 'extra_sitemaps': {shown(value)} is {uri}, outside the site {base_url}; an index "
            "names only the sitemaps in its own directory or below it (the protocol's rule)"
        )
    return uri


#: The section of the pages no glob of option `sections` matches: `sitemap-other.xml`.
OTHER_SECTION = "other"
#: A section's name, in its file's name: `sitemap-<name>.xml`.
SECTION_NAME = re.compile(r"\A[a-z][a-z0-9-]{0,49}\Z")
#: Names our other files take: `sitemap-index.xml`, `sitemap-news.xml`.
TAKEN_NAMES = ("index", "news")


def sections_of(value: Any) -> dict[str, list[str]]:
    """Option `sections`: name -> globs, in order; a name is what its file is called."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"option 'sections': must be a table of name: [globs] ({{docs: ['docs/*']}}), got {shown(value)}"
        )
    sections = {}
    for name, globs in value.items():
        if not isinstance(name, str) or not SECTION_NAME.match(name) or name.split("-")[0] in TAKEN_NAMES:
            raise ConfigError(
                f"option 'sections': {shown(name)} is not a section name: lower-case letters, digits "
                "and '-', starting with a letter, and not 'index' nor 'news' (it names sitemap-<name>.xml)"
            )
        sections[name] = string_list(f"sections.{name}", globs)
    return sections


#: `video_feed: true` writes this file.
VIDEO_FEED = "videos.rss"


def video_feed_name(value: Any) -> str | None:
    """The video feed's file name: a plain name in the output directory, ending in .rss or .xml."""
    if value is None or value is False:
        return None
    if value is True:
        return VIDEO_FEED
    if not isinstance(value, str):
        raise ConfigError(f"option 'video_feed': must be true, false or a file name, got {shown(value)}")
    name = value.strip()
    if not name or "/" in name or "\\" in name or name.startswith(".") or Path(name).is_absolute():
        raise ConfigError(
            f"option 'video_feed': {shown(value)} must be a file name in the output directory "
            "(no path: 'videos.rss')"
        )
    if not name.endswith((".rss", ".xml")) or name.startswith("sitemap"):
        raise ConfigError(
            f"option 'video_feed': {shown(value)} must end in .rss or .xml, and not be a sitemap's name "
            "('videos.rss')"
        )
    return name


#: `report: true` writes this file, beside the configuration file.
REPORT = "sitemap-report.html"


def report_path_of(value: Any) -> str | None:
    """Option `report`: true is `sitemap-report.html`, false none, a string that path."""
    if value is True:
        return REPORT
    if value is None or value is False:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"option 'report': must be true, false or a file's path, got {shown(value)}")
    return value


def check_indexnow_key(value: object, where: str) -> str:
    """An IndexNow key: 8 to 128 characters of a-z, A-Z, 0-9 and '-'."""
    if not isinstance(value, str) or not INDEXNOW_KEY.match(value):
        raise ConfigError(
            f"{where}: an IndexNow key is 8 to 128 characters of a-z, A-Z, 0-9 and '-', got {shown(value)}"
        )
    return value


def string_list(name: str, value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"option {shown(name)}: must be a list of strings, got {shown(value)}")
    return list(value)


def check_range(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConfigError(
            f"option {shown(name)}: must be a whole number from {low:,} to {high:,}, got {shown(value)}"
        )


def check_base_url(value: Any, where: str = "option 'base_url'") -> str:
    """The site's URL as every face and `check` normalise it (`http_url`), ending in '/'; a
    ConfigError naming `where` before any work is done."""
    text = str(value or "").strip().split("#")[0].split("?")[0]
    try:
        uri = http_url(text)
    except ValueError as error:
        raise ConfigError(
            f"{where}: {error}; set it to the address the site is published at, e.g. 'https://example.com/'"
        ) from None
    return uri if uri.endswith("/") else uri + "/"

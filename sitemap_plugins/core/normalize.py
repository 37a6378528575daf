"""Normalisation of single values: IRIs to URIs, W3C dates, language codes, XML-safe text.

Each function either returns the normalised value or raises ValueError with a sentence that can
follow a field name in a message ("... is not an ISO 639-1 language code").
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import ipaddress
import math
import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from sitemap_plugins.core.errors import shown
from sitemap_plugins.core.iso_codes import ISO_639_1, ISO_639_3, ISO_3166_1_ALPHA_2, ISO_15924
from sitemap_plugins.core.model import CHANGEFREQS

#: The characters XML 1.0 forbids (control characters but tab, LF and CR; lone surrogates;
#: U+FFFE and U+FFFF), for a character class (a test holds it to the XML 1.0 `Char` production).
XML_ILLEGAL_CHARS = "\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff"
XML_ILLEGAL = re.compile(f"[{XML_ILLEGAL_CHARS}]")

# RFC 3986: unreserved, sub-delims, ':' and '@' are allowed in a path segment; '%' is kept so that
# existing escapes survive (a stray '%' is escaped first, below).
_PATH_SAFE = "/:@!$&'()*+,;=-._~%"
_QUERY_SAFE = _PATH_SAFE + "?"
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def clean_text(value: str) -> tuple[str, list[str]]:
    """Drop characters XML 1.0 cannot carry; return the text and what was dropped (for messages)."""
    removed = XML_ILLEGAL.findall(value)
    return (XML_ILLEGAL.sub("", value), removed) if removed else (value, [])


def describe_chars(chars: list[str]) -> str:
    return ", ".join(sorted({f"U+{ord(c):04X}" for c in chars}))


#: An absolute http(s) URI that is already what to_uri makes of it: lower-case host, no port, a
#: path, only unreserved and reserved ASCII, and every '%' the start of an escape.  Most URLs are:
#: they skip the parse (three an entry of JSON Lines).  The path and query are single character
#: classes, which `re` reads in one run, and the escapes are checked apart: one alternation per
#: character would take twice as long.  The host is a valid name as `_netloc` judges one: labels
#: of at most 63 characters, 253 in all.
_PLAIN_URI = re.compile(
    r"https?://(?=[^/]{1,253}/)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*/"
    r"[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]+)?"
)


@lru_cache(maxsize=65536)  # the posts every listing links to: each asked once a build
def uri_or_same(url: str) -> str:
    """`to_uri(url)`, or `url` as it is where it is no URL (to compare spellings, never to write)."""
    try:
        return to_uri(url)
    except ValueError:
        return url


#: RFC 3986's unreserved characters, and those a path segment carries as they are (sub-delims,
#: ':' and '@'): a static web server answers a path with either spelled as an escape with the
#: same file, as Sphinx's canonical links spell `a&b.html` (`a%26b.html`).
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_IN_A_SEGMENT = _UNRESERVED | frozenset("!$&'()*+,;=:@")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def comparable(uri: str) -> str:
    """`uri` spelled as every spelling of it is (RFC 3986 §6.2.2): escapes of characters that
    need none decoded (in the path, those a segment carries; in the query and the fragment, the
    unreserved ones), the others' hex digits upper-case.  To compare two URIs, never to write."""
    if "%" not in uri:
        return uri
    try:
        parts = urlsplit(uri)
    except ValueError:  # `https://[::1%41/`: no URL, compared as it is spelled
        return uri
    return urlunsplit(
        parts._replace(
            path=_decoded(parts.path, _IN_A_SEGMENT),
            query=_decoded(parts.query, _UNRESERVED),
            fragment=_decoded(parts.fragment, _UNRESERVED),
        )
    )


def _decoded(text: str, needless: frozenset[str]) -> str:
    def one(escape: re.Match[str]) -> str:
        character = chr(int(escape[1], 16))
        return character if character in needless else escape[0].upper()

    return _ESCAPE.sub(one, text) if "%" in text else text


def is_plain_uri(text: str) -> bool:
    """True when `text` is an absolute http(s) URI that to_uri would return unchanged."""
    return (
        _PLAIN_URI.fullmatch(text) is not None
        and ("%" not in text or _STRAY_PERCENT.search(text) is None)
        and "/." not in text  # perhaps a dot segment (`/de/../fog.html`), resolved by the parse
    )


def to_uri(iri: str) -> str:
    """An IRI as the protocol wants it: UTF-8 percent-encoded, IDNA host, existing escapes kept.

    `http://www.example.com/ümlat.php&q=name` -> `http://www.example.com/%C3%BCmlat.php&q=name`
    (entity escaping is the templates' job).  Scheme and host are lower-cased and a default port
    is dropped, and dot segments are resolved (RFC 3986's remove_dot_segments: `/de/../fog.html`
    is `/fog.html`), so that equal URLs compare equal.
    """
    if is_plain_uri(iri):
        return iri
    return _to_uri(iri)


def _to_uri(iri: str) -> str:
    # Characters XML cannot carry go first, so that the spaces they enclosed are stripped too.
    text = XML_ILLEGAL.sub("", iri).strip()
    try:
        parts = urlsplit(text)
    except ValueError as error:  # `https://[::1/`: an IP literal without its closing bracket
        raise ValueError(f"{shown(iri)} is not a URL ({error})") from None
    scheme = parts.scheme.lower()
    netloc = _netloc(iri, parts, scheme) if parts.netloc or scheme in _DEFAULT_PORTS else ""
    path = _quote(parts.path, _PATH_SAFE)
    if netloc and "." in path:
        path = remove_dot_segments(path)
    if not path and netloc and scheme in _DEFAULT_PORTS:
        path = "/"
    return urlunsplit(
        (scheme, netloc, path, _quote(parts.query, _QUERY_SAFE), _quote(parts.fragment, _QUERY_SAFE))
    )


def remove_dot_segments(path: str) -> str:
    """An absolute URL's path with its `.` and `..` segments resolved, as RFC 3986 (5.2.4) does:
    `/de/../fog.html` -> `/fog.html`, `/a/./b/` -> `/a/b/`, `/..` -> `/`.  A browser and a crawler
    fetch the resolved path, so that is the URL a sitemap names."""
    segments = path.split("/")
    if not any(segment in (".", "..") for segment in segments):
        return path
    kept: list[str] = []
    for segment in segments[1:]:
        if segment == "..":
            if kept:
                kept.pop()
        elif segment != ".":
            kept.append(segment)
    if segments[-1] in (".", ".."):
        kept.append("")  # `/a/b/..` is the folder `/a/`
    return "/" + "/".join(kept)


def _quote(text: str, safe: str) -> str:
    if not text:
        return text
    return quote(_STRAY_PERCENT.sub("%25", text), safe=safe)


#: A host name once IDNA-encoded: dot-separated labels of letters, digits, '-' and '_' (which
#: DNS names of services carry), an optional final dot.
_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
_HOST_NAME = re.compile(rf"(?:{_LABEL}\.)*{_LABEL}\.?")


def _netloc(iri: str, parts, scheme: str) -> str:
    """The authority of a URL the protocol can list: a valid host (RFC 3986/3987: a name, IDNA-
    encoded where it is not ASCII, an IPv4 address or a bracketed IPv6 one), a port from 1 to
    65535, and no user information (a password is never published)."""
    if "@" in parts.netloc:
        raise ValueError(f"{shown(iri)} has user information (user:password@) before its host")
    try:
        port = parts.port
    except ValueError:
        port = 0  # a port urllib cannot read (out of range, not a number): as invalid as 0
    if port == 0:
        raise ValueError(f"{shown(iri)} has an invalid port (ports run from 1 to 65535)")
    host = parts.hostname or ""
    if not host:
        raise ValueError(f"{shown(iri)} has no host")
    if parts.netloc.startswith("["):
        try:
            host = f"[{ipaddress.IPv6Address(host.split('%')[0]).compressed}]"
        except ValueError:
            raise ValueError(f"{shown(iri)} has an invalid IPv6 host [{host}]") from None
    else:
        if "%" in host:
            try:
                host = unquote(host, errors="strict")
            except UnicodeDecodeError:
                # Bytes that are not UTF-8 spell no name: the host is named as it was written.
                raise ValueError(
                    f"{shown(iri)}: the host {parts.hostname!r} is not a valid domain name "
                    "(its %-escapes are not UTF-8)"
                ) from None
        if not host.isascii():
            try:
                host = host.encode("idna").decode("ascii")
            except UnicodeError:
                raise ValueError(f"{shown(iri)}: the host {host!r} is not a valid domain name") from None
        host = host.lower()
        if len(host) > 253 or not _HOST_NAME.fullmatch(host):
            raise ValueError(f"{shown(iri)}: the host {host!r} is not a valid domain name or IP address")
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host += f":{port}"
    return host


def is_absolute_http(uri: str) -> bool:
    if _PLAIN_URI.fullmatch(uri):
        return True
    parts = urlsplit(uri)
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def http_url(url: str) -> str:
    """The one URL check of the core: `url` as the URI a sitemap lists, or ValueError saying what
    is wrong: not http(s), no or an invalid host, a port out of range, user information."""
    uri = to_uri(url)
    if not is_absolute_http(uri):
        raise ValueError(f"{shown(url)} is not an absolute http(s) URL")
    return uri


# --- Dates -----------------------------------------------------------------------------------

_W3C_DATE = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})"
    r"(?:[T ](?P<time>\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)\s*(?P<zone>Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?)?\Z"
)


def parse_date(value: object, tz: dt.tzinfo) -> dt.date | dt.datetime:
    if isinstance(value, str):
        return _parse_date_text(value, tz)  # cached: a site repeats the same dates
    return _parse_date(value, tz)


@lru_cache(maxsize=4096)
def _parse_date_text(value: str, tz: dt.tzinfo) -> dt.date | dt.datetime:
    return _parse_date(value, tz)


def _parse_date(value: object, tz: dt.tzinfo) -> dt.date | dt.datetime:
    """A date or an aware datetime (to the second) from what front matter and generators give.

    Naive date-times take `tz`, the site's time zone.  Year-only or month-only W3C dates are
    refused: the official schema accepts only a full date or a full date-time.
    """
    if isinstance(value, dt.datetime):
        return w3c_datetime(value, tz)
    if isinstance(value, dt.date):
        return dt.date(value.year, value.month, value.day)  # a subclass (Pelican's) as a plain date
    if not isinstance(value, str):
        raise ValueError(f"{shown(value)} is not a date")
    text = value.strip()
    if not (match := _W3C_DATE.match(text)):
        raise ValueError(f"{shown(value)} is not a W3C date such as 2024-05-01 or 2024-05-01T09:30:00+02:00")
    try:
        day = dt.date.fromisoformat(match["date"])
        if not match["time"]:
            return day
        hms = [int(float(p.replace(",", "."))) for p in match["time"].split(":")]
        time = dt.time(*hms)
    except ValueError as error:
        raise ValueError(f"{shown(value)} is not a real date or time ({error})") from error
    stamp = dt.datetime.combine(day, time)
    if (zone := match["zone"]) is None:
        return w3c_datetime(stamp, tz)
    if zone.upper() in ("Z", "UTC"):
        return stamp.replace(tzinfo=dt.timezone.utc)
    hours, minutes = int(zone[1:3]), int(zone[-2:]) if len(zone) > 3 else 0
    if minutes > 59:
        raise ValueError(f"{shown(value)} has an invalid UTC offset {zone!r}")
    offset = dt.timedelta(hours=hours, minutes=minutes)
    return w3c_datetime(stamp.replace(tzinfo=dt.timezone(-offset if zone[0] == "-" else offset)), tz)


#: The widest UTC offsets in use (Kiribati's +14:00, Baker Island's -12:00); the schemas' date-time
#: type accepts no offset beyond ±14:00.
MAX_UTC_OFFSET = dt.timedelta(hours=14)


def w3c_datetime(value: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """`value` as a datetime the schemas accept: whole seconds, a fixed offset of whole minutes
    within ±14:00.  Whatever zone it came with (dateutil's `tzoffset` and `tzlocal`, pytz,
    zoneinfo, `datetime.timezone`) becomes a plain `datetime.timezone`; a naive one takes `tz`.
    A local-mean-time offset (+05:53:28 before 1854 in Asia/Kolkata) is written in UTC.

    ValueError where no valid W3C date-time is the same moment (an offset beyond ±14:00, a moment
    before year 1 or after 9999 in UTC)."""
    stamp = dt.datetime(
        value.year, value.month, value.day, value.hour, value.minute, value.second, tzinfo=value.tzinfo
    )
    try:
        if (offset := stamp.utcoffset()) is None:
            stamp = stamp.replace(tzinfo=tz)
            offset = stamp.utcoffset()
    except Exception as error:  # a tzinfo of a generator's is foreign code
        raise ValueError(f"{shown(value)}: its time zone gives no UTC offset ({error})") from None
    if offset is None:
        raise ValueError(f"{shown(value)}: its time zone gives no UTC offset")
    if abs(offset) > MAX_UTC_OFFSET:
        raise ValueError(
            f"{value.isoformat()} has the UTC offset {_offset_text(offset)}; "
            "W3C dates allow offsets from -14:00 to +14:00"
        )
    if offset % dt.timedelta(minutes=1):
        try:
            return (stamp.replace(tzinfo=None) - offset).replace(tzinfo=dt.timezone.utc)
        except OverflowError:
            wall = stamp.replace(tzinfo=None).isoformat()
            raise ValueError(
                f"{wall} in {stamp.tzinfo} (UTC offset {_offset_text(offset)}) "
                "falls outside the years 1 to 9999 in UTC, so no W3C date-time can state it"
            ) from None
    zone = dt.timezone.utc if not offset else dt.timezone(offset)
    return stamp.replace(tzinfo=zone)


def _offset_text(offset: dt.timedelta) -> str:
    sign = "-" if offset < dt.timedelta(0) else "+"
    seconds = int(abs(offset).total_seconds())
    text = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}"
    return text + (f":{seconds % 60:02d}" if seconds % 60 else "")


def format_w3c(value: dt.date | dt.datetime) -> str:
    """`2024-05-01`, or `2024-05-01T09:30:00+02:00`: seconds and an offset, as the schema requires.

    Values reach the templates through `parse_date` (validation): fixed offsets of whole minutes."""
    if not isinstance(value, dt.datetime):
        return value.isoformat()
    if value.utcoffset() is None:
        return value.isoformat(timespec="seconds") + "+00:00"
    return value.isoformat(timespec="seconds")


def date_key(value: dt.date | dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """An aware datetime to compare dates and date-times (a date counts from midnight in `tz`)."""
    if isinstance(value, dt.datetime):
        return value
    return dt.datetime(value.year, value.month, value.day, tzinfo=tz)


# --- Language codes --------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def normalize_hreflang(code: str) -> str:
    """`de_DE` -> `de-DE`, `zh-hant` -> `zh-Hant`, `X-Default` -> `x-default`; else ValueError.

    Google accepts an ISO 639-1 language, optionally followed by an ISO 15924 script and/or an
    ISO 3166-1 alpha-2 region.
    """
    text = str(code).strip().replace("_", "-")
    if text.lower() == "x-default":
        return "x-default"
    language, *rest = text.split("-")
    language = language.lower()
    if language not in ISO_639_1:
        raise ValueError(f"{shown(code)} does not start with an ISO 639-1 language code (such as 'de')")
    parts = [language]
    if rest and len(rest[0]) == 4:
        script = rest.pop(0).title()
        if script not in ISO_15924:
            raise ValueError(f"{shown(code)}: {script!r} is not an ISO 15924 script code")
        parts.append(script)
    if rest and len(rest[0]) == 2:
        region = rest.pop(0).upper()
        if region not in ISO_3166_1_ALPHA_2:
            raise ValueError(f"{shown(code)}: {region!r} is not an ISO 3166-1 alpha-2 region code")
        parts.append(region)
    if rest:
        raise ValueError(
            f"{shown(code)} is not a language code of the form 'de', 'de-DE' or 'zh-Hant' (or 'x-default')"
        )
    return "-".join(parts)


def hreflang_or_none(text: str) -> str | None:
    """The hreflang code `text` spells (`<html lang="zh_CN">`, a path's `pt-BR/`), else None."""
    try:
        return normalize_hreflang(text) if text else None
    except ValueError:
        return None


_TRADITIONAL_CHINESE = {"tw", "hk", "mo", "hant"}
_SIMPLIFIED_CHINESE = {"cn", "sg", "hans"}


def normalize_news_language(code: str) -> str:
    """Google News wants an ISO 639 code of 2 or 3 letters, or `zh-cn` / `zh-tw` for Chinese.

    Regions are dropped (`en-US` -> `en`) and Chinese variants mapped to Google's two codes.
    """
    text = str(code).strip().lower().replace("_", "-")
    language, *rest = text.split("-")
    if language == "zh" and rest:
        if rest[0] in _TRADITIONAL_CHINESE or (len(rest) > 1 and rest[1] in _TRADITIONAL_CHINESE):
            return "zh-tw"
        if rest[0] in _SIMPLIFIED_CHINESE or (len(rest) > 1 and rest[1] in _SIMPLIFIED_CHINESE):
            return "zh-cn"
    if language in ISO_639_1 or language in ISO_639_3:
        return language
    raise ValueError(f"{shown(code)} is not an ISO 639 language code (2 or 3 letters, or zh-cn / zh-tw)")


def country_codes(values: object) -> list[str]:
    """`"de fr"` or `["de", "FR"]` -> `["DE", "FR"]`; ValueError names the codes that are not ISO 3166-1."""
    items = values.split() if isinstance(values, str) else [str(v) for v in values]  # type: ignore[attr-defined]
    codes = [c.strip().upper() for c in items if c.strip()]
    unknown = [c for c in codes if c not in ISO_3166_1_ALPHA_2]
    if unknown:
        raise ValueError(f"{', '.join(unknown)} not ISO 3166-1 alpha-2 country code(s)")
    return list(dict.fromkeys(codes))


# --- priority and changefreq ----------------------------------------------------------------------


def number_in(value: Any, low: float, high: float) -> float:
    """A number from `low` to `high`, whether written 0.5, "0.5" or 1; ValueError says what is
    wrong with `value` (a yes/no is no number)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not low <= number <= high:
        raise ValueError(f"is not a number from {low:g} to {high:g}")
    return number


def priority_of(value: Any) -> float:
    """A `<priority>`: a number from 0 to 1 (`number_in`), to four places."""
    return round(number_in(value, 0.0, 1.0), 4)


def changefreq_of(value: Any) -> str:
    """A `<changefreq>`, in any case (`Weekly`); ValueError says what is wrong with `value`."""
    text = str(value).strip().lower()
    if text not in CHANGEFREQS:
        raise ValueError(f"is not one of {', '.join(CHANGEFREQS)}")
    return text


def glob_match(patterns: list[str], *candidates: str) -> str | None:
    """The first of `patterns` (globs: `blog/*`) that matches any of `candidates`, if any."""
    for pattern in patterns:
        if any(fnmatch.fnmatchcase(candidate, pattern) for candidate in candidates):
            return pattern
    return None


def origin(url: str) -> tuple[str, str, int | None]:
    """Scheme, host and port, as a browser's same-origin rule compares them: scheme and host in
    any case, the default port named or not, a port's leading zeros as a server reads them."""
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), port


def path_under(url: str, base_url: str) -> str | None:
    """What follows `base_url` in `url` (`a/b.html?q`) where `url` is of its origin and under its
    path; else None.  The one comparison by which a URL is the site's (`check`, and which server
    `check --as` asks)."""
    try:
        if origin(url) != origin(base_url):
            return None
    except ValueError:  # a port that is none (`:99999`, `:x`)
        return None
    parts, base_path = urlsplit(url), urlsplit(base_url).path or "/"
    rest = url[len(parts.scheme) + 3 + len(parts.netloc) :] or "/"
    return rest[len(base_path) :] if rest.startswith(base_path) else None


def site_path(url: str, base_url: str) -> str:
    """The URL's path relative to `base_url` (`blog/post/`), as globs on pages match it."""
    try:
        uri = to_uri(url)
    except ValueError:
        return url
    return uri[len(base_url) :] if uri.startswith(base_url) else urlsplit(uri).path.lstrip("/")


def page_glob_match(patterns: list[str], url: str, base_url: str) -> str | None:
    """The first glob on page paths that matches `url`'s, written with or without a leading `/`."""
    path = site_path(url, base_url)
    return glob_match(patterns, path, "/" + path)

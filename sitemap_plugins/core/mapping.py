"""Model objects from plain mappings: front matter `video:` blocks, JSON Lines items.

Both spellings are accepted where they differ: ours (`restriction: {relationship, countries}`)
and the npm `sitemap` package's flat one (`restriction`, `restriction:relationship`), so a file
made for that tool works here unchanged.  Unknown keys raise ValueError naming them.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Mapping
from typing import Any

from sitemap_plugins.core.errors import did_you_mean, shown
from sitemap_plugins.core.model import (
    Entry,
    Image,
    News,
    Video,
    VideoPlatform,
    VideoPrice,
    VideoRestriction,
    VideoUploader,
)

_SCALARS = {
    "thumbnail_loc",
    "title",
    "description",
    "content_loc",
    "player_loc",
    "duration",
    "expiration_date",
    "rating",
    "view_count",
    "publication_date",
    "family_friendly",
    "requires_subscription",
    "live",
}
_ALIASES = {
    "thumbnail": "thumbnail_loc",
    "thumbnail_url": "thumbnail_loc",
    "content_url": "content_loc",
    "player_url": "player_loc",
    "url": "content_loc",
    "src": "content_loc",
}
_COMPOUND = {
    "tag",
    "tags",
    "restriction",
    "restriction:relationship",
    "platform",
    "platform:relationship",
    "uploader",
    "uploader:info",
    "price",
    "prices",
    "price:currency",
    "price:type",
    "price:resolution",
}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if type(value) is list:
        return value
    return list(value) if isinstance(value, tuple) else [value]


_KNOWN = sorted(_SCALARS | _ALIASES.keys() | _COMPOUND)
#: Names only a video sitemap's vocabulary uses: a block with one of them is meant for us.
_DISTINCTIVE = {"expiration_date", "view_count", "family_friendly", "requires_subscription", "live"}


def is_video_block(data: Mapping[str, Any]) -> bool:
    """A metadata mapping written for the video sitemap: a name no other vocabulary uses
    (`thumbnail_loc`, `family_friendly`, `restriction:relationship`), or every key one of ours
    or a slip for one (`titel`).  A site's own `videos:` list, which its theme renders (`type`,
    `url`, `label`, `media_url`), is not: it is the site's, left alone."""
    keys = [str(k) for k in data]
    if any(k in _KNOWN and (k.endswith("_loc") or ":" in k or k in _DISTINCTIVE) for k in keys):
        return True
    return all(k in _KNOWN or difflib.get_close_matches(k, _KNOWN, n=1) for k in keys)


def video_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for `Video` from a mapping; only the keys present are returned."""
    unknown = sorted(str(k) for k in data if k not in _KNOWN)
    if unknown:
        raise ValueError(f"unknown video field(s) {', '.join(did_you_mean(k, _KNOWN) for k in unknown)}")
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SCALARS or key in _ALIASES:
            fields[_ALIASES.get(key, key)] = value
    if "tag" in data or "tags" in data:
        fields["tags"] = [str(t) for t in _as_list(data.get("tags", data.get("tag")))]
    # Ours (`restriction: {relationship, countries}`) or the flat one (`restriction:relationship`).
    for name, kind, listed in (
        ("restriction", VideoRestriction, "countries"),
        ("platform", VideoPlatform, "platforms"),
    ):
        value = data.get(name)
        if isinstance(value, Mapping):
            fields[name] = kind(str(value.get("relationship", "allow")), value.get(listed, ""))
        elif value is not None:
            fields[name] = kind(str(data.get(f"{name}:relationship", "allow")), value)
    uploader = data.get("uploader")
    if isinstance(uploader, Mapping):
        fields["uploader"] = VideoUploader(str(uploader.get("name", "")), uploader.get("info"))
    elif uploader is not None:
        fields["uploader"] = VideoUploader(str(uploader), data.get("uploader:info"))
    prices = []
    for price in _as_list(data.get("prices", data.get("price"))):
        if isinstance(price, Mapping):
            amount, given = price.get("amount", price.get("price")), price.get
        else:  # the flat spelling: its currency, type and resolution beside it
            amount, given = price, lambda name: data.get(f"price:{name}")
        prices.append(VideoPrice(amount, given("currency"), given("type"), given("resolution")))
    if prices:
        fields["prices"] = prices
    return fields


#: The fields of an entry mapping: ours, and the npm `sitemap` package's names for them.
ENTRY_FIELDS = frozenset(
    {
        "loc",
        "url",
        "lastmod",
        "changefreq",
        "priority",
        "img",
        "images",
        "video",
        "videos",
        "news",
        "links",
        "alternates",
        "source",
    }
)


def is_mapping(value: Any) -> bool:
    """A dict, or any other mapping a generator hands over (Pelican's metadata, YAML's)."""
    return isinstance(value, Mapping)


class FieldError(ValueError):
    """A value that cannot become part of an entry; `field` names it as the user wrote it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def entry_from_mapping(data: Mapping[str, Any], base_url: str) -> Entry:
    """An entry from a mapping: our field names, or the npm `sitemap` package's item format
    (`url`, `img`, `video`, `news`, `links`).  A `loc` without a scheme is relative to `base_url`.
    FieldError names the field that cannot be read.  Each line of a JSON Lines stream comes
    here too: this is the one way from a mapping to an entry."""
    # Read once per line of a JSON Lines stream: written for the dict JSON gives.
    if type(data) is not dict:
        if isinstance(data, str):
            data = {"loc": data}
        elif not isinstance(data, Mapping):
            raise FieldError(
                "line",
                f"not a sitemap entry (a JSON object or a URL string is one, a {type(data).__name__} is not)",
            )
    if not ENTRY_FIELDS.issuperset(data):
        unknown = sorted(map(str, data.keys() - ENTRY_FIELDS))
        raise FieldError("line", f"not a sitemap entry (unknown field(s) {', '.join(unknown)})")
    get = data.get
    loc = data["loc"] if "loc" in data else get("url")
    if not isinstance(loc, str) or not loc.strip():
        raise FieldError("loc", f"must be a URL or a path, got {shown(loc)}")
    lastmod, changefreq, source = get("lastmod"), get("changefreq"), get("source")
    if lastmod is not None and not isinstance(lastmod, (str, dt.date)):
        raise FieldError("lastmod", f"must be a string, got {shown(lastmod)}")
    if changefreq is not None and not isinstance(changefreq, str):
        raise FieldError("changefreq", f"must be a string, got {shown(changefreq)}")
    if source is not None and not isinstance(source, str):
        raise FieldError("source", f"must be a string, got {shown(source)}")
    # One guard for every nested field: `field` names the one being read when an error comes;
    # fields an entry lacks are not looked at.
    field = "images" if "images" in data else "img"
    try:
        value = get(field)
        images = [] if value is None else [_image(item) for item in _as_list(value)]
        field = "videos" if "videos" in data else "video"
        value = get(field)
        videos = [] if value is None else [_video(item) for item in _as_list(value)]
        field = "alternates" if "alternates" in data else "links"
        value = get(field)
        alternates = {} if value is None else _links(value, base_url)
        field = "news"
        value = get("news")
        news = None if value is None else _news(value)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, FieldError):
            raise
        said = str(error) if isinstance(error, ValueError) else f"cannot be read ({error})"
        raise FieldError(field, said) from error
    return Entry(
        absolute_url(loc, base_url),
        lastmod,
        changefreq,
        get("priority"),
        images,
        videos,
        news,
        alternates,
        source,
    )


def _image(item: Any) -> Image:
    url = item.get("url") if is_mapping(item) else item
    if not isinstance(url, str):
        raise ValueError(f'an image is a URL or {{"url": URL}}, got {shown(item)}')
    return Image(url)


def _video(item: Any) -> Video:
    if not is_mapping(item):
        raise ValueError(f"a video is an object of video fields, got {shown(item)}")
    return Video(**video_fields(item))


def _links(links: Any, base_url: str) -> dict[str, str]:
    if is_mapping(links):
        pairs = links.items()
    else:
        pairs = []
        for link in _as_list(links):
            if not is_mapping(link) or "lang" not in link or "url" not in link:
                raise ValueError(f'each link is {{"lang": CODE, "url": URL}}, got {shown(link)}')
            pairs.append((link["lang"], link["url"]))
    found = {}
    for code, url in pairs:
        if not isinstance(url, str):
            raise ValueError(f"{code}: {shown(url)} is not a URL")
        found[str(code)] = absolute_url(url, base_url)
    return found


def _news(item: Any) -> News:
    if not is_mapping(item):
        raise ValueError(
            f"news is an object (publication_name, publication_language, ...), got {shown(item)}"
        )
    publication = item.get("publication") if is_mapping(item.get("publication")) else {}
    return News(
        item.get("publication_name", publication.get("name")),
        item.get("publication_language", publication.get("language")),
        item.get("publication_date"),
        item.get("title"),
    )


#: RFC 3986's scheme: what a URL with one (`https:`, `mailto:`, `javascript:`) starts with.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def absolute_url(url: str, base_url: str) -> str:
    """A path is relative to the site (`/api/` and `api/` alike); a URL with a scheme stays as
    it is (validation refuses all but http and https) and `//host/path` takes the site's scheme,
    as RFC 3986 resolves them."""
    if url.startswith(("https://", "http://")):
        return url  # as most are written: no need of the regular expression
    if url.startswith("//"):
        return base_url.split(":", 1)[0] + ":" + url
    if _SCHEME.match(url):
        return url
    return base_url + url.lstrip("/")

"""Model objects from plain mappings: front matter `video:` blocks, JSON Lines items.

Both spellings are accepted where they differ: ours (`restriction: {relationship, countries}`)
and the npm `sitemap` package's flat one (`restriction`, `restriction:relationship`), so a file
made for that tool works here unchanged.  Unknown keys raise ValueError naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import Entry, Image, News, Video, VideoPlatform, VideoPrice, VideoRestriction, VideoUploader

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
    return list(value) if isinstance(value, (list, tuple)) else [value]


def video_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for `Video` from a mapping; only the keys present are returned."""
    unknown = sorted(k for k in data if k not in _SCALARS and k not in _ALIASES and k not in _COMPOUND)
    if unknown:
        raise ValueError(f"unknown video field(s) {', '.join(unknown)}")
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SCALARS or key in _ALIASES:
            fields[_ALIASES.get(key, key)] = value
    if "tag" in data or "tags" in data:
        fields["tags"] = [str(t) for t in _as_list(data.get("tags", data.get("tag")))]
    restriction = data.get("restriction")
    if isinstance(restriction, Mapping):
        fields["restriction"] = VideoRestriction(
            str(restriction.get("relationship", "allow")), restriction.get("countries", "")
        )
    elif restriction is not None:
        relationship = str(data.get("restriction:relationship", "allow"))
        fields["restriction"] = VideoRestriction(relationship, restriction)
    platform = data.get("platform")
    if isinstance(platform, Mapping):
        fields["platform"] = VideoPlatform(
            str(platform.get("relationship", "allow")), platform.get("platforms", "")
        )
    elif platform is not None:
        fields["platform"] = VideoPlatform(str(data.get("platform:relationship", "allow")), platform)
    uploader = data.get("uploader")
    if isinstance(uploader, Mapping):
        fields["uploader"] = VideoUploader(str(uploader.get("name", "")), uploader.get("info"))
    elif uploader is not None:
        fields["uploader"] = VideoUploader(str(uploader), data.get("uploader:info"))
    prices = []
    for price in _as_list(data.get("prices", data.get("price"))):
        if isinstance(price, Mapping):
            prices.append(
                VideoPrice(
                    price.get("amount", price.get("price")),
                    price.get("currency"),
                    price.get("type"),
                    price.get("resolution"),
                )
            )
        else:
            prices.append(
                VideoPrice(
                    price, data.get("price:currency"), data.get("price:type"), data.get("price:resolution")
                )
            )
    if prices:
        fields["prices"] = prices
    return fields


def video_from_mapping(data: Mapping[str, Any]) -> Video:
    return Video(**video_fields(data))


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


def entry_from_mapping(data: Mapping[str, Any], base_url: str) -> Entry:
    """An entry from a mapping: our field names, or the npm `sitemap` package's item format
    (`url`, `img`, `video`, `news`, `links`).  A `loc` without a scheme is relative to `base_url`."""
    if isinstance(data, str):
        data = {"loc": data}
    unknown = sorted(data.keys() - ENTRY_FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}")
    loc = str(data.get("loc", data.get("url")) or "")
    if not loc:
        raise ValueError("no loc (or url)")
    images = [
        Image(i["url"] if isinstance(i, Mapping) else str(i))
        for i in _as_list(data.get("images", data.get("img")))
    ]
    videos = [video_from_mapping(v) for v in _as_list(data.get("videos", data.get("video")))]
    alternates: dict[str, str] = {}
    links = data.get("alternates", data.get("links"))
    if isinstance(links, Mapping):
        alternates = {str(k): absolute_url(str(v), base_url) for k, v in links.items()}
    else:
        for link in _as_list(links):
            alternates[str(link["lang"])] = absolute_url(str(link["url"]), base_url)
    news = None
    if isinstance(data.get("news"), Mapping):
        item = data["news"]
        publication = item.get("publication") if isinstance(item.get("publication"), Mapping) else {}
        news = News(
            item.get("publication_name", publication.get("name")),
            item.get("publication_language", publication.get("language")),
            item.get("publication_date"),
            item.get("title"),
        )
    return Entry(
        loc=absolute_url(loc, base_url),
        lastmod=data.get("lastmod"),
        changefreq=data.get("changefreq"),
        priority=data.get("priority"),
        images=images,
        videos=videos,
        news=news,
        alternates=alternates,
        source=data.get("source"),
    )


def absolute_url(url: str, base_url: str) -> str:
    """Absolute URLs stay; a path is relative to the site (`/api/` and `api/` alike)."""
    return url if "://" in url else base_url + url.lstrip("/")

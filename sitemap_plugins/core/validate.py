"""Normalise an entry in place and check what the schemas cannot express.

Every problem is reported once, naming the entry and the field, and the bad value (or, when `loc`
itself is bad, the entry) is left out, so whatever reaches the templates is valid.  Under
`strict` the caller raises after validation, before anything is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import Reporter, shown
from sitemap_plugins.core.iso_codes import ISO_4217
from sitemap_plugins.core.model import (
    CHANGEFREQS,
    Entry,
    Image,
    News,
    Video,
    VideoPlatform,
    VideoPrice,
    VideoRestriction,
)
from sitemap_plugins.core.normalize import (
    changefreq_of,
    clean_text,
    comparable,
    country_codes,
    date_key,
    describe_chars,
    format_w3c,
    is_absolute_http,
    is_plain_uri,
    normalize_hreflang,
    normalize_news_language,
    number_in,
    parse_date,
    priority_of,
    to_uri,
)
from sitemap_plugins.core.options import Options

T = TypeVar("T")  # what a reader of a value gives (`_parsed`)

MAX_LOC_LENGTH = 2048  # the protocol: "must be less than 2,048 characters"
MAX_IMAGES = 1000
MAX_VIDEO_TITLE = 100  # the video schema's maxLength
MAX_VIDEO_DESCRIPTION = 2048
MAX_VIDEO_DURATION = 28_800
MAX_VIDEO_TAGS = 32
MAX_UPLOADER = 255
RELATIONSHIPS = ("allow", "deny")
PLATFORMS = ("web", "mobile", "tv")
PRICE_TYPES = ("rent", "purchase")
RESOLUTIONS = ("sd", "hd")


#: How far past the build a lastmod may be and still be taken as now (time zones differ).
FUTURE_SLACK = dt.timedelta(days=1)


def later_than_the_build(date: dt.date | dt.datetime, build_time: dt.datetime, tz: dt.tzinfo) -> bool:
    """A date later than the build (a day of slack for time zones) is no last change: Bing
    ignores such dates and Google distrusts them."""
    return date_key(date, tz) > build_time + FUTURE_SLACK


class EntryValidator:
    def __init__(self, options: Options, report: Reporter, now: dt.datetime | None = None) -> None:
        self.options = options
        self.report = report
        self.tz = options.tzinfo
        #: The build's time: a lastmod after it (and a day of slack) is no last change.
        self.now = now or dt.datetime.now(dt.timezone.utc)

    # -- entry -------------------------------------------------------------------------------

    def __call__(self, entry: Entry) -> Entry | None:
        """The entry, normalised; None when it cannot be listed (bad or out-of-scope `loc`)."""
        label = entry.source or str(entry.loc)
        loc = self._loc(label, entry.loc)
        if loc is None:
            return None
        entry.loc = loc
        label = entry.label
        entry.lastmod = self._date(label, "lastmod", entry.lastmod)
        if entry.lastmod is not None and later_than_the_build(entry.lastmod, self.now, self.tz):
            self.report(label, "lastmod", f"{format_w3c(entry.lastmod)} is later than the build; left out")
            entry.lastmod = None
        # The site-wide defaults come last: after the page's own values and the rules.
        entry.changefreq = self._changefreq(label, entry.changefreq) or self.options.changefreq
        priority = self._priority(label, entry.priority)
        entry.priority = self.options.priority if priority is None else priority
        self._shapes(label, entry)
        # Most entries lack some extensions: those are not looked at.
        if entry.images:
            entry.images = self._images(label, entry.images)
        if entry.videos:
            entry.videos = [v for i, v in enumerate(entry.videos) if self._video(label, i, v, loc)]
        if entry.news is not None and not self._news(label, entry.news):
            entry.news = None
        if entry.alternates:
            entry.alternates = self._alternates(label, entry.alternates, loc)
        return entry

    def _shapes(self, label: str, entry: Entry) -> None:
        """The extensions as the model types them, whoever set them (the owner's `transform`):
        a list of Image, a list of Video, a News, a mapping of code to URL.  Another value, or
        an item of another type, is said and dropped."""
        shapes = (
            ("images", Image, "an Image", "Image('https://...')"),
            ("videos", Video, "a Video", "Video(...)"),
        )
        for field, kind, named, hint in shapes:
            value = getattr(entry, field)
            if not isinstance(value, (list, tuple)):
                self.report(label, field, f"must be a list of {hint}, got {shown(value)}; left out")
                setattr(entry, field, [])
                continue
            kept = [item for item in value if isinstance(item, kind)]
            if len(kept) < len(value):
                wrong = next(item for item in value if not isinstance(item, kind))
                self.report(
                    label,
                    field,
                    f"{shown(wrong)} is not {named} (each is {hint}); "
                    f"{len(value) - len(kept):,} of {len(value):,} left out",
                )
            setattr(entry, field, kept)
        if entry.news is not None and not isinstance(entry.news, News):
            self.report(label, "news", f"must be a News(...) or None, got {shown(entry.news)}; left out")
            entry.news = None
        if not isinstance(entry.alternates, Mapping):
            self.report(
                label,
                "alternates",
                f"must be a mapping of hreflang code to URL, got {shown(entry.alternates)}; left out",
            )
            entry.alternates = {}

    def _loc(self, label: str, value: Any) -> str | None:
        uri = self._url(label, "loc", value, what="page")
        if uri is None:
            return None
        if len(uri) >= MAX_LOC_LENGTH:
            self.report(
                label,
                "loc",
                f"is {len(uri):,} characters long once encoded (the limit is "
                f"{MAX_LOC_LENGTH - 1:,}); page left out",
            )
            return None
        if not uri.startswith(self.options.base_url):
            self.report(
                label,
                "loc",
                f"{uri} is outside {self.options.base_url}: a sitemap may only "
                "list URLs under its own directory (same scheme, host and port); page left out",
            )
            return None
        return uri

    # -- single values -----------------------------------------------------------------------

    def _url(self, label: str, field: str, value: Any, what: str = "value") -> str | None:
        if value is None or value == "":
            return None
        text = str(value)
        if is_plain_uri(text):  # most URLs: already absolute and encoded
            return text
        try:
            uri = to_uri(text)
        except ValueError as error:
            self.report(label, field, f"{error}; {what} left out")
            return None
        if not is_absolute_http(uri):
            self.report(label, field, f"{shown(value)} is not an absolute http(s) URL; {what} left out")
            return None
        return uri

    def _text(self, label: str, field: str, value: Any, limit: int | None = None) -> str | None:
        if value is None:
            return None
        text, removed = clean_text(str(value))
        if removed:
            self.report(label, field, f"control character(s) {describe_chars(removed)} removed")
        text = text.strip()
        if limit is not None and len(text) > limit:
            self.report(label, field, f"is {len(text):,} characters long (the limit is {limit:,}); shortened")
            text = text[: limit - 1].rstrip() + "…"
        return text or None

    def _date(self, label: str, field: str, value: Any) -> Any:
        if value is None or value == "":
            return None
        try:
            return parse_date(value, self.tz)
        except ValueError as error:
            self.report(label, field, f"{error}; left out")
            return None

    def _parsed(self, label: str, field: str, value: Any, parse: Callable[[Any], T]) -> T | None:
        """`value` as `parse` reads it; None where none is given, or (said) where it is bad."""
        if value is None or value == "":
            return None
        try:
            return parse(value)
        except ValueError as error:
            self.report(label, field, f"{shown(value)} {error}; left out")
            return None

    def _changefreq(self, label: str, value: Any) -> str | None:
        if value in CHANGEFREQS:  # as most are written
            return value  # type: ignore[no-any-return]
        return self._parsed(label, "changefreq", value, changefreq_of)

    def _number(self, label: str, field: str, value: Any, low: float, high: float) -> float | None:
        return self._parsed(label, field, value, lambda given: number_in(given, low, high))

    def _priority(self, label: str, value: Any) -> float | None:
        if value.__class__ is float and 0.0 <= value <= 1.0:  # as most are written
            return round(value, 4)
        return self._parsed(label, "priority", value, priority_of)

    def _whole(self, label: str, field: str, value: Any, low: int, high: int | None = None) -> int | None:
        if value is None or value == "":
            return None
        try:
            number = int(str(value).strip())
        except ValueError:
            number = None
        if isinstance(value, bool) or number is None or number < low or (high is not None and number > high):
            limits = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
            self.report(label, field, f"{shown(value)} is not a whole number {limits}; left out")
            return None
        return number

    def _yes_no(self, label: str, field: str, value: Any) -> bool | None:
        if value is None or isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("yes", "true", "1", "on"):
            return True
        if text in ("no", "false", "0", "off"):
            return False
        self.report(label, field, f"{shown(value)} is not yes or no; left out")
        return None

    def _choice(self, label: str, field: str, value: Any, choices: tuple[str, ...]) -> str | None:
        text = str(value or "").strip().lower()
        if text not in choices:
            self.report(label, field, f"{shown(value)} is not one of {', '.join(choices)}; left out")
            return None
        return text

    # -- extensions --------------------------------------------------------------------------

    def _images(self, label: str, images: list[Image]) -> list[Image]:
        seen: dict[str, Image] = {}
        for image in images:
            uri = self._url(label, "image", image.loc, what="image")
            if uri is not None and uri not in seen:
                image.loc = uri
                seen[uri] = image
        if len(seen) > MAX_IMAGES:
            self.report(
                label,
                "images",
                f"{len(seen):,} images; Google reads at most {MAX_IMAGES:,} "
                f"per page, so the first {MAX_IMAGES:,} are listed",
            )
        return list(seen.values())[:MAX_IMAGES]

    def _video(self, label: str, index: int, video: Video, loc: str) -> bool:
        name = f"video[{index}]"
        video.thumbnail_loc = self._url(label, f"{name}.thumbnail_loc", video.thumbnail_loc)
        video.title = self._text(label, f"{name}.title", video.title, MAX_VIDEO_TITLE)
        video.description = self._text(label, f"{name}.description", video.description, MAX_VIDEO_DESCRIPTION)
        own_url = []  # Google: neither may be the page itself (HTML is not a video)
        for field in ("content_loc", "player_loc"):
            uri = self._url(label, f"{name}.{field}", getattr(video, field))
            if uri is not None and uri == loc:
                own_url.append(field)
                uri = None
            setattr(video, field, uri)
        missing = [f for f in ("thumbnail_loc", "title", "description") if not getattr(video, f)]
        if not (video.content_loc or video.player_loc):
            if own_url and not missing:
                self.report(label, f"{name}.{own_url[0]}", "must not be the page's own URL; video left out")
                return False
            missing.append("content_loc or player_loc")
        for field in own_url:
            self.report(label, f"{name}.{field}", "must not be the page's own URL; left out")
        if missing:
            self.report(label, name, f"Google requires {', '.join(missing)}; video left out")
            return False
        video.duration = self._whole(label, f"{name}.duration", video.duration, 1, MAX_VIDEO_DURATION)
        video.expiration_date = self._date(label, f"{name}.expiration_date", video.expiration_date)
        rating = self._number(label, f"{name}.rating", video.rating, 0.0, 5.0)
        video.rating = None if rating is None else round(rating, 2)
        video.view_count = self._whole(label, f"{name}.view_count", video.view_count, 0)
        video.publication_date = self._date(label, f"{name}.publication_date", video.publication_date)
        tags = [t for t in (self._text(label, f"{name}.tag", tag) for tag in video.tags) if t]
        if len(tags) > MAX_VIDEO_TAGS:
            self.report(
                label,
                f"{name}.tag",
                f"{len(tags)} tags; at most {MAX_VIDEO_TAGS} are allowed, "
                f"so the first {MAX_VIDEO_TAGS} are listed",
            )
        video.tags = tags[:MAX_VIDEO_TAGS]
        video.family_friendly = self._yes_no(label, f"{name}.family_friendly", video.family_friendly)
        video.restriction = self._restriction(label, name, video.restriction)
        video.prices = [p for p in video.prices if self._price(label, name, p)]
        video.requires_subscription = self._yes_no(
            label, f"{name}.requires_subscription", video.requires_subscription
        )
        if video.uploader is not None:
            video.uploader.name = self._text(label, f"{name}.uploader", video.uploader.name, MAX_UPLOADER)
            info = self._url(label, f"{name}.uploader.info", video.uploader.info)
            if info is not None and urlsplit(info).netloc != urlsplit(loc).netloc:
                self.report(
                    label,
                    f"{name}.uploader.info",
                    f"{info} must be on the page's host ({urlsplit(loc).netloc}); left out",
                )
                info = None
            video.uploader.info = info
            if not video.uploader.name:
                video.uploader = None
        video.platform = self._platform(label, name, video.platform)
        video.live = self._yes_no(label, f"{name}.live", video.live)
        return True

    def _restriction(self, label: str, name: str, value: VideoRestriction | None) -> VideoRestriction | None:
        if value is None:
            return None
        field = f"{name}.restriction"
        relationship = self._choice(label, f"{field}.relationship", value.relationship, RELATIONSHIPS)
        try:
            countries = country_codes(value.countries)
        except ValueError as error:
            self.report(label, field, f"{error}; restriction left out")
            return None
        return None if relationship is None else VideoRestriction(relationship, countries)

    def _platform(self, label: str, name: str, value: VideoPlatform | None) -> VideoPlatform | None:
        if value is None:
            return None
        field = f"{name}.platform"
        relationship = self._choice(label, f"{field}.relationship", value.relationship, RELATIONSHIPS)
        items = value.platforms.split() if isinstance(value.platforms, str) else value.platforms
        platforms = list(dict.fromkeys(str(p).strip().lower() for p in items))
        unknown = [p for p in platforms if p not in PLATFORMS]
        if unknown:
            self.report(
                label, field, f"{', '.join(unknown)} not among {', '.join(PLATFORMS)}; platform left out"
            )
            return None
        return None if relationship is None else VideoPlatform(relationship, platforms)

    def _price(self, label: str, name: str, price: VideoPrice) -> bool:
        field = f"{name}.price"
        if price.amount not in (None, ""):
            try:
                amount = Decimal(str(price.amount).strip())
            except InvalidOperation:
                amount = Decimal(-1)
            if not amount.is_finite() or amount < 0:
                self.report(
                    label, field, f"{shown(price.amount)} is not a non-negative amount; price left out"
                )
                return False
            price.amount = str(amount)
        else:
            price.amount = None
        if price.currency is not None or price.amount is not None:
            currency = str(price.currency or "").strip().upper()
            if currency not in ISO_4217:
                self.report(
                    label,
                    f"{field}.currency",
                    f"{shown(price.currency)} is not an ISO 4217 currency "
                    "code (a price needs one); price left out",
                )
                return False
            price.currency = currency
        if price.type is not None:
            price.type = self._choice(label, f"{field}.type", price.type, PRICE_TYPES)
        if price.resolution is not None:
            price.resolution = self._choice(label, f"{field}.resolution", price.resolution, RESOLUTIONS)
        if price.amount is None and price.type is None:
            self.report(
                label, field, "a price without an amount needs a type (rent or purchase); price left out"
            )
            return False
        return True

    def _news(self, label: str, news: News) -> bool:
        news.publication_name = self._text(label, "news.publication_name", news.publication_name)
        news.title = self._text(label, "news.title", news.title)
        news.publication_date = self._date(label, "news.publication_date", news.publication_date)
        if language := news.publication_language:
            try:
                news.publication_language = normalize_news_language(language)
            except ValueError as error:
                self.report(label, "news.publication_language", f"{error}; left out")
                news.publication_language = None
        missing = [
            f
            for f in ("publication_name", "publication_language", "publication_date", "title")
            if not getattr(news, f)
        ]
        if missing:
            self.report(label, "news", f"Google requires {', '.join(missing)}; news tag left out")
            return False
        return True

    def _alternates(self, label: str, alternates: dict[str, str], loc: str) -> dict[str, str]:
        result: dict[str, str] = {}
        for code, url in alternates.items():
            try:
                hreflang = normalize_hreflang(code)
            except ValueError as error:
                self.report(label, "alternates", f"{error}; alternate left out")
                continue
            # The page's own link is its loc, checked already.
            uri = loc if url == loc else self._url(label, f"alternates[{hreflang}]", url, what="alternate")
            if uri is None:
                continue
            if uri != loc and "%" in uri + loc and comparable(uri) == comparable(loc):
                uri = loc  # the page itself, spelled with escapes it needs none of (`a%26b.html`)
            if hreflang in result and result[hreflang] != uri:
                self.report(
                    label,
                    f"alternates[{hreflang}]",
                    f"names both {result[hreflang]} and {uri}; the first is kept",
                )
                continue
            result[hreflang] = uri
        if result and loc not in result.values():
            self.report(
                label,
                "alternates",
                "do not include the page itself (each language version "
                "must list itself); alternates left out",
            )
            return {}
        if len(result) == 1 and "x-default" not in result:
            return {}  # a page that is only its own alternate says nothing
        return result

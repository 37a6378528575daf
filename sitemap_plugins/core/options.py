"""The core's options: one typed class, the same names in mkdocs.yml, pelicanconf.py and the CLI."""

from __future__ import annotations

import dataclasses
import os
import re
import zoneinfo
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitemap_plugins.core.errors import ConfigError, did_you_mean, shown
from sitemap_plugins.core.normalize import (
    changefreq_of,
    glob_match,
    normalize_hreflang,
    normalize_news_language,
    priority_of,
)
from sitemap_plugins.core.option_values import (
    check_base_url,
    check_indexnow_key,
    check_range,
    check_types,
    extra_sitemap_url,
    report_path_of,
    sections_of,
    string_list,
    video_feed_name,
)

#: Limits of one sitemap file set by the protocol; options may lower them, never raise them.
MAX_URLS = 50_000
MAX_BYTES = 52_428_800
#: Google: at most 1,000 news:news tags per sitemap.
MAX_NEWS_PER_FILE = 1000
#: The protocol: at most 50,000 sitemaps in an index.
MAX_INDEX_ENTRIES = 50_000
LASTMOD_SOURCES = ("metadata", "git", "html", "sitemaps", "mtime", "build")
DEFAULT_LASTMOD = ("metadata", "git", "html", "sitemaps")


@dataclass
class NewsOptions:
    """Which pages are news (Google News sitemap) and what publication they belong to."""

    publication_name: str = field(
        default="", metadata={"help": "your publication's name, as Google News knows it (required)"}
    )
    #: ISO 639 code; a page's own language (i18n) wins over it.
    publication_language: str = field(
        default="en", metadata={"help": "its ISO 639 language (en); a page's own language wins"}
    )
    #: Glob patterns on the site-relative URL path (`blog/*`): matching pages are news.
    include: list[str] = field(
        default_factory=list, metadata={"help": "a glob of the pages that are news (blog/*; repeatable)"}
    )
    #: A metadata key that marks a page as news when true (`news: true` in front matter).
    metadata_flag: str = field(
        default="news", metadata={"help": "the metadata key that makes a page news when true (news)"}
    )
    #: Only pages published within this many days before the build (Google: two days).
    window_days: float = field(
        default=2, metadata={"help": "only pages published this many days before the build (2)"}
    )

    def __post_init__(self) -> None:
        check_types(self, "news.")
        if not str(self.publication_name or "").strip():
            raise ConfigError("option 'news.publication_name' is required: your publication's name")
        try:
            self.publication_language = normalize_news_language(self.publication_language)
        except ValueError as error:
            raise ConfigError(f"option 'news.publication_language': {error}") from error
        self.include = string_list("news.include", self.include)
        if not isinstance(self.window_days, (int, float)) or self.window_days <= 0:
            raise ConfigError(
                f"option 'news.window_days': must be a positive number, got {shown(self.window_days)}"
            )


@dataclass
class Rule:
    """Values for a section: `{match: "blog/*", priority: 0.6, changefreq: weekly}`."""

    match: str
    priority: float | None = None
    changefreq: str | None = None

    def __post_init__(self) -> None:
        check_types(self, "rules: ")
        for name, check in (("priority", priority_of), ("changefreq", changefreq_of)):
            if (value := getattr(self, name)) is not None:
                try:
                    setattr(self, name, check(value))
                except ValueError as error:
                    raise ConfigError(
                        f"option 'rules' ({shown(self.match)}): {name} {shown(value)} {error}"
                    ) from None


#: The faces that read options: mkdocs.yml, pelicanconf.py's `SITEMAP`, the command's flags
#: (and `--config`, zensical.toml's `[project.extra.sitemap]`).
FACES = ("mkdocs", "pelican", "command")


def option(
    default: Any = dataclasses.MISSING,
    *,
    help: str,
    factory: Any = dataclasses.MISSING,
    faces: dict[str, str] | None = None,
) -> Any:
    """An option of the one schema: its default, what it does (the command's help, the docs'
    table), and where a face has another default (`faces`: face -> that default, as written
    there; each face's own declaration is held to it by a test)."""
    metadata = {"help": help, "faces": faces or {}}
    return dataclasses.field(default=default, default_factory=factory, metadata=metadata)


@dataclass
class Options:
    """Every option of a sitemap set, under the same names in mkdocs.yml, pelicanconf.py's
    `SITEMAP` and the command's flags; checked here, whichever gave it."""

    base_url: str = option(
        help="The site's absolute URL; every URL listed must live under it (the protocol's rule).",
        faces={
            "mkdocs": "site_url",
            "pelican": "SITEURL",
            "command": "--base-url (with --project: site_url)",
        },
    )
    max_urls: int = option(MAX_URLS, help="URLs per sitemap file, at most 50,000.")
    max_bytes: int = option(MAX_BYTES, help="Bytes per sitemap file, uncompressed, at most 52,428,800.")
    gzip: bool = option(
        False,
        help="Also write `<name>.xml.gz` beside every sitemap file.",
        # MkDocs' built-in sitemap wrote sitemap.xml.gz, and sites link to it.
        faces={"mkdocs": "true"},
    )
    stylesheet: bool = option(False, help="Write `sitemap.xsl` and reference it, so a browser shows a table.")
    schema_location: bool = option(False, help="Add the `xsi:schemaLocation` header of the protocol.")
    strict: bool = option(
        False, help="Any problem fails the build and nothing is written (else: warn, leave it out)."
    )
    timezone: str = option(
        "UTC",
        help="IANA zone for date-times written without one (front matter's `2024-05-01 09:30`).",
        faces={"pelican": "TIMEZONE"},
    )
    templates_dir: str | None = option(None, help="A directory of templates that replace ours by file name.")
    robots_txt: bool = option(
        True, help="Add the `Sitemap:` line to robots.txt in the output, keeping the rest of it."
    )
    replace_sitemaps: bool = option(
        False,
        help="Put ours in the place of every sitemap another tool wrote into the output (Hugo's, "
        "sphinx-sitemap's); without it, ours never overwrites one.",
    )
    text_sitemap: bool = option(False, help="Also write `sitemap.txt`, one URL per line.")
    x_default: bool | str | None = option(
        None,
        help="The language whose page is also `x-default` in every hreflang group; unset or true: the "
        "home page's language, where it says one; false: none.",
        faces={"mkdocs": "true: the i18n plugin's default language", "pelican": "DEFAULT_LANG"},
    )
    lastmod: list[str] = option(
        factory=lambda: list(DEFAULT_LASTMOD),
        help="Where lastmod comes from, the first that has one: metadata, git, html, sitemaps, mtime, build.",
    )
    images: bool = option(True, help="List the images in each page's content.")
    images_exclude: list[str] = option(factory=list, help="Glob patterns on image URLs to leave out.")
    images_decorative: bool = option(
        False,
        help="Also list emoji, avatars, badges, logos that stand for a site and the images of the header, "
        "footer and navigation.",
    )
    videos: bool = option(True, help="List the videos in each page's content and its `video:` metadata.")
    respect_robots_txt: bool = option(
        True, help="Leave out the pages, images and videos the site's robots.txt forbids Googlebot to fetch."
    )
    video_feed: bool | str | None = option(
        None,
        help="Also write a Media RSS feed of the videos: true (`videos.rss`) or a file name (.rss, .xml).",
    )
    list_fallbacks: bool = option(
        False,
        help="List a language's fallback copies of another language's pages (else left out as duplicates).",
    )
    exclude: list[str] = option(factory=list, help="Glob patterns on page URL paths to leave out (`tags/*`).")
    exclude_regex: list[str] = option(
        factory=list, help="Regular expressions searched in page URL paths to leave out (`^tag/`)."
    )
    previous: str | None = option(
        None,
        help="The last deploy's state: its output directory or the deployed site's URL. A page whose "
        "main content is unchanged keeps its lastmod; one changed with no newer source date is dated "
        "by this build.",
    )
    changefreq: str | None = option(
        None, help="The changefreq of every page its metadata and `rules` give none (`weekly`)."
    )
    priority: float | None = option(
        None, help="The priority of every page its metadata and `rules` give none (`0.5`)."
    )
    rules: list[Rule] = option(
        factory=list, help="`{match, priority, changefreq}` per section; the first rule that matches applies."
    )
    static_files: list[str] = option(
        factory=list,
        help="Glob patterns on the output paths of files to list besides the pages (`*.pdf`, "
        "`downloads/*`), each dated by its source's git history (its file time only with `mtime` in "
        "`lastmod`).",
    )
    sections: dict[str, list[str]] = option(
        factory=dict,
        help='A sitemap per part of the site, `{docs: ["docs/*"], blog: ["blog/*"]}` (globs on page '
        "paths, the first match wins): `sitemap-docs.xml`, `sitemap-blog.xml` and `sitemap-other.xml` for "
        "the rest, named in the index and robots.txt; `sitemap.xml` still lists every page.",
    )
    transform: str | Callable[..., Any] | None = option(
        None,
        help="Your function given each entry and its page before it is checked: `module:function` or "
        "`path/to/file.py:function` (relative to the configuration file; in pelicanconf.py, the "
        "function itself); it returns the entry, or None to leave the page out.",
    )
    extra_sitemaps: list[str] = option(
        factory=list,
        help="Other tools' sitemaps of the site to name in the index and robots.txt: paths under the "
        "base URL, or URLs of its host.",
    )
    news: NewsOptions | None = option(None, help="Google News sitemap settings; no news sitemap when unset.")
    indexnow_key: str | None = option(
        None, help="IndexNow key: `<key>.txt` is written for `submit` (default: $INDEXNOW_KEY)."
    )
    report: bool | str | None = option(
        None,
        help="Write the HTML report of the build: true (`sitemap-report.html`) or a path, relative to "
        "the configuration file.",
    )

    def __post_init__(self) -> None:
        check_types(self, "")
        self.base_url = check_base_url(self.base_url)
        check_range("max_urls", self.max_urls, 1, MAX_URLS)
        # A floor that still leaves room for one entry's worth of XML.
        check_range("max_bytes", self.max_bytes, 4096, MAX_BYTES)
        try:
            zoneinfo.ZoneInfo(self.timezone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as error:
            raise ConfigError(
                f"option 'timezone': {shown(self.timezone)} is not an IANA time zone "
                "(examples: 'UTC', 'Europe/Berlin')"
            ) from error
        if self.templates_dir is not None and not Path(self.templates_dir).is_dir():
            raise ConfigError(f"option 'templates_dir': {shown(self.templates_dir)} is not a directory")
        if isinstance(self.x_default, str) and self.x_default:
            try:
                self.x_default = normalize_hreflang(self.x_default)
            except ValueError as error:
                raise ConfigError(f"option 'x_default': {error}") from error
        elif self.x_default is not False:
            self.x_default = None  # the home page's language, once the pages are read
        self.lastmod = string_list("lastmod", self.lastmod)
        unknown = [s for s in self.lastmod if s not in LASTMOD_SOURCES]
        if unknown:
            raise ConfigError(
                f"option 'lastmod': unknown source(s) {', '.join(map(repr, unknown))}; "
                f"choose from {', '.join(LASTMOD_SOURCES)}"
            )
        self.images_exclude = string_list("images_exclude", self.images_exclude)
        self.static_files = string_list("static_files", self.static_files)
        self.exclude = string_list("exclude", self.exclude)
        self.exclude_regex = string_list("exclude_regex", self.exclude_regex)
        for pattern in self.exclude_regex:
            try:
                re.compile(pattern)
            except re.error as error:
                raise ConfigError(
                    f"option 'exclude_regex': {shown(pattern)} is not a regular expression ({error})"
                ) from error
        for name, check in (("changefreq", changefreq_of), ("priority", priority_of)):
            if (value := getattr(self, name)) is not None:
                try:
                    setattr(self, name, check(value))
                except ValueError as error:
                    raise ConfigError(f"option '{name}': {shown(value)} {error}") from None
        if not isinstance(self.rules, (list, tuple)):
            raise ConfigError(
                f"option 'rules': must be a list of {{match, priority, changefreq}}, got {shown(self.rules)}"
            )
        self.rules = [_rule(r) for r in self.rules]
        self.sections = sections_of(self.sections)
        self.extra_sitemaps = [
            extra_sitemap_url(item, self.base_url)
            for item in string_list("extra_sitemaps", self.extra_sitemaps)
        ]
        if not (self.transform is None or isinstance(self.transform, str) or callable(self.transform)):
            raise ConfigError(
                f"option 'transform': must be 'module:function' or 'path/to/file.py:function', "
                f"got {shown(self.transform)}"
            )
        self.video_feed = video_feed_name(self.video_feed)
        self.report = report_path_of(self.report)
        if self.indexnow_key is None:
            self.indexnow_key = os.environ.get("INDEXNOW_KEY") or None
        if self.indexnow_key is not None:
            check_indexnow_key(self.indexnow_key, "option 'indexnow_key'")
        if isinstance(self.news, Mapping):
            self.news = _build("news", NewsOptions, self.news)
        elif self.news is not None and not isinstance(self.news, NewsOptions):
            raise ConfigError(
                "option 'news': must be a table of news settings (publication_name, ...), "
                f"got {shown(self.news)}"
            )

    def excluding(self, path: str) -> str | None:
        """The first `exclude` glob or `exclude_regex` that matches a page's path (`tag/x.html`)."""
        pattern = glob_match(self.exclude, path, "/" + path) if self.exclude else None
        return pattern or next((p for p in self.exclude_regex if re.search(p, path)), None)

    @property
    def tzinfo(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    @classmethod
    def from_mapping(
        cls, values: Mapping[str, Any], also_known: Collection[str] = (), **overrides: Any
    ) -> Options:
        """Options from a dict (Pelican's SITEMAP, a config file).  Every unknown key (with the
        option it is likely a slip for) and every bad value is named at once, in one ConfigError;
        `also_known`: the face's own names, taken out before (mkdocs.yml's `enabled`)."""
        known = {f.name for f in dataclasses.fields(cls)} | set(also_known)
        merged = {**values, **{k: v for k, v in overrides.items() if v is not None}}
        # A name that is not text (Pelican's `SITEMAP = {1: 2}`) is unknown too, and named as written.
        unknown = sorted((k for k in merged if k not in known), key=str)
        problems = []
        if unknown:
            named = (did_you_mean(k, known) if isinstance(k, str) else shown(k) for k in unknown)
            problems.append(
                f"unknown sitemap option(s) {', '.join(named)}; known options: {', '.join(sorted(known))}"
            )
        if not merged.get("base_url"):
            raise ConfigError(
                "; ".join([*problems, "option 'base_url' is required: the site's absolute URL"])
            )
        given = {k: v for k, v in merged.items() if k not in unknown}
        try:
            options = cls(**given)
        except ConfigError:
            try:
                cls(base_url=given["base_url"])
            except ConfigError as error:
                raise ConfigError("; ".join([*problems, str(error)])) from None
            # Each value alone, so that every bad one is named now, not one per build.
            for key, value in given.items():
                try:
                    if key != "base_url":
                        cls(base_url=given["base_url"], **{key: value})
                except ConfigError as error:
                    problems.append(str(error))
            if not problems:
                raise  # a rule between two options: its own message names them
        if problems:
            raise ConfigError("; ".join(problems))
        return options


def _build(name: str, cls: type, values: Mapping[str, Any]) -> Any:
    known = {f.name for f in dataclasses.fields(cls)}
    if unknown := sorted(set(values) - known):
        raise ConfigError(
            f"option {shown(name)}: unknown key(s) {', '.join(map(repr, unknown))}; "
            f"known keys: {', '.join(sorted(known))}"
        )
    return cls(**values)


def _rule(value: Any) -> Rule:
    if isinstance(value, Rule):
        return value
    if not isinstance(value, Mapping) or not value.get("match"):
        raise ConfigError(f"option 'rules': each rule needs a 'match' glob, got {shown(value)}")
    return _build("rules", Rule, value)

"""sphinx-sitemap's settings left in conf.py, followed where they mean something here: the same
conf.py lists the URLs sphinx-sitemap lists (its `sitemap_url_scheme`, `{lang}{version}{link}`
by default, with conf.py's `language` and `version`), leaves out the pages its
`sitemap_excludes` leave out (fnmatch on each page's link), and groups the languages its
`sitemap_locales` name.  One INFO line says what each became (docs/migrating-sphinx-sitemap.md);
a setting that cannot be followed is a WARNING of its own."""

from __future__ import annotations

import dataclasses
import fnmatch
import string
from typing import Any
from urllib.parse import urlsplit

from sitemap_plugins import ConfigError, as_served, check_base_url, hreflang_or_none, shown, within

#: sphinx-sitemap 2.9's settings (and the older `sitemap_prefix`).
SPHINX_SITEMAP = (
    "sitemap_url_scheme",
    "sitemap_locales",
    "sitemap_filename",
    "sitemap_excludes",
    "sitemap_show_lastmod",
    "sitemap_indent",
    "sitemap_prefix",
)
_SCHEME_FIELDS = {"lang", "version", "link"}


@dataclasses.dataclass
class Leftovers:
    """sphinx-sitemap's settings as this face follows them."""

    #: The base URL with `sitemap_url_scheme`'s prefix (`…/en/latest/`), where it adds one.
    base_url: str | None = None
    #: The pages are listed at the scheme's URLs, whatever their canonical links (html_baseurl's)
    #: name, as sphinx-sitemap lists them.
    as_the_scheme: bool = False
    #: `sitemap_locales`: the languages grouped with this build's (None: every one built beside).
    locales: list[str] | None = None
    #: `sitemap_excludes`: fnmatch patterns on each page's link (`genindex.html`, dirhtml's `genindex/`).
    excludes: list[str] = dataclasses.field(default_factory=list)
    warnings: list[str] = dataclasses.field(default_factory=list)
    infos: list[str] = dataclasses.field(default_factory=list)

    def excluded_by(self, link: str) -> str | None:
        """The first of `sitemap_excludes` that `link` matches, as sphinx-sitemap matches it."""
        return next((pattern for pattern in self.excludes if fnmatch.fnmatch(link, pattern)), None)


def read_leftovers(
    raw: dict[str, Any], config: Any, base_url: str, read_the_docs: tuple[str, str] | None = None
) -> Leftovers:
    """What each of sphinx-sitemap's settings in conf.py (`raw`) becomes under `base_url`;
    `read_the_docs`: the language and version Read the Docs builds, as its URLs spell them."""
    found = Leftovers()
    said: list[str] = []
    if "sitemap_url_scheme" in raw:
        said += _scheme(found, raw["sitemap_url_scheme"], config, base_url, read_the_docs)
    if "sitemap_locales" in raw:
        said += _locales(found, raw["sitemap_locales"])
    if "sitemap_excludes" in raw:
        value = raw["sitemap_excludes"]
        if isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
            found.excludes = list(value)
            said.append(
                f"sitemap_excludes {shown(list(value))}: the pages whose link matches one left out, "
                "as sphinx-sitemap matches them (fnmatch: `genindex.html`, dirhtml's `genindex/`)"
            )
        else:
            found.warnings.append(
                f"sitemap: sitemap_excludes: must be a list of patterns, got {shown(value)}; not used"
            )
    if "sitemap_filename" in raw:
        name = raw["sitemap_filename"]
        if name == "sitemap.xml":
            said.append("sitemap_filename 'sitemap.xml': the set's entry point, as before")
        else:
            found.warnings.append(
                f"sitemap: sitemap_filename {shown(name)}: the set's entry point is sitemap.xml (an "
                f"index where the pages need several files), not {shown(name)}: name sitemap.xml where "
                "that was named (robots.txt, Search Console), and remove sitemap_filename"
            )
    if "sitemap_show_lastmod" in raw:
        said.append(
            f"sitemap_show_lastmod {shown(raw['sitemap_show_lastmod'])}: lastmod wherever a page has a "
            "date (its source's last commit, a file it includes, `:lastmod:`)"
        )
    if "sitemap_indent" in raw:
        said.append(f"sitemap_indent {shown(raw['sitemap_indent'])}: the files are written compact")
    if "sitemap_prefix" in raw:
        said.append("sitemap_prefix: the URLs are under the base URL")
    if said:
        found.infos.append("sitemap: sphinx-sitemap's settings, as followed here: " + "; ".join(said))
    return found


def _scheme(
    found: Leftovers, scheme: Any, config: Any, base_url: str, read_the_docs: tuple[str, str] | None
) -> list[str]:
    """`sitemap_url_scheme`: what comes before `{link}` is added to the base URL, with the
    build's language and conf.py's version as sphinx-sitemap fills them in; on Read the Docs,
    the language and the version it builds and serves the pages under (`latest`, not conf.py's
    `1.4`)."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(scheme) if name is not None]
        followed = (
            isinstance(scheme, str)
            and scheme.endswith("{link}")
            and fields.count("link") == 1
            and set(fields) <= _SCHEME_FIELDS
        )
    except (TypeError, ValueError):
        followed = False
    if not followed:
        found.warnings.append(
            f"sitemap: sitemap_url_scheme {shown(scheme)} is not followed: only what comes before "
            "{link} can be ({lang}, {version}, a path), so each page is listed at html_baseurl and "
            "its path as Sphinx links it (`…/guide/index.html`, dirhtml's `…/guide/`)"
        )
        return []
    language = f"{config.language}/" if config.language else ""
    version = f"{config.version}/" if config.version else ""
    whose = "the build's language and conf.py's version"
    if read_the_docs is not None:
        language, version = read_the_docs
        whose = "the language and the version Read the Docs builds: READTHEDOCS_LANGUAGE, READTHEDOCS_VERSION"
    prefix = scheme[: -len("{link}")].format(lang=language, version=version, link="")
    if not prefix:
        return [f"sitemap_url_scheme {shown(scheme)}: each page at html_baseurl and its path, as before"]
    path = urlsplit(base_url).path
    if path.endswith("/" + prefix.lstrip("/")):
        # Read the Docs' READTHEDOCS_CANONICAL_URL holds them already: no `/en/latest/en/latest/`.
        return [f"sitemap_url_scheme {shown(scheme)}: {prefix} is in the base URL {base_url} already"]
    served = as_served(base_url + prefix.lstrip("/"))
    try:
        if not within(served, base_url):  # `../` (in the scheme, or conf.py's version): as extra_sitemaps'
            raise ConfigError(
                f"sitemap_url_scheme {shown(scheme)} gives {shown(prefix)}: the pages at {served}, outside "
                f"the site {base_url}"
            )
        found.base_url = check_base_url(served, "sitemap_url_scheme")
    except ConfigError as error:
        found.warnings.append(f"sitemap: {error}; not followed")
        return []
    found.as_the_scheme = True
    return [
        f"sitemap_url_scheme {shown(scheme)}: the base URL {found.base_url} (html_baseurl and {prefix}, "
        f"from {whose})"
    ]


def _locales(found: Leftovers, value: Any) -> list[str]:
    """`sitemap_locales`: `[None]`, no languages beside this one; a list, those of them built."""
    if value == [None]:
        found.locales = []
        return ["sitemap_locales [None]: no other language grouped with this build's pages"]
    if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
        found.warnings.append(
            f"sitemap: sitemap_locales: must be a list of languages, got {shown(value)}; not used"
        )
        return []
    if not value:
        return ["sitemap_locales []: the languages built beside this one, grouped"]
    found.locales = [hreflang_or_none(item) or item for item in value]
    return [
        f"sitemap_locales {shown(list(value))}: these languages grouped with this build's pages where "
        "their builds lie beside it"
    ]

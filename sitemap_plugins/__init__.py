"""sitemap-plugins: complete, valid sitemaps for MkDocs, Pelican and Sphinx sites, and any static site.

This module is the one door to the core (`sitemap_plugins.core`, which knows no site generator):
the faces (`mkdocs`, `pelican`, `sphinx`, `command`) and other programs use these names only.  Hand a
`Sitemap` the built pages (`Page`) or entries (`Entry`), then `write` it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sitemap_plugins.core.errors import (
    ConfigError,
    Problem,
    Reporter,
    SitemapError,
    StrictError,
    log,
    masked,
    shown,
    slip_for,
)
from sitemap_plugins.core.files import host_root, path_in, read_regular, url_path
from sitemap_plugins.core.jsonl import default_jobs, write_from_jsonl
from sitemap_plugins.core.model import (
    CHANGEFREQS,
    Entry,
    Image,
    LeftOut,
    News,
    Page,
    Video,
    VideoPlatform,
    VideoPrice,
    VideoRestriction,
    VideoUploader,
)
from sitemap_plugins.core.normalize import (
    changefreq_of,
    hreflang_or_none,
    normalize_hreflang,
    priority_of,
    to_uri,
)
from sitemap_plugins.core.option_values import as_served, check_base_url, check_indexnow_key, within
from sitemap_plugins.core.options import (
    DEFAULT_LASTMOD,
    LASTMOD_SOURCES,
    MAX_BYTES,
    MAX_INDEX_ENTRIES,
    MAX_URLS,
    NewsOptions,
    Options,
    Rule,
)
from sitemap_plugins.core.output.fileset import built_from, is_our_sitemap
from sitemap_plugins.core.output.packing import ENTRY_POINT, IndexItem
from sitemap_plugins.core.output.result import WriteResult, write_root_last
from sitemap_plugins.core.output.writer import BUILTIN_SITEMAP, write_index, write_sitemaps
from sitemap_plugins.core.sitemap import Sitemap
from sitemap_plugins.core.sitemap_reader import SetReader, read_index_items

__version__ = "0.1.0"

if TYPE_CHECKING:
    from sitemap_plugins.core.check import Checker, Finding, base_url_of
    from sitemap_plugins.core.indexnow import submit_changes
    from sitemap_plugins.core.live_check import Bounds, LiveCheck
    from sitemap_plugins.core.output.clean import Cleaned, NoSet, clean_set

#: The command's own rooms (checking a set, IndexNow, cleaning), imported where first asked for:
#: no build needs them, and they were a fifth of what a generator's build spent importing us.
_COMMAND_ONLY = {
    **dict.fromkeys(("Checker", "Finding", "base_url_of"), "sitemap_plugins.core.check"),
    "submit_changes": "sitemap_plugins.core.indexnow",
    **dict.fromkeys(("Bounds", "LiveCheck"), "sitemap_plugins.core.live_check"),
    **dict.fromkeys(("Cleaned", "NoSet", "clean_set"), "sitemap_plugins.core.output.clean"),
}


def __getattr__(name: str) -> Any:
    if name not in _COMMAND_ONLY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_COMMAND_ONLY[name]), name)


__all__ = [
    "BUILTIN_SITEMAP",
    "CHANGEFREQS",
    "DEFAULT_LASTMOD",
    "ENTRY_POINT",
    "LASTMOD_SOURCES",
    "MAX_BYTES",
    "MAX_INDEX_ENTRIES",
    "MAX_URLS",
    "Bounds",
    "Checker",
    "Cleaned",
    "ConfigError",
    "Entry",
    "Finding",
    "Image",
    "IndexItem",
    "LeftOut",
    "LiveCheck",
    "News",
    "NewsOptions",
    "NoSet",
    "Options",
    "Page",
    "Problem",
    "Reporter",
    "Rule",
    "SetReader",
    "Sitemap",
    "SitemapError",
    "StrictError",
    "Video",
    "VideoPlatform",
    "VideoPrice",
    "VideoRestriction",
    "VideoUploader",
    "WriteResult",
    "as_served",
    "base_url_of",
    "built_from",
    "changefreq_of",
    "check_base_url",
    "check_indexnow_key",
    "clean_set",
    "default_jobs",
    "host_root",
    "hreflang_or_none",
    "is_our_sitemap",
    "log",
    "masked",
    "normalize_hreflang",
    "path_in",
    "priority_of",
    "read_index_items",
    "read_regular",
    "shown",
    "slip_for",
    "submit_changes",
    "to_uri",
    "url_path",
    "within",
    "write_from_jsonl",
    "write_index",
    "write_root_last",
    "write_sitemaps",
]

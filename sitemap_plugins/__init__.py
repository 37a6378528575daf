"""sitemap-plugins: complete, valid sitemaps for MkDocs and Pelican sites, and any static site.

The core knows no site generator: build `Entry` objects, add them to a `Sitemap`, write it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import ConfigError, Problem, Reporter, SitemapError, StrictError
    from .model import (
        Entry,
        Image,
        News,
        Page,
        Video,
        VideoPlatform,
        VideoPrice,
        VideoRestriction,
        VideoUploader,
    )
    from .options import NewsOptions, Options, Rule
    from .sitemap import Sitemap
    from .writer import WriteResult, write_sitemaps

#: Where each public name lives.  Imported when first asked for: a process that needs one part
#: (the background reader needs lxml and no Jinja; `--from-jsonl` workers the reverse) starts
#: without the rest.
_HOMES = {
    **dict.fromkeys(["ConfigError", "Problem", "Reporter", "SitemapError", "StrictError"], "errors"),
    **dict.fromkeys(
        ["Entry", "Image", "News", "Page", "Video", "VideoPlatform", "VideoPrice", "VideoRestriction"],
        "model",
    ),
    "VideoUploader": "model",
    **dict.fromkeys(["NewsOptions", "Options", "Rule"], "options"),
    "Sitemap": "sitemap",
    **dict.fromkeys(["WriteResult", "write_sitemaps"], "writer"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "Entry",
    "Image",
    "News",
    "NewsOptions",
    "Options",
    "Page",
    "Problem",
    "Reporter",
    "Rule",
    "Sitemap",
    "SitemapError",
    "StrictError",
    "Video",
    "VideoPlatform",
    "VideoPrice",
    "VideoRestriction",
    "VideoUploader",
    "WriteResult",
    "write_sitemaps",
]

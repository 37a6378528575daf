"""sitemap-plugins: complete, valid sitemaps for MkDocs and Pelican sites, and any static site.

The core knows no site generator: build `Entry` objects, add them to a `Sitemap`, write it.
"""

from typing import TYPE_CHECKING, Any

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
from .writer import WriteResult, write_sitemaps

if TYPE_CHECKING:
    from .sitemap import Sitemap


def __getattr__(name: str) -> Any:
    # Sitemap brings the HTML reader (lxml) and git: imported when asked for, so that processes
    # that need neither (`generate --from-jsonl` and its workers) start sooner.
    if name == "Sitemap":
        from .sitemap import Sitemap

        return Sitemap
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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

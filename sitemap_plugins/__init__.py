"""sitemap-plugins: complete, valid sitemaps for MkDocs and Pelican sites, and any static site.

The core knows no site generator: build `Entry` objects, add them to a `Sitemap`, write it.
"""

from __future__ import annotations

from sitemap_plugins.core.errors import ConfigError, Problem, Reporter, SitemapError, StrictError
from sitemap_plugins.core.model import (
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
from sitemap_plugins.core.options import NewsOptions, Options, Rule
from sitemap_plugins.core.output.writer import WriteResult, write_sitemaps
from sitemap_plugins.core.sitemap import Sitemap

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

"""mkdocs.yml options of the `sitemap` plugin: the core's options, declared the MkDocs way."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

from sitemap_plugins import CHANGEFREQS, DEFAULT_LASTMOD, LASTMOD_SOURCES, MAX_BYTES, MAX_URLS


class RuleConfig(base.Config):
    match = c.Type(str)
    priority = c.Optional(c.Type((int, float)))
    changefreq = c.Optional(c.Choice(CHANGEFREQS))


class SitemapConfig(base.Config):
    enabled = c.Type(bool, default=True)
    #: Defaults to site_url (under `mkdocs serve`: the address MkDocs serves on).
    base_url = c.Optional(c.URL(is_dir=True))
    max_urls = c.Type(int, default=MAX_URLS)
    max_bytes = c.Type(int, default=MAX_BYTES)
    #: On by default here: MkDocs' built-in sitemap wrote sitemap.xml.gz and sites link to it.
    gzip = c.Type(bool, default=True)
    stylesheet = c.Type(bool, default=False)
    schema_location = c.Type(bool, default=False)
    strict = c.Type(bool, default=False)
    timezone = c.Type(str, default="UTC")
    templates_dir = c.Optional(c.Dir(exists=True))
    robots_txt = c.Type(bool, default=True)
    replace_sitemaps = c.Type(bool, default=False)
    text_sitemap = c.Type(bool, default=False)
    #: true: the i18n default language's page; a language code: that language's; false: none.
    x_default = c.Type((bool, str), default=True)
    lastmod = c.ListOfItems(c.Choice(LASTMOD_SOURCES), default=list(DEFAULT_LASTMOD))
    images = c.Type(bool, default=True)
    images_exclude = c.ListOfItems(c.Type(str), default=[])
    images_decorative = c.Type(bool, default=False)
    videos = c.Type(bool, default=True)
    list_fallbacks = c.Type(bool, default=False)
    respect_robots_txt = c.Type(bool, default=True)
    #: A Media RSS feed of the videos: true (`videos.rss`) or a file name; checked by the core.
    video_feed = c.Optional(c.Type((bool, str)))
    exclude = c.ListOfItems(c.Type(str), default=[])
    #: Regular expressions searched in URL paths (pelican-sitemap's `exclude`); checked by the core.
    exclude_regex = c.ListOfItems(c.Type(str), default=[])
    #: The defaults of every page (metadata and `rules` first).
    changefreq = c.Optional(c.Choice(CHANGEFREQS))
    priority = c.Optional(c.Type((int, float)))
    rules = c.ListOfItems(c.SubConfig(RuleConfig), default=[])
    #: The last deploy's output directory (relative to mkdocs.yml) or URL; checked by the core.
    previous = c.Optional(c.Type(str))
    #: Globs on the output paths of files to list besides the pages (`*.pdf`).
    static_files = c.ListOfItems(c.Type(str), default=[])
    #: name -> globs on page paths: a sitemap of its own per part of the site; checked by the core.
    sections = c.Type(dict, default={})
    #: `module:function` or `path/to/file.py:function` (relative to mkdocs.yml): the owner's
    #: function given each entry and its page; loaded and checked by the core.
    transform = c.Optional(c.Type(str))
    #: Other tools' sitemaps of the site, for the index and robots.txt; checked by the core.
    extra_sitemaps = c.ListOfItems(c.Type(str), default=[])
    #: publication_name, publication_language, include, metadata_flag, window_days: checked by
    #: the core's NewsOptions, whose messages name the key.
    news = c.Optional(c.Type(dict))
    #: URLs MkDocs does not build (generated API docs...): paths relative to base_url, absolute
    #: URLs, or mappings with loc, lastmod, changefreq, priority.
    extra_urls = c.ListOfItems(c.Type((str, dict)), default=[])
    #: The build writes `<key>.txt` for IndexNow; checked by the core (default: $INDEXNOW_KEY).
    indexnow_key = c.Optional(c.Type(str))
    #: The HTML report of the build: true (`sitemap-report.html`) or a path relative to mkdocs.yml
    #: (never deployed unless put in site_dir); checked by the core.
    report = c.Optional(c.Type((bool, str)))

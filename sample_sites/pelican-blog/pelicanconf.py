"""A Pelican blog showing every sitemap feature: translations, images, a video article, news
articles, a static PDF, feeds in the index, and a robots.txt of the author's own."""

AUTHOR = "Ada Writer"
SITENAME = "Field Notes"
SITEURL = "https://blog.example.com"
PATH = "content"
TIMEZONE = "Europe/Berlin"
DEFAULT_LANG = "en"
DEFAULT_DATE_FORMAT = "%Y-%m-%d"

# Clean URLs, as many blogs have them: the sitemap lists /posts/<slug>/, not .../index.html.
ARTICLE_URL = "posts/{slug}/"
ARTICLE_SAVE_AS = "posts/{slug}/index.html"
ARTICLE_LANG_URL = "{lang}/posts/{slug}/"
ARTICLE_LANG_SAVE_AS = "{lang}/posts/{slug}/index.html"
PAGE_URL = "{slug}/"
PAGE_SAVE_AS = "{slug}/index.html"
PAGE_LANG_URL = "{lang}/{slug}/"
PAGE_LANG_SAVE_AS = "{lang}/{slug}/index.html"
YEAR_ARCHIVE_SAVE_AS = "posts/{date:%Y}/index.html"
DEFAULT_PAGINATION = 3

FEED_ALL_ATOM = "feeds/all.atom.xml"
CATEGORY_FEED_ATOM = "feeds/{slug}.atom.xml"
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None

STATIC_PATHS = ["images", "files", "extra/robots.txt"]
# Pages made from templates: the landing page is listed, the noindex one is not.
TEMPLATE_PAGES = {"extra/landing.html": "landing/index.html", "extra/secret.html": "secret.html"}
EXTRA_PATH_METADATA = {"extra/robots.txt": {"path": "robots.txt"}}

PLUGINS = ["sitemap_plugins.pelican"]

SITEMAP = {
    # pelican-sitemap's settings keep their meaning.
    "format": "xml",
    "priorities": {"articles": 0.7, "pages": 0.5, "indexes": 0.3},
    "changefreqs": {"articles": "monthly", "pages": "yearly", "indexes": "daily"},
    "exclude": ["^tags\\.html$"],
    # sitemap-plugins' own.
    "gzip": True,
    "stylesheet": True,
    "feeds": True,
    # The video article's videos as a Media RSS feed too (videos.rss), for Search Console.
    "video_feed": True,
    "static_files": ["*.pdf"],
    "images_exclude": ["*/theme/*"],
    "news": {
        "publication_name": "Field Notes",
        "metadata_flag": "news",
        # A news site keeps the default of 2 days; the sample's articles are older than that.
        "window_days": 36500,
    },
}

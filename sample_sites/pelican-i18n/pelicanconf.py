"""A multilingual Pelican site built with i18n_subsites: English at /, German at /de/, French at /fr/.

One sitemap set covers the main site and both subsites, written once the last one is built."""

AUTHOR = "Ada Writer"
SITENAME = "Coastal Guide"
SITEURL = "https://guide.example.com"
PATH = "content"
TIMEZONE = "Europe/Paris"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = False

FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None

PLUGINS = ["pelican.plugins.i18n_subsites", "sitemap_plugins.pelican"]
I18N_SUBSITES = {
    "de": {"SITENAME": "Küstenführer"},
    "fr": {"SITENAME": "Guide du littoral"},
}

SITEMAP = {"gzip": True}

"""What Pelican's objects say of a page: the site's URL, the URL a file is served at, the sources
and includes that date it, the content its template wrote."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from sitemap_plugins import ConfigError


def site_url_of(settings: Any) -> str | None:
    """The site's absolute URL, from SITEMAP['base_url'] or SITEURL; ConfigError names SITEURL.
    None for a development build (`SITEURL = ""`, as pelican-quickstart's pelicanconf.py has it)
    unless `strict` asks for a sitemap of every build."""
    raw = settings.get("SITEMAP")
    base_url = raw.get("base_url") if isinstance(raw, Mapping) else None
    site_url = str(base_url or settings.get("SITEURL") or "").strip()
    strict = isinstance(raw, Mapping) and raw.get("strict") is True
    if not site_url and not strict:
        return None
    if urlsplit(site_url).scheme not in ("http", "https") or not urlsplit(site_url).netloc:
        shown = f"SITEURL is {site_url!r}" if site_url else "SITEURL is empty"
        raise ConfigError(
            f"sitemap: {shown}, but a sitemap lists absolute URLs. Set SITEURL to the address the site "
            "is published at (SITEURL = 'https://example.com', usually in publishconf.py), or set "
            "SITEMAP['base_url']."
        )
    return site_url.rstrip("/") + "/"


def published(settings: Any) -> bool:
    """The site's URL is an absolute one (SITEURL or base_url): a build to publish."""
    try:
        return site_url_of(settings) is not None
    except ConfigError:
        return False


def template_file(context: dict[str, Any], source: str) -> str:
    """The file a `TEMPLATE_PAGES` template is, where Pelican finds it: under PATH, else in the
    theme's overrides or its own templates (PyVideo keeps `languages.html` in its theme), whose git
    history dates the page."""
    theme = context.get("THEME") or ""
    folders = [context.get("PATH") or "", *(context.get("THEME_TEMPLATES_OVERRIDES") or [])]
    folders.append(os.path.join(theme, "templates"))
    candidates = [os.path.join(folder, source) for folder in folders]
    return next((path for path in candidates if os.path.isfile(path)), candidates[0])


def absolute(site_url: str, url: str) -> str:
    """Pelican's URLs are paths under SITEURL: one that starts like a scheme (`c++:intro/`,
    which urljoin would take as a URL of its own) is a path too.  Only a URL that is absolute,
    rooted or climbs is resolved."""
    if url.startswith(("/", "./", "../", "http:", "https:", "//")) or "/../" in url or "/./" in url:
        return urljoin(site_url, url)
    return site_url + url


def served_url(url: str, saved_as: str) -> str:
    """The URL Pelican links the file at (`*_URL`), when it serves the file it was saved as
    (`*_SAVE_AS`); else the saved path.  `index.html` is shown as its directory."""
    url = str(url or "").split("#")[0]
    if saved_as and not _serves(url, saved_as):
        url = saved_as
    if url == "index.html" or url.endswith("/index.html"):
        url = url[: -len("index.html")]
    return url


def _serves(url: str, saved_as: str) -> bool:
    path = urlsplit(url).path.lstrip("/")
    return saved_as in (path, path + "index.html", path + "/index.html", path + ".html")


#: reST's `include` and Sphinx-style `literalinclude` directives (docutils reads them; Pelican's
#: reST reader resolves them beside the source).
_REST_INCLUDE = re.compile(r"^[ \t]*\.\.[ \t]+(?:literal)?include::[ \t]+(\S.*?)[ \t]*$", re.MULTILINE)


def rest_includes(source_path: str) -> list[str]:
    """The files a reST source includes (their git history dates the page), beside it."""
    if not source_path.endswith((".rst", ".rest")):
        return []
    try:
        text = Path(source_path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    if "include::" not in text:
        return []
    base = Path(source_path).parent
    found = [(base / name).resolve() for name in _REST_INCLUDE.findall(text) if not name.startswith("<")]
    return [str(path) for path in dict.fromkeys(found) if path.is_file()]


def item_of(context: dict[str, Any]) -> Any:
    """The article or page a write is of (None for listings and template pages)."""
    return context.get("article") or context.get("page")


def own_content(context: dict[str, Any]) -> str | None:
    """The HTML of the article or page a file was written for, as its template wrote it.  Pelican
    keeps it by the site URL it was rendered for (`get_content` is memoized): the write's
    `localsiteurl`, which Pelican's writer makes the one `item.content` reads (`get_siteurl`)
    before it renders; with RELATIVE_URLS each file's own."""
    if (item := item_of(context)) is None:
        return None
    if hasattr(item, "get_content") and hasattr(item, "get_siteurl"):
        content = item.get_content(context.get("localsiteurl") or item.get_siteurl())
    else:
        content = getattr(item, "content", None)
    return content if isinstance(content, str) else None


def private(content: Any) -> bool:
    return str(getattr(content, "private", "")).strip().lower() in ("true", "yes", "1")

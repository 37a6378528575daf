"""Option `previous`: a page whose main content is what it was at the last deploy keeps the lastmod
it had then; one whose content changed with no newer source date to explain it is dated by this
build.  What no file list can tell (API pages rendered from docstrings, macros over data, a theme
change that rewrites the content) is told by what the reader sees.

Each page's fingerprint (`html.content_digest`: the words of its main content, in order, markup
and frame aside) travels with its lastmod in the manifest the build already writes and deploys
(`pages`), so the owner keeps nothing new: the previous state is read from the last build's
output directory, or fetched from the deployed site (one host, a deadline, a size bound).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_plugins.core.output.fileset import MANIFEST
from sitemap_plugins.core.web import WebError, get

#: The largest previous manifest read (a site of a million pages stays under it).
MAX_STATE_BYTES = 64 * 1024 * 1024
#: Seconds to fetch the previous state from the deployed site.
FETCH_DEADLINE = 30.0
#: What dated a page, as the report and the summary say it.
KEPT = "fingerprint kept: content unchanged since the last deploy"
CHANGED = "fingerprint changed: dated by this build"


@dataclass(frozen=True)
class PageState:
    """A page as the last deploy listed it: its content's fingerprint and its lastmod."""

    fingerprint: str
    lastmod: str | None


def read_previous(where: str, base_url: str) -> tuple[dict[str, PageState] | None, str]:
    """The previous deploy's pages (URL -> state), or None and why not (said at INFO by the
    caller: the build goes on by today's rules)."""
    try:
        if where.startswith(("http://", "https://")):
            url = where if where.endswith(MANIFEST) else where.rstrip("/") + "/" + MANIFEST
            if urlsplit(url).netloc != urlsplit(base_url).netloc:
                return None, f"{url} is not on the site's host ({urlsplit(base_url).netloc}); not fetched"
            answer = get(url, MAX_STATE_BYTES, deadline=time.monotonic() + FETCH_DEADLINE)
            if answer.status != 200:
                return None, f"{url} answers HTTP {answer.status}"
            data = answer.body
            said = url
        else:
            path = Path(where)
            path = path if path.name == MANIFEST else path / MANIFEST
            if path.stat().st_size > MAX_STATE_BYTES:
                return None, f"{path} is larger than {MAX_STATE_BYTES:,} bytes; not read"
            data = path.read_bytes()
            said = str(path)
    except WebError as error:
        return None, str(error)
    except OSError as error:
        return None, f"{where}: {error.strerror or error}"
    try:
        pages = json.loads(data).get("pages")
    except (ValueError, AttributeError):
        return None, f"{said} is not a manifest of sitemap-plugins"
    if not isinstance(pages, dict):
        return None, f"{said} holds no page fingerprints (a build without `previous` wrote it)"
    states = {
        url: PageState(value[0], value[1] if isinstance(value[1], str) else None)
        for url, value in pages.items()
        if isinstance(url, str) and isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
    }
    return states, f"{len(states):,} pages' fingerprints read from {said}"

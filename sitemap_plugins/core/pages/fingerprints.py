"""Option `previous`: a page whose main content is what it was at the last deploy keeps the lastmod
it had then; one whose content changed with no newer source date to explain it is dated by this
build.  What no file list can tell (API pages rendered from docstrings, macros over data, a theme
change that rewrites the content) is told by what the reader sees.

Each page's fingerprint (`text.page_text`: the words of its main content, in order, markup
and frame aside) travels with its lastmod in the manifest the build already writes and deploys
(`pages`), so the owner keeps nothing new: the previous state is read from the last build's
output directory, or fetched from the deployed site (one host, a deadline, a size bound).
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.files import NotRegularFile
from sitemap_plugins.core.model import Entry
from sitemap_plugins.core.normalize import date_key, format_w3c, parse_date
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.diskio import json_of, read_json
from sitemap_plugins.core.output.fileset import MANIFEST, MAX_MANIFEST_BYTES
from sitemap_plugins.core.web import WebError, get

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
    said = where
    try:
        if where.startswith(("http://", "https://")):
            url = where if where.endswith(MANIFEST) else where.rstrip("/") + "/" + MANIFEST
            if urlsplit(url).netloc != urlsplit(base_url).netloc:
                return None, f"{url} is not on the site's host ({urlsplit(base_url).netloc}); not fetched"
            answer = get(url, MAX_MANIFEST_BYTES, deadline=time.monotonic() + FETCH_DEADLINE)
            if answer.status != 200:
                return None, f"{url} answers HTTP {answer.status}"
            said = url
            data = json_of(answer.body)
        else:
            path = Path(where)
            path = path if path.name == MANIFEST else path / MANIFEST
            said = str(path)
            data = read_json(path, MAX_MANIFEST_BYTES)
    except WebError as error:
        return None, str(error)
    except NotRegularFile as error:
        return None, f"{said} is {error.strerror}"
    except OSError as error:
        return None, f"{said}: {error.strerror or error}"
    except ValueError as error:
        return None, f"{said} is not a manifest of sitemap-plugins ({error})"
    if not isinstance(data, dict):
        return None, f"{said} is not a manifest of sitemap-plugins"
    pages = data.get("pages")
    if not isinstance(pages, dict):
        return None, f"{said} holds no page fingerprints (a build without `previous` wrote it)"
    states = {
        url: PageState(value[0], value[1] if isinstance(value[1], str) else None)
        for url, value in pages.items()
        if isinstance(url, str) and isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
    }
    return states, f"{len(states):,} pages' fingerprints read from {said}"


class Fingerprints:
    """Option `previous` for one set: the last deploy's pages, and how many this build dated."""

    def __init__(self, options: Options, config_dir: str | os.PathLike[str] | None) -> None:
        """`previous` is a directory (relative to the configuration's) or the site's URL; one
        that cannot be read costs one INFO line, and the pages are dated by their sources."""
        self.options = options
        where = str(options.previous)
        if not where.startswith(("http://", "https://")):
            where = str(Path(config_dir or ".") / Path(where).expanduser())
        self.pages, said = read_previous(where, options.base_url)
        if self.pages is None:
            log.info("sitemap: previous: %s; pages are dated by their sources alone", said)
        else:
            log.info("sitemap: previous: %s", said)
        self.kept = self.changed = 0

    def date(
        self,
        entries: Mapping[str, Entry],
        digests: Mapping[str, str | None],
        listings: set[str],
        now: dt.datetime,
    ) -> None:
        """A page that shows what it showed at the last deploy keeps the lastmod it had then,
        however its sources' dates moved (a whitespace-only commit is no change); one that shows
        something else, with no source date later than its last lastmod to explain it, changed
        in this build (an API page rendered from a docstring, a macro over data)."""
        tz = self.options.tzinfo
        for loc, fingerprint in digests.items():
            entry, before = entries.get(loc), (self.pages or {}).get(loc)
            if entry is None or fingerprint is None or before is None or loc in listings:
                continue
            if before.fingerprint == fingerprint:
                if before.lastmod is not None:
                    entry.lastmod, entry.lastmod_source = parse_date(before.lastmod, tz), KEPT
                    self.kept += 1
                continue
            explained = (
                entry.lastmod is not None
                and before.lastmod is not None
                and date_key(entry.lastmod, tz) > date_key(parse_date(before.lastmod, tz), tz)  # type: ignore[arg-type]
            )
            if not explained:
                entry.lastmod, entry.lastmod_source = now, CHANGED
                self.changed += 1

    @staticmethod
    def states(
        entries: Mapping[str, Entry], digests: Mapping[str, str | None], listings: set[str]
    ) -> dict[str, list[str | None]]:
        """What the next build's `previous` reads: each page's fingerprint and lastmod."""
        return {
            loc: [digests[loc], format_w3c(entry.lastmod) if entry.lastmod else None]  # type: ignore[arg-type]
            for loc, entry in sorted(entries.items())
            if digests.get(loc) and loc not in listings
        }

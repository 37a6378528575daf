"""Where the `sitemap-plugins generate` command gets its pages: a built site, or JSON Lines."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO
from urllib.parse import quote

from .background import BackgroundReader
from .errors import Reporter
from .mapping import entry_from_mapping
from .model import Entry, Page
from .sitemap import Sitemap

HTML_SUFFIXES = (".html", ".htm")


def site_pages(site_dir: Path) -> Iterator[tuple[str, Path]]:
    """(URL path, file) of every HTML file a visitor can reach, in a stable order; hidden files
    and directories (`.git`, `.well-known`) are not pages."""
    for directory, subdirectories, files in os.walk(site_dir):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or not name.lower().endswith(HTML_SUFFIXES):
                continue
            path = Path(directory, name)
            relative = path.relative_to(site_dir).as_posix()
            if name == "index.html":
                relative = relative[: -len("index.html")]
            yield quote(relative, safe="/:@!$&'()*+,;=-._~"), path


def add_site(sitemap: Sitemap, site_dir: Path, progress: Progress | None = None) -> int:
    """Harvest every page of a built site into `sitemap`, as the plugins do; the count of files."""
    base_url = sitemap.options.base_url
    reader = BackgroundReader()
    pages = []
    for number, (url_path, path) in enumerate(site_pages(site_dir)):
        page = Page(
            url=base_url + url_path,
            source=path.relative_to(site_dir).as_posix(),
            source_path=str(path),
        )
        reader.add(number, str(path), page.url, sitemap.harvester.reads_media(page))
        pages.append(page)
    facts = reader.results()
    for number, page in enumerate(pages):
        if facts.get(number) is not None:
            sitemap.add_page(page, facts[number])
        if progress is not None:
            progress.update(number + 1)
    return len(pages)


def jsonl_entries(
    stream: IO[str], name: str, base_url: str, report: Reporter, progress: Progress | None = None
) -> Iterator[Entry]:
    """Entries from JSON Lines, one object per line (our fields or the npm `sitemap` item format);
    a line that is not an entry is reported with its number and skipped."""
    for number, line in enumerate(stream, 1):
        if progress is not None and number % 1000 == 0:
            progress.update(number)
        if not line.strip():
            continue
        label = f"{name}:{number}"
        try:
            data = json.loads(line)
            entry = entry_from_mapping(data, base_url)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            report(label, "line", f"not a sitemap entry ({error}); skipped")
            continue
        entry.source = entry.source or label
        yield entry


class Progress:
    """A one-line progress report on stderr, redrawn at most every 0.2 s (only on a terminal)."""

    def __init__(self, stream: IO[str], what: str, total: int | None = None) -> None:
        self.stream, self.what, self.total = stream, what, total
        self._shown = 0.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if now - self._shown < 0.2:
            return
        self._shown = now
        if self.total:
            width = 30
            filled = int(width * min(done, self.total) / self.total)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r{self.what} [{bar}] {done:,}/{self.total:,}")
        else:
            self.stream.write(f"\r{self.what}: {done:,}")
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\r\033[K")
        self.stream.flush()

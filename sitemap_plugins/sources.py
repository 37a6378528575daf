"""Where `sitemap-plugins generate --from-dir` gets its pages; the progress line of the command."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO
from urllib.parse import quote

from .background import BackgroundReader
from .model import Page
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

"""A real browser for the tests: Debian's Chromium driven by Playwright, pages served on 127.0.0.1.

Tests that use it skip, saying why, where Playwright or a Chromium executable is missing;
`.ci/run` installs Chromium when it can.  `SITEMAP_PLUGINS_CHROMIUM` names another executable.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

# What the machine's closed network needs: no background connections, no GPU, no sandbox as root.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_executable() -> str | None:
    named = os.environ.get("SITEMAP_PLUGINS_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    """A Playwright browser, or the test is skipped with the reason."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright's Python package is not installed (pip install playwright)")
    executable = chromium_executable()
    if executable is None:
        pytest.skip("no Chromium installed (apt-get install chromium, or set SITEMAP_PLUGINS_CHROMIUM)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve `directory` (it may not exist yet) on a free port of 127.0.0.1; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()

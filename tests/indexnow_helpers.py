"""IndexNow on 127.0.0.1: an endpoint that records what it receives and answers as each test says, a build with its key file, `submit` run against it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import sitemap_plugins as sp

KEY = "a1b2c3d4-e5f6-0718"


class Endpoint:
    """A fake IndexNow endpoint on 127.0.0.1: records each request, answers the next status."""

    def __init__(self, statuses: list[int]) -> None:
        self.statuses = statuses
        self.requests: list[dict] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                endpoint.requests.append(
                    {"path": self.path, "type": self.headers["Content-Type"], "json": json.loads(body)}
                )
                status = endpoint.statuses.pop(0) if endpoint.statuses else 200
                self.send_response(status)
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/indexnow"


@contextmanager
def endpoint(*statuses: int) -> Iterator[Endpoint]:
    fake = Endpoint(list(statuses))
    thread = threading.Thread(target=fake.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        fake.server.shutdown()
        fake.server.server_close()


def build(out: Path, base_url: str, pages: dict[str, str | None], key: str | None = KEY) -> None:
    site = sp.Sitemap(sp.Options(base_url=base_url, indexnow_key=key))
    for path, lastmod in pages.items():
        site.add(sp.Entry(base_url + path, lastmod=lastmod))
    site.write(out)


def submit(site: Path, base_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_plugins",
            "submit",
            str(site),
            "--base-url",
            base_url,
            "--key",
            KEY,
            "--backoff",
            "0",
            *args,
        ],
        capture_output=True,
        text=True,
    )

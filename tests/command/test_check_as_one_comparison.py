"""`check SERVER --as HOST` (a staging server that holds HOST's build): which listed URLs are the
site's, and which server is asked for them, are one comparison (scheme and host in any case, the
default port or a port with leading zeros as a server reads them).  Two real local HTTP servers:
the staging one, and the real host, which must never be asked."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real servers, real runs of the command


@contextmanager
def serve(root: Path) -> Iterator[tuple[int, list[str]]]:
    """A static server of `root` on 127.0.0.1: its port, and the paths asked of it."""
    asked: list[str] = []

    class Site(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):
            pass

        def send_head(self):
            asked.append(self.path)
            return super().send_head()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1], asked
    finally:
        server.shutdown()
        server.server_close()


def page(title: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
        f"<body><main><h1>{title}</h1><p>The page {title}.</p></main></body></html>"
    )


def test_check_as_asks_the_staging_server_for_every_url_of_the_host_however_spelled(tmp_path):
    """`http://LOCALHOST:Q/a.html`, `http://LocalHost:Q/b.html` and `http://localhost:0Q/c.html`
    are the host's URLs: judged as the site's (none "outside") and each asked of the staging
    server; the real host is asked nothing."""
    staging, real = tmp_path / "staging", tmp_path / "real"
    staging.mkdir()
    real.mkdir()
    (real / "a.html").write_text(page("The real host's A"))
    with serve(real) as (q, asked_of_real), serve(staging) as (p, asked_of_staging):
        host = f"http://localhost:{q}/"
        spelled = [
            f"http://LOCALHOST:{q}/a.html",
            f"http://LocalHost:{q}/b.html",
            f"http://localhost:0{q}/c.html",
        ]
        for url in spelled:
            (staging / url.rsplit("/", 1)[1]).write_text(page(url))
        locs = "".join(f"<url><loc>{url}</loc></url>" for url in spelled)
        (staging / "sitemap.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>\n'
        )
        (staging / "robots.txt").write_text(f"User-agent: *\nAllow: /\n\nSitemap: {host}sitemap.xml\n")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sitemap_plugins",
                "check",
                f"http://127.0.0.1:{p}/",
                "--as",
                host,
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert "Traceback" not in done.stderr, done.stderr
    said = json.loads(done.stdout)
    assert asked_of_real == []
    assert {"/a.html", "/b.html", "/c.html"} <= set(asked_of_staging), asked_of_staging
    assert [p for p in said["problems"] if p["code"] == "location"] == [], said["problems"]
    assert done.returncode == 0, (said, done.stderr)
    assert "3 URLs: no problems; asked the site: 3 of 3 pages" in said["summary"], said["summary"]

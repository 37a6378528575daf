"""A deployed site for `check`: a built site served on 127.0.0.1 with planted defects, and the command run against it."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

COMMAND = [sys.executable, "-m", "sitemap_plugins"]


class Log:
    """What the server saw: each request, and how many were in flight at most."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, str]] = []  # method, path, Host header
        self.active = 0
        self.most_active = 0
        self.lock = threading.Lock()
        self.busy_once: set[str] = set()
        #: (time.monotonic() at arrival, path)
        self.arrivals: list[tuple[float, str]] = []


def handler_for(root: Path, log: Log, planted: bool, delay: float = 0.0):
    class Site(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):  # quiet
            pass

        def handle(self):
            # The client gave up (its deadline): what the test wants.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                super().handle()

        def _enter(self) -> None:
            with log.lock:
                log.requests.append((self.command, self.path, self.headers.get("Host", "")))
                log.arrivals.append((time.monotonic(), self.path))
                log.active += 1
                log.most_active = max(log.most_active, log.active)

        def _leave(self) -> None:
            with log.lock:
                log.active -= 1

        def do_HEAD(self):
            self._enter()
            try:
                super().do_HEAD()
            finally:
                self._leave()

        def do_POST(self):  # never expected: said in the log, refused
            self._enter()
            self._leave()
            self.send_error(405)

        def do_GET(self):
            # In flight while it is answered (the delay); left before the response's bytes are
            # sent, so that a client's next request, sent as soon as it has them, is never seen
            # beside this one because the server's thread had not yet counted it out.
            self._enter()
            try:
                if planted and self._planted():
                    return
                time.sleep(delay)
            finally:
                self._leave()
            super().do_GET()

        def end_headers(self):
            if planted and self.path.startswith("/private-header/"):
                self.send_header("X-Robots-Tag", "noindex")
            super().end_headers()

        def guess_type(self, path):
            if planted and str(path).endswith("fake.png"):
                return "text/html"
            return super().guess_type(path)

        def _planted(self) -> bool:
            path = self.path
            if path == "/moved/":
                self.send_response(301)
                self.send_header("Location", "/guide/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return True
            if path == "/slow/":
                time.sleep(3)
                return False
            if path == "/drip/":
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                for _ in range(60):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.1)
                return True
            if path == "/busy/" and path not in log.busy_once:
                log.busy_once.add(path)
                self.send_response(429)
                self.send_header("Retry-After", "0")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return True
            return False

    return Site


@contextmanager
def serve(root: Path, planted: bool = True, delay: float = 0.0) -> Iterator[tuple[str, Log]]:
    log = Log()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(root, log, planted, delay))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", log
    finally:
        server.shutdown()
        server.server_close()


def page(title: str, head: str = "", body: str = "") -> str:
    return f"<html><head><title>{title}</title>{head}</head><body><main><h1>{title}</h1>{body}</main></body></html>"


def build(site: Path, base: str, other_host: str) -> None:
    """A site built and given its sitemaps (every page fine at the build)."""
    pages = {
        "": page("Home", body='<img src="/img/logo.png" alt="Logo" width="400" height="300">'),
        "guide/": page("Guide", body=f'<img src="{other_host}cdn.png" alt="CDN" width="400" height="300">'),
        "moved/": page("Moved"),
        "gone/": page("Gone"),
        "hidden/": page("Hidden"),
        "private-header/": page("Private"),
        "copy/": page("Copy"),
        "blocked/": page("Blocked"),
        "pictures/": page("Pictures", body='<img src="/img/lost.png" alt="Lost" width="400" height="300">'),
        "fake/": page("Fake", body='<img src="/img/fake.png" alt="Fake" width="400" height="300">'),
        "slow/": page("Slow"),
        "drip/": page("Drip"),
        "busy/": page("Busy"),
    }
    links = f'<link rel="alternate" hreflang="en" href="{base}en/a/"><link rel="alternate" hreflang="de" href="{base}de/a/">'
    pages["en/a/"] = page("A", links)
    pages["de/a/"] = page("A (de)", links)
    for path, html in pages.items():
        (site / path).mkdir(parents=True, exist_ok=True)
        (site / path / "index.html").write_text(html)
    (site / "img").mkdir()
    for name in ("logo.png", "lost.png", "fake.png"):
        (site / "img" / name).write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    (site / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    done = subprocess.run(
        [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def plant(site: Path, base: str) -> None:
    """What a deploy changed after the build."""
    shutil.rmtree(site / "gone")
    (site / "hidden" / "index.html").write_text(page("Hidden", '<meta name="robots" content="noindex">'))
    (site / "copy" / "index.html").write_text(page("Copy", f'<link rel="canonical" href="{base}guide/">'))
    (site / "img" / "lost.png").unlink()
    robots = (site / "robots.txt").read_text()
    (site / "robots.txt").write_text(robots.replace("Allow: /\n", "Allow: /\nDisallow: /blocked/\n"))
    other = f'<link rel="alternate" hreflang="en" href="{base}guide/"><link rel="alternate" hreflang="de" href="{base}de/a/">'
    (site / "de" / "a" / "index.html").write_text(page("A (de)", other))


def check(target: str, *args: str) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    """The command's exit and its problems (JSON); its summary is put in `stderr` for the asserts."""
    done = subprocess.run(
        [*COMMAND, "check", target, "--format", "json", *args], capture_output=True, text=True
    )
    assert "Traceback" not in done.stderr, done.stderr
    said = json.loads(done.stdout)
    done.stderr += said["summary"]
    return done, said["problems"]

"""`sitemap-plugins check https://...` (#62): a deployed site, asked about every URL its sitemaps
list. A real local HTTP server serves a built site with planted defects (what a deploy changed
after the build: a page moved, removed, turned noindex, given another canonical, blocked; a
missing image; an alternate that no longer links back; a page that answers slowly; a server
that drips); each is found once with its code, a clean site exits 0, and the server's own log
shows that no request left the named host and the run kept its bounds."""

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

import pytest

pytestmark = pytest.mark.slow  # a real server, real runs of the command

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


def test_each_planted_defect_is_found_once_with_its_code(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(tmp_path / "elsewhere", planted=False) as (other_host, other_log), serve(site) as (base, log):
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "elsewhere" / "cdn.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        build(site, base, other_host)
        plant(site, base)
        log.requests.clear()
        done, problems = check(base, "--timeout", "1", "--per-second", "100", "--concurrency", "2")
        assert done.returncode == 1
        found = sorted((p["url"], p["code"]) for p in problems)
        assert found == sorted(
            [
                (base + "moved/", "redirect"),
                (base + "gone/", "http-status"),
                (base + "hidden/", "noindex"),
                (base + "private-header/", "noindex"),
                (base + "copy/", "canonical"),
                (base + "blocked/", "robots-disallowed"),
                (base + "pictures/", "media-missing"),
                (base + "fake/", "media-type"),
                (base + "slow/", "unavailable"),
                (base + "drip/", "unavailable"),
                (base + "en/a/", "hreflang-not-returned"),
            ]
        ), problems
        by_code = {p["code"]: p for p in problems}
        assert (
            by_code["redirect"]["message"]
            == f"answers HTTP 301, a redirect to {base}guide/: list the address it leads to"
        )
        assert by_code["http-status"]["message"].startswith("answers HTTP 404")
        assert by_code["canonical"]["message"].startswith(f"names {base}guide/ as its canonical URL")
        assert by_code["media-missing"]["message"] == f"its image {base}img/lost.png answers HTTP 404"
        assert (
            "no whole answer within 1 s" in next(p for p in problems if p["url"] == base + "drip/")["message"]
        )
        assert all(p["file"].startswith(base) for p in problems), problems
        # The busy page answered 429 once, then 200: retried, no finding.
        assert (
            "1 retried" in done.stderr and "1 media on other hosts not asked (--media-hosts)" in done.stderr
        )
        assert "asked the site: 15 of 15 pages" in done.stderr
        # Bounds, by the server's own log: one host, never a POST, each page asked once (the busy
        # one twice), media asked with HEAD.
        assert other_log.requests == []
        assert {host for _, _, host in log.requests} == {base.removeprefix("http://").rstrip("/")}
        assert {method for method, _, _ in log.requests} <= {"GET", "HEAD"}
        pages = [path for method, path, _ in log.requests if method == "GET" and path.endswith("/")]
        assert sorted(pages) == sorted(
            [
                "/",
                "/guide/",
                "/moved/",
                "/gone/",
                "/hidden/",
                "/private-header/",
                "/copy/",
                "/blocked/",
                "/pictures/",
                "/fake/",
                "/slow/",
                "/drip/",
                "/busy/",
                "/busy/",
                "/en/a/",
                "/de/a/",
            ]
        )
        assert sorted(path for method, path, _ in log.requests if method == "HEAD") == [
            "/img/fake.png",
            "/img/logo.png",
            "/img/lost.png",
        ]


def test_a_clean_site_exits_0_and_a_sample_asks_only_its_share(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, log):
        for number in range(12):
            (site / f"p{number}").mkdir()
            (site / f"p{number}" / "index.html").write_text(page(f"Page {number}"))
        (site / "index.html").write_text(page("Home"))
        done = subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        log.requests.clear()
        done, problems = check(base + "sitemap.xml", "--per-second", "100")
        assert (done.returncode, problems) == (0, [])
        report = subprocess.run(
            [*COMMAND, "check", base, "--format", "html", "--per-second", "100"],
            capture_output=True,
            text=True,
        )
        assert report.returncode == 0 and "<html" in report.stdout and "p11/" in report.stdout
        assert "asked the site: 13 of 13 pages" in done.stderr
        log.requests.clear()
        first, _ = check(base, "--sample", "4", "--per-second", "100")
        asked = [path for method, path, _ in log.requests if path.endswith("/")]
        assert first.returncode == 0 and len(asked) == 4
        assert "asked the site: 4 of 13 pages (a sample: --sample N)" in first.stderr
        log.requests.clear()
        check(base, "--sample", "4", "--per-second", "100")  # the same sample again
        assert sorted(path for method, path, _ in log.requests if path.endswith("/")) == sorted(asked)


def test_the_run_stops_at_its_deadline_and_says_so(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(site) as (base, log):
        (site / "index.html").write_text(page("Home"))
        for name in ("slow", "drip"):
            (site / name).mkdir()
            (site / name / "index.html").write_text(page(name))
        subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            check=True,
        )
        log.requests.clear()
        done, problems = check(base, "--deadline", "2", "--timeout", "5", "--concurrency", "1")
        assert done.returncode == 1
        # One at a time, the slow page (3 s) or the drip (6 s) outlasts the run: what was cut off
        # or never asked is said, and the server saw no request for what was not asked.
        cut = [p for p in problems if p["code"] == "unavailable"]
        assert cut and all(
            "no whole answer" in p["message"] or "the run's time (--deadline) was up" in p["message"]
            for p in cut
        ), problems
        not_asked = [p["url"] for p in cut if "was up" in p["message"]]
        asked = {path for _, path, _ in log.requests}
        assert all(url.removeprefix(base.rstrip("/")) not in asked for url in not_asked)


def test_a_url_that_is_no_http_site_is_a_usage_error():
    done = subprocess.run([*COMMAND, "check", "https://", "--format", "json"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_requests_at_a_time_and_a_second_stay_within_their_bounds(tmp_path):
    """Pages that take 0.2 s each: --concurrency 3 has 3 in flight at most (and uses them), and
    --per-second 20 spaces the requests' arrivals by the server's own clock."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    for number in range(15):
        (site / f"p{number}").mkdir()
        (site / f"p{number}" / "index.html").write_text(page(f"Page {number}"))
    with serve(site, planted=False, delay=0.2) as (base, log):
        subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            check=True,
        )
        log.requests.clear()
        log.most_active = 0
        log.arrivals.clear()
        done, problems = check(base, "--concurrency", "3", "--per-second", "20")
        assert (done.returncode, problems) == (0, [])
        assert log.most_active == 3
        pages = sorted(at for at, path in log.arrivals if path.endswith("/"))
        assert len(pages) == 16
        # 20 a second: 16 requests take at least 15 spacings of 0.05 s (a little slack for clocks).
        assert pages[-1] - pages[0] >= 15 * 0.05 * 0.9


def test_a_text_sitemap_named_in_robots_txt_is_read_and_its_pages_asked(tmp_path):
    """A sitemap.txt (one URL a line, as the protocol allows) is read as the offline check reads
    it; each of its pages is asked, and the one the deploy removed is found."""
    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, log):
        for name in ("a", "b", "gone"):
            (site / name).mkdir()
            (site / name / "index.html").write_text(page(name.upper()))
        (site / "urls.txt").write_text("".join(f"{base}{name}/\n" for name in ("a", "b", "gone")))
        (site / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {base}urls.txt\n")
        shutil.rmtree(site / "gone")
        log.requests.clear()
        done, problems = check(base, "--per-second", "100")
        assert done.returncode == 1
        assert [(p["url"], p["code"]) for p in problems] == [(base + "gone/", "http-status")]
        assert problems[0]["file"] == base + "urls.txt"
        assert "asked the site: 3 of 3 pages" in done.stderr
        gets = sorted(path for method, path, _ in log.requests if method == "GET")
        assert gets == ["/a/", "/b/", "/gone/", "/robots.txt", "/urls.txt"]

"""`submit` under hostile conditions: local servers on 127.0.0.1 that redirect, drip, answer
what is not HTTP, or serve the key from elsewhere; sitemaps that list other hosts and passwords.
Each test asserts the message, the exit code, and what every server received."""

from __future__ import annotations

import contextlib
import os
import socket
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from browser import serve
from indexnow_helpers import KEY, build, endpoint, submit

from sitemap_plugins.command.main import main
from sitemap_plugins.core import web


class Recorder:
    """An HTTP server on 127.0.0.1 that answers each request with `answer(handler)` and records
    (method, path, body) of every request it gets."""

    def __init__(self, answer: Callable[[BaseHTTPRequestHandler], None]) -> None:
        self.requests: list[tuple[str, str, bytes]] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                recorder.requests.append((self.command, self.path, self.rfile.read(length)))
                answer(self)

            do_GET = do_POST = _any

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"


@contextmanager
def recording(answer: Callable[[BaseHTTPRequestHandler], None]) -> Iterator[Recorder]:
    server = Recorder(answer)
    threading.Thread(target=server.server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.server.shutdown()
        server.server.server_close()


@contextmanager
def raw(reply: Callable[[socket.socket], None]) -> Iterator[str]:
    """A TCP server that reads a request's first bytes and then does `reply` with the socket."""

    class Handler(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            self.request.recv(65536)
            with contextlib.suppress(OSError):  # the client hung up, as it should
                reply(self.request)

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/indexnow"
    finally:
        server.shutdown()
        server.server_close()


def _redirect(to: str, status: int = 301) -> Callable[[BaseHTTPRequestHandler], None]:
    def answer(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Location", to)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return answer


def _ok(body: bytes = b"") -> Callable[[BaseHTTPRequestHandler], None]:
    def answer(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    return answer


# -- where requests go -------------------------------------------------------------------------------


def test_a_post_that_is_redirected_is_not_sent_again_and_not_accepted(tmp_path):
    new = tmp_path / "new"
    with recording(_ok()) as target, serve(new) as base_url:
        moved_to = target.base + "indexnow"
        with recording(_redirect(moved_to)) as redirecting:
            build(new, base_url, {"a/": None})
            run = submit(new, base_url, "--all", "--endpoint", redirecting.base + "indexnow")
    assert run.returncode == 1, run.stderr
    assert "accepted" not in run.stderr
    assert f"not sent: the endpoint redirects (HTTP 301 to {moved_to})" in run.stderr
    assert [method for method, _, _ in redirecting.requests] == ["POST"]
    assert target.requests == []


def test_a_key_file_served_from_another_host_is_not_the_sites(tmp_path):
    new = tmp_path / "new"
    with (
        recording(_ok(KEY.encode())) as elsewhere,
        endpoint() as fake,
        recording(_redirect(elsewhere.base + f"{KEY}.txt", 302)) as site,
    ):
        build(new, site.base, {"a/": None})
        run = submit(new, site.base, "--all", "--endpoint", fake.url)
    assert run.returncode == 2, run.stderr
    assert (
        f"the key file cannot be fetched: {site.base}{KEY}.txt: redirected (HTTP 302) to {elsewhere.base}"
        in (run.stderr)
    )
    assert "nothing sent" in run.stderr
    assert elsewhere.requests == [] and fake.requests == []


def test_a_previous_set_on_the_site_is_read_from_the_site_only(tmp_path):
    """An index of the live set whose part redirects to another host (an internal admin page):
    that host gets no request, and the run stops naming the redirect."""
    new = tmp_path / "new"
    with recording(_ok(b"secret")) as internal:
        index = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            "<sitemap><loc>{base}sitemap-1.xml</loc></sitemap></sitemapindex>\n"
        )

        def answer(handler: BaseHTTPRequestHandler) -> None:
            if handler.path == "/sitemap.xml":
                _ok(index.format(base=live.base).encode())(handler)
            else:
                _redirect(internal.base + "internal-admin", 302)(handler)

        with recording(answer) as live:
            build(new, live.base, {"a/": None})
            run = submit(new, live.base, "--previous", live.base + "sitemap.xml", "--dry-run")
    assert run.returncode == 2, run.stderr
    assert f"redirected (HTTP 302) to {internal.base}internal-admin" in run.stderr
    assert "not followed" in run.stderr and "Traceback" not in run.stderr
    assert internal.requests == []


@pytest.mark.invalid_output  # a sitemap with a password in a <loc>, written on purpose
def test_only_the_sites_own_urls_are_sent_and_never_a_password(tmp_path):
    new = tmp_path / "new"
    with serve(new) as base_url, endpoint() as fake:
        build(new, base_url, {"a/": None})
        sitemap = new / "sitemap.xml"
        host = base_url.split("/")[2]
        text = sitemap.read_text().replace(
            "</urlset>",
            f"<url><loc>http://admin:hunter2@{host}/b/</loc></url>"
            "<url><loc>https://victim.example/page</loc></url></urlset>",
        )
        sitemap.write_text(text)
        (new / "sitemap.xml.gz").unlink(missing_ok=True)
        run = submit(new, base_url, "--all", "--endpoint", fake.url)
    assert run.returncode == 0, run.stderr
    sent = [url for request in fake.requests for url in request["json"]["urlList"]]
    assert sent == [base_url + "a/"]
    assert [r["json"]["host"] for r in fake.requests] == [host]
    assert f"skipped http://{host}/b/: it carries a user name or password" in run.stderr
    assert f"skipped https://victim.example/page: not on {base_url.rstrip('/')}" in run.stderr
    assert "hunter2" not in run.stderr and "hunter2" not in repr(fake.requests)


# -- bounded time -------------------------------------------------------------------------------------


#: Drips a whole answer would take: a client without a deadline would wait for all of them.
DRIPS = 200


def _drip(first: bytes, every: float, sent: list[int] | None = None) -> Callable[[socket.socket], None]:
    """An answer that comes a byte every `every` seconds; `sent` counts the bytes the client
    took before it hung up (what a deadline bounds, whatever the machine's load)."""

    def reply(connection: socket.socket) -> None:
        connection.sendall(first)
        for _ in range(DRIPS):
            time.sleep(every)
            connection.sendall(b"X")
            if sent is not None:
                sent.append(1)

    return reply


def _submit_here(site: Path, base_url: str, *args: str) -> int:
    return main(["submit", str(site), "--base-url", base_url, "--key", KEY, "--backoff", "0", *args])


def test_an_endpoint_that_drips_is_cut_off_by_one_deadline_per_request(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(web, "REQUEST_DEADLINE", 2.0)
    monkeypatch.setattr("sitemap_plugins.core.indexnow.RETRIES", 1)
    new = tmp_path / "new"
    with serve(new) as base_url, raw(_drip(b"HTTP/1.1 200 OK\r\n", 0.3)) as dripping:
        build(new, base_url, {"a/": None})
        started = time.monotonic()
        code = _submit_here(new, base_url, "--all", "--endpoint", dripping)
        took = time.monotonic() - started
    said = capsys.readouterr().err
    assert code == 1 and took < 8, (took, said)  # two tries of 2 s, not 200 drips of 0.3 s
    assert f"refused ({dripping}: no whole answer within 2 s)" in said


def test_a_previous_set_that_drips_is_cut_off(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(web, "REQUEST_DEADLINE", 1.0)
    new = tmp_path / "new"
    build(new, "https://example.com/", {"a/": None})
    sent: list[int] = []
    drip = _drip(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n<", 0.2, sent)
    with raw(drip) as source:
        code = _submit_here(new, "https://example.com/", "--previous", source, "--dry-run")
    said = capsys.readouterr().err
    assert code == 2, said
    assert "no whole answer within 1 s" in said and "nothing sent" in said
    # The client hung up long before the answer's end (about 5 drips in its second; none after).
    assert len(sent) < DRIPS // 4


def test_the_run_has_one_deadline_for_all_its_retries(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("sitemap_plugins.core.indexnow.RUN_DEADLINE", 1.0)

    def busy(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(503)
        handler.send_header("Retry-After", "30")
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    new = tmp_path / "new"
    with serve(new) as base_url, recording(busy) as endpoint_server:
        build(new, base_url, {"a/": None})
        started = time.monotonic()
        code = _submit_here(new, base_url, "--all", "--endpoint", endpoint_server.base + "indexnow")
        took = time.monotonic() - started
    said = capsys.readouterr().err
    assert code == 1 and took < 5, (took, said)  # not a 30 s wait for a retry the run has no time for
    assert len(endpoint_server.requests) == 1 and "refused (HTTP 503)" in said


# -- answers that are not HTTP, and bad options ------------------------------------------------------


def _headers(count: int) -> bytes:
    return b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-%d: a\r\n" % n for n in range(count)) + b"\r\n"


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        (b"SSH-2.0-OpenSSH_9.6\r\n", "the answer is not HTTP"),
        (_headers(150), "the answer is not well-formed HTTP (got more than 100 headers)"),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n",
            "the answer's body broke off",
        ),
    ],
)
def test_an_answer_that_is_not_http_is_one_message(tmp_path, capsys, reply, said):
    new = tmp_path / "new"
    with serve(new) as base_url, raw(lambda connection: connection.sendall(reply)) as broken:
        build(new, base_url, {"a/": None})
        code = _submit_here(new, base_url, "--all", "--endpoint", broken)
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert f"refused ({broken}: {said})" in err


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--backoff", "-1"], "--backoff: -1.0 is not a number of seconds from 0 to 60"),
        (["--backoff", "nan"], "--backoff: nan is not a number of seconds from 0 to 60"),
        (["--endpoint", "notaurl"], "--endpoint: 'notaurl' is not an http(s) URL"),
        (["--endpoint", "file:///etc/passwd"], "--endpoint: 'file:///etc/passwd' is not an http(s) URL"),
    ],
)
def test_bad_options_are_one_message_before_any_request(tmp_path, capsys, flags, said):
    new = tmp_path / "new"
    build(new, "https://example.com/", {"a/": None})
    args = ["submit", str(new), "--base-url", "https://example.com/", "--key", KEY, "--all", *flags]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_for_a_sitemap_is_named_not_waited_on(tmp_path):
    new = tmp_path / "new"
    build(new, "https://example.com/", {"a/": None})
    (new / "sitemap.xml").unlink()
    os.mkfifo(new / "sitemap.xml")
    started = time.monotonic()
    run = submit(new, "https://example.com/", "--all", "--dry-run")
    assert time.monotonic() - started < 20
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"{new / 'sitemap.xml'}: is not a regular file (a FIFO); not read" in run.stderr

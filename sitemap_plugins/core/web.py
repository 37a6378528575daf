"""HTTP for `submit` and the live `check`: each request bounded in time and size, and never
sent anywhere the caller did not name.

The standard library's http.client, without urllib's redirect handling: a POST is never
redirected, and a GET follows a redirect only to the origin (scheme, host and port) it was asked
of.  Each request has one deadline for all of it (connecting, the status line, every header, the
body), not a timeout per read: a server that drips a byte at a time is cut off when the deadline
passes.  Whatever the server answers (not HTTP, more than 100 headers, a broken chunked body)
is one `WebError` naming the URL, never a traceback.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from sitemap_plugins.core.normalize import origin

#: Seconds for one request, from connecting to the last byte of the body.
REQUEST_DEADLINE = 30.0
#: Redirects a GET follows (within its origin).
MAX_REDIRECTS = 5
USER_AGENT = "sitemap-plugins"
#: The longest `Retry-After` the live check waits for; a longer one ends the retries.
MAX_RETRY_AFTER = 30.0


class WebError(Exception):
    """A request that got no usable answer; the message names the URL and what happened."""


@dataclass
class Answer:
    url: str
    status: int
    body: bytes
    headers: http.client.HTTPMessage


def get(url: str, max_bytes: int, deadline: float | None = None) -> Answer:
    """GET `url`: a redirect is followed within the URL's own origin only (another is a
    WebError naming where it led); at most `max_bytes` of the body are read."""
    start = url
    for _ in range(MAX_REDIRECTS + 1):
        answer = request("GET", url, max_bytes=max_bytes, deadline=deadline)
        if answer.status not in (301, 302, 303, 307, 308):
            return answer
        target = urljoin(url, answer.headers.get("Location", ""))
        if origin(target) != origin(start):
            raise WebError(
                f"{url}: redirected (HTTP {answer.status}) to {target}, outside {_site(start)}; not followed"
            )
        url = target
    raise WebError(f"{start}: more than {MAX_REDIRECTS} redirects")


def post(url: str, body: bytes, content_type: str, deadline: float | None = None) -> Answer:
    """POST `body` to `url`; a redirect is an answer like any other, never followed."""
    return request("POST", url, body, {"Content-Type": content_type}, max_bytes=65536, deadline=deadline)


def request(
    method: str,
    url: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    max_bytes: int = 65536,
    deadline: float | None = None,
    head_only: bool = False,
) -> Answer:
    """One request, over within REQUEST_DEADLINE (or `deadline`, a `time.monotonic()` value, if
    sooner): the connection is shut when the time is up, whatever read it is in.  `head_only`:
    of an HTML page, the body up to its `</head>` (at most `max_bytes`), and no more."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebError(f"{url}: only http(s) URLs are requested")
    ends = time.monotonic() + REQUEST_DEADLINE
    ends = min(ends, deadline) if deadline is not None else ends
    left = ends - time.monotonic()
    if left <= 0:
        raise WebError(f"{url}: not requested, the run's time is up")
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, parts.port, timeout=left)
    timed_out = threading.Event()

    def cut_off() -> None:
        timed_out.set()
        if (sock := connection.sock) is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    watchdog = threading.Timer(left, cut_off)
    watchdog.daemon = True
    watchdog.start()
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request(method, path, body, {"User-Agent": USER_AGENT, **(headers or {})})
        response = connection.getresponse()
        data = _head(response, max_bytes) if head_only and method == "GET" else response.read(max_bytes + 1)
        if timed_out.is_set():  # cut off: what was read may look whole, and is not
            raise WebError(f"{url}: no whole answer within {left:.0f} s")
        if len(data) > max_bytes:
            raise WebError(f"{url}: the answer is larger than {max_bytes:,} bytes; not read")
        return Answer(url, response.status, data, response.headers)
    except WebError:
        raise
    except (OSError, http.client.HTTPException, ssl.SSLError, ValueError) as error:
        if timed_out.is_set():
            raise WebError(f"{url}: no whole answer within {left:.0f} s") from None
        raise WebError(f"{url}: {_what_went_wrong(error)}") from None
    finally:
        watchdog.cancel()
        connection.close()


def _head(response: http.client.HTTPResponse, max_bytes: int) -> bytes:
    """The body as far as a page's head goes: read in pieces until `</head>` has come, or
    `max_bytes`; what follows is never read."""
    data = b""
    while len(data) < max_bytes:
        if not (piece := response.read1(16384)):
            break
        data += piece
        if b"</head" in data[-len(piece) - 6 :].lower():
            break
    return data[:max_bytes]


def _what_went_wrong(error: BaseException) -> str:
    if isinstance(error, http.client.BadStatusLine):
        return "the answer is not HTTP"
    if isinstance(error, http.client.IncompleteRead):
        return "the answer's body broke off"
    if isinstance(error, http.client.HTTPException):
        return f"the answer is not well-formed HTTP ({error})"
    if isinstance(error, socket.timeout):
        return "no answer in time"
    return str(getattr(error, "strerror", None) or error)


def _site(url: str) -> str:
    scheme, host, port = origin(url)
    return f"{scheme}://{host}:{port}"


def retry_after(answer: Answer, wait: float) -> float | None:
    """How long to wait before asking again: the server's Retry-After (seconds) where it gives
    one, within bounds; else the backoff.  None: longer than a run waits."""
    value = (answer.headers.get("Retry-After") or "").strip()
    if value.isdigit():
        seconds = float(value)
        return seconds if seconds <= MAX_RETRY_AFTER else None
    return wait


def noindex_header(value: str) -> bool:
    """`X-Robots-Tag: noindex`, `none`, or the same for Googlebot (`googlebot: noindex`)."""
    for part in value.lower().split(","):
        agent, colon, rule = part.rpartition(":")
        if colon and agent.strip() not in ("googlebot", "*", ""):
            continue
        if rule.strip() in ("noindex", "none"):
            return True
    return False


def is_html(answer: Answer) -> bool:
    content_type = (answer.headers.get("Content-Type") or "text/html").lower()
    return "html" in content_type

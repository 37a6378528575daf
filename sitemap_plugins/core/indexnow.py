"""IndexNow: tell search engines which URLs were added, changed or removed since the last deploy.

The sitemap "ping" is gone (Bing removed its anonymous submission in 2022; Google's endpoint answers
404 since the end of 2023).  IndexNow is what Bing, Yandex, Seznam, Naver and Yep take now: a POST
of the changed URLs, proven by a key file served on the site.  The build writes the key file
(`indexnow_key`); `sitemap-plugins submit` compares the new sitemap set with the previous one and
sends the difference, once the new site is live.

HTTP goes through `web`: two request kinds (a GET of the key file on the site's own origin, a
JSON POST that is never redirected), a deadline per request and one for the run, and a bounded
retry.  Only URLs on the site's own host are sent, and never one with a user name or password.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_plugins.core import web
from sitemap_plugins.core.errors import ConfigError, shown
from sitemap_plugins.core.normalize import http_url
from sitemap_plugins.core.option_values import check_base_url, check_indexnow_key
from sitemap_plugins.core.sitemap_reader import ReadError, SetReader, UrlSet, same_date

KEY_ENV = "INDEXNOW_KEY"
ENDPOINT = "https://api.indexnow.org/indexnow"
MAX_BATCH = 10_000
RETRIES = 4
#: Seconds for a whole `submit`: every request, every retry and its wait.
RUN_DEADLINE = 600.0
MAX_BACKOFF = 60.0


# -- what changed --------------------------------------------------------------------------------


@dataclass
class Changes:
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0

    @property
    def urls(self) -> list[str]:
        return [*self.new, *self.changed, *self.removed]


def diff(current: UrlSet, previous: UrlSet) -> Changes:
    """New locs, removed locs (deletions are submitted too), and locs whose lastmod moved."""
    changes = Changes()
    for loc, lastmod in current.items():
        if loc not in previous:
            changes.new.append(loc)
        elif not same_date(lastmod, previous[loc]):
            changes.changed.append(loc)
        else:
            changes.unchanged += 1
    changes.removed = [loc for loc in previous if loc not in current]
    return changes


def batches(urls: list[str]) -> list[tuple[str, list[str]]]:
    """(host, at most 10,000 URLs) per request: IndexNow takes one host per request."""
    by_host: dict[str, list[str]] = {}
    for url in urls:
        by_host.setdefault(urlsplit(url).netloc, []).append(url)
    return [
        (host, found[start : start + MAX_BATCH])
        for host, found in by_host.items()
        for start in range(0, len(found), MAX_BATCH)
    ]


# -- sending ----------------------------------------------------------------------------------------

#: What a refusal means, in words a user can act on.
REFUSALS = {
    400: "bad request: the endpoint did not accept the request's format",
    403: "forbidden: the key was not found at its location or does not match it "
    "(is the site with the key file live?)",
    422: "unprocessable: URLs not on the key's host, or the key does not match keyLocation",
}


@dataclass
class Response:
    status: int
    body: str
    #: Where a 3xx answer pointed; seconds a 429 or 503 asked to wait.
    location: str = ""
    retry_after: str = ""


def post_json(url: str, payload: dict, deadline: float | None = None) -> Response:
    """POST the payload; a redirect is an answer (never followed: the URLs and the key stay
    where the user sent them); no answer in time, or none that is HTTP, is status 0."""
    data = json.dumps(payload, separators=(",", ":")).encode()
    try:
        answer = web.post(url, data, "application/json; charset=utf-8", deadline)
    except web.WebError as error:
        return Response(0, str(error))
    return Response(
        answer.status,
        answer.body[:4096].decode("utf-8", "replace"),
        location=answer.headers.get("Location", "") or "",
        retry_after=answer.headers.get("Retry-After", "") or "",
    )


def outside_site(urls: list[str], base_url: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The URLs IndexNow may take for the site (its own scheme and host, no user name or
    password), and the others with why they are not sent."""
    base = urlsplit(base_url)
    sent, skipped = [], []
    for url in urls:
        parts = urlsplit(url)
        if parts.username is not None or parts.password is not None:
            skipped.append((_without_userinfo(url), "it carries a user name or password"))
        elif (parts.hostname or "").lower() != (base.hostname or "").lower() or parts.scheme != base.scheme:
            skipped.append((url, f"not on {base.scheme}://{base.netloc}"))
        else:
            sent.append(url)
    return sent, skipped


def _without_userinfo(url: str) -> str:
    parts = urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def send(
    endpoint: str,
    payload: dict,
    backoff: float,
    say: Callable[[str], None],
    post: Callable[[str, dict, float | None], Response] = post_json,
    deadline: float | None = None,
) -> Response:
    """POST, retrying 429, 5xx and no answer a bounded number of times (Retry-After honoured, up
    to a minute), within `deadline` (a `time.monotonic()` value) for all of it."""
    for attempt in range(RETRIES + 1):
        response = post(endpoint, payload, deadline)
        if not (response.status in (0, 429) or response.status >= 500) or attempt == RETRIES:
            return response
        retry_after = response.retry_after.strip()
        wait = min(float(retry_after) if retry_after.isdigit() else backoff * 2**attempt, MAX_BACKOFF)
        if deadline is not None and time.monotonic() + wait >= deadline:
            return response  # no time left for another try
        status = response.status or "no answer"
        say(f"sitemap-plugins submit: {payload['host']}: HTTP {status}; again in {wait:g} s")
        time.sleep(wait)
    return response  # pragma: no cover


# -- a submission ----------------------------------------------------------------------------------


def submit_changes(
    site_dir: str,
    base_url: str,
    key: str | None,
    previous: str | None,
    endpoint: str | None = None,
    backoff: float = 2.0,
    send_all: bool = False,
    dry_run: bool = False,
) -> int:
    """Send what changed between the set in `site_dir` and the `previous` one (every URL with
    `send_all`); the exit status: 0 sent or nothing to send, 1 refused.  ConfigError for what
    the caller must mend (a flag, the key, an unreadable set).  What it does is said on stderr."""
    given = key or os.environ.get(KEY_ENV) or None
    if given is None and not dry_run:
        raise ConfigError(
            "submit: no IndexNow key was given: pass --key, or set INDEXNOW_KEY (a dry run needs none)"
        )
    # A dry run says what would be sent: without a key, the requests are sized without one.
    key = check_indexnow_key(given, "--key (or INDEXNOW_KEY)") if given is not None else None
    base_url = check_base_url(base_url, "--base-url")
    endpoint = _endpoint(endpoint or ENDPOINT)
    backoff = _backoff(backoff)
    deadline = time.monotonic() + RUN_DEADLINE
    site = Path(site_dir)
    if not site.is_dir():
        raise ConfigError(f"submit: {site} is not a directory")
    try:
        current = SetReader(base_url).from_directory(site)
    except ReadError as error:
        raise ConfigError(f"submit: the new set in {site}: {error}") from error
    previous_urls = _previous(previous, base_url, deadline) if previous else None
    if previous_urls is None and not send_all:
        _stderr(
            "sitemap-plugins submit: no previous sitemap set (--previous), so nothing is sent; "
            "IndexNow wants changes, not the whole site (--all sends every URL)"
        )
        return 0
    changes = diff(current, previous_urls or {})
    if send_all:
        changes = Changes(new=list(current), removed=changes.removed)
    key_url = f"{base_url}{key}.txt" if key is not None else None
    payloads = _payloads(changes, base_url, key or "", key_url)
    _stderr(
        f"sitemap-plugins submit: {len(changes.new):,} new, {len(changes.changed):,} changed, "
        f"{len(changes.removed):,} removed, {changes.unchanged:,} unchanged"
    )
    if dry_run:
        return _dry_run(site, key, key_url, changes, payloads)
    if not payloads:
        _stderr("sitemap-plugins submit: nothing changed; nothing sent")
        return 0
    assert key is not None and key_url is not None  # only a dry run goes without a key
    if (served := _served_key(key_url, key, deadline)) is not None:
        raise ConfigError(f"submit: {served}; nothing sent (submit once the new site is live)")
    accepted = [_sent(endpoint, payload, backoff, deadline) for payload in payloads]
    return 0 if all(accepted) else 1


def _payloads(changes: Changes, base_url: str, key: str, key_url: str | None) -> list[dict]:
    """The requests to send: the site's own URLs in batches per host, the key (and where it
    is, under a base URL with a path); the URLs that are not the site's said and skipped."""
    key_location = key_url if key_url and urlsplit(base_url).path not in ("", "/") else None
    urls, skipped = outside_site(changes.urls, base_url)
    for url, why in skipped[:5]:
        _stderr(f"sitemap-plugins submit: skipped {url}: {why}")
    if len(skipped) > 5:
        _stderr(f"sitemap-plugins submit: skipped {len(skipped) - 5:,} more URLs, not the site's own")
    located = {"keyLocation": key_location} if key_location else {}
    return [{"host": host, "key": key, **located, "urlList": batch} for host, batch in batches(urls)]


def _sent(endpoint: str, payload: dict, backoff: float, deadline: float) -> bool:
    """One request sent, and its answer said; whether the endpoint took it."""
    response = send(endpoint, payload, backoff, _stderr, deadline=deadline)
    count = f"{len(payload['urlList']):,} URLs of {payload['host']}"
    if response.status in (200, 202):
        _stderr(f"sitemap-plugins submit: {count}: accepted (HTTP {response.status})")
        return True
    if 300 <= response.status < 400:
        where = response.location or "nowhere"
        _stderr(
            f"sitemap-plugins submit: {count}: not sent: the endpoint redirects (HTTP {response.status} "
            f"to {where}), and a submission is never redirected; use the address it names as --endpoint"
        )
        return False
    meaning = REFUSALS.get(response.status, "the endpoint did not take them")
    said = f"HTTP {response.status}" if response.status else response.body
    _stderr(f"sitemap-plugins submit: {count}: refused ({said}): {meaning}")
    return False


def _endpoint(value: str) -> str:
    try:
        return http_url(value)
    except ValueError as error:
        raise ConfigError(f"--endpoint: {shown(value)} is not an http(s) URL ({error})") from None


def _backoff(value: float) -> float:
    if not math.isfinite(value) or not 0 <= value <= MAX_BACKOFF:
        raise ConfigError(f"--backoff: {value} is not a number of seconds from 0 to {MAX_BACKOFF:g}")
    return value


def _previous(source: str, base_url: str, deadline: float | None = None) -> UrlSet | None:
    reader = SetReader(base_url)
    try:
        if source.startswith(("http://", "https://")):
            return reader.from_url(source, deadline=deadline)
        path = Path(source)
        if path.is_dir():
            return reader.from_directory(path)
        if path.is_file():
            return reader.from_file(path)
    except ReadError as error:
        raise ConfigError(f"--previous: {error}; nothing sent") from error
    raise ConfigError(f"--previous: {source} is not a directory, a sitemap file or an http(s) URL")


def _served_key(key_url: str, key: str, deadline: float | None = None) -> str | None:
    """None when the key file is served with the key, from the site's own origin; else why not."""
    try:
        answer = web.get(key_url, 65536, deadline)
    except web.WebError as error:
        return f"the key file cannot be fetched: {error}"
    if answer.status != 200:
        return f"the key file {key_url} is not served (HTTP {answer.status})"
    if answer.body.decode("utf-8", "replace").strip() != key:
        return f"the key file {key_url} does not hold the key"
    return None


def _dry_run(site: Path, key: str | None, key_url: str | None, changes: Changes, payloads: list[dict]) -> int:
    for name, urls in (("new", changes.new), ("changed", changes.changed), ("removed", changes.removed)):
        for url in urls[:5]:
            _stderr(f"  {name}: {url}")
        if len(urls) > 5:
            _stderr(f"  {name}: ... and {len(urls) - 5:,} more")
    for payload in payloads:
        size = len(json.dumps(payload, separators=(",", ":")).encode())
        _stderr(f"  request: {payload['host']}, {len(payload['urlList']):,} URLs, {size:,} bytes")
    if key is None or key_url is None:
        _stderr("  key: none given (--key or INDEXNOW_KEY), which sending needs; dry run: nothing sent")
        return 0
    key_file = site / urlsplit(key_url).path.lstrip("/").split("/")[-1]
    local = key_file.is_file() and key_file.read_text(encoding="utf-8", errors="replace").strip() == key
    found = "found" if local else "NOT found"
    _stderr(f"  key file {key_url}: {found} in {site}; dry run: nothing sent")
    return 0


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)

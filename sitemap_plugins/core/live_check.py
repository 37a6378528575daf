"""`check` of a deployed site: every listed URL answers as the sitemap says.

The set is read as the offline check reads a directory: robots.txt and every sitemap it leads to
are fetched from the site into a temporary directory (their paths kept), and `Checker` reads it
there, with the same codes.  Then the site is asked about what they list: each page answers 200
without a redirect, names itself as canonical, says no `noindex` (meta tag or `X-Robots-Tag`);
its hreflang alternates answer and name it back; its images and videos answer with a content
type of their kind.

Bounds, for a run in CI with credentials around: requests go only to the origin named (media
on other hosts only where `media_hosts` names them), never a POST, never a credential, never a
redirect followed off the origin (a page's redirect is not followed at all: it is the finding);
a deadline per request and one for the run; at most `concurrency` requests at a time and
`per_second` a second; at most `sample` pages, a deterministic sample of a larger set; a page's
body read only as far as its `</head>`, media asked with HEAD.  429 and 5xx are retried with
backoff (`Retry-After` obeyed up to a bound), then reported.
"""

from __future__ import annotations

import hashlib
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from lxml import etree

from sitemap_plugins.core.check import Checker
from sitemap_plugins.core.check_entries import ListedUrl
from sitemap_plugins.core.model import IMAGE, SM, VIDEO
from sitemap_plugins.core.normalize import comparable, path_under, uri_or_same
from sitemap_plugins.core.options import MAX_BYTES
from sitemap_plugins.core.pages.html import read_html
from sitemap_plugins.core.robots import read_robots_rules, sitemap_urls
from sitemap_plugins.core.sitemap_reader import ReadError, parse_sitemap, read_sitemap_file, site_file
from sitemap_plugins.core.web import Answer, WebError, is_html, noindex_header, request, retry_after

#: A page's head is read up to this many bytes (Google reads the first 2 MB of HTML).
HEAD_BYTES = 2 * 1024 * 1024
#: Sitemap files fetched at most in one run (an index may name 50,000).
MAX_SITEMAPS = 500
REDIRECTS = (301, 302, 303, 307, 308)
#: What a video's own file may be served as, besides video/*.
VIDEO_TYPES = ("video/", "application/x-mpegurl", "application/vnd.apple.mpegurl", "application/dash+xml")


@dataclass
class Bounds:
    """What one run may ask of the site."""

    concurrency: int = 4
    per_second: float = 10.0
    request_seconds: float = 10.0
    run_seconds: float = 600.0
    sample: int = 1000
    retries: int = 3
    backoff: float = 1.0


@dataclass
class Asked:
    """What a URL answered: an answer, or why there is none."""

    answer: Answer | None = None
    error: str | None = None
    retried: int = 0


@dataclass
class Counts:
    """What the run did, for its summary line."""

    pages: int = 0
    listed: int = 0
    #: Listed pages of the site's own host, of which `pages` were asked (a sample, where fewer).
    own: int = 0
    media: int = 0
    requests: int = 0
    retried: int = 0
    off_host: set[str] = field(default_factory=set)
    out_of_time: int = 0


class _Gate:
    """At most `per_second` requests a second, across the threads of a run."""

    def __init__(self, per_second: float) -> None:
        self.spacing = 1.0 / per_second if per_second > 0 else 0.0
        self.next = time.monotonic()
        self.lock = threading.Lock()

    def wait(self) -> None:
        with self.lock:
            now = time.monotonic()
            at = max(now, self.next)
            self.next = at + self.spacing
        time.sleep(max(0.0, at - now))


class LiveCheck:
    """One run of the live check of `target` (a site's address, or a sitemap's URL)."""

    def __init__(
        self,
        target: str,
        bounds: Bounds | None = None,
        media_hosts: Iterable[str] = (),
        news_window_days: float = 2,
        progress: Callable[[int, int], None] | None = None,
        base_url: str | None = None,
        stands_for: str | None = None,
    ) -> None:
        """`base_url`: the address the site is published at, on the target's host (`--base-url`:
        a site under a path); the host's root by default.  `stands_for`: the host (`https://
        example.com/`) whose build the target's server holds (a staging server, `--as`): the set is
        judged as that host's, and every URL of it is asked of the server."""
        server = urlsplit(target)
        self.server = f"{server.scheme}://{server.netloc}/"
        self.stands_for = stands_for
        if stands_for is not None:
            target = stands_for + target[len(self.server) :]
        self.target = target
        parts = urlsplit(target)
        self.root = f"{parts.scheme}://{parts.netloc}/"
        self.base_url = base_url or self.root
        self.bounds = bounds or Bounds()
        self.media_hosts = {host.lower() for host in media_hosts}
        self.news_window_days = news_window_days
        self.progress = progress
        self.counts = Counts()
        self._gate = _Gate(self.bounds.per_second)
        self._lock = threading.Lock()
        self._ends = time.monotonic() + self.bounds.run_seconds

    # -- the run ---------------------------------------------------------------------------------

    def run(self) -> Checker:
        with tempfile.TemporaryDirectory(prefix="sitemap-plugins-check-") as directory:
            mirror = Path(directory)
            problems = self._mirror(mirror)
            checker = Checker(self.base_url, self.news_window_days)
            checker.keep_elements = True
            named = site_file(mirror, self.base_url, self.target) if self._names_a_sitemap() else None
            if named is not None and named.is_file():
                # One sitemap named: that file (an index, and what it names) is read, as on disk;
                # robots.txt only for what it forbids.
                if (mirror / "robots.txt").is_file() and self.base_url == self.root:
                    checker.robots_rules = read_robots_rules(mirror / "robots.txt", self.base_url)
                checker.check(named)
            else:
                checker.check(mirror)
            if any(code == "unavailable" and url.endswith("/robots.txt") for url, _, code in problems):
                # A robots.txt that could not be asked (a server down) is not one that is missing.
                checker.findings[:] = [f for f in checker.findings if f.code != "robots-missing"]
            if any(code == "unavailable" for _, _, code in problems):
                # The sitemaps that could not be fetched are said as such, not as none.
                checker.findings[:] = [f for f in checker.findings if f.code != "no-sitemap"]
            if self.base_url != self.root:
                # Under a path, robots.txt was asked where crawlers ask it, at the host's root.
                checker.findings[:] = [f for f in checker.findings if f.code != "robots-not-root"]
            for url, message, code in problems:
                checker.add_of_file(url, message, code)
            _as_urls(checker, mirror, self.base_url)
        self._ask_the_site(checker)
        checker.live_summary = self._summary()
        return checker

    # -- the set, fetched ------------------------------------------------------------------------

    def _mirror(self, mirror: Path) -> list[tuple[str, str, str]]:
        """robots.txt and the sitemaps it leads to (or the one named, and those it names), saved
        under their paths."""
        problems: list[tuple[str, str, str]] = []
        robots_url = self.root + "robots.txt"  # crawlers read it only at the host's root
        robots = self._ask(robots_url, max_bytes=512 * 1024)
        pending: list[str] = []
        if robots.answer is not None and robots.answer.status == 200:
            (mirror / "robots.txt").write_bytes(robots.answer.body)
            text = robots.answer.body.decode("utf-8", "replace")
            pending += [url for url in sitemap_urls(text) if self._ours(url)]
        elif robots.error is not None:
            problems.append((robots_url, f"cannot be fetched: {robots.error}", "unavailable"))
        if self._names_a_sitemap():
            pending = [self.target]  # that one, not the others robots.txt names
        elif not pending:
            pending.append(self.base_url + "sitemap.xml")  # where crawlers look without a Sitemap: line
        fetched: set[str] = set()
        while pending and len(fetched) < MAX_SITEMAPS:
            url = pending.pop(0)
            if url in fetched:
                continue
            fetched.add(url)
            asked = self._ask(url, max_bytes=MAX_BYTES)
            if asked.answer is None or asked.answer.status != 200:
                said = asked.error or f"answers HTTP {asked.answer.status}"  # type: ignore[union-attr]
                problems.append((url, f"a sitemap that cannot be fetched: {said}", "unavailable"))
                continue
            local = site_file(mirror, self.base_url, url)
            if local is None or local == mirror.resolve():
                continue
            local.parent.mkdir(parents=True, exist_ok=True)
            local.write_bytes(asked.answer.body)
            pending += [loc for loc in _index_locs(local) if self._ours(loc)]
        if pending:
            said = f"more than {MAX_SITEMAPS} sitemap files; the rest were not fetched"
            problems.append((self.target, said, "unavailable"))
        return problems

    def on_server(self, url: str) -> str:
        """Where `url` is asked: on the server, for a URL of the host it stands for (`--as`)."""
        rest = None if self.stands_for is None else path_under(url, self.root)
        return url if rest is None else self.server + rest

    def of_site(self, url: str) -> str:
        """A URL the server names (a redirect's Location), as the host it stands for names it."""
        rest = None if self.stands_for is None else path_under(url, self.server)
        return url if rest is None else self.root + rest

    def _names_a_sitemap(self) -> bool:
        return urlsplit(self.target).path not in ("", "/")

    def _ours(self, url: str) -> bool:
        return url.startswith(("http://", "https://")) and path_under(url, self.root) is not None

    # -- what the set lists, asked of the site ----------------------------------------------------

    def _ask_the_site(self, checker: Checker) -> None:
        listed = checker.listed
        own = [url for url in listed if self._ours(url)]
        pages = _sample(own, self.bounds.sample)
        self.counts.listed, self.counts.own, self.counts.pages = len(listed), len(own), len(pages)
        alternates = {
            href
            for url in pages
            for href in listed[url].links.values()
            if self._ours(href) and href not in listed
        }
        media: dict[str, tuple[str, str]] = {}  # URL -> its kind, and the first page showing it
        for url in pages:
            for kind, media_url in _media(listed[url].element):
                host = (urlsplit(media_url).hostname or "").lower()
                if self._ours(media_url) or host in self.media_hosts:
                    media.setdefault(media_url, (kind, url))
                else:
                    self.counts.off_host.add(media_url)
        self.counts.media = len(media)
        answers = self._ask_all([*pages, *sorted(alternates)], sorted(media))
        for url in pages:
            self._judge_page(checker, listed[url], url, answers)
        for media_url, (kind, page) in sorted(media.items()):
            self._judge_media(checker, media_url, kind, answers.get(media_url), page, listed[page])

    def _ask_all(self, pages: list[str], media: list[str]) -> dict[str, Asked]:
        """Every page (GET, its head) and medium (HEAD), at most `concurrency` at a time."""
        answers: dict[str, Asked] = {}
        total = len(pages) + len(media)
        jobs = [(url, "page") for url in pages] + [(url, "media") for url in media]

        def one(job: tuple[str, str]) -> None:
            url, kind = job
            if kind == "page":
                asked = self._ask(url, max_bytes=HEAD_BYTES, head_only=True, follow=False)
            else:
                asked = self._ask(url, method="HEAD", follow=False)
                if asked.answer is not None and asked.answer.status in (405, 501):  # no HEAD here
                    asked = self._ask(url, max_bytes=0, head_only=True, follow=False)
            with self._lock:
                answers[url] = asked
                if self.progress is not None:
                    self.progress(len(answers), total)

        with ThreadPoolExecutor(max(1, self.bounds.concurrency)) as pool:
            list(pool.map(one, jobs))
        return answers

    def _ask(
        self,
        url: str,
        method: str = "GET",
        max_bytes: int = 65536,
        head_only: bool = False,
        follow: bool = True,
    ) -> Asked:
        """One URL, retried on 429 and 5xx with backoff; a redirect within the origin followed
        where `follow` (sitemaps, robots.txt), never off it."""
        asked = Asked()
        wait = self.bounds.backoff
        redirects = 0
        while True:
            if time.monotonic() >= self._ends:
                with self._lock:
                    self.counts.out_of_time += 1
                asked.error = "not asked: the run's time (--deadline) was up"
                return asked
            self._gate.wait()
            with self._lock:
                self.counts.requests += 1
            deadline = min(self._ends, time.monotonic() + self.bounds.request_seconds)
            try:
                answer = request(
                    method, self.on_server(url), max_bytes=max_bytes, deadline=deadline, head_only=head_only
                )
            except WebError as error:
                asked.error = str(error).removeprefix(f"{url}: ")
                return asked
            if follow and answer.status in REDIRECTS and redirects < 5:
                target = self.of_site(urljoin(url, answer.headers.get("Location", "")))
                if not self._ours(target):
                    asked.error = f"redirected (HTTP {answer.status}) to {target}, off the site; not followed"
                    return asked
                url, redirects = target, redirects + 1
                continue
            retry = (answer.status == 429 or answer.status >= 500) and asked.retried < self.bounds.retries
            pause = retry_after(answer, wait) if retry else None
            if pause is None or time.monotonic() + pause >= self._ends:
                asked.answer = answer
                return asked
            asked.retried += 1
            with self._lock:
                self.counts.retried += 1
            time.sleep(pause)
            wait *= 2

    # -- findings ------------------------------------------------------------------------------

    def _judge_page(self, checker: Checker, listed: ListedUrl, url: str, answers: dict[str, Asked]) -> None:
        asked = answers[url]

        def say(message: str, code: str) -> None:
            checker.add(listed.file, listed.line, url, message, code)

        if asked.answer is None:
            say(f"no answer: {asked.error}", "unavailable")
            return
        answer = asked.answer
        if answer.status in REDIRECTS:
            where = self.of_site(urljoin(url, answer.headers.get("Location", "")))
            say(
                f"answers HTTP {answer.status}, a redirect to {where}: list the address it leads to",
                "redirect",
            )
            return
        if answer.status != 200:
            tried = f" (after {asked.retried} retries)" if asked.retried else ""
            code = "unavailable" if answer.status == 429 or answer.status >= 500 else "http-status"
            say(f"answers HTTP {answer.status}{tried}: a sitemap lists pages that answer 200", code)
            return
        robots_header = ", ".join(answer.headers.get_all("X-Robots-Tag") or [])
        if noindex_header(robots_header):
            say(f"X-Robots-Tag: {robots_header}: search engines keep it out of their index", "noindex")
        if not is_html(answer):
            return
        facts = read_html(answer.body, url, media=False)
        if facts.noindex:
            say("its robots meta tag says noindex: search engines keep it out of their index", "noindex")
        if facts.redirect:
            say("its meta refresh sends readers elsewhere: list the page it leads to", "redirect")
        # The page itself, however it spells its own URL (`a%26b.html` for `a&b.html`).
        if facts.canonical is not None and comparable(uri_or_same(facts.canonical)) != comparable(url):
            say(
                f"names {facts.canonical} as its canonical URL: list that one, or make it name itself",
                "canonical",
            )
        for language, href in sorted(listed.links.items()):
            if uri_or_same(href) == uri_or_same(url) or not self._ours(href):
                continue
            if (other := answers.get(href)) is None:
                continue
            if other.answer is None or other.answer.status != 200:
                said = other.error or f"HTTP {other.answer.status}"  # type: ignore[union-attr]
                say(f"its hreflang alternate {language} {href} answers {said}", "hreflang-broken")
                continue
            theirs = (
                read_html(other.answer.body, href, media=False).alternates if is_html(other.answer) else {}
            )
            named = {uri_or_same(value) for value in theirs.values()}
            if theirs and uri_or_same(url) not in named:
                say(
                    f"its hreflang alternate {language} {href} names other pages in its head, not this one",
                    "hreflang-not-returned",
                )

    def _judge_media(
        self, checker: Checker, media_url: str, kind: str, asked: Asked | None, page: str, where: ListedUrl
    ) -> None:
        def say(what: str, code: str) -> None:
            checker.add(where.file, where.line, page, f"its {kind} {media_url}{what}", code)

        if asked is None or asked.answer is None:
            say(f": no answer: {asked.error if asked is not None else 'not asked'}", "media-missing")
            return
        answer = asked.answer
        if answer.status != 200:
            say(f" answers HTTP {answer.status}", "media-missing")
            return
        content_type = (answer.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        wanted = {"image": ("image/",), "video thumbnail": ("image/",), "video file": VIDEO_TYPES}.get(kind)
        if wanted is not None and not content_type.startswith(wanted):
            say(f" is served as {content_type or 'no content type'}, not as {wanted[0]}*", "media-type")

    def _summary(self) -> str:
        counts = self.counts
        said = f"asked the site: {counts.pages:,} of {counts.listed:,} pages"
        if counts.pages < counts.own:
            said += " (a sample: --sample N)"
        if counts.own < counts.listed:
            said += f" ({counts.listed - counts.own:,} on other hosts, not asked)"
        media = "image or video" if counts.media == 1 else "images and videos"
        requests = "request" if counts.requests == 1 else "requests"
        said += f", {counts.media:,} {media}, in {counts.requests:,} {requests}"
        if counts.retried:
            said += f" ({counts.retried:,} retried)"
        if counts.off_host:
            said += f"; {len(counts.off_host):,} media on other hosts not asked (--media-hosts)"
        if counts.out_of_time:
            said += f"; {counts.out_of_time:,} not asked: the run's time (--deadline) was up"
        return said


def _sample(urls: list[str], size: int) -> list[str]:
    """All of `urls`, or `size` of them the same on every run (by a digest of each), in order."""
    if len(urls) <= size:
        return urls
    chosen = set(sorted(urls, key=lambda url: hashlib.sha256(url.encode()).digest())[:size])
    return [url for url in urls if url in chosen]


def _media(element: etree._Element | None) -> list[tuple[str, str]]:
    """(kind, URL) of the images and videos a listed `<url>` names."""
    if element is None:
        return []
    found = [("image", (loc.text or "").strip()) for loc in element.iterfind(f"{IMAGE}image/{IMAGE}loc")]
    for video in element.iterfind(f"{VIDEO}video"):
        for name, kind in (
            ("thumbnail_loc", "video thumbnail"),
            ("content_loc", "video file"),
            ("player_loc", "video player"),
        ):
            if value := (video.findtext(VIDEO + name) or "").strip():
                found.append((kind, value))
    return [(kind, url) for kind, url in found if url]


def _index_locs(path: Path) -> list[str]:
    """The sitemaps the index at `path` names (nothing where it is no index, or unreadable: the
    offline check says why)."""
    try:
        root = parse_sitemap(str(path), read_sitemap_file(path))
    except ReadError:
        return []
    if root.tag != SM + "sitemapindex":
        return []
    return [(loc.text or "").strip() for loc in root.iterfind(f"{SM}sitemap/{SM}loc")]


def _as_urls(checker: Checker, mirror: Path, base_url: str) -> None:
    """The findings name the fetched files by their URLs, not by where they were kept."""
    prefixes = [f"{mirror.resolve()}/", f"{mirror}/"]
    for finding in checker.findings:
        for prefix in prefixes:
            finding.file = finding.file.replace(prefix, base_url)
            finding.message = finding.message.replace(prefix, base_url)
    for listed in [*checker.urls.values(), *checker.news_urls.values()]:
        for prefix in prefixes:
            listed.file = listed.file.replace(prefix, base_url)

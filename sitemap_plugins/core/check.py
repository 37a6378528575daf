"""Check a sitemap set: read a site's sitemaps the way a search engine does and find problems.

robots.txt -> its `Sitemap:` lines -> the index -> each sitemap, gzip too; or a single file.  Each
file is validated against the official schemas (shipped in the package, no network), then for
what schemas cannot see: the protocol's limits and location rule, hreflang self-reference and
reciprocity, language codes, duplicate URLs, lastmod dates, video fields, news age, and sitemap
files that robots.txt does not lead to.  One line per problem: file, line, URL, message.
"""

from __future__ import annotations

import datetime as dt
import gzip
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from lxml import etree

from sitemap_plugins.core.check_entries import EntryChecks, Finding, ListedUrl
from sitemap_plugins.core.model import IMAGE, NEWS, SM, VIDEO, XHTML
from sitemap_plugins.core.normalize import normalize_hreflang
from sitemap_plugins.core.options import (
    MAX_BYTES,
    MAX_INDEX_ENTRIES,
    MAX_NEWS_PER_FILE,
    MAX_URLS,
)
from sitemap_plugins.core.output.diskio import read_limited
from sitemap_plugins.core.output.schemas import schema_errors
from sitemap_plugins.core.robots import RobotsRules, read_robots_rules, sitemap_urls
from sitemap_plugins.core.sitemap_reader import is_text_sitemap
from sitemap_plugins.core.validate import MAX_IMAGES

RSS = "rss"
ATOM = "{http://www.w3.org/2005/Atom}"


class Checker(EntryChecks):
    def __init__(self, base_url: str, news_window_days: float = 2, now: dt.datetime | None = None) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.base = urlsplit(self.base_url)
        self.news_window = dt.timedelta(days=news_window_days)
        self.now = now or dt.datetime.now(dt.timezone.utc)
        self.findings: list[Finding] = []
        self.urls: dict[str, ListedUrl] = {}
        self.news_urls: dict[str, ListedUrl] = {}
        #: The links of the feeds the site offers as sitemaps.
        self.feed_urls: dict[str, ListedUrl] = {}
        #: What the site's robots.txt forbids (read where the site is at the host's root).
        self.robots_rules: RobotsRules | None = None
        self.checked: set[Path] = set()
        #: The site directory: sitemaps in its subdirectories may only list URLs under them.
        self.site: Path | None = None
        #: Keep each <url> element for the HTML report.
        self.keep_elements = False
        #: The site directory served at `base_url`, where a set is checked as a whole site: each
        #: URL of it the set lists must be a file there.
        self.files_root: Path | None = None
        #: What the live check asked of the site (`LiveCheck`), said after the rest.
        self.live_summary: str | None = None

    @property
    def listed(self) -> dict[str, ListedUrl]:
        """Every URL the files list, a news sitemap's too (one named alone lists only those)."""
        return {**self.news_urls, **self.urls}

    def add(self, file: Path | str, line: int | None, url: str | None, message: str, code: str) -> None:
        self.findings.append(Finding(str(file), line, url, message, code))

    def add_of_file(self, file: Path | str, message: str, code: str) -> None:
        """A finding of a whole file (a robots.txt, a sitemap, the site): no line, no URL."""
        self.add(file, None, None, message, code)

    def summary(self) -> str:
        """What was read and found, as the terminal and the report both say it."""
        errors = sum(1 for f in self.findings if not f.advice)
        advice = len(self.findings) - errors
        said = [f"{errors} problem(s)"] if errors else []
        said += [f"{advice} advice (not errors; --strict fails on them)"] if advice else []
        live = f"; {self.live_summary}" if self.live_summary else ""
        return (
            f"{len(self.checked)} file(s), {len(self.listed):,} URLs: "
            + (", ".join(said) or "no problems")
            + live
        )

    # -- a site ------------------------------------------------------------------------------

    def check_site(self, site: Path) -> None:
        # A built site (its home page is there): what its sitemaps list of it must be files of it.
        self.files_root = site if (site / "index.html").is_file() else None
        robots = site / "robots.txt"
        at_root = self.base.path in ("", "/")
        if at_root:
            self.robots_rules = read_robots_rules(robots, self.base_url)
            if not robots.exists():
                self.add_of_file(
                    robots, "no robots.txt: search engines will not find the sitemaps", "robots-missing"
                )
        else:
            # Crawlers read robots.txt only at the root of a host, which this directory is not.
            root = f"{self.base.scheme}://{self.base.netloc}/robots.txt"
            wanted = f"{self.base_url}sitemap.xml"
            # A robots.txt here that names the set already is one a host may serve at its root
            # (Read the Docs serves the default version's there): adding the line again is no fix.
            named = robots.is_file() and wanted in sitemap_urls(
                robots.read_bytes()[: 1 << 20].decode("utf-8", "replace")
            )
            self.add_of_file(
                robots,
                f"the site is under {self.base.path}: crawlers read only {root}, which is not in this "
                + (
                    f"directory; this one names {wanted} already, which crawlers read where the host serves "
                    f"it at {root} (as hosts of versioned docs serve the default version's)"
                    if named
                    else f"directory; add 'Sitemap: {wanted}' there"
                ),
                "robots-not-root",
            )
        entry_points = self._robots_entry_points(robots, site) if robots.exists() else []
        for path in entry_points:
            self.check_file(path, site)
        # Under a path, the robots.txt that reaches the set is at the root, not here: said above.
        unseen_robots = not at_root and not robots.exists()
        if entry_points and (site / "versions.json").is_file():
            # mike's branch: the versions not offered at the root keep sitemaps no crawler reaches
            # (often of builds before the plugin): what robots.txt leads to is what is checked.
            self._check_hreflang()
            return
        for path in _sitemap_files(site):
            if path.resolve() not in self.checked and not self._is_gzip_copy(path):
                if self._repeats_what_is_offered(path):
                    continue
                if not unseen_robots:
                    self.add_of_file(
                        path, "not reachable from robots.txt (no Sitemap: line leads to it)", "unreachable"
                    )
                self.check_file(path, site)
        if not self.checked:
            # Nothing to read: no search engine finds a sitemap of this site either.
            self.add_of_file(site, "no sitemap: none is here, and robots.txt names none", "no-sitemap")
        self._check_hreflang()

    def check(self, target: Path) -> None:
        """A built directory (from its robots.txt) or one sitemap file (and its hreflang groups)."""
        if target.is_dir():
            self.site = target
            self.check_site(target)
        else:
            self.site = target.parent
            self.check_file(target)
            self._check_hreflang()

    def html_report(self) -> str:
        """The findings as an HTML page (`--format html`)."""
        from sitemap_plugins.core.output.html_report import check_report

        return check_report(self, self.base_url)

    def _robots_entry_points(self, robots: Path, site: Path) -> list[Path]:
        """The sitemap files robots.txt's `Sitemap:` lines lead to in the site directory."""
        entry_points: list[Path] = []
        lines = robots.read_bytes().decode("utf-8", "replace").splitlines()
        sitemap_lines = [
            (n, line.split(":", 1)[1].strip())
            for n, line in enumerate(lines, 1)
            if line.strip().lower().startswith("sitemap:")
        ]
        if not sitemap_lines:
            self.add_of_file(robots, "no Sitemap: line", "robots-no-sitemap")
        for number, url in sitemap_lines:
            if not urlsplit(url).scheme:
                self.add(robots, number, url, "Sitemap: must be an absolute URL", "robots-relative")
                continue
            if (path := self._local(site, url)) is None:
                if url.startswith(self.base_url):
                    self.add(
                        robots,
                        number,
                        url,
                        "Sitemap: leads outside the site directory; not read",
                        "location",
                    )
                continue  # another host: not ours to read
            if not path.is_file():
                self.add(robots, number, url, "Sitemap: points at a missing file", "robots-missing-file")
                continue
            entry_points.append(path)
        return entry_points

    def _repeats_what_is_offered(self, path: Path) -> bool:
        """A urlset robots.txt does not lead to whose every page the sitemaps it leads to list:
        a list for whoever opens it by name (with option `sections`, `sitemap.xml` lists every
        page for the themes that read it), which offers search engines nothing new."""
        if not self.urls:
            return False
        try:
            data, too_big = read_limited(path, MAX_BYTES)
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
        except (OSError, EOFError, zlib.error, etree.XMLSyntaxError):
            return False
        locs = [(loc.text or "").strip() for loc in root.iterfind(f"{SM}url/{SM}loc")]
        if too_big or root.tag != SM + "urlset" or not locs or not all(loc in self.urls for loc in locs):
            return False
        self.checked.add(path.resolve())
        return True

    def _is_gzip_copy(self, path: Path) -> bool:
        """`sitemap.xml.gz` beside a checked `sitemap.xml` with the same content: the same sitemap."""
        plain = path.with_suffix("")
        if path.suffix != ".gz" or plain.resolve() not in self.checked:
            return False
        try:
            data, too_big = read_limited(path, MAX_BYTES)
            return not too_big and data == plain.read_bytes()
        except (OSError, EOFError, zlib.error):
            return False

    # -- one file ----------------------------------------------------------------------------

    def check_file(self, path: Path, site: Path | None = None) -> None:
        if path.resolve() in self.checked:
            return
        self.checked.add(path.resolve())
        site = site or path.parent
        try:
            data, too_big = read_limited(path, MAX_BYTES)
        except (zlib.error, EOFError) as error:
            self.add_of_file(path, f"not a valid gzip file ({error})", "gzip")
            return
        except OSError as error:
            self.add_of_file(path, f"cannot be read ({error.strerror})", "xml")
            return
        if too_big:
            # Not read further: a crawler stops at 50 MB, and a gzip bomb stops here.
            self.add_of_file(
                path, "more than 50 MB (52,428,800 bytes) uncompressed; not read further", "too-big"
            )
            return
        if is_text_sitemap(path.name):
            self._text(path, data)
            return
        try:
            parser = etree.XMLParser(huge_tree=True, resolve_entities=False, load_dtd=False, no_network=True)
            root = etree.fromstring(data, parser)
        except etree.XMLSyntaxError as error:
            self.add(path, error.lineno, None, f"not well-formed XML: {error.msg}", "xml")
            return
        if root.getroottree().docinfo.doctype:
            self.add(
                path,
                1,
                None,
                "declares a DOCTYPE (entities, a DTD): search engines do not expand them, and nothing in "
                "it is read here; a sitemap has none",
                "xml",
            )
            return
        if root.tag in (RSS, ATOM + "feed"):
            self._feed(path, root)  # the protocol accepts RSS 2.0 and Atom 1.0 feeds as sitemaps
            return
        # A news sitemap with no article in the window is empty, as Google allows, though the
        # schema wants a <url>.
        empty_news = root.tag == SM + "urlset" and len(root) == 0 and root.nsmap.get("news") == NEWS[1:-1]
        for message in [] if empty_news else schema_errors(data):
            line = int(message.split(":")[0][5:]) if message.startswith("line ") else None
            self.add(path, line, None, f"schema: {message.split(': ', 1)[-1]}", "schema")
        if root.tag == SM + "sitemapindex":
            self._index(path, root, site)
        elif root.tag == SM + "urlset":
            self._urlset(path, root)
        else:
            self.add(
                path,
                root.sourceline,
                None,
                f"not a sitemap: the root is <{etree.QName(root).localname}>",
                "xml",
            )

    def _index(self, path: Path, root: Any, site: Path) -> None:
        sitemaps = root.findall(SM + "sitemap")
        if len(sitemaps) > MAX_INDEX_ENTRIES:
            self.add_of_file(path, f"{len(sitemaps):,} sitemaps: an index lists at most 50,000", "too-many")
        for sitemap in sitemaps:
            loc = (sitemap.findtext(SM + "loc") or "").strip()
            self._lastmod(path, sitemap, loc)
            if not self._in_scope(path, sitemap.sourceline, loc):
                continue
            target = self._local(site, loc)
            if target is None or not target.is_file():
                self.add(
                    path,
                    sitemap.sourceline,
                    loc,
                    "the index lists a sitemap that does not exist",
                    "index-missing",
                )
            elif target.resolve() == path.resolve():
                self.add(path, sitemap.sourceline, loc, "the index names itself: a loop", "index-loop")
            elif target.suffix in (".xml", ".gz", ".rss", ".atom") and _is_sitemap(target, feeds=True):
                if _is_sitemap(target, feeds=False, roots=(b"<sitemapindex",)):
                    # The protocol forbids nesting: engines read no index an index names.
                    looped = target.resolve() in self.checked
                    said = (
                        "an index already read: a loop, and an index names sitemaps, never an index"
                        if looped
                        else "an index: the protocol forbids an index of indexes (engines read none of it)"
                    )
                    self.add(path, sitemap.sourceline, loc, said, "index-nested")
                    if looped:
                        continue
                self.check_file(target, site)

    def _feed(self, path: Path, root: Any) -> None:
        """An RSS 2.0 or Atom 1.0 feed read as the protocol reads it: each item's or entry's link
        is a URL, in scope like any <loc>.  What makes it a feed is checked; the rest is the feed's."""
        if root.tag == RSS:
            if (channel := root.find("channel")) is None:
                self.add(path, root.sourceline, None, "not an RSS 2.0 feed: no <channel>", "feed")
                return
            links = [(item, (item.findtext("link") or "").strip()) for item in channel.iterfind("item")]
        else:
            links = [(entry, _atom_link(entry)) for entry in root.iterfind(ATOM + "entry")]
        for element, url in links:
            if not url:
                self.add(path, element.sourceline, None, "a feed item without a link", "feed")
            elif self._in_scope(path, element.sourceline, url):
                self.feed_urls.setdefault(url, ListedUrl(str(path), element.sourceline))

    def _urlset(self, path: Path, root: Any) -> None:
        urls = root.findall(SM + "url")
        if len(urls) > MAX_URLS:
            self.add_of_file(path, f"{len(urls):,} URLs: a sitemap holds at most 50,000", "too-many")
        news_count = 0
        for url in urls:
            loc = (url.findtext(SM + "loc") or "").strip()
            line = url.sourceline
            self._in_scope(path, line, loc, sitemap_dir=True)
            # A news sitemap repeats pages of the regular ones, as Google recommends: duplicates
            # are looked for among news entries and among the others, separately.
            news = url.find(NEWS + "news")
            seen = self.news_urls if news is not None else self.urls
            self._listed(seen, path, line, loc, url if self.keep_elements else None)
            self._lastmod(path, url, loc)
            self._allowed(path, line, loc, "page")
            if news is None:  # a news entry repeats a page of the others: judged there
                self._served(path, line, loc, "page")
            images = url.findall(IMAGE + "image")
            for image in images:
                image_loc = (image.findtext(IMAGE + "loc") or "").strip()
                self._allowed(path, image.sourceline, image_loc, "image")
                self._served(path, image.sourceline, image_loc, "image")
            if len(images) > MAX_IMAGES:
                self.add(
                    path, line, loc, f"{len(images):,} images: at most 1,000 per page", "too-many-images"
                )
            for video in url.findall(VIDEO + "video"):
                self._video(path, video, loc)
            if news is not None:
                news_count += 1
                self._news(path, news, loc)
            links = {}
            for link in url.findall(XHTML + "link"):
                code, href = link.get("hreflang") or "", (link.get("href") or "").strip()
                if code.lower() != "x-default":
                    try:
                        normalize_hreflang(code)
                    except ValueError as error:
                        self.add(path, link.sourceline, loc, f"hreflang: {error}", "hreflang-code")
                links[code] = href
            if seen[loc].file == str(path) and seen[loc].line == line:
                seen[loc].links = links
        if news_count > MAX_NEWS_PER_FILE:
            self.add_of_file(path, f"{news_count:,} news: a sitemap holds at most 1,000", "too-many-news")

    def _text(self, path: Path, data: bytes) -> None:
        """A text sitemap, the protocol's other format: one absolute URL a line, UTF-8 (a byte
        order mark aside), at most 50,000; nothing else, neither header nor footer."""
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            self.add(path, line, None, "not UTF-8: a text sitemap is UTF-8 text", "encoding")
            return
        lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
        locs = [(number, loc) for number, loc in lines if loc]
        if len(locs) > MAX_URLS:
            self.add_of_file(path, f"{len(locs):,} URLs: a sitemap holds at most 50,000", "too-many")
        for number, loc in locs:
            if not self._in_scope(path, number, loc, sitemap_dir=True):
                continue
            self._listed(self.urls, path, number, loc)
            self._allowed(path, number, loc, "page")
            self._served(path, number, loc, "page")

    def _listed(
        self, seen: dict[str, ListedUrl], path: Path, line: int | None, loc: str, element: Any = None
    ) -> None:
        """`loc` listed at `path`:`line`: kept in `seen`, or a duplicate of the first listing."""
        if loc in seen:
            first = seen[loc]
            self.add(path, line, loc, f"listed twice (also {first.file}:{first.line})", "duplicate")
        else:
            seen[loc] = ListedUrl(str(path), line, element=element)


def _is_sitemap(path: Path, feeds: bool = False, roots: tuple[bytes, ...] = ()) -> bool:
    """Does the file's head name a sitemap's root (or, with `feeds`, a feed's; or one of
    `roots`)?  A quick look that spares parsing every XML file of a site; the parse decides."""
    try:
        with path.open("rb") as stream:
            head = stream.read(4096)
        if head[:2] == b"\x1f\x8b":
            with gzip.open(path, "rb") as stream:
                head = stream.read(4096)
    except (OSError, EOFError):
        return False
    roots = roots or (b"<urlset", b"<sitemapindex", *((b"<rss", b"<feed") if feeds else ()))
    return any(root in head for root in roots)


def _atom_link(entry: Any) -> str:
    """An Atom entry's link to its page: `rel="alternate"` or no `rel` (RFC 4287)."""
    for link in entry.iterfind(ATOM + "link"):
        if (link.get("rel") or "alternate") == "alternate":
            return (link.get("href") or "").strip()
    return ""


def _sitemap_files(site: Path) -> list[Path]:
    found = [p for pattern in ("*.xml", "*.xml.gz") for p in site.rglob(pattern) if p.is_file()]
    return sorted(p for p in found if _is_sitemap(p))


def base_url_of(target: Path) -> str | None:
    """The site's address as the site names it: robots.txt's first `Sitemap:` line (the directory
    of the sitemap it names), else the first address a sitemap file lists."""
    site = target if target.is_dir() else target.parent
    robots = site / "robots.txt"
    try:
        text = robots.read_bytes()[: 1 << 20].decode("utf-8", "replace") if robots.is_file() else ""
    except OSError:
        text = ""
    for url in sitemap_urls(text):
        if url.startswith(("http://", "https://")):
            return url.rsplit("/", 1)[0] + "/"
    files = [target] if target.is_file() else [site / "sitemap.xml", site / "sitemap.xml.gz"]
    for path in files:
        try:
            data, _ = read_limited(path, MAX_BYTES)
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
        except (OSError, EOFError, zlib.error, etree.XMLSyntaxError):
            continue
        loc = (root.findtext(f"{SM}*/{SM}loc") or "").strip()
        if loc.startswith(("http://", "https://")):
            scheme, _, rest = loc.partition("://")
            return f"{scheme}://{rest.split('/', 1)[0]}/"
    return None

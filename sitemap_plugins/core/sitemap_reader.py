"""Read a sitemap set back, as a crawler does: robots.txt, the index, each sitemap, gzip too.

`submit` compares two sets by their locs and lastmods: the one just built (a directory) and the
previous one (a directory, a file kept from the last deploy, or the live URL).  Reading is guarded
as `check` is: nothing is read outside the site directory, no entity is expanded, gzip is inflated
in a stream with the protocol's 50 MB limit, and only URLs the set itself names are fetched.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import etree

from sitemap_plugins.core.files import NotRegularFile
from sitemap_plugins.core.normalize import date_key, origin, parse_date, path_under, uri_or_same
from sitemap_plugins.core.options import MAX_BYTES
from sitemap_plugins.core.output.diskio import gunzip_at_most, read_limited
from sitemap_plugins.core.output.packing import IndexItem
from sitemap_plugins.core.robots import sitemap_urls

SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
#: At most this many sitemap files in one set (an index lists at most 50,000; several indexes).
MAX_FILES = 1000


class ReadError(ValueError):
    """The set cannot be read; the message names the file or URL and why."""


#: loc -> lastmod (None when the entry has none), locs normalised as the writer normalises them.
UrlSet = dict[str, "dt.date | dt.datetime | None"]


class SetReader:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.base = urlsplit(self.base_url)
        self.files = 0

    # -- where a set comes from ------------------------------------------------------------------

    def from_directory(self, site: Path) -> UrlSet:
        """The set a crawler finds from SITE_DIR/robots.txt (or SITE_DIR/sitemap.xml without one)."""
        robots = site / "robots.txt"
        starts: list[str] = []
        if robots.is_file():
            text = robots.read_bytes().decode("utf-8", "replace")
            starts = [u for u in sitemap_urls(text) if u.startswith(self.base_url)]
        if not starts:
            starts = [self.base_url + "sitemap.xml"]
        found: UrlSet = {}
        for url in starts:
            self._read(url, lambda u: self._local(site, u), found, set())
        return found

    def from_file(self, path: Path) -> UrlSet:
        """A sitemap or index kept from the last deploy; an index's files are looked for beside it."""
        found: UrlSet = {}

        def load(url: str) -> bytes:
            if url == "<start>":
                return read_sitemap_file(path)
            return read_sitemap_file(path.parent / unquote(urlsplit(url).path.rsplit("/", 1)[-1]))

        if is_text_sitemap(path.name):
            self.files += 1
            _read_text(load("<start>"), found)
        else:
            self._read("<start>", load, found, set())
        return found

    def from_url(
        self, url: str, fetch: Callable[[str], bytes] | None = None, deadline: float | None = None
    ) -> UrlSet:
        """The live set: `url` and the files its index names on the same origin, nothing else."""
        fetch = fetch or (lambda part: fetch_limited(part, deadline))
        found: UrlSet = {}
        self._read(url, fetch, found, set(), same_origin=origin(url))
        return found

    # -- one file ------------------------------------------------------------------------------

    def _read(
        self,
        url: str,
        load: Callable[[str], bytes],
        found: UrlSet,
        seen: set[str],
        same_origin: tuple[str, str, int | None] | None = None,
    ) -> None:
        if url in seen:
            return
        seen.add(url)
        self.files += 1
        if self.files > MAX_FILES:
            raise ReadError(f"more than {MAX_FILES:,} sitemap files: not read further")
        data = load(url)
        if is_text_sitemap(urlsplit(url).path):
            _read_text(data, found)
            return
        root = parse_sitemap(url, data)
        if root.tag == SM + "sitemapindex":
            for sitemap in root.iterfind(SM + "sitemap"):
                child = (sitemap.findtext(SM + "loc") or "").strip()
                if same_origin is not None and origin(child) != same_origin:
                    continue  # only what the set itself names, on its own origin
                if child.endswith((".xml", ".xml.gz")) or "sitemap" in child:
                    self._read(child, load, found, seen, same_origin)
        elif root.tag == SM + "urlset":
            for entry in root.iterfind(SM + "url"):
                if not (loc := (entry.findtext(SM + "loc") or "").strip()):
                    continue
                found[uri_or_same(loc)] = read_date(entry.findtext(SM + "lastmod"))
        else:
            raise ReadError(f"{url}: not a sitemap (the root is <{etree.QName(root).localname}>)")

    def _local(self, site: Path, url: str) -> bytes:
        if not url.startswith(self.base_url):
            raise ReadError(f"{url}: not under {self.base_url}")
        if (target := site_file(site, self.base_url, url)) is None:
            raise ReadError(f"{url}: leads outside {site}; not read")
        return read_sitemap_file(target)


def _read_text(data: bytes, found: UrlSet) -> None:
    """A text sitemap's URLs, a line each; it dates nothing."""
    for line in data.decode("utf-8", "replace").splitlines():
        if loc := line.strip():
            found[uri_or_same(loc)] = None


def is_text_sitemap(name: str) -> bool:
    """The protocol names a text sitemap by its name alone: any name ending in .txt (gzip too)."""
    return name.lower().removesuffix(".gz").endswith(".txt")


def site_file(site: Path, base_url: str, url: str) -> Path | None:
    """The file a URL under `base_url` names in the site directory; None for another site, or for
    a URL whose `..` segments (even percent-encoded) lead outside the site: nothing outside it is
    read."""
    if (rest := path_under(url, base_url)) is None:
        return None
    relative = unquote(rest.partition("#")[0].partition("?")[0].lstrip("/") or "index.html")
    target = (site / relative).resolve()
    root = site.resolve()
    return target if target == root or root in target.parents else None


def read_sitemap_file(path: Path) -> bytes:
    """A sitemap file's bytes (gunzipped), at most 50 MB; ReadError says why not."""
    try:
        data, too_big = read_limited(path, MAX_BYTES)
    except FileNotFoundError as error:
        raise ReadError(f"{path}: no such file") from error
    except NotRegularFile as error:
        raise ReadError(f"{path}: is {error.strerror}; not read") from error
    except OSError as error:
        raise ReadError(f"{path}: cannot be read ({error.strerror})") from error
    except (zlib.error, EOFError) as error:
        raise ReadError(f"{path}: not a valid gzip file ({error})") from error
    if too_big:
        raise ReadError(f"{path}: more than 50 MB uncompressed; not read further")
    return data


def fetch_limited(url: str, deadline: float | None = None) -> bytes:
    """GET `url` (http or https only; a redirect within its origin only), at most 50 MB after
    gunzipping, within one deadline for the whole request (`web`)."""
    from sitemap_plugins.core import web  # only where a set is fetched

    try:
        answer = web.get(url, MAX_BYTES, deadline)
    except web.WebError as error:
        raise ReadError(f"cannot be fetched: {error}") from error
    if answer.status != 200:
        raise ReadError(f"{url}: cannot be fetched (HTTP {answer.status})")
    raw = answer.body
    if answer.headers.get("Content-Encoding", "").lower() == "gzip" or raw[:2] == b"\x1f\x8b":
        try:
            data = gunzip_at_most([raw], MAX_BYTES)
        except (zlib.error, EOFError) as error:
            raise ReadError(f"{url}: not valid gzip ({error})") from error
        if data is None:
            raise ReadError(f"{url}: more than 50 MB uncompressed; not read further")
        return data
    return raw


def parse_sitemap(url: str, data: bytes):
    """The root element, no entity expanded; ReadError names `url` and the reason."""
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        raise ReadError(f"{url}: not well-formed XML ({error.msg})") from error
    if root.getroottree().docinfo.doctype:
        raise ReadError(f"{url}: declares a DOCTYPE (entities); a sitemap has none, so it is not read")
    return root


def read_date(text: str | None):
    """A lastmod as written, parsed; None when absent or not a W3C date."""
    if not text or not text.strip():
        return None
    try:
        return parse_date(text.strip(), dt.timezone.utc)
    except ValueError:
        return None


def same_date(first, second) -> bool:
    if first is None or second is None:
        return first is second
    return date_key(first, dt.timezone.utc) == date_key(second, dt.timezone.utc)


def read_index_items(path: Path, url: str) -> list[IndexItem]:
    """What an index names of the set whose entry point is the file at `path`, served at `url`:
    that file, dated by its newest page; or, where it is an index itself, the sitemaps it names
    under `url`'s directory, with their dates.  ReadError says why the file cannot be read."""
    document = parse_sitemap(str(path), read_sitemap_file(path))
    prefix = url.rsplit("/", 1)[0] + "/"
    if document.tag == SM + "sitemapindex":
        return [
            IndexItem(loc, read_date(item.findtext(SM + "lastmod")))
            for item in document.iterfind(SM + "sitemap")
            if (loc := (item.findtext(SM + "loc") or "").strip()).startswith(prefix)
        ]
    dates = [d for text in document.iterfind(f"{SM}url/{SM}lastmod") if (d := read_date(text.text))]
    newest = max(dates, key=lambda d: date_key(d, dt.timezone.utc), default=None)
    return [IndexItem(url, newest)]

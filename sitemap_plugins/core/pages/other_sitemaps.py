"""The sitemaps another tool wrote into a built site: Hugo's index and one set per language,
sphinx-sitemap's, jekyll-sitemap's, a hand-kept one.

What they know of the pages (a lastmod from front matter or git, translations, images) fills in
where the pages themselves say less (`Harvester`), and with `replace_sitemaps` ours takes the
place of every one of them (`write_sitemaps`): none is left stale, nor named in robots.txt.

They are found as crawlers and site owners find them: the names tools give a site's sitemap,
the `Sitemap:` lines of robots.txt, what an index names, and a `sitemap.xml` one directory down
(a language's own set, as Hugo writes it).  Ours are not theirs: our marker, or the digest the
last manifest keeps.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitemap_plugins.core.files import not_served, read_regular, same_file
from sitemap_plugins.core.normalize import comparable, date_key, format_w3c, uri_or_same
from sitemap_plugins.core.output.fileset import is_ours, read_manifest
from sitemap_plugins.core.robots import MAX_ROBOTS_BYTES, sitemap_urls
from sitemap_plugins.core.sitemap_reader import (
    SM,
    ReadError,
    parse_sitemap,
    read_date,
    read_sitemap_file,
    same_date,
    site_file,
)

#: What tools call the sitemap at a site's root (Hugo, jekyll-sitemap, sphinx-sitemap:
#: sitemap.xml; WordPress' static exporters: sitemap_index.xml).
ROOT_NAMES = ("sitemap.xml", "sitemap.xml.gz", "sitemap_index.xml", "sitemap-index.xml")
#: What a language's or a version's folder holds of its generator's sitemap.
_FOLDER_NAMES = ("sitemap.xml", "sitemap.xml.gz")
XHTML = "{http://www.w3.org/1999/xhtml}"
IMAGE = "{http://www.google.com/schemas/sitemap-image/1.1}"
#: How near the day a sitemap file was written a date all its URLs share must be to be that
#: day: time zones apart, a day and a half.
_BUILD_SLACK = dt.timedelta(hours=36)


@dataclass
class PageFacts:
    """What another tool's sitemap says of one page."""

    #: The file that says it (`en/sitemap.xml`).
    file: str
    lastmod: str | None = None
    #: hreflang code -> URL, as written.
    alternates: dict[str, str] = field(default_factory=dict)
    images: list[str] = field(default_factory=list)


@dataclass
class OtherSitemaps:
    """The sitemaps another tool wrote into a directory, and what they say of its pages."""

    #: Their paths in the directory (`sitemap.xml`, `en/sitemap.xml`), as found.
    files: list[str] = field(default_factory=list)
    #: A page's URL -> what they say of it.
    pages: dict[str, PageFacts] = field(default_factory=dict)
    #: A urlset's path -> the URLs it lists.
    listed: dict[str, set[str]] = field(default_factory=dict)
    #: What of them cannot be used, as (file, message): said at INFO.
    notes: list[tuple[str, str]] = field(default_factory=list)
    #: What of them is wrong and the owner can mend (URLs the site does not serve), as (file,
    #: message): a WARNING.
    problems: list[tuple[str, str]] = field(default_factory=list)
    #: Those an earlier run's set took the place of (gone now, or ours), what they said as its
    #: manifest keeps it (`kept_facts`).
    kept: list[str] = field(default_factory=list)

    def about(self, *urls: str) -> PageFacts | None:
        """What they say of the page at the first of `urls` they know, however they spell it
        (`X/` or `X/index.html`, `X` or `X.html`: one file)."""
        if not self.pages:
            return None
        for url in urls:
            for spelling in same_file(uri_or_same(url)):
                facts = self.pages.get(comparable(spelling))  # `a%26b.html` is `a&b.html`
                if facts is not None:
                    return facts
        return None


def read_other_sitemaps(directory: Path, base_url: str, leave: Collection[str] = ()) -> OtherSitemaps:
    """The sitemaps in `directory` (served at `base_url`) that are not ours, read.  `leave`: the
    names of files the generator writes that its face replaces anyway (MkDocs' own sitemap)."""
    found = OtherSitemaps()
    if not directory.is_dir():
        return found
    manifest = read_manifest(directory)
    # (name, whether the name alone makes it a sitemap): a file robots.txt or a language
    # directory names is one only where it reads as one (a feed is named there too).
    try:
        # Spelt as they are: on a file system that ignores case, `Sitemap.xml` is the owner's.
        here = set(os.listdir(directory))
    except OSError:
        return found
    queue = [(name, True) for name in ROOT_NAMES if name in here]
    queue += [(name, False) for name in _named_in_robots_txt(directory, base_url)]
    # A folder's own (a language's, a version's), and its gzipped twin (MkDocs writes both).
    queue += [(f"{name}/{twin}", False) for name in _directories(directory) for twin in _FOLDER_NAMES]
    seen: set[str] = set()
    read: dict[str, bytes] = {}  # what each file read holds, uncompressed
    while queue:
        name, by_name = queue.pop(0)
        if name in seen or name in leave:
            continue
        seen.add(name)
        path = directory / name
        try:
            if not path.is_file() or is_ours(directory, name, manifest):
                continue
        except OSError:  # a directory that cannot be read: the pages' walk names it
            continue
        try:
            data = read_sitemap_file(path)
            if name.endswith(".gz") and read.get(name.removesuffix(".gz")) == data:
                found.files.append(name)  # the gzipped twin of one read: said once, replaced with it
                continue
            read[name] = data
            root = parse_sitemap(name, data)
        except ReadError as error:
            if by_name:
                found.files.append(name)
                found.notes.append((name, f"{str(error).removeprefix(name + ': ')}; not read"))
            continue
        if root.tag == SM + "sitemapindex":
            found.files.append(name)
            locs = (
                _file_name(directory, base_url, (e.text or "").strip())
                for e in root.iterfind(f"{SM}sitemap/{SM}loc")
            )
            queue[:0] = [(child, False) for child in locs if child is not None]  # in the index's order
        elif root.tag == SM + "urlset":
            found.files.append(name)
            _read_urlset(root, name, directory, base_url, found)
        elif by_name:
            found.files.append(name)  # a file at a sitemap's name, which is none
    _add_kept(found, manifest.replaced)
    return found


def _read_urlset(root: Any, name: str, directory: Path, base_url: str, found: OtherSitemaps) -> None:
    facts = []
    for url in root.iterfind(SM + "url"):
        if not (loc := (url.findtext(SM + "loc") or "").strip()):
            continue
        page = PageFacts(name, (url.findtext(SM + "lastmod") or "").strip() or None)
        for link in url.iterfind(XHTML + "link"):
            code, href = (link.get("hreflang") or "").strip(), (link.get("href") or "").strip()
            if "alternate" in (link.get("rel") or "").lower().split() and code and href:
                page.alternates[code] = href
        page.images = [
            text for e in url.iterfind(f"{IMAGE}image/{IMAGE}loc") if (text := (e.text or "").strip())
        ]
        facts.append((loc, page))
    # URLs that lead to no file of the site: a wrong base in the tool's configuration
    # (sphinx-sitemap's `{lang}{version}` for a site served without them), or a stale file.
    nowhere = [
        loc
        for loc, _ in facts
        if not (loc.startswith(base_url) and not_served(directory, base_url, loc) is None)
    ]
    if nowhere:
        found.problems.append(
            (
                name,
                f"{len(nowhere):,} of its {len(facts):,} URLs are no file of the site under {base_url} "
                f"({nowhere[0]}{', …' if len(nowhere) > 1 else ''}): nothing is taken from it for them",
            )
        )
    # MkDocs' own sitemap, pelican-sitemap's and many tools': the build's time for every page, or
    # for most (pelican-sitemap dates the articles, and stamps the build on every other page).
    shared, count = _most_shared_date(facts)
    if shared is not None and _written_that_day(directory / name, shared):
        for _, page in facts:
            if page.lastmod is not None and same_date(read_date(page.lastmod), shared):
                page.lastmod = None
        which = f"all its {len(facts):,}" if count == len(facts) else f"{count:,} of its {len(facts):,}"
        found.notes.append(
            (
                name,
                f"dates {which} URLs {format_w3c(shared)}, the day it was written: when the site was "
                "built, not when its pages changed; those dates are not used",
            )
        )
    found.listed[name] = {uri_or_same(loc) for loc, _ in facts}
    for loc, page in facts:
        found.pages.setdefault(comparable(uri_or_same(loc)), page)


def kept_facts(found: OtherSitemaps, names: Collection[str]) -> dict[str, Any]:
    """What the sitemaps `names` said (each page's lastmod, alternates and images; the notes and
    problems said of each), as the manifest of the set that takes their place keeps it."""
    return {
        name: {
            "pages": {
                key: [p.lastmod, p.alternates, p.images] for key, p in found.pages.items() if p.file == name
            },
            "notes": [message for file, message in found.notes if file == name],
            "problems": [message for file, message in found.problems if file == name],
        }
        for name in names
    }


def _add_kept(found: OtherSitemaps, kept: dict[str, Any]) -> None:
    """The sitemaps an earlier run's set took the place of, where their tool has not written them
    again: what they said, from its manifest (`kept_facts`); a manifest edited out of shape is
    not read."""
    for name, said in kept.items():
        if name in found.files:
            continue
        try:
            pages = {key: PageFacts(name, *facts) for key, facts in said["pages"].items()}
            notes = [(name, str(note)) for note in said["notes"]]
            problems = [(name, str(problem)) for problem in said["problems"]]
        except (KeyError, TypeError, AttributeError):
            continue
        if not all(isinstance(p.alternates, dict) and isinstance(p.images, list) for p in pages.values()):
            continue
        found.kept.append(name)
        found.notes, found.problems = found.notes + notes, found.problems + problems
        found.pages = {**pages, **found.pages}


def lists_any(found: OtherSitemaps, name: str, locs: Collection[str]) -> bool:
    """The sitemap `name` lists one of `locs`, however it spells it (`X/` or `X/index.html`)."""
    return any(spelling in locs for url in found.listed.get(name, ()) for spelling in same_file(url))


def _most_shared_date(facts: list[tuple[str, PageFacts]]) -> tuple[Any, int]:
    """The date most of the sitemap's URLs share (more than half of two or more), and how many."""
    dates = Counter(date for _, page in facts if (date := read_date(page.lastmod)) is not None)
    if len(facts) < 2 or not dates:
        return None, 0
    date, count = dates.most_common(1)[0]
    return (date, count) if count * 2 > len(facts) else (None, 0)


def _written_that_day(path: Path, date: dt.date | dt.datetime) -> bool:
    try:
        written = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc)
    except OSError:
        return False
    return abs(date_key(date, dt.timezone.utc) - written) <= _BUILD_SLACK


def _named_in_robots_txt(directory: Path, base_url: str) -> list[str]:
    try:
        text = read_regular(directory / "robots.txt", MAX_ROBOTS_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    names = (_file_name(directory, base_url, url) for url in sitemap_urls(text))
    return [name for name in names if name is not None]


def _directories(directory: Path) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            return sorted(e.name for e in entries if not e.name.startswith(".") and e.is_dir())
    except OSError:
        return []


def _file_name(directory: Path, base_url: str, url: str) -> str | None:
    """The path in `directory` of the file `url` names; None for a URL elsewhere."""
    target = site_file(directory, base_url, url) if url else None
    if target is None:
        return None
    return target.relative_to(directory.resolve()).as_posix()

"""Built pages as a file system holds them: which files are pages, and their text.

A site directory is the user's: it can hold names that are not UTF-8, links leading out of it,
FIFOs, files the build cannot read, and pages of any size.  Only regular files inside the
directory are read, at most what a search engine reads of one, decoded as a browser decodes a
page served without HTTP headers: its byte order mark, else its `<meta charset>`, else UTF-8.
"""

from __future__ import annotations

import codecs
import errno
import functools
import os
import posixpath
import stat
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes, urlsplit

from lxml import etree

from sitemap_plugins.core.normalize import comparable

HTML_SUFFIXES = (".html", ".htm")
#: Google reads the first 15 MB of an HTML file; what lies past it is not seen (SPEC.md).
MAX_HTML_BYTES = 15 * 1024 * 1024
#: The HTML standard's encoding prescan looks at the first 1,024 bytes.
PRESCAN_BYTES = 1024
#: The characters a path segment keeps as they are (RFC 3986); the rest is percent-encoded.
URL_PATH_SAFE = "/:@!$&'()*+,;=-._~"


@dataclass
class PageFile:
    """A page file's bytes, or why it was not read."""

    data: bytes | None = None
    #: Why the file was not read: the page is left out, with a WARNING naming it.
    problem: str | None = None
    #: The file is larger than a search engine reads: only its first MAX_HTML_BYTES were read.
    truncated: bool = False


def display_name(path: str) -> str:
    """A file name for messages and reports: bytes that are not UTF-8 shown as `\\xe9`."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def url_path(relative: str) -> str:
    """The URL path a web server serves a file's name at: its bytes, percent-encoded (a name that
    is not UTF-8 keeps its own bytes, `caf%E9.html`)."""
    return quote(os.fsencode(relative), safe=URL_PATH_SAFE)


def path_in(directory: str | os.PathLike[str], path: str | os.PathLike[str]) -> str | None:
    """`path` relative to `directory`, its parts joined by `/` as in a URL; None where it is not inside. Both
    are taken as spelled, not resolved: a generator names its files under the directory it was given, a link
    or not. Names compare as the system compares them (on Windows, either slash and any case)."""
    root = os.path.join(os.path.abspath(directory), "")
    text = os.path.abspath(path)
    if not os.path.normcase(text).startswith(os.path.normcase(root)):
        return None
    return text[len(root) :].replace(os.sep, "/")


def not_served(
    site_dir: str | os.PathLike[str], base_url: str, url: str, folders: dict[str, bool] | None = None
) -> str | None:
    """Why a static web server serving `site_dir` at `base_url` sends no file of the site for
    `url` (a directory's `index.html`, a name's `.html` as many servers add it): NO_FILE, or
    `not_the_sites`'s reason; None where it sends one, or for a URL outside the site.
    `folders` keeps, for a run that asks of many URLs, whether each folder asked of is one."""
    if not url.startswith(base_url):
        return None
    # Not urlsplit: a first segment such as `c++:intro/` would be taken for a scheme.
    relative = os.fsdecode(unquote_to_bytes(url[len(base_url) :].partition("#")[0].partition("?")[0]))
    normal = posixpath.normpath(relative) if relative else "."
    if normal == ".." or normal.startswith("../"):
        return NO_FILE
    target = os.path.join(site_dir, normal)
    if folders is not None:
        if (folder := os.path.dirname(target)) not in folders:
            folders[folder] = os.path.isdir(folder)
        if not folders[folder]:
            return NO_FILE  # none of the names tried below can be in a folder that is not there
    if not relative or relative.endswith("/"):
        candidates: tuple[str, ...] = (os.path.join(target, "index.html"),)
    else:
        candidates = (target, os.path.join(target, "index.html"), target + ".html")
    for candidate in candidates:
        try:
            if stat.S_ISDIR(os.stat(candidate).st_mode):
                continue
        except OSError:
            if not os.path.lexists(candidate):  # a link that leads nowhere is the site's to mend
                continue
        return not_the_sites(candidate, real_folder(os.path.abspath(site_dir)))
    return NO_FILE


NO_FILE = "is no file of the site (a 404)"


@functools.lru_cache(maxsize=65536)
def real_folder(folder: str) -> str:
    """Where the folder `folder` (absolute) is, its links followed, found from its parent's: a
    system call per folder of a site, where `realpath` makes one per part of every path."""
    parent = os.path.dirname(folder)
    if parent == folder or os.path.islink(folder):
        return os.path.realpath(folder)
    return os.path.join(real_folder(parent), os.path.basename(folder))


def real_path(path: str | os.PathLike[str]) -> str:
    """Where the file at `path` is, its links followed (`real_folder`'s)."""
    absolute = os.path.abspath(path)
    if os.path.islink(absolute):
        return os.path.realpath(absolute)
    return os.path.join(real_folder(os.path.dirname(absolute)), os.path.basename(absolute))


def host_root(site_dir: str | os.PathLike[str], base_url: str) -> Path | None:
    """The directory served at the root of `base_url`'s host, where `site_dir` (served at
    `base_url`) nests as its URL does (`site/de/` for `https://example.com/de/`); None where it
    does not: the other sets a host serves beside it are then not found on disk."""
    segments = [part for part in urlsplit(base_url).path.split("/") if part]
    directory = Path(site_dir).resolve()
    if not segments:
        return directory
    if list(directory.parts[-len(segments) :]) != segments:
        return None
    return directory.parents[len(segments) - 1]


def one_file(first: str, second: str) -> bool:
    """Two spellings of one page that a static web server answers with one file: `X/` and
    `X/index.html`, `X` and `X.html` (as `not_served` reads them), each spelled with escapes or
    without where it needs none (`a%26b.html` and `a&b.html`: `comparable`)."""
    if first == second:
        return True
    first, second = comparable(first), comparable(second)
    return first == second or second in same_file(first) or first in same_file(second)


def same_file(url: str) -> tuple[str, ...]:
    """`url` and the other spelling a static web server answers with the same file (`one_file`)."""
    if url.endswith("/"):
        return url, url + "index.html"
    if url.endswith("/index.html"):
        return url, url[: -len("index.html")]
    if url.endswith(".html"):
        return url, url[: -len(".html")]
    return url, url + ".html"


def site_pages(
    site_dir: Path, warn: Callable[[str, str], None], other_sets: Collection[Path] = ()
) -> Iterator[tuple[str, str, str, str]]:
    """(URL path, path in `site_dir`, file, the file with its links followed) of every HTML page a visitor can
    reach, in a stable order. Hidden files and directories (`.git`, `.well-known`) are not pages, nor are
    those of `other_sets`, the directories of other sets nested in this one (a language's `fr/` in the main
    language's root); a directory that cannot be read, a name that is not a regular file, and a link leading
    out of `site_dir` are named to `warn` (subject, message) and passed over."""
    root = real_folder(os.path.abspath(site_dir))
    elsewhere = {directory.resolve() for directory in other_sets}

    # A stack, not a function calling itself: such a closure is a cycle that would keep `warn`
    # (and the set it reports to, with every page) until the garbage collector's next full pass.
    folders = [(os.fspath(site_dir), "", root)]
    while folders:
        directory, folder, real = folders.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            warn(display_name(folder or "."), f"cannot be read ({error.strerror}); its pages are not listed")
            continue
        subfolders = []
        for entry in entries:
            name, relative = entry.name, f"{folder}/{entry.name}" if folder else entry.name
            if name.startswith("."):
                continue
            if _is_dir(entry):  # the walk follows no link: each folder it enters is in the site
                if not entry.is_symlink() and not (elsewhere and Path(entry.path).resolve() in elsewhere):
                    subfolders.append((entry.path, relative, os.path.join(real, name)))
                continue
            if not name.lower().endswith(HTML_SUFFIXES):
                continue
            # A regular file there is the site's; anything else (a link, a FIFO) is judged.
            resolved = os.path.join(real, name)  # a regular file in a folder entered: no link
            if not entry.is_file(follow_symlinks=False):
                if problem := not_the_sites(entry.path, root):
                    warn(display_name(relative), f"{problem}; not read, so not listed")
                    continue
                resolved = real_path(entry.path)
            served = relative[: -len(name)] if name == "index.html" else relative
            yield url_path(served), relative, entry.path, resolved
        folders += reversed(subfolders)  # the first on top: a folder's pages, then its subfolders'


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # as os.walk takes it: no directory to walk into
        return False


def link_target(path: Path) -> Path | None:
    """Where the symbolic link `path` finally leads; None where its links go round in a loop."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop: RuntimeError before Python 3.13, OSError since
        return None


def not_the_sites(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> str | None:
    """Why the file at `path` is not one the site at `root` (resolved) serves, or None: a link
    leading out of the site (or round in a loop), or no regular file.  One judgement for what
    the build lists of a site: its pages, its static files, the images and media they show."""
    path, inside = os.path.abspath(path), os.path.join(root, "")
    try:
        folder = real_folder(os.path.dirname(path))  # a folder may be a link out too (`img -> /etc`)
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode) or not os.path.join(folder, "").startswith(inside):
            if (target := link_target(Path(path))) is None:
                return "is a symbolic link whose links go round in a loop"
            if not os.path.join(target, "").startswith(inside):
                return f"is a symbolic link to {display_name(str(target))}, outside the site directory"
            mode = os.stat(path).st_mode
    except OSError as error:
        return f"cannot be read ({error.strerror})"
    if not stat.S_ISREG(mode):
        return f"is not a regular file ({file_kind(mode)})"
    return None


def file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a directory"
    return "not a regular file"


class NotRegularFile(OSError):
    """A FIFO, a device, a socket or a directory where a file was to be read."""


#: Where FIFOs exist (POSIX), one is opened without waiting for a writer, so that fstat can say
#: what it is.  Windows has no FIFO in its file system, and neither the flag nor `os.set_blocking`
#: for files: there a plain open is all it takes.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """What the regular file at `path` holds, up to `limit` bytes and one more (which says there
    is more); NotRegularFile says what it is where it is none (a FIFO is not waited on)."""
    descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFile(errno.EINVAL, f"not a regular file ({file_kind(status.st_mode)})")
        if _NONBLOCK:
            os.set_blocking(descriptor, True)
        # As much is asked for as the file holds, and a byte more: a read asked for `limit` bytes
        # gets a buffer of that size, 15 MiB for every 7 KB page.
        wanted, data = min(status.st_size, limit) + 1, b""
        while len(data) < wanted and (more := os.read(descriptor, wanted - len(data))):
            data += more
            if len(data) > status.st_size:  # it grew, or its file system tells no size: read on
                wanted = limit + 1
        return data
    finally:
        os.close(descriptor)


def read_page_file(path: str) -> PageFile:
    """The bytes of a page file: a regular file only, at most MAX_HTML_BYTES of it."""
    try:
        data = read_regular(path, MAX_HTML_BYTES)
    except NotRegularFile as error:
        return PageFile(problem=f"is {error.strerror}")
    except OSError as error:
        return PageFile(problem=f"cannot be read ({error.strerror})")
    return PageFile(data[:MAX_HTML_BYTES], truncated=len(data) > MAX_HTML_BYTES)


_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def decode_html(data: bytes) -> str:
    """Bytes of an HTML page as a browser decodes them without HTTP headers: a byte order mark, else the
    encoding its `<meta charset>` (or `http-equiv` Content-Type) declares in the first 1,024 bytes, else
    UTF-8. What the encoding cannot decode becomes U+FFFD.

    Bytes that are UTF-8 throughout are read as UTF-8 without looking for a declaration: what generators write
    is UTF-8 and says so, and bytes of a legacy encoding that happen to be valid UTF-8 beyond ASCII are all
    but unknown (and where they are ASCII, an ASCII-compatible declaration reads them as the same text)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(encoding, "replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(declared_encoding(data[:PRESCAN_BYTES]) or "utf-8", "replace")


def utf8_html(data: bytes) -> bytes:
    """`decode_html` of `data` as UTF-8 bytes, which is what HTML parsers read fastest: `data`
    itself where it is UTF-8 without a byte order mark (what generators write)."""
    if not data.startswith(tuple(bom for bom, _ in _BOMS)):
        try:
            data.decode("utf-8")
            return data
        except UnicodeDecodeError:
            pass
    return decode_html(data).encode("utf-8", "replace")


#: The HTML standard's labels that mean windows-1252 (a page that says Latin-1 is decoded so),
#: and the UTF-16 labels a `<meta>` cannot truly mean (the bytes it was read in are ASCII).
_WINDOWS_1252 = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "cp819"}
_UTF16 = {"utf-16", "utf-16le", "utf-16be", "utf-16-le", "utf-16-be"}


def declared_encoding(head: bytes) -> str | None:
    """The encoding the page's first bytes declare in a `<meta>` element, found by a real parse
    (a `<meta>` in a comment or a script declares nothing); None where there is none, or where
    Python knows no such encoding."""
    if b"charset" not in head.lower():
        return None
    # Latin-1 maps each byte to one character, so the parse sees the bytes as they are.
    root = etree.fromstring(head.decode("latin-1"), etree.HTMLParser())
    if root is None:
        return None
    for meta in root.iter("meta"):
        label = meta.get("charset")
        if label is None and (meta.get("http-equiv") or "").strip().lower() == "content-type":
            content = (meta.get("content") or "").lower()
            label = content.partition("charset=")[2].split(";")[0].strip(" \"'") or None
        if label:
            return _codec(label.strip().lower())
    return None


def _codec(label: str) -> str | None:
    if label in _WINDOWS_1252:
        return "cp1252"
    if label in _UTF16:
        return "utf-8"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None

"""Bytes to and from the disk, as every file of a set needs them: gzip that repeats byte for byte,
reads bounded in size, writes that are whole or nothing, and one build at a time per directory."""

from __future__ import annotations

import gzip
import io
import json
import os
import tempfile
import time
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sitemap_plugins.core.errors import SitemapError
from sitemap_plugins.core.files import read_regular

#: Our temporary files in the output directory, until each is renamed into place.
TEMP_PREFIX = ".sitemap-plugins-"
TEMP_SUFFIX = ".tmp"


class OutputError(SitemapError):
    """The output directory cannot take the set; the message names the path and what to do."""


def io_error(path: Path | str, error: OSError, doing: str) -> OutputError:
    """One line for an OSError on the output: the path, what failed, and what to do."""
    reason = error.strerror or str(error)
    hint = {
        13: "make it writable (and close any program that has it open: Windows cannot replace "
        "a file open elsewhere), or choose another output directory",
        30: "the file system is read-only; choose another output directory",
        28: "free some space and build again",
        20: "a file stands where a directory is needed",
        21: "a directory stands where a file is needed; remove or rename it",
    }.get(error.errno or 0, "")
    return OutputError(f"sitemap: cannot {doing} {path}: {reason}" + (f"; {hint}" if hint else ""))


def gzip_bytes(data: bytes | Iterable[bytes]) -> bytes:
    """Byte-reproducible gzip of `data` (or of its pieces, in order: the same bytes as of their
    join): no file name and a fixed mtime in the header.  Level 6 (zlib's default): level 9 takes
    about twice as long on sitemap XML for a few percent."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=6) as stream:
        for piece in pieces(data):
            stream.write(piece)
    return buffer.getvalue()


def gzip_file(path: Path) -> bytes:
    """`gzip_bytes` of a file, read a block at a time: a sitemap of 50 MB is never one string."""
    with open(path, "rb") as stream:
        return gzip_bytes(iter(lambda: stream.read(1 << 20), b""))


def pieces(data: bytes | Iterable[bytes]) -> Iterable[bytes]:
    return (data,) if isinstance(data, bytes) else data


def read_limited(path: Path, limit: int) -> tuple[bytes, bool]:
    """A sitemap file's bytes, gunzipped when it is gzip, never more than `limit` of them: a small
    gzip bomb costs `limit`, not gigabytes.  (b"", True) when there is more than `limit`: what is
    over the limit is not read further.
    Raises OSError, or zlib.error / EOFError for a broken gzip stream."""
    data = read_regular(path, limit)
    if len(data) > limit:
        return b"", True
    if data[:2] != b"\x1f\x8b":
        return data, False
    inflated = gunzip_at_most([data], limit)
    return (b"", True) if inflated is None else (inflated, False)


def read_json(path: Path, limit: int) -> Any:
    """The JSON value in the regular file at `path` (a FIFO is never waited on, a device never
    read past `limit`).  Raises OSError, or ValueError saying why it is none to read."""
    data = read_regular(path, limit)
    if len(data) > limit:
        raise ValueError(f"larger than {limit:,} bytes")
    return json_of(data)


def json_of(data: bytes) -> Any:
    """`data` as JSON; ValueError says why not (nesting deeper than Python's parser goes is one
    such file, not a crash)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ValueError("JSON nested too deeply to be read") from None
    except ValueError:
        raise ValueError("not JSON") from None


def gunzip_at_most(compressed: Iterable[bytes], limit: int) -> bytes | None:
    """The gzip stream read from `compressed`, every member of it (RFC 1952 lets a file hold
    several, as `cat a.gz b.gz` writes it, and gunzip joins them); None as soon as it inflates
    to more than `limit` bytes, or is itself longer than that (members of nothing, or padding,
    inflate to nothing however long they are).  Raises zlib.error / EOFError for a broken stream."""
    inflater = zlib.decompressobj(wbits=31)
    parts, size, read = [], 0, 0
    for pending in compressed:
        read += len(pending)
        if read > limit:
            return None
        # At most 1 MiB out per call: zlib's own buffers stay small too.
        while pending:
            if inflater.eof:  # the next member, if what follows is more than padding
                if not pending.strip(b"\0"):
                    break
                inflater = zlib.decompressobj(wbits=31)
            part = inflater.decompress(pending, 1 << 20)
            pending = inflater.unconsumed_tail or inflater.unused_data
            parts.append(part)
            size += len(part)
            if size > limit:
                return None
    if not inflater.eof:
        raise EOFError("the gzip stream ends early")
    return b"".join(parts)


def current_umask() -> int:
    """The process's umask, which a file written through a temporary one would not get."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: How long a run waits for another writing into the same directory (SITEMAP_PLUGINS_LOCK_WAIT).
LOCK_WAIT = 120.0


def lock_directory(out: Path) -> int | None:
    """One run at a time writes into `out`: an advisory lock on the directory itself (no file of
    ours in the site), waited for a bounded time.  The descriptor holds it; None where the
    system has no such locks."""
    try:
        import fcntl
    except ImportError:  # Windows: runs are not serialised there
        return None
    try:
        descriptor = os.open(out, os.O_RDONLY)
    except OSError:
        return None
    wait = float(os.environ.get("SITEMAP_PLUGINS_LOCK_WAIT", LOCK_WAIT))
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return descriptor
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(descriptor)
                raise OutputError(
                    f"sitemap: another sitemap-plugins run is writing into {out} (it holds the "
                    f"directory's lock; waited {wait:g} s); nothing was written, build again when it ends"
                ) from None
            time.sleep(0.1)
        except OSError:  # a file system without locks
            os.close(descriptor)
            return None


#: How long a file that another program holds open is tried again before the write gives up.
REPLACE_WAIT = 1.0


def replace(temp: str | Path, target: Path) -> None:
    """`os.replace`, tried again for a moment where it is refused: Windows refuses to replace a
    file another program has open, and virus scanners and search indexers open every new file
    for a moment.  What is refused for longer is the caller's OSError."""
    deadline = time.monotonic() + REPLACE_WAIT
    while True:
        try:
            os.replace(temp, target)
            return
        except PermissionError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Replace `path` with `data` whole (a temporary file renamed over it); `mode`: the
    permissions of the file it replaces, kept (a new file gets the umask's)."""
    temp = None
    try:
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temp, 0o666 & ~current_umask() if mode is None else mode)
        replace(temp, path)
        temp = None
    except OSError as error:
        raise io_error(path, error, "write") from error
    finally:
        if temp is not None:
            Path(temp).unlink(missing_ok=True)

"""Take a sitemap set out of a directory (`sitemap-plugins clean`): what removing the plugin leaves.

Only what the manifest proves ours goes: each file it names whose content is still the digest it
keeps, and our block of robots.txt with what joined it to the owner's text, so that the owner's
robots.txt is given back byte for byte (or removed, where the set made it).  A file changed since
is kept, and said.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from sitemap_plugins.core.errors import SitemapError
from sitemap_plugins.core.output.diskio import io_error, lock_directory, write_atomic
from sitemap_plugins.core.output.fileset import MANIFEST, Manifest, digest_of, read_manifest
from sitemap_plugins.core.output.render import GENERATOR
from sitemap_plugins.core.output.robots_txt import ROBOTS_TXT, take_out_block


class NoSet(SitemapError):
    """The directory holds no set of ours (no manifest): nothing to remove, as after a `clean`."""


@dataclass
class Cleaned:
    """What `clean_set` did (or, dry, would do)."""

    removed: list[str] = field(default_factory=list)
    #: (file, why it stays)
    kept: list[tuple[str, str]] = field(default_factory=list)
    #: What became of robots.txt: "restored", "removed", or None where it held no block of ours.
    robots: str | None = None


def clean_set(directory: str | os.PathLike[str], dry_run: bool = False) -> Cleaned:
    """Remove the sitemap set of ours in `directory`; with `dry_run`, only say what would go."""
    out = Path(directory)
    if not out.is_dir():
        raise SitemapError(f"sitemap-plugins clean: {out} is not a directory")
    if not os.path.lexists(out / MANIFEST):
        raise NoSet(
            f"sitemap-plugins clean: {out} holds no set of sitemap-plugins (no {MANIFEST}, which names "
            "what a build wrote); nothing was removed"
        )
    lock = None if dry_run else lock_directory(out)
    try:
        manifest = read_manifest(out)
        if manifest.problem is not None:
            raise SitemapError(
                f"sitemap-plugins clean: {manifest.problem}, so nothing in {out} is known to be of a "
                "set of sitemap-plugins; nothing was removed"
            )
        cleaned = Cleaned()
        for name, digest in sorted(manifest.files.items()):
            path = out / name
            if not os.path.lexists(path):
                continue
            if path.is_symlink() or not path.is_file() or digest_of(path) != digest:
                cleaned.kept.append((name, "changed since sitemap-plugins wrote it: not ours to remove"))
                continue
            cleaned.removed.append(name)
            if not dry_run:
                _remove(path)
        if manifest.robots:
            cleaned.robots = _clean_robots(out / ROBOTS_TXT, manifest, dry_run)
        if not dry_run:
            _remove(out / MANIFEST)
        return cleaned
    finally:
        if lock is not None:
            os.close(lock)


def _clean_robots(path: Path, manifest: Manifest, dry_run: bool) -> str | None:
    """Our block out of robots.txt; the file removed where we made it and nothing else is left."""
    if path.is_symlink() or not path.is_file():
        return None
    try:
        existing = path.read_bytes()
    except OSError as error:
        raise io_error(path, error, "read") from error
    kept = take_out_block(existing, f"# {GENERATOR}", set(manifest.robots), manifest.robots_joined)
    if kept == existing:
        return None
    if manifest.robots_created and not kept.strip():
        if not dry_run:
            _remove(path)
        return "removed"
    if not dry_run:
        write_atomic(path, kept, stat.S_IMODE(path.stat().st_mode))
    return "restored"


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise io_error(path, error, "remove") from error

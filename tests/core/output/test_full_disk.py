"""A write that fails (a full disk) leaves no file of ours behind: the output on a 1 MiB file
system the test mounts (tmpfs; skipped, saying why, where mounting is not permitted), a set
already there, and a set too large for what is left."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

BASE = "https://example.com/"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs mounted at `tmp_path / "disk"`, unmounted whatever the test does."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a 1 MiB file system needs root and mount(8)")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"mounting a 1 MiB tmpfs is not permitted here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def generate(jsonl: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [
        "generate",
        "--from-jsonl",
        str(jsonl),
        "--out",
        str(out),
        "--base-url",
        BASE,
        "--gzip",
        "--text-sitemap",
    ]
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *command], capture_output=True, text=True, timeout=300
    )


def jsonl(path: Path, count: int) -> Path:
    path.write_text("".join(json.dumps({"loc": f"{BASE}page-{n:05d}/"}) + "\n" for n in range(count)))
    return path


def test_a_full_disk_leaves_the_previous_set_and_no_file_of_ours(tmp_path, small_disk):
    """30,000 URLs with `--gzip --text-sitemap` onto a 1 MiB disk holding a set of 3: exit 1, one
    line naming the output and what to do, the previous set byte for byte, and no temporary
    file left to keep the disk full."""
    assert generate(jsonl(tmp_path / "few.jsonl", 3), small_disk).returncode == 0
    before = {path.name: path.read_bytes() for path in small_disk.iterdir()}
    assert ".sitemap-plugins.json" in before and "sitemap.xml.gz" in before
    done = generate(jsonl(tmp_path / "many.jsonl", 30_000), small_disk)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"sitemap: cannot write a sitemap file into {small_disk}: No space left on device; free some space "
        "and build again"
    )
    assert {path.name: path.read_bytes() for path in small_disk.iterdir()} == before
    assert shutil.disk_usage(small_disk).used < 64 * 1024  # the space is given back

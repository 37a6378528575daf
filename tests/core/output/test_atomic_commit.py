"""Promise: atomic.  A real `generate` run killed (SIGKILL) at any point of the commit leaves the
previous set or the new one, whole for a crawler that starts at robots.txt; the next build cleans
up; worker processes do not outlive their parent."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from protego import Protego
from sitemap_checks import assert_valid, parse, urls

from sitemap_plugins.core.output.fileset import MANIFEST

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
ENTRIES = 1_200
MAX_URLS = 250  # 5 parts and an index

# `generate` in a process of its own that kills itself (SIGKILL: no cleanup of any kind) just
# before its Nth file operation of the commit: renames into place, then removals of the old set.
KILLER = """
import os, signal, sys
import sitemap_plugins.core.output.fileset as fileset
limit = int(sys.argv[1])
calls = [0]
def deadly(real):
    def call(*args, **kwargs):
        calls[0] += 1
        if calls[0] == limit:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return call
fileset.os.replace = deadly(os.replace)
fileset.Path.unlink = deadly(fileset.Path.unlink)
from sitemap_plugins.command.main import main
sys.exit(main(sys.argv[2:]))
"""


def _stream(path: Path, version: str) -> Path:
    with path.open("w") as stream:
        for number in range(ENTRIES):
            lastmod = "2024-05-01" if version == "old" or number % 7 else "2024-06-02"
            stream.write(
                json.dumps(
                    {"loc": f"{BASE}{version if number % 3 == 0 else 'p'}/{number}/", "lastmod": lastmod}
                )
                + "\n"
            )
    return path


def _generate(out: Path, source: Path, kill_at: int = 0) -> subprocess.CompletedProcess[str]:
    args = ["generate", "--base-url", BASE, "--out", str(out), "--from-jsonl", str(source)]
    args += ["--max-urls", str(MAX_URLS), "--gzip", "-q"]
    return subprocess.run([sys.executable, "-c", KILLER, str(kill_at), *args], capture_output=True, text=True)


def crawl(site: Path) -> set[str]:
    """What a crawler starting at robots.txt finds: every URL of every sitemap it is led to,
    every file whole and valid."""
    found: set[str] = set()
    for url in Protego.parse((site / "robots.txt").read_text()).sitemaps:
        path = site / url.removeprefix(BASE)
        assert_valid(path)
        found |= set(urls(path))
    return found


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    root = tmp_path_factory.mktemp("sets")
    old, new = _stream(root / "old.jsonl", "old"), _stream(root / "new.jsonl", "new")
    expected = {}
    for name, source in (("old", old), ("new", new)):
        out = root / f"clean-{name}"
        assert _generate(out, source).returncode == 0
        expected[name] = crawl(out)
    assert expected["old"] != expected["new"] and len(expected["new"]) == ENTRIES
    return root, old, new, expected


def test_a_kill_at_any_point_of_the_commit_leaves_one_whole_set(sets, tmp_path):
    _root, old, new, expected = sets
    out = tmp_path / "site"
    (out).mkdir()
    (out / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    assert _generate(out, old).returncode == 0
    point = 1
    seen = set()
    while True:
        run = _generate(out, new, kill_at=point)
        if run.returncode == 0:
            break  # past the last file operation: the build completed
        assert run.returncode == -signal.SIGKILL, run.stderr
        state = crawl(out)
        assert state in (expected["old"], expected["new"]), f"killed before file operation {point}"
        seen.add("old" if state == expected["old"] else "new")
        # The next build, whichever set it starts from, cleans up and writes the old set again.
        assert _generate(out, old).returncode == 0
        assert crawl(out) == expected["old"]
        _assert_clean(out)
        point += 1
    assert seen == {"old", "new"}  # kills landed both before and after the entry point moved
    assert point > 10  # every part, every gzip copy, the index, the removals
    assert crawl(out) == expected["new"]
    _assert_clean(out)
    assert (out / "robots.txt").read_text().startswith("User-agent: *\nDisallow: /private/\n")


def _assert_clean(out: Path) -> None:
    names = {p.name for p in out.iterdir()}
    assert not [n for n in names if n.endswith(".tmp")]
    manifest = json.loads((out / MANIFEST).read_text())
    assert set(manifest["files"]) == names - {"robots.txt", MANIFEST}
    # Every part on disk is one the index names: no orphans.
    index = [loc.text.rsplit("/", 1)[1] for loc in parse(out / "sitemap.xml").iterfind("{*}sitemap/{*}loc")]
    parts = {n for n in names if n.startswith("sitemap-") and n.endswith(".xml")}
    assert parts == set(index)


def test_temporary_files_a_killed_build_left_are_removed_by_the_next(sets, tmp_path):
    _, old, _, expected = sets
    out = tmp_path / "site"
    out.mkdir()
    for number in range(3):
        (out / f".sitemap-plugins-{number}abc.tmp").write_text("half a sitemap")
    assert _generate(out, old).returncode == 0
    assert not list(out.glob("*.tmp")) and crawl(out) == expected["old"]


def test_workers_exit_when_their_parent_is_killed(tmp_path):
    lines = "".join(json.dumps({"loc": f"{BASE}p/{n}/"}) + "\n" for n in range(7_000))
    command = [sys.executable, "-m", "sitemap_plugins", "generate", "--base-url", BASE]
    command += ["--out", str(tmp_path / "o"), "--from-jsonl", "-", "--jobs", "2"]
    parent = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert parent.stdin is not None
    parent.stdin.write(lines.encode())  # enough for the workers to start; the stream stays open
    parent.stdin.flush()
    children: list[int] = []
    deadline = time.monotonic() + 20
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        children = _children(parent.pid)
    assert len(children) >= 2, "the worker processes did not start"
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)]
    parent.stdin.close()


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"

"""`generate --from-dir` reads a site's pages in `--jobs` processes (this one and its workers) and
writes what one process writes, byte for byte: the sets, the report, the messages."""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from pathlib import Path
from typing import Any

import pytest
from corpus_facts import CORPUS, SITES, extract

from sitemap_plugins.command.main import main
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages import workers
from sitemap_plugins.core.sitemap import Sitemap

BASE = "https://example.com/"


def small_site(root: Path) -> Path:
    """Forty pages in two languages, each naming its translation, with pictures, a player every
    fifth page, a listing of the English ones and a page another's canonical names."""
    for number in range(20):
        for language, other in (("en", "fr"), ("fr", "en")):
            page = root / language / f"page-{number}" / "index.html"
            page.parent.mkdir(parents=True)
            video = '<iframe src="https://www.youtube.com/embed/aBcDeF12345" title="Demo"></iframe>'
            page.write_text(
                f'<!doctype html><html lang="{language}"><head><title>{language} {number}</title>'
                f'<link rel="alternate" hreflang="{other}" href="{BASE}{other}/page-{number}/">'
                f'<link rel="alternate" hreflang="{language}" href="{BASE}{language}/page-{number}/">'
                f'<meta property="article:published_time" content="2024-05-{number + 1:02d}"></head>'
                f'<body><nav><a href="/">home</a></nav><main><h1>{language} {number}</h1>'
                f"<p>{'Words of the page in ' + language + ' number ' + str(number) * 3}.</p>"
                f'<img src="/img/{language}-{number}.png" alt="a figure">'
                f"{video if number % 5 == 0 else ''}</main></body></html>",
                encoding="utf-8",
            )
    (root / "img").mkdir()
    for number in range(20):
        for language in ("en", "fr"):
            (root / "img" / f"{language}-{number}.png").write_bytes(b"\x89PNG")
    links = "".join(f'<li><a href="/en/page-{n}/">{n}</a></li>' for n in range(20))
    (root / "index.html").write_text(
        f"<!doctype html><html><head><title>Home</title></head><body><main><ul>{links}</ul></main></body></html>"
    )
    return root


def generate(site: Path, out: Path, base: str, jobs: int) -> None:
    command = ["generate", "--base-url", base, "--out", str(out), "--from-dir", str(site)]
    assert main([*command, "--report", str(out / "report.html"), "--jobs", str(jobs)]) == 0


def files_of(out: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


@pytest.mark.parametrize("name", ["small", "static-i18n-docs"])
def test_workers_write_what_one_process_writes(
    name: str, tmp_path: Path, monkeypatch: Any, caplog: Any, capsys: Any
) -> None:
    if name == "small":
        site, base = small_site(tmp_path / "site"), BASE
    elif (CORPUS / name / "site.tar.gz").is_file():
        site, base = extract(name, tmp_path), SITES[name]
    else:
        pytest.skip(
            f"{CORPUS / name / 'site.tar.gz'} is absent: the corpus is ../shared/corpus beside the checkout"
        )
    monkeypatch.setattr(workers, "CHUNK_PAGES", 3)  # a small site in many chunks
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1717200000")  # one build time for both
    caplog.set_level(logging.INFO)
    generate(site, tmp_path / "one", base, jobs=1)
    alone = capsys.readouterr().err
    assert "processes" not in caplog.text
    generate(site, tmp_path / "two", base, jobs=2)
    assert "sitemap: reading pages in 2 processes: this one and 1 worker" in caplog.text
    # The same lines, the report's path aside (each run writes its own).
    assert capsys.readouterr().err.replace(str(tmp_path / "two"), str(tmp_path / "one")) == alone
    one, two = files_of(tmp_path / "one"), files_of(tmp_path / "two")
    assert one.keys() == two.keys() and "sitemap.xml" in one
    assert [name for name in one if one[name] != two[name]] == []
    assert b"hreflang" in one["sitemap.xml"] and b"<image:loc>" in one["sitemap.xml"]


_read_chunk = workers._read_chunk


def slow_worker(pages: list[Any]) -> list[Any]:
    """A worker slower than this process (a busy machine's): it waits before each chunk."""
    time.sleep(0.05)
    return _read_chunk(pages)


def dying_worker(pages: list[Any]) -> list[Any]:
    """A worker killed while it reads (the machine's memory ran out)."""
    if multiprocessing.parent_process() is not None:
        os._exit(1)
    return _read_chunk(pages)


def test_this_process_reads_while_a_worker_is_slow(tmp_path: Path, monkeypatch: Any) -> None:
    """Where the worker's next chunk is not back, this process reads the next one itself: the
    two processes share the pages, and the set is the one a single process writes."""
    site = small_site(tmp_path / "site")
    monkeypatch.setattr(workers, "CHUNK_PAGES", 2)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1717200000")
    generate(site, tmp_path / "one", BASE, jobs=1)
    read_here: list[str] = []
    read_page = workers.read_page

    def counted(page: Any, *args: Any) -> Any:
        read_here.append(page.url)  # in this process: a worker counts in its own memory
        return read_page(page, *args)

    monkeypatch.setattr(workers, "read_page", counted)
    monkeypatch.setattr(workers, "_read_chunk", slow_worker)  # the workers are forked: they have it
    generate(site, tmp_path / "two", BASE, jobs=2)
    assert 0 < len(read_here) < 41, "both processes read pages"
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")


@pytest.mark.parametrize("slow", ["worker", "harvest"])
def test_no_more_pages_are_held_than_the_window(slow: str, tmp_path: Path, monkeypatch: Any) -> None:
    """The walk runs no further ahead of the harvest than the chunks given out, whether the worker
    or the harvest is the slower: a site of any size is held a few hundred pages at a time, in
    the order the walk found them."""
    site = small_site(tmp_path / "site")
    monkeypatch.setattr(workers, "CHUNK_PAGES", 1)
    if slow == "worker":
        monkeypatch.setattr(workers, "_read_chunk", slow_worker)
    options = Options.from_mapping({"base_url": BASE})
    sitemap = Sitemap(options, site_dir=site)
    walked: list[str] = []

    def pages() -> Any:
        for page in sitemap.directory_pages(site):
            walked.append(page.url)
            yield page

    ahead = []
    read = []
    for reading in workers.read_pages(pages(), options, sitemap.read_other_sitemaps(), jobs=2):
        read.append(reading.page.url)
        ahead.append(len(walked) - len(read))
        if slow == "harvest":
            time.sleep(0.01)
    assert read == walked and len(read) == 41
    held = max(workers.MIN_CHUNKS_FOR_WORKERS, workers.AHEAD * 2)
    assert max(ahead) <= held


def test_a_worker_that_dies_leaves_its_pages_to_this_process(
    tmp_path: Path, monkeypatch: Any, caplog: Any
) -> None:
    site = small_site(tmp_path / "site")
    monkeypatch.setattr(workers, "CHUNK_PAGES", 2)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1717200000")
    generate(site, tmp_path / "one", BASE, jobs=1)
    monkeypatch.setattr(workers, "_read_chunk", dying_worker)
    generate(site, tmp_path / "two", BASE, jobs=2)
    assert "sitemap: worker processes failed" in caplog.text
    assert "going on in this process" in caplog.text
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")

"""The HTML report at scale: 50,000 URLs (2 alternates, 1 image each) rendered, then opened from disk
in headless Chromium (Debian's, through Playwright): file size, time to first contentful paint, time
until the page has loaded, and time for the filter to answer.

    .venv/bin/python benchmarks/report_paint.py [--urls 50000] [--rounds 3]

Target (issue #17): under 2 s to first paint and under 15 MB.  Medians of the rounds.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import CHROMIUM_ARGS

import sitemap_plugins as sp
from sitemap_plugins.core.output.html_report import build_report, render_report
from sitemap_plugins.core.output.render import Renderer


def make_report(path: Path, count: int) -> float:
    base = "https://example.com/"
    sitemap = sp.Sitemap(sp.Options(base_url=base), emit=lambda message: None)
    for n in range(count):
        sitemap.add(
            sp.Entry(
                f"{base}en/section-{n % 50}/page-{n}/",
                lastmod=dt.date(2020 + n % 6, n % 12 + 1, n % 28 + 1),
                images=[sp.Image(f"{base}img/{n}.png")],
                alternates={
                    "en": f"{base}en/section-{n % 50}/page-{n}/",
                    "de": f"{base}de/section-{n % 50}/page-{n}/",
                },
            )
        )
    start = time.perf_counter()
    report = build_report(
        sitemap.entries.values(), [], [], base, f"sitemap: {count:,} URLs", dt.datetime.now(dt.timezone.utc)
    )
    path.write_text(render_report(report, Renderer(sitemap.options)), encoding="utf-8")
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--urls", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("SITEMAP_PLUGINS_CHROMIUM") or shutil.which("chromium")
    if not executable:
        print("no Chromium (apt-get install chromium)")
        return 2
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "report.html"
        render_seconds = make_report(path, args.urls)
        size = path.stat().st_size
        paints, loads, filters = [], [], []
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            for _ in range(args.rounds):
                page = chromium.new_page(viewport={"width": 1280, "height": 900})
                start = time.perf_counter()
                page.goto(path.as_uri(), wait_until="load", timeout=120_000)
                loads.append(time.perf_counter() - start)
                paint = page.evaluate(
                    "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
                )
                paints.append((paint or 0) / 1000)
                start = time.perf_counter()
                page.fill("#filter", "page-4999")
                page.wait_for_function("document.getElementById('shown').textContent.includes('shown')")
                filters.append(time.perf_counter() - start)
                page.close()
            chromium.close()
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.urls:,} URLs, {args.rounds} rounds, {cpus} CPUs (medians)")
    print(f"  file: {size / 1e6:.1f} MB, rendered in {render_seconds:.2f} s")
    print(
        f"  first contentful paint: {statistics.median(paints):.2f} s   {sorted(round(p, 2) for p in paints)}"
    )
    print(f"  loaded: {statistics.median(loads):.2f} s   filter answered: {statistics.median(filters):.2f} s")
    ok = statistics.median(paints) < 2 and size < 15e6
    print(f"  {'meets' if ok else 'MISSES'} the target (first paint under 2 s, under 15 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Harvest cost: 5,000 generated pages through the harvester, and the git pass on 5,000 files.

    .venv/bin/python benchmarks/harvest.py [--pages 5000] [--repeat 5]

Prints medians and the per-page cost.  Target (issue #3): the git pass for a 5,000-page repository
costs under one second.  No peer harvests pages, so there is no ratio here: the MkDocs and Pelican
benchmarks measure the harvest inside a real build against the peers.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import commit_all, median_seconds, page_html

import sitemap_plugins as sp
from sitemap_plugins.core.pages.gitdates import GitDates


def make_repo(root: Path, pages: int, commits: int) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True)
    for commit in range(commits):
        # The first commit adds every page; later ones touch a tenth of them each.
        for number in range(pages) if commit == 0 else range(commit % 10, pages, 10):
            (docs / f"p{number}.md").write_text(f"# Page {number}\n\nrevision {commit}\n")
        commit_all(root, f"commit {commit}", f"2024-01-{commit % 28 + 1:02d}T12:00:00+00:00")
    return docs


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--commits", type=int, default=30)
    args = parser.parse_args()

    htmls = [page_html(n) for n in range(args.pages)]
    size = sum(len(h) for h in htmls) / len(htmls)
    options = sp.Options(base_url="https://example.com/", lastmod=["metadata"])
    now = dt.datetime(2024, 5, 1, tzinfo=dt.timezone.utc)

    def harvest() -> None:
        sitemap = sp.Sitemap(options, now=now, emit=lambda message: None)
        for number, html in enumerate(htmls):
            sitemap.add_page(
                sp.Page(f"https://example.com/p{number}/", html=html, meta={"date": "2024-01-01"})
            )

    seconds = median_seconds(harvest, args.repeat)
    print(
        f"harvest: {args.pages:,} pages of {size / 1024:.1f} KiB: median {seconds:.2f} s, "
        f"{seconds / args.pages * 1e6:.0f} µs per page"
    )

    with tempfile.TemporaryDirectory() as directory:
        print(f"git: making a repository of {args.pages:,} pages and {args.commits} commits ...", flush=True)
        docs = make_repo(Path(directory), args.pages, args.commits)
        git_seconds = median_seconds(lambda: GitDates(docs).dates, args.repeat)
        dates = GitDates(docs)
        assert len(dates.dates) == args.pages, len(dates.dates)
        verdict = "meets" if git_seconds < 1 else "MISSES"
        print(
            f"git pass: median {git_seconds * 1000:.0f} ms for {args.pages:,} files "
            f"({git_seconds / args.pages * 1e6:.1f} µs per page); {verdict} the 1 s target"
        )


if __name__ == "__main__":
    main()

"""`generate --from-dir` of pages under a long robots.txt: the cost of judging each page against
its rules (issue 91: 50,000 `Disallow: /xN/y*z$` lines and 2,000 pages took 126 s against 0.5 s
without them, pages times rules).

    .venv/bin/python benchmarks/robots_txt_rules.py [--pages 2000] [--rules 50000] [--rounds 3]

Prints the median wall time of a run with the robots.txt and of one with an empty one, and their
ratio; the suite counts the patterns tried instead (tests/core/rules/test_long_robots_txt.py).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import median_seconds

BASE = "https://example.com/"


def site(root: Path, pages: int, rules: int) -> Path:
    directory = root / "site"
    directory.mkdir()
    for number in range(pages):
        (directory / f"p{number}.html").write_text(
            f"<!doctype html><html lang=en><head><title>P{number}</title></head>"
            f"<body><main><h1>P{number}</h1><p>Words of page {number}.</p></main></body></html>"
        )
    lines = "".join(f"Disallow: /x{n}/y*z$\n" for n in range(rules))
    (directory / "robots.txt").write_text("User-agent: *\n" + lines)
    return directory


def generate(directory: Path) -> None:
    command = ["generate", "--from-dir", str(directory), "--out", str(directory), "--base-url", BASE]
    # Run from the site's folder: `-m` from a checkout would import the checkout's package.
    subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *command],
        check=True,
        capture_output=True,
        cwd=directory.parent,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--rules", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        directory = site(Path(temp), args.pages, args.rules)
        robots = (directory / "robots.txt").read_text()
        with_rules = median_seconds(lambda: generate(directory), args.rounds)
        (directory / "robots.txt").write_text("User-agent: *\n")
        without = median_seconds(lambda: generate(directory), args.rounds)
        print(f"robots.txt of {len(robots.encode()):,} bytes ({args.rules:,} rules), {args.pages:,} pages")
        print(
            f"  with the rules: {with_rules:.2f} s; without: {without:.2f} s; ratio {with_rules / without:.2f}"
        )


if __name__ == "__main__":
    main()

"""`sitemap-plugins generate --project` on a generated 1,000-page Zensical site, against
`zensical build` of the same site: the step a Zensical user adds should cost less than the build.

    .venv/bin/python benchmarks/zensical_generate.py [--pages 1000] [--rounds 5]

Both commands run alternately (build, generate, build, ...), in a git repository with history (the
lastmod source), and their medians are printed: wall time and CPU time (user + system of the
process and its children: Zensical's own threads, git), with the CPU count.
Target (issue #13): generate takes less time than the build.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import commit_all

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7359a9a0000000049454e44ae426082"
)


def make_site(root: Path, pages: int) -> None:
    docs = root / "docs"
    (docs / "img").mkdir(parents=True)
    for number in range(pages):
        section = docs / f"section-{number % 20}"
        section.mkdir(exist_ok=True)
        (docs / "img" / f"p{number}.png").write_bytes(PNG)
        front = f"---\nlastmod: 2024-05-{number % 28 + 1:02d}\n---\n" if number % 3 == 0 else ""
        body = "\n\n".join(
            f"Paragraph {n} of page {number}. " + "Lorem ipsum dolor sit amet. " * 10 for n in range(12)
        )
        (section / f"page-{number}.md").write_text(
            f"{front}# Page {number}\n\n![Figure](../img/p{number}.png)\n\n{body}\n"
        )
    (docs / "index.md").write_text("# Home\n")
    (root / "zensical.toml").write_text(
        '[project]\nsite_name = "Bench"\nsite_url = "https://bench.example.com/"\n'
        '[project.theme]\nfeatures = ["navigation.instant"]\n[project.plugins.sitemap]\n'
    )


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the child and its children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    build = [sys.executable, "-m", "zensical", "build", "--clean"]
    generate = [sys.executable, "-m", "sitemap_plugins", "generate", "--project", "zensical.toml", "-q"]
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        make_site(root, args.pages)
        commit_all(root, "site")
        timed(build, root)  # warm-up: caches, bytecode
        timed(generate, root)
        builds, generates = [], []
        for _ in range(args.rounds):
            builds.append(timed(build, root))
            generates.append(timed(generate, root))
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.pages} pages, {args.rounds} alternated rounds, {cpus} CPUs (medians)")
    for name, runs in (("zensical build", builds), ("generate --project", generates)):
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(
            f"  {name:<20} wall {wall:6.2f} s   CPU {cpu:6.2f} s   walls {sorted(round(w, 2) for w, _ in runs)}"
        )
    wall_ratio = statistics.median(w for w, _ in generates) / statistics.median(w for w, _ in builds)
    cpu_ratio = statistics.median(c for _, c in generates) / statistics.median(c for _, c in builds)
    verdict = "meets" if wall_ratio < 1 else "MISSES"
    print(f"  generate / build: wall {wall_ratio:.2f}, CPU {cpu_ratio:.2f}; {verdict} the target (< 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

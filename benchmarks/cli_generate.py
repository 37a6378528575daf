"""`sitemap-plugins generate --from-jsonl` against the npm `sitemap` CLI v9, and its memory profile.

    .venv/bin/python benchmarks/cli_generate.py [--entries 200000] [--rounds 3] [--gzip-rounds 1]
        [--load idle,busy]

On the same JSON Lines file (each entry with 2 hreflang alternates and 1 image, in the npm
package's own item format), alternated in one run, with the other CPU idle and kept busy:

- `sitemap --index --limit=50000 --index-base-url ...` vs `generate` with its defaults (split files
  + index, one worker process per usable CPU); wall and CPU time (every process), peak RSS of both;
  target (issue #38): wall <= 0.8 of npm;
- the same with `--gzip` on both; target: wall <= 0.1;
- peak RSS of `generate` for 1,000,000 entries vs 200,000 (no gzip); target: within 10%.

The npm package is installed into benchmarks/.work/ when node and npm are present; without them
the comparisons are skipped (saying so) and only our figures are printed.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import busy_cpu, compile_bytecode

from sitemap_plugins.core.jsonl import default_jobs

WORK = Path(__file__).resolve().parent / ".work"
BASE = "https://example.com/"
# VmHWM is this process's own high-water mark; ru_maxrss would also count the parent's memory,
# which Linux carries across fork and exec.  The workers' share is counted as every worker at the
# peak of the largest one.
PEAK_RSS = (
    "import resource, sys\n"
    "from sitemap_plugins.command.main import main\n"
    "from sitemap_plugins.core.jsonl import default_jobs\n"
    "code = main(sys.argv[1:])\n"
    "try:\n"
    "    status = open('/proc/self/status').read()\n"
    "    peak = int(status.split('VmHWM:')[1].split()[0])\n"
    "except (OSError, IndexError):\n"
    "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "peak += default_jobs() * workers if workers else 0\n"
    "print('peak-rss-kib', peak, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def write_entries(path: Path, count: int) -> None:
    with path.open("w") as stream:
        for number in range(count):
            url = f"{BASE}en/page-{number}/"
            item = {
                "url": url,
                "lastmod": "2024-05-01T10:00:00Z",
                "changefreq": "weekly",
                "priority": 0.5,
                "img": [{"url": f"{BASE}img/{number}.jpg"}],
                "links": [{"lang": "en", "url": url}, {"lang": "de", "url": f"{BASE}de/page-{number}/"}],
            }
            stream.write(json.dumps(item) + "\n")


def npm_sitemap() -> Path | None:
    if not (shutil.which("node") and shutil.which("npm")):
        return None
    binary = WORK / "node_modules" / ".bin" / "sitemap"
    if not binary.exists():
        WORK.mkdir(exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(WORK), "sitemap@9"], check=True, capture_output=True
        )
    return binary


#: Runs a command with stdin and stdout redirected and reports the peak RSS of its process tree's
#: largest member (a fresh wrapper: its children's ru_maxrss is the command's alone).
RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "with open(sys.argv[1], 'rb') as stdin, open(sys.argv[2], 'wb') as stdout:\n"
    "    subprocess.run(sys.argv[3:], stdin=stdin, stdout=stdout, check=True)\n"
    "print('peak-rss-kib', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
)


@dataclass
class Run:
    wall: float
    cpu: float
    rss_kib: int


def _timed(command: list[str], cwd: Path | None = None) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{command[0]} failed:\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stderr


def run_npm(binary: Path, source: Path, out: Path, gzip: bool) -> Run:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    command = [str(binary), "--index", "--limit=50000", f"--index-base-url={BASE}"] + (
        ["--gzip"] if gzip else []
    )
    index = out / ("index.xml.gz" if gzip else "index.xml")
    wall, cpu, said = _timed([sys.executable, "-c", RSS_WRAPPER, str(source), str(index), *command], cwd=out)
    return Run(wall, cpu, int(said.split("peak-rss-kib")[1].split()[0]))


def run_ours(source: Path, out: Path, gzip: bool, jobs: int | None = None) -> Run:
    """Wall and CPU seconds (all processes) and peak RSS (KiB, workers included) of one `generate`."""
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, "-c", PEAK_RSS, "generate", "--base-url", BASE, "--out", str(out)]
    command += ["--from-jsonl", str(source), "--max-urls", "50000", "-q"] + (["--gzip"] if gzip else [])
    command += ["--jobs", str(jobs)] if jobs else []
    wall, cpu, said = _timed(command)
    return Run(wall, cpu, int(said.split("peak-rss-kib")[1].split()[0]))


def compare(label: str, ours: list[Run], theirs: list[Run], target: float, entries: int) -> None:
    wall, peer = statistics.median(r.wall for r in ours), statistics.median(r.wall for r in theirs)
    cpu, peer_cpu = statistics.median(r.cpu for r in ours), statistics.median(r.cpu for r in theirs)
    rss, peer_rss = max(r.rss_kib for r in ours), max(r.rss_kib for r in theirs)
    # Each round's two runs are back to back: the median of their ratios is what a drifting host
    # speed leaves alone.
    wall_ratio = statistics.median(a.wall / b.wall for a, b in zip(ours, theirs, strict=True))
    cpu_ratio = statistics.median(a.cpu / b.cpu for a, b in zip(ours, theirs, strict=True))
    verdict = "meets" if wall_ratio <= target else "MISSES"
    print(
        f"  {label}: wall  sitemap-plugins {wall:6.2f} s  npm sitemap {peer:6.2f} s  ratio {wall_ratio:.3f}; {verdict} <= {target:.3g}"
    )
    print(
        f"  {' ' * len(label)}  CPU   sitemap-plugins {cpu:6.2f} s  npm sitemap {peer_cpu:6.2f} s  ratio {cpu_ratio:.3f}; "
        f"{cpu / entries * 1e6:.1f} µs an entry"
    )
    print(
        f"  {' ' * len(label)}  peak RSS sitemap-plugins {rss / 1024:.1f} MiB, npm sitemap {peer_rss / 1024:.1f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gzip-rounds", type=int, default=1, help="npm --gzip is slow: 1 round by default")
    parser.add_argument("--memory-entries", type=int, default=1_000_000)
    parser.add_argument("--load", default="idle,busy", help="the other CPU idle, or kept busy")
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        source = root / "entries.jsonl"
        write_entries(source, args.entries)
        binary = npm_sitemap()
        print(
            f"generate --from-jsonl, {args.entries:,} entries (2 alternates + 1 image each), "
            f"{default_jobs()} CPUs and worker processes (medians of alternated rounds)"
        )
        if binary is None:
            print("  node/npm not found: the comparison with the npm sitemap CLI is skipped")
        rss = []
        for load in args.load.split(","):
            for gzip, rounds, target in ((False, args.rounds, 0.8), (True, args.gzip_rounds, 0.1)):
                if not rounds or (gzip and load == "busy"):
                    continue
                ours: list[Run] = []
                theirs: list[Run] = []
                with busy_cpu(load == "busy"):
                    for number in range(rounds):
                        # In turn ours first and the peer first: neither always runs after the other.
                        if binary is not None and number % 2:
                            theirs.append(run_npm(binary, source, root / "theirs", gzip))
                        ours.append(run_ours(source, root / "ours", gzip))
                        if not gzip and load == "idle":
                            rss.append(ours[-1].rss_kib)
                        if binary is not None and not number % 2:
                            theirs.append(run_npm(binary, source, root / "theirs", gzip))
                label = f"{'gzip' if gzip else 'xml '} (other CPU {load})"
                if binary is not None:
                    compare(label, ours, theirs, target, args.entries)
                else:
                    print(
                        f"  {label}: sitemap-plugins median {statistics.median(r.wall for r in ours):.2f} s"
                    )
        if not rss:
            rss.append(run_ours(source, root / "ours", False).rss_kib)
        small = max(rss)
        big_source = root / "big.jsonl"
        write_entries(big_source, args.memory_entries)
        big = run_ours(big_source, root / "big", False).rss_kib
        growth = big / small - 1
        verdict = "meets" if growth <= 0.10 else "MISSES"
        print(
            f"  peak RSS: {args.entries:,} entries {small / 1024:.1f} MiB, {args.memory_entries:,} entries "
            f"{big / 1024:.1f} MiB ({growth * 100:+.1f}%); {verdict} the 10% target"
        )


if __name__ == "__main__":
    main()

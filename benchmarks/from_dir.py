"""`sitemap-plugins generate --from-dir` on 1 process against worker processes, and the bound.

    .venv/bin/python benchmarks/from_dir.py [--pages 20000] [--rounds 3] [--jobs 1,2] [--load idle]

The site: `../shared/bench/gen_sites.py`'s pages (its Markdown, rendered by Python-Markdown) in a
small theme's frame (a head with a canonical link, a nav, a `<main>`, a footer), every tenth page
with its `<video>`, written once into benchmarks/.work/from-dir-N.  Each round runs `generate` with
each `--jobs` in turn (alternating which goes first); printed: the medians of wall and CPU time
(every process), the peak RSS (this process's high-water mark, plus each worker counted at the
largest one's), the ratios against `--jobs 1`, and how far one process is from the bound: reading
each file and parsing it with lxml, in one process (`bound`).  The sets of every `--jobs` are
compared byte for byte.
"""

from __future__ import annotations

import argparse
import filecmp
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import busy_cpu, compile_bytecode
from cli_generate import Run, _timed

WORK = Path(__file__).resolve().parent / ".work"
GEN_SITES = Path(__file__).resolve().parents[1] / ".." / "shared" / "bench" / "gen_sites.py"
BASE = "https://docs.example.org/"

#: The command's peak RSS: its own high-water mark, and each of its `--jobs` processes (the workers,
#: git) counted at the largest one's.
PEAK_RSS = (
    "import resource, sys\n"
    "from sitemap_plugins.command.main import main\n"
    "code = main(sys.argv[1:])\n"
    "status = open('/proc/self/status').read()\n"
    "peak = int(status.split('VmHWM:')[1].split()[0])\n"
    "jobs = int(sys.argv[sys.argv.index('--jobs') + 1])\n"
    "peak += jobs * resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "print('peak-rss-kib', peak, file=sys.stderr)\n"
    "sys.exit(code)\n"
)

#: The bound, in a process of its own: every page's bytes read and parsed once by lxml.
BOUND = (
    "import os, sys, time\n"
    "from lxml import etree\n"
    "parser = etree.HTMLParser(encoding='utf-8')\n"
    "start = time.process_time()\n"
    "for directory, _, names in os.walk(sys.argv[1]):\n"
    "    for name in names:\n"
    "        if name.endswith('.html'):\n"
    "            with open(os.path.join(directory, name), 'rb') as file:\n"
    "                etree.fromstring(file.read(), parser)\n"
    "print(time.process_time() - start)\n"
)

FRAME = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title} - Bench</title><link rel="canonical" href="{url}"><link rel="stylesheet" href="/css/base.css">
</head><body><header><a href="/">Bench</a></header>
<nav><ul><li><a href="/">Home</a></li><li><a href="/sec0/page0/">First</a></li><li><a href="{up}">Section</a></li></ul></nav>
<main role="main">{content}</main>
<footer><p>Built with a generator.</p></footer></body></html>
"""


def make_site(pages: int) -> Path:
    """gen_sites.py's pages, built: `sec{i // 500}/page{i}/index.html` and the home page."""
    site = WORK / f"from-dir-{pages}"
    if (site / ".complete").exists():
        return site
    import markdown

    spec = importlib.util.spec_from_file_location("gen_sites", GEN_SITES)
    if spec is None or spec.loader is None or not GEN_SITES.exists():
        sys.exit(f"{GEN_SITES} is absent: the site is gen_sites.py's")
    gen_sites = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen_sites)
    render = markdown.Markdown()
    for number in range(-1, pages):
        if number < 0:
            path, title, body = site / "index.html", "Home", "# Home\n\nWelcome.\n"
        else:
            path = site / f"sec{number // 500}" / f"page{number}" / "index.html"
            title, body = f"Page {number}", f"# Page {number}\n\n{gen_sites.page_body(number)}"
        path.parent.mkdir(parents=True, exist_ok=True)
        url = BASE + path.parent.relative_to(site).as_posix() + "/"
        content = render.reset().convert(body)
        path.write_text(
            FRAME.format(title=title, url=url.replace(BASE + "./", BASE), up="../", content=content)
        )
    (site / ".complete").touch()
    return site


def run(site: Path, out: Path, jobs: int) -> Run:
    command = [sys.executable, "-c", PEAK_RSS, "generate", "--base-url", BASE, "--out", str(out)]
    command += ["--from-dir", str(site), "-q", "--jobs", str(jobs)]
    wall, cpu, said = _timed(command)
    return Run(wall, cpu, int(said.split("peak-rss-kib")[1].split()[0]))


def bound(site: Path) -> float:
    done = subprocess.run(
        [sys.executable, "-c", BOUND, str(site)], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


def same_files(one: Path, other: Path) -> bool:
    names = sorted(p.name for p in one.iterdir())
    _, mismatched, errors = filecmp.cmpfiles(one, other, names, shallow=False)
    return names == sorted(p.name for p in other.iterdir()) and not mismatched and not errors


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", default="1,2", help="the --jobs compared, the first the reference")
    parser.add_argument(
        "--load", default="idle", choices=("idle", "busy"), help="the other CPU idle, or kept busy"
    )
    args = parser.parse_args()
    compile_bytecode()
    site = make_site(args.pages)
    jobs = [int(j) for j in args.jobs.split(",")]
    runs: dict[int, list[Run]] = {j: [] for j in jobs}
    with tempfile.TemporaryDirectory() as directory, busy_cpu(args.load == "busy"):
        outs = {j: Path(directory, f"jobs-{j}") for j in jobs}
        bounds = []
        for number in range(args.rounds):
            for j in jobs if number % 2 == 0 else reversed(jobs):
                runs[j].append(run(site, outs[j], j))
            bounds.append(bound(site))
        identical = all(same_files(outs[jobs[0]], outs[j]) for j in jobs[1:])
    limit = statistics.median(bounds)
    print(
        f"generate --from-dir, {args.pages + 1:,} pages, other CPU {args.load}, {args.rounds} rounds (medians)"
    )
    print(f"  bound: reading and parsing each page once with lxml, one process: {limit:.2f} s CPU")
    first = runs[jobs[0]]
    for j in jobs:
        wall = statistics.median(r.wall for r in runs[j])
        cpu = statistics.median(r.cpu for r in runs[j])
        rss = max(r.rss_kib for r in runs[j])
        line = f"  --jobs {j}: wall {wall:6.2f} s ({wall / limit:.1f}x the bound)  CPU {cpu:6.2f} s  peak RSS {rss / 1024:.0f} MiB"
        if j != jobs[0]:
            wall_ratio = statistics.median(a.wall / b.wall for a, b in zip(runs[j], first, strict=True))
            rss_ratio = rss / max(r.rss_kib for r in first)
            line += f"  against --jobs {jobs[0]}: wall {wall_ratio:.3f} (target <= 0.65), peak RSS {rss_ratio:.2f} (<= 1.5)"
        print(line)
    print(f"  sets byte-identical across --jobs: {'yes' if identical else 'NO'}")


if __name__ == "__main__":
    main()

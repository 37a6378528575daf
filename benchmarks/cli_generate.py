"""`sitemap-plugins generate --from-jsonl` against the npm `sitemap` CLI v9, and its memory profile.

    .venv/bin/python benchmarks/cli_generate.py [--entries 200000] [--rounds 3] [--gzip-rounds 1]

On the same JSON Lines file (each entry with 2 hreflang alternates and 1 image, in the npm
package's own item format), alternated in one run:

- `sitemap --index --limit=50000 --index-base-url ...` vs `generate` (split files + index, with
  its default of one worker process per usable CPU; `--jobs 1` is timed too);
  target (issue #6): at most one third of the npm time;
- the same with `--gzip` on both; target: at most one tenth;
- peak RSS of `generate` for 1,000,000 entries vs 200,000 (no gzip); target: within 10%.

More figures put the plain target in context: a floor, `json.loads` plus one f-string of XML per
line with no validation, no templates and no files (the least any CPython program reading this
file can do); the time our `url.xml` template alone takes over the validated entries; and the two together
shared by every usable CPU, a lower bound for any run that parses and renders through the
template.

The npm package is installed into benchmarks/.work/ when node and npm are present; without them
the comparisons are skipped (saying so) and only our figures are printed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sitemap_plugins.background import default_jobs

WORK = Path(__file__).resolve().parent / ".work"
BASE = "https://example.com/"
# VmHWM is this process's own high-water mark; ru_maxrss would also count the parent's memory,
# which Linux carries across fork and exec.  The workers' share is counted as every worker at the
# peak of the largest one.
PEAK_RSS = (
    "import resource, sys\n"
    "from sitemap_plugins.cli import main\n"
    "from sitemap_plugins.background import default_jobs\n"
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


def run_npm(binary: Path, source: Path, out: Path, gzip: bool) -> float:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    command = [str(binary), "--index", "--limit=50000", f"--index-base-url={BASE}"] + (
        ["--gzip"] if gzip else []
    )
    start = time.perf_counter()
    with source.open("rb") as stdin, (out / ("index.xml.gz" if gzip else "index.xml")).open("wb") as stdout:
        subprocess.run(command, stdin=stdin, stdout=stdout, cwd=out, check=True)
    return time.perf_counter() - start


def run_ours(source: Path, out: Path, gzip: bool, jobs: int | None = None) -> tuple[float, int]:
    """Seconds and peak RSS (KiB, workers included) of one `generate`."""
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, "-c", PEAK_RSS, "generate", "--base-url", BASE, "--out", str(out)]
    command += ["--from-jsonl", str(source), "--max-urls", "50000", "-q"] + (["--gzip"] if gzip else [])
    command += ["--jobs", str(jobs)] if jobs else []
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"generate failed:\n{done.stderr}")
    rss = int(done.stderr.split("peak-rss-kib")[1].split()[0])
    return seconds, rss


def python_floor(source: Path) -> float:
    """Seconds to parse every line and format its <url> with one f-string: nothing else."""
    start = time.perf_counter()
    out = []
    with source.open(encoding="utf-8") as stream:
        for line in stream:
            item = json.loads(line)
            images = "".join(
                f"<image:image><image:loc>{i['url']}</image:loc></image:image>" for i in item["img"]
            )
            links = "".join(
                f'<xhtml:link rel="alternate" hreflang="{a["lang"]}" href="{a["url"]}"/>'
                for a in item["links"]
            )
            out.append(
                f"<url><loc>{item['url']}</loc><lastmod>{item['lastmod']}</lastmod>"
                f"<changefreq>{item['changefreq']}</changefreq><priority>{item['priority']}</priority>"
                f"{images}{links}</url>"
            )
    "".join(out).encode()
    return time.perf_counter() - start


def template_only(source: Path) -> float:
    """Seconds `Renderer.url` (the url.xml template) takes over entries parsed and validated beforehand."""
    from sitemap_plugins.errors import Reporter
    from sitemap_plugins.mapping import entry_from_mapping
    from sitemap_plugins.options import Options
    from sitemap_plugins.render import Renderer
    from sitemap_plugins.validate import EntryValidator

    options = Options(base_url=BASE)
    validate = EntryValidator(options, Reporter(False))
    with source.open(encoding="utf-8") as stream:
        entries = [validate(entry_from_mapping(json.loads(line), BASE)) for line in stream]
    renderer = Renderer(options)
    start = time.perf_counter()
    for entry in entries:
        renderer.url(entry)
    return time.perf_counter() - start


def compare(label: str, ours: list[float], theirs: list[float], target: float) -> None:
    mine, peer = statistics.median(ours), statistics.median(theirs)
    ratio = mine / peer
    verdict = "meets" if ratio <= target else "MISSES"
    print(f"  {label}: sitemap-plugins median {mine:.2f} s {sorted(round(t, 2) for t in ours)}")
    print(f"  {' ' * len(label)}  npm sitemap     median {peer:.2f} s {sorted(round(t, 2) for t in theirs)}")
    print(f"  {' ' * len(label)}  ratio {ratio:.3f}; {verdict} the target of {target:.3g}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gzip-rounds", type=int, default=1, help="npm --gzip is slow: 1 round by default")
    parser.add_argument("--memory-entries", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        source = root / "entries.jsonl"
        write_entries(source, args.entries)
        binary = npm_sitemap()
        print(
            f"generate --from-jsonl, {args.entries:,} entries (2 alternates + 1 image each), "
            f"{default_jobs()} worker processes (the usable CPUs)"
        )
        if binary is None:
            print("  node/npm not found: the comparison with the npm sitemap CLI is skipped")
        rss = []
        for gzip, rounds, target in ((False, args.rounds, 1 / 3), (True, args.gzip_rounds, 1 / 10)):
            if not rounds:
                continue
            ours, theirs, floor, one_process = [], [], [], []
            for _ in range(rounds):
                seconds, peak = run_ours(source, root / "ours", gzip)
                ours.append(seconds)
                if not gzip:
                    rss.append(peak)  # the 1,000,000-entry run below is without gzip too
                    floor.append(python_floor(source))
                    one_process.append(run_ours(source, root / "ours", gzip, jobs=1)[0])
                if binary is not None:
                    theirs.append(run_npm(binary, source, root / "theirs", gzip))
            label = "gzip" if gzip else "xml "
            if binary is not None:
                compare(label, ours, theirs, target)
                if floor:
                    peer = statistics.median(theirs)
                    template, least = template_only(source), statistics.median(floor)
                    for what, seconds in (
                        ("sitemap-plugins in one process (--jobs 1)", statistics.median(one_process)),
                        ("floor (json.loads + one f-string per line)", least),
                        ("url.xml template alone", template),
                        # Parsing and the template, with every CPU busy and nothing else to do
                        # (no validation, no files): no run that renders through the template
                        # can be faster than this.
                        (
                            f"floor + template, shared by {default_jobs()} CPUs",
                            (least + template) / default_jobs(),
                        ),
                    ):
                        print(f"        {what}: {seconds:.2f} s, ratio {seconds / peer:.3f}")
            else:
                print(f"  {label}: sitemap-plugins median {statistics.median(ours):.2f} s")
        if not rss:
            rss.append(run_ours(source, root / "ours", False)[1])
        small = max(rss)
        big_source = root / "big.jsonl"
        write_entries(big_source, args.memory_entries)
        _, big = run_ours(big_source, root / "big", False)
        growth = big / small - 1
        verdict = "meets" if growth <= 0.10 else "MISSES"
        print(
            f"  peak RSS: {args.entries:,} entries {small / 1024:.1f} MiB, {args.memory_entries:,} entries "
            f"{big / 1024:.1f} MiB ({growth * 100:+.1f}%); {verdict} the 10% target"
        )


if __name__ == "__main__":
    main()

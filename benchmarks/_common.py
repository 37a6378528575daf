"""Helpers shared by the benchmarks: medians of repeated timings, a page generator."""

from __future__ import annotations

import compileall
import contextlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def page_html(number: int) -> str:
    """A page shaped like Material for MkDocs output: header, nav, article with images, footer."""
    nav = "".join(
        f'<li class="md-nav__item"><a href="../p{n}/" class="md-nav__link">Page {n}</a></li>'
        for n in range(number, number + 60)
    )
    paragraphs = "".join(
        f"<p>Paragraph {n} of page {number} with some <code>code</code> and "
        f'<a href="../p{n}/">a link</a>. ' + "Lorem ipsum dolor sit amet. " * 8 + "</p>"
        for n in range(30)
    )
    video = ""
    if number % 50 == 0:
        video = (
            '<iframe src="https://www.youtube-nocookie.com/embed/aBcDeF12345" title="Demo"></iframe>'
            "<p>What the demo shows.</p>"
        )
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="description" content="Page {number} of the benchmark site">
<link rel="canonical" href="https://example.com/p{number}/">
<title>Page {number}</title><link rel="stylesheet" href="../assets/main.css"></head>
<body><header class="md-header"><a href="../" class="md-logo"><img src="../assets/logo.svg" alt="logo"></a></header>
<nav class="md-nav"><ul>{nav}</ul></nav>
<main><article class="md-content"><h1>Page {number}</h1>
<p><img src="../img/photo-{number}.jpg" alt="photo"></p>{paragraphs}
<picture><source srcset="../img/hero-{number}.avif 1x, ../img/hero-{number}@2x.avif 2x"><img src="../img/hero-{number}.jpg"></picture>
<img src="../img/diagram-{number}.png" srcset="../img/diagram-{number}-800.png 800w, ../img/diagram-{number}-1600.png 1600w">
{video}</article></main><footer><p>Footer</p></footer></body></html>"""


def commit_all(repo: Path, message: str, date: str | None = None) -> None:
    """`git add -A && git commit` in `repo` (created on first use), at `date` when given."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@example.com",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@example.com",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    if not (repo / ".git").exists():
        subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    # No automatic `git gc`: it detaches into the background, where it would take CPU from the
    # builds being timed, and write into .git while a benchmark removes it.
    subprocess.run(["git", "-c", "gc.auto=0", "commit", "-qm", message], cwd=repo, check=True, env=env)


def compile_bytecode() -> None:
    """Write sitemap_plugins' bytecode, as `pip install` does for a released wheel.

    The peers run from installed, compiled packages. An editable checkout gets its bytecode from
    its first import, unless PYTHONDONTWRITEBYTECODE is set (as on these hosts): then every
    build compiled our modules from source again, about 50 ms of CPU that no user pays."""
    package = Path(__file__).resolve().parent.parent / "sitemap_plugins"
    compileall.compile_dir(package, quiet=1)


def alternate(build: Callable[[bool], float], rounds: int) -> tuple[list[float], list[float]]:
    """Seconds of `build(True)` (ours) and `build(False)` (the peer), in pairs so that both see
    the same machine load, after one warm-up build of each (file system caches)."""
    compile_bytecode()
    build(True)
    build(False)
    ours, theirs = [], []
    for number in range(rounds):
        # Each round is a pair run back to back, in turn ours first and the peer first.
        if number % 2:
            theirs.append(build(False))
            ours.append(build(True))
        else:
            ours.append(build(True))
            theirs.append(build(False))
    return ours, theirs


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the process and its children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@contextlib.contextmanager
def busy_cpu(busy: bool) -> Iterator[None]:
    """A CPU-bound process on another core while the block runs: a CI runner or a laptop doing
    something else."""
    if not busy:
        yield
        return
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


def print_ratios(
    ours: list[tuple[float, float]],
    theirs: list[tuple[float, float]],
    peer: str,
    wall_target: float,
    cpu_target: float,
) -> None:
    """Medians of wall and CPU time of both, and the median of each round's ratio against the
    targets: these hosts speed up and slow down by a third within minutes, and a round's two
    builds, run back to back, see the same speed.  The quartiles of the rounds' ratios say how
    far one round is from the next: a median that moves less than they span is noise.  Nothing
    with no rounds (`--rounds 0`: only the share inside builds, or the instructions)."""
    if not ours:
        return
    ratios = []
    for index, what in ((0, "wall"), (1, "CPU")):
        mine = statistics.median(r[index] for r in ours)
        other = statistics.median(r[index] for r in theirs)
        rounds = [a[index] / b[index] for a, b in zip(ours, theirs, strict=True)]
        ratios.append(statistics.median(rounds))
        spread = ""
        if len(rounds) > 1:
            low, _, high = statistics.quantiles(rounds, n=4)
            spread = f"   (rounds' quartiles {low:.3f} to {high:.3f})"
        print(
            f"    {what:<4} sitemap-plugins {mine:6.2f} s   {peer} {other:6.2f} s   ratio {ratios[-1]:.3f}{spread}"
        )
    verdict = "meets" if ratios[0] <= wall_target and ratios[1] <= cpu_target else "MISSES"
    print(f"    {verdict} the targets (wall <= {wall_target}, CPU <= {cpu_target})")


def print_inside(
    generator: str,
    root: Path,
    rounds: int,
    configure: Callable[[bool], None],
    env: dict[str, str] | None = None,
) -> None:
    """Our share measured inside builds (`_inside.py`): the CPU our handlers and our import take
    in the build's process, beside the build's own, and its children's (git).  Each share is taken within one build, so the host's swings do not enter it.  The
    peer's work is timed the same way in builds configured for it (`configure(False)`), in turn
    with ours, so the ratios can be taken against the peer's build as well as against a build
    with no sitemap at all.  Medians of `rounds` builds of each; none with `rounds` 0."""
    if rounds < 1:
        return
    script = str(Path(__file__).with_name("_inside.py"))
    runs: dict[str, list[dict]] = {"ours": [], "peer": []}
    for _ in range(rounds):
        for which in ("ours", "peer"):
            configure(which == "ours")
            done = subprocess.run(
                [sys.executable, script, generator, str(root), which],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            runs[which].append(json.loads(done.stdout.strip().splitlines()[-1]))
    configure(True)
    ours_runs = runs["ours"]
    ours = statistics.median(r["sitemap_cpu"] for r in ours_runs)
    share = statistics.median(r["sitemap_cpu"] / r["build_cpu"] for r in ours_runs)
    wall_share = statistics.median(r["sitemap_wall"] / r["build_wall"] for r in ours_runs)
    children = statistics.median(r["children_cpu"] for r in ours_runs)
    build = statistics.median(r["build_cpu"] for r in ours_runs)
    peer = statistics.median(r["sitemap_cpu"] for r in runs["peer"])
    peer_children = statistics.median(r["children_cpu"] for r in runs["peer"])

    def ratios(peer: float, peer_children: float) -> tuple[float, float]:
        """Wall and CPU against the same build with the peer's work in place of ours: ours adds
        to its wall time, ours and the children's to its CPU time."""
        wall = statistics.median(
            r["build_cpu"] / (r["build_cpu"] - r["sitemap_cpu"] + peer) for r in ours_runs
        )
        cpu = statistics.median(
            (r["build_cpu"] + r["children_cpu"]) / (r["build_cpu"] - r["sitemap_cpu"] + peer + peer_children)
            for r in ours_runs
        )
        return wall, cpu

    bare_wall, bare_cpu = ratios(0.0, 0.0)
    peer_wall, peer_cpu = ratios(peer, peer_children)
    print(
        f"    inside {rounds} builds: ours {ours:.3f} s of the build's {build:.2f} s CPU ({share:.1%}; "
        f"{wall_share:.1%} of its wall time); children (git) {children:.2f} s; "
        f"the peer's work {peer:.3f} s, its children {peer_children:.2f} s"
    )
    print(
        f"    as ratios: against the peer's build wall {peer_wall:.3f}, CPU {peer_cpu:.3f}; "
        f"against a build with no sitemap wall {bare_wall:.3f}, CPU {bare_cpu:.3f}"
    )


def count_instructions(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> int:
    """The instructions of one run of `command` and of every process it starts (git), as
    valgrind's cachegrind counts them (`--trace-children=yes`, one count per process, summed)."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                "--trace-children=yes",
                f"--cachegrind-out-file={out}/cachegrind.%p",
                *command,
            ],
            cwd=cwd,
            check=True,
            capture_output=True,
            env=env,
        )
        return sum(
            int(line.split()[1])
            for count in Path(out).iterdir()
            for line in count.read_text().splitlines()
            if line.startswith("summary:")
        )


def print_instructions(
    command: list[str] | Callable[[bool], list[str]],
    root: Path,
    configure: Callable[[bool], None],
    env: dict[str, str] | None = None,
    warm_up: bool = False,
) -> None:
    """The instructions of one whole build with ours and one with the peer's (`configure(True)`
    and `configure(False)`; `command`, or `command(ours)`), its child processes included, as
    valgrind's cachegrind counts them: a figure that, unlike time, does not move with the host
    (the same build repeats to 0.2%), and that leaves out what time sees beside instructions
    (caches, memory).  With `warm_up`, each is built once before it is counted (as the
    independent count of ../shared/bench does), and with the host's PYTHONHASHSEED; else with
    PYTHONHASHSEED=0."""
    if shutil.which("valgrind") is None:
        print("    instructions: valgrind not found, not counted")
        return
    env = {**(env or os.environ)}
    if not warm_up:
        env["PYTHONHASHSEED"] = "0"
    counts = {}
    for ours in (True, False):
        configure(ours)
        build = command(ours) if callable(command) else command
        if warm_up:
            subprocess.run(build, cwd=root, check=True, capture_output=True, env=env)
        counts[ours] = count_instructions(build, root, env)
    configure(True)
    print(
        f"    instructions of one whole build: ours {counts[True] / 1e9:.2f} G, the peer's "
        f"{counts[False] / 1e9:.2f} G, ratio {counts[True] / counts[False]:.4f}"
    )

"""`mkdocs build` of a generated 400-page site: our plugin against MkDocs' built-in sitemap.

    .venv/bin/python benchmarks/mkdocs_build.py [--pages 400] [--rounds 5] [--themes mkdocs,material]
        [--git in,out] [--load idle,busy] [--inside 3] [--instructions]

The two configurations are built alternately in one run (ours, built-in, ours, ...) so that both
see the same machine load; medians of wall time and of CPU time (the build and its children: git) are compared.  Each theme (`mkdocs`, the cheapest build, where
overhead shows most; Material), in and out of a git repository, with the other CPU idle and kept
busy by a CPU-bound process the benchmark starts and stops.  Targets (issue #38), against the
built-in sitemap: `theme: mkdocs` wall <= 1.05 and CPU <= 1.08; Material wall <= 1.03.  Then, in the same configuration, our share measured inside
`--inside` builds (`_inside.py`): a build's time moves by 15% from one build to the next on these
hosts, the share within one build does not.  With `--instructions`, one build of each (other CPU
idle) is also counted under valgrind's cachegrind: instructions repeat to 0.2% whatever the host.

With `--gen-sites`, only instructions, counted as the independent count of ../shared/bench counts
them: on the site its `gen_sites.py mkdocs N` makes (`theme: mkdocs`), `mkdocs build -q -f
ours.yml` (`plugins: [search, sitemap]`, our defaults) against `-f builtin.yml` (`plugins:
[search]`), each built once before it is counted, child processes included.
"""

from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import (
    alternate,
    busy_cpu,
    commit_all,
    compile_bytecode,
    cpu_count,
    print_inside,
    print_instructions,
    print_ratios,
    timed,
)

# A 1x1 PNG: the pages' images exist, so MkDocs does not warn about them.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7359a9a0000000049454e44ae426082"
)

FEATURES = """  - sitemap:
      gzip: true
      stylesheet: true
      text_sitemap: true
      lastmod: [metadata, git]
      images: true
      videos: true
      rules: [{match: "section-1/*", priority: 0.8}]
"""


def make_site(root: Path, pages: int, in_git: bool = True) -> None:
    docs = root / "docs"
    for number in range(pages):
        section = docs / f"section-{number % 10}"
        section.mkdir(parents=True, exist_ok=True)
        video = (
            '\n<iframe src="https://www.youtube-nocookie.com/embed/aBcDeF12345" title="Demo"></iframe>\n'
            if number % 20 == 0
            else ""
        )
        body = "\n\n".join(
            f"Paragraph {p} of page {number}. " + "Lorem ipsum dolor sit amet. " * 12 for p in range(12)
        )
        (section / f"page-{number}.md").write_text(
            f"---\ndescription: Page {number}\n---\n\n# Page {number}\n\n"
            f"![Photo](../img/photo-{number % 50}.png)\n\n{body}\n\n![Chart](../img/chart-{number % 30}.png)\n{video}"
        )
    (docs / "index.md").write_text("# Benchmark site\n")
    (docs / "img").mkdir()
    for name in [f"photo-{n}" for n in range(50)] + [f"chart-{n}" for n in range(30)]:
        (docs / "img" / f"{name}.png").write_bytes(PNG)
    if in_git:
        commit_all(root, "pages")


def config(with_plugin: bool, theme: str) -> str:
    return (
        f"site_name: Benchmark\nsite_url: https://example.com/\ntheme:\n  name: {theme}\n"
        "plugins:\n  - search\n" + (FEATURES if with_plugin else "")
    )


BUILD = [sys.executable, "-m", "mkdocs", "build", "-q", "-d", "site"]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
#: ../shared/bench/gen_sites.py beside the repository: the independent count's site generator.
GEN_SITES = Path(__file__).resolve().parents[2] / "shared" / "bench" / "gen_sites.py"


def count_on_generated_site(generator: Path, pages: int) -> None:
    """Instructions of a build of `generator`'s site with ours and with the built-in sitemap,
    as ../shared/bench/README.md counts them."""
    print(f"mkdocs build of {generator}'s site of {pages} pages, theme mkdocs, as its README counts:")
    compile_bytecode()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        subprocess.run([sys.executable, str(generator), "mkdocs", str(pages), str(root)], check=True)
        generated = (root / "mkdocs.yml").read_text()
        (root / "ours.yml").write_text(generated + "plugins: [search, sitemap]\n")
        (root / "builtin.yml").write_text(generated + "plugins: [search]\n")
        mkdocs = [str(Path(sys.executable).with_name("mkdocs")), "build", "-q", "-f"]
        print_instructions(
            lambda ours: [*mkdocs, "ours.yml" if ours else "builtin.yml"],
            root,
            lambda ours: None,
            ENV,
            warm_up=True,
        )


def configure(root: Path, with_plugin: bool, theme: str) -> None:
    (root / "mkdocs.yml").write_text(config(with_plugin, theme))


def build(root: Path, with_plugin: bool, theme: str) -> tuple[float, float]:
    configure(root, with_plugin, theme)
    result = timed(BUILD, root, ENV)
    sitemap = (root / "site" / "sitemap.xml").read_bytes()
    assert (b"generated by sitemap-plugins" in sitemap) is with_plugin
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--themes", default="mkdocs,material")
    parser.add_argument("--git", default="in,out", help="in a git repository, out of one, or both")
    parser.add_argument("--load", default="idle,busy", help="the other CPU idle, or kept busy")
    parser.add_argument("--inside", type=int, default=3, help="builds that measure our share from inside")
    parser.add_argument(
        "--instructions", action="store_true", help="count the instructions of one build of each (valgrind)"
    )
    parser.add_argument(
        "--gen-sites",
        nargs="?",
        const=GEN_SITES,
        type=Path,
        help="only count instructions, on the site gen_sites.py makes (../shared/bench/ by default)",
    )
    args = parser.parse_args()
    if args.gen_sites:
        count_on_generated_site(args.gen_sites, args.pages)
        return
    print(
        f"mkdocs build, {args.pages} pages with images, {args.rounds} alternated rounds, {cpu_count()} CPUs (medians)"
    )
    for git in args.git.split(","):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            make_site(root, args.pages, git == "in")
            for theme in args.themes.split(","):
                for load in args.load.split(","):
                    with busy_cpu(load == "busy"):
                        ours, builtin = alternate(
                            lambda with_ours, root=root, theme=theme: build(root, with_ours, theme),
                            args.rounds,
                        )
                        print(
                            f"  theme {theme}, {'in' if git == 'in' else 'out of'} a git repository, other CPU {load}:"
                        )
                        wall_target = 1.03 if theme == "material" else 1.05
                        print_ratios(ours, builtin, "built-in", wall_target, 1.08)
                        for_ours = functools.partial(configure, root, theme=theme)
                        print_inside("mkdocs", root, args.inside, for_ours)
                        if args.instructions and load == "idle":
                            print_instructions(BUILD, root, for_ours, ENV)


if __name__ == "__main__":
    main()

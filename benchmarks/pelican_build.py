"""`pelican` build of a generated 1,500-article blog: our plugin against pelican-sitemap.

    .venv/bin/python benchmarks/pelican_build.py [--articles 1500] [--rounds 5] [--load idle,busy]
        [--inside 3] [--instructions]

Both plugins are built alternately in one run (ours, theirs, ours, ...) so that both see the same
machine load; medians of wall and CPU time (pelican and its children) are compared, with the other CPU idle and kept busy.  Target (issue #38): wall <= 1.05
and CPU <= 1.08 of pelican-sitemap, while doing far more (images, hreflang, gzip, robots.txt).
Then our share measured inside `--inside` builds (`_inside.py`), which the host's swings do not move,
and with `--instructions` the instructions of one build of each under valgrind's cachegrind.
Needs pelican-sitemap (`pip install pelican-sitemap`, part of the `test` extra).

With `--gen-sites`, only instructions, counted as the independent count of ../shared/bench counts
them: on the blog its `gen_sites.py pelican N` makes, `pelican -q content -s ours.py`
(`PLUGINS=['sitemap_plugins.pelican']`, our defaults) against `-s inc.py`
(`PLUGINS=['pelican.plugins.sitemap']`, `SITEMAP={'format':'xml'}`), each built once before it
is counted, child processes included.
"""

from __future__ import annotations

import argparse
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

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7359a9a0000000049454e44ae426082"
)

BASE = """SITENAME = "Benchmark"
SITEURL = "https://blog.example.com"
PATH = "content"
TIMEZONE = "Europe/Berlin"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 10
STATIC_PATHS = ["images"]
FEED_ALL_ATOM = "feeds/all.atom.xml"
CATEGORY_FEED_ATOM = "feeds/{slug}.atom.xml"
"""
OURS = 'PLUGINS = ["sitemap_plugins.pelican"]\nSITEMAP = {"gzip": True, "feeds": True}\n'
THEIRS = 'PLUGINS = ["pelican.plugins.sitemap"]\nSITEMAP = {"format": "xml"}\n'


def make_site(root: Path, articles: int) -> None:
    content = root / "content"
    (content / "images").mkdir(parents=True)
    for number in range(50):
        (content / "images" / f"photo-{number}.png").write_bytes(PNG)
    for number in range(articles):
        body = "\n\n".join(
            f"Paragraph {p} of article {number}. " + "Lorem ipsum dolor sit amet. " * 10 for p in range(8)
        )
        translation = number % 10 == 0
        header = (
            f"Title: Article {number}\nDate: 2025-{number % 12 + 1:02d}-{number % 28 + 1:02d} 10:{number % 60:02d}\n"
            f"Category: Topic {number % 12} X\nTags: tag-{number % 40}-x, week-{number % 7}-x\nSlug: article-{number}\n"
        )
        (content / f"article-{number}.md").write_text(
            f"{header}Lang: en\n\n![Photo]({{static}}/images/photo-{number % 50}.png)\n\n{body}\n"
        )
        if translation:
            (content / f"article-{number}-de.md").write_text(
                f"{header}Lang: de\n\n![Foto]({{static}}/images/photo-{number % 50}.png)\n\n{body}\n"
            )
    commit_all(root, "articles")


BUILD = [sys.executable, "-m", "pelican", "-q", "-s", "pelicanconf.py", "-o", "output", "content"]
ENV = {**os.environ, "COLUMNS": "200"}
#: ../shared/bench/gen_sites.py beside the repository: the independent count's site generator.
GEN_SITES = Path(__file__).resolve().parents[2] / "shared" / "bench" / "gen_sites.py"


def count_on_generated_site(generator: Path, articles: int) -> None:
    """Instructions of a build of `generator`'s blog with ours and with pelican-sitemap, as
    ../shared/bench/README.md counts them."""
    print(f"pelican build of {generator}'s blog of {articles} articles, as its README counts:")
    compile_bytecode()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        subprocess.run([sys.executable, str(generator), "pelican", str(articles), str(root)], check=True)
        generated = (root / "pelicanconf.py").read_text()
        (root / "ours.py").write_text(generated + "PLUGINS=['sitemap_plugins.pelican']\n")
        (root / "inc.py").write_text(
            generated + "PLUGINS=['pelican.plugins.sitemap']\nSITEMAP={'format':'xml'}\n"
        )
        pelican = [str(Path(sys.executable).with_name("pelican")), "-q", "content", "-s"]
        print_instructions(
            lambda ours: [*pelican, "ours.py" if ours else "inc.py"],
            root,
            lambda ours: None,
            ENV,
            warm_up=True,
        )


def configure(root: Path, ours: bool) -> None:
    (root / "pelicanconf.py").write_text(BASE + (OURS if ours else THEIRS))


def build(root: Path, ours: bool) -> tuple[float, float]:
    configure(root, ours)
    result = timed(BUILD, root, ENV)
    head = (root / "output" / "sitemap.xml").read_bytes()[:200]
    assert (b"generated by sitemap-plugins" in head) is ours
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--articles", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=5)
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
        help="only count instructions, on the blog gen_sites.py makes (../shared/bench/ by default)",
    )
    args = parser.parse_args()
    if args.gen_sites:
        count_on_generated_site(args.gen_sites, args.articles)
        return
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        make_site(root, args.articles)
        print(
            f"pelican build, {args.articles} articles (10% translated) with images, "
            f"{args.rounds} alternated rounds, {cpu_count()} CPUs (medians)"
        )
        for load in args.load.split(","):
            with busy_cpu(load == "busy"):
                ours, theirs = alternate(lambda with_ours: build(root, with_ours), args.rounds)
                print(f"  other CPU {load}:")
                print_ratios(ours, theirs, "pelican-sitemap", 1.05, 1.08)
                print_inside("pelican", root, args.inside, lambda ours: configure(root, ours), ENV)
                if args.instructions and load == "idle":
                    print_instructions(BUILD, root, lambda ours: configure(root, ours), ENV)


if __name__ == "__main__":
    main()

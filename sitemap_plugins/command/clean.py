"""`sitemap-plugins clean DIR`: take the sitemap set out of a built site (removing the plugin)."""

from __future__ import annotations

import argparse
import sys

from sitemap_plugins import NoSet, clean_set


def run_clean(args: argparse.Namespace) -> int:
    try:
        cleaned = clean_set(args.directory, dry_run=args.dry_run)
    except NoSet as nothing:
        # A directory cleaned already (a script run twice, `make clean`): said, and not a failure.
        print(nothing, file=sys.stderr)
        return 0
    verb = "would remove" if args.dry_run else "removed"
    for name, why in cleaned.kept:
        print(f"sitemap-plugins clean: {name}: {why}; left as it is", file=sys.stderr)
    names = ", ".join(cleaned.removed) or "nothing"
    print(
        f"sitemap-plugins clean: {verb} {len(cleaned.removed)} file(s) of the set: {names}", file=sys.stderr
    )
    if cleaned.robots == "removed":
        print(f"sitemap-plugins clean: {verb} robots.txt, which sitemap-plugins made", file=sys.stderr)
    elif cleaned.robots == "restored":
        said = "would take" if args.dry_run else "took"
        print(
            f"sitemap-plugins clean: robots.txt: {said} out the Sitemap: lines of sitemap-plugins; "
            "the rest is as you wrote it",
            file=sys.stderr,
        )
    return 0


def add_parser(commands) -> None:  # type: ignore[no-untyped-def]
    clean = commands.add_parser(
        "clean",
        help="remove the sitemap set from a built site: the files its manifest proves ours, and our "
        "lines of robots.txt (yours stay as you wrote them)",
    )
    clean.add_argument("directory", metavar="DIR", help="the built site (where the set was written)")
    clean.add_argument("--dry-run", action="store_true", help="say what would go; remove nothing")
    clean.add_argument(
        "-v", "--verbose", action="store_true", help="also the INFO lines: what was done, and why"
    )

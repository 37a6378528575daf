"""Build every sample site with its sitemaps and say where the output is.

Run through `python3 dev.py samples`, which provides the virtualenv.  Each folder here is one site:
one with mkdocs.yml is built with `mkdocs build`, one with pelicanconf.py with `pelican`, and one
with sitemap_entries.py hands its entries straight to the core engine.
"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Material for MkDocs prints a banner about its future on every build unless told not to.
QUIET = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def build(site: Path) -> Path | None:
    if (site / "mkdocs.yml").exists():
        out = site / "site"
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--quiet", "--clean", "-d", str(out)],
            cwd=site,
            check=True,
        )
        return out
    if (site / "pelicanconf.py").exists():
        out = site / "output"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pelican",
                "--quiet",
                "--delete-output-directory",
                "-s",
                "pelicanconf.py",
                "-o",
                str(out),
                "content",
            ],
            cwd=site,
            check=True,
        )
        return out
    if (site / "sitemap_entries.py").exists():
        out = site / "output"
        shutil.rmtree(out, ignore_errors=True)
        module = runpy.run_path(str(site / "sitemap_entries.py"))
        print(f"{site.name}: {module['build'](out).summary()}")
        return out
    return None


def main() -> int:
    built = [(site, out) for site in sorted(HERE.iterdir()) if site.is_dir() and (out := build(site))]
    print("\nSample output (open sitemap.xml; sitemap.xsl shows it as a table in a browser):")
    for site, out in built:
        files = sorted(p.name for p in out.glob("sitemap*"))
        print(f"  {site.name:<16} {out}  ({', '.join(files)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

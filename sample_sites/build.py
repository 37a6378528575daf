"""Build every sample site with its sitemaps and say what was written where.

Run through `python3 dev.py samples`, which provides the virtualenv.  Each folder here is one site:
one with mkdocs.yml is built with `mkdocs build`, one with pelicanconf.py with `pelican`, one with
zensical.toml with `zensical build` and then `sitemap-plugins generate --project`, and one with
sitemap_entries.py hands its entries straight to the core engine.  Each prints the summary line of
its sitemap set (and any warning), nothing else.
"""

from __future__ import annotations

import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Material for MkDocs prints a banner about its future on every build unless told not to.
# Pelican's log lines are wrapped to the terminal: wide enough, each stays on one line.
QUIET = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", "COLUMNS": "300"}
#: What is shown of a build: our summary line, and warnings (without the logger's decorations).
SHOWN = re.compile(r"(sitemap: [\d,]+ URLs? in .*?|WARNING\s.*?)(?:\s{2,}[\w.]+\.py:\d+)?\s*$")


def run(site: Path, *command: str) -> None:
    """Run a build; show its sitemap lines and warnings, or everything if it failed."""
    done = subprocess.run(command, cwd=site, env=QUIET, capture_output=True, text=True)
    said = (done.stdout + done.stderr).splitlines()
    if done.returncode != 0:
        print("\n".join(said), file=sys.stderr)
        raise SystemExit(f"{site.name}: the build failed")
    for line in said:
        match = SHOWN.search(line)
        if match:
            print(f"  {site.name:<16} {' '.join(match[1].split())}")


def build(site: Path) -> Path | None:
    python = sys.executable
    if (site / "mkdocs.yml").exists():
        out = site / "site"
        run(site, python, "-m", "mkdocs", "build", "--clean", "-d", str(out))
        return out
    if (site / "pelicanconf.py").exists():
        out = site / "output"
        shutil.rmtree(out, ignore_errors=True)
        # The newest Pelican, in an environment of its own where dev.py made one (it caps Pygments
        # below what Material needs).
        pelican = os.environ.get("SITEMAP_PLUGINS_PELICAN_PYTHON") or python
        run(site, pelican, "-m", "pelican", "-v", "-s", "pelicanconf.py", "-o", str(out), "content")
        return out
    if (site / "zensical.toml").exists():
        out = site / "site"
        shutil.rmtree(out, ignore_errors=True)
        run(site, python, "-m", "zensical", "build")
        run(site, python, "-m", "sitemap_plugins", "generate", "--project", "zensical.toml")
        return out
    if (site / "sitemap_entries.py").exists():
        out = site / "output"
        shutil.rmtree(out, ignore_errors=True)
        module = runpy.run_path(str(site / "sitemap_entries.py"))
        print(f"  {site.name:<16} {module['build'](out).summary()}")
        return out
    return None


def main() -> int:
    print("Building the samples:")
    built = [(site, out) for site in sorted(HERE.iterdir()) if site.is_dir() and (out := build(site))]
    print("\nSample output (open sitemap.xml, or sitemap-index.xml where there is one):")
    for site, out in built:
        files = sorted(p.name for pattern in ("sitemap*", "videos.rss*") for p in out.glob(pattern))
        print(f"  {site.name:<16} {out}  ({', '.join(files)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

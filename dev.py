#!/usr/bin/env python3
"""Development tasks that need nothing but python3 (3.10 or newer):

    python3 dev.py samples   build every site in sample_sites/ with its sitemaps, print where they are
    python3 dev.py test      run the whole test suite (extra arguments go to pytest)
    python3 dev.py docs      the options table of docs/options.md made anew from the option schema, then
                             the documentation site (mkdocs.yml, docs/) built into site/, --strict

Each creates ./.venv on first use and install the project in it, editable, with every extra.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
STAMP = VENV / ".installed"


def ensure_venv() -> None:
    """(Re)install when pyproject.toml changed since the last install."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not PYTHON.exists():
        print(f"dev.py: creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    print(
        "dev.py: installing sitemap-plugins into .venv, editable, with MkDocs, Material, Zensical, mike, "
        "Pelican and the test tools (first run only: about a minute)",
        flush=True,
    )
    subprocess.run(
        [
            str(PYTHON),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-e",
            f"{ROOT}[mkdocs,properdocs,pelican,test]",
        ],
        check=True,
    )
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("samples", "test", "docs"):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_venv()
    if argv[0] == "samples":
        command = [str(PYTHON), str(ROOT / "sample_sites" / "build.py"), *argv[1:]]
    elif argv[0] == "docs":
        # docs/options.md's table, made anew from the option schema (its hook checks it at the build).
        subprocess.run([str(PYTHON), str(ROOT / "docs" / "hooks.py")], check=True)
        command = [str(PYTHON), "-m", "mkdocs", "build", "--strict", *argv[1:]]
    else:
        command = [str(PYTHON), "-m", "pytest", *argv[1:]]
    return subprocess.run(command, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

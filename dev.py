#!/usr/bin/env python3
"""Development tasks that need nothing but python3 (3.10 or newer):

    python3 dev.py samples   build every site in sample_sites/ with its sitemaps, print where they are
    python3 dev.py test      run the whole test suite (extra arguments go to pytest)
    python3 dev.py docs      the options table of docs/options.md made anew from the option schema, then
                             the documentation site (mkdocs.yml, docs/) built into site/, --strict
    python3 dev.py mutate    mutation testing of the core's rules (mutmut; [tool.mutmut] in pyproject.toml):
                             the score per module, and the surviving mutants (`mutmut show NAME` shows one)

Each creates ./.venv on first use and install the project in it, editable, with every extra.
`samples` and `test` also create ./.venv-pelican, where the Pelican users install runs the Pelican
builds: Pelican 4.12 caps Pygments below 2.20, which Material 9.8 and Zensical need, so one
environment cannot hold both as users get them.  `test` also creates ./.venv-sphinx-7.2 and the
others of SPHINX_VERSIONS, each with that Sphinx alone: the oldest and the newest Sphinx the
package claims build a few sites there (tests/sphinx/test_sphinx_versions.py).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PELICAN_VENV = ROOT / ".venv-pelican"


def python_of(venv_dir: Path) -> Path:
    return venv_dir / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


PYTHON = python_of(VENV)


#: The Sphinx releases the package claims, oldest to newest, each tested in a venv of its own
#: (`.venv-sphinx-7.2`), named to the tests by SITEMAP_PLUGINS_SPHINX_7_2_PYTHON and so on.
SPHINX_VERSIONS = {"7.2": "7.2.6", "7.4": "7.4.7", "8.2": "8.2.3", "9.0": "9.0.4"}


def sphinx_python_variable(version: str) -> str:
    """The environment variable naming the interpreter of a Sphinx release's venv."""
    return f"SITEMAP_PLUGINS_SPHINX_{version.replace('.', '_')}_PYTHON"


def ensure_venv(
    venv_dir: Path = VENV,
    extras: str = "mkdocs,properdocs,pelican,sphinx,test",
    what: str = "",
    pins: tuple[str, ...] = (),
) -> None:
    """(Re)install when pyproject.toml (or `pins`, pip specs installed beside) changed since the
    last install."""
    stamp = venv_dir / ".installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + " ".join(pins).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    if not python_of(venv_dir).exists():
        print(f"dev.py: creating {venv_dir}", flush=True)
        venv.create(venv_dir, with_pip=True)
    what = what or "MkDocs, Material, Zensical, mike, Pelican, Sphinx and the test tools"
    print(
        f"dev.py: installing sitemap-plugins into {venv_dir.name}, editable, with {what} "
        "(first run only: about a minute)",
        flush=True,
    )
    subprocess.run(
        [
            str(python_of(venv_dir)),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-e",
            f"{ROOT}[{extras}]" if extras else str(ROOT),
            *pins,
        ],
        check=True,
    )
    stamp.write_text(wanted)


def ensure_pelican_venv() -> None:
    """The Pelican users install (the newest), with the themes and plugins the tests build with;
    its interpreter is named to the tests and the samples by SITEMAP_PLUGINS_PELICAN_PYTHON."""
    ensure_venv(PELICAN_VENV, "pelican,test-pelican", "the newest Pelican and its themes and plugins")
    os.environ["SITEMAP_PLUGINS_PELICAN_PYTHON"] = str(python_of(PELICAN_VENV))


def ensure_sphinx_venvs() -> None:
    """Each Sphinx release of SPHINX_VERSIONS with the package alone (no theme, no other
    extension), its interpreter named to the tests by its variable."""
    for version, pinned in SPHINX_VERSIONS.items():
        venv_dir = ROOT / f".venv-sphinx-{version}"
        ensure_venv(venv_dir, "", f"Sphinx {pinned}", (f"sphinx=={pinned}",))
        os.environ[sphinx_python_variable(version)] = str(python_of(venv_dir))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("samples", "test", "docs", "mutate"):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_venv()
    if argv[0] in ("samples", "test"):
        ensure_pelican_venv()
    if argv[0] == "test":
        ensure_sphinx_venvs()
    if argv[0] == "samples":
        command = [str(PYTHON), str(ROOT / "sample_sites" / "build.py"), *argv[1:]]
    elif argv[0] == "mutate":
        return mutate(argv[1:])
    elif argv[0] == "docs":
        # docs/options.md's table, made anew from the option schema (its hook checks it at the build).
        subprocess.run([str(PYTHON), str(ROOT / "docs_hooks.py")], check=True)
        command = [str(PYTHON), "-m", "mkdocs", "build", "--strict", *argv[1:]]
    else:
        command = [str(PYTHON), "-m", "pytest", *argv[1:]]
    return subprocess.run(command, cwd=ROOT).returncode


def mutate(args: list[str]) -> int:
    """mutmut over the modules [tool.mutmut] names, then the share of mutants killed per module."""
    mutmut = VENV / ("Scripts/mutmut.exe" if sys.platform == "win32" else "bin/mutmut")
    if not mutmut.exists():
        subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "mutmut>=3.8,<4"], check=True)
    run = subprocess.run([str(mutmut), "run", *args], cwd=ROOT)
    listed = subprocess.run(
        [str(mutmut), "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    per_module: dict[str, dict[str, int]] = {}
    survivors = []
    for line in listed.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if not name:
            continue
        module = name.split(".x")[0]
        per_module.setdefault(module, {}).setdefault(status, 0)
        per_module[module][status] += 1
        if status in ("survived", "no tests"):
            survivors.append(f"{name}: {status}")
    print("\nmodule                                      killed / mutants   score")
    total = killed = 0
    for module, counts in sorted(per_module.items()):
        dead = counts.get("killed", 0) + counts.get("timeout", 0)
        count = sum(counts.values())
        total, killed = total + count, killed + dead
        print(f"{module:44} {dead:6} / {count:<7} {dead / count:6.1%}")
    if total:
        print(f"{'all':44} {killed:6} / {total:<7} {killed / total:6.1%}")
    print(f"\n{len(survivors)} surviving (mutmut show NAME shows one):")
    print("\n".join(survivors))
    return run.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

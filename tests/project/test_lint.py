"""`ruff check` is part of the suite, so CI holds the code to it."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT


@pytest.mark.skipif(
    shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
    reason="ruff is not installed (pip install -e .[test])",
)
def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    run = subprocess.run(
        [ruff, "check", "sitemap_plugins", "tests", "sample_sites", "benchmarks", "dev.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr

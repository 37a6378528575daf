"""The command as users run it: `python -m sitemap_plugins ...` in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COMMAND = [sys.executable, "-m", "sitemap_plugins"]


def run(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """One run of the command (`env` added to this process's): whatever it is given, never a traceback."""
    done = subprocess.run(
        [*COMMAND, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env} if env is not None else None,
        timeout=timeout,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done

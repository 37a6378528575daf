"""Real Pelican builds for the tests: a sample copied to tmp_path, built by the pelican command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sites"
#: The interpreter Pelican builds run in: the newest Pelican, as its users install it, in an
#: environment of its own (`python3 dev.py test` makes it: Pelican 4.12 caps Pygments below
#: what Material needs); this one where none is named.
PELICAN_PYTHON = os.environ.get("SITEMAP_PLUGINS_PELICAN_PYTHON") or sys.executable


def copy_sample(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(SAMPLES / name, target, ignore=shutil.ignore_patterns("output", "__pycache__"))
    return target


def add_settings(project: Path, text: str) -> None:
    """Append Python lines to pelicanconf.py (later assignments win)."""
    with (project / "pelicanconf.py").open("a", encoding="utf-8") as stream:
        stream.write("\n" + text.strip() + "\n")


#: The build's time for Pelican builds (SOURCE_DATE_EPOCH, as reproducible builds set it):
#: 2027-01-01, after every date the samples hold, so that none is "later than the build" on a
#: machine whose clock is behind.  A test may set its own.
BUILD_TIME = "1798761600"


def pelican(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Pelican logs through rich, which wraps lines at the terminal width: wide enough to read whole.
    env = {"SOURCE_DATE_EPOCH": BUILD_TIME, **os.environ, "COLUMNS": "400"}
    return subprocess.run(
        [PELICAN_PYTHON, "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", *args, "content"],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )


def build(project: Path, *args: str) -> Path:
    result = pelican(project, *args)
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "output"


def written_pages(output: Path, base_url: str) -> set[str]:
    """The URL of every HTML file Pelican wrote, `index.html` shown as its directory."""
    pages = set()
    for path in output.rglob("*.html"):
        relative = path.relative_to(output).as_posix()
        if relative == "index.html" or relative.endswith("/index.html"):
            relative = relative[: -len("index.html")]
        pages.add(base_url + quote(relative))
    return pages


#: The templates Pelican renders listings with (its direct templates and taxonomies).
LISTING_TEMPLATES = (
    "index",
    "archives",
    "tag",
    "category",
    "author",
    "tags",
    "categories",
    "authors",
    "period_archives",
)
EMPTY_BLOCK = '{% extends "base.html" %}{% block content %}{% endblock %}'


def write_theme(project: Path, base: str, listing: str = EMPTY_BLOCK, article: str | None = None) -> None:
    """A theme of the test's own under `project/theme` (THEME = "theme"): `base.html`, every
    listing template, and the article and page templates (their content, where `article` is None)."""
    templates = project / "theme" / "templates"
    templates.mkdir(parents=True, exist_ok=True)
    (templates / "base.html").write_text(base)
    for name in LISTING_TEMPLATES:
        (templates / f"{name}.html").write_text(listing)
    for name in ("article", "page"):
        own = '{% extends "base.html" %}{% block content %}{{ ' + name + ".content }}{% endblock %}"
        (templates / f"{name}.html").write_text(article if article is not None and name == "article" else own)

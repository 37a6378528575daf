"""Real MkDocs builds for the tests: a sample copied to tmp_path, built by the mkdocs command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import yaml

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sites"


def copy_sample(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(SAMPLES / name, target, ignore=shutil.ignore_patterns("site"))
    return target


def edit_config(project: Path, change) -> None:
    path = project / "mkdocs.yml"
    config = yaml.safe_load(path.read_text())
    change(config)
    path.write_text(yaml.safe_dump(config, allow_unicode=True))


def mkdocs(project: Path, *args: str, tool: str = "mkdocs") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    return subprocess.run(
        [sys.executable, "-m", tool, "build", "-d", "site", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )


def built_pages(site: Path, base_url: str, directory_urls: bool = True) -> set[str]:
    """The URL of every HTML page MkDocs wrote, as MkDocs links it (404 page left out)."""
    urls = set()
    for path in site.rglob("*.html"):
        relative = path.relative_to(site).as_posix()
        if relative == "404.html":
            continue
        if directory_urls and relative.endswith("index.html"):
            relative = relative[: -len("index.html")]
        urls.add(base_url + quote(relative))
    return urls


#: A real 1x1 PNG: a page's image must be a file of the site to be listed.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7359a9a0000000049454e44ae426082"
)


def write_images(directory: Path, *names: str) -> None:
    """The images a test's pages show, as files under `directory` (docs_dir, content, a site)."""
    for name in names:
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(PNG)


def zensical_then_generate(project: Path) -> subprocess.CompletedProcess[str]:
    """`zensical build` in `project` (which must pass), then `sitemap-plugins generate --project
    zensical.toml`, as a Zensical site's owner runs them: what the second did."""
    built = subprocess.run(
        [sys.executable, "-m", "zensical", "build"], cwd=project, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--project", "zensical.toml"],
        cwd=project,
        capture_output=True,
        text=True,
    )

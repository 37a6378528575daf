"""Small sites and projects of each face, as the tests of bounds and messages build them: one page,
a MkDocs, Pelican or Sphinx project around it, and what a run said."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PAGE = "<html><head><title>Home</title></head><body><main><p>Home.</p></main></body></html>"


def one_page_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text(PAGE)
    return site


def page(title: str, head: str = "", lang: str = "en") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{head}</head>'
        f"<body><main><h1>{title}</h1><p>The page {title}, with words of its own.</p></main></body></html>"
    )


def pelican_project(tmp_path: Path, settings: str) -> Path:
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA post.\n")
    (project / "pelicanconf.py").write_text(
        'SITENAME = "P"\nPATH = "content"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap_plugins.pelican"]\n'
        "CATEGORY_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n" + settings
    )
    return project


def said_by(done: subprocess.CompletedProcess[str]) -> str:
    """Pelican's output as one line per message (rich pads and wraps them)."""
    return " ".join((done.stdout + done.stderr).split())


def mkdocs_project(tmp_path: Path, config: str) -> Path:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Home\n\nThe home page.\n")
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to use it.\n")
    (project / "mkdocs.yml").write_text(config)
    return project


def sphinx_build(docs: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", str(docs), str(out)], capture_output=True, text=True
    )


def sphinx_project(tmp_path: Path, conf: str, pages: list[str]) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(f'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\n{conf}')
    toctree = "".join(f"   {name}\n" for name in pages)
    (docs / "index.rst").write_text(f"Home\n====\n\n.. toctree::\n\n{toctree}")
    for name in pages:
        (docs / f"{name}.rst").write_text(f"Page {name}\n==========\n\nThe page {name}.\n")
    return docs


def warnings_of(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in (done.stdout + done.stderr).splitlines() if "WARNING" in line]


def two_pages_canonical_at(tmp_path: Path, canonical_host: str) -> Path:
    site = tmp_path / "site"
    for name in ("a", "b"):
        (site / name).mkdir(parents=True, exist_ok=True)
        (site / name / "index.html").write_text(
            f'<html><head><title>{name}</title><link rel="canonical" href="https://{canonical_host}/{name}/">'
            f"</head><body><main><p>Page {name}.</p></main></body></html>"
        )
    return site


def pelican_blog(tmp_path: Path, settings: str) -> Path:
    project = tmp_path / "blog"
    (project / "content" / "pages").mkdir(parents=True)
    (project / "pelicanconf.py").write_text(
        'SITENAME = "B"\nSITEURL = "https://example.com"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n' + settings
    )
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2020-01-01\n\nText.\n")
    return project

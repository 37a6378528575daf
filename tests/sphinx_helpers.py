"""A Sphinx project whose git history is made here, and `sphinx-build` run on it (in this
Python, or in the venv of another Sphinx release: tests/sphinx/test_sphinx_versions.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from git_helpers import git

BASE = "https://docs.example.com/en/latest/"
CONF = f'project = "Demo"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{BASE}"\n'


def project(tmp_path: Path, conf: str = CONF) -> Path:
    """Three documents, one of which shows an example file that changed after it."""
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "conf.py").write_text(conf)
    (docs / "index.rst").write_text(
        "Demo\n====\n\n.. toctree::\n\n   guide/index\n   api\n\nThe demo's home.\n"
    )
    (docs / "guide" / "index.rst").write_text(
        "Guide\n=====\n\nHow to use it.\n\n.. literalinclude:: ../example.py\n"
    )
    (docs / "api.rst").write_text("API\n===\n\nThe API of the demo.\n")
    (docs / "example.py").write_text("print('one')\n")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "docs", date="2024-01-02T10:00:00+00:00")
    (docs / "example.py").write_text("print('two')\n")
    git(tmp_path, "commit", "-qam", "example", date="2024-03-04T10:00:00+00:00")
    (docs / "api.rst").write_text("API\n===\n\nThe API of the demo, changed.\n")
    git(tmp_path, "commit", "-qam", "api", date="2024-05-06T10:00:00+00:00")
    return docs


def german_catalog(tmp_path: Path, docs: Path) -> None:
    """A German gettext catalog of the guide and the home page (not the API), committed."""
    catalog = docs / "locale" / "de" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (catalog / "guide.po").write_text(
        header + 'msgid "Guide"\nmsgstr "Anleitung"\n\nmsgid "How to use it."\nmsgstr "Wie man es benutzt."\n'
    )
    (catalog / "index.po").write_text(
        header + 'msgid "The demo\'s home."\nmsgstr "Die Startseite."\n\nmsgid "Guide"\nmsgstr "Anleitung"\n'
    )
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "de", date="2024-08-09T10:00:00+00:00")


def sphinx(
    docs: Path,
    out: Path,
    *args: str,
    builder: str = "html",
    python: str = sys.executable,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`sphinx-build` in `python` (another Sphinx's venv), outside Read the Docs unless `env`
    says otherwise."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("READTHEDOCS")}
    done = subprocess.run(
        [python, "-m", "sphinx", "-b", builder, *args, str(docs), str(out)],
        capture_output=True,
        text=True,
        env={**environ, **(env or {})},
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done


#: Read the Docs' domain of the test project (its translations are served under it too).
RTD_HOST = "https://demo.readthedocs.io/"


def read_the_docs(
    docs: Path,
    *args: str,
    version: str = "latest",
    language: str = "en",
    project: str = "demo",
    builder: str = "html",
    python: str = sys.executable,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """`sphinx-build` as Read the Docs' builder runs it (readthedocs.org's doc_builder): in
    conf.py's folder, with the variables it sets (a version's slug, the project's language),
    `-D language=`, the output in `$READTHEDOCS_OUTPUT/html` of the checkout.  The run and that
    output."""
    checkout = docs.parent
    output = checkout / "_readthedocs"
    environ = {name: value for name, value in os.environ.items() if not name.startswith("READTHEDOCS")}
    environ.update(
        READTHEDOCS="True",
        READTHEDOCS_PROJECT=project,
        READTHEDOCS_LANGUAGE=language,
        READTHEDOCS_VERSION=version,
        READTHEDOCS_VERSION_NAME=version,
        READTHEDOCS_VERSION_TYPE="branch",
        READTHEDOCS_REPOSITORY_PATH=str(checkout),
        READTHEDOCS_OUTPUT=f"{output}/",
        READTHEDOCS_CANONICAL_URL=f"{RTD_HOST}{language}/{version}/",
    )
    sphinx_language = language.split("-")[0] + language[2:].replace("-", "_").upper()
    command = [python, "-m", "sphinx", "-T", "-b", builder, "-d", "_build/doctrees"]
    done = subprocess.run(
        [*command, "-D", f"language={sphinx_language}", *args, ".", str(output / "html")],
        capture_output=True,
        text=True,
        env=environ,
        cwd=docs,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done, output / "html"


#: The Sphinx releases the package claims, each in a venv of its own (dev.py's SPHINX_VERSIONS).
VERSIONS = ("7.2", "7.4", "8.2", "9.0")


def sphinx_python(version: str) -> str:
    """The interpreter of the venv holding that Sphinx; the test is skipped where there is none."""
    variable = f"SITEMAP_PLUGINS_SPHINX_{version.replace('.', '_')}_PYTHON"
    python = os.environ.get(variable)
    if not python or not Path(python).exists():
        pytest.skip(
            f"{variable} names no interpreter: `python3 dev.py test` makes the venv of Sphinx {version}"
        )
    return python

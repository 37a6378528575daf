"""Development servers as users run them: `mkdocs serve` (and `--dirty`), Pelican's `make
devserver` (`pelican -lr` with pelican-quickstart's development config, i18n_subsites on) and
sphinx-autobuild, each a real server on 127.0.0.1 at a free port, waited for a bounded time,
a page edited while it serves, and the processes stopped whatever happens.  No failure, and
no line that is false of what is served."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from lxml import etree
from mkdocs_helpers import copy_sample as copy_mkdocs_sample
from pelican_helpers import PELICAN_PYTHON, add_settings
from pelican_helpers import copy_sample as copy_pelican_sample
from sitemap_checks import NS
from sphinx_helpers import project as sphinx_project
from sphinx_helpers import sphinx

pytestmark = [pytest.mark.slow, pytest.mark.environment]

#: How long a server may take to come up, or to show an edit (a busy CI machine builds slowly).
WAIT = 120.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read()
    except (urllib.error.URLError, OSError):
        return None


@contextlib.contextmanager
def _serving(command: list[str], cwd: Path, log: Path, env: dict[str, str] | None = None) -> Iterator[None]:
    """`command` running in its own process group, its output in `log`; stopped (the whole
    group: Pelican's -lr forks a builder and a server) when the block ends, however it ends."""
    environ = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "COLUMNS": "400", **(env or {})}
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=cwd, stdout=output, stderr=subprocess.STDOUT, env=environ, start_new_session=True
        )
        try:
            yield
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=20)


def _wait_for(what: str, found: Callable[[], bool], log: Path, every: float = 0.5) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if found():
            return
        time.sleep(every)
    pytest.fail(f"{what} not within {WAIT:.0f} s; the server said:\n{log.read_text(errors='replace')}")


def _locs(data: bytes | None) -> list[str]:
    if not data or b"<urlset" not in data:
        return []
    return [loc.text for loc in etree.fromstring(data).iterfind("s:url/s:loc", NS)]


def _sitemap_lines(log: Path) -> list[str]:
    text = log.read_text(errors="replace")
    return [" ".join(line.split()) for line in text.splitlines() if "sitemap" in line]


# -- MkDocs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dirty", [False, True], ids=["serve", "serve --dirty"])
def test_mkdocs_serve_serves_the_set_of_what_it_builds_before_and_after_an_edit(tmp_path, dirty):
    """The feature sample served: its set lists the pages at the server's address; a page
    added and another edited while it serves, the set served becomes, byte for byte, what a
    clean build of the edited project at that address writes (with `--dirty` too, whose
    rebuilds render only the changed pages), and each summary counts what was served."""
    project = copy_mkdocs_sample("mkdocs-features", tmp_path)
    port = _free_port()
    served = f"http://127.0.0.1:{port}/"
    log = tmp_path / "serve.log"
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "serve",
        "-a",
        f"127.0.0.1:{port}",
        *(["--dirty"] if dirty else []),
    ]
    with _serving(command, project, log):
        _wait_for("mkdocs serve's sitemap.xml", lambda: served in _locs(_get(served + "sitemap.xml")), log)
        first = _locs(_get(served + "sitemap.xml"))
        assert served + "guide/grilling/" in first and not [u for u in first if "docs.example.com" in u]
        (project / "docs" / "new-page.md").write_text("# New\n\nA page added while the server runs.\n")
        with (project / "docs" / "guide" / "grilling.md").open("a") as page:
            page.write("\n\nOne more paragraph, written while the server runs.\n")
        # The edited project, built clean at the server's address, in a folder of its own.
        clean = tmp_path / "clean"
        shutil.copytree(project, clean, ignore=shutil.ignore_patterns("site", "*.log"))
        config = clean / "mkdocs.yml"
        config.write_text(config.read_text().replace("https://docs.example.com/", served))
        built = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", "site"],
            cwd=clean,
            capture_output=True,
            text=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        assert built.returncode == 0, built.stderr
        expected = (clean / "site" / "sitemap.xml").read_bytes()
        _wait_for("the clean build's set served", lambda: _get(served + "sitemap.xml") == expected, log)
    said = log.read_text(errors="replace")
    assert "Traceback" not in said and "ERROR" not in said, said
    assert not [line for line in _sitemap_lines(log) if "WARNING" in line], said
    assert served + "new-page/" in _locs(expected) and len(_locs(expected)) == len(first) + 1
    summaries = [line for line in _sitemap_lines(log) if re.search(r"sitemap: \d+ URLs in", line)]
    counts = [int(re.search(r"(\d+) URLs", line)[1]) for line in summaries]
    # One rebuild for both edits, or one for each: each summary counts the pages then built.
    assert counts[0] == len(first) and counts[-1] == len(first) + 1, said


# -- Pelican --------------------------------------------------------------------------------------

#: What pelican-quickstart writes into pelicanconf.py for `make devserver` (publishconf.py sets
#: the published SITEURL): no site URL, relative links.
QUICKSTART_DEVELOPMENT = 'SITEURL = ""\nRELATIVE_URLS = True\n'


def test_pelican_devserver_with_i18n_subsites_builds_serves_and_rebuilds(tmp_path):
    """`make devserver` (`pelican -lr`) of the i18n sample with the quickstart's development
    config: every run builds (the subsites' runs, whose SITEURL is `/de` and `/fr`, too), the
    pages are served, an edited article is rebuilt, no sitemap is written and nothing reads as
    a failure.  On the code before, every run stopped: `CRITICAL ConfigError: sitemap: SITEURL
    is '/de'`."""
    project = copy_pelican_sample("pelican-i18n", tmp_path)
    add_settings(project, QUICKSTART_DEVELOPMENT)
    port = _free_port()
    served = f"http://127.0.0.1:{port}/"
    log = tmp_path / "devserver.log"
    command = [PELICAN_PYTHON, "-m", "pelican", "-lr", "-p", str(port), "-b", "127.0.0.1"]
    command += ["-s", "pelicanconf.py", "-o", "output", "content"]
    article = project / "content" / "articles" / "tides-de.md"
    with _serving(command, project, log):
        _wait_for(
            "the site and its German subsite served",
            lambda: b"Gezeiten" in (_get(served + "de/") or b"") and b"Tides" in (_get(served) or b""),
            log,
        )
        # The watcher starts after the first build (of the site and both subsites).
        _wait_for(
            "the first build", lambda: log.read_text(errors="replace").count("Done: Processed") >= 3, log
        )
        edited = article.read_text().replace("Gezeiten", "Gezeitenkalender")

        def rebuilt() -> bool:
            article.write_text(edited)  # again until seen: an edit before the watcher began is missed
            return b"Gezeitenkalender" in (_get(served + "de/") or b"")

        _wait_for("the edited German article rebuilt", rebuilt, log, every=5)
    said = log.read_text(errors="replace")
    assert "CRITICAL" not in said and "Traceback" not in said and "Caught exception" not in said, said
    assert said.count("Done: Processed") >= 6, said  # the site and two subsites, built twice
    assert not [line for line in _sitemap_lines(log) if "WARNING" in line or "ERROR" in line], said
    assert not list((project / "output").rglob("sitemap*.xml*"))


def test_pelican_development_build_says_once_that_no_sitemap_is_written(tmp_path):
    """`make html` with the quickstart's development config and i18n_subsites: exit 0, one INFO
    line (at `-v`, Pelican's INFO) that says no sitemap was written and where one is, and no
    file of a set anywhere in the output."""
    project = copy_pelican_sample("pelican-i18n", tmp_path)
    add_settings(project, QUICKSTART_DEVELOPMENT)
    done = subprocess.run(
        [PELICAN_PYTHON, "-m", "pelican", "-v", "-s", "pelicanconf.py", "-o", "output", "content"],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "400"},
    )
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 0, said
    assert said.count("sitemap:") == 1, said
    assert (
        "INFO sitemap: SITEURL is empty (a development build, as pelicanconf.py has it), so no sitemap was "
        "written; the published build (publishconf.py's SITEURL) writes it"
    ) in said
    assert (project / "output" / "de" / "index.html").is_file()
    assert not list((project / "output").rglob("sitemap*")) and not list(
        (project / "output").rglob("robots.txt")
    )


# -- Sphinx ---------------------------------------------------------------------------------------


def test_sphinx_autobuild_serves_the_set_a_clean_build_writes_after_an_edit(tmp_path):
    """sphinx-autobuild (a server, and an incremental sphinx-build on every change): the set it
    serves after a page is edited becomes, byte for byte, the one a clean build of the edited
    sources writes, and it says no warning."""
    autobuild = Path(sys.executable).parent / "sphinx-autobuild"
    if not autobuild.exists():
        pytest.skip("sphinx-autobuild is not installed here (pip install sphinx-autobuild)")
    docs = sphinx_project(tmp_path)
    port = _free_port()
    served = f"http://127.0.0.1:{port}/"
    log = tmp_path / "autobuild.log"
    command = [
        str(autobuild),
        str(docs),
        str(tmp_path / "served"),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with _serving(command, tmp_path, log):
        _wait_for("sphinx-autobuild's sitemap.xml", lambda: bool(_locs(_get(served + "sitemap.xml"))), log)
        first = _get(served + "sitemap.xml")
        (docs / "api.rst").write_text("API\n===\n\nThe API of the demo, edited while served.\n")
        clean = sphinx(docs, tmp_path / "clean", "-q")
        assert clean.returncode == 0, clean.stderr
        expected = (tmp_path / "clean" / "sitemap.xml").read_bytes()
        _wait_for("the clean build's set served", lambda: _get(served + "sitemap.xml") == expected, log)
    said = log.read_text(errors="replace")
    assert "Traceback" not in said and not [line for line in _sitemap_lines(log) if "WARNING" in line], said
    assert b"edited while served" in (tmp_path / "served" / "api.html").read_bytes()
    assert _locs(first) == _locs(expected)

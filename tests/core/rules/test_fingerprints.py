"""Option `previous` (#63, item 2): a fingerprint of what the reader sees, carried across deploys
in the manifest. Two real MkDocs builds in a row, the second reading the first's state from its
directory or from a local HTTP server serving it: an unchanged page keeps its lastmod (a
whitespace-only commit changes nothing), a page whose content a hook renders from a data file is
dated by the second build, a page whose source changed keeps its source's date."""

from __future__ import annotations

import functools
import json
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from git_helpers import commit, git, lastmods
from mkdocs_helpers import mkdocs

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"
T1, T2, T3 = "2025-03-04T10:00:00+00:00", "2025-05-06T10:00:00+00:00", "2025-07-08T10:00:00+00:00"
#: The second build's time (SOURCE_DATE_EPOCH): 2025-10-09T08:53:20Z.
SECOND_BUILD, SECOND_BUILD_TIME = "1760000000", "2025-10-09T08:53:20+00:00"
HOOK = '''
from pathlib import Path


def on_page_markdown(markdown, page, config, files):
    """Renders the data file into the API page, as mkdocstrings renders a docstring."""
    if page.file.src_uri == "api.md":
        return markdown + "\\n" + (Path(config.config_file_path).parent / "data.txt").read_text()
    return markdown
'''


def project(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\nWelcome.\n")
    (docs / "api.md").write_text("# API\n")
    (docs / "guide.md").write_text("# Guide\n\nStep one.\n")
    (root / "data.txt").write_text("Button: a widget that can be pressed.\n")
    (root / "hooks.py").write_text(HOOK)
    (root / "mkdocs.yml").write_text(
        f"site_name: Fingerprints\nsite_url: {BASE}\nhooks: [hooks.py]\n"
        "plugins:\n  - sitemap:\n      previous: ../previous\n      report: report.html\n"
    )
    git(root, "init", "-q")
    commit(root, T1)
    return root


def second_commit(root: Path) -> None:
    """A whitespace-only change to the home page, new words on the guide's, and the API's data."""
    (root / "docs" / "index.md").write_text("# Home\n\nWelcome.   \n\n")
    (root / "docs" / "guide.md").write_text("# Guide\n\nStep one, then two.\n")
    commit(root, T2)
    (root / "data.txt").write_text("Button: a widget that can be pressed, or clicked.\n")
    commit(root, T3)


EXPECTED = {
    BASE: T1,  # whitespace only: no change for a reader
    BASE + "api/": SECOND_BUILD_TIME,  # its content changed, no source of it did
    BASE + "guide/": T2,  # its source changed: the source's date
}


def test_two_builds_the_second_reading_the_first_from_its_directory(tmp_path, monkeypatch):
    root = project(tmp_path / "repo")
    first = mkdocs(root)
    assert first.returncode == 0, first.stderr
    assert lastmods(root / "site" / "sitemap.xml") == dict.fromkeys(EXPECTED, T1)
    state = json.loads((root / "site" / ".sitemap-plugins.json").read_text())["pages"]
    assert sorted(state) == sorted(EXPECTED) and all(len(value[0]) == 64 for value in state.values())
    shutil.copytree(root / "site", tmp_path / "previous")
    second_commit(root)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", SECOND_BUILD)
    second = mkdocs(root)
    assert second.returncode == 0, second.stderr
    assert lastmods(root / "site" / "sitemap.xml") == EXPECTED
    assert (
        "1 page unchanged since the last deploy (lastmod kept), 1 page changed with no newer source "
        "(dated by this build)" in second.stderr
    )
    report = (root / "report.html").read_text()
    assert "fingerprint kept: content unchanged since the last deploy" in report
    assert "fingerprint changed: dated by this build" in report
    # The same input and the same previous state: byte for byte the same files.
    before = (
        (root / "site" / "sitemap.xml").read_bytes(),
        (root / "site" / ".sitemap-plugins.json").read_bytes(),
    )
    assert mkdocs(root).returncode == 0
    assert (
        (root / "site" / "sitemap.xml").read_bytes(),
        (root / "site" / ".sitemap-plugins.json").read_bytes(),
    ) == before


def test_the_previous_state_fetched_from_the_deployed_site(tmp_path, monkeypatch):
    root = project(tmp_path / "repo")
    assert mkdocs(root).returncode == 0
    deployed = tmp_path / "deployed"
    shutil.copytree(root / "site", deployed)
    asked: list[str] = []

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            asked.append(self.path)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(deployed)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site_url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        # The deployed site is at its own address: the project's site_url is it.
        config = (root / "mkdocs.yml").read_text().replace(BASE, site_url).replace("../previous", site_url)
        (root / "mkdocs.yml").write_text(config)
        assert mkdocs(root).returncode == 0  # the first state at the new address
        shutil.rmtree(deployed)
        shutil.copytree(root / "site", deployed)
        second_commit(root)
        monkeypatch.setenv("SOURCE_DATE_EPOCH", SECOND_BUILD)
        asked.clear()
        done = mkdocs(root)
        assert done.returncode == 0, done.stderr
        assert lastmods(root / "site" / "sitemap.xml") == {
            url.replace(BASE, site_url): date for url, date in EXPECTED.items()
        }
        assert asked == ["/.sitemap-plugins.json"]
    finally:
        server.shutdown()
        server.server_close()


def test_a_missing_or_unreadable_state_falls_back_to_the_sources(tmp_path, monkeypatch):
    root = project(tmp_path / "repo")
    (tmp_path / "previous").mkdir()
    (tmp_path / "previous" / ".sitemap-plugins.json").write_text("{not json")
    second_commit(root)
    done = mkdocs(root, "-v")
    assert done.returncode == 0, done.stderr
    assert "previous: " in done.stderr and "is not a manifest of sitemap-plugins" in done.stderr
    assert "WARNING" not in done.stderr
    assert lastmods(root / "site" / "sitemap.xml") == {BASE: T2, BASE + "api/": T1, BASE + "guide/": T2}
    shutil.rmtree(tmp_path / "previous")
    done = mkdocs(root, "-v")
    assert done.returncode == 0 and "WARNING" not in done.stderr
    assert "pages are dated by their sources alone" in done.stderr

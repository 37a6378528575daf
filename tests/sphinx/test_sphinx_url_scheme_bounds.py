"""What conf.py and the tree beside a Sphinx build can do to it: sphinx-sitemap's
`sitemap_url_scheme` (or conf.py's `version` in it) climbing above html_baseurl is refused as
`../` in `extra_sitemaps` is, naming the option; a FIFO named `objects.inv` in a neighbouring
version's output is not waited on."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from git_helpers import git, lastmods
from sphinx_helpers import project, sphinx

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/docs/"
CONF = f'project = "Demo"\nextensions = ["sitemap_plugins.sphinx"]\nhtml_baseurl = "{BASE}"\n'


@pytest.mark.parametrize(
    ("version", "scheme", "gives", "outside"),
    [
        ("", "../../{link}", "../../", "https://example.com/"),
        ("../../../up", "{version}{link}", "../../../up/", "https://example.com/up/"),
    ],
)
def test_a_scheme_above_the_base_url_is_refused_naming_the_option(tmp_path, version, scheme, gives, outside):
    docs = project(tmp_path, CONF + f"version = {version!r}\nsitemap_url_scheme = {scheme!r}\n")
    done = sphinx(docs, tmp_path / "html")
    assert done.returncode == 0
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == [
        f"WARNING: sitemap: sitemap_url_scheme {scheme!r} gives {gives!r}: the pages at {outside}, outside the "
        f"site {BASE}; not followed [sitemap]"
    ]
    assert set(lastmods(tmp_path / "html" / "sitemap.xml")) == {
        BASE + page for page in ("index.html", "guide/index.html", "api.html", "genindex.html")
    }
    assert sphinx(docs, tmp_path / "strict", "-W").returncode == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_objects_inv_in_a_neighbouring_version_is_not_waited_on(tmp_path):
    """`en/stable` built from another checkout (so its project is told by its inventory), its
    objects.inv then a FIFO: the build of `en/latest` beside it ends, its set written, and the
    neighbour is no set of the project's."""
    docs = project(tmp_path)
    other = tmp_path / "other-checkout"
    git(tmp_path, "worktree", "add", "-q", str(other), "HEAD")
    html, host = tmp_path / "html", "https://docs.example.com/"
    root = ("-D", f"sitemap_root={html}")
    assert (
        sphinx(
            other / "docs", html / "en" / "stable", "-D", f"html_baseurl={host}en/stable/", *root
        ).returncode
        == 0
    )
    inventory = html / "en" / "stable" / "objects.inv"
    inventory.unlink()
    os.mkfifo(inventory)
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-D", f"html_baseurl={host}en/latest/", *root]
    environ = {name: value for name, value in os.environ.items() if not name.startswith("READTHEDOCS")}
    done = subprocess.run(
        [*command, str(docs), str(html / "en" / "latest")],
        capture_output=True,
        text=True,
        timeout=120,
        env=environ,
    )
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if "sitemap" in line] == []
    assert f"{host}en/latest/api.html" in lastmods(html / "en" / "latest" / "sitemap.xml")
    assert not any("names the sets of" in line and "en/stable" in line for line in done.stdout.splitlines())

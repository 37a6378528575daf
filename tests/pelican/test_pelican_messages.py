"""The Pelican face's lines: a real warning under `--fatal warnings` stops Pelican in one line;
pelican-sitemap left in PLUGINS is said once and writes nothing, and nothing is said of it where it
is not. Real builds in `.venv-pelican`."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from pelican_helpers import add_settings, copy_sample, pelican


def manifest_agrees(out: Path) -> None:
    """Every file the manifest claims is there with the bytes it says."""
    files = json.loads((out / ".sitemap-plugins.json").read_text())["files"]
    assert files
    for name, digest in files.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.slow
def test_a_real_warning_under_fatal_warnings_stops_pelican_in_one_line(tmp_path):
    """The other way: a warning of ours (an image that is no file of the site) under
    `--fatal warnings` fails the build, said once, without Pelican's traceback of its logger."""
    project = copy_sample("pelican-i18n", tmp_path)
    with (project / "content" / "articles" / "tides-en.md").open("a") as article:
        article.write("\n![Lost](/images/lost.png)\n")
    done = pelican(project, "--fatal", "warnings")
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 1 and "Traceback" not in said and "CRITICAL" not in said
    assert (
        "WARNING sitemap: articles/tides-en.md (https://guide.example.com/tides.html): image: "
        "https://guide.example.com/images/lost.png is no file of the site (a 404); left out"
    ) in said
    assert "sitemap: the build stops here: --fatal warnings, and the warning above" in said
    kept = pelican(project)  # without --fatal: the build goes on without the image
    assert kept.returncode == 0 and "lost.png is no file of the site" in kept.stdout + kept.stderr


PELICAN_SITEMAP_LINE = (
    "sitemap: pelican-sitemap is in PLUGINS beside sitemap_plugins.pelican, and both write sitemap.xml: "
    "pelican-sitemap's is not written, this plugin's set is; remove pelican-sitemap from PLUGINS "
    '("sitemap" or "pelican.plugins.sitemap"): a SITEMAP written for it keeps its meaning here '
    "(the documentation's migrating.md)"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "plugins",
    [
        # Each order: in these, blinker called the plugin named last last, so each once overwrote the other.
        '["pelican.plugins.i18n_subsites", "sitemap_plugins.pelican", "sitemap"]',
        '["pelican.plugins.sitemap", "pelican.plugins.i18n_subsites", "sitemap_plugins.pelican"]',
    ],
)
def test_pelican_sitemap_left_in_plugins_is_said_once_and_writes_nothing(tmp_path, plugins):
    pytest.importorskip("pelican.plugins.sitemap", reason="pelican-sitemap is in .venv-pelican")
    project = copy_sample("pelican-i18n", tmp_path)
    add_settings(project, f"PLUGINS = {plugins}")
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    assert said.count(PELICAN_SITEMAP_LINE) == 1
    assert "Invalid 'SITEMAP' key" not in said  # pelican-sitemap's own complaints of our keys: not run
    out = project / "output"
    assert "sitemap-plugins" in (out / "sitemap.xml").read_text()[:300]
    manifest_agrees(out)


@pytest.mark.slow
def test_without_pelican_sitemap_nothing_is_said_of_it(tmp_path):
    project = copy_sample("pelican-i18n", tmp_path)
    done = pelican(project)
    assert done.returncode == 0 and "pelican-sitemap" not in done.stdout + done.stderr
    manifest_agrees(project / "output")

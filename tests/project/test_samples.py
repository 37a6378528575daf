"""The sample sites build, and what they write is valid (the schema sweep in conftest checks it)."""

import json
import runpy
import shutil
import subprocess
import sys

import pytest
from places import SAMPLES
from sitemap_checks import urls

pytestmark = pytest.mark.slow  # builds real sites



def test_core_sample(tmp_path):
    result = runpy.run_path(str(SAMPLES / "core" / "sitemap_entries.py"))["build"](tmp_path)
    assert result.summary() == (
        "sitemap: 5 URLs in 1 file + news sitemap + index, 2 images, 1 video, 1 news, video feed: https://docs.example.com/videos.rss"
    )
    assert "https://docs.example.com/stra%C3%9Fe/%C3%BCmlat.php&q=name" in urls(tmp_path / "sitemap.xml")


@pytest.mark.parametrize(
    "name",
    ["core", "mkdocs-blog", "mkdocs-features", "mkdocs-i18n", "pelican-blog", "pelican-i18n", "zensical"],
)
def test_every_sample_passes_check(tmp_path, name, capsys):
    """Each sample, built as `python3 dev.py samples` builds it, with no WARNING (none of them is
    about one), then read by `check` with no --base-url (the site names its address): no problem,
    only advice (the samples keep a long news window on purpose).  Pelican's feeds, which it names
    as sitemaps, are read as feeds."""
    if name == "zensical":
        pytest.importorskip("zensical")
    site = tmp_path / name
    shutil.copytree(SAMPLES / name, site, ignore=shutil.ignore_patterns("site", "output", "__pycache__"))
    build = runpy.run_path(str(SAMPLES / "build.py"))
    out = build["build"](site)
    shown = capsys.readouterr().out  # the summary line and every warning, as `dev.py samples` shows them
    assert "sitemap: " in shown and "WARNING" not in shown, shown
    run = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(out), "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    problems = json.loads(run.stdout)["problems"]
    assert [p for p in problems if not p["advice"]] == []
    assert {p["code"] for p in problems} <= {"news-old"}

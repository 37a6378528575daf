"""The sample sites build, and what they write is valid (the schema sweep in conftest checks it)."""

import runpy
from pathlib import Path

from sitemap_checks import urls

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sites"


def test_core_sample(tmp_path):
    result = runpy.run_path(str(SAMPLES / "core" / "sitemap_entries.py"))["build"](tmp_path)
    assert result.summary() == "sitemap: 5 URLs in 2 files + index, 2 images, 1 video, 1 news"
    assert "https://docs.example.com/stra%C3%9Fe/%C3%BCmlat.php&q=name" in urls(tmp_path / "sitemap.xml")

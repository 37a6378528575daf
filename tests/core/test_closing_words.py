"""The closing lines and the report in words a new user reads once: each thing said once, each
count with its noun, each kind named for what it is."""

from __future__ import annotations

import sitemap_plugins as sp

BASE = "https://example.com/"
#: A player with no title, description nor thumbnail: Google's three, all missing.
PLAYER = '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>'


def _page(body: str, title: str = "A page") -> str:
    return f"<!DOCTYPE html><html lang='en'><head><title>{title}</title></head><body><main>{body}</main></body></html>"


def test_a_video_left_out_is_counted_once_and_its_page_named(tmp_path):
    """Said twice, the count before: `1 video left out, not described (…)` before the summary's
    `1 video left out: not described`; the line before the summary now names where it is."""
    sitemap = sp.Sitemap(sp.Options(base_url=BASE))
    sitemap.add_page(sp.Page(BASE, html=_page("<p>Home.</p>"), source="index.md"))
    sitemap.add_page(sp.Page(BASE + "clips/", html=_page(f"<p>Clips.</p>{PLAYER}"), source="clips.md"))
    lines = sitemap.closing_lines(sitemap.write(tmp_path))
    assert sum("1 video left out" in line for line in lines) == 1, lines
    assert lines[-1].endswith(", 1 video left out: not described")
    assert (
        "sitemap: the video left out (not described: Google requires a title, a description and a "
        "thumbnail) is on clips.md; the report (option `report`) names each, with what is missing"
    ) in lines


def test_the_reports_frame_images_say_what_they_are(tmp_path):
    """A banner on every page is the frame's: the report said `frame 3`."""
    banner = '<img src="/banner.png" alt="Our banner">'
    sitemap = sp.Sitemap(sp.Options(base_url=BASE, report="report.html"))
    for name in ("", "a/", "b/"):
        sitemap.add_page(
            sp.Page(BASE + name, html=_page(f"<p>Page {name} words.</p>{banner}", name or "Home"))
        )
    report = tmp_path / "report.html"
    result = sitemap.write(tmp_path, report_to=[report])
    text = report.read_text()
    assert "frame 3" not in text
    assert "3 in the theme's frame around the content (a logo, a banner on most pages)</p>" in text
    assert result.reports == [str(report)]
    assert sitemap.closing_lines(result)[-2] == (
        f"sitemap: the report (every URL, every page left out and why): {report}"
    )


def test_report_true_is_the_default_file_and_false_none():
    assert sp.Options(base_url=BASE, report=True).report == "sitemap-report.html"
    assert sp.Options(base_url=BASE, report=False).report is None
    assert sp.Options(base_url=BASE, report="out/r.html").report == "out/r.html"


def test_report_neither_a_boolean_nor_a_path_is_named():
    import pytest

    with pytest.raises(sp.ConfigError, match="option 'report': must be true, false or a file's path, got 5"):
        sp.Options(base_url=BASE, report=5)

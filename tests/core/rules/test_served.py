"""What leads nowhere is left out (`leave_out_what_leads_nowhere`), whoever gave the URL: a page the
walk of `--from-dir` found is served where it was found, and is not looked up again; a URL the
owner's `transform` moves it to, where no file is, is left out with a WARNING naming the page."""

from __future__ import annotations

from sitemap_checks import generate_from_dir, urls

BASE = "https://example.com/"
HOOK = """
def transform(entry, page):
    if entry.loc.endswith("/moved.html"):
        entry.loc = entry.loc.replace("/moved.html", "/nowhere/")
    return entry
"""


def page(title: str, body: str = "") -> str:
    return (
        f"<!doctype html><html lang='en'><head><title>{title}</title></head>"
        f"<body><main><p>{title}.</p>{body}</main></body></html>"
    )


def test_a_found_page_is_listed_and_a_url_no_file_serves_is_left_out(tmp_path):
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    (site / "img" / "here.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (site / "index.html").write_text(
        page("Home", "<img src='img/here.png' alt='A chart'><img src='img/gone.png' alt='B'>")
    )
    (site / "moved.html").write_text(page("Moved"))
    (tmp_path / "hooks.py").write_text(HOOK)
    done = generate_from_dir(site, BASE, "--transform", f"{tmp_path / 'hooks.py'}:transform")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert urls(site / "sitemap.xml") == [BASE]
    said = done.stderr
    assert (
        f"sitemap: index.html ({BASE}): image: {BASE}img/gone.png is no file of the site (a 404); left out"
        in said
    )
    assert f"sitemap: moved.html ({BASE}nowhere/): loc: no file of the site is served at it; left out" in said
    assert f"{BASE}img/here.png" in (site / "sitemap.xml").read_text()

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


def test_a_picture_in_a_folder_the_site_lacks_or_reaches_through_a_link(tmp_path):
    """A picture whose folder is not there is no file (asked of its folder once, however many
    pictures it would hold); one in a folder that is a link to another folder of the site is
    there; one under a link that leads nowhere is not."""
    site = tmp_path / "site"
    (site / "media").mkdir(parents=True)
    (site / "media" / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (site / "img").symlink_to(site / "media", target_is_directory=True)
    (site / "lost").symlink_to(site / "gone", target_is_directory=True)
    pictures = "".join(
        f"<img src='{src}' alt='Figure {number}'>"
        for number, src in enumerate(["pics/one.png", "pics/two.png", "img/a.png", "lost/a.png"])
    )
    (site / "index.html").write_text(page("Home", pictures))
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    for lost in ("pics/one.png", "pics/two.png", "lost/a.png"):
        assert f"image: {BASE}{lost} is no file of the site (a 404); left out" in done.stderr
    assert f"<image:loc>{BASE}img/a.png</image:loc>" in (site / "sitemap.xml").read_text()
    assert (site / "sitemap.xml").read_text().count("<image:loc>") == 1

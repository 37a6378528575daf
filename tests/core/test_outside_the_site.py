"""What lies outside the site stays outside it: an `extra_sitemaps` value whose escaped slashes
(`%2f`, `%5c`) climb above the base URL, and a file of the site that is a symbolic link out of
it (an image, a static file, a page: one judgement for all).  Each case asserts the message
(naming the option or file and what is wrong), the exit status, a valid set or none, and that
nothing outside the output was read as the site's, written or named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from sitemap_checks import NS, files, generate_from_dir, named, parse, urls

from sitemap_plugins import ConfigError
from sitemap_plugins.core.errors import Reporter
from sitemap_plugins.core.option_values import as_served, extra_sitemap_url
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.packing import IndexItem
from sitemap_plugins.core.sitemaps_beside import served_feeds

DOCS = "https://example.com/docs/"
BASE = "https://example.com/"
CLIMBING = [
    "..%2f..%2fetc%2fpasswd",
    "..%2F..%2Fetc%2Fpasswd",
    "..%5c..%5cetc%5cpasswd",
    "%2e%2e%2f%2e%2e%2fetc",
]


def page(title: str, body: str = "") -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
        f"<body><main><h1>{title}</h1><p>The page {title}, with words of its own.</p>{body}</main></body></html>"
    )


# -- an escaped slash in extra_sitemaps ------------------------------------------------------------


@pytest.mark.parametrize("value", CLIMBING)
def test_an_escaped_slash_that_climbs_above_the_base_url_is_the_options_error(value):
    """A server that decodes `%2f` (or `%5c`) reads `..%2f..%2fetc%2fpasswd` as `../../etc/passwd`:
    above `/docs/`, refused as `%2e%2e/` is, naming the option, the value and where it leads."""
    with pytest.raises(ConfigError) as caught:
        extra_sitemap_url(value, DOCS)
    assert str(caught.value) == (
        f"option 'extra_sitemaps': '{value}' is https://example.com/etc{'/passwd' if 'passwd' in value else ''}, "
        f"outside the site {DOCS}; an index names only the sitemaps in its own directory or below it "
        "(the protocol's rule)"
    )


@pytest.mark.parametrize(
    "uri, served",
    [
        ("https://example.com/docs/..%2fx.xml", "https://example.com/x.xml"),
        ("https://example.com/docs/a%2f..%2fb.xml", "https://example.com/docs/b.xml"),
        (
            "https://example.com/docs/a%2fb.xml",
            "https://example.com/docs/a%2fb.xml",
        ),  # no dot segment: as spelled
        ("https://example.com/docs/%2e%2e/x.xml", "https://example.com/x.xml"),
        ("https://example.com/docs/api/sitemap.xml", "https://example.com/docs/api/sitemap.xml"),
    ],
)
def test_what_a_server_that_decodes_escapes_serves(uri, served):
    assert as_served(uri) == served


@pytest.mark.parametrize(
    "path, read, served",
    [
        ("%2e%2e/%2e%2e/all.atom.xml", "%2e as '.'", "https://example.com/all.atom.xml"),
        ("..%2f..%2fall.atom.xml", "%2f as '/'", "https://example.com/all.atom.xml"),
        ("%2E%2E%2Fall.atom.xml", "%2e as '.' and %2f as '/'", "https://example.com/docs/all.atom.xml"),
        ("..%5call.atom.xml", "%5c as '/'", "https://example.com/docs/all.atom.xml"),
    ],
)
def test_a_feed_whose_escapes_name_another_file_is_left_out_naming_those_escapes(path, read, served):
    """A feed setting that climbs (`..%2f`, `%2e%2e/`) is said with the escapes it spells: the
    owner finds them in the setting."""
    said: list[str] = []
    report = Reporter(emit=said.append)
    feeds = [IndexItem(f"{DOCS}blog/{path}", None), IndexItem(f"{DOCS}feed.xml", None)]
    kept = served_feeds(feeds, Options.from_mapping({"base_url": DOCS}), report)
    assert [feed.loc for feed in kept] == [f"{DOCS}feed.xml"]
    where = "" if served.startswith(DOCS) else f", outside the site {DOCS}"
    assert said == [
        f"sitemap: feed: {DOCS}blog/{path}: a web server reads {read}, so it names {served}{where}, "
        "not the feed written; left out"
    ]


def test_generate_refuses_extra_sitemaps_climbing_with_escaped_slashes(tmp_path):
    """`--extra-sitemaps '..%2f..%2fetc%2fpasswd' --base-url https://example.com/docs/`: exit 2,
    one line naming the option and the value, nothing written or named."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    before = files(tmp_path)
    done = generate_from_dir(site, DOCS, "--extra-sitemaps", "..%2f..%2fetc%2fpasswd")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert (
        "option 'extra_sitemaps': '..%2f..%2fetc%2fpasswd' is https://example.com/etc/passwd, outside the "
        f"site {DOCS}" in done.stderr
    )
    assert files(tmp_path) == before  # nothing written: not a set naming /etc/passwd


def test_an_escaped_slash_inside_the_site_is_named_as_a_server_reads_it(tmp_path):
    """`api%2f..%2fapi%2fsitemap.xml` under the base URL is the API's sitemap: named once, as
    served (`api/sitemap.xml`), never with the escapes that a server reads otherwise."""
    site = tmp_path / "site"
    (site / "api").mkdir(parents=True)
    (site / "index.html").write_text(page("Home"))
    (site / "api" / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{DOCS}api/a.html</loc></url></urlset>\n"
    )
    done = generate_from_dir(site, DOCS, "--extra-sitemaps", "api%2f..%2fapi%2fsitemap.xml")
    assert done.returncode == 0, done.stderr
    names = named(site)
    assert f"{DOCS}api/sitemap.xml" in names and all("%2f" not in url.lower() for url in names), names


@pytest.mark.slow
def test_sphinx_refuses_sitemap_extra_sitemaps_climbing_with_escaped_slashes(tmp_path):
    """The Sphinx face's `sitemap_extra_sitemaps`, the same check of the core: the build ends
    with exit 1 and one error line naming the option; no set is written, nothing names /etc."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        'project = "D"\nextensions = ["sitemap_plugins.sphinx"]\n'
        f'html_baseurl = "{DOCS}"\nsitemap_extra_sitemaps = ["..%2f..%2fetc%2fpasswd"]\n'
    )
    (docs / "index.rst").write_text("Home\n====\n\nThe home page.\n")
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", str(docs), str(out)],
        capture_output=True,
        text=True,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said, said
    assert "'..%2f..%2fetc%2fpasswd' is https://example.com/etc/passwd, outside the site" in said, said
    assert "extra_sitemaps" in said
    assert not (out / "sitemap.xml").exists() and not (out / "robots.txt").exists()


# -- a file of the site that is a link out of it -----------------------------------------------------


def linked_site(tmp_path: Path) -> Path:
    """A site whose image, PDF, video and page are symbolic links to files outside it."""
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    (site / "img" / "passwd.png").symlink_to("/etc/passwd")
    (site / "img" / "ok.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    (site / "media").mkdir()
    (site / "media" / "clip.mp4").symlink_to("/etc/hostname")
    (site / "media" / "thumb.jpg").write_bytes(b"\xff\xd8\xff" + b"\0" * 64)
    (site / "secret.html").symlink_to("/etc/hostname")
    (site / "manual.pdf").symlink_to("/etc/passwd")
    (site / "guide.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    (site / "gallery").symlink_to(outside)  # a folder that is a link out: its files are not the site's
    video = '<video src="/media/clip.mp4" poster="/media/thumb.jpg" title="Clip"></video>'
    (site / "index.html").write_text(
        page(
            "Home",
            '<img src="/img/passwd.png" alt="Passwords" width="400" height="300">'
            '<img src="/img/ok.png" alt="Fine" width="400" height="300">'
            '<img src="/gallery/photo.png" alt="Photo" width="400" height="300">' + video,
        )
    )
    return site


def test_from_dir_a_link_out_of_the_site_is_never_listed_whatever_it_serves(tmp_path):
    """`site/img/passwd.png -> /etc/passwd` shown by a page, a video file, a PDF of
    `static_files` and a page that are links out, and an image in a folder that is one: each is
    left out with one line naming it and where it leads, as a page linked so is; the rest of the
    set stands (exit 0: the build goes on without the bad value)."""
    site = linked_site(tmp_path)
    done = generate_from_dir(site, BASE, "--static-files", "*.pdf")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if "outside the site directory" in line]
    assert sorted(lines) == sorted(
        [
            "sitemap: secret.html: file: is a symbolic link to /etc/hostname, outside the site directory; "
            "not read, so not listed",
            f"sitemap: index.html ({BASE}): image: {BASE}img/passwd.png is a symbolic link to /etc/passwd, "
            "outside the site directory; left out",
            f"sitemap: index.html ({BASE}): image: {BASE}gallery/photo.png is a symbolic link to "
            f"{tmp_path / 'outside' / 'photo.png'}, outside the site directory; left out",
            f"sitemap: index.html ({BASE}): video[0]: content_loc {BASE}media/clip.mp4: a symbolic link to "
            "/etc/hostname, outside the site directory; left out",
            f"sitemap: manual.pdf ({BASE}manual.pdf): loc: its file is a symbolic link to /etc/passwd, "
            "outside the site directory; left out",
        ]
    ), done.stderr
    assert set(urls(site / "sitemap.xml")) == {BASE, BASE + "guide.pdf"}
    images = [loc.text for loc in parse(site / "sitemap.xml").iterfind(".//image:loc", NS)]
    assert images == [BASE + "img/ok.png"]
    text = (site / "sitemap.xml").read_text()
    assert (
        "passwd" not in text and "clip.mp4" not in text and "photo.png" not in text and "secret" not in text
    )


def test_check_of_a_built_site_says_an_image_that_is_a_link_out(tmp_path):
    """`check DIR` of a set that lists such an image (written before, or by hand) names it and
    where its file leads, with the code of a file that is missing: advice, as a missing image
    is (exit 0; `--strict` fails on it)."""
    site = tmp_path / "site"
    (site / "img").mkdir(parents=True)
    (site / "img" / "passwd.png").symlink_to("/etc/passwd")
    (site / "index.html").write_text(page("Home"))
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        f"<url><loc>{BASE}</loc><image:image><image:loc>{BASE}img/passwd.png</image:loc></image:image></url>"
        "</urlset>\n"
    )
    done = run("check", str(site), "--base-url", BASE)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert run("check", str(site), "--base-url", BASE, "--strict").returncode == 1
    assert (
        f"{BASE}img/passwd.png: the image is a symbolic link to /etc/passwd, outside the site directory "
        "[missing-file]" in done.stdout
    ), done.stdout

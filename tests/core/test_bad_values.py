"""One bad value never costs the build: dates, URLs, file names and options as real sites write
them.  Each value is left out with one message naming the page (or file, or option) and the field,
the rest of the set is written and schema-valid (the sweep in conftest.py), and `strict` makes it
fatal."""

from __future__ import annotations

import codecs
import datetime as dt
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zoneinfo
from pathlib import Path

import pytest
import yaml
from dateutil import tz as dateutil_tz
from mkdocs_helpers import write_images
from pelican_helpers import add_settings, pelican
from sitemap_checks import NS, parse

import sitemap_plugins as sp

BASE = "https://example.com/"


def run_cli(
    *args: str, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins.command.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        input=stdin,
        timeout=120,
    )


def lastmods(path: Path) -> dict[str, str | None]:
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in parse(path).iterfind("s:url", NS)
    }


# -- 1. Dates -------------------------------------------------------------------------------------


def _pelican_site(tmp_path: Path, timezone: str, articles: dict[str, str], **extra: str) -> Path:
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    settings = {
        "SITENAME": "Dates",
        "SITEURL": "https://example.com",
        "TIMEZONE": timezone,
        "PLUGINS": ["sitemap_plugins.pelican"],
        "FEED_ALL_ATOM": "feeds/all.atom.xml",
        "CATEGORY_FEED_ATOM": None,
        "AUTHOR_FEED_ATOM": None,
        "AUTHOR_FEED_RSS": None,
        "SITEMAP": {"feeds": True, "news": {"publication_name": "Dates", "window_days": 1_000_000}},
    }
    lines = [f"{key} = {value!r}" for key, value in settings.items()]
    lines += [f"{key} = {value}" for key, value in extra.items()]
    (project / "pelicanconf.py").write_text("\n".join(lines) + "\n")
    for slug, date in articles.items():
        (project / "content" / f"{slug}.md").write_text(
            f"Title: {slug}\nDate: {date}\nNews: true\n\nText of {slug}.\n"
        )
    return project


def test_pelican_dates_with_offsets_and_z_build_and_keep_their_offsets(tmp_path):
    """dateutil's `tzoffset` and `tzutc`, as Pelican hands them over, in pages, listings, news and
    the feed's date in the index."""
    project = _pelican_site(
        tmp_path,
        "UTC",
        {"offset": "2024-01-01 10:00+02:00", "zulu": "2024-01-01T10:00:00Z", "plain": "2023-06-01 08:30"},
    )
    result = pelican(project)
    assert result.returncode == 0, result.stdout + result.stderr
    output = project / "output"
    dates = lastmods(output / "sitemap.xml")
    assert dates[BASE + "offset.html"] == "2024-01-01T10:00:00+02:00"
    assert dates[BASE + "zulu.html"] == "2024-01-01T10:00:00+00:00"
    assert dates[BASE + "plain.html"] == "2023-06-01T08:30:00+00:00"
    assert dates[BASE] == "2024-01-01T10:00:00+00:00"  # the listing: the newest it shows
    news = parse(output / "sitemap-news.xml")
    published = {
        u.findtext("s:loc", namespaces=NS): u.findtext("news:news/news:publication_date", namespaces=NS)
        for u in news.iterfind("s:url", NS)
    }
    assert published[BASE + "offset.html"] == "2024-01-01T10:00:00+02:00"
    index = parse(output / "sitemap-index.xml")
    feed = [s for s in index.iterfind("s:sitemap", NS) if "atom" in s.findtext("s:loc", namespaces=NS)]
    assert feed[0].findtext("s:lastmod", namespaces=NS) == "2024-01-01T10:00:00+00:00"
    assert "WARNING" not in result.stdout + result.stderr


def test_pelican_dates_that_cannot_be_written_are_left_out_with_a_message(tmp_path):
    """Year 1 in a zone with local mean time, and an offset beyond ±14:00: the page is listed
    without the date, a message names the page and the field, and the build succeeds."""
    project = _pelican_site(
        tmp_path,
        "Asia/Kolkata",
        {"ancient": "0001-01-01 00:30", "faraway": "2024-01-01 10:00+23:00", "fine": "2024-03-01 09:00"},
    )
    result = pelican(project)
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    dates = lastmods(project / "output" / "sitemap.xml")
    assert dates[BASE + "ancient.html"] is None
    assert dates[BASE + "faraway.html"] is None
    assert dates[BASE + "fine.html"] == "2024-03-01T09:00:00+05:30"
    assert (
        "ancient.md (https://example.com/ancient.html): lastmod (metadata 'date'): 0001-01-01T00:30:00"
        in said
    )
    assert "falls outside the years 1 to 9999 in UTC" in said
    assert (
        "faraway.md (https://example.com/faraway.html): lastmod (metadata 'date'): "
        "2024-01-01T10:00:00+23:00 has the UTC offset +23:00; W3C dates allow offsets from -14:00 to +14:00"
    ) in said
    assert "Traceback" not in said


def test_pelican_strict_makes_an_unwritable_date_fatal(tmp_path):
    project = _pelican_site(tmp_path, "UTC", {"faraway": "2024-01-01 10:00+23:00"})
    add_settings(project, 'SITEMAP["strict"] = True')
    result = pelican(project)
    said = result.stdout + result.stderr
    assert result.returncode != 0
    assert "has the UTC offset +23:00" in said and "nothing was written" in said
    assert not (project / "output" / "sitemap.xml").exists()


def _zones() -> list[dt.tzinfo]:
    zones: list[dt.tzinfo] = [
        dateutil_tz.tzoffset(None, 7200),
        dateutil_tz.tzutc(),
        dateutil_tz.tzlocal(),
        dateutil_tz.gettz("Europe/Berlin"),
        zoneinfo.ZoneInfo("America/St_Johns"),
        dt.timezone(dt.timedelta(hours=-3, minutes=-30)),
        dt.timezone.utc,
    ]
    pytz = pytest.importorskip("pytz")
    zones.append(pytz.timezone("Asia/Kolkata").localize(dt.datetime(2024, 1, 1)).tzinfo)
    zones.append(pytz.timezone("Asia/Kolkata"))  # attached with replace: pytz's LMT, +05:53
    return zones


@pytest.mark.parametrize("zone", _zones(), ids=repr)
def test_every_zone_type_a_generator_hands_over_is_written_validly(tmp_path, zone):
    stamp = dt.datetime(2024, 5, 1, 9, 30, 15, 123456, tzinfo=zone)
    messages: list[str] = []
    sitemap = sp.Sitemap(sp.Options(base_url=BASE), emit=messages.append)
    sitemap.add(sp.Entry(BASE + "a/", lastmod=stamp))
    sitemap.write(tmp_path)
    written = lastmods(tmp_path / "sitemap.xml")[BASE + "a/"]
    assert written is not None and not messages
    # The same moment, to the second.
    assert dt.datetime.fromisoformat(written) == stamp.replace(microsecond=0)


def test_yaml_dates_from_mkdocs_front_matter(tmp_path):
    """PyYAML's dates and timestamps (with an offset beyond ±14:00 too) through a real MkDocs build."""
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "D", "site_url": BASE, "plugins": ["sitemap"], "theme": "mkdocs"})
    )
    (project / "docs" / "index.md").write_text("---\nlastmod: 2024-01-01\n---\n# Home\n")
    (project / "docs" / "zoned.md").write_text("---\nlastmod: 2024-01-01 10:00:00 +02:00\n---\n# Zoned\n")
    (project / "docs" / "far.md").write_text("---\nlastmod: 2024-01-01 10:00:00 +23:00\n---\n# Far\n")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"], cwd=project, capture_output=True, text=True
    )
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    dates = lastmods(project / "site" / "sitemap.xml")
    assert dates[BASE] == "2024-01-01"
    assert dates[BASE + "zoned/"] == "2024-01-01T10:00:00+02:00"
    assert dates[BASE + "far/"] is None
    assert "far.md (https://example.com/far/): lastmod (metadata 'lastmod'): " in said
    assert "has the UTC offset +23:00" in said


def test_json_lines_dates_beyond_the_offsets_and_before_year_one(tmp_path):
    lines = [
        {"loc": BASE + "a", "lastmod": "0001-01-01T00:00:00"},
        {"loc": BASE + "b", "lastmod": "2024-01-01T10:00:00+23:59"},
        {"loc": BASE + "c", "lastmod": "2024-01-01 10:00:00 -14:30"},
        {"loc": BASE + "d", "lastmod": "2024-01-01T10:00:00+14:00"},
        {
            "loc": BASE + "e",
            "news": {
                "publication_name": "N",
                "publication_language": "en",
                "publication_date": "2024-01-01T10:00:00+23:00",
                "title": "T",
            },
        },
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out"
    result = run_cli(
        "generate",
        "--from-jsonl",
        str(source),
        "--base-url",
        BASE,
        "--timezone",
        "Asia/Kolkata",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    dates = lastmods(out / "sitemap.xml")
    assert dates == {
        BASE + "a": None,
        BASE + "b": None,
        BASE + "c": None,
        BASE + "d": "2024-01-01T10:00:00+14:00",
        BASE + "e": None,
    }
    assert "in.jsonl:1 (https://example.com/a): lastmod: 0001-01-01T00:00:00 in Asia/Kolkata" in result.stderr
    assert (
        "in.jsonl:2 (https://example.com/b): lastmod: 2024-01-01T10:00:00+23:59 has the UTC offset +23:59"
        in result.stderr
    )
    assert (
        "in.jsonl:3 (https://example.com/c): lastmod: 2024-01-01T10:00:00-14:30 has the UTC offset -14:30"
        in result.stderr
    )
    assert "in.jsonl:5 (https://example.com/e): news.publication_date: " in result.stderr
    assert not (out / "sitemap-news.xml").exists()
    assert "Traceback" not in result.stderr


# -- 2. URLs -------------------------------------------------------------------------------------

BAD_HOSTS = {
    "https://[::1/x.png": "'https://[::1/x.png' is not a URL (Invalid IPv6 URL)",
    "http://a b/x.png": "'http://a b/x.png': the host 'a b' is not a valid domain name or IP address",
    "http://%zz/y.png": "'http://%zz/y.png': the host '%zz' is not a valid domain name or IP address",
    "https://cdn.example:99999/p.png": "'https://cdn.example:99999/p.png' has an invalid port",
    # The password is never repeated (#78).
    "https://user:pw@cdn.example/u.png": "'https://user:***@cdn.example/u.png' has user information",
    "javascript:alert(1)": "'javascript:alert(1)' is not an absolute http(s) URL",
}


def _page_with_bad_urls() -> str:
    images = "".join(f'<p><img src="{url}" alt="x"></p>' for url in BAD_HOSTS)
    return (
        "<!doctype html><html><head><title>T</title>"
        '<link rel="alternate" hreflang="en" href="https://example.com/">'
        '<link rel="alternate" hreflang="de" href="javascript:alert(1)">'
        '<link rel="alternate" hreflang="fr" href="mailto:a@b">'
        "</head><body><main>"
        f'{images}<p><img src="/ok.png" alt="ok"></p>'
        '<video src="https://[::1/v.mp4" poster="/poster.png" title="V"></video>'
        "</main></body></html>"
    )


def test_from_dir_leaves_out_each_bad_url_naming_page_and_attribute(tmp_path):
    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "index.html").write_text(_page_with_bad_urls())
    (site / "sub" / "index.html").write_text(
        '<html><head><base href="https://[::1/"><link rel="canonical" href="http://[::1/x">'
        '</head><body><main><img src="pic.png"></main></body></html>'
    )
    write_images(site, "ok.png", "sub/pic.png")
    result = run_cli("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    root = parse(site / "sitemap.xml")
    images = {
        u.findtext("s:loc", namespaces=NS): [i.text for i in u.iterfind("image:image/image:loc", NS)]
        for u in root.iterfind("s:url", NS)
    }
    assert images == {BASE: [BASE + "ok.png"], BASE + "sub/": [BASE + "sub/pic.png"]}
    for said in BAD_HOSTS.values():
        assert f"index.html (https://example.com/): image: {said}" in result.stderr.replace(
            "image: '", "image: '"
        )
    assert (
        "alternates[de]: 'javascript:alert(1)' is not an absolute http(s) URL; alternate left out"
        in result.stderr
    )
    assert "alternates[fr]: 'mailto:a@b' is not an absolute http(s) URL; alternate left out" in result.stderr
    assert (
        "sub/index.html (https://example.com/sub/): <base href>: 'https://[::1/' is not a URL (Invalid IPv6 URL); "
        "the page's own URL is used instead"
    ) in result.stderr
    assert (
        "sub/index.html (https://example.com/sub/): <link rel=\"canonical\">: 'http://[::1/x' is not a URL "
        "(Invalid IPv6 URL); ignored"
    ) in result.stderr
    assert not root.findall(".//xhtml:link", NS)


def test_mkdocs_and_pelican_builds_leave_out_a_malformed_image_url(tmp_path):
    page = '# Home\n\n<img src="https://[::1/x.png">\n\n<img src="/ok.png">\n'
    docs = tmp_path / "mk" / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text(page)
    write_images(docs, "ok.png")
    (docs.parent / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "M", "site_url": BASE, "plugins": ["sitemap"], "theme": "mkdocs"})
    )
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"],
        cwd=docs.parent,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "index.md (https://example.com/): image: 'https://[::1/x.png' is not a URL" in result.stderr
    assert (
        parse(docs.parent / "site" / "sitemap.xml").findtext(".//image:loc", namespaces=NS) == BASE + "ok.png"
    )

    project = _pelican_site(tmp_path, "UTC", {})
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2024-01-01\n\n" + page)
    write_images(project / "content" / "extra", "ok.png")
    add_settings(
        project, 'STATIC_PATHS = ["extra"]\nEXTRA_PATH_METADATA = {"extra/ok.png": {"path": "ok.png"}}'
    )
    result = pelican(project)
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    assert "post.md (https://example.com/post.html): image: 'https://[::1/x.png' is not a URL" in " ".join(
        said.split()
    )
    assert (
        parse(project / "output" / "sitemap.xml").findtext(".//image:loc", namespaces=NS) == BASE + "ok.png"
    )


def test_json_lines_links_with_another_scheme_or_no_host_are_not_pages_of_the_site(tmp_path):
    lines = [
        {"loc": "javascript:alert(1)"},
        {"loc": "mailto:a@b"},
        {"loc": "data:text/html,hi"},
        {"loc": "//evil.example/x"},
        {"loc": "/ok/", "alternates": {"en": "/ok/", "de": "javascript:x", "fr": "//other.example/fr/"}},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = run_cli(
        "generate", "--from-jsonl", str(source), "--base-url", BASE, "--out", str(tmp_path / "out")
    )
    assert result.returncode == 0, result.stderr
    root = parse(tmp_path / "out" / "sitemap.xml")
    assert [u.findtext("s:loc", namespaces=NS) for u in root.iterfind("s:url", NS)] == [BASE + "ok/"]
    links = {a.get("hreflang"): a.get("href") for a in root.iterfind(".//xhtml:link", NS)}
    assert links == {"en": BASE + "ok/", "fr": "https://other.example/fr/"}
    assert (
        "in.jsonl:1: loc: 'javascript:alert(1)' is not an absolute http(s) URL; page left out"
        in result.stderr
    )
    assert "in.jsonl:2: loc: 'mailto:a@b' is not an absolute http(s) URL; page left out" in result.stderr
    assert (
        "in.jsonl:3: loc: 'data:text/html,hi' is not an absolute http(s) URL; page left out" in result.stderr
    )
    assert "in.jsonl:4: loc: https://evil.example/x is outside https://example.com/" in result.stderr
    assert "alternates[de]: 'javascript:x' is not an absolute http(s) URL" in result.stderr


@pytest.mark.parametrize(
    ("base_url", "said"),
    [
        ("https://exa mple.com/", "the host 'exa mple.com' is not a valid domain name or IP address"),
        ("https://example.com:99999/", "has an invalid port (ports run from 1 to 65535)"),
        ("https://[::1/", "'https://[::1/' is not a URL (Invalid IPv6 URL)"),
        ("https://admin:pw@example.com/", "has user information (user:password@) before its host"),
        ("ftp://example.com/", "'ftp://example.com/' is not an absolute http(s) URL"),
    ],
)
@pytest.mark.parametrize("command", ["generate", "check", "submit", "versions"])
def test_a_bad_site_url_is_an_option_error_before_any_work(tmp_path, base_url, said, command):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><body>x</body></html>")
    before = sorted(p.name for p in site.iterdir())
    args = {
        "generate": ["generate", "--from-dir", str(site), "--out", str(site)],
        "check": ["check", str(site)],
        "submit": ["submit", str(site), "--key", "abcdef123456", "--all", "--dry-run"],
        "versions": ["versions", str(site)],
    }[command]
    result = run_cli(*args, "--base-url", base_url)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr and "base_url" in result.stderr.replace("--base-url", "base_url")
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in site.iterdir()) == before


def test_check_normalises_the_site_url_as_generate_does(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><body>x</body></html>")
    assert (
        run_cli(
            "generate", "--from-dir", str(site), "--out", str(site), "--base-url", "HTTPS://EXAMPLE.COM:443"
        ).returncode
        == 0
    )
    assert lastmods(site / "sitemap.xml").keys() == {BASE}
    result = run_cli("check", str(site), "--base-url", "HTTPS://EXAMPLE.COM:443")
    assert "outside" not in result.stdout + result.stderr, result.stdout


# -- 3. Files as a file system holds them -------------------------------------------------------


def test_pages_as_a_file_system_holds_them(tmp_path):
    """Non-UTF-8 names, a declared Latin-1 page, a UTF-16 one, FIFOs, links out of the site, a 100 MB page."""
    site = tmp_path / "site"
    outside = tmp_path / "outside"
    site.mkdir()
    outside.mkdir()
    (outside / "secret.html").write_text('<p><img src="/leak.png">')
    (site / "index.html").write_text("<p>home")
    (site / os.fsdecode(b"caf\xe9.html")).write_bytes(b'<p><img src="/cafe.png">')
    (site / "latin.html").write_bytes(
        b'<html><head><meta charset="iso-8859-1"></head><body><img src="bild-\xe4.png"></body></html>'
    )
    (site / "wide.html").write_bytes(codecs.BOM_UTF16_LE + '<p><img src="/wide-ü.png">'.encode("utf-16-le"))
    os.mkfifo(site / "pipe.html")
    (site / "zero.html").symlink_to("/dev/zero")
    (site / "linked.html").symlink_to(outside / "secret.html")
    (site / "inside.html").symlink_to(site / "index.html")
    with (site / "big.html").open("w") as stream:
        stream.write('<html><body><img src="/first.png">')
        block = "x" * (1 << 20)
        for _ in range(100):
            stream.write(block)
        stream.write('<img src="/past-15-mb.png"></body></html>')
    write_images(site, "first.png", "cafe.png", "bild-ä.png", "leak.png", "wide-ü.png")
    result = run_cli("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "-v")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    root = parse(site / "sitemap.xml")
    images = {
        u.findtext("s:loc", namespaces=NS): [i.text for i in u.iterfind("image:image/image:loc", NS)]
        for u in root.iterfind("s:url", NS)
    }
    assert images == {
        BASE: [],
        BASE + "big.html": [BASE + "first.png"],
        BASE + "caf%E9.html": [BASE + "cafe.png"],
        BASE + "inside.html": [],
        BASE + "latin.html": [BASE + "bild-%C3%A4.png"],
        BASE + "wide.html": [BASE + "wide-%C3%BC.png"],
    }
    said = result.stderr
    assert "sitemap: pipe.html: file: is not a regular file (a FIFO); not read, so not listed" in said
    assert "sitemap: zero.html: file: is a symbolic link to /dev/zero, outside the site directory" in said
    assert (
        f"sitemap: linked.html: file: is a symbolic link to {outside / 'secret.html'}, outside the site directory"
        in said
    )
    assert (
        "big.html (https://example.com/big.html) is over 15 MB, all Google reads of a page: its first 15 MB were read"
        in said
    )


def _as_nobody(command: list[str]) -> list[str]:
    """The command as an unprivileged user: root reads files whatever their mode."""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]


def test_a_page_or_directory_the_build_cannot_read_is_named(tmp_path_factory):
    # Outside pytest's own directory, which only its owner may enter.
    root = Path(tempfile.mkdtemp(prefix="sitemap-plugins-modes-"))
    try:
        root.chmod(0o777)
        site = root / "site"
        (site / "closed").mkdir(parents=True)
        (site / "index.html").write_text("<p>home")
        (site / "locked.html").write_text("<p>locked")
        (site / "closed" / "index.html").write_text("<p>closed")
        (site / "locked.html").chmod(0)
        (site / "closed").chmod(0)
        site.chmod(0o777)
        result = subprocess.run(
            _as_nobody(
                [
                    sys.executable,
                    "-m",
                    "sitemap_plugins.command.main",
                    "generate",
                    "--from-dir",
                    str(site),
                    "--base-url",
                    BASE,
                    "--out",
                    str(site),
                ]
            ),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        assert lastmods(site / "sitemap.xml").keys() == {BASE}
        assert (
            "sitemap: locked.html (https://example.com/locked.html): file: cannot be read (Permission denied); not read, so not listed"
            in result.stderr
        )
        assert (
            "sitemap: closed: file: cannot be read (Permission denied); its pages are not listed"
            in result.stderr
        )
        assert "1 URL in 1 file" in result.stderr
    finally:
        for path in (root / "site" / "closed", root / "site" / "locked.html"):
            path.chmod(0o755)
        shutil.rmtree(root)


def test_robots_txt_that_is_a_fifo_or_a_link_out_of_the_output_is_never_read_nor_replaced(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home")
    secret = tmp_path / "notes.txt"
    secret.write_text("DB_PASSWORD=hunter2\n")
    (site / "robots.txt").symlink_to(secret)
    result = run_cli("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    # The run stops before writing anything, naming it (a link out would publish another file).
    assert result.returncode == 1, result.stderr
    assert (site / "robots.txt").is_symlink() and secret.read_text() == "DB_PASSWORD=hunter2\n"
    assert (
        f"robots.txt is a symbolic link to {secret}, outside the output directory: it is neither read nor "
        "replaced, and nothing was written"
    ) in result.stderr
    assert sorted(p.name for p in site.iterdir()) == ["index.html", "robots.txt"]
    assert "Traceback" not in result.stderr
    (site / "robots.txt").unlink()
    os.mkfifo(site / "robots.txt")
    result = run_cli("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert result.returncode == 0, result.stderr
    assert "robots.txt: is not a regular file (a FIFO); left as it is" in result.stderr
    assert stat.S_ISFIFO((site / "robots.txt").lstat().st_mode)


def test_a_users_robots_txt_keeps_its_mode(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home")
    for mode in (0o444, 0o600, 0o640):
        robots = site / "robots.txt"
        robots.unlink(missing_ok=True)
        robots.write_text("User-agent: *\nDisallow: /private/\n")
        robots.chmod(mode)
        assert (
            run_cli("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site)).returncode
            == 0
        )
        assert stat.S_IMODE(robots.stat().st_mode) == mode
        assert robots.read_text() == (
            f"User-agent: *\nDisallow: /private/\n\n# generated by sitemap-plugins\nSitemap: {BASE}sitemap.xml\n"
        )


# -- 4. Configuration and front matter ----------------------------------------------------------


def _alias_bomb(indent: str = "") -> str:
    """Thirty lines of YAML that expand to 387 million strings."""
    lines = [f'{indent}a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"{indent}a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


def test_yaml_alias_bombs_are_refused_within_a_second(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home")
    config = tmp_path / "options.yml"
    config.write_text(_alias_bomb() + "exclude: *a8\n")
    started = time.monotonic()
    result = run_cli(
        "generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--config", str(config)
    )
    assert result.returncode == 2
    assert f"--config {config}: keys 'a5', 'a6', 'a7', 'a8' and 'exclude' expand to " in result.stderr
    assert "through YAML aliases (&name ... *name); more than 100,000 are refused" in result.stderr

    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "site").mkdir()
    (project / "site" / "index.html").write_text("<p>home")
    (project / "docs" / "index.md").write_text("# Home\n")
    (project / "mkdocs.yml").write_text(
        "site_name: B\nsite_url: https://example.com/\nextra:\n"
        + _alias_bomb("  ")
        + "plugins:\n  - sitemap:\n      exclude: *a8\n"
    )
    result = run_cli("generate", "--project", str(project / "mkdocs.yml"))
    assert result.returncode == 2
    assert "keys 'extra' and 'plugins' expand to 926,177,1" in result.stderr
    assert time.monotonic() - started < 10  # two processes: each well within a second of its own work


@pytest.mark.parametrize("key", ["sitemap", "lastmod", "video", "alternates"])
def test_an_alias_bomb_in_front_matter_costs_one_message(tmp_path, key):
    project = tmp_path / "docs-site"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        f"site_name: B\nsite_url: {BASE}\ntheme: mkdocs\nplugins: [sitemap]\n"
    )
    (project / "docs" / "index.md").write_text("# Home\n")
    (project / "docs" / "bomb.md").write_text(f"---\n{_alias_bomb()}{key}: *a8\n---\n# Bomb\n")
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-d", "site"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert time.monotonic() - started < 20
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "bomb.md" in line]
    # A `video:` list of lists is no video block of ours: the site's own, left alone (DEBUG).
    assert len(said) == (0 if key == "video" else 1) and all(len(line) < 600 for line in said), said
    assert lastmods(project / "site" / "sitemap.xml").keys() == {BASE, BASE + "bomb/"}
    # The same page read by `--project` (Zensical's way): its front matter is refused as a whole.
    result = run_cli("generate", "--project", str(project / "mkdocs.yml"))
    assert result.returncode == 0, result.stderr
    assert "bomb.md: front matter: key 'a5', " not in result.stderr
    assert "bomb.md: front matter: keys 'a5', 'a6', 'a7', 'a8' and " in result.stderr
    assert "its values are not used" in result.stderr


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ("site_url: !ENV []\n", "!ENV takes a variable's name, or a list of names and a default"),
        ("site_url: !ENV [[a], b]\n", "!ENV takes a variable's name, or a list of names and a default"),
        (
            f"site_url: {BASE}\nplugins:\n  - sitemap:\n      extra_urls: 5\n",
            "plugins: sitemap: extra_urls: must be a list of URLs or {loc: ...} entries, got 5",
        ),
        (
            f"site_url: {BASE}\nplugins:\n  - i18n:\n      languages: 5\n",
            "plugins: i18n: languages: must be a list of {locale: ...}, got 5",
        ),
        (
            f"site_url: {BASE}\nplugins:\n  - sitemap:\n      gzip: maybe\n",
            "option 'gzip': must be true or false, got 'maybe'",
        ),
        (f"site_url: {BASE}\nINHERIT: [a]\n", "INHERIT must name a file, got ['a']"),
        (f"site_url: {BASE}\nINHERIT: mkdocs.yml\n", "inherits itself"),
    ],
)
def test_wrong_shapes_in_a_project_are_option_errors(tmp_path, config, said):
    project = tmp_path / "project"
    (project / "site").mkdir(parents=True)
    (project / "site" / "index.html").write_text("<p>home")
    (project / "mkdocs.yml").write_text("site_name: S\n" + config)
    result = run_cli("generate", "--project", str(project / "mkdocs.yml"))
    assert result.returncode == 2, result.stderr
    assert said in result.stderr and f"--project {project / 'mkdocs.yml'}" in result.stderr
    assert "Traceback" not in result.stderr


def test_pelican_sitemap_settings_of_the_wrong_shape_are_option_errors(tmp_path):
    project = _pelican_site(tmp_path, "UTC", {"post": "2024-01-01"})
    add_settings(project, 'SITEMAP = {"static_files": 5}')
    result = pelican(project)
    said = " ".join((result.stdout + result.stderr).split())
    assert result.returncode != 0
    assert "SITEMAP: option 'static_files': must be a list of strings, got 5" in said
    assert "Traceback" not in said


def test_project_reads_inherit_relative_and_env_as_mkdocs_does(tmp_path, monkeypatch):
    project = tmp_path / "project"
    (project / "site").mkdir(parents=True)
    (project / "site" / "index.html").write_text("<p>home")
    (project / "base.yml").write_text(f"site_url: {BASE}\nplugins:\n  - sitemap:\n      gzip: false\n")
    (project / "mkdocs.yml").write_text(
        "INHERIT: base.yml\nsite_name: S\nsite_dir: !relative $config_dir/site\n"
    )
    result = run_cli("generate", "--project", str(project / "mkdocs.yml"))
    assert result.returncode == 0, result.stderr
    assert lastmods(project / "site" / "sitemap.xml").keys() == {BASE}
    assert not (project / "site" / "sitemap.xml.gz").exists()  # the inherited plugin option
    # A project without site_url: --base-url, as the message advises, is taken.
    (project / "mkdocs.yml").write_text("site_name: S\n")
    result = run_cli("generate", "--project", str(project / "mkdocs.yml"))
    assert result.returncode == 2 and "(set it, or pass --base-url)" in result.stderr
    result = run_cli(
        "generate", "--project", str(project / "mkdocs.yml"), "--base-url", "https://other.example/"
    )
    assert result.returncode == 0, result.stderr
    assert lastmods(project / "site" / "sitemap.xml").keys() == {"https://other.example/"}


def test_two_runs_into_one_directory_take_turns(tmp_path):
    """Two `generate` runs into one directory at once: each waits its turn (an advisory lock on
    the directory), both succeed, and the set is whole; a run that cannot get its turn in time
    says so and writes nothing."""
    source = tmp_path / "many.jsonl"
    source.write_text("".join(json.dumps({"loc": f"{BASE}p{n}/"}) + "\n" for n in range(20_000)))
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "sitemap_plugins.command.main",
        "generate",
        "--from-jsonl",
        str(source),
        "--base-url",
        BASE,
        "--out",
        str(out),
        "--max-urls",
        "5000",
    ]
    runs = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    said = [run.communicate(timeout=300)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], said
    assert all("20,000 URLs in 4 files + index" in s for s in said), said
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "robots.txt",
        *sorted(p.name for p in out.glob("sitemap-*.xml")),
        "sitemap.xml",
    ]
    assert not list(out.glob(".sitemap-plugins-*.tmp"))
    # Another run holds the directory: a bounded wait, then one message, nothing written.
    import fcntl

    before = {p.name: p.read_bytes() for p in out.iterdir()}
    descriptor = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        env = {**os.environ, "SITEMAP_PLUGINS_LOCK_WAIT": "1"}
        blocked = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    finally:
        os.close(descriptor)
    assert blocked.returncode == 1
    assert (
        f"another sitemap-plugins run is writing into {out} (it holds the directory's lock; waited 1 s)"
        in blocked.stderr
    )
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before

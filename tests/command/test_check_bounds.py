"""Promise: `check` reads what a search engine would and nothing else: no file outside the site,
no entity expanded, no gzip bomb inflated; a bad --base-url is a usage error."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

BASE = "https://example.com/"
URLSET = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{}</urlset>\n'


def check(target: Path, *args: str) -> tuple[int, dict, str]:
    run = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "check", str(target), *args, "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert "Traceback" not in run.stderr, run.stderr
    return run.returncode, json.loads(run.stdout) if run.stdout.strip() else {}, run.stderr


@pytest.mark.invalid_output  # hostile files, written on purpose
def test_a_robots_line_leading_outside_the_site_is_reported_not_read(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    secret = URLSET.format("<url><loc>https://example.com/SECRET/</loc></url>")
    (tmp_path / "secret.xml").write_text(secret)
    (site / "robots.txt").write_text(
        "Sitemap: https://example.com/%2e%2e/secret.xml\nSitemap: https://example.com/../secret.xml\n"
    )
    code, report, _ = check(site, "--base-url", BASE)
    assert code == 1
    assert report["urls"] == 0 and "SECRET" not in json.dumps(report)
    leading_out = [p for p in report["problems"] if "leads outside the site directory" in p["message"]]
    assert [p["line"] for p in leading_out] == [1, 2]


@pytest.mark.invalid_output
def test_entities_are_reported_never_expanded(tmp_path):
    (tmp_path / "sitemap.xml").write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY x "https://example.com/a/">'
        '<!ENTITY ext SYSTEM "file:///etc/passwd">]>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&x;&ext;</loc></url></urlset>\n'
    )
    code, report, _ = check(tmp_path / "sitemap.xml", "--base-url", BASE)
    assert code == 1
    assert [p["code"] for p in report["problems"]] == ["xml"]
    assert "DOCTYPE" in report["problems"][0]["message"] and "root:" not in json.dumps(report)


@pytest.mark.invalid_output
def test_a_gzip_bomb_costs_bounded_memory(tmp_path):
    # 2 GiB of XML whitespace in about 2 MB of gzip: one member of 1 MiB of spaces, compressed
    # once and written 2,048 times (a gzip file may hold many members; readers join them).
    bomb = tmp_path / "sitemap.xml.gz"
    spaces = gzip.compress(b" " * (1 << 20), compresslevel=9)
    with bomb.open("wb") as stream:
        stream.write(
            gzip.compress(
                b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            )
        )
        for _ in range(2048):
            stream.write(spaces)
        stream.write(gzip.compress(b"</urlset>"))
    assert bomb.stat().st_size < 3_000_000
    # `check` in a process of its own that reports its own peak resident memory: VmHWM, not
    # ru_maxrss, which on Linux keeps the peak of the process it was forked from (this test run).
    measure = (
        "import resource, sys; from sitemap_plugins.command.main import main; "
        "code = main(sys.argv[1:]); "
        "status = open('/proc/self/status').read() if sys.platform == 'linux' else ''; "
        "peak = int(status.split('VmHWM:')[1].split()[0]) if 'VmHWM:' in status "
        "else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
        "print(peak, file=sys.stderr); sys.exit(code)"
    )
    run = subprocess.run(
        [sys.executable, "-c", measure, "check", str(bomb), "--base-url", BASE, "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stderr
    assert [p["code"] for p in json.loads(run.stdout)["problems"]] == ["too-big"]
    peak_mib = int(run.stderr.strip().splitlines()[-1]) / 1024
    assert peak_mib < 200, f"{peak_mib:.0f} MiB"


@pytest.mark.invalid_output  # a file with trailing bytes, written on purpose
def test_a_gzip_file_of_several_members_is_read_whole(tmp_path):
    # `cat a.gz b.gz` and tools such as bgzip write several members; gunzip reads them as one.
    xml = URLSET.format("".join(f"<url><loc>{BASE}p/{n}/</loc></url>" for n in range(3))).encode()
    middle = len(xml) // 2
    members = gzip.compress(xml[:middle]) + gzip.compress(xml[middle:]) + b"\0" * 8  # and padding
    (tmp_path / "sitemap.xml.gz").write_bytes(members)
    code, report, said = check(tmp_path / "sitemap.xml.gz", "--base-url", BASE)
    assert (code, report["urls"], report["problems"]) == (0, 3, []), said
    # What follows a member and is no gzip is said, as gunzip says it.
    (tmp_path / "sitemap.xml.gz").write_bytes(gzip.compress(xml) + b"trailing bytes")
    code, report, _ = check(tmp_path / "sitemap.xml.gz", "--base-url", BASE)
    assert code == 1 and [p["code"] for p in report["problems"]] == ["gzip"]
    # Padding inflates to nothing, however long: past 50 MB of it, the file is not read further.
    (tmp_path / "sitemap.xml.gz").write_bytes(gzip.compress(xml) + bytes(51 << 20))
    code, report, _ = check(tmp_path / "sitemap.xml.gz", "--base-url", BASE)
    assert code == 1 and [p["code"] for p in report["problems"]] == ["too-big"]


@pytest.mark.parametrize("base_url", ["notaurl", "example.com", "ftp://example.com/"])
def test_a_base_url_that_is_not_absolute_is_a_usage_error(tmp_path, base_url):
    (tmp_path / "sitemap.xml").write_text(URLSET.format("<url><loc>https://example.com/</loc></url>"))
    code, report, said = check(tmp_path, "--base-url", base_url)
    assert code == 2 and report == {}
    assert said.strip() == (
        f"sitemap-plugins check: --base-url: {base_url!r} is not an absolute http(s) URL; "
        "set it to the address the site is published at, e.g. 'https://example.com/'"
    )


def test_a_set_under_a_path_is_not_reached_by_a_robots_txt_at_the_root(tmp_path):
    import sitemap_plugins as sp

    site = sp.Sitemap(sp.Options(base_url="https://example.github.io/project/"))
    site.add(sp.Entry("https://example.github.io/project/page/"))
    site.write(tmp_path)
    assert not (tmp_path / "robots.txt").exists()
    code, report, _ = check(tmp_path, "--base-url", "https://example.github.io/project/")
    assert code == 0  # advice: the lines to add at the root are said
    [finding] = report["problems"]
    assert finding["advice"] is True
    assert finding["code"] == "robots-not-root"
    assert "crawlers read only https://example.github.io/robots.txt" in finding["message"]
    assert "Sitemap: https://example.github.io/project/sitemap.xml" in finding["message"]


def test_a_text_sitemap_is_read_as_the_protocol_writes_it(tmp_path):
    """One URL a line, any name ending in .txt (gzip too): each line is a listed URL, judged as a
    `<loc>` is; a file that is not UTF-8 is said to be so, never parsed as XML."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "urls.txt").write_text(
        f"{BASE}a/\n\n{BASE}b/\n{BASE}a/\nhttps://other.example.org/c/\nnot a URL\n"
    )
    (site / "more.txt.gz").write_bytes(gzip.compress(f"\ufeff{BASE}d/\r\n".encode()))
    (site / "latin.txt").write_bytes(f"{BASE}caf\xe9/\n".encode("latin-1"))
    (site / "robots.txt").write_text(
        "User-agent: *\nDisallow: /b/\n"
        f"Sitemap: {BASE}urls.txt\nSitemap: {BASE}more.txt.gz\nSitemap: {BASE}latin.txt\n"
    )
    code, report, _ = check(site, "--base-url", BASE)
    assert code == 1
    found = [(Path(p["file"]).name, p["line"], p["url"], p["code"]) for p in report["problems"]]
    assert found == [
        ("urls.txt", 3, f"{BASE}b/", "robots-disallowed"),
        ("urls.txt", 4, f"{BASE}a/", "duplicate"),
        ("urls.txt", 5, "https://other.example.org/c/", "location"),
        ("urls.txt", 6, "not a URL", "location"),
        ("latin.txt", 1, None, "encoding"),
    ], found
    assert report["urls"] == 3  # a/, b/ and d/

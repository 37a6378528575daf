"""`sitemap-plugins check https://...` (#62): a deployed site, asked about every URL its sitemaps
list. A real local HTTP server serves a built site with planted defects (what a deploy changed
after the build: a page moved, removed, turned noindex, given another canonical, blocked; a
missing image; an alternate that no longer links back; a page that answers slowly; a server
that drips); each is found once with its code, a clean site exits 0, and the server's own log
shows that no request left the named host and the run kept its bounds."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from command_runs import run
from live_site import COMMAND, build, check, page, plant, serve
from small_sites import PAGE

pytestmark = pytest.mark.slow  # a real server, real runs of the command


def test_each_planted_defect_is_found_once_with_its_code(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(tmp_path / "elsewhere", planted=False) as (other_host, other_log), serve(site) as (base, log):
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "elsewhere" / "cdn.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        build(site, base, other_host)
        plant(site, base)
        log.requests.clear()
        done, problems = check(base, "--timeout", "1", "--per-second", "100", "--concurrency", "2")
        assert done.returncode == 1
        found = sorted((p["url"], p["code"]) for p in problems)
        assert found == sorted(
            [
                (base + "moved/", "redirect"),
                (base + "gone/", "http-status"),
                (base + "hidden/", "noindex"),
                (base + "private-header/", "noindex"),
                (base + "copy/", "canonical"),
                (base + "blocked/", "robots-disallowed"),
                (base + "pictures/", "media-missing"),
                (base + "fake/", "media-type"),
                (base + "slow/", "unavailable"),
                (base + "drip/", "unavailable"),
                (base + "en/a/", "hreflang-not-returned"),
            ]
        ), problems
        by_code = {p["code"]: p for p in problems}
        assert (
            by_code["redirect"]["message"]
            == f"answers HTTP 301, a redirect to {base}guide/: list the address it leads to"
        )
        assert by_code["http-status"]["message"].startswith("answers HTTP 404")
        assert by_code["canonical"]["message"].startswith(f"names {base}guide/ as its canonical URL")
        assert by_code["media-missing"]["message"] == f"its image {base}img/lost.png answers HTTP 404"
        assert (
            "no whole answer within 1 s" in next(p for p in problems if p["url"] == base + "drip/")["message"]
        )
        assert all(p["file"].startswith(base) for p in problems), problems
        # The busy page answered 429 once, then 200: retried, no finding.
        assert (
            "1 retried" in done.stderr and "1 media on other hosts not asked (--media-hosts)" in done.stderr
        )
        assert "asked the site: 15 of 15 pages" in done.stderr
        # Bounds, by the server's own log: one host, never a POST, each page asked once (the busy
        # one twice), media asked with HEAD.
        assert other_log.requests == []
        assert {host for _, _, host in log.requests} == {base.removeprefix("http://").rstrip("/")}
        assert {method for method, _, _ in log.requests} <= {"GET", "HEAD"}
        pages = [path for method, path, _ in log.requests if method == "GET" and path.endswith("/")]
        assert sorted(pages) == sorted(
            [
                "/",
                "/guide/",
                "/moved/",
                "/gone/",
                "/hidden/",
                "/private-header/",
                "/copy/",
                "/blocked/",
                "/pictures/",
                "/fake/",
                "/slow/",
                "/drip/",
                "/busy/",
                "/busy/",
                "/en/a/",
                "/de/a/",
            ]
        )
        assert sorted(path for method, path, _ in log.requests if method == "HEAD") == [
            "/img/fake.png",
            "/img/logo.png",
            "/img/lost.png",
        ]


def test_a_clean_site_exits_0_and_a_sample_asks_only_its_share(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, log):
        for number in range(12):
            (site / f"p{number}").mkdir()
            (site / f"p{number}" / "index.html").write_text(page(f"Page {number}"))
        (site / "index.html").write_text(page("Home"))
        done = subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        log.requests.clear()
        done, problems = check(base + "sitemap.xml", "--per-second", "100")
        assert (done.returncode, problems) == (0, [])
        report = subprocess.run(
            [*COMMAND, "check", base, "--format", "html", "--per-second", "100"],
            capture_output=True,
            text=True,
        )
        assert report.returncode == 0 and "<html" in report.stdout and "p11/" in report.stdout
        assert "asked the site: 13 of 13 pages" in done.stderr
        log.requests.clear()
        first, _ = check(base, "--sample", "4", "--per-second", "100")
        asked = [path for method, path, _ in log.requests if path.endswith("/")]
        assert first.returncode == 0 and len(asked) == 4
        assert "asked the site: 4 of 13 pages (a sample: --sample N)" in first.stderr
        log.requests.clear()
        check(base, "--sample", "4", "--per-second", "100")  # the same sample again
        assert sorted(path for method, path, _ in log.requests if path.endswith("/")) == sorted(asked)


def test_the_run_stops_at_its_deadline_and_says_so(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with serve(site) as (base, log):
        (site / "index.html").write_text(page("Home"))
        for name in ("slow", "drip"):
            (site / name).mkdir()
            (site / name / "index.html").write_text(page(name))
        subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            check=True,
        )
        log.requests.clear()
        done, problems = check(base, "--deadline", "2", "--timeout", "5", "--concurrency", "1")
        assert done.returncode == 1
        # One at a time, the slow page (3 s) or the drip (6 s) outlasts the run: what was cut off
        # or never asked is said, and the server saw no request for what was not asked.
        cut = [p for p in problems if p["code"] == "unavailable"]
        assert cut and all(
            "no whole answer" in p["message"] or "the run's time (--deadline) was up" in p["message"]
            for p in cut
        ), problems
        not_asked = [p["url"] for p in cut if "was up" in p["message"]]
        asked = {path for _, path, _ in log.requests}
        assert all(url.removeprefix(base.rstrip("/")) not in asked for url in not_asked)


def test_a_url_that_is_no_http_site_is_a_usage_error():
    done = subprocess.run([*COMMAND, "check", "https://", "--format", "json"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_requests_at_a_time_and_a_second_stay_within_their_bounds(tmp_path):
    """Pages that take 0.2 s each: --concurrency 3 has 3 in flight at most (and uses them), and
    --per-second 20 spaces the requests' arrivals by the server's own clock."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    for number in range(15):
        (site / f"p{number}").mkdir()
        (site / f"p{number}" / "index.html").write_text(page(f"Page {number}"))
    with serve(site, planted=False, delay=0.2) as (base, log):
        subprocess.run(
            [*COMMAND, "generate", "--from-dir", str(site), "--base-url", base, "--out", str(site)],
            check=True,
        )
        log.requests.clear()
        log.most_active = 0
        log.arrivals.clear()
        done, problems = check(base, "--concurrency", "3", "--per-second", "20")
        assert (done.returncode, problems) == (0, [])
        assert log.most_active == 3
        pages = sorted(at for at, path in log.arrivals if path.endswith("/"))
        assert len(pages) == 16
        # 20 a second: 16 requests take at least 15 spacings of 0.05 s (a little slack for clocks).
        assert pages[-1] - pages[0] >= 15 * 0.05 * 0.9


def test_a_text_sitemap_named_in_robots_txt_is_read_and_its_pages_asked(tmp_path):
    """A sitemap.txt (one URL a line, as the protocol allows) is read as the offline check reads
    it; each of its pages is asked, and the one the deploy removed is found."""
    site = tmp_path / "site"
    site.mkdir()
    with serve(site, planted=False) as (base, log):
        for name in ("a", "b", "gone"):
            (site / name).mkdir()
            (site / name / "index.html").write_text(page(name.upper()))
        (site / "urls.txt").write_text("".join(f"{base}{name}/\n" for name in ("a", "b", "gone")))
        (site / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {base}urls.txt\n")
        shutil.rmtree(site / "gone")
        log.requests.clear()
        done, problems = check(base, "--per-second", "100")
        assert done.returncode == 1
        assert [(p["url"], p["code"]) for p in problems] == [(base + "gone/", "http-status")]
        assert problems[0]["file"] == base + "urls.txt"
        assert "asked the site: 3 of 3 pages" in done.stderr
        gets = sorted(path for method, path, _ in log.requests if method == "GET")
        assert gets == ["/a/", "/b/", "/gone/", "/robots.txt", "/urls.txt"]


def test_a_server_that_is_down_is_said_once_as_down():
    """Nothing listens on the port: robots.txt and the sitemap cannot be fetched, which is said;
    that there is no robots.txt or no sitemap is not (nobody could tell)."""
    done = run("check", "http://127.0.0.1:9/", "--format", "json")
    said = json.loads(done.stdout)
    assert done.returncode == 1
    assert sorted(problem["code"] for problem in said["problems"]) == ["unavailable", "unavailable"]


@pytest.mark.slow
def test_a_live_check_of_a_site_under_a_path_takes_its_base_url(tmp_path):
    """`--base-url http://host/docs/`: the set under /docs/ is read as the site's, robots.txt at the
    host's root; a page of another host listed is not asked, and no sample is claimed."""
    root = tmp_path / "root"
    docs = root / "docs"
    docs.mkdir(parents=True)
    (docs / "index.html").write_text(PAGE)
    with serve(root, planted=False) as (host, _):
        base = host + "docs/"
        built = run("generate", "--from-dir", str(docs), "--base-url", base, "--out", str(docs))
        assert built.returncode == 0, built.stderr
        (root / "robots.txt").write_text(f"User-agent: *\nDisallow:\nSitemap: {base}sitemap.xml\n")
        done = run("check", host, "--base-url", base, "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"]) == (0, [])
        assert "asked the site: 1 of 1 pages, " in said["summary"] and "sample" not in said["summary"]
        done = run("check", host, "--base-url", "https://elsewhere.example/")
        assert done.returncode == 2 and "is not on the host of" in done.stderr


@pytest.mark.slow
def test_one_named_news_sitemap_is_read_and_asked_alone(tmp_path):
    """`check host/sitemap-news.xml`: that file only, its two articles counted and asked of the
    site (a news sitemap's URLs are URLs: "0 URLs" and "0 of 0 pages" were said before)."""
    import datetime as dt

    site = tmp_path / "site"
    for name in ("", "a/", "b/"):
        (site / name).mkdir(parents=True, exist_ok=True)
        (site / name / "index.html").write_text(PAGE)
    today = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    with serve(site, planted=False) as (host, log):
        articles = "".join(
            f"<url><loc>{host}{name}</loc><news:news><news:publication><news:name>Daily</news:name>"
            f"<news:language>en</news:language></news:publication>"
            f"<news:publication_date>{today}</news:publication_date><news:title>{name}</news:title>"
            "</news:news></url>"
            for name in ("a/", "b/")
        )
        (site / "sitemap-news.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            f'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">{articles}</urlset>\n'
        )
        (site / "sitemap.xml").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{host}</loc></url></urlset>\n"
        )
        (site / "robots.txt").write_text(f"Sitemap: {host}sitemap.xml\nSitemap: {host}sitemap-news.xml\n")
        done = run("check", str(site / "sitemap-news.xml"), "--base-url", host, "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"], said["urls"]) == (0, [], 2)
        assert said["summary"] == "1 file(s), 2 URLs: no problems"
        done = run("check", host + "sitemap-news.xml", "--format", "json")
        said = json.loads(done.stdout)
        assert (done.returncode, said["problems"], said["urls"]) == (0, [], 2)
        assert said["summary"].startswith("1 file(s), 2 URLs: no problems; asked the site: 2 of 2 pages, ")
        assert "/sitemap.xml" not in [path for _, path, _ in log.requests]


BASE = "https://example.com/"


def _production_build(tmp_path: Path) -> Path:
    """A site built for https://example.com/, as CI builds it before it is served on staging."""
    site = tmp_path / "staging"
    for path in ("", "guide/", "moved/"):
        (site / path).mkdir(parents=True, exist_ok=True)
        (site / path / "index.html").write_text(
            f"<html><head><title>Page {path}</title></head><body><main><p>Page {path}.</p>"
            + ('<img src="/logo.png" alt="Logo" width="400" height="300">' if not path else "")
            + "</main></body></html>"
        )
    (site / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    (site / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert done.returncode == 0, done.stderr
    return site


@pytest.mark.slow
def test_a_staging_server_is_checked_as_the_host_it_stands_for(tmp_path):

    site = _production_build(tmp_path)
    with serve(site) as (server, log):  # planted: /moved/ answers 301 to /guide/
        plain = run("check", server, "--per-second", "100")
        assert plain.returncode == 1
        assert "[location]" in plain.stdout and "not reachable from robots.txt" in plain.stdout
        assert (
            f"sitemap-plugins check: the set lists URLs of {BASE}, not of {server}: where this server "
            f"holds that host's build (a staging server), check it as that host: --as {BASE}"
        ) in plain.stderr.splitlines()
        log.requests.clear()
        staged = run("check", server, "--as", BASE, "--per-second", "100")
        # Every page, its image and robots.txt asked of the server, none of example.com; the one
        # defect found, its redirect named as the host it stands for names it.
        [line] = staged.stdout.splitlines()
        assert line.startswith(f"{BASE}sitemap.xml:") and line.endswith(
            f": {BASE}moved/: answers HTTP 301, a redirect to {BASE}guide/: list the address it leads to [redirect]"
        )
        assert staged.returncode == 1 and "[location]" not in staged.stdout
        assert "asked the site: 3 of 3 pages, 1 image or video" in staged.stderr
        assert "--as" not in staged.stderr
        assert {host for _, _, host in log.requests} == {server.removeprefix("http://").rstrip("/")}
        assert {path for _, path, _ in log.requests} >= {
            "/robots.txt",
            "/sitemap.xml",
            "/guide/",
            "/logo.png",
        }


def test_as_names_a_host_of_a_server_and_nothing_else(tmp_path):
    site = _production_build(tmp_path)
    on_dir = run("check", str(site), "--as", BASE)
    assert on_dir.returncode == 2 and "--as is for a server's URL" in on_dir.stderr
    with_path = run("check", "http://127.0.0.1:9/", "--as", BASE + "docs/")
    assert with_path.returncode == 2 and "the host the server stands for, with no path" in with_path.stderr
    other = run("check", "http://127.0.0.1:9/", "--as", BASE, "--base-url", "https://other.example.org/")
    assert other.returncode == 2 and f"is not on the host of {BASE}" in other.stderr

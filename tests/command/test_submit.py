"""IndexNow: the key file at build time, and `sitemap-plugins submit` against a local endpoint that
records what it receives and answers as each test says (never the internet)."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from browser import serve
from command_runs import run
from indexnow_helpers import KEY, build, endpoint, submit
from mkdocs_helpers import copy_sample, mkdocs
from small_sites import two_pages_canonical_at

import sitemap_plugins as sp

# -- the key file -------------------------------------------------------------------------------------


def test_the_build_writes_the_key_file_and_a_new_key_replaces_it(tmp_path, monkeypatch):
    build(tmp_path, "https://example.com/", {"a/": None})
    assert (tmp_path / f"{KEY}.txt").read_text() == KEY + "\n"
    monkeypatch.setenv("INDEXNOW_KEY", "from-the-environment")
    build(tmp_path, "https://example.com/", {"a/": None}, key=None)
    assert (tmp_path / "from-the-environment.txt").exists() and not (tmp_path / f"{KEY}.txt").exists()


@pytest.mark.parametrize("key", ["short", "has space in it", "x" * 129, "ünïcode-key"])
def test_a_bad_key_is_an_error_naming_the_option(key):
    with pytest.raises(sp.ConfigError, match="option 'indexnow_key': an IndexNow key is 8 to 128 characters"):
        sp.Options(base_url="https://example.com/", indexnow_key=key)


def test_mkdocs_writes_the_key_file_under_a_base_url_with_a_path(tmp_path):
    project = copy_sample("mkdocs-features", tmp_path)
    text = (project / "mkdocs.yml").read_text()
    text = text.replace("site_url: https://docs.example.com/", "site_url: https://example.com/docs/")
    text = text.replace("      gzip: true\n", f"      gzip: true\n      indexnow_key: {KEY}\n")
    (project / "mkdocs.yml").write_text(text)
    run = mkdocs(project)
    assert run.returncode == 0, run.stderr
    assert (project / "site" / f"{KEY}.txt").read_text().strip() == KEY


# -- submit --------------------------------------------------------------------------------------------


def test_changes_are_sent_once_the_key_file_is_live(tmp_path):
    previous = tmp_path / "previous"
    new = tmp_path / "new"
    with serve(new) as base_url, endpoint() as fake:
        build(previous, base_url, {"same/": "2024-05-01", "edited/": "2024-05-01", "gone/": "2024-05-01"})
        build(new, base_url, {"same/": "2024-05-01", "edited/": "2024-06-01", "fresh/": "2024-06-01"})
        run = submit(new, base_url, "--previous", str(previous), "--endpoint", fake.url)
        assert run.returncode == 0, run.stderr
        assert "1 new, 1 changed, 1 removed, 1 unchanged" in run.stderr
        [request] = fake.requests
        assert request["type"] == "application/json; charset=utf-8"
        body = request["json"]
        assert body["host"] == base_url.split("/")[2] and body["key"] == KEY and "keyLocation" not in body
        assert body["urlList"] == [base_url + "fresh/", base_url + "edited/", base_url + "gone/"]


def test_batches_of_10000_and_only_the_sites_own_host(tmp_path):
    previous = tmp_path / "previous"
    new = tmp_path / "new"
    with serve(new) as base_url, endpoint() as fake:
        build(new, base_url, {f"p/{n}/": None for n in range(25_000)})
        build(previous, "https://old.example.org/", {"moved/": None}, key=None)  # the site moved hosts
        run = submit(new, base_url, "--previous", str(previous), "--endpoint", fake.url, "--all")
        assert run.returncode == 0, run.stderr
        sizes = [(r["json"]["host"], len(r["json"]["urlList"])) for r in fake.requests]
        host = base_url.split("/")[2]
        assert sizes == [(host, 10_000), (host, 10_000), (host, 5_000)]
        # The old host's URL is not sent with this site's key: IndexNow would refuse it (422).
        assert "skipped https://old.example.org/moved/: not on http://" in run.stderr


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (400, "bad request"),
        (403, "forbidden: the key was not found at its location"),
        (422, "unprocessable: URLs not on the key's host"),
    ],
)
def test_refusals_are_said_in_words_and_exit_1(tmp_path, status, said):
    new = tmp_path / "new"
    with serve(new) as base_url, endpoint(status) as fake:
        build(new, base_url, {"a/": None})
        run = submit(new, base_url, "--all", "--endpoint", fake.url)
        assert run.returncode == 1 and f"refused (HTTP {status}): {said}" in run.stderr
        assert len(fake.requests) == 1


def test_429_and_5xx_are_retried(tmp_path):
    new = tmp_path / "new"
    with serve(new) as base_url, endpoint(429, 503, 200) as fake:
        build(new, base_url, {"a/": None})
        run = submit(new, base_url, "--all", "--endpoint", fake.url)
        assert run.returncode == 0, run.stderr
        assert len(fake.requests) == 3 and "accepted (HTTP 200)" in run.stderr
    with serve(new) as base_url, endpoint(*[500] * 10) as fake:
        build(new, base_url, {"a/": None})
        run = submit(new, base_url, "--all", "--endpoint", fake.url)
        assert run.returncode == 1 and len(fake.requests) == 5  # bounded: 1 + 4 retries


def test_nothing_is_sent_before_the_key_file_is_served(tmp_path):
    new = tmp_path / "new"
    with serve(tmp_path / "elsewhere") as base_url, endpoint() as fake:
        build(new, base_url, {"a/": None})
        run = submit(new, base_url, "--all", "--endpoint", fake.url)
        assert (
            run.returncode == 2 and f"the key file {base_url}{KEY}.txt is not served (HTTP 404)" in run.stderr
        )
        assert fake.requests == []


def test_dry_run_sends_nothing_and_says_what_it_would(tmp_path):
    previous, new = tmp_path / "previous", tmp_path / "new"
    with endpoint() as fake:
        build(previous, "https://example.com/", {"a/": None})
        build(new, "https://example.com/", {"a/": None, "b/": None})
        run = submit(
            new, "https://example.com/", "--previous", str(previous), "--endpoint", fake.url, "--dry-run"
        )
        assert run.returncode == 0 and fake.requests == []
        assert "1 new, 0 changed, 0 removed, 1 unchanged" in run.stderr
        assert "new: https://example.com/b/" in run.stderr
        assert "request: example.com, 1 URLs" in run.stderr
        assert f"key file https://example.com/{KEY}.txt: found in" in run.stderr


def test_no_previous_set_sends_nothing_without_all(tmp_path):
    with endpoint() as fake:
        build(tmp_path, "https://example.com/", {"a/": None})
        run = submit(tmp_path, "https://example.com/", "--endpoint", fake.url)
        assert run.returncode == 0 and fake.requests == [] and "nothing is sent" in run.stderr


def test_the_live_previous_set_is_fetched_index_and_all(tmp_path):
    live, new = tmp_path / "live", tmp_path / "new"
    with serve(live) as live_url:
        site = sp.Sitemap(sp.Options(base_url=live_url, max_urls=2))
        for n in range(5):
            site.add(sp.Entry(f"{live_url}p/{n}/", lastmod="2024-05-01"))
        site.write(live)
        build(new, live_url, {f"p/{n}/": "2024-05-01" for n in range(4)})
        run = submit(new, live_url, "--previous", live_url + "sitemap.xml", "--dry-run")
        assert run.returncode == 0, run.stderr
        assert "0 new, 0 changed, 1 removed, 4 unchanged" in run.stderr


def test_a_live_previous_set_gzipped_in_several_members_is_read_whole(tmp_path):
    live, new = tmp_path / "live", tmp_path / "new"
    with serve(live) as live_url:
        build(live, live_url, {f"p/{n}/": "2024-05-01" for n in range(5)})
        xml = (live / "sitemap.xml").read_bytes()
        (live / "sitemap.xml.gz").write_bytes(gzip.compress(xml[:200]) + gzip.compress(xml[200:]))
        build(new, live_url, {f"p/{n}/": "2024-05-01" for n in range(4)})
        run = submit(new, live_url, "--previous", live_url + "sitemap.xml.gz", "--dry-run")
        assert run.returncode == 0, run.stderr
        assert "0 new, 0 changed, 1 removed, 4 unchanged" in run.stderr


def test_a_previous_set_that_is_a_text_sitemap_is_read_a_url_a_line(tmp_path):
    """The last deploy had a text sitemap only (another tool's), kept as a file (gzip too) or
    on the site: its URLs are known, none dated, so a page that has a lastmod now counts as
    changed."""
    live, new = tmp_path / "live", tmp_path / "new"
    live.mkdir()
    with serve(live) as live_url:
        lines = "".join(f"{live_url}p/{n}/\n" for n in range(5)) + "\n"
        (live / "urls.txt").write_text(lines)
        (tmp_path / "kept.txt.gz").write_bytes(gzip.compress(lines.encode()))
        build(new, live_url, {"p/0/": None, "p/1/": None, "p/2/": "2024-05-01", "fresh/": None})
        for previous in (live_url + "urls.txt", str(tmp_path / "kept.txt.gz")):
            run = submit(new, live_url, "--previous", previous, "--dry-run")
            assert run.returncode == 0, run.stderr
            assert "1 new, 1 changed, 2 removed, 2 unchanged" in run.stderr, previous


@pytest.mark.invalid_output  # hostile previous sets, written on purpose
@pytest.mark.parametrize("hostile", ["entities", "gzip bomb", "not xml"])
def test_a_hostile_previous_set_is_an_error_and_nothing_is_sent(tmp_path, hostile):
    previous = tmp_path / "previous.xml"
    if hostile == "entities":
        previous.write_text(
            '<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&b;</loc></url></urlset>'
        )
    elif hostile == "gzip bomb":
        previous = tmp_path / "previous.xml.gz"
        with gzip.open(previous, "wb", compresslevel=9) as stream:
            for _ in range(60):
                stream.write(b" " * (1 << 20))
    else:
        previous.write_text("User-agent: *\n")
    new = tmp_path / "new"
    with endpoint() as fake:
        build(new, "https://example.com/", {"a/": None})
        run = submit(new, "https://example.com/", "--previous", str(previous), "--endpoint", fake.url)
        assert run.returncode == 2 and "--previous:" in run.stderr and "nothing sent" in run.stderr, (
            run.stderr
        )
        assert "Traceback" not in run.stderr and fake.requests == []


BASE = "https://example.com/"


def _set(tmp_path: Path) -> Path:
    out = tmp_path / "new"
    run(
        "generate",
        "--from-dir",
        str(two_pages_canonical_at(tmp_path, "example.com")),
        "--base-url",
        BASE,
        "--out",
        str(out),
    )
    return out


def test_a_dry_run_needs_no_key(tmp_path):

    env = {k: v for k, v in os.environ.items() if k != "INDEXNOW_KEY"}
    new = _set(tmp_path)
    done = run("submit", str(new), "--base-url", BASE, "--all", "--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    assert "got None" not in done.stderr
    assert "request: example.com, 2 URLs" in done.stderr
    assert (
        "  key: none given (--key or INDEXNOW_KEY), which sending needs; dry run: nothing sent" in done.stderr
    )


def test_sending_without_a_key_says_none_was_given(tmp_path):

    env = {k: v for k, v in os.environ.items() if k != "INDEXNOW_KEY"}
    new = _set(tmp_path)
    done = run("submit", str(new), "--base-url", BASE, "--all", env=env)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "sitemap-plugins: submit: no IndexNow key was given: pass --key, or set INDEXNOW_KEY "
        "(a dry run needs none)"
    )
    # A key given but malformed is still named as given.
    bad = run("submit", str(new), "--base-url", BASE, "--all", "--key", "short", env=env)
    assert bad.returncode == 2 and "got 'short'" in bad.stderr

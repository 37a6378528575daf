"""Versioned docs with mike: real `mike deploy` runs into a git repository made here; every
version keeps a sitemap of its own pages, and `sitemap-plugins versions` writes the root."""

from __future__ import annotations

import json
import sys

import pytest
from browser import browser, serve
from lxml import etree
from mike_helpers import BASE, VERSIONS, branch_files, deploy_three, make_project, run, versions_command
from protego import Protego
from sitemap_checks import NS, assert_valid, parse, urls

pytestmark = pytest.mark.slow  # builds real sites

pytest.importorskip("mike", reason="mike does not install here (pip install mike)")













@pytest.mark.parametrize(
    ("alias_type", "canonical"),
    [("copy", "latest"), ("symlink", "latest"), ("redirect", "latest"), ("symlink", None)],
)
def test_every_version_keeps_its_own_sitemap_and_the_root_is_written(tmp_path, alias_type, canonical):
    repo = tmp_path / "repo"
    make_project(repo, alias_type, canonical)
    deploy_three(repo)
    said = versions_command(repo).stderr
    branch = branch_files(repo, tmp_path / "served")
    for version in VERSIONS:
        listed = urls(branch / version / "sitemap.xml")
        # Its own pages, at their real URLs, whatever canonical_version makes the canonical links.
        assert f"{BASE}{version}/guide/" in listed and all(u.startswith(f"{BASE}{version}/") for u in listed)
        assert (f"{BASE}{version}/new/" in listed) == (version != "1.0")
        assert not (branch / version / "robots.txt").exists()
    assert not (branch / "latest" / "robots.txt").exists()
    if alias_type == "redirect":
        assert not (branch / "latest" / "sitemap.xml").exists()  # stubs get no sitemap of their own
    # The root: an index of the version search engines are offered, and robots.txt naming it.
    index = parse(branch / "sitemap.xml")
    entries = [
        (s.findtext("s:loc", namespaces=NS), s.findtext("s:lastmod", namespaces=NS))
        for s in index.iterfind("s:sitemap", NS)
    ]
    newest = max(parse(branch / "3.0" / "sitemap.xml").xpath("//s:lastmod/text()", namespaces=NS))
    assert entries == [(f"{BASE}3.0/sitemap.xml", newest)]
    assert list(Protego.parse((branch / "robots.txt").read_text()).sitemaps) == [f"{BASE}sitemap.xml"]
    assert_valid(branch / "sitemap.xml")
    assert "sitemap.xml lists 3.0/sitemap.xml" in said


def test_versions_to_offer_and_a_checkout_of_the_branch(tmp_path):
    repo = tmp_path / "repo"
    make_project(repo, "symlink", None)
    deploy_three(repo)
    checkout = tmp_path / "checkout"
    run(repo, "git", "worktree", "add", "-q", str(checkout), "gh-pages")
    (checkout / "robots.txt").write_text("User-agent: *\nDisallow: /drafts/\n")
    versions_command(repo, str(checkout), "--versions", "all")
    assert [loc.text for loc in parse(checkout / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)] == [
        f"{BASE}{v}/sitemap.xml" for v in ("3.0", "2.0", "1.0")
    ]
    versions_command(repo, str(checkout), "--versions", "1.0,latest")
    assert [loc.text for loc in parse(checkout / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)] == [
        f"{BASE}1.0/sitemap.xml",
        f"{BASE}3.0/sitemap.xml",
    ]
    assert (checkout / "robots.txt").read_text().startswith("User-agent: *\nDisallow: /drafts/\n")
    run(repo, "git", "worktree", "remove", "--force", str(checkout))


def test_push_like_mike(tmp_path):
    remote = tmp_path / "remote.git"
    run(tmp_path, "git", "init", "-q", "--bare", str(remote))
    repo = tmp_path / "repo"
    make_project(repo, "redirect", None)
    run(repo, "git", "remote", "add", "origin", str(remote))
    deploy_three(repo)
    versions_command(repo, "--push")
    pushed = run(remote, "git", "show", "gh-pages:sitemap.xml").stdout
    assert f"<loc>{BASE}3.0/sitemap.xml</loc>" in pushed
    # Run again with nothing new: no empty commit.
    before = run(repo, "git", "rev-parse", "gh-pages").stdout
    versions_command(repo)
    assert run(repo, "git", "rev-parse", "gh-pages").stdout == before


@pytest.mark.invalid_output
@pytest.mark.parametrize("case", ["no branch", "not mike's branch", "unknown version"])
def test_bad_input_is_one_line_and_nothing_is_committed(tmp_path, case):
    repo = tmp_path / "repo"
    make_project(repo, "copy", None)
    args: list[str] = []
    if case == "no branch":
        expected = "no branch 'gh-pages'"
    elif case == "not mike's branch":
        run(repo, "git", "branch", "gh-pages")
        expected = "versions.json does not exist"
    else:
        deploy_three(repo)
        args, expected = ["--versions", "9.9"], "'9.9' is not a version or alias"
    before = run(repo, "git", "for-each-ref").stdout
    done = versions_command(repo, *args, check=False)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert run(repo, "git", "for-each-ref").stdout == before  # nothing committed
    assert run(repo, "git", "worktree", "list").stdout.count("\n") == 1  # no worktree left behind


@pytest.mark.browser
def test_material_version_selector_keeps_the_reader_on_the_page(tmp_path):
    """Material fetches ../<version>/sitemap.xml and stays on the same page when that urlset lists it."""
    served = tmp_path / "served"
    with serve(served) as base_url, browser() as chromium:
        repo = tmp_path / "repo"
        make_project(repo, "symlink", None, site_url=base_url)
        deploy_three(repo)
        branch_files(repo, served)
        assert _pick_version(chromium, base_url + "1.0/guide/", "3.0") == base_url + "3.0/guide/"
        # A page 1.0 does not have: from 3.0's /new/ to 1.0 lands on 1.0's home.
        assert _pick_version(chromium, base_url + "3.0/new/", "1.0") == base_url + "1.0/"
        assert etree.QName(parse(served / "1.0" / "sitemap.xml")).localname == "urlset"


def _pick_version(chromium, start: str, version: str) -> str:
    """Where Material's version selector takes a reader of `start` who picks `version`."""
    page = chromium.new_page()  # a fresh page: an earlier one's mouse may hold the menu open
    page.goto(start)
    page.wait_for_load_state("networkidle")
    page.hover(".md-version__current", force=True)  # the hidden list lies over the button
    page.locator(".md-version__link", has_text=version).first.click()
    page.wait_for_url(lambda url: f"/{version}/" in url)
    return page.url


def test_only_sitemaps_of_ours_inside_the_branch_are_offered(tmp_path):
    """A real gh-pages branch: a version built before the plugin (MkDocs' own sitemap, no marker),
    a version whose directory is gone, versions.json entries leading out of the branch: each is
    left out of the root index with one line naming it; `check` reads what robots.txt leads to."""
    repo = tmp_path / "repo"
    make_project(repo, "copy", None)
    deploy_three(repo)
    checkout = tmp_path / "checkout"
    run(repo, "git", "worktree", "add", "-q", str(checkout), "gh-pages")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "sitemap.xml").write_text((checkout / "3.0" / "sitemap.xml").read_text())
    # 1.0 as MkDocs' built-in sitemap wrote it before the plugin: no marker of ours.
    (checkout / "1.0" / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>None</loc></url></urlset>\n"
    )
    run(checkout, "git", "rm", "-rq", "2.0")
    (checkout / "linked").symlink_to(outside)
    versions = json.loads((checkout / "versions.json").read_text())
    versions += [
        {"version": "../outside", "title": "x", "aliases": []},
        {"version": str(outside), "title": "y", "aliases": []},
        {"version": "linked", "title": "z", "aliases": []},
    ]
    (checkout / "versions.json").write_text(json.dumps(versions))
    run(checkout, "git", "add", "-A")
    run(checkout, "git", "commit", "-qm", "old and odd versions")
    done = versions_command(repo, "--versions", "all", str(checkout))
    said = done.stderr.strip().splitlines()
    assert [line.split(" left out: ")[0] for line in said[:-1]] == [
        "sitemap-plugins versions: version '2.0'",
        "sitemap-plugins versions: version '1.0'",
        "sitemap-plugins versions: version '../outside'",
        f"sitemap-plugins versions: version {str(outside)!r}",
        "sitemap-plugins versions: version 'linked'",
    ]
    assert "was not written by sitemap-plugins" in said[1] and "does not exist" in said[0]
    assert "leads out of the branch" in said[4]
    assert [loc.text for loc in parse(checkout / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)] == [
        f"{BASE}3.0/sitemap.xml"
    ]
    check = run(
        checkout, sys.executable, "-m", "sitemap_plugins", "check", ".", "--base-url", BASE, check=False
    )
    assert "None" not in check.stdout and "1.0/sitemap.xml" not in check.stdout, check.stdout
    run(repo, "git", "worktree", "remove", "--force", str(checkout))


def test_names_resolve_as_mike_resolves_them(tmp_path):
    """A version's name before an alias; a name that is both is ambiguous; aliases of the wrong
    shape and a versions.json nested past reason are one message; the default version is read from
    mike's redirect alone, not from a share link on the page."""
    repo = tmp_path / "repo"
    make_project(repo, "copy", None)
    deploy_three(repo)
    checkout = tmp_path / "checkout"
    run(repo, "git", "worktree", "add", "-q", str(checkout), "gh-pages")
    original = (checkout / "versions.json").read_text()
    index = checkout / "index.html"
    index.write_text(
        '<html><head><noscript><meta http-equiv="refresh" content="1; url=2.0/"></noscript></head>'
        '<body><a href="https://share.example/?url=https://v.example.org/">Share</a></body></html>'
    )
    done = versions_command(repo, str(checkout))
    assert [loc.text for loc in parse(checkout / "sitemap.xml").iterfind("s:sitemap/s:loc", NS)] == [
        f"{BASE}2.0/sitemap.xml"
    ]
    versions = json.loads(original)
    for entry in versions:
        if entry["version"] == "1.0":
            entry["aliases"] = ["2.0"]
    (checkout / "versions.json").write_text(json.dumps(versions))
    done = versions_command(repo, "--versions", "2.0", str(checkout), check=False)
    assert done.returncode == 2
    assert "'2.0' is a version and an alias of '1.0' in versions.json: ambiguous" in done.stderr
    for aliases in (5, True, 1.5, "latest"):
        for entry in versions:
            entry["aliases"] = aliases if entry["version"] == "1.0" else []
        (checkout / "versions.json").write_text(json.dumps(versions))
        done = versions_command(repo, "--versions", "all", str(checkout), check=False)
        assert done.returncode == 2 and "version '1.0': aliases must be a list of names" in done.stderr
        assert "Traceback" not in done.stderr
    (checkout / "versions.json").write_text("[" * 200_000 + "]" * 200_000)
    done = versions_command(repo, str(checkout), check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "versions.json" in done.stderr
    run(repo, "git", "worktree", "remove", "--force", str(checkout))


def test_versions_on_a_project_page_says_what_to_add_at_the_root(tmp_path):
    """mike on a project page (`https://user.github.io/project/`): robots.txt is read only at the
    host's root, which the branch is not; `versions` says the line to add there, as the MkDocs
    plugin does for a site under a path."""

    repo = tmp_path / "repo"
    base = "https://user.example.io/project/"
    make_project(repo, "copy", "latest", site_url=base)
    deploy_three(repo)
    done = run(repo, sys.executable, "-m", "sitemap_plugins", "versions", "--base-url", base)
    assert done.stderr.splitlines()[0] == (
        "sitemap: no robots.txt written: crawlers read it only at the root of user.example.io; add "
        f"Sitemap: {base}sitemap.xml to the robots.txt there"
    )

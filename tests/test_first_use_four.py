"""First use, round four (#83), the items that are no Sphinx face's: each as the user meets it, the
exact lines at the default log level, exit codes and files; each line printed where it is true,
and not where it is false."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pelican_helpers import add_settings, copy_sample, pelican
from sitemap_checks import NS, parse, urls

import sitemap_plugins as sp
from sitemap_plugins.core.normalize import remove_dot_segments, to_uri
from sitemap_plugins.core.output.result import docs_page

COMMAND = [sys.executable, "-m", "sitemap_plugins"]
BASE = "https://example.com/"


def run(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*COMMAND, *args], capture_output=True, text=True, cwd=cwd, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def warnings_of(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in (done.stdout + done.stderr).splitlines() if "WARNING" in line]


def manifest_agrees(out: Path) -> None:
    """Every file the manifest claims is there with the bytes it says."""
    files = json.loads((out / ".sitemap-plugins.json").read_text())["files"]
    assert files
    for name, digest in files.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name


# -- 1. Dot segments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "uri"),
    [
        ("https://guide.example.com/de/../fog.html", "https://guide.example.com/fog.html"),
        ("https://example.com/a/./b/", "https://example.com/a/b/"),
        ("https://example.com/a/b/..", "https://example.com/a/"),
        ("https://example.com/../../a", "https://example.com/a"),
        ("https://example.com/a//../b", "https://example.com/a/b"),  # RFC 3986 5.2.4, segment by segment
        # No dot segment: as it was.
        ("https://example.com/.well-known/a..b/c.", "https://example.com/.well-known/a..b/c."),
        ("https://example.com/a?next=/../b", "https://example.com/a?next=/../b"),  # a query is no path
    ],
)
def test_a_url_is_compared_and_listed_with_its_dot_segments_resolved(url, uri):
    assert to_uri(url) == uri
    assert to_uri(uri) == uri


def test_a_relative_path_keeps_its_dot_segments():
    """Only an absolute URL's path is resolved: a relative one's `..` climbs from where it is read."""
    assert to_uri("../fog.html") == "../fog.html"
    assert remove_dot_segments("/a/b/../c/./d") == "/a/c/d"


@pytest.mark.slow
def test_the_i18n_sample_builds_with_fatal_warnings(tmp_path):
    """pelican-i18n's subsites link their translations as `https://guide.example.com/de/../fog.html`:
    the same page as the site's `https://guide.example.com/fog.html`, so no WARNING, and
    `--fatal warnings` passes; the sitemap lists the resolved URL."""
    project = copy_sample("pelican-i18n", tmp_path)
    done = pelican(project, "--fatal", "warnings")
    assert done.returncode == 0, done.stdout + done.stderr
    assert warnings_of(done) == [] and "Traceback" not in done.stdout + done.stderr
    sitemap = (project / "output" / "sitemap.xml").read_text()
    assert "/../" not in sitemap
    assert '<xhtml:link rel="alternate" hreflang="en" href="https://guide.example.com/fog.html"/>' in sitemap


def _translated(tmp_path: Path, german_names_english: str) -> Path:
    site = tmp_path / "site"
    (site / "de").mkdir(parents=True)
    head = '<link rel="alternate" hreflang="en" href="{en}"><link rel="alternate" hreflang="de" href="{de}">'
    pages = {
        "fog.html": ("en", head.format(en=BASE + "fog.html", de=BASE + "de/fog.html")),
        "de/fog.html": ("de", head.format(en=german_names_english, de=BASE + "de/../de/fog.html")),
        "tides.html": ("en", ""),
    }
    for name, (language, links) in pages.items():
        (site / name).write_text(
            f'<html lang="{language}"><head><title>{name}</title>{links}</head>'
            f"<body><main><p>{name} in {language}.</p></main></body></html>"
        )
    return site


def test_a_group_named_with_dot_segments_is_one_group(tmp_path):
    site = _translated(tmp_path, BASE + "de/../fog.html")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert done.returncode == 0 and warnings_of(done) == [] and "disagrees" not in done.stderr
    links = {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.findall("xhtml:link", NS)
        }
        for url in parse(site / "sitemap.xml")
    }
    group = {"en": BASE + "fog.html", "de": BASE + "de/fog.html"}
    assert links[BASE + "fog.html"] == links[BASE + "de/fog.html"] == group


def test_links_that_disagree_once_resolved_are_still_said(tmp_path):
    """The other way: the German page names another English page, dot segments resolved."""
    site = _translated(tmp_path, BASE + "de/../tides.html")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site))
    assert "disagrees with" in done.stderr and BASE + "tides.html" in done.stderr, done.stderr
    assert "/../" not in (site / "sitemap.xml").read_text()


@pytest.mark.slow
def test_a_real_warning_under_fatal_warnings_stops_pelican_in_one_line(tmp_path):
    """The other way: a warning of ours (an image that is no file of the site) under
    `--fatal warnings` fails the build, said once, without Pelican's traceback of its logger."""
    project = copy_sample("pelican-i18n", tmp_path)
    with (project / "content" / "articles" / "tides-en.md").open("a") as article:
        article.write("\n![Lost](/images/lost.png)\n")
    done = pelican(project, "--fatal", "warnings")
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 1 and "Traceback" not in said and "CRITICAL" not in said
    assert (
        "WARNING sitemap: articles/tides-en.md (https://guide.example.com/tides.html): image: "
        "https://guide.example.com/images/lost.png is no file of the site (a 404); left out"
    ) in said
    assert "sitemap: the build stops here: --fatal warnings, and the warning above" in said
    kept = pelican(project)  # without --fatal: the build goes on without the image
    assert kept.returncode == 0 and "lost.png is no file of the site" in kept.stdout + kept.stderr


# -- 2. pelican-sitemap beside ours ----------------------------------------------------------------

PELICAN_SITEMAP_LINE = (
    "sitemap: pelican-sitemap is in PLUGINS beside sitemap_plugins.pelican, and both write sitemap.xml: "
    "pelican-sitemap's is not written, this plugin's set is; remove pelican-sitemap from PLUGINS "
    '("sitemap" or "pelican.plugins.sitemap"): a SITEMAP written for it keeps its meaning here '
    "(the documentation's migrating.md)"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "plugins",
    [
        # Each order: in these, blinker called the plugin named last last, so each once overwrote the other.
        '["pelican.plugins.i18n_subsites", "sitemap_plugins.pelican", "sitemap"]',
        '["pelican.plugins.sitemap", "pelican.plugins.i18n_subsites", "sitemap_plugins.pelican"]',
    ],
)
def test_pelican_sitemap_left_in_plugins_is_said_once_and_writes_nothing(tmp_path, plugins):
    pytest.importorskip("pelican.plugins.sitemap", reason="pelican-sitemap is in .venv-pelican")
    project = copy_sample("pelican-i18n", tmp_path)
    add_settings(project, f"PLUGINS = {plugins}")
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    assert said.count(PELICAN_SITEMAP_LINE) == 1
    assert "Invalid 'SITEMAP' key" not in said  # pelican-sitemap's own complaints of our keys: not run
    out = project / "output"
    assert "sitemap-plugins" in (out / "sitemap.xml").read_text()[:300]
    manifest_agrees(out)


@pytest.mark.slow
def test_without_pelican_sitemap_nothing_is_said_of_it(tmp_path):
    project = copy_sample("pelican-i18n", tmp_path)
    done = pelican(project)
    assert done.returncode == 0 and "pelican-sitemap" not in done.stdout + done.stderr
    manifest_agrees(project / "output")


# -- 3. A generate that writes nothing ---------------------------------------------------------------


def _site(tmp_path: Path, canonical_host: str) -> Path:
    site = tmp_path / "site"
    for name in ("a", "b"):
        (site / name).mkdir(parents=True, exist_ok=True)
        (site / name / "index.html").write_text(
            f'<html><head><title>{name}</title><link rel="canonical" href="https://{canonical_host}/{name}/">'
            f"</head><body><main><p>Page {name}.</p></main></body></html>"
        )
    return site


def test_a_generate_that_writes_nothing_fails_and_names_what_is_left(tmp_path):
    out = tmp_path / "out"
    site = _site(tmp_path, "example.com")
    first = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert first.returncode == 0 and "nothing was written" not in first.stderr
    before = (out / "sitemap.xml").read_bytes()
    site = _site(tmp_path, "other.example.org")  # every canonical now on another host
    again = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert again.returncode == 1
    assert (
        f"sitemap: nothing was written to {out} (no page to list): the set an earlier run wrote is still "
        f"there (sitemap.xml) and lists pages this run did not; mend what is said above, or take it away "
        f"with `sitemap-plugins clean {out}`"
    ) in again.stderr.splitlines()
    assert (out / "sitemap.xml").read_bytes() == before


def test_a_generate_that_writes_nothing_into_an_empty_folder_says_so(tmp_path):
    out = tmp_path / "out"
    site = _site(tmp_path, "other.example.org")
    done = run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(out))
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        f"sitemap: nothing was written to {out} (no page to list), and no set of ours is there"
    )


# -- 4. submit --dry-run without a key ----------------------------------------------------------------


def _set(tmp_path: Path) -> Path:
    out = tmp_path / "new"
    run("generate", "--from-dir", str(_site(tmp_path, "example.com")), "--base-url", BASE, "--out", str(out))
    return out


def test_a_dry_run_needs_no_key(tmp_path):
    import os

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
    import os

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


# -- 5. A staging server that holds the production build ----------------------------------------------


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
    from test_check_live import serve

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


# -- 6. Media on listings, under --from-dir -----------------------------------------------------------

HUGO_THEMES = Path(__file__).parent / "fixtures" / "hugo_themes"


def _hugo_blog(tmp_path: Path, pages: int) -> Path:
    """Three posts, each with a picture and a YouTube player before its `<!--more-->` (so the
    entries theme's `.Summary` shows both on the home page, posts/ and the tag page); `pages`
    undated pages besides; a banner of its own on the home page."""
    if shutil.which("hugo") is None:
        pytest.skip("Debian's hugo is not installed (.ci/run installs it)")
    site = tmp_path / "hugo"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "static" / "img").mkdir(parents=True)
    (site / "config.toml").write_text(
        f'baseURL = "{BASE}"\ntitle = "Grill"\ntheme = "entries"\nthemesDir = "{HUGO_THEMES}"\n'
        'languageCode = "en"\n[markup.goldmark.renderer]\nunsafe = true\n[taxonomies]\ntag = "tags"\n'
    )
    (site / "content" / "_index.md").write_text(
        '---\ntitle: Grill\n---\n\n<img src="/img/banner.png" alt="The grill at dusk" width="1200" height="400">\n'
    )
    for name in ("banner", "post1", "post2", "post3"):
        (site / "static" / "img" / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    for number in (1, 2, 3):
        (site / "content" / "posts" / f"post{number}.md").write_text(
            f"---\ntitle: Post {number}\ndate: 2024-01-0{number}\ntags: [grill]\n---\n\n"
            f"Post {number} shows its picture and its film.\n\n"
            f'<img src="/img/post{number}.png" alt="Picture {number}" width="800" height="600">\n\n'
            f'<iframe width="560" height="315" src="https://www.youtube.com/embed/grillfilm0{number}" '
            f'title="Film {number} of the grill" allowfullscreen></iframe>\n\n<!--more-->\n\n'
            f"The rest of post {number}.\n"
        )
    for number in range(pages):
        (site / "content" / f"about{number}.md").write_text(f"---\ntitle: About {number}\n---\n\nAbout us.\n")
    subprocess.run(["hugo", "--quiet"], cwd=site, check=True, capture_output=True)
    out = site / "public"
    done = run(
        "generate", "--from-dir", str(out), "--base-url", BASE, "--out", str(out), "--replace-sitemaps"
    )
    assert done.returncode == 0 and warnings_of(done) == [], done.stderr
    return out


def _media_by_page(sitemap: Path) -> dict[str, tuple[list[str], list[str]]]:
    found = {}
    for url in parse(sitemap):
        images = [loc.text.rsplit("/", 1)[-1] for loc in url.iterfind("image:image/image:loc", NS)]
        videos = [
            video.findtext("video:player_loc", namespaces=NS) for video in url.iterfind("video:video", NS)
        ]
        found[url.findtext("s:loc", namespaces=NS).removeprefix(BASE)] = (images, videos)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("pages", [0, 8])
def test_a_listings_excerpts_media_are_the_posts(tmp_path, pages):
    """Each post's picture and player once, on the post; none again on the three listings that
    show its summary (before: 9 images for 3 where the site had other pages; none at all where
    it had few, the posts' own taken for the frame, on 4 of 7 pages).  The home page's banner,
    which no post shows, stays the home page's."""
    media = _media_by_page(_hugo_blog(tmp_path, pages) / "sitemap.xml")
    for number in (1, 2, 3):
        assert media[f"posts/post{number}/"] == (
            [f"post{number}.png"],
            [f"https://www.youtube.com/embed/grillfilm0{number}"],
        )
    assert media[""] == (["banner.png"], [])
    assert media["posts/"] == media["tags/grill/"] == ([], [])
    assert sum(len(images) for images, _ in media.values()) == 4


# -- 7. The no-lastmod advice -------------------------------------------------------------------------


@pytest.mark.slow
def test_pelicans_undated_line_reads_right_names_modified_and_a_page_that_is_there(tmp_path):
    """A Pelican blog outside git, with no tag and no author: two of its indexes show nothing
    dated; the line counts them as listings, names Pelican's `Modified:`, and the page it
    points at is a file on this machine."""
    blog = tmp_path / "blog"
    (blog / "content" / "pages").mkdir(parents=True)
    (blog / "content" / "one.md").write_text("Title: One\nDate: 2024-01-01\nCategory: c\n\nHello.\n")
    (blog / "content" / "two.md").write_text("Title: Two\nDate: 2024-01-02\nCategory: c\n\nHello 2.\n")
    (blog / "content" / "pages" / "about.md").write_text("Title: About\n\nAbout.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://q.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
    )
    done = pelican(blog, "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    page = docs_page("lastmod.md")
    assert Path(page).is_file() and page.endswith("lastmod.md")
    assert (
        "sitemap: 3 pages without lastmod: 2 listings that show no dated page, "
        "1 not in a git repository (or git is not installed); how to date them (`Modified:` in an "
        f"article's or page's metadata, git, the page's own dates): {page} (the report names each)"
    ) in said
    assert "a listing whose" not in said and "front matter" not in said and "2 a listing" not in said


def test_the_count_of_one_listing_is_singular_and_other_faces_name_front_matter(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE))
    site.add_page(sp.Page(BASE + "list/", listing=True))
    site.add_page(sp.Page(BASE + "a/", source="a.md"))
    site.add_page(sp.Page(BASE + "b/", source="b.md", meta={"lastmod": "2024-01-01"}))
    [line] = [note for note in site.closing_lines(site.write(tmp_path)) if "without lastmod" in note]
    assert line == (
        "sitemap: 2 pages without lastmod: 1 listing that shows no dated page, "
        "1 made of no source file (a page nothing dates); how to date them (front matter `lastmod:`, git, the page's own dates): "
        f"{docs_page('lastmod.md')} (the report names each)"
    )


# -- 8. Material's blog and mkdocs-static-i18n -------------------------------------------------------

I18N = (
    "  - i18n:\n      docs_structure: suffix\n      languages:\n"
    "        - {locale: en, default: true, name: English, build: true}\n"
    "        - {locale: de, name: Deutsch, build: true}\n"
)


def _mkdocs_build(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *args], cwd=project, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done


def _docs_in_two_languages(project: Path) -> None:
    samples = Path(__file__).resolve().parent.parent / "sample_sites"
    shutil.copytree(samples / "mkdocs-i18n" / "docs", project / "docs")
    (project / "mkdocs.yml").write_text(
        "site_name: Both\nsite_url: https://example.com/\ntheme: {name: material}\n"
        f"plugins:\n  - search\n{I18N}  - sitemap\n"
    )


@pytest.mark.slow
def test_in_one_project_the_blog_builds_no_posts_so_none_is_listed(tmp_path):
    """The limitation docs/getting-started/mkdocs.md names: static-i18n drops the blog's
    generated files; the sitemap lists what was built, the blog's index and no post."""
    project = tmp_path / "one"
    _docs_in_two_languages(project)
    samples = Path(__file__).resolve().parent.parent / "sample_sites"
    shutil.copytree(samples / "mkdocs-blog" / "docs" / "blog", project / "docs" / "blog")
    config = (project / "mkdocs.yml").read_text().replace("  - search\n", "  - search\n  - blog\n")
    (project / "mkdocs.yml").write_text(config)
    done = _mkdocs_build(project)
    assert "mkdocs_static_i18n: Unhandled file case - blog/archive/2024.md" in done.stderr  # #283, still
    listed = urls(project / "site" / "sitemap.xml")
    assert BASE + "blog/" in listed and not [url for url in listed if "/2024/" in url]


@pytest.mark.slow
def test_the_blog_as_a_project_of_its_own_lists_every_post_beside_the_languages(tmp_path):
    """The workaround, as docs/getting-started/mkdocs.md writes it: the docs' languages with their
    hreflang groups at the root, the blog's every post in its own set under /blog/, and the
    root's robots.txt naming both (the owner's line for the blog kept, ours added)."""
    project = tmp_path / "both"
    _docs_in_two_languages(project)
    (project / "docs" / "robots.txt").write_text(
        "User-agent: *\nAllow: /\n\nSitemap: https://example.com/blog/sitemap.xml\n"
    )
    samples = Path(__file__).resolve().parent.parent / "sample_sites"
    shutil.copytree(samples / "mkdocs-blog" / "docs" / "blog", project / "blog" / "docs")
    (project / "blog" / "mkdocs.yml").write_text(
        "site_name: Both (blog)\nsite_url: https://example.com/blog/\nsite_dir: ../site/blog\n"
        "theme: {name: material}\nplugins:\n  - search\n  - blog: {blog_dir: .}\n  - sitemap\n"
    )
    _mkdocs_build(project)
    blog = _mkdocs_build(project, "-f", "blog/mkdocs.yml")
    assert (
        "sitemap: no robots.txt written: crawlers read it only at the root of example.com; add "
        "Sitemap: https://example.com/blog/sitemap.xml to the robots.txt there"
    ) in " ".join(blog.stderr.split())
    site = project / "site"
    posts = [url for url in urls(site / "blog" / "sitemap.xml") if "/post-number-" in url]
    assert len(posts) == 5
    groups = {
        url.findtext("s:loc", namespaces=NS): {link.get("hreflang") for link in url.findall("xhtml:link", NS)}
        for url in parse(site / "sitemap.xml")
    }
    assert groups[BASE] == {"en", "de", "x-default"}
    robots = (site / "robots.txt").read_text()
    assert robots.startswith("User-agent: *\nAllow: /\n\nSitemap: https://example.com/blog/sitemap.xml\n")
    assert "Sitemap: https://example.com/sitemap.xml" in robots
    checked = run("check", str(site), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout + checked.stderr


# -- 9. The package ----------------------------------------------------------------------------------


def test_the_wheel_ships_the_docs_not_their_build_hook_and_properdocs_brings_its_theme(tmp_path):
    import textwrap
    import zipfile

    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-c", f"from hatchling.build import build_wheel; build_wheel({str(tmp_path)!r})"],
        cwd=root,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sitemap_plugins-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "sitemap_plugins/docs/lastmod.md" in names
    assert not [name for name in names if name.endswith("hooks.py")]
    (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Dist: properdocs-theme-mkdocs>=1.6; extra == 'properdocs'" in text.splitlines()
    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(installed)!r})
        from sitemap_plugins.core.output.result import docs_page
        print(docs_page("lastmod.md"))
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert done.stdout.strip() == str(installed / "sitemap_plugins" / "docs" / "lastmod.md"), done.stderr


# -- 9. The report ------------------------------------------------------------------------------------


def test_the_report_says_why_once_and_its_bars_carry_their_figures(tmp_path):
    from lxml import html as lxml_html

    site = tmp_path / "site"
    pages = {
        "": "<html><head><title>Home</title></head><body><main><p>Home.</p></main></body></html>",
        "hidden/": '<html><head><title>H</title><meta name="robots" content="noindex"></head>'
        "<body><main><p>Hidden.</p></main></body></html>",
    }
    for number in range(3):
        pages[f"p{number}/"] = (
            f'<html><head><title>P{number}</title><meta property="article:modified_time" '
            f'content="2024-0{number + 1}-05T10:00:00+00:00"></head><body><main><p>P{number}.</p></main></body></html>'
        )
    for path, text in pages.items():
        (site / path).mkdir(parents=True, exist_ok=True)
        (site / path / "index.html").write_text(text)
    report = tmp_path / "report.html"
    done = run(
        "generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--report", str(report)
    )
    assert done.returncode == 0, done.stderr
    document = lxml_html.parse(str(report)).getroot()
    [row] = document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    assert (row.xpath("string(td[3])"), row.xpath("string(td[4])")) == (
        "noindex",
        '<meta name="robots"> says noindex',
    )
    figures = [text.text for text in document.xpath("//svg//text[@class='figure']")]
    assert figures == ["1", "1", "1", "1"]  # January to March, and the undated home page
    # A chart of many months: only the tallest bars (January to March 2024) carry their figures.
    for number in range(40):
        month = f"{2021 + number // 12}-{number % 12 + 1:02d}"
        (site / f"m{number}").mkdir()
        (site / f"m{number}" / "index.html").write_text(
            f'<html><head><title>M{number}</title><meta property="article:modified_time" '
            f'content="{month}-05T10:00:00+00:00"></head><body><main><p>M{number}.</p></main></body></html>'
        )
    run("generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), "--report", str(report))
    document = lxml_html.parse(str(report)).getroot()
    assert [text.text for text in document.xpath("//svg//text[@class='figure']")] == ["2", "2", "2"]

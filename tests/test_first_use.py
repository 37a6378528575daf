"""What a new user meets on a first afternoon, through the face that met it: the lines a build
prints at the default log level, the report's counts and reasons, the exit statuses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import html as lxml_html
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from pelican_helpers import pelican
from sitemap_checks import urls

from sitemap_plugins.core.output.result import docs_page

pytestmark = pytest.mark.slow  # builds real sites


def _left_out(report: Path) -> dict[str, tuple[str, str]]:
    """The report's left-out table: source -> (kind, reason)."""
    document = lxml_html.parse(str(report)).getroot()
    rows = document.xpath("//h2[@id='left-out']/following-sibling::table[1]/tbody/tr")
    return {
        r.findtext("td[2]"): (r.findtext("td[3]"), " ".join(r.xpath("string(td[4])").split())) for r in rows
    }


def test_our_lines_do_not_leak_where_another_package_configured_logging(tmp_path):
    """Packages that call `logging.basicConfig()` (mdx_include, git-revision-date-localized) give
    the root logger a handler: our lines still reach the user through MkDocs alone, once each."""
    project = copy_sample("mkdocs-features", tmp_path)
    (project / "hooks.py").write_text("import logging\n\nlogging.basicConfig()\n")
    edit_config(project, lambda config: config.update(hooks=["hooks.py"]))
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "sitemap_plugins" not in said
    summary = [line for line in said.splitlines() if "sitemap: 6 URLs in 1 file" in line]
    assert summary == [
        "INFO    -  sitemap: 6 URLs in 1 file, 3 images, 3 videos, video feed: https://docs.example.com/videos.rss"
    ]


def test_a_page_is_reported_left_out_only_if_it_was(tmp_path):
    """Material's blog excludes its posts for a moment (on_files) and brings them back (on_nav):
    the report names only what the build really left out, with the reason that held at the end."""
    project = copy_sample("mkdocs-blog", tmp_path)
    posts = project / "docs" / "blog" / "posts"
    (posts / "unfinished.md").write_text("---\ndate: 2024-03-01\ndraft: true\n---\n\n# Unfinished\n\nSoon.\n")
    (project / "reports").mkdir()

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["report"] = "reports/sitemap.html"
        config["plugins"].insert(1, "git-revision-date-localized")

    edit_config(project, configure)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "posts"],
        cwd=project,
        check=True,
        env={
            **os.environ,
            "GIT_COMMITTER_DATE": "2024-04-01T10:00:00Z",
            "GIT_AUTHOR_DATE": "2024-04-01T10:00:00Z",
        },
    )
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    listed = urls(project / "site" / "sitemap.xml")
    posts_listed = [u for u in listed if "/blog/20" in u]
    assert len(posts_listed) == 5 and not [u for u in listed if "unfinished" in u]
    assert _left_out(project / "reports" / "sitemap.html") == {
        "blog/posts/unfinished.md": (
            "draft",
            "not built (draft_docs or exclude_docs in mkdocs.yml, or a plugin's draft)",
        )
    }


@pytest.fixture(autouse=True)
def _no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")


def _command(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *args], capture_output=True, text=True, cwd=cwd
    )


TALKS_PLUGIN = '''
import json

from pelican import signals
from pelican.readers import BaseReader


class TalkReader(BaseReader):
    """PyVideo's talks: one JSON file each, its `videos` in the site's own shape."""

    enabled = True
    file_extensions = ["json"]

    def read(self, filename):
        with open(filename, encoding="utf-8") as stream:
            talk = json.load(stream)
        metadata = {
            "title": talk["title"],
            "date": self.process_metadata("date", talk["recorded"]),
            "category": self.process_metadata("category", "PyCon"),
            "videos": talk["videos"],
        }
        return "<p>" + talk["description"] + "</p>", metadata


def add_reader(readers):
    readers.reader_classes["json"] = TalkReader


def register():
    signals.readers_init.connect(add_reader)
'''


def test_the_sites_own_video_metadata_is_left_alone(tmp_path):
    """PyVideo's talks carry a `videos` list of the site's own shape (its theme renders it): no
    WARNING for what was never meant for the sitemap (a slip in a block that is, `titel`, is
    named with the name it is a slip for: tests/test_reliability_messages.py)."""
    project = tmp_path / "talks"
    (project / "content").mkdir(parents=True)
    (project / "talks.py").write_text(TALKS_PLUGIN)
    (project / "pelicanconf.py").write_text(
        'SITEURL = "https://pyvideo.example.org"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGIN_PATHS = ["."]\nPLUGINS = ["talks", "sitemap_plugins.pelican"]\n'
    )
    for number in range(3):
        talk = {
            "title": f"Talk {number}",
            "recorded": f"2024-05-1{number}",
            "description": "What the talk is about.",
            "videos": [
                {"type": "youtube", "url": f"https://www.youtube.com/watch?v=talk{number}", "label": "YouTube",
                 "media_url": None, "icon": "youtube.png"},
            ],
        }  # fmt: skip
        (project / "content" / f"talk-{number}.json").write_text(json.dumps(talk))
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    # The summary (`0 videos`, at Pelican's default level) aside, nothing speaks of a video.
    said = "\n".join(line for line in (done.stdout + done.stderr).splitlines() if " URLs in " not in line)
    assert "WARNING" not in said and "video" not in said, said
    listed = urls(project / "output" / "sitemap.xml")
    assert [u for u in listed if "talk-" in u] == [
        f"https://pyvideo.example.org/talk-{n}.html" for n in range(3)
    ]


def test_a_left_out_player_is_named_at_the_default_level(tmp_path):
    """A player the page says too little of is no fault of the owner's (INFO, not WARNING), but
    the owner may want it listed: one line at the default level names its pages and counts, the
    summary's count agrees, and the report names each with what is missing."""
    project = tmp_path / "p"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        "site_name: Films\nsite_url: https://example.com/\nplugins:\n  - sitemap:\n      report: report.html\n"
    )
    player = '<iframe src="https://player.vimeo.com/video/{}"></iframe>\n'
    (project / "docs" / "index.md").write_text("# Home\n\n" + player.format(1) + player.format(2))
    (project / "docs" / "clips.md").write_text("# Clips\n\n" + player.format(3))
    done = mkdocs(project, "--strict")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "sitemap:" in line and "lastmod" not in line]
    assert lines[-3:] == [
        "INFO    -  sitemap: the videos left out (not described: Google requires a title, a description and "
        "a thumbnail) are on clips.md, index.md; the report (option `report`) names each, with what is missing",
        f"INFO    -  sitemap: the report (every URL, every page left out and why): {project / 'report.html'}",
        "INFO    -  sitemap: 2 URLs in 1 file, 0 images, 0 videos, 3 videos left out: not described",
    ]
    report = lxml_html.parse(str(project / "report.html")).getroot()
    rows = report.xpath("//details[@id='videos-left-out']//tbody/tr")
    assert [row.xpath("string(td[2])") for row in rows] == ["index.md", "index.md", "clips.md"]


def test_check_counts_the_same_in_the_terminal_and_the_report(tmp_path):
    """`check`'s terminal line and its HTML report count problems and advice alike, and the report
    shows advice apart, not in the colour of errors."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        "<url><loc>https://example.com/</loc><lastmod>2999-01-01</lastmod></url>\n"
        "<url><loc>https://example.com/a/</loc><lastmod>2998-01-01</lastmod></url>\n</urlset>\n"
    )  # no robots.txt: advice
    text = _command("check", str(site), "--base-url", "https://example.com/")
    assert text.returncode == 1
    assert text.stderr.splitlines()[-1] == (
        "sitemap-plugins check: 1 file(s), 2 URLs: 2 problem(s), 2 advice (not errors; --strict fails on them)"
    )
    page = _command("check", str(site), "--base-url", "https://example.com/", "--format", "html")
    report = lxml_html.fromstring(page.stdout)
    counts = [" ".join(li.xpath("string()").split()) for li in report.xpath("//ul/li[b]")]
    assert "2 problems" in counts and "2 advice" in counts
    assert len(report.xpath("//h2[@id='problems']/following-sibling::table[1]/tbody/tr")) == 2
    advice = report.xpath("//h2[@id='advice']/following-sibling::table[1]/tbody/tr")
    assert [row.xpath("string(td[2])") for row in advice] == ["robots-missing", "unreachable"]
    assert not advice[0].xpath(".//*[@class='bad']")
    assert "1 file(s), 2 URLs: 2 problem(s), 2 advice" in report.xpath("string(//body)")


def test_a_problem_met_twice_is_said_and_counted_once(tmp_path):
    """The same problem met twice (an item repeated in `extra_urls`, a page written twice) is one
    problem: one WARNING, and `--strict` counts one, as Pelican (which drops a repeated line) shows."""
    project = copy_sample("mkdocs-features", tmp_path)

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap["extra_urls"] = [{"loc": "https://docs.example.com/x/", "priority": 7}] * 2

    edit_config(project, configure)
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("WARNING") and "sitemap" in line]
    assert len(warnings) == 1, warnings


def test_versions_on_a_project_page_says_what_to_add_at_the_root(tmp_path):
    """mike on a project page (`https://user.github.io/project/`): robots.txt is read only at the
    host's root, which the branch is not; `versions` says the line to add there, as the MkDocs
    plugin does for a site under a path."""
    import test_mike

    repo = tmp_path / "repo"
    base = "https://user.example.io/project/"
    test_mike.make_project(repo, "copy", "latest", site_url=base)
    test_mike.deploy_three(repo)
    done = test_mike.run(repo, sys.executable, "-m", "sitemap_plugins", "versions", "--base-url", base)
    assert done.stderr.splitlines()[0] == (
        "sitemap: no robots.txt written: crawlers read it only at the root of user.example.io; add "
        f"Sitemap: {base}sitemap.xml to the robots.txt there"
    )


def test_the_report_points_to_the_lastmod_docs_where_every_page_has_the_builds_date(tmp_path):
    """Every page dated alike is the mark of a build date: the report says so and where to read
    about lastmod's sources (the documentation, not the README)."""
    import sitemap_plugins as sp

    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", report="r.html"))
    for number in range(5):
        sitemap.add(sp.Entry(f"https://example.com/{number}/", lastmod="2026-11-01"))
    sitemap.write(tmp_path / "out", report_to=[tmp_path / "report.html"])
    report = lxml_html.parse(str(tmp_path / "report.html")).getroot()
    note = report.xpath("string(//p[@class='muted'][contains(., 'dated pages say')])")
    assert note.endswith(f"see where lastmod comes from: {docs_page('lastmod.md')}")


def test_a_mistyped_option_is_named_with_the_one_meant_on_every_face(tmp_path):
    """mkdocs.yml, Pelican's SITEMAP (every bad key at once) and the command's --config file name
    a mistyped option with the option it is a slip for."""
    project = copy_sample("mkdocs-features", tmp_path)

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap.update(gzpi=True, extra_url=[])

    edit_config(project, configure)
    done = mkdocs(project)
    said = done.stderr
    assert (
        "WARNING -  Config value 'plugins': Plugin 'sitemap' option 'gzpi': Unrecognised configuration "
        "name: gzpi (did you mean gzip?)"
    ) in said
    assert "option 'extra_url': Unrecognised configuration name: extra_url (did you mean extra_urls?)" in said
    # MkDocs' warning, as docs/options.md promises: the build goes on without the names (#78),
    # and `--strict` fails on it.
    assert done.returncode == 0 and "ERROR" not in said and (project / "site" / "sitemap.xml").is_file()
    assert mkdocs(project, "--strict").returncode == 1

    blog = tmp_path / "blog"
    (blog / "content").mkdir(parents=True)
    (blog / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://blog.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\n'
        'SITEMAP = {"gzpi": True, "max_urls": 0, "feeds": "yes", "priorities": {"articles": 3}}\n'
    )
    done = pelican(blog)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode != 0 and "Traceback" not in said
    for part in (
        "unknown sitemap option(s) gzpi (did you mean gzip?)",
        "option 'max_urls': must be a whole number from 1 to 50,000, got 0",
        "SITEMAP['feeds'] must be True or False, got 'yes'",
        "SITEMAP['priorities']['articles']: 3 is not a number from 0 to 1",
    ):
        assert part in said, said

    config = tmp_path / "sitemap.toml"
    config.write_text("gzpi = true\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>x</title></head><body>x</body></html>")
    run = _command("generate", "--base-url", "https://example.com/", "--out", str(site), "--from-dir", str(site),
                   "--config", str(config))  # fmt: skip
    assert run.returncode == 2
    assert "unknown sitemap option(s) gzpi (did you mean gzip?)" in run.stderr


def test_check_of_a_file_that_is_no_sitemap(tmp_path):
    """A file that is not XML is said to be so (exit 1) without asking for the site's address.
    (An address is a deployed site's: test_check_live.py.)"""
    bad = tmp_path / "bad.xml"
    bad.write_text("hello, not XML\n")
    run = _command("check", str(bad))
    assert run.returncode == 1
    assert (
        run.stdout
        == f"{bad}:1: not well-formed XML: Start tag expected, '<' not found, line 1, column 1 [xml]\n"
    )
    assert run.stderr == "sitemap-plugins check: 1 file(s), 0 URLs: 1 problem(s)\n"


@pytest.mark.browser
@pytest.mark.parametrize("max_urls", [50_000, 1])
def test_the_stylesheets_note_is_where_a_person_sees_it(tmp_path, max_urls):
    """Chromium lays a banner about XSLT's removal over the top of a page it draws with XSLT: the
    note that points to the report stands below it, in plain sight, on a urlset and on an index."""
    from browser import browser, serve

    import sitemap_plugins as sp

    sitemap = sp.Sitemap(sp.Options(base_url="https://example.com/", stylesheet=True, max_urls=max_urls))
    for number in range(3):
        sitemap.add(sp.Entry(f"https://example.com/p{number}/", lastmod="2026-11-01"))
    sitemap.write(tmp_path / "site")
    with serve(tmp_path / "site") as base, browser() as chromium:
        page = chromium.new_page(viewport={"width": 1000, "height": 600})
        page.goto(base + "sitemap.xml")
        page.wait_for_selector("#xslt-note")
        seen = page.evaluate(
            """() => {
                const note = document.getElementById("xslt-note");
                const box = note.getBoundingClientRect();
                const hit = document.elementFromPoint(box.left + 40, box.top + box.height / 2);
                return {top: box.top, seen: note.contains(hit), text: note.innerText};
            }"""
        )
    assert seen["seen"] and 0 < seen["top"] < 600, seen
    assert seen["text"].startswith("Browsers are removing XSLT, which draws this table: the report")


def test_what_a_hostile_user_tries_is_one_line_not_a_traceback(tmp_path):
    """A site_url that is no URL, a zensical.toml whose `project` is a number, a Markdown file whose
    name is not UTF-8, links that go round in a loop: one line naming the file or option each, and
    the run goes on where it can."""
    bad_url = tmp_path / "a"
    (bad_url / "docs").mkdir(parents=True)
    (bad_url / "site").mkdir()
    (bad_url / "site" / "index.html").write_text("<p>x")
    (bad_url / "mkdocs.yml").write_text("site_name: a\nsite_url: 'https://[::1/'\nplugins: [sitemap]\n")
    run = _command("generate", "--project", str(bad_url / "mkdocs.yml"))
    assert (run.returncode, run.stderr) == (
        2,
        f"sitemap-plugins: --project {bad_url / 'mkdocs.yml'}: site_url 'https://[::1/' is not a URL "
        "(Invalid IPv6 URL)\n",
    )

    number = tmp_path / "b"
    number.mkdir()
    (number / "zensical.toml").write_text("project = 5\n")
    run = _command("generate", "--project", str(number / "zensical.toml"))
    assert (run.returncode, run.stderr) == (
        2,
        f"sitemap-plugins: --project {number / 'zensical.toml'}: `project` must be a table of settings, got 5\n",
    )

    latin = tmp_path / "c"
    (latin / "docs").mkdir(parents=True)
    (latin / "mkdocs.yml").write_text("site_name: c\nsite_url: https://c.example.com/\nplugins: [sitemap]\n")
    (latin / "docs" / "index.md").write_text("# Home\n")
    # A name in Latin-1, and its page as a generator that takes it (Zensical) builds it.
    with open(os.fsencode(latin / "docs") + b"/caf\xe9.md", "w") as stream:
        stream.write("# Café\n")
    os.makedirs(os.fsencode(latin / "site") + b"/caf\xe9")
    with open(os.fsencode(latin / "site") + b"/caf\xe9/index.html", "w") as stream:
        stream.write("<html><head><title>Café</title></head><body><p>Café</p></body></html>")
    (latin / "site" / "index.html").write_text(
        "<html><head><title>H</title></head><body><p>H</p></body></html>"
    )
    run = _command("generate", "--project", str(latin / "mkdocs.yml"))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert urls(latin / "site" / "sitemap.xml") == ["https://c.example.com/", "https://c.example.com/caf%E9/"]

    looped = tmp_path / "d"
    looped.mkdir()
    (looped / "index.html").write_text("<p>x")
    (looped / "a.html").symlink_to("b.html")
    (looped / "b.html").symlink_to("a.html")
    run = _command(
        "generate", "--base-url", "https://d.example.com/", "--out", str(looped), "--from-dir", str(looped)
    )
    assert run.returncode == 0
    assert run.stderr.splitlines() == [
        "sitemap: a.html: file: is a symbolic link whose links go round in a loop; not read, so not listed",
        "sitemap: b.html: file: is a symbolic link whose links go round in a loop; not read, so not listed",
        "sitemap: 1 page without lastmod: 1 a built page that states no date, its file in no git repository; how to date "
        f"them (front matter `lastmod:`, git, the page's own dates): {docs_page('lastmod.md')} (the "
        "report names each)",
        "sitemap: 1 URL in 1 file, 0 images, 0 videos; 2 problem(s) reported above",
    ]
    (looped / "robots.txt").unlink()
    (looped / "robots.txt").symlink_to("robots.txt")
    run = _command(
        "generate", "--base-url", "https://d.example.com/", "--out", str(looped), "--from-dir", str(looped)
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.splitlines()[-1] == (
        f"sitemap: {looped / 'robots.txt'} is a symbolic link whose links go round in a loop: it is "
        "neither read nor replaced, and nothing was written; make it a file (or turn off robots_txt)"
    )


def test_advice_on_a_built_directory_names_what_the_page_can_change(tmp_path):
    """A built directory has no `video:` metadata: the advice for an undescribed player names what
    its owner can change there, the page itself."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        '<html><head><title>Films</title></head><body><iframe src="https://player.vimeo.com/video/7">'
        "</iframe></body></html>"
    )
    run = _command(
        "generate", "-v", "--base-url", "https://example.com/", "--out", str(site), "--from-dir", str(site)
    )
    assert run.returncode == 0
    assert (
        "sitemap: index.html (https://example.com/): video[0]: https://player.vimeo.com/video/7 has no "
        "thumbnail_loc, title, description, which Google requires; the page can: the player's `title`, "
        "a paragraph in its section, a poster; left out"
    ) in run.stderr.splitlines()

"""Windows and macOS, tested on this Linux: whole builds and every command in a Python that lacks
what Windows' lacks (tests/shims/windows), paths under Windows' rules (ntpath), a file another
program holds open, a stdout in a code page, and a file system that ignores case (FUSE)."""

from __future__ import annotations

import ntpath
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import mike_helpers
import mkdocs_helpers
import pelican_helpers
import pytest
from command_runs import run as _command
from places import TESTS
from protego import Protego
from sitemap_checks import assert_valid, urls

from sitemap_plugins.command.main import main
from sitemap_plugins.core import files as pagefiles

pytestmark = pytest.mark.slow  # builds real sites

SHIM = TESTS / "shims" / "windows"
#: A process started with this environment runs as a Windows Python would (see the shim's docstring).
WINDOWS_LIKE = {"PYTHONPATH": str(SHIM), "PYTHONWARNDEFAULTENCODING": "1"}
BASE = "https://example.com/"


def _set(directory: Path) -> dict[str, bytes]:
    """The files a build writes for the sitemap set, and robots.txt."""
    names = ("sitemap", "robots.txt", "videos.rss", ".sitemap-plugins.json")
    return {p.name: p.read_bytes() for p in directory.iterdir() if p.is_file() and p.name.startswith(names)}


def test_the_shim_takes_away_what_windows_lacks(tmp_path):
    """The shim is in force in the processes the tests start (else the tests below prove nothing)."""
    probe = "import os\nprint(hasattr(os, 'O_NONBLOCK'))\ntry:\n import fcntl\nexcept ImportError:\n print('no fcntl')"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env={**os.environ, **WINDOWS_LIKE}
    )
    assert done.stdout.split("\n")[:2] == ["False", "no fcntl"], done.stderr


@pytest.mark.parametrize("generator", ["mkdocs", "pelican"])
def test_a_whole_build_without_posix_only_names_writes_the_same_set(tmp_path, generator):
    """A Windows Python has no O_NONBLOCK, set_blocking for files, fcntl, fork...: a real build
    there writes, byte for byte, the set a Linux build writes, and no traceback."""
    if generator == "mkdocs":
        project = mkdocs_helpers.copy_sample("mkdocs-features", tmp_path)
        out = project / "site"

        def build(env):
            return subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "-d", "site"],
                cwd=project,
                capture_output=True,
                text=True,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
            )
    else:
        project = pelican_helpers.copy_sample("pelican-blog", tmp_path)
        out = project / "output"

        def build(env):
            return subprocess.run(
                [
                    pelican_helpers.PELICAN_PYTHON,
                    "-m",
                    "pelican",
                    "-s",
                    "pelicanconf.py",
                    "-o",
                    "output",
                    "content",
                ],
                cwd=project,
                capture_output=True,
                text=True,
                env={**os.environ, "COLUMNS": "400", **env},
            )

    on_linux = build({})
    assert on_linux.returncode == 0, on_linux.stdout + on_linux.stderr
    written = _set(out)
    assert "sitemap.xml" in written and len(urls(out / "sitemap.xml")) >= 5
    shutil.rmtree(out)
    windows_like = build(WINDOWS_LIKE)
    said = windows_like.stdout + windows_like.stderr
    assert windows_like.returncode == 0 and "Traceback" not in said, said
    assert _set(out) == written


def test_every_command_without_posix_only_names(tmp_path):
    """generate (a directory, JSON Lines on spawned worker processes, a report), check and submit
    run where the POSIX-only names are missing; the owner's CRLF robots.txt keeps every byte."""
    site = tmp_path / "site"
    (site / "guide").mkdir(parents=True)
    page = '<!doctype html><html lang="en"><head><title>{}</title></head><body><p>{}</p></body></html>'
    for name in ("index.html", "guide/index.html", "über.html"):
        (site / name).write_text(page.format(name, name), encoding="utf-8")
    robots = b"User-agent: *\r\nDisallow: /private/\r\n"
    (site / "robots.txt").write_bytes(robots)

    done = _command(
        "generate", "--base-url", BASE, "--out", str(site), "--from-dir", str(site),
        "--report", str(tmp_path / "report.html"), env=WINDOWS_LIKE,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert urls(site / "sitemap.xml") == [BASE, BASE + "%C3%BCber.html", BASE + "guide/"]
    assert (site / "robots.txt").read_bytes().startswith(robots)
    assert list(Protego.parse((site / "robots.txt").read_text()).sitemaps) == [BASE + "sitemap.xml"]
    assert (tmp_path / "report.html").read_bytes().startswith(b"<!DOCTYPE html>")

    checked = _command("check", str(site), env=WINDOWS_LIKE)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stderr.endswith("1 file(s), 3 URLs: no problems\n")

    # Enough lines for worker processes, which start as on Windows and macOS: spawned.
    lines = tmp_path / "entries.jsonl"
    lines.write_text("".join(f'{{"loc": "{BASE}p{n}/"}}\n' for n in range(7000)), encoding="utf-8")
    out = tmp_path / "out"
    done = _command(
        "generate", "-v", "--base-url", BASE, "--out", str(out), "--from-jsonl", str(lines),
        "--max-urls", "5000", env=WINDOWS_LIKE,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "worker processes" in done.stderr
    listed = [u for part in sorted(out.glob("sitemap-*.xml")) for u in urls(part)]
    assert sorted(listed) == sorted(f"{BASE}p{n}/" for n in range(7000))

    sent = _command(
        "submit", str(site), "--base-url", BASE, "--key", "a" * 32, "--all", "--dry-run", env=WINDOWS_LIKE
    )
    assert sent.returncode == 0 and "Traceback" not in sent.stderr, sent.stderr
    assert "dry run: nothing sent" in sent.stderr


def test_versions_without_posix_only_names(tmp_path):
    """`versions` after real mike deploys, in a Python as Windows' lacks names."""
    pytest.importorskip("mike")
    repo = tmp_path / "repo"
    mike_helpers.make_project(repo, "copy", "latest")
    mike_helpers.deploy_three(repo)
    done = mike_helpers.run(
        repo, sys.executable, "-m", "sitemap_plugins", "versions", "--base-url", mike_helpers.BASE,
        env={**mike_helpers.ENV, **WINDOWS_LIKE},
    )  # fmt: skip
    assert "Traceback" not in done.stderr
    branch = mike_helpers.branch_files(repo, tmp_path / "served")
    assert_valid(branch / "sitemap.xml")
    assert list(Protego.parse((branch / "robots.txt").read_text()).sitemaps) == [
        f"{mike_helpers.BASE}sitemap.xml"
    ]


@pytest.mark.parametrize(
    ("directory", "path", "relative"),
    [
        (r"C:\Users\ana\blog\output", r"C:\Users\ana\blog\output\posts\a.html", "posts/a.html"),
        # What a generator joins on Windows: its own "/" inside the system's "\".
        (r"C:\Users\ana\blog\output", r"C:\Users\ana\blog\output\posts/2026/a.html", "posts/2026/a.html"),
        (
            r"C:\Users\ana\blog\output\\",
            r"c:\users\ANA\blog\OUTPUT\Über uns\index.html",
            "Über uns/index.html",
        ),
        ("C:/Users/ana/blog/output", r"C:\Users\ana\blog\output\index.html", "index.html"),
        (r"C:\Users\ana\blog\output", r"C:\Users\ana\blog\output2\index.html", None),
        (r"C:\Users\ana\blog\output", r"D:\Users\ana\blog\output\index.html", None),
        (r"\\server\share\site", r"\\server\share\site\docs\index.html", "docs/index.html"),
    ],
)
def test_file_names_become_url_paths_under_windows_rules(monkeypatch, directory, path, relative):
    """Where the code builds a URL path from a file's name (Pelican's written files, git's
    names), Windows' paths give `/`-separated paths, whatever their case or slashes."""
    monkeypatch.setattr(os, "path", ntpath)
    monkeypatch.setattr(os, "sep", "\\")
    try:
        found = pagefiles.path_in(directory, path)
    finally:
        monkeypatch.undo()
    assert found == relative


def test_a_file_open_in_another_program_is_a_message_and_the_set_stays(tmp_path, monkeypatch, capsys):
    """Windows refuses to replace a file another program has open: a moment's hold (a virus
    scanner) is waited out; a longer one is one message, no traceback, and the set before stays."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>Home</title></head><body>Hi</body></html>")
    args = ["generate", "--base-url", BASE, "--out", str(site), "--from-dir", str(site)]
    assert main(args) == 0
    before = _set(site)
    replace = os.replace
    held_until = [time.monotonic() + 0.3]

    def refusing(source, target, *rest, **named):
        if Path(target).name == "sitemap.xml" and time.monotonic() < held_until[0]:
            raise PermissionError(
                13, "The process cannot access the file because it is being used by another process"
            )
        return replace(source, target, *rest, **named)

    monkeypatch.setattr(os, "replace", refusing)
    (site / "about.html").write_text("<html><head><title>About</title></head><body>Us</body></html>")
    assert main(args) == 0  # held for 0.3 s: waited out
    assert sorted(urls(site / "sitemap.xml")) == [BASE, BASE + "about.html"]
    before = _set(site)

    held_until[0] = float("inf")
    (site / "team.html").write_text("<html><head><title>Team</title></head><body>Us</body></html>")
    capsys.readouterr()
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err == (
        f"sitemap: cannot write {site / 'sitemap.xml'}: The process cannot access the file because it is "
        "being used by another process; make it writable (and close any program that has it open: "
        "Windows cannot replace a file open elsewhere), or choose another output directory\n"
    )
    assert _set(site)["sitemap.xml"] == before["sitemap.xml"]
    assert not [p.name for p in site.iterdir() if p.name.startswith(".sitemap-plugins-")]


def test_the_command_prints_utf8_where_stdout_is_in_a_code_page(tmp_path):
    """A redirected stdout on Windows is in the system's code page (cp1252): the findings, the JSON
    and the HTML report name URLs in any script all the same, in UTF-8."""
    sitemap = tmp_path / "sitemap.xml"
    sitemap.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{BASE}日本/</loc><lastmod>2999-01-01</lastmod></url></urlset>\n",
        encoding="utf-8",
    )
    for form, expected in (
        ("text", f"{sitemap}:2: {BASE}日本/: lastmod 2999-01-01 is in the future [lastmod-future]\n"),
        ("json", f'"url": "{BASE}\\u65e5\\u672c/"'),
        ("html", f"{BASE}日本/"),
    ):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sitemap_plugins",
                "check",
                str(sitemap),
                "--base-url",
                BASE,
                "--format",
                form,
            ],
            capture_output=True,
            env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        )
        assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
        assert expected in done.stdout.decode("utf-8")


@pytest.fixture
def case_folding(tmp_path):
    """A directory on a file system that ignores case, as macOS' and Windows' do by default."""
    try:
        import mfusepy  # noqa: F401 (loads libfuse: an OSError where the machine has none)
    except (ImportError, OSError) as error:
        pytest.skip(f"FUSE is not available here ({error}; .ci/run installs Debian's fuse3)")
    if shutil.which("fusermount3") is None or not os.access("/dev/fuse", os.R_OK | os.W_OK):
        pytest.skip("FUSE is not available here (Debian's fuse3 and /dev/fuse; .ci/run installs fuse3)")
    backing, mount = tmp_path / "backing", tmp_path / "folded"
    backing.mkdir()
    mount.mkdir()
    server = subprocess.Popen(
        [sys.executable, str(TESTS / "casefold_fs.py"), str(backing), str(mount)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 10
    while not os.path.ismount(mount) and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not os.path.ismount(mount):
        server.kill()
        pytest.skip(f"FUSE would not mount here: {server.communicate()[1].decode(errors='replace')[-300:]}")
    try:
        (mount / "Probe").write_text("x")
        assert (mount / "probe").read_text() == "x"
        (mount / "Probe").unlink()
        yield mount
    finally:
        subprocess.run(["fusermount3", "-u", str(mount)], capture_output=True)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def test_the_owners_sitemap_spelled_otherwise_is_theirs_where_case_is_ignored(case_folding):
    """On a file system that ignores case, `sitemap.xml` finds the owner's `Sitemap.xml`: a MkDocs
    build (whose own sitemap.xml is otherwise replaced) and `generate` leave it as it is and say
    so, naming it as it is spelled; without it, the same build writes the set there."""
    project = mkdocs_helpers.copy_sample("mkdocs-features", case_folding)
    mine = (
        b'<?xml version="1.0"?>\n<!-- mine -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        b"<url><loc>https://docs.example.com/mine/</loc></url></urlset>\n"
    )
    (project / "docs" / "Sitemap.xml").write_bytes(mine)
    done = mkdocs_helpers.mkdocs(project)
    assert done.returncode == 1
    site = project / "site"
    assert (
        f"ERROR   -  sitemap: {site / 'Sitemap.xml'} was not written by sitemap-plugins (no marker of ours, "
        "not in the last build's manifest), so it is left as it is and no sitemap was written; move it "
        "away, or turn off whatever else writes it, and build again\n"
    ) in done.stderr
    assert [p.name for p in site.iterdir() if p.name.lower().startswith("sitemap")] == ["Sitemap.xml"]
    assert (site / "Sitemap.xml").read_bytes() == mine

    out = case_folding / "public"
    shutil.copytree(site, out)
    generated = _command("generate", "--base-url", BASE, "--out", str(out), "--from-dir", str(out))
    assert generated.returncode == 1 and "Traceback" not in generated.stderr
    assert f"sitemap: {out / 'Sitemap.xml'} was not written by sitemap-plugins" in generated.stderr
    assert (out / "Sitemap.xml").read_bytes() == mine

    (project / "docs" / "Sitemap.xml").unlink()
    done = mkdocs_helpers.mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert "sitemap.xml" in os.listdir(site) and len(urls(site / "sitemap.xml")) >= 5


def test_a_pelican_output_that_is_a_link_lists_every_page(tmp_path):
    """Pelican names the files it writes under OUTPUT_PATH as given; where that is a link (to a
    web server's folder, a mounted drive), every page is listed as in a plain folder."""
    project = pelican_helpers.copy_sample("pelican-blog", tmp_path)
    output = pelican_helpers.build(project)
    written = _set(output)
    shutil.rmtree(output)
    served = tmp_path / "var-www"
    served.mkdir()
    output.symlink_to(served, target_is_directory=True)
    pelican_helpers.build(project)
    assert _set(served) == written

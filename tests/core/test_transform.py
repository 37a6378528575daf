"""Option `transform` (#61): the owner's function sees each entry and its page before it is
checked, on every face: mkdocs.yml, zensical.toml, pelicanconf.py's SITEMAP and `--transform`.
It returns the entry (changed or not) or None; what it returns is checked like anything else,
and an error in it fails the build, naming the function and the page, with its own traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from command_runs import run
from mkdocs_helpers import mkdocs, zensical_then_generate
from pelican_helpers import pelican
from sitemap_checks import NS, files, outside, parse, urls
from small_sites import page, sphinx_build, sphinx_project

pytestmark = pytest.mark.slow  # builds real sites

BASE = "https://example.com/"

#: The docs' three examples, as an owner writes them beside mkdocs.yml.
HOOKS = '''
def transform(entry, page):
    """Drop a section, set priority by path, add an image a page cannot show."""
    if "/drafts/" in entry.loc:
        return None
    if entry.loc.endswith("/guide/"):
        entry.priority = 0.9
    if page is not None and page.source == "index.md":
        from sitemap_plugins import Image
        entry.images.append(Image("https://example.com/cover.png"))
    return entry


def out_of_range(entry, page):
    entry.priority = 7
    return entry


def broken(entry, page):
    return lookup(entry.loc)


def lookup(loc):
    return {}[loc]
'''


def _listed(sitemap: Path) -> dict[str, tuple[str | None, list[str]]]:
    return {
        url.findtext("s:loc", namespaces=NS): (
            url.findtext("s:priority", namespaces=NS),
            [image.text for image in url.iterfind("image:image/image:loc", NS)],
        )
        for url in parse(sitemap).iterfind("s:url", NS)
    }


def _docs(project: Path) -> None:
    docs = project / "docs"
    (docs / "drafts").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "guide.md").write_text("# Guide\n")
    (docs / "drafts" / "idea.md").write_text("# Idea\n")
    (docs / "cover.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (project / "hooks").mkdir()
    (project / "hooks" / "sitemap.py").write_text(HOOKS)


def _mkdocs_project(tmp_path: Path, transform: str) -> Path:
    _docs(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Hooked\nsite_url: {BASE}\nplugins:\n  - sitemap:\n"
        f"      transform: {transform}\n      report: report.html\n"
    )
    return tmp_path


EXPECTED = {
    BASE: (None, [BASE + "cover.png"]),
    BASE + "guide/": ("0.9", []),
}


@pytest.mark.parametrize("transform", ["hooks/sitemap.py:transform", "hooks.sitemap:transform"])
def test_mkdocs_a_file_or_a_module_beside_mkdocs_yml(tmp_path, transform):
    """Both spellings, relative to mkdocs.yml (the build runs from elsewhere): a section dropped,
    a priority set by path, an image added; the summary and the report count the page left out."""
    project = _mkdocs_project(tmp_path / "project", transform)
    done = mkdocs(project, "-f", str(project / "mkdocs.yml"))
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert _listed(project / "site" / "sitemap.xml") == EXPECTED
    assert "1 page left out by transform" in done.stderr
    assert f"drafts/idea.md ({BASE}drafts/idea/) left out: left out by transform" not in done.stderr  # INFO
    report = (project / "report.html").read_text()
    assert "left out by transform hooks" in report and "drafts/idea/" in report


def test_a_bad_value_names_the_page_the_field_and_the_function(tmp_path):
    project = _mkdocs_project(tmp_path, "hooks/sitemap.py:out_of_range")
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert (
        f"sitemap: guide.md ({BASE}guide/): priority: 7 is not a number from 0 to 1; left out "
        "(as transform hooks/sitemap.py:out_of_range returned it)"
    ) in done.stderr
    assert all(priority is None for priority, _ in _listed(project / "site" / "sitemap.xml").values())


def test_an_error_in_the_function_fails_the_build_with_its_own_traceback(tmp_path):
    project = _mkdocs_project(tmp_path, "hooks/sitemap.py:broken")
    done = mkdocs(project)
    assert done.returncode == 1
    assert (
        f"ERROR   -  sitemap: transform hooks/sitemap.py:broken failed on index.md ({BASE}): KeyError: '{BASE}'"
        in done.stderr
    )
    # The owner's frames, and none of ours.
    assert 'sitemap.py", line 20, in broken' in done.stderr and "in lookup" in done.stderr
    assert "sitemap_plugins" not in done.stderr.split("Traceback", 1)[1]
    assert not (project / "site" / "sitemap.xml").exists()


@pytest.mark.parametrize(
    ("transform", "said"),
    [
        ("hooks/nothere.py:transform", "option 'transform': 'hooks/nothere.py:transform': there is no file"),
        (
            "hooks.sitemap:missing",
            "option 'transform': 'hooks.sitemap:missing': hooks.sitemap has no function missing",
        ),
        ("nomodule:transform", "option 'transform': 'nomodule:transform': no module nomodule in"),
        (
            "transform",
            "option 'transform': 'transform' is not 'module:function' nor 'path/to/file.py:function'",
        ),
    ],
)
def test_a_function_that_cannot_be_found_is_an_option_error(tmp_path, transform, said):
    project = _mkdocs_project(tmp_path, transform)
    done = mkdocs(project)
    assert done.returncode != 0
    assert said in done.stderr and "Traceback" not in done.stderr


def test_zensical_project_and_the_command(tmp_path):
    """zensical.toml's [project.plugins.sitemap] with `generate --project`, and `--transform` with
    `--from-dir`: the same entries as the MkDocs build; with --from-jsonl it is refused."""
    pytest.importorskip("zensical", reason="Zensical does not install here")
    _docs(tmp_path)
    (tmp_path / "zensical.toml").write_text(
        f'[project]\nsite_name = "Hooked"\nsite_url = "{BASE}"\n'
        '[project.plugins.sitemap]\ntransform = "hooks/sitemap.py:transform"\n'
    )
    command = [sys.executable, "-m", "sitemap_plugins", "generate"]
    done = zensical_then_generate(tmp_path)
    assert done.returncode == 0, done.stderr
    zensical = _listed(tmp_path / "site" / "sitemap.xml")
    assert zensical[BASE + "guide/"] == ("0.9", []) and BASE + "drafts/idea/" not in zensical
    out = tmp_path / "out"
    args = ["--from-dir", str(tmp_path / "site"), "--base-url", BASE, "--out", str(out)]
    done = subprocess.run(
        [*command, *args, "--transform", "hooks/sitemap.py:transform"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    listed = _listed(out / "sitemap.xml")
    assert listed[BASE + "guide/"] == ("0.9", []) and BASE + "drafts/idea/" not in listed
    assert "1 page left out by transform" in done.stderr
    lines = tmp_path / "entries.jsonl"
    lines.write_text('{"loc": "a/"}\n')
    refused = subprocess.run(
        [*command, "--from-jsonl", str(lines), "--base-url", BASE, "--out", str(out), "--transform", "x:y"],
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 2
    assert "--transform: not with --from-jsonl" in refused.stderr


PELICAN = (
    'SITEURL = "https://example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
    'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nAUTHOR_SAVE_AS = ""\n'
    'CATEGORY_SAVE_AS = ""\nTHEME = "simple"\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\n'
    'TAGS_SAVE_AS = ""\nAUTHORS_SAVE_AS = ""\n'
)


@pytest.mark.parametrize(
    "setting",
    [
        # pelicanconf.py is Python: the function itself.
        "def keep_posts(entry, page):\n    return None if 'idea' in entry.loc else entry\n\n"
        'SITEMAP = {"transform": keep_posts}\n',
        'SITEMAP = {"transform": "hooks.py:keep_posts"}\n',
    ],
)
def test_pelican_takes_the_function_or_its_place(tmp_path, setting):
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "content" / "draft-idea.md").write_text("Title: Idea\nDate: 2026-03-02\n\nText.\n")
    (project / "hooks.py").write_text(
        "def keep_posts(entry, page):\n    return None if 'idea' in entry.loc else entry\n"
    )
    (project / "pelicanconf.py").write_text(PELICAN + setting)
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert set(_listed(project / "output" / "sitemap.xml")) == {BASE, BASE + "post.html"}


def test_pelican_fails_with_the_owners_traceback(tmp_path):
    project = tmp_path / "blog"
    (project / "content").mkdir(parents=True)
    (project / "content" / "post.md").write_text("Title: Post\nDate: 2026-03-01\n\nText.\n")
    (project / "pelicanconf.py").write_text(
        PELICAN + 'def boom(entry, page):\n    raise RuntimeError("no")\n\nSITEMAP = {"transform": boom}\n'
    )
    done = pelican(project)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode != 0
    assert (
        "transform pelicanconf.boom failed on post.md (https://example.com/post.html): RuntimeError: no"
        in said
    )
    raising = (project / "pelicanconf.py").read_text().splitlines().index('    raise RuntimeError("no")') + 1
    assert f'pelicanconf.py", line {raising}, in boom' in said
    assert not (project / "output" / "sitemap.xml").exists()


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    return site


def _mkdocs_project_of(tmp_path: Path, config: str) -> Path:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Home\n\nThe home page.\n")
    (project / "docs" / "guide.md").write_text("# Guide\n\nHow to use it.\n")
    (project / "mkdocs.yml").write_text(config)
    return project


#: Each page, what the transform sets, and what is said of it.
WRONG_TYPES = {
    "images-urls": (
        "entry.images = ['https://example.com/a.png']",
        "images: 'https://example.com/a.png' is not an Image (each is Image('https://...')); 1 of 1 left out",
    ),
    "images-five": ("entry.images = 5", "images: must be a list of Image('https://...'), got 5; left out"),
    "images-none": (
        "entry.images = None",
        "images: must be a list of Image('https://...'), got None; left out",
    ),
    "videos-urls": (
        "entry.videos = ['https://example.com/v.mp4']",
        "videos: 'https://example.com/v.mp4' is not a Video (each is Video(...)); 1 of 1 left out",
    ),
    "alternates-list": (
        "entry.alternates = ['de']",
        "alternates: must be a mapping of hreflang code to URL, got ['de']; left out",
    ),
    "news-text": ("entry.news = 'breaking'", "news: must be a News(...) or None, got 'breaking'; left out"),
}


HOOK = (
    "def shape(entry, page):\n"
    + "".join(
        f"    if entry.loc.rstrip('/').removesuffix('.html').endswith('/{name}'):\n        {code}\n"
        for name, (code, _) in WRONG_TYPES.items()
    )
    + "    return entry\n"
)


def _wrongly_typed(said: str, label: str) -> None:
    for name, (_, message) in WRONG_TYPES.items():
        assert f"sitemap: {label(name)}: {message} (as transform hooks.py:shape returned it)" in said, name


def test_the_command_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    site = _site(tmp_path)
    for name in WRONG_TYPES:
        (site / name).mkdir()
        (site / name / "index.html").write_text(page(name))
    (tmp_path / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    done = run(
        "generate",
        "--from-dir",
        str(site),
        "--base-url",
        BASE,
        "--out",
        str(site),
        "--transform",
        "hooks.py:shape",
        cwd=tmp_path,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}/index.html ({BASE}{name}/)")
    assert "6 problem(s) reported above" in done.stderr
    assert set(urls(site / "sitemap.xml")) == {BASE, *(f"{BASE}{name}/" for name in WRONG_TYPES)}
    outside(before, tmp_path, site)
    strict = run(
        "generate",
        "--from-dir",
        str(site),
        "--base-url",
        BASE,
        "--out",
        str(tmp_path / "strict"),
        "--transform",
        "hooks.py:shape",
        "--strict",
        cwd=tmp_path,
    )
    assert strict.returncode == 1 and "Traceback" not in strict.stderr
    assert "sitemap: 6 problems and 'strict' is on, so nothing was written" in strict.stderr
    assert not (tmp_path / "strict" / "sitemap.xml").exists()


@pytest.mark.slow
def test_mkdocs_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    project = _mkdocs_project_of(
        tmp_path, f"site_name: T\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      transform: hooks.py:shape\n"
    )
    for name in WRONG_TYPES:
        (project / "docs" / f"{name}.md").write_text(f"# {name}\n\nThe page {name}.\n")
    (project / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    done = mkdocs(project)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}.md ({BASE}{name}/)")
    listed = set(urls(project / "site" / "sitemap.xml"))
    assert listed == {BASE, f"{BASE}guide/", *(f"{BASE}{name}/" for name in WRONG_TYPES)}
    outside(before, tmp_path, project / "site")


@pytest.mark.slow
def test_sphinx_a_transform_of_wrong_types_is_told_and_the_field_dropped(tmp_path):
    docs = sphinx_project(
        tmp_path, f'html_baseurl = "{BASE}"\nsitemap_transform = "hooks.py:shape"\n', list(WRONG_TYPES)
    )
    (docs / "hooks.py").write_text(HOOK)
    before = files(tmp_path)
    out = tmp_path / "html"
    done = sphinx_build(docs, out)
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    _wrongly_typed(done.stderr, lambda name: f"{name}.rst ({BASE}{name}.html)")
    assert {f"{BASE}{name}.html" for name in WRONG_TYPES} <= set(urls(out / "sitemap.xml"))
    outside(before, tmp_path, out)

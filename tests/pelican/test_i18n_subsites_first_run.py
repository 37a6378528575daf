"""Pelican with i18n_subsites as a new user builds it: the sources that say no `Lang:`, `exclude`
in every subsite, and the one line that says a sitemap was written."""

from __future__ import annotations

from git_helpers import lastmods
from pelican_helpers import add_settings, build, copy_sample, pelican
from sitemap_checks import NS, parse

BASE = "https://guide.example.com/"


def _without_lang(project) -> None:
    """An article and a page that say no `Lang:`: i18n_subsites writes them again under /de/
    and /fr/, in the English words, marked as each subsite's language."""
    (project / "content" / "articles" / "harbour.md").write_text(
        "Title: Harbour rules\nDate: 2026-07-01 10:00\nCategory: Basics\nTags: harbour\n\nNo lang here.\n"
    )
    (project / "content" / "pages" / "imprint.md").write_text("Title: Imprint\n\nWho we are.\n")


def _locs(output) -> list[str]:
    return [
        url.findtext("s:loc", namespaces=NS) for url in parse(output / "sitemap.xml").iterfind("s:url", NS)
    ]


def test_a_source_without_lang_is_listed_once_its_subsite_copies_counted(tmp_path):
    project = copy_sample("pelican-i18n", tmp_path)
    _without_lang(project)
    done = pelican(project)
    assert done.returncode == 0, done.stdout + done.stderr
    locs = _locs(project / "output")
    assert BASE + "harbour-rules.html" in locs and BASE + "pages/imprint.html" in locs
    for language in ("de", "fr"):
        assert f"{BASE}{language}/harbour-rules.html" not in locs
        assert f"{BASE}{language}/pages/imprint.html" not in locs
        assert f"{BASE}{language}/fog.html" in locs  # a translation stays
    # At Pelican's default level (WARNING), the one line that says what was written, as
    # Pelican's own `Done:` line is printed.
    [summary] = [line for line in done.stdout.splitlines() if line.startswith("sitemap:")]
    assert summary == (
        "sitemap: 36 URLs in 1 file, 0 images, 0 videos, 4 copies of another language's page left out: "
        "not translations"
    )
    assert "WARNING" not in done.stdout + done.stderr


def test_the_summary_is_said_once_at_every_level(tmp_path):
    """Pelican's default level (WARNING) showed no line that a sitemap was written: the summary
    is printed as Pelican prints `Done:`; `-v`: through the log, at INFO; `-q`: not at all."""
    project = copy_sample("pelican-i18n", tmp_path)
    default = pelican(project)
    assert default.returncode == 0, default.stdout + default.stderr
    said = [line for line in (default.stdout + default.stderr).splitlines() if "sitemap" in line]
    assert said == ["sitemap: 31 URLs in 1 file, 0 images, 0 videos"]
    verbose = pelican(project, "-v")
    assert verbose.returncode == 0, verbose.stdout + verbose.stderr
    said = [line for line in verbose.stdout.splitlines() if "sitemap: 31 URLs in 1 file" in line]
    assert len(said) == 1 and said[0].split()[0] == "INFO", said
    quiet = pelican(project, "-q")
    assert quiet.returncode == 0 and "sitemap:" not in quiet.stdout + quiet.stderr


def test_exclude_matches_each_subsites_paths_as_pelican_sitemap_did(tmp_path):
    """pelican-sitemap wrote a sitemap per subsite, `exclude` matched on each: `^tag/` leaves
    out `/tag/…`, `/de/tag/…` and `/fr/tag/…` alike.  Matched on the main site's paths alone,
    the English `tags.html` and `authors.html` were undated (the pages they show left out) where
    the German ones, showing the German tag and author pages still listed, were dated."""
    project = copy_sample("pelican-i18n", tmp_path)
    for article in (project / "content" / "articles").glob("*.md"):
        article.write_text(article.read_text().replace("Category: Basics\n", "Category: Basics\nTags: sea\n"))
    add_settings(project, 'SITEMAP = {"gzip": True, "exclude": ["^tag/", "^author/"]}')
    output = build(project)
    dates = lastmods(output / "sitemap.xml")
    assert [loc for loc in dates if "/tag/" in loc or "/author/" in loc] == []
    for listing in ("tags.html", "authors.html"):  # `^tag/` is not `^tags`
        assert dates[BASE + listing] == dates[f"{BASE}de/{listing}"] == dates[f"{BASE}fr/{listing}"]

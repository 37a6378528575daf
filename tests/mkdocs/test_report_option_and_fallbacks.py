"""MkDocs as a new user meets it: `report: true` (the option's default file), and
mkdocs-static-i18n's ordinary fallback, which is no problem of the owner's."""

from __future__ import annotations

from mkdocs_helpers import copy_sample, edit_config, mkdocs


def _sitemap_options(config: dict) -> dict:
    return next(p["sitemap"] for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)


def test_report_true_writes_the_default_report_and_says_where(tmp_path):
    """`report: true` was MkDocs' type error, aborting the build; it is the default name,
    beside mkdocs.yml, and the build says where it went."""
    project = copy_sample("mkdocs-i18n", tmp_path)
    edit_config(project, lambda config: _sitemap_options(config).update(report=True))
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    report = project / "sitemap-report.html"
    assert report.is_file() and "<table" in report.read_text()
    assert (
        f"INFO    -  sitemap: the report (every URL, every page left out and why): {report}"
        in done.stderr.splitlines()
    )


def test_report_false_writes_none_and_a_number_is_named(tmp_path):
    """false: no report and no line of one; a value neither a boolean nor a path: the option named."""
    project = copy_sample("mkdocs-i18n", tmp_path)
    edit_config(project, lambda config: _sitemap_options(config).update(report=False))
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    assert not (project / "sitemap-report.html").exists() and "the report (" not in done.stderr
    edit_config(project, lambda config: _sitemap_options(config).update(report=5))
    done = mkdocs(project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "option 'report'" in done.stderr


def test_the_i18n_fallbacks_are_copies_counted_once_not_links_dropped(tmp_path):
    """The sample's three fallback pages (about/ in German and French, guide/setup/ in French):
    left out and counted as copies; the links to them leave the groups with them, said by no
    line of their own, and nothing is a WARNING."""
    project = copy_sample("mkdocs-i18n", tmp_path)
    done = mkdocs(project)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "sitemap:" in line]
    assert lines[-1] == (
        "INFO    -  sitemap: 6 URLs in 1 file, 1 image, 0 videos, 3 copies of another language's page "
        "left out: not translations"
    )
    assert "dropped" not in done.stderr and "WARNING" not in done.stderr

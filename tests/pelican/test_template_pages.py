"""The Pelican face on this round's classes (#82), in real Pelican builds (the newest Pelican, in
`.venv-pelican`): a template page kept in the theme is dated by that template's history."""

from __future__ import annotations

from pathlib import Path

import pytest
from git_helpers import commit, git, lastmods
from pelican_helpers import add_settings, build, write_theme

pytestmark = pytest.mark.slow

SITE = "https://talks.example.org/"
BASE = (
    '<!DOCTYPE html><html lang="en"><head><title>{{ SITENAME }}</title></head><body>'
    "<main>{% block content %}{% endblock %}</main></body></html>"
)


def test_a_template_page_kept_in_the_theme_is_dated_by_that_template(tmp_path: Path):
    """PyVideo's `TEMPLATE_PAGES = {"languages.html": "languages.html"}` renders its theme's
    `templates/languages.html`, not a file under PATH: the page is dated by that template's last
    commit, not called "ignored by git" as the file PATH would hold."""
    project = tmp_path / "talks"
    (project / "content").mkdir(parents=True)
    (project / "pelicanconf.py").write_text(
        f'SITEURL = "{SITE.rstrip("/")}"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
    )
    add_settings(project, 'TEMPLATE_PAGES = {"languages.html": "languages.html"}')
    write_theme(project, BASE)
    templates = project / "theme" / "templates"
    (templates / "languages.html").write_text(
        '{% extends "base.html" %}{% block content %}<h1>Talks by language</h1><p>English, Deutsch.</p>{% endblock %}'
    )
    (project / "content" / "talk.md").write_text("Title: A talk\nDate: 2024-02-01\n\nThe talk.\n")
    git(project, "init", "-q")
    commit(project, "2024-03-01T12:00:00+00:00")
    (templates / "languages.html").write_text(
        '{% extends "base.html" %}{% block content %}<h1>Talks by language</h1><p>English, Deutsch, Español.</p>'
        "{% endblock %}"
    )
    commit(project, "2024-05-06T12:00:00+00:00")
    output = build(project)
    assert lastmods(output / "sitemap.xml")[SITE + "languages.html"] == "2024-05-06T12:00:00+00:00"

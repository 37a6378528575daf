"""The Pelican face on #90's classes, in a real Pelican build (the newest Pelican, in
`.venv-pelican`) of a site in PyVideo's shape: talks in events (categories) and tags, a page
that thanks the contributors linked from every page's nav and from a notice above the content,
and the theme's `languages.html` (TEMPLATE_PAGES) showing every talk."""

from __future__ import annotations

from pathlib import Path

import pytest
from git_helpers import commit, git, lastmods
from pelican_helpers import build, write_theme

pytestmark = pytest.mark.slow

SITE = "https://talks.example.org/"
BASE = (
    '<!DOCTYPE html><html lang="en"><head><title>{{ SITENAME }}</title></head><body>'
    '<nav><a href="{{ SITEURL }}/categories.html">Events</a> <a href="{{ SITEURL }}/tags.html">Tags</a> '
    '<a href="{{ SITEURL }}/pages/thank-you-contributors.html">Thank You</a></nav><main>'
    '<div class="alert">Run by volunteers. <a href="{{ SITEURL }}/pages/thank-you-contributors.html">'
    "Read More</a></div>{% block content %}{% endblock %}</main></body></html>"
)
TALK_LIST = (
    "<ul>{% for article in (articles_page.object_list if articles_page else articles) %}"
    '<li><a href="{{ SITEURL }}/{{ article.url }}">{{ article.title }}</a></li>{% endfor %}</ul>'
)
LISTING = '{% extends "base.html" %}{% block content %}' + TALK_LIST + "{% endblock %}"
TERMS = (
    '{{% extends "base.html" %}}{{% block content %}}<ul>{{% for term, _ in {terms} %}}'
    '<li><a href="{{{{ SITEURL }}}}/{{{{ term.url }}}}">{{{{ term }}}}</a></li>{{% endfor %}}</ul>{{% endblock %}}'
)
TALKS = {
    "profiling": ("2023-05-04", "Conf A", "python"),
    "packaging": ("2023-05-05", "Conf A", "python"),
    "typing": ("2024-11-03", "Conf B", "python"),
    "testing": ("2024-06-01", "Conf B", "python"),
}


def test_a_notice_and_a_template_page_of_talks(tmp_path: Path):
    """The events and tags pages are dated by the newest event and tag they show, not by the
    thank-you page that every page links to (edited after every talk); the theme's
    `languages.html`, which shows every talk, by the newest talk, not by its template's commit."""
    project = tmp_path / "talks"
    (project / "content" / "pages").mkdir(parents=True)
    (project / "pelicanconf.py").write_text(
        f'SITEURL = "{SITE.rstrip("/")}"\nPATH = "content"\nTIMEZONE = "UTC"\nTHEME = "theme"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
        'AUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\nAUTHORS_SAVE_AS = ""\nAUTHOR_SAVE_AS = ""\n'
        'TEMPLATE_PAGES = {"languages.html": "languages.html"}\n'
    )
    write_theme(project, BASE, LISTING)
    templates = project / "theme" / "templates"
    (templates / "categories.html").write_text(TERMS.format(terms="categories"))
    (templates / "tags.html").write_text(TERMS.format(terms="tags"))
    (templates / "languages.html").write_text(
        '{% extends "base.html" %}{% block content %}<h1>Talks by language</h1>'
        + TALK_LIST
        + "{% endblock %}"
    )
    for slug, (date, event, tag) in TALKS.items():
        (project / "content" / f"{slug}.md").write_text(
            f"Title: {slug.title()}\nDate: {date}\nCategory: {event}\nTags: {tag}\n\nThe talk.\n"
        )
    (project / "content" / "pages" / "thank-you-contributors.md").write_text(
        "Title: Thank You\nSlug: thank-you-contributors\nDate: 2016-12-31\nModified: 2025-08-03\n\nTo every contributor.\n"
    )
    git(project, "init", "-q")
    commit(project, "2020-02-25T12:00:00+00:00")
    dated = {
        url[len(SITE) :]: (value or "")[:10]
        for url, value in lastmods(build(project) / "sitemap.xml").items()
    }
    assert {path: dated[path] for path in ("categories.html", "tags.html", "languages.html", "")} == {
        "categories.html": "2024-11-03",
        "tags.html": "2024-11-03",
        "languages.html": "2024-11-03",
        "": "2024-11-03",
    }
    assert dated["category/conf-a.html"] == "2023-05-05"
    assert dated["pages/thank-you-contributors.html"] == "2025-08-03"

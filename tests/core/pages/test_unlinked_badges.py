"""A badge is a badge, linked or not (#90): Read the Docs' page about its badges shows each style
twice, once as a picture (`assets.readthedocs.org/static/projects/badges/passing-flat.svg`, not
linked) and once as the code that links it (`readthedocs.org/projects/<name>/badge/`).  Badges
are told by what they are (a vector drawing under a badge's path, or a badge service's), not by
standing in a row of links.  The page is written here in the shape of that page (Sphinx, Read
the Docs' theme)."""

from __future__ import annotations

import sitemap_plugins as sp
from sitemap_plugins.core.pages.html import read_html

BASE = "https://docs.readthedocs.com/platform/stable/"
ASSETS = "https://assets.readthedocs.org/static/projects/badges/"
BADGE = "https://readthedocs.org/projects/pip/badge/?version=latest&style="

PAGE = f"""<!DOCTYPE html><html lang="en"><head><title>Status badges</title></head><body>
<nav class="wy-nav-side"><a href="index.html"><img src="_static/logo.svg" alt="Logo"></a></nav>
<div role="main" class="document"><section id="status-badges"><h1>Status badges</h1>
<p>Status badges let you show the state of your documentation to your users.</p>
<figure><img alt="Badge passing" src="{ASSETS}passing-flat.svg"></figure>
<figure><img alt="Badge failing" src="{ASSETS}failing-flat.svg"></figure>
<figure><img alt="Badge unknown" src="{ASSETS}unknown-flat.svg"></figure>
<section id="style"><h2>Style</h2><ul>
<li><p>flat: <a href="https://pip.pypa.io/en/latest/?badge=latest"><img alt="Flat" src="{BADGE}flat"></a></p></li>
<li><p>plastic: <a href="https://pip.pypa.io/en/latest/?badge=latest"><img alt="Plastic" src="{BADGE}plastic"></a></p></li>
</ul></section>
<section id="settings"><h2>Where to find them</h2>
<p><img alt="The badge in the project's settings" src="_images/badge-settings.png"></p></section>
</section></div></body></html>"""


def test_a_badge_drawn_under_a_badge_path_is_a_badge_linked_or_not():
    facts = read_html(PAGE, BASE + "badges.html")
    assert facts.images == [BASE + "_images/badge-settings.png"]
    assert sorted(image for image, kind in facts.decorative_images if kind == "badge") == [
        *(ASSETS + f"{state}-flat.svg" for state in ("failing", "passing", "unknown")),
        BADGE + "flat",
        BADGE + "plastic",
    ]


def test_the_sites_own_badge_drawing_is_a_badge_too(tmp_path):
    """A site that serves its own badges (`/badges/coverage.svg`, unlinked) lists none of them:
    the page's screenshot is its only picture."""
    html = (
        '<html><body><main><h1>Coverage</h1><p><img src="/badges/coverage.svg" alt="coverage 96%"></p>'
        '<p><img src="/img/report.png" alt="The coverage report"></p></main></body></html>'
    )
    site = sp.Sitemap(sp.Options(base_url="https://example.com/"))
    entry = site.add_page(sp.Page("https://example.com/coverage/", html=html))
    assert [image.loc for image in entry.images] == ["https://example.com/img/report.png"]

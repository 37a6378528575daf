"""The site's rules: what the pages say of each other, applied once every page is read, in the
order below, before the set is written.

A page's way through the core: `pages.reading.read_page` reads what it says of itself (pure: the
page and the options); `pages.harvest.Harvester.entry` makes its entry and says what is wrong in
it, in the order pages were handed over; `Sitemap.write` gathers every page's reading into a
`Site` (`Site.gather`) and runs these rules on it; then the set is written (`output.writer`).

Each rule reads what the ones before it left.  The order matters where one rule's result is
another's input:
- what robots.txt forbids and what leads nowhere go first: no later rule counts a page, a
  picture or a player no crawler reaches;
- listings are told before the frame's media are: a listing's excerpts repeat its posts'
  pictures, which are no frame's;
- the theme's description is taken back once the frame's players are gone;
- `previous` dates the pages, then listings are dated by the pages they show (so by those
  dates);
- copies are left out before groups are completed: a copy is in no group;
- the last two only say and count.

What is no rule here, and why: the sitemaps another tool wrote into the site are read before any
page (`Sitemap.read_other_sitemaps`), so what they say of a page (its date, its translations, its
images) is part of that page's reading; a page's canonical spelling of itself (`X/index.html` for
`X/`) is too, and the rules read the spellings gathered (`Site.spellings`) wherever a link or an
alternate names a page.  A date the theme writes alike on every list page is told within
`tell_listings`, the one rule it changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from sitemap_plugins.core.rules.dates import count_the_undated, date_what_did_not_change
from sitemap_plugins.core.rules.frame import leave_out_the_frames_media, take_back_the_themes_descriptions
from sitemap_plugins.core.rules.groups import complete_groups, leave_out_copies
from sitemap_plugins.core.rules.listings import date_listings, tell_listings
from sitemap_plugins.core.rules.served import (
    leave_out_what_leads_nowhere,
    leave_out_what_robots_txt_forbids,
    say_why_nothing_is_listed,
)
from sitemap_plugins.core.rules.site import Shown, Site, digests_of

__all__ = ["SITE_RULES", "Shown", "Site", "SiteRule", "apply_site_rules", "digests_of"]


class SiteRule(NamedTuple):
    """One of the site's rules: what it does (its docstring says what it reads and changes), and
    when it applies."""

    run: Callable[[Site], None]
    applies: Callable[[Site], bool] = lambda site: True

    @property
    def name(self) -> str:
        return self.run.__name__


#: The site's rules, in the order they run.
SITE_RULES: tuple[SiteRule, ...] = (
    SiteRule(leave_out_what_robots_txt_forbids, lambda site: site.options.respect_robots_txt),
    SiteRule(leave_out_what_leads_nowhere, lambda site: site.site_dir is not None),
    SiteRule(tell_listings),
    SiteRule(leave_out_the_frames_media),
    SiteRule(take_back_the_themes_descriptions),
    SiteRule(date_what_did_not_change, lambda site: site.previous is not None),
    SiteRule(date_listings),
    SiteRule(leave_out_copies),
    SiteRule(complete_groups),
    SiteRule(say_why_nothing_is_listed, lambda site: not site.entries),
    SiteRule(count_the_undated),
)


def apply_site_rules(site: Site) -> Site:
    """Run every rule that applies to `site`, in order."""
    for rule in SITE_RULES:
        if rule.applies(site):
            rule.run(site)
    return site

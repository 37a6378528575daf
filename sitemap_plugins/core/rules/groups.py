"""hreflang groups across a set: every version of a page lists itself and all the others, plus `x-default`; a
copy of another language's page is no translation, and an alternate never names a page the set leaves out."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from sitemap_plugins.core.errors import log
from sitemap_plugins.core.files import NO_FILE, not_served
from sitemap_plugins.core.model import X_DEFAULT
from sitemap_plugins.core.normalize import comparable, uri_or_same
from sitemap_plugins.core.pages.text import frame_free_digest
from sitemap_plugins.core.rules.site import Site

#: The most versions an hreflang group lists (and `x-default`).  Every version lists all the
#: others, so a group of n writes n² links: 1,000 write some 90 MB of sitemaps (each `<url>` at
#: most 2 MB, its hrefs at the protocol's 2,048 characters), far more than the languages of any
#: site (CLDR names some 800 locales); a head naming 10,000 would write 8 GB.  docs/hreflang.md.
MAX_GROUP = 1_000


def leave_out_copies(site: Site) -> None:
    """A page that shows the same words as a page in the language copies are made from is a copy of it,
    however it was made (static-i18n's fallback, a build script that copies untranslated pages, projects that
    share files, polyglot's fallback whose head names no counterpart): no translation. It is left out as
    fallback copies are (`list_fallbacks` lists it, in no group).

    Reads: the fingerprint of each page compared (this set's and the run's other sets'), the language each
    says it is in, the site's original language, each entry's group. Changes: takes out the copies (or, with
    `list_fallbacks`, their groups); `Site.copies`, the URLs no group may name."""
    digests = {**site.elsewhere_digests, **site.digests}
    # The language copies are made from: the option's, else the site's (its home page's),
    # on every route (`generate --from-dir` too, where nothing else names it).
    original_language = site.x_default or site.home_language
    if not digests or not original_language:
        return
    main = original_language.split("-")[0].lower()
    fingerprints, whole_text = _fingerprints(site, digests)
    originals: dict[str, str] = {}  # a whole text -> the first page of the original language showing it
    for url in sorted(whole_text):
        language = site.page_languages.get(url) or original_language
        if language.split("-")[0].lower() == main:
            originals.setdefault(whole_text[url], url)
    copies: dict[str, str] = {}
    for entry in site.entries.values():
        # Its group's page in the original language, where the group names one ...
        codes = [original_language, *(c for c in entry.alternates if c.split("-")[0].lower() == main)]
        original = next((entry.alternates[code] for code in codes if code in entry.alternates), None)
        if original is not None and (original := uri_or_same(original)) in digests:
            for url in (uri_or_same(u) for u in entry.alternates.values()):
                if url != original and fingerprints.get(url, set()) & fingerprints.get(original, set()):
                    copies[url] = original
        # ... else any page of the original language that shows the same words (a listing
        # whose head names the home pages as its translations).
        language = site.page_languages.get(entry.loc)
        if language and language.split("-")[0].lower() != main and entry.loc not in copies:
            original = originals.get(whole_text.get(entry.loc, ""))
            if original is not None:
                copies[entry.loc] = original
    for url, original in sorted(copies.items()):
        if (copy := site.entries.get(url)) is None:
            site.unlisted.add(url)  # another set's copy: left out there, named by none here
            continue
        site.unlisted.add(url)
        site.copies += 1
        if site.options.list_fallbacks:
            copy.alternates = {}
            site.in_no_group[url] = f"a copy of {original}, listed in no group (list_fallbacks)"
            continue
        reason = f"copy: the same text as {original} ({original_language}; list_fallbacks: true lists it)"
        site.leave_out(copy, "copy", reason)


def _fingerprints(site: Site, digests: dict[str, str | None]) -> tuple[dict[str, set[str]], dict[str, str]]:
    """Each page's fingerprints: its main content's (`page_text`), and, where its theme marks no content
    region, its text without the theme's frame: a block that repeats on more than half of one language's pages
    (at least three), a sidebar that greets the reader in it, is frame on every page (on a short post it holds
    more words than the post). And the fingerprint of all a page shows but the frame: where no group pairs two
    pages, only the whole text tells a copy (a listing's main block may be the one post it shows whole)."""
    found = {url: {digest} for url, digest in digests.items() if digest is not None}
    whole_text = {url: digest for url, digest in site.digests.items() if digest is not None}
    blocks, languages = site.text_blocks, site.page_languages
    pages: Counter[str | None] = Counter(languages[url] for url in blocks)
    repeats: dict[str | None, Counter[str]] = defaultdict(Counter)
    for url, page_blocks in blocks.items():
        repeats[languages[url]].update({block for block, _ in page_blocks})
    frame = {
        block
        for language, counts in repeats.items()
        for block, count in counts.items()
        if count >= 3 and count * 2 > pages[language]
    }
    for url, page_blocks in blocks.items():
        whole_text.pop(url, None)
        if (digest := frame_free_digest(page_blocks, frame)) is not None:
            found.setdefault(url, set()).add(digest)
            whole_text[url] = digest
    return found, whole_text


def _drop_alternates_not_listed(site: Site) -> None:
    """An alternate naming a page this set leaves out (a copy, noindex, canonical elsewhere, a redirect,
    robots.txt's, a 404: what search engines are told not to index, or cannot fetch) tells them of a
    translation that is none: dropped from the group, and said. A link to a copy (a fallback, the same words)
    is the copy left out, which the summary counts: not said again."""
    reasons = {uri_or_same(page.url): page.reason for page in site.left_out}
    reasons.update(site.in_no_group)
    reasons.update(dict.fromkeys(site.unlisted - reasons.keys(), "not listed"))
    site_dir, base = site.site_dir, site.options.base_url
    for entry in site.entries.values():
        dropped = {}
        for code, url in entry.alternates.items():
            uri = uri_or_same(url)
            reason = reasons.get(uri)
            judged = uri not in site.entries and uri not in site.elsewhere and site_dir is not None
            if reason is None and judged:
                reason = (not_served(site_dir, base, uri) or "").removeprefix("is ") or None
                if reason == NO_FILE.removeprefix("is "):  # where a set to come puts it, said so
                    reason = next((why for root, why in site.to_come.items() if uri.startswith(root)), reason)
            if reason is not None and uri != entry.loc:
                dropped[code] = (url, reason)
        for code, (url, reason) in sorted(dropped.items()):
            if reason.startswith(("fallback:", "copy:")) or uri_or_same(url) in site.in_no_group:
                continue
            link = (entry.label, code, url, reason)
            site.alternates_dropped.append(link)
            log.info("sitemap: %s: hreflang %s names %s, which is not listed (%s): dropped", *link)
        if dropped:
            entry.alternates = {code: url for code, url in entry.alternates.items() if code not in dropped}
            if len(set(entry.alternates) - {X_DEFAULT}) <= 1:
                entry.alternates = {}  # itself alone is no group


def _escaped_names(site: Site) -> Iterator[bool]:
    """Whether a listed page or a translation is spelled with an escape (`%26`), lazily."""
    for entry in site.entries.values():
        yield "%" in entry.loc or any("%" in url for url in entry.alternates.values())


def _translation_as_listed(url: str, spellings: dict[str, str], listed: dict[str, str]) -> str:
    uri = uri_or_same(url)
    return spellings.get(uri) or listed.get(comparable(uri), url)


def complete_groups(site: Site) -> None:
    """Join alternate sets that share a URL into one group and give every member the group.

    A page that another page names as its alternate gets the group too, so links are
    reciprocal even when only one side declared them.

    Reads: every entry's alternates, the spellings canonicals give, what the set left out and
    why, the site directory's files.  Changes: every entry's alternates (spelt as listed, those
    naming a page not listed dropped and said, `x-default` added, groups past `MAX_GROUP` cut).
    """
    # A translation named as its files spell it is listed as its canonical spells it, and one
    # named with escapes it needs none of (`a%26b.html` for `a&b.html`) as the set lists it.
    spellings = site.spellings
    listed = {comparable(loc): loc for loc in site.entries} if any(_escaped_names(site)) else {}
    if spellings or listed:
        for entry in site.entries.values():
            alternates = entry.alternates.items()
            entry.alternates = {
                code: _translation_as_listed(url, spellings, listed) for code, url in alternates
            }
    _drop_alternates_not_listed(site)
    parent: dict[str, str] = {}

    def root(url: str) -> str:
        while parent.setdefault(url, url) != url:
            parent[url] = parent[parent[url]]
            url = parent[url]
        return url

    declaring = [e for e in site.entries.values() if e.alternates]
    for entry in declaring:
        first = root(entry.loc)
        for url in entry.alternates.values():
            parent[root(url)] = first
    groups: dict[str, dict[str, str]] = {}
    past_the_bound: dict[str, tuple[str, Counter[str]]] = {}  # a group -> its first page, codes dropped
    for entry in declaring:
        group = groups.setdefault(root(entry.loc), {})
        # The page's own version first: past the bound, a group keeps the page that named it.
        own = [(code, url) for code, url in entry.alternates.items() if url == entry.loc]
        for code, url in [*own, *sorted(entry.alternates.items())]:
            if code not in group and len(group) >= MAX_GROUP:
                past_the_bound.setdefault(root(entry.loc), (entry.label, Counter()))[1][code] += 1
                continue
            if group.setdefault(code, url) != url:
                site.report(
                    entry.label,
                    f"alternates[{code}]",
                    f"{url} disagrees with {group[code]}, named for {code} by another page "
                    "of the same group; the first is kept",
                )
    for label, dropped in past_the_bound.values():
        site.report(
            label,
            "alternates",
            f"its hreflang group names {MAX_GROUP + len(dropped):,} languages; a group holds at most "
            f"{MAX_GROUP:,} (more than any site is translated into: each version lists them all, "
            f"so the group's size is squared in the sitemap); dropped from it, their pages listed "
            f"without hreflang: {len(dropped):,} ({', '.join(sorted(dropped)[:5])}"
            f"{', ...' if len(dropped) > 5 else ''})",
        )
    for group in groups.values():
        if site.x_default and X_DEFAULT not in group and site.x_default in group:
            group[X_DEFAULT] = group[site.x_default]
    members = {key: set(group.values()) for key, group in groups.items()}
    for url in list(parent):
        if (entry := site.entries.get(url)) is None:
            continue
        key = root(url)  # every URL met is joined to a declaring page's group
        # A page whose language the group gives another page is in no group: its links
        # would not be returned, and search engines ignore those.
        entry.alternates = dict(groups[key]) if url in members[key] else {}

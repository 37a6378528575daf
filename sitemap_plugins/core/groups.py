"""hreflang groups across a set: every version of a page lists itself and all the others, plus
`x-default`; a copy of another language's page is no translation, and an alternate never names
a page the set leaves out."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from sitemap_plugins.core.errors import Reporter, log
from sitemap_plugins.core.files import served
from sitemap_plugins.core.model import X_DEFAULT, Entry
from sitemap_plugins.core.normalize import uri_or_same
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.pages.html import frame_free_digest

if TYPE_CHECKING:
    from sitemap_plugins.core.pages.harvest import Harvester


class HreflangGroups:
    """What `Sitemap` does with the alternates of its entries, before they are written."""

    options: Options
    report: Reporter
    harvester: Harvester
    entries: dict[str, Entry]
    site_dir: Path | None
    #: URLs not listed that pages may name as translations (`Sitemap`).
    _unlisted: set[str]
    #: Pages of other sets of the run (`Sitemap.pages_elsewhere`), and what they show.
    _elsewhere: set[str]
    _elsewhere_digests: dict[str, str | None]
    copies: int
    #: Copies `list_fallbacks` lists, each in no group -> what they are (`_leave_out_copies`).
    _in_no_group: dict[str, str]
    alternates_dropped: list[tuple[str, str, str, str]]

    def _leave_out_copies(self) -> None:
        """A page that shows the same words as a page in the language copies are made from is a
        copy of it, however it was made (static-i18n's fallback, a build script that copies
        untranslated pages, projects that share files, polyglot's fallback whose head names no
        counterpart): no translation.  It is left out as fallback copies are (`list_fallbacks`
        lists it, in no group)."""
        digests = {**self._elsewhere_digests, **self.harvester.digests}
        # The language copies are made from: the option's, else the site's (its home page's),
        # on every route (`generate --from-dir` too, where nothing else names it).
        original_language = self.options.x_default or self.harvester.home_language
        if not digests or not original_language:
            return
        main = original_language.split("-")[0].lower()
        fingerprints, whole_text = self._fingerprints(digests)
        originals: dict[str, str] = {}  # a whole text -> the first page of the original language showing it
        for url in sorted(whole_text):
            language = self.harvester.page_languages.get(url) or original_language
            if language.split("-")[0].lower() == main:
                originals.setdefault(whole_text[url], url)
        copies: dict[str, str] = {}
        for entry in self.entries.values():
            # Its group's page in the original language, where the group names one ...
            codes = [original_language, *(c for c in entry.alternates if c.split("-")[0].lower() == main)]
            original = next((entry.alternates[code] for code in codes if code in entry.alternates), None)
            if original is not None and (original := uri_or_same(original)) in digests:
                for url in (uri_or_same(u) for u in entry.alternates.values()):
                    if url != original and fingerprints.get(url, set()) & fingerprints.get(original, set()):
                        copies[url] = original
            # ... else any page of the original language that shows the same words (a listing
            # whose head names the home pages as its translations).
            language = self.harvester.page_languages.get(entry.loc)
            if language and language.split("-")[0].lower() != main and entry.loc not in copies:
                original = originals.get(whole_text.get(entry.loc, ""))
                if original is not None:
                    copies[entry.loc] = original
        for url, original in sorted(copies.items()):
            copy = self.entries.get(url)
            if copy is None:
                self._unlisted.add(url)  # another set's copy: left out there, named by none here
                continue
            self._unlisted.add(url)
            self.copies += 1
            if self.options.list_fallbacks:
                copy.alternates = {}
                self._in_no_group[url] = f"a copy of {original}, listed in no group (list_fallbacks)"
                continue
            del self.entries[url]
            reason = f"copy: the same text as {original} ({original_language}; list_fallbacks: true lists it)"
            self.harvester.leave_out(url, copy.source, "copy", reason)

    def _fingerprints(self, digests: dict[str, str | None]) -> tuple[dict[str, set[str]], dict[str, str]]:
        """Each page's fingerprints: its main content's (`page_text`), and, where its theme marks
        no content region, its text without the theme's frame: a block that repeats on more than
        half of one language's pages (at least three), a sidebar that greets the reader in it,
        is frame on every page (on a short post it holds more words than the post).  And the
        fingerprint of all a page shows but the frame: where no group pairs two pages, only the
        whole text tells a copy (a listing's main block may be the one post it shows whole)."""
        found = {url: {digest} for url, digest in digests.items() if digest is not None}
        whole_text = {url: digest for url, digest in self.harvester.digests.items() if digest is not None}
        blocks, languages = self.harvester.text_blocks, self.harvester.page_languages
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

    def _drop_alternates_not_listed(self) -> None:
        """An alternate naming a page this set leaves out (a copy, noindex, canonical elsewhere,
        a redirect, robots.txt's, a 404: what search engines are told not to index, or cannot
        fetch) tells them of a translation that is none: dropped from the group, and said."""
        reasons = {uri_or_same(page.url): page.reason for page in self.harvester.left_out}
        reasons.update(self._in_no_group)
        reasons.update(dict.fromkeys(self._unlisted - reasons.keys(), "not listed"))
        site_dir, base = self.site_dir, self.options.base_url
        for entry in self.entries.values():
            dropped = {}
            for code, url in entry.alternates.items():
                uri = uri_or_same(url)
                reason = reasons.get(uri)
                judged = uri not in self.entries and uri not in self._elsewhere and site_dir is not None
                if reason is None and judged:
                    reason = "no file of the site (a 404)" if served(site_dir, base, uri) is False else None
                if reason is not None and uri != entry.loc:
                    dropped[code] = (url, reason)
            for code, (url, reason) in sorted(dropped.items()):
                self.alternates_dropped.append((entry.label, code, url, reason))
                which = reason if uri_or_same(url) in self._in_no_group else f"not listed ({reason})"
                log.info(
                    "sitemap: %s: hreflang %s names %s, which is %s: dropped", entry.label, code, url, which
                )
            if dropped:
                entry.alternates = {
                    code: url for code, url in entry.alternates.items() if code not in dropped
                }
                if len(set(entry.alternates) - {X_DEFAULT}) <= 1:
                    entry.alternates = {}  # itself alone is no group

    def _complete_alternates(self) -> None:
        """Join alternate sets that share a URL into one group and give every member the group.

        A page that another page names as its alternate gets the group too, so links are
        reciprocal even when only one side declared them.
        """
        self._leave_out_copies()
        # A translation named as its files spell it is listed as its canonical spells it.
        if spellings := self.harvester.spellings:
            for entry in self.entries.values():
                alternates = entry.alternates.items()
                entry.alternates = {code: spellings.get(uri_or_same(url), url) for code, url in alternates}
        self._drop_alternates_not_listed()
        parent: dict[str, str] = {}

        def root(url: str) -> str:
            while parent.setdefault(url, url) != url:
                parent[url] = parent[parent[url]]
                url = parent[url]
            return url

        declaring = [e for e in self.entries.values() if e.alternates]
        for entry in declaring:
            first = root(entry.loc)
            for url in entry.alternates.values():
                parent[root(url)] = first
        groups: dict[str, dict[str, str]] = {}
        for entry in declaring:
            group = groups.setdefault(root(entry.loc), {})
            for code, url in sorted(entry.alternates.items()):
                if group.setdefault(code, url) != url:
                    self.report(
                        entry.label,
                        f"alternates[{code}]",
                        f"{url} disagrees with {group[code]}, named for {code} by another page "
                        "of the same group; the first is kept",
                    )
        for group in groups.values():
            if self.options.x_default and X_DEFAULT not in group and self.options.x_default in group:
                group[X_DEFAULT] = group[self.options.x_default]
        for url in list(parent):
            entry = self.entries.get(url)
            if entry is None:
                continue
            group = groups[root(url)]  # every URL met is joined to a declaring page's group
            # A page whose language the group gives another page is in no group: its links
            # would not be returned, and search engines ignore those.
            entry.alternates = dict(group) if url in group.values() else {}

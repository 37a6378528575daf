"""A language's page that shows the same words as its default language's page is a copy, not a
translation, whatever its markup: told in this process, page by page, with the words a reader
sees (the content region's, not the frame's, not a script's), as built pages hand them over."""

from __future__ import annotations

import pytest

import sitemap_plugins as sp

BASE = "https://example.com/"
HEAD = (
    f'<link rel="alternate" hreflang="en" href="{BASE}en/a/">'
    f'<link rel="alternate" hreflang="de" href="{BASE}de/a/">'
)
ORIGINAL = "<main><h1>Grilling</h1><p>Light the <b>coals</b> first.</p></main>"


def written(tmp_path, de_body: str, **values) -> tuple[list[str], sp.WriteResult]:
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en", **values))
    site.add_page(sp.Page(f"{BASE}en/a/", html=f"<html><head>{HEAD}</head><body>{ORIGINAL}</body></html>"))
    site.add_page(sp.Page(f"{BASE}de/a/", html=f"<html><head>{HEAD}</head><body>{de_body}</body></html>"))
    result = site.write(tmp_path)
    return sorted(site.entries), result


COPIES = {
    "same markup": ORIGINAL,
    "other markup, same words": "<main><h2>Grilling</h2><div>Light the coals <i>first.</i></div></main>",
    "spaces and line ends": "<main><h1>  Grilling </h1>\n<p>Light\nthe coals   first.</p></main>",
    "a script's words aside": "<main><h1>Grilling</h1><script>var x = 'Anzünden';</script><p>Light the coals first.</p></main>",
    "a style's words aside": "<main><style>p { color: red }</style><h1>Grilling</h1><p>Light the coals first.</p></main>",
    "a template's and noscript's aside": (
        "<main><h1>Grilling</h1><template><p>Holzkohle</p></template><noscript>Bitte JavaScript</noscript>"
        "<p>Light the coals first.</p></main>"
    ),
    "hidden words aside": (
        '<main><h1>Grilling</h1><div hidden><p>Noch nicht übersetzt</p></div><p hidden="">Entwurf</p>'
        "<p>Light the coals first.</p></main>"
    ),
    "a comment aside": "<main><h1>Grilling</h1><!-- übersetzen --><p>Light the coals first.</p></main>",
    "the frame's words aside": (
        "<nav>Startseite Anleitung</nav><main><h1>Grilling</h1><p>Light the coals first.</p></main>"
        "<footer>Impressum</footer>"
    ),
}
TRANSLATIONS = {
    "other words": "<main><h1>Grillen</h1><p>Zuerst die Kohle anzünden.</p></main>",
    "one word more": "<main><h1>Grilling</h1><p>Light the coals first. Really.</p></main>",
    "the same words in another order": "<main><h1>Grilling</h1><p>first. Light the coals</p></main>",
    "words a search of the page opens": (
        '<main><h1>Grilling</h1><p hidden="until-found">Zuerst</p><p>Light the coals first.</p></main>'
    ),
    "the words after hidden ones": "<main><h1>Grilling</h1><p>Light the coals first.</p><b hidden>x</b>Achtung</main>",
    "another first article": (
        "<article><h1>Grillen</h1><p>Zuerst die Kohle.</p></article>"
        "<article><h1>Grilling</h1><p>Light the coals first.</p></article>"
    ),
    "a word in a tail": "<main><h1>Grilling</h1><p>Light the <b>coals</b> first.</p>Achtung</main>",
}


@pytest.mark.parametrize("body", COPIES.values(), ids=COPIES.keys())
def test_a_copy_is_left_out(tmp_path, body):
    entries, result = written(tmp_path, body)
    assert entries == [BASE + "en/a/"]
    assert result.copies == 1


@pytest.mark.parametrize("body", TRANSLATIONS.values(), ids=TRANSLATIONS.keys())
def test_a_translation_is_listed_in_the_group(tmp_path, body):
    entries, result = written(tmp_path, body)
    assert entries == [BASE + "de/a/", BASE + "en/a/"]
    assert result.copies == 0


def test_list_fallbacks_lists_a_copy_in_no_group(tmp_path):
    entries, result = written(tmp_path, ORIGINAL, list_fallbacks=True)
    assert entries == [BASE + "de/a/", BASE + "en/a/"] and result.copies == 1
    assert "hreflang" not in (tmp_path / "sitemap.xml").read_text()


def test_pages_without_words_are_no_copies_of_each_other(tmp_path):
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for url in (f"{BASE}en/a/", f"{BASE}de/a/"):
        site.add_page(
            sp.Page(url, html=f"<html><head>{HEAD}</head><body><main><img src='/x.png'></main></body></html>")
        )
    result = site.write(tmp_path)
    assert sorted(site.entries) == [BASE + "de/a/", BASE + "en/a/"] and result.copies == 0


def test_the_content_a_generator_hands_over_is_what_is_compared(tmp_path):
    """Where the generator has the HTML the source rendered to (`Page.content`), its words are the
    page's: a theme that repeats a translated title around them does not make a translation."""
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    site.add_page(sp.Page(f"{BASE}en/a/", html=f"<html><head>{HEAD}</head><body>{ORIGINAL}</body></html>"))
    page = f"<html><head>{HEAD}</head><body><main><h1>Übersetzt</h1>{ORIGINAL}</main></body></html>"
    site.add_page(
        sp.Page(f"{BASE}de/a/", html=page, content="<h1>Grilling</h1><p>Light the coals first.</p>")
    )
    result = site.write(tmp_path)
    assert sorted(site.entries) == [BASE + "en/a/"] and result.copies == 1


THREE = (
    f'<link rel="alternate" hreflang="en" href="{BASE}en/a/">'
    f'<link rel="alternate" hreflang="de" href="{BASE}de/a/">'
    f'<link rel="alternate" hreflang="fr" href="{BASE}fr/a/">'
)


def three_languages(tmp_path, **values) -> tuple[sp.Sitemap, sp.WriteResult, str]:
    """English, and German and French copies of it, in one group."""
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en", **values))
    for language in ("en", "de", "fr"):
        html = f"<html><head>{THREE}</head><body>{ORIGINAL}</body></html>"
        site.add_page(sp.Page(f"{BASE}{language}/a/", source=f"{language}/a.md", html=html))
    report = tmp_path / "report.html"
    result = site.write(tmp_path / "out", report_to=[report])
    return site, result, report.read_text()


def test_every_copy_in_a_group_is_left_out_counted_and_said_in_the_report(tmp_path, caplog):
    with caplog.at_level("INFO", logger="sitemap_plugins"):
        site, result, report = three_languages(tmp_path)
    assert sorted(site.entries) == [BASE + "en/a/"]
    assert site.entries[BASE + "en/a/"].alternates == {}  # itself alone is no group
    assert result.copies == 2
    reason = f"copy: the same text as {BASE}en/a/ (en; list_fallbacks: true lists it)"
    # Each copy twice: among the pages left out (its kind, `copy`, in a column of its own), and
    # as the alternate dropped from the group; and the summary names the first link dropped.
    assert report.count(reason) == 3 and report.count(reason.removeprefix("copy: ")) == 5
    assert "de/a.md" in report and "fr/a.md" in report
    dropped = sorted(r.getMessage() for r in caplog.records if "dropped" in r.getMessage())
    assert dropped == [
        f"sitemap: en/a.md ({BASE}en/a/): hreflang de names {BASE}de/a/, which is not listed ({reason}): dropped",
        f"sitemap: en/a.md ({BASE}en/a/): hreflang fr names {BASE}fr/a/, which is not listed ({reason}): dropped",
    ]


def test_a_copy_robots_txt_already_left_out_is_no_copy_and_the_next_one_is(tmp_path):
    """robots.txt forbids the German copy: left out for that, it is not counted a copy; the
    French copy after it still is."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "robots.txt").write_text("User-agent: *\nDisallow: /de/\n")
    site, result, report = three_languages(tmp_path)
    assert sorted(site.entries) == [BASE + "en/a/"]
    assert result.copies == 1
    assert "fr/a.md" in report and "Disallow: /de/" in report


def test_list_fallbacks_lists_every_copy_in_no_group(tmp_path):
    site, result, _ = three_languages(tmp_path, list_fallbacks=True)
    assert sorted(site.entries) == [BASE + "de/a/", BASE + "en/a/", BASE + "fr/a/"]
    assert result.copies == 2
    assert all(entry.alternates == {} for entry in site.entries.values())


def test_an_alternate_that_leads_nowhere_is_dropped_and_one_served_or_elsewhere_is_kept(tmp_path, caplog):
    """Checking a built site: an alternate naming no file of it (a 404) is dropped, said at INFO
    with its reason; one naming a file of the site that is not a page of this set (served), or a
    page of another set of the run (`pages_elsewhere`), stays."""
    site_dir = tmp_path / "site"
    for path in ("en/a", "de/a", "fr/a"):
        (site_dir / path).mkdir(parents=True)
        (site_dir / path / "index.html").write_text("<html><head></head><body><main>x</main></body></html>")
    links = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code}/a/">'
        for code in ("en", "de", "fr", "it", "es")
    )
    site = sp.Sitemap(sp.Options(base_url=BASE), site_dir=site_dir)
    site.pages_elsewhere([BASE + "es/a/"])
    with caplog.at_level("INFO", logger="sitemap_plugins"):
        for code in ("en", "de"):
            html = f"<html><head>{links}</head><body><main><p>{code}</p></main></body></html>"
            site.add_page(
                sp.Page(
                    f"{BASE}{code}/a/",
                    source=f"{code}/a.md",
                    html=html,
                    path=str(site_dir / code / "a" / "index.html"),
                )
            )
        result = site.write(site_dir)
    assert sorted(site.entries[BASE + "en/a/"].alternates) == ["de", "en", "es", "fr"]
    dropped = sorted(r.getMessage() for r in caplog.records if r.getMessage().endswith(": dropped"))
    assert dropped == [
        f"sitemap: {code}/a.md ({BASE}{code}/a/): hreflang it names {BASE}it/a/, which is not listed "
        "(no file of the site (a 404)): dropped"
        for code in ("de", "en")
    ]
    assert result.alternates_dropped == 2


def test_pages_handed_over_without_html_or_with_empty_content_are_no_copies(tmp_path):
    """A generator that hands over no HTML (nothing to compare) and a page whose source renders
    to nothing (an empty Markdown file): no words, so no copy of anything; both stay in the group."""
    group = {"en": f"{BASE}en/a/", "de": f"{BASE}de/a/"}
    for pages in (
        [sp.Page(url, alternates=group) for url in group.values()],
        [
            sp.Page(url, alternates=group, html="<html><body></body></html>", content="")
            for url in group.values()
        ],
    ):
        site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
        for page in pages:
            site.add_page(page)
        result = site.write(tmp_path)
        assert sorted(site.entries) == sorted(group.values()) and result.copies == 0


def test_a_copy_in_a_group_of_three_leaves_the_other_two_a_group_whatever_page_comes_first(tmp_path):
    """The home page (in no group) comes first; then English, a German translation and a French
    copy: the copy is left out, English and German stay a group with `x-default`."""
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    site.add_page(sp.Page(BASE, html="<html><body><main><p>Home</p></main></body></html>"))
    bodies = {"en": ORIGINAL, "de": TRANSLATIONS["other words"], "fr": ORIGINAL}
    for language, body in bodies.items():
        html = f"<html><head>{THREE}</head><body>{body}</body></html>"
        site.add_page(sp.Page(f"{BASE}{language}/a/", source=f"{language}/a.md", html=html))
    result = site.write(tmp_path)
    assert sorted(site.entries) == [BASE, BASE + "de/a/", BASE + "en/a/"] and result.copies == 1
    group = {"en": BASE + "en/a/", "de": BASE + "de/a/", "x-default": BASE + "en/a/"}
    assert site.entries[BASE + "en/a/"].alternates == group
    assert site.entries[BASE + "de/a/"].alternates == group


# -- a theme that marks no content region: its frame is what repeats across a language's pages ----

SIDEBAR = {
    "en": "<p>Hello! A plugin for sites in many languages, fast and simple, for sites big and small.</p>",
    "de": "<p>Hallo! Ein Plugin für Seiten in vielen Sprachen, schnell und einfach, für große und kleine.</p>",
}


def _regionless(language: str, post: str, name: str) -> str:
    """polyglot's shape: a sidebar greeting the reader in the page's language, longer than a
    short post, and no element that marks the content; the head names every language's page."""
    links = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{BASE}{code}/{name}/">' for code in SIDEBAR
    )
    return (
        f'<html lang="{language}"><head>{links}</head><body><div class="sidebar">{SIDEBAR[language]}</div>'
        f'<div class="content"><h1>{name}</h1><p>{post}</p></div></body></html>'
    )


def regionless_site(tmp_path, posts: dict[str, dict[str, str]]) -> tuple[sp.Sitemap, sp.WriteResult]:
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for name, texts in posts.items():
        for language, post in texts.items():
            site.add_page(sp.Page(f"{BASE}{language}/{name}/", html=_regionless(language, post, name)))
    return site, site.write(tmp_path)


def test_the_sidebar_every_page_of_a_language_shows_is_frame(tmp_path):
    """Three posts in each language; `b`'s German page shows the English post: a copy, though
    the German sidebar holds more words than the post.  The translated ones stay grouped."""
    site, result = regionless_site(
        tmp_path,
        {
            "a": {"en": "Short post.", "de": "Kurzer Beitrag."},
            "b": {"en": "Another short one.", "de": "Another short one."},
            "c": {"en": "A third.", "de": "Ein dritter."},
        },
    )
    assert f"{BASE}de/b/" not in site.entries and result.copies == 1
    assert set(site.entries[f"{BASE}de/a/"].alternates) == {"en", "de", "x-default"}


def test_what_half_the_pages_or_two_pages_show_is_no_frame(tmp_path):
    """Two pages a language: nothing repeats often enough to be frame, and a copy is not told
    (never a translation taken for a copy)."""
    site, result = regionless_site(
        tmp_path, {"a": {"en": "Short post.", "de": "Kurzer Beitrag."}, "b": {"en": "Same.", "de": "Same."}}
    )
    assert f"{BASE}de/b/" in site.entries and result.copies == 0


def test_a_copy_whose_head_pairs_it_with_no_page_is_told_by_its_words(tmp_path):
    """A listing's second page whose head names the home pages as its translations (polyglot's
    `page2/`): the German one shows the English one's words, so it is a copy."""
    home_links = "".join(f'<link rel="alternate" hreflang="{c}" href="{BASE}{c}/">' for c in ("en", "de"))
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for language in ("en", "de"):
        body = "<main><h1>Posts</h1><p>The first post, and the second post.</p></main>"
        site.add_page(
            sp.Page(
                f"{BASE}{language}/page2/",
                html=f'<html lang="{language}"><head>{home_links}</head><body>{body}</body></html>',
            )
        )
    result = site.write(tmp_path)
    assert (
        f"{BASE}de/page2/" not in site.entries and f"{BASE}en/page2/" in site.entries and result.copies == 1
    )


def test_a_copy_in_another_set_of_the_run_is_told_and_named_by_no_group(tmp_path):
    """A build per language, each its own set (`join_sets`): the German build's page that shows
    the English words is a copy, and the English set's group does not name it."""
    links = "".join(f'<link rel="alternate" hreflang="{c}" href="{BASE}{c}/a/">' for c in ("en", "de"))
    sets = {}
    for language in ("en", "de"):
        sets[language] = sp.Sitemap(sp.Options(base_url=f"{BASE}{language}/", x_default="en"))
        sets[language].add_page(
            sp.Page(
                f"{BASE}{language}/a/",
                html=f'<html lang="{language}"><head>{links}</head><body>{ORIGINAL}</body></html>',
            )
        )
    sets["en"].join_sets([sets["de"]])
    sets["de"].join_sets([sets["en"]])
    german = sets["de"].write(tmp_path / "de")
    english = sets["en"].write(tmp_path / "en")
    assert german.copies == 1 and sets["de"].entries == {}
    assert sets["en"].entries[f"{BASE}en/a/"].alternates == {}
    assert english.alternates_dropped == 1


def test_on_a_regionless_theme_a_translated_title_is_no_copy(tmp_path):
    """As with a content region: a page whose heading is translated shows other words."""
    posts = {
        "a": {"en": "Short post.", "de": "Kurzer Beitrag."},
        "b": {"en": "Another short one.", "de": "Another short one."},
        "c": {"en": "A third.", "de": "Ein dritter."},
    }
    site = sp.Sitemap(sp.Options(base_url=BASE, x_default="en"))
    for name, texts in posts.items():
        for language, post in texts.items():
            html = _regionless(language, post, name)
            if (name, language) == ("b", "de"):
                html = html.replace("<h1>b</h1>", "<h1>Noch einer</h1>")
            site.add_page(sp.Page(f"{BASE}{language}/{name}/", html=html))
    assert site.write(tmp_path).copies == 0 and f"{BASE}de/b/" in site.entries

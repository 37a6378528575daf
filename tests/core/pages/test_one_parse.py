"""A page is read from disk once and parsed once, whatever its reading needs (its facts, and its
words where it joins a language group): counted over a whole `generate --from-dir` of a real site
whose pages are in groups."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from corpus_facts import CORPUS, SITES, extract
from lxml import etree

from sitemap_plugins.command.main import main
from sitemap_plugins.core.pages import html, reading


@pytest.mark.parametrize("name", ["static-i18n-docs", "fastapi-zensical"])
def test_each_page_of_a_whole_generate_is_parsed_once(name: str, tmp_path: Path, monkeypatch: Any) -> None:
    if not (CORPUS / name / "site.tar.gz").is_file():
        pytest.skip(
            f"{CORPUS / name / 'site.tar.gz'} is absent: the corpus is ../shared/corpus beside the checkout"
        )
    site = extract(name, tmp_path)
    parses: Counter[str] = Counter()
    parse = etree.fromstring

    def counted(data: Any, parser: Any = None, **kwargs: Any) -> Any:
        if parser is html._PARSER:  # a page's HTML (other sitemaps' XML has its own parser)
            parses[hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest()] += 1
        return parse(data, parser, **kwargs)

    monkeypatch.setattr(etree, "fromstring", counted)
    opened: Counter[str] = Counter()
    read_bytes = html.read_page_file

    def read_counted(path: str) -> Any:
        opened[path] += 1
        return read_bytes(path)

    monkeypatch.setattr(html, "read_page_file", read_counted)
    worded: list[Any] = []
    words_of = reading.page_text
    monkeypatch.setattr(reading, "page_text", lambda page: worded.append(page) or words_of(page))
    pages = [p for p in site.rglob("*.html") if p.name != "404.html"]
    out = tmp_path / "out"
    code = main(
        [
            "generate",
            "--base-url",
            SITES[name],
            "--out",
            str(out),
            "--from-dir",
            str(site),
            "--jobs",
            "1",
            "-q",
        ]
    )
    assert code == 0
    assert worded, "the site's pages are in language groups: their words are read"
    assert sorted(opened) == sorted(map(str, pages)) and set(opened.values()) == {1}
    twice = {digest: count for digest, count in parses.items() if count > 1}
    assert not twice, f"{len(twice)} pages parsed more than once"
    assert len(parses) == len({p.read_bytes() for p in pages})


def test_a_page_with_its_content_parses_its_content_once(monkeypatch: Any) -> None:
    """The faces' route (MkDocs, Pelican: the page's HTML and the content its source rendered to):
    a translation's content is parsed once for its pictures and its words, and of the page
    around it only the head is parsed."""
    from sitemap_plugins.core.model import Page
    from sitemap_plugins.core.options import Options
    from sitemap_plugins.core.pages.other_sitemaps import OtherSitemaps

    content = "<p>Des mots de la page.</p><p><img src='/figure.png'></p>"
    page = Page(
        url="https://example.com/fr/page/",
        html=f"<html><head><title>Page</title></head><body><nav>menu</nav><main>{content}</main></body></html>",
        content=content,
        alternates={"en": "https://example.com/page/", "fr": "https://example.com/fr/page/"},
    )
    parsed: list[bytes] = []
    parse = etree.fromstring

    def counted(data: Any, parser: Any = None, **kwargs: Any) -> Any:
        if parser is html._PARSER:
            parsed.append(data)
        return parse(data, parser, **kwargs)

    monkeypatch.setattr(etree, "fromstring", counted)
    found = reading.read_page(
        page, Options.from_mapping({"base_url": "https://example.com/"}), OtherSitemaps()
    )
    assert found.text is not None and found.text.digest is not None
    assert found.facts.images == ["https://example.com/figure.png"]
    assert parsed.count(content.encode()) == 1
    assert all(b"<nav>" not in data for data in parsed), "the page around its content is not parsed whole"

"""The official XML schemas (see PROVENANCE.md), loaded offline, and validation against them.

`all-urlset.xsd` pulls the sitemap namespace and every extension into one schema set for urlsets;
`siteindex.xsd` is loaded on its own because it shares the sitemap namespace.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

SCHEMA_DIR = Path(__file__).parent
_XML_XSD = "http://www.w3.org/2001/xml.xsd"


class _Offline(etree.Resolver):
    """xhtml1-strict.xsd imports the W3C's xml.xsd over HTTP: serve the vendored copy."""

    def resolve(self, system_url, public_id, context):  # type: ignore[override]
        if system_url == _XML_XSD:
            return self.resolve_filename(str(SCHEMA_DIR / "xml.xsd"), context)
        return None


def load_schema(path: str | Path) -> etree.XMLSchema:
    """A schema from `path`, resolving the W3C's xml.xsd to the vendored copy (no network)."""
    parser = etree.XMLParser(no_network=True)
    parser.resolvers.add(_Offline())
    return etree.XMLSchema(etree.parse(str(path), parser))


@cache
def schema(name: str) -> etree.XMLSchema:
    return load_schema(SCHEMA_DIR / name)


def schema_errors(data: bytes) -> list[str]:
    """Schema violations of one sitemap or sitemap index (empty when valid), as 'line N: message'."""
    try:
        document = etree.fromstring(data, etree.XMLParser(no_network=True, resolve_entities=False))
    except etree.XMLSyntaxError as error:
        return [f"line {error.lineno}: not well-formed XML: {error.msg}"]
    root = etree.QName(document).localname
    chosen = schema("siteindex.xsd" if root == "sitemapindex" else "all-urlset.xsd")
    try:
        if chosen.validate(document):
            return []
    except etree.XMLSchemaValidateError as error:  # libxml2 gives up on some documents (entities)
        return [f"line {document.sourceline}: cannot be validated ({error})"]
    return [f"line {e.line}: {e.message}" for e in chosen.error_log]  # type: ignore[attr-defined]

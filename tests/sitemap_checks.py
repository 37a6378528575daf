"""Checks every test applies to what it writes: the official schemas, and an independent parser."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

from lxml import etree
from usp.tree import sitemap_from_str

from sitemap_plugins.core.output.schemas import schema_errors

SITEMAP_ROOTS = {"urlset", "sitemapindex"}
NS = {
    "s": "http://www.sitemaps.org/schemas/sitemap/0.9",
    "image": "http://www.google.com/schemas/sitemap-image/1.1",
    "video": "http://www.google.com/schemas/sitemap-video/1.1",
    "news": "http://www.google.com/schemas/sitemap-news/0.9",
    "xhtml": "http://www.w3.org/1999/xhtml",
}


def read(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def is_sitemap(data: bytes) -> bool:
    try:
        root = etree.fromstring(data)
    except etree.XMLSyntaxError:
        return data.lstrip().startswith(b"<?xml") and (b"<urlset" in data or b"<sitemapindex" in data)
    return etree.QName(root).localname in SITEMAP_ROOTS


def sitemap_files(directory: Path) -> list[Path]:
    paths = [p for p in directory.rglob("*") if p.is_file() and p.name.endswith((".xml", ".xml.gz"))]
    return sorted(p for p in paths if is_sitemap(read(p)))


def assert_valid(path: Path) -> None:
    """Schema-valid per the official schemas, and readable by ultimate-sitemap-parser."""
    data = read(path)
    errors = schema_errors(data)
    if errors and is_empty_news_sitemap(path, data):
        return  # the one urlset allowed to be empty (the schema wants a <url>): see below
    assert not errors, f"{path} is not schema-valid:\n" + "\n".join(errors)
    parsed = sitemap_from_str(data.decode("utf-8"))
    assert type(parsed).__name__ in ("PagesXMLSitemap", "IndexXMLSitemap"), (
        f"usp cannot read {path}: {parsed}"
    )
    if path.suffix == ".gz":
        assert data == path.with_suffix("").read_bytes(), f"{path} differs from its .xml"


def is_empty_news_sitemap(path: Path, data: bytes) -> bool:
    """A news sitemap with no article in the window: an empty urlset that declares the news
    namespace, which Google accepts ("an empty news sitemap causes no problem")."""
    root = etree.fromstring(data)
    return (
        path.name.startswith("sitemap-news")
        and etree.QName(root).localname == "urlset"
        and len(root) == 0
        and root.nsmap.get("news") == NS["news"]
    )


def assert_valid_tree(directory: Path) -> list[Path]:
    files = sitemap_files(directory)
    for path in files:
        assert_valid(path)
    return files


def urls(path: Path, news: bool = False) -> list[str]:
    """`loc`s of a urlset, or of every urlset an index lists (read from the same directory).

    News sitemaps repeat pages of the main files, so they are followed only when asked."""
    root = etree.fromstring(read(path))
    locs = [e.text for e in root.iterfind("s:*/s:loc", NS)]
    if etree.QName(root).localname == "urlset":
        return locs
    names = [loc.rsplit("/", 1)[1] for loc in locs]
    # An index may also list feeds (the protocol accepts them); only our own files are followed.
    names = [n for n in names if n.startswith("sitemap") and (news or not n.startswith("sitemap-news"))]
    return [u for name in names for u in urls(path.parent / name)]


def parse(path: Path) -> etree._Element:
    return etree.fromstring(read(path))


def generate_from_dir(site: Path, base: str, *more: str) -> subprocess.CompletedProcess[str]:
    """`sitemap-plugins generate --from-dir SITE --base-url BASE --out SITE MORE...`, as run after
    a generator's build."""
    command = ["generate", "--from-dir", str(site), "--base-url", base, "--out", str(site), *more]
    return subprocess.run([sys.executable, "-m", "sitemap_plugins", *command], capture_output=True, text=True)


def files(root: Path) -> dict[str, bytes]:
    """Every regular file under `root` (not through links) and its bytes, Python's caches aside."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not path.is_symlink() and "__pycache__" not in path.parts
    }


def outside(before: dict[str, bytes], root: Path, out: Path) -> None:
    """Nothing under `root` but in `out` was written, changed or removed."""
    inside = out.relative_to(root).as_posix() + "/"
    after = files(root)
    assert {k: v for k, v in after.items() if not k.startswith(inside)} == {
        k: v for k, v in before.items() if not k.startswith(inside)
    }


def named(out: Path) -> list[str]:
    """Every URL the set in `out` names: its sitemaps' and index's locs, robots.txt's lines."""
    found = [loc.text for path in out.rglob("sitemap*.xml") for loc in parse(path).iterfind(".//s:loc", NS)]
    robots = out / "robots.txt"
    if robots.is_file():
        found += [
            line.split(":", 1)[1].strip()
            for line in robots.read_text().splitlines()
            if line.startswith("Sitemap:")
        ]
    return found


def names_only(out: Path, base: str) -> None:
    """The set names no URL outside `base`, and none a web server reads otherwise than spelled."""
    for url in named(out):
        path = url.split("?")[0].lower().replace("%2e", ".")
        assert url.startswith(base) and "/../" not in path and "/./" not in path, url

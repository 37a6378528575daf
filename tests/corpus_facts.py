"""The facts `generate --from-dir` finds on the real sites of `../shared/corpus/`, as one reviewed,
pinned file per site (`tests/tiers/corpus/pins/<site>.json`), and the differences from those pins as a reader
reads them: URL, field, pinned, now.

What is pinned, per URL (its path under the site's base URL, or the URL itself elsewhere):
listed or left out (with the reason), its lastmod, each image, each video (player, title,
description, thumbnail), its hreflang group, the videos it shows that are not listed and why;
and for the site, the lines the command prints at its default level (the summary and problems).

    .venv/bin/python tests/corpus_facts.py show drf        # the facts now, as JSON
    .venv/bin/python tests/corpus_facts.py pin drf         # write them as the pin (after review)
    .venv/bin/python tests/corpus_facts.py diff drf        # what differs from the pin

A pin is reviewed, not recorded: a change to one says in its commit why the new fact is right.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
PINS = Path(__file__).resolve().parent / "tiers" / "corpus" / "pins"
#: Single real pages, for the tests that read one page (`pages/README.md` there says whose).
CORPUS_PAGES = CORPUS / "pages"
#: For the tests that read the corpus' real pages: without `../shared` they skip, saying why.
needs_corpus_pages = pytest.mark.skipif(
    not CORPUS_PAGES.is_dir(),
    reason=f"{CORPUS_PAGES} is absent: the corpus is ../shared/corpus beside the checkout",
)

#: Each site of the corpus and the base URL its owners publish it at (its README's).
SITES = {
    "drf": "https://www.django-rest-framework.org/",
    "fastapi-users-mike": "https://fastapi-users.github.io/fastapi-users/",
    "fastapi-zensical": "https://fastapi.tiangolo.com/",
    "fullstackpython": "https://www.fullstackpython.com/",
    "static-i18n-docs": "https://ultrabug.github.io/mkdocs-static-i18n/",
    "textual": "https://textual.textualize.io/",
}

NS = {
    "s": "http://www.sitemaps.org/schemas/sitemap/0.9",
    "image": "http://www.google.com/schemas/sitemap-image/1.1",
    "video": "http://www.google.com/schemas/sitemap-video/1.1",
    "xhtml": "http://www.w3.org/1999/xhtml",
}

#: The command, in a process of its own, with each line of its log tagged by its level: the lines
#: it prints at its default level (WARNING and up, and what it prints itself) are told from those
#: `-v` adds (INFO) in one run.
_RUN = """
import logging, os, sys
if os.environ.get("CORPUS_WITHOUT_RULE"):  # a site rule's reach (core/rules/test_site_rules.py)
    import sitemap_plugins.core.rules as rules
    rules.SITE_RULES = tuple(r for r in rules.SITE_RULES if r.name != os.environ["CORPUS_WITHOUT_RULE"])
handler = logging.StreamHandler(sys.stderr)
handler.setFormatter(logging.Formatter("%(levelname)s\\t%(message)s"))
logging.getLogger().addHandler(handler)
logging.getLogger().setLevel(logging.INFO)
from sitemap_plugins.command.main import main
sys.exit(main(sys.argv[1:]))
"""

_LEFT_OUT = re.compile(r"^sitemap: (?:.+ \((\S+)\)|(\S+)) left out: (.*)$")
_UNDESCRIBED = re.compile(
    r"^sitemap: (?:.+ \((\S+)\)|(\S+)): video\[\d+\]: (.*?) has no (.*?), which Google requires"
)


@dataclass
class Run:
    site: Path
    returncode: int
    #: What the command prints at its default level, in order.
    lines: list[str]
    #: What `-v` adds: the INFO lines.
    info: list[str]


def extract(name: str, into: Path) -> Path:
    """The built site of corpus `name`, extracted into `into` (a copy: `generate` writes into it)."""
    with tarfile.open(CORPUS / name / "site.tar.gz") as archive:
        if sys.version_info >= (3, 12):
            archive.extractall(into, filter="tar")
        else:
            archive.extractall(into)
    return into / "site"


def run(name: str, into: Path, without: str | None = None) -> Run:
    """`generate --from-dir --replace-sitemaps -v` on a copy of the site, as its owner would run it
    after their generator's build; `without`: one site rule left out (`rules.SITE_RULES`), to see
    what it does on the site."""
    site = extract(name, into)
    command = [
        sys.executable, "-c", _RUN, "generate", "--base-url", SITES[name], "--out", str(site),
        "--from-dir", str(site), "--replace-sitemaps", "-v",
    ]  # fmt: skip
    env = {**os.environ, "CORPUS_WITHOUT_RULE": without or ""}
    done = subprocess.run(command, capture_output=True, text=True, cwd=into, env=env)
    lines, info = [], []
    for line in (done.stdout + done.stderr).splitlines():
        level, tab, message = line.partition("\t")
        if tab and level == "INFO":
            info.append(message)
        elif tab and level in ("WARNING", "ERROR", "CRITICAL", "DEBUG"):
            lines.append(message)
        else:
            lines.append(line)
    return Run(site, done.returncode, lines, info)


def _read(path: Path) -> Any:
    data = path.read_bytes()
    return etree.fromstring(gzip.decompress(data) if path.suffix == ".gz" else data)


def _urls(index: Path) -> list[Any]:
    """The `<url>`s of `sitemap.xml`, or of every urlset it indexes (in the site's folder)."""
    root = _read(index)
    if etree.QName(root).localname == "urlset":
        return list(root.iterfind("s:url", NS))
    found = []
    for loc in root.iterfind("s:sitemap/s:loc", NS):
        name = loc.text.rsplit("/", 1)[1]
        if name.startswith("sitemap") and not name.startswith("sitemap-news"):
            found += _urls(index.parent / name)
    return found


def facts(name: str, done: Run) -> dict[str, Any]:
    """Every fact of the run, keyed by URL as `short` spells them."""
    base = SITES[name]

    def short(url: str) -> str:
        return "/" + url[len(base) :] if url.startswith(base) else url

    def text(element: Any, path: str) -> str | None:
        found = element.find(path, NS)
        return found.text if found is not None else None

    pages: dict[str, dict[str, Any]] = {}
    for url in _urls(done.site / "sitemap.xml"):
        page: dict[str, Any] = {"listed": True, "lastmod": text(url, "s:lastmod")}
        images = [short(i.text) for i in url.iterfind("image:image/image:loc", NS)]
        if images:
            page["images"] = images
        videos = [
            {
                "player": short(text(v, "video:player_loc") or text(v, "video:content_loc") or ""),
                "title": text(v, "video:title"),
                "description": text(v, "video:description"),
                "thumbnail": short(text(v, "video:thumbnail_loc") or ""),
            }
            for v in url.iterfind("video:video", NS)
        ]
        if videos:
            page["videos"] = videos
        group = {link.get("hreflang"): short(link.get("href")) for link in url.iterfind("xhtml:link", NS)}
        if group:
            page["hreflang"] = dict(sorted(group.items()))
        pages[short(text(url, "s:loc") or "")] = page
    for line in done.info:
        if match := _LEFT_OUT.match(line):
            pages.setdefault(short(match[1] or match[2]), {"listed": False, "left out": match[3]})
        elif match := _UNDESCRIBED.match(line):
            page = pages.setdefault(short(match[1] or match[2]), {})
            page.setdefault("videos not listed", []).append(f"{short(match[3])}: no {match[4]}")
    # Paths of this machine (the documentation's page, the copy's folder) as the same words anywhere.
    lines = [line.replace(str(done.site), "<site>").replace(str(ROOT), "<checkout>") for line in done.lines]
    return {
        "site": name,
        "exit": done.returncode,
        "lines": lines,
        "urls": dict(sorted(pages.items())),
    }


def pin_path(name: str) -> Path:
    return PINS / f"{name}.json"


def dump(found: dict[str, Any]) -> str:
    return json.dumps(found, indent=1, ensure_ascii=False) + "\n"


def differences(pinned: dict[str, Any], now: dict[str, Any]) -> list[tuple[str, str, Any, Any]]:
    """(URL, field, pinned, now) of each fact that changed; a list's items added and removed."""
    found: list[tuple[str, str, Any, Any]] = []
    for field in ("exit", "lines"):
        if pinned.get(field) != now.get(field):
            found += _list_changes("(site)", field, pinned.get(field), now.get(field))
    before, after = pinned["urls"], now["urls"]
    for url in sorted(before.keys() | after.keys()):
        old, new = before.get(url, {}), after.get(url, {})
        for field in sorted(old.keys() | new.keys()):
            if old.get(field) != new.get(field):
                found += _list_changes(url, field, old.get(field), new.get(field))
    return found


def _list_changes(url: str, field: str, old: Any, new: Any) -> list[tuple[str, str, Any, Any]]:
    if isinstance(old, list) and isinstance(new, list):
        gone = [item for item in old if item not in new]
        came = [item for item in new if item not in old]
        if gone or came:
            return [(url, field, item, None) for item in gone] + [(url, field, None, item) for item in came]
        return [(url, field, "(the same items in another order)", None)]
    return [(url, field, old, new)]


def table(changes: list[tuple[str, str, Any, Any]], limit: int = 80) -> str:
    """The differences as rows a reader reads: URL | field | pinned | now."""

    def cell(value: Any) -> str:
        shown = (
            "-"
            if value is None
            else value
            if isinstance(value, str)
            else json.dumps(value, ensure_ascii=False)
        )
        return shown if len(shown) <= 160 else shown[:157] + "..."

    rows = [f"{url} | {field} | pinned: {cell(old)} | now: {cell(new)}" for url, field, old, new in changes]
    more = f"\n... and {len(rows) - limit} more" if len(rows) > limit else ""
    return "\n".join(rows[:limit]) + more


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in ("show", "pin", "diff"):
        print(__doc__, file=sys.stderr)
        return 2
    names = argv[1:] or list(SITES)
    status = 0
    for name in names:
        with tempfile.TemporaryDirectory() as tmp:
            found = facts(name, run(name, Path(tmp)))
        if argv[0] == "show":
            sys.stdout.write(dump(found))
        elif argv[0] == "pin":
            PINS.mkdir(exist_ok=True)
            pin_path(name).write_text(dump(found), encoding="utf-8")
            print(f"{name}: {len(found['urls'])} URLs pinned in {pin_path(name).relative_to(ROOT)}")
        else:
            changes = differences(json.loads(pin_path(name).read_text(encoding="utf-8")), found)
            print(f"{name}: {len(changes)} facts differ from the pin")
            if changes:
                print(table(changes, limit=10_000))
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

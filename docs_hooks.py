"""The options table of docs/options.md, made from the one option schema
(`sitemap_plugins.core.options.Options`): `python3 docs_hooks.py` writes it into the page (where GitHub
shows it too) and `python3 dev.py docs` runs it before the build; tests/project/test_docs.py keeps the two
equal, and as this documentation's MkDocs hook it checks the page at every build.  It lives beside
mkdocs.yml, not in docs/: the wheel carries docs/ (the pages the messages name), not the site's
build hook."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

from sitemap_plugins.core.options import Options

PAGE = Path(__file__).resolve().parent / "docs" / "options.md"
START = "<!-- options table: made from the option schema by `python3 dev.py docs`; edit the schema -->"
END = "<!-- end of the options table -->"
FACE_NAMES = {"mkdocs": "MkDocs", "pelican": "Pelican", "command": "the command"}


def options_table() -> str:
    rows = ["| option | default | what it does |", "| --- | --- | --- |"]
    for field in dataclasses.fields(Options):
        default = _shown(field)
        faces = field.metadata["faces"]
        if faces:
            default += "<br>" + "<br>".join(f"{FACE_NAMES[face]}: {value}" for face, value in faces.items())
        rows.append(f"| `{field.name}` | {default} | {field.metadata['help']} |")
    return "\n".join(rows)


def _shown(field: dataclasses.Field[Any]) -> str:
    if field.default_factory is not dataclasses.MISSING:
        value = field.default_factory()
        return f"`{value}`".replace("'", "") if value else "`[]`"
    if field.default is dataclasses.MISSING:
        return "required"
    if field.default is None:
        return "unset"
    if isinstance(field.default, bool):
        return f"`{str(field.default).lower()}`"
    return f"`{field.default}`"


def with_table(markdown: str) -> str:
    """The page with the table between its markers made anew."""
    before, _, rest = markdown.partition(START)
    _, _, after = rest.partition(END)
    return f"{before}{START}\n{options_table()}\n{END}{after}"


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    if START in markdown and with_table(markdown) != markdown:
        raise SystemExit(
            "docs/options.md: the options table differs from the schema; run python3 dev.py docs"
        )
    return markdown


if __name__ == "__main__":
    PAGE.write_text(with_table(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)

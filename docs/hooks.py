"""MkDocs hook of this documentation: the options table, made from the one option schema
(`sitemap_plugins.options.Options`), so the page cannot drift from the code."""

from __future__ import annotations

import dataclasses
from typing import Any

from sitemap_plugins.options import Options

MARKER = "<!-- options table -->"
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


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return markdown.replace(MARKER, options_table()) if MARKER in markdown else markdown

"""The files a Markdown page is made from besides its own source, found where the extension that
includes them finds them: pymdownx.snippets (`--8<-- "file"`, its block form, `auto_append`, in
its `base_path`), mdx_include (`{! file !}`, in its `base_path`), FastAPI's
markdown-include-variants (`{* ../../docs_src/file.py ln[1:3] *}`, where the build runs, with the
file's variants) and mkdocs-macros (`{% include "file" %}`, in its `include_dir`, then the docs).
Their git history dates the page (`Page.includes`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

_SNIPPET_LINE = re.compile(r"""^[ \t]*-{1,}8<-{1,}[ \t]+(["'])(?P<name>[^"'\n]+)\1[ \t]*$""", re.MULTILINE)
_SNIPPET_FENCE = re.compile(r"^[ \t]*-{1,}8<-{1,}[ \t]*$")
_MDX_INCLUDE = re.compile(r"\{!\s*(?P<name>[^!|}\s][^!|}]*?)\s*!\}")
_VARIANTS = re.compile(r"\{\*\s*(?P<name>[^\s*}]+)")
_MACROS = re.compile(r"""\{%-?\s*include\s+(["'])(?P<name>[^"']+)\1""")
#: A snippet's lines or section after its name: `file.md:3:5`, `file.md:name`.
_SECTION = re.compile(r"(?::[\w-]*){1,2}$")


class Includes:
    """How the site's Markdown includes other files, from its configuration."""

    def __init__(
        self,
        extensions: Sequence[Any],
        configs: Mapping[str, Any],
        base: Path,
        docs_dir: Path,
        macros_include_dir: str | None = None,
    ) -> None:
        """`extensions` and `configs`: mkdocs.yml's markdown_extensions and their settings;
        `base`: where the build runs, which relative base paths are resolved against (as the
        extensions do: the working directory, mkdocs.yml's as a rule); `macros_include_dir`:
        mkdocs-macros' `include_dir`, where its plugin is on."""
        names = {str(extension) for extension in extensions if isinstance(extension, str)}
        self.docs_dir = docs_dir
        self.snippets: list[Path] | None = None
        self.auto_append: list[str] = []
        if "pymdownx.snippets" in names:
            config = configs.get("pymdownx.snippets") or {}
            paths = config.get("base_path", ["."])
            self.snippets = [base / p for p in ([paths] if isinstance(paths, str) else list(paths))]
            self.auto_append = [str(name) for name in config.get("auto_append") or []]
        self.mdx_include: Path | None = None
        if "mdx_include" in names:
            self.mdx_include = base / str((configs.get("mdx_include") or {}).get("base_path", "."))
        self.variants = "markdown_include_variants" in names
        self.base = base
        self.macros = [base / macros_include_dir, docs_dir] if macros_include_dir is not None else None

    @property
    def any(self) -> bool:
        return bool(self.snippets is not None or self.mdx_include or self.variants or self.macros)

    def of(self, markdown: str, source: Path) -> list[str]:
        """The files `markdown` (the page's, from `source`) includes that are there, in order."""
        found: list[Path] = []
        if self.snippets is not None:
            names = [*self.auto_append]
            if "8<" in markdown:
                names += [m["name"] for m in _SNIPPET_LINE.finditer(markdown)] + _snippet_blocks(markdown)
            found += [p for name in names if (p := _snippet(self.snippets, name)) is not None]
        if self.mdx_include is not None and "{!" in markdown:
            found += [self.mdx_include / m["name"] for m in _MDX_INCLUDE.finditer(markdown)]
        if self.variants and "{*" in markdown:
            found += [path for m in _VARIANTS.finditer(markdown) for path in _variants(self.base / m["name"])]
        if self.macros is not None and "include" in markdown:
            for match in _MACROS.finditer(markdown):
                found += [d / match["name"] for d in self.macros if (d / match["name"]).is_file()][:1]
        files = [str(path.resolve()) for path in found if not str(path).startswith(("http:", "https:"))]
        return [path for path in dict.fromkeys(files) if Path(path).is_file()]


def _snippet_blocks(markdown: str) -> list[str]:
    """The names in snippets' block form: a `--8<--` line, a name per line, a `--8<--` line."""
    names: list[str] = []
    inside = False
    for line in markdown.splitlines():
        if _SNIPPET_FENCE.match(line):
            inside = not inside
        elif inside and line.strip() and not line.lstrip().startswith(";"):
            names.append(line.strip())
    return names


def _snippet(bases: list[Path], name: str) -> Path | None:
    """Where pymdownx.snippets finds `name`: the first base path holding it (a base that is a
    file is the snippet of that name), its lines or section (`:3:5`, `:name`) aside."""
    if name.startswith(("http:", "https:")) or name.lstrip().startswith(";"):
        return None
    for candidate in (name, _SECTION.sub("", name)):
        for base in bases:
            if base.is_file():
                if base.name == Path(candidate).name:
                    return base
                continue
            path = base / candidate
            if path.is_file():
                return path
    return None


def _variants(path: Path) -> list[Path]:
    """The files markdown-include-variants shows for `path`: its variants for other Python
    versions (`_py310`, `_an_py39`, ...), by the extension's own rule where it is installed."""
    try:
        from markdown_include_variants._main import calculate_variants  # type: ignore[import-not-found]
    except ImportError:
        return [path]
    try:
        variants = calculate_variants(path)
    except Exception:  # an extension's internals: whatever it raises, the file named is enough
        return [path]
    return [path, *(variant.path for variant in variants.values() if getattr(variant, "path", None))]

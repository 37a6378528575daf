"""Option `transform`: the owner's own function, given each entry and the page it came from.

`transform: "module:function"` names a function importable from the site (its configuration
file's directory is searched first), `transform: "path/to/file.py:function"` one in a file
relative to the configuration file, as MkDocs' `hooks:` are.  The function runs before
validation: what it returns is checked like any other entry, and `None` leaves the page out.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sitemap_plugins.core.errors import ConfigError, Reporter, SitemapError, shown
from sitemap_plugins.core.model import Entry, Page

#: The kind of page the report and the summary count as left out by the owner's function.
LEFT_OUT = "transform"


class Transform:
    """The function of option `transform`, loaded once."""

    def __init__(self, spec: str | Callable[..., Any], config_dir: str | Path | None = None) -> None:
        """`spec`: where the function is (the option's value), or the function itself
        (pelicanconf.py is Python); `config_dir`: where a relative spec is looked for."""
        if callable(spec):
            self.function = spec
            self.spec = _name_of(spec)
        else:
            self.spec = spec.strip()
            self.function = _load(self.spec, Path(config_dir) if config_dir is not None else None)

    def __call__(self, entry: Entry, page: Page | None, report: Reporter) -> tuple[Entry | None, bool]:
        """The entry as the function returns it (None: left out), and whether it changed it.
        What is not an entry is reported, and the entry kept as it was; an exception in the
        function fails the build, with its own traceback: it is the owner's code."""
        before = copy.deepcopy(entry)
        try:
            returned = self.function(entry, page)
        except Exception as error:
            raise SitemapError(
                f"sitemap: transform {self.spec} failed on {before.label}: "
                f"{type(error).__name__}: {error}\n{_their_traceback(error)}"
            ) from None
        if returned is None:
            return None, True
        if not isinstance(returned, Entry):
            report(
                before.label,
                "transform",
                f"{self.spec} returned {shown(returned)}, not an Entry or None; the entry is kept as it was",
            )
            return before, False
        return returned, returned != before


def _name_of(function: Callable[..., Any]) -> str:
    """`module.function`; a function of a configuration file that is run, not imported (Sphinx's
    conf.py: no module of its own), by that file's name: `conf.py: shape`."""
    name = getattr(function, "__qualname__", function)
    module = getattr(function, "__module__", "?")
    code = getattr(function, "__code__", None)
    if module is None and code is not None:
        return f"{Path(code.co_filename).name}: {name}"
    return f"{module}.{name}"


def transform_of(spec: str | Callable[..., Any] | None, config_dir: str | Path | None) -> Transform | None:
    """Option `transform` loaded, or None when it is unset."""
    return Transform(spec, config_dir) if spec else None


def _load(spec: str, config_dir: Path | None) -> Callable[..., Any]:
    where, colon, name = spec.strip().rpartition(":")
    if not colon or not where or not name.isidentifier():
        raise ConfigError(
            f"option 'transform': {shown(spec)} is not 'module:function' nor 'path/to/file.py:function'"
        )
    base = config_dir or Path.cwd()
    if where.endswith(".py") or "/" in where or "\\" in where:
        module = _module_from_file(spec, base / Path(where).expanduser())
    else:
        module = _module_by_name(spec, where, base)
    function = getattr(module, name, None)
    if not callable(function):
        raise ConfigError(f"option 'transform': {shown(spec)}: {where} has no function {name}")
    return function


def _module_from_file(spec: str, path: Path) -> Any:
    if not path.is_file():
        raise ConfigError(f"option 'transform': {shown(spec)}: there is no file {path}")
    name = f"sitemap_transform_{path.stem}"
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise ConfigError(f"option 'transform': {shown(spec)}: {path} cannot be imported as Python")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module  # as MkDocs' hooks: dataclasses and pickling look the module up
    _run(spec, lambda: module_spec.loader.exec_module(module))  # type: ignore[union-attr]
    return module


def _module_by_name(spec: str, name: str, base: Path) -> Any:
    # Importable from the site: its configuration's directory first, as a hook's neighbours are.
    added = str(base.resolve()) not in sys.path
    if added:
        sys.path.insert(0, str(base.resolve()))
    try:
        if importlib.util.find_spec(name.partition(".")[0]) is None:
            raise ConfigError(
                f"option 'transform': {shown(spec)}: no module {name} in {base} nor on the Python path"
            )
        return _run(spec, lambda: importlib.import_module(name))
    finally:
        if added:
            sys.path.remove(str(base.resolve()))


def _run(spec: str, load: Callable[[], Any]) -> Any:
    """Import the owner's module; an error in it is named with its own traceback."""
    try:
        return load()
    except Exception as error:
        raise ConfigError(
            f"option 'transform': {shown(spec)} failed to import: {type(error).__name__}: {error}\n"
            f"{_their_traceback(error)}"
        ) from None


def _their_traceback(error: BaseException) -> str:
    """The traceback from the owner's code on: our own frames above it are not theirs."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = Path(__file__).resolve().parent.parent
    theirs = [frame for frame in frames if not Path(frame.filename).resolve().is_relative_to(ours)]
    theirs = [frame for frame in theirs if "importlib" not in frame.filename]
    lines = traceback.format_list(theirs or frames)
    return "Traceback (most recent call last):\n" + "".join(lines).rstrip()

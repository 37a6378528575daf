"""The package's one door (`sitemap_plugins`): every name it lists is there, and a generator's
build imports none of the command's own rooms (checking a set, IndexNow, cleaning), which it
never uses: they are imported where a name of theirs is first asked for."""

from __future__ import annotations

import subprocess
import sys

import sitemap_plugins

COMMAND_ONLY = (
    "sitemap_plugins.core.check",
    "sitemap_plugins.core.live_check",
    "sitemap_plugins.core.indexnow",
    "sitemap_plugins.core.output.clean",
)


def test_every_name_the_door_lists_is_there():
    missing = [name for name in sitemap_plugins.__all__ if getattr(sitemap_plugins, name, None) is None]
    assert missing == []


def test_a_face_imports_none_of_the_commands_rooms():
    """What MkDocs, Pelican and Sphinx import of us, each in a fresh interpreter."""
    for face in ("sitemap_plugins.mkdocs.plugin", "sitemap_plugins.pelican", "sitemap_plugins.sphinx"):
        code = f"import sys, {face}; print([m for m in {COMMAND_ONLY!r} if m in sys.modules])"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert done.stdout.strip() == "[]", (face, done.stdout, done.stderr)


def test_an_unknown_name_is_an_attribute_error():
    try:
        sitemap_plugins.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("no AttributeError")

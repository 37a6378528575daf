"""One option schema (`options.Options`): each face that reads options is held to it here, so
that a name, a default or a help text cannot differ between mkdocs.yml, `SITEMAP`, the command
and the docs."""

from __future__ import annotations

import dataclasses

import pytest

from sitemap_plugins.command.main import SPECIAL, _parser
from sitemap_plugins.core.options import FACES, Options

FIELDS = {field.name: field for field in dataclasses.fields(Options)}
#: Options a face has that the core has not (MkDocs: the plugin's switch, URLs MkDocs does not build).
MKDOCS_ONLY = {"enabled", "extra_urls"}


def _default(field: dataclasses.Field) -> object:
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return field.default


def test_every_option_says_what_it_does_and_each_face_default_is_for_a_face():
    for name, field in FIELDS.items():
        assert field.metadata["help"].strip(), f"{name} has no help"
        assert set(field.metadata["faces"]) <= set(FACES), name


def test_mkdocs_yml_declares_the_schemas_options_with_its_defaults():
    pytest.importorskip("mkdocs")
    from sitemap_plugins.mkdocs.config import SitemapConfig

    declared = dict(SitemapConfig._schema)
    assert set(declared) == set(FIELDS) | MKDOCS_ONLY
    for name, field in FIELDS.items():
        if name == "base_url":
            continue  # site_url unless set
        default = declared[name].default
        if "mkdocs" in field.metadata["faces"]:
            assert default is True, (
                f"{name}: MkDocs' default is said to be {field.metadata['faces']['mkdocs']}"
            )
        elif name == "news":
            assert default is None and _default(field) is None
        elif name == "rules":
            assert default == [] == _default(field)
        else:
            assert default == _default(field), name


def test_pelicans_sitemap_setting_has_the_schemas_defaults():
    from sitemap_plugins.pelican.config import read_settings

    read = read_settings({"SITEMAP": {}, "DEFAULT_LANG": "de", "TIMEZONE": "Europe/Berlin"}, "https://e.com/")
    for name, field in FIELDS.items():
        value = getattr(read.options, name)
        if name == "base_url":
            assert value == "https://e.com/"
        elif name in ("x_default", "timezone"):
            assert field.metadata["faces"]["pelican"] in ("DEFAULT_LANG", "TIMEZONE")
            assert value == {"x_default": "de", "timezone": "Europe/Berlin"}[name]
        else:
            assert value == _default(field), name


def test_every_option_is_a_flag_of_generate_with_the_schemas_help():
    generate = _parser()._subparsers._group_actions[0].choices["generate"]
    flags = {action.dest: action for action in generate._actions}
    for name, field in FIELDS.items():
        if name in SPECIAL:
            continue
        assert name in flags, f"--{name.replace('_', '-')} is missing"
        assert flags[name].help.startswith(field.metadata["help"].replace("`", "").rstrip(".")), name

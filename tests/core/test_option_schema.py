"""One option schema (`options.Options`): each face that reads options is held to it here, so
that a name, a default or a help text cannot differ between mkdocs.yml, `SITEMAP`, the command
and the docs."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from command_runs import run as _command
from mkdocs_helpers import copy_sample, edit_config, mkdocs
from pelican_helpers import pelican
from sitemap_checks import files, generate_from_dir, outside
from small_sites import page, pelican_project, said_by

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


def test_a_mistyped_option_is_named_with_the_one_meant_on_every_face(tmp_path):
    """mkdocs.yml, Pelican's SITEMAP (every bad key at once) and the command's --config file name
    a mistyped option with the option it is a slip for."""
    project = copy_sample("mkdocs-features", tmp_path)

    def configure(config):
        sitemap = next(p for p in config["plugins"] if isinstance(p, dict) and "sitemap" in p)["sitemap"]
        sitemap.update(gzpi=True, extra_url=[])

    edit_config(project, configure)
    done = mkdocs(project)
    said = done.stderr
    assert (
        "WARNING -  Config value 'plugins': Plugin 'sitemap' option 'gzpi': Unrecognised configuration "
        "name: gzpi (did you mean gzip?)"
    ) in said
    assert "option 'extra_url': Unrecognised configuration name: extra_url (did you mean extra_urls?)" in said
    # MkDocs' warning, as docs/options.md promises: the build goes on without the names (#78),
    # and `--strict` fails on it.
    assert done.returncode == 0 and "ERROR" not in said and (project / "site" / "sitemap.xml").is_file()
    assert mkdocs(project, "--strict").returncode == 1

    blog = tmp_path / "blog"
    (blog / "content").mkdir(parents=True)
    (blog / "content" / "a.md").write_text("Title: A\nDate: 2024-01-01\n\nA.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://blog.example.com"\nPATH = "content"\nTIMEZONE = "UTC"\n'
        'PLUGINS = ["sitemap_plugins.pelican"]\n'
        'SITEMAP = {"gzpi": True, "max_urls": 0, "feeds": "yes", "priorities": {"articles": 3}}\n'
    )
    done = pelican(blog)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode != 0 and "Traceback" not in said
    for part in (
        "unknown sitemap option(s) gzpi (did you mean gzip?)",
        "option 'max_urls': must be a whole number from 1 to 50,000, got 0",
        "SITEMAP['feeds'] must be True or False, got 'yes'",
        "SITEMAP['priorities']['articles']: 3 is not a number from 0 to 1",
    ):
        assert part in said, said

    config = tmp_path / "sitemap.toml"
    config.write_text("gzpi = true\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>x</title></head><body>x</body></html>")
    run = _command("generate", "--base-url", "https://example.com/", "--out", str(site), "--from-dir", str(site),
                   "--config", str(config))  # fmt: skip
    assert run.returncode == 2
    assert "unknown sitemap option(s) gzpi (did you mean gzip?)" in run.stderr


BASE = "https://example.com/"


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    return site


@pytest.mark.slow
@pytest.mark.parametrize("key, shown", [("1", "1"), ("None", "None"), ("('a', 'b')", "('a', 'b')")])
def test_pelican_an_option_name_that_is_not_text_is_named_as_an_unknown_option(tmp_path, key, shown):
    project = pelican_project(tmp_path, f'SITEURL = "https://example.com"\nSITEMAP = {{{key}: 2}}\n')
    before = files(tmp_path)
    done = pelican(project)
    said = said_by(done)
    assert done.returncode == 1 and "Traceback" not in said and "TypeError" not in said, said
    assert said.count("CRITICAL") == 1
    assert (
        f"CRITICAL ConfigError: SITEMAP: unknown sitemap option(s) {shown}; known options: base_url," in said
    )
    outside(before, tmp_path, project / "output")
    assert not list((project / "output").glob("sitemap*"))


def test_a_config_file_option_name_that_is_not_text_is_named_as_an_unknown_option(tmp_path):
    site = _site(tmp_path)
    (tmp_path / "sitemap.yml").write_text("null: 3\n1: 2\n")
    before = files(tmp_path)
    done = generate_from_dir(site, BASE, "--config", str(tmp_path / "sitemap.yml"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "sitemap-plugins: unknown sitemap option(s) 1, None; known options: base_url,"
    )
    assert files(tmp_path) == before

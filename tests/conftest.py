from __future__ import annotations

from pathlib import Path

import pytest
from sitemap_checks import assert_valid_tree

import sitemap_plugins as sp

BASE = "https://example.com/"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "invalid_output: the test writes invalid sitemaps on purpose (skips the schema sweep)"
    )


@pytest.fixture(autouse=True)
def _every_sitemap_is_schema_valid(request: pytest.FixtureRequest, tmp_path: Path):
    """Whatever sitemap a test leaves under its tmp_path is validated against the official schemas."""
    yield
    if request.node.get_closest_marker("invalid_output") is None:
        assert_valid_tree(tmp_path)


@pytest.fixture(autouse=True)
def _templates_compiled_afresh():
    """Each test starts with no template compiled, as a build's process does (`render` keeps the
    code of the templates it compiled for the rest of the process)."""
    from sitemap_plugins import render

    render._CHUNK_CODE.clear()
    for cache in render._COMPILED.values():
        cache.code.clear()


@pytest.fixture
def templates_not_precompiled(monkeypatch, tmp_path_factory):
    """Our templates compiled as a user's are, as they are with a Jinja they were not made for
    (`render.PRECOMPILED_FOR` empty)."""
    from sitemap_plugins import render

    monkeypatch.setattr(render, "PRECOMPILED_FOR", tmp_path_factory.mktemp("no-precompiled"))
    render._load_precompiled.cache_clear()
    yield
    render._load_precompiled.cache_clear()


@pytest.fixture
def options():
    def make(**values) -> sp.Options:
        return sp.Options(**{"base_url": BASE, **values})

    return make


@pytest.fixture
def messages():
    """Collects the problem messages a Sitemap emits."""
    return []


@pytest.fixture
def sitemap(options, messages):
    def make(**values) -> sp.Sitemap:
        return sp.Sitemap(options(**values), emit=messages.append)

    return make

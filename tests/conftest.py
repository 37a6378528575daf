from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sitemap_checks import assert_valid_tree

import sitemap_plugins as sp
from sitemap_plugins.core import normalize

BASE = "https://example.com/"


def pytest_configure(config: pytest.Config) -> None:
    # The tests read the words the tools print. A runner's FORCE_COLOR (CI sets it, even empty, which
    # Sphinx reads as "colour") would wrap them in escape codes: the builds the tests start print plain.
    for forcing in ("FORCE_COLOR", "FORCE_COLOUR", "CLICOLOR_FORCE", "TTY_COMPATIBLE"):
        os.environ.pop(forcing, None)
    os.environ["NO_COLOR"] = "1"
    config.addinivalue_line(
        "markers", "invalid_output: the test writes invalid sitemaps on purpose (skips the schema sweep)"
    )
    config.addinivalue_line("markers", "browser: drives Chromium (skipped, saying why, where there is none)")
    config.addinivalue_line(
        "markers",
        "slow: builds real sites (MkDocs, Pelican, Zensical, mike, Hugo, Sphinx); -m 'not slow' leaves them",
    )
    config.addinivalue_line(
        "markers", "corpus: the real sites of ../shared/corpus, every fact held to its pin (tests/tiers/corpus/pins/)"
    )
    config.addinivalue_line(
        "markers",
        "environment: a build as users run it (shallow checkout, SOURCE_DATE_EPOCH, Read the Docs, "
        "dev server, second run, build order), compared with the same site built once from a full clone",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under mutation testing, the fastest tests first (by the durations mutmut measured): a
    mutant is killed by the first test that fails on it, most often a unit test of milliseconds,
    and a run of thousands of mutants then fits in an afternoon."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    try:
        durations = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.fixture(autouse=True)
def _dates_and_language_codes_are_parsed_anew():
    """Each test's dates and language codes are parsed by the code under test, not taken from the
    memo another test filled (which would also hide a changed parser from mutation testing)."""
    normalize._parse_date_text.cache_clear()
    normalize.normalize_hreflang.cache_clear()


@pytest.fixture(autouse=True)
def _every_sitemap_is_schema_valid(request: pytest.FixtureRequest, tmp_path: Path):
    """Whatever sitemap a test leaves under its tmp_path is validated against the official schemas."""
    yield
    if request.node.get_closest_marker("invalid_output") is None:
        assert_valid_tree(tmp_path)


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

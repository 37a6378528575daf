"""The command tunes the garbage collector for its own run (a large site's pages live to its end)
and gives the process back as it found it: a program that runs it in its own process (a test,
a build script) keeps its own settings."""

from __future__ import annotations

import gc

from sitemap_plugins.command.main import main


def test_the_collector_is_as_it_was_after_the_command(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        "<!doctype html><html lang='en'><head><title>Home</title></head><body></body></html>"
    )
    before = gc.get_threshold()
    assert main(["generate", "--from-dir", str(site), "--base-url", "https://example.com/", "-q"]) == 0
    assert (site / "sitemap.xml").is_file()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0

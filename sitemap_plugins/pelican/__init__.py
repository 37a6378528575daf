"""Pelican plugin: `PLUGINS = ["sitemap_plugins.pelican"]` in pelicanconf.py, settings in `SITEMAP`."""

from __future__ import annotations


def register() -> None:
    """Called by Pelican for every run (i18n_subsites runs one per subsite); connecting the same
    module-level handlers again is a no-op in blinker."""
    from pelican import signals

    from sitemap_plugins.pelican import plugin

    signals.get_generators.connect(plugin.on_get_generators)
    signals.content_written.connect(plugin.on_content_written)
    signals.feed_written.connect(plugin.on_feed_written)
    signals.static_generator_finalized.connect(plugin.on_static_generator_finalized)
    signals.finalized.connect(plugin.on_finalized)

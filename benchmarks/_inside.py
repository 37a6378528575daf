"""One build, run in this process with its sitemap's work timed.

    python benchmarks/_inside.py mkdocs|pelican SITE_ROOT [ours|peer]

`ours` (the default) times our plugin's handlers and its import; `peer` times the sitemap the
benchmark compares us with, in a build configured for it: MkDocs' built-in sitemap.xml (its
render and gzip) or pelican-sitemap (its handlers and import).  Prints, as JSON, that CPU and wall
time, the build's own totals, and its children's CPU (git).  A share
measured inside one build does not move with the host's speed, which changes a whole build's time
by 15% from one build to the next; what it leaves out is any cost a plugin puts on the generator's
own code (caches), which only the alternated builds see.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

spent = {"cpu": 0.0, "wall": 0.0}
#: CPU seconds by handler
handlers: dict[str, float] = {}


def timed(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            used = time.process_time() - cpu
            spent["cpu"] += used
            spent["wall"] += time.perf_counter() - wall
            handlers[function.__name__] = handlers.get(function.__name__, 0.0) + used

    return wrapper


def build_mkdocs() -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # What any build imports, before ours is timed.
    for module in (
        "mkdocs.commands.build",
        "mkdocs.config.defaults",
        "mkdocs.plugins",
        "mkdocs.structure.nav",
    ):
        importlib.import_module(module)

    plugin = timed_import("sitemap_plugins.mkdocs.plugin")
    for name in ("on_startup", "on_config", "on_pre_build", "on_files", "on_post_page", "on_post_build"):
        if hasattr(plugin.SitemapPlugin, name):
            setattr(plugin.SitemapPlugin, name, timed(getattr(plugin.SitemapPlugin, name)))
    run_mkdocs()


def build_mkdocs_peer() -> None:
    """MkDocs' built-in sitemap: rendering the theme's sitemap.xml and gzipping it."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import mkdocs.commands.build

    theme_template = mkdocs.commands.build._build_theme_template
    timed_template = timed(theme_template)

    def build_theme_template(name: str, *args: Any) -> None:
        (timed_template if name == "sitemap.xml" else theme_template)(name, *args)

    mkdocs.commands.build._build_theme_template = build_theme_template
    run_mkdocs()


def run_mkdocs() -> None:
    """`mkdocs build` of the mkdocs.yml here, as the command runs it."""
    import mkdocs.commands.build
    from mkdocs.config import load_config

    config = load_config("mkdocs.yml", site_dir="site")
    config.plugins.on_startup(command="build", dirty=False)
    mkdocs.commands.build.build(config)
    config.plugins.on_shutdown()


def build_pelican() -> None:
    import pelican

    plugin = timed_import("sitemap_plugins.pelican.plugin")
    for name in dir(plugin):
        if name.startswith("on_"):  # the signal handlers, connected when Pelican registers us
            setattr(plugin, name, timed(getattr(plugin, name)))
    pelican.main(["-q", "-s", "pelicanconf.py", "-o", "output", "content"])


def build_pelican_peer() -> None:
    """pelican-sitemap: its import and the handlers it connects to Pelican's signals."""
    import pelican

    plugin = timed_import("pelican.plugins.sitemap.sitemap")
    for name in ("init", "queue_page", "finalize"):  # bound to its instance when Pelican registers it
        setattr(plugin.SitemapGenerator, name, timed(getattr(plugin.SitemapGenerator, name)))
    pelican.main(["-q", "-s", "pelicanconf.py", "-o", "output", "content"])


def timed_import(name: str) -> Any:
    return timed(importlib.import_module)(name)


def main() -> None:
    generator, root, which = [*sys.argv[1:], "ours"][:3]
    os.chdir(root)
    start = time.perf_counter()
    builds = {
        ("mkdocs", "ours"): build_mkdocs,
        ("mkdocs", "peer"): build_mkdocs_peer,
        ("pelican", "ours"): build_pelican,
        ("pelican", "peer"): build_pelican_peer,
    }
    builds[generator, which]()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        json.dumps(
            {
                "sitemap_cpu": spent["cpu"],
                "sitemap_wall": spent["wall"],
                "build_cpu": own.ru_utime + own.ru_stime,
                "build_wall": time.perf_counter() - start,
                "children_cpu": children.ru_utime + children.ru_stime,
                "handlers": handlers,
            }
        )
    )


if __name__ == "__main__":
    main()

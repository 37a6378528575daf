"""pelican-sitemap left in `PLUGINS` beside this plugin, as after a switch that changed one line too few.

Both write `sitemap.xml` when Pelican's run ends (`finalized`), and which of the two writes last is
the order blinker happens to call them in: one set's file is silently replaced by the other's, and
the manifest names a file that is no longer ours.  So pelican-sitemap's write is taken out of the
run, and one WARNING says what to remove: the build writes what it would with pelican-sitemap gone.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Iterable
from typing import Any

log = logging.getLogger(__name__)

#: pelican-sitemap's module (`pip install pelican-sitemap`; `PLUGINS = ["sitemap"]` or its full name).
PELICAN_SITEMAP = "pelican.plugins.sitemap"
_said = False


def stop_pelican_sitemap() -> None:
    """Where pelican-sitemap waits for the end of the run, it no longer does: said in one WARNING.
    Called as each run starts: each i18n subsite registers its plugins, and pelican-sitemap
    connects again (said once in a process: `pelican --autoreload` builds again and again)."""
    global _said
    from pelican import signals

    theirs = [receiver for receiver in _receivers(signals.finalized) if _is_pelican_sitemaps(receiver)]
    if not theirs:
        return
    for receiver in theirs:
        signals.finalized.disconnect(receiver)
    if _said:
        return
    _said = True
    log.warning(
        "sitemap: pelican-sitemap is in PLUGINS beside sitemap_plugins.pelican, and both write "
        "sitemap.xml: pelican-sitemap's is not written, this plugin's set is; remove pelican-sitemap "
        'from PLUGINS ("sitemap" or "pelican.plugins.sitemap"): a SITEMAP written for it keeps '
        "its meaning here (the documentation's migrating.md)"
    )


def _receivers(signal: Any) -> Iterable[Any]:
    """The live receivers of a blinker signal (one weakly referenced, as bound methods are, resolved)."""
    for receiver in list(getattr(signal, "receivers", {}).values()):
        live = receiver() if isinstance(receiver, weakref.ref) else receiver
        if live is not None:
            yield live


def _is_pelican_sitemaps(receiver: Any) -> bool:
    owner = getattr(receiver, "__self__", None)  # pelican-sitemap's receivers are its generator's methods
    module = getattr(type(owner) if owner is not None else receiver, "__module__", "")
    return isinstance(module, str) and (module == PELICAN_SITEMAP or module.startswith(PELICAN_SITEMAP + "."))

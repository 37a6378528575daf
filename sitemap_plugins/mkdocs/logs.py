"""The core's lines, said through MkDocs' logger while MkDocs runs."""

from __future__ import annotations

import logging

# Warnings under the "mkdocs" logger count for `mkdocs build --strict`.
log = logging.getLogger("mkdocs.plugins.sitemap")


class _ToMkDocs(logging.Handler):
    """The core's lines, said through MkDocs' logger: a line about the whole build at INFO, as
    MkDocs shows it; a line about one page (left out, and why) at DEBUG, shown by `mkdocs -v`."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno == logging.INFO and not getattr(record, "build_wide", False):
            # A copy: the record is also what the core logger's other handlers see.
            record = logging.makeLogRecord({**vars(record), "levelno": logging.DEBUG, "levelname": "DEBUG"})
        if log.isEnabledFor(record.levelno):
            log.handle(record)


_CORE_LOG = logging.getLogger("sitemap_plugins")
_TO_MKDOCS = _ToMkDocs()


def core_lines_through_mkdocs(on: bool) -> None:
    """While MkDocs runs, the core's lines reach the user through MkDocs' logger alone (which
    decides what it shows): not also through the root logger, where any package that called
    `logging.basicConfig()` would print them a second time, DEBUG lines included."""
    if on:
        _CORE_LOG.addHandler(_TO_MKDOCS)  # once: a handler is added at most once
        _CORE_LOG.setLevel(logging.DEBUG)
    else:
        _CORE_LOG.removeHandler(_TO_MKDOCS)
        _CORE_LOG.setLevel(logging.NOTSET)
    _CORE_LOG.propagate = not on

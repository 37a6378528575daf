"""Exceptions and the problem report, shared by the core and the faces."""

from __future__ import annotations

import contextlib
import difflib
import logging
import re
import reprlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

log = logging.getLogger("sitemap_plugins")


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother = 2, 200, 200
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = 6


def slip_for(name: str, known: Iterable[str]) -> str | None:
    """The known name `name` is most likely a slip for (`gzip` for `gzpi`), if any is close."""
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return close[0] if close else None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`name`, with the known name it is most likely a slip for: `gzpi (did you mean gzip?)`."""
    close = slip_for(name, known)
    return f"{name} (did you mean {close}?)" if close else name


#: The user information of a URL (`scheme://user:password@`): its password is never shown.
_CREDENTIALS = re.compile(r"(?<=://)([^/?#@\s:'\"]*):[^/?#\s'\"]*@")


def masked(text: str) -> str:
    """`text` with every URL's password shown as `***` (`https://user:***@host/`): a message, the
    report and JSON output say what was refused without publishing what must stay secret."""
    return _CREDENTIALS.sub(r"\1:***@", text) if "@" in text else text


class _MaskCredentials(logging.Filter):
    """Every line of the package's logger, with its URLs' passwords masked (`masked`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "@" in message:
            record.msg, record.args = masked(message), None
        return True


log.addFilter(_MaskCredentials())


def shown(value: object) -> str:
    """A value as messages quote it (its repr), cut short: a value from YAML can be an alias
    graph that expands to billions of items, and a message must not walk it."""
    return _SHOWN.repr(value)


class SitemapError(Exception):
    """The build cannot produce a correct sitemap set (a `strict` problem, bad options).  Its
    message shows no password (`masked`): every face prints it as it is, not through our logger."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(masked(arg) if isinstance(arg, str) else arg for arg in args))


class ConfigError(SitemapError):
    """An option has a value the user must fix; the message names the option."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one entry: which entry, which field, what, and what was done."""

    subject: str
    field: str
    message: str

    def __post_init__(self) -> None:
        for name in ("subject", "message"):
            object.__setattr__(self, name, masked(getattr(self, name)))

    def __str__(self) -> str:
        return f"{self.subject}: {self.field}: {self.message}"


class StrictError(SitemapError):
    def __init__(self, problems: list[Problem]) -> None:
        # Each problem was said as it was met (`Reporter`): counted here, not said twice.
        self.problems = problems
        count = f"{len(problems)} problem" + ("" if len(problems) == 1 else "s")
        super().__init__(f"sitemap: {count} and 'strict' is on, so nothing was written")


class Reporter:
    """Collects problems and passes each to `emit` (a logger's warning by default).

    Adapters hand in their generator's logger so that `mkdocs build --strict` and Pelican's
    `--fatal warnings` see the problems as their own.
    """

    def __init__(self, strict: bool = False, emit: Callable[[str], None] | None = None) -> None:
        self.strict = strict
        self.problems: list[Problem] = []
        self._emit = emit or log.warning
        self._said: set[Problem] = set()
        #: Said after each problem's message while set: whose value it was (`attributed`).
        self._whose = ""

    def __call__(self, subject: str, field: str, message: str) -> None:
        """One problem, said and counted once however often it is met (a page written twice):
        the counts agree with what a generator shows, which drops a repeated line (Pelican)."""
        problem = Problem(subject, field, message + self._whose)
        if problem in self._said:
            return
        self._said.add(problem)
        self.problems.append(problem)
        self._emit(f"sitemap: {problem}")

    @contextlib.contextmanager
    def attributed(self, whose: str | None) -> Iterator[None]:
        """The problems found meanwhile are in values `whose` gave (the owner's `transform`):
        each message says so, so that the owner knows where to mend it."""
        self._whose = f" ({whose})" if whose else ""
        try:
            yield
        finally:
            self._whose = ""

    def notice(self, message: str) -> None:
        """A warning about the build as a whole, said once; not a problem of an entry."""
        self._emit(masked(message))

    def raise_if_strict(self) -> None:
        if self.strict and self.problems:
            raise StrictError(self.problems)

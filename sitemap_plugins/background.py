"""Read built pages' HTML in a second process while the generator goes on building.

Site generators render on one core; on a machine with two or more, reading each written page
(the parse for images, videos, robots and canonical tags) costs the build nothing when it runs
beside it.  Pages go to the worker by path, in batches, over its stdin; it writes the facts to a
file that is read once the build is done.  On Linux the worker is a fork of the build's process
(no interpreter to start, lxml loaded already), else a plain subprocess, not multiprocessing, so
the generator's `__main__` is never imported again.  Without a free second core (`idle_cpu`), or if
the worker fails, pages are read in this process, in larger batches, from the text the generator
handed over where it did (MkDocs' `output`): the facts, and so the sitemap, are the same either way.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Hashable
from typing import IO, TYPE_CHECKING, Any

from .errors import log

if TYPE_CHECKING:
    from .htmlfacts import HtmlFacts
    from .options import Options

#: Pages per batch sent to the worker: few, so that it is never far behind when the build ends.
BATCH = 16
#: Pages per batch read in this process.  Read one after another, they find the parser's code and
#: data in the CPU's caches; read between the generator's renders, each pays for them again
#: (a 1,500-article Pelican build read in its own process: our handler's CPU 0.43 s in batches of 16,
#: 0.38 s in batches of 256) ...
BATCH_HERE = 256
#: ... holding at most this much of the pages' text (`add`'s `html`).
TEXT_HELD = 8 << 20
#: A page's file: its path, or what gives it when it is first needed.  A page read from the text
#: the generator handed over never needs it (MkDocs works a page's path out when first asked).
PagePath = str | Callable[[], str]
#: path, url, media, content: `read_html`'s arguments, and the page's file.
Job = tuple[PagePath, str, bool, str | None]


def read_files(batch: list[Job]) -> list[HtmlFacts | None]:
    """The facts of each (path, url, media, content); None for a file that cannot be read."""
    return [read_page(*job) for job in batch]


def read_page(
    path: PagePath, url: str, media: bool, content: str | None = None, html: str | None = None
) -> HtmlFacts:
    """The facts of one page: of `html` where given, else of its file (`HtmlFacts.unread` says
    why a file was not read)."""
    from .htmlfacts import HtmlFacts, read_html  # lxml: not for processes that only ask `default_jobs`
    from .pagefiles import read_page_text

    if html is not None:
        return read_html(html, url, media, content)
    page = read_page_text(_path(path))
    if page.text is None:
        return HtmlFacts(unread=page.problem)
    facts = read_html(page.text, url, media, content)
    facts.truncated = page.truncated
    return facts


def _path(path: PagePath) -> str:
    return path if isinstance(path, str) else path()


def default_jobs() -> int:
    """The CPUs this process may use, so the worker processes worth starting; 1 (none) when
    SITEMAP_PLUGINS_WORKER=0."""
    if os.environ.get("SITEMAP_PLUGINS_WORKER") == "0":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def idle_cpu() -> bool:
    """Is a CPU free for the reader?  Not when this process may use only one, nor when the
    others are busy (a CI runner's other jobs, a laptop compiling): the reader would then take
    turns with the build on one core, and its start and its hand-over cost more than they save."""
    cpus = default_jobs()
    return cpus >= 2 and others_running() <= cpus - 1.5


def others_running() -> float:
    """How many processes besides this one are running now: Linux's count of runnable tasks
    (an instant: the load average lags a minute behind a job that just started or ended), else
    the load average less this process."""
    try:
        with open("/proc/loadavg", encoding="ascii") as stream:
            return int(stream.read().split()[3].split("/")[0]) - 1
    except (OSError, IndexError, ValueError):
        pass
    try:
        return max(0.0, os.getloadavg()[0] - 1)
    except (AttributeError, OSError):  # not on this system
        return 0.0


class BackgroundReader:
    """`add` pages as they are written, `results` once the build is done."""

    def __init__(self, enabled: bool | None = None) -> None:
        #: None: decided at the first batch (`idle_cpu`), not now: what starts with the build
        #: (its one `git` process) is over by then and takes no CPU from the reader.
        self._enabled = enabled
        self._worker: subprocess.Popen[bytes] | _ForkedWorker | None = None
        self._output: IO[bytes] | None = None
        self._pending: list[tuple[Hashable, Job]] = []
        self._sent: list[tuple[Hashable, Job]] = []  # in the worker's hands, in order
        self._facts: dict[Hashable, HtmlFacts | None] = {}
        #: The text of pages queued to be read in this process, or before that is known (`add`'s
        #: `html`), and its length.
        self._texts: dict[Hashable, str] = {}
        self._text_held = 0
        #: The options whose templates the worker compiles first (`compile_templates`).
        self._templates_for: Options | None = None

    def add(
        self,
        key: Hashable,
        path: PagePath,
        url: str,
        media: bool,
        written: bool = True,
        html: str | None = None,
        content: str | None = None,
    ) -> None:
        """Queue a page; `written=False` when its file is only written after this call returns
        (MkDocs writes a page after `on_post_page`): it goes in a later batch.  `html`: the text
        the file gets, where the caller has it: a page read in this process is read from it, not
        from its file (opening and decoding a documentation page's file is a fifth of its read).
        `media` and `content`: as `read_html` takes them."""
        if html is not None and self._enabled is not True:  # kept until its batch is read
            self._texts[key] = html
            self._text_held += len(html)
        self._pending.append((key, (path, url, media, content)))
        if (
            len(self._pending) > (BATCH_HERE if self._enabled is False else BATCH)
            or self._text_held > TEXT_HELD
        ):
            self._send(self._pending if written else self._pending[:-1])

    @property
    def batch(self) -> int:
        """How many pages a caller may gather before `add`ing them: few while a worker reads
        beside the build or may yet (it is fed as the build goes), a batch when they are read in
        this process."""
        return BATCH_HERE if self._enabled is False else BATCH

    def compile_templates(self, options: Options) -> None:
        """Have the worker, once it starts, compile the templates a build with `options` writes
        with (`render.compile_templates`), and hand their code to this process's renderers when
        `results` is called: beside the build, what its end would compile costs it nothing.
        Without a worker nothing happens (they are compiled when first used, as ever)."""
        self._templates_for = options

    def results(self) -> dict[Hashable, HtmlFacts | None]:
        """Every added page's facts (a key added twice: the last); the worker is stopped."""
        # The pages not sent yet are read here while the worker finishes what it was sent.
        pending, self._pending = self._pending, []
        read_here = self._read_here(pending)
        received = self._collect()
        for key, facts in zip([k for k, _ in self._sent], received, strict=False):
            self._facts[key] = facts
        missed = self._sent[len(received) :]
        if missed:  # the worker stopped early: read the rest here
            for (key, _), facts in zip(missed, read_files([job for _, job in missed]), strict=True):
                self._facts[key] = facts
        for (key, _), facts in zip(pending, read_here, strict=True):
            self._facts[key] = facts
        facts, self._facts, self._sent, self._texts, self._text_held = self._facts, {}, [], {}, 0
        return facts

    def _read_here(self, items: list[tuple[Hashable, Job]]) -> list[HtmlFacts | None]:
        """Read in this process: each page from its text where `add` was given it, else its file."""
        texts = self._texts
        facts = [read_page(*job, html=texts.pop(key, None)) for key, job in items]
        self._text_held = sum(map(len, texts.values()))  # the page written after this call, if any
        return facts

    def prefork(self) -> None:
        """Fork the worker now, while this process runs one thread: a generator that later runs
        others (Pelican shows its progress from a thread once the build starts) would otherwise
        get a new interpreter.  Whether it reads is still decided at the first batch."""
        if self._worker is None and self._enabled is not False and default_jobs() > 1 and can_fork():
            from . import htmlfacts  # noqa: F401  (imported once, here: the fork has it)

            self._fork()

    def close(self) -> None:
        """Stop the worker without waiting for results (a build that failed half-way)."""
        self._stop()
        self._pending, self._sent, self._facts, self._texts, self._text_held = [], [], {}, {}, 0

    def _stop(self) -> None:
        worker, output = self._worker, self._output
        self._worker = self._output = None
        if worker is not None:
            if worker.stdin is not None:
                worker.stdin.close()
            worker.kill()
            worker.wait()
        if output is not None:
            output.close()

    def _send(self, items: list[tuple[Hashable, Job]]) -> None:
        if not items:
            return
        items = list(items)  # may be self._pending itself
        del self._pending[: len(items)]
        worker = self._start()
        if worker is not None and worker.stdin is not None:
            self._texts.clear()  # the worker reads the files
            self._text_held = 0
            try:
                if self._templates_for is not None:
                    message = (_TEMPLATES, self._templates_for)
                    pickle.dump(message, worker.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                    self._templates_for = None
                jobs = [(_path(path), *rest) for _, (path, *rest) in items]
                pickle.dump(jobs, worker.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                worker.stdin.flush()
                self._sent += items
                return
            except OSError as error:
                log.debug("sitemap: background reader stopped (%s); reading in this process", error)
                self._enabled = False
        for (key, _), facts in zip(items, self._read_here(items), strict=True):
            self._facts[key] = facts

    def _start(self) -> subprocess.Popen[bytes] | _ForkedWorker | None:
        if self._enabled is None:
            self._enabled = idle_cpu()
            if not self._enabled:
                self._stop()  # one forked early, not needed
        if self._worker is None and self._enabled:
            self._fork()
        return self._worker

    def _fork(self) -> None:
        """The worker: a fork of this process where that is safe, else a new interpreter."""
        try:
            self._output = tempfile.TemporaryFile()  # noqa: SIM115 (closed in _collect)
            if can_fork():
                self._worker = _ForkedWorker(self._output)
            else:
                self._worker = subprocess.Popen(
                    [sys.executable, "-m", "sitemap_plugins.background"],
                    stdin=subprocess.PIPE,
                    stdout=self._output,
                )
        except OSError as error:
            log.debug("sitemap: no background reader (%s); reading in this process", error)
            self._enabled = False
            if self._output is not None:
                self._output.close()
                self._output = None

    def _collect(self) -> list[HtmlFacts | None]:
        worker, output = self._worker, self._output
        self._worker = self._output = None
        if worker is None or output is None:
            return []
        received: list[HtmlFacts | None] = []
        try:
            if worker.stdin is not None:
                worker.stdin.close()
            worker.wait()
            output.seek(0)
            while True:
                record = pickle.load(output)
                if isinstance(record, tuple):  # (_TEMPLATES, their code)
                    from .render import adopt_compiled

                    adopt_compiled(record[1])
                else:
                    received += record
        except (EOFError, OSError, pickle.UnpicklingError):
            pass
        finally:
            output.close()
        return received


def can_fork() -> bool:
    """A forked copy of a process with other threads can hang on a lock one of them held;
    macOS frameworks are not fork-safe."""
    return sys.platform == "linux" and threading.active_count() == 1


class _ForkedWorker:
    """The reader as a fork of this process: no interpreter to start, nothing to import again."""

    def __init__(self, sink: IO[bytes]) -> None:
        read_end, write_end = os.pipe()
        for stream in (sys.stdout, sys.stderr):  # or what they hold would be written twice
            with contextlib.suppress(AttributeError, ValueError, OSError):  # None, closed
                stream.flush()
        self.pid = os.fork()
        if self.pid == 0:
            code = 1
            try:
                # Only what a subprocess would have (Popen's close_fds): no pipe of the build's
                # is held open by the reader.
                for low, high in _gaps(sorted({2, read_end, sink.fileno()})):
                    os.closerange(low, high)
                # The build's objects are never collected here: a collection writes to each,
                # which would copy the build's memory page by page.
                gc.freeze()
                _serve(os.fdopen(read_end, "rb"), sink)
                code = 0
            finally:
                os._exit(code)
        os.close(read_end)
        self.stdin: IO[bytes] | None = os.fdopen(write_end, "wb")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        return self._reap(os.WNOHANG)

    def wait(self) -> int:
        returncode = self._reap(0)
        assert returncode is not None
        return returncode

    def kill(self) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    def _reap(self, options: int) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, options)
            except ChildProcessError:  # reaped by someone else (a SIGCHLD handler): gone
                self.returncode = -1
            else:
                if pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode


def _gaps(kept: list[int]) -> list[tuple[int, int]]:
    """The ranges of descriptors between and after `kept` (sorted), for os.closerange."""
    bounds = [*kept, os.sysconf("SC_OPEN_MAX")]  # a worker is forked on Linux only
    return [(low + 1, high) for low, high in itertools.pairwise(bounds) if high > low + 1]


#: The tag of the message that asks the worker to compile the templates, and of its answer.
_TEMPLATES = "templates"


def _serve(source: IO[bytes], sink: IO[bytes]) -> None:
    """The worker: batches of jobs in, a pickled list of facts out per batch; a (_TEMPLATES,
    options) message in, (_TEMPLATES, the templates' code) out."""
    while True:
        try:
            batch: Any = pickle.load(source)
        except EOFError:
            return
        if isinstance(batch, tuple):
            answer: Any = (_TEMPLATES, _compiled(batch[1]))
        else:
            answer = read_files(batch)
        pickle.dump(answer, sink, protocol=pickle.HIGHEST_PROTOCOL)
        sink.flush()


def _compiled(options: Options) -> dict[str, Any]:
    """The templates' code, or nothing where compiling fails here: the build compiles them then
    (and says what is wrong with a template of the user's)."""
    try:
        from .render import compile_templates

        return compile_templates(options)
    except Exception:  # whatever it is, the build's own compile reports it
        return {}


if __name__ == "__main__":
    _serve(sys.stdin.buffer, sys.stdout.buffer)

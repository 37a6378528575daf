"""A one-line progress report on stderr, while the command reads pages or JSON lines."""

from __future__ import annotations

import time
from typing import IO


class Progress:
    """A one-line progress report on stderr, redrawn at most every 0.2 s (only on a terminal)."""

    def __init__(self, stream: IO[str], what: str, total: int | None = None) -> None:
        self.stream, self.what, self.total = stream, what, total
        self._shown = 0.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if now - self._shown < 0.2:
            return
        self._shown = now
        if self.total:
            width = 30
            filled = int(width * min(done, self.total) / self.total)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r{self.what} [{bar}] {done:,}/{self.total:,}")
        else:
            self.stream.write(f"\r{self.what}: {done:,}")
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\r\033[K")
        self.stream.flush()

"""A Python as Windows' lacks POSIX-only names, for the tests (tests/project/test_platforms.py): put this
folder on PYTHONPATH and every process started so, worker processes included, runs without them.

- The names a Windows (or, for `sched_getaffinity`, macOS) Python does not have are taken away
  (the ones the standard library's own POSIX code needs to start processes stay: a Windows Python
  starts them its own way);
- the modules it does not have cannot be imported;
- processes start as on Windows and macOS: spawned, not forked, and trees are removed as
  Windows' shutil removes them;
- with PYTHONWARNDEFAULTENCODING=1, a text file that sitemap_plugins opens without naming its
  encoding (Windows would read it in its code page) raises where it is opened.
"""

import multiprocessing
import os
import shutil
import sys
import traceback
import warnings
from pathlib import Path

for name in (
    "O_NONBLOCK",
    "set_blocking",
    "get_blocking",
    "mkfifo",
    "mknod",
    "O_NOFOLLOW",
    "O_DIRECTORY",
    "sched_getaffinity",
    "fork",
    "forkpty",
    "getuid",
    "geteuid",
    "getgid",
    "getegid",
    "getgroups",
    "chown",
    "lchown",
    "fchown",
    "fchmod",
    "lchmod",
    "getpgid",
    "getsid",
    "setsid",
    "killpg",
    "statvfs",
    "fstatvfs",
    "sync",
    "pipe2",
    "getloadavg",
    "nice",
    "ttyname",
    "uname",
):
    if hasattr(os, name):
        delattr(os, name)
for module in ("fcntl", "pwd", "grp", "termios", "resource", "syslog", "posix_ipc"):
    sys.modules[module] = None
multiprocessing.set_start_method("spawn", force=True)
# Windows' shutil removes a tree without directory descriptors (Python 3.13's POSIX way opens
# them with O_NONBLOCK, which is gone here).
shutil._use_fd_functions = False

_PACKAGE = str(Path(__import__("importlib.util").util.find_spec("sitemap_plugins").origin).parent)
_show = warnings.showwarning


def _show_or_raise(message, category, filename, lineno, file=None, line=None):
    if issubclass(category, EncodingWarning) and any(
        frame.filename.startswith(_PACKAGE) for frame in traceback.extract_stack()
    ):
        raise EncodingWarning(f"{message} (opened at {filename}:{lineno})")
    if not issubclass(category, EncodingWarning):
        _show(message, category, filename, lineno, file, line)


warnings.showwarning = _show_or_raise
warnings.simplefilter("always", EncodingWarning)

"""A file system that ignores case as macOS' (APFS, HFS+) and Windows' (NTFS) do by default, for the
tests: `python casefold_fs.py BACKING MOUNTPOINT` mounts BACKING at MOUNTPOINT through FUSE (libfuse 3,
mfusepy) until unmounted.  A name finds the entry spelled the same but for case; a new entry keeps
the spelling it was created with (case-preserving); renaming over an entry replaces it.
"""

from __future__ import annotations

import errno
import os
import sys

import mfusepy as fuse


class CaseFolding(fuse.Operations):
    use_ns = True

    def __init__(self, backing: str) -> None:
        self.backing = os.path.realpath(backing)

    def _real(self, path: str, *, last_may_be_new: bool = False) -> str:
        """The backing path of `path`, each part found whatever its case."""
        real = self.backing
        parts = [p for p in path.split("/") if p]
        for index, part in enumerate(parts):
            candidate = os.path.join(real, part)
            if not os.path.lexists(candidate):
                try:
                    found = next((n for n in os.listdir(real) if n.casefold() == part.casefold()), None)
                except OSError:
                    found = None
                if found is not None:
                    candidate = os.path.join(real, found)
                elif not (last_may_be_new and index == len(parts) - 1):
                    raise fuse.FuseOSError(errno.ENOENT)
            real = candidate
        return real

    def getattr(self, path, fh=None):
        st = os.lstat(self._real(path))
        keys = (
            "st_mode",
            "st_nlink",
            "st_uid",
            "st_gid",
            "st_size",
            "st_atime_ns",
            "st_mtime_ns",
            "st_ctime_ns",
        )
        return {k.replace("_ns", ""): getattr(st, k) for k in keys}

    def readdir(self, path, fh):
        return [".", "..", *os.listdir(self._real(path))]

    def readlink(self, path):
        return os.readlink(self._real(path))

    def open(self, path, flags):
        return os.open(self._real(path), flags)

    def create(self, path, mode, fi=None):
        return os.open(self._real(path, last_may_be_new=True), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        os.truncate(self._real(path), length)

    def flush(self, path, fh):
        return 0

    def fsync(self, path, datasync, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)
        return 0

    def unlink(self, path):
        os.unlink(self._real(path))

    def mkdir(self, path, mode):
        os.mkdir(self._real(path, last_may_be_new=True), mode)

    def rmdir(self, path):
        os.rmdir(self._real(path))

    def symlink(self, target, source):
        os.symlink(source, self._real(target, last_may_be_new=True))

    def rename(self, old, new):
        source = self._real(old)
        target = self._real(new, last_may_be_new=True)
        wanted = os.path.join(os.path.dirname(target), os.path.basename(new))
        if os.path.lexists(target) and target != wanted:
            os.unlink(target)  # replaced, under the spelling the rename asked for
        os.rename(source, wanted)

    def chmod(self, path, mode):
        os.chmod(self._real(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._real(path), ns=times)

    def statfs(self, path):
        st = os.statvfs(self._real(path))
        keys = (
            "f_bavail",
            "f_bfree",
            "f_blocks",
            "f_bsize",
            "f_favail",
            "f_ffree",
            "f_files",
            "f_flag",
            "f_frsize",
            "f_namemax",
        )
        return {k: getattr(st, k) for k in keys}


if __name__ == "__main__":
    fuse.FUSE(CaseFolding(sys.argv[1]), sys.argv[2], foreground=True, nothreads=True)

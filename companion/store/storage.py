"""A crash-safe TinyDB ``Storage``: every write lands whole or not at all.

TinyDB's own ``JSONStorage`` truncates the file and writes it in place, so a crash in the
middle leaves half a file. This storage instead:

1. writes the new content to a temp file in the same folder, flushes and ``fsync``\\ s it;
2. keeps the file being replaced as rolling backup 1 (older backups shift to 2, 3, ...);
3. ``os.replace``\\ s the temp file over the real one (atomic on POSIX and Windows);
4. ``fsync``\\ s the folder so the rename itself survives a power cut.

Only when ``write`` returns is the data on disk. Reads check that the file is a JSON
object of tables and raise :class:`StoredFileError` (truncated / corrupt) otherwise.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, Literal

from tinydb.storages import Storage

from rules.json_text import SLICE, JsonTextError, ValueCount, parse_json, too_costly

FileStamp = tuple[int, int, int]  # (mtime_ns, size, inode): changes whenever the file does
#: No saved game comes near this (a long game is well under 1 MB, an import at most
#: 10 MB); a bigger file is not read at all, so one enormous file cannot exhaust the
#: memory of the whole app or slow every listing down.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Nor does any come near this many values: a game of ``MAX_COMMANDS`` commands, and as
#: many to redo, holds about 120,000 (7 to 12 a command). Parsing is one call that keeps
#: the interpreter, so a worker thread parsing 16 MiB of empty lists stood the event loop
#: still for seconds; a file past this is refused as it is read (``read_counted``).
MAX_FILE_VALUES = 250_000


class StoredFileError(Exception):
    """A stored file is not a readable TinyDB database."""

    def __init__(self, path: Path, kind: Literal["truncated", "corrupt"], detail: str) -> None:
        self.path = path
        self.kind = kind
        self.detail = detail
        super().__init__(f"{path}: {kind}: {detail}")


def stamp_of(path: Path) -> FileStamp:
    st = path.stat()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def decode_tables(raw: bytes, path: Path) -> dict[str, dict[str, Any]]:
    """Parse a TinyDB file's bytes, telling a truncated file from a corrupt one.

    Anything hostile (nesting thousands deep, a number of thousands of digits, a lone
    surrogate, NaN) is a corrupt file like any other, never an unexpected exception.
    (Too many values to parse were refused as the file was read: ``read_counted``.)"""
    if not raw or raw.isspace():
        raise StoredFileError(path, "truncated", "the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise StoredFileError(path, "corrupt", f"not UTF-8 text (byte {e.start})") from e
    try:
        data = parse_json(text)
    except JsonTextError as e:
        raise StoredFileError(path, e.kind, e.detail) from e
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise StoredFileError(
            path, "corrupt", "not a TinyDB database (expected an object of tables)"
        )
    return data


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable. No-op where folders cannot be opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        # Some file systems refuse fsync on a folder; the rename is still atomic there.
        if e.errno not in (errno.EINVAL, errno.EBADF, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)


def _create_temp(path: Path) -> int:
    """Create and open a new file for writing; fails if it exists."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)


def _write_fully(fd: int, data: bytes) -> None:
    """Write every byte (os.write may write fewer than asked)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_atomic(
    path: Path,
    data: bytes,
    *,
    fsync: bool = True,
    backups: list[Path] | None = None,
) -> FileStamp:
    """Replace ``path`` with ``data`` atomically; return the new file's stamp.

    ``backups`` lists the rolling backup files, newest first: the file being replaced
    becomes ``backups[0]`` and older ones shift down (the oldest drops off). On any error
    the temp file is removed and ``path`` is left exactly as it was.
    """
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = _create_temp(tmp)
    try:
        try:
            _write_fully(fd, data)
            if fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        if backups and path.exists():
            _rotate_backups(path, backups)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if fsync:
        fsync_dir(folder)
    return stamp_of(path)


def sweep_temp_files(folder: Path, older_than: float = 300.0) -> int:
    """Remove temp files left by writes that were killed midway; returns how many.

    A temp file belongs to a dead writer if the process id in its name is gone (POSIX), or
    if it is older than ``older_than`` seconds (no write takes that long).
    """
    removed = 0
    now = time.time()
    for entry in os.scandir(folder):
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        with contextlib.suppress(OSError):
            if _writer_gone(entry.name) or now - entry.stat().st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
    return removed


def _writer_gone(name: str) -> bool:
    parts = name.split(".")
    if os.name != "posix" or len(parts) < 4 or not parts[-3].isdigit():
        return False
    pid = int(parts[-3])
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _rotate_backups(current: Path, backups: list[Path]) -> None:
    """Shift backups one generation older and keep ``current`` as the newest.

    The newest backup is a hard link to the file about to be replaced: no copying, and its
    content was already fsynced when it was written. The backup folder itself is not
    fsynced: after a power cut it may show an older set of backups, each still whole.
    """
    backups[0].parent.mkdir(parents=True, exist_ok=True)
    for older, newer in zip(reversed(backups[1:]), reversed(backups[:-1]), strict=True):
        if newer.exists():
            os.replace(newer, older)
    link_tmp = backups[0].with_name(f".{backups[0].name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(current, link_tmp)
    except OSError:
        shutil.copyfile(current, link_tmp)  # file systems without hard links
    os.replace(link_tmp, backups[0])


def read_counted(file: BinaryIO, path: Path, max_values: int) -> bytes:
    """The file's bytes (up to one past ``MAX_FILE_BYTES``), read a slice at a time and
    its values counted as they come (``ValueCount``): a file of millions of values is
    refused after its first slices, before the rest is read into memory or any of it
    parsed. A file that grows while read is read to the ceiling, no further."""
    count = ValueCount(max_values)
    parts: list[bytes] = []
    size = 0
    while size <= MAX_FILE_BYTES:
        part = file.read(min(SLICE, MAX_FILE_BYTES + 1 - size))
        if not part:
            break
        why = count.add(part)
        if why is not None:
            raise StoredFileError(path, "corrupt", why)
        parts.append(part)
        size += len(part)
    return b"".join(parts)


class DurableJSONStorage(Storage):
    """TinyDB storage with atomic, fsynced writes and rolling backups.

    Use as ``TinyDB(path, storage=DurableJSONStorage, backups=[...])``. ``batch()`` groups
    several TinyDB operations into one atomic write.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        backups: list[Path] | None = None,
        fsync: bool = True,
        indent: int | None = None,
        max_values: int | None = None,  # None: MAX_FILE_VALUES
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.max_values = max_values
        self.backups = backups or []
        self.fsync = fsync
        self.indent = indent
        self.stamp: FileStamp | None = None  # of the file as last read or written
        self.written: dict[str, dict[str, Any]] | None = None  # what was last written
        self._pending: dict[str, dict[str, Any]] | None = None

    def read(self) -> dict[str, dict[str, Any]] | None:
        if self._pending is not None:
            return self._pending
        try:
            with open(self.path, "rb") as f:
                st = os.fstat(f.fileno())
                if st.st_size > MAX_FILE_BYTES:
                    raise StoredFileError(
                        self.path,
                        "corrupt",
                        f"the file is too large ({st.st_size:,} bytes; a saved game is "
                        f"far smaller, and files over {MAX_FILE_BYTES:,} bytes are not read)",
                    )
                self.stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                raw = read_counted(f, self.path, self.max_values or MAX_FILE_VALUES)
        except FileNotFoundError:
            return None  # TinyDB starts an empty database; the file appears on first write
        except MemoryError as e:
            raise StoredFileError(self.path, "corrupt", "too large to read into memory") from e
        return decode_tables(raw, self.path)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._pending is not None:
            self._pending = data
            return
        encoded = json.dumps(data, indent=self.indent, ensure_ascii=False).encode("utf-8")
        # Written, a file past the reading ceilings would never open again: keep the last.
        why = too_costly(encoded, self.max_values or MAX_FILE_VALUES)
        if why is None and len(encoded) > MAX_FILE_BYTES:
            why = f"{len(encoded):,} bytes, more than the {MAX_FILE_BYTES:,} a file may hold"
        if why is not None:
            raise OSError(errno.EFBIG, f"it would not be read again: {why}", str(self.path))
        self.stamp = write_atomic(self.path, encoded, fsync=self.fsync, backups=self.backups)
        self.written = data

    @contextlib.contextmanager
    def batch(self, known: dict[str, dict[str, Any]] | None = None) -> Iterator[None]:
        """Collect every write inside the block and write once at its end (or not at all).

        ``known``: the file's content as the caller last wrote it (and has checked is still
        on disk), to spare reading it again. It is changed in place.
        """
        self._pending = known if known is not None else (self.read() or {})
        try:
            yield
            data = self._pending
        finally:
            self._pending = None
        self.write(data)

"""The one-time import of a folder of table saves, as `chimera serve` kept them before it had a store.

Such a folder holds, per table, ``table-CODE.seats`` (the seat record) and ``table-CODE.chimera`` (the
ordinary save, once the match started). On the first start with a store, every table in the folder is
copied into the store (finished ones too, as finished tables); the files stay where they are, and the store
remembers the folder so it is never imported twice. A file that cannot be read is named in the log and
skipped.
"""

from __future__ import annotations

import logging
from pathlib import Path

import msgspec

from chimera_tui.saves import EXTENSION, SaveError, load, read_bytes
from chimera_tui.server.store import StoreUnavailable, TableStore
from chimera_tui.server.tables import HostedTable, TableRecord, record_problem

log = logging.getLogger("chimera.server")

RECORD_SUFFIX = ".seats"

_RECORD = msgspec.msgpack.Decoder(TableRecord)


def read_saved_table(record_path: Path) -> HostedTable:
    """The table whose seat record is at `record_path`, with its match replayed from the save beside it.

    Raises:
        SaveError: when the record or the save cannot be read or replayed.
    """
    data = read_bytes(record_path, limit=64 * 1024)
    try:
        record = _RECORD.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise SaveError(f"'{record_path}' is not a table record: {exc}.", record_path) from exc
    if (problem := record_problem(record)) is not None:
        raise SaveError(f"'{record_path}': {problem}.", record_path)
    if record_path.name != f"table-{record.code}{RECORD_SUFFIX}":
        raise SaveError(f"'{record_path}' names another table.", record_path)
    table = HostedTable(record)
    save = record_path.with_suffix(EXTENSION)
    if save.exists():
        table.match = load(save).match
    return table


async def import_folder(store: TableStore, folder: Path, now: float) -> int:
    """Copy the tables saved in `folder` into `store`, once; returns how many were copied now.

    Raises:
        StoreUnavailable: when the store cannot be reached.
    """
    key = str(folder.resolve())
    if not folder.is_dir() or await store.imported(key):
        return 0
    copied = 0
    for path in sorted(folder.glob(f"table-*{RECORD_SUFFIX}")):
        try:
            table = read_saved_table(path)
        except SaveError as exc:
            log.error("cannot import a table: %s", exc.message)
            continue
        try:
            created = path.stat().st_mtime
        except OSError:
            created = now
        table.created_at = created
        if await store.insert(table.to_row(1, now)):
            copied += 1
            log.info("imported table %s from %s", table.code, folder)
        else:
            log.warning("table %s of %s is in the store already; kept the stored one", table.code, folder)
    await store.mark_imported(key, copied, now)
    return copied


__all__ = ["RECORD_SUFFIX", "StoreUnavailable", "import_folder", "read_saved_table"]

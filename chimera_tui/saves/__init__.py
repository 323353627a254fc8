"""Save files: versioned MessagePack envelopes (msgspec), atomic writes, the save folder and its listing,
locks against two processes playing one save, and recovery of writes a crash interrupted.

Nothing here imports Textual or Rich: the command line and the load screen both call `load` and show
`SaveError.message`.
"""

from __future__ import annotations

from chimera_tui.saves.errors import SaveError
from chimera_tui.saves.files import MAX_SIZE, read_bytes, real_path, write_atomic
from chimera_tui.saves.folder import (
    ENV_VAR,
    SaveSummary,
    in_folder,
    list_saves,
    new_save_path,
    save_into_folder,
    save_paths,
    saves_dir,
    saves_dir_path,
    sort_rows,
    summarize,
)
from chimera_tui.saves.format import (
    EXTENSION,
    FORMAT_VERSION,
    MAGIC,
    SaveFile,
    decode_save,
    encode_match,
    read_save,
    save_match,
    snapshot,
    state_digest,
)
from chimera_tui.saves.lock import LockHolder, SaveInUse, SaveLock, acquire, is_in_use
from chimera_tui.saves.recovery import recover_orphans, recover_unfinished
from chimera_tui.saves.replaying import LoadedSave, load, restore

__all__ = [
    "ENV_VAR",
    "EXTENSION",
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_SIZE",
    "LoadedSave",
    "LockHolder",
    "SaveError",
    "SaveFile",
    "SaveInUse",
    "SaveLock",
    "SaveSummary",
    "acquire",
    "decode_save",
    "encode_match",
    "in_folder",
    "is_in_use",
    "list_saves",
    "load",
    "new_save_path",
    "read_bytes",
    "read_save",
    "real_path",
    "recover_orphans",
    "recover_unfinished",
    "restore",
    "save_into_folder",
    "save_match",
    "save_paths",
    "saves_dir",
    "saves_dir_path",
    "snapshot",
    "sort_rows",
    "state_digest",
    "summarize",
    "write_atomic",
]

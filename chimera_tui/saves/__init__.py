"""Save files: versioned MessagePack envelopes (msgspec), atomic writes, the save folder and its listing.

Nothing here imports Textual or Rich: the command line and the load screen both call `load` and show
`SaveError.message`.
"""

from __future__ import annotations

from chimera_tui.saves.folder import ENV_VAR, SaveSummary, list_saves, new_save_path, saves_dir, summarize
from chimera_tui.saves.format import (
    EXTENSION,
    FORMAT_VERSION,
    MAGIC,
    LoadedSave,
    SaveError,
    SaveFile,
    decode_save,
    encode_match,
    load,
    read_save,
    restore,
    save_match,
    snapshot,
    state_digest,
    write_atomic,
)

__all__ = [
    "ENV_VAR",
    "EXTENSION",
    "FORMAT_VERSION",
    "MAGIC",
    "LoadedSave",
    "SaveError",
    "SaveFile",
    "SaveSummary",
    "decode_save",
    "encode_match",
    "list_saves",
    "load",
    "new_save_path",
    "read_save",
    "restore",
    "save_match",
    "saves_dir",
    "snapshot",
    "state_digest",
    "summarize",
    "write_atomic",
]

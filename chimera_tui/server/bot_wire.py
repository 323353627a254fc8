"""What the host and its bot workers say to each other (`bot_pool.py` is the host's side, `bot_worker.py` the
worker's): one `Think` in, one `Thought` back, each a msgspec Struct in MessagePack behind a 4-byte big-endian
length, over a pair of connected Unix sockets.

A `Think` carries everything the search needs and nothing of the table: the game's id, the seat, the seat's
view (encoded with the game's state type, as `Update.view`), the legal actions as notations (parsed back
against the view, as `RemoteTable` does), the seed the bot drew, and its budget. A worker says it is ready
with a `Thought` whose `index` is `READY`.
"""

from __future__ import annotations

import struct

import msgspec

HEADER = struct.Struct(">I")
FRAME_LIMIT = 16 * 1024 * 1024
"""The largest frame either side reads (a view and its legal actions are far smaller)."""

READY = -1
"""The `Thought.index` of a worker's first message: it is ready to think."""


class Think(msgspec.Struct, frozen=True, kw_only=True):
    """Search from `seat`'s `view` of a `game` table and choose one of `legal`."""

    game: str
    seat: int
    view: bytes
    legal: tuple[str, ...]
    seed: int
    playouts: int
    seconds: float | None
    """CPU seconds the search may take (None: `playouts` only)."""
    guard: float | None
    """Wall-clock seconds after which a search with a time limit stops anyway."""


class Thought(msgspec.Struct, frozen=True, kw_only=True):
    """The chosen action's place in `Think.legal` (or `READY`), and what choosing it took."""

    index: int
    playouts: int = 0
    cpu: float = 0.0
    """CPU seconds the worker spent on it."""
    problem: str = ""
    """Why no action was chosen (a rules error; `index` is then `READY`)."""


ENCODER = msgspec.msgpack.Encoder()
THINK_DECODER: msgspec.msgpack.Decoder[Think] = msgspec.msgpack.Decoder(Think)
THOUGHT_DECODER: msgspec.msgpack.Decoder[Thought] = msgspec.msgpack.Decoder(Thought)


def frame(message: Think | Thought) -> bytes:
    """`message` as one frame (length, then MessagePack)."""
    body = ENCODER.encode(message)
    return HEADER.pack(len(body)) + body

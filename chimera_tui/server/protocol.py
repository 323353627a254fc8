"""The messages between a client process and the table host, and how they travel.

Every message is a msgspec Struct, tagged by its class name, encoded as MessagePack and sent as one frame:
a 4-byte big-endian length, then that many bytes. Frames larger than the reader's limit end the connection
(a client may send at most `CLIENT_FRAME_LIMIT` bytes, the host `HOST_FRAME_LIMIT`).

A client only ever receives what its seat may see: the host puts `rules.view(state, seat)` (the public view
for a spectator) into `Update.view`, already encoded with the game's `state_type`, together with the seat's
legal actions as notations and the log as that seat may read it (`Match.texts_for(seat)`).
"""

from __future__ import annotations

import asyncio
import os
import struct
from typing import Any

import msgspec

from chimera_tui.engine.match import LogEntry
from chimera_tui.server.protocol_base import Message
from chimera_tui.server.protocol_notify import GetNotify, NotifySettings, SetNotify
from chimera_tui.server.protocol_people import GetKeyCode, Goodbye, KeyCode, KeyInfo
from chimera_tui.server.protocol_records import (
    Board,
    BoardRow,
    Finished,
    FinishedInfo,
    GetBoard,
    GetPlayer,
    GetReplay,
    ListFinished,
    Player,
    PlayerGame,
    Replay,
)

CLIENT_FRAME_LIMIT = 64 * 1024
"""The largest frame a client may send (its longest message is a chat line or an action's notation)."""

HOST_FRAME_LIMIT = 8 * 1024 * 1024
"""The largest frame the host sends (a view with its log)."""

ENV_SOCKET = "CHIMERA_HOST_SOCKET"
"""The environment variable holding the path of the table host's Unix socket (for a client process)."""

ENV_TICKET = "CHIMERA_TICKET"
"""The environment variable holding a client process's session ticket (`TableHost.issue_ticket`)."""

ENV_ASK_NAME = "CHIMERA_ASK_NAME"
"""Set (to "1") for a client process that must ask its player's name (a web session: no SSH user name)."""

LIST_NEWS_INTERVAL = 3.0
"""The shortest time between two lists of tables the host sends a session by itself (`ListTables`)."""

CHAT_LIMIT = 200
"""The longest chat line, in characters, after cleaning."""

_HEADER = struct.Struct(">I")


# -- client to host ----------------------------------------------------------------------------------------


class Hello(Message):
    """The first message of a connection: the ticket the front end issued for this session."""

    ticket: str
    name: str | None = None
    """The name the player typed, for a ticket issued without one (a web session); ignored otherwise."""


class ListTables(Message):
    """Ask for the open tables (answered with `Tables`). From then on, whenever this session sits at no
    table, the host sends `Tables` again by itself when the list may read differently (a table opened,
    moved, filled or ended, a player came or went), at most once every `LIST_NEWS_INTERVAL` seconds."""


class CreateTable(Message):
    """Open a table and sit in its first seat.

    `bots` has one entry per seat: a bot's name, or None for a seat a person takes (the creator sits in the
    first person seat; the others wait for players who join by the table's code).
    """

    game: str
    players: int
    bots: tuple[str | None, ...] = ()
    options: dict[str, str] = msgspec.field(default_factory=dict)
    seed: int | None = None
    away_limit: float | None = None
    """Seconds an absent player's turn may wait before a bot plays it (None: the host's default)."""
    private: bool = False
    """A private table is not listed in the lobby: people join it (or watch it) only by its code."""
    pace: str = "live"
    """"live" (the away limit) or "turn" (each move may take up to `turn_limit`)."""
    turn_limit: float | None = None
    """Seconds a move of a turn-based table may take (one of `TURN_LIMITS`)."""
    on_timeout: str = "bot"
    """What a turn-based table does when a move's time runs out: "bot" (a bot plays that turn), "skip" (the
    player is skipped where the rules allow it, else a bot plays), "replace" (a bot takes the seat for good)."""


TURN_LIMITS = (12 * 3600.0, 24 * 3600.0, 3 * 24 * 3600.0)
"""The time a move of a turn-based table may take: 12 hours, 1 day, 3 days."""

TIMEOUTS = ("bot", "skip", "replace")


class Join(Message):
    """Take a seat at the table `code`: your own seat again when you have one, else the first empty seat."""

    code: str


class Watch(Message):
    """Watch the table `code` as a spectator (the public view only)."""

    code: str


class Leave(Message):
    """Leave the table (the seat stays yours; a bot plays it once your turn waits too long)."""


class Act(Message):
    """Take an action, given in the game's notation, for your seat."""

    notation: str


class Undo(Message):
    """Take back your seat's last action, where the rules allow."""


class Chat(Message):
    """Say one line at your table."""

    text: str


# -- host to client ----------------------------------------------------------------------------------------


class SeatInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as everyone may see it."""

    name: str
    kind: str
    """"person", "bot", "empty" (waiting for a player), "away" (a bot plays for an absent person until they are
    back) or "replaced" (a bot took the person's seat for good: their time ran out; they may watch)."""
    bot: str | None = None
    here: bool = False
    """Whether the person is at this table now (a session of theirs sits there)."""
    elsewhere: str = ""
    """Where the person is when not here: "lobby", "another table", or "" (no session open: disconnected)."""


class TableInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A table as the lobby lists it."""

    code: str
    game: str
    title: str
    seats: tuple[SeatInfo, ...]
    spectators: int = 0
    started: bool = False
    over: bool = False
    round: str = ""
    mine: bool = False
    """Whether the asking identity has a seat here (so it can resume)."""
    private: bool = False
    pace: str = "live"
    to_act: str = ""
    """The name of the seat to act ("" when nobody is)."""
    your_turn: bool = False
    turn_seconds: float = 0.0
    """How long the seat to act has had its turn."""
    time_left: float | None = None
    """On a turn-based table: how long the move may still take."""


class Welcome(Message):
    """The answer to `Hello`: who the host takes you for."""

    name: str
    identity: str
    away_limit: float = 120.0
    """The host's default away limit in seconds (what a new table gets unless its creator chooses)."""
    waiting: int = 0
    """How many tables wait for your move."""


class YourTurn(Message):
    """A table you are not at became your turn."""

    code: str
    title: str
    waiting: int = 1
    """How many tables wait for your move now."""


class Tables(Message):
    """The answer to `ListTables`, and the list sent again when it changed (see `ListTables`)."""

    tables: tuple[TableInfo, ...]


class Seated(Message):
    """You are at a table now (after `CreateTable`, `Join` or `Watch`); `Update`s follow."""

    code: str
    game: str
    players: int
    names: tuple[str, ...]
    options: dict[str, str]
    seat: int | None
    """Your seat, or None for a spectator."""
    private: bool = False


class Update(Message):
    """The table as your seat sees it now; sent after every change."""

    code: str
    step: int
    """How many actions the match holds."""
    started: bool
    seats: tuple[SeatInfo, ...]
    to_act: int | None
    thinking: float = 0.0
    """How many seconds the seat to act has had its turn, when the host sent this."""
    view: bytes | None = None
    """`rules.view(state, seat)` encoded with the game's `state_type` (None until the match starts)."""
    legal: tuple[str, ...] = ()
    """The notations of your legal actions (empty unless it is your turn)."""
    log_from: int = 0
    """Where `log` starts in the whole log: the lines before it are the ones this session already has (the
    host sends only new lines; after an undo, or when the game ends and every line reads in full, it sends
    from the first line that changed)."""
    log: tuple[str, ...] = ()
    """The log as your seat may read it, oldest first, from line `log_from` on: the game's lines, and the
    table's own between them where they happened ("Alice is away: ...", "Alice is back.")."""
    log_events: tuple[tuple[str, ...], ...] = ()
    """For each line of `log`, what it caused (dice, destructions), as your seat may see it."""
    undo_refusal: str | None = "There is nothing to undo."
    notes: tuple[str, ...] = ()
    """What happened at the table besides moves ("Bob joined", "Alice is away: a bot plays for her")."""
    chat: tuple[str, ...] = ()
    """The latest chat lines, "name: text", oldest first."""
    history: tuple[bytes, ...] = ()
    """Once the game is over (and everything is public): the public view after each step, from step 0, for
    result screens that chart the whole game; empty before."""
    history_log: tuple[LogEntry, ...] = ()
    """Once the game is over: every action (seat, notation) in order, for result screens; empty before."""
    replaced: bool = False
    """A bot took your seat for good (your time ran out): you watch from now on, with the public view and
    no legal actions."""


class Notice(Message):
    """A line for the player from the host itself, wherever they are ("The table store cannot be reached")."""

    text: str


class Refused(Message):
    """A request was refused; `reason` is a sentence for the player."""

    reason: str
    request: str = ""
    """The tag of the refused message."""


_LOBBY = Hello | ListTables | CreateTable | Join | Watch | Leave | ListFinished | GetReplay | GetBoard
ClientMessage = _LOBBY | Act | Undo | Chat | GetPlayer | GetKeyCode | GetNotify | SetNotify
_ANSWERS = Welcome | Tables | Seated | Update | Refused | YourTurn | Finished | Replay | Board | Player
HostMessage = _ANSWERS | Notice | KeyCode | Goodbye | NotifySettings

_ENCODER = msgspec.msgpack.Encoder()
_CLIENT_DECODER: msgspec.msgpack.Decoder[ClientMessage] = msgspec.msgpack.Decoder(ClientMessage)
_HOST_DECODER: msgspec.msgpack.Decoder[HostMessage] = msgspec.msgpack.Decoder(HostMessage)


class ProtocolError(Exception):
    """A frame that is too large or does not hold a message of the expected kind."""


def frame(message: Message) -> bytes:
    """`message` as one frame (length prefix and MessagePack)."""
    body = _ENCODER.encode(message)
    return _HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """The body of the next frame, or None at a clean end of the stream.

    Raises:
        ProtocolError: when the frame is larger than `limit` or the stream ends inside a frame.
    """
    try:
        header = await reader.readexactly(_HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            return None
        raise ProtocolError("the connection ended inside a frame") from exc
    (size,) = _HEADER.unpack(header)
    if size > limit:
        raise ProtocolError(f"a frame of {size} bytes is larger than the limit of {limit}")
    try:
        return await reader.readexactly(size)
    except asyncio.IncompleteReadError as exc:
        raise ProtocolError("the connection ended inside a frame") from exc


def decode_client(body: bytes) -> ClientMessage:
    """A message a client sent.

    Raises:
        ProtocolError: when `body` is not one.
    """
    try:
        return _CLIENT_DECODER.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError(f"not a client message: {exc}") from exc


def decode_host(body: bytes) -> HostMessage:
    """A message the host sent.

    Raises:
        ProtocolError: when `body` is not one.
    """
    try:
        return _HOST_DECODER.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError(f"not a host message: {exc}") from exc


def encode_view(view: Any) -> bytes:
    """A seat's view as `Update.view` carries it."""
    return _ENCODER.encode(view)


def decode_view(data: bytes, state_type: type[Any]) -> Any:
    """`Update.view` back as the game's state Struct."""
    return msgspec.msgpack.decode(data, type=state_type)


def client_asks_name() -> bool:
    """Whether this client process must ask its player's name (see `ENV_ASK_NAME`)."""
    return os.environ.get(ENV_ASK_NAME) == "1"


def client_environment() -> tuple[str, str] | None:
    """The host socket and ticket a client process was given, or None when no server started it."""
    socket_path, ticket = os.environ.get(ENV_SOCKET), os.environ.get(ENV_TICKET)
    if not socket_path or not ticket:
        return None
    return socket_path, ticket


def tag(message: Message) -> str:
    """The tag of `message` (its class name)."""
    return type(message).__name__


__all__ = [
    "Board",
    "BoardRow",
    "Finished",
    "FinishedInfo",
    "GetBoard",
    "GetKeyCode",
    "GetNotify",
    "GetPlayer",
    "GetReplay",
    "Goodbye",
    "KeyCode",
    "KeyInfo",
    "ListFinished",
    "Message",
    "NotifySettings",
    "Player",
    "PlayerGame",
    "Replay",
    "SetNotify",
]

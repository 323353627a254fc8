"""The lobby's words: a table's seats and where each player is, its state (whose turn, for how long),
time limits and times ago."""

from __future__ import annotations

from chimera_tui.server import protocol as P


def seats_text(seats: tuple[P.SeatInfo, ...]) -> str:
    """The seats of a table, and where each player is, in words ("Alice (at the table), Bob (in the
    lobby), Ed (away, disconnected: a bot plays), greedy bot, open")."""
    parts = []
    for seat in seats:
        if seat.kind == "empty":
            parts.append("open")
        elif seat.kind == "bot":
            parts.append(f"{seat.bot} bot")
        else:
            parts.append(f"{seat.name} ({where_words(seat)})")
    return ", ".join(parts)


def where_words(seat: P.SeatInfo) -> str:
    """Where a seated person is: "at the table", "in the lobby", "at another table" or "disconnected";
    for an away seat (its bot plays until they are back at the table) "away, in the lobby: a bot plays"; for a
    seat a bot took for good "replaced by a bot, watching" (or where they are)."""
    if seat.kind == "replaced":
        return f"replaced by a bot, {'watching' if seat.here else _place(seat)}"
    if seat.here:
        return "at the table"
    place = _place(seat)
    return f"away, {place}: a bot plays" if seat.kind == "away" else place


def _place(seat: P.SeatInfo) -> str:
    """Where a person not at the table is."""
    if seat.elsewhere == "lobby":
        return "in the lobby"
    return "at another table" if seat.elsewhere else "disconnected"


def duration(seconds: float) -> str:
    """A time limit in words ("30 seconds", "1 minute", "2 minutes", "12 hours", "1 day", "3 days")."""
    if seconds >= 86400 and seconds % 86400 == 0:
        days = int(seconds // 86400)
        return f"{days} day{'' if days == 1 else 's'}"
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return f"{hours} hour{'' if hours == 1 else 's'}"
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    return f"{seconds:g} seconds"


def fresh(before: tuple[str, ...], now: tuple[str, ...]) -> tuple[str, ...]:
    """The lines of the sliding window `now` that were not in `before` (its older version)."""
    for dropped in range(len(before) + 1):
        kept = before[dropped:]
        if now[: len(kept)] == kept:
            return now[len(kept) :]
    return now  # pragma: no cover - the empty overlap always matches


def ago(seconds: float) -> str:
    """How long, in the largest unit that fits ("now", "12 min", "3 h", "2 d")."""
    if seconds < 60:
        return "now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"


def state_text(info: P.TableInfo) -> str:
    """A table's State in the lobby: waiting, whose turn and for how long ("your turn · 3 h", "Bob's turn ·
    2 d", with the time left on a turn-based table), or the round, then "(yours, private)"."""
    if info.over:
        state = "over"
    elif not info.started:
        state = "waiting"
    elif info.your_turn:
        state = f"your turn · {ago(info.turn_seconds)}"
        if info.time_left is not None:
            state += f", {ago(info.time_left)} left" if info.time_left >= 60 else ", time is up"
    elif info.to_act and (info.mine or info.pace == "turn"):
        state = f"{info.to_act}'s turn · {ago(info.turn_seconds)}"
    else:
        state = info.round or "playing"
    marks = ["turn-based"] * (info.pace == "turn") + ["yours"] * info.mine + ["private"] * info.private
    if marks:
        state += f" ({', '.join(marks)})"
    return state

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


_UNITS = ((86400, "d"), (3600, "h"), (60, "min"))
"""The units a time is said in, largest first."""


def _unit(seconds: float) -> int:
    """The unit a time is read in: minutes under two hours, hours under two days, else days (one unit finer
    below two of it, so that a time rounded up to it is never more than half again what it is)."""
    for size, _ in _UNITS[:-1]:
        if seconds >= 2 * size:
            return size
    return 60


def _spelled(count: int, unit: int) -> str:
    """`count` units of `unit` seconds in words, largest unit first ("2 d 19 h", "11 h 30 min", "12 h")."""
    seconds = count * unit
    parts = []
    for size, name in _UNITS:
        if size >= unit and seconds >= size:
            parts.append(f"{seconds // size} {name}")
            seconds %= size
    return " ".join(parts)


def turn_times(taken: float, left: float) -> tuple[str, str]:
    """How long a turn has taken and how long it has left, said so that they add up to its limit: both in the
    finer of the units each is read in, the time taken rounded down ("now" under a minute) and the time left
    rounded up ("now, 12 h left", "3 h, 9 h left", "30 min, 11 h 30 min left", "11 h 58 min, 2 min left")."""
    unit = min(_unit(taken), _unit(left))
    whole = int(taken // unit)
    rest = -int(-left // unit)  # rounded up
    return (_spelled(whole, unit) or "now"), _spelled(rest, unit)


def state_text(info: P.TableInfo) -> str:
    """A table's State in the lobby: waiting, whose turn and for how long ("your turn · 3 h", "Bob's turn ·
    2 d", with the time left on a turn-based table), or the round, then "(yours, private)"."""
    if info.over:
        state = "over"
    elif not info.started:
        state = "waiting"
    elif info.your_turn:
        if info.time_left is None:
            state = f"your turn · {ago(info.turn_seconds)}"
        elif info.time_left > 0:
            taken, left = turn_times(info.turn_seconds, info.time_left)
            state = f"your turn · {taken}, {left} left"
        else:
            state = f"your turn · {ago(info.turn_seconds)}, time is up"
    elif info.to_act and (info.mine or info.pace == "turn"):
        state = f"{info.to_act}'s turn · {ago(info.turn_seconds)}"
    else:
        state = info.round or "playing"
    marks = ["turn-based"] * (info.pace == "turn") + ["yours"] * info.mine + ["private"] * info.private
    if marks:
        state += f" ({', '.join(marks)})"
    return state

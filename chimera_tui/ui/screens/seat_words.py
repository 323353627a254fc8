"""Where the players of a served table are, in the words the lobby and the waiting screen show."""

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
    for an away seat (its bot plays until they are back at the table) "away, in the lobby: a bot plays"."""
    if seat.here:
        return "at the table"
    if seat.elsewhere == "lobby":
        place = "in the lobby"
    elif seat.elsewhere:
        place = "at another table"
    else:
        place = "disconnected"
    return f"away, {place}: a bot plays" if seat.kind == "away" else place

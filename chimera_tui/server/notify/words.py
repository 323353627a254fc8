"""What the messages say, made only of what every seat may know: the table's code, the game's title, the
players' names, whose move it is and for how long, the lines the table tells every seat, and the result that
every seat reads at the end. Nothing here looks at a state, a hand or a view: no card can get into a
message (`tests/server/test_notify_secrets.py` checks every message of seeded games against each seat's
secrets)."""

from __future__ import annotations

SUBJECT = "Chimera"


def hours(seconds: float) -> str:
    """ "21 h", "40 min", "2 d" (rounded down, as the lobby's turn clocks)."""
    seconds = max(0.0, seconds)
    if seconds >= 2 * 86400:
        return f"{int(seconds // 86400)} d"
    if seconds >= 3600:
        return f"{int(seconds // 3600)} h"
    return f"{max(1, int(seconds // 60))} min"


def table_words(code: str, title: str) -> str:
    """ "K7QX4 (Chimera Station)"."""
    return f"{code} ({title})"


def your_move(code: str, title: str, left: float) -> str:
    return f"Your move at {table_words(code, title)}, {hours(left)} left."


def reminder(code: str, title: str, left: float) -> str:
    return f"Reminder: your move at {table_words(code, title)}, only {hours(left)} left."


def deadline(code: str, title: str, line: str) -> str:
    """`line`: what the table told every seat ("Bob's time ran out: a bot played their turn.")."""
    return f"At {table_words(code, title)}: {line}"


def result(code: str, title: str, words: str) -> str:
    """`words`: the result every seat reads ("Alice 43, Bob 38 · Alice won")."""
    return f"{table_words(code, title)} has ended: {words}."


def waiting(code: str, title: str, left: float | None) -> str:
    """A table waiting for your move, as a digest lists it."""
    return f"your move at {table_words(code, title)}" + (f", {hours(left)} left" if left is not None else "")


def digest(lines: list[str], tables: list[str]) -> str:
    """A day's digest: the tables waiting for you, then what happened."""
    parts = []
    if tables:
        parts.append("Waiting for you: " + "; ".join(tables) + ".")
    parts.extend(lines)
    return "Your day at Chimera. " + " ".join(parts)


def confirm(code: str) -> str:
    return (
        f"Your code: {code}. Type it on your page at the Chimera server (p, then c) to be told of your turns "
        "at this address. If you did not ask for it, ignore this message: nothing more is sent here without it."
    )


TEST = "A test from the Chimera server: this is where you will hear that it is your move."


def stop_line(link: str) -> str:
    """The one line every message ends with: how to stop them."""
    if link:
        return f"To stop these messages: {link}"
    return (
        "To stop these messages: sign in to the Chimera server, open your page (p) and remove this (e or h)."
    )

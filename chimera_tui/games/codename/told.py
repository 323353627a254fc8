"""Everything that happens, told in words: card and seat names for the events, and the per-phase ledger.

Events name seats "Player N" (the screen puts the players' own names in) and cards by their printed names,
never by content ids. An event starting with ``@N `` is private to seat N (0-based); `public` and `private`
build them. The ledger collects what each seat gained and lost and why, and `summary` turns it into the
events that close a drafting phase, the building phase or an arena round.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import State

_C = load()

PRIVATE = "@"


def who(seat: int) -> str:
    """A seat as the events name it ("Player 2" for seat 1)."""
    return WHO[seat] if 0 <= seat < 8 else f"Player {seat + 1}"


WHO = tuple(f"Player {seat + 1}" for seat in range(8))
"""`who` of the first seats (a game seats at most 4), written once: the hot paths read it without the call."""


def name(card: str) -> str:
    """A card's printed name; ``torso:N`` is "Player N+1's torso"."""
    known = _NAMES.get(card)
    if known is not None:
        return known
    if card.startswith("torso:") and card[6:].isdigit():
        return f"{who(int(card[6:]))}'s torso"
    return "a face-down card"


_NAMES = {
    **{torso.id: torso.name for torso in _C.torsos.values()},
    **{part.id: part.name for part in _C.parts.values()},
    **{f"torso:{seat}": f"Player {seat + 1}'s torso" for seat in range(8)},
}
"""`name` of every card id and the first seats' torsos, looked up once (a part's name wins over a torso half's,
as `name` checks parts first)."""


def names(cards: Iterable[str]) -> str:
    """Card names joined in words ("Wolf Claw, Bull Head and Ribcage")."""
    listed = [name(c) for c in cards]
    if len(listed) <= 1:
        return "".join(listed) or "nothing"
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def names_seats(seats: Iterable[int]) -> str:
    """Seats in words ("Player 1 and Player 3")."""
    listed = [who(s) for s in seats]
    return ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else "".join(listed)


def names_own(cards: Iterable[str]) -> str:
    """A seat's own cards in words, its torso called just "torso" ("Wolf Claw and torso")."""
    listed = ["torso" if c.startswith("torso:") else name(c) for c in cards]
    if len(listed) <= 1:
        return "".join(listed) or "nothing"
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def private(seat: int, text: str) -> str:
    """An event only `seat` may read."""
    return f"{PRIVATE}{seat} {text}"


def visible(event: str, seat: int | None) -> str | None:
    """`event` as `seat` may read it (None: hidden from that seat)."""
    if not event.startswith(PRIVATE):
        return event
    mark, _, text = event.partition(" ")
    return text if seat is not None and mark[1:] == str(seat) else None


def tell(state: State, *events: str) -> State:
    """`state` with `events` added."""
    return msgspec.structs.replace(state, events=(*state.events, *events))


def note(state: State, seat: int, kind: str, text: str) -> State:
    """Record in the ledger that `seat` gained or lost something: `kind` is "gain", "lose" or "spend:N"."""
    return msgspec.structs.replace(state, ledger=noted(state.ledger, seat, kind, text))


def noted(
    ledger: tuple[tuple[int, str], ...], seat: int, kind: str, text: str
) -> tuple[tuple[int, str], ...]:
    """`ledger` with `note`'s entry added (for a caller replacing several fields of the state at once)."""
    return (*ledger, (seat, f"{kind}|{text}"))


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


_SPENT = {f"spend:{n}": n for n in range(1, 10)}
"""The energy of the ledger's usual "spend:N" kinds, read once."""


def summary(state: State, title: str) -> State:
    """Close the ledger: one event per seat that gained or lost anything ("Round 2 · Player 1: …")."""
    return msgspec.structs.replace(
        state, events=(*state.events, *summary_events(title, state.ledger)), ledger=()
    )


def summary_events(title: str, ledger: tuple[tuple[int, str], ...]) -> list[str]:
    """The events `summary` adds for `ledger` (for a caller that replaces the state once)."""
    by_seat: dict[int, list[str]] = {}
    for seat, entry in ledger:
        known = by_seat.get(seat)
        if known is None:
            by_seat[seat] = [entry]
        else:
            known.append(entry)
    events = []
    for seat in sorted(by_seat):
        entries = tuple(by_seat[seat])
        said = _SAID.get(entries)
        if said is None:
            if len(_SAID) >= 4096:
                _SAID.clear()
            said = _SAID[entries] = _seat_summary(entries)
        events.append(f"{title} · {WHO[seat]}: {said}.")
    if not events:
        events.append(f"{title}: nobody gained or lost anything.")
    return events


_SAID: dict[tuple[str, ...], str] = {}
"""A seat's ledger entries -> `_seat_summary`'s words: the same turns (a refill, an attack's cost) recur in
round after round and game after game. Keyed by value, so safe to share; bounded, cleared past 4096 rows."""


def _seat_summary(entries: tuple[str, ...]) -> str:
    """What one seat gained, spent and lost, in words, from its ledger entries."""
    gains: list[str] = []
    losses: list[str] = []
    spent: dict[str, int] = {}
    for entry in entries:
        kind, _, text = entry.partition("|")
        if kind == "gain":
            gains.append(text)
        elif kind == "lose":
            losses.append(text)
        elif kind.startswith("spend:"):
            spent[text] = spent.get(text, 0) + (_SPENT.get(kind) or int(kind[6:]))
    bits = []
    if gains:
        bits.append("gained " + "; ".join(gains))
    if spent:
        if len(spent) == 1:  # mostly: one reason (the same words as the join below)
            ((what, total),) = spent.items()
            why = f"{total} on {what}"
        else:
            total = sum(spent.values())
            why = ", ".join(f"{n} on {what}" for what, n in spent.items())
        bits.append(f"spent {total} energy ({why})")
    if losses:
        bits.append("lost " + "; ".join(losses))
    return "; ".join(bits)

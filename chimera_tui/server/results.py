"""How a finished table ended: its result in words, and its people's ranks for the ratings."""

from __future__ import annotations

from typing import Any

from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.server.ratings import Outcome, ranks_of
from chimera_tui.server.table_record import TableRecord


def result_text(rules: Ruleset[Any, Any], state: Any, names: list[str]) -> str:
    """ "Alice 43, Bob 38 · Alice won" (the scores best first, then who won)."""
    scores = rules.scores(state)
    winners = rules.winner(state)
    order = sorted(range(len(names)), key=lambda seat: (seat not in winners, -scores[seat], seat))
    table = ", ".join(f"{names[seat]} {scores[seat]}" for seat in order)
    if not winners:
        return table
    won = " and ".join(names[seat] for seat in winners)
    return f"{table} · {won} {'won' if len(winners) == 1 else 'shared the win'}"


def outcome_of(record: TableRecord, rules: Ruleset[Any, Any], state: Any) -> Outcome:
    """The people of a finished table with their ranks among the people (bots left out); rated when two
    people or more sat at it."""
    people = [
        seat
        for seat, (bot, owner) in enumerate(zip(record.bots, record.owners, strict=True))
        if bot is None and owner
    ]
    ranks = ranks_of(rules.scores(state), rules.winner(state), people)
    return Outcome(
        game=record.game,
        people=[
            (seat, str(record.owners[seat]), record.names[seat], rank)
            for seat, rank in zip(people, ranks, strict=True)
        ],
        rated=len(people) >= 2,
    )

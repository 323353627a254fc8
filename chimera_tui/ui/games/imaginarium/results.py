"""The end of a game of Imaginarium: the verdict, VP by cause with the end bonuses category by category, VP
over the rounds and the dream track as it ended, rebuilt from the match's states (public once it is over)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from chimera_tui.games.imaginarium import State
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.flow import winners
from chimera_tui.games.imaginarium.state import CAUSES, KINDS
from chimera_tui.ui.games.imaginarium import view as V
from chimera_tui.ui.games.imaginarium.preview import CAUSE_WORDS
from chimera_tui.ui.games.imaginarium.widgets import ResultsScreen
from chimera_tui.ui.games.imaginarium.words import team_name, team_seats
from chimera_tui.ui.widgets.dream_track import TrackLink, TrackSpace, layout

LEGEND = "struck out: reward taken by the first token there (later ones took 1 C) · the marks are the tokens"
CATEGORY_WORDS = {"c": "C", "w": "W", "cu": "Cu", "cr": "Cr", "machines": "machines"}


def bonus_rows(state: State) -> list[tuple[str, list[int]]]:
    """The end bonuses category by category: (label, VP per team), as phase C's scoring gives them."""
    eco = content().economy
    rows = []
    for cat in eco.bonus_categories:
        if cat == "machines":
            values = [
                sum(len(sl) for s in team_seats(state, t) for sl in state.seats[s].slots)
                for t in range(len(state.teams))
            ]
        else:
            values = [tm.stock[KINDS.index(cat)] for tm in state.teams]
        top = max(values)
        leaders = [i for i, v in enumerate(values) if v == top] if top > 0 else []
        vp = eco.bonus_most if len(leaders) == 1 else eco.bonus_tied
        got = [vp if i in leaders else 0 for i in range(len(values))]
        rows.append((f"Most {CATEGORY_WORDS[cat]} ({'/'.join(map(str, values))})", got))
    return rows


def cause_rows(state: State) -> list[tuple[str, list[int]]]:
    """VP by cause per team (the bonus split by category), then units left and the total."""
    rows: list[tuple[str, list[int]]] = []
    bonus = CAUSES.index("bonus")
    for i, cause in enumerate(CAUSES):
        values = [tm.vp[i] if tm.vp else 0 for tm in state.teams]
        if i == bonus:
            split = bonus_rows(state)
            if [sum(col) for col in zip(*(v for _, v in split), strict=True)] == values:
                rows += [(label, v) for label, v in split if any(v)]
                continue
        if any(values):
            rows.append((CAUSE_WORDS[cause].capitalize(), values))
    rows.append(("Units left", [sum(tm.stock) if tm.stock[0] >= 0 else 0 for tm in state.teams]))
    rows.append(("Total", [tm.total for tm in state.teams]))
    return rows


def vp_over_rounds(states: Sequence[State]) -> tuple[list[str], list[list[int]]]:
    """(column labels, each team's VP) at the end of every round and at the end (after the bonuses)."""
    columns: list[str] = []
    values: list[list[int]] = []
    for before, after in pairwise(states):
        if after.round != before.round and all(tm.vp for tm in before.teams):
            columns.append(f"r{before.round}")
            values.append([tm.total for tm in after.teams])
    final = states[-1]
    columns.append("end")
    values.append([tm.total for tm in final.teams])
    return columns, values


def verdict_of(state: State) -> str:
    """Who won, and how (the final state is public)."""
    won = winners(state)
    names = " and ".join(state.names[s] for s in won)
    teams = {state.seats[s].team for s in won}
    vp = state.teams[next(iter(teams))].total if teams else 0
    tied = [i for i, tm in enumerate(state.teams) if tm.total == vp]
    one = "s" if len(won) == 1 else ""
    if len(teams) > 1:
        return f"{names} share the win with {vp} VP."
    if len(tied) > 1:
        return f"{names} win{one} with {vp} VP, with the most units left after a tie on VP."
    return f"{names} win{one} with {vp} VP."


def results_screen(table: Any) -> ResultsScreen:
    """The results of the table's finished match."""
    match = table.match
    final: State = match.state
    try:
        states = [match.state_at(i) for i in range(len(match) + 1)]
    except IndexError:  # a remote seat knows only the present
        states = [final]
    columns, rounds = vp_over_rounds(states)
    teams = [(team_name(final, t), team_seats(final, t)[0]) for t in range(len(final.teams))]
    spaces, links = V.track_places(final, True, frozenset(), False)
    track = layout([TrackSpace(*s) for s in spaces], [TrackLink(*ln) for ln in links], 4, 2, 1, 1)
    return ResultsScreen(verdict_of(final), teams, cause_rows(final), columns, rounds, track, LEGEND)

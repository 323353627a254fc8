"""Chimera Con's standing answers: which cheat windows to be asked in, and Getting Greedy.

A cheat window asks every player who holds a cheat they could play, at the start of every turn and after
every attack's dice, so at one terminal each of them got the keyboard twice a turn. A player may answer
ahead: to be asked only on their own turn and in fights they are in, or not at all for the rest of the
round; and to stay content in every Market Phase for the rest of the game. The table then plays no cheat
(or stays content) for them, through the rules' own ``pass`` and ``content``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.state import State
from chimera_tui.table.standing import AskAhead, Standing

WINDOWS = "cheat-windows"
"""Which cheat windows to be asked in: args ("fights",) own turn and own fights, ("against",) own turn and
fights whose dice go against the seat."""
NO_CHEATS = "no-cheats-this-round"
CONTENT = "never-greedy"


def only_my_fights(view: State) -> Standing:
    """Be asked for cheats only at the start of one's own turn and when one's chimera attacks or is attacked."""
    return Standing(
        WINDOWS, "Ask about cheats only on your turn and in fights you are in", ("fights",), "game"
    )


def only_against_me(view: State) -> Standing:
    """Be asked for cheats only at the start of one's own turn and in one's own fights whose dice go against
    one: as the one attacked, when the attack would hit; as the attacker, when it would not."""
    words = "Ask about cheats only on your turn and when a fight's dice go against you"
    return Standing(WINDOWS, words, ("against",), "game")


def against(view: State, seat: int) -> bool:
    """Whether the dice of the attack in progress go against `seat`, one of its two sides: the attacked
    chimera would be hit, or the attacker would miss (and a plain attack be countered)."""
    attack = view.attack
    if attack is None:
        return False
    hits = sum(attack.att) > sum(attack.dfn)
    return hits if seat == attack.defender else not hits


def no_cheats_this_round(view: State) -> Standing:
    """Play no cheat in any window until the next round."""
    return Standing(NO_CHEATS, "Play no cheat for the rest of this round", (), f"round {view.round}")


def never_greedy(view: State) -> Standing:
    """Stay content in every Market Phase for the rest of the game."""
    return Standing(CONTENT, "Stay content (never Get Greedy) for the rest of the game", (), "game")


def _ask(view: State) -> Any | None:
    return view.asks[-1] if view.asks else None


class ConAnswers:
    """`AnswerBook` for Chimera Con."""

    def offers(self, view: State, seat: int, legal: Sequence[Any]) -> Sequence[Standing]:
        if view.phase == "over":
            return []
        return [only_my_fights(view), only_against_me(view), no_cheats_this_round(view), never_greedy(view)]

    def answer(self, standing: Standing, view: State, seat: int, legal: Sequence[Any]) -> Any | None:
        ask = _ask(view)
        if ask is None or ask.seat != seat:
            return None
        if ask.kind == "greedy" and standing.kind == CONTENT:
            return Move("content") if Move("content") in legal else None
        if ask.kind != "cheat":
            return None
        if standing.kind == NO_CHEATS:
            return Move("pass turn") if Move("pass turn") in legal else None
        if standing.kind == WINDOWS:
            attack = view.attack
            if ask.when == "turn" and view.active == seat:
                return None
            fight = ask.when == "roll" and attack is not None and seat in (attack.attacker, attack.defender)
            if fight and (standing.args[0] == "fights" or against(view, seat)):
                return None
            return Move("pass") if Move("pass") in legal else None
        return None

    def ask_ahead(self, public: State, to_act: int, names: Sequence[str]) -> Sequence[AskAhead]:
        return []

    def lapsed(self, standing: Standing, view: State, seat: int) -> bool:
        if view.phase == "over":
            return True
        return standing.kind == NO_CHEATS and standing.until != f"round {view.round}"


BOOK = ConAnswers()

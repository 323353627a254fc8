"""Chimera Con's standing answers: which cheat windows to be asked in, a cheat to play when hit, and Getting
Greedy.

A cheat window asks every player who holds a cheat they could play, at the start of every turn and after
every attack's dice, so at one terminal each of them got the keyboard twice a turn. So at one terminal
shared by several people every person starts with the table's convention (`defaults`): on the others' turns
they are asked only when a fight's dice go against them. A player may change it: to be asked in every
window (nothing ticked), in every fight they are in, only on their own turn, or not at all for the rest of
the round; name a cheat the table plays for them when they are attacked and about to be hit, so the
keyboard need not come to them then; and stay content in every Market Phase for the rest of the game. The
table then plays the cheat, no cheat, or stays content for them, through the rules' own ``cheat``, ``pass``
and ``content``. Every one of these decides on what everyone sees (whose turn, who fights, the dice), so
being skipped tells the others nothing the rules hide; being asked tells them no more than the rules' own
window does (it asks only who holds a cheat they could play, and the log says who played none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.content import content
from chimera_tui.games.con.state import State
from chimera_tui.table.standing import Standing

WINDOWS = "cheat-windows"
"""Which cheat windows to be asked in: args ("fights",) own turn and own fights, ("against",) own turn and
fights whose dice go against the seat, ("own",) own turn only."""
NO_CHEATS = "no-cheats-this-round"
CONTENT = "never-greedy"
WHEN_HIT = "cheat-when-hit"
"""A cheat to play when attacked and about to be hit: args (the cheat's kind, "SHLD")."""
DEFENCES: tuple[str, ...] = tuple(
    k.code for k in content().cheat_kinds if k.effect in ("shield", "smoke", "add_dice", "drop_highest")
)
"""The kinds of cheat that can turn or soften an attack on the one attacked, in card order."""


def only_my_fights(view: State) -> Standing:
    """Be asked for cheats on one's own turn and, on the others' turns, only when attacked."""
    return Standing(
        WINDOWS, "Ask about cheats only on your turn and in fights you are in", ("fights",), "game"
    )


def only_against_me(view: State) -> Standing:
    """Be asked for cheats on one's own turn and, on the others' turns, only when attacked and about to be hit
    (the table's convention at one terminal, `ConAnswers.defaults`)."""
    words = "Ask about cheats only on your turn and when a fight's dice go against you"
    return Standing(WINDOWS, words, ("against",), "game")


def only_my_turn(view: State) -> Standing:
    """Be asked for cheats only on one's own turn (the others' windows pass for one)."""
    return Standing(WINDOWS, "Ask about cheats only on your own turn", ("own",), "game")


def when_hit(view: State, kind: str) -> Standing:
    """Play a cheat of `kind` when attacked on another's turn and about to be hit."""
    words = f"When you are attacked and about to be hit, play {_kind_name(kind)}"
    return Standing(WHEN_HIT, words, (kind,), "game")


def _kind_name(kind: str) -> str:
    return next(k.name for k in content().cheat_kinds if k.code == kind)


def _kinds_held(view: State, seat: int) -> list[str]:
    """The kinds of cheat `seat` holds, from its own view, in card order."""
    cheats = content().cheats
    held = {cheats[c].kind.code for c in view.cheats[seat] if c in cheats}
    return [k.code for k in content().cheat_kinds if k.code in held]


def against(view: State, seat: int) -> bool:
    """Whether the dice of the attack in progress go against `seat`, one of its two sides: the attacked
    chimera would be hit, or the attacker would miss (and a plain attack be countered)."""
    attack = view.attack
    if attack is None:
        return False
    hits = not attack.smoke and sum(attack.att) > sum(attack.dfn)
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
        hits = [when_hit(view, kind) for kind in _kinds_held(view, seat) if kind in DEFENCES]
        windows = [only_my_fights(view), only_against_me(view), only_my_turn(view)]
        return [*hits, *windows, no_cheats_this_round(view), never_greedy(view)]  # a cheat before a pass

    def defaults(self, view: State, seat: int) -> Sequence[Standing]:
        return [only_against_me(view)]

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
        attack = view.attack
        if standing.kind == WHEN_HIT:
            if ask.when != "roll" or attack is None or attack.defender != seat or not against(view, seat):
                return None
            play = (a for a in legal if str(a).startswith("cheat ") and _kind_of(str(a)) == standing.args[0])
            return next(play, None)
        if standing.kind == WINDOWS:
            if view.active == seat:
                return None  # the keyboard is here already: every window of one's own turn asks
            fight = ask.when == "roll" and attack is not None and seat in (attack.attacker, attack.defender)
            way = standing.args[0]
            if fight and (way == "fights" or (way == "against" and against(view, seat))):
                return None
            return Move("pass") if Move("pass") in legal else None
        return None

    def suggestion(self, view: State, seat: int, standing: Sequence[Standing]) -> str:
        ask = _ask(view)
        kinds = {s.kind for s in standing}
        if ask is not None and ask.seat == seat and ask.kind in ("market", "greedy") and CONTENT not in kinds:
            return "A: answer ahead to stay content in every Market Phase (never Get Greedy)"
        defences = [k for k in _kinds_held(view, seat) if k in DEFENCES]
        if view.phase != "turn" or not defences or WHEN_HIT in kinds:
            return ""
        if ask is not None and ask.seat == seat and ask.kind == "cheat" and view.active != seat:
            return "A: name a cheat to play when you are hit, or be asked only on your own turn"
        if view.active == seat and ask is None and view.step == "draw":
            return "A: name a cheat the table plays for you if you are hit on another's turn"
        return ""

    def forced_in_sight(self, public: State, seat: int, action: Any) -> bool:
        """Taking no card from an empty Market Pile (the pile is face up)."""
        ask = _ask(public)
        return ask is not None and ask.kind == "market" and not public.market and str(action) == "pass"

    def lapsed(self, standing: Standing, view: State, seat: int) -> bool:
        if view.phase == "over":
            return True
        if standing.kind == WHEN_HIT:
            return standing.args[0] not in _kinds_held(view, seat)
        return standing.kind == NO_CHEATS and standing.until != f"round {view.round}"


def _kind_of(text: str) -> str:
    """The kind of the cheat a ``cheat CODE ...`` action plays."""
    code = text.split()[1]
    return content().cheats[code].kind.code


BOOK = ConAnswers()

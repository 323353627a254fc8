"""Pending asks: the choices the rules stop for in the middle of a step, and how each is resumed.

- ``sleep N``: the Sleepwalker takes the fragment of belt place N (B0), then B1 runs.
- ``bonus K``: a production pair's extra unit is of kind K, then production goes on.
- ``tangle S`` / ``pick K``: the attacker's choice against one target, then the attacks go on.
- ``hand K``: the Exhausteur's victim (out of turn) hands a fragment of colour K over.
- ``keep K``: keep one fragment (Exhausteur hand-overs, a repaired machine's draw).
- ``leave K``: the unit of a repair cost left behind by a level payout; ``take K``: an assistant's extra unit.
- ``fork X``: the branch taken out of a dream-track fork; ``nightmare T``: the team given a nightmare.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium import dream
from chimera_tui.games.imaginarium.dial import keep
from chimera_tui.games.imaginarium.machine_step import begin_b1, opponents, produce_from, run_attacks, steal
from chimera_tui.games.imaginarium.machines import leave
from chimera_tui.games.imaginarium.state import Ask
from chimera_tui.games.imaginarium.work import KIND_INDEX, Working

VERB: dict[str, str] = {
    "sleep": "sleep", "bonus": "bonus", "tangle": "tangle", "pick": "pick", "hand": "hand", "xkeep": "keep",
    "keep": "keep", "leave": "leave", "take": "take", "fork": "fork", "nightmare": "nightmare",
}  # fmt: skip
"""The notation verb answering each ask kind."""


def ask_options(a: Ask) -> list[str]:
    """The answers to ask `a`, as notation."""
    verb = VERB[a.kind]
    if a.kind == "hand":
        return [f"hand {k}" for k in a.opts[a.opts.index("|") + 1 :]]
    if a.kind in ("keep", "xkeep"):
        return [f"keep {k}" for k in dict.fromkeys(a.opts)]
    if a.kind == "leave":
        return [f"leave {k}" for k in a.opts[1:]]
    return [f"{verb} {k}" for k in a.opts]


def resolve(w: Working, a: Ask, answer: str) -> None:
    """Carry out the answer to ask `a` (already popped) and resume what it interrupted."""
    kind = a.kind
    actor = w.actor
    if kind == "sleep":
        i = int(answer) - 1
        w.frag(w.team_of(actor), w.belt_frags[i])
        w.belt_frags = (*w.belt_frags[:i], "", *w.belt_frags[i + 1 :])
        begin_b1(w)
    elif kind == "bonus":
        w.add(w.team_of(actor), KIND_INDEX[answer], a.b)
        produce_from(w, actor, a.a + 1)
    elif kind == "tangle":
        victim = opponents(w, actor, False)[a.b]
        p = w.seats[victim]
        tangled = list(p.tangled)
        tangled[int(answer)] = True
        w.set_seat(victim, tangled=tuple(tangled))
        run_attacks(w, actor, a.a, a.b + 1, ())
    elif kind == "pick":
        victim = opponents(w, actor, True)[a.b]
        code = next(c for c in w.seats[actor].slots[a.a] if c in w.t.attack)
        amount = w.t.attack[code].n + len(w.seats[actor].slots[a.a]) - 1
        steal(w, w.team_of(actor), victim, KIND_INDEX[answer], amount)
        run_attacks(w, actor, a.a, a.b + 1, ())
    elif kind == "hand":
        victim = opponents(w, actor, True)[a.b]
        w.frag(victim, answer, -1)
        handed = (*a.opts[: a.opts.index("|")], answer)
        run_attacks(w, actor, a.a, a.b + 1, handed)
    elif kind == "xkeep":
        keep(w, actor, a.opts, answer)
        run_attacks(w, actor, a.a + 1, 0, ())
    elif kind == "keep":
        keep(w, a.seat, a.opts, answer)
    elif kind == "leave":
        leave(w, a.seat, a, answer)
    elif kind == "take":
        w.add(w.team_of(a.seat), KIND_INDEX[answer], a.a)
    elif kind == "fork":
        dream.fork(w, a.seat, a, answer)
    elif kind == "nightmare":
        dream.lay_nightmare(w, a.seat, answer)

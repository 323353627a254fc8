"""Chimera Con's greedy bot: one decision at a time, each scored by a stated worth from the seat's view.

- building, substituting, mutating, market takes: the chimera's worth (Health plus 3 per die of Might, Speed
  and Magic, Unsupported parts counted as the rules count them);
- attacks: the expected margin (3.5 a die) against the target, preferring the weakest chimera; no attack that
  expects to lose (a counterattack would hurt) — it heals, flies or rests instead;
- after two of its turns without an attack it makes its best attack anyway;
- cheats: dice and shields when it is in the attack, a heal when hurt, a dart or a net on the leader; otherwise
  it passes for the rest of the turn; it never Gets Greedy.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from chimera_tui.engine.rng import Rng
from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.content import STATS, content
from chimera_tui.games.con.state import AIRBORNE, State
from chimera_tui.games.con.wording import actor
from chimera_tui.games.con.work import CARDS, armor, supported, totals


@lru_cache(maxsize=8192)
def worth(parts: tuple[str, str, str], status: int, petrified: frozenset[str]) -> float:
    """What a chimera is worth to the bot."""
    h, m, s, g = totals(parts, status, petrified)
    bonus = sum(1.5 for c in parts if c and c not in petrified for _ in CARDS[c].actions)
    return h + 3.0 * (m + s) + 2.0 * g + bonus - (0 if all(supported(parts)) else 2)


@lru_cache(maxsize=512)
def card_worth(code: str) -> float:
    st = CARDS[code].stats
    return st[0] + 3.0 * (st[1] + st[2]) + 2.0 * st[3] + 1.5 * len(CARDS[code].actions)


IDLE_TURNS = 2
"""After this many of its turns without an attack, the bot makes its best attack even at a loss (two
cautious chimeras would otherwise wait for each other for ever)."""


class GreedyBot:
    """Takes the best-looking decision by the worths above (ties broken at random by its own Rng)."""

    name = "greedy"

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self._rng = Rng(seed)
        self._idle = 0

    def choose(self, view: State, legal: Sequence[Move], seat: int) -> Move:
        texts = [m.text for m in legal]
        scores = [self.score(view, seat, t) for t in texts]
        top = max(scores)
        ties = [i for i, v in enumerate(scores) if v >= top - 1e-9]
        best, self._rng = self._rng.choice(ties)
        if view.step == "act" and not view.asks and view.phase == "turn":
            attacks = [
                i for i, t in enumerate(texts) if t.startswith(("attack", "use")) and len(t.split()) > 2
            ]
            if texts[best].startswith(("attack", "use")):
                self._idle = 0
            elif attacks and self._idle >= IDLE_TURNS:
                best = max(attacks, key=scores.__getitem__)
                self._idle = 0
            else:
                self._idle += 1
        return legal[best]

    def score(self, v: State, me: int, text: str) -> float:
        w = text.split()
        verb = w[0]
        parts = v.parts[me]
        if verb == "build":
            laid = tuple("" if c == "-" else c for c in w[1:4])
            return worth((laid[0], laid[1], laid[2]), 0, v.petrified)
        if verb == "draw":
            return 2.0 if w[1] == "c" else 1.0
        if verb == "stop":
            return 0.0
        if verb in ("sub", "mutate"):
            new = list(parts)
            new[CARDS[w[1]].slot] = w[1]
            gain = worth((new[0], new[1], new[2]), v.status[me], v.petrified) - worth(
                parts, v.status[me], v.petrified
            )
            old = parts[CARDS[w[1]].slot]
            if verb == "sub" and old and CARDS[old].family != CARDS[w[1]].family:
                gain -= 6.0
            return gain - (0.5 if verb == "mutate" else 0.0)
        if verb in ("keep",):
            return 0.0
        if verb == "attack":
            return self.attack_score(v, me, int(w[1][1:]) - 1, "might", "speed", 0, standard=True)
        if verb == "use":
            code, _, idx = w[1].partition(".")
            a = CARDS[code].actions[int(idx)]
            if a.effect == "heal":
                return min(a.amount, v.damage[me]) * 1.2 - 1.0
            fam = sum(1 for c in parts if c and c != code and CARDS[c].family == CARDS[code].family)
            extra = fam if a.kind == "special" else 0
            base = self.attack_score(
                v, me, int(w[2][1:]) - 1, a.attack, a.defend, extra,
                standard=a.kind == "standard" and "Aerial" not in a.keywords, need=a.requirement,
            )  # fmt: skip
            return base + 1.5 * len(a.keywords)
        if verb == "fly":
            return 0.5 if self._idle < IDLE_TURNS else -0.2
        if verb == "land":
            return -0.1 if self._idle < IDLE_TURNS else 0.3
        if verb == "rest":
            return 0.0
        if verb == "discard":
            if w[1] in CARDS:
                return -card_worth(w[1])
            return -5.0
        if verb == "end":
            return 1.0
        if verb == "cheat":
            return self.cheat_score(v, me, w)
        if verb == "pass":
            return 0.1 if len(w) > 1 else 0.0
        if verb == "take":
            return card_worth(w[1]) if w[1] in CARDS else 8.0
        if verb == "content":
            return 1.0
        return 0.0

    def attack_score(
        self, v: State, me: int, t: int, att: str, dfn: str, extra: int, *, standard: bool, need: int = 0
    ) -> float:
        mine = totals(v.parts[me], v.status[me], v.petrified)
        theirs = totals(v.parts[t], v.status[t], v.petrified)
        a = 3.5 * (mine[STATS.index(att)] + extra)
        d = 3.5 * theirs[STATS.index(dfn)]
        margin = a - d - armor(v.parts[t], v.petrified)
        if need and a < need:
            margin -= need - a
        left = theirs[0] - v.damage[t]
        if margin <= 0:
            return margin * (1.0 if standard else 0.3) - 0.5
        return margin + (4.0 if margin >= left else 0.0) + 0.5 * v.points[t]

    def cheat_score(self, v: State, me: int, w: list[str]) -> float:
        kind = content().cheats[w[1]].kind
        e = kind.effect
        at = v.attack
        if e in ("add_dice", "drop_highest", "shield", "smoke"):
            return 3.0 if at is not None else -1.0
        if e == "heal":
            return 2.0 if v.damage[me] >= kind.amount else -1.0
        if e in ("poison", "petrify"):
            t = int(w[2][1:]) - 1
            return 1.0 + v.points[t]
        if e == "ground":
            t = int(w[2][1:]) - 1
            return 2.0 if t != me and v.status[t] & AIRBORNE else -1.0
        if e == "market":
            return card_worth(w[2]) / 10.0 if w[2] in CARDS else -1.0
        if e == "draw":
            return 1.0 if len(v.hands[me]) < 4 else -1.0
        if e == "swap":
            new = list(v.parts[me])
            new[CARDS[w[2]].slot] = w[2]
            return (
                worth((new[0], new[1], new[2]), v.status[me], v.petrified)
                - worth(v.parts[me], v.status[me], v.petrified)
                - 1.0
            )
        return 0.0


def _acting(view: State) -> int:
    return actor(view)


BOTS = {"greedy": GreedyBot}

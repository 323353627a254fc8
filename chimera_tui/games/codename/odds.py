"""The exact chance that an attack reaches a Defense, with the booklet's dice or with exploding sixes.

The booklet's d6 shows 1 to 6. Under the exploding-sixes option a 6 is rolled again and added, again on
another 6, up to the rules' limit of extra rolls (combat.EXPLODE_LIMIT), so the distribution below is the
one the rules actually roll.
"""

from __future__ import annotations

from functools import cache

from chimera_tui.games.codename.abilities import PACK_BONUS
from chimera_tui.games.codename.combat import EXPLODE_LIMIT, stats
from chimera_tui.games.codename.state import State


@cache
def _die(explode: bool) -> tuple[float, ...]:
    """Probability of each value of one die."""
    if not explode:
        return (0.0, *(1 / 6,) * 6)
    out = [0.0] * (6 * (EXPLODE_LIMIT + 1) + 1)
    p = 1.0
    for sixes in range(EXPLODE_LIMIT + 1):
        for v in range(1, 6):
            out[6 * sixes + v] += p / 6
        p /= 6
    out[6 * (EXPLODE_LIMIT + 1)] += p  # the last throw allowed showed 6 as well
    return tuple(out)


@cache
def distribution(dice: int, explode: bool = False) -> tuple[float, ...]:
    """Probability of each sum of `dice` dice."""
    dist = [1.0]
    die = _die(explode)
    for _ in range(dice):
        nxt = [0.0] * (len(dist) + len(die) - 1)
        for s, pr in enumerate(dist):
            if pr:
                for f, q in enumerate(die):
                    if q:
                        nxt[s + f] += pr * q
        dist = nxt
    return tuple(dist)


def chance(dice: int, mod: int, need: int, explode: bool = False) -> float:
    """P(sum of `dice` dice + `mod` >= `need`)."""
    t = need - mod
    if t <= 0:
        return 1.0
    dist = distribution(dice, explode)
    return sum(dist[t:]) if t < len(dist) else 0.0


def percent(p: float) -> str:
    """A chance for people: "100%", "0%", ">99%", "<1%", else the nearest whole percent."""
    if p >= 1.0 - 1e-12:
        return "100%"
    if p <= 1e-12:
        return "0%"
    if p > 0.995:
        return ">99%"
    if p < 0.005:
        return "<1%"
    return f"{round(p * 100)}%"


def attack_chance(state: State, parts: tuple[str, ...] | list[str], target: str) -> float:
    """The chance that `parts` attacking together destroy `target` now, before any reaction.

    Counts each part's dice and Attack Mod, Pack Hunter when more than one part attacks, a Roar waiting for
    the attack (or already on the declared attack), and Defense already raised by a reaction.
    """
    attack = state.attack
    bonus = attack.bonus if attack is not None else state.roar
    extra_defense = attack.defense if attack is not None and attack.target == target else 0
    dice = 0
    mod = bonus
    for part in parts:
        s = stats(state, part)
        dice += s.attack_roll
        mod += s.attack_mod + (PACK_BONUS if len(parts) > 1 and s.ability == "pack" else 0)
    return chance(dice, mod, stats(state, target).defense + extra_defense, state.explode)

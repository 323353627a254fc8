"""Who can attack what in the Arena: a seat's parts ready to attack (dice, unused this round, affordable), the
cards another monster offers as targets (its outer cards; every card to a part with Reach), and the attacks
a seat may declare. Answers about a monster are kept by the identity of its tuples, which every state that
does not change them keeps as they are.
"""

from __future__ import annotations

from chimera_tui.games.codename.actions import AttackWith
from chimera_tui.games.codename.attaching import is_outer, outer_info, torso_id
from chimera_tui.games.codename.combat import owner_of, part_stats, torso_stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Placed, Player, State


def ready_attackers(state: State, seat: int) -> tuple[str, ...]:
    """Seat's parts (and torso) that can attack now: have dice, unused this round, affordable."""
    p = state.players[seat]
    monster, torso, used, energy = p.monster, p.torso, state.used, p.energy
    known = _READY[seat]
    if known[0] is monster and known[1] is torso:
        if known[3] is used and known[4] == energy:
            return known[5]
        able = known[2]
    else:
        able = (*attackers_of(monster), (torso_id(seat), torso_stats(torso).cost))
    ready = tuple([card for card, cost in able if cost <= energy and card not in used])
    _READY[seat] = (monster, torso, able, used, energy, ready)
    return ready


_READY: list[tuple[object, object, tuple[tuple[str, int], ...], object, int, tuple[str, ...]]] = [
    (None, None, (), None, 0, ())
] * 8
"""Per seat number: the last (monster, torso) seen, (card, cost) of its parts with an Attack Roll and of its
torso, and the last (used, energy) seen with `ready_attackers`' answer for them. A turn asks the same seat
again and again (its options, then whether more parts may join, then the join's options), and the entry holds
the tuples it was made for, so `is` cannot match a recycled object (one tuple replaced at once: safe to share
between threads)."""


ATTACKERS: dict[int, tuple[tuple[Placed, ...], tuple[tuple[str, int], ...]]] = {}
"""id(monster) -> (monster, (card, cost) of each attached part with an Attack Roll): looked up by identity, as a
seat's `monster` tuple is kept by every state that does not change it. Bounded (cleared past 4096 rows)."""


def attackers_of(monster: tuple[Placed, ...]) -> tuple[tuple[str, int], ...]:
    known = ATTACKERS.get(id(monster))
    if known is None or known[0] is not monster:
        if len(ATTACKERS) >= 4096:
            ATTACKERS.clear()
        found = tuple(
            (placed.card, s.cost) for placed in monster if (s := part_stats(placed.card)).attack_roll > 0
        )
        known = ATTACKERS[id(monster)] = (monster, found)
    return known[1]


def targets(state: State, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(outer targets, every target) among the other living monsters."""
    outer: tuple[str, ...] = ()
    every: tuple[str, ...] = ()
    for s, p in enumerate(state.players):
        if s == seat or not p.alive:
            continue
        known = _AS_TARGET[s]
        if known[0] is not p.monster or known[1] is not p.torso:
            known = as_target(p, s)
        if every:
            outer += known[2]
            every += known[3]
        else:
            outer, every = known[2], known[3]
    return outer, every


_AS_TARGET: list[tuple[object, object, tuple[str, ...], tuple[str, ...]]] = [(None, None, (), ())] * 8
"""Per seat number: the last (monster, torso) seen and what it offers an attacker (its outer targets, every
target on it); the entry holds the tuples it was made for, so `is` cannot match a recycled object (one tuple
replaced at once: safe to share between threads)."""


def as_target(p: Player, seat: int) -> tuple[object, object, tuple[str, ...], tuple[str, ...]]:
    """What seat's monster offers an attacker: its outer cards, and every card (the torso when exposed)."""
    parts, exposed = outer_info(p)
    every = tuple(placed.card for placed in p.monster)
    torso = (torso_id(seat),) if exposed else ()
    known = _AS_TARGET[seat] = (p.monster, p.torso, (*parts, *torso), (*every, *torso))
    return known


REACH = frozenset(p.id for p in load().parts.values() if p.ability == "reach")
"""The parts with Reach (a torso has no ability)."""


def attack_options(state: State, seat: int) -> list[AttackWith]:
    """Every attack seat can declare now."""
    attackers = ready_attackers(state, seat)
    if not attackers:
        return []
    outer, every = targets(state, seat)
    return [AttackWith(a, t) for a in attackers for t in (every if a in REACH else outer)]


def is_ready(state: State, seat: int, part: str) -> bool:
    """Whether `part` is one of `ready_attackers(state, seat)` (checked without listing them)."""
    p = state.players[seat]
    used = state.used
    known = _READY[seat]
    if known[0] is p.monster and known[1] is p.torso and known[3] is used and known[4] == p.energy:
        return part in known[5]  # the kept answer of `ready_attackers` for this very seat, used and energy
    if part in used:
        return False
    if part == torso_id(seat):
        return torso_stats(p.torso).cost <= p.energy
    for card, cost in attackers_of(p.monster):
        if card == part:
            return cost <= p.energy
    return False


def attack_victim(state: State, seat: int, part: str, target: str) -> int:
    """The seat attacked, when `attack_options` would list this attack (checked without listing them all);
    -1 when it would not."""
    if not is_ready(state, seat, part):
        return -1
    victim = owner_of(state, target)
    if victim < 0 or victim == seat or not state.players[victim].alive:
        return -1
    return victim if can_target(state, part, target, victim) else -1


def can_target(state: State, part: str, target: str, victim: int) -> bool:
    """Whether `part` can reach `target` on `victim`'s monster."""
    if part in REACH and not target.startswith("torso:"):
        return True
    return is_outer(state.players[victim], target)

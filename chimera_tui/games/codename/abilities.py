"""The reference sheet's Abilities section: when each ability may be used and what it does.

Passive abilities (Reach, Pack Hunter, Barbs) are always on and are applied by the attack rules in arena.py.
Own-turn abilities (Roar, Surge, Regrow) are used on your turn like an attack. Reactions (Shell, Dodge,
Counter, Web) are used when a part of your monster is attacked, after the attacker has committed and before
the dice are rolled. Using an ability uses the part (once per arena round) and costs its energy.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename import told
from chimera_tui.games.codename.actions import Use
from chimera_tui.games.codename.combat import destroy, dice_sum, owner_of, part_stats, roll_dice, stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Placed, Roll, RollPart, State, with_player

_C = load()

OWN_TURN = frozenset(a.id for a in _C.abilities.values() if a.timing == "own-turn")
REACTIONS = frozenset(a.id for a in _C.abilities.values() if a.timing == "reaction")

SHELL_BONUS = 2
DODGE_BONUS = 4
ROAR_BONUS = 3
SURGE_ENERGY = 2
PACK_BONUS = 2
BARBS_AT = 4


def _ready(state: State, seat: int, reacting: bool) -> list[tuple[str, str]]:
    """(part, ability) for seat's attached parts with a reaction (`reacting`) or an own-turn ability that can be
    used and paid now."""
    p = state.players[seat]
    monster = p.monster
    known = _ABLE.get(id(monster))
    if known is None or known[0] is not monster:
        if len(_ABLE) >= 4096:
            _ABLE.clear()
        able = [
            (placed.card, s.ability, s.cost) for placed in monster if (s := part_stats(placed.card)).ability
        ]
        known = _ABLE[id(monster)] = (
            monster,
            tuple(row for row in able if row[1] in OWN_TURN),
            tuple(row for row in able if row[1] in REACTIONS),
        )
    rows = known[2] if reacting else known[1]
    if not rows:
        return []
    used = state.used
    energy = p.energy
    return [(card, ability) for card, ability, cost in rows if cost <= energy and card not in used]


_ABLE: dict[
    int, tuple[tuple[Placed, ...], tuple[tuple[str, str, int], ...], tuple[tuple[str, str, int], ...]]
] = {}
"""id(monster) -> (monster, (card, ability, cost) of each attached part with an own-turn ability, and of each
with a reaction, in attach order): looked up by identity, as a seat's `monster` tuple is kept by every state
that does not change it."""


def own_turn_uses(state: State, seat: int) -> list[Use]:
    """The own-turn abilities seat may use now."""
    out: list[Use] = []
    for card, ability in _ready(state, seat, False):
        if ability == "regrow":
            seen = set()
            for g in state.graveyard:
                if g.owner == seat and g.card in _C.parts and g.card not in seen:
                    seen.add(g.card)
                    out.append(Use(card, g.card))
        else:
            out.append(Use(card))
    return out


def reaction_uses(state: State, seat: int) -> list[Use]:
    """The reactions seat (the attacked player) may use against the pending attack."""
    attack = state.attack
    assert attack is not None
    out: list[Use] = []
    for card, ability in _ready(state, seat, True):
        if ability == "shell":
            out.append(Use(card))
        elif ability == "dodge":
            if attack.target == card:
                out.append(Use(card))
        elif ability == "counter" or len(attack.parts) > 1:
            out.extend(Use(card, a) for a in attack.parts)
    return out


def _pay(state: State, seat: int, card: str) -> State:
    p = state.players[seat]
    p = msgspec.structs.replace(p, energy=p.energy - part_stats(card).cost)
    return msgspec.structs.replace(with_player(state, seat, p), used=(*state.used, card))


def use(state: State, seat: int, action: Use, reacting: bool) -> State:
    """Use an ability of one of seat's parts (an own-turn ability, or a reaction when `reacting`).

    Raises:
        IllegalAction: when the part cannot use that ability now.
    """
    options = reaction_uses(state, seat) if reacting else own_turn_uses(state, seat)
    if action not in options:
        raise IllegalAction(_why_not(state, seat, action, reacting), action)
    ability = part_stats(action.part).ability
    cost = part_stats(action.part).cost
    state = _pay(state, seat, action.part)
    who = told.who(seat)
    name = part_stats(action.part).name
    ability_name = _C.abilities[ability].name
    if cost:
        state = told.note(state, seat, f"spend:{cost}", ability_name)
    if ability == "roar":
        return told.tell(
            msgspec.structs.replace(state, roar=state.roar + ROAR_BONUS),
            f"{who}'s {name} roars: +{ROAR_BONUS} to {who}'s next attack this turn.",
        )
    if ability == "surge":
        p = state.players[seat]
        state = with_player(state, seat, msgspec.structs.replace(p, energy=p.energy + SURGE_ENERGY))
        state = told.note(state, seat, "gain", f"{SURGE_ENERGY} energy (Surge)")
        return told.tell(state, f"{who}'s {name} surges: +{SURGE_ENERGY} energy.")
    if ability == "regrow":
        grave = list(state.graveyard)
        index = next(i for i, g in enumerate(grave) if g.owner == seat and g.card == action.choice)
        del grave[index]
        p = state.players[seat]
        state = with_player(state, seat, msgspec.structs.replace(p, cards=(*p.cards, action.choice)))
        state = told.note(state, seat, "gain", f"{told.name(action.choice)} back from the graveyard (Regrow)")
        return told.tell(
            msgspec.structs.replace(state, graveyard=tuple(grave)),
            f"{who}'s {name} regrows {told.name(action.choice)} from the graveyard into the inventory.",
        )
    attack = state.attack
    assert attack is not None
    if ability == "shell":
        attack = msgspec.structs.replace(attack, defense=attack.defense + SHELL_BONUS)
        return told.tell(
            msgspec.structs.replace(state, attack=attack),
            f"{who}'s {name} shields the target: +{SHELL_BONUS} Defense against this attack.",
        )
    if ability == "dodge":
        attack = msgspec.structs.replace(attack, defense=attack.defense + DODGE_BONUS)
        return told.tell(
            msgspec.structs.replace(state, attack=attack),
            f"{who}'s {name} dodges: +{DODGE_BONUS} Defense against this attack.",
        )
    if ability == "web":
        parts = tuple(a for a in attack.parts if a != action.choice)
        return told.tell(
            msgspec.structs.replace(state, attack=msgspec.structs.replace(attack, parts=parts)),
            f"{who}'s {name} webs {told.who(attack.attacker)}'s {told.name(action.choice)}: "
            "it drops out of the attack (its energy stays spent).",
        )
    # counter
    mine = part_stats(action.part)
    dice, rng = roll_dice(state.rng, mine.attack_roll, state.explode)
    total = dice_sum(dice) + mine.attack_mod
    target = stats(state, action.choice)
    hit = total >= target.defense
    victim = owner_of(state, action.choice)
    roll = Roll(
        "counter",
        seat,
        (RollPart(action.part, tuple(dice), mine.attack_mod),),
        action.choice,
        victim,
        defense=target.defense,
        total=total,
        hit=hit,
    )
    state = told.tell(
        msgspec.structs.replace(state, rng=rng, roll=roll),
        f"{who}'s {name} counters {told.who(victim)}'s {told.name(action.choice)}: "
        f"{roll_words(dice, mine.attack_mod)} = {total} against Defense {target.defense}: "
        f"{'destroyed' if hit else 'missed'}.",
    )
    if not hit:
        return state
    state, gone = destroy(state, victim, action.choice, f"destroyed by {who}'s {name}")
    if state.attack is None:
        return state
    lost = set(gone)
    parts = tuple(a for a in attack.parts if a not in lost)
    if not state.players[attack.attacker].alive:
        parts = ()
    return msgspec.structs.replace(state, attack=msgspec.structs.replace(attack, parts=parts))


def roll_words(dice: list[tuple[int, ...]] | tuple[tuple[int, ...], ...], mod: int = 0) -> str:
    """Dice in words: "rolls 4 and 2, +1"; an exploded die reads "6, rolled again: 6, rolled again: 3"."""
    faces = [", rolled again: ".join(map(str, d)) if len(d) > 1 else str(d[0]) for d in dice]
    text = "rolls " + (
        " and ".join(faces) if len(faces) <= 2 else ", ".join(faces[:-1]) + " and " + faces[-1]
    )
    if not dice:
        text = "rolls no dice"
    return text + (f", {mod:+d}" if mod else "")


def _why_not(state: State, seat: int, action: Use, reacting: bool) -> str:
    p = state.players[seat]
    if not any(placed.card == action.part for placed in p.monster):
        return f"{told.name(action.part)} is not attached to your monster."
    s = part_stats(action.part)
    if not s.ability:
        return f"{s.name} has no ability."
    ability = _C.abilities[s.ability]
    if action.part in state.used:
        return f"{s.name} has already been used this round."
    if s.cost > p.energy:
        return f"{s.name} costs {s.cost} energy and you hold {p.energy}."
    if ability.timing == "passive":
        return f"{ability.name} is always on; it is never used."
    if reacting and ability.timing != "reaction":
        return f"{ability.name} can be used only on your own turn."
    if not reacting and ability.timing != "own-turn":
        return f"{ability.name} is a reaction: it can be used only when your monster is attacked."
    if s.ability == "dodge":
        return f"Dodge protects only {s.name} itself, and it is not the target."
    return f"{told.name(action.choice) if action.choice else 'That'} is not a choice {ability.name} can make now."

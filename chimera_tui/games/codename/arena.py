"""Phase Three, Arena: turn order, energy, attacks (single and joint), reactions and attaching in play."""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename.abilities import (
    BARBS_AT,
    PACK_BONUS,
    own_turn_uses,
    reaction_uses,
    use,
)
from chimera_tui.games.codename.actions import Attach, AttackWith, EndTurn, Go, Join, Pass, Use
from chimera_tui.games.codename.attaching import (
    attach,
    attach_options,
    attach_problem,
    hairiness,
    is_outer,
    outer_info,
    part_count,
    torso_id,
)
from chimera_tui.games.codename.combat import destroy, owner_of, part_stats, roll_dice, stats, torso_stats
from chimera_tui.games.codename.state import Attack, Phase, State, with_player

REFILL = 5
"""At the start of your turn you take energy up to this many."""
ATTACH_COST = 2
"""Energy to attach a part from the inventory during the Arena."""


# -- turn order ------------------------------------------------------------------------------------------


def turn_order(state: State) -> tuple[tuple[int, ...], Rng, list[str]]:
    """This round's order: fewest parts first (ties: hairiest, then dice, rerolling ties), then clockwise.

    Returns:
        The order (living monsters only), the Rng after any tie-break rolls, and what happened in words.
    """
    n = len(state.players)
    alive = [s for s in range(n) if state.players[s].alive]
    counts = {s: part_count(state.players[s]) for s in alive}
    low = min(counts.values())
    tied = [s for s in alive if counts[s] == low]
    events = []
    if len(tied) > 1:
        hair = {s: hairiness(state.players[s]) for s in tied}
        most = max(hair.values())
        tied = [s for s in tied if hair[s] == most]
    rng = state.rng
    while len(tied) > 1:
        rolls = {}
        for s in tied:
            rolls[s], rng = rng.roll(6)
        events.append(
            "Tie for first: " + ", ".join(f"Player {s + 1} rolls {r}" for s, r in rolls.items()) + "."
        )
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    first = tied[0]
    order = tuple(s % n for s in range(first, first + n) if state.players[s % n].alive)
    return order, rng, events


def start_arena(state: State) -> State:
    """All monsters are revealed together and the first arena round begins."""
    state = msgspec.structs.replace(state, events=(*state.events, "All monsters are revealed."))
    return _new_round(state)


def _new_round(state: State) -> State:
    order, rng, events = turn_order(state)
    state = msgspec.structs.replace(
        state,
        arena_round=state.arena_round + 1,
        order=order,
        turn=0,
        used=(),
        rng=rng,
        events=(*state.events, *events, f"Arena round {state.arena_round + 1}: order {order_text(order)}."),
    )
    return _begin_turn(state)


def order_text(order: tuple[int, ...]) -> str:
    return ", ".join(f"Player {s + 1}" for s in order)


def current(state: State) -> int:
    """The seat whose arena turn it is."""
    return state.order[state.turn]


def _begin_turn(state: State) -> State:
    seat = current(state)
    p = state.players[seat]
    if p.energy < REFILL:
        state = with_player(state, seat, msgspec.structs.replace(p, energy=REFILL))
    return msgspec.structs.replace(state, phase=Phase.TURN, roar=0, attack=None)


def end_turn(state: State) -> State:
    """The growl: the next living monster in this round's order takes its turn, or a new round begins."""
    t = state.turn + 1
    while t < len(state.order) and not state.players[state.order[t]].alive:
        t += 1
    state = msgspec.structs.replace(state, roar=0, attack=None)
    if t >= len(state.order):
        return _new_round(state)
    return _begin_turn(msgspec.structs.replace(state, turn=t))


# -- attacks ---------------------------------------------------------------------------------------------


def _ready_attackers(state: State, seat: int) -> list[str]:
    """Seat's parts (and torso) that can attack now: have dice, unused this round, affordable."""
    p = state.players[seat]
    used = state.used
    energy = p.energy
    out = [
        placed.card
        for placed in p.monster
        if (s := part_stats(placed.card)).attack_roll > 0 and s.cost <= energy and placed.card not in used
    ]
    t = torso_id(seat)
    if t not in used and torso_stats(p.torso).cost <= energy:
        out.append(t)
    return out


def _targets(state: State, seat: int) -> tuple[list[str], list[str]]:
    """(outer targets, every target) among the other living monsters."""
    outer: list[str] = []
    every: list[str] = []
    for s, p in enumerate(state.players):
        if s == seat or not p.alive:
            continue
        parts, exposed = outer_info(p)
        outer += parts
        every += [placed.card for placed in p.monster]
        if exposed:
            outer.append(torso_id(s))
            every.append(torso_id(s))
    return outer, every


def _reach(state: State, card: str) -> bool:
    return stats(state, card).ability == "reach"


def attack_options(state: State, seat: int) -> list[AttackWith]:
    """Every attack seat can declare now."""
    attackers = _ready_attackers(state, seat)
    if not attackers:
        return []
    outer, every = _targets(state, seat)
    return [AttackWith(a, t) for a in attackers for t in (every if _reach(state, a) else outer)]


def _attack_ok(state: State, seat: int, part: str, target: str) -> bool:
    """Whether `attack_options` would list this attack (checked without listing them all)."""
    if part not in _ready_attackers(state, seat):
        return False
    victim = owner_of(state, target)
    if victim < 0 or victim == seat or not state.players[victim].alive:
        return False
    return _can_target(state, part, target)


def _can_target(state: State, part: str, target: str) -> bool:
    if _reach(state, part) and not target.startswith("torso:"):
        return True
    return is_outer(state.players[owner_of(state, target)], target)


def join_options(state: State) -> list[Join]:
    attack = state.attack
    assert attack is not None
    return [
        Join(a)
        for a in _ready_attackers(state, attack.attacker)
        if a not in attack.parts and _can_target(state, a, attack.target)
    ]


def _pay_use(state: State, seat: int, card: str) -> State:
    p = state.players[seat]
    p = msgspec.structs.replace(p, energy=p.energy - stats(state, card).cost)
    return msgspec.structs.replace(with_player(state, seat, p), used=(*state.used, card))


def declare(state: State, seat: int, action: AttackWith) -> State:
    """Pay for the first attacking part and aim it; more parts may join before the roll.

    Raises:
        IllegalAction: when the part cannot attack or the target cannot be attacked.
    """
    if not _attack_ok(state, seat, action.part, action.target):
        raise IllegalAction(_why_not_attack(state, seat, action), action)
    target_seat = owner_of(state, action.target)
    state = _pay_use(state, seat, action.part)
    attack = Attack(seat, (action.part,), target_seat, action.target, bonus=state.roar)
    state = msgspec.structs.replace(
        state,
        roar=0,
        attack=attack,
        events=(*state.events, f"Player {seat + 1} attacks {action.target} with {action.part}."),
    )
    if join_options(state):
        return msgspec.structs.replace(state, phase=Phase.JOIN)
    return _to_reactions(state)


def join(state: State, action: Join) -> State:
    """Add one more part to the declared attack (paying its energy).

    Raises:
        IllegalAction: when the part cannot join.
    """
    attack = state.attack
    assert attack is not None
    if action not in join_options(state):
        raise IllegalAction(
            f"{action.part} cannot join this attack: it must be yours, unused this round, affordable, "
            f"able to attack, and able to reach {attack.target}.",
            action,
        )
    state = _pay_use(state, attack.attacker, action.part)
    attack = msgspec.structs.replace(attack, parts=(*attack.parts, action.part))
    state = msgspec.structs.replace(
        state, attack=attack, events=(*state.events, f"{action.part} joins the attack.")
    )
    if join_options(state):
        return state
    return _to_reactions(state)


def _to_reactions(state: State) -> State:
    """After the attacker commits: the attacked player reacts if they can, then the dice are rolled."""
    attack = state.attack
    assert attack is not None
    if react_legal_actions(state, attack.target_seat, only_check=True):
        return msgspec.structs.replace(state, phase=Phase.REACT)
    return resolve(state)


def react_legal_actions(state: State, seat: int, only_check: bool = False) -> list[Use | Attach | Pass]:
    """The attacked player's reactions and inventory attachments; with `only_check`, [] means none."""
    out: list[Use | Attach | Pass] = [*reaction_uses(state, seat)]
    if state.players[seat].energy >= ATTACH_COST and state.players[seat].cards:
        out.extend(attach_options(state.players[seat]))
    if only_check:
        return out
    out.append(Pass())
    return out


def react(state: State, action: Use | Attach | Pass) -> State:
    """One reaction of the attacked player; Pass (or having nothing left to use) rolls the dice.

    Raises:
        IllegalAction: when the reaction cannot be used now.
    """
    attack = state.attack
    assert attack is not None
    seat = attack.target_seat
    if isinstance(action, Pass):
        return resolve(state)
    if isinstance(action, Attach):
        state = attach_in_arena(state, seat, action)
    else:
        state = use(state, seat, action, reacting=True)
    if state.phase is Phase.OVER:
        return state
    attack = state.attack
    assert attack is not None
    if not state.players[attack.attacker].alive:
        return end_turn(state)
    if not attack.parts:
        return msgspec.structs.replace(
            state,
            phase=Phase.TURN,
            attack=None,
            events=(*state.events, "The attack fizzles: no attacker is left."),
        )
    if react_legal_actions(state, seat, only_check=True):
        return state
    return resolve(state)


def resolve(state: State) -> State:
    """Roll for every attacking part, sum, compare with the target's Defense; destroy it on a hit."""
    attack = state.attack
    assert attack is not None
    rng = state.rng
    together = len(attack.parts) > 1
    total = attack.bonus
    words = []
    rolled: list[int] = []
    for part in attack.parts:
        s = stats(state, part)
        dice, rng = roll_dice(rng, s.attack_roll)
        rolled += dice
        result = sum(dice) + s.attack_mod + (PACK_BONUS if together and s.ability == "pack" else 0)
        total += result
        words.append(
            f"{part} {'+'.join(map(str, dice))}{s.attack_mod:+d}"
            + (f" {PACK_BONUS:+d} pack" if result > sum(dice) + s.attack_mod else "")
        )
    target = stats(state, attack.target)
    defense = target.defense + attack.defense
    strike = any(d >= 6 for d in rolled)
    hit = total >= defense
    bonus = f" {attack.bonus:+d} roar" if attack.bonus else ""
    state = msgspec.structs.replace(
        state,
        rng=rng,
        attack=None,
        phase=Phase.TURN,
        events=(
            *state.events,
            f"Rolls: {'; '.join(words)}{bonus} = {total} against Defense {defense}: "
            f"{attack.target} {'destroyed' if hit else 'missed'}{' (with a monstrous strike)' if strike else ''}.",
        ),
    )
    if not hit:
        return state
    state, _ = destroy(state, attack.target_seat, attack.target)
    if state.phase is Phase.OVER or target.ability != "barbs":
        return state
    roll, rng = state.rng.roll(6)
    state = msgspec.structs.replace(state, rng=rng, events=(*state.events, f"Barbs: rolls {roll}."))
    if roll < BARBS_AT:
        return state
    mine = state.players[attack.attacker]
    on_monster = {p.card for p in mine.monster}
    for part in attack.parts:
        if part in on_monster:
            state, _ = destroy(state, attack.attacker, part)
            return msgspec.structs.replace(state, events=(*state.events, f"The barbs destroy {part}."))
    return state


def _why_not_attack(state: State, seat: int, action: AttackWith) -> str:
    p = state.players[seat]
    part = action.part
    mine = part == torso_id(seat) or any(x.card == part for x in p.monster)
    if not mine:
        return f"{part} is not on your monster."
    s = stats(state, part)
    if s.attack_roll <= 0:
        return f"{s.name} has no Attack Roll, so it cannot attack."
    if part in state.used:
        return f"{s.name} has already been used this round."
    if s.cost > p.energy:
        return f"{s.name} costs {s.cost} energy and you hold {p.energy}."
    victim = owner_of(state, action.target)
    if victim < 0 or not state.players[victim].alive:
        return f"{action.target} is not on a monster in the arena."
    if victim == seat:
        return "You cannot attack your own monster."
    if action.target.startswith("torso:"):
        return "A torso can be attacked only while it is an outer card (one of its stitched edges is open)."
    return f"{action.target} is not an outer part, and {s.name} has no Reach."


# -- attaching and own-turn abilities -------------------------------------------------------------------


def attach_in_arena(state: State, seat: int, action: Attach) -> State:
    """Attach a part from the inventory for 2 energy.

    Raises:
        IllegalAction: without the energy, or when the Attaching rules forbid it.
    """
    p = state.players[seat]
    if p.energy < ATTACH_COST:
        raise IllegalAction(
            f"Attaching from the inventory costs {ATTACH_COST} energy; you hold {p.energy}.", action
        )
    problem = attach_problem(p, action.card, action.parent, action.slot)
    if problem is not None:
        raise IllegalAction(problem, action)
    p = attach(p, action.card, action.parent, action.slot)
    p = msgspec.structs.replace(p, energy=p.energy - ATTACH_COST)
    return msgspec.structs.replace(
        with_player(state, seat, p),
        events=(
            *state.events,
            f"Player {seat + 1} attaches {action.card} to {action.parent} ({action.slot}).",
        ),
    )


def turn_legal(state: State) -> list[AttackWith | Use | Attach | EndTurn]:
    seat = current(state)
    out: list[AttackWith | Use | Attach | EndTurn] = [
        *attack_options(state, seat),
        *own_turn_uses(state, seat),
    ]
    if state.players[seat].energy >= ATTACH_COST and state.players[seat].cards:
        out.extend(attach_options(state.players[seat]))
    out.append(EndTurn())
    return out


def take_turn_action(state: State, action: AttackWith | Use | Attach | EndTurn) -> State:
    """One decision on your own arena turn.

    Raises:
        IllegalAction: with the reason the decision is not allowed now.
    """
    seat = current(state)
    if isinstance(action, AttackWith):
        return declare(state, seat, action)
    if isinstance(action, Use):
        return use(state, seat, action, reacting=False)
    if isinstance(action, Attach):
        return attach_in_arena(state, seat, action)
    return end_turn(
        msgspec.structs.replace(state, events=(*state.events, f"Player {seat + 1} growls: the turn passes."))
    )


def join_phase(state: State, action: Join | Go) -> State:
    """Add a part to the attack, or roll (after the defender's reactions)."""
    if isinstance(action, Join):
        return join(state, action)
    return _to_reactions(state)

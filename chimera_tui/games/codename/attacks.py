"""The Arena turn's decisions and its attacks: attacking, using a part, attaching or ending the turn;
declaring an attack, other parts joining it, the attacked player's reactions, and the roll.
"""

from __future__ import annotations

from typing import Any

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.games.codename import told
from chimera_tui.games.codename.abilities import (
    BARBS_AT,
    PACK_BONUS,
    own_turn_uses,
    reaction_uses,
    roll_words,
    use,
)
from chimera_tui.games.codename.actions import Attach, AttackWith, EndTurn, Go, Join, Pass, Use
from chimera_tui.games.codename.arena import end_turn
from chimera_tui.games.codename.attaching import can_attach, is_outer, known_attach_options, torso_id
from chimera_tui.games.codename.combat import (
    destroy,
    dice_sum,
    owner_of,
    roll_dice,
    stats,
)
from chimera_tui.games.codename.state import JOIN, OVER, REACT, TURN, Attack, Roll, RollPart, State
from chimera_tui.games.codename.targets import (
    REACH,
    attack_options,
    attack_victim,
    can_target,
    is_ready,
    ready_attackers,
)
from chimera_tui.games.codename.windows import ATTACH_COST, attach_in_arena, open_window


def join_options(state: State) -> list[Join]:
    return [Join(a) for a in _joiners(state, False)]


def _some_can_join(state: State) -> bool:
    """Whether `join_options` is not empty (the first part found ends the search)."""
    return bool(_joiners(state, True))


def _joiners(state: State, first_only: bool) -> list[str]:
    """The parts that may join the declared attack (`first_only`: the first found, or none). Whether the target
    is outer is asked once, not per part: a part reaches it when it is outer, or when the part has Reach and
    the target is not a torso (`can_target`)."""
    attack = state.attack
    assert attack is not None
    parts, target = attack.parts, attack.target
    outer = is_outer(state.players[attack.target_seat], target)
    reach = not target.startswith("torso:")
    out = []
    for a in ready_attackers(state, attack.attacker):
        if a not in parts and (outer or (reach and a in REACH)):
            out.append(a)
            if first_only:
                break
    return out


def _can_join(state: State, part: str) -> bool:
    """Whether `Join(part)` is one of `join_options` (checked without listing them)."""
    attack = state.attack
    assert attack is not None
    return (
        part not in attack.parts
        and is_ready(state, attack.attacker, part)
        and can_target(state, part, attack.target, attack.target_seat)
    )


def _pay_use(state: State, seat: int, card: str, **also: Any) -> State:
    """`state` with seat paying for `card`'s use (and marking it used), and the fields in `also` replaced."""
    players = state.players
    p = players[seat]
    cost = stats(state, card).cost
    players = (*players[:seat], msgspec.structs.replace(p, energy=p.energy - cost), *players[seat + 1 :])
    ledger = state.ledger
    if cost:  # told.noted's entry, read from a table for the usual costs
        ledger = (*ledger, (seat, _SPENT_ON_ATTACKS.get(cost) or f"spend:{cost}|attacks"))
    return msgspec.structs.replace(state, players=players, used=(*state.used, card), ledger=ledger, **also)


_SPENT_ON_ATTACKS = {cost: f"spend:{cost}|attacks" for cost in range(1, 10)}
"""The ledger's words for an attack's usual costs (`told.noted`'s "spend:N|attacks"), written once."""


def declare(state: State, seat: int, action: AttackWith) -> State:
    """Pay for the first attacking part and aim it; more parts may join before the roll.

    Raises:
        IllegalAction: when the part cannot attack or the target cannot be attacked.
    """
    target_seat = attack_victim(state, seat, action.part, action.target)
    if target_seat < 0:
        raise IllegalAction(_why_not_attack(state, seat, action), action)
    attack = Attack(seat, (action.part,), target_seat, action.target, bonus=state.roar)
    state = _pay_use(state, seat, action.part, roar=0, attack=attack)
    if _some_can_join(state):
        return msgspec.structs.replace(state, phase=JOIN)
    return _to_reactions(state)


def join(state: State, action: Join) -> State:
    """Add one more part to the declared attack (paying its energy).

    Raises:
        IllegalAction: when the part cannot join.
    """
    attack = state.attack
    assert attack is not None
    if not _can_join(state, action.part):
        raise IllegalAction(
            f"{told.name(action.part)} cannot join this attack: it must be yours, unused this round, "
            f"affordable, able to attack, and able to reach {told.name(attack.target)}.",
            action,
        )
    attack = msgspec.structs.replace(attack, parts=(*attack.parts, action.part))
    state = _pay_use(state, attack.attacker, action.part, attack=attack)
    if _some_can_join(state):
        return state
    return _to_reactions(state)


def _to_reactions(state: State) -> State:
    """After the attacker commits: the attacked player reacts if they can, then the dice are rolled."""
    attack = state.attack
    assert attack is not None
    if _can_react(state, attack.target_seat):
        return msgspec.structs.replace(state, phase=REACT)
    return resolve(state)


def react_legal_actions(state: State, seat: int) -> list[Use | Attach | Pass]:
    """The attacked player's reactions and inventory attachments, then passing (which rolls the dice)."""
    out: list[Use | Attach | Pass] = [*reaction_uses(state, seat)]
    p = state.players[seat]
    if p.energy >= ATTACH_COST and p.cards and seat not in state.waived:
        out.extend(known_attach_options(p))
    out.append(Pass())
    return out


def _can_react(state: State, seat: int) -> bool:
    """Whether the attacked player has a reaction or an attachment to make (what `react_legal_actions` lists
    before passing), asked without listing them."""
    if reaction_uses(state, seat):
        return True
    p = state.players[seat]
    return p.energy >= ATTACH_COST and bool(p.cards) and seat not in state.waived and can_attach(p)


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
    if state.phase is OVER:
        return state
    attack = state.attack
    assert attack is not None
    if not state.players[attack.attacker].alive:
        return end_turn(state)
    if not attack.parts:
        return open_window(
            told.tell(
                msgspec.structs.replace(state, phase=TURN, attack=None),
                "The attack fizzles: no attacking part is left, and nothing is rolled.",
            )
        )
    if _can_react(state, seat):
        return state
    return resolve(state)


def resolve(state: State) -> State:
    """Roll for every attacking part, sum, compare with the target's Defense; destroy it on a hit.

    Then the moment between attacks: the other players may attach (a window), and the turn goes on.
    """
    state = _roll_attack(state)
    if state.phase is OVER:
        return state
    return open_window(state)


def _roll_attack(state: State) -> State:
    attack = state.attack
    assert attack is not None
    rng = state.rng
    explode = state.explode
    together = len(attack.parts) > 1
    total = attack.bonus
    parts = []
    words = []
    for part in attack.parts:
        s = stats(state, part)
        dice, rng = roll_dice(rng, s.attack_roll, explode)
        thrown = tuple(dice)
        mod = s.attack_mod
        extra = PACK_BONUS if together and s.ability == "pack" else 0
        total += dice_sum(thrown) + mod + extra
        parts.append(RollPart(part, thrown, mod, extra))
        said = _ROLL_WORDS.get((thrown, mod))
        if said is None:
            if len(_ROLL_WORDS) >= 4096:
                _ROLL_WORDS.clear()
            said = _ROLL_WORDS[(thrown, mod)] = roll_words(thrown, mod)
        words.append(
            f"{told.name(part)} {said}, {extra:+d} Pack Hunter" if extra else f"{told.name(part)} {said}"
        )
    target = stats(state, attack.target)
    defense = target.defense + attack.defense
    hit = total >= defense
    bonus = f", {attack.bonus:+d} Roar" if attack.bonus else ""
    attacker, victim = told.WHO[attack.attacker], told.WHO[attack.target_seat]
    target_name = (
        told.name(attack.target)
        if attack.target.startswith("torso:")
        else (f"{victim}'s {told.name(attack.target)}")
    )
    roll = Roll(
        "attack",
        attack.attacker,
        tuple(parts),
        attack.target,
        attack.target_seat,
        attack.bonus,
        defense,
        total,
        hit,
    )
    said = (
        f"{attacker} attacks {target_name}: {'; '.join(words)}{bonus} = {total} against Defense {defense}: "
        f"{'destroyed' if hit else 'missed'}."
    )
    state = msgspec.structs.replace(
        state, rng=rng, attack=None, phase=TURN, roll=roll, events=(*state.events, said)
    )
    if not hit:
        return state
    by = f"{attacker}'s " + told.names_own(attack.parts)
    state, _ = destroy(state, attack.target_seat, attack.target, f"destroyed by {by}")
    if state.phase is OVER or target.ability != "barbs":
        return state
    barbs, rng = state.rng.roll(6)
    barb_roll = Roll(
        "barbs",
        attack.target_seat,
        (RollPart(attack.target, ((barbs,),)),),
        defense=BARBS_AT,
        total=barbs,
        hit=barbs >= BARBS_AT,
    )
    state = told.tell(
        msgspec.structs.replace(state, rng=rng, roll=barb_roll),
        f"{victim}'s {told.name(attack.target)} has Barbs: rolls {barbs}"
        + (
            f" ({BARBS_AT} or more strikes back)." if barbs >= BARBS_AT else f", under {BARBS_AT}: no effect."
        ),
    )
    if barbs < BARBS_AT:
        return state
    mine = state.players[attack.attacker]
    on_monster = {p.card for p in mine.monster}
    for part in attack.parts:
        if part in on_monster:
            state = told.tell(state, f"The barbs destroy {attacker}'s {told.name(part)}.")
            state, _ = destroy(
                state,
                attack.attacker,
                part,
                f"destroyed by the barbs of {victim}'s {told.name(attack.target)}",
            )
            return state
    return state


_ROLL_WORDS: dict[tuple[tuple[tuple[int, ...], ...], int], str] = {}
"""(dice thrown, Attack Mod) -> `roll_words`' answer: the same few throws recur all game long. Bounded: cleared
past 4096 rows."""


def _why_not_attack(state: State, seat: int, action: AttackWith) -> str:
    p = state.players[seat]
    part = action.part
    mine = part == torso_id(seat) or any(x.card == part for x in p.monster)
    if not mine:
        return f"{told.name(part)} is not on your monster."
    s = stats(state, part)
    if s.attack_roll <= 0:
        return f"{s.name} has no Attack Roll, so it cannot attack."
    if part in state.used:
        return f"{s.name} has already been used this round."
    if s.cost > p.energy:
        return f"{s.name} costs {s.cost} energy and you hold {p.energy}."
    victim = owner_of(state, action.target)
    if victim < 0 or not state.players[victim].alive:
        return f"{told.name(action.target)} is not on a monster in the arena."
    if victim == seat:
        return "You cannot attack your own monster."
    if action.target.startswith("torso:"):
        return "A torso can be attacked only while it is an outer card (one of its stitched edges is open)."
    return f"{told.name(action.target)} is not an outer part, and {s.name} has no Reach."


def turn_legal(state: State) -> list[AttackWith | Use | Attach | EndTurn]:
    seat = state.order[state.turn]  # current(state), without its call
    out: list[AttackWith | Use | Attach | EndTurn] = [
        *attack_options(state, seat),
        *own_turn_uses(state, seat),
    ]
    p = state.players[seat]
    if p.energy >= ATTACH_COST and p.cards:
        out += known_attach_options(p)
    out.append(END_TURN)
    return out


END_TURN = EndTurn()
"""The one `EndTurn` every listing offers (an action is a frozen value)."""


def take_turn_action(state: State, action: AttackWith | Use | Attach | EndTurn) -> State:
    """One decision on your own arena turn.

    Raises:
        IllegalAction: with the reason the decision is not allowed now.
    """
    seat = state.order[state.turn]  # current(state), without its call
    if isinstance(action, AttackWith):
        return declare(state, seat, action)
    if isinstance(action, Use):
        return open_window(use(state, seat, action, reacting=False))
    if isinstance(action, Attach):
        return attach_in_arena(state, seat, action)
    return end_turn(state)


def join_phase(state: State, action: Join | Go) -> State:
    """Add a part to the attack, or roll (after the defender's reactions)."""
    if isinstance(action, Join):
        return join(state, action)
    return _to_reactions(state)

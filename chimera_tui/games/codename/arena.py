"""Phase Three, Arena: turn order, energy, attacks (single and joint), reactions and attaching in play."""

from __future__ import annotations

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename import told
from chimera_tui.games.codename.abilities import (
    BARBS_AT,
    PACK_BONUS,
    own_turn_uses,
    reaction_uses,
    roll_words,
    use,
)
from chimera_tui.games.codename.actions import Attach, AttackWith, EndTurn, Go, Join, Pass, Use, Wait
from chimera_tui.games.codename.attaching import (
    attach,
    attach_options,
    attach_problem,
    can_attach,
    hairiness,
    is_outer,
    outer_info,
    part_count,
    torso_id,
)
from chimera_tui.games.codename.combat import (
    destroy,
    dice_sum,
    owner_of,
    part_stats,
    roll_dice,
    stats,
    torso_stats,
)
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.scoring import standing
from chimera_tui.games.codename.state import Attack, Phase, Placed, Player, Roll, RollPart, State, with_player

REFILL = 5
"""At the start of your turn you take energy up to this many."""
ATTACH_COST = 2
"""Energy to attach a part from the inventory during the Arena."""
ROUND_LIMIT = 30
"""After this many arena rounds the standing decides (a safety limit: quiet fights end sooner)."""
QUIET_ROUNDS = 5
"""After this many arena rounds in a row with no card destroyed the standing decides (this edition's end
for stalled fights)."""

_C = load()


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
            "Tie for the first turn (fewest parts, same hairiness): "
            + ", ".join(f"{told.who(s)} rolls {r}" for s, r in rolls.items())
            + "; the highest goes first."
        )
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    first = tied[0]
    order = tuple(s % n for s in range(first, first + n) if state.players[s % n].alive)
    return order, rng, events


def start_arena(state: State) -> State:
    """All monsters are revealed together and the first arena round begins."""
    state = told.tell(state, "All monsters are revealed.")
    for seat, p in enumerate(state.players):
        state = told.note(
            state,
            seat,
            "gain",
            f"a monster of {told.plural(len(p.monster), 'part')} on the torso, "
            f"{told.plural(len(p.cards), 'card')} kept in the inventory",
        )
    return _new_round(told.summary(state, "Building"))


def _new_round(state: State) -> State:
    if state.arena_round:
        state = told.summary(state, f"Arena round {state.arena_round}")
    stall = stalled(state)
    if stall:
        return end_by_standing(state, stall)
    tie_rolls = state.rng
    order, rng, events = turn_order(state)
    roll = state.roll
    if rng != tie_rolls:
        roll = Roll("tie", -1, ties=_tie_dice(events))
    counts = ", ".join(f"{told.who(s)} {len(state.players[s].monster)}" for s in order)
    state = msgspec.structs.replace(
        state,
        arena_round=state.arena_round + 1,
        order=order,
        turn=0,
        used=(),
        rng=rng,
        roll=roll,
        events=(
            *state.events,
            *events,
            f"Arena round {state.arena_round + 1} begins; every part may be used again. "
            f"Turn order (fewest parts first: {counts}): {order_text(order)}.",
        ),
    )
    return _begin_turn(state)


def _tie_dice(events: list[str]) -> tuple[tuple[int, int], ...]:
    """(seat, die) of the last tie-break roll, read back from its event."""
    import re

    last = events[-1] if events else ""
    return tuple((int(m[1]) - 1, int(m[2])) for m in re.finditer(r"Player (\d+) rolls (\d+)", last))


def order_text(order: tuple[int, ...]) -> str:
    return ", ".join(told.who(s) for s in order)


# -- stalls ------------------------------------------------------------------------------------------------


def _may_have(state: State, seat: int) -> list[str]:
    """The parts seat has on its monster or could ever attach: its inventory, and its own graveyard cards
    while it has a Regrow part (on the monster or in the inventory) to bring them back."""
    p = state.players[seat]
    cards = [*(x.card for x in p.monster), *p.cards]
    if any(_C.parts[c].ability == "regrow" for c in cards):
        cards += [g.card for g in state.graveyard if g.owner == seat and g.card in _C.parts]
    return cards


def _best_total(state: State, seat: int) -> int:
    """The highest total any attack or counter of seat's could ever reach with the cards it has or may get back.

    Every card seat has or may get (`_may_have`) joins at once with every die at 6, plus Pack Hunter and every Roar: a bound no real attack beats
    (energy is ignored, which only makes the bound higher).
    """
    p = state.players[seat]
    cards = _may_have(state, seat)
    total = 0
    for card in cards:
        d = _C.parts.get(card)
        if d is None:
            continue
        if d.attack_roll:
            total += max(0, d.attack_roll * 6 + d.attack_mod + (2 if d.ability == "pack" else 0))
        if d.ability == "roar":
            total += 3
    t = torso_stats(p.torso)
    if t.attack_roll:
        total += max(0, t.attack_roll * 6 + t.attack_mod)
    return total


def _lowest_defense(state: State, seat: int) -> int:
    """The lowest Defense any card of seat's could ever show: its torso, its parts, its inventory, its graveyard."""
    p = state.players[seat]
    cards = _may_have(state, seat)
    return min([torso_stats(p.torso).defense, *(_C.parts[c].defense for c in cards if c in _C.parts)])


def stalled(state: State) -> str:
    """Why the fight can no longer be decided by combat ("" while it can).

    Three ends, none touching the booklet's combat: when no monster could ever destroy a card of another,
    even rolling every die at 6 with every card it owns (possible only with the booklet's dice; exploding
    sixes can always reach any Defense); after `QUIET_ROUNDS` arena rounds in a row with no card destroyed;
    and, as a safety limit, after `ROUND_LIMIT` arena rounds.
    """
    alive = [s for s, p in enumerate(state.players) if p.alive]
    best = {a: _best_total(state, a) for a in alive} if not state.explode else {}
    if best and not any(best[a] >= _lowest_defense(state, b) for a in alive for b in alive if b != a):
        return "no monster can ever destroy a card of another, even rolling every die at 6"
    if state.arena_round - state.destroyed_in >= QUIET_ROUNDS:
        return f"no card has been destroyed in the last {QUIET_ROUNDS} arena rounds"
    if state.arena_round >= ROUND_LIMIT:
        return f"{ROUND_LIMIT} arena rounds have been fought"
    return ""


def end_by_standing(state: State, why: str) -> State:
    """End a stalled fight: the standing decides (most cards on the monster, then most Defense on them)."""
    alive = [s for s, p in enumerate(state.players) if p.alive]
    rows = ", ".join(
        f"{told.who(s)} {told.plural(standing(state, s)[0], 'card')} with Defense {standing(state, s)[1]}"
        for s in alive
    )
    best = max(standing(state, s) for s in alive)
    winners = [s for s in alive if standing(state, s) == best]
    result = (
        f"{told.who(winners[0])} wins on the standing."
        if len(winners) == 1
        else "They share the win: " + ", ".join(told.who(s) for s in winners) + "."
    )
    return told.tell(
        msgspec.structs.replace(state, phase=Phase.OVER, attack=None, window=(), waived=()),
        f"The fight has stalled ({why}): the standing decides — the most cards on the monster, "
        f"then the most Defense on them. {rows}. {result}",
    )


def current(state: State) -> int:
    """The seat whose arena turn it is."""
    return state.order[state.turn]


def _begin_turn(state: State) -> State:
    seat = current(state)
    players = state.players
    p = players[seat]
    if p.energy < REFILL:
        gain = REFILL - p.energy
        players = (*players[:seat], msgspec.structs.replace(p, energy=REFILL), *players[seat + 1 :])
        said = f"{told.who(seat)}'s turn: takes {gain} energy from the box (now {REFILL})."
        ledger = told.noted(state.ledger, seat, "gain", f"{gain} energy (the refill to {REFILL})")
    else:
        said = f"{told.who(seat)}'s turn: holds {p.energy} energy, so takes none."
        ledger = state.ledger
    state = msgspec.structs.replace(
        state,
        phase=Phase.TURN,
        roar=0,
        attack=None,
        waived=(),
        players=players,
        events=(*state.events, said),
        ledger=ledger,
    )
    return open_window(state)


def end_turn(state: State) -> State:
    """The growl: the next living monster in this round's order takes its turn, or a new round begins."""
    t = state.turn + 1
    while t < len(state.order) and not state.players[state.order[t]].alive:
        t += 1
    state = msgspec.structs.replace(state, roar=0, attack=None)
    if t >= len(state.order):
        return _new_round(state)
    return _begin_turn(msgspec.structs.replace(state, turn=t))


# -- windows for attaching on other players' turns (CC-ARENA-21) ----------------------------------------


def can_attach_now(state: State, seat: int) -> bool:
    """Whether seat could attach a part from its inventory now (alive, 2 energy, a card with a free edge)."""
    p = state.players[seat]
    return p.alive and p.energy >= ATTACH_COST and bool(p.cards) and can_attach(p)


def open_window(state: State) -> State:
    """A moment between attacks: every other seat that could attach is asked in turn (clockwise from the
    player whose turn it is), except those that passed for the rest of this turn; then the turn goes on."""
    if state.phase is Phase.OVER:
        return state
    players, waived = state.players, state.waived
    n = len(players)
    me = state.order[state.turn]
    queue = []
    for s in range(me + 1, me + n):
        s %= n
        p = players[s]
        if (
            p.alive and p.energy >= ATTACH_COST and p.cards and s not in waived and can_attach(p)
        ):  # can_attach_now
            queue.append(s)
    return msgspec.structs.replace(state, phase=Phase.WINDOW if queue else Phase.TURN, window=tuple(queue))


def window_legal(state: State) -> list[Attach | Wait]:
    return [*attach_options(state.players[state.window[0]]), Wait()]


def window_act(state: State, action: Attach | Wait) -> State:
    """The asked seat attaches (and may attach again) or waits until the next turn.

    Raises:
        IllegalAction: when the part cannot be attached there or the seat lacks the energy.
    """
    seat = state.window[0]
    if isinstance(action, Attach):
        state = attach_in_arena(state, seat, action)
        if can_attach_now(state, seat):
            return state
    else:
        state = msgspec.structs.replace(state, waived=(*state.waived, seat))
    rest = state.window[1:]
    return msgspec.structs.replace(state, window=rest, phase=Phase.WINDOW if rest else Phase.TURN)


# -- attacks ---------------------------------------------------------------------------------------------


def _ready_attackers(state: State, seat: int) -> list[str]:
    """Seat's parts (and torso) that can attack now: have dice, unused this round, affordable."""
    p = state.players[seat]
    used = state.used
    energy = p.energy
    monster = p.monster
    known = _ATTACKERS.get(id(monster))
    able = known[1] if known is not None and known[0] is monster else _attackers(monster)
    out = [card for card, cost in able if cost <= energy and card not in used]
    t = torso_id(seat)
    if t not in used and torso_stats(p.torso).cost <= energy:
        out.append(t)
    return out


_ATTACKERS: dict[int, tuple[tuple[Placed, ...], tuple[tuple[str, int], ...]]] = {}
"""id(monster) -> (monster, (card, cost) of each attached part with an Attack Roll): looked up by identity, as a
seat's `monster` tuple is kept by every state that does not change it. Bounded (cleared past 4096 rows)."""


def _attackers(monster: tuple[Placed, ...]) -> tuple[tuple[str, int], ...]:
    known = _ATTACKERS.get(id(monster))
    if known is None or known[0] is not monster:
        if len(_ATTACKERS) >= 4096:
            _ATTACKERS.clear()
        found = tuple(
            (placed.card, s.cost) for placed in monster if (s := part_stats(placed.card)).attack_roll > 0
        )
        known = _ATTACKERS[id(monster)] = (monster, found)
    return known[1]


def _targets(state: State, seat: int) -> tuple[list[str], list[str]]:
    """(outer targets, every target) among the other living monsters."""
    outer: list[str] = []
    every: list[str] = []
    for s, p in enumerate(state.players):
        if s == seat or not p.alive:
            continue
        monster = p.monster
        known = _AS_TARGET.get((id(monster), s))
        if known is None or known[0] is not monster or known[1] is not p.torso:
            known = _as_target(p, s)
        outer += known[2]
        every += known[3]
    return outer, every


_AS_TARGET: dict[
    tuple[int, int], tuple[tuple[Placed, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
] = {}
"""(id(monster), seat) -> (monster, torso, its outer targets, every target on it), looked up by identity like
`_ATTACKERS`."""


def _as_target(
    p: Player, seat: int
) -> tuple[tuple[Placed, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """What seat's monster offers an attacker: its outer cards, and every card (the torso when exposed)."""
    parts, exposed = outer_info(p)
    every = tuple(placed.card for placed in p.monster)
    torso = (torso_id(seat),) if exposed else ()
    if len(_AS_TARGET) >= 4096:
        _AS_TARGET.clear()
    known = _AS_TARGET[(id(p.monster), seat)] = (p.monster, p.torso, (*parts, *torso), (*every, *torso))
    return known


def _reach(state: State, card: str) -> bool:
    return card in _REACH


_REACH = frozenset(p.id for p in _C.parts.values() if p.ability == "reach")
"""The parts with Reach (a torso has no ability)."""


def attack_options(state: State, seat: int) -> list[AttackWith]:
    """Every attack seat can declare now."""
    attackers = _ready_attackers(state, seat)
    if not attackers:
        return []
    outer, every = _targets(state, seat)
    return [AttackWith(a, t) for a in attackers for t in (every if a in _REACH else outer)]


def _attack_victim(state: State, seat: int, part: str, target: str) -> int:
    """The seat attacked, when `attack_options` would list this attack (checked without listing them all);
    -1 when it would not."""
    if part not in _ready_attackers(state, seat):
        return -1
    victim = owner_of(state, target)
    if victim < 0 or victim == seat or not state.players[victim].alive:
        return -1
    return victim if _can_target(state, part, target, victim) else -1


def _can_target(state: State, part: str, target: str, victim: int) -> bool:
    """Whether `part` can reach `target` on `victim`'s monster."""
    if _reach(state, part) and not target.startswith("torso:"):
        return True
    return is_outer(state.players[victim], target)


def join_options(state: State) -> list[Join]:
    attack = state.attack
    assert attack is not None
    return [
        Join(a)
        for a in _ready_attackers(state, attack.attacker)
        if a not in attack.parts and _can_target(state, a, attack.target, attack.target_seat)
    ]


def _pay_use(state: State, seat: int, card: str) -> State:
    players = state.players
    p = players[seat]
    cost = stats(state, card).cost
    players = (*players[:seat], msgspec.structs.replace(p, energy=p.energy - cost), *players[seat + 1 :])
    ledger = told.noted(state.ledger, seat, f"spend:{cost}", "attacks") if cost else state.ledger
    return msgspec.structs.replace(state, players=players, used=(*state.used, card), ledger=ledger)


def declare(state: State, seat: int, action: AttackWith) -> State:
    """Pay for the first attacking part and aim it; more parts may join before the roll.

    Raises:
        IllegalAction: when the part cannot attack or the target cannot be attacked.
    """
    target_seat = _attack_victim(state, seat, action.part, action.target)
    if target_seat < 0:
        raise IllegalAction(_why_not_attack(state, seat, action), action)
    state = _pay_use(state, seat, action.part)
    attack = Attack(seat, (action.part,), target_seat, action.target, bonus=state.roar)
    state = msgspec.structs.replace(state, roar=0, attack=attack)
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
            f"{told.name(action.part)} cannot join this attack: it must be yours, unused this round, "
            f"affordable, able to attack, and able to reach {told.name(attack.target)}.",
            action,
        )
    state = _pay_use(state, attack.attacker, action.part)
    attack = msgspec.structs.replace(attack, parts=(*attack.parts, action.part))
    state = msgspec.structs.replace(state, attack=attack)
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
    p = state.players[seat]
    if p.energy >= ATTACH_COST and p.cards and seat not in state.waived:
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
        return open_window(
            told.tell(
                msgspec.structs.replace(state, phase=Phase.TURN, attack=None),
                "The attack fizzles: no attacking part is left, and nothing is rolled.",
            )
        )
    if react_legal_actions(state, seat, only_check=True):
        return state
    return resolve(state)


def resolve(state: State) -> State:
    """Roll for every attacking part, sum, compare with the target's Defense; destroy it on a hit.

    Then the moment between attacks: the other players may attach (a window), and the turn goes on.
    """
    state = _roll_attack(state)
    if state.phase is Phase.OVER:
        return state
    return open_window(state)


def _roll_attack(state: State) -> State:
    attack = state.attack
    assert attack is not None
    rng = state.rng
    together = len(attack.parts) > 1
    total = attack.bonus
    parts = []
    words = []
    for part in attack.parts:
        s = stats(state, part)
        dice, rng = roll_dice(rng, s.attack_roll, state.explode)
        extra = PACK_BONUS if together and s.ability == "pack" else 0
        total += dice_sum(dice) + s.attack_mod + extra
        parts.append(RollPart(part, tuple(dice), s.attack_mod, extra))
        words.append(
            f"{told.name(part)} {roll_words(dice, s.attack_mod)}"
            + (f", {extra:+d} Pack Hunter" if extra else "")
        )
    target = stats(state, attack.target)
    defense = target.defense + attack.defense
    hit = total >= defense
    bonus = f", {attack.bonus:+d} Roar" if attack.bonus else ""
    attacker, victim = told.who(attack.attacker), told.who(attack.target_seat)
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
    state = told.tell(
        msgspec.structs.replace(state, rng=rng, attack=None, phase=Phase.TURN, roll=roll),
        f"{attacker} attacks {target_name}: {'; '.join(words)}{bonus} = {total} against Defense {defense}: "
        f"{'destroyed' if hit else 'missed'}.",
    )
    if not hit:
        return state
    by = f"{attacker}'s " + told.names_own(attack.parts)
    state, _ = destroy(state, attack.target_seat, attack.target, f"destroyed by {by}")
    if state.phase is Phase.OVER or target.ability != "barbs":
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
    state = told.note(with_player(state, seat, p), seat, "gain", f"{told.name(action.card)} attached")
    return told.note(state, seat, f"spend:{ATTACH_COST}", "attaching")


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
        return open_window(use(state, seat, action, reacting=False))
    if isinstance(action, Attach):
        return attach_in_arena(state, seat, action)
    return end_turn(state)


def join_phase(state: State, action: Join | Go) -> State:
    """Add a part to the attack, or roll (after the defender's reactions)."""
    if isinstance(action, Join):
        return join(state, action)
    return _to_reactions(state)

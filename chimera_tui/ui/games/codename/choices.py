"""What the player can do with the card under the cursor, why not, and which rule explains it.

Pure functions over a seat's view and the table's legal actions; nothing here touches Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from chimera_tui.games.codename.actions import Action, Attach, AttackWith, Join, Pick, PickTorso, Take, Use
from chimera_tui.games.codename.attaching import outer_info
from chimera_tui.games.codename.combat import stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.odds import attack_chance, percent
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.rulebook.text import slugify
from chimera_tui.ui.games.codename.view import (
    PHASE_TOPIC,
    attack_id,
    card_name,
    owner_of,
    place_of,
    socket_cell,
    torso_values,
)
from chimera_tui.ui.games.codename.words import short_player

_C = load()


# -- the legal actions under the cursor ---------------------------------------------------------------------


def mentions(state: State, action: Action) -> frozenset[str]:
    """The cards an action is about (torso halves stand for ``torso:N``), for "Enter on a card"."""
    match action:
        case PickTorso(card) | Take(card) | Pick(card) | Join(card):
            ids = {card}
        case Attach(card, _parent, _slot):
            ids = {card}
        case AttackWith(part, target):
            ids = {part, target}
        case Use(part, choice):
            ids = {part, choice} if choice else {part}
        case _:
            ids = set()
    out = set(ids)
    for i in ids:
        if i.startswith("torso:"):
            seat = int(i[6:])
            if seat < len(state.players):
                out.update(state.players[seat].torso)
    return frozenset(out)


def concerning(state: State, me: int | None, key: str, legal: Sequence[Action]) -> list[Action]:
    """The legal actions about the card (or free place) called `key`."""
    if (pos := place_of(key)) is not None:
        if me is None:
            return []
        p = state.players[me]
        return [a for a in legal if isinstance(a, Attach) and socket_cell(p, a.parent, a.slot) == pos]
    card = key.split(":", 1)[1] if key.startswith(("hand:", "pool:")) else key
    if key.startswith("grave:"):
        index = int(key[6:])
        card = state.graveyard[index].card if index < len(state.graveyard) else ""
    return [a for a in legal if card in mentions(state, a)]


def why_nothing(
    state: State, me: int | None, actor: int | None, key: str | None, names: Sequence[str]
) -> str:
    """Why there is nothing to do with the card under the cursor, in words."""
    if actor is None:
        return "The game is over."
    if actor != me:
        return f"It is {names[actor]}'s decision now; wait for your turn."
    phase = state.phase
    p = state.players[me]
    card = (key or "").split(":", 1)[1] if (key or "").startswith(("hand:", "pool:")) else (key or "")
    if phase is Phase.TORSO:
        return "Choose one of the torso halves still on the table (the Table page)."
    if phase is Phase.DEAL:
        return "As the dealer you may take one of the face-up cards for 1 energy, or press n to take none."
    if phase is Phase.PICK:
        return "You won the auction: pick one of the face-up cards."
    if phase is Phase.BUILD:
        if card in p.cards:
            base = _C.parts[card].base
            return f"{card_name(card)} has a {base} base stitching, and your monster has no free {base} edge for it."
        return (
            "Press Enter on a card in your hand or on a free place (+) to attach; press n when you are done."
        )
    if phase is Phase.JOIN:
        return "Only your unused parts that can reach the target may join; press n to roll."
    if card in p.cards:
        if p.energy < 2:
            return f"Attaching from your inventory costs 2 energy; you hold {p.energy}."
        return f"{card_name(card)} has no free {_C.parts[card].base} edge to go on."
    if phase is Phase.REACT:
        return "Only reactions (Shell, Dodge, Counter, Web) and attaching can be used now; press n to let the dice roll."
    seat = owner_of(state, card)
    if seat < 0:
        return "Nothing to do with this card now."
    aid = attack_id(state, card)
    if seat == me:
        if aid in state.used:
            return f"{card_name(card) if aid == card else 'Your torso'} has already been used this round."
        cost = _C.parts[card].cost if card in _C.parts else torso_values(p.torso).cost
        if cost > p.energy:
            return f"It costs {cost} energy and you hold {p.energy}."
        d = _C.parts.get(card)
        if d is not None and not d.attack_roll:
            ab = _C.abilities[d.ability] if d.ability else None
            if ab is None:
                return f"{d.name} has no Attack Roll and no ability."
            if ab.timing == "passive":
                return f"{d.name} cannot attack; {ab.name} is always on."
            if ab.timing == "reaction":
                return f"{ab.name} is a reaction: use it when your monster is attacked."
        return "No opponent has a part this one can reach."
    other = state.players[seat]
    outer_parts, exposed = outer_info(other)
    if aid.startswith("torso:") and not exposed:
        return "This torso is covered: it can be attacked only while one of its stitched edges is open."
    if aid not in outer_parts and not aid.startswith("torso:"):
        return "Not an outer part: only outer parts can be attacked (except by parts with Reach)."
    return "None of your parts can attack now: each is used once per round and must be paid for."


def topic_for(state: State, key: str | None) -> str:
    """The rules topic for what is under the cursor: a card's own topic (every part and torso half has one,
    named as the card), a free place's "Attaching", or else the phase's topic."""
    card = (key or "").split(":", 1)[1] if (key or "").startswith(("hand:", "pool:")) else (key or "")
    if key and key.startswith("grave:"):
        index = int(key[6:])
        card = state.graveyard[index].card if index < len(state.graveyard) else ""
        if not card:
            return "graveyard"
    if key and key.startswith("place:"):
        return "attaching"
    if card in _C.parts:
        return slugify(_C.parts[card].name)
    if card in _C.torsos:
        return slugify(_C.torsos[card].name)
    return PHASE_TOPIC[state.phase]


# -- attacks with their chances ------------------------------------------------------------------------------


def target_words(state: State, target: str, names: Sequence[str], me: int | None) -> str:
    """An attack target in words, with its Defense: "Bob's Bull Head (Defense 6)"."""
    seat = owner_of(state, target) if not target.startswith("torso:") else int(target[6:])
    whose = "your" if seat == me else f"{short_player(names[seat])}'s"
    defense = stats(state, target).defense
    what = "torso" if target.startswith("torso:") else card_name(target)
    return f"{whose} {what} (Defense {defense})"


def attacker_words(state: State, part: str, me: int | None) -> str:
    """An attacking part with its dice and cost: "Wolf Claw (1d+1, 1 energy)"."""
    s = stats(state, part)
    dice = f"{s.attack_roll}d{s.attack_mod:+d}" if s.attack_mod else f"{s.attack_roll}d"
    name = "your torso" if part.startswith("torso:") else card_name(part)
    return f"{name} ({dice}, {s.cost} energy)"


def attack_label(state: State, action: AttackWith, names: Sequence[str], me: int | None) -> str:
    """ "58% · Bob's Bull Head (Defense 6) with Wolf Claw (1d+1, 1 energy)"."""
    p = percent(attack_chance(state, (action.part,), action.target))
    return f"{p:>4} · {target_words(state, action.target, names, me)} with {attacker_words(state, action.part, me)}"


def join_label(state: State, action: Join) -> str:
    """ "Add Wolf Claw (1d+1, 1 energy): 35% → 58%"."""
    attack = state.attack
    assert attack is not None
    before = percent(attack_chance(state, attack.parts, attack.target))
    after = percent(attack_chance(state, (*attack.parts, action.part), attack.target))
    return f"Add {attacker_words(state, action.part, None)}: {before} → {after} to destroy"


def group_attacks(
    state: State, attacks: Sequence[AttackWith], names: Sequence[str], me: int | None
) -> list[tuple[str, list[tuple[str, AttackWith]]]]:
    """Attacks grouped by attacking part, best chance first within each group, for a short menu.

    Returns:
        (the group's label, [(a target's label, the action)]) for each attacking part.
    """
    by_part: dict[str, list[AttackWith]] = {}
    for a in attacks:
        by_part.setdefault(a.part, []).append(a)
    out = []
    for part, options in by_part.items():
        scored = sorted(
            ((attack_chance(state, (part,), a.target), a) for a in options), key=lambda pair: -pair[0]
        )
        best_p, best = scored[0]
        label = (
            f"Attack with {attacker_words(state, part, me)}: {len(options)} "
            f"target{'s' if len(options) != 1 else ''}, best {percent(best_p)} "
            f"on {target_words(state, best.target, names, me)}"
        )
        rows = [(f"{percent(p):>4} · {target_words(state, a.target, names, me)}", a) for p, a in scored]
        out.append((label, rows))
    return out

"""Card values in play, dice, and destruction (the reference sheet's Cutting Limbs and Graveyard sections).

Destroying a part cuts off everything attached beyond it; all of it goes to the graveyard, a shared face-up
pile that remembers whose monster each card came from. Destroying a torso destroys the monster: all its cards
go to the graveyard, its inventory to the box, its energy back to the supply.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import msgspec

from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename import told
from chimera_tui.games.codename.attaching import cut
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import OVER, Grave, Placed, State, with_player

_C = load()


class Stats(NamedTuple):
    """A card's values as they count in the arena."""

    name: str
    attack_roll: int
    attack_mod: int
    defense: int
    cost: int
    ability: str


_PART_STATS = {
    p.id: Stats(p.name, p.attack_roll, p.attack_mod, p.defense, p.cost, p.ability) for p in _C.parts.values()
}


def torso_seat(card: str) -> int:
    """The seat of a ``torso:N`` id."""
    return int(card[6:])


def stats(state: State, card: str) -> Stats:
    """The values of a part, or of a joined torso (``torso:N``).

    A joined torso rolls the larger of its halves' Attack Rolls and adds up their Attack Mods, Defenses and
    energy costs.
    """
    part = _PART_STATS.get(card)
    if part is not None:
        return part
    return torso_stats(state.players[torso_seat(card)].torso)


@lru_cache(maxsize=256)
def torso_stats(halves: tuple[str, ...]) -> Stats:
    """The values of the torso joined from `halves`."""
    defs = [_C.torsos[t] for t in halves]
    return Stats(
        "torso",
        max((h.attack_roll for h in defs), default=0),
        sum(h.attack_mod for h in defs),
        sum(h.defense for h in defs),
        sum(h.cost for h in defs),
        "",
    )


def part_stats(card: str) -> Stats:
    """The printed values of a monster part."""
    return _PART_STATS[card]


def owner_of(state: State, card: str) -> int:
    """The seat whose monster `card` is attached to (or whose torso it is), or -1."""
    if card.startswith("torso:"):
        number = card[6:]
        if number.isdigit() and int(number) < len(state.players) and state.players[int(number)].torso:
            return int(number)
        return -1
    for seat, p in enumerate(state.players):
        monster = p.monster
        known = _CARDS_ON.get(id(monster))
        if card in (known[1] if known is not None and known[0] is monster else _cards_on(monster)):
            return seat
    return -1


_CARDS_ON: dict[int, tuple[tuple[Placed, ...], frozenset[str]]] = {}
"""id(monster) -> (monster, the cards on it): a seat's `monster` tuple is kept as it is by every state that does
not change it, so the set is looked up by identity. Bounded: cleared when it grows past 4096 rows."""


def _cards_on(monster: tuple[Placed, ...]) -> frozenset[str]:
    """The cards attached to a monster (torso excluded)."""
    known = _CARDS_ON.get(id(monster))
    if known is None or known[0] is not monster:
        if len(_CARDS_ON) >= 4096:
            _CARDS_ON.clear()
        known = _CARDS_ON[id(monster)] = (monster, frozenset(placed.card for placed in monster))
    return known[1]


EXPLODE_LIMIT = 10
"""At most this many extra rolls per die under exploding sixes (only a rigged test could ever reach it)."""


def roll_dice(rng: Rng, count: int, explode: bool = False) -> tuple[list[tuple[int, ...]], Rng]:
    """`count` attack dice, each as the faces thrown for it.

    The booklet's dice show 1 to 6. With the exploding-sixes house rule (`explode`), a 6 is rolled again
    and added, again on another 6: that die is listed as every face thrown, (6, 6, 2) counting 14.
    """
    dice = []
    for _ in range(count):
        value, rng = rng.below(6)  # rng.roll(6), without its call
        value += 1
        if explode and value == 6:
            faces = [value]
            while value == 6 and len(faces) <= EXPLODE_LIMIT:
                value, rng = rng.roll(6)
                faces.append(value)
            dice.append(tuple(faces))
        else:
            dice.append((value,))
    return dice, rng


def dice_sum(dice: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> int:
    return sum(map(sum, dice))


def destroy(state: State, seat: int, card: str, why: str = "destroyed") -> tuple[State, list[str]]:
    """Destroy `card` on seat's monster (a part, cutting what lies beyond it, or ``torso:N``).

    `why` says what destroyed it, for the events and the round's summary ("destroyed by Player 2's Wolf
    Claw").

    Returns:
        The new state and the cards that went to the graveyard.
    """
    player = state.players[seat]
    state = msgspec.structs.replace(state, destroyed_in=state.arena_round)
    if card.startswith("torso:"):
        gone = [*player.torso, *(p.card for p in player.monster)]
        dead = msgspec.structs.replace(player, torso=(), monster=(), cards=(), energy=0, alive=False)
        state = msgspec.structs.replace(
            with_player(state, seat, dead),
            box=(*state.box, *player.cards),
            graveyard=(*state.graveyard, *(Grave(c, seat) for c in gone)),
        )
        events = [f"{told.who(seat)}'s torso is {why}: the monster falls."]
        if player.monster:
            events.append(
                f"Its parts go to the graveyard with it: {told.names(p.card for p in player.monster)}."
            )
        if player.cards:
            events.append(
                f"{told.who(seat)}'s {told.plural(len(player.cards), 'inventory card')} go to the box unseen."
            )
        if player.energy:
            events.append(f"{told.who(seat)}'s {player.energy} energy goes back to the box.")
        state = told.tell(state, *events)
        state = told.note(state, seat, "lose", f"the whole monster (torso {why})")
        return check_over(state), gone
    player, gone = cut(player, card)
    state = msgspec.structs.replace(
        with_player(state, seat, player), graveyard=(*state.graveyard, *(Grave(c, seat) for c in gone))
    )
    state = told.note(state, seat, "lose", f"{told.name(card)} ({why})")
    if len(gone) > 1:
        state = told.tell(
            state,
            f"Cut off with {told.who(seat)}'s {told.name(card)}, to the graveyard: {told.names(gone[1:])}.",
        )
        state = told.note(state, seat, "lose", f"{told.names(gone[1:])} (cut off with {told.name(card)})")
    return state, gone


def check_over(state: State) -> State:
    """End the game when at most one monster is left."""
    alive = [s for s, p in enumerate(state.players) if p.alive]
    if len(alive) > 1:
        return state
    end = (
        f"Only {told.who(alive[0])}'s monster is left standing: {told.who(alive[0])} wins."
        if alive
        else "Every monster has fallen: nobody wins."
    )
    return told.tell(msgspec.structs.replace(state, phase=OVER, attack=None, window=()), end)

"""Hand-built Codename: Chimera states for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.codename import RULES
from chimera_tui.games.codename.actions import Action, PickTorso
from chimera_tui.games.codename.attaching import attach
from chimera_tui.games.codename.state import Phase, Player, State

Build = tuple[tuple[str, str], Sequence[tuple[str, str, str]], Sequence[str]]
"""(torso halves, parts as (card, parent, slot) in attach order, inventory)."""


def new(players: int = 4, youngest: str = "1", shortest: str = "1", seed: int = 0) -> State:
    """A new game with the youngest and shortest seats fixed."""
    return RULES.new_game(
        GameConfig(players=players, options={"youngest": youngest, "shortest": shortest}), seed
    )


def play(state: State, *texts: str) -> State:
    """Apply actions given in notation."""
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def after_torsos(state: State) -> State:
    """Every torso pick made (each picker takes the first half left)."""
    while state.phase is Phase.TORSO:
        state = RULES.apply(state, PickTorso(state.torso_pool[0]))
    return state


def drafting(
    players: int = 4, deck: Sequence[str] | None = None, energy: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """Drafting set up by hand: the given deck (top first) and energy; the dealer's first deal is turned up."""
    from chimera_tui.games.codename.drafting import _deal

    state = after_torsos(new(players, shortest=str(dealer + 1)))
    state = msgspec.structs.replace(state, deck=(*state.row, *state.deck), row=(), draft_round=0)
    if deck is not None:
        rest = [c for c in state.deck if c not in deck]
        state = msgspec.structs.replace(state, deck=tuple(deck), box=(*state.box, *rest))
    if energy is not None:
        players_ = tuple(
            msgspec.structs.replace(p, energy=e) for p, e in zip(state.players, energy, strict=True)
        )
        state = msgspec.structs.replace(state, players=players_)
    return _deal(msgspec.structs.replace(state, events=()), dealer)


def monster(
    torso: tuple[str, str],
    parts: Sequence[tuple[str, str, str]] = (),
    inventory: Sequence[str] = (),
    energy: int = 5,
) -> Player:
    """A player whose monster has `parts` attached in order."""
    p = Player(energy=energy, torso=torso, cards=(*(c for c, _, _ in parts), *inventory))
    for card, parent, slot in parts:
        p = attach(p, card, parent, slot)
    return p


def arena(
    *players: Player,
    order: Sequence[int] | None = None,
    rng: Rng | None = None,
    turn: int = 0,
    explode: bool = False,
) -> State:
    """An arena state at the start of a turn (energy as given; no refill applied, no attaching window).

    `explode` turns on the exploding-sixes house rule (the setup option ``sixes=explode``).
    """
    n = len(players)
    return State(
        phase=Phase.TURN,
        players=tuple(players),
        rng=rng or Rng(0),
        first=0,
        torso_order=(),
        torso_pool=(),
        arena_round=1,
        order=tuple(order if order is not None else range(n)),
        turn=turn,
        explode=explode,
    )


def legal_texts(state: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(state)]


def apply(state: State, action: Action) -> State:
    return RULES.apply(state, action)


def dice(*faces: int) -> Rng:
    """An Rng whose next die rolls show `faces`."""
    return Rng.rig(0, *(f - 1 for f in faces))


def attacker(energy: int = 5, inventory: tuple[str, ...] = ()):
    """Seat 0's monster: Pelvis over Brawler's Chest; the Brawler's left edge is open, so its torso is outer."""
    return monster(
        ("pelvis", "brawler-chest"),
        [
            ("bear-arm-1", "pelvis", "far"),
            ("wolf-claw-1", "bear-arm-1", "far"),
            ("mantis-arm-1", "pelvis", "left"),
            ("ape-arm-1", "brawler-chest", "far"),
        ],
        inventory,
        energy,
    )


def defender(energy: int = 0, inventory: tuple[str, ...] = (), extra=()):
    """Seat 1's monster: Ribcage over Plated Belly with every torso edge filled (the torso is not outer)."""
    return monster(
        ("ribcage", "plated-belly"),
        [
            ("lion-head-1", "ribcage", "far"),
            ("crab-arm-1", "ribcage", "left"),
            ("beetle-head-1", "plated-belly", "far"),
            *extra,
        ],
        inventory,
        energy,
    )


def bare(torso=("haunches", "twin-necks"), energy: int = 0):
    """A monster with nothing attached (its torso is outer)."""
    return monster(torso, (), (), energy)

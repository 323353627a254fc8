"""The state of a game of Codename: Chimera: frozen msgspec Structs, tuples only.

Cards are referred to by their content id. Each card is in exactly one place: the torso pool, the deck, the
face-up row, the discard pile, a player's hand/inventory (`Player.cards`), a player's torso (`Player.torso`), a
monster (`Player.monster`), the graveyard or the box.

Every Struct here is ``gc=False``: it holds only strings, numbers, enums and tuples of those (never a list or
dict), so it can never be part of a reference cycle and the cycle collector need not track it (Station's
state does the same).
"""

from __future__ import annotations

import enum

import msgspec

from chimera_tui.engine.rng import Rng


class Phase(enum.Enum):
    """Whose decision is pending and of what kind."""

    TORSO = "torso"
    """Picking torso halves, in snake order."""
    DEAL = "deal"
    """The dealer may take one of the face-up cards for 1 energy."""
    AUCTION = "auction"
    """Bidding for the right to pick one of the remaining face-up cards."""
    PICK = "pick"
    """The auction winner picks a card."""
    BUILD = "build"
    """One player at a time builds in private."""
    TURN = "turn"
    """An arena turn: attack, use abilities, attach, or end the turn."""
    JOIN = "join"
    """A declared attack: the attacker may add more parts, then rolls."""
    REACT = "react"
    """The attacked player may use reactions before the dice are rolled."""
    WINDOW = "window"
    """Between attacks and at the start of a turn: another player may attach parts from the inventory."""
    OVER = "over"


TORSO, DEAL, AUCTION, PICK, BUILD = Phase.TORSO, Phase.DEAL, Phase.AUCTION, Phase.PICK, Phase.BUILD
TURN, JOIN, REACT, WINDOW, OVER = Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW, Phase.OVER
"""The phases as module names, for the rules' comparisons and replaces: in CPython 3.11 reading a member off the
enum class (`Phase.OVER`) takes several times as long as reading a module name, and the rules read phases
several times a decision."""


class Placed(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A monster part attached to a monster, on the monster's grid (the torso's upper half is at 0,0)."""

    card: str
    parent: str
    """The card it is stitched to (a part id or one of the torso halves' ids)."""
    slot: str
    """The parent's edge it hangs from: "far", "left" or "right"."""
    x: int
    y: int
    facing: int
    """Direction from the parent to this card (0 north, 1 east, 2 south, 3 west); its far edge points this way."""


class Grave(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A card in the graveyard and whose monster it came from."""

    card: str
    owner: int


class Player(msgspec.Struct, frozen=True, gc=False):
    """One scientist and their monster."""

    energy: int = 0
    """Energy tokens held (never negative)."""
    torso: tuple[str, ...] = ()
    """Torso halves in pick order: the first is the upper half (0,0), the second the lower half (0,1)."""
    cards: tuple[str, ...] = ()
    """Parts held face down: the hand during drafting and building, the inventory in the arena."""
    monster: tuple[Placed, ...] = ()
    """Attached parts (the torso halves are not listed here), in the order they were attached."""
    alive: bool = True
    """False once the torso has been destroyed."""


class Auction(msgspec.Struct, frozen=True, gc=False):
    """An auction in progress."""

    bidder: int
    """The seat asked to raise or pass."""
    bid: int = 0
    """The current bid (0 before anyone bids)."""
    leader: int = -1
    """The seat holding the current bid, or -1."""
    passes: int = 0
    """Passes in a row since the last bid (or since the start)."""


class Attack(msgspec.Struct, frozen=True, gc=False):
    """A declared attack waiting for more attackers, reactions and the roll."""

    attacker: int
    parts: tuple[str, ...]
    """The attacking parts (``torso:N`` for a torso), in the order they joined."""
    target_seat: int
    target: str
    bonus: int = 0
    """Added to the total (Roar)."""
    defense: int = 0
    """Added to the target's Defense (Shell, Dodge)."""


class RollPart(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """What one card rolled: each die's faces (a die that showed 6 under exploding sixes lists every throw)."""

    card: str
    dice: tuple[tuple[int, ...], ...]
    mod: int = 0
    extra: int = 0
    """Added by an ability (Pack Hunter)."""


class Roll(msgspec.Struct, frozen=True, gc=False):
    """The latest dice roll, kept for the screen until the next one."""

    kind: str
    """"attack", "counter", "barbs" or "tie" (who goes first)."""
    seat: int
    """Who rolled (for a tie: -1)."""
    parts: tuple[RollPart, ...] = ()
    target: str = ""
    target_seat: int = -1
    bonus: int = 0
    """Added to the total (Roar)."""
    defense: int = 0
    """The number to reach (for Barbs: the number a die must show)."""
    total: int = 0
    hit: bool = False
    ties: tuple[tuple[int, int], ...] = ()
    """For a tie: (seat, die) for each roller."""


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole game."""

    phase: Phase
    players: tuple[Player, ...]
    rng: Rng
    first: int
    """The youngest player: first torso pick."""
    torso_order: tuple[int, ...]
    """The seats picking torso halves, in order (out and back)."""
    torso_pool: tuple[str, ...]
    """Torso halves still face up to be picked."""
    deck: tuple[str, ...] = ()
    """Face-down monster-part deck, top first."""
    row: tuple[str, ...] = ()
    """Face-up cards of the current drafting round."""
    discard: tuple[str, ...] = ()
    box: tuple[str, ...] = ()
    """Cards out of play (unpicked torso halves, the deck and discard after drafting, dead monsters' inventory)."""
    graveyard: tuple[Grave, ...] = ()
    dealer: int = 0
    draft_round: int = 0
    auction: Auction | None = None
    builder: int = 0
    """The seat building now (seats build one after another, from seat 0)."""
    arena_round: int = 0
    destroyed_in: int = 0
    """The last arena round in which a card was destroyed (0: none yet), for the end of quiet fights."""
    order: tuple[int, ...] = ()
    """This arena round's turn order."""
    turn: int = 0
    """Index into `order` of the monster whose turn it is."""
    used: tuple[str, ...] = ()
    """Parts (and ``torso:N``) used this arena round."""
    roar: int = 0
    """Bonus waiting for the current player's next attack this turn."""
    attack: Attack | None = None
    events: tuple[str, ...] = ()
    """What the last action caused, in words (dice, destructions), for the log and the screen.

    An event that starts with ``@N `` is private to seat N (0-based): `view` shows it to that seat only,
    without the mark.
    """
    explode: bool = False
    """The exploding-sixes house rule (setup option ``sixes=explode``): a 6 is rolled again and added."""
    window: tuple[int, ...] = ()
    """Seats still to be asked whether they attach from the inventory at this moment (the first decides)."""
    waived: tuple[int, ...] = ()
    """Seats that want no more attaching windows until the next turn begins."""
    ledger: tuple[tuple[int, str], ...] = ()
    """What each seat gained and lost since the phase or arena round began, for its summary."""
    roll: Roll | None = None
    """The latest dice roll."""


def with_player(state: State, seat: int, player: Player) -> State:
    """`state` with seat's player replaced."""
    players = list(state.players)
    players[seat] = player
    return msgspec.structs.replace(state, players=tuple(players))

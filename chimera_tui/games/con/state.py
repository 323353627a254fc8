"""Chimera Con's state: frozen msgspec Structs, tuples only, cards named by their codes.

A chimera is its three part codes (head, body, rear; "" for a slot still missing) plus its damage taken and
its status bits. Pending out-of-order decisions (a cheat window, an out-of-turn Discard step, a Market Phase
choice) are `Ask`s on a stack; with none pending the decision is the active seat's turn step.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.rng import Rng

HIDDEN = "?"
"""What a card another seat may not see looks like in a view."""

POISONED = 1
"""Status bit: Might and Speed totals halved (CN-STATUS-01)."""
NEGATIVE = 2
"""Status bit: no healing; every swap hurts (CN-STATUS-04, -05)."""
AIRBORNE = 4
"""Status bit: in the air (CN-STATUS-18)."""
STATUS_NAMES: tuple[tuple[int, str], ...] = (
    (POISONED, "Poisoned"),
    (NEGATIVE, "Negative"),
    (AIRBORNE, "Airborne"),
)

Fact = tuple[str | int, ...]
"""Something an action caused, as data: its kind, then seats, card codes, numbers and dice (see told.py)."""

PHASES: tuple[str, ...] = ("build", "turn", "market", "over")
STEPS: tuple[str, ...] = ("draw", "sub", "act", "discard")
"""A turn's four steps in order (CN-TURN-01)."""


class Attack(msgspec.Struct, frozen=True, array_like=True):
    """An attack whose dice are rolled and whose roll window is open (cheats may still change it)."""

    attacker: int
    defender: int
    card: str
    """The part whose action it is ("" for the plain attack every chimera has)."""
    index: int
    """Which of that card's actions."""
    att: tuple[int, ...]
    """The attacker's dice."""
    dfn: tuple[int, ...]
    """The defender's dice."""
    slot: int = -1
    """The defender's part a Petrify attack aims at."""
    shield: int = 0
    """Damage taken off by cheats."""
    smoke: bool = False
    """A Smoke Bomb made it miss."""
    family_dice: int = 0
    """How many of the attacker's dice are family-synergy dice (CN-ACTION-09)."""


class Ask(msgspec.Struct, frozen=True, array_like=True):
    """A pending decision of `seat` outside the turn steps.

    kinds: "cheat" (a cheat window: `seats` still to be asked after `seat`, `when` "turn" or "roll"),
    "discard" (an out-of-turn Discard step after a failed cheat), "market" (take a card), "greedy".
    """

    kind: str
    seat: int
    seats: tuple[int, ...] = ()
    when: str = ""


class State(msgspec.Struct, frozen=True):
    """The whole game: everything `apply` needs."""

    names: tuple[str, ...]
    target: int
    """Points that win the game (CN-GEN-07)."""
    round: int
    phase: str
    points: tuple[int, ...]
    alive: tuple[bool, ...]
    parts: tuple[tuple[str, str, str], ...]
    """Each seat's head, body and rear codes ("" missing); hidden from others while building."""
    hands: tuple[tuple[str, ...], ...]
    """Creature cards in hand (hidden from other seats)."""
    cheats: tuple[tuple[str, ...], ...]
    """Cheat cards in hand (hidden from other seats)."""
    damage: tuple[int, ...]
    """Damage taken this round (CN-STATS-04)."""
    status: tuple[int, ...]
    """Status bits per seat."""
    petrified: frozenset[str]
    """Creature card codes that are Petrified (the status follows the card, CN-STATUS-14)."""
    deck: tuple[str, ...]
    """Creature deck, top first (hidden)."""
    cheat_deck: tuple[str, ...]
    """Cheat deck, top first (hidden)."""
    market: tuple[str, ...]
    """The Market Pile, face up."""
    discard: tuple[str, ...]
    """The Discard Pile, face up, newest last."""
    aside: tuple[str, ...]
    """Cards turned up by the missing-part procedure, waiting to be shuffled back."""
    built: tuple[bool, ...]
    """Build phase: who has laid their chimera."""
    merchant: int
    merchant_turns: int
    """The Merchant's turns taken since becoming Merchant."""
    active: int
    """The seat whose turn it is."""
    step: str
    drawn: str
    """The decks drawn from this turn, in order ("c" creature, "x" cheat)."""
    no_action: bool
    """A cross-family Substitute: this turn's Action step is skipped (CN-TURN-08)."""
    passed: tuple[bool, ...]
    """Seats that passed every cheat window for the rest of this turn."""
    asks: tuple[Ask, ...]
    attack: Attack | None
    took: tuple[str, ...]
    """Market Phase: the card each seat just took ("" none)."""
    greedy: tuple[int, ...]
    """Market Phase, per seat: 0 not greedy yet, 1 wants to Get Greedy now, 2 has Got Greedy."""
    market_due: bool
    """The Merchant was eliminated: the Market Phase comes when this turn ends (CN-MERCHANT-10)."""
    told: tuple[Fact, ...]
    """What the last action caused, as facts (dice and their outcome, cards drawn, chimeras eliminated, the
    round's point); worded only by `view`, into `events`."""
    roll: tuple[Fact, ...]
    """The last dice rolled and what came of them (kept until the next roll), for the screen."""
    rng: Rng
    events: tuple[str, ...] = ()
    """The facts of `told` a seat may read, in words: filled in by `view` only (the log shows them under the
    action that caused them); empty in the state `apply` makes."""

"""The working copy `Working` that `apply` changes and freezes again, and what every rule area reads from it: stat
totals (with support, Petrify and Poisonous), fitting, dice, drawing, swapping parts, damage and healing.

`Working` holds the State's fields; per-seat tuples become lists and are frozen back, so an action costs about the
few tuples it touches. Dice come straight from SplitMix64 over the state's `Rng` (seed and counter), which is
what `Rng.roll` would give, without a new `Rng` per die; a rigged `Rng` (tests) takes the ordinary path.
"""

from __future__ import annotations

from functools import lru_cache

from chimera_tui.engine.rng import Rng, _splitmix64
from chimera_tui.games.con.content import ActionDef, Card, content
from chimera_tui.games.con.state import AIRBORNE, NEGATIVE, POISONED, Ask, Attack, Fact, State

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMIT6 = (1 << 64) - ((1 << 64) % 6)

CARDS: dict[str, Card] = content().cards
"""Creature cards by code."""
BASIC = ActionDef("Attack", "standard", "attack", "might", "speed")
"""The plain attack open to every chimera (CN-ACTION-07)."""


def action_of(card: str, index: int) -> ActionDef:
    """Action `index` of part `card`, or the plain attack when `card` is empty."""
    return BASIC if not card else CARDS[card].actions[index]


class Working:
    """The mutable mirror of `State` while one action is applied."""

    __slots__ = (
        "active", "alive", "aside", "asks", "attack", "built", "cheat_deck", "cheats", "counter", "damage", "deck",
        "discard", "drawn", "greedy", "hands", "market", "market_due", "merchant", "merchant_turns", "names",
        "no_action", "parts", "passed", "petrified", "phase", "points", "rigged", "roll", "round", "s", "seed",
        "status", "step", "target", "told", "took",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
        self.s = s
        self.names = s.names
        self.target = s.target
        self.round = s.round
        self.phase = s.phase
        self.points = list(s.points)
        self.alive = list(s.alive)
        self.parts = list(s.parts)
        self.hands = list(s.hands)
        self.cheats = list(s.cheats)
        self.damage = list(s.damage)
        self.status = list(s.status)
        self.petrified = s.petrified
        self.deck = s.deck
        self.cheat_deck = s.cheat_deck
        self.market = s.market
        self.discard = s.discard
        self.aside = s.aside
        self.built = list(s.built)
        self.merchant = s.merchant
        self.merchant_turns = s.merchant_turns
        self.active = s.active
        self.step = s.step
        self.drawn = s.drawn
        self.no_action = s.no_action
        self.passed = list(s.passed)
        self.asks = list(s.asks)
        self.attack = s.attack
        self.took = list(s.took)
        self.greedy = list(s.greedy)
        self.market_due = s.market_due
        self.seed = s.rng.seed
        self.counter = s.rng.counter
        self.rigged = s.rng.rigged
        self.told: list[Fact] = []
        """What this action caused, as facts (see told.py): `tell` appends one."""
        self.roll = s.roll

    def freeze(self) -> State:
        """The new State; per-seat tuples that did not change are the old ones (views reuse their redaction)."""
        s = self.s
        hands = tuple(self.hands)
        if hands == s.hands:
            hands = s.hands
        cheats = tuple(self.cheats)
        if cheats == s.cheats:
            cheats = s.cheats
        parts = tuple(self.parts)
        if parts == s.parts:
            parts = s.parts
        return State(
            self.names, self.target, self.round, self.phase, tuple(self.points), tuple(self.alive),
            parts, hands, cheats, tuple(self.damage), tuple(self.status),
            self.petrified, self.deck, self.cheat_deck, self.market, self.discard, self.aside,
            tuple(self.built), self.merchant, self.merchant_turns, self.active, self.step, self.drawn,
            self.no_action, tuple(self.passed), tuple(self.asks), self.attack, tuple(self.took),
            tuple(self.greedy), self.market_due, tuple(self.told), self.roll,
            Rng(self.seed, self.counter, self.rigged),
        )  # fmt: skip

    def tell(self, *fact: str | int) -> None:
        """Record what this action caused (worded only when a view is made, see told.py)."""
        self.told.append(fact)

    def tell_dice(self, *fact: str | int) -> None:
        """Record dice rolled: told, and the screen's last roll from now on."""
        self.told.append(fact)
        self.roll = (fact,)

    def tell_outcome(self, *fact: str | int) -> None:
        """Record what the last dice did: told, and kept with the last roll."""
        self.told.append(fact)
        self.roll = (*self.roll, fact)

    # -- randomness ---------------------------------------------------------------------------------------
    def below(self, n: int) -> int:
        """A uniform integer in range(n), from the state's stream."""
        if self.rigged:
            value, rng = Rng(self.seed, self.counter, self.rigged).below(n)
            self.counter, self.rigged = rng.counter, rng.rigged
            return value
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = _splitmix64(((self.seed & _MASK) + self.counter * _GAMMA) & _MASK)
            self.counter += 1
            if value < limit:
                return value % n

    def dice(self, count: int) -> tuple[int, ...]:
        """`count` d6 (CN-GEN-08; none for a stat of 0, CN-GEN-09)."""
        if self.rigged:
            return tuple(self.below(6) + 1 for _ in range(count))
        out = []
        seed = self.seed & _MASK
        c = self.counter
        for _ in range(count):
            while True:
                value = _splitmix64((seed + c * _GAMMA) & _MASK)
                c += 1
                if value < _LIMIT6:
                    out.append(value % 6 + 1)
                    break
        self.counter = c
        return tuple(out)

    def shuffle(self, items: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)

    # -- seats --------------------------------------------------------------------------------------------
    def n(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def next_alive(self, seat: int) -> int:
        """The next seat to the left of `seat` still in the round (CN-GEN-10)."""
        n = len(self.names)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.alive[s]:
                return s
        return seat

    def order_from(self, seat: int) -> list[int]:
        """Seats still in the round in turn order, starting with `seat`."""
        n = len(self.names)
        return [(seat + k) % n for k in range(n) if self.alive[(seat + k) % n]]


def digits(roll: tuple[int, ...] | list[int]) -> str:
    """Dice as a fact holds them (told.py): "436" for 4, 3 and 6."""
    return "".join(map(str, roll))


# -- stats ---------------------------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def supported(parts: tuple[str, str, str]) -> tuple[bool, bool, bool]:
    """Which parts are supported: a part loses support when any part below it is smaller (CN-SIZE-03, -07)."""
    sizes = [CARDS[c].size if c else 0 for c in parts]
    return (sizes[0] <= sizes[1] and sizes[0] <= sizes[2], sizes[1] <= sizes[2], True)


@lru_cache(maxsize=8192)
def totals(
    parts: tuple[str, str, str],
    status: int,
    petrified: frozenset[str],
    support: tuple[bool, bool, bool] | None = None,
) -> tuple[int, int, int, int]:
    """Health, Might, Speed and Magic totals of a chimera (CN-STATS-02, CN-SIZE-06, CN-STATS-11): of its
    supported parts (`supported`, unless `support` says which; an empty slot adds nothing)."""
    h = m = s = g = 0
    sup = supported(parts) if support is None else support
    for i, code in enumerate(parts):
        if not code or not sup[i]:
            continue
        st = CARDS[code].stats
        h += st[0] * 2 if code in petrified else st[0]
        m += st[1]
        s += st[2]
        g += st[3]
    if status & POISONED:
        m //= 2
        s //= 2
    return (h, m, s, g)


def stat_of(w: Working, seat: int, index: int) -> int:
    return totals(w.parts[seat], w.status[seat], w.petrified)[index]


def health_left(w: Working, seat: int) -> int:
    return stat_of(w, seat, 0) - w.damage[seat]


def has_tag(parts: tuple[str, str, str], petrified: frozenset[str], tag: str) -> bool:
    """Whether a part whose text works (not Petrified, CN-STATUS-12) carries `tag`."""
    return any(c and c not in petrified and tag in CARDS[c].tags for c in parts)


def can_fly(parts: tuple[str, str, str], petrified: frozenset[str]) -> bool:
    """Airborne tag on a working part, and the chimera supported (CN-SIZE-08, CN-STATUS-23)."""
    return has_tag(parts, petrified, "Airborne") and all(supported(parts))


def armor(parts: tuple[str, str, str], petrified: frozenset[str]) -> int:
    """How many working Armored parts the chimera has (each takes 1 off a hit that is not Elemental)."""
    return sum(1 for c in parts if c and c not in petrified and "Armored" in CARDS[c].tags)


def fits(a: str, b: str) -> bool:
    """Whether two creature cards may sit on one chimera (CN-BUILD-03: unless a card excludes the other's family)."""
    ca, cb = CARDS[a], CARDS[b]
    return ca.family not in cb.excludes and cb.family not in ca.excludes


def fits_chimera(parts: tuple[str, str, str], code: str) -> bool:
    """Whether `code` may take its slot on `parts` (the part it would replace does not count)."""
    slot = CARDS[code].slot
    return all(fits(code, c) for i, c in enumerate(parts) if c and i != slot)


# -- cards moving ---------------------------------------------------------------------------------------------
def draw_creature(w: Working) -> str:
    """The top creature card, reshuffling the Discard Pile's creature cards in when the deck is empty (CN-GEN-11)."""
    if not w.deck:
        back = [c for c in w.discard if c in CARDS]
        if not back:
            return ""
        w.discard = tuple(c for c in w.discard if c not in CARDS)
        w.deck = w.shuffle(back)
        w.tell("reshuffle", "creature")
    top, w.deck = w.deck[0], w.deck[1:]
    return top


def draw_cheat(w: Working) -> str:
    """The top cheat card, reshuffling the Discard Pile's cheats in when the deck is empty."""
    if not w.cheat_deck:
        back = [c for c in w.discard if c not in CARDS]
        if not back:
            return ""
        w.discard = tuple(c for c in w.discard if c in CARDS)
        w.cheat_deck = w.shuffle(back)
        w.tell("reshuffle", "cheat")
    top, w.cheat_deck = w.cheat_deck[0], w.cheat_deck[1:]
    return top


def can_draw_creature(w: Working) -> bool:
    return bool(w.deck) or any(c in CARDS for c in w.discard)


def can_draw_cheat(w: Working) -> bool:
    return bool(w.cheat_deck) or any(c not in CARDS for c in w.discard)


def to_discard(w: Working, cards: tuple[str, ...] | list[str]) -> None:
    """Cards onto the Discard Pile; a Petrified card's status ends there (CN-STATUS-15 reading)."""
    if not cards:
        return
    w.discard = w.discard + tuple(cards)
    if w.petrified and any(c in w.petrified for c in cards):
        w.petrified = w.petrified - frozenset(cards)


def remove_from_hand(w: Working, seat: int, code: str) -> None:
    if code in CARDS:
        hand = list(w.hands[seat])
        hand.remove(code)
        w.hands[seat] = tuple(hand)
    else:
        ch = list(w.cheats[seat])
        ch.remove(code)
        w.cheats[seat] = tuple(ch)


# -- health ---------------------------------------------------------------------------------------------------
def hurt(w: Working, seat: int, amount: int) -> None:
    """`amount` damage to `seat`'s chimera; eliminated at 0 Health (CN-ROUND-03)."""
    if amount > 0:
        w.damage[seat] += amount
    check_alive(w, seat)


def check_alive(w: Working, seat: int) -> None:
    """Eliminate `seat` if its damage reaches its Health total (also after a swap, CN-STATS-06)."""
    if w.alive[seat] and w.damage[seat] >= stat_of(w, seat, 0):
        w.alive[seat] = False
        w.status[seat] &= ~AIRBORNE
        w.tell("out", seat, w.damage[seat], stat_of(w, seat, 0))
        if seat == w.merchant and w.phase == "turn":
            w.market_due = True


def heal(w: Working, seat: int, amount: int) -> int:
    """Heal up to `amount` (never below 0 damage, never while Negative: CN-STATS-10, CN-STATUS-04)."""
    if w.status[seat] & NEGATIVE:
        return 0
    healed = min(amount, w.damage[seat])
    w.damage[seat] -= healed
    return healed


def ground_if_needed(w: Working, seat: int) -> None:
    """A chimera that lost its working Airborne tag, or became Unsupported, lands at once (CN-STATUS-22)."""
    if w.status[seat] & AIRBORNE and not can_fly(w.parts[seat], w.petrified):
        w.status[seat] &= ~AIRBORNE
        w.tell("lands", seat)


def swap_part(w: Working, seat: int, code: str) -> str:
    """Put hand card `code` on `seat`'s chimera in its slot; the old part (returned, "" none) goes to the Market
    Pile (CN-TURN-06; a mutation and a swapping cheat do the same).

    Damage is kept (CN-STATS-05); while Negative the swap deals the new card's Health (CN-STATUS-05, -06).
    """
    remove_from_hand(w, seat, code)
    slot = CARDS[code].slot
    parts = list(w.parts[seat])
    old = parts[slot]
    parts[slot] = code
    w.parts[seat] = (parts[0], parts[1], parts[2])
    if old:
        w.market = (*w.market, old)
        w.tell("to_market", seat, old)
    if w.status[seat] & NEGATIVE:
        hp = CARDS[code].stats[0] * (2 if code in w.petrified else 1)
        w.damage[seat] += hp
        w.tell("negative", seat, hp)
    ground_if_needed(w, seat)
    check_alive(w, seat)
    return old


def push(w: Working, ask: Ask) -> None:
    w.asks.append(ask)


def set_attack(w: Working, attack: Attack | None) -> None:
    w.attack = attack

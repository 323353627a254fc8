"""Getting Started: a round's deal, building the chimeras (with the missing-part procedure and redraws), the
cheat cards and the first Merchant (CN-ROUND, CN-BUILD, CN-MERCHANT-01 to -06).

Every seat lays its chimera in private, one after another in seat order (each sees only its own hand; the
chimeras are revealed together once all are laid, CN-BUILD-12). A build is one decision: ``build H B R``
with ``-`` for a slot left empty.
"""

from __future__ import annotations

from itertools import product

from chimera_tui.engine.rng import Rng
from chimera_tui.games.con.content import content
from chimera_tui.games.con.state import State
from chimera_tui.games.con.work import CARDS, Working, draw_cheat, draw_creature, fits, fits_chimera, totals

HAND = 6
"""Creature cards drawn at the start of a round (CN-ROUND-01)."""
CHEATS = 3
"""Cheat cards drawn once the chimeras are built (CN-MERCHANT-01)."""
REDRAW_LIMIT = 40


def setup(names: tuple[str, ...], target: int, seed: int) -> State:
    """The state at the start of the game: round 1 dealt, the first seat to build."""
    n = len(names)
    c = content()
    empty: tuple[str, ...] = ()
    s = State(
        names, target, 0, "build", (0,) * n, (True,) * n, (("", "", ""),) * n, (empty,) * n, (empty,) * n,
        (0,) * n, (0,) * n, frozenset(), tuple(c.cards), tuple(c.cheats), (), (), (), (False,) * n, 0, 0, 0,
        "draw", "", False, (False,) * n, (), None, ("",) * n, (0,) * n, False, (), (), Rng(seed),
    )  # fmt: skip
    w = Working(s)
    new_round(w)
    return w.freeze()


def new_round(w: Working) -> None:
    """Every card back into its deck, both shuffled, 6 creature cards each (CN-ROUND-01, -02)."""
    c = content()
    n = w.n()
    w.round += 1
    w.phase = "build"
    w.deck = w.shuffle(tuple(c.cards))
    w.cheat_deck = w.shuffle(tuple(c.cheats))
    w.market = w.discard = w.aside = ()
    w.petrified = frozenset()
    w.alive = [True] * n
    w.parts = [("", "", "")] * n
    w.damage = [0] * n
    w.status = [0] * n
    w.built = [False] * n
    w.cheats = [()] * n
    w.passed = [False] * n
    w.took = [""] * n
    w.greedy = [0] * n
    w.asks = []
    w.attack = None
    w.market_due = False
    w.no_action = False
    w.drawn = ""
    hands = []
    for _ in range(n):
        hands.append(w.deck[:HAND])
        w.deck = w.deck[HAND:]
    w.hands = hands
    w.tell("round", w.round)
    prepare(w)


def builds(hand: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """Every chimera the hand can lay: all full ones; if none, every pair with one slot empty (CN-BUILD-04)."""
    by_slot: list[list[str]] = [[], [], []]
    for code in hand:
        by_slot[CARDS[code].slot].append(code)
    full = [(h, b, r) for h, b, r in product(*by_slot) if fits(h, b) and fits(h, r) and fits(b, r)]
    if full:
        return full
    pairs: list[tuple[str, str, str]] = []
    for missing in range(3):
        others = [by_slot[i] if i != missing else [""] for i in range(3)]
        for h, b, r in product(*others):
            two = [x for x in (h, b, r) if x]
            if fits(two[0], two[1]):
                pairs.append((h, b, r))
    return pairs


def builder(w: Working) -> int:
    """The first seat still to lay its chimera, or -1."""
    for s, done in enumerate(w.built):
        if not done:
            return s
    return -1


def prepare(w: Working) -> None:
    """Redraw the next builder's hand while it cannot lay two parts (CN-BUILD-05, -06)."""
    s = builder(w)
    if s < 0:
        return
    tries = 0
    while not builds(w.hands[s]) and tries < REDRAW_LIMIT:
        w.deck = w.shuffle(w.deck + w.hands[s])
        w.hands[s], w.deck = w.deck[:HAND], w.deck[HAND:]
        w.tell("redraw", s)
        tries += 1


def build_options(w: Working) -> list[str]:
    s = builder(w)
    return [f"build {h or '-'} {b or '-'} {r or '-'}" for h, b, r in builds(w.hands[s])]


def build(w: Working, text: str) -> bool:
    """Lay the chimera named by ``build H B R``; True when it was the last one and the first Merchant is
    chosen, whose turn comes next."""
    s = builder(w)
    codes = tuple("" if x == "-" else x for x in text.split()[1:4])
    hand = list(w.hands[s])
    for code in codes:
        if code:
            hand.remove(code)
    w.hands[s] = tuple(hand)
    w.parts[s] = (codes[0], codes[1], codes[2])
    w.built[s] = True
    if builder(w) >= 0:
        prepare(w)
        return False
    finish(w)
    return True


def finish(w: Working) -> None:
    """Reveal; fill missing slots from the deck (CN-BUILD-07 to -10); cheats; the first Merchant."""
    for s in range(w.n()):
        w.tell("reveal", s, *w.parts[s])
    for s in range(w.n()):
        parts = w.parts[s]
        if all(parts):
            continue
        slot = parts.index("")
        turned: list[str] = []
        while True:
            code = draw_creature(w) if w.deck else ""
            if not code:
                break
            if CARDS[code].slot == slot and fits_chimera(parts, code):
                p = list(parts)
                p[slot] = code
                w.parts[s] = (p[0], p[1], p[2])
                break
            turned.append(code)
        w.aside = w.aside + tuple(turned)
        found = w.parts[s][slot]
        w.tell("turnup", s, len(turned) + (1 if found else 0), slot, found)
    if w.aside:
        w.deck = w.shuffle(w.deck + w.aside)
        w.aside = ()
    cheats = []
    for _ in range(w.n()):
        got = []
        for _ in range(CHEATS):
            code = draw_cheat(w)
            if code:
                got.append(code)
        cheats.append(tuple(got))
    w.cheats = cheats
    w.tell("cheats", CHEATS)
    for s, dealt in enumerate(cheats):
        w.tell("dealt", s, *dealt)
    w.phase = "turn"
    w.merchant = first_merchant(w)
    w.merchant_turns = 0


def first_merchant(w: Working) -> int:
    """Highest Speed, then lowest Health, then d6 roll-offs among those still tied (CN-MERCHANT-02 to -05)."""
    stats = [totals(w.parts[s], 0, w.petrified) for s in range(w.n())]
    best = max(st[2] for st in stats)
    tied = [s for s in range(w.n()) if stats[s][2] == best]
    how = "speed" if len(tied) == 1 else "health"
    low = min(stats[s][0] for s in tied)
    tied = [s for s in tied if stats[s][0] == low]
    while len(tied) > 1:
        how = "dice"
        rolls = {s: w.below(6) + 1 for s in tied}
        w.tell_dice("rolloff", *(x for s, r in rolls.items() for x in (s, r)))
        top = max(rolls.values())
        tied = [s for s in tied if rolls[s] == top]
    w.tell("first", tied[0], how)
    return tied[0]

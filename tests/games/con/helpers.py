"""Shared helpers for Chimera Con's tests: states set up by hand, whole random games, and the invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from msgspec.structs import replace

from chimera_tui.engine import GameConfig
from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.rng import Rng
from chimera_tui.games.con import RULES, State
from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.content import content
from chimera_tui.games.con.work import Working, totals

C = content()
ALL_CREATURES = Counter(list(C.cards))
ALL_CHEATS = Counter(list(C.cheats))


def new(players: int = 3, seed: int = 1, **options: str) -> State:
    return RULES.new_game(GameConfig(players=players, options=dict(options)), seed)


def built(players: int = 3, seed: int = 1) -> State:
    """A game past the build: every seat laid its first listed chimera."""
    s = new(players, seed)
    while s.phase == "build":
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def texts(s: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(s)]


def act(s: State, text: str) -> State:
    return RULES.apply(s, Move(text))


def turn_state(
    parts: list[tuple[str, str, str]],
    *,
    hands: list[tuple[str, ...]] | None = None,
    cheats: list[tuple[str, ...]] | None = None,
    step: str = "act",
    active: int = 0,
    rig: tuple[int, ...] = (),
    **changes: Any,
) -> State:
    """A turn-phase state with the given chimeras (other cards stay in the decks, so all are conserved)."""
    n = len(parts)
    base = new(n, 5)
    used = {c for p in parts for c in p if c}
    hands = hands or [()] * n
    cheats = cheats or [()] * n
    used |= {c for h in hands for c in h}
    taken_cheats = {c for h in cheats for c in h}
    deck = tuple(c for c in C.cards if c not in used)
    cheat_deck = tuple(c for c in C.cheats if c not in taken_cheats)
    s = replace(
        base,
        phase="turn",
        parts=tuple(parts),
        hands=tuple(hands),
        cheats=tuple(cheats),
        deck=deck,
        cheat_deck=cheat_deck,
        built=(True,) * n,
        merchant=active,
        merchant_turns=0,
        active=active,
        step=step,
        asks=(),
        rng=Rng.rig(7, *rig) if rig else Rng(7),
    )
    return replace(s, **changes) if changes else s


def work(s: State) -> Working:
    return Working(s)


def check_invariants(s: State) -> None:
    """Every card in exactly one place; stats and damage never negative; statuses only on chimeras in play."""
    creatures = Counter(c for p in s.parts for c in p if c)
    for group in (s.deck, s.market, s.discard, s.aside, *s.hands):
        creatures.update(c for c in group if c in C.cards)
    cheats = Counter(s.cheat_deck)
    for group in (s.market, s.discard, *s.cheats):
        cheats.update(c for c in group if c in C.cheats)
    assert creatures == ALL_CREATURES, (creatures - ALL_CREATURES, ALL_CREATURES - creatures)
    assert cheats == ALL_CHEATS, (cheats - ALL_CHEATS, ALL_CHEATS - cheats)
    for seat in range(len(s.names)):
        assert s.damage[seat] >= 0
        assert min(totals(s.parts[seat], s.status[seat], s.petrified)) >= 0
    assert not (s.petrified & set(s.discard)), "a Petrified card in the Discard Pile"
    if s.phase == "turn":
        assert sum(s.alive) >= 2, "a round goes on with one chimera left"
        assert s.alive[s.active] or s.asks


def play_random(players: int, seed: int, *, check: bool = True, **options: str) -> tuple[State, int]:
    """A whole seeded random game; with `check`, the invariants after every step and one point per round,
    told once."""
    s = new(players, seed, **options)
    bot = RandomBot(RULES, seed ^ 0x5EED)
    steps = 0
    while not RULES.is_over(s):
        seat = RULES.to_act(s)
        assert seat is not None
        legal = RULES.legal_actions(s)
        after = RULES.apply(s, bot.choose(None, legal, seat))
        if check:
            check_invariants(after)
            gained = sum(after.points) - sum(s.points)
            ended = after.round != s.round or after.phase == "over"
            assert gained == (1 if ended else 0), "exactly one point per round"
            told = [f for f in after.told if f[0] == "point"]
            assert len(told) == gained, "a round's point is told once, with its seat"
            assert all(after.points[int(f[1])] == s.points[int(f[1])] + 1 for f in told)
        s = after
        steps += 1
        assert steps < 50_000
    return s, steps


# Chimeras (head, body, rear) the rule tests set up by hand.
LION = ("LIO-H", "LIO-B", "GOA-R")  # Beast: Health 12, Might 6, Speed 6, Magic 1
GOAT = ("GOA-H", "GOA-B", "WLF-R")  # Beast: Health 10, Might 5, Speed 6, Magic 2
DRAGON = ("WYV-H", "BAS-B", "LEV-R")  # Wyvern head, Basilisk body, Leviathan rear: Health 12, Magic 3
STINGER = ("MAN-H", "MAN-B", "SCO-R")  # Insect: Might 6, Speed 5, Health 9
NAGA = ("NAG-H", "NAG-B", "COB-R")  # Serpent: Magic 5
GAZER = ("BAS-H", "BAS-B", "COB-R")  # Serpent: Magic 3
WYVERN = ("WYV-H", "WYV-B", "WYV-R")  # Dragon with the Airborne tag


def rig(*dice: int) -> tuple[int, ...]:
    """Rigged outcomes for these d6 results."""
    return tuple(d - 1 for d in dice)


def tot(s, seat):  # type: ignore[no-untyped-def]
    return totals(s.parts[seat], s.status[seat], s.petrified)


def _window(s, seat: int, when: str = "turn"):  # type: ignore[no-untyped-def]
    from chimera_tui.games.con.state import Ask

    return replace(s, asks=(Ask("cheat", seat, (), when),))

"""The search bot's hooks for Chimera Con: a full state consistent with one seat's view, and its playouts.

A Chimera Con view (`ConRules.view`) hides the other seats' creature and cheat hands, the chimeras others
have laid while building goes on (they are revealed together), the order of both decks and the random
stream. `determinize` deals the cards this seat cannot see anywhere into those places at random: a card
another seat took from the Market Pile in this Market Phase stays in its hand (everyone saw it taken), and a
seat that has already built lays a random chimera its dealt hand could lay, with as many parts as its
smaller hand shows. Each playout also gets a fresh random stream, so the bot never plans on the real dice.

The view holds no history, so what a watcher could remember from earlier (the hand a Getting Greedy seat
swapped for the face-up pile, cards seen drawn from the Market Pile by a cheat) is not used.
`playout_action` (mostly the greedy bot's pick) and `prior_action` (the greedy bot's choice) make the search
stronger: random playouts fight and build at random and say little about a position.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.bots import GreedyBot
from chimera_tui.games.con.building import HAND, builds
from chimera_tui.games.con.content import content
from chimera_tui.games.con.state import State
from chimera_tui.games.con.wording import actor
from chimera_tui.games.con.work import CARDS

BUILD_TRIES = 30
"""Hands dealt to a seat that has built before one that can lay a chimera of its size is kept."""


def determinize(view: State, seat: int, rng: Rng) -> State:
    """`view` with every hidden card dealt from the unseen ones at random by `rng` (see the module doc)."""
    c = content()
    kept = _taken(view, seat)
    creatures, cheats = set(c.cards), set(c.cheats)
    seen = {*view.hands[seat], *view.cheats[seat], *view.market, *view.discard, *view.aside}
    seen.update(code for parts in view.parts for code in parts if code)
    seen.update(kept.values())
    pool, rng = rng.shuffle(sorted(creatures - seen))
    tricks, rng = rng.shuffle(sorted(cheats - seen))
    creature_pool, cheat_pool = list(pool), list(tricks)
    hands, cheat_hands, parts = list(view.hands), list(view.cheats), list(view.parts)
    building = view.phase == "build"
    for s in range(len(view.names)):
        if s == seat:
            continue
        extra = kept.get(s, "")
        if building and view.built[s]:
            parts[s], hands[s], creature_pool, rng = _built(len(view.hands[s]), creature_pool, rng)
        else:
            own = (extra,) if extra in CARDS else ()
            need = len(view.hands[s]) - len(own)
            hands[s], creature_pool = (*own, *creature_pool[:need]), creature_pool[need:]
        own_cheat = (extra,) if extra and extra not in CARDS else ()
        need = len(view.cheats[s]) - len(own_cheat)
        cheat_hands[s], cheat_pool = (*own_cheat, *cheat_pool[:need]), cheat_pool[need:]
    word, rng = rng.next_u64()
    return replace(
        view,
        hands=tuple(hands),
        cheats=tuple(cheat_hands),
        parts=tuple(parts),
        deck=tuple(creature_pool[: len(view.deck)]),
        cheat_deck=tuple(cheat_pool[: len(view.cheat_deck)]),
        rng=Rng(word),
    )


def _taken(view: State, seat: int) -> dict[int, str]:
    """The card each other seat took from the Market Pile in this Market Phase (it is in that seat's hand)."""
    if view.phase != "market":
        return {}
    return {s: code for s, code in enumerate(view.took) if code and s != seat}


def _built(
    left: int, pool: list[str], rng: Rng
) -> tuple[tuple[str, str, str], tuple[str, ...], list[str], Rng]:
    """A seat that built with `left` cards still in hand: a dealt hand of `HAND` cards that can lay a chimera
    of `HAND - left` parts, one such chimera laid at random, and the pool without those cards."""
    size = HAND - left
    for tries in range(BUILD_TRIES):
        if tries:
            shuffled, rng = rng.shuffle(pool)
            pool = list(shuffled)
        hand, pool = pool[:HAND], pool[HAND:]
        fitting = [b for b in builds(tuple(hand)) if sum(1 for code in b if code) == size]
        if fitting:
            laid, rng = rng.choice(fitting)
            rest = list(hand)
            for code in laid:
                if code:
                    rest.remove(code)
            return laid, tuple(rest), pool, rng
        pool = [*pool, *hand]  # those cards go back and another hand is dealt
    raise ValueError("no hand of the unseen cards can lay a chimera of that size")


GREEDY_SHARE = 0.85
"""How often a playout step follows the greedy bot (the rest are uniformly random)."""


def playout_action(state: State, legal: Sequence[Move], rnd: random.Random) -> Move:
    """A playout step: the greedy bot's choice `GREEDY_SHARE` of the time, else a random one (the greedy
    bot scores each action from its words, about as fast as a random pick)."""
    if len(legal) == 1:
        return legal[0]
    if rnd.random() >= GREEDY_SHARE:
        return legal[rnd.randrange(len(legal))]
    return GreedyBot(None, rnd.getrandbits(32)).choose(state, legal, actor(state))


def prior_action(view: State, legal: Sequence[Move], seat: int) -> Move:
    """The greedy bot's choice from the seat's view: the search keeps it unless the playouts clearly prefer
    another action."""
    return GreedyBot(None, 0).choose(view, legal, seat)


def playout_value(start: State, state: State) -> tuple[float, ...] | None:
    """Where a playout may stop: once a round's point has been scored since `start` (and the game goes on),
    each seat's chance to reach the target first if every later round were won by any seat alike (each
    round deals new chimeras, so little but the points carries over). None to play on."""
    if state.phase == "over" or sum(state.points) == sum(start.points):
        return None
    return race(tuple(state.target - p for p in state.points))


@functools.cache
def race(needs: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's chance to be the first to win its `needs` more rounds when every round is won by one seat
    chosen uniformly."""
    n = len(needs)
    out = [0.0] * n
    for winner in range(n):
        if needs[winner] == 1:
            out[winner] += 1 / n
            continue
        rest = race((*needs[:winner], needs[winner] - 1, *needs[winner + 1 :]))
        for k in range(n):
            out[k] += rest[k] / n
    return tuple(out)

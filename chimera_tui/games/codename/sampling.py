"""The search bot's hook for Codename: Chimera: a full state consistent with one seat's view.

A Codename view hides the deck's order, the box, the other players' hands (inventories in the arena) and,
while building, the monsters others build in private (`CodenameRules.view`). `determinize` deals the cards
this seat has not seen into those places at random: torso halves only into the box (they are never dealt),
parts wherever a hidden card lies. A player who has already built in private gets a monster of random legal
attachments from the hand dealt to them, as they could have built it; a player still to build keeps the
whole hand. The random stream is replaced by a fresh one, so every playout of the search bot
(`engine/search.py`) plays on one possible truth. `playout_action` is the playouts' policy (see there).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename.actions import Action
from chimera_tui.games.codename.attaching import attach, attach_options
from chimera_tui.games.codename.bots import GreedyBot
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.rules import CodenameRules
from chimera_tui.games.codename.state import Phase, Player, State

_C = load()
_RULES = CodenameRules()


def _seen(view: State, seat: int) -> set[str]:
    """Every card id `seat` can see somewhere in `view`."""
    out = set(view.torso_pool) | set(view.row) | set(view.discard) | {g.card for g in view.graveyard}
    for p in view.players:
        out.update(p.torso)
        out.update(c for c in p.cards if c)
        out.update(x.card for x in p.monster)
    out.update(c for c in view.box if c)
    out.update(c for c in view.deck if c)
    out.discard("")
    return out


def determinize(view: State, seat: int, rng: Rng) -> State:
    """`view` with every hidden card dealt from the unseen ones, shuffled by `rng` (see the module doc)."""
    seen = _seen(view, seat)
    parts, rng = rng.shuffle([c for c in _C.part_ids if c not in seen])
    torsos = [c for c in _C.torso_ids if c not in seen]
    pool = list(parts)
    players = list(view.players)
    building = view.phase is Phase.BUILD
    for s, p in enumerate(players):
        if s == seat or not p.cards or any(p.cards):
            continue
        hand, pool = tuple(pool[: len(p.cards)]), pool[len(p.cards) :]
        dealt = msgspec.structs.replace(p, cards=hand)
        if building and s < view.builder:
            dealt, rng = _built(dealt, rng)
        players[s] = dealt
    deck, pool = tuple(pool[: len(view.deck)]), pool[len(view.deck) :]
    box_cards = (*torsos, *pool)
    box, rng = rng.shuffle(box_cards[: len(view.box)])
    word, rng = rng.next_u64()
    return msgspec.structs.replace(
        view,
        players=tuple(players),
        deck=deck if any(c == "" for c in view.deck) else view.deck,
        box=box if any(c == "" for c in view.box) else view.box,
        rng=Rng(word),
    )


def _built(player: Player, rng: Rng) -> tuple[Player, Rng]:
    """`player` after attaching random legal parts from the hand until none fits (a private build)."""
    while options := attach_options(player):
        pick, rng = rng.choice(options)
        player = attach(player, pick.card, pick.parent, pick.slot)
    return player, rng


GREEDY_SHARE = 0.85
"""How often a playout step follows the greedy bot's heuristic (the rest are uniformly random)."""


def playout_action(state: State, legal: Sequence[Action], rnd: random.Random) -> Action:
    """A playout step: mostly the greedy bot's choice, sometimes a random one (epsilon-greedy playouts).

    Random auctions and random fights say little about who builds the better monster; the greedy bot's
    heuristic plays both about as fast as uniform choice, since its games take fewer decisions.
    """
    if len(legal) == 1:
        return legal[0]
    if rnd.random() >= GREEDY_SHARE:
        return legal[rnd.randrange(len(legal))]
    seat = _RULES.to_act(state)
    assert seat is not None
    action: Action = GreedyBot(None, rnd.getrandbits(32)).choose(state, legal, seat)
    return action


def prior_action(view: State, legal: Sequence[Action], seat: int) -> Action:
    """The greedy bot's choice from the seat's view: the search bot keeps it unless the playouts clearly
    prefer another action."""
    action: Action = GreedyBot(None, 0).choose(view, legal, seat)
    return action

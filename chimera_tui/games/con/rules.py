"""Chimera Con's `Ruleset`: options, whose decision it is, the legal actions, apply, views and words.

`apply` checks the notation against the legal list, cached for the state a bot just asked about, and changes
one working copy (`Working`) through the phase machine.

The phase machine, the shape all four rules cores share: one sequencer owns the order of the phases, and the
phases never import it, so the imports run one way (rules → sequencer → phases → working copy) and no game
has an import circle.

- The sequencer (here `flow.py`) lists the legal decisions and applies one by dispatching on the pending
  decision: the top ask (a cheat window, an out-of-turn Discard step, a Market Phase choice), or else the
  build or the active seat's turn step.
- A phase (`building`, `turn`, `combat`, `cheating`, `market`) changes the working copy for one decision and
  returns what comes next, never calls it: a build or a Market Phase that is over says so (`True`) and the
  sequencer begins the Merchant's turn; an action says `"settle"` or `"roll"` (`combat.After`); a cheat window
  that closed says which (`cheating.advance`). Where a rule crosses two phases (the attack waits for the
  roll window), the sequencer takes one's result to the other.
- A phase that only ever leads to one next phase may start it itself, importing forward, never back.

The import-linter contracts in pyproject.toml hold each game to this.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import ClassVar

from msgspec.structs import replace

from chimera_tui.engine import GameConfig, IllegalAction, OptionSpec, Rng
from chimera_tui.games.con import building
from chimera_tui.games.con.actions import Move, parse_action
from chimera_tui.games.con.flow import legal, step
from chimera_tui.games.con.state import HIDDEN, State
from chimera_tui.games.con.told import seen, words
from chimera_tui.games.con.wording import actor, prompt, said, said_for
from chimera_tui.games.con.work import Working

POINTS = OptionSpec(
    "points",
    "Points to win",
    ("3", "1", "2", "4", "5"),
    "The first player to survive this many rounds wins (the rulebook does not say; 3 is this edition's).",
)


class _Cache(threading.local):
    """What this thread listed and viewed last. Per thread, because the search bot runs the rules in worker
    threads (the app's, the server's) beside the main one: a shared cache could hand one thread's working
    copy, or one seat's view, to another."""

    def __init__(self) -> None:
        self.state: State | None = None
        """The last state whose legal actions were listed."""
        self.legal: tuple[str, ...] = ()
        """Them."""
        self.work: Working | None = None
        """The unused working copy they were listed from (`apply` takes it)."""
        self.view: tuple[State, int | None, State] | None = None
        """The last view made: its state, seat and the view (the screen asks for the same one again)."""


_last = _Cache()


def legal_texts(state: State) -> tuple[str, ...]:
    last = _last
    if last.state is state:
        return last.legal
    w = Working(state)
    out = tuple(legal(w))
    last.state, last.legal, last.work = state, out, w
    return out


def _working(state: State) -> Working:
    last = _last
    w = last.work
    if w is not None and last.state is state:
        last.work = None
        return w
    return Working(state)


def seat_of(state: State) -> int | None:
    if state.phase == "over":
        return None
    return actor(state)


_HIDDEN: list[tuple[str, ...]] = [(HIDDEN,) * k for k in range(128)]
_NO_RNG = Rng(0)


_REDACTED: dict[
    int | None, tuple[object, object, tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
] = {}
"""Seat -> the hands and cheats last redacted for it, and their redacted forms (unchanged tuples are shared
between states, so most views reuse them). Safe across threads: an entry is one tuple, replaced whole and
read once, and a hit needs both the seat and the very hands and cheats it was made from."""


def _redacted_hands(
    state: State, seat: int | None
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    hit = _REDACTED.get(seat)
    if hit is not None and hit[0] is state.hands and hit[1] is state.cheats:
        return hit[2], hit[3]
    hid = _HIDDEN
    hands = [h if i == seat else hid[len(h)] for i, h in enumerate(state.hands)]
    cheats = [h if i == seat else hid[len(h)] for i, h in enumerate(state.cheats)]
    out = (tuple(hands), tuple(cheats))
    _REDACTED[seat] = (state.hands, state.cheats, *out)
    return out


def _hidden(k: int) -> tuple[str, ...]:
    """`k` hidden cards."""
    return _HIDDEN[k] if k < len(_HIDDEN) else (HIDDEN,) * k


class ConRules:
    """Chimera Con for 2 to 5 players."""

    id: ClassVar[str] = "con"
    title: ClassVar[str] = "Chimera Con"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    rules_version: ClassVar[int] = 2
    """2: what each action caused is recorded as facts (`told`, `roll`) in place of the `last` words, and a
    cheat window lists playing no cheat first. Saves of version 1 no longer replay and are refused."""
    options: ClassVar[tuple[OptionSpec, ...]] = (POINTS,)
    state_type: ClassVar[type[State]] = State

    def new_game(self, config: GameConfig, seed: int) -> State:
        names = tuple(config.name(i) for i in range(config.players))
        return building.setup(names, int(config.option(POINTS)), seed)

    def to_act(self, state: State) -> int | None:
        return seat_of(state)

    def legal_actions(self, state: State) -> Sequence[Move]:
        return [Move(t) for t in legal_texts(state)]

    def apply(self, state: State, action: Move) -> State:
        if state.phase == "over":
            raise IllegalAction("The game is over; no more actions can be taken.", action)
        text = getattr(action, "text", None)
        if text is None or text not in legal_texts(state):
            raise IllegalAction(self.why_not(state, str(action)), action)
        w = _working(state)
        step(w, text)
        return w.freeze()

    def why_not(self, state: State, text: str) -> str:
        """Why `text` is not legal now, in a sentence."""
        options = legal_texts(state)
        head = text.split(" ", 1)[0]
        near = [o for o in options if o.split(" ", 1)[0] == head]
        more = "..." if len(near) > 6 else ""
        if near:
            return f"{text!r} is not possible now; you may {', '.join(near[:6])}{more}."
        return f"{text!r} is not possible now: {prompt(state)} ({', '.join(options[:6])}{'...' if len(options) > 6 else ''})."

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> tuple[int, ...]:
        return state.points

    def winner(self, state: State) -> tuple[int, ...]:
        """The seat that reached the target first (only one scores per round, CN-GEN-07)."""
        if state.phase != "over":
            return ()
        best = max(state.points)
        return tuple(i for i, p in enumerate(state.points) if p == best)

    def view(self, state: State, seat: int | None) -> State:
        """Hides other seats' hands and cheats, chimeras not yet revealed, the decks' order and the cards drawn
        into other hands; tells in words (`events`) what the last action caused, as far as `seat` may read it."""
        hit = _last.view
        if hit is not None and hit[0] is state and hit[1] == seat:
            return hit[2]
        hands, cheats = _redacted_hands(state, seat)
        parts = state.parts
        if state.phase == "build":
            parts = tuple(p if i == seat else ("", "", "") for i, p in enumerate(parts))
        told = seen(state.told, seat)
        out = replace(
            state,
            hands=hands,
            cheats=cheats,
            parts=parts,
            deck=_hidden(len(state.deck)),
            cheat_deck=_hidden(len(state.cheat_deck)),
            rng=_NO_RNG,
            told=told,
            events=words(told, state.names) if told else (),
        )
        _last.view = (state, seat, out)
        return out

    def parse(self, state: State, text: str) -> Move:
        return parse_action(text)

    def describe(self, state: State, action: Move) -> str:
        return said(state, str(action))

    def describe_for(self, state: State, action: Move, viewer: int | None) -> str | None:
        return said_for(state, str(action), viewer)

    def is_irreversible(self, before: State, action: Move, after: State) -> bool:
        """True when `action` drew randomness or revealed hidden information (an undo barrier)."""
        return (
            before.rng != after.rng
            or len(before.deck) != len(after.deck)
            or len(before.cheat_deck) != len(after.cheat_deck)
            or before.phase != after.phase
            or before.round != after.round
            or before.market != after.market
        )

    def round_label(self, state: State) -> str:
        if state.phase == "over":
            return "Game over"
        label = {"build": "building", "turn": "turns", "market": "Market Phase"}[state.phase]
        return f"Round {state.round} · {label}"


RULES = ConRules()

"""Pebbles: a tiny game that lives only under tests/ and proves the engine's contract.

Two or three players take turns over a heap of pebbles. On a turn you either take one or two pebbles, or
roll a die (1-3: take one, 4-6: take two). Everyone was dealt a secret bonus card (1-3) at setup, hidden from
the others until the end. When the heap is empty, the score is pebbles taken plus the bonus; the highest score
wins, and equal scores share the win. It has everything the engine must handle: a shuffle at setup, die
rolls during play, hidden information, undo barriers, a game option and a shared win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from chimera_tui.engine import GameConfig, IllegalAction, NotationError, OptionSpec, Rng


class Take(msgspec.Struct, frozen=True, tag="take", array_like=True):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class Roll(msgspec.Struct, frozen=True, tag="roll", array_like=True):
    def __str__(self) -> str:
        return "roll"


Action = Take | Roll


class State(msgspec.Struct, frozen=True):
    heap: int
    taken: tuple[int, ...]
    bonus: tuple[int, ...]
    """Each seat's secret card; -1 where the viewer may not see it."""
    turn: int
    rng: Rng
    last_roll: int = 0


PEBBLES_RULES_MD = """\
# Pebbles

A race to gather the most pebbles from a shared heap, with a secret card that can turn the result around.
Two or three players; a game takes a couple of minutes.

## Setting up {#setup}

Put the heap of pebbles in the middle: 9 for a short game, 12 for a longer one (see [Options](#options)).
Shuffle the six bonus cards (two each of 1, 2 and 3) and deal one face down to each player. Look at your own
card and keep it hidden. The cards left over go back in the box unseen. The first player starts.

## Your turn {#your-turn}

On your turn do exactly one of these, then the next player in seat order takes a turn:

### Take

Take **one** or **two** pebbles from the heap and put them in front of you. You cannot take more pebbles
than the heap holds.

### Roll

Roll the die and let it decide: on 1, 2 or 3 you take one pebble; on 4, 5 or 6 you take two (just one if only
one is left). A roll cannot be undone.

## Bonus cards {#bonus-cards}

Your bonus card is worth 1, 2 or 3 points at the end. Nobody else may look at it during the game, so when
you pass the terminal to the next player the screen hides your card. All cards are revealed when the heap
is empty.

## End of the game and scoring {#scoring}

The game ends as soon as the last pebble is taken. Each player scores one point per pebble taken plus the
value of their bonus card. The highest score wins; players with equal highest scores share the win.

| You took | Your card | Score |
|---|---|---|
| 5 pebbles | 2 | 7 |

## Options

- **Pebbles in the heap**: 9 (the default) or 12.

## About this edition

Pebbles is a test game: it exists so that the engine, the saves and the screens can be checked on
something small. Its rules were written for this program.
"""
"""The rules text of Pebbles, in the format of every game's ``data/rules.md``."""


class Pebbles:
    id: ClassVar[str] = "pebbles"
    title: ClassVar[str] = "Pebbles (test game)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("heap", "Pebbles in the heap", ("9", "12"), "How long the game lasts."),
    )
    state_type: ClassVar[type[State]] = State
    rules_markdown: ClassVar[str] = PEBBLES_RULES_MD
    """The rules text shown by the rules panel and ``chimera rules pebbles``."""

    def new_game(self, config: GameConfig, seed: int) -> State:
        rng = Rng(seed)
        cards, rng = rng.shuffle((1, 1, 2, 2, 3, 3))
        heap = int(config.option(self.options[0]))
        return State(heap, (0,) * config.players, tuple(cards[: config.players]), 0, rng)

    def to_act(self, state: State) -> int | None:
        return None if state.heap == 0 else state.turn

    def legal_actions(self, state: State) -> Sequence[Action]:
        if state.heap == 0:
            return ()
        return (*(Take(k) for k in (1, 2) if k <= state.heap), Roll())

    def apply(self, state: State, action: Action) -> State:
        if state.heap == 0:
            raise IllegalAction("The heap is empty: the game is over.", action)
        rng, roll = state.rng, 0
        match action:
            case Take(count) if 1 <= count <= min(2, state.heap):
                n = count
            case Take(count):
                raise IllegalAction(
                    f"You may take 1 or 2 pebbles, at most the {state.heap} left; not {count}."
                )
            case Roll():
                roll, rng = rng.roll(6)
                n = min(1 if roll <= 3 else 2, state.heap)
            case _:
                raise IllegalAction(f"{action!r} is not a Pebbles action.")
        taken = list(state.taken)
        taken[state.turn] += n
        return msgspec.structs.replace(
            state,
            heap=state.heap - n,
            taken=tuple(taken),
            turn=(state.turn + 1) % len(taken),
            rng=rng,
            last_roll=roll,
        )

    def is_over(self, state: State) -> bool:
        return state.heap == 0

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(t + max(b, 0) for t, b in zip(state.taken, state.bonus, strict=True))

    def winner(self, state: State) -> tuple[int, ...]:
        if not self.is_over(state):
            return ()
        scores = self.scores(state)
        best = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    def view(self, state: State, seat: int | None) -> State:
        if state.heap == 0:
            return state
        bonus = tuple(b if i == seat else -1 for i, b in enumerate(state.bonus))
        return msgspec.structs.replace(state, bonus=bonus, rng=Rng(0))

    def parse(self, state: State, text: str) -> Action:
        words = text.split()
        if words == ["roll"]:
            return Roll()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        raise NotationError(f"{text!r} is not a Pebbles action (try 'take 1', 'take 2' or 'roll').")

    def describe(self, state: State, action: Action) -> str:
        who = f"Player {state.turn + 1}"
        return f"{who} rolls the die" if isinstance(action, Roll) else f"{who} takes {action.count}"

    def is_irreversible(self, before: State, action: Action, after: State) -> bool:
        return before.rng != after.rng or after.heap == 0

    def round_label(self, state: State) -> str:
        return f"{state.heap} pebbles left"


RULES = Pebbles()

"""Pebbles with the search bot's hooks: the test game the search tests and the bench tests play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from chimera_tui.engine import Rng
from tests.tinygame import Action, Pebbles, State

CARDS = (1, 1, 2, 2, 3, 3)


class SearchablePebbles(Pebbles):
    """Pebbles whose hidden bonus cards the search bot may fill in (``determinize``)."""

    id: ClassVar[str] = "pebbles-search"
    title: ClassVar[str] = "Searchable Pebbles (test game)"

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """The other seats' hidden cards dealt from the cards `seat` has not seen; a fresh random stream."""
        unseen = list(CARDS)
        for card in view.bonus:
            if card >= 0:
                unseen.remove(card)
        dealt, rng = rng.shuffle(unseen)
        bonus = tuple(b if b >= 0 else dealt[i] for i, b in enumerate(view.bonus))
        word, rng = rng.next_u64()
        return msgspec.structs.replace(view, bonus=bonus, rng=Rng(word))


class OpenPebbles(Pebbles):
    """Pebbles with every card face up: its view hides only the random stream (``view_is_complete``)."""

    id: ClassVar[str] = "pebbles-open"
    title: ClassVar[str] = "Open Pebbles (test game)"
    view_is_complete: ClassVar[bool] = True

    def view(self, state: State, seat: int | None) -> State:
        return msgspec.structs.replace(state, rng=Rng(0))


SEARCHABLE = SearchablePebbles()
OPEN = OpenPebbles()


class HintedPebbles(OpenPebbles):
    """Open Pebbles whose own choice (``prior_action``) is always to take one pebble."""

    id: ClassVar[str] = "pebbles-hinted"

    def prior_action(self, view: State, legal: Sequence[Action], seat: int) -> Action:
        return legal[0]


HINTED = HintedPebbles()

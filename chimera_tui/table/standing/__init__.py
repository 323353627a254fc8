"""Standing answers: a person's answer to decisions still to come, given ahead.

At one terminal every decision of another person costs a hand-off (hide the screen, pass the keyboard, show
the next view). Many of those decisions were settled in the player's head long before: "I pass in this
auction unless it stays under 4", "no cheats for me this round". A standing answer says so once; while it
stands, the table plays it for that seat whenever the seat is asked (`LocalTable`), through the rules like
any other action, so the rules cores, their transcripts and undo are untouched.

Each game that has such decisions has a module here with a `BOOK` (`AnswerBook`): which standing answers a
seat may give now, the action one gives in a state (or None: ask the person), and when it lapses. All three
read only the seat's own view, so a standing answer never acts on what its seat could not see.

Where the rules leave a person at one terminal nothing to choose, or where handing the keyboard over for
their choice would cost more than it gives, a book may also set the table's own conventions: answers every
person holds until they give one of the same kind (`defaults`), and decisions with one possible answer the
table may play without handing the keyboard over because everyone can see that there was nothing to choose
(`forced_in_sight`). Each game writes these down in its "About this edition" rules topic.

The table never waits for an answer ahead: it offers them (the ``A`` key, with `suggestion`'s sentence on
what answering ahead would do now), and whoever is to act decides when asked.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

import msgspec


class Standing(msgspec.Struct, frozen=True):
    """One standing answer of one seat."""

    kind: str
    """Which answer within its game ("bid-up-to", "no-cheats-this-round"); a seat holds one of each kind."""
    words: str
    """What it says, in the player's words ("Bid up to 5 in this auction, one more each time, then pass")."""
    args: tuple[str, ...] = ()
    """Its values in notation (a bid limit, a card id)."""
    until: str = ""
    """A mark of the game's progress (e.g. "draft 4"): once the game's mark differs, the answer has lapsed."""


class AnswerBook(Protocol):
    """One game's standing answers (a module's ``BOOK``)."""

    def offers(self, view: Any, seat: int, legal: Sequence[Any]) -> Sequence[Standing]:
        """The standing answers `seat` may give now, from its `view` (`legal`: its actions if it is to act,
        else empty)."""
        ...

    def answer(self, standing: Standing, view: Any, seat: int, legal: Sequence[Any]) -> Any | None:
        """The action `standing` gives now for `seat`, who is to act with `legal`; None: ask the person."""
        ...

    def lapsed(self, standing: Standing, view: Any, seat: int) -> bool:
        """True once `standing` no longer stands (its auction, round or turn is over)."""
        ...

    def defaults(self, view: Any, seat: int) -> Sequence[Standing]:
        """The answers `seat` holds at one terminal shared by several people until it gives one of the same
        kind: the table's conventions (none in most games)."""
        ...

    def suggestion(self, view: Any, seat: int, standing: Sequence[Standing]) -> str:
        """What answering ahead would spare `seat` now, in one sentence for the line beside the ``A`` key
        ("" when it would spare nothing, or `standing`, its answers now, already does)."""
        ...

    def forced_in_sight(self, public: Any, seat: int, action: Any) -> bool:
        """Whether the `public` view (seen by nobody in particular) shows everyone that `action`, the one
        legal action of `seat`, is all it may do: then the table plays it without handing the keyboard
        over, and skipping that hand-off tells nobody anything the rules hide."""
        ...


_BOOKS = {"codename", "con"}
"""The games with standing answers (one module each, imported when a table first asks)."""


def book(game_id: str) -> AnswerBook | None:
    """The standing answers of `game_id`, or None for a game without any."""
    if game_id not in _BOOKS:
        return None
    found: AnswerBook = importlib.import_module(f"chimera_tui.table.standing.{game_id}").BOOK
    return found

"""Standing answers: a person's answer to decisions still to come, given ahead.

At one terminal every decision of another person costs a hand-off (hide the screen, pass the keyboard, show
the next view). Many of those decisions were settled in the player's head long before: "I pass in this
auction unless it stays under 4", "no cheats for me this round". A standing answer says so once; while it
stands, the table plays it for that seat whenever the seat is asked (`LocalTable`), through the rules like
any other action, so the rules cores, their transcripts and undo are untouched.

Each game that has such decisions has a module here with a `BOOK` (`AnswerBook`): which standing answers a
seat may give now, the action one gives in a state (or None: ask the person), and when it lapses. All three
read only the seat's own view, so a standing answer never acts on what its seat could not see.

A book may also name decisions worth asking ahead (`ask_ahead`): when several people will be asked in turn
(an auction), the table may ask each for a standing answer first, in the order that keeps the keyboard
moving forward, so the person to act first is asked last and goes straight on to the decision.
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


class AskAhead(msgspec.Struct, frozen=True):
    """A seat the table asks for standing answers before the decision at hand reaches it."""

    seat: int
    mark: str
    """What it answers for (e.g. "draft 4"): a seat is asked once per mark."""
    words: str
    """What is asked, for the player ("How will you bid in this auction? Player 2 bids first.")."""


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

    def ask_ahead(self, public: Any, to_act: int, names: Sequence[str]) -> Sequence[AskAhead]:
        """The seats to ask for standing answers before `to_act` decides, in the order to ask them, from the
        `public` view (seen by nobody in particular); `to_act` itself is not among them."""
        ...


_BOOKS = {"codename", "con"}
"""The games with standing answers (one module each, imported when a table first asks)."""


def book(game_id: str) -> AnswerBook | None:
    """The standing answers of `game_id`, or None for a game without any."""
    if game_id not in _BOOKS:
        return None
    found: AnswerBook = importlib.import_module(f"chimera_tui.table.standing.{game_id}").BOOK
    return found

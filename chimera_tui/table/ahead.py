"""Answering ahead at a hot-seat table: standing answers played for a person, the table's conventions, and
decisions with one possible answer played without handing the keyboard over.

`LocalTable` takes this mixin. Where several people share the keyboard:

- A person may give standing answers (`give`, from `offers()`); while one stands, the table plays it for
  that seat whenever the seat is asked, as the seat's own action through the rules (`_play_for_people`), so
  the keyboard is not passed for a decision that was already made. The game's book may give every person
  some answers from the start (its conventions, `defaults`), which they may change like any other.
- A person's decision with one possible answer, for which the keyboard would have to be handed over, is
  played by the table when that person decides next anyway (the hand-off then comes before a real choice)
  or when everyone can see there was nothing to choose (the book's `forced_in_sight`).

The table never waits for an answer ahead: it only offers them (`offers`, `suggestion`); whoever is to act
decides when asked. All of it reads only the answering seat's own view, or the public one (table/standing/).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.table.base import Seat
from chimera_tui.table.standing import AnswerBook, Standing


class AheadMixin:
    """Standing answers and the table's conventions, for `LocalTable` (which provides the attributes below)."""

    match: Match[Any, Any]
    rules: Ruleset[Any, Any]
    seats: tuple[Seat, ...]
    _bots: dict[int, Any]
    _seat: int | None
    _book: AnswerBook | None
    _standing: dict[int, tuple[Standing, ...]]

    def _changed(self) -> None:
        """After the match changed: follow, autosave, tell the listeners (LocalTable's)."""
        raise NotImplementedError

    def _tell(self) -> None:
        """Tell the listeners (LocalTable's)."""
        raise NotImplementedError

    def needs_hand_off(self, from_seat: int | None, to_seat: int | None) -> bool:
        """Whether the keyboard must be handed over between the two (LocalTable's)."""
        raise NotImplementedError

    def _shared(self) -> bool:
        """Whether several people share this keyboard in a game that hides anything: only then are there
        hand-offs to spare."""
        people = len(self.seats) - len(self._bots)
        return people >= 2 and bool(getattr(self.rules, "hidden_information", True))

    def offers(self) -> tuple[Standing, ...]:
        """The standing answers the seat at the keyboard may give now: none in a game without them, with
        only one person at the table (answering ahead saves hand-offs, and there are none), for a bot's
        seat, or once the game is over."""
        seat = self._seat
        state = self.match.state
        if self._book is None or seat is None or seat in self._bots or not self._shared():
            return ()
        if self.rules.is_over(state):
            return ()
        legal = self.rules.legal_actions(state) if self.rules.to_act(state) == seat else ()
        return tuple(self._book.offers(self.rules.view(state, seat), seat, legal))

    def standing(self) -> tuple[Standing, ...]:
        """The standing answers of the seat at the keyboard that still stand. Only that seat's: another
        person's answers are as private as their hand."""
        seat = self._seat
        if seat is None:
            return ()
        return self._in_force(seat)

    def suggestion(self) -> str:
        """What answering ahead would spare the seat at the keyboard now, in a sentence ("" when nothing:
        no answers to give, or the ones it gave already do)."""
        seat = self._seat
        if not self.offers() or seat is None or self._book is None:
            return ""
        view = self.rules.view(self.match.state, seat)
        return self._book.suggestion(view, seat, self._in_force(seat))

    def give(self, answers: Sequence[Standing]) -> str | None:
        """Make `answers` the standing answers of the seat at the keyboard (each one of `offers()` or one it
        gives already; one of each kind), in place of all it gave before (the table's conventions too); any
        answering its pending decision is played at once. They are consulted in the order the book offers
        their kinds (the first that gives an action plays it). Returns None, or why not (nothing changes
        then)."""
        seat = self._seat
        if seat is None or self._book is None:
            return "Nobody at this keyboard can answer ahead now."
        offers = self.offers()
        allowed = (*offers, *self.standing())
        kinds = [a.kind for a in answers]
        if any(a not in allowed for a in answers) or len(set(kinds)) != len(kinds):
            return "Those answers cannot be given now."
        rank = {o.kind: i for i, o in reversed(list(enumerate(allowed)))}
        self._standing[seat] = tuple(sorted(answers, key=lambda a: rank[a.kind]))
        if self._play_for_people():
            self._changed()
        else:
            self._tell()
        return None

    def _start_conventions(self) -> None:
        """Give every person the table's conventions (the book's `defaults`), where several share the
        keyboard; also after an undo, which takes back what the person had answered ahead."""
        if self._book is None or not self._shared():
            return
        for seat in range(len(self.seats)):
            if seat not in self._bots and seat not in self._standing:
                view = self.rules.view(self.match.state, seat)
                self._standing[seat] = tuple(self._book.defaults(view, seat))

    def _in_force(self, seat: int) -> tuple[Standing, ...]:
        """`seat`'s standing answers that have not lapsed (the lapsed ones are dropped)."""
        book = self._book
        if book is None:
            return ()
        view = self.rules.view(self.match.state, seat)
        kept = tuple(s for s in self._standing.get(seat, ()) if not book.lapsed(s, view, seat))
        self._standing[seat] = kept
        return kept

    def _play_for_people(self) -> bool:
        """While the seat to act is a person whose standing answer answers its decision, or whose decision
        has one possible answer that `_forced` lets the table play, play it for them (each from that seat's
        own view, or the public one, so it never acts on what the seat could not see). True when anything
        was played."""
        played = False
        while True:
            state = self.match.state
            seat = self.rules.to_act(state)
            if seat is None or seat in self._bots:
                break
            legal = self.rules.legal_actions(state)
            action = self._answered(seat, state, legal)
            if action is None:
                action = self._forced(seat, state, legal)
            if action is None or action not in legal:
                break
            self.match.submit(action)
            played = True
        return played

    def _answered(self, seat: int, state: Any, legal: Sequence[Any]) -> Any | None:
        """The action `seat`'s standing answers give in `state`, or None."""
        book = self._book
        if book is None or not self._standing.get(seat):
            return None
        view = self.rules.view(state, seat)
        chosen = (book.answer(s, view, seat, legal) for s in self._in_force(seat))
        return next((a for a in chosen if a is not None), None)

    def _forced(self, seat: int, state: Any, legal: Sequence[Any]) -> Any | None:
        """The one legal action of `seat`, when the keyboard would have to be handed over for it (another
        person is at it) and skipping that tells nobody anything: the same person decides next anyway, or
        the public view shows that there was nothing else to do. None otherwise."""
        if len(legal) != 1 or not self._shared() or not self.needs_hand_off(self._seat, seat):
            return None
        only = legal[0]
        if self.rules.to_act(self.rules.apply(state, only)) == seat:
            return only
        book = self._book
        if book is not None and book.forced_in_sight(self.rules.view(state, None), seat, only):
            return only
        return None

    def _follow(self) -> None:
        """Look through the eyes of the person to act (a bot's turn keeps the last person's)."""
        actor = self.rules.to_act(self.match.state)
        if actor is not None and actor not in self._bots:
            self._seat = actor

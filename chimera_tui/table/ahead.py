"""Answering ahead at a hot-seat table: standing answers played for a seat, and seats asked for them first.

`LocalTable` takes this mixin. A person gives standing answers (`give`, from `offers()`); while one stands,
the table plays it for that seat whenever the seat is asked, as the seat's own action through the rules
(`_answer_ahead`), so the keyboard is not passed for a decision that was already made. Where several people
will be asked in turn (an auction), the game's book may name seats to ask ahead (`asking`): the table then
looks through that seat's eyes, with no legal actions, until the person has answered (`give`, perhaps
nothing: then they decide when asked). All of it reads only the answering seat's own view (table/standing/).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.table.base import Seat
from chimera_tui.table.standing import AnswerBook, AskAhead, Standing


class AheadMixin:
    """Standing answers and asking ahead, for `LocalTable` (which provides the attributes below)."""

    match: Match[Any, Any]
    rules: Ruleset[Any, Any]
    seats: tuple[Seat, ...]
    _bots: dict[int, Any]
    _seat: int | None
    _book: AnswerBook | None
    _standing: dict[int, tuple[Standing, ...]]
    _asking: AskAhead | None
    _asked: set[tuple[int, str]]

    def _changed(self) -> None:
        """After the match changed: follow, autosave, tell the listeners (LocalTable's)."""
        raise NotImplementedError

    def _tell(self) -> None:
        """Tell the listeners (LocalTable's)."""
        raise NotImplementedError

    def offers(self) -> tuple[Standing, ...]:
        """The standing answers the seat at the keyboard may give now: none in a game without them, with
        only one person at the table (answering ahead saves hand-offs, and there are none), for a bot's
        seat, or once the game is over."""
        seat = self._seat
        state = self.match.state
        people = len(self.seats) - len(self._bots)
        if (
            self._book is None
            or seat is None
            or seat in self._bots
            or people < 2
            or self.rules.is_over(state)
        ):
            return ()
        legal = self.rules.legal_actions(state) if self.rules.to_act(state) == seat else ()
        return tuple(self._book.offers(self.rules.view(state, seat), seat, legal))

    def standing(self) -> tuple[Standing, ...]:
        """The standing answers of the seat at the keyboard that still stand. Only that seat's: another
        person's answers are as private as their hand."""
        seat = self._seat
        if self._book is None or seat is None:
            return ()
        view = self.rules.view(self.match.state, seat)
        kept = tuple(s for s in self._standing.get(seat, ()) if not self._book.lapsed(s, view, seat))
        self._standing[seat] = kept
        return kept

    def asking(self) -> AskAhead | None:
        """What the seat at the keyboard is asked ahead, while the table asks it (None otherwise)."""
        return self._asking

    def give(self, answers: Sequence[Standing]) -> str | None:
        """Make `answers` the standing answers of the seat at the keyboard (each one of `offers()` or one it
        gives already; one of each kind), in place of all it gave before; any answering its pending
        decision is played at once, and a question asked ahead is answered (what is left unanswered is
        decided when asked). Returns None, or why not (nothing changes then)."""
        seat = self._seat
        if seat is None or self._book is None:
            return "Nobody at this keyboard can answer ahead now."
        allowed = (*self.offers(), *self.standing())
        kinds = [a.kind for a in answers]
        if any(a not in allowed for a in answers) or len(set(kinds)) != len(kinds):
            return "Those answers cannot be given now."
        self._standing[seat] = tuple(answers)
        if self._asking is not None:
            self._asked.add((self._asking.seat, self._asking.mark))
            self._asking = None
        if self._answer_ahead():
            self._changed()
        else:
            self._follow()
            self._tell()
        return None

    def _answer_ahead(self) -> bool:
        """While the seat to act is a person whose standing answer answers its decision, play that answer for
        it (each from that seat's own view, so it never acts on what the seat could not see); then see
        whether someone is to be asked ahead. True when anything was played."""
        answers = self._book
        if answers is None:
            return False
        played = False
        while True:
            state = self.match.state
            seat = self.rules.to_act(state)
            if seat is None or seat in self._bots or not self._standing.get(seat):
                break
            view = self.rules.view(state, seat)
            legal = self.rules.legal_actions(state)
            kept = tuple(s for s in self._standing[seat] if not answers.lapsed(s, view, seat))
            self._standing[seat] = kept
            chosen = (answers.answer(s, view, seat, legal) for s in kept)
            action = next((a for a in chosen if a is not None), None)
            if action is None or action not in legal:
                break
            self.match.submit(action)
            played = True
        self._asking = self._next_ask()
        return played

    def _next_ask(self) -> AskAhead | None:
        """The next seat to ask ahead: only where several people share this keyboard and a person is to act;
        each seat once per mark, and never one that holds a standing answer already."""
        state = self.match.state
        to_act = self.rules.to_act(state)
        people = len(self.seats) - len(self._bots)
        if self._book is None or to_act is None or to_act in self._bots or people < 2:
            return None
        names = [seat.name for seat in self.seats]
        for ask in self._book.ask_ahead(self.rules.view(state, None), to_act, names):
            if ask.seat in self._bots or (ask.seat, ask.mark) in self._asked:
                continue
            view = self.rules.view(state, ask.seat)
            if any(not self._book.lapsed(s, view, ask.seat) for s in self._standing.get(ask.seat, ())):
                continue
            return ask
        return None

    def _follow(self) -> None:
        """Look through the eyes of the seat asked ahead, else of the person to act (a bot's turn keeps the
        last person's)."""
        if self._asking is not None:
            self._seat = self._asking.seat
            return
        actor = self.rules.to_act(self.match.state)
        if actor is not None and actor not in self._bots:
            self._seat = actor

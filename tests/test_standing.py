"""Answering ahead at a hot-seat table (table/ahead.py, table/standing/): fewer hand-offs, the same rules,
and nobody's answers or eyes shown to anyone else."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.codename.actions import Bid, Pass, Take
from chimera_tui.games.codename.state import Phase
from chimera_tui.table.base import Seat
from chimera_tui.table.local import LocalTable
from chimera_tui.table.standing import book, codename, con
from tests.hand_offs import count


def _table(game: str, seats: str = "human,human,human", seed: int = 5) -> LocalTable:
    kinds = seats.split(",")
    match = Match(games.get(game), GameConfig(players=len(kinds)), seed)
    people = [Seat(f"P{i + 1}", None if k == "human" else "greedy") for i, k in enumerate(kinds)]
    return LocalTable(game, match, people)


def _to_the_auction(table: LocalTable) -> None:
    """Play the torso choice by the first legal action, the dealer taking its first card."""
    rules = table.rules
    while table.match.state.phase is not Phase.DEAL:
        assert table.submit(rules.legal_actions(table.match.state)[0]) is None
    take = next(a for a in rules.legal_actions(table.match.state) if isinstance(a, Take))
    assert table.submit(take) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_codenames_draft_hands_off_less_than_half_as_often_in_the_same_game(seed: int) -> None:
    """The same people answering ahead play the very same game with at most half the draft's hand-offs."""
    before, after = count("codename", seed, ahead=False), count("codename", seed, ahead=True)
    assert after.notations == before.notations
    assert after.by_part["draft"] * 2 <= before.by_part["draft"]


@pytest.mark.parametrize("seed", [1, 2])
def test_cons_cheat_windows_hand_off_less_than_half_as_often_in_the_same_game(seed: int) -> None:
    before, after = count("con", seed, ahead=False), count("con", seed, ahead=True)
    assert after.notations == before.notations
    assert after.by_part["cheat windows"] * 2 <= before.by_part["cheat windows"]
    assert after.total < before.total


def test_an_auction_opening_asks_the_later_bidders_first_the_first_bidder_last() -> None:
    table = _table("codename")
    _to_the_auction(table)
    state = table.match.state
    dealer, first = state.dealer, state.auction.bidder
    ask = table.asking()
    assert ask is not None and ask.seat == dealer == table.seat  # still at the keyboard: no hand-off
    assert table.legal_actions() == () and table.to_act() == first
    assert table.submit(Pass()) is not None  # nobody plays for the bidder while someone answers ahead
    view = table.rules.view(state, dealer)
    assert table.give([codename.bid_up_to(view, 2)]) is None
    last = table.asking()
    assert last is not None and last.seat not in (dealer, first) and table.seat == last.seat
    assert table.give([]) is None  # nothing ticked: this person decides when asked
    assert table.asking() is None and table.seat == first
    assert table.submit(Bid(1)) is None
    assert table.seat == last.seat == table.to_act()  # to the person who decides when asked
    assert table.submit(Pass()) is None
    assert table.match.notations[-2:] == ("pass", "bid 2")  # the dealer's answer raised at once
    assert table.seat == first == table.to_act()


def test_one_person_among_bots_is_never_asked_ahead() -> None:
    table = _table("codename", "human,bot,bot")
    rules = table.rules
    for _ in range(200):
        if table.to_act() == 0:
            assert table.submit(rules.legal_actions(table.match.state)[-1]) is None
        else:
            table.play_bot()
        assert table.asking() is None


def test_answers_are_the_seats_own_and_read_only_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever seat the table looks through, `standing()` is that seat's; every answer played was worked
    out from the answering seat's own view."""
    answers = book("codename")
    assert answers is not None
    real = answers.answer
    looked: list[tuple[Any, int]] = []

    def spy(standing: Any, view: Any, seat: int, legal: Any) -> Any:
        looked.append((view, seat))
        return real(standing, view, seat, legal)

    monkeypatch.setattr(answers, "answer", spy)
    table = _table("codename")
    _to_the_auction(table)
    dealer = table.seat
    assert dealer is not None
    view = table.rules.view(table.match.state, dealer)
    given = [codename.bid_up_to(view, 3), codename.pick_if_i_win(view, table.match.state.row[0])]
    assert table.give(given) is None
    assert table.seat != dealer and table.standing() == ()
    assert table.give([]) is None
    assert table.standing() == ()
    states = {id(s): s for s in table.match._states}  # type: ignore[attr-defined]
    while table.match.state.phase in (Phase.AUCTION, Phase.PICK):
        legal = table.legal_actions()
        assert table.submit(Bid(1) if Bid(1) in legal else Pass()) is None
        states.update({id(s): s for s in table.match._states})  # type: ignore[attr-defined]
    assert looked
    views = {(id(s), seat): table.rules.view(s, seat) for s in states.values() for seat in range(3)}
    for view, seat in looked:
        assert any(v == view for (_, s), v in views.items() if s == seat)


def test_answers_not_offered_are_refused_and_change_nothing() -> None:
    table = _table("codename")
    _to_the_auction(table)
    view = table.rules.view(table.match.state, table.seat)
    too_much = codename.bid_up_to(view, 99)
    assert table.give([too_much]) == "Those answers cannot be given now."
    assert table.give([con.never_greedy(view)]) is not None  # another game's
    assert table.standing() == () and table.asking() is not None


def test_undo_takes_back_the_seats_answers() -> None:
    """Taking an action back asks again what was answered ahead (else the answer would play it again)."""
    table = _table("con", seed=3)
    rules = table.rules
    for _ in range(300):
        seat = table.seat
        assert seat is not None
        view = rules.view(table.match.state, seat)
        assert table.give([con.never_greedy(view)]) is None
        assert table.submit(rules.legal_actions(table.match.state)[0]) is None
        if table.seat == seat and table.undo_refusal() is None:
            assert table.standing() == (con.never_greedy(view),)
            assert table.undo() is None
            assert table.standing() == ()
            return
    pytest.fail("no action in 300 could be taken back")


def test_no_cheats_this_round_plays_no_cheat_and_lapses_with_the_round() -> None:
    answers = book("con")
    assert answers is not None
    table = _table("con", seed=2)
    view = table.rules.view(table.match.state, 0)
    answer = con.no_cheats_this_round(view)
    assert not answers.lapsed(answer, view, 0)
    later = msgspec.structs.replace(view, round=view.round + 1)
    assert answers.lapsed(answer, later, 0)

"""Answering ahead at a hot-seat table (table/ahead.py, table/standing/): fewer hand-offs, the same rules, a
table that never waits for an answer ahead, and nobody's answers, eyes or hidden cards shown to anyone else."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.codename.actions import Bid, EndTurn, Pass, Take
from chimera_tui.games.codename.state import Phase
from chimera_tui.games.con.actions import Move
from chimera_tui.games.con.content import content
from chimera_tui.table.base import Seat, hand_off_due
from chimera_tui.table.local import LocalTable
from chimera_tui.table.standing import book, codename, con
from tests.hand_offs import count

GAMES = ("station", "imaginarium", "codename", "con")


def _table(game: str, seats: str = "human,human,human", seed: int = 5) -> LocalTable:
    kinds = seats.split(",")
    match = Match(games.get(game), GameConfig(players=len(kinds)), seed)
    people = [Seat(f"P{i + 1}", None if k == "human" else "greedy") for i, k in enumerate(kinds)]
    return LocalTable(game, match, people)


def _to_the_deal(table: LocalTable) -> None:
    """Play the torso choice by the first legal action."""
    rules = table.rules
    while table.match.state.phase is not Phase.DEAL:
        assert table.submit(rules.legal_actions(table.match.state)[0]) is None


def _take_first(table: LocalTable) -> None:
    take = next(a for a in table.legal_actions() if isinstance(a, Take))
    assert table.submit(take) is None


# -- a table at one terminal never waits for nobody ----------------------------------------------------------


def test_the_codename_auction_goes_straight_to_the_first_bidder() -> None:
    """Issue 32: after the first deal, the screen said "waiting for Ben" and nobody could act. The person to
    act is the one at the keyboard, with their bids, and nobody is asked anything ahead."""
    table = _table("codename", seed=1)
    _to_the_deal(table)
    _take_first(table)
    state = table.match.state
    assert state.phase is Phase.AUCTION
    assert table.seat == table.to_act() == state.auction.bidder
    assert table.legal_actions() and table.submit(Pass()) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_hot_seat_table_always_has_someone_to_act_at_the_keyboard(game: str) -> None:
    """People playing at random, each giving a random choice of the answers offered at random moments: until
    the game ends, the seat at the keyboard is always the seat to act, with something to do."""
    table = _table(game, seed=3)
    rules, rng = table.rules, random.Random(3)
    for _ in range(600):
        if rules.is_over(table.match.state):
            break
        assert table.seat == table.to_act() and table.legal_actions()
        offers = table.offers()
        if offers and rng.random() < 0.3:
            chosen = {o.kind: o for o in rng.sample(list(offers), min(len(offers), 2))}
            assert table.give(list(chosen.values())) is None
            continue
        assert table.submit(rng.choice(list(table.legal_actions()))) is None


# -- fewer hand-offs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_codenames_draft_hands_each_person_the_keyboard_at_most_once_a_round(seed: int) -> None:
    """The same people answering ahead play the very same game with about half the draft's hand-offs: each
    drafting round hands the keyboard to the dealer and to each other bidder once at most."""
    by_hand, ahead = count("codename", seed, ahead=False), count("codename", seed, ahead=True)
    assert ahead.notations == by_hand.notations
    deals = sum(1 for n in ahead.notations if n.startswith(("take ", "skip")))  # one a drafting round
    assert ahead.by_part["draft"] <= 3 * deals
    assert ahead.by_part["draft"] * 10 <= by_hand.by_part["draft"] * 6


@pytest.mark.parametrize("seed", [1, 2])
def test_cons_people_answering_ahead_are_never_handed_the_keyboard_on_anothers_turn(seed: int) -> None:
    """Asked only on their own turn, with a cheat to play when hit: no cheat window on another's turn hands
    the keyboard over, in the very game they would play by hand."""
    by_hand, ahead = count("con", seed, ahead=False), count("con", seed, ahead=True)
    assert ahead.notations == by_hand.notations
    assert ahead.by_part["cheat windows"] == 0 < by_hand.by_part["cheat windows"]


def test_cons_hand_offs_per_round_are_at_most_twelve_answering_ahead() -> None:
    """Issue 32's goal, over seeds 1-10 with three people (`python -m tests.hand_offs --games 10`)."""
    rounds = [n for seed in range(1, 11) for n in count("con", seed, ahead=True).by_round]
    assert sum(rounds) / len(rounds) <= 12


@pytest.mark.parametrize("game", GAMES)
def test_no_hand_off_to_a_decision_with_one_possible_answer_but_where_skipping_it_would_tell(
    game: str,
) -> None:
    """Seeds 1-3: no hand-off leads to a decision with one possible answer, except those whose having one
    answer is hidden (an Imaginarium budget too small for any machine, fragments held, a Codename inventory
    of cards that fit nowhere): skipping those would tell the others so."""
    hidden = {"imaginarium": {"x2", "hand"}, "codename": {"end"}}.get(game, set())
    for seed in (1, 2, 3):
        for ahead in (False, True):
            assert set(count(game, seed, ahead=ahead).one_choice) <= hidden


def test_imaginariums_turn_opens_on_the_dial_when_there_is_no_machine_to_use() -> None:
    """A turn whose B1 has nothing to use is ended by the table: the hand-off leads to the dial."""
    table = _table("imaginarium", seed=1)
    rules, seen = table.rules, 0
    shown = table.seat
    for _ in range(400):
        state = table.match.state
        if rules.is_over(state):
            break
        if hand_off_due(table, shown):
            assert len(rules.legal_actions(state)) > 1 or state.phase != "b1"
            seen += state.phase == "dial"
        shown = table.seat
        assert table.submit(rules.legal_actions(state)[-1]) is None
    assert seen


# -- the table's conventions, and what they may read ------------------------------------------------------------


def test_every_person_at_a_shared_con_table_starts_asked_only_when_the_dice_go_against_them() -> None:
    table = _table("con")
    view = table.rules.view(table.match.state, 0)
    assert table.standing() == (con.only_against_me(view),)
    assert _table("con", "human,bot,bot").standing() == ()  # alone with bots: every window asks, as printed


def test_the_con_windows_a_person_is_skipped_in_do_not_depend_on_the_cheats_they_hold() -> None:
    """Whether the table passes for a person in a cheat window reads what everyone sees (whose turn, who
    fights, the dice), never which cheats that person holds: with any other cheats in their hand (as many),
    the same windows pass."""
    answers = book("con")
    assert answers is not None
    rules, kinds = games.get("con"), sorted(content().cheats)
    rng, checked = random.Random(7), 0
    for seed in (1, 2, 3):
        match = Match(rules, GameConfig(players=3), seed)
        bots = [games.bots("con")["greedy"](rules, i) for i in range(3)]
        while not rules.is_over(match.state) and checked < 400:
            state = match.state
            seat = rules.to_act(state)
            assert seat is not None
            ask = state.asks[-1] if state.asks else None
            if ask is not None and ask.kind == "cheat" and state.active != seat:
                mine = rules.view(state, seat)
                other = msgspec.structs.replace(
                    mine,
                    cheats=tuple(
                        tuple(rng.sample(kinds, len(c))) if i == seat else c
                        for i, c in enumerate(mine.cheats)
                    ),
                )
                for way in (con.only_my_fights(mine), con.only_against_me(mine), con.only_my_turn(mine)):
                    passes = answers.answer(way, mine, seat, [Move("pass")])
                    assert passes == answers.answer(way, other, seat, [Move("pass")])
                checked += 1
            legal = rules.legal_actions(state)
            match.submit(bots[seat].choose(rules.view(state, seat), legal, seat))
    assert checked > 50


def test_a_forced_turn_end_is_handed_over_when_only_the_hidden_cards_force_it() -> None:
    """Seed 7's one Codename turn with nothing to do but end: the person holds two tails that fit nowhere.
    The public view does not show that, so the table hands the keyboard over rather than tell everyone; with
    no card held (face up: how many each holds), it ends the turn."""
    assert count("codename", 7, ahead=True).one_choice == {"end": 1}
    answers = book("codename")
    assert answers is not None
    state = msgspec.structs.replace(_table("codename").match.state, phase=Phase.TURN)
    me = msgspec.structs.replace(state.players[0], energy=3)
    holding = msgspec.structs.replace(
        state, players=(msgspec.structs.replace(me, cards=("", "")), *state.players[1:])
    )
    empty = msgspec.structs.replace(
        state, players=(msgspec.structs.replace(me, cards=()), *state.players[1:])
    )
    assert not answers.forced_in_sight(holding, 0, EndTurn())
    assert answers.forced_in_sight(empty, 0, EndTurn())


# -- answers are the seat's own ------------------------------------------------------------------------


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
    _to_the_deal(table)
    dealer = table.seat
    assert dealer is not None
    view = table.rules.view(table.match.state, dealer)
    given = [codename.bid_up_to(view, 3), codename.pick_if_i_win(view, table.match.state.row[0])]
    assert table.give(given) is None
    _take_first(table)
    assert table.seat != dealer and table.standing() == ()
    states = {id(s): s for s in table.match._states}  # type: ignore[attr-defined]
    while table.match.state.phase in (Phase.AUCTION, Phase.PICK):
        legal = table.legal_actions()
        assert table.submit(Bid(1) if Bid(1) in legal else Pass() if Pass() in legal else legal[0]) is None
        states.update({id(s): s for s in table.match._states})  # type: ignore[attr-defined]
    assert looked
    views = {(id(s), seat): table.rules.view(s, seat) for s in states.values() for seat in range(3)}
    for view, seat in looked:
        assert any(v == view for (_, s), v in views.items() if s == seat)


def test_answers_not_offered_are_refused_and_change_nothing() -> None:
    table = _table("codename")
    _to_the_deal(table)
    view = table.rules.view(table.match.state, table.seat)
    too_much = codename.bid_up_to(view, 99)
    assert table.give([too_much]) == "Those answers cannot be given now."
    assert table.give([con.never_greedy(view)]) is not None  # another game's
    assert table.standing() == ()


def test_one_person_among_bots_gets_no_answers_and_no_conventions() -> None:
    table = _table("codename", "human,bot,bot")
    rules = table.rules
    for _ in range(200):
        if table.to_act() == 0:
            assert table.offers() == () and table.standing() == () and table.suggestion() == ""
            assert table.submit(rules.legal_actions(table.match.state)[-1]) is None
        else:
            table.play_bot()


def test_undo_takes_back_the_seats_answers_but_not_the_tables_conventions() -> None:
    """Taking an action back asks again what was answered ahead (else the answer would play it again); the
    table's own convention stands again."""
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
            assert table.standing() == (con.only_against_me(view),)
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


def test_a_cheat_named_for_when_hit_is_played_for_the_one_attacked_when_the_dice_go_against_them() -> None:
    """The table plays it in the roll window of another's attack, only when that attack would hit, and the
    other standing answers (here: asked only on one's own turn) wait their turn behind it."""
    rules = games.get("con")
    for seed in range(1, 30):
        table = _table("con", seed=seed)
        while not rules.is_over(table.match.state):
            state = table.match.state
            seat = rules.to_act(state)
            assert seat is not None
            ask = state.asks[-1] if state.asks else None
            attack = state.attack
            if ask is not None and ask.kind == "cheat" and ask.when == "roll" and attack is not None:
                view = rules.view(state, seat)
                kinds = [o for o in table.offers() if o.kind == con.WHEN_HIT]
                if seat == attack.defender and kinds and con.against(view, seat):
                    order = kinds[0]
                    played = [a for a in table.legal_actions() if str(a).startswith("cheat ")]
                    if any(_kind(str(a)) == order.args[0] for a in played):
                        before = len(table.match)
                        assert table.give([con.only_my_turn(view), order]) is None
                        assert _kind(table.match.notations[before]) == order.args[0]
                        return
            assert table.submit(rules.legal_actions(state)[0]) is None
    pytest.fail("no attack on a person holding a cheat that could help, in 29 games")


def _kind(notation: str) -> str:
    return content().cheats[notation.split()[1]].kind.code

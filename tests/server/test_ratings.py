"""Ratings from results of 2 to 6 people (openskill's Plackett-Luce), kept by each store once per finished
table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chimera_tui.server.ratings import (
    PROVISIONAL_GAMES,
    START,
    Outcome,
    ordinal,
    provisional,
    ranks_of,
    rate,
    shown,
    updated_ratings,
)
from chimera_tui.server.store import TableStore
from chimera_tui.server.store.postgres import PostgresStore
from chimera_tui.server.store.sqlite import SqliteStore
from tests.server.test_store import _row, opened


def test_ranks_put_the_winners_first_then_the_scores_and_share_ties() -> None:
    scores = (10, 30, 30, 5, 30)
    assert ranks_of(scores, (2,), [0, 1, 2, 3, 4]) == [4, 2, 1, 5, 2]  # the tie-break made seat 2 the winner
    assert ranks_of(scores, (1, 2), [0, 1, 2, 3, 4]) == [4, 1, 1, 5, 3]
    assert ranks_of(scores, (2,), [0, 3]) == [1, 2]  # only the people are ranked (the bots left out)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_result_of_n_people_moves_the_winner_up_and_the_last_down(players: int) -> None:
    new = rate([START] * players, list(range(1, players + 1)))
    assert len(new) == players
    shown = [ordinal(mu, sigma) for mu, sigma in new]
    assert shown == sorted(shown, reverse=True)  # in finishing order
    assert new[0][0] > START[0] > new[-1][0]
    assert all(sigma < START[1] for _, sigma in new)  # every game makes every rating surer


def test_a_rating_reads_from_1000_a_win_raises_it_a_loss_lowers_it_and_it_is_provisional_at_first() -> None:
    """Issue 34: one loss showed Bob as −1.8. The number shown is openskill's ordinal scaled to start at 1000."""
    assert shown(*START) == 1000 and provisional(0)
    won, lost = rate([START, START], [1, 2])
    assert shown(*won) == 1086 and shown(*lost) == 954  # whole numbers, around 1000
    assert provisional(1) and provisional(PROVISIONAL_GAMES - 1) and not provisional(PROVISIONAL_GAMES)
    regular = [START, START]
    for game in range(30):  # two regulars, the first winning two games in three
        regular = rate(regular, [1, 2] if game % 3 else [2, 1])
    assert 1000 < shown(*regular[1]) < shown(*regular[0]) < 1500  # surer than a newcomer: higher, both


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_shared_first_place_rates_alike_and_shares_the_win(players: int) -> None:
    ranks = [1, 1, *range(3, players + 1)]
    outcome = Outcome(
        game="station", people=[(i, f"id{i}", f"P{i}", r) for i, r in enumerate(ranks)], rated=True
    )
    rows = updated_ratings(outcome, {})
    assert rows[0].mu == pytest.approx(rows[1].mu) and rows[0].wins == rows[1].wins == 0.5
    assert all(row.games == 1 for row in rows) and sum(row.wins for row in rows) == 1.0
    again = updated_ratings(outcome, {row.identity: row for row in rows})
    assert all(row.games == 2 for row in again) and again[0].wins == 1.0


@pytest.fixture(params=["sqlite", "postgres"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], TableStore]:
    if request.param == "sqlite":
        return lambda: SqliteStore(tmp_path)
    url = request.getfixturevalue("pg_url")
    return lambda: PostgresStore(url, sweep=0.2)


async def test_each_store_rates_a_six_person_table_once_in_its_finishing_commit(
    make_store: Callable[[], TableStore],
) -> None:
    async with opened(make_store()) as store:
        row = _row()
        assert await store.insert(row)
        done = _row(version=2)
        done.finished, done.result = 2000.0, "P0 9, P1 8, … · P0 won"
        outcome = Outcome(
            game="station", people=[(i, f"SHA256:p{i}", f"P{i}", i + 1) for i in range(6)], rated=True
        )
        assert await store.commit(done, 1, outcome)
        assert not await store.commit(done, 1, outcome)  # the same finish again is refused, and rates nothing
        board = await store.board("station", 10)
        assert [r.name for r in board] == [f"P{i}" for i in range(6)] and all(r.games == 1 for r in board)
        (finished,) = await store.finished("SHA256:p3", 10)
        assert finished.code == row.code and finished.mine and finished.result == done.result
        assert not (await store.finished("SHA256:stranger", 10))[0].mine  # public: listed, not theirs
        ratings, history = await store.ratings("SHA256:p0")
        assert [r.game for r in ratings] == ["station"] and len(history) == 1
        assert await store.identity_of(board[0].player) == "SHA256:p0"

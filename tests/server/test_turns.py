"""Tables that wait for you: turn-based tables over hours of a clock the test moves on (never sleeping), what
happens when a move's time runs out, live tables that wait while everyone is gone, "your turn" at another
table, finished tables after a restart, and ratings."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.saves import decode_save, restore
from chimera_tui.server import protocol as P
from chimera_tui.server.link import HostLink
from chimera_tui.server.remote_table import RemoteTable
from chimera_tui.server.tables import SINCE_MARK
from chimera_tui.ui.screens.lobby_words import state_text
from tests.server.clock import FakeClock
from tests.server.helpers import Hosted, hosted, until
from tests.tinygame import Take

HOUR = 3600.0
DAY = 24 * HOUR


async def _pair(
    h: Hosted, game: str = "pebbles", **options: object
) -> tuple[HostLink, HostLink, RemoteTable, RemoteTable]:
    alice = await h.link("SHA256:alice", "Alice")
    bob = await h.link("SHA256:bob", "Bob")
    a = await alice.create(game, 2, seed=3, **options)  # type: ignore[arg-type]
    b = await bob.join(a.code)
    await until(lambda: a.started and b.started and a.step == b.step)
    return alice, bob, a, b


async def _move(tables: tuple[RemoteTable, RemoteTable], action: object) -> None:
    actor = tables[0].to_act()
    mover = next(t for t in tables if t.seat == actor)
    step = mover.step
    assert mover.submit(action) is None
    await until(lambda: all(t.step > step for t in tables))


async def test_a_turn_based_table_waits_for_hours_while_both_players_are_gone(
    tmp_path: Path, pebbles: None
) -> None:
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock) as h:
        alice, bob, a, b = await _pair(h, pace="turn", turn_limit=DAY)
        code = a.code
        await _move((a, b), Take(1))
        await _move((a, b), Take(1))  # each has moved once
        first = a.to_act()
        names = {0: ("SHA256:alice", "Alice"), 1: ("SHA256:bob", "Bob")}
        await alice.close()
        await bob.close()
        await until(lambda: clock.waiting == 1)  # the move's deadline, and nothing sooner
        clock.advance(5 * HOUR)
        table = h.host.tables[code]
        assert table.match is not None and len(table.match) == 2 and not table.away  # nobody replaced
        # The player to act comes back five hours later: told on connecting, listed first, for how long.
        assert first is not None
        back = await h.link(*names[first])
        assert back.waiting == 1
        (info,) = await back.list_tables()
        assert info.your_turn and info.pace == "turn" and info.turn_seconds == pytest.approx(5 * HOUR)
        assert info.time_left == pytest.approx(19 * HOUR)
        mine = await back.join(code)
        assert SINCE_MARK in mine.log()  # what the other did since this player's last move is marked
        assert mine.log().index(SINCE_MARK) == len(mine.log()) - 2
        step = mine.step
        assert mine.submit(Take(2)) is None
        await until(lambda: mine.step > step)
        await back.close()
        clock.advance(20 * HOUR)  # the other comes back the next day: still nobody replaced
        other = await h.link(*names[1 - first])
        assert other.waiting == 1
        (info,) = await other.list_tables()
        assert (
            info.your_turn
            and info.to_act == names[1 - first][1]
            and info.turn_seconds == pytest.approx(20 * HOUR)
        )
        theirs = await other.join(code)
        assert theirs.log()[-2:] == (SINCE_MARK, theirs.log()[-1]) and "takes 2" in theirs.log()[-1]
        await other.close()


async def test_the_lobby_says_a_turns_time_taken_and_left_so_that_they_add_up(
    tmp_path: Path, pebbles: None
) -> None:
    """A 12 h turn: at once "now, 12 h left" (it read "now, 11 h left" a second in), three hours in "3 h, 9 h
    left" (it read "8 h"), in minutes where either is under two hours, and "time is up" at the deadline. Each
    reading is the lobby's State for the player to move, on the host's own clock."""
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock) as h:
        alice, bob, a, _ = await _pair(h, pace="turn", turn_limit=12 * HOUR, on_timeout="bot")
        mover = (alice, bob)[a.to_act() or 0]
        readings = []
        for seconds in (1, 58, 30 * 60 - 59, 150 * 60, 20 * 60, 8 * HOUR + 10 * 60, 29 * 60 + 30):
            clock.advance(seconds)
            (info,) = await mover.list_tables()
            readings.append(state_text(info).split(" (")[0])
        assert readings == [
            "your turn · now, 12 h left",
            "your turn · now, 12 h left",
            "your turn · 30 min, 11 h 30 min left",
            "your turn · 3 h, 9 h left",
            "your turn · 3 h, 9 h left",  # 3 h 20 min taken: 8 h 40 min left, read in hours
            "your turn · 11 h 30 min, 30 min left",
            "your turn · 11 h 59 min, 1 min left",
        ]


@pytest.mark.parametrize("timeout", ["bot", "replace", "skip"])
async def test_when_a_moves_time_runs_out_the_table_does_what_its_creator_chose(
    tmp_path: Path, pebbles: None, timeout: str
) -> None:
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock) as h:
        alice, bob, a, b = await _pair(h, pace="turn", turn_limit=12 * HOUR, on_timeout=timeout)
        late = a.to_act()
        assert late is not None
        name = ("Alice", "Bob")[late]
        step = a.step
        await until(lambda: clock.waiting == 1)
        clock.advance(12 * HOUR - 1)
        assert h.host.tables[a.code].version == 3  # one second before the deadline: nothing yet
        clock.advance(1)
        await until(lambda: a.step == step + 1 and b.step == step + 1)
        said = {
            "bot": f"{name}'s time ran out: a bot played their turn.",
            "replace": f"{name}'s time ran out: a bot plays their seat from now on.",
            # Pebbles has no move that passes: the player cannot be skipped, so a bot plays.
            "skip": f"{name}'s time ran out: the rules allow no skip here, so a bot played their turn.",
        }[timeout]
        for table in (a, b):  # every seat's log says so
            assert said in table.log()
        seats = {0: a, 1: b}
        if timeout == "replace":  # the seat is the bot's for good: its next turn is played at once
            assert h.host.tables[a.code].record.for_good == [late]
            mover = seats[1 - late]
            before = mover.step
            assert mover.submit(Take(1)) is None
            await until(lambda: mover.step >= before + 2 or mover.to_act() is None)
            again = await (alice if late == 0 else bob).join(a.code)  # coming back does not take it back
            assert again.away() == (late,)
        else:
            assert not h.host.tables[a.code].away
        await alice.close()
        await bob.close()


async def test_a_skip_is_a_pass_where_the_rules_offer_one(tmp_path: Path) -> None:
    """Codename offers "skip" early on: a turn-based table set to skip plays exactly that."""
    clock = FakeClock()
    rules = games.get("codename")
    local = Match(rules, GameConfig(players=2), 3)
    rng = random.Random(1)
    while "skip" not in [str(x) for x in rules.legal_actions(local.state)]:
        legal = rules.legal_actions(local.state)
        local.submit(legal[rng.randrange(len(legal))])
    async with hosted(tmp_path, clock=clock) as h:
        alice, bob, a, b = await _pair(h, "codename", pace="turn", turn_limit=DAY, on_timeout="skip")
        for notation in local.notations:
            mover = a if a.to_act() == a.seat else b
            step = mover.step
            assert mover.submit_text(notation) is None
            await until(lambda step=step: a.step > step and b.step > step)
        late = a.to_act()
        assert late is not None
        step = a.step
        await until(lambda: clock.waiting == 1)
        clock.advance(DAY)
        await until(lambda: a.step == step + 1)
        match = h.host.tables[a.code].match
        assert match is not None and match.notations[-1] == "skip"
        assert f"{('Alice', 'Bob')[late]}'s time ran out: their turn was skipped." in a.log()
        await alice.close()
        await bob.close()


async def test_a_live_table_everyone_left_waits_and_plays_on_when_someone_waits(
    tmp_path: Path, pebbles: None
) -> None:
    clock = FakeClock()
    async with hosted(tmp_path, clock=clock) as h:
        alice, bob, a, _ = await _pair(h, away_limit=60.0)
        code = a.code
        absent = a.to_act()
        await alice.close()
        await bob.close()
        clock.advance(10 * HOUR)
        table = h.host.tables[code]
        assert table.match is not None and len(table.match) == 0 and not table.away and clock.waiting == 0
        # The player who is not to act comes back: now someone waits, so after the away limit a bot plays.
        assert absent is not None
        present = ("SHA256:alice", "SHA256:bob")[1 - absent]
        link = await h.link(present, "Back")
        mine = await link.join(code)
        await until(lambda: clock.waiting == 1)
        clock.advance(60.0)
        await until(lambda: mine.step >= 1)
        assert absent in table.away
        await link.close()
        steps = mine.step
        clock.advance(10 * HOUR)  # gone again: the away-bot waits too
        assert table.match is not None and len(table.match) in (steps, steps + 1)


async def test_your_turn_at_another_table_is_said_where_you_are(tmp_path: Path, pebbles: None) -> None:
    async with hosted(tmp_path) as h:
        alice, bob, a, b = await _pair(h, pace="turn", turn_limit=DAY)
        if a.to_act() == 0:  # make it Bob's turn at the first table
            await _move((a, b), Take(1))
        told: list[P.YourTurn] = []
        alice.on_your_turn(told.append)
        other = await alice.create("pebbles", 2, bots=(None, "random"), seed=1)  # Alice goes to another table
        assert other.code != a.code
        assert b.submit(Take(1)) is None  # Bob moves at the first table, where Alice is not now
        await until(lambda: len(told) == 1)
        assert told[0].code == a.code and told[0].title == "Pebbles (test game)" and told[0].waiting >= 1
        await alice.close()
        await bob.close()


async def test_finished_tables_stay_listed_with_their_result_and_replay_after_a_restart(
    tmp_path: Path, pebbles: None
) -> None:
    async with hosted(tmp_path) as h:
        alice, bob, a, b = await _pair(h)
        code = a.code
        while a.to_act() is not None:
            await _move((a, b), Take(2) if a.view().heap >= 2 else Take(1))
        await until(lambda: bool(a.log()))
        await alice.close()
        await bob.close()
    async with hosted(tmp_path) as h:  # a restart
        carol = await h.link("SHA256:carol", "Carol")
        assert await carol.list_tables() == ()  # no longer in play
        (info,) = await carol.list_finished()  # a public table: listed for everyone
        assert info.code == code and info.players == ("Alice", "Bob") and not info.mine
        assert "won" in info.result and "Alice" in info.result and "Bob" in info.result
        save = await carol.replay_save(code)
        replayed = restore(decode_save(save, code), code).match
        assert replayed.rules.is_over(replayed.state)
        alice = await h.link("SHA256:alice", "Alice")
        (mine,) = await alice.list_finished()
        assert mine.mine
        board = await alice.board("pebbles")
        assert [row.name for row in board.rows] == sorted(
            ("Alice", "Bob"), key=lambda n: n not in info.result.split(" · ")[1]
        )
        assert all(row.games == 1 for row in board.rows) and sum(row.wins for row in board.rows) == 1
        assert board.rows[0].rating > 1000 > board.rows[1].rating  # a newcomer reads 1000: one game moves it
        assert all(row.provisional and isinstance(row.rating, int) for row in board.rows)
        page = await alice.player()
        (game,) = page.games
        assert (
            page.name == "Alice" and game.games == 1 and game.history == (game.rating,) and game.provisional
        )
        other = await alice.player(next(row.player for row in board.rows if not row.mine))
        assert other.name == "Bob"
        for link in (carol, alice):
            await link.close()

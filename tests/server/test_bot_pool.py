"""The host's bot workers (`server/bot_pool.py`): real worker processes (spawned: these hosts have no session
starter), asked as the host asks them. A worker chooses what the bot would choose in the host; a worker that
is killed or hangs costs one retry of that move and one log line, two cost the move to the greedy bot, and
the pool fills itself up again."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.engine.search import SearchBot
from chimera_tui.server import bot_pool
from chimera_tui.server.bot_pool import BotPool, ThinkingFailed, request_for, start_worker
from chimera_tui.server.bot_wire import Think
from tests.server.helpers import hosted, play, stored_match, until


@pytest.fixture
async def pool() -> AsyncIterator[BotPool]:
    made = BotPool(2, lambda: start_worker(None))
    assert await made.open() == 2
    try:
        yield made
    finally:
        await made.close()


def position(game_id: str, players: int, steps: int) -> tuple[Any, int, tuple[Any, ...]]:
    """A position `steps` random actions into a seeded game: the state, the seat to act and its actions."""
    rules = games.get(game_id)
    state = rules.new_game(GameConfig(players=players), 3)
    rnd = random.Random(1)
    for _ in range(steps):
        legal = rules.legal_actions(state)
        state = rules.apply(state, legal[rnd.randrange(len(legal))])
    while len(rules.legal_actions(state)) == 1:  # a real choice
        state = rules.apply(state, rules.legal_actions(state)[0])
    seat = rules.to_act(state)
    assert seat is not None
    return state, seat, tuple(rules.legal_actions(state))


def request(game_id: str, state: Any, seat: int, legal: tuple[Any, ...], bot: SearchBot) -> Think:
    return request_for(game_id, bot, games.get(game_id).view(state, seat), legal, seat)


@pytest.mark.parametrize("game_id", ["station", "codename", "imaginarium", "con"])
async def test_a_worker_chooses_what_the_bot_chooses_in_the_host(pool: BotPool, game_id: str) -> None:
    rules = games.get(game_id)
    for steps in (4, 12):
        state, seat, legal = position(game_id, 3 if game_id != "codename" else 2, steps)
        here = SearchBot(rules, 11, playouts=80, seconds=None, name="search:80")
        there = SearchBot(rules, 11, playouts=80, seconds=None, name="search:80")
        expected = here.choose(rules.view(state, seat), legal, seat)
        thought = await pool.think(request(game_id, state, seat, legal, there), "a test")
        assert legal[thought.index] == expected
        assert here.last is not None and thought.playouts == here.last.playouts


async def test_a_worker_killed_while_thinking_costs_one_retry_and_one_log_line(
    pool: BotPool, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    state, seat, legal = position("station", 2, 6)
    rules = games.get("station")
    expected = SearchBot(rules, 5, playouts=1000, seconds=None).choose(rules.view(state, seat), legal, seat)
    bot = SearchBot(rules, 5, playouts=1000, seconds=None)
    thinking = asyncio.ensure_future(
        pool.think(request("station", state, seat, legal, bot), "table T seat 2")
    )
    await until(lambda: bool(pool.thinking), "a worker to think")
    (victim,) = pool.thinking
    os.kill(victim, signal.SIGKILL)
    thought = await thinking
    assert legal[thought.index] == expected  # thought again with the same seed: the same choice
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert lines == [
        f"table T seat 2: its bot worker (process {victim}) ended by SIGKILL while thinking; "
        "another worker thinks again"
    ]
    await until(lambda: len(pool.workers) == 2, "the pool to fill up again")
    assert victim not in {w.pid for w in pool.workers}


async def test_a_worker_that_hangs_past_its_guard_is_stopped_and_the_move_thought_again(
    pool: BotPool, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, seat, legal = position("codename", 2, 6)
    rules = games.get("codename")
    slow = request("codename", state, seat, legal, SearchBot(rules, 5, playouts=1_000_000, seconds=None))
    quick = SearchBot(rules, 5, playouts=50, seconds=None)
    limits = iter([0.3])  # the first try is taken to hang at once, the second may take its time
    monkeypatch.setattr(bot_pool, "wall_limit", lambda r: next(limits, 60.0))
    sent: list[int] = []
    ask = bot_pool.Worker.ask

    async def asked(self: bot_pool.Worker, r: Think) -> Any:
        sent.append(self.pid)
        return await ask(self, r if len(sent) == 1 else request("codename", state, seat, legal, quick))

    monkeypatch.setattr(bot_pool.Worker, "ask", asked)
    thought = await pool.think(slow, "table T seat 1")
    assert 0 <= thought.index < len(legal)
    assert len(set(sent)) == 2
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        f"table T seat 1: its bot worker (process {sent[0]}) took more than 0.3 s and was stopped while "
        "thinking; another worker thinks again"
    ]
    await until(lambda: len(pool.workers) == 2, "the pool to fill up again")


async def test_two_workers_lost_over_one_move_hand_it_to_the_greedy_bot(
    tmp_path: Path, pool: BotPool, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "chimera.server")
    killed: list[int] = []

    async def killer() -> None:
        while len(killed) < 2:
            for pid in list(pool.thinking):
                if pid not in killed:
                    killed.append(pid)
                    os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.002)

    async with hosted(tmp_path, pool=pool) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("codename", 2, bots=(None, "search:100000"), seed=4)
        await until(lambda: a.started)
        murder = asyncio.ensure_future(killer())
        while a.to_act() == 0:
            await play([a], 1)
        step = a.step
        await until(lambda: a.step > step, "the greedy bot's move")
        await murder
        await alice.close()
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        f"table {a.code} seat 2: its bot worker (process {killed[0]}) ended by SIGKILL while thinking; "
        "another worker thinks again",
        f"table {a.code} seat 2: its bot worker (process {killed[1]}) ended by SIGKILL while thinking; "
        "the greedy bot moves instead",
    ]


async def test_a_closed_pool_fails_every_waiting_move(pool: BotPool) -> None:
    await pool.close()
    state, seat, legal = position("codename", 2, 3)
    with pytest.raises(ThinkingFailed):
        await pool.think(request("codename", state, seat, legal, SearchBot(games.get("codename"), 1)), "x")


async def test_twenty_workers_killed_mid_thought_during_a_game_lose_nothing(
    tmp_path: Path, pool: BotPool, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's `kill -9` drill: 20 times during one game a worker is killed while it thinks; the game
    goes on, every move is kept, and each kill is one line in the log (no move falls to the greedy bot)."""
    caplog.set_level(logging.INFO, "chimera.server")
    killed: list[int] = []
    async with hosted(tmp_path, pool=pool) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 3, bots=(None, "search:300", "search:300"), seed=8)
        await until(lambda: a.started)
        while len(killed) < 20 and a.to_act() is not None:
            if a.to_act() == 0:
                await play([a], 1)
                continue
            step = a.step
            await until(lambda step=step: bool(pool.thinking) or a.step > step, "a bot to think")
            first = [pid for pid, attempt in pool.thinking.items() if attempt == 1]
            if first:
                killed.append(first[0])
                os.kill(first[0], signal.SIGKILL)
            await until(lambda step=step: a.step > step or a.to_act() is None, "the bot's move")
        assert len(killed) == 20, "the game ended before 20 kills"
        match = await stored_match(h.host, a.code)
        assert len(match) == a.step  # every move is in the store
        await play([a], 2)  # and the game goes on
        await alice.close()
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 20
    for pid, line in zip(killed, warnings, strict=True):
        assert f"(process {pid}) ended by SIGKILL while thinking; another worker thinks again" in line
    assert len(pool.workers) == 2


async def test_a_move_thought_again_goes_before_the_moves_waiting_for_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = BotPool(1, lambda: start_worker(None))
    await made.open()
    rules = games.get("codename")
    state, seat, legal = position("codename", 2, 6)
    slow = request("codename", state, seat, legal, SearchBot(rules, 1, playouts=100_000, seconds=None))
    quick = request("codename", state, seat, legal, SearchBot(rules, 2, playouts=20, seconds=None))
    order: list[int] = []
    ask = bot_pool.Worker.ask

    async def asked(self: bot_pool.Worker, r: Think) -> Any:
        order.append(r.seed)
        return await ask(self, r if order.count(slow.seed) < 2 else quick)  # the second try is quick

    monkeypatch.setattr(bot_pool.Worker, "ask", asked)
    try:
        first = asyncio.ensure_future(made.think(slow, "table A seat 1"))
        await until(lambda: bool(made.thinking), "the first move's thought")
        second = asyncio.ensure_future(made.think(quick, "table B seat 1"))
        await asyncio.sleep(0.1)  # it waits for the one worker
        (victim,) = made.thinking
        os.kill(victim, signal.SIGKILL)
        await asyncio.gather(first, second)
    finally:
        await made.close()
    assert order == [slow.seed, slow.seed, quick.seed]


async def test_an_answer_out_of_range_hands_the_move_to_the_greedy_bot(
    pool: BotPool, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chimera_tui.server.bot_wire import Thought

    async def nonsense(self: bot_pool.Worker, r: Think) -> Thought:
        return Thought(index=len(r.legal))

    monkeypatch.setattr(bot_pool.Worker, "ask", nonsense)
    state, seat, legal = position("codename", 2, 3)
    with pytest.raises(ThinkingFailed):
        await pool.think(
            request("codename", state, seat, legal, SearchBot(games.get("codename"), 1)), "table T seat 1"
        )
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        f"table T seat 1: its bot could not think (it answered action {len(legal)} of {len(legal)}); "
        "the greedy bot moves instead"
    ]

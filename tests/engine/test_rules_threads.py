"""The rules run in several threads at once (the search bot thinks in worker threads in the app and on the
server): Chimera Con's and Imaginarium's per-call caches (the last listed state with its working copy, Con's
last view) must never hand one thread's working copy, or one seat's view, to another."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig


@pytest.fixture
def eager_switching() -> Iterator[None]:
    """Threads switch every microsecond, so they interleave inside the rules' calls."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def states(game_id: str, players: int, count: int) -> list[Any]:
    rules = games.get(game_id)
    state = rules.new_game(GameConfig(players=players), 5)
    rnd = random.Random(5)
    out = []
    while rules.to_act(state) is not None and len(out) < count:
        out.append(state)
        legal = rules.legal_actions(state)
        state = rules.apply(state, legal[rnd.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game_id", ["con", "imaginarium"])
def test_threads_listing_applying_and_viewing_at_once_each_get_their_own_answers(
    game_id: str, eager_switching: None
) -> None:
    rules = games.get(game_id)
    players = 4
    positions = states(game_id, players, 150)
    expected = [
        (
            [rules.view(s, seat) for seat in range(players)],
            rules.legal_actions(s),
            [rules.apply(s, a) for a in rules.legal_actions(s)[:3]],
        )
        for s in positions
    ]
    wrong: list[str] = []

    def work(seat: int) -> None:
        for _ in range(3):  # every thread on the same positions in the same order, so they collide
            for i in range(len(positions)):
                s = positions[i]
                views, legal, after = expected[i]
                if rules.view(s, seat) != views[seat]:
                    wrong.append(f"seat {seat} was handed another view of position {i}")
                if rules.legal_actions(s) != legal:
                    wrong.append(f"seat {seat} got another position's actions at {i}")
                for k, action in enumerate(legal[:3]):
                    rules.legal_actions(s)
                    if rules.apply(s, action) != after[k]:
                        wrong.append(f"seat {seat} applied {action} to position {i} wrongly")

    threads = [threading.Thread(target=work, args=(seat,)) for seat in range(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("game_id", ["con", "imaginarium"])
def test_each_thread_keeps_its_own_last_listing_and_view(game_id: str) -> None:
    """What one thread listed (and, for Con, viewed) last is not what another thread finds: a thread that
    lists another position leaves this thread's working copy and view where they were."""
    rules = games.get(game_id)
    module = sys.modules[type(rules).__module__]
    first, second = states(game_id, 3, 2)
    rules.legal_actions(first)
    rules.view(first, 0)
    mine = module._last.__dict__.copy()
    seen: list[object] = []

    def other_thread() -> None:
        seen.append(module._last.state)
        rules.legal_actions(second)
        rules.view(second, 1)

    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join()
    assert seen == [None]
    assert module._last.__dict__ == mine and module._last.state is first

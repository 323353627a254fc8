"""A search bot at a hosted table thinks in a thread: the host keeps serving everyone meanwhile."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from chimera_tui.engine.search import SearchBot
from tests.server.helpers import hosted, play, until


async def test_the_host_answers_while_a_search_bot_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    thinking = threading.Event()
    choose = SearchBot.choose

    def held(self: SearchBot, view: Any, legal: Any, seat: int) -> Any:
        thinking.set()
        release.wait(10)
        return choose(self, view, legal, seat)

    monkeypatch.setattr(SearchBot, "choose", held)
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("codename", 2, bots=(None, "search:10"), seed=4)
        await until(lambda: a.started)
        while a.to_act() == 0:
            await play([a], 1)
        await until(thinking.is_set, "the bot to start thinking")
        step = a.step
        a.chat("still there?")  # the host's event loop answers while the bot thinks
        await until(lambda: bool(a.chat_lines))
        assert a.step == step
        release.set()
        await until(lambda: a.step > step, "the bot's move")
        await alice.close()

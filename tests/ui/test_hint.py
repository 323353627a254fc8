"""The search bot on the game screens: `h` shows its choice for the person at the keyboard (never played),
and a search bot's move is decided off the event loop while a line says it is thinking."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.engine.search import search
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games import hint
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.hint import BotThinking, HintLine, hint_refusal, hint_text
from tests.engine.search_pebbles import SEARCHABLE


@pytest.fixture
def searchable() -> Iterator[None]:
    games.register(SEARCHABLE)
    yield
    games.unregister(SEARCHABLE.id)


def _app(tmp_path: Path, game: str, seats: str, seed: int = 3) -> ChimeraApp:
    kinds = seats.split(",")
    start = new_start(game, len(kinds), make_seats(game, len(kinds), kinds, []), seed, {})
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)


def _table(app: ChimeraApp) -> LocalTable:
    table = app._table
    assert isinstance(table, LocalTable)
    return table


@pytest.mark.parametrize("game", ["station", "codename"])
async def test_h_shows_the_search_bots_choice_from_the_seats_view_and_plays_nothing(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint is the search from the keyboard seat's view (a playout budget here, so the test can repeat
    the search and get the same answer; the app also stops at a time limit)."""
    monkeypatch.setattr(hint, "HINT_PLAYOUTS", 80)
    monkeypatch.setattr(hint, "HINT_SECONDS", None)
    app = _app(tmp_path, game, "human,human")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):  # the hand-off before the first seat's view
            await pilot.press("enter")
            await pilot.pause()
        table = _table(app)
        before = len(table.match)
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await pilot.pause()
        [line] = app.screen.query(HintLine)
        rules, view, seat = table.rules, table.view(), table.seat
        assert seat is not None
        expected = search(
            rules,
            view,
            seat,
            table.legal_actions(),
            seed=1 + seat,
            playouts=80,
        )
        text = str(line.render())
        assert text.startswith("Hint: ") and ("wins " in text or "only action" in text)
        assert text == hint_text(rules, view, expected)
        assert len(table.match) == before, "a hint is never played"
        table.submit(table.legal_actions()[0])
        await pilot.pause()
        assert not app.screen.query(HintLine), "the hint goes away when the match moves on"


async def test_no_hint_for_a_game_the_search_bot_cannot_play(tmp_path: Path, pebbles: None) -> None:
    app = _app(tmp_path, "pebbles", "human,random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (
            hint_refusal(_table(app))
            == "The search bot cannot play this game yet, so it has no hint to give."
        )
        await pilot.press("H")
        await pilot.pause()
        assert not app.screen.query(HintLine)


async def test_no_hint_off_your_turn(tmp_path: Path, searchable: None) -> None:
    app = _app(tmp_path, SEARCHABLE.id, "human,random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = _table(app)
        assert hint_refusal(table) is None
        table.match.submit(
            SEARCHABLE.legal_actions(table.match.state)[0]
        )  # now the bot's turn, not yet played
        assert hint_refusal(table) == "A hint is offered on your own turn."


async def test_a_search_bot_thinks_off_the_event_loop_and_says_so(
    tmp_path: Path, searchable: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the bot decides (held here until the test lets it go), the screen shows that it is thinking and
    still answers keys; then its move is played and the line goes away."""
    release = threading.Event()
    decide = LocalTable.bot_decide

    def slow(self: LocalTable):  # type: ignore[no-untyped-def]
        release.wait(10)
        return decide(self)

    monkeypatch.setattr(LocalTable, "bot_decide", slow)
    app = _app(tmp_path, SEARCHABLE.id, "human,search:20")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = _table(app)
        assert table.submit(table.legal_actions()[0]) is None
        await pilot.pause(0.1)
        assert table.to_act() == 1 and table.bot_thinks()
        [note] = app.screen.query(BotThinking)
        assert "is thinking" in str(note.render())
        await pilot.press("H")  # the event loop still answers: a hint is refused, the bot still thinks
        await pilot.pause()
        assert len(table.match) == 1
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(table.match) == 2 and table.match.log[-1].seat == 1
        assert not app.screen.query(BotThinking)

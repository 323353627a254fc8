"""The search bot on the game screens: `H` shows its choice for the person at the keyboard (never played),
as the screen's choices show it with a line saying what it gains, above the footer, whose keys include it
where a hint is offered; and a search bot's move is decided off the event loop while a line says it is
thinking."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets._footer import FooterKey

from chimera_tui import games
from chimera_tui.engine.search import Choice, SearchResult, search
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games import hint
from chimera_tui.ui.games.base import GameScreen
from chimera_tui.ui.games.hint import BotThinking, HintLine, hint_reason, hint_refusal, hint_text
from chimera_tui.ui.widgets.footer import KeysFooter
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


def _footer_keys(app: ChimeraApp) -> dict[str, str]:
    """The footer's keys as shown (key → label), only those inside the footer's width."""
    footer = app.screen.query_one(KeysFooter)
    right = footer.region.right
    return {
        key.key: key.description
        for key in footer.query(FooterKey)
        if key.region.width and key.region.right <= right
    }


async def _game_screen(app: ChimeraApp, pilot: Pilot[ChimeraApp]) -> GameScreen:
    """The game screen, past the hand-off and any choice dialog it opened by itself."""
    for _ in range(4):
        await pilot.pause()
        if isinstance(app.screen, GameScreen):
            return app.screen
        await pilot.press("escape" if isinstance(app.screen, ModalScreen) else "enter")
    assert isinstance(app.screen, GameScreen)
    return app.screen


@pytest.mark.parametrize("game", ["station", "codename"])
async def test_h_shows_the_search_bots_choice_from_the_seats_view_and_plays_nothing(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint is the search from the keyboard seat's view (a playout budget here, so the test can repeat
    the search and get the same answer; the app also stops at a time limit), named and previewed as the
    screen's choices do, with why; it sits above the footer and leaves the footer's keys in view."""
    monkeypatch.setattr(hint, "HINT_PLAYOUTS", 80)
    monkeypatch.setattr(hint, "HINT_SECONDS", None)
    app = _app(tmp_path, game, "human,human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _game_screen(app, pilot)
        table = _table(app)
        before = len(table.match)
        assert _footer_keys(app).get("H") == "Hint", "the footer offers the hint"
        footer_before = _footer_keys(app)
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
        words = screen.choice_words(view, expected.action)
        assert text == hint_text(
            expected,
            lambda a: screen.choice_words(view, a),
            lambda a: screen.choice_preview(view, a),
        )
        assert text.startswith(f"Hint: {words}\n") and "\nWhy: " in text
        for preview in screen.choice_preview(view, expected.action):
            assert f"\n  {preview}" in text  # what it changes, as the choices dialog previews it
        footer = app.screen.query_one(KeysFooter)
        assert line.region.bottom <= footer.region.y, "the hint sits above the footer"
        assert _footer_keys(app) == footer_before, "and hides none of its keys"
        assert len(table.match) == before, "a hint is never played"
        table.submit(table.legal_actions()[0])
        await pilot.pause()
        assert not app.screen.query(HintLine), "the hint goes away when the match moves on"


def _result(chosen: str, *choices: tuple[str, int, float]) -> SearchResult:
    return SearchResult(chosen, sum(v for _, v, _ in choices), tuple(Choice(a, v, w) for a, v, w in choices))


def test_the_reason_says_what_the_choice_gains_over_the_next_best() -> None:
    words = str.upper
    ahead = _result("a", ("a", 355, 149.1), ("b", 40, 8.8), ("c", 5, 0.0))
    assert hint_reason(ahead, words) == "wins 42% of 355 playouts, against 22% for the next best (B)."
    level = _result("a", ("a", 200, 100.0), ("b", 100, 50.0))
    assert hint_reason(level, words) == "wins 50% of 200 playouts, as often as the next best (B: 50%)."
    kept = _result("a", ("a", 200, 80.0), ("b", 30, 13.5))  # a game's own choice, not clearly beaten
    assert hint_reason(kept, words) == (
        "wins 40% of 200 playouts; B won 45% of its 30, too few playouts to tell the two apart: either is sound."
    )
    rule = _result("a", ("a", 12, 4.0), ("b", 23, 12.0))  # the game's own choice, kept though tried less
    assert hint_reason(rule, words) == (
        "wins 33% of 12 playouts, the game's own rule of thumb here; B won 52% of its 23, not clearly more: "
        "either is sound."
    )
    sure = _result("a", ("a", 90, 90.0), ("b", 10, 2.0))
    assert hint_reason(sure, words) == "wins all 90 of its playouts, against 20% for the next best (B)."
    lost = _result("a", ("a", 60, 0.0), ("b", 40, 0.0))
    assert hint_reason(lost, words) == "no choice won a single playout (of 100); this one held out best."
    one = _result("a", ("a", 1, 1.0), ("b", 1, 0.0))  # issue 32: "1 points more", "all 1 of its playouts"
    assert hint_reason(one, words) == "wins its only playout, against 0% for the next best (B)."
    close = _result("a", ("a", 300, 150.0), ("b", 100, 49.0))
    assert hint_reason(close, words) == "wins 50% of 300 playouts, against 49% for the next best (B)."
    only = SearchResult("a", 0, (Choice("a", 0, 0.0),))
    assert hint_reason(only, words) == "it is the only thing you can do now."


def test_the_hint_is_the_action_its_preview_and_why() -> None:
    result = _result("a", ("a", 10, 7.0), ("b", 10, 2.0))
    text = hint_text(result, str.upper, lambda a: [f"{a} +1 coin", "then Bob"])
    assert text == (
        "Hint: A\n  a +1 coin\n  then Bob\nWhy: wins 70% of 10 playouts, against 20% for the next best (B)."
    )


async def test_no_hint_for_a_game_the_search_bot_cannot_play(tmp_path: Path, pebbles: None) -> None:
    app = _app(tmp_path, "pebbles", "human,random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (
            hint_refusal(_table(app))
            == "The search bot cannot play this game yet, so it has no hint to give."
        )
        assert "H" not in _footer_keys(app) and "h" not in _footer_keys(app), "no hint key offered"
        await pilot.press("H")
        await pilot.pause()
        assert not app.screen.query(HintLine)


async def test_no_hint_off_your_turn(tmp_path: Path, searchable: None) -> None:
    app = _app(tmp_path, SEARCHABLE.id, "human,random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = _table(app)
        assert hint_refusal(table) is None
        assert _footer_keys(app).get("H") == "Hint"
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
        assert note.region.bottom <= app.screen.query_one(KeysFooter).region.y, "above the footer"
        await pilot.press("H")  # the event loop still answers: a hint is refused, the bot still thinks
        await pilot.pause()
        assert len(table.match) == 1
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(table.match) == 2 and table.match.log[-1].seat == 1
        assert not app.screen.query(BotThinking)


async def test_a_hint_shows_its_progress_and_h_or_escape_cancels_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the search runs, the line says how far it is against its time limit and how to cancel; H again
    or Escape (which otherwise leaves the game) cancels it, and its answer never shows (issue 24)."""
    import time

    released = threading.Event()
    stopped: list[bool] = []

    def slow_search(
        rules: object, view: object, seat: int, legal: tuple[object, ...], *, stop: Any, **_: object
    ) -> SearchResult:
        while not released.wait(0.01):
            if stop():  # the search thread is told, and ends without waiting for its time limit
                stopped.append(True)
                break
        return SearchResult(legal[0], 1, (Choice(legal[0], 1, 1.0),))

    monkeypatch.setattr(hint, "search", slow_search)
    monkeypatch.setattr(hint, "HINT_SECONDS", 4.0)
    app = _app(tmp_path, "station", "human,human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _game_screen(app, pilot)
        for cancel in ("H", "escape"):
            released.clear()
            await pilot.press("H")
            await pilot.pause(0.7)
            [line] = app.screen.query(HintLine)
            text = str(line.render())
            assert text.startswith("Hint: thinking… ▰") and "s of at most 4.0 s" in text
            assert "H or Esc cancels" in text and not text.startswith("Hint: thinking… 0.0")
            await pilot.press(cancel)
            await pilot.pause()
            assert app.screen is screen, "Escape cancelled the hint instead of leaving"
            assert not app.screen.query(HintLine)
            assert "Hint cancelled." in [n.message for n in app._notifications]
            for _ in range(100):
                if len(stopped) == 1 + ("H", "escape").index(cancel):
                    break
                await pilot.pause(0.02)
            assert len(stopped) == 1 + ("H", "escape").index(cancel), "the search thread was not told to stop"
            released.set()
            await pilot.pause(0.3)
            time.sleep(0.1)
            await pilot.pause(0.3)
            assert not app.screen.query(HintLine), "a cancelled hint's answer is dropped"

"""Chimera Con's own screen: it opens for a new game, shows the seat's hand and every chimera, plays a move by
the keyboard, opens the rules topic of the highlighted card with ?; in a cheat window Enter plays no cheat and
p passes for the rest of the turn; at 80×24 c switches between the chimeras and the seat's cards; the log
follows its newest line; and a whole 3-player hot-seat game to the default 3 points is played by keys alone
(Enter takes the highlighted choice; hand-offs are passed with Enter), ending on the results."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from chimera_tui.games.con.content import content
from chimera_tui.launch import LaunchPlan, make_seats, new_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.handoff import HandOffScreen
from chimera_tui.ui.games.con.results import ResultsScreen
from chimera_tui.ui.games.con.screen import ConScreen
from chimera_tui.ui.games.con.words import topic_for
from chimera_tui.ui.widgets.action_log import ActionLog
from tests.ui.settle import until


def _app(tmp_path: Path, kinds: list[str], options: dict[str, str] | None = None) -> ChimeraApp:
    seats = make_seats("con", len(kinds), kinds, [])
    return ChimeraApp(
        plan=LaunchPlan(start=new_start("con", len(kinds), seats, 5, options or {})), saves=tmp_path
    )


def _text(screen: ConScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def _footer_keys(app: ChimeraApp) -> set[str]:
    return {b.key for _, b, enabled, _ in app.screen.active_bindings.values() if enabled and b.show}


async def test_the_screen_opens_and_a_key_makes_a_move(tmp_path: Path) -> None:
    app = _app(tmp_path, ["human", "bot", "bot"])
    async with app.run_test(size=(80, 24)) as pilot:
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConScreen)
        table = app._table
        assert table is not None
        board = _text(screen, "#con-board")
        assert "Player 1" in board
        hand = _text(screen, "#con-cards-text")
        assert "Your hand · 6 creature cards" in hand
        await pilot.press("enter")
        await pilot.pause()
        assert table.match.notations[0].startswith("build ")


def test_the_rules_topic_follows_the_card_named() -> None:
    assert topic_for("sub LEV-H") == "card-lev-h"
    assert topic_for("cheat LUCK2") == "cheat-luck"
    assert topic_for("use BAS-H.0 p2 b") == "card-bas-h"
    assert topic_for("attack p2") == "attacking" and topic_for("greedy") == "getting-greedy"


async def test_a_cheat_window_plays_no_cheat_on_enter_and_p_passes_for_the_turn(tmp_path: Path) -> None:
    """G14-2: the highlighted choice of a cheat window plays no cheat; p (in the footer only then) passes
    every window until the next turn starts."""
    app = _app(tmp_path, ["human", "human", "human"])
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None

        def in_window() -> bool:
            s = table.match.state
            return isinstance(app.screen, ConScreen) and bool(s.asks) and s.asks[-1].kind == "cheat"

        windows = 0
        for _ in range(300):
            if in_window():
                windows += 1
                if windows == 2:
                    break
                assert "p" in _footer_keys(app)
                await pilot.press("enter")
                assert table.match.notations[-1] == "pass"
                continue
            assert "p" not in _footer_keys(app) or not isinstance(app.screen, ConScreen)
            await pilot.press("enter")
            await pilot.pause()
        seat = table.match.state.asks[-1].seat
        await pilot.press("p")
        await pilot.pause()
        # The seat's own last action; the table may then pass the next seat's window for it (at one terminal
        # people are asked on others' turns only when a fight's dice go against them).
        own = [
            n for n, entry in zip(table.match.notations, table.match.log, strict=True) if entry.seat == seat
        ]
        assert own[-1] == "pass turn" and table.match.state.passed[seat]
        assert any("plays no cheat for the rest of the turn" in line for line in table.log()[-3:])


async def test_at_80x24_c_shows_the_whole_hand_cheats_and_piles(tmp_path: Path) -> None:
    """G14-3: the cards page holds every card of the seat's hand and cheats and both piles; c switches pages
    (the cards page opens by itself while building); at 160×50 both show and c is not offered."""
    c = content()
    app = _app(tmp_path, ["human", "greedy", "greedy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConScreen))
        screen = app.screen
        assert isinstance(screen, ConScreen)
        table = app._table
        assert table is not None
        assert screen.query_one("#con-cards").display and not screen.query_one("#con-chimeras").display
        await pilot.press("enter")  # lay the chimera; the bots build and the turns begin
        await until(pilot, lambda: table.match.state.phase == "turn" and table.to_act() == 0)
        assert screen.query_one("#con-chimeras").display and not screen.query_one("#con-cards").display
        assert "c" in _footer_keys(app)
        await pilot.press("c")
        await pilot.pause()
        assert screen.query_one("#con-cards").display and not screen.query_one("#con-chimeras").display
        state = table.view()
        shown = _text(screen, "#con-cards-text")
        for code in state.hands[0]:
            assert c.cards[code].name in shown
        for code in state.cheats[0]:
            assert c.cheats[code].kind.name in shown
        assert "Market Pile" in shown and "Discard Pile" in shown
        await pilot.press("c")
        await pilot.pause()
        assert screen.query_one("#con-chimeras").display
        await pilot.resize_terminal(160, 50)
        await pilot.pause(0.2)
        assert screen.query_one("#con-cards").display and screen.query_one("#con-chimeras").display
        assert "c" not in _footer_keys(app)


async def test_a_whole_three_player_game_by_keys(tmp_path: Path) -> None:
    """To the default 3 points at 80×24: the log follows its newest line, which tells the winner, and the
    results say who won by how much and which chimera won each round."""
    app = _app(tmp_path, ["human", "human", "human"])
    async with app.run_test(size=(80, 24)) as pilot:
        table = app._table
        assert table is not None
        for _ in range(4000):
            if table.rules.is_over(table.match.state):
                break
            await pilot.press("enter")  # a hand-off screen or the highlighted choice
        state = table.match.state
        assert table.rules.is_over(state) and max(state.points) == 3
        winner = table.player_name(state.points.index(3))
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        results = app.screen
        assert isinstance(results, ResultsScreen)
        assert _verdict(results).startswith(f"{winner} wins with 3 points, ")
        rounds = str(results.query_one("#con-results-chart", Static).render())
        assert rounds.count("Round ") == len(results.story.rounds) >= 3
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConScreen))
        log = app.screen.query_one(ActionLog)
        await until(pilot, lambda: log.scroll_y == log.max_scroll_y > 0)
        assert any("wins the game" in line for line in log.lines[-4:])
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


def _verdict(results: ResultsScreen) -> str:
    return str(results.query_one("#con-results-verdict", Static).render())


def test_a_chimera_to_lay_is_previewed_with_its_totals_and_unsupported_parts() -> None:
    """Building (CN-SIZE-06, CN-SIZE-07 on the screen): the preview of a chimera to lay gives the totals the
    rules will give it and names the parts that stand unsupported, so the first choice is never a blind one;
    with a slot still empty, the totals of the parts laid, and that the missing-part draw decides the rest."""
    import itertools

    from chimera_tui.games.con.work import supported, totals
    from chimera_tui.ui.games.con.words import build_preview

    cards = content().cards
    by_slot: list[list[str]] = [[], [], []]
    for code, card in cards.items():
        by_slot[card.slot].append(code)
    for parts in itertools.islice(itertools.product(*by_slot), 0, None, 97):
        h, b, r = parts
        line = build_preview(f"build {h} {b} {r}")
        stats = totals((h, b, r), 0, frozenset())
        assert line.startswith(
            "Your chimera: "
            + " · ".join(
                f"{name} {n}" for name, n in zip(("Health", "Might", "Speed", "Magic"), stats, strict=True)
            )
        ), line
        for slot, ok in zip(("head", "body"), supported((h, b, r))[:2], strict=True):
            assert (f"{slot} unsupported" in line or f"{slot} and" in line) == (not ok), line
    assert build_preview("build WRM-H BEE-B WSP-R") == (
        "Your chimera: Health 2 · Might 2 · Speed 2 · Magic 1; head and body unsupported (no stats)."
    )
    assert build_preview("build - GOA-B MAN-R") == (
        "Your chimera (two parts): Health 7 · Might 3 · Speed 3 · Magic 2 so far; the head, from the"
        " missing-part draw, is not known until then."
    )


async def test_the_preview_under_the_choices_ends_whole_at_80x24(tmp_path: Path) -> None:
    """Issue 32: at 80x24 the preview under the choices (three lines) stopped mid-sentence ("Your chimera
    (two parts): Health 9 · Might 3 · Speed 2 · Magic 2; no rear until the"). It ends in "…" where it is
    longer than its box, and never has more lines than the box shows."""
    app = _app(tmp_path, ["human", "bot", "bot"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, (ConScreen, HandOffScreen)))
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConScreen))
        screen = app.screen
        assert isinstance(screen, ConScreen)
        clamped = 0
        for _ in range(6):
            await pilot.pause(0.1)
            box = screen.query_one("#con-preview", Static)
            lines = str(box.render()).split("\n")
            assert len(lines) <= 3 and all(len(line) <= box.size.width for line in lines), lines
            clamped += lines[-1].endswith("…")
            await pilot.press("down")
        assert clamped, "a long preview was met and clamped"

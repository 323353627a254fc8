"""The Codename: Chimera screen's words: dice told throw by throw, names that fit a tile, menus that speak to
the player, the results' story, grouped attack choices with their chances, a window closed by n, the title
at 80 columns, every tile's energy cost, and the log during the draft at 80×24."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
from textual.widgets import Static

from chimera_tui import games
from chimera_tui.games.codename.actions import AttackWith
from chimera_tui.games.codename.state import Phase
from chimera_tui.launch import LaunchPlan
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.games.codename.results import story
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu
from chimera_tui.ui.widgets.action_log import ActionLog
from chimera_tui.ui.widgets.card_grid import CardGrid
from tests.snapshots.test_codename_snapshots import advanced
from tests.ui.settle import until


def test_dice_show_each_throw_in_words() -> None:
    """The dice display's data comes from the state's latest roll; a 6 rolled again under exploding sixes is
    shown as separate throws and said in words, never as "[17!]"."""
    from chimera_tui.games.codename.state import Roll, RollPart
    from chimera_tui.ui.games.codename.words import roll_view

    roll = Roll(
        "attack",
        1,
        (RollPart("bear-arm-1", ((2,), (4,)), 1), RollPart("wolf-claw-2", ((6, 2),), 1, 2)),
        "torso:0",
        0,
        bonus=3,
        defense=16,
        total=21,
        hit=True,
    )
    view = roll_view(roll, ["Ada", "Robo"])
    assert view is not None and view.total == 21 and view.title == "Robo attacks Ada's torso"
    assert [(g.label, g.dice, g.modifier) for g in view.groups] == [
        ("Bear Arm", (2, 4), 1),
        ("Wolf Claw", (6, 2), 1),
        ("Roar", (), 3),
    ]
    assert view.groups[1].extra == "+2 Pack Hunter (a 6 rolled again and added)"
    assert all(d <= 6 for g in view.groups for d in g.dice)
    assert view.outcome == "≥ Defense 16: DESTROYED"
    assert roll_view(None, []) is None


def test_names_fit_a_tile_and_menus_speak_to_the_player() -> None:
    from chimera_tui.ui.games.codename.view import short_name
    from chimera_tui.ui.games.codename.words import imperative

    assert short_name("squid-tentacle-1") == "S.Tentacle"
    assert short_name("crab-pincer-1") == "CrabPincer"
    assert all(
        len(short_name(card)) <= 10 for card in ("octopus-tentacle-1", "brawler-chest", "hunched-back")
    )
    assert imperative("attacks Wolf Claw with Ada's torso", "Ada") == "Attack Wolf Claw with your torso"
    assert imperative("growls and ends the turn", None) == "Growl and end the turn"


def test_results_story_is_rebuilt_from_the_log() -> None:
    start = advanced(Phase.OVER)
    match = start.match
    rules = games.get("codename")
    states = [match.state_at(i) for i in range(len(match) + 1)]
    actions = [rules.parse(states[i], e.action) for i, e in enumerate(match.log)]
    s = story(states, actions, [e.seat for e in match.log])
    final = match.state
    assert s.final == [len(p.torso) + len(p.monster) if p.alive else 0 for p in final.players]
    assert sum(s.lost) == len(final.graveyard) + sum(s.regrown)
    assert len(s.columns) == final.arena_round + 1 and s.columns[-1] == "end"
    assert all(h <= a for h, a in zip(s.hits, s.attacks, strict=True))
    assert s.verdict in final.events


async def test_choices_group_attacks_and_show_each_chance(tmp_path: Path) -> None:
    """Issue 8 §3: "c" lists one line per attacking part; its targets come with the exact chance."""
    app = ChimeraApp(plan=LaunchPlan(start=advanced(Phase.TURN)), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app._table
        assert table is not None
        attacks = [a for a in table.legal_actions() if isinstance(a, AttackWith)]
        await pilot.press("c")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        grouped = [label for label in menu.labels if label.startswith("Attack with ")]
        assert len(grouped) == len({a.part for a in attacks}) and len(menu.labels) < len(
            table.legal_actions()
        )
        assert all("%" in label for label in grouped)
        await pilot.press("enter")
        await pilot.pause()
        sub = app.screen
        assert isinstance(sub, ActionMenu) and all(
            re.match(r"\s*(\d+%|<1%|>99%) · ", lab) for lab in sub.labels
        )
        assert not any(re.search(r"[a-z]+-[a-z]+-\d", lab) for lab in (*menu.labels, *sub.labels))  # no ids


def test_a_window_is_closed_by_n_and_told_in_words() -> None:
    """CC-ARENA-21 on the screen: in a window the headline says what to do and "n" waits until the next turn."""
    from chimera_tui.games.codename.actions import Wait
    from chimera_tui.ui.games.codename import flows
    from chimera_tui.ui.games.codename.view import FINISH
    from chimera_tui.ui.games.codename.words import status_text
    from tests.games.codename.helpers import arena, monster

    s = arena(
        monster(("pelvis", "ribcage"), energy=5),
        monster(("ribcage", "pelvis"), (), ("lizard-arm-1",), energy=3),
    )
    s = msgspec.structs.replace(s, phase=Phase.WINDOW, window=(1,))
    assert flows._FINISH["wait"] == (Phase.WINDOW, "wait") and FINISH[Phase.WINDOW][0] == Wait()
    text = status_text(s, ["Ada", "Bob"], 1, 1, "")
    assert "Bob: 3 energy: attach from your inventory, or wait (n)" in text


def test_the_title_fits_80_columns() -> None:
    """Issue 32: at 80 columns "Codename: Chimera · Drafting, deal 1 · Ben: take a face-up card for 1 energy,"
    lost "or take none". The game's name gives way first; the status is cut ("…") only when it alone is too
    long, and the window's prompt is short enough not to be."""
    from chimera_tui.ui.games.codename.words import title_text

    deal = "Drafting, deal 1 · Ben: take a face-up card for 1 energy, or take none"
    assert title_text(deal, 78) == deal
    assert title_text(deal, 120) == f"Codename: Chimera · {deal}"
    window = "Arena round 12 · Ann: 11 energy: attach from your inventory, or wait (n)"
    assert title_text(window, 78) == window
    long = "Arena round 2 · react or let it roll (n) · Ann attacks Ben's Bear Arm with Wolf Head and Stinger"
    assert title_text(long, 78).endswith("…") and len(title_text(long, 78)) == 78


async def test_every_tile_names_its_energy_cost() -> None:
    """Issue 32: a part with an attack bonus lost its cost on a tile ("Bear Arm 2d+1 D6" beside "Wolf Head
    2d D5 2e"): the detail had one column less than the tile, kept for a mark even where there was none. A
    hand, the torso halves and a monster's unmarked parts now show every card's whole line."""
    from dataclasses import replace

    from textual.app import App, ComposeResult

    from chimera_tui.games.codename.content import load
    from chimera_tui.ui.games.codename import view as v
    from chimera_tui.ui.widgets.card_grid import PITCH_X, TILE_W

    parts = load().parts
    hand = v.row_cells(tuple(parts), 4)
    for cell in hand:
        d = parts[cell.key]
        assert cell.mark == "" and cell.detail.endswith(f" {d.cost}e"), (d.name, cell.detail)
        assert len(cell.detail) <= TILE_W
    assert all(c.detail.endswith("e") for c in v.row_cells(tuple(load().torsos), 4))
    bear = next(c for c in hand if parts[c.key].name == "Bear Arm")

    class Hand(App[None]):
        def compose(self) -> ComposeResult:
            grid = CardGrid()
            grid.cells = (replace(bear, x=0, y=0),)
            yield grid

    app = Hand()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        grid = app.query_one(CardGrid)
        drawn = "".join(seg.text for seg in grid.render_line(1))
    assert drawn[:PITCH_X].rstrip() == "2d+1 D6 3e"


async def test_the_log_keeps_its_lines_during_the_draft_at_80_by_24(tmp_path: Path) -> None:
    """Issue 32: in the draft at 80x24 the table page's log had two lines (one under a line asking ahead):
    the caption took two lines with the deck's count, and each card of the deal a blank line. The count is
    in the row's title, the caption one line, the cards as tall as their text: the log shows four lines."""
    from tests.snapshots.test_codename_snapshots import app_at

    for phase in (Phase.DEAL, Phase.AUCTION):
        app = app_at(tmp_path, phase)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, CodenameScreen))
            await pilot.pause(0.3)
            log = app.screen.query_one("#cn-table-log", ActionLog)
            note = app.screen.query_one("#cn-table-note", Static)
            row = app.screen.query_one("#zone-row")
            assert note.region.height == 1, phase
            assert "cards in the deck" in str(row.border_title)
            assert log.scrollable_content_region.height >= 4, (phase, log.region)

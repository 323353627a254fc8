"""Dialogs and the rules screen are built once and shown again with new content (issue 10): what a player
sees is what a newly built one would show, and nothing stays behind once the game screen is gone."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import msgspec
from textual.widgets import Input, OptionList

from chimera_tui.launch import LaunchPlan, load_start
from chimera_tui.ui.app import ChimeraApp
from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.games.codename.screen import CodenameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu
from chimera_tui.ui.games.station.screen import StationScreen
from chimera_tui.ui.games.station.widgets import ChoiceDialog
from chimera_tui.ui.widgets.hex_grid import HexGrid
from chimera_tui.ui.widgets.rules_panel import RulesPanel
from tests.ui.settle import until

SAMPLES = Path(__file__).parents[2] / "saves"


def _sample(name: str, tmp_path: Path) -> ChimeraApp:
    start = msgspec.structs.replace(load_start(SAMPLES / name), save_path=None)
    return ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=30.0)


def _shown_options(dialog: ChoiceDialog | ActionMenu) -> list[str]:
    options = dialog.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_choice_dialog_is_kept_and_shows_each_time_s_choices(tmp_path: Path) -> None:
    app = _sample("station-4p-round4.chimera", tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StationScreen))
        screen = app.screen
        assert isinstance(screen, StationScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        first = app.screen
        assert isinstance(first, ChoiceDialog)
        few = list(first.choices)
        assert _shown_options(first) == few
        await pilot.press("down", "escape")
        await until(pilot, lambda: isinstance(app.screen, StationScreen))

        await pilot.press("c")  # every choice: the same dialog, with other content
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert dialog is first
        assert isinstance(dialog, ChoiceDialog)
        assert len(dialog.choices) > len(few)
        assert _shown_options(dialog) == dialog.choices
        options = dialog.query_one(OptionList)
        assert options.highlighted == 0 and options.has_focus
        preview = str(dialog.query_one("#choice-preview").render())
        assert dialog.previews[0][0] in preview
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StationScreen))

        kept = weakref.ref(dialog)
        gone = weakref.ref(screen)
        del dialog, first, screen
        await pilot.press("escape")  # leave the game: its kept dialog goes with it
        await until(pilot, lambda: not any(isinstance(s, StationScreen) for s in app.screen_stack))
        await pilot.pause(0.2)
        assert not any(isinstance(s, ChoiceDialog) for s in app._installed_screens.values())
        gc.collect()
        assert kept() is None and gone() is None


async def test_the_rules_screen_is_kept_and_opens_on_the_topic_under_the_cursor(tmp_path: Path) -> None:
    app = _sample("station-4p-round4.chimera", tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StationScreen))
        screen = app.screen
        assert isinstance(screen, StationScreen)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        first_topic = rules.query_one(RulesPanel).topic_id
        await pilot.press("b", "o", "o", "k")  # a search left behind
        await pilot.press("escape", "escape")
        await until(pilot, lambda: app.screen is screen)

        grid = screen.query_one(HexGrid)
        topics = {first_topic}
        for _ in range(12):  # to a place with another topic
            await pilot.press("right" if grid.cursor.q < 1 else "down")
            topic = screen.rules_topic()
            if topic not in topics:
                break
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen is rules
        panel = rules.query_one(RulesPanel)
        wanted = screen.rules_topic()
        assert panel.topic is not None and wanted is not None
        assert panel.topic_id == wanted or panel.topic.title.lower().startswith(wanted.lower())
        search = rules.query_one("#rules-search", Input)
        assert search.value == "" and search.has_focus
        assert panel.matches == panel.topics


async def test_the_codename_menu_is_kept_and_shows_each_time_s_choices(tmp_path: Path) -> None:
    app = _sample("codename-4p-fight.chimera", tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CodenameScreen))
        screen = app.screen
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ActionMenu))
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        everything = list(menu.labels)
        assert _shown_options(menu) == everything
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ActionMenu))
        assert app.screen is menu
        assert _shown_options(menu) == everything
        assert menu.query_one(OptionList).highlighted == 0


async def test_a_kept_dialog_shown_again_with_the_same_choices_is_not_updated_again(tmp_path: Path) -> None:
    """Opening the same choices again (`c`, Escape, `c`) leaves the dialog's list and preview as they are (no
    layout, no line rendered again); once its highlight moved, it is put back on the first choice."""
    app = _sample("station-4p-round4.chimera", tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StationScreen))
        updates: list[object] = []
        for _ in range(2):  # made, then shown again once (which remembers what it shows)
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, StationScreen))
        options = next(s for s in app._installed_screens.values() if isinstance(s, ChoiceDialog)).query_one(
            OptionList
        )
        set_options = options.set_options
        options.set_options = lambda new: updates.append(new) or set_options(new)  # type: ignore[method-assign]
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert updates == [], "the same choices were put in the list again"
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert _shown_options(dialog) == dialog.choices
        assert dialog.query_one(OptionList).has_focus
        await pilot.press("down", "escape")  # the highlight moved: the next time starts from the first again
        await until(pilot, lambda: isinstance(app.screen, StationScreen))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        options = dialog.query_one(OptionList)
        assert options.highlighted == 0 and len(updates) == 1
        assert dialog.previews[0][0] in str(dialog.query_one("#choice-preview").render())

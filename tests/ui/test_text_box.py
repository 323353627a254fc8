"""Text boxes keep their cursor shown instead of blinking it (`chimera_tui.ui.widgets.text_box`): a blink is a
frame written twice a second to every idle player with a text box open, and a change that keeps a screen
shown again from reusing its last picture (issue 37)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input

from chimera_tui.ui.dialogs.rules import RulesScreen
from chimera_tui.ui.widgets.text_box import TextBox

SOURCE = Path(__file__).parents[2] / "chimera_tui"


def _input_uses(tree: ast.AST) -> list[int]:
    """Lines of `tree` that make a Textual `Input` or subclass it directly."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Input":
            found.append(node.lineno)
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == "Input" for base in node.bases
        ):
            found.append(node.lineno)
    return found


def test_every_text_box_of_the_app_is_a_steady_one() -> None:
    uses = {
        str(path.relative_to(SOURCE)): lines
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name != "text_box.py" and (lines := _input_uses(ast.parse(path.read_text())))
    }
    assert uses == {}, "make these a TextBox (chimera_tui/ui/widgets/text_box.py)"


def test_the_check_finds_a_text_box_made_from_textuals_input() -> None:
    made = ast.parse(
        "from textual.widgets import Input\nbox = Input(placeholder='x')\nclass Mine(Input): pass\n"
    )
    assert sorted(_input_uses(made)) == [2, 3]


class _OneBox(App[None]):
    def __init__(self, box: Input) -> None:
        super().__init__()
        self.box = box

    def compose(self) -> ComposeResult:
        yield self.box


async def _cursor_shown_over_two_seconds(box: Input) -> set[bool]:
    """Whether the cursor was drawn, sampled five times a second for two seconds, the box given the
    keyboard."""
    app = _OneBox(box)
    seen = set()
    async with app.run_test(size=(40, 8)) as pilot:
        box.focus()
        for _ in range(10):
            await pilot.pause(0.2)
            seen.add(box._cursor_visible)  # what Input draws its cursor by
    return seen


async def test_a_text_box_with_the_keyboard_shows_its_cursor_throughout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # blinking as in the app (tests/conftest.py stops Textual's blink for screenshots)
    assert await _cursor_shown_over_two_seconds(TextBox(placeholder="steady")) == {True}
    # The check can fail: Textual's own Input blinks within the same time.
    assert await _cursor_shown_over_two_seconds(Input(placeholder="blinking")) == {True, False}


async def test_the_rules_search_box_is_steady() -> None:
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RulesScreen("station"))
        await pilot.pause()
        box = app.screen.query_one("#rules-search", Input)
        assert isinstance(box, TextBox)
        assert box.has_focus and not box.cursor_blink

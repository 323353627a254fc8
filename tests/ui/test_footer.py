"""The footer rebuilds only when the keys it shows change (a Tab used to rebuild it every time)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from chimera_tui.ui.widgets.footer import KeysFooter


class Plain(Button):
    pass


class WithKey(Button):
    BINDINGS = [Binding("x", "noop", "Extra")]

    def action_noop(self) -> None:
        pass


class FooterApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Plain("a", id="a")
        yield Plain("b", id="b")
        yield WithKey("c", id="c")
        yield KeysFooter()


def _shown(app: App[None]) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


async def test_focus_changes_with_the_same_keys_do_not_rebuild_the_footer() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(KeysFooter)
        rebuilt: list[int] = []
        original = footer.recompose

        async def counting() -> None:
            rebuilt.append(1)
            await original()

        footer.recompose = counting  # type: ignore[method-assign]
        app.query_one("#a").focus()
        await pilot.pause()
        rebuilt.clear()
        await pilot.press("tab")  # a -> b: the same keys
        await pilot.pause()
        assert app.focused is app.query_one("#b")
        assert rebuilt == []
        assert "Extra" not in _shown(app)
        await pilot.press("tab")  # b -> c: a new key appears
        await pilot.pause()
        assert rebuilt, "the footer must rebuild when its keys change"
        assert "Extra" in _shown(app)
        await pilot.press("tab")  # c -> a: the key goes again
        await pilot.pause()
        assert "Extra" not in _shown(app)

"""The footer never rebuilds on a focus change: same keys, nothing happens; other keys, the key widgets it has
are updated in place (a Tab used to remove and mount every key)."""

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


class Greyed(Button):
    """Shows the app's key greyed out, with its own tooltip."""

    BINDINGS = [Binding("x", "noop", "Extra", tooltip="Greyed here")]

    def action_noop(self) -> None:
        pass

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "noop" else True


class FooterApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Plain("a", id="a")
        yield Plain("b", id="b")
        yield WithKey("c", id="c")
        yield Greyed("d", id="d")
        yield KeysFooter()


def _shown(app: App[None]) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


async def test_focus_changes_update_the_footer_in_place() -> None:
    app = FooterApp()
    async with app.run_test(size=(120, 10)) as pilot:
        footer = app.query_one(KeysFooter)
        rebuilt: list[int] = []
        original = footer.recompose

        async def counting() -> None:
            rebuilt.append(1)
            await original()

        footer.recompose = counting  # type: ignore[method-assign]
        app.query_one("#a").focus()
        await pilot.pause()
        first = list(app.screen.query(FooterKey))
        palette = (first[-1].key, first[-1].description)
        await pilot.press("tab")  # a -> b: the same keys
        await pilot.pause()
        assert app.focused is app.query_one("#b")
        assert list(app.screen.query(FooterKey)) == first, "the same keys: the same widgets"
        assert "Extra" not in _shown(app)
        await pilot.press("tab")  # b -> c: a new key appears
        await pilot.pause()
        assert "Extra" in _shown(app)
        last = app.screen.query(FooterKey).last()
        assert (last.key, last.description) == palette, "the palette key stays last, unchanged"
        extra = next(key for key in app.screen.query(FooterKey) if key.description == "Extra")
        assert not extra.has_class("-disabled") and extra.key == "x"
        await pilot.press("tab")  # c -> d: the same key, greyed out, with another tooltip
        await pilot.pause()
        greyed = next(key for key in app.screen.query(FooterKey) if key.description == "Extra")
        assert greyed.has_class("-disabled") and greyed.tooltip == "Greyed here"
        await pilot.press("tab")  # d -> a: the key goes again
        await pilot.pause()
        assert "Extra" not in _shown(app)
        assert rebuilt == [], "no focus change rebuilds the footer"
        last = app.screen.query(FooterKey).last()
        assert last.has_class("-command-palette") and (last.key, last.description) == palette


async def test_laying_out_or_resizing_the_footer_builds_no_keys() -> None:
    """Issue 10's first frame: once the footer has its keys, its first layout (its width known) and a resize
    make no key widgets, not even models to compare; those used to hold up the first frame's bytes."""
    app = FooterApp()
    async with app.run_test(size=(120, 10)) as pilot:
        await pilot.pause()
        made: list[FooterKey] = []
        original = FooterKey.__init__

        def counting(self: FooterKey, *args: object, **kwargs: object) -> None:
            made.append(self)
            original(self, *args, **kwargs)  # type: ignore[arg-type]

        FooterKey.__init__ = counting  # type: ignore[method-assign]
        try:
            footer = app.query_one(KeysFooter)
            footer.bindings_changed(app.screen)
            await pilot.resize_terminal(140, 12)  # both 100 columns or more: the same keys
            await pilot.pause()
            footer.bindings_changed(app.screen)
            await pilot.pause()
        finally:
            FooterKey.__init__ = original  # type: ignore[method-assign]
        assert made == []
        assert _shown(app)


async def test_below_100_columns_only_the_keys_that_work_now_show() -> None:
    """Issue 24: at 80 columns a game's footer was cut at the right; there, keys greyed out for the moment and
    the palette's reminder are left out (the greyed key still answers when pressed)."""
    app = FooterApp()
    async with app.run_test(size=(120, 10)) as pilot:
        app.query_one("#d").focus()
        await pilot.pause()
        wide = _shown(app)
        assert "Extra" in wide and "palette" in wide
        await pilot.resize_terminal(80, 10)
        await pilot.pause()
        narrow = _shown(app)
        assert "Extra" not in narrow and "palette" not in narrow
        await pilot.resize_terminal(120, 10)
        await pilot.pause()
        assert _shown(app) == wide


class LessonTurn(App[None]):
    """The keys of Imaginarium's lesson in a turn (issue 32: "… v View  g G" at 80 columns)."""

    KEYS = (
        ("enter", "Choose"), ("u", "Undo"), ("question_mark", "Rules"), ("escape", "Menu"), ("H", "Hint"),
        ("c", "Choices"), ("n", "End/Done"), ("v", "View"), ("g", "Guide"),
    )  # fmt: skip
    BINDINGS = [Binding(key, f"noop({i})", label) for i, (key, label) in enumerate(KEYS)]

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_noop(self, which: int) -> None:
        pass


async def test_keys_wider_than_80_columns_are_drawn_compact_and_read_whole() -> None:
    """Issue 32: at 80 columns the keys that work were 85 columns wide at the usual spacing and the last one
    was cut ("g G"). Drawn compact (one space between keys) they take 76, and every label is read whole; at
    99 columns, where they fit, the usual spacing comes back."""
    app = LessonTurn()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        keys = [k for k in app.screen.query(FooterKey) if not k.has_class("-command-palette")]
        assert [k.description for k in keys] == [label for _, label in LessonTurn.KEYS]
        assert max(k.region.right for k in keys) <= 80
        assert all(k.region.width == len(k.key_display) + len(k.description) + 1 for k in keys)
        await pilot.resize_terminal(99, 10)
        await pilot.pause()
        keys = [k for k in app.screen.query(FooterKey) if not k.has_class("-command-palette")]
        assert all(k.region.width == len(k.key_display) + len(k.description) + 3 for k in keys)
        await pilot.resize_terminal(80, 10)
        await pilot.pause()
        assert max(k.region.right for k in app.screen.query(FooterKey)) <= 80

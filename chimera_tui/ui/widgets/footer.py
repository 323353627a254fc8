"""The footer of every screen: Textual's Footer, rebuilt only when the keys it shows change, and then in place.

Textual's Footer recomposes all its keys whenever the screen's bindings may have changed, which includes
every focus change: it removes every key widget, mounts new ones and applies the CSS to each. Moving between
areas with Tab then cost about 25 ms of CPU at 160×50 and repainted the whole footer. This footer remembers
what it shows and skips the rebuild when nothing it would show is different; when only some keys differ
(a tooltip, a label, a key greyed out, a key more or less) it updates the key widgets it has, mounting or
removing only the difference, and recomposes only when the keys are grouped. Its keys are made in the
footer's compact style from the start: Textual's keys start compact, are restyled as they mount, and restyled
again when the footer's (not compact) style reaches them, two style passes per key for every footer built.

Below `NARROW` columns (an 80-column SSH window) it shows only what can be done now: keys greyed out for the
moment (they still answer when pressed) and the command palette's reminder (Ctrl+P still opens it) are left
out, so the keys that work fit the line. Where even those are wider than the line at the usual spacing (a
lesson's turn at 80 columns: Choose, Undo, Rules, Menu, Hint, Choices, End/Done, View and Guide), they are
drawn compact, one space between keys instead of two around each, so the last one is read whole.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import groupby

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 100
"""Below this many columns the footer shows only the keys that work now."""


class KeysFooter(Footer):
    """A Footer that changes only when the shown keys, their labels or their enabled state change."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: Hashable | None = None
        self._narrow = False

    def _is_narrow(self) -> bool:
        return self.app.size.width < NARROW

    def on_resize(self, event: Resize) -> None:
        if self._is_narrow() != self._narrow and self.is_attached:
            self._shown = None
            self.bindings_changed(self.screen)
        elif self.is_attached:
            self.compact = self._squeezed(list(self.query_children(FooterKey)))  # the keys follow (data_bind)

    def compose(self) -> ComposeResult:
        self._narrow = narrow = self._is_narrow()
        widgets = [
            widget
            for widget in super().compose()
            if not (
                narrow
                and isinstance(widget, FooterKey)
                and (widget._disabled or widget.has_class("-command-palette"))
            )
        ]
        self.compact = compact = self._squeezed([w for w in widgets if isinstance(w, FooterKey)])
        for widget in widgets:
            bound = getattr(widget, "_reactive_connect", None) or {}
            if isinstance(widget, FooterKey) and "compact" in bound:
                # Bound to the footer's compact style: give it that style now, not as it mounts.
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    def _squeezed(self, keys: Sequence[FooterKey | _Key]) -> bool:
        """Whether the footer showing `keys` is drawn compact: when the keys at the usual spacing (a space
        either side of each key, one after its label) are wider than the screen."""
        usual = sum(cell_len(k.key_display) + cell_len(k.description) + 3 for k in keys)
        return usual > self.app.size.width

    def _signature(self, screen: Screen[object]) -> Hashable:
        """What the footer would show for `screen` now."""
        keys = tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip, binding.group)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )
        return keys, self.show_command_palette, self._is_narrow()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            signature = self._signature(screen)
            if signature == self._shown and self._bindings_ready:
                return
            self._shown = signature
            if self._bindings_ready and self._update_in_place():
                return
        super().bindings_changed(screen)

    def _models(self) -> list[_Key] | None:
        """What `compose` would yield now, as plain data (making the key widgets to compare costs more than
        the update): None where it would yield grouped keys. Sets the footer's columns and compact style as
        `compose` does."""
        active = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        self.styles.grid_size_columns = len(by_action)
        key_display = self.app.get_key_display
        models: list[_Key] = []
        for group, same_group in groupby(by_action.values(), lambda bindings: bindings[0][0].group):
            listed = list(same_group)
            if group is not None and len(listed) > 1:
                return None
            for binding, enabled, tooltip in (bindings[0] for bindings in listed):
                models.append(
                    _Key(
                        binding.key,
                        key_display(binding),
                        binding.description,
                        binding.action,
                        not enabled,
                        tooltip,
                    )
                )
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                tooltip = binding.tooltip or binding.description
                models.append(
                    _Key(
                        binding.key,
                        key_display(binding),
                        binding.description,
                        binding.action,
                        not enabled,
                        tooltip,
                        True,
                    )
                )
        self._narrow = narrow = self._is_narrow()
        if narrow:
            models = [model for model in models if not (model.disabled or model.palette)]
        self.compact = self._squeezed(models)
        return models

    def _update_in_place(self) -> bool:
        """Make the mounted keys show what `compose` would now yield; False when that needs a recompose."""
        old = list(self.children)
        if not old or not all(type(w) is FooterKey for w in old):
            return False  # grouped keys (or nothing shown yet): rebuild
        new = self._models()
        if new is None:
            return False
        palette = [w for w in old if w.has_class("-command-palette")]
        new_palette = [m for m in new if m.palette]
        if len(palette) != len(new_palette):
            return False
        keys = [w for w in old if not w.has_class("-command-palette")]
        new_keys = [m for m in new if not m.palette]
        layout = False
        pairs = [*zip(keys, new_keys, strict=False), *zip(palette, new_palette, strict=True)]
        for widget, model in pairs:
            layout |= _copy_key(widget, model)  # type: ignore[arg-type]  # FooterKeys (checked above)
        if len(keys) > len(new_keys):
            self.remove_children(keys[len(new_keys) :])
        extra = [self._key_widget(model) for model in new_keys[len(keys) :]]
        if extra:
            if palette:
                self.mount_all(extra, before=palette[0])
            else:
                self.mount_all(extra)
        if layout:
            self.refresh(layout=True)
        return True

    def _key_widget(self, model: _Key) -> FooterKey:
        """A key widget showing `model`, as `compose` makes one (bound to the footer's compact style)."""
        widget = FooterKey(
            model.key,
            model.key_display,
            model.description,
            model.action,
            disabled=model.disabled,
            tooltip=model.tooltip,
            classes="-command-palette" if model.palette else "",
        ).data_bind(compact=Footer.compact)
        widget.set_reactive(FooterKey.compact, self.compact)
        widget.set_class(self.compact, "-compact", update=False)
        return widget


@dataclass(frozen=True)
class _Key:
    """What one key of the footer shows."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool
    tooltip: str
    palette: bool = False
    """The command palette's reminder (Ctrl+P)."""


def _copy_key(widget: FooterKey, model: _Key) -> bool:
    """Make `widget` show what `model` says; True when its width may have changed."""
    resized = (widget.key_display, widget.description) != (model.key_display, model.description)
    changed = resized or (widget.key, widget.action, widget._disabled) != (
        model.key,
        model.action,
        model.disabled,
    )
    widget.key, widget.key_display = model.key, model.key_display
    widget.description, widget.action = model.description, model.action
    widget._disabled = model.disabled
    widget.set_class(model.disabled, "-disabled")
    tooltip = model.tooltip or None
    if widget.tooltip != tooltip:
        widget.tooltip = tooltip
    if resized:
        widget.refresh(layout=True)
    elif changed:
        widget.refresh()
    return resized

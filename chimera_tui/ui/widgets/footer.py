"""The footer of every screen: Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer recomposes all its keys whenever the screen's bindings may have changed, which includes
every focus change. Moving between areas with Tab then rebuilt and repainted the whole footer, the largest
part of a Tab's cost in CPU and in bytes sent to the terminal. This footer remembers what it shows and
skips the rebuild when nothing it would show is different.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """A Footer that recomposes only when the shown keys, their labels or their enabled state change."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: Hashable | None = None

    def _signature(self, screen: Screen[object]) -> Hashable:
        """What the footer would show for `screen` now."""
        keys = tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip, binding.group)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )
        return keys, self.show_command_palette, self.compact, self.size.width

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            signature = self._signature(screen)
            if signature == self._shown and self._bindings_ready:
                return
            self._shown = signature
        super().bindings_changed(screen)

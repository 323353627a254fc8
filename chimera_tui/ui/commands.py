"""The command palette's own commands (Ctrl+P): the same commands as the menu and the keys."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.system_commands import SystemCommandsProvider

from chimera_tui import games

_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("New game", "new_game", "Set up a new game: players, bots, seed, options"),
    ("Load game", "load_game", "Resume a saved game"),
    ("Rules", "rules", "Browse the rules of any game"),
    ("Main menu", "menu", "Go back to the main menu (games stay saved)"),
    ("Quit", "quit", "Leave Chimera Tabletop"),
)


class ChimeraCommands(Provider):
    """New game, load, rules (one entry per game), menu and quit.

    Over the hand-off screen only Quit is offered: any other command would lead around the hand-off to the
    next seat's private view (or to a save of it).
    """

    def _entries(self) -> list[tuple[str, str, str]]:
        from chimera_tui.ui.dialogs.handoff import HandOffScreen

        if isinstance(self.screen, HandOffScreen):
            return [entry for entry in _COMMANDS if entry[1] == "quit"]
        entries = list(_COMMANDS)
        for game_id in games.game_ids():
            entries.append(
                (
                    f"Rules: {games.title(game_id)}",
                    f"rules('{game_id}')",
                    f"Open the rules of {games.title(game_id)}",
                )
            )
        return entries

    async def discover(self) -> Hits:
        for name, action, help_text in self._entries():
            yield DiscoveryHit(name, partial(self.app.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in self._entries():
            if (score := matcher.match(name)) > 0:
                yield Hit(
                    score, matcher.highlight(name), partial(self.app.run_action, action), help=help_text
                )


class ChimeraSystemCommands(SystemCommandsProvider):
    """Textual's own commands (theme, keys, screenshot) without its Quit, which `ChimeraCommands` offers
    already (two Quits in one list), and none at all over the hand-off screen, where only Quit leads
    anywhere."""

    async def discover(self) -> Hits:
        async for hit in super().discover():
            if self._offered(hit.text or str(hit.prompt)):
                yield hit

    async def search(self, query: str) -> Hits:
        async for hit in super().search(query):
            if self._offered(hit.text or str(hit.prompt)):
                yield hit

    def _offered(self, name: str) -> bool:
        from chimera_tui.ui.dialogs.handoff import HandOffScreen

        return name != "Quit" and not isinstance(self.screen, HandOffScreen)

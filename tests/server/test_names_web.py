"""Names in a browser (issue 34): a browser brings no name, so its client asks; a name another identity holds
is refused with one sentence and the question is asked again, and a code from the owner's page typed as
name+CODE adds the browser to that name."""

from __future__ import annotations

from pathlib import Path

from chimera_tui.server.naming import code_words, new_key_code
from chimera_tui.server.store.people import new_code
from chimera_tui.ui.screens.lobby import LineDialog, LobbyApp, LobbyScreen
from tests.server.helpers import hosted, until


async def _type(app: LobbyApp, pilot: object, text: str) -> None:
    await until(lambda: isinstance(app.screen, LineDialog))
    await pilot.press(*text, "enter")  # type: ignore[attr-defined]


async def test_a_browser_asking_for_a_taken_name_is_told_and_asked_again(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        assert await h.host.sign_in("SHA256:alice", "alice") == ("SHA256:alice", "alice")
        app = LobbyApp(str(h.socket), h.host.issue_ticket("web:browser", None), ask_name=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await _type(app, pilot, "Alice")
            await until(
                lambda: any("belongs to another player" in str(n.message) for n in app._notifications)
            )
            (told,) = [n.message for n in app._notifications]
            assert told.startswith(
                "The name Alice (it reads as alice) belongs to another player: type another name"
            )
            await _type(app, pilot, "W" * 30)  # longer than a name may be: refused, the limit named
            await until(lambda: any("at most 24 characters" in str(n.message) for n in app._notifications))
            code = new_key_code()
            await h.host.store.run(new_code("SHA256:alice", code, h.host.clock()))
            await _type(app, pilot, f"alice+{code_words(code)}")  # alice's own browser, with her code
            await until(lambda: isinstance(app.screen, LobbyScreen))
            assert app.link is not None and (app.link.name, app.link.identity) == ("alice", "SHA256:alice")

"""SIGTERM and SIGHUP end an app the way Ctrl+Q does, so Textual restores the terminal: shared by the local
app (`ChimeraApp`, which saves first) and the client app of a served session (`LobbyApp`).

`start_fresh` also puts those signals back to their default handling when a process starts: a process
started under ``nohup`` inherits SIGHUP as ignored, and would otherwise never hear a dropped line.
"""

from __future__ import annotations

import asyncio
import signal
from typing import ClassVar, Generic

from textual.app import App, ReturnType

HANDLED_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the app cleanly (terminal restored): kill, and a dropped SSH line."""


def start_fresh() -> None:
    """Default handling for the signals an app ends on, Python's own for SIGINT, none blocked, whatever the
    parent process had (SIGPIPE stays ignored, as Python sets it: a closed socket is an error, not death)."""
    for sig in HANDLED_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


class EndsOnSignals(App[ReturnType], Generic[ReturnType]):
    """An app that installs handlers for `HANDLED_SIGNALS` before it takes the terminal, and ends on them
    once no screen is half-way through mounting."""

    HANDLED_SIGNALS: ClassVar[tuple[signal.Signals, ...]] = HANDLED_SIGNALS

    _handled: list[signal.Signals]

    def on_load(self) -> None:
        # Before the terminal is put in raw mode, so no moment of the run can be killed without restoring it.
        if not self.is_headless:
            self._install_signal_handlers()

    def _install_signal_handlers(self) -> None:
        self._handled = []
        try:
            loop = asyncio.get_running_loop()
            for sig in self.HANDLED_SIGNALS:
                loop.add_signal_handler(sig, self.on_signal, sig)
                self._handled.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no such signal
            pass

    def _remove_signal_handlers(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        for sig in getattr(self, "_handled", ()):
            loop.remove_signal_handler(sig)
        self._handled = []

    def on_signal(self, sig: signal.Signals) -> None:
        """A clean exit with status 128 + the signal's number."""
        self._remove_signal_handlers()
        self._exit_when_mounted(128 + int(sig), None, tries=100)

    def _exit_when_mounted(self, code: int, message: str | None, tries: int) -> None:
        """Exit once no screen is half-way through mounting (a signal can come while a screen opens);
        `tries` bounds the wait to about two seconds."""
        if tries > 0 and any(not screen.is_mounted for screen in self.screen_stack):
            self.set_timer(0.02, lambda: self._exit_when_mounted(code, message, tries - 1))
            return
        self.exit(return_code=code, message=message)

"""Textual's Linux input thread run on a real pseudo-terminal, with a stand-in for the rest of the driver: how
often it waited (`select` calls) while nothing was typed, and the keys it handed on."""

from __future__ import annotations

import os
import selectors
import threading
import time
import tty
from collections.abc import Callable
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver

HANG = 20.0


class StandInDriver:
    """What `run_input_thread` and `disable_input` use of a `LinuxDriver`, on a pseudo-terminal."""

    def __init__(self) -> None:
        self.master, self.fileno = os.openpty()
        tty.setraw(self.fileno)  # as the driver sets the terminal: each key as it is typed
        self._debug = False
        self.exit_event = threading.Event()
        self._key_thread: threading.Thread | None = None
        self.keys: list[str] = []
        self.got_key = threading.Event()

    def process_message(self, message: Any) -> None:
        if isinstance(message, events.Key):
            self.keys.append(message.key)
            self.got_key.set()

    def _disable_mouse_support(self) -> None:
        pass

    def start(self) -> None:
        self._key_thread = threading.Thread(target=LinuxDriver.run_input_thread, args=(self,), daemon=True)
        self._key_thread.start()

    def stop(self) -> bool:
        """Stop the thread as the app does at its end; whether it ended."""
        LinuxDriver.disable_input(self)  # type: ignore[arg-type]
        assert self._key_thread is not None
        self._key_thread.join(HANG)
        ended = not self._key_thread.is_alive()
        os.close(self.master)
        os.close(self.fileno)
        return ended


def selects_while_idle(seconds: float = 1.0, driver: Callable[[], Any] = StandInDriver) -> int:
    """How many times a stand-in driver's input thread (the terminal's, or `web_input_probe`'s) waited for input
    in `seconds` with nothing typed: the waits of both kinds of selector it may use are counted."""
    calls = 0
    originals = {cls: cls.select for cls in {selectors.DefaultSelector, selectors.SelectSelector}}

    def counting(original: Any) -> Any:
        def counted(self: selectors.BaseSelector, timeout: float | None = None) -> Any:
            nonlocal calls
            calls += 1
            return original(self, timeout)

        return counted

    for cls, original in originals.items():
        cls.select = counting(original)  # type: ignore[method-assign]
    try:
        stand_in = driver()
        stand_in.start()
        time.sleep(seconds)
        waited = calls
        assert stand_in.stop(), "the input thread did not stop"
    finally:
        for cls, original in originals.items():
            cls.select = original  # type: ignore[method-assign]
    return waited

"""Textual's web input thread run on a real pipe, as textual-serve feeds a client process, with a stand-in for
the rest of the driver: the keys and messages it handed on (`input_thread_probe.selects_while_idle` counts how
often it waits while nothing comes)."""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

from textual import events
from textual.drivers._input_reader_linux import InputReader
from textual.drivers.web_driver import WebDriver

from tests.ui.input_thread_probe import HANG


class _Stdin:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet as textual-serve relays it: its kind, its length (4 bytes, big-endian), the payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


class StandInWebDriver:
    """What `run_input_thread` and `stop_application_mode` use of a `WebDriver`, reading a pipe."""

    def __init__(self) -> None:
        self.incoming, self.sender = os.pipe()
        stdin = sys.__stdin__
        sys.__stdin__ = _Stdin(self.incoming)  # type: ignore[assignment]  # what InputReader reads
        try:
            self._input_reader = InputReader()
        finally:
            sys.__stdin__ = stdin
        self._debug = False
        self.exit_event = threading.Event()
        self._key_thread: threading.Thread | None = None
        self.keys: list[str] = []
        self.messages: list[str] = []
        self.written: list[dict[str, object]] = []
        self.got = threading.Event()

    def process_message(self, message: Any) -> None:
        if isinstance(message, events.Key):
            self.keys.append(message.key)
            self.got.set()

    _on_meta = WebDriver._on_meta

    def on_meta(self, kind: str, payload: dict[str, object]) -> None:
        self.messages.append(kind)
        self.got.set()
        if kind == "exit":
            WebDriver.on_meta(self, kind, payload)  # type: ignore[arg-type]  # ends the input, as it does

    def write_meta(self, data: dict[str, object]) -> None:
        self.written.append(data)

    def send(self, data: bytes) -> None:
        os.write(self.sender, data)

    def type(self, text: str) -> None:
        self.send(packet(b"D", text.encode()))

    def tell(self, message: dict[str, object]) -> None:
        self.send(packet(b"M", json.dumps(message).encode()))

    def start(self) -> None:
        self._key_thread = threading.Thread(target=WebDriver.run_input_thread, args=(self,), daemon=True)
        self._key_thread.start()

    def stop(self) -> bool:
        """Stop the thread as the app does at its end; whether it ended."""
        WebDriver.stop_application_mode(self)  # type: ignore[arg-type]
        assert self._key_thread is not None
        self._key_thread.join(HANG)
        ended = not self._key_thread.is_alive()
        os.close(self.sender)
        os.close(self.incoming)
        return ended

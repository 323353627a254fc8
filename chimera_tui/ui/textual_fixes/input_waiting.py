"""One fix for the terminal's input thread, which woke ten times a second with nothing to read.

* **An idle app's input thread polls** (``idle-input``; not reported upstream yet: drafted as "The Linux
  driver's input thread wakes every 100 ms while idle", draft 6 in ``docs/textual-upstream.md``). Textual's
  ``LinuxDriver.run_input_thread`` waits for the terminal with ``select(0.1)`` so that it can notice, within a
  tenth of a second, that it should stop and that a lone Escape has waited long enough to be a key. An idle
  app therefore wakes ten times a second for nothing: one served lobby costs 0.1 % of a core doing nothing,
  and 196 idle lobbies 17 % (issue 23). The thread now waits without a bound, except until the moment the
  key parser is waiting for (a lone Escape becomes a key then), and ``disable_input`` wakes it through a pipe
  of its own before it joins the thread. Keys, pastes, mouse, Escape and stopping behave as before.
"""

from __future__ import annotations

import os
import selectors
import threading
from codecs import getincrementaldecoder
from typing import Any

from textual._parser import Parser
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["close_wake_pipe", "install_idle_input", "wait_until_ready", "wake", "wake_pipe"]

_pipes_lock = threading.Lock()


def wake_pipe(driver: Any) -> tuple[int, int]:
    """The pipe that wakes `driver`'s input thread (read end, write end), made by whichever of the thread and
    `disable_input` asks first, so the thread cannot miss a wake that came before it started waiting."""
    with _pipes_lock:
        pipe: tuple[int, int] | None = driver.__dict__.get("_chimera_wake")
        if pipe is None:
            pipe = os.pipe()
            driver.__dict__["_chimera_wake"] = pipe
        return pipe


def wake(driver: Any) -> None:
    """Wake `driver`'s input thread if it is waiting on its pipe (one not yet made, or closed, needs none)."""
    with _pipes_lock:
        pipe: tuple[int, int] | None = driver.__dict__.get("_chimera_wake")
        if pipe is not None:
            os.write(pipe[1], b"w")


def close_wake_pipe(driver: Any) -> None:
    """Close `driver`'s wake pipe, once its input thread has ended."""
    with _pipes_lock:
        pipe = driver.__dict__.pop("_chimera_wake", None)
    for end in pipe or ():
        os.close(end)


def wait_until_ready(selector: selectors.BaseSelector, parser: Parser[Any]) -> list[tuple[Any, int]]:
    """What `selector` has ready, waiting without a bound while `parser` waits for nothing, else until the
    moment a lone Escape it holds becomes a key (then possibly with nothing ready)."""
    due: float | None = parser._timeout_time
    return selector.select(None if due is None else max(0.0, due - get_time()))


def _run_input_thread(self: Any) -> None:
    """Read the terminal and hand its keys to the app until `exit_event` is set (see the module)."""
    terminal = self.fileno
    wake, _ = wake_pipe(self)
    selector = selectors.SelectSelector()
    selector.register(terminal, selectors.EVENT_READ)
    selector.register(wake, selectors.EVENT_READ)
    parser = XTermParser(self._debug)
    decode = getincrementaldecoder("utf-8")().decode

    def take(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
        if any(key.fd == terminal for key, _ in ready):
            text = decode(os.read(terminal, 4096), final=final)
            if text:
                for event in parser.feed(text):
                    self.process_message(event)
        for event in parser.tick():
            self.process_message(event)

    try:
        while not self.exit_event.is_set():
            take(wait_until_ready(selector, parser))
        selector.unregister(terminal)
        take(selector.select(0), final=True)
    finally:
        selector.close()
        try:
            for _ in parser.feed(""):
                pass
        except Exception:  # the end of input, as Textual ends it
            pass


def install_idle_input() -> None:
    original_run: Any = LinuxDriver.__dict__.get("run_input_thread")
    original_disable: Any = LinuxDriver.__dict__.get("disable_input")
    parser_times_out = "_timeout_time" in Parser.__init__.__code__.co_names
    if original_run is None or original_disable is None or not parser_times_out:
        return
    if "select" not in original_run.__code__.co_names:
        return

    def disable_input(self: LinuxDriver) -> None:
        if not self.exit_event.is_set():
            os.write(wake_pipe(self)[1], b"w")  # the thread wakes; it stops once the event below is set
        original_disable(self)
        if self._key_thread is None or not self._key_thread.is_alive():
            close_wake_pipe(self)

    replace("idle-input", LinuxDriver, "run_input_thread", _run_input_thread)
    replace("idle-input", LinuxDriver, "disable_input", disable_input)
    mark_applied("idle-input", original_run)

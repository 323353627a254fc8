"""The same fix for the web driver's input thread, which also woke ten times a second with nothing to read.

* **An idle web session's input thread polls** (``idle-web-input``; not reported upstream yet: drafted with
  ``idle-input`` as draft 6 in ``docs/textual-upstream.md``). Textual's ``WebDriver.run_input_thread`` reads
  the packets textual-serve relays from the browser through ``InputReader``, which waits with ``select(0.1)``
  and hands on an empty read each time, so the key parser can turn a lone Escape into a key. An idle browser
  tab therefore woke its client ten times a second, as an SSH session did before ``idle-input``. The thread
  now waits without a bound, except until the moment the key parser is waiting for, and
  ``stop_application_mode`` wakes it through a pipe of its own (`input_waiting.wake_pipe`). Keys, the
  browser's resize, focus and quit packets, a lone Escape and stopping behave as before.
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from traceback import format_exc
from typing import Any

from textual import log
from textual._parser import Parser
from textual._xterm_parser import XTermParser
from textual.drivers import web_driver
from textual.drivers._byte_stream import ByteStream
from textual.drivers._input_reader_linux import InputReader

from chimera_tui.ui.textual_fixes.input_waiting import close_wake_pipe, wait_until_ready, wake, wake_pipe
from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_idle_web_input"]


def _run_input_thread(self: Any) -> None:
    """Read the relayed packets and hand their keys and messages to the app until the reader is closed, the
    input ends, or textual-serve says "exit" (see the module)."""
    reader = self._input_reader
    incoming: int = reader._fileno
    wake, _ = wake_pipe(self)
    selector = selectors.DefaultSelector()
    selector.register(incoming, selectors.EVENT_READ)
    selector.register(wake, selectors.EVENT_READ)
    parser = XTermParser(debug=self._debug)
    decode = getincrementaldecoder("utf-8")().decode
    packets = ByteStream()
    try:
        while not reader._exit_event.is_set():
            ready = wait_until_ready(selector, parser)
            if any(key.fd == incoming for key, _ in ready):
                data = os.read(incoming, 1024)
                if not data:
                    return
                for kind, payload in packets.feed(data):
                    if kind == "D":
                        for event in parser.feed(decode(payload)):
                            self.process_message(event)
                    else:
                        self._on_meta(kind, payload)
            for event in parser.tick():
                self.process_message(event)
    except web_driver._ExitInput:
        pass
    except Exception:
        log(format_exc())
    finally:
        selector.close()
        reader.close()
        close_wake_pipe(self)


def install_idle_web_input() -> None:
    original_run: Any = web_driver.WebDriver.__dict__.get("run_input_thread")
    original_stop: Any = web_driver.WebDriver.__dict__.get("stop_application_mode")
    parser_times_out = "_timeout_time" in Parser.__init__.__code__.co_names
    reader_shape = {"_fileno", "_exit_event"} <= set(InputReader.__init__.__code__.co_names)
    if original_run is None or original_stop is None or not (parser_times_out and reader_shape):
        return
    if "_input_reader" not in original_run.__code__.co_names or not hasattr(web_driver, "_ExitInput"):
        return

    def stop_application_mode(self: Any) -> None:
        original_stop(self)  # closes the reader: the thread stops once woken
        wake(self)

    replace("idle-web-input", web_driver.WebDriver, "run_input_thread", _run_input_thread)
    replace("idle-web-input", web_driver.WebDriver, "stop_application_mode", stop_application_mode)
    mark_applied("idle-web-input", original_run)

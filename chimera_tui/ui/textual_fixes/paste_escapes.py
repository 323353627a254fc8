"""One fix for a bracketed paste that holds an escape byte.

* **What follows an ESC inside a paste arrives as key presses** (``paste-escapes``; not reported upstream
  yet: drafted as "Text after an ESC inside a bracketed paste is sent as key presses", draft 7 in
  ``docs/textual-upstream.md``). ``XTermParser.parse`` keeps a pasted character for the paste only while it
  is not reading an escape sequence. From an ESC on it reads ahead for a sequence it knows, keeps none of
  what it read for the paste, and when the next ESC comes (or 32 characters, or a pause longer than
  ``ESCDELAY``) it sends all of it to the app as key presses: ``^``, ``[``, ``3``, ``1``, ``m``, the words,
  the line breaks as Enter and ``ctrl+j``. A paste of ``aaa \\x1b[31mred\\x1b[0m bbb`` typed its tail into the
  line and pressed Enter, which said the line and closed the chat; a longer paste went on to the game below
  (cursor moves, a change of view), and the ``Paste`` event itself held only what came before the first ESC.
  Now, once the parser has read a paste's start, everything up to the paste's end goes into one ``Paste``
  event, read by nobody else, with no timeout (a paste split over several reads stays one paste). What a
  paste keeps is bounded (`PASTE_LIMIT` characters; the rest is dropped up to the paste's end), so a client
  that opens a paste and never ends it cannot grow its own process without bound. What the app does with the
  escape bytes in a paste is its own business (``chimera_tui.ui.pasting`` turns them into plain text).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from textual import events
from textual._parser import ParseEOF, ParseError, ParseTimeout, Read1
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.message import Message

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["PASTE_LIMIT", "install_paste_escapes"]

PASTE_LIMIT = 1 << 20
"""The most characters one paste keeps (a megabyte of text: far more than any line of this app takes)."""

_Parse = Generator[Read1, str, None]


def _read_paste() -> Generator[Read1, str, str | None]:
    """The characters of a paste whose start was just read, up to its end (not kept); None when the input
    ended first. No timeout: a paste arriving in pieces is still one paste."""
    kept: list[str] = []
    room = PASTE_LIMIT + len(BRACKETED_PASTE_END)
    last = ""
    while True:
        try:
            character = yield Read1()
        except ParseTimeout:  # nothing asked for one; a paste waits for its end however long it takes
            continue
        except ParseEOF:
            return None
        last = (last + character)[-len(BRACKETED_PASTE_END) :]
        if last == BRACKETED_PASTE_END:
            text = "".join(kept)
            ends_with = BRACKETED_PASTE_END[:-1]
            if text.endswith(ends_with):
                text = text[: -len(ends_with)]
            return text[:PASTE_LIMIT]
        if len(kept) < room:
            kept.append(character)


def install_paste_escapes() -> None:
    original_parse: Any = XTermParser.__dict__.get("parse")
    if original_parse is None:
        return
    code = original_parse.__code__
    if (
        "BRACKETED_PASTE_START" not in code.co_names
        or "paste_buffer" not in code.co_cellvars + code.co_varnames
    ):
        return

    def parse(self: XTermParser, token_callback: Callable[[Message], None]) -> _Parse:
        """Textual's parser for everything but a paste's text (see the module)."""

        def but_its_pastes(token: Message) -> None:
            if not isinstance(token, events.Paste):  # the pastes are read here, whole
                token_callback(token)

        keys: _Parse = original_parse(self, but_its_pastes)
        try:
            wanted = next(keys)
            last = ""  # what Textual's parser read last, as long as a paste's start
            while True:
                try:
                    character = yield wanted
                except ParseError as error:  # a timeout (a lone Escape) or the end: Textual's to handle
                    last = ""
                    wanted = keys.throw(error)
                    continue
                wanted = keys.send(character)
                last = (last + character)[-len(BRACKETED_PASTE_START) :]
                if last != BRACKETED_PASTE_START:
                    continue
                last = ""  # Textual's parser is now in its paste, and reads no more of it
                text = yield from _read_paste()
                if text is None:
                    keys.close()
                    return
                token_callback(events.Paste(text.replace("\x00", "")))
                for character in BRACKETED_PASTE_END:  # it leaves its paste (an empty one, not passed on)
                    wanted = keys.send(character)
        except StopIteration:
            return

    replace("paste-escapes", XTermParser, "parse", parse)
    mark_applied("paste-escapes", original_parse)

"""The messages about the people of a host: one-time codes that add a key to a name, the keys on your page,
and the host ending a session (see `protocol`)."""

from __future__ import annotations

import msgspec

from chimera_tui.server.protocol_base import Message


class GetKeyCode(Message):
    """Ask for a one-time code that adds another key to your name (answered with `KeyCode`)."""


class KeyCode(Message):
    """The answer to `GetKeyCode`: log in from the new key as `name`+`code` before `expires` (once)."""

    code: str
    name: str
    expires: float


class KeyInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One key (or browser) that signs in to your account, on your own page."""

    identity: str
    """"SHA256:…" for an SSH key, "web:…" for a browser."""
    last_seen: float = 0.0
    this: bool = False
    """The key of the session asking."""


class Goodbye(Message):
    """The host ends this session (the operator banned or renamed its player); `reason` is a sentence."""

    reason: str

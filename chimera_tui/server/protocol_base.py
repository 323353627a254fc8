"""The base of every message between a client process and the table host (see `protocol`)."""

from __future__ import annotations

import msgspec


class Message(msgspec.Struct, tag=True, kw_only=True):
    """Base of every message; the tag is the class name."""

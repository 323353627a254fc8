"""The messages of where a player is told of their turns: the settings on their page, and changing them
(see `protocol` and `server.notify`)."""

from __future__ import annotations

from chimera_tui.server.protocol_base import Message


class GetNotify(Message):
    """Ask where you are told of your turns (answered with `NotifySettings`)."""


class SetNotify(Message):
    """Change it (answered with `NotifySettings`, or `Refused` with one sentence).

    what: "email" (`value` an address; "" removes it: a code is sent to a new one), "confirm" (`value` the
    code), "hook" (`value` an http(s) URL; "" removes it), "test" (send a test to each destination now),
    "digest" (`value` "on": one message a day; "off": one message each).
    """

    what: str
    value: str = ""


class NotifySettings(Message):
    """Where you are told, as your page shows it."""

    email: str = ""
    email_confirmed: bool = False
    code_pending: bool = False
    hook: str = ""
    digest: bool = False
    mail_on: bool = False
    """The server sends e-mail (its operator gave it a mail server)."""
    hooks_on: bool = False
    """The server posts to web hooks."""
    said: str = ""
    """What the change did, in one sentence ("A code is on its way to alice@example.org.")."""

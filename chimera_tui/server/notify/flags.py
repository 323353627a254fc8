"""The flags of `chimera serve` for messages to players (off unless given): the mail server, web hooks, the
public address for links, the hourly limit. Light (argparse only) like `server.flags`; what they configure
is built by `read_notify` when `serve` runs."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from chimera_tui.server.notify.sending import NotifyOptions


class NotifyFlagError(ValueError):
    """A flag whose value is not allowed; the message is one sentence."""


def add_notify_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("messages to players (turn-based tables; off unless given)")
    group.add_argument(
        "--smtp", metavar="HOST:PORT", help="send e-mail through this mail server (TLS on 465, else STARTTLS)"
    )
    group.add_argument(
        "--smtp-from", metavar="ADDRESS", help="the sender of the e-mail (default chimera@this host's name)"
    )
    group.add_argument(
        "--smtp-tls",
        choices=("starttls", "tls", "none"),
        help="how to secure it (none: a relay on this machine only)",
    )
    group.add_argument(
        "--smtp-login",
        metavar="FILE",
        help="a file holding the mail server's user (first line) and password (second line); else the "
        "CHIMERA_SMTP_USER and CHIMERA_SMTP_PASSWORD variables, else no login",
    )
    group.add_argument(
        "--hooks", action="store_true", help="let players be told through a web hook of their own"
    )
    group.add_argument(
        "--hooks-to-private",
        action="store_true",
        help="let hooks reach this machine and private addresses too (a hook is a stranger's URL: only on a closed network)",
    )
    group.add_argument(
        "--public-url",
        metavar="URL",
        help="how players reach this server, for the messages' stop line: https://HOST (the --web page: stop links) "
        "or ssh://HOST:PORT (the command)",
    )
    group.add_argument(
        "--messages-per-hour", metavar="N", help="messages one person gets an hour at most (default 10)"
    )


def read_notify(args: argparse.Namespace) -> NotifyOptions:
    """What the flags configure.

    Raises:
        NotifyFlagError: for a value that is not allowed (one sentence naming the flag).
    """
    from chimera_tui.server.notify.mail import MailOptions, read_login
    from chimera_tui.server.notify.sending import NotifyOptions

    smtp = getattr(args, "smtp", None)
    mail = None
    if smtp:
        host, sep, port = smtp.rpartition(":")
        host = host.strip("[]")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise NotifyFlagError(f"--smtp takes HOST:PORT, such as mail.example.org:587, not {smtp!r}.")
        login_file = getattr(args, "smtp_login", None)
        try:
            login = read_login(Path(login_file) if login_file else None)
        except ValueError as exc:
            raise NotifyFlagError(f"--smtp-login: {exc}") from None
        tls = getattr(args, "smtp_tls", None) or ("tls" if int(port) == 465 else "starttls")
        sender = getattr(args, "smtp_from", None) or f"chimera@{socket.getfqdn()}"
        if "@" not in sender or any(ch.isspace() for ch in sender):
            raise NotifyFlagError(
                f"--smtp-from takes an address such as chimera@example.org, not {sender!r}."
            )
        mail = MailOptions(host=host, port=int(port), sender=sender, tls=tls, login=login)
    elif getattr(args, "smtp_login", None) or getattr(args, "smtp_from", None):
        raise NotifyFlagError("--smtp-login and --smtp-from go with --smtp HOST:PORT.")
    public = getattr(args, "public_url", None) or ""
    parts = urlsplit(public)
    if public and (parts.scheme not in ("http", "https", "ssh") or not parts.hostname):
        raise NotifyFlagError(f"--public-url takes https://HOST or ssh://HOST:PORT, not {public!r}.")
    if parts.scheme in ("http", "https") and not getattr(args, "web", None):
        raise NotifyFlagError("--public-url https://… is the --web page's address: give --web HOST:PORT too.")
    per_hour = getattr(args, "messages_per_hour", None) or "10"
    if not per_hour.isdigit() or not 1 <= int(per_hour) <= 1000:
        raise NotifyFlagError(f"--messages-per-hour must be a whole number from 1 to 1000, not {per_hour!r}.")
    to_private = bool(getattr(args, "hooks_to_private", False))
    return NotifyOptions(
        mail=mail,
        hooks=bool(getattr(args, "hooks", False)) or to_private,
        hooks_to_private=to_private,
        public_url=public,
        per_hour=int(per_hour),
    )


def describe(options: NotifyOptions) -> str:
    """The server's line about messages (never a login)."""
    if not options.on:
        return "messages to players: off (--smtp, --hooks)"
    ways = []
    if options.mail is not None:
        login = ", with a login" if options.mail.login else ""
        ways.append(f"e-mail through {options.mail.host}:{options.mail.port} ({options.mail.tls}{login})")
    if options.hooks:
        ways.append("web hooks" + (" (private addresses allowed)" if options.hooks_to_private else ""))
    return f"messages to players: {' and '.join(ways)}, at most {options.per_hour} an hour each"

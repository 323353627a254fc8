"""Sending one e-mail through the operator's mail server (`chimera serve --smtp HOST:PORT`), with Python's own
`smtplib` in a thread so the event loop never waits on the network.

TLS: ``tls`` (implicit TLS, port 465's way), ``starttls`` (the default on any other port: the connection is
upgraded before anything is said, and a server that does not offer it is a failure) or ``none`` (only for a
relay on the same machine). The login (user and password) comes from a file (`read_login`) or the
environment (`ENV_USER`, `ENV_PASSWORD`), never from the command line, and never reaches the log: a failure
is logged as its SMTP code and the server's first words.
"""

from __future__ import annotations

import asyncio
import os
import smtplib
import ssl
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

ENV_USER = "CHIMERA_SMTP_USER"
ENV_PASSWORD = "CHIMERA_SMTP_PASSWORD"

TLS_MODES = ("starttls", "tls", "none")


class SendError(Exception):
    """A message could not be sent; `permanent` when trying again cannot help (a refused address, a hook
    that is gone). The message is one line without secrets."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


@dataclass(frozen=True)
class MailOptions:
    host: str
    port: int
    sender: str
    """The From address."""
    tls: str = "starttls"
    login: tuple[str, str] | None = field(default=None, repr=False)
    context: ssl.SSLContext | None = field(default=None, repr=False)
    """The TLS context (None: the system's trusted authorities, host names checked)."""
    timeout: float = 20.0


def read_login(
    path: Path | None, environ: dict[str, str] | os._Environ[str] = os.environ
) -> tuple[str, str] | None:
    """The SMTP login: from `path` (its first line the user, its second the password), else from
    `ENV_USER` and `ENV_PASSWORD`, else None.

    Raises:
        ValueError: a file that cannot be read or does not hold two lines (the message names the file only).
    """
    if path is not None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ValueError(f"cannot read the SMTP login file '{path}': {exc.strerror or exc}.") from None
        if len(lines) < 2 or not lines[0].strip():
            raise ValueError(
                f"the SMTP login file '{path}' must hold the user on its first line and the password on its second."
            )
        return lines[0].strip(), lines[1]
    user, password = environ.get(ENV_USER, ""), environ.get(ENV_PASSWORD, "")
    return (user, password) if user else None


def message(options: MailOptions, to: str, subject: str, body: str, stop: str, key: str) -> EmailMessage:
    """The e-mail: plain text, a Message-ID made from the queue's `key` (the same on a second try), and the
    stop link in List-Unsubscribe (one click, RFC 8058) when there is one."""
    mail = EmailMessage()
    mail["From"] = options.sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["Date"] = format_datetime(datetime.now(UTC))
    domain = options.sender.rpartition("@")[2] or "chimera.invalid"
    mail["Message-ID"] = make_msgid(idstring=key.replace(" ", "."), domain=domain)
    mail["Auto-Submitted"] = "auto-generated"
    if stop.startswith(("https://", "http://")):
        mail["List-Unsubscribe"] = f"<{stop}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content(body)
    return mail


def _send(options: MailOptions, mail: EmailMessage) -> None:
    context = options.context or ssl.create_default_context()
    try:
        if options.tls == "tls":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                options.host, options.port, context=context, timeout=options.timeout
            )
        else:
            smtp = smtplib.SMTP(options.host, options.port, timeout=options.timeout)
        with smtp:
            smtp.ehlo()
            if options.tls == "starttls":
                if not smtp.has_extn("starttls"):
                    raise SendError("the mail server offers no STARTTLS")
                smtp.starttls(context=context)
                smtp.ehlo()
            if options.login is not None:
                smtp.login(*options.login)
            smtp.send_message(mail)
    except SendError:
        raise
    except smtplib.SMTPRecipientsRefused as exc:
        code, said = next(iter(exc.recipients.values()))
        raise SendError(
            f"the mail server refused the address ({code} {_said(said)})", permanent=code >= 500
        ) from None
    except smtplib.SMTPAuthenticationError as exc:
        raise SendError(f"the mail server refused the login ({exc.smtp_code})") from None
    except smtplib.SMTPResponseException as exc:
        raise SendError(
            f"the mail server said {exc.smtp_code} {_said(exc.smtp_error)}",
            permanent=exc.smtp_code >= 500 and exc.smtp_code != 554,
        ) from None
    except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
        raise SendError(
            f"cannot reach the mail server {options.host}:{options.port}: {type(exc).__name__}"
        ) from None


def _said(text: bytes | str) -> str:
    line = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return line.splitlines()[0][:80] if line else ""


async def send_mail(options: MailOptions, mail: EmailMessage) -> None:
    """Send `mail` (in a thread).

    Raises:
        SendError: when it could not be sent.
    """
    await asyncio.to_thread(_send, options, mail)

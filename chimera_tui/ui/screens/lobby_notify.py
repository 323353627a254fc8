"""Where you are told of your turns, as your own page shows it (see `server.notify`): the words, and the
prompts of its keys (e an e-mail address, c its code, h a web hook, t a test, d one message a day)."""

from __future__ import annotations

from urllib.parse import urlsplit

from chimera_tui.server import protocol as P

PROMPTS = {
    "email": (
        "Your e-mail address (a code is sent to it; remove takes it away):",
        "e.g. alice@example.org",
        254,
    ),
    "confirm": ("The code sent to your address:", "e.g. 4821-7730", 12),
    "hook": (
        "Your web hook, https://… (ntfy, Discord, Slack, Matrix; remove takes it away):",
        "https://",
        500,
    ),
}


def short_hook(url: str) -> str:
    """A hook as your page shows it: its host only (its path often holds a secret)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname}/…" if parts.hostname else "…"


def notify_words(settings: P.NotifySettings | None) -> str:
    """The lines under your names and keys."""
    if settings is None or not (settings.mail_on or settings.hooks_on):
        return "Messages about your turns: this server sends none."
    if settings.email and settings.email_confirmed:
        email = f"{settings.email} (confirmed)"
    elif settings.email:
        email = (
            f"{settings.email} (waiting for its code: c)"
            if settings.code_pending
            else f"{settings.email} (its code expired: e again)"
        )
    else:
        email = "none"
    keys = []
    if settings.mail_on:
        keys.append("e e-mail")
        if settings.code_pending:
            keys.append("c its code")
    if settings.hooks_on:
        keys.append("h web hook")
    keys += ["t send a test", "d " + ("one message each" if settings.digest else "one message a day")]
    parts = []
    if settings.mail_on:
        parts.append(f"e-mail {email}")
    if settings.hooks_on:
        parts.append(f"web hook {short_hook(settings.hook) if settings.hook else 'none'}")
    pace = "one message a day" if settings.digest else "one message each time"
    lines = [
        f"Told of your turns when you are away: {'; '.join(parts)}; {pace}.",
        ", ".join(keys) + ".",
    ]
    if settings.said:
        lines.append(settings.said)
    return "\n".join(lines)

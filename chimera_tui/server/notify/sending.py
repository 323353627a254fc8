"""The host's sender: it takes the messages whose time has come from the queue in the store and sends them,
by e-mail or to a web hook, each once.

- A message is sent only after this host took it (`outbox.claim`); a taken message whose host died is free
  again after `CLAIM_FOR` seconds. So a restart, a host killed with messages waiting, or several hosts on
  one PostgreSQL database lose none and send none twice. (Only a host dying between the mail server's "OK"
  and the store's "sent" can send one twice; such a message keeps its Message-ID and its hook `id`.)
- "Your move" and reminders are sent by the host that drives their table (`TableStore.drives`), which asks
  the host whether they are still true (`Checks.still_true`): still that player's move at that step, and the
  player connected nowhere. Those of a table that ended are dropped by any host, since no host drives it
  then; a host holding no copy of the table (it missed the table's news) asks the store whether it ended,
  never guesses. Other messages are sent by any host.
- A message that fails is tried again after 30 s, 1 min, 2 min… (at most an hour apart) and given up after
  `outbox.TRIES` attempts, or at once when trying again cannot help, with a line in the log.
- At most `per_hour` messages go to one person an hour; the rest wait.
- A day's digest is taken by one host (`outbox.take_digest`) and queued like any message.

The log names accounts and kinds of messages, never an address, a hook or a login.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

from chimera_tui.server.clock import Clock
from chimera_tui.server.notify import hooks, online, outbox, words
from chimera_tui.server.notify.mail import MailOptions, SendError, message, send_mail
from chimera_tui.server.store import StoreUnavailable, TableStore
from chimera_tui.server.store.steps import Steps, T

log = logging.getLogger("chimera.server.notify")

CLAIM_FOR = 120.0
"""Seconds a host holds a message it took; after that another host (or this one restarted) may send it."""

ONLINE_EVERY = 60.0


@dataclass(frozen=True)
class NotifyOptions:
    """What the operator configured (`chimera serve --smtp`, `--hooks`, `--public-url`...)."""

    mail: MailOptions | None = None
    hooks: bool = False
    hooks_to_private: bool = False
    public_url: str = ""
    """``https://HOST`` (a `--web` host: stop links), ``ssh://HOST:PORT`` (the command), or ""."""
    per_hour: int = 10
    grace: float = 120.0
    """Seconds after a table becomes someone's move before they are told (a quick reply sends nothing)."""
    poll: float = 10.0
    """Real seconds between two looks at the queue for what other hosts queued."""

    @property
    def on(self) -> bool:
        return self.mail is not None or self.hooks


class Checks(Protocol):
    """What the sender asks the host."""

    async def still_true(self, row: outbox.Outgoing) -> str | bool | None:
        """For a turn or reminder: its words now, None when it is no longer true (its table ended, or this
        host drives the table and it is not that move any more), False when another host must say (the
        table's driver). A host holding no copy of the table asks the store."""
        ...

    def waiting_words(self, account: str) -> list[str]:
        """The tables waiting for `account`'s move, as a digest lists them."""
        ...

    def connected_here(self) -> set[str]:
        """The accounts with sessions on this host."""
        ...


def backoff(tries: int) -> float:
    """Seconds before attempt `tries` + 1."""
    return float(min(30 * 2**tries, 3600))


def stop_how(public_url: str, stop: str) -> str:
    """The stop link (a `--web` host's) or the command, for the last line of every message."""
    parts = urlsplit(public_url)
    if parts.scheme in ("http", "https") and stop:
        return f"{public_url.rstrip('/')}/stop/{stop}"
    if parts.scheme == "ssh" and parts.hostname:
        port = f"-p {parts.port} " if parts.port else ""
        return f"ssh {port}{parts.hostname}, then p (your page) and e or h to remove it."
    return ""


class Sender:
    """The sending loop of one host (see the module's docstring)."""

    def __init__(self, store: TableStore, timer: Clock, options: NotifyOptions, checks: Checks) -> None:
        self.store = store
        self.timer = timer
        self.options = options
        self.checks = checks
        self.host = secrets.token_hex(8)
        """This host's name in the queue and the online rows (a fresh one each start)."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._online_at = 0.0
        self.sent = 0

    async def run(self, steps: Steps[T]) -> T:
        return await self.store.run(steps)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(Exception):
            for account in self.checks.connected_here():
                await self.run(online.online(self.host, account, False, self.timer.now()))

    def wake(self) -> None:
        """Look at the queue now (something was queued here)."""
        self._wake.set()

    async def _loop(self) -> None:
        while True:
            after: float | None = None
            try:
                await self.send_due()
                after = await self.run(outbox.next_due(self.timer.now()))
                if after is not None and after <= self.timer.now():
                    after = None  # due, but another host's to send (or taken): look again at the next poll
            except StoreUnavailable:
                log.warning("messages wait: the store cannot be reached")
            except Exception:  # a bug must cost one look at the queue, never the sender
                log.exception("sending messages failed")
            await self._sleep(after)

    async def _sleep(self, until: float | None) -> None:
        self._wake.clear()
        waits: set[asyncio.Future[object]] = {asyncio.ensure_future(self._wake.wait())}
        if until is not None:
            waits.add(asyncio.ensure_future(self.timer.sleep_until(until)))
        try:
            await asyncio.wait(waits, timeout=self.options.poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    async def send_due(self) -> None:
        """Send every message whose time has come that this host may take; take the digests due."""
        now = self.timer.now()
        if now - self._online_at >= ONLINE_EVERY or now < self._online_at:
            self._online_at = now
            await self.run(online.still_online(self.host, now))
        for account, was in await self.run(outbox.digests_due(now)):
            await self._digest(account, was, now)
        for row in await self.run(outbox.due(now)):
            await self._one(row)

    async def _digest(self, account: str, was: float, now: float) -> None:
        lines = await self.run(outbox.take_digest(account, was, now))
        if lines is None:
            return  # another host took it
        tables = self.checks.waiting_words(account)
        if not lines and not tables:
            return
        settings = await self.run(outbox.settings_of(account, now))
        event = outbox.Event(
            f"digest {account} {was:.0f}", account, "digest", words.digest(lines, tables), now
        )
        for channel in settings.channels():
            await self.run(outbox.queue_to(event, channel, "", now))

    async def _one(self, row: outbox.Outgoing) -> None:
        text: str | None = row.text
        if row.kind in ("turn", "reminder"):
            found = await self.checks.still_true(row)
            if found is False:
                return  # the table's driver sends it
            text = found if isinstance(found, str) else None
        now = self.timer.now()
        if not await self.run(outbox.claim(row.id, self.host, now, now + CLAIM_FOR)):
            return
        elsewhere = text is not None and row.kind in ("turn", "reminder")
        if elsewhere and await self.run(online.connected_elsewhere(row.account, self.host, now)):
            # connected on another host (or one that died a moment ago): its lobby says so; look again later
            await self.run(outbox.retry(row.id, now + online.ONLINE_FOR, failed=False))
            return
        if text is None:
            await self.run(outbox.finish(row.id, "dropped", now))
            return
        if await self.run(outbox.sent_since(row.account, now - 3600)) >= self.options.per_hour:
            await self.run(outbox.retry(row.id, now + 600, failed=False))  # the hourly limit: it waits
            return
        settings = await self.run(outbox.settings_of(row.account, now))
        target = self._target(row, settings)
        if not target:
            await self.run(outbox.finish(row.id, "dropped", now))
            return
        try:
            await self._deliver(row, text, target, settings)
        except SendError as exc:
            if exc.permanent or row.tries + 1 >= outbox.TRIES:
                log.warning("gave up a message (%s) to %s by %s: %s", row.kind, row.account, row.channel, exc)
                await self.run(outbox.finish(row.id, "failed", self.timer.now()))
            else:
                log.info("a message (%s) to %s by %s waits: %s", row.kind, row.account, row.channel, exc)
                await self.run(outbox.retry(row.id, self.timer.now() + backoff(row.tries)))
            return
        await self.run(outbox.finish(row.id, "sent", self.timer.now()))
        self.sent += 1
        log.info("sent a message (%s) to %s by %s", row.kind, row.account, row.channel)

    def _target(self, row: outbox.Outgoing, settings: outbox.Settings) -> str:
        """Where `row` goes now ("" when nowhere: the destination was removed or changed)."""
        if row.channel == "email":
            if self.options.mail is None:
                return ""
            if row.kind == "confirm":
                return row.target if row.target == settings.email and not settings.email_confirmed else ""
            return settings.email if settings.email_confirmed else ""
        if row.channel == "hook" and self.options.hooks:
            return settings.hook if not row.target or row.target == settings.hook else ""
        return ""

    async def _deliver(self, row: outbox.Outgoing, text: str, target: str, settings: outbox.Settings) -> None:
        how = stop_how(self.options.public_url, settings.stop)
        if row.channel == "email":
            assert self.options.mail is not None
            subject = f"{words.SUBJECT}: {text}" if len(text) < 70 else words.SUBJECT
            content = f"{text}\n\n{words.stop_line(how)}\n"
            mail = message(self.options.mail, target, subject, content, how, row.key)
            await send_mail(self.options.mail, mail)
        else:
            line = f"{text} {words.stop_line(how)}"
            body = hooks.payload(line, target, row.kind, row.key, row.code, self.timer.now())
            await hooks.post(target, body, self.options.hooks_to_private)

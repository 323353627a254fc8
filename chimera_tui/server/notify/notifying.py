"""The host's part in telling players of their turns (off unless the operator configured it; see `sending`).

What is queued, by the host that drives the table (`TableStore.drives`), when the table changes or a host
takes it over (every `drive`), each event under a key of its own so that it is queued once:

- a turn-based table became a person's move: "Your move at K7QX4 (Chimera Station), 21 h left." after
  `NotifyOptions.grace`, and a reminder when a quarter of the move's time is left; both are sent only if still
  true then (that move, nobody connected), so a quick reply sends nothing;
- a move's time ran out (`deadline_passed`, from the driving part): what the table told every seat;
- a table ended: its result, to everyone who sat at it.

Every text is made from what every seat may know (`words`). The player's page changes the settings
(`notify_request`).
"""

from __future__ import annotations

import logging
import re
import secrets

from chimera_tui.engine.plain_text import plain_text
from chimera_tui.server import protocol as P
from chimera_tui.server.core import HostCore, Session
from chimera_tui.server.notify import hooks, online, outbox, words
from chimera_tui.server.notify.sending import NotifyOptions, Sender
from chimera_tui.server.results import result_text
from chimera_tui.server.tables import HostedTable

log = logging.getLogger("chimera.server.notify")

OFF = "This server sends no messages: its operator has not set up e-mail or web hooks."
NO_MAIL = "This server sends no e-mail (its operator gave it no mail server)."
NO_HOOKS = "This server posts to no web hooks (its operator has not allowed them)."
CODES_AN_HOUR = 3
"""Confirmation codes one address gets an hour at most, whoever asks (nobody can flood a stranger's mailbox)."""

REMOVE = ("-", "none", "off", "remove")
"""What a player types to remove an address or a hook."""

EMAIL = re.compile(
    r"[^@\s<>(),;:\"\[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)


def email_problem(address: str) -> str | None:
    """Why `address` cannot be an e-mail address here (one sentence), or None."""
    if len(address) > 254 or not EMAIL.fullmatch(address):
        return f"{address[:60]!r} is not an e-mail address like alice@example.org."
    return None


def new_code() -> str:
    """A confirmation code: eight digits, "4821-7730"."""
    digits = f"{secrets.randbelow(10**8):08d}"
    return f"{digits[:4]}-{digits[4:]}"


def clean_code(text: str) -> str:
    digits = "".join(ch for ch in text if ch.isdigit())
    return f"{digits[:4]}-{digits[4:8]}"


class Notifying(HostCore):
    """Queues the events of the tables this host drives, and answers the player's page (see the module)."""

    notify_options = NotifyOptions()
    sender: Sender | None = None
    _queued: dict[str, set[str]]

    async def start_notifying(self, options: NotifyOptions) -> None:
        self.notify_options = options
        self._queued = {}
        if options.on:
            self.sender = Sender(self.store, self.timer, options, self)
            self.sender.start()

    async def stop_notifying(self) -> None:
        if self.sender is not None:
            await self.sender.stop()

    # -- what is queued ----------------------------------------------------------------------------------

    def drive(self, table: HostedTable) -> None:
        """Queue what `table` has to tell (on the host that drives it), then let its timers move."""
        if self.sender is not None and not self._closing and self.store.drives(table.code):
            self._queue(table.code, self.events_of(table))
        super().drive(table)

    def deadline_passed(self, table: HostedTable, actor: int, line: str) -> None:
        """A move's time ran out and the table did what its creator chose (`line`, told to every seat)."""
        owner = table.record.owners[actor]
        if self.sender is None or not owner or table.match is None:
            return
        event = outbox.Event(
            f"deadline {table.code} {len(table.match)}",
            owner,
            "deadline",
            words.deadline(table.code, table.rules.title, line),
            self.clock(),
            table.code,
        )
        self._queue(table.code, [event])

    def events_of(self, table: HostedTable) -> list[outbox.Event]:
        """What `table` as it is now has to tell, each under its event's key."""
        record, match = table.record, table.match
        if match is None:
            return []
        code, title, now = table.code, table.rules.title, self.clock()
        if table.over:
            said = table.row.result if table.row is not None and table.row.result else ""
            said = said or result_text(table.rules, match.state, record.names)
            text = words.result(code, title, said)
            people = sorted({owner for owner in record.owners if owner})
            return [outbox.Event(f"result {code} {who}", who, "result", text, now, code) for who in people]
        actor = table.to_act()
        if record.pace != "turn" or actor is None or table.is_bot_seat(actor) or actor in table.away:
            return []
        owner = record.owners[actor]
        if not owner or actor in record.for_good:
            return []
        step, grace = len(match), self.notify_options.grace
        quarter = table.turn_started + 0.75 * record.turn_limit
        return [
            outbox.Event(f"turn {code} {step}", owner, "turn", "", now + grace, code, step, actor),
            outbox.Event(
                f"reminder {code} {step}", owner, "reminder", "", max(quarter, now + grace), code, step, actor
            ),
        ]

    def _queue(self, code: str, events: list[outbox.Event]) -> None:
        if len(self._queued) > 2 * len(self.tables) + 100:  # finished tables' keys: the store keeps them once
            self._queued.clear()
        known = self._queued.setdefault(code, set())
        fresh = [event for event in events if event.key not in known]
        if not fresh:
            return
        if len(known) > 64:
            known.clear()
        known.update(event.key for event in fresh)
        self._spawn(self._store_events(fresh))

    async def _store_events(self, events: list[outbox.Event]) -> None:
        assert self.sender is not None
        try:
            for event in events:
                await self.store.run(outbox.queue(event, self.clock()))
        except Exception:  # the store is away: a host that drives the table later queues it again
            log.warning("could not queue %d message(s) now", len(events))
            for event in events:
                self._queued.get(event.code, set()).discard(event.key)
            return
        self.sender.wake()

    # -- what the sender asks ----------------------------------------------------------------------------

    async def still_true(self, row: outbox.Outgoing) -> str | bool | None:
        code = row.code
        table = self.tables.get(code)
        if table is None:
            # Forgotten here once it ended, or opened elsewhere while this host missed its news: no guess
            # from what this host does not hold; the store says.
            stored = await self.store.load(code)
            if stored is None or stored.finished is not None:
                return None  # ended: no host drives it any more, so whichever host looks drops it
            table = await self.find_table(code, stored)  # and followed from now on, as the news would have
            if table is None:  # unreadable here: its driver decides, or nobody can if that is this host
                return None if self.store.drives(code) else False
            if self.store.drives(code):
                self.drive(table)  # taken over without a copy: its timers run here from now on
        if table.over:
            return None  # a game that ended stays ended, whatever news this copy missed
        if not self.store.drives(code):
            return False  # the driver's copy is the one surely up to date: it decides
        if table.match is None:
            return None
        if (
            table.to_act() != row.seat
            or len(table.match) != row.step
            or table.record.owners[row.seat] != row.account
            or row.seat in table.away
            or self._sessions.get(row.account)
            or table.sessions_at(row.seat) > 0
        ):
            return None
        left = table.turn_started + table.record.turn_limit - self.clock()
        if left <= 0:
            return None
        say = words.your_move if row.kind == "turn" else words.reminder
        return say(row.code, table.rules.title, left)

    def waiting_words(self, account: str) -> list[str]:
        now = self.clock()
        return [
            words.waiting(table.code, table.rules.title, table.turn_started + table.record.turn_limit - now)
            for table in self.tables.values()
            if table.record.pace == "turn" and table.waits_for(account)
        ]

    def connected_here(self) -> set[str]:
        return set(self._sessions)

    def presence_changed(self, identity: str) -> None:
        """`identity` connected or left this host: the other hosts' senders learn it."""
        if self.sender is not None and not self._closing:
            here = bool(self._sessions.get(identity))
            self._spawn(self._online(identity, here))

    async def _online(self, identity: str, here: bool) -> None:
        assert self.sender is not None
        try:
            await self.store.run(online.online(self.sender.host, identity, here, self.clock()))
        except Exception:
            log.warning("could not note that %s is %s", identity, "here" if here else "gone")

    # -- the player's page -------------------------------------------------------------------------------

    async def notify_request(
        self, session: Session, message: P.GetNotify | P.SetNotify
    ) -> P.NotifySettings | str:
        """Answer the player's page: the settings, after the change asked for (or why not)."""
        options = self.notify_options
        if self.sender is None:
            return OFF
        account, now, said = session.identity, self.clock(), ""
        if isinstance(message, P.SetNotify):
            value = plain_text(message.value, hooks.URL_LIMIT + 1)
            done = await self._change(account, message.what, value, now)
            if done is not None and not done.startswith("+"):
                return done
            said = (done or "+")[1:]
        settings = await self.store.run(outbox.settings_of(account, now))
        return P.NotifySettings(
            email=settings.email,
            email_confirmed=settings.email_confirmed,
            code_pending=settings.code_pending,
            hook=settings.hook,
            digest=settings.digest,
            mail_on=options.mail is not None,
            hooks_on=options.hooks,
            said=said,
        )

    async def _change(self, account: str, what: str, value: str, now: float) -> str | None:
        """Make the change; a refusal, or "+" and what it did."""
        run, stop, options = self.store.run, secrets.token_urlsafe(24), self.notify_options
        removing = value.lower() in REMOVE or not value
        if what == "email":
            if options.mail is None:
                return NO_MAIL
            if not removing and (problem := email_problem(value)) is not None:
                return problem
            if not removing and await run(outbox.codes_to(value, now - 3600)) >= CODES_AN_HOUR:
                return "Too many codes went to that address this hour: try again later."
            code = new_code()
            await run(outbox.set_email(account, "" if removing else value, code, stop, now))
            if removing:
                return "+Your e-mail address is removed: nothing more is sent there."
            event = outbox.Event(
                f"confirm {account} {secrets.token_hex(4)}", account, "confirm", words.confirm(code), now
            )
            await run(outbox.queue_to(event, "email", value, now))
            self._wake_sender()
            return f"+A code is on its way to {value}: type it here (c) to confirm the address."
        if what == "confirm":
            problem = await run(outbox.confirm_email(account, clean_code(value), now))
            return problem or "+Your address is confirmed: you will hear of your turns there."
        if what == "hook":
            if not options.hooks:
                return NO_HOOKS
            if not removing and (problem := hooks.url_problem(value)) is not None:
                return problem
            if not removing and (problem := hooks.literal_problem(value, options.hooks_to_private)):
                return problem
            await run(outbox.set_hook(account, "" if removing else value, stop, now))
            return "+Your web hook is removed." if removing else "+Your web hook is set: t sends it a test."
        if what == "test":
            settings = await run(outbox.settings_of(account, now))
            targets = [(ch, settings.email if ch == "email" else settings.hook) for ch in settings.channels()]
            if not targets:
                return "Give a confirmed e-mail address or a web hook first (e, h)."
            event = outbox.Event(f"test {account} {secrets.token_hex(4)}", account, "test", words.TEST, now)
            for channel, target in targets:
                await run(outbox.queue_to(event, channel, target, now))
            self._wake_sender()
            return (
                "+A test is on its way to "
                + " and ".join("your address" if ch == "email" else "your hook" for ch, _ in targets)
                + "."
            )
        if what == "digest":
            on = value.lower() == "on"
            await run(outbox.set_digest(account, on, stop, now))
            return "+One message a day from now on." if on else "+One message for each turn from now on."
        return "Unknown setting."

    def _wake_sender(self) -> None:
        if self.sender is not None:
            self.sender.wake()

    async def stop_link(self, stop: str) -> bool:
        """The stop link `stop` was followed: its account is told nowhere from now on."""
        done = await self.store.run(outbox.stop_all(stop, self.clock()))
        if done:
            log.info("a stop link was followed: messages stopped")
        return done

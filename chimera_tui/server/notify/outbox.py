"""Where a player is told of their turns, and the queue of messages, as store operations (run with
`TableStore.run`, one transaction each; see `store.steps`).

- `notify_settings`: per account (a person, `store.people`), an e-mail address (used only once confirmed by
  the code sent to it: `set_email`, `confirm_email`), a web hook URL, one message a day (the digest) or one
  each, and the secret of the account's stop link (`stop`).
- `notify_outbox`: one row per message and destination (channel "email" or "hook"). Its `key` names the event
  ("turn K7QX4 12 email"), unique, so an event queued twice (by a host that took a table over, say) is one
  message. A row waits until `due`; a host sends it only after taking it (`claim`: a compare-and-set on
  `claimed_until`), so two hosts never send one row; then it is "sent", tried again later (`retry`), or
  "failed" after `TRIES`. Rows "held" wait for the account's next digest.
- `notify_online` (`online`): who is connected on which host.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from chimera_tui.server.store.steps import Query, Rows, Steps

CODE_LIFETIME = 3600.0
"""Seconds the code that confirms an e-mail address stays good."""

CODE_TRIES = 5
"""Wrong codes before a confirmation code is void (a new one must be sent)."""

TRIES = 8
"""Attempts at one message before it is given up (with a line in the log)."""

DAY = 24 * 3600.0

CHANNELS = ("email", "hook")


@dataclass(frozen=True)
class Settings:
    """Where `account` is told, as its page shows it."""

    account: str
    email: str = ""
    email_confirmed: bool = False
    code_pending: bool = False
    """A confirmation code was sent to `email` and not typed yet."""
    hook: str = ""
    digest: bool = False
    stop: str = ""
    """The secret of the account's stop link ("" before anything was set)."""

    def channels(self) -> tuple[str, ...]:
        """Where messages go now: a confirmed address, a hook."""
        return tuple(
            channel
            for channel, on in (("email", self.email and self.email_confirmed), ("hook", self.hook))
            if on
        )


@dataclass(frozen=True)
class Outgoing:
    """One message in the queue, for one destination."""

    id: int
    key: str
    account: str
    kind: str
    """"turn", "reminder", "deadline", "result", "digest", "confirm" or "test"."""
    code: str
    step: int
    seat: int
    channel: str
    target: str
    """The destination a confirm or test message goes to ("": the account's own at sending time)."""
    text: str
    due: float
    tries: int


_SETTINGS = "email, email_confirmed, email_code, email_code_expires, hook, digest, stop"
_OUTGOING = "id, key, account, kind, code, step, seat, channel, target, text, due, tries"


def code_digest(account: str, code: str) -> str:
    """How a confirmation code is stored: salted with its account."""
    return hashlib.sha256(f"notify\n{account}\n{code}".encode()).hexdigest()


def _settings(account: str, now: float) -> Steps[Settings]:
    found = (yield Query(f"SELECT {_SETTINGS} FROM notify_settings WHERE account = ?", (account,))) or Rows()
    row = found.first()
    if row is None:
        return Settings(account)
    email, confirmed, code, expires, hook, digest, stop = row
    return Settings(
        account,
        email=str(email),
        email_confirmed=bool(confirmed),
        code_pending=bool(code) and float(expires) >= now,
        hook=str(hook),
        digest=bool(digest),
        stop=str(stop),
    )


def settings_of(account: str, now: float) -> Steps[Settings]:
    """Where `account` is told (nothing set: every field empty)."""
    return (yield from _settings(account, now))


def _ensure(account: str, stop: str, now: float) -> Steps[None]:
    yield Query(
        "INSERT INTO notify_settings (account, email, email_confirmed, email_code, email_code_expires, "
        "email_tries, hook, digest, digest_due, stop, updated) VALUES (?, '', 0, '', 0, 0, '', 0, 0, ?, ?) "
        "ON CONFLICT (account) DO NOTHING",
        (account, stop, now),
    )


def _drop_waiting(account: str, channel: str) -> Steps[None]:
    yield Query(
        "UPDATE notify_outbox SET state = 'dropped' WHERE account = ? AND channel = ? AND state = 'wait'",
        (account, channel),
    )


def set_email(account: str, address: str, code: str, stop: str, now: float) -> Steps[Settings]:
    """Make `address` the account's (unconfirmed until `code` is typed; "" removes it). `stop`: the stop
    link's secret if the account has none yet."""
    yield from _ensure(account, stop, now)
    yield Query(
        "UPDATE notify_settings SET email = ?, email_confirmed = 0, email_code = ?, email_code_expires = ?, "
        "email_tries = 0, updated = ? WHERE account = ?",
        (address, code_digest(account, code) if address else "", now + CODE_LIFETIME, now, account),
    )
    yield from _drop_waiting(account, "email")
    return (yield from _settings(account, now))


def confirm_email(account: str, code: str, now: float) -> Steps[str | None]:
    """Confirm the account's address with `code`; None when it is confirmed now, else why not."""
    found = (
        yield Query(
            "SELECT email, email_code, email_code_expires, email_tries FROM notify_settings WHERE account = ?",
            (account,),
        )
    ) or Rows()
    row = found.first()
    if row is None or not row[0]:
        return "Give an e-mail address first (e)."
    if not row[1] or float(row[2]) < now:
        return "That address has no code waiting: give it again (e) for a new one."
    if not hmac.compare_digest(str(row[1]), code_digest(account, code)):
        void = int(row[3]) + 1 >= CODE_TRIES
        yield Query(
            "UPDATE notify_settings SET email_tries = email_tries + 1, email_code = ? WHERE account = ?",
            ("" if void else str(row[1]), account),
        )
        return "That code is wrong; a new one is needed now (e)." if void else "That code is wrong."
    yield Query(
        "UPDATE notify_settings SET email_confirmed = 1, email_code = '', updated = ? WHERE account = ?",
        (now, account),
    )
    return None


def set_hook(account: str, url: str, stop: str, now: float) -> Steps[Settings]:
    """Make `url` the account's web hook ("" removes it)."""
    yield from _ensure(account, stop, now)
    yield Query("UPDATE notify_settings SET hook = ?, updated = ? WHERE account = ?", (url, now, account))
    yield from _drop_waiting(account, "hook")
    return (yield from _settings(account, now))


def set_digest(account: str, on: bool, stop: str, now: float) -> Steps[Settings]:
    """One message a day (`on`) or one message each; the first digest goes a day from `now`."""
    yield from _ensure(account, stop, now)
    yield Query(
        "UPDATE notify_settings SET digest = ?, digest_due = ?, updated = ? WHERE account = ?",
        (int(on), now + DAY, now, account),
    )
    return (yield from _settings(account, now))


def stop_all(stop: str, now: float) -> Steps[bool]:
    """The stop link `stop` was followed: forget the account's address and hook; whether there was one."""
    found = (
        yield Query("SELECT account, email, hook FROM notify_settings WHERE stop = ?", (stop,))
    ) or Rows()
    row = found.first()
    if not stop or row is None or not (row[1] or row[2]):
        return False
    account = str(row[0])
    yield Query(
        "UPDATE notify_settings SET email = '', email_confirmed = 0, email_code = '', hook = '', updated = ? "
        "WHERE account = ?",
        (now, account),
    )
    for channel in CHANNELS:
        yield from _drop_waiting(account, channel)
    return True


# -- the queue -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something to tell `account`: queued for each of its destinations (or held for its digest)."""

    key: str
    account: str
    kind: str
    text: str
    due: float
    code: str = ""
    step: int = 0
    seat: int = -1


def _insert(event: Event, channel: str, target: str, state: str, now: float) -> Steps[int]:
    added = yield Query(
        "INSERT INTO notify_outbox (key, account, kind, code, step, seat, channel, target, text, made, due, "
        "tries, claim, claimed_until, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '', 0, ?) "
        "ON CONFLICT (key) DO NOTHING",
        (
            f"{event.key} {channel}".rstrip(),
            event.account,
            event.kind,
            event.code,
            event.step,
            event.seat,
            channel,
            target,
            event.text,
            now,
            event.due,
            state,
        ),
    )
    return (added or Rows()).count


def queue(event: Event, now: float) -> Steps[int]:
    """Queue `event` for each destination the account has now; how many rows were added (0: it was queued
    before, or the account is told nowhere). For an account that takes a digest, deadlines and results are
    held for it, and turns and reminders are left to it (it lists the tables waiting then)."""
    settings = yield from _settings(event.account, now)
    if settings.digest and settings.channels():
        if event.kind in ("turn", "reminder"):
            return 0
        return (yield from _insert(event, "", "", "held", now))
    added = 0
    for channel in settings.channels():
        added += yield from _insert(event, channel, "", "wait", now)
    return added


def queue_to(event: Event, channel: str, target: str, now: float) -> Steps[int]:
    """Queue `event` for one destination given now (a confirmation code, a test)."""
    return (yield from _insert(event, channel, target, "wait", now))


def due(now: float, limit: int = 50) -> Steps[list[Outgoing]]:
    """The waiting messages whose time has come and that no host has taken, oldest first."""
    found = yield Query(
        f"SELECT {_OUTGOING} FROM notify_outbox WHERE state = 'wait' AND due <= ? AND claimed_until <= ? "
        "ORDER BY due, id LIMIT ?",
        (now, now, limit),
    )
    return [
        Outgoing(
            int(i),
            str(k),
            str(a),
            str(kind),
            str(c),
            int(st),
            int(se),
            str(ch),
            str(t),
            str(x),
            float(d),
            int(n),
        )
        for i, k, a, kind, c, st, se, ch, t, x, d, n in (found or Rows()).rows
    ]


def next_due(now: float) -> Steps[float | None]:
    """When the next waiting message falls due (taken ones: when their taking lapses), or None."""
    found = yield Query(
        "SELECT MIN(CASE WHEN claimed_until > due THEN claimed_until ELSE due END) FROM notify_outbox "
        "WHERE state = 'wait'"
    )
    row = (found or Rows()).first()
    return None if row is None or row[0] is None else float(row[0])


def claim(row: int, host: str, now: float, until: float) -> Steps[bool]:
    """Take message `row` for this host until `until`; False when another host has it (or it is gone)."""
    taken = yield Query(
        "UPDATE notify_outbox SET claim = ?, claimed_until = ? WHERE id = ? AND state = 'wait' "
        "AND claimed_until <= ?",
        (host, until, row, now),
    )
    return (taken or Rows()).count == 1


def finish(row: int, state: str, now: float) -> Steps[None]:
    """Message `row` was sent ("sent"), given up ("failed") or is no longer true ("dropped")."""
    yield Query(
        "UPDATE notify_outbox SET state = ?, sent = ?, claim = '', claimed_until = 0 WHERE id = ?",
        (state, now, row),
    )


def retry(row: int, when: float, *, failed: bool = True) -> Steps[None]:
    """Message `row` could not be sent (`failed`: an attempt, which counts) or must wait: try again at `when`."""
    yield Query(
        "UPDATE notify_outbox SET tries = tries + ?, due = ?, claim = '', claimed_until = 0 WHERE id = ?",
        (int(failed), when, row),
    )


def sent_since(account: str, since: float) -> Steps[int]:
    """How many messages went to `account` since `since` (the hourly limit)."""
    found = yield Query(
        "SELECT COUNT(*) FROM notify_outbox WHERE account = ? AND state = 'sent' AND sent >= ?",
        (account, since),
    )
    row = (found or Rows()).first()
    return 0 if row is None else int(row[0])


def codes_to(address: str, since: float) -> Steps[int]:
    """How many confirmation codes were queued for `address` since `since`, by any account."""
    found = yield Query(
        "SELECT COUNT(*) FROM notify_outbox WHERE kind = 'confirm' AND target = ? AND made >= ?",
        (address, since),
    )
    row = (found or Rows()).first()
    return 0 if row is None else int(row[0])


def digests_due(now: float) -> Steps[list[tuple[str, float]]]:
    """(account, when its digest was due) of the digests whose day has come."""
    found = yield Query(
        "SELECT account, digest_due FROM notify_settings WHERE digest = 1 AND digest_due <= ?", (now,)
    )
    return [(str(a), float(d)) for a, d in (found or Rows()).rows]


def take_digest(account: str, was: float, now: float) -> Steps[list[str] | None]:
    """Take `account`'s digest due at `was` (the next one a day later): the lines held for it, oldest first,
    which are marked as digested; None when another host took it first."""
    taken = yield Query(
        "UPDATE notify_settings SET digest_due = ? WHERE account = ? AND digest_due = ? AND digest = 1",
        (max(was + DAY, now), account, was),
    )
    if (taken or Rows()).count != 1:
        return None
    found = yield Query(
        "SELECT id, text FROM notify_outbox WHERE account = ? AND state = 'held' ORDER BY made, id",
        (account,),
    )
    rows = (found or Rows()).rows
    yield Query(
        "UPDATE notify_outbox SET state = 'digested', sent = ? WHERE account = ? AND state = 'held'",
        (now, account),
    )
    return [str(text) for _, text in rows]

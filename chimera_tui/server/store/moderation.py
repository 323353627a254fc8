"""What the operator does to players, and chat mutes (store operations, run with `TableStore.run`; see
`steps` and `people`).

Every change is a row of `moderation` (when, what, whom, in words) in the same transaction, and, on
PostgreSQL, a notification: each host reads the new rows (`after`), logs them and acts on its sessions (ends
a banned or renamed player's sessions, takes up new mutes). Hosts on SQLite look for them every second.

- A *ban* names a key (``SHA256:…`` or ``web:…``), or a name: then the name's keys and the account holding
  it are banned, so a banned person cannot come back under that name nor with that account's keys.
- *Reserve* keeps a free name from everyone; *free* gives a name (held or reserved) back; *rename* moves an
  account from one of its names to a free one and keeps the old one reserved (until freed), so its player
  is not back under it at their next login.
- *Mutes*: an account does not see the chat lines of the accounts it muted (`/mute NAME` at a table); the
  operator's host-wide mutes are kept under the account ``*``, and those accounts' lines are refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from chimera_tui.server.names import name_keys
from chimera_tui.server.store.steps import Lock, Notify, Query, Rows, Steps, placeholders

EVERYONE = "*"
"""The muting account of the operator's host-wide mutes."""


@dataclass(frozen=True)
class Action:
    """One row of `moderation`: `target` is the account (or key) it is about, `detail` the words."""

    id: int
    at: float
    action: str
    target: str
    detail: str


def log(action: str, target: str, detail: str, now: float) -> Steps[int]:
    """Write an action to `moderation` and tell the other hosts; its id."""
    found = yield Query(
        "INSERT INTO moderation (at, action, target, detail) VALUES (?, ?, ?, ?) RETURNING id",
        (now, action, target, detail),
    )
    row = (found or Rows()).first()
    assert row is not None
    yield Notify(int(row[0]))
    return int(row[0])


def after(last: int) -> Steps[list[Action]]:
    """The actions after id `last`, oldest first."""
    found = yield Query(
        "SELECT id, at, action, target, detail FROM moderation WHERE id > ? ORDER BY id", (last,)
    )
    return [Action(int(i), float(a), str(x), str(t), str(d)) for i, a, x, t, d in (found or Rows()).rows]


def last() -> Steps[int]:
    """The id of the latest action (0: none)."""
    found = yield Query("SELECT MAX(id) FROM moderation")
    row = (found or Rows()).first()
    return int(row[0]) if row is not None and row[0] is not None else 0


def holder(name: str) -> Steps[tuple[str, str | None] | None]:
    """(the name as taken, its account or None when reserved) of `name` or a lookalike; None when free."""
    keys = name_keys(name)
    found = yield Query(f"SELECT name, account FROM names WHERE key IN ({placeholders(len(keys))})", keys)
    row = (found or Rows()).first()
    return None if row is None else (str(row[0]), None if row[1] is None else str(row[1]))


def account_of(who: str) -> Steps[tuple[str, str] | None]:
    """(account, how it is called) for `who`: a name, or a key's fingerprint; None when nobody."""
    found = yield Query("SELECT COALESCE(account, identity) FROM identities WHERE identity = ?", (who,))
    row = (found or Rows()).first()
    if row is not None:
        return str(row[0]), who
    held = yield from holder(who)
    if held is None or held[1] is None:
        return None
    return held[1], held[0]


def reserve(name: str, now: float) -> Steps[str | None]:
    """Keep `name` (and its lookalikes) from everyone; why not, or None."""
    keys = name_keys(name)
    yield Lock(f"name {keys[0]}")
    held = yield from holder(name)
    if held is not None:
        return f"{held[0]} is {'reserved already' if held[1] is None else 'held by a player'}" + (
            "." if held[1] is None else f": free it first (chimera players free {held[0]})."
        )
    for key in keys:
        yield Query(
            "INSERT INTO names (key, name_key, name, account, since) VALUES (?, ?, ?, NULL, ?) "
            "ON CONFLICT (key) DO NOTHING",
            (key, keys[0], name, now),
        )
    yield from log("reserve", "", f"reserved the name {name}", now)
    return None


def free(name: str, now: float) -> Steps[str | None]:
    """Give `name` (held or reserved) back to whoever takes it next; why not, or None."""
    held = yield from holder(name)
    if held is None:
        return f"Nobody holds the name {name}, and it is not reserved."
    keys = name_keys(name)
    yield Query(
        "DELETE FROM names WHERE name_key IN "
        f"(SELECT name_key FROM names WHERE key IN ({placeholders(len(keys))}))",
        keys,
    )
    yield from log("free", held[1] or "", f"freed the name {held[0]}", now)
    return None


def rename(old: str, new: str, now: float) -> Steps[str | None]:
    """Move the account holding `old` to the free name `new`, keeping `old` reserved; why not, or None."""
    held = yield from holder(old)
    if held is None or held[1] is None:
        return f"No player holds the name {old}."
    shown, account = held[0], held[1]
    if (taken := (yield from holder(new))) is not None:
        like = f" (as {taken[0]})" if taken[0] != new else ""
        return f"The name {new} is {'reserved' if taken[1] is None else 'taken'}{like}: pick another."
    keys = name_keys(new)
    for key in keys:
        yield Query(
            "INSERT INTO names (key, name_key, name, account, since) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (key) DO NOTHING",
            (key, keys[0], new, account, now),
        )
    old_keys = name_keys(old)
    yield Query(
        "UPDATE names SET account = NULL WHERE name_key IN "
        f"(SELECT name_key FROM names WHERE key IN ({placeholders(len(old_keys))}))",
        old_keys,
    )
    yield Query("UPDATE ratings SET name = ? WHERE identity = ?", (new, account))
    yield Query(
        "UPDATE identities SET name = ? WHERE COALESCE(account, identity) = ? AND name = ?",
        (new, account, shown),
    )
    yield from log("rename", account, f"renamed {shown} to {new} (the name {shown} stays reserved)", now)
    return None


def ban(who: str, reason: str, now: float) -> Steps[str | None]:
    """Refuse `who` at login: a key, or a name (its keys, and the account holding it); why not, or None."""
    found = yield Query("SELECT COALESCE(account, identity) FROM identities WHERE identity = ?", (who,))
    if (found or Rows()).first() is not None or who.startswith(("SHA256:", "web:")):
        targets = [("key", who)]
        account = ""
    else:
        held = yield from holder(who)
        targets = [("name", key) for key in name_keys(who)]
        account = held[1] if held is not None and held[1] is not None else ""
        if account:
            targets.append(("account", account))
    for kind, target in targets:
        yield Query(
            "INSERT INTO bans (kind, target, label, reason, at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (kind, target) DO UPDATE SET reason = excluded.reason, at = excluded.at",
            (kind, target, who, reason, now),
        )
    yield from log("ban", account or who, f"banned {who}" + (f" ({reason})" if reason else ""), now)
    return None


def unban(who: str, now: float) -> Steps[str | None]:
    """Lift the bans made with `who` (a key, or a name or a lookalike of it); why not, or None."""
    keys = name_keys(who)
    gone = yield Query(
        "DELETE FROM bans WHERE label = ? OR label IN "
        f"(SELECT label FROM bans WHERE kind = 'name' AND target IN ({placeholders(len(keys))}))",
        (who, *keys),
    )
    if gone is None or gone.count == 0:
        return f"{who} is not banned."
    yield from log("unban", who, f"lifted the ban on {who}", now)
    return None


def bans() -> Steps[list[tuple[str, str, float]]]:
    """Every ban as the operator made it: (who, reason, when), latest first."""
    found = yield Query("SELECT label, MAX(reason), MAX(at) FROM bans GROUP BY label ORDER BY MAX(at) DESC")
    return [(str(w), str(r), float(a)) for w, r, a in (found or Rows()).rows]


def banned(pairs: list[tuple[str, str]]) -> Steps[set[str]]:
    """Which of the (key, account) `pairs` are banned now (by key or by account): their keys."""
    if not pairs:
        return set()
    found = yield Query("SELECT kind, target FROM bans WHERE kind IN ('key', 'account')")
    hit = {(str(k), str(t)) for k, t in (found or Rows()).rows}
    return {key for key, account in pairs if ("key", key) in hit or ("account", account) in hit}


def mute(account: str, muted: str, now: float, label: str) -> Steps[None]:
    """`account` (`EVERYONE`: the operator, host-wide) no longer sees `muted`'s chat lines."""
    yield Query(
        "INSERT INTO chat_mutes (account, muted, at) VALUES (?, ?, ?) ON CONFLICT (account, muted) DO NOTHING",
        (account, muted, now),
    )
    words = f"muted {label} for everyone" if account == EVERYONE else f"{account} muted {label}"
    yield from log("mute", account, words, now)


def unmute(account: str, muted: str, now: float, label: str) -> Steps[bool]:
    """Undo `mute`; whether there was one."""
    gone = yield Query("DELETE FROM chat_mutes WHERE account = ? AND muted = ?", (account, muted))
    if gone is None or gone.count == 0:
        return False
    words = f"unmuted {label} for everyone" if account == EVERYONE else f"{account} unmuted {label}"
    yield from log("unmute", account, words, now)
    return True


def mutes(account: str) -> Steps[set[str]]:
    """The accounts `account` muted (`EVERYONE`: the host-wide mutes)."""
    found = yield Query("SELECT muted FROM chat_mutes WHERE account = ?", (account,))
    return {str(m) for (m,) in (found or Rows()).rows}

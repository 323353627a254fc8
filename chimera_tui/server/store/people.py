"""Who plays on a host: accounts, the keys that sign in to them, and the names they hold (store operations,
run with `TableStore.run`; see `steps`).

- An *account* is a person. Its id is the identity (SSH key fingerprint, or a browser's ``web:`` hash) that
  first signed in; every table seat, rating and session counts the account, so a person's keys share them.
  `identities.account` says which account a key signs in to (NULL: the key's own).
- A *name* belongs to the account that took it first (`names`: one row per comparison key, `names.name_keys`,
  all of a name's rows sharing its `name_key`; `account` NULL for a name the operator reserved). An account
  holds at most `NAMES_PER_ACCOUNT` names and signs in with any of them.
- A person adds a key to their account with a one-time code (`new_code`, shown on their page), typed at
  login from the new key as ``name+CODE`` (`link_key`). A code lives `CODE_LIFETIME` seconds and takes
  `CODE_TRIES` wrong guesses before it is void; only its salted digest is stored.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from chimera_tui.server.names import name_keys
from chimera_tui.server.store.steps import Lock, Query, Rows, Steps, placeholders

NAMES_PER_ACCOUNT = 3
"""Names one account may hold (a key cannot take every free name by connecting with each)."""

CODE_LIFETIME = 600.0
"""Seconds a one-time code that adds a key stays good."""

CODE_TRIES = 5
"""Wrong codes typed for a name before its code is void (a new one must be made)."""


@dataclass(frozen=True)
class SignIn:
    """What became of a key signing in with a name: an account and the name as shown, or a refusal."""

    account: str = ""
    name: str = ""
    """The name as it was first taken (a session shows it so, however it was typed this time)."""
    refusal: str = ""
    """"" when signed in; else "banned", "taken", "reserved", "too many names" or "code"."""
    detail: str = ""
    """banned: the operator's reason; taken: the name as its holder took it; code: what was wrong with it."""
    own: tuple[str, ...] = ()
    """The names the key's account holds (for a refusal's hint)."""
    linked: bool = False
    """The key was just added to the account by a one-time code."""


def digest(account: str, code: str) -> str:
    """How a one-time code is stored: salted with its account, so equal codes never look alike."""
    return hashlib.sha256(f"{account}\n{code}".encode()).hexdigest()


def _account(key: str) -> Steps[str]:
    found = (yield Query("SELECT account FROM identities WHERE identity = ?", (key,))) or Rows()
    row = found.first()
    return str(row[0]) if row is not None and row[0] else key


def names_of(account: str) -> Steps[tuple[str, ...]]:
    """The names `account` holds, the first taken first."""
    return (yield from _names_of(account))


def keys_of(account: str) -> Steps[list[tuple[str, float, float]]]:
    """(identity, first seen, last seen) of every key that signs in to `account`, the first first."""
    found = yield Query(
        "SELECT identity, first_seen, last_seen FROM identities WHERE COALESCE(account, identity) = ? "
        "ORDER BY first_seen, identity",
        (account,),
    )
    return [(str(i), float(f), float(la)) for i, f, la in (found or Rows()).rows]


def _names_of(account: str) -> Steps[tuple[str, ...]]:
    found = (
        yield Query(
            "SELECT name FROM names WHERE account = ? GROUP BY name_key, name ORDER BY MIN(since), name",
            (account,),
        )
    ) or Rows()
    return tuple(str(name) for (name,) in found.rows)


def _holders(keys: tuple[str, ...]) -> Steps[list[tuple[str, str, str | None]]]:
    """(name_key, name, account) of the names sharing a key with `keys`."""
    found = yield Query(
        f"SELECT DISTINCT name_key, name, account FROM names WHERE key IN ({placeholders(len(keys))})", keys
    )
    return [(str(k), str(n), None if a is None else str(a)) for k, n, a in (found or Rows()).rows]


def _ban(key: str, account: str, keys: tuple[str, ...]) -> Steps[str | None]:
    """The reason of a ban on the key, its account or the name, or None."""
    found = yield Query(
        "SELECT reason FROM bans WHERE (kind = 'key' AND target = ?) OR (kind = 'account' AND target = ?) "
        f"OR (kind = 'name' AND target IN ({placeholders(len(keys))})) ORDER BY at",
        (key, account, *keys),
    )
    row = (found or Rows()).first()
    return None if row is None else str(row[0])


def _take(account: str, name: str, keys: tuple[str, ...], now: float) -> Steps[bool]:
    """Give the free name `name` to `account`; False when another took one of its keys meanwhile."""
    for key in keys:
        added = yield Query(
            "INSERT INTO names (key, name_key, name, account, since) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (key) DO NOTHING",
            (key, keys[0], name, account, now),
        )
        if added is None or added.count != 1:  # another took it just now: none of its keys stays taken
            yield Query("DELETE FROM names WHERE name_key = ? AND account = ?", (keys[0], account))
            return False
    yield Query(
        "INSERT INTO accounts (account, since) VALUES (?, ?) ON CONFLICT (account) DO NOTHING", (account, now)
    )
    return True


def sign_in(key: str, name: str, now: float) -> Steps[SignIn]:
    """`key` signs in as `name` (cleaned, of an allowed length): its own name, or a free one it takes now.

    Refused when the key, its account or the name is banned, when the name (or a lookalike) belongs to
    another account or is reserved, or when the account holds `NAMES_PER_ACCOUNT` names already.
    """
    keys = name_keys(name)
    yield Lock(f"name {keys[0]}")
    account = yield from _account(key)
    reason = yield from _ban(key, account, keys)
    if reason is not None:
        return SignIn(refusal="banned", detail=reason)
    held = yield from _holders(keys)
    own = yield from _names_of(account)
    if any(holder is None for _, _, holder in held):
        return SignIn(refusal="reserved", detail=held[0][1], own=own)
    theirs = [shown for _, shown, holder in held if holder != account]
    if theirs:
        return SignIn(refusal="taken", detail=theirs[0], own=own)
    if held:
        for missing in keys:  # a lookalike key the name did not have yet (names taken before it was known)
            yield Query(
                "INSERT INTO names (key, name_key, name, account, since) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (key) DO NOTHING",
                (missing, held[0][0], held[0][1], account, now),
            )
        return SignIn(account=account, name=held[0][1], own=own)
    if len(own) >= NAMES_PER_ACCOUNT:
        return SignIn(refusal="too many names", own=own)
    if not (yield from _take(account, name, keys, now)):
        return SignIn(refusal="taken", detail=name, own=own)
    return SignIn(account=account, name=name, own=(*own, name))


def new_code(account: str, code: str, now: float) -> Steps[float]:
    """Make `code` the one-time code that adds a key to `account` (replacing any earlier one); when it
    expires."""
    expires = now + CODE_LIFETIME
    yield Query(
        "INSERT INTO key_codes (account, digest, expires, tries) VALUES (?, ?, ?, 0) "
        "ON CONFLICT (account) DO UPDATE SET digest = excluded.digest, expires = excluded.expires, tries = 0",
        (account, digest(account, code), expires),
    )
    return expires


def link_key(key: str, name: str, code: str, now: float) -> Steps[SignIn]:
    """Add `key` to the account holding `name` if `code` is that account's one-time code (and use it up).

    Refused ("code") when nobody holds the name, the code is missing, expired or wrong (each wrong code
    counts; the `CODE_TRIES`-th voids it), or the key already holds names of its own; "banned" as `sign_in`.
    """
    keys = name_keys(name)
    held = yield from _holders(keys)
    owners = {holder for _, _, holder in held if holder is not None}
    if len(owners) != 1:
        return SignIn(refusal="code", detail="nobody here has that name")
    (account,) = owners
    yield Lock(f"code {account}")
    mine = yield from _account(key)
    reason = yield from _ban(key, account, keys)
    if reason is not None:
        return SignIn(refusal="banned", detail=reason)
    found = (
        yield Query("SELECT digest, expires, tries FROM key_codes WHERE account = ?", (account,))
    ) or Rows()
    row = found.first()
    if row is None or float(row[1]) < now:
        yield Query("DELETE FROM key_codes WHERE account = ?", (account,))
        return SignIn(refusal="code", detail="that code is unknown or has expired")
    if not hmac.compare_digest(str(row[0]), digest(account, code)):
        if int(row[2]) + 1 >= CODE_TRIES:
            yield Query("DELETE FROM key_codes WHERE account = ?", (account,))
        else:
            yield Query("UPDATE key_codes SET tries = tries + 1 WHERE account = ?", (account,))
        return SignIn(refusal="code", detail="that code is wrong")
    own = yield from _names_of(mine)
    if mine != account and own:
        return SignIn(refusal="code", detail=f"this key already has a name of its own ({own[0]})", own=own)
    yield Query("DELETE FROM key_codes WHERE account = ?", (account,))
    yield Query(
        "INSERT INTO identities (identity, kind, name, first_seen, last_seen, account) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (identity) DO UPDATE SET account = excluded.account",
        (key, "web" if key.startswith("web:") else "ssh", held[0][1], now, now, account),
    )
    return SignIn(account=account, name=held[0][1], linked=True)


def take_known_names(now: float) -> Steps[int]:
    """Once, after the upgrade that made names owned: each name identities already used goes to the identity
    first seen with it (later ones with a lookalike name keep playing under it until they sign in again);
    how many names were taken (0 when another host did it first)."""
    first = yield Query(
        "INSERT INTO imports (folder, tables, at) VALUES ('names:3', 0, ?) ON CONFLICT DO NOTHING", (now,)
    )
    if first is None or first.count != 1:
        return 0
    found = (
        yield Query("SELECT identity, name, first_seen FROM identities ORDER BY first_seen, identity")
    ) or Rows()
    taken = 0
    for identity, name, since in found.rows:
        keys = name_keys(str(name))
        if str(name) and not (yield from _holders(keys)):
            taken += bool((yield from _take(str(identity), str(name), keys, float(since))))
    return taken

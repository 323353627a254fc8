"""Who is connected on which host (`notify_online`), as store operations: each host writes its accounts as
they come and go and refreshes its rows; a row not refreshed for `ONLINE_FOR` seconds is a host that died. So a
host sends no "your move" to someone connected to another host (whose lobby says so)."""

from __future__ import annotations

from chimera_tui.server.store.steps import Query, Rows, Steps

ONLINE_FOR = 180.0
"""Seconds a host's word that someone is connected stays true without being refreshed."""


def online(host: str, account: str, here: bool, now: float) -> Steps[None]:
    """`account` has sessions on `host` now (`here`), or no longer."""
    if here:
        yield Query(
            "INSERT INTO notify_online (host, account, seen) VALUES (?, ?, ?) "
            "ON CONFLICT (host, account) DO UPDATE SET seen = excluded.seen",
            (host, account, now),
        )
    else:
        yield Query("DELETE FROM notify_online WHERE host = ? AND account = ?", (host, account))


def still_online(host: str, now: float) -> Steps[None]:
    """`host` is alive: its rows stay true; rows of hosts long silent go."""
    yield Query("UPDATE notify_online SET seen = ? WHERE host = ?", (now, host))
    yield Query("DELETE FROM notify_online WHERE seen < ?", (now - 10 * ONLINE_FOR,))


def connected_elsewhere(account: str, host: str, now: float) -> Steps[bool]:
    """Whether `account` has a session on another host that is alive."""
    found = yield Query(
        "SELECT COUNT(*) FROM notify_online WHERE account = ? AND host <> ? AND seen >= ?",
        (account, host, now - ONLINE_FOR),
    )
    row = (found or Rows()).first()
    return row is not None and int(row[0]) > 0

"""The players of a host as its operator reads them (`chimera players`): every account with its names, keys,
rated games, bans and mutes, and one account in full (store operations, run with `TableStore.run`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from chimera_tui.server.ratings import RatingRow
from chimera_tui.server.store.moderation import EVERYONE
from chimera_tui.server.store.people import keys_of, names_of
from chimera_tui.server.store.steps import Query, Rows, Steps


@dataclass(frozen=True)
class Listed:
    """One account in the list."""

    account: str
    names: tuple[str, ...]
    keys: int
    last_seen: float
    rated: int
    """Rated games, every game together."""
    banned: str | None
    """The reason of a ban on the account or its names ("" when none was given); None: not banned."""
    muted: bool
    """Muted by the operator on every host."""


@dataclass(frozen=True)
class Roster:
    players: list[Listed]
    reserved: tuple[str, ...]
    banned_keys: list[tuple[str, str]] = field(default_factory=list)
    """(key, reason) of the bans on keys alone."""


@dataclass(frozen=True)
class Account:
    """One account in full (`chimera players show`)."""

    account: str
    names: tuple[str, ...]
    keys: list[tuple[str, float, float]]
    ratings: list[RatingRow]
    finished: int
    """Finished tables the account sat at."""
    banned: str | None
    muted: bool
    mutes: tuple[str, ...]
    """The names of the players this account muted (`/mute`)."""


def _rows(found: Rows | None) -> list[tuple[object, ...]]:
    return (found or Rows()).rows


def _bans() -> Steps[dict[tuple[str, str], str]]:
    return {
        (str(k), str(t)): str(r) for k, t, r in _rows((yield Query("SELECT kind, target, reason FROM bans")))
    }


def roster() -> Steps[Roster]:
    """Every account, the most recently seen first, and the reserved names."""
    seen = _rows(
        (
            yield Query(
                "SELECT COALESCE(account, identity), COUNT(*), MAX(last_seen) FROM identities "
                "GROUP BY COALESCE(account, identity) ORDER BY MAX(last_seen) DESC"
            )
        )
    )
    names: dict[str | None, list[str]] = {}
    every = yield Query(
        "SELECT account, name FROM names GROUP BY account, name_key, name ORDER BY MIN(since), name"
    )
    for account, name in _rows(every):
        names.setdefault(None if account is None else str(account), []).append(str(name))
    rated = {
        str(i): int(str(n))
        for i, n in _rows((yield Query("SELECT identity, SUM(games) FROM ratings GROUP BY identity")))
    }
    bans = yield from _bans()
    named_bans = {key: reason for (kind, key), reason in bans.items() if kind == "account"}
    muted = {
        str(m) for (m,) in _rows((yield Query("SELECT muted FROM chat_mutes WHERE account = ?", (EVERYONE,))))
    }
    players = [
        Listed(
            account=str(account),
            names=tuple(names.get(str(account), ())),
            keys=int(str(keys)),
            last_seen=float(str(last)),
            rated=rated.get(str(account), 0),
            banned=named_bans.get(str(account)),
            muted=str(account) in muted,
        )
        for account, keys, last in seen
    ]
    keys_banned = [(target, reason) for (kind, target), reason in bans.items() if kind == "key"]
    return Roster(players, tuple(names.get(None, ())), keys_banned)


def account(who: str) -> Steps[Account]:
    """The account `who` (from `moderation.account_of`) in full."""
    held = yield from names_of(who)
    keys = yield from keys_of(who)
    ratings = [
        RatingRow(
            game=str(g),
            identity=who,
            player="",
            name="",
            mu=float(str(m)),
            sigma=float(str(s)),
            games=int(str(n)),
            wins=float(str(w)),
        )
        for g, m, s, n, w in _rows(
            (
                yield Query(
                    "SELECT game, mu, sigma, games, wins FROM ratings WHERE identity = ? ORDER BY game",
                    (who,),
                )
            )
        )
    ]
    (finished,) = _rows((yield Query("SELECT COUNT(*) FROM seats WHERE identity = ?", (who,))))[0]
    bans = yield from _bans()
    everyone = _rows(
        (yield Query("SELECT 1 FROM chat_mutes WHERE account = ? AND muted = ?", (EVERYONE, who)))
    )
    mine = {str(m) for (m,) in _rows((yield Query("SELECT muted FROM chat_mutes WHERE account = ?", (who,))))}
    mute_names = []
    for muted_account in sorted(mine):
        theirs = yield from names_of(muted_account)
        mute_names.append(theirs[0] if theirs else muted_account)
    banned = bans.get(("account", who))
    if banned is None:
        banned = next((reason for key, _, _ in keys if (reason := bans.get(("key", key))) is not None), None)
    return Account(
        account=who,
        names=held,
        keys=keys,
        ratings=ratings,
        finished=int(str(finished)),
        banned=banned,
        muted=bool(everyone),
        mutes=tuple(mute_names),
    )

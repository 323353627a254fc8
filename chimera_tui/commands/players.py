"""`chimera players`: the operator's view of a server's players, and what the operator may do to them.

- ``chimera players`` lists every player (their names, keys, when last seen, rated games, bans and mutes),
  then the reserved names and the banned keys; ``chimera players show WHO`` shows one player in full: names,
  keys, tables, ratings, bans and mutes. WHO is a name (or a lookalike of it) or a key's fingerprint.
- ``ban WHO [--reason TEXT]`` refuses a key, or a name with its player's account and keys, at login with
  one sentence (and ends their sessions); ``unban WHO`` lifts it.
- ``rename OLD NEW`` moves a player to a free name (OLD stays reserved until freed); ``free NAME`` gives a
  held or reserved name back; ``reserve NAME`` keeps a free name from everyone.
- ``mute WHO`` / ``unmute WHO``: the player's chat lines are refused on every host, or allowed again.

Every change is written to the store, with a row of the operator's actions that each host reads (at once on
PostgreSQL, within a second on SQLite) and writes to its log. It works beside running servers, with the
same `--db` and `--data` as `chimera serve`. A problem is one sentence on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import datetime
from typing import Any

from chimera_tui import games
from chimera_tui.commands.tables import store_arguments, store_of
from chimera_tui.saves import SaveError
from chimera_tui.server.names import clean_name, name_problem
from chimera_tui.server.ratings import provisional, shown
from chimera_tui.server.store import StoreError, TableStore, moderation, roster
from chimera_tui.server.tables import read_row

CHANGES = ("ban", "unban", "rename", "free", "reserve", "mute", "unmute")
WIDTH = 80


def add_parser(commands: Any) -> None:
    """`chimera players` and its arguments, among `commands` (the subparsers of `chimera`)."""
    parser = commands.add_parser(
        "players",
        help="list a server's players; ban, rename, free or reserve names; mute",
        description="The players of `chimera serve` (also while it runs, on every host of its store): "
        "`chimera players` lists them, `show WHO` shows one (names, keys, tables, ratings); `ban WHO`, `unban "
        "WHO`, `rename OLD NEW`, `free NAME`, `reserve NAME`, `mute WHO`, `unmute WHO` change them. WHO is a "
        "name or a key's fingerprint (SHA256:...).",
    )
    parser.add_argument("action", nargs="?", choices=("list", "show", *CHANGES), default="list")
    parser.add_argument("who", nargs="?", help="a name, or a key's fingerprint")
    parser.add_argument("new", nargs="?", help="rename: the new name")
    parser.add_argument("--reason", default="", help="ban: why (the player reads it at login)")
    store_arguments(parser)


def when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds).astimezone().strftime("%Y-%m-%d %H:%M") if seconds else "-"


def fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def listing(found: roster.Roster, where: str) -> list[str]:
    """The lines of `chimera players` (at most `WIDTH` characters each)."""
    lines = [f"{'Name':<22}  {'Keys':>4}  {'Last seen':<10}  {'Rated':>5}  Marks"]
    for player in found.players:
        names = ", ".join(player.names) or "(no name)"
        marks = []
        if player.banned is not None:
            marks.append(f"banned ({player.banned})" if player.banned else "banned")
        if player.muted:
            marks.append("muted")
        row = (
            f"{fit(names, 22):<22}  {player.keys:>4}  {when(player.last_seen)[:10]:<10}  {player.rated:>5}  "
        )
        lines.append(fit(row + ", ".join(marks), WIDTH).rstrip())
    if found.reserved:
        lines.append(fit("Reserved names: " + ", ".join(found.reserved), WIDTH))
    for key, reason in found.banned_keys:
        lines.append(fit(f"Banned key: {key}" + (f" ({reason})" if reason else ""), WIDTH))
    banned = sum(p.banned is not None for p in found.players)
    muted = sum(p.muted for p in found.players)
    count = f"{len(found.players)} player{'' if len(found.players) == 1 else 's'}"
    lines.append(f"{count}, {banned} banned, {muted} muted.")
    lines.append(f"Store: {where}")
    return lines


async def _tables_of(store: TableStore, account: str) -> list[str]:
    found = []
    for row in await store.unfinished():
        try:
            record, _ = read_row(row)
        except SaveError:
            continue
        if account in record.owners:
            pace = "turn-based" if record.pace == "turn" else "live"
            found.append(f"{row.code} {games.title(record.game)} ({pace})")
    return found


async def details(store: TableStore, who: str) -> list[str] | str:
    """The lines of `chimera players show WHO`, or why there are none."""
    found = await store.run(moderation.account_of(who))
    if found is None:
        return f"Nobody here is called {who}, and no key has that fingerprint."
    page = await store.run(roster.account(found[0]))
    first = min((since for _, since, _ in page.keys), default=0.0)
    lines = [
        f"{', '.join(page.names) or '(no name)'} · account {page.account} · here since {when(first)[:10]}"
    ]
    for key, since, last in page.keys:
        lines.append(f"key: {key} (first {when(since)}, last {when(last)})")
    tables = await _tables_of(store, page.account)
    lines.append(f"tables: {', '.join(tables) or 'none open'} · finished: {page.finished}")
    for rating in page.ratings:
        mark = " provisional" if provisional(rating.games) else ""
        title = games.title(rating.game) if rating.game in games.game_ids() else rating.game
        lines.append(
            f"rating: {title} {shown(rating.mu, rating.sigma)}{mark} ({rating.games} games, {rating.wins:g} wins)"
        )
    banned = "no" if page.banned is None else f"yes ({page.banned or 'no reason given'})"
    lines.append(f"banned: {banned} · muted for everyone: {'yes' if page.muted else 'no'}")
    lines.append(f"mutes: {', '.join(page.mutes) or 'nobody'}")
    return lines


async def change(store: TableStore, args: argparse.Namespace) -> str:
    """Do what `args` says; the line that says it is done. Raises `ValueError` with the sentence why not."""
    who, now = clean_name(args.who or ""), time.time()
    if args.action in ("ban", "unban") and args.who and args.who.startswith(("SHA256:", "web:")):
        who = args.who
    if not who:
        raise ValueError(f"{args.action} takes a name or a key's fingerprint.")
    if args.action == "ban":
        problem = await store.run(moderation.ban(who, args.reason, now))
        done = f"Banned {who}: refused at login from now on, and their sessions end on every host."
    elif args.action == "unban":
        problem, done = await store.run(moderation.unban(who, now)), f"{who} may sign in again."
    elif args.action == "rename":
        new = clean_name(args.new or "")
        if (bad := name_problem(new)) is not None:
            raise ValueError(f"{bad.split(':')[0]}." if args.new else "rename takes OLD and NEW.")
        problem = await store.run(moderation.rename(who, new, now))
        done = f"Renamed {who} to {new} ({who} stays reserved: chimera players free {who} gives it back)."
    elif args.action == "free":
        problem, done = await store.run(moderation.free(who, now)), f"The name {who} is free."
    elif args.action == "reserve":
        problem, done = await store.run(moderation.reserve(who, now)), f"The name {who} is reserved."
    else:
        found = await store.run(moderation.account_of(who))
        if found is None:
            raise ValueError(f"Nobody here is called {who}.")
        if args.action == "mute":
            await store.run(moderation.mute(moderation.EVERYONE, found[0], now, found[1]))
            problem, done = None, f"{found[1]}'s chat lines are refused on every host."
        else:
            lifted = await store.run(moderation.unmute(moderation.EVERYONE, found[0], now, found[1]))
            problem = None if lifted else f"{found[1]} is not muted."
            done = f"{found[1]} may chat again."
    if problem is not None:
        raise ValueError(problem)
    return done


async def _players(store: TableStore, args: argparse.Namespace) -> int:
    await store.open()
    try:
        if args.action == "list":
            print("\n".join(listing(await store.run(roster.roster()), store.description)))
            return 0
        if args.action == "show":
            lines = await details(store, args.who or "")
            if isinstance(lines, str):
                raise ValueError(lines)
            print("\n".join(lines))
            return 0
        print(await change(store, args))
        return 0
    except ValueError as exc:
        print(f"chimera players: {exc}", file=sys.stderr)
        return 1
    finally:
        await store.close()


def run_players(args: argparse.Namespace) -> int:
    """`chimera players` from its parsed arguments."""
    if args.action != "list" and not args.who:
        print(f"chimera players: {args.action} takes a name or a key's fingerprint.", file=sys.stderr)
        return 2
    try:
        store = store_of(args, readonly=args.action in ("list", "show"), beside=True)
        return asyncio.run(_players(store, args))
    except StoreError as exc:
        print(f"chimera players: {exc}", file=sys.stderr)
        return 1

"""`chimera tables`: what a server's store holds, read beside a running server.

- ``chimera tables [--db URL] [--data DIR]`` lists every table: code, game, seats, how far it is, finished.
- ``chimera tables export CODE FILE`` writes a table's match as an ordinary save, which `chimera load` (as a
  new game in the saves folder) and `chimera replay` open.

The store is opened only to read (SQLite beside a running server, PostgreSQL without leases or news). Each
problem is one sentence on stderr and exit status 1 (2 for bad arguments).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from chimera_tui.saves import SaveError, decode_save, write_atomic
from chimera_tui.server.store import StoreError, TableRow, TableStore, store_for
from chimera_tui.server.tables import read_row


def add_parser(commands: Any) -> None:
    """`chimera tables` and its arguments, among `commands` (the subparsers of `chimera`)."""
    parser = commands.add_parser(
        "tables",
        help="list a server's tables, or export one as a save",
        description="Read what `chimera serve` keeps (also while it runs): `chimera tables` lists the "
        "unfinished tables; `chimera tables export CODE FILE` writes a table's match as a .chimera save that "
        "`chimera load` and `chimera replay` open.",
    )
    parser.add_argument("action", nargs="?", choices=("list", "export"), default="list")
    parser.add_argument("code", nargs="?", help="the table to export")
    parser.add_argument("file", nargs="?", help="where to write the table's save (a .chimera file)")
    store_arguments(parser)


def store_arguments(parser: argparse.ArgumentParser) -> None:
    """``--db`` and ``--data``: the store of `chimera serve` (its `--db`, or the SQLite file of its data folder)."""
    parser.add_argument("--db", metavar="URL", help="the server's store, as `chimera serve --db` takes it")
    parser.add_argument("--data", metavar="DIR", help="the server's data folder (for its SQLite store)")


def store_of(args: argparse.Namespace, *, readonly: bool = False, beside: bool = False) -> TableStore:
    """The store `args` name (``--db``, else ``CHIMERA_DB``, else SQLite in ``--data`` or the data folder).

    Raises:
        StoreError: for an address that is no store.
    """
    from chimera_tui.server.serve import ENV_DB, data_folder

    folder = Path(args.data) if args.data else data_folder()
    return store_for(args.db or os.environ.get(ENV_DB) or None, folder, readonly=readonly, beside=beside)


def describe(row: TableRow) -> str:
    """One line about a stored table."""
    record, _ = read_row(row)
    seats = ", ".join(
        f"{bot} bot" if bot else (name if owner else "open")
        for name, bot, owner in zip(record.names, record.bots, record.owners, strict=True)
    )
    if row.finished is not None:
        when = datetime.fromtimestamp(row.finished).astimezone().strftime("%Y-%m-%d %H:%M")
        state = f"finished {when}"
    elif row.save is None:
        state = "waiting for players"
    else:
        state = f"{len(decode_save(row.save, row.code).log)} actions"
    return f"{row.code}  {record.game:<12} {state:<22} {seats}"


async def _tables(store: TableStore, args: argparse.Namespace) -> int:
    await store.open()
    try:
        if args.action == "list":
            rows = await store.unfinished()
            for row in rows:
                print(describe(row))
            print(f"{len(rows)} unfinished table(s) in {store.description}")
            return 0
        found = await store.load(args.code.upper())
        if found is None:
            print(f"chimera tables: there is no table {args.code} in {store.description}.", file=sys.stderr)
            return 1
        if found.save is None:
            print(
                f"chimera tables: table {found.code} has not started: it has no match yet.", file=sys.stderr
            )
            return 1
        write_atomic(Path(args.file), found.save)
        print(f"table {found.code} written to {args.file}")
        return 0
    finally:
        await store.close()


def run_tables(args: argparse.Namespace) -> int:
    """`chimera tables` from its parsed arguments."""
    if args.action == "export" and not (args.code and args.file):
        print("chimera tables: export takes a table's code and a file: export CODE FILE.", file=sys.stderr)
        return 2
    try:
        store = store_of(args, readonly=True)
        return asyncio.run(_tables(store, args))
    except (StoreError, SaveError) as exc:
        print(f"chimera tables: {exc}", file=sys.stderr)
        return 1

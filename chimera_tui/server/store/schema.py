"""The store's schema, as numbered migrations (the same numbers for SQLite and PostgreSQL).

`schema_version` holds one row: the number of migrations applied. At start a store applies the missing ones
in one transaction, and refuses a database whose version is newer than `SCHEMA_VERSION` with one sentence
(`base.newer_schema`). A change of schema is a new migration at the end of both lists; a migration once
released never changes.
"""

from __future__ import annotations

SQLITE: tuple[tuple[str, ...], ...] = (
    # 1: tables, identities, imported folders.
    (
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            version INTEGER NOT NULL,
            setup BLOB NOT NULL,
            save BLOB,
            told BLOB NOT NULL,
            private INTEGER NOT NULL,
            creator TEXT NOT NULL,
            created REAL NOT NULL,
            updated REAL NOT NULL,
            turn_started REAL NOT NULL,
            finished REAL
        )""",
        "CREATE INDEX tables_by_finished ON tables (finished)",
        """CREATE TABLE identities (
            identity TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            first_seen REAL NOT NULL,
            last_seen REAL NOT NULL
        )""",
        "CREATE TABLE imports (folder TEXT PRIMARY KEY, tables INTEGER NOT NULL, at REAL NOT NULL)",
    ),
)

POSTGRES: tuple[tuple[str, ...], ...] = (
    # 1: tables, identities, imported folders, and the sessions each host has at a table.
    (
        """CREATE TABLE tables (
            id BIGSERIAL PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            version BIGINT NOT NULL,
            setup BYTEA NOT NULL,
            save BYTEA,
            told BYTEA NOT NULL,
            private BOOLEAN NOT NULL,
            creator TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            turn_started DOUBLE PRECISION NOT NULL,
            finished DOUBLE PRECISION
        )""",
        "CREATE INDEX tables_by_finished ON tables (finished)",
        """CREATE TABLE identities (
            identity TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            first_seen DOUBLE PRECISION NOT NULL,
            last_seen DOUBLE PRECISION NOT NULL
        )""",
        "CREATE TABLE imports (folder TEXT PRIMARY KEY, tables INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL)",
        """CREATE TABLE presence (
            host_key INTEGER NOT NULL,
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            sessions INTEGER NOT NULL,
            PRIMARY KEY (host_key, code, seat)
        )""",
    ),
)

_V2 = (
    "ALTER TABLE tables ADD COLUMN result TEXT",
    """CREATE TABLE seats (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        identity TEXT NOT NULL,
        name TEXT NOT NULL,
        rank INTEGER NOT NULL,
        PRIMARY KEY (code, seat)
    )""",
    "CREATE INDEX seats_by_identity ON seats (identity)",
    """CREATE TABLE ratings (
        game TEXT NOT NULL,
        identity TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        wins DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game, identity)
    )""",
    "CREATE INDEX ratings_by_player ON ratings (player)",
    """CREATE TABLE rating_history (
        game TEXT NOT NULL,
        identity TEXT NOT NULL,
        code TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX history_by_identity ON rating_history (identity, at)",
)
"""2: finished tables' results, the people who sat at them with their rank, ratings and their history (the
same text for both: SQLite reads DOUBLE PRECISION as REAL)."""

SQLITE = (*SQLITE, _V2)
POSTGRES = (*POSTGRES, _V2)

_V3 = (
    "ALTER TABLE identities ADD COLUMN account TEXT",
    "CREATE INDEX identities_by_account ON identities (account)",
    "CREATE TABLE accounts (account TEXT PRIMARY KEY, since DOUBLE PRECISION NOT NULL)",
    "INSERT INTO accounts (account, since) SELECT identity, first_seen FROM identities",
    """CREATE TABLE names (
        key TEXT PRIMARY KEY,
        name_key TEXT NOT NULL,
        name TEXT NOT NULL,
        account TEXT,
        since DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX names_by_account ON names (account)",
    "CREATE INDEX names_by_name ON names (name_key)",
    """CREATE TABLE key_codes (
        account TEXT PRIMARY KEY,
        digest TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL
    )""",
    """CREATE TABLE bans (
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        label TEXT NOT NULL,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, target)
    )""",
    """CREATE TABLE chat_mutes (
        account TEXT NOT NULL,
        muted TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account, muted)
    )""",
)
"""3: accounts (a person, whose keys sign in to it: `identities.account`), the names they own (`names`, one row
per comparison key), one-time codes that add a key (`key_codes`), the operator's bans, chat mutes (a player's
own, and host-wide ones under the account "*"), and the operator's actions (`moderation`). See
`store.people` and `store.moderation`."""

_MODERATION = """CREATE TABLE moderation (
        id {id},
        at DOUBLE PRECISION NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail TEXT NOT NULL
    )"""

SQLITE = (*SQLITE, (*_V3, _MODERATION.format(id="INTEGER PRIMARY KEY")))
POSTGRES = (*POSTGRES, (*_V3, _MODERATION.format(id="BIGSERIAL PRIMARY KEY")))

_V4 = (
    """CREATE TABLE notify_settings (
        account TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        email_confirmed INTEGER NOT NULL,
        email_code TEXT NOT NULL,
        email_code_expires DOUBLE PRECISION NOT NULL,
        email_tries INTEGER NOT NULL,
        hook TEXT NOT NULL,
        digest INTEGER NOT NULL,
        digest_due DOUBLE PRECISION NOT NULL,
        stop TEXT NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    "CREATE UNIQUE INDEX notify_settings_by_stop ON notify_settings (stop)",
    """CREATE TABLE notify_outbox (
        id {id},
        key TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        kind TEXT NOT NULL,
        code TEXT NOT NULL,
        step INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        channel TEXT NOT NULL,
        target TEXT NOT NULL,
        text TEXT NOT NULL,
        made DOUBLE PRECISION NOT NULL,
        due DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL,
        claim TEXT NOT NULL,
        claimed_until DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL,
        sent DOUBLE PRECISION
    )""",
    "CREATE INDEX notify_outbox_by_state ON notify_outbox (state, due)",
    "CREATE INDEX notify_outbox_by_account ON notify_outbox (account, state)",
    """CREATE TABLE notify_online (
        host TEXT NOT NULL,
        account TEXT NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (host, account)
    )""",
)
"""4: where each account is told of its turns (`notify_settings`: an e-mail address, confirmed by a code, a web
hook, one message a day or one each, the secret of its stop link), the messages waiting, sent or given up
(`notify_outbox`: one row per message and destination, its `key` naming the event so that it is queued once),
and who is connected on which host (`notify_online`). See `server.notify.outbox`."""

SQLITE = (*SQLITE, tuple(s.format(id="INTEGER PRIMARY KEY") for s in _V4))
POSTGRES = (*POSTGRES, tuple(s.format(id="BIGSERIAL PRIMARY KEY") for s in _V4))

assert len(SQLITE) == len(POSTGRES)

SCHEMA_VERSION = len(SQLITE)
"""The schema this build writes and the newest it serves."""

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"

TABLE_COLUMNS = (
    "code",
    "game",
    "version",
    "setup",
    "save",
    "told",
    "private",
    "creator",
    "created",
    "updated",
    "turn_started",
    "finished",
    "result",
)
"""The columns of `tables` that make a `TableRow`, in its fields' order."""


def identity_kind(identity: str) -> str:
    """ "ssh" for a key's fingerprint, "web" for a browser's identity."""
    return "web" if identity.startswith("web:") else "ssh"

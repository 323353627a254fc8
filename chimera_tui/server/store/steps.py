"""Store operations written once for SQLite and PostgreSQL: a generator of steps run in one transaction.

An operation (`people`, `moderation`) is a generator that yields `Query`, `Lock` and `Notify` steps and
returns its result; `TableStore.run` runs it in one transaction, sending each `Query` its `Rows`. The SQL is
the dialect both databases speak (``?`` placeholders, ``INSERT … ON CONFLICT``, no ``FOR UPDATE``); where
PostgreSQL needs a lock that SQLite's single writer gives for free, the operation yields a `Lock`.

    def rename(old: str, new: str) -> Steps[bool]:
        rows = yield Query("UPDATE names SET name = ? WHERE name = ?", (new, old))
        return rows.count == 1

Later features add their own operations the same way, and no store changes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Query:
    """One statement with its arguments (``?`` placeholders)."""

    sql: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Lock:
    """Hold a transaction lock on `key` until the operation ends (PostgreSQL; SQLite has one writer)."""

    key: str


@dataclass(frozen=True)
class Notify:
    """Tell the other hosts, once the transaction commits, that the operator changed something
    (`moderation` row `id`); hosts sharing SQLite read the moderation rows themselves."""

    id: int


@dataclass(frozen=True)
class Rows:
    """What a `Query` gave: its rows (none for a statement that returns none) and how many rows it changed."""

    rows: list[tuple[Any, ...]] = field(default_factory=list)
    count: int = 0

    def first(self) -> tuple[Any, ...] | None:
        return self.rows[0] if self.rows else None


Step = Query | Lock | Notify
Steps = Generator[Step, Rows | None, T]
"""An operation: it yields steps, is sent each `Query`'s `Rows` (None after a `Lock` or a `Notify`), and
returns its result."""


def placeholders(count: int) -> str:
    """``?, ?, ?`` for `count` arguments (``IN (?, ?)``; callers never ask for none)."""
    return ", ".join("?" * count)


def drive(steps: Steps[T], take: Callable[[Step], Rows | None]) -> T:
    """Run `steps`, each step done by `take` (a store's, inside its transaction); the operation's result."""
    reply: Rows | None = None
    while True:
        try:
            step = steps.send(reply)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        reply = take(step)


async def drive_async(steps: Steps[T], take: Callable[[Step], Awaitable[Rows | None]]) -> T:
    """`drive` for a store whose steps are awaited."""
    reply: Rows | None = None
    while True:
        try:
            step = steps.send(reply)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        reply = await take(step)

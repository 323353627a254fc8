"""Tables worked out once from Chimera Station's validated components, for the rules' fast paths: which
options are only payments and plain gains (and what they cost), which modules are local (their use reads only
the seat's coins and food and the worker's components) and the most such modules pay, which never read the
placed worker.
"""

from __future__ import annotations

from chimera_tui.games.station.components import WORKER_OPS, ContentError, ModuleDef, Option


def local_caps(local: list[ModuleDef]) -> tuple[int, int]:
    """`Content.local_caps`: the largest total payment of coins and of food in one option.

    Raises:
        ContentError: when an op gains or pays a negative amount (the cap assumes more never hurts).
    """
    coins = food = 0
    for m in local:
        for o in m.options:
            if any(op.coins < 0 or op.food < 0 for op in o.ops):
                raise ContentError(f"{m.id}: an effect's amounts must not be negative")
            coins = max(coins, sum(op.coins for op in o.ops if op.op == "pay"))
            food = max(food, sum(op.food for op in o.ops if op.op == "pay"))
    return coins, food


_READS_WORKER = WORKER_OPS | {"copy", "recall"}
"""Ops whose feasibility depends on the placed worker (its components, or which worker it is)."""

_LOCAL = frozenset({"pay", "gain_per", "detach", "discard", "refill"})
"""With `_PLAIN`: ops whose feasibility reads only coins, food and the worker's components."""

_PLAIN = frozenset({"gain", "gain_round", "per_hub", "per_color", "command", "marker", "research", "component",
                    "beg", "place", "again", "wipe", "worker"})  # fmt: skip
"""Ops that can always be carried out."""
_LOCAL |= _PLAIN


def _simple(opt: Option) -> tuple[int, int] | None:
    """(coins, food) needed when `opt` is only payments followed by plain ops, else None."""
    coins = food = 0
    for i, op in enumerate(opt.ops):
        if op.op == "pay":
            if any(o.op != "pay" for o in opt.ops[:i]):
                return None
            coins += op.coins
            food += op.food
        elif op.op not in _PLAIN and not (op.op == "refill" and not op.kind):
            return None
    return coins, food


def simple_options(modules: dict[str, ModuleDef]) -> dict[int, tuple[int, int]]:
    """`Content.simple_options`: id(option) -> (coins, food) for options made only of payments and plain ops."""
    return {id(o): need for m in modules.values() for o in m.options if (need := _simple(o))}


def local_modules(modules: dict[str, ModuleDef]) -> frozenset[str]:
    """`Content.local_modules`: modules whose every op reads only coins, food and the worker's components."""
    return frozenset(
        m.id for m in modules.values() if all(op.op in _LOCAL for o in m.options for op in o.ops)
    )


_READS_COMPONENTS = frozenset({"gain_per", "detach", "discard", "refill"})
"""Local ops whose feasibility reads the worker (its components; a worker refill, that there is a worker)."""


def local_groups(
    modules: dict[str, ModuleDef], local: frozenset[str]
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """`Content.purse_locals`, `Content.worker_locals` and `Content.mixed_locals`: the local modules split by
    what their use reads (the coins and food only, or nothing; the worker's components only; both)."""
    purse, worker, mixed = set(), set(), set()
    for mid in local:
        ops = [op.op for o in modules[mid].options for op in o.ops]
        reads_worker = any(k in _READS_COMPONENTS for k in ops)
        if not reads_worker:
            purse.add(mid)
        elif "pay" in ops:
            mixed.add(mid)
        else:
            worker.add(mid)
    return frozenset(purse), frozenset(worker), frozenset(mixed)


def worker_free(modules: dict[str, ModuleDef]) -> frozenset[str]:
    """`Content.worker_free`: modules whose options never read the placed worker."""
    return frozenset(
        m.id for m in modules.values() if not any(op.op in _READS_WORKER for o in m.options for op in o.ops)
    )

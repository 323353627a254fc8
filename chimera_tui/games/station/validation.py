"""The rules Chimera Station's components must keep, checked once when the data files are loaded: each check
raises `ContentError` naming the first broken rule (duplicate id, wrong count, unknown reference)."""

from __future__ import annotations

from chimera_tui.engine.hexgrid import Hex, parse_hex
from chimera_tui.games.station.components import (
    BONUS_KINDS,
    COMPONENTS,
    END_KINDS,
    OP_KINDS,
    BoardFile,
    CardDef,
    ContentError,
    MatsFile,
    ModuleDef,
    ModulesFile,
    Op,
    PerkDef,
    ReactorFile,
    SpaceDef,
)


def check_ops(where: str, ops: tuple[Op, ...], ids: set[str]) -> None:
    """Every op is in the vocabulary and names a known component type where it needs one."""
    for op in ops:
        if op.op not in OP_KINDS:
            raise ContentError(f"{where}: unknown op {op.op!r}")
        if op.op in {"component", "graft", "detach", "discard"} and op.kind not in (*COMPONENTS, "any"):
            raise ContentError(f"{where}: {op.op} needs a component kind, not {op.kind!r}")
        if op.op == "gain_per" and op.per not in COMPONENTS:
            raise ContentError(f"{where}: gain_per counts an unknown component {op.per!r}")


def check_counts(
    mods: ModulesFile,
    perks: tuple[PerkDef, ...],
    cards: tuple[CardDef, ...],
    mats: MatsFile,
    reactor: ReactorFile,
) -> None:
    """How many of each component the game has."""
    if len(mods.tile) != 40:
        raise ContentError(f"there must be 40 module tiles, not {len(mods.tile)}")
    if len(perks) != 22:
        raise ContentError(f"there must be 22 perks, not {len(perks)}")
    if len(cards) != 6 or sorted(c.players for c in cards) != [2, 2, 3, 4, 4, 4]:
        raise ContentError("the starting cards must be two 2+, one 3+ and three 4+ cards")
    if len(mats.mat) != 4:
        raise ContentError("there must be 4 player mats")
    if len(reactor.spaces) != 6:
        raise ContentError("the Reactor has 6 spaces")
    if len(mats.track_a) != 7 or any(len(m.track_b) != 7 for m in mats.mat):
        raise ContentError("a research track lists the rewards of tiers 2 to 8")


def modules_by_id(every: tuple[ModuleDef, ...]) -> dict[str, ModuleDef]:
    """Module id -> module, refusing a duplicate or reserved id."""
    modules: dict[str, ModuleDef] = {}
    for m in every:
        if m.id in modules or m.id in {"lab", "lounge", "pool", "aside"} or m.id.startswith("lab-"):
            raise ContentError(f"duplicate or reserved module id {m.id!r}")
        modules[m.id] = m
    return modules


def check_modules(modules: dict[str, ModuleDef]) -> None:
    """Every module has options made of known ops, and the modules named for the placed worker affect it."""
    ids = set(modules)
    for m in modules.values():
        if not m.options:
            raise ContentError(f"{m.id}: a module needs at least one option")
        for opt in m.options:
            check_ops(m.id, opt.ops, ids)
    named_worker = {"autosurgeon", "biofuel-refinery", "hunting-park", "mercenary-outpost", "science-fair",
                    "tanning-salon", "underground-lab"}  # fmt: skip
    for name in named_worker:
        if name not in modules or not modules[name].affects_worker:
            raise ContentError(f"{name} must be a tile whose effect affects the placed worker")


def perks_by_id(perks: tuple[PerkDef, ...]) -> dict[str, PerkDef]:
    """Perk id -> perk, each of a known kind and end scoring, only module perks with options."""
    for p in perks:
        if p.kind not in {"passive", "module"} or p.end.kind not in END_KINDS:
            raise ContentError(f"perk {p.id}: bad kind or end scoring")
        if (p.kind == "module") != bool(p.options):
            raise ContentError(f"perk {p.id}: only module perks have options")
    perk_by_id = {p.id: p for p in perks}
    if len(perk_by_id) != len(perks):
        raise ContentError("duplicate perk id")
    return perk_by_id


def board_spaces(
    board: BoardFile, modules: dict[str, ModuleDef], printed: tuple[ModuleDef, ...]
) -> tuple[dict[Hex, SpaceDef], dict[str, Hex]]:
    """Hex -> board space, and printed module id -> its hex: one space per hex, every printed module on
    exactly one, every build space with a known bonus."""
    space_at: dict[Hex, SpaceDef] = {}
    hex_of: dict[str, Hex] = {}
    for s in board.spaces:
        h = parse_hex(s.hex)
        if h in space_at:
            raise ContentError(f"two board spaces on {h}")
        space_at[h] = s
        if s.kind == "module":
            if s.module not in modules or s.module not in {d.id for d in printed}:
                raise ContentError(f"board space {h}: unknown printed module {s.module!r}")
            hex_of[s.module] = h
        elif s.kind == "build":
            if s.bonus is None or s.bonus.kind not in BONUS_KINDS:
                raise ContentError(f"build space {h} needs a known bonus")
            if s.bonus.kind == "component" and s.bonus.component not in COMPONENTS:
                raise ContentError(f"build space {h}: unknown component")
        elif s.kind != "girder":
            raise ContentError(f"board space {h}: unknown kind {s.kind!r}")
    if set(hex_of) != {d.id for d in printed}:
        raise ContentError("every printed module needs exactly one board space")
    return space_at, hex_of


def check_rewards(reactor: ReactorFile, mats: MatsFile, ids: set[str]) -> None:
    """The Reactor's and the research tracks' rewards are known ops; the Boiler Room rewards every type."""
    for r in (*reactor.spaces, *mats.track_a, *(t for m in mats.mat for t in m.track_b)):
        check_ops("track/reactor", r.ops, ids)
    if set(reactor.boiler) != set(COMPONENTS):
        raise ContentError("the Boiler Room needs a reward for each component type")


def check_cards_and_mats(cards: tuple[CardDef, ...], mats: MatsFile) -> None:
    """Starting cards and mats have distinct ids; the cards' components are known types."""
    if len({c.id for c in cards}) != 6 or len({m.id for m in mats.mat}) != 4:
        raise ContentError("duplicate starting card or mat id")
    for c in cards:
        if any(k not in COMPONENTS for k in c.components):
            raise ContentError(f"card {c.id}: unknown component")

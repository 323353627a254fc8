"""Chimera Station's components, loaded from ``data/*.toml`` into frozen Structs and validated once.

Everything the rules look up by id (modules, tiles, perks, board spaces, starting cards, mats) is here,
with dicts by id so the hot paths never scan lists. `content()` is cached: the files are read and checked
the first time a game is set up.
"""

from __future__ import annotations

import functools

import msgspec

from chimera_tui import games
from chimera_tui.engine.hexgrid import Hex, parse_hex

COMPONENTS: tuple[str, ...] = ("brain", "claw", "leaf", "tentacle")
"""The four genetic component types, in the order used by every per-type tuple."""

OP_KINDS = frozenset(
    {
        "gain", "gain_round", "gain_per", "pay", "component", "research", "build", "command", "marker",
        "refill", "recall", "detach", "discard", "attach", "graft", "perk", "copy", "per_hub", "per_color",
        "beg", "send", "swap", "place", "again", "wipe", "worker",
    }
)  # fmt: skip
"""The effect vocabulary (see effects.py)."""

WORKER_OPS = frozenset({"gain_per", "detach", "discard", "attach", "graft"})
"""Ops whose result depends on or changes the placed worker (the activate bonus cannot use them)."""

BONUS_KINDS = frozenset(
    {"fixed", "coins_round", "food_round", "points_round", "component_any", "component", "research",
     "recall", "reactor", "activate"}
)  # fmt: skip

END_KINDS = frozenset(
    {"flat", "most_food", "most_coins", "per_build", "per_hub_module", "per_rich_worker", "per_3_coins",
     "per_2_food", "per_type", "per_tier", "per_worker", "per_triple_worker"}
)  # fmt: skip


class Op(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of an effect."""

    op: str
    coins: int = 0
    food: int = 0
    points: int = 0
    kind: str = ""
    """A component type, "any", a colour (per_color), or "activate" (build, Foundry)."""
    per: str = ""
    """gain_per: the component type counted on the worker."""
    n: int = 1
    """How many (components, research tiers, workers sent); for gain_per the count the worker needs."""


class Option(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One way to use a module: a label (its notation) and its ops."""

    label: str
    ops: tuple[Op, ...]


class ModuleDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A module: printed on the board, a module tile, or the module on a perk card."""

    id: str
    name: str
    text: str
    options: tuple[Option, ...]
    value: int = 0
    """Point value: scored by brain workers placed here and by commanding players."""
    cost: int = 0
    color: str = ""
    """Border colour: what the module mainly produces (the Mint counts "coin")."""
    no_displace: bool = False
    no_recall: bool = False
    edition: str = ""

    @property
    def affects_worker(self) -> bool:
        """True when every option reads or changes the placed worker, so a workerless activation is impossible
        (the build bonus's exclusion list, ST-BONUS-14). Options of other modules that need the worker are
        simply not offered to a workerless activation."""
        return all(
            any(op.op in WORKER_OPS or (op.op == "refill" and op.kind == "worker") for op in opt.ops)
            for opt in self.options
        )


class EndScore(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A perk's end-game scoring: a kind (see `END_KINDS`) and its points."""

    kind: str
    points: int


class PerkDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A perk card."""

    id: str
    name: str
    kind: str
    """"passive" or "module"."""
    text: str
    end: EndScore
    options: tuple[Option, ...] = ()
    round_points: bool = False
    no_recall: bool = False
    edition: str = ""


class Bonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A build space's printed build bonus."""

    kind: str
    coins: int = 0
    food: int = 0
    points: int = 0
    component: str = ""


class SpaceDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One board hex: a printed module, the girder, or a build space with its bonus."""

    hex: str
    kind: str
    module: str = ""
    bonus: Bonus | None = None


class BoardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """board.toml."""

    spaces: tuple[SpaceDef, ...]
    edition: str = ""


class Reward(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A list of ops gained together (a Reactor space, a research tier)."""

    ops: tuple[Op, ...]


class Gain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Coins, food and points (the Boiler Room's reward per component)."""

    coins: int = 0
    food: int = 0
    points: int = 0


class ReactorFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """reactor.toml."""

    spaces: tuple[Reward, ...]
    boiler: dict[str, Gain]
    edition: str = ""


class CardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A starting resource card."""

    id: str
    name: str
    players: int
    """The lowest player count that uses this card (the 2+/3+/4+ mark)."""
    coins: int = 0
    food: int = 0
    components: tuple[str, ...] = ()
    research: bool = False
    edition: str = ""


class MatDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player mat: its side-B power and research track (side A is shared)."""

    id: str
    name: str
    power: str
    power_name: str
    power_text: str
    track_b: tuple[Reward, ...]
    edition: str = ""


class ModulesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """modules.toml."""

    default: tuple[ModuleDef, ...]
    tile: tuple[ModuleDef, ...]


class PerksFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """perks.toml."""

    perk: tuple[PerkDef, ...]


class CardsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """starting_cards.toml."""

    card: tuple[CardDef, ...]


class MatsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """mats.toml."""

    track_a: tuple[Reward, ...]
    mat: tuple[MatDef, ...]


class Content(msgspec.Struct, frozen=True):
    """Every component, validated, with lookups by id."""

    defaults: tuple[ModuleDef, ...]
    tiles: tuple[ModuleDef, ...]
    perks: tuple[PerkDef, ...]
    spaces: tuple[SpaceDef, ...]
    reactor: tuple[Reward, ...]
    boiler: dict[str, Gain]
    cards: tuple[CardDef, ...]
    mats: tuple[MatDef, ...]
    track_a: tuple[Reward, ...]
    modules: dict[str, ModuleDef]
    """Every module by id: printed modules, tiles and perk modules (a perk module has the perk's id)."""
    perk_by_id: dict[str, PerkDef]
    card_by_id: dict[str, CardDef]
    mat_by_id: dict[str, MatDef]
    hex_of: dict[str, Hex]
    """Printed module id -> its hex."""
    space_at: dict[Hex, SpaceDef]
    build_hexes: tuple[Hex, ...]
    hub_hexes: tuple[Hex, ...]
    neighbours: dict[Hex, frozenset[Hex]]
    """Board hex -> its neighbours on the board."""
    simple_options: dict[int, tuple[int, int]]
    """id(option) -> (coins, food) it must be able to pay, for options made only of payments and plain gains
    (the rules' fast path; the options live as long as this Content)."""
    local_modules: frozenset[str]
    """Modules whose options check only the seat's coins and food and the placed worker's components (no
    board, supply, display or other worker), so whether one can be used is a function of those three."""
    printed_open: tuple[str, ...]
    """The printed modules' ids (Command Hub slot B included: its countdown is over)."""
    printed_locked: tuple[str, ...]
    """The printed modules' ids without Command Hub slot B (while countdown tokens lock it)."""
    worker_free: frozenset[str]
    """Modules whose options never read the placed worker, so whether they can be used is the same for every
    worker of a seat (listing placements asks once per seat, not once per worker)."""
    local_caps: tuple[int, int]
    """The most coins and the most food any option of a local module pays: a seat with at least that many
    can pay for every one of them, so whether local modules can be used depends on coins and food only up
    to these (the rules' table of usable local modules is keyed on them, capped)."""
    tile_cost: dict[str, int]
    """Module tile id -> its printed building cost."""


class ContentError(ValueError):
    """The data files break a rule of the game's components."""


def _read(name: str) -> bytes:
    return games.read_data(__package__, name)  # a missing file: games.InstallationIncomplete


def _check_ops(where: str, ops: tuple[Op, ...], ids: set[str]) -> None:
    for op in ops:
        if op.op not in OP_KINDS:
            raise ContentError(f"{where}: unknown op {op.op!r}")
        if op.op in {"component", "graft", "detach", "discard"} and op.kind not in (*COMPONENTS, "any"):
            raise ContentError(f"{where}: {op.op} needs a component kind, not {op.kind!r}")
        if op.op == "gain_per" and op.per not in COMPONENTS:
            raise ContentError(f"{where}: gain_per counts an unknown component {op.per!r}")


def _perk_module(perk: PerkDef) -> ModuleDef:
    return ModuleDef(
        id=perk.id,
        name=perk.name,
        text=perk.text,
        options=perk.options,
        value=0,
        no_displace=True,
        no_recall=perk.no_recall,
        edition=perk.edition,
    )


def load() -> Content:
    """Read and validate every data file (uncached; use `content()`).

    Raises:
        ContentError: naming the first broken rule (duplicate id, wrong count, unknown reference).
    """
    mods = msgspec.toml.decode(_read("modules.toml"), type=ModulesFile)
    perks = msgspec.toml.decode(_read("perks.toml"), type=PerksFile).perk
    board = msgspec.toml.decode(_read("board.toml"), type=BoardFile)
    reactor = msgspec.toml.decode(_read("reactor.toml"), type=ReactorFile)
    cards = msgspec.toml.decode(_read("starting_cards.toml"), type=CardsFile).card
    mats = msgspec.toml.decode(_read("mats.toml"), type=MatsFile)
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
    modules: dict[str, ModuleDef] = {}
    for m in (*mods.default, *mods.tile, *(_perk_module(p) for p in perks if p.kind == "module")):
        if m.id in modules or m.id in {"lab", "lounge", "pool", "aside"} or m.id.startswith("lab-"):
            raise ContentError(f"duplicate or reserved module id {m.id!r}")
        modules[m.id] = m
    ids = set(modules)
    for m in modules.values():
        if not m.options:
            raise ContentError(f"{m.id}: a module needs at least one option")
        for opt in m.options:
            _check_ops(m.id, opt.ops, ids)
    named_worker = {"autosurgeon", "biofuel-refinery", "hunting-park", "mercenary-outpost", "science-fair",
                    "tanning-salon", "underground-lab"}  # fmt: skip
    for name in named_worker:
        if name not in modules or not modules[name].affects_worker:
            raise ContentError(f"{name} must be a tile whose effect affects the placed worker")
    for p in perks:
        if p.kind not in {"passive", "module"} or p.end.kind not in END_KINDS:
            raise ContentError(f"perk {p.id}: bad kind or end scoring")
        if (p.kind == "module") != bool(p.options):
            raise ContentError(f"perk {p.id}: only module perks have options")
    perk_by_id = {p.id: p for p in perks}
    if len(perk_by_id) != len(perks):
        raise ContentError("duplicate perk id")
    space_at: dict[Hex, SpaceDef] = {}
    hex_of: dict[str, Hex] = {}
    for s in board.spaces:
        h = parse_hex(s.hex)
        if h in space_at:
            raise ContentError(f"two board spaces on {h}")
        space_at[h] = s
        if s.kind == "module":
            if s.module not in modules or s.module not in {d.id for d in mods.default}:
                raise ContentError(f"board space {h}: unknown printed module {s.module!r}")
            hex_of[s.module] = h
        elif s.kind == "build":
            if s.bonus is None or s.bonus.kind not in BONUS_KINDS:
                raise ContentError(f"build space {h} needs a known bonus")
            if s.bonus.kind == "component" and s.bonus.component not in COMPONENTS:
                raise ContentError(f"build space {h}: unknown component")
        elif s.kind != "girder":
            raise ContentError(f"board space {h}: unknown kind {s.kind!r}")
    if set(hex_of) != {d.id for d in mods.default}:
        raise ContentError("every printed module needs exactly one board space")
    for r in (*reactor.spaces, *mats.track_a, *(t for m in mats.mat for t in m.track_b)):
        _check_ops("track/reactor", r.ops, ids)
    if set(reactor.boiler) != set(COMPONENTS):
        raise ContentError("the Boiler Room needs a reward for each component type")
    card_by_id = {c.id: c for c in cards}
    mat_by_id = {m.id: m for m in mats.mat}
    if len(card_by_id) != 6 or len(mat_by_id) != 4:
        raise ContentError("duplicate starting card or mat id")
    for c in cards:
        if any(k not in COMPONENTS for k in c.components):
            raise ContentError(f"card {c.id}: unknown component")
    local = frozenset(
        m.id for m in modules.values() if all(op.op in _LOCAL for o in m.options for op in o.ops)
    )
    return Content(
        defaults=mods.default,
        tiles=mods.tile,
        perks=perks,
        spaces=board.spaces,
        reactor=reactor.spaces,
        boiler=reactor.boiler,
        cards=cards,
        mats=mats.mat,
        track_a=mats.track_a,
        modules=modules,
        perk_by_id=perk_by_id,
        card_by_id=card_by_id,
        mat_by_id=mat_by_id,
        hex_of=hex_of,
        space_at=space_at,
        build_hexes=tuple(h for h, s in space_at.items() if s.kind == "build"),
        hub_hexes=(hex_of["hub-a"], hex_of["hub-b"]),
        neighbours={h: frozenset(x for x in h.neighbours() if x in space_at) for h in space_at},
        simple_options={id(o): need for m in modules.values() for o in m.options if (need := _simple(o))},
        local_modules=local,
        printed_open=tuple(m.id for m in mods.default),
        printed_locked=tuple(m.id for m in mods.default if m.id != "hub-b"),
        worker_free=frozenset(
            m.id
            for m in modules.values()
            if not any(op.op in _READS_WORKER for o in m.options for op in o.ops)
        ),
        local_caps=_local_caps([modules[mid] for mid in local]),
        tile_cost={t.id: t.cost for t in mods.tile},
    )


def _local_caps(local: list[ModuleDef]) -> tuple[int, int]:
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


@functools.cache
def content() -> Content:
    """The validated components (read once per process)."""
    return load()

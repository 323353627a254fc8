"""Chimera Station's components as the data files give them: the op vocabulary of module effects, the frozen
Structs each ``data/*.toml`` file is read into, and `Content`, every component validated, with lookups by id.

content.py reads the files and puts `Content` together; validation.py holds the rules the components must
keep; derived_tables.py works out the tables the rules' fast paths look up.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.hexgrid import Hex

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
    purse_locals: frozenset[str]
    """Local modules whose use reads at most the seat's coins and food (not the worker)."""
    worker_locals: frozenset[str]
    """Local modules whose use reads only the placed worker's components (no payment)."""
    mixed_locals: frozenset[str]
    """The other local modules: their use reads both the coins and food and the worker's components."""


class ContentError(ValueError):
    """The data files break a rule of the game's components."""

"""Imaginarium's components, loaded from ``data/*.toml`` into frozen Structs and validated once.

The core game's card list was never published, so most numbers are this edition's own
(``edition = "tabletop-tui"`` in the data, explained under "About this edition" in ``data/rules.md``);
``shared/designs/imaginarium.md`` is the design they follow, section by section.

Card effects and project conditions are written in two small vocabularies, `OPS` and `CONDITIONS` (op name
-> what it does). The rules core carries out the ops, and `describe_machine`, `describe_assistant` and
`describe_project` turn the same ops into the card text shown in the rules panel, so a card's text, its rules
topic and its code cannot disagree.

`content()` is cached: the files are read and checked the first time it is called. Lookups by id
(`Content.machine`, `Content.assistant`, ...) are plain dicts for the hot paths.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from importlib import resources

import msgspec
import msgspec.structs

RESOURCES: tuple[str, ...] = ("c", "w", "cu", "cr")
"""Charcoalium, wood, copper, crystal: the order of every per-kind field."""

RESOURCE_NAMES: dict[str, str] = {"c": "charcoalium", "w": "wood", "cu": "copper", "cr": "crystal"}
"""Display name of each kind."""

RESOURCE_VALUE: dict[str, int] = {"c": 1, "w": 1, "cu": 2, "cr": 3}
"""The value scale the design balances starting stocks with (design 17.3)."""

MACHINE_TYPES: dict[str, str] = {
    "P": "production",
    "T": "transformation",
    "A": "attack",
    "D": "defense",
    "S": "special",
}
"""Code letter -> machine type."""

USES: dict[str, frozenset[str]] = {
    "production": frozenset({"auto"}),
    "transformation": frozenset({"optional"}),
    "attack": frozenset({"auto"}),
    "defense": frozenset({"passive"}),
    "special": frozenset({"optional", "passive"}),
}
"""How each machine type may be used in B1: automatically, by the owner's choice, or never (always on)."""

THREATS: dict[str, str] = {
    "c": "charcoalium theft",
    "resource": "resource theft (wood, copper, crystal)",
    "tangle": "the Tanglette (its owner only)",
    "fragment": "fragment theft",
    "nightmare": "nightmares laid in your dream",
}
"""What a defense machine can guard against (the `protect` op's ``threats``)."""

PAIR_GAINS: dict[str, str] = {
    "extra_unit": "the pair makes {n} extra unit of what the lower-level machine makes",
    "extra_use": "it may be used {times} more per turn",
    "extra_theft": "each theft takes {n} more unit",
    "more_fragments": "it adds up to {n} fragments of different colours per turn",
}
"""What a card gains by sharing a slot (design 6.4); ``{n}`` is the PairGain's n, ``{times}`` it in words."""

PARTNERS: dict[str, str] = {
    "any": "any compatible machine",
    "production": "another production machine",
    "same": "a card of the same code",
}
"""Which partner a pair gain needs."""

OPS: dict[str, str] = {
    # machines
    "produce": "In B1, automatically: gain the listed c/w/cu/cr.",
    "pay": "Pay the listed c/w/cu/cr (the first step of a conversion; the use is impossible without them).",
    "pay_any": "Pay n units of one kind chosen from `kinds`.",
    "gain": "Gain the listed c/w/cu/cr/vp.",
    "gain_any": "Gain n units of one kind chosen from `kinds`, other than the kind paid by pay_any.",
    "steal": "In B1, automatically: take n units from each opposing `target` (team or player) unless it is "
    "protected; several `kinds` mean the thief chooses one per target.",
    "steal_fragment": "In B1, automatically: each opposing team holding a fragment and not protected hands one "
    "of its choice over; the owner keeps 1 and discards the rest (the Exhausteur).",
    "tangle": "In B1, automatically: tangle one slot (chosen by the owner) of each opposing player not "
    "protected; tangled machines do nothing until the end of their owner's next B1.",
    "protect": "Passive: block every attack whose threat is in `threats`; a blocked attack pays the defender.",
    "recycle": "Discard one broken machine you hold for as many units as its level, chosen from its repair "
    "cost, plus c charcoalium (not the Dismantle action).",
    "project_vp": "Passive: gain vp each time you complete a project.",
    "dream": "Add up to n fragments of different colours from behind your screen to your dream; they move "
    "your token as a daydream's do.",
    # assistants
    "free_dial": "Choose any 2 different dial actions each turn, not the same pair as last turn.",
    "extraction_bonus": "The Extraction action gives c more charcoalium.",
    "repair_discount": "A repair costs n fewer resource units of your choice (at least 1 is still paid).",
    "buy_discount": "Buying in Transactions costs c less charcoalium per unit.",
    "trade_limit": "Transactions allow n unit trades instead of the usual limit.",
    "dismantle_gain": "Dismantling a machine of state `target` (broken, repaired or any) also gives c, vp and "
    "n units of one kind from `kinds`.",
    "trio_slot": "n of your slots may hold 3 combined machines; the third must combine with both.",
    "price_discount": "The machine you pick up costs c less charcoalium (not below 0).",
    "late_project_vp": "A project someone completed before you scores you vp instead of the later VP.",
    "extractor_bonus": "Taking charcoalium at an extractor gives c more.",
    "start_gain": "At the start of your turn (B0), gain the listed c/w/cu/cr.",
    "extra_slot": "Your workshop has n more slots.",
    "belt_fragment": "At the start of your turn (B0), take the fragment of one belt machine nobody reserved; "
    "it is not replaced.",
    "ignore_nightmare_limit": "After a nightmare you may still place several fragments of different colours.",
    "dismantle_special": "You may dismantle special machines.",
    "dismantle_fragment": "Dismantling a machine of state `target` gives n extra fragments from the top of the "
    "pile.",
    "dismantle_full_cost": "Dismantling a machine of state `target` gives its whole repair cost, whatever its "
    "level.",
}
"""The effect vocabulary: op name -> what it does. Machines and assistants list their effects as ops."""

CONDITIONS: dict[str, str] = {
    "machines": "At least n repaired machines of the types in `kinds` in your workshop (a pair counts 2).",
    "slots_filled": "Every slot your workshop has holds at least one machine.",
    "pairs": "At least n slots each hold a combined pair.",
    "stock": "At least the listed c/w/cu/cr behind your screen (your team's); nothing is spent.",
    "assistants": "At least n assistants.",
    "level_sum": "The levels of your repaired machines add up to n or more.",
    "production_kinds": "Your working production machines make at least n different kinds of c/w/cu/cr.",
    "broken": "At least n broken machines (your team's).",
    "dream_run": "Your dream holds n fragments of the same colour in a row (a nightmare breaks the row).",
    "types_in_slots": "A machine of each type in `kinds`, each in a different slot.",
}
"""The project-condition vocabulary: condition name -> when it holds. All of a project's conditions must."""

_AMOUNT_FIELDS = ("c", "w", "cu", "cr", "vp")
_FIELDS: dict[str, frozenset[str]] = {
    "produce": frozenset({"c", "w", "cu", "cr"}),
    "pay": frozenset({"c", "w", "cu", "cr"}),
    "pay_any": frozenset({"n", "kinds"}),
    "gain": frozenset({"c", "w", "cu", "cr", "vp"}),
    "gain_any": frozenset({"n", "kinds"}),
    "steal": frozenset({"n", "kinds", "target"}),
    "steal_fragment": frozenset({"target"}),
    "tangle": frozenset({"target"}),
    "protect": frozenset({"threats"}),
    "recycle": frozenset({"c"}),
    "project_vp": frozenset({"vp"}),
    "dream": frozenset({"n"}),
    "free_dial": frozenset(),
    "extraction_bonus": frozenset({"c"}),
    "repair_discount": frozenset({"n"}),
    "buy_discount": frozenset({"c"}),
    "trade_limit": frozenset({"n"}),
    "dismantle_gain": frozenset({"target", "c", "vp", "n", "kinds"}),
    "trio_slot": frozenset({"n"}),
    "price_discount": frozenset({"c"}),
    "late_project_vp": frozenset({"vp"}),
    "extractor_bonus": frozenset({"c"}),
    "start_gain": frozenset({"c", "w", "cu", "cr"}),
    "extra_slot": frozenset({"n"}),
    "belt_fragment": frozenset(),
    "ignore_nightmare_limit": frozenset(),
    "dismantle_special": frozenset(),
    "dismantle_fragment": frozenset({"n", "target"}),
    "dismantle_full_cost": frozenset({"target"}),
    "machines": frozenset({"n", "kinds"}),
    "slots_filled": frozenset(),
    "pairs": frozenset({"n"}),
    "stock": frozenset({"c", "w", "cu", "cr"}),
    "assistants": frozenset({"n"}),
    "level_sum": frozenset({"n"}),
    "production_kinds": frozenset({"n"}),
    "broken": frozenset({"n"}),
    "dream_run": frozenset({"n"}),
    "types_in_slots": frozenset({"kinds"}),
}
"""The fields each op or condition may set; any other field must keep its default."""

_TARGETS: dict[str, frozenset[str]] = {
    "steal": frozenset({"team", "player"}),
    "steal_fragment": frozenset({"team"}),
    "tangle": frozenset({"player"}),
    "dismantle_gain": frozenset({"broken", "repaired", "any"}),
    "dismantle_fragment": frozenset({"broken", "repaired", "any"}),
    "dismantle_full_cost": frozenset({"broken", "repaired", "any"}),
}

PROVENANCES = frozenset({"002", "published", "ours"})
"""Where a value comes from: the Chimera rulebook, a published review, or this edition."""

EDITION = "tabletop-tui"
"""The mark on every data entry holding a number of this edition's own."""


class Amounts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Charcoalium, wood, copper, crystal and VP (a stock, a repair cost, a reward)."""

    c: int = 0
    w: int = 0
    cu: int = 0
    cr: int = 0
    vp: int = 0

    @property
    def units(self) -> int:
        """Resource units: wood, copper and crystal (a repair cost's size)."""
        return self.w + self.cu + self.cr

    @property
    def value(self) -> int:
        """Value on the design's scale (C 1, W 1, Cu 2, Cr 3); VP are not counted."""
        return sum(getattr(self, k) * RESOURCE_VALUE[k] for k in RESOURCES)


class Op(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of an effect (`OPS`) or one project condition (`CONDITIONS`)."""

    op: str
    c: int = 0
    w: int = 0
    cu: int = 0
    cr: int = 0
    vp: int = 0
    n: int = 0
    """A count: units, uses, fragments, slots, machines (see the op)."""
    kinds: tuple[str, ...] = ()
    """Resource kinds (c/w/cu/cr) or, for conditions, machine types."""
    target: str = ""
    """Who is hit ("team", "player") or which machines count ("broken", "repaired", "any")."""
    threats: tuple[str, ...] = ()
    """`protect`: what is guarded (`THREATS`)."""

    @property
    def amounts(self) -> Amounts:
        """The op's c/w/cu/cr/vp as Amounts."""
        return Amounts(c=self.c, w=self.w, cu=self.cu, cr=self.cr, vp=self.vp)


class PairGain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a card gains when paired (`PAIR_GAINS`), with which partner (`PARTNERS`)."""

    gain: str
    partner: str
    n: int
    """How much: extra units, extra uses, or fragments placed by the pair."""


class Machine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One machine code: a kind of card and how many copies of it exist."""

    code: str
    name: str
    type: str
    level: int
    """1-4; also the card's own price on the belt."""
    copies: int
    repair: Amounts
    use: str
    """"auto", "optional" or "passive" (see `USES`)."""
    ops: tuple[Op, ...]
    uses: int = 0
    """For "optional" effects: uses per turn (one more when the pair gain is extra_use)."""
    combines_with: tuple[str, ...] = ()
    no_combination: bool = False
    pair_gain: PairGain | None = None
    expansion: bool = False
    starting_only: bool = False
    """Never in the machine deck (the Starteur starts beside each workshop)."""
    edition: str = ""
    provenance: dict[str, str] = msgspec.field(default_factory=dict)
    """Field -> "002" / "published" / "ours"; fields not listed are ours."""

    @property
    def price(self) -> int:
        """The card's own price: its level (published)."""
        return self.level


class Handyman(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A handyman figure and its player colour (screen, tokens and dream marker share it)."""

    id: str
    name: str
    colour: str
    expansion: bool = False
    edition: str = ""


class Workshop(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A workshop board: first-round order, starting stock and starting machines."""

    number: int
    order: int
    stock: Amounts
    starting: tuple[str, ...]
    expansion: bool = False
    edition: str = ""


class Extractor(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A charcoalium extractor beside the belt."""

    id: str
    gives: int
    capacity: int | str
    """Figures it holds, or "any"."""


class FallOff(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Belt places whose untaken machine leaves at the reset, for some player counts."""

    players: tuple[int, ...]
    places: tuple[int, ...]


class Belt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """belt.toml: the Bric-a-brac."""

    places: int
    surcharges: tuple[int, ...]
    initiative_spaces: int
    deal_order: str
    first_round_redeal: tuple[str, ...]
    extractor: tuple[Extractor, ...]
    fall_off: tuple[FallOff, ...]
    edition: str = ""


class Rate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Transactions rate in charcoalium per unit."""

    kind: str
    buy: int
    sell: int


class Dial(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The six dial actions in ring order."""

    actions: tuple[str, ...]


class ProjectsInPlay(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How many projects are laid out for a player count."""

    players: int
    count: int


class Teams(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Team play's numbers."""

    players: tuple[int, ...]
    starteurs_per_team: int
    pairings_4: tuple[tuple[int, int], ...]
    pairings_6: tuple[tuple[int, int], ...]
    projects_4: int
    projects_6: int
    shared_condition_factor: int = 1
    """A core project's condition on the team's stock or broken machines asks for this many times its amounts."""
    provenance: dict[str, str] = msgspec.field(default_factory=dict)


class Modes(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Player counts without and with the expansion (teams: `Teams.players`)."""

    core_players: tuple[int, ...]
    chimera_players: tuple[int, ...]


class Economy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """economy.toml: rates, limits, VP and end bonuses."""

    extraction: int
    slots: int
    starting_machines: int
    pair_size: int
    assistant_limit: int
    face_up_assistants: int
    action_count: int
    project_tokens: int
    trade_limit: int
    project_first_vp: int
    project_later_vp: int
    bonus_most: int
    bonus_tied: int
    bonus_categories: tuple[str, ...]
    tie_break: tuple[str, ...]
    """Tie-breaks after VP, in order: "units_left" (C, W, Cu, Cr left, added up), then "shared"."""
    vp_target: int
    team_vp_target: int
    round_limit: int
    late_projects_from: int
    """From phase C of this round on, each reset lays out one more project from those not in play."""
    blocked_attack_pays: int
    dismantle_repaired_multiplier: int
    dismantle_broken: str
    track_later_c: int
    recruit_refill: bool
    rate: tuple[Rate, ...]
    dial: Dial
    projects_in_play: tuple[ProjectsInPlay, ...]
    teams: Teams
    modes: Modes
    edition: str = ""
    provenance: dict[str, str] = msgspec.field(default_factory=dict)


class Assistant(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An assistant card."""

    id: str
    number: str
    """"1"-"13" for the core cards, "C1"-"C7" for Chimera's."""
    name: str
    cost: int
    ops: tuple[Op, ...]
    uses: int = 0
    """Uses per turn of an optional effect (0: always on)."""
    expansion: bool = False
    edition: str = ""
    provenance: dict[str, str] = msgspec.field(default_factory=dict)


class Project(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A project tile: conditions that must all hold (`CONDITIONS`)."""

    id: str
    number: str
    name: str
    conditions: tuple[Op, ...]
    expansion: bool = False
    edition: str = ""
    provenance: dict[str, str] = msgspec.field(default_factory=dict)


class Colour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A kind of dream fragment (a colour, or the nightmare)."""

    id: str
    letter: str
    display: str
    count: int


class Space(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A dream-track space: where a token may go next, and the reward laid on it at setup."""

    id: str
    next: tuple[str, ...]
    reward: Amounts | None = None


class Dream(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """dream.toml: fragments and the track."""

    start: str
    end: str
    colour: tuple[Colour, ...]
    nightmare: Colour
    space: tuple[Space, ...]
    edition: str = ""


class Reading(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One reading of an unclear rule, behind a named flag."""

    id: str
    value: bool | int | str
    checklist: tuple[str, ...]
    design: str
    text: str


class _Machines(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    machine: tuple[Machine, ...]
    type_colour: dict[str, str]


class _Workshops(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    workshop: tuple[Workshop, ...]
    handyman: tuple[Handyman, ...]


class _Assistants(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    assistant: tuple[Assistant, ...]


class _Projects(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    project: tuple[Project, ...]


class _Readings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    reading: tuple[Reading, ...]
    edition: str = ""


class Content(msgspec.Struct, frozen=True):
    """Every component, validated, with lookups by id."""

    machines: tuple[Machine, ...]
    workshops: tuple[Workshop, ...]
    handymen: tuple[Handyman, ...]
    belt: Belt
    economy: Economy
    assistants: tuple[Assistant, ...]
    projects: tuple[Project, ...]
    dream: Dream
    readings: tuple[Reading, ...]
    machine: dict[str, Machine]
    """Code -> machine."""
    workshop: dict[int, Workshop]
    """Number -> workshop."""
    assistant: dict[str, Assistant]
    project: dict[str, Project]
    space: dict[str, Space]
    """Dream-track space id -> space."""
    colour: dict[str, Colour]
    """Fragment kind id -> kind, the nightmare included."""
    flags: dict[str, bool | int | str]
    """Reading id -> the value in force."""
    rate: dict[str, Rate]
    """Resource kind -> Transactions rate."""
    type_colour: dict[str, str]
    """Machine type -> its card colour."""
    core_deck: tuple[str, ...]
    """One code per core card (61), starting machines included: setup takes those of the workshops in play."""
    chimera_deck: tuple[str, ...]
    """One code per Chimera card shuffled into the deck (9: the Starteurs never enter it)."""

    def reading(self, name: str) -> bool | int | str:
        """The value in force of the reading flag `name` (rules_readings.toml).

        Raises:
            ContentError: when no such flag exists (a misspelt name in the rules code fails loudly).
        """
        try:
            return self.flags[name]
        except KeyError:
            raise ContentError(f"rules_readings.toml has no reading called {name!r}") from None


class ContentError(ValueError):
    """The data files break a rule of the game's components."""


class DataFileMissing(FileNotFoundError):
    """A data file is not installed (a broken or partial installation)."""


DATA_FILES: tuple[str, ...] = (
    "machines.toml",
    "workshops.toml",
    "belt.toml",
    "economy.toml",
    "assistants.toml",
    "projects.toml",
    "dream.toml",
    "rules_readings.toml",
)
"""Every component file this module reads."""


def _read(name: str) -> bytes:
    try:
        return resources.files(__package__).joinpath("data").joinpath(name).read_bytes()
    except FileNotFoundError:
        raise DataFileMissing(
            f"Imaginarium's data file data/{name} is missing from chimera_tui/games/imaginarium; "
            "the installation is incomplete, so reinstall chimera-tabletop."
        ) from None


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise ContentError(message)


def _check_ops(where: str, ops: Iterable[Op], vocabulary: dict[str, str]) -> None:
    """Every op is in `vocabulary`, sets only its own fields, with known kinds, targets and threats."""
    for op in ops:
        _check(op.op in vocabulary, f"{where}: unknown op {op.op!r}")
        allowed = _FIELDS[op.op]
        for name in (*_AMOUNT_FIELDS, "n"):
            value = getattr(op, name)
            _check(value >= 0, f"{where}: {op.op} has a negative {name}")
            _check(value == 0 or name in allowed, f"{where}: {op.op} does not take {name}")
        for name in ("kinds", "target", "threats"):
            _check(not getattr(op, name) or name in allowed, f"{where}: {op.op} does not take {name}")
        known = frozenset(MACHINE_TYPES.values()) if vocabulary is CONDITIONS else frozenset(RESOURCES)
        _check(all(k in known for k in op.kinds), f"{where}: {op.op} names an unknown kind in {op.kinds}")
        _check(all(t in THREATS for t in op.threats), f"{where}: unknown threat in {op.threats}")
        if op.op in _TARGETS:
            _check(
                op.target in _TARGETS[op.op], f"{where}: {op.op} needs a target in {sorted(_TARGETS[op.op])}"
            )
        if "n" in allowed and op.op not in {"dismantle_gain"}:
            _check(op.n >= 1, f"{where}: {op.op} needs n >= 1")
        if "kinds" in allowed and op.op not in {"dismantle_gain"}:
            _check(bool(op.kinds), f"{where}: {op.op} needs kinds")
        if op.op == "protect":
            _check(bool(op.threats), f"{where}: protect needs threats")


def _check_provenance(where: str, provenance: dict[str, str], fields: frozenset[str]) -> None:
    for field, source in provenance.items():
        _check(field in fields, f"{where}: provenance names an unknown field {field!r}")
        _check(source in PROVENANCES, f"{where}: provenance {source!r} is not one of {sorted(PROVENANCES)}")


def _check_edition(where: str, edition: str, provenance: dict[str, str], numbers: Iterable[str]) -> None:
    """An entry is marked as this edition's iff one of its numbers (`numbers`) is ours."""
    ours = any(provenance.get(field, "ours") == "ours" for field in numbers)
    if ours:
        _check(
            edition == EDITION, f"{where}: holds numbers of ours, so it must be marked edition = {EDITION!r}"
        )
    else:
        _check(edition == "", f"{where}: holds only sourced numbers, so it must not be marked as ours")


_MACHINE_FIELDS = frozenset(
    {
        "code",
        "name",
        "type",
        "level",
        "copies",
        "repair",
        "effect",
        "combines_with",
        "no_combination",
        "pair_gain",
    }
)
_MACHINE_NUMBERS = ("level", "copies", "repair", "effect", "combines_with", "pair_gain")
_CODE = re.compile(r"([PTADS])([0-9])\Z")


def _check_machines(machines: tuple[Machine, ...]) -> dict[str, Machine]:
    by_code: dict[str, Machine] = {}
    for m in machines:
        _check(m.code not in by_code, f"machine code {m.code} is used twice")
        by_code[m.code] = m
    for m in machines:
        where = f"machine {m.code}"
        match = _CODE.match(m.code)
        _check(match is not None, f"{where}: a code is a type letter and a digit")
        assert match is not None
        _check(
            MACHINE_TYPES[match[1]] == m.type, f"{where}: the letter {match[1]} does not match type {m.type}"
        )
        _check(1 <= m.level <= 4, f"{where}: level {m.level} is outside 1-4")
        _check(1 <= m.copies <= 7, f"{where}: {m.copies} copies is outside 1-7")
        _check(m.repair.c == 0 and m.repair.vp == 0, f"{where}: a repair costs wood, copper and crystal only")
        _check(min(m.repair.w, m.repair.cu, m.repair.cr) >= 0, f"{where}: negative repair cost")
        _check(m.repair.units == m.level + 1, f"{where}: a repair cost has level + 1 = {m.level + 1} units")
        _check(m.use in USES[m.type], f"{where}: a {m.type} machine cannot be used {m.use!r}")
        _check(
            (m.use == "optional") == (m.uses >= 1), f"{where}: optional machines, and only they, have uses"
        )
        _check(bool(m.ops), f"{where}: no effect")
        _check_ops(where, m.ops, OPS)
        for code in m.combines_with:
            _check(code in by_code, f"{where}: combines with an unknown code {code}")
            _check(not by_code[code].no_combination, f"{where}: lists {code}, which never combines")
        if m.no_combination:
            _check(not m.combines_with and m.pair_gain is None, f"{where}: 'no combination' lists partners")
        else:
            _check(bool(m.combines_with), f"{where}: lists no partner and is not marked 'no combination'")
        if m.pair_gain is not None:
            _check(m.pair_gain.gain in PAIR_GAINS, f"{where}: unknown pair gain {m.pair_gain.gain!r}")
            _check(m.pair_gain.partner in PARTNERS, f"{where}: unknown pair partner {m.pair_gain.partner!r}")
            _check(m.pair_gain.n >= 1, f"{where}: a pair gain needs n >= 1")
            if m.pair_gain.partner == "same":
                _check(
                    m.code in m.combines_with, f"{where}: a same-code pair gain needs {m.code} in its list"
                )
        _check_provenance(where, m.provenance, _MACHINE_FIELDS)
        _check_edition(where, m.edition, m.provenance, _MACHINE_NUMBERS)
    core = [m for m in machines if not m.expansion]
    chimera = [m for m in machines if m.expansion]
    _check(len(core) == 26, f"the core game has 26 machine codes, not {len(core)}")
    _check(
        sum(m.copies for m in core) == 61,
        f"the core game has 61 machine cards, not {sum(m.copies for m in core)}",
    )
    for kind, cards, codes in (
        ("production", 29, 9),
        ("transformation", 12, 5),
        ("attack", 10, 6),
        ("defense", 6, 3),
        ("special", 4, 3),
    ):
        of_type = [m for m in core if m.type == kind]
        _check(sum(m.copies for m in of_type) == cards, f"the core game has {cards} {kind} cards")
        _check(len(of_type) == codes, f"the core game has {codes} {kind} codes")
    expected = {"P0": 5, "A7": 2, "D4": 2, "S4": 5}
    _check({m.code: m.copies for m in chimera} == expected, f"Chimera adds exactly {expected}")
    return by_code


def _check_dream(dream: Dream) -> dict[str, Space]:
    by_id: dict[str, Space] = {}
    for s in dream.space:
        _check(s.id not in by_id, f"dream-track space {s.id} is listed twice")
        by_id[s.id] = s
    _check(dream.start in by_id and dream.end in by_id, "the dream track needs its start and End spaces")
    _check(not by_id[dream.end].next, "End leads nowhere")
    for s in dream.space:
        _check(all(n in by_id for n in s.next), f"space {s.id} leads to an unknown space")
        _check(s.id == dream.end or 1 <= len(s.next) <= 2, f"space {s.id} must lead to 1 or 2 spaces")
        _check(s.reward is None or s.reward.value + s.reward.vp > 0, f"space {s.id}: an empty reward")
    _check(by_id[dream.start].reward is None, "Start holds no reward")
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(sid: str) -> None:
        """Depth-first walk; a space met again while still open means a loop."""
        _check(state.get(sid) != 1, f"the dream track loops through {sid}")
        if state.get(sid) == 2:
            return
        state[sid] = 1
        for n in by_id[sid].next:
            visit(n)
        state[sid] = 2
        order.append(sid)

    visit(dream.start)
    _check(len(order) == len(by_id), "every dream-track space must be reachable from Start")
    for s in dream.space:
        if len(s.next) == 2:
            first, second = (_reach(by_id, n) for n in s.next)
            joins = [sid for sid in first if sid in second]
            _check(bool(joins) and joins[0] != dream.end, f"the fork at {s.id} must join again before End")
    colours = {c.id: c for c in (*dream.colour, dream.nightmare)}
    _check(len(colours) == 5 and len(dream.colour) == 4, "four colours and the nightmare, each once")
    _check(len({c.letter for c in colours.values()}) == 5, "each fragment kind needs its own letter")
    return by_id


def _reach(by_id: dict[str, Space], start: str) -> list[str]:
    """Spaces reachable from `start` (itself included), nearest first."""
    seen = [start]
    i = 0
    while i < len(seen):
        for n in by_id[seen[i]].next:
            if n not in seen:
                seen.append(n)
        i += 1
    return seen


def load() -> Content:
    """Read and validate every data file (uncached; use `content()`).

    Raises:
        DataFileMissing: when a data file is not installed.
        ContentError: naming the first broken rule (duplicate id, wrong count, unknown reference, an op outside
            the vocabulary, a number out of range).
        msgspec.ValidationError: when a file does not match its Struct (an unknown or missing field).
    """
    machine_file = msgspec.toml.decode(_read("machines.toml"), type=_Machines)
    machines = machine_file.machine
    workshop_file = msgspec.toml.decode(_read("workshops.toml"), type=_Workshops)
    workshops, handymen = workshop_file.workshop, workshop_file.handyman
    belt = msgspec.toml.decode(_read("belt.toml"), type=Belt)
    economy = msgspec.toml.decode(_read("economy.toml"), type=Economy)
    assistants = msgspec.toml.decode(_read("assistants.toml"), type=_Assistants).assistant
    projects = msgspec.toml.decode(_read("projects.toml"), type=_Projects).project
    dream = msgspec.toml.decode(_read("dream.toml"), type=Dream)
    readings = msgspec.toml.decode(_read("rules_readings.toml"), type=_Readings).reading

    machine = _check_machines(machines)

    workshop = {w.number: w for w in workshops}
    _check(sorted(workshop) == [1, 2, 3, 4, 5, 6], "workshops are numbered 1 to 6, once each")
    _check(
        sorted(w.order for w in workshops) == [1, 2, 3, 4, 5, 6], "first-round orders are 1 to 6, once each"
    )
    _check([w.number for w in workshops if w.expansion] == [6], "workshop 6, and only it, comes with Chimera")
    starting: dict[str, int] = {}
    for w in workshops:
        _check(w.edition == EDITION, f"workshop {w.number}: its contents are ours and must be marked")
        _check(len(w.starting) == economy.starting_machines, f"workshop {w.number}: wrong number of machines")
        _check(
            min(w.stock.c, w.stock.w, w.stock.cu, w.stock.cr) >= 0 and w.stock.vp == 0, "bad starting stock"
        )
        for code in w.starting:
            _check(code in machine and not machine[code].expansion, f"workshop {w.number}: unknown {code}")
            starting[code] = starting.get(code, 0) + 1
    for code, count in starting.items():
        _check(count <= machine[code].copies, f"the workshops need {count} {code}, more than exist")

    _check(sorted(machine_file.type_colour) == sorted(MACHINE_TYPES.values()), "a card colour for each type")
    _check(len(handymen) == 6 and len({h.id for h in handymen}) == 6, "six handymen, with unique ids")
    _check(len({h.colour for h in handymen}) == 6, "each handyman has a colour of its own")
    _check([h.expansion for h in handymen] == [False] * 5 + [True], "five core handymen, then Chimera's")

    _check(belt.places == 7 == len(belt.surcharges), "the belt has 7 places, each with a surcharge")
    _check(list(belt.surcharges) == sorted(set(belt.surcharges), reverse=True), "surcharges differ and fall")
    _check(min(belt.surcharges) >= 0, "surcharges are not negative")
    _check(len({x.id for x in belt.extractor}) == len(belt.extractor) >= 1, "extractor ids are unique")
    for x in belt.extractor:
        _check(x.gives >= 1, f"extractor {x.id} must give charcoalium")
        _check(
            x.capacity == "any" or (isinstance(x.capacity, int) and x.capacity >= 1),
            f"extractor {x.id}: capacity",
        )
    _check(any(x.capacity == "any" for x in belt.extractor), "one extractor must take any number of figures")
    covered = sorted(p for f in belt.fall_off for p in f.players)
    _check(covered == [2, 3, 4, 5, 6], "fall-off places are given once for each player count 2-6")
    _check(
        all(1 <= p <= belt.places for f in belt.fall_off for p in f.places), "fall-off places are on the belt"
    )
    _check(belt.initiative_spaces == 6, "the initiative track has a space for each of 6 figures")
    _check(belt.deal_order == "lowest_level_front", f"unknown deal order {belt.deal_order!r}")
    _check(
        all(t in MACHINE_TYPES.values() for t in belt.first_round_redeal), "unknown machine type to redeal"
    )

    rate = {r.kind: r for r in economy.rate}
    _check(
        sorted(rate) == sorted(("w", "cu", "cr")), "Transactions rates are given for wood, copper and crystal"
    )
    _check(all(0 < r.sell < r.buy for r in economy.rate), "selling must pay less than buying")
    actions = ("repair", "transactions", "dismantle", "reorganize", "extraction", "recruit")
    _check(sorted(economy.dial.actions) == sorted(actions), "the dial shows the six actions once each")
    _check(economy.dial.actions[:3] == actions[:3], "the ring starts Repair, Transactions, Dismantle")
    _check(
        sorted(p.players for p in economy.projects_in_play) == [2, 3, 4, 5, 6], "projects in play by count"
    )
    _check(all(1 <= p.count <= 18 for p in economy.projects_in_play), "projects in play are 1 to 18")
    _check(economy.project_first_vp == 4 and economy.project_later_vp == 3, "projects score 4, then 3")
    _check(economy.vp_target == 20 and economy.team_vp_target == 25, "the VP targets are 20 and 25")
    _check(
        1 <= economy.late_projects_from <= economy.round_limit, "late projects start within the round limit"
    )
    _check(economy.extraction == 3 and economy.slots == 4, "Extraction gives 3; a workshop has 4 slots")
    _check(
        all(c in (*RESOURCES, "machines") for c in economy.bonus_categories)
        and len(economy.bonus_categories) == 5,
        "five end-bonus categories",
    )
    _check(economy.tie_break == ("units_left", "shared"), f"unknown tie-breaks {economy.tie_break}")
    _check(economy.dismantle_broken == "level", f"unknown broken payout {economy.dismantle_broken!r}")
    economy_fields = frozenset(f.name for f in msgspec.structs.fields(Economy))
    _check_provenance("economy.toml", economy.provenance, economy_fields)
    teams = economy.teams
    _check_provenance(
        "economy.toml [teams]", teams.provenance, frozenset(f.name for f in msgspec.structs.fields(Teams))
    )
    _check(tuple(teams.players) == (4, 6), "team play is for 4 or 6 players")
    for pairs, size in ((teams.pairings_4, 4), (teams.pairings_6, 6)):
        _check(sorted(n for pair in pairs for n in pair) == list(range(1, size + 1)), "team pairings")
    _check(tuple(economy.modes.core_players) == (2, 3, 4, 5), "the core game is for 2 to 5 players")

    assistant = {a.id: a for a in assistants}
    _check(len(assistant) == len(assistants), "assistant ids are unique")
    _check(len({a.number for a in assistants}) == len(assistants), "assistant numbers are unique")
    _check(sum(not a.expansion for a in assistants) == 13, "the core game has 13 assistants")
    _check(sum(a.expansion for a in assistants) == 7, "Chimera adds 7 assistants")
    for a in assistants:
        where = f"assistant {a.id}"
        _check(2 <= a.cost <= 6, f"{where}: cost {a.cost} is outside 2-6")
        _check(bool(a.ops), f"{where}: no effect")
        _check_ops(where, a.ops, OPS)
        _check(a.uses >= 0, f"{where}: negative uses")
        _check_provenance(where, a.provenance, frozenset({"name", "cost", "effect"}))
        _check_edition(where, a.edition, a.provenance, ("cost", "effect"))

    project = {p.id: p for p in projects}
    _check(len(project) == len(projects), "project ids are unique")
    _check(sum(not p.expansion for p in projects) == 14, "the core game has 14 projects")
    _check(sum(p.expansion for p in projects) == 4, "Chimera adds 4 projects")
    for p in projects:
        where = f"project {p.id}"
        _check(bool(p.conditions), f"{where}: no condition")
        _check_ops(where, p.conditions, CONDITIONS)
        _check_provenance(where, p.provenance, frozenset({"name", "condition"}))
        _check_edition(where, p.edition, p.provenance, ("condition",))

    space = _check_dream(dream)
    colour = {c.id: c for c in (*dream.colour, dream.nightmare)}

    flags: dict[str, bool | int | str] = {}
    for r in readings:
        _check(r.id not in flags, f"reading {r.id} is listed twice")
        _check(re.fullmatch(r"[a-z][a-z0-9_]*", r.id) is not None, f"reading {r.id!r}: use snake_case")
        _check(bool(r.checklist) and all(c.startswith("IM-") for c in r.checklist), f"reading {r.id}: IDs")
        _check(bool(r.text), f"reading {r.id}: no text")
        flags[r.id] = r.value
    fragments = sum(c.count for c in colour.values())
    _check(fragments == (56 if flags.get("fragments_56", True) else 48), f"{fragments} fragments in all")

    return Content(
        machines=machines,
        workshops=workshops,
        handymen=handymen,
        belt=belt,
        economy=economy,
        assistants=assistants,
        projects=projects,
        dream=dream,
        readings=readings,
        machine=machine,
        workshop=workshop,
        assistant=assistant,
        project=project,
        space=space,
        colour=colour,
        flags=flags,
        rate=rate,
        type_colour=machine_file.type_colour,
        core_deck=tuple(m.code for m in machines if not m.expansion for _ in range(m.copies)),
        chimera_deck=tuple(
            m.code for m in machines if m.expansion and not m.starting_only for _ in range(m.copies)
        ),
    )


@functools.cache
def content() -> Content:
    """The validated components (read once per process)."""
    return load()


# ----------------------------------------------------------------------------------------------- card texts


def amounts_text(amounts: Amounts | Op, joiner: str = " + ") -> str:
    """``"2 wood + 1 copper"``: the non-zero kinds of `amounts`, VP last; ``"nothing"`` when all are 0."""
    parts = [f"{getattr(amounts, k)} {RESOURCE_NAMES[k]}" for k in RESOURCES if getattr(amounts, k)]
    if amounts.vp:
        parts.append(f"{amounts.vp} VP")
    return joiner.join(parts) or "nothing"


def _listing(items: list[str], last: str = "and") -> str:
    """``"a, b and c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _kinds_text(kinds: tuple[str, ...]) -> str:
    return _listing([RESOURCE_NAMES[k] for k in kinds], "or")


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def describe_op(op: Op) -> str:
    """One op in words (a sentence fragment, no final full stop)."""
    match op.op:
        case "produce":
            return f"makes {amounts_text(op, ' and ')}"
        case "pay":
            return f"pay {amounts_text(op)}"
        case "pay_any":
            what = _kinds_text(op.kinds)
            return f"pay {op.n} {what}" if op.n == 1 else f"pay {op.n} of one kind ({what})"
        case "gain":
            return f"gain {amounts_text(op, ' and ')}"
        case "gain_any":
            return f"gain {op.n} of another kind ({_kinds_text(op.kinds)})"
        case "steal":
            choice = " (your choice)" if len(op.kinds) > 1 else ""
            return f"takes {op.n} {_kinds_text(op.kinds)}{choice} from each opposing {op.target}"
        case "steal_fragment":
            return (
                "each opposing team holding a fragment hands you one of its choice (a nightmare is allowed); "
                "keep 1 of them behind your screen and discard the rest"
            )
        case "tangle":
            return (
                "tangles one slot of each opposing player, chosen by you; tangled machines do nothing until "
                "the end of their owner's next machine step"
            )
        case "protect":
            return "protects your team against " + _listing([THREATS[t] for t in op.threats])
        case "recycle":
            return (
                "discard one broken machine you hold for as many units as its level, chosen from its repair "
                f"cost, plus {op.c} charcoalium"
            )
        case "project_vp":
            return f"gain {op.vp} VP each time you complete a project"
        case "dream":
            return (
                f"add {op.n} fragment from behind your screen to your dream; it moves your dream token as in "
                "a daydream"
            )
        case "free_dial":
            return "choose any 2 different actions each turn, ignoring the dial, but not last turn's pair"
        case "extraction_bonus":
            return f"the Extraction action gives {op.c} more charcoalium"
        case "repair_discount":
            return f"each repair costs {op.n} fewer resource of your choice (at least 1 is still paid)"
        case "buy_discount":
            return f"buying in Transactions costs {op.c} charcoalium less per unit"
        case "trade_limit":
            return f"Transactions allow {op.n} unit trades"
        case "dismantle_gain":
            extra = [amounts_text(op.amounts, " and ")] if op.c or op.vp else []
            if op.n:
                extra.append(f"{op.n} {_kinds_text(op.kinds)} of your choice")
            return f"dismantling a {op.target} machine also gives {' and '.join(extra)}"
        case "trio_slot":
            return (
                f"{op.n} of your slots may hold 3 combined machines; the third must combine with both and "
                "adds its pair gain again"
            )
        case "price_discount":
            return f"the machine you pick up costs {op.c} charcoalium less (never below 0)"
        case "late_project_vp":
            return f"a project someone completed before you scores you {op.vp} VP"
        case "extractor_bonus":
            return f"taking charcoalium at an extractor gives {op.c} more"
        case "start_gain":
            return f"at the start of your turn, gain {amounts_text(op, ' and ')}"
        case "extra_slot":
            return f"your workshop has {op.n} more slot" + ("s" if op.n > 1 else "")
        case "belt_fragment":
            return (
                "take the fragment from one belt machine nobody has reserved, at the start of your turn; "
                "it is not replaced at the reset"
            )
        case "ignore_nightmare_limit":
            return "even after a nightmare you may place several fragments at once, all of different colours"
        case "dismantle_special":
            return "you may dismantle special machines"
        case "dismantle_fragment":
            which = "any" if op.target == "any" else f"a {op.target}"
            return f"dismantling {which} machine gives {op.n} more fragment from the top of the pile"
        case "dismantle_full_cost":
            return f"dismantling a {op.target} machine gives its whole repair cost, whatever its level"
        case "machines":
            return f"at least {op.n} {' or '.join(op.kinds)} machines in your workshop, paired or not"
        case "slots_filled":
            return "a machine in every slot of your workshop"
        case "pairs":
            return f"at least {op.n} slots each holding a combined pair"
        case "stock":
            return f"at least {amounts_text(op, ', ')} behind your screen"
        case "assistants":
            return f"at least {op.n} assistants"
        case "level_sum":
            return f"repaired machines whose levels add up to {op.n} or more"
        case "production_kinds":
            return f"working production machines that make at least {op.n} different kinds between them"
        case "broken":
            return f"at least {op.n} broken machines beside your workshop"
        case "dream_run":
            return f"at least {op.n} fragments of the same colour in a row in your dream"
        case "types_in_slots":
            return _listing([f"{_article(t)} {t}" for t in op.kinds]) + " machine, each in a different slot"
    raise ContentError(f"unknown op {op.op!r}")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _effect(ops: tuple[Op, ...], uses: int) -> str:
    """Ops in words; a pay... gain... chain reads as one conversion, limited to `uses` per turn."""
    if ops and ops[0].op in {"pay", "pay_any"}:
        text = ", then ".join(describe_op(op) for op in ops)
        return _sentence(f"{_times(uses)} per turn, you may {text}" if uses else text)
    text = "; ".join(describe_op(op) for op in ops)
    if uses:
        return _sentence(f"{_times(uses)} per turn, you may {text}")
    return _sentence(text)


def describe_machine(m: Machine) -> str:
    """A machine's card text, from its ops, use and pair gain."""
    text = _effect(m.ops, m.uses)
    if m.use == "auto":
        text = "Works by itself in the machine step: " + text[:1].lower() + text[1:]
    if m.pair_gain is not None:
        gain = PAIR_GAINS[m.pair_gain.gain].format(n=m.pair_gain.n, times=_times(m.pair_gain.n))
        text += f" Paired with {PARTNERS[m.pair_gain.partner]}: {gain}."
    if m.no_combination:
        text += " Never combines."
    return text


def describe_assistant(a: Assistant) -> str:
    """An assistant's card text, from its ops."""
    return _effect(a.ops, a.uses)


def describe_project(p: Project) -> str:
    """A project's condition in words, from its conditions."""
    return _sentence("have " + " and ".join(describe_op(c) for c in p.conditions))

"""Imaginarium's components as frozen Structs, one per kind of thing in the data files, and `Content`: all of
them, validated, with the lookups by id the hot paths use (built by `content.load`).
"""

from __future__ import annotations

import msgspec

from chimera_tui.games.imaginarium.vocabulary import RESOURCE_VALUE, RESOURCES


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


class MachinesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    machine: tuple[Machine, ...]
    type_colour: dict[str, str]


class WorkshopsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    workshop: tuple[Workshop, ...]
    handyman: tuple[Handyman, ...]


class AssistantsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    assistant: tuple[Assistant, ...]


class ProjectsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    project: tuple[Project, ...]


class ReadingsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
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

"""Chimera Station's state: frozen msgspec Structs, tuples only, content referred to by id.

Where workers are is one string per worker (``Worker.where``): "aside" (set aside until research hands it
out), "pool", "lounge", "lab-a"/"lab-b"/"lab-c" (Splicing Lab slots), or a module id (a printed module, a
built tile, or the perk id of its owner's perk module). Pending decisions are a stack of `Task`s: the top one
is what `to_act` asks for; an empty stack in the Placement or Splicing Lab phase means a worker placement.

Every Struct here is ``gc=False``: it holds only strings, numbers, enums and tuples of those (never a list or
dict), so it can never be part of a reference cycle, and the cycle collector need not scan the thousands of
states a match keeps for undo (about 15 % of a benchmark's time when it did).
"""

from __future__ import annotations

import enum

import msgspec

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.engine.rng import Rng

HIDDEN = "?"
"""What a redacted id looks like in a view."""


class Phase(enum.Enum):
    """Where the round stands (the UI switches mode on it)."""

    DRAFT = "draft"
    """Setup: choosing starting resource cards (and setup perks)."""
    PLACEMENT = "placement"
    LAB = "lab"
    """The Splicing Lab phase: Lab workers (and workers gained meanwhile) are placed again."""
    FEEDING = "feeding"
    OVER = "over"


DRAFT, PLACEMENT, LAB, FEEDING, OVER = Phase.DRAFT, Phase.PLACEMENT, Phase.LAB, Phase.FEEDING, Phase.OVER
"""The phases as module names, for the rules' comparisons: in CPython 3.11 reading a member off the enum class
(`Phase.OVER`) takes about seven times as long as reading a module name, and the rules compare the phase
several times a decision."""


class Worker(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One worker: its components and where it is."""

    comps: tuple[str, ...]
    """Attached components, sorted (at most 2, or 3 with the Geneticist)."""
    where: str
    """"aside", "pool", "lounge", "lab-a".."lab-c", or a module id."""


class Player(msgspec.Struct, frozen=True, gc=False):
    """One seat's mat, resources, workers, research, perks and score."""

    mat: str
    side: str
    """Player-mat side "A" or "B"."""
    coins: int
    food: int
    pool: tuple[int, int, int, int]
    """Unattached components by type (brain, claw, leaf, tentacle)."""
    workers: tuple[Worker, ...]
    tier: int = 1
    """Research tier, 1 (start) to 8."""
    perks: tuple[str, ...] = ()
    card: str = ""
    """The kept starting resource card ("" once used for the flush, or before the draft)."""
    builds: int = 0
    """Modules this player built (for the Architect)."""
    score: int = 0
    """Always the sum of this seat's `ScoreEvent`s."""


class Built(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A module tile built on the board, with who built it and when."""

    hex: Hex
    tile: str
    builder: int
    round: int


class ScoreEvent(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One change of a seat's score; the score is always the sum of its events."""

    seat: int
    points: int
    cause: str
    """start, module, command, brain, feeding, research, perk, bonus, reactor, supply, effect, coins, food,
    components, end-perk."""
    round: int


class Task(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A pending step. Choice tasks wait for a `Choose` (or `Place`) of `seat`; others run by themselves."""

    kind: str
    seat: int
    worker: int = -1
    """The acting worker's index among the seat's workers; -1 for workerless steps."""
    place: str = ""
    """The module (or card, tile, hex...) the step is about."""
    n: int = 0
    i: int = 0
    src: str = ""
    """"bonus": a build bonus or workerless activation (no tentacle bonus)."""
    coins: int = 0
    food: int = 0
    comps: tuple[str, ...] = ()
    """action_end: what the action gained so far; splice: the worker's components on entering."""


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole game: everything `apply` needs, and nothing else."""

    names: tuple[str, ...]
    phase: Phase
    round: int
    """0 during the setup draft, then 1..5."""
    start: int
    """Holder of the start player marker."""
    turn: int
    """The seat whose placement turn it is."""
    marker_taken: bool
    """The marker was claimed at Command Hub A this round."""
    countdown: int
    """Countdown tokens still on Command Hub slot B (2, 1, 0)."""
    round_markers: int
    """Round markers still on the round track."""
    players: tuple[Player, ...]
    supply: tuple[int, int, int, int]
    reactor: tuple[str, ...]
    """6 spaces left to right; "" is empty (empties are always the leftmost)."""
    pile: tuple[str, ...]
    """Face-down module draw pile, top first (redacted in views)."""
    discard: tuple[str, ...]
    built: tuple[Built, ...]
    perk_display: tuple[str, ...]
    perk_deck: tuple[str, ...]
    """Face-down perk deck, top first (redacted in views)."""
    draft: tuple[str, ...]
    """The starting cards being passed (seen only by the player choosing)."""
    tasks: tuple[Task, ...]
    scoring: tuple[ScoreEvent, ...]
    """Every change of score so far (a seat's score is the sum of its events)."""
    rng: Rng
    again: tuple[tuple[int, int], ...] = ()
    """(seat, worker) to place once more after the Splicing Lab phase (Dispatch perk)."""
    lead: int = 0
    """Who leads this round's order (the start player when the round began, ST-COMMAND-10): a start player
    marker taken during the round changes the order from the next round on."""
    events: tuple[str, ...] = ()
    """What the last action caused that nobody chose, in words (income, feeding losses, research and Reactor
    rewards, station progress, the round's summary); the log shows them under the action's line."""

"""The working copy (`Working`) that `apply` builds over a State, changes, and freezes again (copy on write).

`Working` starts as a thin shell over the State: every seat is the frozen `Player` itself, read as it is.
The first change to a seat goes through `Working.w(seat)`, which swaps in a mutable `WorkingSeat` for that
seat only (and, while `told.py` is watching, notes the seat's values before the change, so events cost nothing
for seats an action does not touch). Freezing rebuilds only the thawed seats; untouched ones, and the whole
players tuple when no seat changed, are the State's own objects. Rules code reads `g.players[seat]` (a
`Player` or a `WorkingSeat`, which have the same fields) and writes only through `g.w(seat)`; nothing outside
`apply` and `legal_actions` sees `Working`. The helpers here are the rulebook's basic moves: scoring (always recorded as an event), gaining coins,
food and components (with the empty-supply rule), and worker queries.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import astuple, replace

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.games.station.actions import Place
from chimera_tui.games.station.components import COMPONENTS, Content
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Player, ScoreEvent, State, Task, Worker
from chimera_tui.games.station.whereabouts import OCC_FOR, OFF_BOARD, POOL_OF, occupancy_of

COMPONENT_INDEX = {k: i for i, k in enumerate(COMPONENTS)}
LAB_SLOTS = ("lab-a", "lab-b", "lab-c")

SeatSnap = tuple[int, int, tuple[int, ...], tuple[Worker, ...], int, tuple[str, ...], str, int]
"""What `told.py` compares of a seat, in the order it words them: coins, food, pool, workers, tier, perks,
card, score."""


Why = str | Task | Place | None
"""A step's reason for `told.py`: words, or the task (or placement) whose `why_of` words it (only when something
is told)."""

Opened = tuple[int, int, Why]
"""An open `told.begin` frame: the start player and len(scoring) when it opened, and its reason."""


def seat_snap(p: Player | WorkingSeat) -> SeatSnap:
    """The told-about values of one seat (frozen or thawed): only references, since every field is immutable."""
    return (p.coins, p.food, p.pool, p.workers, p.tier, p.perks, p.card, p.score)


class WorkingSeat(msgspec.Struct, gc=False):
    """One seat's mutable state, made from its `Player` on the seat's first change in an action.

    The same fields as `Player`, in the same order, so thawing and freezing are one C call each
    (`WorkingSeat(*astuple(player))`, `Player(*astuple(p))`). Every field holds an immutable value and is
    replaced, never changed in place (`add_pool`, `set_worker`): a snapshot for told.py and the frozen form
    share them instead of copying them.
    """

    mat: str
    side: str
    coins: int
    food: int
    pool: tuple[int, int, int, int]
    workers: tuple[Worker, ...]
    tier: int
    perks: tuple[str, ...]
    card: str
    builds: int
    score: int

    def add_pool(self, i: int, k: int) -> None:
        """Add `k` (negative to take) unattached components of type index `i`."""
        pool = list(self.pool)
        pool[i] += k
        self.pool = tuple(pool)  # type: ignore[assignment]

    def set_worker(self, wi: int, worker: Worker) -> None:
        """Replace worker `wi`."""
        workers = list(self.workers)
        workers[wi] = worker
        self.workers = tuple(workers)

    def freeze(self) -> Player:
        """The frozen form."""
        return Player(*astuple(self))


class Working:
    """The working copy of `State` used while applying one action (or listing the legal ones)."""

    __slots__ = ("_occ", "_occ_own", "again", "asked", "before", "built", "c", "countdown", "discard", "draft",
                 "frames", "free_hexes", "lead", "marker_taken", "moved", "n", "names", "perk_deck", "perk_display",
                 "phase", "pile", "players", "reactor", "rng", "round", "round_markers", "s", "scoring",
                 "start", "supply", "tasks", "thawed", "told", "turn")  # fmt: skip

    def __init__(self, s: State) -> None:
        self.c: Content = content()
        self.s = s
        self.names = s.names
        self.phase = s.phase
        self.round = s.round
        self.start, self.turn, self.marker_taken = s.start, s.turn, s.marker_taken
        self.countdown, self.round_markers = s.countdown, s.round_markers
        self.players: list[Player | WorkingSeat] = list(s.players)
        """Each seat's `Player` until its first change (`w`), then its `WorkingSeat`."""
        self.n = len(self.players)
        """The number of players."""
        self.thawed: list[int] = []
        """The seats thawed (made a `WorkingSeat`) so far, in that order."""
        self.supply = s.supply
        """Tuples, like the State's, are replaced, never changed in place (taken from the State as they are,
        and frozen again as they are)."""
        self.reactor = s.reactor
        self.pile = s.pile
        self.discard = s.discard
        self.built = s.built
        self.perk_display = s.perk_display
        self.perk_deck = s.perk_deck
        self.draft = s.draft
        self.tasks = list(s.tasks)
        self.scoring = s.scoring
        self.lead = s.lead
        self.told: list[str] = []
        """Sentences for `State.events` (what this action caused), see told.py."""
        self.frames: list[Opened] = []
        """Open `told.begin` frames, innermost last."""
        self.before: dict[int, SeatSnap] | None = None
        """The innermost open frame's notes: each seat's values before its first change in the frame (None
        when no frame is open)."""
        self.rng = s.rng
        self.again = s.again
        self._occ: dict[str, tuple[int, int]] | None = None
        """Where workers stand (see `occupancy`), once asked; then kept up to date by `move`."""
        self._occ_own = False
        """`_occ` is this working copy's own dict (not shared through `OCC_FOR`), so `move` may change it in
        place."""
        self.moved = False
        """A worker moved in this working copy (so the occupancy of `s.players` no longer holds)."""
        self.asked: Sequence[str] = ()
        """The answers to the question the task loop stopped at (the legal `Choose` values), if it did."""
        self.free_hexes: tuple[Hex, ...] | None = None
        """Cache of the free build spaces (reset when a module is built)."""

    def restart(self, s: State) -> None:
        """Make this copy, which was frozen into `s` and had a seat thawed since (by a listing), a fresh working
        copy of `s` again (cheaper than a new one): `freeze` left every other value `s`'s own object."""
        self.players = list(s.players)
        self.thawed = []
        self.moved = False
        self.told = []

    def w(self, seat: int) -> WorkingSeat:
        """`seat`'s state, to change: thawed on first use; noted for the events when told.py is watching."""
        p = self.players[seat]
        before = self.before
        if before is not None and seat not in before:
            before[seat] = (p.coins, p.food, p.pool, p.workers, p.tier, p.perks, p.card, p.score)  # seat_snap
        if p.__class__ is WorkingSeat:  # (not isinstance: a call, and this runs several times an action)
            return p
        q = self.players[seat] = WorkingSeat(*astuple(p))
        self.thawed.append(seat)
        return q

    def freeze(self) -> State:
        """The frozen form; this copy is left a fresh working copy of it (`restart`'s work, done here: its values
        already are the new state's own objects). When this working copy kept its occupancy up to date, it is
        left for the next one over the new state (`OCC_FOR`)."""
        s = self.s
        if self.thawed:
            frozen = list(s.players)
            seats = self.players
            for seat in self.thawed:
                frozen[seat] = Player(*astuple(seats[seat]))  # WorkingSeat.freeze, inline
            players = tuple(frozen)
            self.players = frozen  # type: ignore[assignment]  # reads until the next apply see only Players
            self.thawed = []
            occ = self._occ
            if occ is None and not self.moved and OCC_FOR[0][0] is s.players:
                occ = OCC_FOR[0][1]  # no worker moved: the same occupancy as before
            if occ is not None:
                OCC_FOR[0] = (players, occ)
                self._occ_own = False
        else:
            players = s.players
        after = self.s = State(
            self.names, self.phase, self.round, self.start, self.turn, self.marker_taken, self.countdown,
            self.round_markers, players, self.supply, self.reactor, self.pile, self.discard, self.built,
            self.perk_display, self.perk_deck, self.draft, tuple(self.tasks), self.scoring, self.rng, self.again,
            self.lead, tuple(self.told),
        )  # fmt: skip
        self.moved = False
        self.told = []
        return after

    # -- seats ------------------------------------------------------------------------------------------

    def order(self) -> list[int]:
        """Seats in this round's order, clockwise from the player who led it (ST-COMMAND-10)."""
        return [(self.lead + k) % self.n for k in range(self.n)]

    def name(self, seat: int) -> str:
        """The display name of `seat`."""
        return self.names[seat]

    # -- scoring and gains ------------------------------------------------------------------------------

    def score(self, seat: int, points: int, cause: str) -> None:
        """Score (or lose) points, recording the event."""
        if points:
            self.w(seat).score += points
            self.scoring = (*self.scoring, ScoreEvent(seat, points, cause, self.round))

    def track(self, seat: int, coins: int = 0, food: int = 0, comp: str = "") -> None:
        """Note a gain on the innermost action of `seat` (for the tentacle bonus)."""
        for i in range(len(self.tasks) - 1, -1, -1):
            t = self.tasks[i]
            if t.kind == "action_end":
                if t.seat == seat:
                    self.tasks[i] = replace(
                        t,
                        coins=t.coins + coins,
                        food=t.food + food,
                        comps=t.comps + ((comp,) if comp else ()),
                    )
                return

    def gain(self, seat: int, coins: int = 0, food: int = 0, track: bool = True) -> None:
        """Gain coins and food (negative to pay); tracked for the tentacle bonus unless `track` is False."""
        p = self.w(seat)
        p.coins += coins
        p.food += food
        if track and (coins > 0 or food > 0):
            self.track(seat, max(coins, 0), max(food, 0))

    def gain_component(self, seat: int, kind: str, track: bool = True) -> None:
        """Take one component of `kind` from the supply into the pool; 2 points if that pile is empty."""
        i = COMPONENT_INDEX[kind]
        if self.supply[i] > 0:
            self.add_supply(i, -1)
            self.w(seat).add_pool(i, 1)
        else:
            self.score(seat, 2, "supply")
        if track:
            self.track(seat, comp=kind)

    def add_supply(self, i: int, k: int) -> None:
        """Return `k` components of type index `i` to the supply (negative to take them)."""
        supply = list(self.supply)
        supply[i] += k
        self.supply = tuple(supply)  # type: ignore[assignment]

    def set_reactor(self, i: int, tile: str) -> None:
        """Put `tile` ("" to empty it) in Reactor space `i`."""
        reactor = self.reactor
        self.reactor = (*reactor[:i], tile, *reactor[i + 1 :])

    # -- workers ----------------------------------------------------------------------------------------

    def occupancy(self) -> dict[str, tuple[int, int]]:
        """Module or Lab slot id -> (seat, worker index) of the worker there (read only: `move` changes it)."""
        occ = self._occ
        if occ is None:
            players, known = OCC_FOR[0]
            if not self.moved and players is self.s.players:
                occ = known  # the same seats as the last working copy over them (legal_actions, then apply)
            else:
                occ = occupancy_of(self.players)
                if not self.moved:
                    OCC_FOR[0] = (self.s.players, occ)
            self._occ = occ
        return occ

    def move(self, seat: int, wi: int, where: str) -> None:
        """Put worker `wi` of `seat` on `where`."""
        occ = self._occ
        # the first move in this working copy: its own occupancy, kept up to date from here on
        if occ is None or not self._occ_own:
            occ = self._occ = dict(self.occupancy() if occ is None else occ)
            self._occ_own = True
        p = self.w(seat)
        workers = p.workers
        old = workers[wi]
        was = old.where
        now = list(workers)
        now[wi] = Worker(old.comps, where)
        p.workers = moved = tuple(now)  # p.set_worker, inline
        self.moved = True
        known = POOL_OF[seat]
        if known[0] is workers:  # the seat's pool workers, known for its new workers too
            found = known[1]
            if was == "pool":
                if where != "pool":
                    found = found.copy()
                    found.remove(wi)
            elif where == "pool":
                found = sorted([*found, wi])
            POOL_OF[seat] = (moved, found)
        if was not in OFF_BOARD and occ.get(was) == (seat, wi):
            del occ[was]
        if where not in OFF_BOARD:
            occ[where] = (seat, wi)

    def gather(self, seat: int) -> list[tuple[str, ...]]:
        """Put every worker of `seat` that is not set aside in its pool (`move` for each, in one pass); the
        components of each worker now in the pool."""
        occ = self._occ
        if occ is None or not self._occ_own:  # as in `move`
            occ = self._occ = dict(self.occupancy() if occ is None else occ)
            self._occ_own = True
        p = self.w(seat)
        back = []
        pooled = []
        indices = []
        for wi, w in enumerate(p.workers):
            where = w.where
            if where != "aside":
                comps = w.comps
                pooled.append(comps)
                indices.append(wi)
                if where != "pool":
                    held = occ.get(where)
                    if held is not None and held[0] == seat and held[1] == wi:
                        del occ[where]
                    w = Worker(comps, "pool")
            back.append(w)
        p.workers = tuple(back)
        POOL_OF[seat] = (p.workers, indices)
        self.moved = True
        return pooled

    def comps(self, seat: int, wi: int) -> tuple[str, ...]:
        """The components on worker `wi` of `seat` (none for a workerless activation, -1)."""
        return self.players[seat].workers[wi].comps if wi >= 0 else ()

    def set_comps(self, seat: int, wi: int, comps: tuple[str, ...]) -> None:
        """Replace the components on worker `wi` of `seat`."""
        p = self.w(seat)
        workers = p.workers
        p.set_worker(wi, Worker(tuple(sorted(comps)), workers[wi].where))
        known = POOL_OF[seat]
        if known[0] is workers:  # no worker moved: the same pool workers
            POOL_OF[seat] = (p.workers, known[1])

    def limit(self, seat: int) -> int:
        """How many components a worker of `seat` may carry."""
        return 3 if "geneticist" in self.players[seat].perks else 2

    def pool_workers(self, seat: int) -> list[int]:
        """Indices of `seat`'s workers in its worker pool (a list kept per workers tuple: never change it)."""
        ws = self.players[seat].workers
        known = POOL_OF[seat]
        if known[0] is ws:
            return known[1]
        found = [i for i, w in enumerate(ws) if w.where == "pool"]
        POOL_OF[seat] = (ws, found)
        return found

    def has_pool_worker(self, seat: int) -> bool:
        """Whether `seat` has a worker in its worker pool (`pool_workers` is not empty)."""
        ws = self.players[seat].workers
        known = POOL_OF[seat]
        if known[0] is ws:
            return bool(known[1])
        found = [i for i, w in enumerate(ws) if w.where == "pool"]
        POOL_OF[seat] = (ws, found)  # for the listing that mostly follows (whose turn is next has it)
        return bool(found)

    def has_power(self, seat: int, power: str) -> bool:
        """Whether `seat` plays side B of the mat with `power`."""
        p = self.players[seat]
        return p.side == "B" and self.c.mat_by_id[p.mat].power == power

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first given runs first."""
        self.tasks.extend(reversed(tasks))

    @property
    def multiplier(self) -> int:
        """Build points: ×1 in rounds 1–2, ×2 in rounds 3–4, ×3 in round 5."""
        return 3 if self.round >= 5 else 2 if self.round >= 3 else 1

"""The mutable working copy `G` that `apply` builds from a State, changes, and freezes again.

Rules code reads and writes `G` (lists, not tuples); nothing outside `apply` and `legal_actions` sees it.
The helpers here are the rulebook's basic moves: scoring (always recorded as an event), gaining coins,
food and components (with the empty-supply rule), and worker queries.
"""

from __future__ import annotations

from msgspec.structs import replace

from chimera_tui.engine.hexgrid import Hex
from chimera_tui.games.station.content import COMPONENTS, Content, content
from chimera_tui.games.station.state import Player, ScoreEvent, State, Task, Worker

CI = {k: i for i, k in enumerate(COMPONENTS)}
LAB_SLOTS = ("lab-a", "lab-b", "lab-c")


class P:
    """One player's mutable state."""

    __slots__ = ("builds", "card", "coins", "food", "mat", "orig", "perks", "pool", "score", "side", "tier",
                 "wdirty", "workers")  # fmt: skip

    def __init__(self, p: Player) -> None:
        self.orig = p
        self.mat, self.side, self.coins, self.food = p.mat, p.side, p.coins, p.food
        self.pool = list(p.pool)
        self.workers = [[w.comps, w.where] for w in p.workers]
        self.wdirty = False
        """Set by `G.move` and `G.set_comps`: the workers must be rebuilt on freezing."""
        self.tier, self.perks, self.card, self.builds, self.score = p.tier, p.perks, p.card, p.builds, p.score

    def freeze(self) -> Player:
        """The frozen form (the original object when nothing changed)."""
        o = self.orig
        pool = tuple(self.pool)
        if not self.wdirty and (
            self.coins == o.coins and self.food == o.food and self.score == o.score and self.tier == o.tier
            and self.perks is o.perks and self.card == o.card and self.builds == o.builds and pool == o.pool
            and self.mat == o.mat and self.side == o.side
        ):  # fmt: skip
            return o
        workers = tuple(Worker(c, w) for c, w in self.workers) if self.wdirty else o.workers
        return Player(
            self.mat, self.side, self.coins, self.food, pool,  # type: ignore[arg-type]
            workers, self.tier, self.perks, self.card, self.builds, self.score,
        )  # fmt: skip


class G:
    """The mutable mirror of `State` used while applying one action."""

    def __init__(self, s: State) -> None:
        self.c: Content = content()
        self.s = s
        self.names = s.names
        self.phase = s.phase
        self.round = s.round
        self.start, self.turn, self.marker_taken = s.start, s.turn, s.marker_taken
        self.countdown, self.round_markers = s.countdown, s.round_markers
        self.players = [P(p) for p in s.players]
        self.supply = list(s.supply)
        self.reactor = list(s.reactor)
        self.pile = s.pile
        """Tuples below are replaced, never changed in place (cheap to copy from the State)."""
        self.discard = s.discard
        self.built = s.built
        self.perk_display = list(s.perk_display)
        self.perk_deck = s.perk_deck
        self.draft = list(s.draft)
        self.tasks = list(s.tasks)
        self.scoring = s.scoring
        self.lead = s.lead
        self.told: list[str] = []
        self.watching: list[list[object]] = []
        """Open `told.watch` frames: [snapshot, reason]."""
        """Sentences for `State.events` (what this action caused)."""
        self.rng = s.rng
        self.again = list(s.again)
        self.revealed = False
        """Set when hidden information was revealed or randomness drawn (undo barrier)."""
        self._occ: dict[str, tuple[int, int]] | None = None
        self.free_hexes: list[Hex] | None = None
        """Cache of the free build spaces (reset when a module is built)."""

    def freeze(self) -> State:
        """The frozen form (the original object when nothing changed)."""
        return State(
            names=self.names, phase=self.phase, round=self.round, start=self.start, turn=self.turn,
            marker_taken=self.marker_taken, countdown=self.countdown, round_markers=self.round_markers,
            players=tuple(p.freeze() for p in self.players), supply=tuple(self.supply),  # type: ignore[arg-type]
            reactor=tuple(self.reactor), pile=self.pile, discard=self.discard,
            built=self.built, perk_display=tuple(self.perk_display), perk_deck=self.perk_deck,
            draft=tuple(self.draft), tasks=tuple(self.tasks), scoring=self.scoring, rng=self.rng,
            again=tuple(self.again), lead=self.lead, events=tuple(self.told),
        )  # fmt: skip

    # -- seats ------------------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

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
            self.players[seat].score += points
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
        p = self.players[seat]
        p.coins += coins
        p.food += food
        if track and (coins > 0 or food > 0):
            self.track(seat, max(coins, 0), max(food, 0))

    def gain_component(self, seat: int, kind: str, track: bool = True) -> None:
        """Take one component of `kind` from the supply into the pool; 2 points if that pile is empty."""
        i = CI[kind]
        if self.supply[i] > 0:
            self.supply[i] -= 1
            self.players[seat].pool[i] += 1
        else:
            self.score(seat, 2, "supply")
        if track:
            self.track(seat, comp=kind)

    # -- workers ----------------------------------------------------------------------------------------

    def occupancy(self) -> dict[str, tuple[int, int]]:
        """Module or Lab slot id -> (seat, worker index) of the worker there."""
        if self._occ is None:
            occ: dict[str, tuple[int, int]] = {}
            for seat, p in enumerate(self.players):
                for wi, (_, where) in enumerate(p.workers):
                    if where not in ("aside", "pool", "lounge"):
                        occ[where] = (seat, wi)
            self._occ = occ
        return self._occ

    def move(self, seat: int, wi: int, where: str) -> None:
        """Put worker `wi` of `seat` on `where`."""
        p = self.players[seat]
        p.workers[wi][1] = where
        p.wdirty = True
        self._occ = None

    def comps(self, seat: int, wi: int) -> tuple[str, ...]:
        """The components on worker `wi` of `seat` (none for a workerless activation, -1)."""
        return self.players[seat].workers[wi][0] if wi >= 0 else ()

    def set_comps(self, seat: int, wi: int, comps: tuple[str, ...]) -> None:
        """Replace the components on worker `wi` of `seat`."""
        p = self.players[seat]
        p.workers[wi][0] = tuple(sorted(comps))
        p.wdirty = True

    def limit(self, seat: int) -> int:
        """How many components a worker of `seat` may carry."""
        return 3 if "geneticist" in self.players[seat].perks else 2

    def pool_workers(self, seat: int) -> list[int]:
        """Indices of `seat`'s workers in its worker pool."""
        return [i for i, (_, w) in enumerate(self.players[seat].workers) if w == "pool"]

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


def count(comps: tuple[str, ...], kind: str) -> int:
    """How many components of `kind` are in `comps`."""
    return sum(1 for c in comps if c == kind)

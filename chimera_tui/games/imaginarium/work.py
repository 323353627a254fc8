"""The working copy `Working` that `apply` builds from a State, changes and freezes again, and the static tables.

Only what an action changes is copied: `Working` holds the State's tuples and replaces a tuple (or one `Team` or
`Seat` with `msgspec.structs.replace`) when it changes, so an action costs about what it touches. `Tables`
turns the content into flat per-code facts once per process, for the hot paths.
"""

from __future__ import annotations

import functools
from typing import Any

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.imaginarium.components import Content, Machine, Op
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES, FRAGS, KINDS, Ask, Seat, State, Team

KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
FRAG_INDEX = {f: i for i, f in enumerate(FRAGS)}
CAUSE_INDEX = {c: i for i, c in enumerate(CAUSES)}


class Tables:
    """Per-code and per-id facts from the content, flattened for speed (built once per process)."""

    def __init__(self, c: Content) -> None:
        self.c = c
        self.type: dict[str, str] = {m.code: m.type for m in c.machines}
        self.level: dict[str, int] = {m.code: m.level for m in c.machines}
        self.repair: dict[str, tuple[int, int, int, int]] = {
            m.code: (m.repair.c, m.repair.w, m.repair.cu, m.repair.cr) for m in c.machines
        }
        self.produce: dict[str, tuple[int, int, int, int]] = {}
        self.protect: dict[str, frozenset[str]] = {}
        self.optional: dict[str, int] = {}
        for m in c.machines:
            for op in m.ops:
                if op.op == "produce":
                    self.produce[m.code] = (op.c, op.w, op.cu, op.cr)
                elif op.op == "protect":
                    self.protect[m.code] = frozenset(op.threats)
            if m.use == "optional":
                self.optional[m.code] = m.uses
        self.attack: dict[str, Op] = {m.code: m.ops[0] for m in c.machines if m.type == "attack"}
        self.machine: dict[str, Machine] = c.machine
        self.surcharges = c.belt.surcharges
        self.x1_gives = next(x.gives for x in c.belt.extractor if x.capacity != "any")
        self.x2_gives = next(x.gives for x in c.belt.extractor if x.capacity == "any")
        self.fall_off = {p: f.places for f in c.belt.fall_off for p in f.players}
        self.redeal = frozenset(c.belt.first_round_redeal)
        self.rates = {KIND_INDEX[r.kind]: (r.buy, r.sell) for r in c.economy.rate}
        self.assist_ops: dict[str, dict[str, Op]] = {a.id: {op.op: op for op in a.ops} for a in c.assistants}
        self.assist_cost = {a.id: a.cost for a in c.assistants}
        self.space_next = {s.id: s.next for s in c.dream.space}
        self.space_reward: dict[str, tuple[int, int, int, int, int]] = {
            s.id: (s.reward.c, s.reward.w, s.reward.cu, s.reward.cr, s.reward.vp)
            for s in c.dream.space
            if s.reward is not None
        }
        self.flags = c.flags


@functools.cache
def tables() -> Tables:
    """The flattened content (once per process)."""
    return Tables(content())


def compatible(t: Tables, a: str, b: str) -> bool:
    """Whether machines `a` and `b` may share a slot: one lists the other, and neither is "no combination"."""
    ma, mb = t.machine[a], t.machine[b]
    if ma.no_combination or mb.no_combination:
        return False
    return b in ma.combines_with or a in mb.combines_with


class Working:
    """The mutable mirror of `State` used while applying one action."""

    __slots__ = (
        "acts", "asks", "belt", "belt_frags", "chimera", "claimed", "current", "cursor", "deck", "discard",
        "done_by_any", "dreamed", "ended", "frag_discard", "helpers", "initiative", "meeting",
        "names", "order", "phase", "pile", "placed", "projects", "reserved", "rng", "round", "seats", "t",
        "team_play", "teams", "trades", "uses", "x1", "x2",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
        self.t = tables()
        self.names = s.names
        self.chimera = s.chimera
        self.team_play = s.team_play
        self.round = s.round
        self.phase = s.phase
        self.teams = list(s.teams)
        self.seats = list(s.seats)
        self.belt = s.belt
        self.belt_frags = s.belt_frags
        self.reserved = s.reserved
        self.x1 = s.x1
        self.x2 = s.x2
        self.initiative = s.initiative
        self.order = s.order
        self.cursor = s.cursor
        self.deck = s.deck
        self.discard = s.discard
        self.pile = s.pile
        self.frag_discard = s.frag_discard
        self.meeting = s.meeting
        self.helpers = s.helpers
        self.projects = s.projects
        self.done_by_any = s.done_by_any
        self.claimed = s.claimed
        self.asks = list(s.asks)
        self.rng: Rng = s.rng
        self.uses = s.uses
        self.acts = s.acts
        self.current = s.current
        self.trades = s.trades
        self.dreamed = s.dreamed
        self.placed = s.placed
        self.ended = s.ended

    def freeze(self) -> State:
        """The frozen form."""
        return State(
            self.names, self.chimera, self.team_play, self.round, self.phase, tuple(self.teams),
            tuple(self.seats), self.belt, self.belt_frags, self.reserved, self.x1, self.x2, self.initiative,
            self.order, self.cursor, self.deck, self.discard, self.pile, self.frag_discard, self.meeting,
            self.helpers, self.projects, self.done_by_any, self.claimed, tuple(self.asks), self.rng,
            self.uses, self.acts, self.current, self.trades, self.dreamed, self.placed, self.ended,
        )  # fmt: skip

    # -- seats and teams ----------------------------------------------------------------------------------

    @property
    def actor(self) -> int:
        """The seat whose turn it is (planning or implementation)."""
        return self.initiative[self.cursor] if self.phase == "plan" else self.order[self.cursor]

    def team_of(self, seat: int) -> int:
        return self.seats[seat].team

    def members(self, team: int) -> list[int]:
        """The seats of `team`, in seat order."""
        return [i for i, p in enumerate(self.seats) if p.team == team]

    def has(self, seat: int, op: str) -> Op | None:
        """The op `op` of one of `seat`'s assistants, or None."""
        for a in self.seats[seat].assistants:
            found = self.t.assist_ops[a].get(op)
            if found is not None:
                return found
        return None

    def gain(self, team: int, delta: tuple[int, int, int, int] | list[int], sign: int = 1) -> None:
        """Add (sign 1) or pay (sign -1) charcoalium, wood, copper and crystal."""
        tm = self.teams[team]
        st = tm.stock
        self.teams[team] = replace(
            tm,
            stock=(
                st[0] + sign * delta[0],
                st[1] + sign * delta[1],
                st[2] + sign * delta[2],
                st[3] + sign * delta[3],
            ),
        )

    def add(self, team: int, kind: int, n: int) -> None:
        """Add `n` (negative to pay) units of one kind."""
        tm = self.teams[team]
        st = list(tm.stock)
        st[kind] += n
        self.teams[team] = replace(tm, stock=tuple(st))

    def score(self, team: int, vp: int, cause: str) -> None:
        """Score VP, recorded under `cause`."""
        if vp:
            tm = self.teams[team]
            v = list(tm.vp)
            v[CAUSE_INDEX[cause]] += vp
            self.teams[team] = replace(tm, vp=tuple(v))

    def frag(self, team: int, letter: str, n: int = 1) -> None:
        """Put `n` fragments of `letter` behind the team's screen (negative: take them out)."""
        tm = self.teams[team]
        f = list(tm.frags)
        f[FRAG_INDEX[letter]] += n
        self.teams[team] = replace(tm, frags=tuple(f))

    def set_team(self, team: int, **fields: Any) -> None:
        self.teams[team] = replace(self.teams[team], **fields)

    def set_seat(self, seat: int, **fields: Any) -> None:
        self.seats[seat] = replace(self.seats[seat], **fields)

    def push(self, ask: Ask) -> None:
        self.asks.append(ask)

    # -- randomness -----------------------------------------------------------------------------------------

    def draw_fragment(self) -> str:
        """The top fragment of the pile (the discard is reshuffled into it when empty); "" if none left."""
        if not self.pile and self.frag_discard:
            self.pile, self.rng = self.rng.shuffle(self.frag_discard)
            self.frag_discard = ()
        if not self.pile:
            return ""
        top = self.pile[0]
        self.pile = self.pile[1:]
        return top

    def draw_machine(self) -> str:
        """The top machine of the deck (the discard is reshuffled into it when empty); "" if none left."""
        if not self.deck and self.discard:
            self.deck, self.rng = self.rng.shuffle(self.discard)
            self.discard = ()
        if not self.deck:
            return ""
        top = self.deck[0]
        self.deck = self.deck[1:]
        return top

    # -- workshop queries -------------------------------------------------------------------------------

    def working(self, seat: int) -> list[tuple[int, tuple[str, ...]]]:
        """(slot, machines) of every untangled, non-empty slot of `seat`."""
        p = self.seats[seat]
        return [(i, sl) for i, sl in enumerate(p.slots) if sl and not p.tangled[i]]

    def guards(self, seat: int) -> frozenset[str]:
        """The threats `seat`'s own working defense machines block."""
        out: frozenset[str] = frozenset()
        prot = self.t.protect
        for _, sl in self.working(seat):
            for code in sl:
                g = prot.get(code)
                if g:
                    out = out | g
        return out

    def team_guards(self, team: int) -> frozenset[str]:
        """The threats the working defense machines of any of `team`'s players block."""
        out: frozenset[str] = frozenset()
        for seat in self.members(team):
            out = out | self.guards(seat)
        return out

    def slot_limit(self, seat: int, slot: int) -> int:
        """How many machines slot `slot` of `seat` may hold (3 in one slot with the Architect)."""
        base = self.t.c.economy.pair_size
        if self.has(seat, "trio_slot") is None:
            return base
        trios = [i for i, sl in enumerate(self.seats[seat].slots) if len(sl) > base]
        return base + 1 if not trios or trios == [slot] else base


def new_seat(team: int, workshop: int, slots: int, starting: tuple[str, ...]) -> Seat:
    """A player's workshop at setup: its starting machines repaired in the first slots."""
    filled = tuple((code,) for code in starting) + ((),) * (slots - len(starting))
    return Seat(team, workshop, filled, (False,) * slots)


def new_team(stock: tuple[int, int, int, int]) -> Team:
    return Team(stock, (0,) * len(CAUSES), (0, 0, 0, 0, 0))

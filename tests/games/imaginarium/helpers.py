"""Shared helpers for the Imaginarium tests: invariants (design 19), random play and hand-built positions."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.imaginarium import RULES
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES, Seat, State, Team
from chimera_tui.games.imaginarium.work import compatible, tables

MODES: dict[str, tuple[int, dict[str, str]]] = {
    "2": (2, {}),
    "3": (3, {}),
    "4": (4, {}),
    "5": (5, {}),
    "6": (6, {}),
    "4-teams": (4, {"teams": "on"}),
    "6-teams": (6, {"teams": "on"}),
    "3-core": (3, {"chimera": "off"}),
}
"""Every mode the issue asks random games for: 2-6 solo with Chimera, 4 and 6 in teams, the core at 3."""


def machine_total(state: State) -> int:
    """How many machine cards are in play: the core deck, and with Chimera its cards and a Starteur a team."""
    c = content()
    total = len(c.core_deck)
    if state.chimera:
        total += len(c.chimera_deck) + min(len(state.teams), c.machine["P0"].copies)
    return total


def fragment_total(state: State) -> int:
    return (
        sum(col.count for col in (*content().dream.colour, content().dream.nightmare)) if state.chimera else 0
    )


def check_invariants(state: State) -> None:
    """Machines, fragments and assistants conserved; stocks never negative; workshops valid; VP = causes."""
    t = tables()
    machines: Counter[str] = Counter(state.deck)
    machines.update(state.discard)
    machines.update(b for b in state.belt if b)
    for tm in state.teams:
        machines.update(tm.broken)
    for p in state.seats:
        for sl in p.slots:
            machines.update(sl)
    assert sum(machines.values()) == machine_total(state), "machine cards are not conserved"
    frags = len(state.pile) + len(state.frag_discard) + sum(1 for f in state.belt_frags if f)
    for tm in state.teams:
        assert min(tm.stock) >= 0, f"negative stock {tm.stock}"
        assert min(tm.frags) >= 0 and min(tm.vp) >= 0
        frags += sum(tm.frags) + len(tm.dream)
        assert len(tm.vp) == len(CAUSES)
    for a in state.asks:
        if a.kind in ("keep", "xkeep"):
            frags += len(a.opts)
        elif a.kind == "hand":
            frags += a.opts.index("|")
    assert frags == fragment_total(state), f"{frags} fragments instead of {fragment_total(state)}"
    assistants = len(state.meeting) + len(state.helpers) + sum(len(p.assistants) for p in state.seats)
    assert assistants == sum(1 for a in content().assistants if state.chimera or not a.expansion)
    for p in state.seats:
        check_workshop(p)
    for i, tm in enumerate(state.teams):
        done = sum(len(p.projects) for p in state.seats if p.team == i)
        project_vp = tm.vp[CAUSES.index("project")]
        assert 3 * done <= project_vp <= 4 * done, "project VP do not match the projects completed"
    assert all(0 <= s < len(state.seats) for s in (*state.x2, *state.order, *state.initiative))
    del t


def check_workshop(p: Seat) -> None:
    """Slots hold at most 2 (one slot 3 with the Architect), all compatible; tangles only on machines."""
    t = tables()
    extra = 1 if "storekeeper" in p.assistants else 0
    assert len(p.slots) == len(p.tangled) == 4 + extra
    trio = "architect" in p.assistants
    big = [sl for sl in p.slots if len(sl) > 2]
    assert len(big) <= (1 if trio else 0) and all(len(sl) <= 3 for sl in p.slots)
    for i, sl in enumerate(p.slots):
        assert sl or not p.tangled[i], "an empty slot is tangled"
        for a in range(len(sl)):
            for b in range(a + 1, len(sl)):
                assert compatible(t, sl[a], sl[b]), f"{sl[a]} and {sl[b]} share a slot"


def play_random(players: int, options: dict[str, str], seed: int, check: bool = True) -> tuple[State, int]:
    """A seeded random game, with the invariants checked after every step when `check`."""
    state = RULES.new_game(GameConfig(players=players, options=options), seed)
    rng = Rng(seed * 31 + players)
    steps = 0
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        assert legal
        action, rng = rng.choice(legal)
        state = RULES.apply(state, action)
        if check:
            check_invariants(state)
        steps += 1
        assert steps < 30_000, "the game did not end"
    return state, steps


def new(players: int = 2, seed: int = 1, **options: str) -> State:
    """A fresh game."""
    return RULES.new_game(GameConfig(players=players, options=dict(options)), seed)


def with_team(state: State, team: int, **fields: object) -> State:
    teams = list(state.teams)
    teams[team] = replace(teams[team], **fields)  # type: ignore[arg-type]
    return replace(state, teams=tuple(teams))


def with_seat(state: State, seat: int, **fields: object) -> State:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **fields)  # type: ignore[arg-type]
    return replace(state, seats=tuple(seats))


def play(state: State, *texts: str) -> State:
    """Apply the notations in order."""
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def turn(state: State, seat: int, phase: str = "b3", acts: tuple[int, ...] = (0, 1)) -> State:
    """`state` at `seat`'s turn in B3 with the dial showing `acts` (or in B1 with no use left)."""
    order = (seat, *(s for s in range(len(state.seats)) if s != seat))
    return replace(
        state,
        phase=phase,
        order=order,
        cursor=0,
        acts=acts if phase == "b3" else (),
        current="",
        trades=0,
        dreamed=False,
        placed="",
        asks=(),
        uses=(0,) * (sum(len(sl) for sl in state.seats[seat].slots) + 1) if phase == "b1" else (),
    )


def legal(state: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(state)]


def run(state: State, fn: object, *args: object) -> State:
    """Run a rules function on a working copy of `state` and freeze the result (for automatic steps)."""
    from chimera_tui.games.imaginarium.work import W

    w = W(state)
    fn(w, *args)  # type: ignore[operator]
    return w.freeze()


__all__ = ["Seat", "Team"]

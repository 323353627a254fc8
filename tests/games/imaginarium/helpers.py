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
    check_vp_causes(state)
    assert all(0 <= s < len(state.seats) for s in (*state.x2, *state.order, *state.initiative))
    del t


def check_vp_causes(state: State) -> None:
    """VP by cause, against what caused them: the track's VP are the VP of the reward spaces claimed; the
    projects' are 4 for each first completion and 3 or 4 for each later one; the end bonuses are scored once,
    at the end, exactly as the final stocks and workshops give them."""
    c = content()
    vp = [sum(tm.vp[i] for tm in state.teams) for i in range(len(CAUSES))]
    rewards = {s.id: s.reward.vp for s in c.dream.space if s.reward is not None}
    assert vp[CAUSES.index("track")] == sum(rewards[sid] for sid in state.claimed)
    completions = sum(len(p.projects) for p in state.seats)
    first = len(state.done_by_any)
    assert 4 * first + 3 * (completions - first) <= vp[CAUSES.index("project")] <= 4 * completions
    bonus = [tm.vp[CAUSES.index("bonus")] for tm in state.teams]
    assert bonus == (end_bonuses(state) if state.ended else [0] * len(state.teams))


def end_bonuses(state: State) -> list[int]:
    """Each team's end bonuses, recomputed from the final state (design 12, readings 21.1-21.2)."""
    eco = content().economy
    kinds = {"c": 0, "w": 1, "cu": 2, "cr": 3}
    out = [0] * len(state.teams)
    for cat in eco.bonus_categories:
        if cat == "machines":
            values = [
                sum(len(sl) for p in state.seats if p.team == i for sl in p.slots)
                for i in range(len(state.teams))
            ]
        else:
            values = [tm.stock[kinds[cat]] for tm in state.teams]
        top = max(values)
        leaders = [i for i, v in enumerate(values) if v == top]
        for i in leaders if top > 0 else ():
            out[i] += eco.bonus_most if len(leaders) == 1 else eco.bonus_tied
    return out


def check_step(before: State, text: str, after: State) -> None:
    """The stocks after a B3 trade, extraction, repair or recruit are the stocks before, less what it costs
    and plus what it gives, exactly; no other team's stock moves."""
    if before.phase != "b3" or before.asks:
        return
    words = text.split()
    verb = words[0]
    if verb not in ("buy", "sell", "extract", "repair", "recruit"):
        return
    c = content()
    seat = before.order[before.cursor]
    me = before.seats[seat].team
    ops = [op for a in before.seats[seat].assistants for op in c.assistant[a].ops]
    kinds = {"w": 1, "cu": 2, "cr": 3}
    delta = [0, 0, 0, 0]
    if verb in ("buy", "sell"):
        k = kinds[words[1]]
        rate = next(r for r in c.economy.rate if r.kind == words[1])
        if verb == "buy":
            off = sum(op.c for op in ops if op.op == "buy_discount")
            delta[0], delta[k] = -max(0, rate.buy - off), 1
        else:
            delta[0], delta[k] = rate.sell, -1
    elif verb == "extract":
        delta[0] = c.economy.extraction + sum(op.c for op in ops if op.op == "extraction_bonus")
    elif verb == "repair":
        cost = c.machine[words[1]].repair
        delta = [-cost.c, -cost.w, -cost.cu, -cost.cr]
        if len(words) > 3:
            delta[kinds[words[3]]] += 1
    else:
        delta[0] = -c.assistant[words[1]].cost
    expected = tuple(x + d for x, d in zip(before.teams[me].stock, delta, strict=True))
    assert after.teams[me].stock == expected, f"{text}: {before.teams[me].stock} -> {after.teams[me].stock}"
    for i, tm in enumerate(after.teams):
        assert i == me or tm.stock == before.teams[i].stock, f"{text} moved team {i}'s stock"


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
        after = RULES.apply(state, action)
        if check:
            check_step(state, str(action), after)
            check_invariants(after)
        state = after
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
    from chimera_tui.games.imaginarium.work import Working

    w = Working(state)
    fn(w, *args)  # type: ignore[operator]
    return w.freeze()


__all__ = ["Seat", "Team"]

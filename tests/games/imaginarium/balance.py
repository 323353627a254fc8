"""Balance report for Imaginarium, from bot games in every mode (not a test: it measures design 19's targets).

Run from the repository root: ``python -m tests.games.imaginarium.balance --games 3000``. The games are
spread over the modes: 2-6 players with Chimera, 2-5 with the core game alone, teams at 4 and 6. In each
game the seats hold the greedy bot and the three strategy bots of design 19 (engine, dreamer, raider) in
turn, rotated one seat a game so no bot keeps a seat; a share of the 3-player Chimera games seats exactly
engine, dreamer and raider for the "each strategy bot wins 20-45 % against the others" target. A shared win
counts its share for each winner.

It prints game length in rounds, win rate by seat (turn position in round 1), by strategy and by workshop,
how often each machine is bought and each assistant and project taken, how the games end (VP target, dream
track's End, the round limit), and the average winning score, then each design-19 target with its figure.
``--jobs 2`` plays on two processes.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import msgspec

from chimera_tui.engine import GameConfig
from chimera_tui.engine.bots import bot_seed
from chimera_tui.games.imaginarium import BOTS, RULES, State
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES

MODES: dict[str, tuple[int, dict[str, str]]] = {
    "2": (2, {}),
    "3": (3, {}),
    "4": (4, {}),
    "5": (5, {}),
    "6": (6, {}),
    "2-core": (2, {"chimera": "off"}),
    "3-core": (3, {"chimera": "off"}),
    "4-core": (4, {"chimera": "off"}),
    "5-core": (5, {"chimera": "off"}),
    "4-teams": (4, {"teams": "on"}),
    "6-teams": (6, {"teams": "on"}),
    "3-strategies": (3, {}),
}
"""Every mode of the issue, and the 3-player Chimera table of the three strategy bots alone."""

STYLES = ("greedy", "engine", "dreamer", "raider")
STRATEGIES = ("engine", "dreamer", "raider")


class Game(msgspec.Struct):
    """What one game tells the report."""

    mode: str
    rounds: int
    decisions: int
    end: str
    """"vp", "dream" or "limit" (the round limit)."""
    win_score: int
    lineup: tuple[str, ...]
    """The bot style of each seat."""
    position: tuple[int, ...]
    """Each seat's place in round 1's turn order (0 first)."""
    workshop: tuple[int, ...]
    share: tuple[float, ...]
    """Each seat's share of the win."""
    bought: dict[str, int]
    recruited: tuple[str, ...]
    projects: tuple[str, ...]
    """Every project completion (a project twice when two players complete it)."""
    in_play: tuple[str, ...]
    first_done: dict[str, int]
    """The round each project was first completed in."""
    vp_causes: tuple[int, ...]
    """The winners' VP by cause, summed over the winning teams."""


def lineup(mode: str, k: int, players: int) -> tuple[str, ...]:
    """The bot style of each seat in the mode's `k`-th game."""
    pool = STRATEGIES if mode == "3-strategies" else STYLES
    return tuple(pool[(k + s) % len(pool)] for s in range(players))


def play(mode: str, k: int, seed: int) -> Game:
    """Play the mode's `k`-th game (match seed `seed`) and tally it."""
    players, options = MODES[mode]
    styles = lineup(mode, k, players)
    state: State = RULES.new_game(GameConfig(players=players, options=options), seed)
    first_order = state.initiative
    bots = [BOTS[styles[s]](RULES, bot_seed(seed, s)) for s in range(players)]
    bought: Counter[str] = Counter()
    recruited: list[str] = []
    first_done: dict[str, int] = {}
    decisions = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)
        assert seat is not None
        action = bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), seat)
        after = RULES.apply(state, action)
        decisions += 1
        if action.verb == "recruit":
            recruited.append(action.args[0])
        if state.phase == "b1" and after.phase != "b1":  # B2: a reserved machine picked up
            bought.update(code for code, now in zip(state.belt, after.belt, strict=True) if code and not now)
        for pid in after.done_by_any[len(state.done_by_any) :]:
            first_done[pid] = state.round
        state = after
    eco = content().economy
    target = eco.team_vp_target if state.team_play else eco.vp_target
    bonus = CAUSES.index("bonus")
    if any(tm.token == content().dream.end for tm in state.teams):
        end = "dream"
    elif any(tm.total - tm.vp[bonus] >= target for tm in state.teams):
        end = "vp"
    else:
        end = "limit"
    winners = RULES.winner(state)
    win_teams = {state.seats[w].team for w in winners}
    causes = [0] * len(CAUSES)
    for team in win_teams:
        for i, v in enumerate(state.teams[team].vp):
            causes[i] += v
    return Game(
        mode=mode,
        rounds=state.round,
        decisions=decisions,
        end=end,
        win_score=max(tm.total for tm in state.teams),
        lineup=styles,
        position=tuple(first_order.index(s) for s in range(players)),
        workshop=tuple(p.workshop for p in state.seats),
        share=tuple(1 / len(winners) if s in winners else 0.0 for s in range(players)),
        bought=dict(bought),
        recruited=tuple(recruited),
        projects=tuple(pid for p in state.seats for pid in p.projects),
        in_play=state.projects,
        first_done=first_done,
        vp_causes=tuple(causes) if len(win_teams) == 1 else tuple(c // len(win_teams) for c in causes),
    )


def _batch(jobs: list[tuple[str, int, int]]) -> list[Game]:
    return [play(*job) for job in jobs]


def schedule(games: int, seed: int, modes: list[str]) -> list[tuple[str, int, int]]:
    """(mode, k, seed) for every game: the modes in turn, so a short run still covers them all."""
    return [(modes[g % len(modes)], g // len(modes), seed + g) for g in range(games)]


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}" if whole else "-"


def report(results: list[Game], seconds: float) -> None:
    c = content()
    n = len(results)
    print(
        f"{n} bot games in {seconds:.0f} s ({sum(g.decisions for g in results) / max(1, n):.0f} decisions/game)\n"
    )
    print(
        "| mode | games | rounds (mean, min-max) | ends by VP / dream / limit % | winning score | win % by seat (turn order) | win % by workshop |"
    )
    print("|---|---|---|---|---|---|---|")
    for mode in MODES:
        gs = [g for g in results if g.mode == mode]
        if not gs:
            continue
        players = len(gs[0].lineup)
        rounds = [g.rounds for g in gs]
        ends = Counter(g.end for g in gs)
        seat_win: Counter[int] = Counter()
        shop_win: Counter[int] = Counter()
        shop_games: Counter[int] = Counter()
        for g in gs:
            for s in range(players):
                seat_win[g.position[s]] += g.share[s]
                shop_win[g.workshop[s]] += g.share[s]
                shop_games[g.workshop[s]] += 1
        seats = " / ".join(pct(seat_win[p], len(gs)) for p in range(players))
        shops = " ".join(f"{w}:{pct(shop_win[w], shop_games[w])}" for w in sorted(shop_games))
        print(
            f"| {mode} | {len(gs)} | {sum(rounds) / len(gs):.1f} ({min(rounds)}-{max(rounds)}) "
            f"| {pct(ends['vp'], len(gs))} / {pct(ends['dream'], len(gs))} / {pct(ends['limit'], len(gs))} "
            f"| {sum(g.win_score for g in gs) / len(gs):.1f} | {seats} (fair {100 / players:.0f}) | {shops} |"
        )
    print("\nWin rate by strategy (wins ÷ fair share; 1.00 is fair), per mode:")
    for mode in MODES:
        gs = [g for g in results if g.mode == mode]
        if not gs:
            continue
        wins: Counter[str] = Counter()
        fair: Counter[str] = Counter()
        for g in gs:
            for s, style in enumerate(g.lineup):
                wins[style] += g.share[s]
                fair[style] += 1 / len(g.lineup)
        print(f"  {mode:<13}" + "  ".join(f"{st} {wins[st] / fair[st]:.2f}" for st in STYLES if fair[st]))
    winners_vp = [g.vp_causes for g in results]
    print(
        "\nThe winners' VP by cause (mean): "
        + ", ".join(
            f"{cause} {sum(v[i] for v in winners_vp) / max(1, n):.1f}" for i, cause in enumerate(CAUSES)
        )
    )
    chim = [g for g in results if not g.mode.endswith("core")]
    core = [g for g in results if g.mode.endswith("core")]
    bought: Counter[str] = Counter()
    for g in results:
        bought.update(g.bought)
    print("\nMachines bought (per game, Chimera games / core games):")
    cells = []
    for m in c.machines:
        if m.starting_only:
            continue
        in_chim = sum(g.bought.get(m.code, 0) for g in chim) / max(1, len(chim))
        in_core = sum(g.bought.get(m.code, 0) for g in core) / max(1, len(core))
        cells.append(
            f"{m.code} {m.name} {in_chim:.2f}/{in_core:.2f}"
            if not m.expansion
            else f"{m.code} {m.name} {in_chim:.2f}"
        )
    for i in range(0, len(cells), 4):
        print("  " + " · ".join(cells[i : i + 4]))
    recruited = Counter(a for g in results for a in g.recruited)
    print("\nAssistants recruited (per game, over the games they could be):")
    cells = [
        f"{a.name} {recruited[a.id] / max(1, len(chim) if a.expansion else n):.2f}" for a in c.assistants
    ]
    for i in range(0, len(cells), 5):
        print("  " + " · ".join(cells[i : i + 5]))
    print(
        "\nProjects (games in play · completed by anyone % of those · mean round first completed · players who did):"
    )
    for p in c.projects:
        gs = [g for g in results if p.id in g.in_play]
        firsts = [g.first_done[p.id] for g in gs if p.id in g.first_done]
        players = sum(g.projects.count(p.id) for g in gs)
        print(
            f"  {p.name:<20} {len(gs):5} · {pct(len(firsts), len(gs)):>3} % · round "
            f"{sum(firsts) / max(1, len(firsts)):4.1f} · {players / max(1, len(gs)):.1f}"
        )
    targets(results)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def targets(results: list[Game]) -> None:
    """Design 19's targets, each with its figure and whether it holds."""
    solo = [g for g in results if not g.mode.endswith("teams")]
    mid = [g for g in solo if len(g.lineup) in (3, 4)]
    teams = [g for g in results if g.mode.endswith("teams")]
    two = [g for g in results if len(g.lineup) == 2]
    first = _mean([g.share[g.position.index(0)] for g in two])
    chim = [g for g in results if not g.mode.endswith("core")]
    strat = [g for g in results if g.mode == "3-strategies"]
    wins = {st: _mean([g.share[g.lineup.index(st)] for g in strat]) for st in STRATEGIES}
    rounds = _mean([g.rounds for g in mid])
    dream = _mean([g.end == "dream" for g in chim])
    score = _mean([g.win_score for g in solo])

    def mark(ok: bool) -> str:
        return "holds" if ok else "MISSED"

    print("\nDesign 19 targets:")
    print(
        f"  game length 10-13 rounds at 3-4 players: {rounds:.1f} ({mark(10 <= rounds <= 13)}; teams {_mean([g.rounds for g in teams]):.1f})"
    )
    seats = f"first seat {100 * first:.0f} %, second {100 * (1 - first):.0f} %"
    print(f"  no seat wins more than 55 % at 2 players: {seats} ({mark(max(first, 1 - first) <= 0.55)})")
    shares = ", ".join(f"{st} {100 * wins[st]:.0f} %" for st in STRATEGIES)
    ok = all(0.2 <= w <= 0.45 for w in wins.values())
    print(f"  each strategy bot wins 20-45 % against the others (3 players): {shares} ({mark(ok)})")
    print(
        f"  the dream track ends 15-35 % of Chimera games: {100 * dream:.0f} % ({mark(0.15 <= dream <= 0.35)})"
    )
    print(f"  average winning score 22-28 (without teams): {score:.1f} ({mark(22 <= score <= 28)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000, help="games in all, spread over the modes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on")
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES))
    args = parser.parse_args()
    jobs = schedule(args.games, args.seed, args.modes)
    start = time.perf_counter()
    if args.jobs > 1:
        chunks = [jobs[i :: args.jobs * 8] for i in range(args.jobs * 8)]
        with ProcessPoolExecutor(args.jobs) as pool:
            results = [g for part in pool.map(_batch, chunks) for g in part]
    else:
        results = _batch(jobs)
    report(results, time.perf_counter() - start)


if __name__ == "__main__":
    main()

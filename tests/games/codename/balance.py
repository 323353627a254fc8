"""Balance report for Codename: Chimera: many greedy-bot games, win rates and part usage.

Run: ``/work/venv/bin/python -m tests.games.codename.balance --games 2000 --players 4`` (from the repo root).
Reports win rates by torso pick position (0 = the youngest, who picks first), by torso half, the draw rate,
game length, and per part how often it was built, used in the arena, and the win rate of monsters built with
it (against the seat-count baseline), flagging never-used and dominant parts.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

from chimera_tui.engine import GameConfig
from chimera_tui.games.codename import RULES, GreedyBot
from chimera_tui.games.codename.actions import AttackWith, Join, Use
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase, State


@dataclass
class Tally:
    games: int = 0
    draws: int = 0
    steps: int = 0
    rounds: int = 0
    wins_by_pick: Counter[int] = field(default_factory=Counter)
    torso_seen: Counter[str] = field(default_factory=Counter)
    torso_won: Counter[str] = field(default_factory=Counter)
    built: Counter[str] = field(default_factory=Counter)
    built_won: Counter[str] = field(default_factory=Counter)
    used: Counter[str] = field(default_factory=Counter)


def play_one(players: int, seed: int, tally: Tally) -> State:
    """One greedy-bot game, recorded in `tally`."""
    bots = [GreedyBot(RULES, seed * 10 + s) for s in range(players)]
    state = RULES.new_game(GameConfig(players=players), seed)
    built: dict[int, list[str]] = {}
    steps = 0
    while (seat := RULES.to_act(state)) is not None:
        legal = RULES.legal_actions(state)
        action = bots[seat].choose(RULES.view(state, seat), legal, seat)
        if isinstance(action, AttackWith | Use | Join):
            tally.used[action.part] += 1
        before = state.phase
        state = RULES.apply(state, action)
        steps += 1
        if before is Phase.BUILD and state.phase is not Phase.BUILD:
            built = {s: [p.card for p in state.players[s].monster] for s in range(players)}
            torsos = {s: state.players[s].torso for s in range(players)}
        if steps > 50_000:
            raise RuntimeError(f"seed {seed}: no end")
    winners = RULES.winner(state)
    tally.games += 1
    tally.steps += steps
    tally.rounds += state.arena_round
    if not winners:
        tally.draws += 1
    for s in range(players):
        for t in torsos[s]:
            tally.torso_seen[t] += 1
            if s in winners:
                tally.torso_won[t] += 1
        for c in built[s]:
            tally.built[c] += 1
            if s in winners:
                tally.built_won[c] += 1
    for w in winners:
        tally.wins_by_pick[state.torso_order.index(w)] += 1
    return state


def report(players: int, games: int, seed: int = 0, parts: bool = True) -> Tally:
    """Play `games` games and print the report."""
    tally = Tally()
    start = time.perf_counter()
    for g in range(games):
        play_one(players, seed + g, tally)
    elapsed = time.perf_counter() - start
    base = 1 / players
    print(f"{players} players: {games} greedy games in {elapsed:.1f}s ({games / elapsed:.0f}/s)")
    print(
        f"  draws {tally.draws}, {tally.steps / games:.0f} actions/game, {tally.rounds / games:.1f} arena rounds/game"
    )
    picks = ", ".join(f"pick {i + 1}: {tally.wins_by_pick[i] / games:.1%}" for i in range(players))
    print(f"  win rate by torso pick position (baseline {base:.1%}): {picks}")
    torsos = ", ".join(
        f"{t} {tally.torso_won[t] / max(1, tally.torso_seen[t]):.0%}" for t in sorted(tally.torso_seen)
    )
    print(f"  win rate with torso half: {torsos}")
    if not parts:
        return tally
    content = load()
    names: dict[str, list[str]] = {}
    for pid, p in content.parts.items():
        names.setdefault(p.name, []).append(pid)
    rows = []
    for name, ids in names.items():
        built = sum(tally.built[i] for i in ids)
        won = sum(tally.built_won[i] for i in ids)
        used = sum(tally.used[i] for i in ids)
        rows.append((won / built if built else 0.0, name, built, used))
    rows.sort(reverse=True)
    print("  part: built, used in arena, win rate when built")
    for rate, name, built, used in rows:
        passive = (
            content.parts[names[name][0]].attack_roll == 0
            and content.parts[names[name][0]].ability == "barbs"
        )
        flag = (" (passive: barbs)" if passive else " NEVER USED") if used == 0 else ""
        if rate > base * 1.6 and built > games // 10:
            flag = " DOMINANT?"
        print(f"    {name:18} {built:6} {used:6} {rate:6.1%}{flag}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--brief", action="store_true", help="leave out the per-part table")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for n in args.players:
        report(n, args.games, args.seed, parts=not args.brief)


if __name__ == "__main__":
    main()

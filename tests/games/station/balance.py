"""Balance report for Chimera Station: greedy-bot games, then how often each module tile is built, each perk
taken, and the win rate by seat (turn position) and by player mat.

Run from the repository root: ``python -m tests.games.station.balance --games 3000``. Games rotate over 2, 3
and 4 players and both mat sides. A shared win counts as a fraction for each winner. "Dead" flags a tile or
perk taken in under 5% of games; "dominant" one whose owners win more than 1.5 times their fair share.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from chimera_tui.engine import GameConfig
from chimera_tui.engine.bots import bot_seed
from chimera_tui.games.station import RULES
from chimera_tui.games.station.bots import GreedyBot
from chimera_tui.games.station.content import content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    c = content()
    built: Counter[str] = Counter()
    built_win: Counter[str] = Counter()
    built_fair: Counter[str] = Counter()
    perks: Counter[str] = Counter()
    perk_win: Counter[str] = Counter()
    perk_fair: Counter[str] = Counter()
    seat_games: Counter[tuple[int, int]] = Counter()
    seat_wins: Counter[tuple[int, int]] = Counter()
    mat_games: Counter[tuple[str, str]] = Counter()
    mat_wins: Counter[tuple[str, str]] = Counter()
    start = time.perf_counter()
    for k in range(args.games):
        players = 2 + k % 3
        side = "AB"[(k // 3) % 2]
        seed = args.seed + k
        state = RULES.new_game(GameConfig(players=players, options={"side": side}), seed)
        first = state.start
        bots = [GreedyBot(RULES, bot_seed(seed, s)) for s in range(players)]
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            assert seat is not None
            action = bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), seat)
            state = RULES.apply(state, action)
        winners = RULES.winner(state)
        share = {w: 1 / len(winners) for w in winners}
        for seat, player in enumerate(state.players):
            position = (seat - first) % players
            seat_games[(players, position)] += 1
            seat_wins[(players, position)] += share.get(seat, 0.0)
            mat_games[(side, player.mat)] += 1
            mat_wins[(side, player.mat)] += share.get(seat, 0.0)
            for perk in set(player.perks):
                perks[perk] += 1
                perk_win[perk] += share.get(seat, 0.0)
                perk_fair[perk] += 1 / players
        for b in state.built:
            built[b.tile] += 1
            built_win[b.tile] += share.get(b.builder, 0.0)
            built_fair[b.tile] += 1 / players
    seconds = time.perf_counter() - start
    n = args.games
    print(f"{n} greedy-bot games (2, 3 and 4 players in turn; sides A and B) in {seconds:.0f} s\n")
    print("Win rate by seat (position after the start player), per player count:")
    for players in (2, 3, 4):
        cells = [f"{seat_wins[(players, p)] / max(1, seat_games[(players, p)]):.2f}" for p in range(players)]
        print(f"  {players}p: " + " / ".join(cells) + f"   (fair {1 / players:.2f})")
    print("\nWin rate by mat (share of the games it was in, against the table's fair share):")
    for side in "AB":
        cells = [f"{m.id} {mat_wins[(side, m.id)] / max(1, mat_games[(side, m.id)]):.2f}" for m in c.mats]
        print(f"  side {side}: " + ", ".join(cells))

    def table(
        title: str, ids: list[tuple[str, str]], count: Counter[str], win: Counter[str], fair: Counter[str]
    ) -> None:
        print(f"\n{title} (games taken in % · owners' wins ÷ fair share):")
        for ident, name in sorted(ids, key=lambda x: -count[x[0]]):
            rate = count[ident] / n
            power = win[ident] / fair[ident] if fair[ident] else 0.0
            flag = " DEAD" if rate < 0.05 else (" DOMINANT" if power > 1.5 and count[ident] >= 30 else "")
            print(f"  {name:<22} {rate * 100:5.1f}%  {power:4.2f}{flag}")

    table("Module tiles built", [(t.id, t.name) for t in c.tiles], built, built_win, built_fair)
    table("Perks taken", [(p.id, p.name) for p in c.perks], perks, perk_win, perk_fair)


if __name__ == "__main__":
    main()

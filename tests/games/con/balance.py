"""Balance report for Chimera Con's cards, from greedy-bot games (not a test: it measures).

Run: ``python -m tests.games.con.balance --games 300 --players 2 3 4 5``. For each player count it prints
the game win rate by seat, the round win rate of the first Merchant, the round win rate by the family most of
the surviving chimera's parts belong to (against how often that family led a chimera at all), and per card how
often it was played (laid, substituted, mutated on, its action used, or a cheat played) and how often a
chimera carrying it won the round. A card played in under 0.5 % of rounds is flagged "dead"; one whose
chimeras win rounds at more than twice the average rate is flagged "dominant".
"""

from __future__ import annotations

import argparse
from collections import Counter

from chimera_tui.engine import GameConfig
from chimera_tui.games.con import BOTS, RULES, State
from chimera_tui.games.con.content import content

C = content()


def lead_family(parts: tuple[str, str, str]) -> str:
    fams = Counter(C.cards[c].family for c in parts if c)
    fam, n = fams.most_common(1)[0]
    return fam if n >= 2 else "mixed"


class Tally:
    def __init__(self) -> None:
        self.games = 0
        self.seat_wins: Counter[int] = Counter()
        self.rounds = 0
        self.merchant_round_wins = 0
        self.family_chimeras: Counter[str] = Counter()
        self.family_wins: Counter[str] = Counter()
        self.played: Counter[str] = Counter()
        self.card_rounds: Counter[str] = Counter()
        self.card_wins: Counter[str] = Counter()
        self.steps = 0


def play(players: int, seed: int, t: Tally) -> None:
    s: State = RULES.new_game(GameConfig(players=players), seed)
    bots = [BOTS["greedy"](RULES, seed * 10 + i) for i in range(players)]
    first_merchant = -1
    while not RULES.is_over(s):
        seat = RULES.to_act(s)
        assert seat is not None
        move = bots[seat].choose(RULES.view(s, seat), RULES.legal_actions(s), seat)
        words = move.text.split()
        if words[0] == "build":
            t.played.update(c for c in words[1:] if c != "-")
        elif words[0] in ("sub", "mutate"):
            t.played[words[1]] += 1
        elif words[0] == "use":
            t.played[words[1].partition(".")[0]] += 1
        elif words[0] == "cheat":
            t.played[C.cheats[words[1]].kind.code] += 1
        after = RULES.apply(s, move)
        t.steps += 1
        if s.phase == "build" and after.phase == "turn":
            first_merchant = after.merchant
        if after.round != s.round or after.phase == "over":
            winner = next(i for i in range(players) if after.points[i] > s.points[i])
            t.rounds += 1
            t.merchant_round_wins += winner == first_merchant
            for i in range(players):
                fam = lead_family(s.parts[i])
                t.family_chimeras[fam] += 1
                for c in s.parts[i]:
                    if c:
                        t.card_rounds[c] += 1
                        if i == winner:
                            t.card_wins[c] += 1
            t.family_wins[lead_family(s.parts[winner])] += 1
        s = after
    t.games += 1
    for w in RULES.winner(s):
        t.seat_wins[w] += 1


def report(players: int, t: Tally, *, brief: bool) -> None:
    print(f"## {players} players: {t.games} games, {t.rounds} rounds, {t.steps / t.games:.0f} decisions/game")
    seats = " / ".join(f"{100 * t.seat_wins[i] / t.games:.0f}" for i in range(players))
    print(f"win rate by seat (%): {seats} (fair {100 / players:.0f})")
    print(
        f"first Merchant wins the round: {100 * t.merchant_round_wins / t.rounds:.0f} % (fair {100 / players:.0f})"
    )
    print("round wins by lead family: " + ", ".join(
        f"{f} {100 * t.family_wins[f] / max(1, t.family_chimeras[f]):.0f} % of {t.family_chimeras[f]}"
        for f in sorted(t.family_chimeras)
    ))  # fmt: skip
    base = sum(t.card_wins.values()) / sum(t.card_rounds.values()) if t.card_rounds else 0
    dead = [c for c in (*C.cards, *(k.code for k in C.cheat_kinds)) if t.played[c] < 0.005 * t.rounds]
    dominant = [
        c for c in C.cards if t.card_rounds[c] >= 20 and t.card_wins[c] / t.card_rounds[c] > 2 * base
    ]  # fmt: skip
    print(f"dead cards: {', '.join(dead) or 'none'}; dominant cards: {', '.join(dominant) or 'none'}")
    if brief:
        return
    print("| card | played | in chimeras | round win % |")
    print("|---|---|---|---|")
    for c in C.cards:
        rate = 100 * t.card_wins[c] / t.card_rounds[c] if t.card_rounds[c] else 0
        print(f"| {c} | {t.played[c]} | {t.card_rounds[c]} | {rate:.0f} |")
    for k in C.cheat_kinds:
        print(f"| {k.code} | {t.played[k.code]} | – | – |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--brief", action="store_true")
    args = parser.parse_args()
    for n in args.players:
        t = Tally()
        for seed in range(args.games):
            play(n, seed, t)
        report(n, t, brief=args.brief)


if __name__ == "__main__":
    main()

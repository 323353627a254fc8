"""The search bot's strength table for docs/playing/bots-and-hints.md: ``python -m tests.engine.strength``.

For every game, the search bot (``--level``: the default ``search``, at most 1.8 s a move, or ``search:N``,
exactly N playouts a move, so every game replays exactly; ``--playouts N`` is short for ``--level search:N``)
plays whole games against the random bot and against the game's greedy bot at 2 players, against two greedy
bots at 3 players and three at 4, with the levels turned round the table from one game to the next (`chimera
bench`'s match-ups, `bench.run_bench`). Games are played in chunks by ``--jobs`` worker processes (run it
under ``nice``: it takes hours), each chunk appended to ``--out`` as one JSON line as soon as it ends, so a run
that is stopped goes on where it was, and ``--table`` prints the table from what is there. The table gives
each row's games, the search bot's wins (a shared win counts its share) with their standard error, its share
of the table, how many games stopped at a round limit, and the processor time the row took (one core's
seconds, summed over the chunks). Every row plays the same seeds (from `SEED`) whatever the level, so two
levels are compared on the same games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from chimera_tui.commands.bench import run_bench

GAMES = ("station", "codename", "imaginarium", "con")
LEVEL = "search:100"
"""The search bot's level in the table unless ``--level`` says otherwise."""
CHUNK = 12
"""Games per chunk: a multiple of 2, 3 and 4, so every level sits in every seat equally often."""
SEED = 1000


@dataclass(frozen=True)
class Row:
    """One line of the table: the search bot against `opponents` at `len(opponents) + 1` players."""

    game: str
    opponents: tuple[str, ...]
    games: int

    @property
    def players(self) -> int:
        return len(self.opponents) + 1

    def seats(self, level: str) -> tuple[str, ...]:
        return (level, *self.opponents)

    @property
    def key(self) -> str:
        return f"{self.game} {','.join(self.opponents)}"


def rows(
    games: Sequence[str],
    two: int,
    three: int,
    against: Sequence[str] = ("random", "greedy"),
    four: int = 0,
) -> list[Row]:
    """The table's rows: against each of `against` (random and greedy) at 2 players (`two` games each) for
    every game, then against two greedy bots at 3 players (`three` games) and three at 4 (`four`; none when
    0)."""
    out = [Row(game, (opponent,), two) for game in games for opponent in against if two]
    if three:
        out.extend(Row(game, ("greedy", "greedy"), three) for game in games)
    if four:
        out.extend(Row(game, ("greedy", "greedy", "greedy"), four) for game in games)
    return out


def play_chunk(row: Row, level: str, first: int, count: int) -> dict[str, object]:
    """Games `first` to `first + count - 1` of `row`: the search bot's wins and the processor time."""
    start = time.process_time()
    wall = time.perf_counter()
    result = run_bench(row.game, row.players, count, SEED + first, "random", seats=row.seats(level))
    won = dict(result.wins)[row.seats(level)[0]]
    return {
        "row": row.key,
        "level": level,
        "first": first,
        "games": count,
        "errors": result.errors,
        "at_limit": result.at_limit,
        "search_wins": won,
        "cpu": time.process_time() - start,
        "wall": time.perf_counter() - wall,
    }


def level_of(chunk: dict[str, object]) -> str:
    """A chunk's search level (chunks written before levels had names give their playouts)."""
    return str(chunk["level"]) if "level" in chunk else f"search:{chunk['playouts']}"


def done_chunks(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def chunks(row: Row, level: str, done: set[tuple[str, str, int]]) -> Iterator[tuple[int, int]]:
    for first in range(0, row.games, CHUNK):
        if (row.key, level, first) not in done:
            yield first, min(CHUNK, row.games - first)


def interleaved(
    per_row: Sequence[Sequence[tuple[int, int]]], all_rows: Sequence[Row]
) -> list[tuple[Row, int, int]]:
    """The chunks still to play, one row's next chunk after another's, so that a run stopped early leaves
    every row advanced alike."""
    out: list[tuple[Row, int, int]] = []
    for turn in range(max((len(c) for c in per_row), default=0)):
        out.extend((row, *c[turn]) for row, c in zip(all_rows, per_row, strict=True) if turn < len(c))
    return out


def table(all_rows: Sequence[Row], results: Sequence[dict[str, object]]) -> str:
    """The table in Markdown from the chunks in `results`: one line per row and playout budget played."""
    lines = [
        "| game | players | search bot | against | games | search wins | its share | at the round limit "
        "| CPU time |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in all_rows:
        levels = sorted({level_of(r) for r in results if r["row"] == row.key})
        for level in levels:
            mine = [r for r in results if r["row"] == row.key and level_of(r) == level]
            games = sum(int(str(r["games"])) for r in mine)
            wins = sum(float(str(r["search_wins"])) for r in mine)
            cpu = sum(float(str(r["cpu"])) for r in mine)
            errors = sum(int(str(r["errors"])) for r in mine)
            limit = sum(int(str(r.get("at_limit", 0))) for r in mine)
            against = row.opponents[0] if row.players == 2 else f"{len(row.opponents)} × {row.opponents[0]}"
            note = f" ({errors} errors)" if errors else ""
            rate = wins / games
            error = math.sqrt(rate * (1 - rate) / games)
            lines.append(
                f"| {row.game} | {row.players} | {level} | {against} | {games}{note} "
                f"| {wins:g} ({rate:.0%} ± {error:.0%}) | {1 / row.players:.0%} | {limit} "
                f"| {_duration(cpu)} ({cpu / games:.0f} s a game) |"
            )
    return "\n".join(lines)


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engine.strength", description=__doc__)
    parser.add_argument("--level", default=LEVEL, help=f"the search bot's level (default {LEVEL})")
    parser.add_argument("--playouts", type=int, help="short for --level search:N")
    parser.add_argument("--games", type=int, default=102, help="games per 2-player row (default 102)")
    parser.add_argument(
        "--three", type=int, default=48, help="games of the 3-player row (default 48; 0: none)"
    )
    parser.add_argument("--four", type=int, default=0, help="games of the 4-player row (default 0: none)")
    parser.add_argument("--only", nargs="*", default=list(GAMES), choices=GAMES, help="these games only")
    parser.add_argument(
        "--against",
        nargs="*",
        default=["random", "greedy"],
        choices=["random", "greedy"],
        help="the 2-player rows' opponents (default both)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--out", type=Path, default=Path("strength.jsonl"), help="results file (appended)")
    parser.add_argument("--table", action="store_true", help="only print the table from --out")
    args = parser.parse_args(argv)
    all_rows = rows(args.only, args.games, args.three, args.against, args.four)
    level = f"search:{args.playouts}" if args.playouts else args.level
    if not args.table:
        done = {(str(r["row"]), level_of(r), int(str(r["first"]))) for r in done_chunks(args.out)}
        work = interleaved([list(chunks(row, level, done)) for row in all_rows], all_rows)
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(play_chunk, row, level, first, count) for row, first, count in work]
            for future in as_completed(futures):
                result = future.result()
                with args.out.open("a") as out:
                    out.write(json.dumps(result) + "\n")
                print(
                    f"{result['row']}: games {result['first']}+{result['games']}, search won "
                    f"{result['search_wins']}, {float(str(result['cpu'])):.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
        print(f"{len(work)} chunks in {_duration(time.perf_counter() - started)}", file=sys.stderr)
    print(table(all_rows, done_chunks(args.out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`chimera bench GAME --seats A,B`: a bot level per seat, turned round the table, wins on the last line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from chimera_tui import games
from chimera_tui.commands import cli
from chimera_tui.commands.bench import run_bench, seat_levels
from tests.engine.search_pebbles import SEARCHABLE


@pytest.fixture
def searchable() -> Iterator[None]:
    games.register(SEARCHABLE)
    yield
    games.unregister(SEARCHABLE.id)


def test_levels_turn_round_the_table_one_seat_per_game() -> None:
    levels = ("search", "greedy", "random")
    assert [seat_levels(k, levels) for k in range(4)] == [
        ("search", "greedy", "random"),
        ("random", "search", "greedy"),
        ("greedy", "random", "search"),
        ("search", "greedy", "random"),
    ]


def test_the_last_line_adds_each_levels_wins(searchable: None, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bench", SEARCHABLE.id, "--seats", "search:60,random", "--games", "30", "--seed", "2"])
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0
    found = re.fullmatch(
        r"pebbles-search 2p: 30 games, [0-9.]+ games/s, 0 errors, [0-9.]+ decisions/game, "
        r"0 at the round limit, wins: search:60 ([0-9.]+), random ([0-9.]+)",
        out,
    )
    assert found, out
    search, random = (float(x) for x in found.groups())
    assert search + random == pytest.approx(30)
    assert search > random, "the search bot beats random play at Pebbles"


def test_without_seats_the_last_line_is_unchanged(searchable: None) -> None:
    result = run_bench(SEARCHABLE.id, 2, 5, 1, "random")
    assert result.wins == () and "wins" not in result.line()
    assert re.fullmatch(r".* [0-9.]+ decisions/game, 0 at the round limit", result.line())


def test_shared_wins_are_counted_as_shares(searchable: None) -> None:
    result = run_bench(SEARCHABLE.id, 3, 40, 1, "random", seats=("random", "random", "random"))
    assert result.wins == (("random", pytest.approx(40.0)),)
    result = run_bench(SEARCHABLE.id, 2, 40, 1, "random", seats=("random", "search:5"))
    assert sum(won for _, won in result.wins) == pytest.approx(40.0)


def test_bad_seats_are_refused_in_one_line(searchable: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", SEARCHABLE.id, "--seats", "search,genius"]) == 2
    assert "no bot called 'genius'" in capsys.readouterr().err
    assert cli.main(["bench", SEARCHABLE.id, "--players", "3", "--seats", "search,random"]) == 2
    assert capsys.readouterr().err.strip() == "--seats names 2 levels for 3 players: give one per seat."
    assert cli.main(["bench", SEARCHABLE.id, "--seats", "search:0,random"]) == 2


def test_search_levels_seat_bots_on_the_command_line_and_survive_a_save(tmp_path: Path) -> None:
    """`chimera new codename --seats human,search:300` seats that level; a save names it and loads it back."""
    from datetime import datetime

    from chimera_tui.launch import make_seats, new_start
    from chimera_tui.saves import load
    from chimera_tui.saves.format import save_match
    from chimera_tui.table.local import LocalTable

    seats = make_seats("codename", 2, ["human", "search:300"], [])
    assert seats[1].bot == "search:300" and seats[1].name == "Bot 2 (search:300)"
    start = new_start("codename", 2, seats, 5, {})
    table = LocalTable("codename", start.match, start.seats)
    assert table.bot_thinks() is False  # a person's turn first
    path = tmp_path / "game.chimera"
    save_match(start.match, path, now=datetime(2026, 11, 24), seats=start.seats)
    again = load(path)
    assert again.seats[1].bot == "search:300"

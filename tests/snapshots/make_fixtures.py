"""Writes the fixed save files the snapshot tests load: `python -m tests.snapshots.make_fixtures`.

Fixed seeds, fixed actions and fixed timestamps, so the load screen looks the same on every machine.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from chimera_tui import games
from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
from chimera_tui.saves import save_match
from chimera_tui.table.base import Seat
from tests.tinygame import RULES

FOLDER = Path(__file__).parent / "fixtures" / "saves"
WHEN = datetime(2026, 11, 20, 21, 30, tzinfo=timezone(timedelta(hours=1)))


def main() -> None:
    games.register(RULES)
    FOLDER.mkdir(parents=True, exist_ok=True)
    early = Match(RULES, GameConfig(players=2, names=("Ada", "Bashir")), 7)
    for text in ("take 2", "take 1"):
        early.submit(RULES.parse(early.state, text))
    save_match(early, FOLDER / "pebbles-early.chimera", now=WHEN, seats=(Seat("Ada"), Seat("Bashir")))
    done = Match(RULES, GameConfig(players=3, names=("Chen", "Dana", "Bot 3")), 11)
    while not RULES.is_over(done.state):
        done.submit(RULES.legal_actions(done.state)[0])
    seats = (Seat("Chen"), Seat("Dana"), Seat("Bot 3", "random"))
    save_match(done, FOLDER / "pebbles-finished.chimera", now=WHEN - timedelta(days=3), seats=seats)
    (FOLDER / "broken.chimera").write_bytes(b"\x93\x01\x02")


if __name__ == "__main__":
    main()

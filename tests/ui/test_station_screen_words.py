"""Pilot tests of the Chimera Station screen: what it says: a rules topic for every place, words for every
legal action and for the log, the Splicing Lab's workers, Command Hub B's lock, the results' breakdown, and
the status lines whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from chimera_tui.launch import LaunchPlan
from chimera_tui.ui.app import ChimeraApp
from tests.ui.station_apps import _screen, _start_at_placement


def test_every_place_names_a_rules_topic() -> None:
    """The topic `?` opens for any hex, Reactor space, Lab slot or perk exists in the rules text."""
    import re

    from chimera_tui.engine.ruleset import GameConfig
    from chimera_tui.games.station import RULES
    from chimera_tui.games.station.content import content
    from chimera_tui.ui.games.station import view

    text = (Path(view.__file__).parents[3] / "games" / "station" / "data" / "rules.md").read_text()
    ids = set(re.findall(r"\{#([a-z0-9-]+)\}", text))
    state = RULES.new_game(GameConfig(players=4), 1)
    keys = [f"hex:{h}" for h in content().space_at]
    keys += [p.key for p in view.reactor_places(state, frozenset(), False)]
    keys += [p.key for p in view.lab_places(state, 0, frozenset(), False)]
    keys += [f"perk:{p.id}" for p in content().perks]
    keys += [f"reactor:{i}" for i in range(6)]
    for key in keys:
        topic = view.place_details(state, key)[2]
        assert topic in ids, (key, topic)
    for tile in content().tiles:
        assert f"module-{tile.id}" in ids


def test_results_add_up() -> None:
    """The breakdown's rows sum to each score, and the chart's last point is the final score."""
    from chimera_tui.launch import load_start
    from chimera_tui.ui.games.station import results

    match = load_start(Path(__file__).parents[2] / "saves" / "station-over.chimera").match
    final = match.state
    rows = results.breakdown_rows(final)
    totals = rows[-1][1]
    assert list(totals) == [p.score for p in final.players]
    for seat in range(len(final.players)):
        assert sum(values[seat] for label, values in rows[:-1]) == totals[seat]
    rounds = results.round_ends([match.state_at(i) for i in range(len(match) + 1)])
    assert len(rounds) == 6  # after setup and after each of the 5 rounds
    assert list(rounds[-1]) == [p.score for p in final.players]
    assert "wins" in results.tie_break_text(final, match.rules.winner(final))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_words_for_every_legal_action(players: int) -> None:
    """Every legal action of bots-only games (both sides, several seeds) is offered in words, with a preview,
    and every place key it names is one the screen draws."""
    from chimera_tui import games
    from chimera_tui.engine.bots import bot_seed
    from chimera_tui.engine.ruleset import GameConfig
    from chimera_tui.games.station.content import content
    from chimera_tui.ui.games.station import preview, view, words

    rules = games.get("station")
    hexes = {f"hex:{h}" for h in content().space_at}
    for seed in range(6):
        side = "AB"[seed % 2]
        state = rules.new_game(GameConfig(players=players, options={"side": side}), seed)
        bots = {s: games.bots("station")["random"](rules, bot_seed(seed, s)) for s in range(players)}
        while not rules.is_over(state):
            seat = rules.to_act(state)
            legal = rules.legal_actions(state)
            drawn = hexes | {p.key for p in view.reactor_places(state, frozenset(), False)}
            drawn |= {p.key for p in view.lab_places(state, seat, frozenset(), False)}
            drawn |= {p.key for p in view.perk_places(state, frozenset(), False)}
            for action in legal:
                assert words.choice_words(state, action)
                assert set(view.action_places(state, action)) <= drawn, action
            assert preview.preview(state, rules.apply(state, legal[-1]), seat)
            state = rules.apply(state, bots[seat].choose(rules.view(state, seat), legal, seat))


# -- issue 8 §3 and issue 9: friction, secrecy and names -------------------------------------------------------


async def test_log_shows_what_happened_and_opens_on_the_newest(tmp_path: Path) -> None:
    """Issue 8 §2/§3: the log lists what each action caused under it; at 80×24 it opens on the newest."""
    from chimera_tui.ui.widgets.action_log import ActionLog

    start = _start_at_placement()
    app = ChimeraApp(plan=LaunchPlan(start=start), saves=tmp_path, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("4")
        await pilot.pause(0.2)
        log = _screen(app).query_one(ActionLog)
        assert any(line.lstrip().startswith("· ") for line in log.lines)
        assert any("Round 2 begins" in line for line in log.lines)
        assert log.scroll_y == log.max_scroll_y > 0


def test_lab_phase_choices_name_the_placing_seats_workers() -> None:
    """Issue 8 §3: in the Splicing Lab phase the list names the placing seat's worker as its mat shows it."""
    from chimera_tui.games.station import RULES
    from chimera_tui.games.station.state import Phase
    from chimera_tui.ui.games.station import words
    from tests.games.station.helpers import placement_state

    s = placement_state(
        2,
        workers={0: [((), "refinery"), ((), "lounge")], 1: [(("claw",), "lab-a"), ((), "lounge")]},
        turn=0,
    )
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__struct_fields__}, "phase": Phase.LAB})
    assert RULES.to_act(s) == 1
    said = [words.choice_words(s, a) for a in RULES.legal_actions(s)]
    assert all("worker #1 (C)" in line for line in said if line.startswith(("Place", "Send"))), said


def test_choices_and_log_speak_words_not_ids() -> None:
    """Issue 8 §3: no option label ("buy1", "cash"), hex coordinate or seat number reaches a player."""
    import re

    from chimera_tui.engine import GameConfig, Rng
    from chimera_tui.games.station import RULES
    from chimera_tui.ui.games.station import view, words

    bad = re.compile(r"\b(buy\d|cash|sell\d?|-?\d+,-?\d+)\b|:\s*$|\bw\d\b")
    for seed in range(3):
        s = RULES.new_game(GameConfig(players=3), seed)
        rng = Rng(seed)
        while not RULES.is_over(s):
            legal = list(RULES.legal_actions(s))
            for a in legal:
                assert not bad.search(words.choice_words(s, a)), words.choice_words(s, a)
            for key in (
                f"hex:{h}"
                for h in __import__("chimera_tui.games.station.content", fromlist=["x"]).content().space_at
            ):
                title, _, _ = view.place_details(s, key)
                assert not bad.search(title), title
            a, rng = rng.choice(legal)
            s = RULES.apply(s, a)


@pytest.mark.parametrize(("round", "locked"), [(1, True), (2, True), (3, False), (5, False)])
def test_command_hub_b_says_it_is_locked_only_while_it_is(round: int, locked: bool) -> None:
    """Issue 32: "Command Hub B: Locked until round 3" still showed in round 3, when it is open (ST-SETUP-06,
    ST-PROGRESS-07: the last countdown token leaves in round 3). The choice to place there says nothing of it."""
    from chimera_tui.games.station.content import content
    from chimera_tui.ui.games.station import view
    from chimera_tui.ui.games.station import words as W
    from tests.games.station.helpers import placement_state

    state = placement_state(3, round=round)
    hub_b = content().hub_hexes[1]
    _, detail, _ = view.place_details(state, f"hex:{hub_b}")
    assert ("locked" in detail.lower()) is locked, detail
    assert ("open since round 3" in detail) is not locked, detail
    from chimera_tui.games.station import RULES

    for action in RULES.legal_actions(state):
        assert "locked" not in W.choice_words(state, action).lower()


def test_the_track_line_keeps_the_whole_supply_at_80_columns() -> None:
    """Issue 32: in the Splicing Lab phase "Round 4/5 · Splicing Lab · start ■ Bot 2 (greedy) · build ×2 ·
    supply B7 C7 L7 T7" is 81 columns, more than the 78 that 80 columns leave, and lost the tentacles ("supply
    B7 C7 L7"). The start player's name shortens first."""
    from msgspec.structs import replace

    from chimera_tui.games.station.state import Phase
    from chimera_tui.ui.games.station.status import track_line
    from tests.games.station.helpers import placement_state

    state = placement_state(2, round=4, start=1)
    state = replace(state, names=("Player 1", "Bot 2 (greedy)"), phase=Phase.LAB)
    line = track_line(state, narrow=True, width=78)
    assert line.endswith(
        " · supply " + " ".join(f"{k}{n}" for k, n in zip("BCLT", state.supply, strict=True))
    )
    assert len(line) <= 78 and "start ■ Bot 2 · build ×2" in line
    assert "Bot 2 (greedy)" in track_line(state, narrow=True, width=0)
    for width in range(30, 100):
        line = track_line(state, narrow=width < 90, width=width)
        assert len(line) <= width and line.endswith("T7"), (width, line)


class _Logged:
    """A table's log and what its last action caused, as `last_line` reads them."""

    def __init__(self, action: str, *caused: str) -> None:
        self.action, self.caused = action, caused

    def log(self) -> tuple[str, ...]:
        return (self.action,)

    def log_events(self) -> tuple[tuple[str, ...], ...]:
        return (self.caused,)


@pytest.mark.parametrize(
    ("action", "caused", "shown"),
    [
        (
            "Ann keeps the starting card Research Grant",
            ("Ann: +2 coins, +2 food — starting card", "Ann: research tier 1 → 2", "Ann: +1 claw"),
            "Last: Ann keeps the starting card Research Grant (+3 more, see the log)",
        ),
        (
            "Bot 2 (greedy) places worker #1 (no components) on Vineyard",
            ("Bot 2 (greedy): +1 food — Vineyard", "Bot 2 (greedy): +2 food — Vineyard"),
            "Last: Bot 2 (greedy) places worker #1 (no components) on Vineyard (+2 more)",
        ),
        (
            "Ann takes 1 food in the Worker Lounge",
            ("Ann: +1 food — Worker Lounge",),
            "Last: Ann takes 1 food in the Worker Lounge · Ann: +1 food — Worker Lounge",
        ),
    ],
)
def test_the_last_line_ends_whole_at_80_columns(action: str, caused: tuple[str, ...], shown: str) -> None:
    """Issue 32: "Last: … · Ann: +2 coins, +2 food — starting card (+2 more, see the log)" was cut at the
    right edge. What the action caused gives way first, then the pointer to the log shortens; the action is
    cut (with "…") only when it alone is too long, and the line never runs past the width."""
    from chimera_tui.ui.games.station.status import last_line

    assert last_line(_Logged(action, *caused), 78) == shown
    for width in range(20, 140):
        line = last_line(_Logged(action, *caused), width)
        assert len(line) <= width and line.startswith("Last: "), (width, line)

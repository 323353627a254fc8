"""The replay table (issue 15): at any step and through any seat's eyes it answers as the live table would,
it moves by action and by round, and it never acts."""

from __future__ import annotations

from typing import Any

import pytest

from chimera_tui.engine.match import Match
from chimera_tui.table.base import Seat
from chimera_tui.table.local import LocalTable
from chimera_tui.table.replay import HERE_MARK, REPLAY_REFUSAL, ReplayTable
from tests.golden.transcript import replayed


def _unmarked(lines: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(line.removeprefix(HERE_MARK) for line in lines)


def _live(match: Match[Any, Any], seats: tuple[Seat, ...], step: int, seat: int) -> LocalTable:
    """The live table of `match` cut at `step`, kept on `seat` (the only person; the bots never move)."""
    cut = Match.replay(match.rules, match.config, match.seed, match.notations, upto=step)
    people = tuple(Seat(s.name, None if i == seat else (s.bot or "random")) for i, s in enumerate(seats))
    table = LocalTable(match.rules.id, cut, people)
    assert table.seat == seat
    return table


@pytest.mark.parametrize("name", ["codename-2p-seed21", "codename-3p-seed22", "station-2p-seed11"])
def test_every_step_through_every_seat_is_what_the_live_table_shows(name: str) -> None:
    """The seat view hides exactly what the live table hides: the same view, the same log in words (with
    what each action caused), at every step of a whole game, for every seat."""
    match, seats = replayed(name)
    replay = ReplayTable(match.rules.id, match, seats)
    for step in range(len(match) + 1):
        replay.go(step)
        for seat in range(len(seats)):
            replay.set_viewpoint(seat)
            live = _live(match, seats, step, seat)
            assert replay.view() == live.view(), (step, seat)
            assert _unmarked(replay.log()) == live.log(), (step, seat)
            assert replay.log_events() == live.log_events(), (step, seat)
            assert replay.to_act() == live.to_act()
            assert replay.viewer() == live.viewer()


def test_a_seat_does_not_see_what_another_seat_built_in_private() -> None:
    """Codename's private building: seat 0's attaching is in its own log (marked as the current step) and
    nowhere in seat 1's, which has no current-step mark then."""
    match, seats = replayed("codename-2p-seed21")
    replay = ReplayTable("codename", match, seats)
    builds = [i for i, e in enumerate(match.log, 1) if e.action.startswith("attach") and e.seat == 0]
    assert builds
    replay.go(builds[0])
    replay.set_viewpoint(0)
    own = replay.log()
    assert own[-1].startswith(HERE_MARK) and "attaches" in own[-1]
    assert replay.action_text() == own[-1].removeprefix(HERE_MARK)
    replay.set_viewpoint(1)
    other = replay.log()
    assert not any("attaches" in line or line.startswith(HERE_MARK) for line in other)
    assert replay.action_text() is None
    replay.set_viewpoint(None)
    assert not any("attaches" in line for line in replay.log())


def test_moving_by_action_and_by_round() -> None:
    match, seats = replayed("station-2p-seed11")
    replay = ReplayTable("station", match, seats)
    assert replay.step == 0 and replay.total == len(match)
    replay.back()
    assert replay.step == 0
    replay.forward()
    replay.forward()
    assert replay.step == 2 and len(replay.match) == 2
    assert replay.match.state is match.state_at(2)
    replay.go(10_000)
    assert replay.step == replay.total
    replay.forward()
    assert replay.step == replay.total
    labels = [match.rules.round_label(match.state_at(i)) for i in range(len(match) + 1)]
    starts = [0] + [i for i in range(1, len(labels)) if labels[i] != labels[i - 1]]
    replay.go(0)
    visited = [0]
    while replay.step < replay.total:
        replay.next_round()
        visited.append(replay.step)
    assert visited == (starts if starts[-1] == replay.total else [*starts, replay.total])
    replay.go(starts[2] + 1)
    replay.previous_round()
    assert replay.step == starts[2]
    replay.previous_round()
    assert replay.step == starts[1]


def test_the_viewpoint_cycles_through_everyone_and_each_seat() -> None:
    match, seats = replayed("codename-3p-seed22")
    replay = ReplayTable("codename", match, seats)
    seen = [replay.viewpoint]
    for _ in range(4):
        replay.cycle_viewpoint()
        seen.append(replay.viewpoint)
    assert seen == [None, 0, 1, 2, None]
    assert replay.seat is None
    with pytest.raises(ValueError):
        replay.set_viewpoint(3)


def test_the_current_step_is_marked_in_the_log_and_nowhere_else() -> None:
    match, seats = replayed("codename-2p-seed21")
    replay = ReplayTable("codename", match, seats, step=5)
    lines = replay.log()
    assert lines[-1].startswith(HERE_MARK)
    assert not any(line.startswith(HERE_MARK) for line in lines[:-1])
    assert replay.action_text() == lines[-1].removeprefix(HERE_MARK)
    replay.go(0)
    assert replay.log() == () and replay.action_text() is None


def test_the_finished_game_is_shown_to_everyone() -> None:
    match, seats = replayed("codename-2p-seed21")
    replay = ReplayTable("codename", match, seats, viewpoint=0)
    replay.go(replay.total)
    assert replay.viewer() is None
    assert replay.view() == match.rules.view(match.state, None)


def test_a_replay_never_acts() -> None:
    match, seats = replayed("station-2p-seed11")
    replay = ReplayTable("station", match, seats, step=3)
    legal = match.rules.legal_actions(match.state_at(3))
    assert replay.legal_actions() == ()
    assert replay.submit(legal[0]) == REPLAY_REFUSAL
    assert replay.submit_text(str(legal[0])) == REPLAY_REFUSAL
    assert replay.undo() == REPLAY_REFUSAL and replay.undo_refusal() == REPLAY_REFUSAL
    assert replay.play_bot() is None and not replay.bot_to_act()
    assert not replay.bot_thinks() and replay.bot_decide() is None
    assert replay.human_seats() == () and not replay.needs_hand_off(0, 1)
    assert replay.step == 3 and len(match) == replay.total  # nothing was applied


def test_listeners_hear_moves_and_viewpoint_changes_only() -> None:
    match, seats = replayed("station-2p-seed11")
    replay = ReplayTable("station", match, seats)
    heard: list[int] = []
    replay.subscribe(lambda: heard.append(replay.step))
    replay.back()  # already at the start: nothing changes
    replay.forward()
    replay.set_viewpoint(1)
    replay.set_viewpoint(1)
    assert heard == [1, 1]
    replay.unsubscribe(heard.append)  # unknown listeners are ignored


def test_it_has_every_method_the_live_table_has() -> None:
    """The game screens need no change: whatever they may ask a LocalTable, a ReplayTable answers."""
    public = {name for name in dir(LocalTable) if not name.startswith("_")}
    assert public <= set(dir(ReplayTable))


def test_the_past_is_readable_but_not_the_future() -> None:
    match, seats = replayed("station-2p-seed11")
    replay = ReplayTable("station", match, seats, step=4)
    assert replay.match.state_at(4) is match.state_at(4)
    assert replay.match.log == match.log[:4] and replay.match.notations == match.notations[:4]
    with pytest.raises(IndexError):
        replay.match.state_at(5)

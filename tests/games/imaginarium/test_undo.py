"""Which Imaginarium actions may be taken back (engine/match.py's undo policy, through `is_irreversible`).

Issue 32: undo after setting the dial said it "drew a random outcome or revealed hidden information". Setting
the dial (IM-CORE-31, IM-CORE-35) does neither: the barrier was every change of phase. Moving on inside one's
own turn (ending B1, setting the dial) may be taken back; starting a turn or a round, whose automatic steps
draw and reveal other screens through attacks, stays a barrier.
"""

from __future__ import annotations

import random

from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
from chimera_tui.games.imaginarium import RULES


def _until(match: Match, phase: str, seed: int) -> int:  # type: ignore[type-arg]
    """Play random legal actions until the match stands in `phase`; the seat to act then."""
    rnd = random.Random(seed)
    for _ in range(2000):
        if match.state.phase == phase and (seat := RULES.to_act(match.state)) is not None:
            return seat
        match.submit(rnd.choice(list(RULES.legal_actions(match.state))))
    raise AssertionError(f"never reached {phase}")


def test_setting_the_dial_can_be_taken_back_IM_CORE_31_IM_CORE_35() -> None:
    for seed in range(1, 6):
        match = Match(RULES, GameConfig(players=3), seed)
        seat = _until(match, "dial", seed)
        before = match.state
        dial = RULES.legal_actions(before)[0]
        match.submit(dial)
        assert match.state.phase == "b3" and RULES.to_act(match.state) == seat
        assert match.undo_refusal(seat) is None, seed
        assert match.undo(seat) == before


def test_ending_b1_can_be_taken_back_and_starting_a_turn_cannot_IM_CORE_31() -> None:
    for seed in range(1, 6):
        match = Match(RULES, GameConfig(players=3), seed)
        seat = _until(match, "b1", seed)
        end = next(a for a in RULES.legal_actions(match.state) if str(a) == "end")
        match.submit(end)
        assert match.state.phase == "dial"
        assert match.undo_refusal(seat) is None, seed
        _until(match, "b3", seed)
        before = match.state
        end = next(a for a in RULES.legal_actions(before) if str(a) == "end")
        after = RULES.apply(before, end)
        assert after.phase != "b3"
        assert RULES.is_irreversible(before, end, after), "the next turn (or round) starts: its steps play"

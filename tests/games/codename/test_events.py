"""Issue 8 §2: every change a player did not choose is told in words, each phase and arena round ends with a
summary of what each seat gained and lost and why, and no internal name (a card id) ever reaches a player."""

from __future__ import annotations

import re

import msgspec

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.match import Match
from chimera_tui.games.codename import BOTS, RULES
from chimera_tui.games.codename.arena import end_turn
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase
from tests.games.codename.helpers import arena, drafting, monster, play

C = load()
IDS = re.compile(
    r"\b("
    + "|".join(re.escape(i) for i in sorted([*C.parts, *C.torsos], key=len, reverse=True))
    + r")\b|torso:\d"
)


def dice(*faces: int) -> Rng:
    return Rng.rig(0, *(f - 1 for f in faces))


def test_refill_is_told():
    s = arena(monster(("pelvis", "ribcage"), energy=2), monster(("ribcage", "pelvis"), energy=0))
    s = end_turn(msgspec.structs.replace(s, turn=-1))
    assert "Player 1's turn: takes 3 energy from the box (now 5)." in s.events


def test_arena_round_ends_with_a_summary_of_gains_and_losses():
    a = monster(("pelvis", "brawler-chest"), [("octopus-tentacle-1", "pelvis", "far")], energy=5)
    d = monster(("ribcage", "plated-belly"), [("mantis-arm-1", "ribcage", "left")], energy=0)
    s = play(arena(a, d, rng=dice(4)), "attack octopus-tentacle-1 mantis-arm-1", "go")
    assert s.graveyard and s.graveyard[0].card == "mantis-arm-1"
    s = play(s, "end")  # seat 1's turn
    s = play(s, "end")  # the round ends
    summary = [e for e in s.events if e.startswith("Arena round 1 · ")]
    assert any(
        e.startswith("Arena round 1 · Player 1:") and "spent 1 energy (1 on attacks)" in e for e in summary
    )
    assert any(
        e.startswith("Arena round 1 · Player 2:")
        and "lost Mantis Arm (destroyed by Player 1's Octopus Tentacle)" in e
        for e in summary
    )
    assert any("Arena round 2 begins" in e for e in s.events)


def test_a_fallen_monsters_remains_are_told():
    a = monster(("pelvis", "brawler-chest"), [("stinger-1", "pelvis", "far")], energy=5)
    victim = monster(("haunches", "twin-necks"), (), ("eagle-talon-1",), energy=1)
    s = arena(a, victim, monster(("ribcage", "pelvis")), rng=dice(6, 6, 6), explode=True)
    s = play(s, "attack stinger-1 torso:1", "go")
    assert not s.players[1].alive
    assert "Player 2's torso is destroyed by Player 1's Stinger: the monster falls." in s.events
    assert "Player 2's 1 inventory card go to the box unseen." in s.events
    assert "Player 2's 1 energy goes back to the box." in s.events


def test_auction_players_who_cannot_raise_are_told():
    s = drafting(players=3, energy=[5, 5, 1])
    s = play(s, "skip", "bid 1")  # seat 2 holds 1 and cannot top a bid of 1
    assert any("Player 3 holds 1 energy, not more than the bid of 1" in e for e in s.events)


def test_drafting_and_building_end_with_summaries():
    match = Match(RULES, GameConfig(players=3), 4)
    bots = {s: BOTS["greedy"](RULES, s) for s in range(3)}
    seen: list[str] = []
    while match.state.phase is not Phase.TURN:
        seat = RULES.to_act(match.state)
        match.submit(bots[seat].choose(RULES.view(match.state, seat), RULES.legal_actions(match.state), seat))
        seen += match.state.events
    drafting_lines = [e for e in seen if e.startswith("Drafting · ")]
    building_lines = [e for e in seen if e.startswith("Building · ")]
    assert len(building_lines) == 3 and all("parts on the torso" in e for e in building_lines)
    assert drafting_lines and all("gained" in e or "spent" in e or "lost" in e for e in drafting_lines)
    assert any("Every torso is chosen" in e for e in seen) and any("Drafting begins" in e for e in seen)


def test_no_internal_name_reaches_a_player():
    """Across random games: no card id (``wolf-claw-1``, ``torso:2``) in any event, log line or refusal."""
    from chimera_tui.engine import IllegalAction

    for seed in range(25):
        bot = RandomBot(RULES, seed)
        state = RULES.new_game(
            GameConfig(players=2 + seed % 3, options={"sixes": "explode"} if seed % 2 else {}), seed
        )
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            action = bot.choose(None, legal, RULES.to_act(state))
            for viewer in (None, 0):
                text = RULES.describe_for(state, action, viewer) or ""
                assert not IDS.search(text), text
            state = RULES.apply(state, action)
            for e in state.events:
                assert not IDS.search(e), e
            if not RULES.is_over(state):
                try:  # the same action again is usually refused: the refusal is told in words too
                    RULES.apply(state, action)
                except IllegalAction as exc:
                    assert not IDS.search(exc.reason), exc.reason

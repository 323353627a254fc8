"""Every event told (issue 8 §2): what an action caused that nobody chose appears in `State.events`, in words,
and the end of every round sums up what each seat gained and lost."""

from __future__ import annotations

import re

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.station import RULES
from chimera_tui.table.base import Seat

from .helpers import act, placement_state, with_players
from .test_examples import _beth
from .test_reactor import _drained


def _told(state) -> str:
    return "\n".join(state.events)


def test_feeding_loss_of_a_claw_and_two_points_is_told():
    """ST-FEED-04/06 (ST-EX-04): Beth loses her claw and 2 points; both are told, with the reason."""
    s = act(_beth(2), "place w3 lounge", "choose food")
    told = _told(s)
    assert re.search(r"Player 2: .*worker #3 loses its claw.*feeding", told), told
    assert re.search(r"Player 2: −2 points — feeding.*no component left", told), told


def test_income_is_told():
    """Resources a worker earns (Refinery coins) and a displaced worker's Lounge coin are told."""
    s = act(placement_state(2), "place w0 refinery")
    assert "Player 1: +3 coins — Refinery" in s.events
    s = placement_state(2, workers={0: [(("claw",), "pool")], 1: [((), "hydroponics"), ((), "pool")]})
    s = act(s, "place w0 hydroponics", "choose coin")
    assert any(e.startswith("Player 2: +1 coin — displaced") for e in s.events), s.events
    assert "Player 1: +2 food — Hydroponics" in s.events


def test_starting_card_income_and_station_progress_are_told():
    """Setup O gains (ST-SETUP-27) and the station progress of a new round (ST-PROGRESS-*) are told."""
    s = RULES.new_game(GameConfig(players=2), 3)
    while s.round == 0:
        s = RULES.apply(s, RULES.legal_actions(s)[0])
        if any("starting card" in e for e in s.events):
            break
    assert any(re.match(r"Player \d: \+\d+ coins?.* — starting card", e) for e in s.events), s.events
    while s.round < 1:
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert any(e.startswith("Round 1 begins:") for e in s.events)


def test_round_three_progress_opens_slot_b_and_tells_the_research():
    s = placement_state(2, workers={0: [((), "pool")], 1: [((), "pool")]}, round=2)
    s = act(s, "place w0 lounge", "choose coin", "place w0 lounge", "choose coin")
    told = _told(s)
    assert s.round == 3 and "Round 3 begins" in told and "slot B is open" in told
    assert "research tier 1 → 2" in told


def test_research_reward_is_told():
    """ST-RESEARCH-04: the tier reached and its reward (a worker on tier 3) are told."""
    s = with_players(placement_state(2, workers={0: [(("claw",), "pool")]}), p0={"tier": 2})
    s = act(s, "place w0 laboratory")
    assert re.search(r"Player 1: .*a new worker joins the pool, research tier 2 → 3 — research", _told(s))


def test_reactor_rewards_and_refill_are_told():
    """ST-REACTOR-05..07: the Boiler Room's rewards and the tiles the refill brings in are told."""
    s = _drained(placement_state(2, workers={0: [(("brain", "claw"), "pool")]}), 4)
    s = act(s, "place w0 boiler")
    told = _told(s)
    assert "Reactor rewards" in told and "Boiler Room" in told
    assert re.search(r"The Reactor refills: .+\.", told)


def test_round_summary_at_every_round_end():
    s = act(_beth(2), "place w3 lounge", "choose food")
    i = s.events.index("End of round 1: what each player gained and lost")
    summary = s.events[i + 1 : i + 3]
    assert any(line.strip().startswith("Player 2: −2 points this round (feeding −2)") for line in summary), (
        summary
    )


def test_every_told_event_is_words_in_random_games():
    """No internal id or notation reaches the log or the events (issue 8 §3)."""
    bad = re.compile(r"\b(w\d|buy\d|cash|-?\d+,-?\d+)\b|_|hub-|lab-")
    for seed in range(4):
        s = RULES.new_game(GameConfig(players=2 + seed % 3), seed)
        rng = Rng(seed)
        while not RULES.is_over(s):
            a, rng = rng.choice(list(RULES.legal_actions(s)))
            said = RULES.describe(s, a)
            assert not bad.search(said), said
            s = RULES.apply(s, a)
            for e in s.events:
                assert not bad.search(e), e
        assert any(e.startswith("End of round 5") for e in s.events)


def test_events_reach_the_table_log():
    """LocalTable.log_events() gives each log line the events its action caused."""
    from chimera_tui.engine.match import Match
    from chimera_tui.table.local import LocalTable

    match = Match(RULES, GameConfig(players=2), 1)
    table = LocalTable("station", match, [Seat("Ann", None), Seat("Bot", "greedy")])
    while not RULES.is_over(match.state) and len(match) < 40:
        if table.bot_to_act():
            table.play_bot()
        else:
            table.submit(table.legal_actions()[0])
    events = table.log_events()
    assert len(events) == len(table.log()) and any(events)
    assert all(isinstance(e, str) for line in events for e in line)

"""No message tells anything private to a seat (issue 35): whole seeded games of every game (the golden
transcripts) at a turn-based table whose every seat is a person, and at every step the messages the host would
send (whose move it is, the reminder, a deadline passing, the result) are checked against every seat's
secrets: each string of the whole state that the public view does not show (cards in hands and piles, a
private build), and each log line only some seats read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.engine.match import Match
from chimera_tui.server.driving import Driving
from chimera_tui.server.host import TableHost
from chimera_tui.server.notify import outbox, words
from chimera_tui.server.notify.sending import NotifyOptions
from chimera_tui.server.table_record import TableRecord
from chimera_tui.server.tables import HostedTable
from tests.golden.transcript import load_transcript, stored

CASES = [path.stem for path in stored()]
DAY = 24 * 3600.0


def _strings(value: Any) -> set[str]:
    """Every string inside `value` (a state or view as plain data)."""
    found: set[str] = set()
    stack = [msgspec.to_builtins(value)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def secrets_of(match: Match[Any, Any], rules: Any) -> set[str]:
    """What the public view does not show now: strings of the whole state that no public string holds, and
    log lines a seat reads that the public log does not."""
    state = match.state
    public = _strings(rules.view(state, None))
    shown = " ".join(public)
    hidden = {s for s in _strings(state) - public if len(s) >= 4 and s not in shown}
    everyone = set(match.texts_for(None))
    for seat in range(match.config.players):
        hidden |= {text for _, text in match.texts_for(seat) if (_, text) not in everyone and len(text) >= 4}
    return hidden


FIXED = " ".join(
    (
        words.your_move("", "", 3600),
        words.reminder("", "", 60),
        words.deadline("", "", "'s time ran out: a bot played their turn."),
        words.result("", "", " won shared the win"),
    )
)
"""The messages' own words ("left", "only"...): a secret string that is one of them is not told by a message."""


def leaks(messages: list[str], secrets: set[str]) -> list[tuple[str, str]]:
    return [
        (message, secret)
        for message in messages
        for secret in secrets
        if secret in message and secret not in FIXED
    ]


@pytest.mark.parametrize("case", CASES)
async def test_no_message_of_a_whole_game_holds_a_seats_secret(case: str, tmp_path: Path) -> None:
    transcript = load_transcript(case)
    rules = games.get(transcript.game)
    config = transcript.config
    host = TableHost(tmp_path, notify=NotifyOptions(hooks=True))
    record = TableRecord(
        code="SECRT",
        game=transcript.game,
        players=transcript.players,
        options=dict(transcript.options),
        seed=transcript.seed,
        bots=(None,) * transcript.players,
        owners=[f"SHA256:seat{n}" for n in range(transcript.players)],
        names=[config.name(n) for n in range(transcript.players)],
        away_limit=120.0,
        creator="SHA256:seat0",
        created="",
        pace="turn",
        turn_limit=DAY,
    )
    table = HostedTable(record, Match(rules, config, transcript.seed))
    host.tables[table.code] = table
    checked = hidden_seen = 0
    for notation in (*transcript.log, None):
        assert table.match is not None
        table.turn_started = host.clock()
        messages = []
        for event in host.events_of(table):
            if event.text:
                messages.append(event.text)
                continue
            row = outbox.Outgoing(
                0,
                event.key,
                event.account,
                event.kind,
                event.code,
                event.step,
                event.seat,
                "hook",
                "",
                "",
                0.0,
                0,
            )
            said = await host.still_true(row)
            assert isinstance(said, str), (event, said)
            messages.append(said)
        actor = table.to_act()
        if actor is not None:
            line = Driving._say_why(table, actor, "deadline", skipped=False)
            messages.append(words.deadline(table.code, rules.title, line))
        secrets = secrets_of(table.match, rules)
        hidden_seen += bool(secrets)
        assert leaks(messages, secrets) == [], (case, len(table.match))
        checked += len(messages)
        if notation is not None:
            table.match.submit(rules.parse(table.match.state, notation))
    assert table.over and any("has ended: " in m for m in messages)
    assert hidden_seen > len(transcript.log) // 2  # the check had secrets to look for at most steps
    assert checked > len(transcript.log)


def test_the_check_finds_a_secret_put_into_a_message() -> None:
    transcript = load_transcript("codename-2p-seed21")
    rules = games.get(transcript.game)
    match = Match.replay(rules, transcript.config, transcript.seed, transcript.log[:10])
    secrets = secrets_of(match, rules)
    hand = sorted(_strings(rules.view(match.state, 0)) - _strings(rules.view(match.state, None)))
    told = [s for s in hand if s in secrets]
    assert told, "seat 0 holds something the public view does not show"
    assert leaks([f"Your move at SECRT (Codename), you hold {told[0]}."], secrets)

"""The table host over its Unix socket, with real `HostLink` clients (no SSH)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import msgspec
import pytest

from chimera_tui import games
from chimera_tui.saves import state_digest
from chimera_tui.server import protocol as P
from chimera_tui.server.host import Limits
from chimera_tui.server.link import HostError
from chimera_tui.server.remote_table import AWAY
from chimera_tui.ui.screens.lobby import clock_text
from tests.server.helpers import hosted, play, stored_match, tapped_link, until


async def test_two_people_play_station_each_seeing_only_their_own_view(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=5)
        assert a.seat == 0 and not a.started
        listed = await bob.list_tables()
        assert [t.code for t in listed] == [a.code]
        b = await bob.join(a.code.lower())
        assert b.seat == 1
        await until(lambda: a.started and b.started)
        assert [s.name for s in a.seats] == ["Alice", "Bob"]
        await play([a, b], 6)
        table = h.host.tables[a.code]
        assert table.match is not None
        rules = table.rules
        for remote in (a, b):
            assert remote.step == len(table.match)
            assert remote.view() == rules.view(table.match.state, remote.seat)
            assert remote.log() == tuple(text for _, text in table.match.texts_for(remote.seat))
        actor = a.to_act()
        idle = b if actor == 0 else a
        assert idle.legal_actions() == ()
        assert idle.submit(rules.legal_actions(table.match.state)[0]) is not None
        # The store holds the match as the ordinary save format, and it replays to the same position.
        assert state_digest((await stored_match(h.host, a.code)).state) == state_digest(table.match.state)
        await alice.close()
        await bob.close()


async def test_codename_private_cards_never_reach_the_other_seat_or_a_spectator(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice, alice_bytes = await tapped_link(h, "SHA256:alice", "Alice")
        bob, bob_bytes = await tapped_link(h, "SHA256:bob", "Bob")
        carol, carol_bytes = await tapped_link(h, "SHA256:carol", "Carol")
        a = await alice.create("codename", 2, seed=11)
        b = await bob.join(a.code)
        c = await carol.watch(a.code)
        assert c.seat is None
        await until(lambda: a.started and b.started)
        await play([a, b], 40, seed=3)
        table = h.host.tables[a.code]
        match = table.match
        assert match is not None
        rules = table.rules
        checked = 0
        for tap, me, others in ((alice_bytes, 0, (1,)), (bob_bytes, 1, (0,)), (carol_bytes, None, (0, 1))):
            for update in _updates(bytes(tap.bytes)):
                if not update.started or update.view is None:
                    continue
                state = match.state_at(update.step)
                frame = msgspec.msgpack.encode(update)
                allowed = (
                    msgspec.msgpack.encode(rules.view(state, me))
                    + "\n".join(text for _, text in match.texts_for(me)).encode()
                )
                for other in others:
                    player = state.players[other]
                    for card in (*player.cards, *(placed.card for placed in player.monster)):
                        if card and card.encode() not in allowed:
                            checked += 1
                            assert card.encode() not in frame, (me, other, card)
        assert checked > 0  # the game did hold private cards to keep
        for link in (alice, bob, carol):
            await link.close()


def _updates(data: bytes) -> list[P.Update]:
    out, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        message = P.decode_host(data[at + 4 : at + 4 + size])
        if isinstance(message, P.Update):
            out.append(message)
        at += 4 + size
    return out


async def test_a_reconnecting_player_keeps_the_seat(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=2)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        await play([a, b], 3)
        await bob.close()
        await until(lambda: not h.host.tables[a.code].here.get(1))
        bob = await h.link("SHA256:bob", "Bob again")
        tables = await bob.list_tables()
        assert [t.mine for t in tables] == [True]
        b = await bob.join(a.code)
        assert b.seat == 1
        assert b.player_name(1) == "Bob"
        await play([a, b], 3)
        # A third identity cannot take a seat at a full table, but may watch.
        eve = await h.link("SHA256:eve", "Eve")
        with pytest.raises(HostError, match="full"):
            await eve.join(a.code)
        for link in (alice, bob, eve):
            await link.close()


async def test_the_away_bot_plays_for_an_absent_player_and_hands_back(tmp_path: Path) -> None:
    away_line = "Bob is away: a bot plays for them until they are back."
    back_line = "Bob is back and plays again."
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=4, away_limit=0.2)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        # Bob leaves while it is his turn.
        while a.to_act() != 1:
            await play([a, b], 1)
        step = a.step
        await bob.close()
        await until(lambda: a.step > step)
        assert any(s.kind == "away" for s in a.seat_infos)
        assert a.away() == (1,) and a.seats[1].bot == AWAY and not a.seats[0].is_bot  # screens mark the seat
        assert clock_text(a).startswith("Bob away")
        # The game's log says so, after the moves made before the bot took over and before the bot's.
        match = h.host.tables[a.code].match
        assert match is not None
        before = [text for at, text in match.texts_for(0) if at <= step]
        assert a.log()[: len(before) + 1] == (*before, away_line)
        assert len(a.log()) > len(before) + 1  # the bot's move follows
        assert any("away" in note for note in a.notes)
        bob = await h.link("SHA256:bob", "Bob")
        b = await bob.join(a.code)
        assert b.seat == 1
        assert [s.kind for s in b.seat_infos] == ["person", "person"]
        assert a.away() == () and not a.seats[1].is_bot
        await until(lambda: back_line in a.log())
        for remote in (a, b):  # every seat reads both lines, each in its place
            lines = remote.log()
            assert lines.index(away_line) == len(before) and lines[-1] == back_line
            assert len(remote.log_events()) == len(lines)
        assert any("back" in note for note in b.notes)
        await play([a, b], 4)
        assert a.log().index(back_line) < len(a.log()) - 1  # later moves read after it
        await alice.close()
        await bob.close()


async def test_requests_are_refused_with_reasons(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice\x1b[31m")
        assert alice.name == "Alice"
        with pytest.raises(HostError, match="no game"):
            await alice.create("chess", 2)
        with pytest.raises(HostError, match="2 to 4"):
            await alice.create("station", 9)
        with pytest.raises(HostError, match="no table"):
            await alice.join("ZZZZZ")
        with pytest.raises(HostError, match="person"):
            await alice.create("station", 2, bots=("greedy", "greedy"))
        a = await alice.create("station", 2, bots=(None, "greedy"))
        a.chat("hello \x1b]0;pwned\x07 there")
        await until(lambda: bool(a.chat_lines))
        assert a.chat_lines == ("Alice: hello there",)
        await alice.close()
        with pytest.raises(HostError, match="ticket"):
            from chimera_tui.server.link import HostLink

            await HostLink.connect(h.socket, "not-a-ticket")
    assert "station" in games.game_ids()


async def test_limits_on_sessions_tables_and_chat(tmp_path: Path) -> None:
    limits = Limits(sessions_per_identity=2, tables_per_identity=1, chat_lines=2, chat_window=3600.0)
    async with hosted(tmp_path, limits=limits) as h:
        first = await h.link("SHA256:alice", "Alice")
        second = await h.link("SHA256:alice", "Alice")
        with pytest.raises(HostError, match="2 sessions"):
            await h.link("SHA256:alice", "Alice")
        a = await first.create("station", 2, bots=(None, "greedy"))
        with pytest.raises(HostError, match="open tables"):
            await second.create("codename", 2, bots=(None, "greedy"))
        refusals: list[str] = []
        a.on_refusal(refusals.append)
        for text in ("one", "x" * 1000, "three"):
            a.chat(text)
        await until(lambda: bool(refusals))
        assert refusals == ["You are chatting too fast; wait a moment."]
        assert [line.split(": ")[1] for line in a.chat_lines] == ["one", "x" * P.CHAT_LIMIT]
        await first.close()
        await second.close()


async def test_twenty_sessions_on_ten_tables_play_at_once(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        links = [await h.link(f"SHA256:p{i}", f"P{i}") for i in range(20)]
        pairs = []
        for i in range(10):
            first = await links[2 * i].create("codename" if i % 2 else "station", 2, seed=i)
            second = await links[2 * i + 1].join(first.code)
            pairs.append([first, second])
        await asyncio.gather(*(play(pair, 8, seed=n) for n, pair in enumerate(pairs)))
        assert len(h.host.tables) == 10 and h.host.session_count() == 20
        for pair in pairs:
            match = h.host.tables[pair[0].code].match
            assert match is not None and all(t.step == len(match) >= 8 for t in pair)
        for link in links:
            await link.close()


async def test_the_log_names_events_but_never_chat_content(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="chimera")
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 2, bots=(None, "greedy"))
        a.chat("my secret plan")
        await until(lambda: bool(a.chat_lines))
        await alice.close()
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "created table" in text and "chat line" in text
    assert "secret" not in text


async def test_a_refusal_of_the_host_reaches_the_table_and_its_screens(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 2, bots=(None, "greedy"), seed=1)
        await until(lambda: a.started and a.to_act() == 0 and bool(a.legal_actions()))
        refusals: list[str] = []
        changes: list[int] = []
        a.on_refusal(refusals.append)
        a.subscribe(lambda: changes.append(a.step))
        alice.send(P.Act(notation="no such action"))
        await until(lambda: bool(refusals))
        assert changes  # the screens were told to read the table again
        assert a.legal_actions()
        await alice.close()


async def test_a_private_table_is_unlisted_but_joinable_and_watchable_by_code(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        carol = await h.link("SHA256:carol", "Carol")
        hidden = await alice.create("station", 2, seed=5, private=True)
        shown = await carol.create("codename", 2, seed=6)
        assert hidden.private and not shown.private
        assert [t.code for t in await bob.list_tables()] == [shown.code]
        mine = await alice.list_tables()
        assert [(t.code, t.private) for t in mine] == [(hidden.code, True), (shown.code, False)]
        b = await bob.join(hidden.code)
        await until(lambda: b.started and hidden.started)
        assert (await bob.list_tables())[0].code == hidden.code  # a seat of yours is listed
        c = await carol.watch(hidden.code)
        assert c.seat is None
        for link in (alice, bob, carol):
            await link.close()


async def test_everyone_at_the_table_hears_how_long_the_seat_to_act_has_thought(tmp_path: Path) -> None:
    now = [1000.0]
    async with hosted(tmp_path, clock=lambda: now[0]) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=5)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        actor = a.to_act()
        assert actor is not None
        now[0] += 75.0  # the seat to act thinks; then someone chats, and the update says for how long
        b.chat("hello")
        await until(lambda: a.chat_lines == ("Bob: hello",) and b.chat_lines == ("Bob: hello",))
        assert a.thinking() >= 75.0 and b.thinking() >= 75.0
        mover = a if actor == 0 else b
        step = mover.step
        assert mover.submit(mover.legal_actions()[0]) is None
        await until(lambda: a.step > step and b.step > step)
        if a.to_act() != actor:  # the turn passed: its clock starts again
            assert a.thinking() < 75.0 and b.thinking() < 75.0
        await alice.close()
        await bob.close()


async def test_updates_carry_only_the_log_lines_a_session_lacks(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        bob = await h.link("SHA256:bob", "Bob")
        a = await alice.create("station", 2, seed=5)
        b = await bob.join(a.code)
        await until(lambda: a.started and b.started)
        sent: list[P.Update] = []
        receive = a.receive

        def spy(update: P.Update) -> None:
            sent.append(update)
            receive(update)

        a.receive = spy  # type: ignore[method-assign]
        await play([a, b], 8)
        table = h.host.tables[a.code]
        assert table.match is not None
        whole = tuple(text for _, text in table.match.texts_for(a.seat))
        assert a.log() == whole and len(whole) >= 8
        assert any(update.log_from > 0 for update in sent)
        assert sum(len(update.log) for update in sent) <= len(whole)  # no line was sent twice
        late = await h.link("SHA256:carol", "Carol")  # a new session gets the whole log at once
        c = await late.watch(a.code)
        assert c.log() == tuple(text for _, text in table.match.texts_for(None))
        for link in (alice, bob, late):
            await link.close()


async def test_a_screen_failing_on_the_hosts_news_costs_no_connection(tmp_path: Path) -> None:
    async with hosted(tmp_path) as h:
        alice = await h.link("SHA256:alice", "Alice")
        failures: list[Exception] = []
        alice.on_error(failures.append)
        a = await alice.create("station", 2, bots=(None, "random"), seed=3)

        def broken() -> None:
            raise RuntimeError("a screen's bug")

        a.subscribe(broken)
        await play([a], 3)  # the news keeps coming
        assert failures and all(str(f) == "a screen's bug" for f in failures)
        assert not alice.closed.is_set()
        await alice.close()

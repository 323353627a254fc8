"""The save envelope's round trips: encode and decode, load and replay, older and newer writers and rules, any
played match (fuzzed), the seats and their bots."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match
from chimera_tui.saves import (
    FORMAT_VERSION,
    MAGIC,
    SaveError,
    SaveFile,
    decode_save,
    encode_match,
    load,
    read_save,
    restore,
    save_match,
    snapshot,
    state_digest,
)
from chimera_tui.table.base import Seat
from tests.saves.cases import CONFIG, MOVES, NOW, SEED, good_bytes, played, tampered
from tests.tinygame import RULES

# -- round trips -------------------------------------------------------------------------------------------


def test_encode_then_decode_gives_the_same_envelope() -> None:
    match = played()
    expected = SaveFile(
        game="pebbles",
        rules_version=1,
        config=CONFIG,
        seed=SEED,
        log=MOVES,
        players=("Ada", "Brook"),
        round=RULES.round_label(match.state),
        created="2026-11-21T23:50:07+00:00",
        updated="2026-11-21T23:50:07+00:00",
        digest=state_digest(match.state),
    )
    assert snapshot(match, now=NOW) == expected
    assert decode_save(encode_match(match, now=NOW), "x.chimera") == expected
    assert expected.magic == MAGIC and expected.format_version == FORMAT_VERSION == 1


def test_the_envelope_is_a_map_with_the_log_as_an_array_of_notations() -> None:
    raw = msgspec.msgpack.decode(good_bytes())
    assert raw["magic"] == "chimera-tabletop-save"
    assert raw["format_version"] == 1
    assert raw["log"] == list(MOVES)
    assert raw["players"] == ["Ada", "Brook"]
    assert isinstance(raw["digest"], bytes) and len(raw["digest"]) == 32


def test_load_replays_to_the_same_state(tmp_path: Path) -> None:
    match = played()
    path = tmp_path / "p.chimera"
    written = save_match(match, path, now=NOW)
    loaded = load(path)
    assert loaded.save == written
    assert loaded.path == path
    assert loaded.rules is RULES
    assert loaded.match.notations == match.notations
    assert loaded.match.state == match.state
    assert state_digest(loaded.match.state) == written.digest
    assert loaded.match.log == match.log  # seats and undo barriers are rebuilt too


def test_a_fresh_match_round_trips(tmp_path: Path) -> None:
    match = Match(RULES, GameConfig(players=3), 1)
    path = tmp_path / "fresh.chimera"
    save_match(match, path, now=NOW)
    loaded = load(path)
    assert loaded.match.state == match.state
    assert loaded.save.log == ()
    assert loaded.save.players == ("Player 1", "Player 2", "Player 3")
    assert loaded.save.round == "9 pebbles left"


def test_a_finished_match_round_trips(tmp_path: Path) -> None:
    match = played(("take 2",) * 6)
    assert RULES.is_over(match.state)
    path = tmp_path / "done.chimera"
    save_match(match, path, now=NOW)
    assert load(path).match.state == match.state


def test_created_is_kept_across_saves_and_updated_moves(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    first = save_match(played(MOVES[:2]), path, now=NOW)
    later = NOW + timedelta(minutes=5)
    second = save_match(load(path).match, path, now=later, created=first.created)
    assert second.created == "2026-11-21T23:50:07+00:00"
    assert second.updated == "2026-11-21T23:55:07+00:00"
    assert read_save(path) == second


def test_timestamps_keep_their_offset_and_naive_times_are_local() -> None:
    tz = timezone(timedelta(hours=-5))
    assert (
        snapshot(played(), now=datetime(2026, 1, 2, 3, 4, 5, tzinfo=tz)).updated
        == "2026-01-02T03:04:05-05:00"
    )
    naive = datetime(2026, 1, 2, 3, 4, 5)
    assert snapshot(played(), now=naive).updated == naive.astimezone().isoformat(timespec="seconds")


def test_an_older_writer_with_fewer_fields_still_loads(tmp_path: Path) -> None:
    """Schema evolution: fields added later have defaults, so a minimal format-1 map loads."""
    match = played()
    minimal = {
        "magic": MAGIC,
        "format_version": 1,
        "game": "pebbles",
        "rules_version": 1,
        "config": {"players": 2, "names": ["Ada", "Brook"], "options": {"heap": "12"}},
        "seed": SEED,
        "log": list(MOVES),
        "digest": state_digest(match.state),
    }
    path = tmp_path / "old.chimera"
    path.write_bytes(msgspec.msgpack.encode(minimal))
    loaded = load(path)
    assert loaded.match.state == match.state
    assert loaded.save.round == "" and loaded.save.created == ""


def test_fields_from_a_later_minor_addition_are_ignored(tmp_path: Path) -> None:
    raw = msgspec.msgpack.decode(good_bytes())
    raw["spectators"] = ["Cy"]
    path = tmp_path / "newer.chimera"
    path.write_bytes(msgspec.msgpack.encode(raw))
    assert load(path).match.state == played().state


def test_older_rules_that_still_replay_the_same_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.chimera"
    save_match(played(), path, now=NOW)
    monkeypatch.setattr(type(RULES), "rules_version", 2)
    assert load(path).match.state == played().state


def test_older_rules_that_replay_differently_are_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.chimera"
    save_match(played(), path, now=NOW)
    monkeypatch.setattr(type(RULES), "rules_version", 2)
    monkeypatch.setattr(type(RULES), "round_label", lambda self, state: "irrelevant")
    original = type(RULES).new_game
    monkeypatch.setattr(
        type(RULES),
        "new_game",
        lambda self, config, seed: msgspec.structs.replace(original(self, config, seed), bonus=(3, 3)),
    )
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.message == (
        f"'{path}' was made with older rules of Pebbles (test game) (rules version 1; this version has 2) "
        "and no longer replays to the position it recorded."
    )


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 3),
    seed=st.integers(-(2**63), 2**64 - 1),
    picks=st.lists(st.integers(0, 2), max_size=14),
)
def test_any_played_match_round_trips(players: int, seed: int, picks: list[int]) -> None:
    match = Match(RULES, GameConfig(players=players), seed)
    for pick in picks:
        legal = RULES.legal_actions(match.state)
        if not legal:
            break
        match.submit(legal[pick % len(legal)])
    data = encode_match(match, now=NOW)
    loaded = restore(decode_save(data, "p.chimera"), "p.chimera")
    assert loaded.match.state == match.state
    assert loaded.match.notations == match.notations
    assert msgspec.msgpack.encode(loaded.save) == data


# -- seats -------------------------------------------------------------------------------------------------


def test_seats_round_trip_with_their_bots(tmp_path: Path) -> None:
    seats = (Seat("Ada"), Seat("Bot 2 (random)", "random"))
    path = tmp_path / "p.chimera"
    written = save_match(played(), path, now=NOW, seats=seats)
    assert written.players == ("Ada", "Bot 2 (random)") and written.bots == (None, "random")
    loaded = load(path)
    assert loaded.seats == seats
    assert loaded.game_id == "pebbles"


def test_without_seats_everyone_is_a_person_named_by_the_config(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    save_match(played(), path, now=NOW)
    assert load(path).seats == (Seat("Ada"), Seat("Brook"))


def test_a_bot_this_build_lacks_becomes_the_strongest_bot(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    path.write_bytes(tampered(bots=["deep-thought", None], players=["", "Brook"]))
    assert load(path).seats == (Seat("Ada", "random"), Seat("Brook"))


def test_a_save_told_in_words_since_corrected_still_loads(tmp_path: Path) -> None:
    """Issue 32 corrected Station's plurals in what an action caused ("now -1 points" → "now -1 point"), words
    the state holds and the digest covers. A save whose last action was told in the old words still matches
    its own record; one whose digest matches neither wording is still refused."""
    from chimera_tui.games.station.told import earlier_events
    from chimera_tui.saves import SaveError
    from tests.golden.transcript import replayed

    full, seats = replayed("station-4p-seed13")
    match = Match.replay(full.rules, full.config, full.seed, full.notations, upto=79)
    said = match.state.events
    assert any("; now -1 point," in e for e in said), "the position tells a score of -1"
    then = msgspec.structs.replace(match.state, events=earlier_events(said))
    assert any("; now -1 points," in e for e in then.events)
    for digest, loads in ((state_digest(then), True), (state_digest(match.state), True), (bytes(32), False)):
        path = tmp_path / f"station-{digest.hex()[:8]}.chimera"
        save_match(match, path, now=NOW, seats=seats)
        raw = msgspec.msgpack.decode(path.read_bytes())
        raw["digest"] = digest
        path.write_bytes(msgspec.msgpack.encode(raw))
        if loads:
            assert load(path).match.state == match.state
        else:
            with pytest.raises(SaveError, match="does not match its own record"):
                load(path)

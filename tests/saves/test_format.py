"""The save envelope: round trips, every bad file, atomic writes, and fuzzing."""

from __future__ import annotations

import errno
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
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
from chimera_tui.saves import files as fmt
from chimera_tui.saves import format as save_format
from chimera_tui.table.base import Seat
from tests.saves.cases import (
    BAD_FILES,
    CONFIG,
    MOVES,
    NOW,
    SEED,
    expected_message,
    good_bytes,
    played,
    tampered,
)
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


# -- bad files ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_bad_file_gives_one_clear_sentence(case: str, tmp_path: Path) -> None:
    build, _ = BAD_FILES[case]
    path = build(tmp_path)
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as caught:
        load(path)
    error = caught.value
    assert error.message == expected_message(case, path)
    assert str(error) == error.message
    assert error.path == path
    assert "\n" not in error.message and error.message.endswith(".")
    # Nothing was overwritten or created.
    assert (path.read_bytes() if path.is_file() else None) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ([path.name] if path.exists() else [])


def test_an_unreadable_file_is_explained(tmp_path: Path) -> None:
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("permissions are not enforced here")
    path = tmp_path / "locked.chimera"
    path.write_bytes(good_bytes())
    path.chmod(0)
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.message == f"'{path}' could not be read: permission denied."


def test_a_huge_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fmt, "MAX_SIZE", 100)
    path = tmp_path / "big.chimera"
    path.write_bytes(good_bytes())
    size = path.stat().st_size
    with pytest.raises(SaveError) as caught:
        load(path)
    assert caught.value.message == f"'{path}' is too large to be a save file ({size:,} bytes)."


def test_deeply_nested_data_is_refused() -> None:
    with pytest.raises(SaveError) as caught:
        decode_save(b"\x91" * 200_000 + b"\x00", "deep.chimera")
    assert (
        caught.value.message
        == "'deep.chimera' is not a Chimera Tabletop save: its data is nested too deeply."
    )


def test_restore_accepts_an_envelope_read_separately(tmp_path: Path) -> None:
    path = tmp_path / "p.chimera"
    save_match(played(), path, now=NOW)
    assert restore(read_save(path), path).match.state == played().state


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_only_save_error(data: bytes) -> None:
    try:
        save = decode_save(data, "fuzz.chimera")
    except SaveError as exc:
        assert "\n" not in exc.message and exc.message.endswith(".")
    else:  # only a real envelope gets through
        assert save.magic == MAGIC


_GOOD = good_bytes()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_GOOD) - 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_corrupted_saves_raise_only_save_error(edits: list[tuple[int, int]]) -> None:
    data = bytearray(_GOOD)
    for index, value in edits:
        data[index] = value
    try:
        loaded = restore(decode_save(bytes(data), "fuzz.chimera"), "fuzz.chimera")
    except SaveError as exc:
        assert "\n" not in exc.message and exc.message.endswith(".")
    else:  # whatever loads is internally consistent
        assert state_digest(loaded.match.state) == loaded.save.digest


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


# -- atomic writes -----------------------------------------------------------------------------------------


@pytest.fixture
def old_save(tmp_path: Path) -> Path:
    path = tmp_path / "game.chimera"
    save_match(played(MOVES[:1]), path, now=NOW)
    return path


def _assert_untouched(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name], "a temporary file was left behind"
    assert load(path).save.log == MOVES[:1]


def test_a_disk_full_mid_write_leaves_the_old_file(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()
    real_write = os.write
    calls = []

    def half_then_full(fd: int, data: bytes | memoryview) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data)[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fmt.os, "write", half_then_full)
    with pytest.raises(SaveError) as caught:
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert len(calls) == 2
    assert caught.value.message == f"Could not save to '{old_save}': the disk is full."
    _assert_untouched(old_save, before)


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_failure_before_the_rename_leaves_the_old_file(
    step: str, old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = old_save.read_bytes()

    def fail(*args: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(fmt.os, step, fail)
    with pytest.raises(SaveError) as caught:
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert caught.value.message == f"Could not save to '{old_save}': input/output error."
    _assert_untouched(old_save, before)


def test_an_interrupt_mid_write_leaves_the_old_file(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(fmt.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    _assert_untouched(old_save, before)


def test_an_encoding_failure_touches_nothing(old_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_save.read_bytes()

    def broken(state: object) -> bytes:
        raise TypeError("Encoding objects of type Widget is unsupported")

    monkeypatch.setattr(save_format, "state_digest", broken)
    with pytest.raises(TypeError):
        save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    _assert_untouched(old_save, before)


def test_a_successful_save_replaces_the_file_and_syncs_file_and_folder(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else False)
        real_fsync(fd)

    monkeypatch.setattr(fmt.os, "fsync", spy)
    save_match(played(), old_save, now=NOW)
    monkeypatch.undo()
    assert load(old_save).save.log == MOVES
    assert [p.name for p in old_save.parent.iterdir()] == [old_save.name]
    assert len(synced) == 2
    if os.path.exists("/proc/self/fd"):
        assert synced == [False, True]  # the file first, then its folder


def test_saving_into_a_missing_folder_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "game.chimera"
    with pytest.raises(SaveError) as caught:
        save_match(played(), path, now=NOW)
    assert caught.value.message == f"Could not save to '{path}': the folder '{path.parent}' does not exist."
    assert not path.parent.exists()


def test_saving_over_a_folder_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "game.chimera"
    path.mkdir()
    with pytest.raises(SaveError) as caught:
        save_match(played(), path, now=NOW)
    assert caught.value.message == f"Could not save to '{path}': it is a folder."
    assert [p.name for p in tmp_path.iterdir()] == ["game.chimera"] and path.is_dir()


def test_a_new_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:  # its seed shows hidden cards
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    mask = os.umask(0o022)
    path = tmp_path / "new.chimera"
    save_match(played(), path, now=NOW)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o600


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


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_bad_file_has_a_short_label_for_the_load_screen(case: str, tmp_path: Path) -> None:
    from chimera_tui.saves import summarize

    path = BAD_FILES[case][0](tmp_path)
    summary = summarize(path, replay=True)
    assert summary.error == expected_message(case, path)
    assert summary.label not in ("", "cannot load")
    assert len(summary.label) <= 14


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

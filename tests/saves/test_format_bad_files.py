"""The save envelope's bad files: every one gives one clear sentence (and a short label for the load screen),
and fuzzing: random or corrupted bytes raise only SaveError."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chimera_tui.saves import (
    MAGIC,
    SaveError,
    decode_save,
    load,
    read_save,
    restore,
    save_match,
    state_digest,
)
from chimera_tui.saves import files as fmt
from tests.saves.cases import BAD_FILES, NOW, expected_message, good_bytes, played

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


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_bad_file_has_a_short_label_for_the_load_screen(case: str, tmp_path: Path) -> None:
    from chimera_tui.saves import summarize

    path = BAD_FILES[case][0](tmp_path)
    summary = summarize(path, replay=True)
    assert summary.error == expected_message(case, path)
    assert summary.label not in ("", "cannot load")
    assert len(summary.label) <= 14

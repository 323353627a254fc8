"""The component data: loads, validates, and matches the rulebook's counts."""

from __future__ import annotations

import msgspec
import pytest

from chimera_tui.games.codename.content import (
    EDITION,
    STITCHINGS,
    ContentError,
    PartsFile,
    TorsosFile,
    _read,
    load,
    validate,
)

C = load()


def test_counts_and_unique_ids():
    assert len(C.parts) == 64 and len(C.torsos) == 8
    assert len(set(C.part_ids) | set(C.torso_ids)) == 72


def test_every_reference_exists():
    for p in C.parts.values():
        assert p.base in STITCHINGS and all(s in STITCHINGS for _, s in p.tips)
        assert not p.ability or p.ability in C.abilities
        assert p.edition == EDITION
    for t in C.torsos.values():
        assert t.tips and all(s in STITCHINGS for _, s in t.tips) and t.edition == EDITION
    used = {p.ability for p in C.parts.values() if p.ability}
    assert used == set(C.abilities), "every ability of the vocabulary is printed on some part"


def test_every_part_can_be_attached_somewhere():
    offered = {s for t in C.torsos.values() for _, s in t.tips} | {
        s for p in C.parts.values() for _, s in p.tips
    }
    assert {p.base for p in C.parts.values()} <= offered


def test_unknown_fields_are_refused():
    raw = _read("torsos.toml").replace(
        b'edition = "tabletop-tui"', b'edition = "tabletop-tui"\ncolour = "red"', 1
    )
    with pytest.raises(msgspec.ValidationError):
        msgspec.toml.decode(raw, type=TorsosFile)


def test_validation_catches_bad_data():
    parts = msgspec.toml.decode(_read("parts.toml"), type=PartsFile)
    torsos = msgspec.toml.decode(_read("torsos.toml"), type=TorsosFile)
    with pytest.raises(ContentError, match="64"):
        validate(msgspec.structs.replace(parts, part=parts.part[:-1]), torsos)
    with pytest.raises(ContentError, match="unique"):
        validate(msgspec.structs.replace(parts, part=(*parts.part[:-1], parts.part[0])), torsos)
    bad = msgspec.structs.replace(parts.part[0], ability="fly")
    with pytest.raises(ContentError, match="ability"):
        validate(msgspec.structs.replace(parts, part=(bad, *parts.part[1:])), torsos)
    with pytest.raises(ContentError, match="8"):
        validate(parts, msgspec.structs.replace(torsos, torso=torsos.torso[:7]))

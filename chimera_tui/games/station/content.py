"""Chimera Station's components, loaded from ``data/*.toml`` into frozen Structs and validated once.

Everything the rules look up by id (modules, tiles, perks, board spaces, starting cards, mats) is here,
with dicts by id so the hot paths never scan lists. `content()` is cached: the files are read and checked
the first time a game is set up.

This module reads the files and puts `Content` together; the parts live by what they are about: the op
vocabulary and the Structs (components.py), the rules the data must keep (validation.py), and the tables
worked out for the fast paths (derived_tables.py).
"""

from __future__ import annotations

import functools

import msgspec

from chimera_tui import games
from chimera_tui.games.station import derived_tables
from chimera_tui.games.station.components import (
    BoardFile,
    CardsFile,
    Content,
    MatsFile,
    ModuleDef,
    ModulesFile,
    PerkDef,
    PerksFile,
    ReactorFile,
)
from chimera_tui.games.station.validation import (
    board_spaces,
    check_cards_and_mats,
    check_counts,
    check_modules,
    check_rewards,
    modules_by_id,
    perks_by_id,
)


def _read(name: str) -> bytes:
    return games.read_data(__package__, name)  # a missing file: games.InstallationIncomplete


def _perk_module(perk: PerkDef) -> ModuleDef:
    return ModuleDef(
        id=perk.id,
        name=perk.name,
        text=perk.text,
        options=perk.options,
        value=0,
        no_displace=True,
        no_recall=perk.no_recall,
        edition=perk.edition,
    )


def load() -> Content:
    """Read and validate every data file (uncached; use `content()`).

    Raises:
        ContentError: naming the first broken rule (duplicate id, wrong count, unknown reference).
    """
    mods = msgspec.toml.decode(_read("modules.toml"), type=ModulesFile)
    perks = msgspec.toml.decode(_read("perks.toml"), type=PerksFile).perk
    board = msgspec.toml.decode(_read("board.toml"), type=BoardFile)
    reactor = msgspec.toml.decode(_read("reactor.toml"), type=ReactorFile)
    cards = msgspec.toml.decode(_read("starting_cards.toml"), type=CardsFile).card
    mats = msgspec.toml.decode(_read("mats.toml"), type=MatsFile)
    check_counts(mods, perks, cards, mats, reactor)
    modules = modules_by_id(
        (*mods.default, *mods.tile, *(_perk_module(p) for p in perks if p.kind == "module"))
    )
    check_modules(modules)
    perk_by_id = perks_by_id(perks)
    space_at, hex_of = board_spaces(board, modules, mods.default)
    check_rewards(reactor, mats, set(modules))
    check_cards_and_mats(cards, mats)
    local = derived_tables.local_modules(modules)
    purse_locals, worker_locals, mixed_locals = derived_tables.local_groups(modules, local)
    return Content(
        defaults=mods.default,
        tiles=mods.tile,
        perks=perks,
        spaces=board.spaces,
        reactor=reactor.spaces,
        boiler=reactor.boiler,
        cards=cards,
        mats=mats.mat,
        track_a=mats.track_a,
        modules=modules,
        perk_by_id=perk_by_id,
        card_by_id={c.id: c for c in cards},
        mat_by_id={m.id: m for m in mats.mat},
        hex_of=hex_of,
        space_at=space_at,
        build_hexes=tuple(h for h, s in space_at.items() if s.kind == "build"),
        hub_hexes=(hex_of["hub-a"], hex_of["hub-b"]),
        neighbours={h: frozenset(x for x in h.neighbours() if x in space_at) for h in space_at},
        simple_options=derived_tables.simple_options(modules),
        local_modules=local,
        printed_open=tuple(m.id for m in mods.default),
        printed_locked=tuple(m.id for m in mods.default if m.id != "hub-b"),
        worker_free=derived_tables.worker_free(modules),
        local_caps=derived_tables.local_caps([modules[mid] for mid in local]),
        tile_cost={t.id: t.cost for t in mods.tile},
        purse_locals=purse_locals,
        worker_locals=worker_locals,
        mixed_locals=mixed_locals,
    )


@functools.cache
def content() -> Content:
    """The validated components (read once per process)."""
    return load()

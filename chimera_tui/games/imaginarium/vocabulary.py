"""The words Imaginarium's data files may use: the resource kinds, machine types and uses, the op and
condition vocabularies (name -> what it does) with the fields each may set, and the provenance marks.
"""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("c", "w", "cu", "cr")
"""Charcoalium, wood, copper, crystal: the order of every per-kind field."""

RESOURCE_NAMES: dict[str, str] = {"c": "charcoalium", "w": "wood", "cu": "copper", "cr": "crystal"}
"""Display name of each kind."""

RESOURCE_VALUE: dict[str, int] = {"c": 1, "w": 1, "cu": 2, "cr": 3}
"""The value scale the design balances starting stocks with (design 17.3)."""

MACHINE_TYPES: dict[str, str] = {
    "P": "production",
    "T": "transformation",
    "A": "attack",
    "D": "defense",
    "S": "special",
}
"""Code letter -> machine type."""

USES: dict[str, frozenset[str]] = {
    "production": frozenset({"auto"}),
    "transformation": frozenset({"optional"}),
    "attack": frozenset({"auto"}),
    "defense": frozenset({"passive"}),
    "special": frozenset({"optional", "passive"}),
}
"""How each machine type may be used in B1: automatically, by the owner's choice, or never (always on)."""

THREATS: dict[str, str] = {
    "c": "charcoalium theft",
    "resource": "resource theft (wood, copper, crystal)",
    "tangle": "the Tanglette (its owner only)",
    "fragment": "fragment theft",
    "nightmare": "nightmares laid in your dream",
}
"""What a defense machine can guard against (the `protect` op's ``threats``)."""

PAIR_GAINS: dict[str, str] = {
    "extra_unit": "the pair makes {n} extra unit of what the lower-level machine makes",
    "extra_use": "it may be used {times} more per turn",
    "extra_theft": "each theft takes {n} more unit",
    "more_fragments": "it adds up to {n} fragments of different colours per turn",
}
"""What a card gains by sharing a slot (design 6.4); ``{n}`` is the PairGain's n, ``{times}`` it in words."""

PARTNERS: dict[str, str] = {
    "any": "any compatible machine",
    "production": "another production machine",
    "same": "a card of the same code",
}
"""Which partner a pair gain needs."""

OPS: dict[str, str] = {
    # machines
    "produce": "In B1, automatically: gain the listed c/w/cu/cr.",
    "pay": "Pay the listed c/w/cu/cr (the first step of a conversion; the use is impossible without them).",
    "pay_any": "Pay n units of one kind chosen from `kinds`.",
    "gain": "Gain the listed c/w/cu/cr/vp.",
    "gain_any": "Gain n units of one kind chosen from `kinds`, other than the kind paid by pay_any.",
    "steal": "In B1, automatically: take n units from each opposing `target` (team or player) unless it is "
    "protected; several `kinds` mean the thief chooses one per target.",
    "steal_fragment": "In B1, automatically: each opposing team holding a fragment and not protected hands one "
    "of its choice over; the owner keeps 1 and discards the rest (the Exhausteur).",
    "tangle": "In B1, automatically: tangle one slot (chosen by the owner) of each opposing player not "
    "protected; tangled machines do nothing until the end of their owner's next B1.",
    "protect": "Passive: block every attack whose threat is in `threats`; a blocked attack pays the defender.",
    "recycle": "Discard one broken machine you hold for as many units as its level, chosen from its repair "
    "cost, plus c charcoalium (not the Dismantle action).",
    "project_vp": "Passive: gain vp each time you complete a project.",
    "dream": "Add up to n fragments of different colours from behind your screen to your dream; they move "
    "your token as a daydream's do.",
    # assistants
    "free_dial": "Choose any 2 different dial actions each turn, not the same pair as last turn.",
    "extraction_bonus": "The Extraction action gives c more charcoalium.",
    "repair_discount": "A repair costs n fewer resource units of your choice (at least 1 is still paid).",
    "buy_discount": "Buying in Transactions costs c less charcoalium per unit.",
    "trade_limit": "Transactions allow n unit trades instead of the usual limit.",
    "dismantle_gain": "Dismantling a machine of state `target` (broken, repaired or any) also gives c, vp and "
    "n units of one kind from `kinds`.",
    "trio_slot": "n of your slots may hold 3 combined machines; the third must combine with both.",
    "price_discount": "The machine you pick up costs c less charcoalium (not below 0).",
    "late_project_vp": "A project someone completed before you scores you vp instead of the later VP.",
    "extractor_bonus": "Taking charcoalium at an extractor gives c more.",
    "start_gain": "At the start of your turn (B0), gain the listed c/w/cu/cr.",
    "extra_slot": "Your workshop has n more slots.",
    "belt_fragment": "At the start of your turn (B0), take the fragment of one belt machine nobody reserved; "
    "it is not replaced.",
    "ignore_nightmare_limit": "After a nightmare you may still place several fragments of different colours.",
    "dismantle_special": "You may dismantle special machines.",
    "dismantle_fragment": "Dismantling a machine of state `target` gives n extra fragments from the top of the "
    "pile.",
    "dismantle_full_cost": "Dismantling a machine of state `target` gives its whole repair cost, whatever its "
    "level.",
}
"""The effect vocabulary: op name -> what it does. Machines and assistants list their effects as ops."""

CONDITIONS: dict[str, str] = {
    "machines": "At least n repaired machines of the types in `kinds` in your workshop (a pair counts 2).",
    "slots_filled": "Every slot your workshop has holds at least one machine.",
    "pairs": "At least n slots each hold a combined pair.",
    "stock": "At least the listed c/w/cu/cr behind your screen (your team's); nothing is spent.",
    "assistants": "At least n assistants.",
    "level_sum": "The levels of your repaired machines add up to n or more.",
    "production_kinds": "Your working production machines make at least n different kinds of c/w/cu/cr.",
    "broken": "At least n broken machines (your team's).",
    "dream_run": "Your dream holds n fragments of the same colour in a row (a nightmare breaks the row).",
    "types_in_slots": "A machine of each type in `kinds`, each in a different slot.",
}
"""The project-condition vocabulary: condition name -> when it holds. All of a project's conditions must."""

AMOUNT_FIELDS = ("c", "w", "cu", "cr", "vp")
OP_FIELDS: dict[str, frozenset[str]] = {
    "produce": frozenset({"c", "w", "cu", "cr"}),
    "pay": frozenset({"c", "w", "cu", "cr"}),
    "pay_any": frozenset({"n", "kinds"}),
    "gain": frozenset({"c", "w", "cu", "cr", "vp"}),
    "gain_any": frozenset({"n", "kinds"}),
    "steal": frozenset({"n", "kinds", "target"}),
    "steal_fragment": frozenset({"target"}),
    "tangle": frozenset({"target"}),
    "protect": frozenset({"threats"}),
    "recycle": frozenset({"c"}),
    "project_vp": frozenset({"vp"}),
    "dream": frozenset({"n"}),
    "free_dial": frozenset(),
    "extraction_bonus": frozenset({"c"}),
    "repair_discount": frozenset({"n"}),
    "buy_discount": frozenset({"c"}),
    "trade_limit": frozenset({"n"}),
    "dismantle_gain": frozenset({"target", "c", "vp", "n", "kinds"}),
    "trio_slot": frozenset({"n"}),
    "price_discount": frozenset({"c"}),
    "late_project_vp": frozenset({"vp"}),
    "extractor_bonus": frozenset({"c"}),
    "start_gain": frozenset({"c", "w", "cu", "cr"}),
    "extra_slot": frozenset({"n"}),
    "belt_fragment": frozenset(),
    "ignore_nightmare_limit": frozenset(),
    "dismantle_special": frozenset(),
    "dismantle_fragment": frozenset({"n", "target"}),
    "dismantle_full_cost": frozenset({"target"}),
    "machines": frozenset({"n", "kinds"}),
    "slots_filled": frozenset(),
    "pairs": frozenset({"n"}),
    "stock": frozenset({"c", "w", "cu", "cr"}),
    "assistants": frozenset({"n"}),
    "level_sum": frozenset({"n"}),
    "production_kinds": frozenset({"n"}),
    "broken": frozenset({"n"}),
    "dream_run": frozenset({"n"}),
    "types_in_slots": frozenset({"kinds"}),
}
"""The fields each op or condition may set; any other field must keep its default."""

OP_TARGETS: dict[str, frozenset[str]] = {
    "steal": frozenset({"team", "player"}),
    "steal_fragment": frozenset({"team"}),
    "tangle": frozenset({"player"}),
    "dismantle_gain": frozenset({"broken", "repaired", "any"}),
    "dismantle_fragment": frozenset({"broken", "repaired", "any"}),
    "dismantle_full_cost": frozenset({"broken", "repaired", "any"}),
}

PROVENANCES = frozenset({"002", "published", "ours"})
"""Where a value comes from: the Chimera rulebook, a published review, or this edition."""

EDITION = "tabletop-tui"
"""The mark on every data entry holding a number of this edition's own."""

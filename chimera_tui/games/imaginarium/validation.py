"""The rules the components must keep, checked once when the data files are loaded: each raises
`ContentError` naming the first broken rule (duplicate id, wrong count, unknown reference, an op outside the
vocabulary, a number out of range).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec
import msgspec.structs

from chimera_tui.games.imaginarium.components import (
    Assistant,
    Belt,
    Colour,
    ContentError,
    Dream,
    Economy,
    Handyman,
    Machine,
    Op,
    Project,
    Rate,
    Reading,
    Space,
    Teams,
    Workshop,
)
from chimera_tui.games.imaginarium.vocabulary import (
    AMOUNT_FIELDS,
    CONDITIONS,
    EDITION,
    MACHINE_TYPES,
    OP_FIELDS,
    OP_TARGETS,
    OPS,
    PAIR_GAINS,
    PARTNERS,
    PROVENANCES,
    RESOURCES,
    THREATS,
    USES,
)


def check(ok: bool, message: str) -> None:
    if not ok:
        raise ContentError(message)


def check_ops(where: str, ops: Iterable[Op], vocabulary: dict[str, str]) -> None:
    """Every op is in `vocabulary`, sets only its own fields, with known kinds, targets and threats."""
    for op in ops:
        check(op.op in vocabulary, f"{where}: unknown op {op.op!r}")
        allowed = OP_FIELDS[op.op]
        for name in (*AMOUNT_FIELDS, "n"):
            value = getattr(op, name)
            check(value >= 0, f"{where}: {op.op} has a negative {name}")
            check(value == 0 or name in allowed, f"{where}: {op.op} does not take {name}")
        for name in ("kinds", "target", "threats"):
            check(not getattr(op, name) or name in allowed, f"{where}: {op.op} does not take {name}")
        known = frozenset(MACHINE_TYPES.values()) if vocabulary is CONDITIONS else frozenset(RESOURCES)
        check(all(k in known for k in op.kinds), f"{where}: {op.op} names an unknown kind in {op.kinds}")
        check(all(t in THREATS for t in op.threats), f"{where}: unknown threat in {op.threats}")
        if op.op in OP_TARGETS:
            check(
                op.target in OP_TARGETS[op.op],
                f"{where}: {op.op} needs a target in {sorted(OP_TARGETS[op.op])}",
            )
        if "n" in allowed and op.op not in {"dismantle_gain"}:
            check(op.n >= 1, f"{where}: {op.op} needs n >= 1")
        if "kinds" in allowed and op.op not in {"dismantle_gain"}:
            check(bool(op.kinds), f"{where}: {op.op} needs kinds")
        if op.op == "protect":
            check(bool(op.threats), f"{where}: protect needs threats")


def check_provenance(where: str, provenance: dict[str, str], fields: frozenset[str]) -> None:
    for field, source in provenance.items():
        check(field in fields, f"{where}: provenance names an unknown field {field!r}")
        check(source in PROVENANCES, f"{where}: provenance {source!r} is not one of {sorted(PROVENANCES)}")


def check_edition(where: str, edition: str, provenance: dict[str, str], numbers: Iterable[str]) -> None:
    """An entry is marked as this edition's iff one of its numbers (`numbers`) is ours."""
    ours = any(provenance.get(field, "ours") == "ours" for field in numbers)
    if ours:
        check(
            edition == EDITION, f"{where}: holds numbers of ours, so it must be marked edition = {EDITION!r}"
        )
    else:
        check(edition == "", f"{where}: holds only sourced numbers, so it must not be marked as ours")


_MACHINE_FIELDS = frozenset(
    {
        "code",
        "name",
        "type",
        "level",
        "copies",
        "repair",
        "effect",
        "combines_with",
        "no_combination",
        "pair_gain",
    }
)
_MACHINE_NUMBERS = ("level", "copies", "repair", "effect", "combines_with", "pair_gain")
_CODE = re.compile(r"([PTADS])([0-9])\Z")


def check_machines(machines: tuple[Machine, ...]) -> dict[str, Machine]:
    by_code: dict[str, Machine] = {}
    for m in machines:
        check(m.code not in by_code, f"machine code {m.code} is used twice")
        by_code[m.code] = m
    for m in machines:
        where = f"machine {m.code}"
        match = _CODE.match(m.code)
        check(match is not None, f"{where}: a code is a type letter and a digit")
        assert match is not None
        check(
            MACHINE_TYPES[match[1]] == m.type, f"{where}: the letter {match[1]} does not match type {m.type}"
        )
        check(1 <= m.level <= 4, f"{where}: level {m.level} is outside 1-4")
        check(1 <= m.copies <= 7, f"{where}: {m.copies} copies is outside 1-7")
        check(m.repair.c == 0 and m.repair.vp == 0, f"{where}: a repair costs wood, copper and crystal only")
        check(min(m.repair.w, m.repair.cu, m.repair.cr) >= 0, f"{where}: negative repair cost")
        check(m.repair.units == m.level + 1, f"{where}: a repair cost has level + 1 = {m.level + 1} units")
        check(m.use in USES[m.type], f"{where}: a {m.type} machine cannot be used {m.use!r}")
        check((m.use == "optional") == (m.uses >= 1), f"{where}: optional machines, and only they, have uses")
        check(bool(m.ops), f"{where}: no effect")
        check_ops(where, m.ops, OPS)
        for code in m.combines_with:
            check(code in by_code, f"{where}: combines with an unknown code {code}")
            check(not by_code[code].no_combination, f"{where}: lists {code}, which never combines")
        if m.no_combination:
            check(not m.combines_with and m.pair_gain is None, f"{where}: 'no combination' lists partners")
        else:
            check(bool(m.combines_with), f"{where}: lists no partner and is not marked 'no combination'")
        if m.pair_gain is not None:
            check(m.pair_gain.gain in PAIR_GAINS, f"{where}: unknown pair gain {m.pair_gain.gain!r}")
            check(m.pair_gain.partner in PARTNERS, f"{where}: unknown pair partner {m.pair_gain.partner!r}")
            check(m.pair_gain.n >= 1, f"{where}: a pair gain needs n >= 1")
            if m.pair_gain.partner == "same":
                check(m.code in m.combines_with, f"{where}: a same-code pair gain needs {m.code} in its list")
        check_provenance(where, m.provenance, _MACHINE_FIELDS)
        check_edition(where, m.edition, m.provenance, _MACHINE_NUMBERS)
    core = [m for m in machines if not m.expansion]
    chimera = [m for m in machines if m.expansion]
    check(len(core) == 26, f"the core game has 26 machine codes, not {len(core)}")
    check(
        sum(m.copies for m in core) == 61,
        f"the core game has 61 machine cards, not {sum(m.copies for m in core)}",
    )
    for kind, cards, codes in (
        ("production", 29, 9),
        ("transformation", 12, 5),
        ("attack", 10, 6),
        ("defense", 6, 3),
        ("special", 4, 3),
    ):
        of_type = [m for m in core if m.type == kind]
        check(sum(m.copies for m in of_type) == cards, f"the core game has {cards} {kind} cards")
        check(len(of_type) == codes, f"the core game has {codes} {kind} codes")
    expected = {"P0": 5, "A7": 2, "D4": 2, "S4": 5}
    check({m.code: m.copies for m in chimera} == expected, f"Chimera adds exactly {expected}")
    return by_code


def check_dream(dream: Dream) -> dict[str, Space]:
    by_id: dict[str, Space] = {}
    for s in dream.space:
        check(s.id not in by_id, f"dream-track space {s.id} is listed twice")
        by_id[s.id] = s
    check(dream.start in by_id and dream.end in by_id, "the dream track needs its start and End spaces")
    check(not by_id[dream.end].next, "End leads nowhere")
    for s in dream.space:
        check(all(n in by_id for n in s.next), f"space {s.id} leads to an unknown space")
        check(s.id == dream.end or 1 <= len(s.next) <= 2, f"space {s.id} must lead to 1 or 2 spaces")
        check(s.reward is None or s.reward.value + s.reward.vp > 0, f"space {s.id}: an empty reward")
    check(by_id[dream.start].reward is None, "Start holds no reward")
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(sid: str) -> None:
        """Depth-first walk; a space met again while still open means a loop."""
        check(state.get(sid) != 1, f"the dream track loops through {sid}")
        if state.get(sid) == 2:
            return
        state[sid] = 1
        for n in by_id[sid].next:
            visit(n)
        state[sid] = 2
        order.append(sid)

    visit(dream.start)
    check(len(order) == len(by_id), "every dream-track space must be reachable from Start")
    for s in dream.space:
        if len(s.next) == 2:
            first, second = (_reach(by_id, n) for n in s.next)
            joins = [sid for sid in first if sid in second]
            check(bool(joins) and joins[0] != dream.end, f"the fork at {s.id} must join again before End")
    colours = {c.id: c for c in (*dream.colour, dream.nightmare)}
    check(len(colours) == 5 and len(dream.colour) == 4, "four colours and the nightmare, each once")
    check(len({c.letter for c in colours.values()}) == 5, "each fragment kind needs its own letter")
    return by_id


def _reach(by_id: dict[str, Space], start: str) -> list[str]:
    """Spaces reachable from `start` (itself included), nearest first."""
    seen = [start]
    i = 0
    while i < len(seen):
        for n in by_id[seen[i]].next:
            if n not in seen:
                seen.append(n)
        i += 1
    return seen


def check_workshops(
    workshops: tuple[Workshop, ...], machine: dict[str, Machine], starting_machines: int
) -> dict[int, Workshop]:
    """The six workshops and their starting machines; number -> workshop."""
    workshop = {w.number: w for w in workshops}
    check(sorted(workshop) == [1, 2, 3, 4, 5, 6], "workshops are numbered 1 to 6, once each")
    check(
        sorted(w.order for w in workshops) == [1, 2, 3, 4, 5, 6], "first-round orders are 1 to 6, once each"
    )
    check([w.number for w in workshops if w.expansion] == [6], "workshop 6, and only it, comes with Chimera")
    starting: dict[str, int] = {}
    for w in workshops:
        check(w.edition == EDITION, f"workshop {w.number}: its contents are ours and must be marked")
        check(len(w.starting) == starting_machines, f"workshop {w.number}: wrong number of machines")
        check(
            min(w.stock.c, w.stock.w, w.stock.cu, w.stock.cr) >= 0 and w.stock.vp == 0, "bad starting stock"
        )
        for code in w.starting:
            check(code in machine and not machine[code].expansion, f"workshop {w.number}: unknown {code}")
            starting[code] = starting.get(code, 0) + 1
    for code, count in starting.items():
        check(count <= machine[code].copies, f"the workshops need {count} {code}, more than exist")
    return workshop


def check_cards(type_colour: dict[str, str], handymen: tuple[Handyman, ...]) -> None:
    """A card colour for each machine type; the six handymen."""
    check(sorted(type_colour) == sorted(MACHINE_TYPES.values()), "a card colour for each type")
    check(len(handymen) == 6 and len({h.id for h in handymen}) == 6, "six handymen, with unique ids")
    check(len({h.colour for h in handymen}) == 6, "each handyman has a colour of its own")
    check([h.expansion for h in handymen] == [False] * 5 + [True], "five core handymen, then Chimera's")


def check_belt(belt: Belt) -> None:
    """The belt, its extractors and fall-off places."""
    check(belt.places == 7 == len(belt.surcharges), "the belt has 7 places, each with a surcharge")
    check(list(belt.surcharges) == sorted(set(belt.surcharges), reverse=True), "surcharges differ and fall")
    check(min(belt.surcharges) >= 0, "surcharges are not negative")
    check(len({x.id for x in belt.extractor}) == len(belt.extractor) >= 1, "extractor ids are unique")
    for x in belt.extractor:
        check(x.gives >= 1, f"extractor {x.id} must give charcoalium")
        check(
            x.capacity == "any" or (isinstance(x.capacity, int) and x.capacity >= 1),
            f"extractor {x.id}: capacity",
        )
    check(any(x.capacity == "any" for x in belt.extractor), "one extractor must take any number of figures")
    covered = sorted(p for f in belt.fall_off for p in f.players)
    check(covered == [2, 3, 4, 5, 6], "fall-off places are given once for each player count 2-6")
    check(
        all(1 <= p <= belt.places for f in belt.fall_off for p in f.places), "fall-off places are on the belt"
    )
    check(belt.initiative_spaces == 6, "the initiative track has a space for each of 6 figures")
    check(belt.deal_order == "lowest_level_front", f"unknown deal order {belt.deal_order!r}")
    check(all(t in MACHINE_TYPES.values() for t in belt.first_round_redeal), "unknown machine type to redeal")


def check_economy(economy: Economy) -> dict[str, Rate]:
    """The economy and team play; resource kind -> Transactions rate."""
    rate = {r.kind: r for r in economy.rate}
    check(
        sorted(rate) == sorted(("w", "cu", "cr")), "Transactions rates are given for wood, copper and crystal"
    )
    check(all(0 < r.sell < r.buy for r in economy.rate), "selling must pay less than buying")
    actions = ("repair", "transactions", "dismantle", "reorganize", "extraction", "recruit")
    check(sorted(economy.dial.actions) == sorted(actions), "the dial shows the six actions once each")
    check(economy.dial.actions[:3] == actions[:3], "the ring starts Repair, Transactions, Dismantle")
    check(sorted(p.players for p in economy.projects_in_play) == [2, 3, 4, 5, 6], "projects in play by count")
    check(all(1 <= p.count <= 18 for p in economy.projects_in_play), "projects in play are 1 to 18")
    check(economy.project_first_vp == 4 and economy.project_later_vp == 3, "projects score 4, then 3")
    check(economy.vp_target == 20 and economy.team_vp_target == 25, "the VP targets are 20 and 25")
    check(
        1 <= economy.late_projects_from <= economy.round_limit, "late projects start within the round limit"
    )
    check(economy.extraction == 3 and economy.slots == 4, "Extraction gives 3; a workshop has 4 slots")
    check(
        all(c in (*RESOURCES, "machines") for c in economy.bonus_categories)
        and len(economy.bonus_categories) == 5,
        "five end-bonus categories",
    )
    check(economy.tie_break == ("units_left", "shared"), f"unknown tie-breaks {economy.tie_break}")
    check(economy.dismantle_broken == "level", f"unknown broken payout {economy.dismantle_broken!r}")
    economy_fields = frozenset(f.name for f in msgspec.structs.fields(Economy))
    check_provenance("economy.toml", economy.provenance, economy_fields)
    teams = economy.teams
    check_provenance(
        "economy.toml [teams]", teams.provenance, frozenset(f.name for f in msgspec.structs.fields(Teams))
    )
    check(tuple(teams.players) == (4, 6), "team play is for 4 or 6 players")
    for pairs, size in ((teams.pairings_4, 4), (teams.pairings_6, 6)):
        check(sorted(n for pair in pairs for n in pair) == list(range(1, size + 1)), "team pairings")
    check(tuple(economy.modes.core_players) == (2, 3, 4, 5), "the core game is for 2 to 5 players")
    return rate


def check_assistants(assistants: tuple[Assistant, ...]) -> dict[str, Assistant]:
    """The assistants and their effects; id -> assistant."""
    assistant = {a.id: a for a in assistants}
    check(len(assistant) == len(assistants), "assistant ids are unique")
    check(len({a.number for a in assistants}) == len(assistants), "assistant numbers are unique")
    check(sum(not a.expansion for a in assistants) == 13, "the core game has 13 assistants")
    check(sum(a.expansion for a in assistants) == 7, "Chimera adds 7 assistants")
    for a in assistants:
        where = f"assistant {a.id}"
        check(2 <= a.cost <= 6, f"{where}: cost {a.cost} is outside 2-6")
        check(bool(a.ops), f"{where}: no effect")
        check_ops(where, a.ops, OPS)
        check(a.uses >= 0, f"{where}: negative uses")
        check_provenance(where, a.provenance, frozenset({"name", "cost", "effect"}))
        check_edition(where, a.edition, a.provenance, ("cost", "effect"))
    return assistant


def check_projects(projects: tuple[Project, ...]) -> dict[str, Project]:
    """The projects and their conditions; id -> project."""
    project = {p.id: p for p in projects}
    check(len(project) == len(projects), "project ids are unique")
    check(sum(not p.expansion for p in projects) == 14, "the core game has 14 projects")
    check(sum(p.expansion for p in projects) == 4, "Chimera adds 4 projects")
    for p in projects:
        where = f"project {p.id}"
        check(bool(p.conditions), f"{where}: no condition")
        check_ops(where, p.conditions, CONDITIONS)
        check_provenance(where, p.provenance, frozenset({"name", "condition"}))
        check_edition(where, p.edition, p.provenance, ("condition",))
    return project


def check_readings(readings: tuple[Reading, ...], colour: dict[str, Colour]) -> dict[str, bool | int | str]:
    """The rules readings (reading id -> the value in force), and the fragments they count."""
    flags: dict[str, bool | int | str] = {}
    for r in readings:
        check(r.id not in flags, f"reading {r.id} is listed twice")
        check(re.fullmatch(r"[a-z][a-z0-9_]*", r.id) is not None, f"reading {r.id!r}: use snake_case")
        check(bool(r.checklist) and all(c.startswith("IM-") for c in r.checklist), f"reading {r.id}: IDs")
        check(bool(r.text), f"reading {r.id}: no text")
        flags[r.id] = r.value
    fragments = sum(c.count for c in colour.values())
    check(fragments == (56 if flags.get("fragments_56", True) else 48), f"{fragments} fragments in all")
    return flags

"""Pure functions from Chimera Station states (views) to what the widgets show. No Textual here.

Places on screen have string keys: ``hex:q,r`` (a board hex), ``reactor:i`` (a Reactor space), ``lab:a``..
``lab:c`` (Splicing Lab slots), ``lounge``, ``own:<perk>`` (the seat's perk modules) and ``perk:<id>`` (a
perk in the display). `action_places` says which places an action concerns, so the screen can offer, at
each place, exactly the legal actions about it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chimera_tui.engine.hexgrid import Hex, parse_hex
from chimera_tui.games.station import Choose, Flush, Place, State
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.station.words import (
    bonus_text,
    bonus_words,
    hue,
    mark,
    ops_text,
    reward_short,
    short,
    worker_tag,
)

LAB_KEYS = ("lab:a", "lab:b", "lab:c")
PLACE_TASKS = frozenset(
    {"build_tile", "build_hex", "activate", "copy", "perk", "send", "swap", "swap_with", "recall", "flush"}
)
"""Choice kinds answered by pointing at a place (the others are asked in a dialog)."""
# -- where things are -------------------------------------------------------------------------------------


def occupancy(state: State) -> dict[str, tuple[int, int]]:
    """Module or Lab slot -> (seat, worker) of the worker there."""
    occ: dict[str, tuple[int, int]] = {}
    for seat, p in enumerate(state.players):
        for wi, w in enumerate(p.workers):
            if w.where not in ("aside", "pool", "lounge"):
                occ[w.where] = (seat, wi)
    return occ


def module_hexes(state: State) -> dict[str, Hex]:
    """Module id -> hex, for printed modules and built tiles."""
    c = content()
    out = dict(c.hex_of)
    out.update({b.tile: b.hex for b in state.built})
    return out


def place_of_where(state: State, where: str) -> str | None:
    """The place key showing a worker that stands on `where`."""
    if where == "lounge":
        return "lounge"
    if where.startswith("lab-"):
        return "lab:" + where[-1]
    if where in ("pool", "aside"):
        return None
    h = module_hexes(state).get(where)
    if h is not None:
        return f"hex:{h}"
    return f"own:{where}"


def action_places(state: State, action: object) -> tuple[str, ...]:
    """The places on screen that `action` concerns (empty: it is offered in a list only)."""
    if isinstance(action, Flush):
        return ()  # offered by the f key and on every Reactor space, but not lit: it is not a placement
    if isinstance(action, Place):
        if action.space == "lab":
            return LAB_KEYS
        if action.space == "lounge":
            return ("lounge",)
        key = place_of_where(state, action.space)
        return (key,) if key else ()
    if not isinstance(action, Choose) or not state.tasks:
        return ()
    t, v = state.tasks[-1], action.value
    if t.kind in ("build_tile", "flush"):
        return tuple(f"reactor:{i}" for i, tile in enumerate(state.reactor) if tile and tile == v)
    if t.kind == "build_hex":
        return (f"hex:{v}",)
    if t.kind in ("activate", "copy") and v != "skip":
        key = place_of_where(state, v)
        return (key,) if key else ()
    if t.kind == "perk":
        return (f"perk:{v}",)
    if t.kind in ("send", "swap_with") and "." in v:
        s, w = map(int, v.split("."))
        key = place_of_where(state, state.players[s].workers[w].where)
        return (key,) if key else ()
    if t.kind in ("swap", "recall") and v.startswith("w"):
        key = place_of_where(state, state.players[t.seat].workers[int(v[1:])].where)
        return (key,) if key else ()
    return ()


def is_place_decision(state: State) -> bool:
    """True when the pending decision is answered by pointing at a place (a placement or a place choice)."""
    if not state.tasks:
        return state.phase in (Phase.PLACEMENT, Phase.LAB)
    kind = state.tasks[-1].kind
    return kind == "place" or kind in PLACE_TASKS


# -- the board ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One board hex's text (lines of (text, class) spans) and cell classes, for the hex grid."""

    lines: tuple[tuple[tuple[str, str], ...], ...]
    classes: frozenset[str]


def board_cells(
    state: State, width: int, height: int, legal: frozenset[str], deciding: bool
) -> dict[Hex, Cell]:
    """Every board hex: modules with value and occupant, build spaces with their bonus.

    Args:
        state: The seat's view.
        width: Characters per cell.
        height: Lines per cell (2 or 3).
        legal: Place keys some legal action concerns (highlighted).
        deciding: The viewer has a decision pending: places without a legal action are dimmed.
    """
    c = content()
    built = {b.hex: b for b in state.built}
    occ = occupancy(state)
    out: dict[Hex, Cell] = {}
    for h, space in c.space_at.items():
        key = f"hex:{h}"
        classes: set[str] = set()
        lines: list[tuple[tuple[str, str], ...]] = []
        mid = built[h].tile if h in built else space.module
        if mid:
            m = c.modules[mid]
            who = occ.get(mid)
            if height >= 3 and len(m.name) > width and " " in m.name:  # room for the whole name on two lines
                head, tail = _two_lines(m.name, width)
                lines += [((head, "strong"),), ((tail, "strong"),)]
            else:
                lines.append(((short(m.name, width), "strong"),))
            value = f"{m.value}pt "
            if mid == "hub-b" and state.countdown > 0:
                lines.append((("locked ", "muted"), ("◉" * state.countdown, "strong")))
            elif who is not None:
                s, w = who
                lines.append(
                    (
                        (value, "muted"),
                        (worker_tag(s, state.players[s].workers[w].comps), f"mark-{hue(state, s)}"),
                    )
                )
                classes.add("occupied")
            else:
                lines.append(((value + "·", "muted"),))
            if height >= 3:
                if h in built:
                    b = built[h]
                    lines.append(((f"by {mark(b.builder)} r{b.round}", f"mark-{hue(state, b.builder)}"),))
                elif mid == "hub-a":
                    taken = (f"marker {mark(state.start)}", f"mark-{hue(state, state.start)}")
                    lines.append((taken,) if state.marker_taken else (("marker free", "muted"),))
                elif mid == "hub-b" and state.countdown > 0:
                    lines.append((("until r3", "muted"),))
        elif space.kind == "girder":
            lines = [(("girder", "muted"),), (("═" * width, "muted"),)]
            classes.add("empty")
        else:
            classes.add("empty")
            lines = [(("build", "muted"),), ((short(bonus_text(space.bonus), width), ""),)]
        if key in legal:
            classes.add("legal")
        elif deciding:
            classes.add("dim")
        out[h] = Cell(tuple(lines[:height]), frozenset(classes))
    return out


def _two_lines(name: str, width: int) -> tuple[str, str]:
    """`name` broken at a space into two lines of at most `width` (each shortened only if it must be)."""
    words = name.split()
    best = (name[:width], "")
    for i in range(1, len(words)):
        head, tail = " ".join(words[:i]), " ".join(words[i:])
        if len(head) <= width:
            best = (head, short(tail, width))
    return best


def hex_details(state: State, h: Hex) -> tuple[str, str, str | None]:
    """(title, lines of detail, rules topic) for the hex `h`."""
    c = content()
    space = c.space_at.get(h)
    if space is None:
        return "", "", None
    built = {b.hex: b for b in state.built}
    mid = built[h].tile if h in built else space.module
    if mid:
        m = c.modules[mid]
        who = occupancy(state).get(mid)
        bits = [f"value {m.value}"]
        if h in built:
            b = built[h]
            bits.append(f"built by {state.names[b.builder]} in round {b.round}")
        if mid == "hub-b" and state.countdown > 0:
            bits.append(
                f"locked: {state.countdown} countdown token{'s' * (state.countdown != 1)} (opens in round 3)"
            )
        elif mid == "hub-b":
            bits.append("open since round 3")
        if who is not None:
            s, w = who
            comps = state.players[s].workers[w].comps
            bits.append(f"occupied by {state.names[s]}'s worker {worker_tag(s, comps)}")
        else:
            bits.append("free")
        if m.no_displace:
            bits.append("cannot be displaced")
        return m.name, " · ".join(bits) + "\n" + m.text, f"module-{mid}"
    if space.kind == "girder":
        return "Central girder", "Neither a module nor a build space.", "building"
    return (
        "Build space",
        f"Build bonus: {bonus_words(space.bonus)}.\nModules are built next to the Command Hub or a built module.",
        "build-bonuses",
    )


# -- rows: Reactor, Lab and Lounge, perks -----------------------------------------------------------------


@dataclass(frozen=True)
class PlaceView:
    """One place in a row (a Reactor space, a Lab slot, a perk...): a key, a title and a few lines."""

    key: str
    title: str
    lines: tuple[str, ...] = ()
    classes: frozenset[str] = field(default_factory=frozenset)
    marks: tuple[int, ...] = ()
    """Seats whose workers show here (the widget colours their marks)."""
    topic: str | None = None


def _classes(key: str, legal: frozenset[str], deciding: bool, *extra: str) -> frozenset[str]:
    out = set(extra)
    if key in legal:
        out.add("legal")
    elif deciding:
        out.add("dim")
    return frozenset(out)


def reactor_places(state: State, legal: frozenset[str], deciding: bool) -> tuple[PlaceView, ...]:
    """The six Reactor spaces: module, cost, value, and the reward under each."""
    c = content()
    out = []
    for i, tile in enumerate(state.reactor):
        key = f"reactor:{i}"
        under = reward_short(c.reactor[i])
        if tile:
            m = c.modules[tile]
            lines = (f"cost {m.cost} {m.value}pt", f"under {under}")
            out.append(PlaceView(key, m.name, lines, _classes(key, legal, deciding), topic=f"module-{tile}"))
        else:
            lines = (f"reward {under}", "")
            out.append(
                PlaceView(key, "(empty)", lines, _classes(key, legal, deciding, "empty"), topic="reactor")
            )
    return tuple(out)


def lab_places(
    state: State, seat: int | None, legal: frozenset[str], deciding: bool
) -> tuple[PlaceView, ...]:
    """The Splicing Lab's three slots, the Worker Lounge, and the viewer's perk modules."""
    occ = occupancy(state)
    out = []
    for key, slot in zip(LAB_KEYS, ("lab-a", "lab-b", "lab-c"), strict=True):
        who = occ.get(slot)
        if who is None:
            lines: tuple[str, ...] = ("empty",)
            marks: tuple[int, ...] = ()
        else:
            s, w = who
            lines = (worker_tag(s, state.players[s].workers[w].comps),)
            marks = (s,)
        title = f"Lab {slot[-1].upper()}"
        out.append(PlaceView(key, title, lines, _classes(key, legal, deciding), marks, "splicing-lab"))
    lounge = [
        (s, worker_tag(s, w.comps))
        for s, p in enumerate(state.players)
        for w in p.workers
        if w.where == "lounge"
    ]
    text = " ".join(t for _, t in lounge) or "empty"
    out.append(
        PlaceView(
            "lounge",
            "Worker Lounge",
            (text,),
            _classes("lounge", legal, deciding),
            tuple(sorted({s for s, _ in lounge})),
            "worker-lounge",
        )
    )
    if seat is not None:
        c = content()
        for perk in state.players[seat].perks:
            if perk in c.modules:
                key = f"own:{perk}"
                who = occ.get(perk)
                lines = (
                    (worker_tag(who[0], state.players[who[0]].workers[who[1]].comps),) if who else ("free",)
                )
                marks = (who[0],) if who else ()
                out.append(
                    PlaceView(
                        key,
                        c.modules[perk].name,
                        lines,
                        _classes(key, legal, deciding),
                        marks,
                        f"perk-{perk}",
                    )
                )
    return tuple(out)


def perk_places(state: State, legal: frozenset[str], deciding: bool) -> tuple[PlaceView, ...]:
    """The face-up perks."""
    c = content()
    out = []
    for perk in state.perk_display:
        p = c.perk_by_id[perk]
        key = f"perk:{perk}"
        kind = "module" if p.kind == "module" else "passive"
        out.append(PlaceView(key, p.name, (kind,), _classes(key, legal, deciding), topic=f"perk-{perk}"))
    return tuple(out)


def place_details(state: State, key: str) -> tuple[str, str, str | None]:
    """(title, detail, rules topic) for a row place."""
    c = content()
    if key.startswith("hex:"):
        return hex_details(state, parse_hex(key[4:]))
    if key.startswith("reactor:"):
        i = int(key[8:])
        tile = state.reactor[i]
        under = ops_text(c.reactor[i].ops)
        if tile:
            m = c.modules[tile]
            return (
                f"Reactor space {i + 1}: {m.name}",
                f"cost {m.cost} · value {m.value} · under it: {under}\n{m.text}",
                f"module-{tile}",
            )
        return f"Reactor space {i + 1} (empty)", f"Uncovered reward: {under}.", "reactor"
    if key.startswith("lab:"):
        return (
            "Splicing Lab",
            "Attach or detach components; the worker is placed again in the Lab phase.",
            "splicing-lab",
        )
    if key == "lounge":
        return "Worker Lounge", "Always open: take 1 coin or 1 food.", "worker-lounge"
    if key.startswith(("own:", "perk:")):
        perk = key.split(":", 1)[1]
        p = c.perk_by_id[perk]
        return p.name, f"{'Perk module' if p.kind == 'module' else 'Passive perk'}: {p.text}", f"perk-{perk}"
    return "", "", None

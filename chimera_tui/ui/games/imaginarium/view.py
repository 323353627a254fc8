"""Pure functions from an Imaginarium view to what the screen draws: the belt, the office (meeting room,
projects, initiative), the dream track and the dreams (the workshops are in `workshops.py`). No Textual here.

Places on screen have string keys: ``place:N`` (belt place N), ``x1``, ``x2``, ``meet:<id>`` (an assistant in
the meeting room), ``proj:<id>``, ``slot:S:I`` (seat S's slot I), ``broken:S:J`` (the J-th broken machine
shown in seat S's workshop), ``dial:S:P`` (seat S's dial position P: actions P and P+1), ``act:S:A`` (the
dial's action A), ``helper:S:<id>`` (an assistant of seat S), ``dream:T`` (team T's dream) and
``space:<id>`` (a dream-track space). `action_places` says which places an action concerns, so the screen
offers at each place exactly the legal actions about it.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import ACTIONS, State
from chimera_tui.games.imaginarium.work import tables
from chimera_tui.ui.games.imaginarium.words import (
    TYPE_WORD,
    actor,
    amounts,
    mark,
    short,
    team_mark,
    team_seats,
    turn_seat,
)
from chimera_tui.ui.seats import bare_name
from chimera_tui.ui.widgets.sketch import Canvas, Line, Sketch

PLACE_TASKS = frozenset({"sleep", "tangle", "fork"})
"""Asks answered by pointing at a place (the others are asked in a dialog)."""


# -- which places an action concerns --------------------------------------------------------------------


def action_places(state: State, text: str) -> tuple[str, ...]:
    """The places on screen that the legal action `text` concerns (empty: offered in a list only)."""
    seat = actor(state)
    if seat is None:
        return ()
    words = text.split()
    verb, args = words[0], words[1:]
    team = state.seats[seat].team
    if verb == "place":
        return (f"place:{args[0]}",)
    if verb in ("x1", "x2"):
        return (verb,)
    if verb == "use":
        return (f"slot:{seat}:{args[0].split('.')[0]}",)
    if verb == "smelt":
        return (f"helper:{seat}:smelter",)
    if verb == "dial":
        a, b = (ACTIONS.index(x) for x in args[0].split("+"))
        if (a + 1) % 6 == b:
            return (f"dial:{seat}:{a}",)
        if (b + 1) % 6 == a:
            return (f"dial:{seat}:{b}",)
        return (f"act:{seat}:{a}", f"act:{seat}:{b}")
    broken = _broken_keys(state, team)
    if verb == "repair":
        return (*broken.get(args[0], ()), f"slot:{seat}:{args[1]}", f"act:{seat}:0")
    if verb == "dismantle":
        where = broken.get(args[0], ()) if "." not in args[0] else (f"slot:{seat}:{args[0].split('.')[0]}",)
        return (*where, f"act:{seat}:2")
    if verb in ("buy", "sell"):
        return (f"act:{seat}:1",)
    if verb == "move":
        return (f"slot:{seat}:{args[0].split('.')[0]}", f"slot:{seat}:{args[1]}", f"act:{seat}:3")
    if verb == "wake":
        return (f"dream:{team}", f"act:{seat}:3")
    if verb == "extract":
        return (f"act:{seat}:4",)
    if verb == "recruit":
        return (f"meet:{args[0]}", f"act:{seat}:5")
    if verb == "daydream":
        return (f"act:{seat}:{ACTIONS.index(args[0])}", f"dream:{team}")
    if verb == "sleep":
        return (f"place:{args[0]}",)
    if verb == "tangle" and state.asks:
        from chimera_tui.games.imaginarium.machine_step import opponents
        from chimera_tui.games.imaginarium.work import Working

        victim = opponents(Working(state), seat, False)[state.asks[-1].b]
        return (f"slot:{victim}:{args[0]}",)
    if verb == "fork":
        return (f"space:{args[0]}",)
    if verb == "nightmare" and args[0] != "none":
        return (f"dream:{args[0]}",)
    return ()


def _broken_keys(state: State, team: int) -> dict[str, tuple[str, ...]]:
    """Machine code -> the keys of its broken cards in every workshop of `team`."""
    out: dict[str, list[str]] = {}
    for s in team_seats(state, team):
        for j, code in enumerate(state.teams[team].broken):
            out.setdefault(code, []).append(f"broken:{s}:{j}")
    return {k: tuple(v) for k, v in out.items()}


def is_place_decision(state: State) -> bool:
    """True when the pending decision is answered by pointing at a place (else a dialog asks by itself)."""
    if state.phase == "over":
        return False
    if state.asks:
        return state.asks[-1].kind in PLACE_TASKS
    if state.phase == "b3":
        return state.current in ("", "reorganize")
    return True


def classes(key: str, lit: frozenset[str], deciding: bool) -> frozenset[str]:
    if key in lit:
        return frozenset({"legal"})
    return frozenset({"dim"}) if deciding else frozenset()


# -- the belt -----------------------------------------------------------------------------------------------


def type_class(code: str) -> str:
    """The span class of a machine's code: its type's colour."""
    return f"type-{tables().type[code]}"


def _figure(state: State, seat: int, room: int) -> Line:
    """A seat's figure in `room` columns: its mark and name, the name without its parenthesis where the
    whole one does not fit ("■ Bot 2", not "■ Bot 2 (g")."""
    name = state.names[seat]
    return ((mark(seat), f"mark-{seat}"), (" " + (name if len(name) + 2 <= room else bare_name(name)), ""))


def belt_canvas(state: State, width: int, lit: frozenset[str], deciding: bool) -> Canvas:
    """The 7 places and the 2 extractors: boxes side by side when there is room, else a line each."""
    return _belt_boxes(state, lit, deciding) if width >= 94 else _belt_list(state, width, lit, deciding)


def _price(place: int, code: str) -> int:
    t = tables()
    return t.surcharges[place] + t.level[code]


def _belt_boxes(state: State, lit: frozenset[str], deciding: bool) -> Canvas:
    sk = Sketch()
    t = tables()
    box = 10
    x = 0
    for i, code in enumerate(state.belt):
        key = f"place:{i + 1}"
        head = f"{i + 1}"
        if code:
            m = t.machine[code]
            cost = f"{_price(i, code)} C"
            head = f"{i + 1} L{m.level}".ljust(box - len(cost)) + cost
            sk.put(x, 1, code, type_class(code))
            sk.put(x + 3, 1, TYPE_WORD[m.type], "muted")
            sk.put(x, 2, short(m.name, box), "strong")
            repair = amounts(m.repair)
            sk.put(x, 3, ("fix " + repair if len(repair) <= box - 4 else repair)[:box], "")
            frag = state.belt_frags[i]
            if frag:
                sk.put(x, 4, "frag ", "muted")
                sk.put(x + 5, 4, frag, f"frag-{frag}")
        else:
            sk.put(x, 2, "(empty)", "muted")
        sk.put(x, 0, head.ljust(box), "head")
        who = state.reserved[i]
        if who >= 0:
            sk.spans(x, 5, _figure(state, who, box), box)
        else:
            sk.put(x, 5, "free" if code else "", "muted")
        sk.spot(key, x, 0, box, 6, classes(key, lit, deciding))
        for y in range(6):
            sk.put(x + box, y, "│", "line")
        x += box + 1
    for ext in content().belt.extractor:
        key = ext.id.lower()
        w = 7
        sk.put(x, 0, f"{ext.id} +{ext.gives} C".ljust(w), "head")
        sk.put(x, 1, "extract", "muted")
        sk.put(x, 2, "1 fig." if ext.capacity != "any" else "any no.", "muted")
        seats = ([state.x1] if state.x1 >= 0 else []) if key == "x1" else list(state.x2)
        for n, s in enumerate(seats[:3]):
            sk.spans(x, 3 + n, _figure(state, s, w), w)
        if len(seats) > 3:
            sk.put(x + 4, 5, f"+{len(seats) - 3}", "muted")
        sk.spot(key, x, 0, w, 6, classes(key, lit, deciding))
        if key == "x1":
            for y in range(6):
                sk.put(x + w, y, "│", "line")
        x += w + 1
    return sk.canvas()


def _belt_list(state: State, width: int, lit: frozenset[str], deciding: bool) -> Canvas:
    sk = Sketch()
    t = tables()
    name_w = 14 if width >= 70 else 10
    for i, code in enumerate(state.belt):
        key = f"place:{i + 1}"
        x = sk.put(0, i, f"{i + 1} ", "title")
        if code:
            m = t.machine[code]
            x = sk.put(x, i, code, type_class(code))
            x = sk.put(x + 1, i, short(m.name, name_w).ljust(name_w), "strong")
            if width >= 70:
                x = sk.put(x + 1, i, TYPE_WORD[m.type].ljust(8), "muted")
            x = sk.put(x, i, f"L{m.level} ", "muted")
            x = sk.put(x, i, amounts(m.repair).ljust(9), "")
            frag = state.belt_frags[i]
            x = sk.put(x, i, frag or "·", f"frag-{frag}" if frag else "muted")
            x = sk.put(x + 1, i, f"{_price(i, code):>2} C", "title")
        else:
            x = sk.put(x, i, "(empty)".ljust(name_w + 24), "muted")
        who = state.reserved[i]
        x += 1
        if who >= 0:
            x = sk.spans(x, i, _figure(state, who, max(4, width - x)), max(4, width - x))
        sk.spot(key, 0, i, max(x, min(width, 60)), 1, classes(key, lit, deciding))
    y = len(state.belt)
    for ext in content().belt.extractor:
        key = ext.id.lower()
        x = sk.put(0, y, ext.id + " ", "title")
        room = "one figure" if ext.capacity != "any" else "any number"
        x = sk.put(x, y, f"extractor +{ext.gives} C ({room})".ljust(name_w + 24), "muted")
        seats = ([state.x1] if state.x1 >= 0 else []) if key == "x1" else list(state.x2)
        share = max(4, (width - x) // max(1, len(seats)) - 2)  # a figure's share of what is left of the row
        for s in seats:
            x = sk.spans(x + 1, y, ((mark(s), f"mark-{s}"), (short(state.names[s], share), "")))
        sk.spot(key, 0, y, max(x, min(width, 60)), 1, classes(key, lit, deciding))
        y += 1
    return sk.canvas()


# -- the office: meeting room, projects, initiative ----------------------------------------------------------


def office_canvas(state: State, width: int, lit: frozenset[str], deciding: bool) -> Canvas:
    """The meeting room's assistants, the projects in play with who completed them, the initiative track."""
    c = content()
    sk = Sketch()
    label = 13
    cell = max(18, min(24, (width - label) // 4))
    per_row = max(1, (width - label) // cell)
    y = 0
    sk.put(0, y, "Meeting room", "title")
    for n, aid in enumerate(state.meeting):
        a = c.assistant[aid]
        x = label + (n % per_row) * cell
        y_here = y + n // per_row
        key = f"meet:{aid}"
        end = sk.put(x, y_here, short(a.name, cell - 5), "strong")
        sk.put(end + 1, y_here, f"{a.cost} C", "muted")
        sk.spot(key, x, y_here, cell - 1, 1, classes(key, lit, deciding))
    y += max(1, -(-len(state.meeting) // per_row))
    sk.put(label, y, f"{len(state.helpers)} more in the deck", "muted")
    y += 1
    sk.put(0, y, "Projects", "title")
    for n, pid in enumerate(state.projects):
        p = c.project[pid]
        x = label + (n % per_row) * cell
        y_here = y + n // per_row
        key = f"proj:{pid}"
        done = [i for i, s in enumerate(state.seats) if pid in s.projects]
        end = sk.put(x, y_here, short(p.name, cell - 2 - len(done)), "strong" if not done else "")
        for s in done:
            end = sk.put(end + (1 if s == done[0] else 0), y_here, mark(s), f"mark-{s}")
        sk.spot(key, x, y_here, cell - 1, 1, classes(key, lit, deciding))
    y += max(1, -(-len(state.projects) // per_row))
    sk.put(0, y, "Initiative", "title")
    x = label
    order = state.initiative
    here = turn_seat(state)
    room = max(4, (width - label) // max(1, len(order)) - 4)  # a name's share of the row
    for n, s in enumerate(order):
        x = sk.put(x, y, f"{n + 1}", "muted")
        x = sk.put(x, y, mark(s), f"mark-{s}")
        x = sk.put(x, y, short(state.names[s], room), "strong" if s == here and state.phase == "plan" else "")
        x += 2
    if state.phase in ("b1", "dial", "b3") and state.order:
        y += 1
        sk.put(0, y, "Turn order", "title")
        x = label
        for n, s in enumerate(state.order):
            x = sk.put(x, y, "▶" if n == state.cursor else " ", "strong")
            x = sk.put(x, y, mark(s), f"mark-{s}")
            x = sk.put(
                x,
                y,
                short(state.names[s], max(4, (width - label) // max(1, len(state.order)) - 3)),
                "strong" if n == state.cursor else "muted" if n < state.cursor else "",
            )
            x += 1
    return sk.canvas()


# -- the dream track and the dreams ---------------------------------------------------------------------------


def dreams_canvas(state: State, width: int, lit: frozenset[str], deciding: bool) -> Canvas:
    """Each team's dream: its fragments in order (nightmares marked) and where its token stands."""
    sk = Sketch()
    for team in range(len(state.teams)):
        tm = state.teams[team]
        sym, hue = team_mark(state, team)
        names = " & ".join(state.names[s] for s in team_seats(state, team))
        x = sk.put(0, team, sym, f"mark-{hue}")
        name_w = 22 if width >= 56 else 18 if width >= 50 else 12
        x = sk.put(x + 1, team, short(names, name_w).ljust(name_w), "")
        x = sk.put(x + 1, team, f"{tm.token:<4}", "muted")
        start = x
        for f in tm.dream[-(width - x - 1) :] if len(tm.dream) > width - x - 1 else tm.dream:
            x = sk.put(x, team, f, f"frag-{f}")
        if not tm.dream:
            x = sk.put(x, team, "empty", "muted")
        key = f"dream:{team}"
        sk.spot(key, start, team, max(x - start, 5), 1, classes(key, lit, deciding))
    return sk.canvas()


def track_places(
    state: State, full: bool, lit: frozenset[str], deciding: bool
) -> tuple[list[tuple[str, int, int, tuple[Line, ...], frozenset[str]]], list[tuple[str, str, str]]]:
    """The dream track laid out as a snake of 12 columns: (key, row, col, lines, classes) per space and
    (source, target, route) per link. The long branch of each fork runs along the row, the other below it."""
    c = content()
    t = tables()
    nxt = t.space_next
    long_path = [c.dream.start]
    while nxt.get(long_path[-1]):
        long_path.append(nxt[long_path[-1]][0])
    cols = 12
    pos: dict[str, tuple[int, int]] = {}
    for i, sid in enumerate(long_path):
        band, k = divmod(i, cols)
        pos[sid] = (band * 2, k if band % 2 == 0 else cols - 1 - k)
    for i, sid in enumerate(long_path):
        for alt in nxt.get(sid, ())[1:]:
            k = i + 1
            while alt not in pos and alt not in long_path:
                band, kk = divmod(k, cols)
                pos[alt] = (band * 2 + 1, kk if band % 2 == 0 else cols - 1 - kk)
                alt = nxt[alt][0]
                k += 1
    used_rows = sorted({r for r, _ in pos.values()})
    row_of = {r: n for n, r in enumerate(used_rows)}
    tokens: dict[str, list[int]] = {}
    for team, tm in enumerate(state.teams):
        tokens.setdefault(tm.token, []).append(team)
    spaces = []
    for sid, (r, col) in pos.items():
        key = f"space:{sid}"
        reward = t.space_reward.get(sid)
        if sid == c.dream.start:
            label: tuple[str, str] = ("Go", "muted")
        elif reward is None:
            label = ("·" if sid != c.dream.end else "END", "muted" if sid != c.dream.end else "strong")
        elif sid in state.claimed:
            # Taken by the first token (later ones get 1 C): struck through in the full form, ticked in the
            # compact one, whose wider gaps leave room for the tick.
            label = (amounts(reward), "taken") if full else ("✓" + amounts(reward)[:3], "muted")
        else:
            label = (amounts(reward), "strong")
        if sid == c.dream.end:
            label = ("End", "strong")
        marks = [(team_mark(state, tm)[0], f"mark-{team_mark(state, tm)[1]}") for tm in tokens.get(sid, [])]
        if len(marks) > 4:
            marks = [*marks[:3], ("+", "muted")]
        token_line = tuple(marks)
        if full:
            lines: tuple[Line, ...] = ((label,), token_line)
        else:
            lines = (token_line,) if marks else ((label,),)
        spaces.append((key, row_of[r], col, lines, classes(key, lit, deciding)))
    links = []
    for sid, (r, _) in pos.items():
        for n in nxt.get(sid, ()):
            if n not in pos:
                continue
            r2 = pos[n][0]
            route = "hv" if r % 2 == 1 and r2 != r else "vh"
            links.append((f"space:{sid}", f"space:{n}", route))
    return spaces, links

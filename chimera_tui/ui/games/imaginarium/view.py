"""Pure functions from an Imaginarium view to what the screen draws: the belt, the office (meeting room,
projects, initiative), the workshops with their dials, the dream track and the dreams. No Textual here.

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
    ACTION_SHORT,
    TYPE_WORD,
    actor,
    amounts,
    effect_short,
    frags_line,
    mark,
    short,
    stock_line,
    team_mark,
    team_seats,
    turn_seat,
)
from chimera_tui.ui.widgets.place_canvas import Canvas, Line, Sketch

DIAL_W = 16
"""The dial ring's width in characters."""
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
        from chimera_tui.games.imaginarium.flow import opponents
        from chimera_tui.games.imaginarium.work import W

        victim = opponents(W(state), seat, False)[state.asks[-1].b]
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


def _type_cls(code: str) -> str:
    return f"type-{tables().type[code]}"


def _figure(state: State, seat: int) -> Line:
    return ((mark(seat), f"mark-{seat}"), (" " + state.names[seat], ""))


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
            sk.put(x, 1, code, _type_cls(code))
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
            sk.spans(x, 5, _figure(state, who), box)
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
            sk.spans(x, 3 + n, _figure(state, s), w)
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
            x = sk.put(x, i, code, _type_cls(code))
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
            x = sk.spans(x, i, _figure(state, who), max(4, width - x))
        sk.spot(key, 0, i, max(x, min(width, 60)), 1, classes(key, lit, deciding))
    y = len(state.belt)
    for ext in content().belt.extractor:
        key = ext.id.lower()
        x = sk.put(0, y, ext.id + " ", "title")
        room = "one figure" if ext.capacity != "any" else "any number"
        x = sk.put(x, y, f"extractor +{ext.gives} C ({room})".ljust(name_w + 24), "muted")
        seats = ([state.x1] if state.x1 >= 0 else []) if key == "x1" else list(state.x2)
        for s in seats:
            x = sk.spans(x + 1, y, ((mark(s), f"mark-{s}"), (state.names[s][:8], "")))
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
    for n, s in enumerate(order):
        x = sk.put(x, y, f"{n + 1}", "muted")
        x = sk.put(x, y, mark(s), f"mark-{s}")
        x = sk.put(x, y, state.names[s][:10], "strong" if s == here and state.phase == "plan" else "")
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
                state.names[s][:10],
                "strong" if n == state.cursor else "muted" if n < state.cursor else "",
            )
            x += 1
    return sk.canvas()


# -- workshops -------------------------------------------------------------------------------------------


def dial_marks(state: State, seat: int) -> tuple[tuple[int, int], str, frozenset[int]]:
    """(the pair the seat's dial shows, "active" / "last" / "", actions already done this turn)."""
    pair = state.seats[seat].dial
    if pair[0] < 0:
        return pair, "", frozenset()
    if state.phase == "b3" and turn_seat(state) == seat:
        return pair, "active", frozenset(a for a in pair if a not in state.acts)
    return pair, "last", frozenset()


def _draw_dial(
    sk: Sketch, x: int, y: int, state: State, seat: int, lit: frozenset[str], deciding: bool
) -> None:
    pair, mode, done = dial_marks(state, seat)
    lo, hi = sorted(pair)
    position = -1 if pair[0] < 0 else (lo if hi == lo + 1 else hi)  # the edge from action P to P+1
    names = [ACTION_SHORT[a] for a in ACTIONS]
    spots = {  # action or edge -> (dx, dy, text)
        ("act", 0): (4, 0, names[0]), ("act", 1): (10, 0, names[1]), ("act", 2): (13, 1, names[2]),
        ("act", 3): (10, 2, names[3]), ("act", 4): (4, 2, names[4]), ("act", 5): (1, 1, names[5]),
        ("dial", 0): (7, 0, "───"), ("dial", 1): (13, 0, "─╮"), ("dial", 2): (13, 2, "─╯"),
        ("dial", 3): (7, 2, "───"), ("dial", 4): (2, 2, "╰─"), ("dial", 5): (2, 0, "╭─"),
    }  # fmt: skip
    heavy = {0: "━━━", 1: "━┓", 2: "━┛", 3: "━━━", 4: "┗━", 5: "┏━"}
    barred = {0: "─✗─", 1: "✗╮", 2: "✗╯", 3: "─✗─", 4: "╰✗", 5: "╭✗"}
    for (kind, n), (dx, dy, text) in spots.items():
        key = f"{kind}:{seat}:{n}"
        cls = "line"
        if kind == "act":
            on = mode == "active" and n in pair
            cls = "muted" if n in done else "dial-on" if on else ""
        elif n == position and mode == "active":
            text, cls = heavy[n], "dial-on"
        elif n == position and mode == "last":
            text, cls = barred[n], "forbid"
        sk.put(x + dx, y + dy, text, cls)
        sk.spot(key, x + dx, y + dy, len(text), 1, classes(key, lit, deciding))
    note = {"active": "now", "last": "last"}.get(mode, "")
    if done:
        note = "✓" + "".join(ACTION_SHORT[ACTIONS[a]][0] for a in sorted(done))
    sk.put(x + 5, y + 1, note.center(7), "muted")


def _slot_lines(state: State, seat: int, i: int, width: int) -> list[Line]:
    """A slot as lines: its number and machine, each further machine of a pair (or trio) under it."""
    p = state.seats[seat]
    sl = p.slots[i]
    head: list[tuple[str, str]] = [(f"{i + 1}", "title"), ("≈" if p.tangled[i] else " ", "forbid")]
    if not sl:
        return [(*head, ("·", "muted"))]
    t = tables()
    lines: list[Line] = []
    for n, code in enumerate(sl):
        effect = effect_short(code)
        name_w = max(3, width - 6 - len(effect))
        spans: list[tuple[str, str]] = list(head) if n == 0 else [(" ╰", "line")]
        spans += [(code, _type_cls(code)), (" " + short(t.machine[code].name, name_w), "strong")]
        spans.append((" " + effect, "muted"))
        lines.append(tuple(spans))
    return lines


def _panel(
    sk: Sketch, x: int, y: int, width: int, state: State, seat: int, viewer: int | None,
    lit: frozenset[str], deciding: bool, to_act: int | None,
) -> int:  # fmt: skip
    """One workshop panel at (x, y); returns its height."""
    p = state.seats[seat]
    team = state.teams[p.team]
    mine = viewer is not None and state.seats[viewer].team == p.team
    inner = width - 4
    ring = inner >= 40
    slot_w = inner - (DIAL_W + 1 if ring else 0)
    slots = [_slot_lines(state, seat, i, slot_w) for i in range(len(p.slots))]
    slot_rows = max(sum(len(lines) for lines in slots), 3 if ring else 0)
    broken_lines = _broken_rows(state, p.team, inner)
    height = 2 + 1 + slot_rows + len(broken_lines) + 1
    sk.box(x, y, width, height, "line" if seat != to_act else "accent")
    title: list[tuple[str, str]] = [
        (" ", ""),
        (mark(seat), f"mark-{seat}"),
        (" " + state.names[seat], "strong"),
    ]
    if seat == viewer:
        title.append((" (you)", "muted"))
    title.append((f" · workshop {p.workshop} ", "muted"))
    if state.team_play:
        mates = [state.names[s] for s in team_seats(state, p.team) if s != seat]
        title.append((f"· with {', '.join(mates)} ", "muted"))
    sk.spans(x + 1, y, tuple(title), width - 12)
    if team.vp:
        vp = f" {team.total} VP "
        sk.put(x + width - 1 - len(vp), y, vp, "title")
    cy = y + 1
    whose = "team screen" if state.team_play else "screen"
    if mine and team.stock[0] >= 0:
        end = sk.put(x + 2, cy, stock_line(team.stock), "strong")
        sk.put(end, cy, f" · frag {frags_line(team.frags)}"[: max(0, x + width - 2 - end)], "")
    else:
        sk.put(x + 2, cy, f"{whose}: hidden (resources, VP, fragments)", "muted")
    cy += 1
    sy = cy
    for i, lines in enumerate(slots):
        for n, line in enumerate(lines):
            sk.spans(x + 2, sy + n, line, slot_w)
        key = f"slot:{seat}:{i}"
        sk.spot(key, x + 2, sy, slot_w, len(lines), classes(key, lit, deciding))
        sy += len(lines)
    if ring:
        _draw_dial(sk, x + width - 2 - DIAL_W, cy, state, seat, lit, deciding)
    cy += slot_rows
    sk.put(x + 2, cy, "broken", "muted")
    for row, items in enumerate(broken_lines):
        bx = x + 9
        for j, text in items:
            key = f"broken:{seat}:{j}"
            code = team.broken[j]
            sk.put(bx, cy + row, code, _type_cls(code))
            sk.put(bx + len(code), cy + row, text[len(code) :], "")
            sk.spot(key, bx, cy + row, len(text), 1, classes(key, lit, deciding))
            bx += len(text) + 2
    if not team.broken:
        sk.put(x + 9, cy, "none", "muted")
    cy += len(broken_lines)
    hx = sk.put(x + 2, cy, "helpers", "muted") + 2
    c = content()
    for aid in p.assistants:
        name = c.assistant[aid].name
        key = f"helper:{seat}:{aid}"
        sk.put(hx, cy, name, "")
        sk.spot(key, hx, cy, len(name), 1, classes(key, lit, deciding))
        hx += len(name) + 2
    if not p.assistants:
        hx = sk.put(hx, cy, "none", "muted") + 2
    if not ring:
        _dial_line(sk, hx, cy, x + width - 2, state, seat, lit, deciding)
    return height


def _dial_line(
    sk: Sketch, x: int, y: int, right: int, state: State, seat: int, lit: frozenset[str], deciding: bool
) -> None:
    """A narrow panel's dial: its pair in words (the ring needs 16 columns)."""
    pair, mode, _ = dial_marks(state, seat)
    if mode and x + 12 < right:
        text = f"dial {ACTION_SHORT[ACTIONS[pair[0]]]}+{ACTION_SHORT[ACTIONS[pair[1]]]}" + (
            " now" if mode == "active" else " last"
        )
        sk.put(x, y, text[: right - x], "forbid" if mode == "last" else "dial-on")


def _broken_rows(state: State, team: int, inner: int) -> list[list[tuple[int, str]]]:
    """The team's broken machines as (index, "P2 Planch.") items, wrapped into rows of the panel."""
    t = tables()
    rows: list[list[tuple[int, str]]] = [[]]
    used = 9
    for j, code in enumerate(state.teams[team].broken):
        text = f"{code} {short(t.machine[code].name, 8)}"
        if used + len(text) > inner + 2 and rows[-1]:
            rows.append([])
            used = 9
        rows[-1].append((j, text))
        used += len(text) + 2
    return rows


def workshops_canvas(
    state: State, viewer: int | None, width: int, lit: frozenset[str], deciding: bool, to_act: int | None
) -> Canvas:
    """Every workshop: two panels a row when there is room (team mates side by side), else one a row."""
    sk = Sketch()
    n = len(state.seats)
    order = sorted(range(n), key=lambda s: (state.seats[s].team, s)) if state.team_play else list(range(n))
    per_row = 2 if width >= 90 else 1
    panel_w = (width - (per_row - 1)) // per_row
    y = 0
    for start in range(0, n, per_row):
        row = order[start : start + per_row]
        heights = [
            _panel(sk, k * (panel_w + 1), y, panel_w, state, s, viewer, lit, deciding, to_act)
            for k, s in enumerate(row)
        ]
        y += max(heights)
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
        name_w = 18 if width >= 50 else 12
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
            label = ("✓" + f"{c.economy.track_later_c}C", "muted")
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

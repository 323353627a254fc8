"""Pure functions from an Imaginarium view to the workshops' canvas: a panel per seat with its screen (the
viewer's team only), its slots with pairs shown as pairs, the broken machines, the assistants and the dial as
a ring of six actions (the active pair, last turn's barred position). No Textual here; keys as in `view.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import ACTIONS, State
from chimera_tui.games.imaginarium.work import tables
from chimera_tui.ui.games.imaginarium.view import classes, type_class
from chimera_tui.ui.games.imaginarium.words import (
    ACTION_SHORT,
    effect_short,
    frags_line,
    mark,
    short,
    stock_line,
    team_seats,
    turn_seat,
)
from chimera_tui.ui.seats import bare_name
from chimera_tui.ui.widgets.sketch import Canvas, Line, Sketch

DIAL_W = 16
"""The dial ring's width in characters."""


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
        spans += [(code, type_class(code)), (" " + short(t.machine[code].name, name_w), "strong")]
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
    room = width - 12

    def heading(name: Callable[[str], str]) -> list[tuple[str, str]]:
        title = [(" ", ""), (mark(seat), f"mark-{seat}"), (" " + name(state.names[seat]), "strong")]
        if seat == viewer:
            title.append((" (you)", "muted"))
        if state.team_play:  # the partner first: it says whose screen and broken machines these are
            for mate in (s for s in team_seats(state, p.team) if s != seat):
                title += [
                    (" · with ", "muted"),
                    (mark(mate), f"mark-{mate}"),
                    (" " + name(state.names[mate]), ""),
                ]
        return title

    title = heading(str)
    if sum(len(t) for t, _ in title) > room:  # "Bot 3 (g" was cut mid-name: the names lose their parenthesis
        title = heading(bare_name)
    workshop = f" · workshop {p.workshop} "
    if sum(len(t) for t, _ in title) + len(workshop) <= room:
        title.append((workshop, "muted"))
    sk.spans(x + 1, y, tuple(title), room)
    if team.vp:
        vp = f" {team.total} VP "
        sk.put(x + width - 1 - len(vp), y, vp, "title")
    cy = y + 1
    whose = "team screen" if state.team_play else "screen"
    if mine and team.stock[0] >= 0:
        end = sk.put(x + 2, cy, stock_line(team.stock), "strong")
        if state.chimera:
            sk.put(end, cy, f" · frag {frags_line(team.frags)}"[: max(0, x + width - 2 - end)], "")
    else:
        hidden = "resources, VP, fragments" if state.chimera else "resources, VP"
        sk.put(x + 2, cy, f"{whose}: hidden ({hidden})", "muted")
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
            sk.put(bx, cy + row, code, type_class(code))
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

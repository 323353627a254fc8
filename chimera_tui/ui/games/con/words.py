"""Chimera Con's screen in words: the chimeras, the seat's hand, the piles and the rules topic of an action.

Pure functions from a seat's view to Textual `Content` (never markup: player names are shown as typed).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from chimera_tui.games.con import State
from chimera_tui.games.con.content import STATS, content
from chimera_tui.games.con.state import HIDDEN, STATUS_NAMES
from chimera_tui.games.con.told import words as told_words
from chimera_tui.games.con.wording import card_name
from chimera_tui.games.con.work import supported, totals
from chimera_tui.ui.seats import seat_content

SLOT_NAMES = ("head", "body", "rear")
NB = "\u00a0"
"""A space the wrapping never drops (indents and gaps after a player's name)."""
STEP_NAMES = {"draw": "Draw", "sub": "Substitute", "act": "Action", "discard": "Discard"}
SIZE_MARK = ("", " L", " VL")


def card_cell(code: str, petrified: frozenset[str], unsupported: bool) -> str:
    """One part as a line: name, family, size, its four stats, its actions, and what it loses or lacks."""
    c = content()
    if not code:
        return "(empty)"
    card = c.cards[code]
    stats = "/".join(str(v * 2 if i == 0 and code in petrified else v) for i, v in enumerate(card.stats))
    bits = [f"{card.name} {card.family[:3]}{SIZE_MARK[card.size]} {stats}"]
    if card.actions:
        bits.append(", ".join(a.name for a in card.actions))
    if card.tags:
        bits.append(" ".join(sorted(card.tags)))
    if code in petrified:
        bits.append("PETRIFIED")
    if unsupported:
        bits.append("unsupported: adds no stats")
    return " ".join(bits)


def chimera_block(state: State, seat: int, names: Sequence[str], actor: int | None) -> Content:
    """One seat's chimera: a header with the live totals and statuses, then head, body and rear."""
    parts = state.parts[seat]
    h, m, s, g = totals(parts, state.status[seat], state.petrified)
    mark = f"▶{NB}" if seat == actor else f"{NB}{NB}"
    roles = []
    if state.phase != "build" and seat == state.merchant:
        roles.append(f"Merchant ({state.merchant_turns}/2 turns)")
    if not state.alive[seat]:
        roles.append("ELIMINATED")
    roles += [name for bit, name in STATUS_NAMES if state.status[seat] & bit]
    header = (
        Content(mark)
        + seat_content(seat, names[seat], bold=True)
        + Content(f"{NB}{NB}{state.points[seat]} pt")
    )
    if roles:
        header += Content(f"{NB}{NB}" + " · ".join(roles))
    stats = f"{NB}{NB}· Health {max(0, h - state.damage[seat])}/{h}  Might {m}  Speed {s}  Magic {g}"
    lines = [header, Content(stats)] if any(parts) else [header]
    if not any(parts):
        lines.append(Content(f"{NB}{NB}· (laid face down)" if state.built[seat] else f"{NB}{NB}· (building)"))
    else:
        sup = supported(parts)
        for i, code in enumerate(parts):
            lines.append(
                Content(f"  {'┌├└'[i]} {SLOT_NAMES[i]:<4} {card_cell(code, state.petrified, not sup[i])}")
            )
    held = f"{NB}{NB}· holds {len(state.hands[seat])} creature, {len(state.cheats[seat])} cheat cards"
    lines.append(Content.styled(held, "dim"))
    return Content("\n").join(lines)


def board(state: State, names: Sequence[str], actor: int | None) -> Content:
    """Every chimera, then the turn, the piles and the last dice."""
    blocks = [
        Content.styled(
            "Parts top to bottom: head ┌, body ├, rear └; numbers Health/Might/Speed/Magic; L Large, VL Very Large",
            "dim",
        )
    ]
    blocks += [chimera_block(state, seat, names, actor) for seat in range(len(names))]
    return Content("\n").join(blocks)


def table_lines(state: State, names: Sequence[str], seat: int | None) -> Content:
    """Where the round stands, the seat's own hand, the Market and Discard Piles, and the last roll."""
    lines = []
    if state.phase == "turn":
        lines.append(
            Content(f"Round {state.round} · ")
            + seat_content(state.active, names[state.active])
            + Content(f"{NB}· {STEP_NAMES.get(state.step, state.step)} step")
        )
    elif state.phase == "market":
        lines.append(Content(f"Round {state.round} · Market Phase"))
    elif state.phase == "build":
        lines.append(Content(f"Round {state.round} · building chimeras in private"))
    else:
        lines.append(Content("Game over"))
    if state.asks and state.asks[-1].kind == "cheat":
        who = state.asks[-1].seat
        lines.append(seat_content(who, names[who]) + Content(f"{NB}may play a cheat now; the others wait"))
    if seat is not None:
        hand = [c for c in state.hands[seat] if c != HIDDEN]
        cheats = [c for c in state.cheats[seat] if c != HIDDEN]
        lines.append(Content("Your hand: " + (", ".join(f"{card_name(c)} ({c})" for c in hand) or "none")))
        lines.append(
            Content("Your cheats: " + (", ".join(f"{card_name(c)} ({c})" for c in cheats) or "none"))
        )
    lines.append(Content("Market Pile: " + (", ".join(card_name(c) for c in state.market) or "empty")))
    top = f" (top: {card_name(state.discard[-1])})" if state.discard else ""
    lines.append(Content(f"Discard Pile: {len(state.discard)} cards{top}"))
    if state.roll:
        lines.append(Content.styled(" ".join(told_words(state.roll, names)), "italic"))
    return Content("\n").join(lines)


def preview(state: State, text: str) -> str:
    """What choosing `text` involves, in one line: the card it names and its facts."""
    from chimera_tui.games.con.content import card_line, cheat_line, cheat_text

    c = content()
    for word in text.split()[1:]:
        code = word.partition(".")[0]
        if code in c.cards:
            card = c.cards[code]
            acts = "; ".join(f"{a.name}: {a.kind}" for a in card.actions)
            return f"{card.name}: {card_line(card)}" + (f" · {acts}" if acts else "")
        if code in c.cheats:
            kind = c.cheats[code].kind
            return f"{kind.name}: {cheat_line(kind)} · {cheat_text(kind)}"
    return ""


TOPIC_BY_VERB = {
    "build": "building", "draw": "draw", "stop": "draw", "sub": "substitute", "keep": "substitute",
    "attack": "attacking", "mutate": "mutate", "fly": "airborne", "land": "airborne", "rest": "actions",
    "discard": "discard", "end": "discard", "pass": "cheat-windows", "take": "market-phase",
    "greedy": "getting-greedy", "content": "getting-greedy", "cheat": "cheating", "use": "actions",
}  # fmt: skip


def topic_for(text: str) -> str:
    """The rules topic of an action: the card it names, else its rule area."""
    c = content()
    for word in text.split()[1:]:
        code = word.partition(".")[0]
        if code in c.cards:
            return f"card-{code.lower()}"
        if code in c.cheats:
            return f"cheat-{c.cheats[code].kind.code.lower()}"
    return TOPIC_BY_VERB.get(text.split(" ", 1)[0], "overview")


__all__ = ["STATS", "board", "preview", "table_lines", "topic_for"]

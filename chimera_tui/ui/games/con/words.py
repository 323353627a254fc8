"""Chimera Con's screen in words: the chimeras, the seat's cards and the piles, a choice's preview and its rules
topic.

Pure functions from a seat's view to Textual `Content` (never markup: player names are shown as typed).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from textual.content import Content

from chimera_tui.games.con import State
from chimera_tui.games.con.combat import action_of, family_dice
from chimera_tui.games.con.content import STATS, Card, action_text, card_line, cheat_line, cheat_text, content
from chimera_tui.games.con.state import HIDDEN, STATUS_NAMES
from chimera_tui.games.con.wording import actor
from chimera_tui.games.con.work import Working, armor, supported, totals
from chimera_tui.ui.seats import seat_content

SLOT_NAMES = ("head", "body", "rear")
SLOT_MARKS = "┌├└"
SIZE_MARK = ("", " L", " VL")
LEGEND = (
    "┌ head ├ body └ rear · stats Health/Might/Speed/Magic · L Large, VL Very Large · "
    "cards held: creature+cheat"
)
CHEAT_SHORT = {
    "add_dice": "+{n} {dice} for your side of an attack",
    "drop_highest": "drop the other side's highest die",
    "shield": "−{n} damage when you defend",
    "smoke": "an attack on you misses",
    "heal": "heal {n}",
    "poison": "Poison another chimera",
    "petrify": "Petrify a part of another chimera",
    "ground": "bring a flying chimera down",
    "market": "take a card from the Market Pile",
    "draw": "draw {n} creature cards",
    "swap": "swap a part from your hand, no action",
}
"""What each cheat does, short enough for one line of the cards page."""
WHEN_SHORT = {"turn": "turn start", "roll": "after an attack's dice", "any": "any window"}


def wrapped(text: str, width: int, indent: int) -> list[str]:
    """`text` wrapped to `width`, its later lines indented by `indent` more than its first's own indent."""
    if width < 20 or len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    return textwrap.wrap(
        text.strip(), width, initial_indent=" " * lead, subsequent_indent=" " * (lead + indent)
    ) or [text]


def _stats(card: Card, petrified: bool) -> str:
    return "/".join(str(v * 2 if i == 0 and petrified else v) for i, v in enumerate(card.stats))


def card_cell(code: str, petrified: frozenset[str], unsupported: bool) -> str:
    """One part as a line: name, family, size, its four stats, its actions and tags, and what it loses."""
    if not code:
        return "(empty)"
    card = content().cards[code]
    bits = [f"{card.name} · {card.family[:3]}{SIZE_MARK[card.size]} {_stats(card, code in petrified)}"]
    extras = [a.name for a in card.actions] + sorted(card.tags)
    if extras:
        bits.append(", ".join(extras))
    if code in petrified:
        bits.append("Petrified (Health ×2, its text lost)")
    if unsupported:
        bits.append("unsupported: adds no stats")
    return " · ".join(bits)


def chimera_block(
    state: State, seat: int, names: Sequence[str], actor: int | None, width: int = 0
) -> Content:
    """One seat's chimera: its player, points, roles and statuses; live totals and cards held; head, body and
    rear, each wrapped to `width` (0: no wrapping)."""
    parts = state.parts[seat]
    h, m, s, g = totals(parts, state.status[seat], state.petrified)
    mark = "▶ " if seat == actor else "  "
    roles = [f"{state.points[seat]} pt"]
    if state.phase != "build" and seat == state.merchant:
        roles.append(f"Merchant {state.merchant_turns}/2")
    if not state.alive[seat]:
        roles.append("ELIMINATED")
    roles += [name for bit, name in STATUS_NAMES if state.status[seat] & bit]
    roles.append(f"{len(state.hands[seat])}+{len(state.cheats[seat])} cards")
    said = " · " + " · ".join(roles)
    first, *more = wrapped(mark + names[seat] + said, width, 4)
    if first.startswith(mark + names[seat]):  # (a name longer than the page wraps as it comes)
        said = first[len(mark) + len(names[seat]) :]
    else:
        more = []
    lines = [Content(mark) + seat_content(seat, names[seat], bold=True) + Content(said)]
    lines += [Content(x) for x in more]
    if not any(parts):
        lines.append(Content("    (laid face down)" if state.built[seat] else "    (building)"))
        return Content("\n").join(lines)
    left = max(0, h - state.damage[seat])
    text = f"    Health {left}/{h} · Might {m} · Speed {s} · Magic {g}"
    lines += [Content(x) for x in wrapped(text, width, 2)]
    sup = supported(parts)
    for i, code in enumerate(parts):
        for x in wrapped(f"  {SLOT_MARKS[i]} {card_cell(code, state.petrified, not sup[i])}", width, 2):
            lines.append(Content.styled(x, "dim") if not state.alive[seat] else Content(x))
    return Content("\n").join(lines)


def board(state: State, names: Sequence[str], actor: int | None, width: int = 0) -> Content:
    """Every chimera, with a legend first; lines wrapped to `width` (0: no wrapping)."""
    blocks = [Content.styled("\n".join(wrapped(LEGEND, width, 2)), "dim")]
    blocks += [chimera_block(state, seat, names, actor, width) for seat in range(len(names))]
    return Content("\n").join(blocks)


def _creature_line(code: str) -> str:
    card = content().cards[code]
    acts = ", ".join(a.name for a in card.actions)
    slot = f"{SLOT_NAMES[card.slot]}{SIZE_MARK[card.size]}"
    return f"  {card.name} · {card.family[:3]} {slot} {_stats(card, False)}" + (f" · {acts}" if acts else "")


def _cheat_line(code: str) -> str:
    kind = content().cheats[code].kind
    what = CHEAT_SHORT[kind.effect].format(n=kind.amount, dice="die" if kind.amount == 1 else "dice")
    legal = "legal" if kind.legal else "illegal"
    return f"  {kind.name} ({legal}, {WHEN_SHORT[kind.when]}): {what}"


def card_name(code: str) -> str:
    """A card's name from its code (creature or cheat)."""
    c = content()
    if code in c.cards:
        return c.cards[code].name
    if code in c.cheats:
        return c.cheats[code].kind.name
    return code


def cards_page(state: State, seat: int | None, width: int = 0) -> Content:
    """The seat's own hand and cheats (nobody else's), then the Market and Discard Piles, face up; lines
    wrapped to `width` (0: no wrapping)."""
    lines: list[str] = []
    heads: set[int] = set()

    def head(text: str) -> None:
        heads.add(len(lines))
        lines.append(text)

    if seat is not None:
        hand = [c for c in state.hands[seat] if c != HIDDEN]
        cheats = [c for c in state.cheats[seat] if c != HIDDEN]
        head(f"Your hand · {len(hand)} creature cards")
        for text in [_creature_line(c) for c in hand] or ["  (none)"]:
            lines += wrapped(text, width, 2)
        head(f"Your cheats · {len(cheats)}")
        for text in [_cheat_line(c) for c in cheats] or ["  (none)"]:
            lines += wrapped(text, width, 2)
    else:
        head("Watching: the players' hands are hidden")
    market = state.market
    head(f"Market Pile · {len(market)} face up")
    if market:
        lines += wrapped("  " + ", ".join(card_name(c) for c in market), width, 0)
    discard = state.discard
    head(f"Discard Pile · {len(discard)}")
    if discard:
        more = ", …" if len(discard) > 3 else ""
        newest = ", ".join(card_name(c) for c in reversed(discard[-3:]))
        lines += wrapped(f"  newest first: {newest}{more}", width, 2)
    return Content("\n").join(
        Content.styled(x, "bold") if i in heads else Content(x) for i, x in enumerate(lines)
    )


PLAIN = {
    "pass": "No cheat now; you are asked again at the next window.",
    "pass turn": "No cheat now nor in any window until the next turn starts.",
    "stop": "Draw no more cards this turn.",
    "keep": "Substitute no part this turn.",
    "rest": "Take no action this turn.",
    "end": "Keep the rest of your hand and end the Discard step.",
    "greedy": "Swap your hand (but the card just taken) for the Market Pile; the Magic roll decides who goes first.",
    "content": "Keep your hand as it is.",
    "fly": "Airborne: only Aerial attacks reach you, and you attack only with them; no cheats while flying.",
    "land": "Back on the ground: every attack reaches you again.",
}
"""Previews of the choices that name no card."""


def attack_preview(state: State, text: str) -> str:
    """An attack's odds in dice: each side's stat and dice, the target's Health and armor."""
    words = text.split()
    me = actor(state)
    target = int(words[-1][1:]) - 1 if words[0] == "attack" else int(words[2][1:]) - 1
    code, index = ("", 0) if words[0] == "attack" else (words[1].partition(".")[0], int(words[1][-1]))
    a = action_of(code, index)
    mine = totals(state.parts[me], state.status[me], state.petrified)
    theirs = totals(state.parts[target], state.status[target], state.petrified)
    extra = family_dice(Working(state), me, code) if code and a.kind == "special" else 0
    dice = mine[STATS.index(a.attack)] + extra
    family = f" (+{extra} family)" if extra else ""
    need = f", needs {a.requirement}" if a.requirement else ""
    guard = armor(state.parts[target], state.petrified)
    shield = f", armor {guard}" if guard and "Elemental" not in a.keywords else ""
    back = "; a miss lets them strike back" if a.kind == "standard" and "Aerial" not in a.keywords else ""
    return (
        f"{a.name}: your {a.attack.capitalize()} {_dice(dice)}{family}{need} against "
        f"{state.names[target]}'s {a.defend.capitalize()} {_dice(theirs[STATS.index(a.defend)])}; "
        f"Health {max(0, theirs[0] - state.damage[target])}/{theirs[0]}{shield}{back}."
    )


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def build_preview(text: str) -> str:
    """The chimera ``build H B R`` would lay: its stat totals, the parts that would stand unsupported on a
    smaller part below (they add no stats) and the slot left empty, if any.

    With a slot empty the totals are those of the two parts laid, as the rules count them until the
    missing-part draw (a part over the empty slot counts only once something big enough is drawn under it):
    what the draw adds depends on the hidden deck, and the preview says so. It used to count a part over the
    empty slot as if a Very Large part were sure to come, and claimed "Health 10" for a chimera whose
    Health was 3 until the draw (issue 32)."""
    cards = content().cards
    codes = tuple("" if word == "-" else word.partition(".")[0] for word in text.split()[1:4])
    if len(codes) != 3 or any(code and code not in cards for code in codes):
        return ""
    parts = (codes[0], codes[1], codes[2])
    empty = [i for i, code in enumerate(parts) if not code]
    sup = supported(parts)
    sums = totals(parts, 0, frozenset())
    line = f"Your chimera{' (two parts)' if empty else ''}: " + " · ".join(
        f"{name.capitalize()} {n}" for name, n in zip(STATS, sums, strict=True)
    )
    if not empty:
        lost = [slot for slot, ok in zip(SLOT_NAMES, sup, strict=True) if not ok]
        return line + (f"; {' and '.join(lost)} unsupported (no stats)." if lost else ".")
    gap = empty[0]
    line += f" so far; the {SLOT_NAMES[gap]}, from the missing-part draw, is not known until then"
    largest = max(cards, key=lambda code: cards[code].size)
    best = supported((*parts[:gap], largest, *parts[gap + 1 :]))  # type: ignore[arg-type]
    lost = [slot for slot, code, ok in zip(SLOT_NAMES, parts, best, strict=True) if code and not ok]
    if lost:
        line += f"; {' and '.join(lost)} unsupported (no stats)"
    for code, ok, may in zip(parts, sup, best, strict=True):
        if code and may and not ok:
            needs = ("", "Large or Very Large", "Very Large")[cards[code].size]
            line += f"; {cards[code].name} counts only if the {SLOT_NAMES[gap]} is {needs}"
    return line + "."


def preview(state: State, text: str) -> str:
    """What choosing `text` involves, in a line or two: an attack's dice, else the card it names and its
    facts."""
    if text in PLAIN:
        return PLAIN[text]
    verb = text.split(" ", 1)[0]
    if verb == "attack" or (verb == "use" and len(text.split()) > 2):
        return attack_preview(state, text)
    if verb == "build":
        return build_preview(text)
    c = content()
    for word in text.split()[1:]:
        code = word.partition(".")[0]
        if code in c.cards:
            card = c.cards[code]
            acts = "; ".join(f"{act.name}: {action_text(act)}" for act in card.actions)
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


__all__ = ["STATS", "board", "cards_page", "preview", "topic_for"]

"""Chimera Station's words shared by the log (`describe`), the told events and the screen: components,
effects, bonuses and places, from the content data. No Textual or Rich here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chimera_tui.engine.hexgrid import parse_hex
from chimera_tui.games.station.components import Bonus, Op
from chimera_tui.games.station.content import content

LETTER = {"brain": "B", "claw": "C", "leaf": "L", "tentacle": "T"}


def comps_text(comps: Iterable[str]) -> str:
    """Components as letters (brain B, claw C, leaf L, tentacle T), "·" for none."""
    return "".join(LETTER[c] for c in comps) or "·"


PLURALS = {"leaf": "leaves", "food": "food"}
"""The plurals that are not the word with an s."""


def plural_of(word: str) -> str:
    """`word` in the plural: "claws", "leaves", "food"."""
    return PLURALS.get(word) or f"{word}s"


def plural(n: int, word: str) -> str:
    """`n` and `word`, in the plural unless `n` is 1: "1 coin", "2 leaves", "3 food"."""
    return f"{n} {word if n in (1, -1) else plural_of(word)}"


def gains_text(coins: int = 0, food: int = 0, points: int = 0, suffix: str = "") -> str:
    parts = []
    if coins:
        parts.append(plural(coins, "coin") + suffix)
    if food:
        parts.append(f"{food} food" + suffix)
    if points:
        parts.append(plural(points, "point") + suffix)
    return " and ".join(parts)


def op_text(op: Op) -> str:
    """One effect step in words."""
    k = op.op
    what = "component of your choice" if op.kind == "any" else op.kind
    if k == "gain":
        return "gain " + gains_text(op.coins, op.food, op.points)
    if k == "gain_round":
        return "gain " + gains_text(op.coins, op.food, op.points, " × round")
    if k == "gain_per":
        return "gain " + gains_text(op.coins, op.food, op.points) + f" per {op.per} on the worker"
    if k == "pay":
        return "pay " + gains_text(op.coins, op.food)
    if k == "component":
        if op.kind == "any":
            return f"gain {plural(op.n, 'component')} of your choice"
        return f"gain {plural(op.n, op.kind)}"
    if k == "research":
        return f"advance {op.n} research tier" + ("s" if op.n > 1 else "")
    if k == "build":
        return "build a module" + (f" ({op.coins} coin{'s' * (op.coins != 1)} off)" if op.coins else "")
    return {
        "command": "command (score occupied modules)",
        "marker": "take the start player marker",
        "refill": "Reactor rewards, then refill",
        "recall": "take back a placed worker",
        "detach": f"detach a {what}",
        "discard": f"return a {what}",
        "attach": "attach a component",
        "graft": f"graft a {what}",
        "perk": "take a perk",
        "copy": "copy a module",
        "per_hub": "gain per module next to the Hub",
        "per_color": f"gain per {op.kind} module",
        "beg": "opponents may beg",
        "send": f"send {op.n} worker{'s' * (op.n != 1)} to the Lounge",
        "swap": "swap two workers",
        "place": "place another worker",
        "again": "place this worker again later",
        "wipe": "wipe and refill the Reactor",
        "worker": "gain a worker",
    }.get(k, k)


def ops_text(ops: Sequence[Op]) -> str:
    return ", ".join(op_text(o) for o in ops) or "nothing"


def bonus_words(b: Bonus | None) -> str:
    """A build space's bonus in words."""
    if b is None:
        return "no bonus"
    k = b.kind
    if k == "fixed":
        return "gain " + gains_text(b.coins, b.food, b.points)
    return {
        "coins_round": "gain coins equal to the round number",
        "food_round": "gain food equal to the round number",
        "points_round": "score points equal to the round number",
        "component_any": "gain a component of your choice",
        "component": f"gain a {b.component}",
        "research": "advance one research tier",
        "recall": "take back one of your placed workers",
        "reactor": "gain the uncovered Reactor rewards",
        "activate": "activate a neighbouring module without a worker",
    }.get(k, k)


def where_words(where: str) -> str:
    """Where a worker is, in words."""
    if where == "pool":
        return "your pool"
    if where == "aside":
        return "set aside"
    if where == "lounge":
        return "the Worker Lounge"
    if where.startswith("lab-"):
        return "the Splicing Lab"
    m = content().modules.get(where)
    return m.name if m else where


def space_words(built: Sequence[object], hex_text: str) -> str:
    """A build space in words: what it touches and its bonus ("the space next to Refinery and Laboratory
    (bonus: gain a brain)"), never its coordinates."""
    c = content()
    try:
        h = parse_hex(hex_text)
    except ValueError:
        return "an unknown space"
    at = {hx: mid for mid, hx in c.hex_of.items()}
    for b in built:
        at[b.hex] = b.tile  # type: ignore[attr-defined]
    names = sorted({c.modules[at[n]].name for n in c.neighbours.get(h, ()) if n in at and at[n] in c.modules})
    space = c.space_at.get(h)
    bonus = bonus_words(space.bonus if space else None)
    where = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names) or "nothing built"
    return f"the space next to {where} (bonus: {bonus})"


def worker_words(state: object, seat: int, wi: int, own: bool = True) -> str:
    """A worker in words: "your worker #2 (BC) on Refinery" or "Bob's worker #1 (·) in the Worker Lounge"."""
    p = state.players[seat]  # type: ignore[attr-defined]
    w = p.workers[wi]
    where = where_words(w.where)
    prep = "in" if w.where == "lounge" or w.where.startswith("lab-") or w.where == "pool" else "on"
    if w.where == "pool":
        where = "their pool"
    who = "their" if own else f"{state.names[seat]}'s"  # type: ignore[attr-defined]
    return f"{who} worker #{wi + 1} ({comps_text(w.comps) if w.comps else 'no components'}) {prep} {where}"


def _name(mid: str) -> str:
    c = content()
    item = c.modules.get(mid) or c.perk_by_id.get(mid) or c.card_by_id.get(mid)
    return item.name if item is not None else mid


def choice_said(state: object, t: object, value: str) -> str:
    """What a player did by answering prompt `t` with `value`, as the log says it after their name."""
    c = content()
    kind = getattr(t, "kind", "")
    seat = getattr(t, "seat", 0)
    place = getattr(t, "place", "")
    names = state.names  # type: ignore[attr-defined]
    if kind == "option":
        m = c.modules[place]
        opt = next((o for o in m.options if o.label == value), None)
        return f"uses {m.name} to {ops_text(opt.ops)}" if opt else f"uses {m.name}"
    if kind == "lounge":
        got = {"coin": "1 coin", "food": "1 food", "both": "1 coin and 1 food"}.get(value, value)
        return f"takes {got} in the Worker Lounge"
    if kind == "splice":
        if value == "done":
            return "finishes splicing in the Splicing Lab"
        verb = "attaches a" if value[0] == "+" else "detaches the"
        return f"{verb} {value[1:]} in the Splicing Lab"
    if kind in ("component", "tentacle"):
        return f"takes a {value} from the supply"
    if kind in ("attach", "graft"):
        return f"{'attaches' if kind == 'attach' else 'grafts'} a {value} onto the worker"
    if kind in ("detach", "discard"):
        return f"{'detaches' if kind == 'detach' else 'returns'} a {value} from the worker"
    if kind == "feed_lose" and ":" in value:
        w, k = value[1:].split(":")
        return f"gives back the {k} of {worker_words(state, seat, int(w))} to feed their workers"
    if kind == "draft":
        return f"keeps the starting card {_name(value)}"
    if kind == "perk":
        return f"takes the perk {_name(value)}"
    if kind == "build_tile":
        return f"chooses to build {_name(value)}"
    if kind == "build_hex":
        return f"builds {_name(place)} on {space_words(state.built, value)}"  # type: ignore[attr-defined]
    if kind in ("activate", "copy"):
        if value == "skip":
            return "activates nothing" if kind == "activate" else "copies nothing"
        return f"{'activates' if kind == 'activate' else 'copies'} {_name(value)}"
    if kind == "recall":
        return (
            "takes no worker back"
            if value == "skip"
            else f"takes back {worker_words(state, seat, int(value[1:]))}"
        )
    if kind == "flush":
        return "refills the Reactor" if value == "done" else f"removes {_name(value)} from the Reactor"
    if kind == "flush_offer":
        return (
            "keeps their starting card"
            if value == "pass"
            else "discards their starting card to flush the Reactor"
        )
    if kind == "beg":
        beggar = names[int(place)] if place.isdigit() and int(place) < len(names) else "the beggar"
        if value == "no":
            return f"gives {beggar} nothing"
        return f"gives {beggar} 1 {value} for 1 point"
    if kind == "swap":
        return f"swaps {worker_words(state, seat, int(value[1:]))}"
    if kind in ("send", "swap_with") and "." in value:
        s, wi = map(int, value.split("."))
        target = worker_words(state, s, wi, own=s == seat)
        return f"sends {target} to the Worker Lounge" if kind == "send" else f"swaps it with {target}"
    if value == "skip":
        return "skips"
    return f"chooses {_name(value)}"

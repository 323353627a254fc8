"""Every event told (issue 8 §2): what an action caused, in words, for `State.events`.

The task loop (`flow.advance`) runs each step that needs no decision, and each choice, between `begin` and
`end`: a frame that records, copy on write, the values of each seat just before its first change in the step
(`G.w` notes them), and at the end a sentence per seat that changed, with the reason (the step's module,
research reward, Reactor reward, feeding, build bonus...). A step that changes no seat costs a list append;
the reason is worded only when something is told. Station progress, Reactor refills and the end of a round
tell themselves. Everything told here is public (Station hides only the piles' order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from chimera_tui.games.station.content import COMPONENTS
from chimera_tui.games.station.core import LAB_SLOTS, Frame, G, Why, seat_snap
from chimera_tui.games.station.state import Task

LETTERS = {"brain": "B", "claw": "C", "leaf": "L", "tentacle": "T"}
CAUSE_WORDS = {
    "start": "starting points",
    "module": "module built",
    "command": "command",
    "brain": "brain worker",
    "feeding": "feeding",
    "coins": "coins",
    "food": "food",
    "components": "components",
    "perk": "perk",
    "research": "research",
    "bonus": "build bonus",
    "reactor": "Reactor",
    "supply": "empty supply",
    "effect": "module effect",
}


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 or word == "food" else f"{k} {word}s"


def _pm(k: int) -> str:
    """A signed number with a real minus sign."""
    return f"+{k}" if k >= 0 else f"−{-k}"


def _signed(k: int, word: str) -> str:
    return f"{'+' if k > 0 else '−'}{_n(abs(k), word)}"


def _comps(comps: tuple[str, ...]) -> str:
    return "".join(LETTERS[c] for c in comps) or "no components"


def _where(g: G, where: object) -> str:
    if where == "lounge":
        return "the Worker Lounge"
    if isinstance(where, str) and where.startswith("lab-"):
        return "the Splicing Lab"
    m = g.c.modules.get(str(where))
    return m.name if m else str(where)


WHY_WORDS = {
    "research": "research",
    "bonus": "build bonus",
    "action_end": "tentacle bonus",
    "setup_gains": "starting card",
    "feed": "feeding: 1 food for each worker without a leaf",
    "feed_lose": "feeding: an attached component for each food short",
    "splice": "Splicing Lab",
    "tentacle": "double tentacle bonus",
    "perk": "perk",
    "build_hex": "building",
    "beg": "Beggar's Alley",
    "recall": "recall",
    "detach": "detach",
    "discard": "return",
    "attach": "attach",
    "graft": "graft",
    "activate": "activation",
    "activate_new": "Foundry",
    "end_round": "final scoring",
}
"""The reason words of the other task kinds (the Lounge and a component depend on the task's source)."""


def why_of(g: G, t: Task | None) -> str:
    """The reason a step's changes happened, in a few words."""
    if t is None:
        return ""
    place = t.place
    if t.kind == "op":
        if place == "research":
            return "research reward"
        if place == "reactor":
            return "Reactor rewards"
        m = g.c.modules.get(place)
        return m.name if m else ""
    if t.kind in ("effect", "option", "copy", "send", "swap", "swap_with"):
        m = g.c.modules.get(place)
        return m.name if m else ""
    if t.kind == "lounge":
        return "Worker Lounge" if t.src != "displaced" else "displaced to the Worker Lounge"
    if t.kind == "component":
        return "component" if t.src != "bonus" else "build bonus"
    return WHY_WORDS.get(t.kind, "")


def _tell_frame(g: G, frame: Frame) -> None:
    """One sentence per seat whose resources, score, workers, research or perks changed in `frame`."""
    before, start0 = frame.before, frame.start
    if not before and g.start == start0:
        return
    why: str | None = None
    changed = False
    for seat in sorted(before):
        b = before[seat]
        a = seat_snap(g.players[seat])
        if a == b:
            continue
        changed = True
        parts: list[str] = []
        coins0, food0, score0, pool0, tier0, workers0, perks0, card0 = b
        coins1, food1, score1, pool1, tier1, workers1, perks1, card1 = a
        if coins1 != coins0:
            parts.append(_signed(coins1 - coins0, "coin"))
        if food1 != food0:
            parts.append(_signed(food1 - food0, "food"))
        if pool1 != pool0:
            for kind, x, y in zip(COMPONENTS, pool0, pool1, strict=True):
                if x != y:
                    parts.append(f"{_signed(y - x, kind)} in the pool")
        for i, (w0, w1) in enumerate(zip(workers0, workers1, strict=True) if workers1 != workers0 else ()):
            if w0 == w1:
                continue
            if w0.comps != w1.comps:
                lost = Counter(w0.comps) - Counter(w1.comps)
                got = Counter(w1.comps) - Counter(w0.comps)
                bits = [f"loses its {k}" for k in sorted(lost.elements())]
                bits += [f"gains a {k}" for k in sorted(got.elements())]
                parts.append(f"worker #{i + 1} {' and '.join(bits)} (now {_comps(w1.comps)})")
            if w0.where == "aside" and w1.where == "pool":
                parts.append("a new worker joins the pool")
            elif w1.where == "lounge" and w0.where not in ("pool", "aside", "lounge", *LAB_SLOTS):
                parts.append(
                    f"worker #{i + 1} ({_comps(w1.comps)}) is sent from {_where(g, w0.where)} to the Lounge"
                )
        if tier1 != tier0:
            parts.append(f"research tier {tier0} → {tier1}")
        if perks1 != perks0:
            for perk in perks1:
                if perk not in perks0:
                    parts.append(f"takes the perk {g.c.perk_by_id[perk].name}")
        if card0 and not card1:
            parts.append("discards the starting card")
        if score1 != score0:
            causes: dict[str, int] = {}
            for e in g.scoring[frame.scored :]:
                if e.seat == seat:
                    causes[e.cause] = causes.get(e.cause, 0) + e.points
            said = ", ".join(f"{CAUSE_WORDS.get(c, c)} {_pm(v)}" for c, v in causes.items() if v)
            parts.append(
                _signed(score1 - score0, "point") + (f" ({said})" if said and len(causes) > 1 else "")
            )
        if g.start != start0 and g.start == seat:
            parts.append("takes the start player marker")
        if parts:
            if why is None:
                why = frame.why if isinstance(frame.why, str) else why_of(g, frame.why)
            g.told.append(f"{g.name(seat)}: {', '.join(parts)}" + (f" — {why}" if why else ""))
    if g.start != start0 and not changed:
        why = frame.why if isinstance(frame.why, str) else why_of(g, frame.why)
        g.told.append(f"{g.name(g.start)} takes the start player marker" + (f" — {why}" if why else ""))


def begin(g: G, why: Why) -> None:
    """Start telling what the next step changes, with `why` as the reason.

    Frames nest: an inner one (the Reactor rewards inside a Boiler Room step) first tells what its outer one
    saw so far, then its own changes; the outer one goes on from there, so nothing is told twice.
    """
    stack = g.watching
    if stack:
        _tell_frame(g, stack[-1])
    stack.append(Frame(g.start, len(g.scoring), why))


def end(g: G) -> None:
    """Tell what the innermost frame saw, and close it."""
    stack = g.watching
    _tell_frame(g, stack.pop())
    if stack:
        outer = stack[-1]
        outer.before, outer.start, outer.scored = {}, g.start, len(g.scoring)


@contextmanager
def watch(g: G, why: Why) -> Iterator[None]:
    """`begin` and `end` around a block."""
    begin(g, why)
    try:
        yield
    finally:
        end(g)


def tell(g: G, text: str) -> None:
    """Tell one sentence."""
    g.told.append(text)


def round_summary(g: G) -> None:
    """The end of a round: each seat's points this round by cause, and where it stands."""
    tell(g, f"End of round {g.round}: what each player gained and lost")
    for seat in g.order():
        causes: dict[str, int] = {}
        for e in g.scoring:
            if e.seat == seat and e.round == g.round:
                causes[e.cause] = causes.get(e.cause, 0) + e.points
        gained = ", ".join(f"{CAUSE_WORDS.get(c, c)} {_pm(v)}" for c, v in causes.items() if v)
        total = sum(causes.values())
        p = g.players[seat]
        tell(
            g,
            f"  {g.name(seat)}: {_pm(total)} point{'' if abs(total) == 1 else 's'} this round" + (f" ({gained})" if gained else "")
            + f"; now {p.score} points, {_n(p.coins, 'coin')}, {p.food} food, research tier {p.tier}",
        )  # fmt: skip

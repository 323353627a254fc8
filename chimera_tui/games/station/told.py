"""Every event told (issue 8 §2): what an action caused, in words, for `State.events`.

The task loop (`flow.advance`) runs each step that needs no decision, and each choice, between `begin` and
`end`: a frame that records, copy on write, the values of each seat just before its first change in the step
(`Working.w` notes them), and at the end a sentence per seat that changed, with the reason (the step's module,
research reward, Reactor reward, feeding, build bonus...). A step that changes no seat costs a list append;
the reason is worded only when something is told. Station progress, Reactor refills and the end of a round
tell themselves. Everything told here is public (Station hides only the piles' order).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from operator import attrgetter

from chimera_tui.games.station.actions import Place
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.core import LAB_SLOTS, SeatSnap, Why, Working
from chimera_tui.games.station.state import Task, Worker

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
    return f"{k} {word}" if k == 1 or word == "food" else f"{k} {'leaves' if word == 'leaf' else word + 's'}"


def _pm(k: int) -> str:
    """A signed number with a real minus sign."""
    return f"+{k}" if k >= 0 else f"−{-k}"


def _signed(k: int, word: str) -> str:
    return f"{'+' if k > 0 else '−'}{_n(abs(k), word)}"


_COINS = {k: _signed(k, "coin") for k in range(-40, 41) if k}
_FOOD = {k: _signed(k, "food") for k in range(-40, 41) if k}
_POOL = {(kind, k): f"{_signed(k, kind)} in the pool" for kind in COMPONENTS for k in range(-9, 10) if k}
"""The common phrases, worded once (`_signed` words the rest)."""


def coins_words(k: int) -> str:
    """A change of `k` coins as a frame words it ("" for none)."""
    return (_COINS.get(k) or _signed(k, "coin")) if k else ""


def food_words(k: int) -> str:
    """A change of `k` food as a frame words it ("" for none)."""
    return (_FOOD.get(k) or _signed(k, "food")) if k else ""


def pool_words(kind: str, k: int) -> str:
    """A change of `k` unattached components of `kind` as a frame words it ("" for none)."""
    return (_POOL.get((kind, k)) or f"{_signed(k, kind)} in the pool") if k else ""


_POINTS = {k: _signed(k, "point") for k in range(-40, 41) if k}


def points_words(k: int) -> str:
    """A change of `k` points from one cause as a frame words it ("" for none)."""
    return (_POINTS.get(k) or _signed(k, "point")) if k else ""


def _comps(comps: tuple[str, ...]) -> str:
    return "".join(LETTERS[c] for c in comps) or "no components"


def _where(g: Working, where: object) -> str:
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


def why_of(g: Working, t: Task | Place | None) -> str:
    """The reason a step's changes happened, in a few words."""
    if t is None:
        return ""
    if isinstance(t, Place):  # a placement: the module placed on (nothing for the Lab or the Lounge)
        m = g.c.modules.get(t.space)
        return m.name if m else ""
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


def _tell_frame(g: Working, before: dict[int, SeatSnap], start0: int, scored: int, frame_why: Why) -> None:
    """One sentence per seat whose resources, score, workers, research or perks changed in a frame (`before`:
    the notes of its seats; `start0`, `scored`: the start player and len(scoring) when it opened)."""
    moved = g.start != start0
    if not before:
        if moved:
            _tell_marker(g, frame_why)
        return
    why: str | None = None
    changed = False
    players = g.players
    for seat in sorted(before) if len(before) > 1 else before:
        coins0, food0, pool0, workers0, tier0, perks0, card0, score0 = before[seat]
        p = players[seat]
        coins1, food1, score1, pool1, tier1, workers1, perks1, card1 = (
            p.coins, p.food, p.score, p.pool, p.tier, p.workers, p.perks, p.card
        )  # fmt: skip
        parts: list[str] = []
        if coins1 != coins0:
            parts.append(_COINS.get(coins1 - coins0) or _signed(coins1 - coins0, "coin"))
        if food1 != food0:
            parts.append(_FOOD.get(food1 - food0) or _signed(food1 - food0, "food"))
        if pool1 != pool0:
            for kind, x, y in zip(COMPONENTS, pool0, pool1, strict=True):
                if x != y:
                    parts.append(_POOL.get((kind, y - x)) or f"{_signed(y - x, kind)} in the pool")
        if workers1 is not workers0 and workers1 != workers0:
            _tell_workers(g, workers0, workers1, parts)
        if tier1 != tier0:
            parts.append(f"research tier {tier0} → {tier1}")
        if perks1 != perks0:
            for perk in perks1:
                if perk not in perks0:
                    parts.append(f"takes the perk {g.c.perk_by_id[perk].name}")
        if card0 and not card1:
            parts.append("discards the starting card")
        if score1 != score0:
            parts.append(_score_part(g, scored, seat, score1 - score0))
        if moved and g.start == seat:
            parts.append("takes the start player marker")
        if parts:
            changed = True
            if why is None:
                why = frame_why if isinstance(frame_why, str) else why_of(g, frame_why)
            g.told.append(f"{g.names[seat]}: {', '.join(parts)}" + (f" — {why}" if why else ""))
        elif not changed:  # changed, though nothing was worth a word (a worker moved, a card drafted)?
            changed = workers1 != workers0 or card1 != card0 or perks1 != perks0
    if moved and not changed:
        _tell_marker(g, frame_why)


def tell_seat(g: Working, seat: int, snap: SeatSnap, scored: int, why: str) -> None:
    """What a frame would tell about `seat` alone, for a step that tells itself and changes only that seat (not
    the start player): `snap` is `core.seat_snap` of the seat before the step, `scored` len(scoring) then."""
    coins0, food0, pool0, workers0, tier0, perks0, card0, score0 = snap
    p = g.players[seat]
    parts: list[str] = []
    if p.coins != coins0:
        parts.append(coins_words(p.coins - coins0))
    if p.food != food0:
        parts.append(food_words(p.food - food0))
    if p.pool != pool0:
        for kind, x, y in zip(COMPONENTS, pool0, p.pool, strict=True):
            if x != y:
                parts.append(pool_words(kind, y - x))
    if p.workers is not workers0 and p.workers != workers0:
        _tell_workers(g, workers0, p.workers, parts)
    if p.tier != tier0:
        parts.append(f"research tier {tier0} → {p.tier}")
    if p.perks != perks0:
        for perk in p.perks:
            if perk not in perks0:
                parts.append(f"takes the perk {g.c.perk_by_id[perk].name}")
    if card0 and not p.card:
        parts.append("discards the starting card")
    if p.score != score0:
        parts.append(_score_part(g, scored, seat, p.score - score0))
    if parts:
        g.told.append(f"{g.names[seat]}: {', '.join(parts)}" + (f" — {why}" if why else ""))


def worker_change(i: int, lost: str, got: str, comps: tuple[str, ...]) -> str:
    """How a frame words worker `i` losing the component `lost` or gaining `got` (one of them ""), now
    carrying `comps`."""
    change = f"loses its {lost}" if lost else f"gains a {got}"
    return f"worker #{i + 1} {change} (now {_comps(comps)})"


def _tell_workers(
    g: Working, workers0: tuple[Worker, ...], workers1: tuple[Worker, ...], parts: list[str]
) -> None:
    """What happened to a seat's workers: components gained or lost, a new worker, one sent to the Lounge."""
    for i in range(len(workers1)):
        w0 = workers0[i]
        w1 = workers1[i]
        if w0 is w1 or w0 == w1:
            continue
        comps0, comps1 = w0.comps, w1.comps
        if comps0 != comps1:
            lost = list(comps0)
            got = []
            for k in comps1:
                if k in lost:
                    lost.remove(k)
                else:
                    got.append(k)
            bits = [f"loses its {k}" for k in sorted(lost)] + [f"gains a {k}" for k in sorted(got)]
            parts.append(f"worker #{i + 1} {' and '.join(bits)} (now {_comps(comps1)})")
        was, now = w0.where, w1.where
        if was == "aside" and now == "pool":
            parts.append("a new worker joins the pool")
        elif now == "lounge" and was not in _NOT_SENT:
            parts.append(f"worker #{i + 1} ({_comps(comps1)}) is sent from {_where(g, was)} to the Lounge")


_NOT_SENT = frozenset(("pool", "aside", "lounge", *LAB_SLOTS))
"""Where a worker that goes to the Lounge was not sent from (it was never on a module)."""


def _score_part(g: Working, scored: int, seat: int, points: int) -> str:
    """The points a seat scored since the scoring event `scored`, with their causes when there are several."""
    causes: dict[str, int] = {}
    for e in g.scoring[scored:]:
        if e.seat == seat:
            causes[e.cause] = causes.get(e.cause, 0) + e.points
    if len(causes) == 1:
        return points_words(points) or _signed(points, "point")
    said = ", ".join(f"{CAUSE_WORDS.get(c, c)} {_pm(v)}" for c, v in causes.items() if v)
    return _signed(points, "point") + (f" ({said})" if said else "")


def _tell_marker(g: Working, frame_why: Why) -> None:
    """The start player marker changed hands, and nothing else was told about its new holder."""
    why = frame_why if isinstance(frame_why, str) else why_of(g, frame_why)
    g.told.append(f"{g.names[g.start]} takes the start player marker" + (f" — {why}" if why else ""))


def begin(g: Working, why: Why) -> None:
    """Start telling what the next step changes, with `why` as the reason.

    Frames nest: an inner one (the Reactor rewards inside a Boiler Room step) first tells what its outer one
    saw so far, then its own changes; the outer one goes on from there, so nothing is told twice.
    """
    frames = g.frames
    if frames:
        _tell_frame(g, g.before, *frames[-1])  # type: ignore[arg-type]
    frames.append((g.start, len(g.scoring), why))
    g.before = {}


def end(g: Working) -> None:
    """Tell what the innermost frame saw, and close it."""
    frames = g.frames
    _tell_frame(g, g.before, *frames.pop())  # type: ignore[arg-type]
    if frames:
        frames[-1] = (g.start, len(g.scoring), frames[-1][2])
        g.before = {}
    else:
        g.before = None


def tell(g: Working, text: str) -> None:
    """Tell one sentence."""
    g.told.append(text)


_ROUND_OF = attrgetter("round")
"""A scoring event's round (the key `round_summary` finds the round's first event by)."""

_CAUSE_PM: dict[tuple[str, int], str] = {}
"""(cause, points) -> "cause ±points" as the round summary words it (made once each)."""


def round_summary(g: Working) -> None:
    """The end of a round: each seat's points this round by cause, and where it stands."""
    tell(g, f"End of round {g.round}: what each player gained and lost")
    scoring = g.scoring
    # scoring events are recorded as they happen, so their rounds only go up: this round's are the last ones
    first = bisect_left(scoring, g.round, key=_ROUND_OF)
    by_seat: list[dict[str, int]] = [{} for _ in range(g.n)]
    for e in scoring[first:]:
        causes = by_seat[e.seat]
        causes[e.cause] = causes.get(e.cause, 0) + e.points
    n, lead, names, players = g.n, g.lead, g.names, g.players
    for k in range(n):  # g.order()
        seat = (lead + k) % n
        causes = by_seat[seat]
        said = []
        total = 0
        for item in causes.items():
            v = item[1]
            if v:
                total += v
                words = _CAUSE_PM.get(item)
                if words is None:
                    words = _CAUSE_PM[item] = f"{CAUSE_WORDS.get(item[0], item[0])} {_pm(v)}"
                said.append(words)
        p = players[seat]
        coins = p.coins
        g.told.append(
            f"  {names[seat]}: {_pm(total)} point{'' if total in (1, -1) else 's'} this round"
            + (f" ({', '.join(said)})" if said else "")
            + f"; now {p.score} point{'' if p.score in (1, -1) else 's'}, {coins} coin{'' if coins == 1 else 's'}, "
            + f"{p.food} food, research tier {p.tier}"
        )


_EARLIER = (
    (re.compile(r"(\d) leaves\b"), r"\1 leafs"),
    (re.compile(r"; now (-?1) point,"), r"; now \1 points,"),
)
"""How the events were worded before their plurals were corrected (issue 32): "+2 leafs in the pool", "now 1
points"."""


def earlier_events(events: tuple[str, ...]) -> tuple[str, ...]:
    """`events` in their words before the plurals were corrected: the digest of a save made then covers them
    (`StationRules.earlier_wordings`)."""
    out = []
    for text in events:
        for pattern, then in _EARLIER:
            text = pattern.sub(then, text)
        out.append(text)
    return tuple(out)

"""Chimera Station in words: components, effects, bonuses, the round track, choices, previews, results.

Pure functions over states (views, or the full state for the acting player's own previews). No Textual here.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise

from msgspec.structs import replace

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.station import RULES, Choose, Flush, Place, State
from chimera_tui.games.station.content import COMPONENTS, Bonus, Reward, content
from chimera_tui.games.station.rules import prompt_of
from chimera_tui.games.station.scoring import breakdown, owned_components
from chimera_tui.games.station.state import Phase, Task
from chimera_tui.games.station.wording import (
    LETTER,
    bonus_words,
    comps_text,
    gains_text,
    op_text,
    ops_text,
    plural,
    space_words,
    where_words,
)

__all__ = [
    "LETTER",
    "bonus_words",
    "comps_text",
    "gains_text",
    "op_text",
    "ops_text",
    "plural",
    "where_words",
]

SEAT_MARKS = ("▲", "■", "●", "◆")
"""Each seat's mark: shapes, so a worker's owner reads without colour."""
PHASE_WORDS = {
    Phase.DRAFT: "Setup: starting cards",
    Phase.PLACEMENT: "Placement",
    Phase.LAB: "Splicing Lab",
    Phase.FEEDING: "Feeding",
    Phase.OVER: "Game over",
}
CAUSES = (
    ("start", "Starting points"),
    ("module", "Modules built"),
    ("command", "Command"),
    ("brain", "Brains"),
    ("feeding", "Feeding losses"),
    ("coins", "Coins (3 = 1)"),
    ("food", "Food (2 = 1)"),
    ("components", "Components"),
    ("perk", "Perks"),
    ("research", "Research"),
    ("bonus", "Build bonuses"),
    ("reactor", "Reactor"),
    ("supply", "Empty supply"),
    ("effect", "Module effects"),
)
"""Score causes in the breakdown's order, with their row labels."""


def mark(seat: int) -> str:
    """The seat's shape mark."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def worker_tag(seat: int, comps: Iterable[str]) -> str:
    """A worker as its owner's mark and its components, e.g. ``■BC``."""
    return mark(seat) + comps_text(comps)


SHORT_NAMES = {"Command Hub A": "Cmd Hub A", "Command Hub B": "Cmd Hub B"}


def short(name: str, width: int) -> str:
    """`name` in at most `width` characters, abbreviating words before cutting."""
    name = SHORT_NAMES.get(name, name) if len(name) > width else name
    if len(name) <= width:
        return name
    words = name.split()
    if len(words) == 1:
        return name[: width - 1] + "."
    for keep in (5, 4, 3):
        parts = [w if len(w) <= keep + 1 else w[:keep] + "." for w in words]
        joined = " ".join(parts)
        if len(joined) <= width:
            return joined
        joined = " ".join([*parts[:-1], words[-1]])
        if len(joined) <= width:
            return joined
    return name[: width - 1] + "…"


# -- effects in words -------------------------------------------------------------------------------------


def reward_short(reward: Reward) -> str:
    """A research tier's or Reactor space's reward in a few characters ("perk", "+wkr", "8pt", "1f")."""
    parts = []
    for op in reward.ops:
        if op.op == "gain":
            parts += [f"{op.coins}c"] * bool(op.coins) + [f"{op.food}f"] * bool(op.food)
            parts += [f"{op.points}pt"] * bool(op.points)
        elif op.op == "component":
            parts.append(f"{op.n}{'cmp' if op.kind == 'any' else LETTER[op.kind]}")
        elif op.op == "research":
            parts.append("res")
        elif op.op == "worker":
            parts.append("wkr")
        elif op.op == "perk":
            parts.append("perk")
    return "+".join(parts) or "—"


def bonus_text(b: Bonus | None) -> str:
    """A build space's bonus, short."""
    if b is None:
        return ""
    k = b.kind
    if k == "fixed":
        return "+" + " ".join(
            x
            for x in (
                f"{b.coins}c" * bool(b.coins),
                f"{b.food}f" * bool(b.food),
                f"{b.points}pt" * bool(b.points),
            )
            if x
        )
    return {
        "coins_round": "+c/round",
        "food_round": "+f/round",
        "points_round": "+pt/round",
        "component_any": "+any comp",
        "component": f"+{b.component}",
        "research": "+research",
        "recall": "recall",
        "reactor": "+reactor",
        "activate": "activate",
    }.get(k, k)


def round_track(state: State, compact: bool = False) -> str:
    """Round, phase, start player, build multiplier (and markers left unless `compact`), in one line."""
    if state.phase is Phase.OVER:
        return "Game over"
    if state.phase is Phase.DRAFT:
        return f"Setup · start player {mark(state.start)} {state.names[state.start]}"
    mult = 3 if state.round >= 5 else 2 if state.round >= 3 else 1
    rounds = "" if compact else " " + "".join("●" if r <= state.round else "○" for r in range(1, 6))
    return (
        f"Round {state.round}/5{rounds} · {PHASE_WORDS[state.phase]} · "
        f"start {mark(state.start)} {state.names[state.start]} · build ×{mult}"
    )


# -- dialogs: choices in words, previews ---------------------------------------------------------------------


def choice_words(state: State, action: object) -> str:
    """A legal action in words, from the acting player's point of view."""
    c = content()
    seat = RULES.to_act(state)
    seat = seat if seat is not None else state.turn
    if isinstance(action, Flush):
        return "Discard your starting card to flush the Reactor"
    if isinstance(action, Place):
        comps = state.players[seat].workers[action.worker].comps
        who = f"worker #{action.worker + 1} ({comps_text(comps)})"
        if action.space == "lab":
            return f"Send {who} to the Splicing Lab"
        if action.space == "lounge":
            return f"Send {who} to the Worker Lounge (1 coin or 1 food)"
        m = c.modules[action.space]
        return f"Place {who} on {m.name}: {m.text}"
    if not isinstance(action, Choose):
        return str(action)
    v = action.value
    t: Task | None = state.tasks[-1] if state.tasks else None
    kind = t.kind if t else ""
    if kind == "option" and t is not None:
        m = c.modules[t.place]
        opt = next((o for o in m.options if o.label == v), None)
        return ops_text(opt.ops)[:1].upper() + ops_text(opt.ops)[1:] if opt else v
    if kind == "lounge":
        return {"coin": "Take 1 coin", "food": "Take 1 food", "both": "Take 1 coin and 1 food"}.get(v, v)
    if kind == "splice":
        if v == "done":
            return "Done: leave the worker as it is now"
        name = v[1:]
        return f"Attach a {name} from your pool" if v[0] == "+" else f"Detach the {name} (back to your pool)"
    if kind in ("component", "tentacle", "attach", "graft", "detach", "discard"):
        verb = {"component": "Gain", "tentacle": "Gain", "attach": "Attach", "graft": "Graft", "detach": "Detach",
                "discard": "Return"}[kind]  # fmt: skip
        return f"{verb} a {v} ({LETTER.get(v, '?')})"
    if kind == "feed_lose" and ":" in v:
        w, k = v[1:].split(":")
        comps = state.players[t.seat].workers[int(w)].comps if t else ()
        return f"Worker #{int(w) + 1} ({comps_text(comps)}) loses its {k}"
    if kind == "draft":
        card = c.card_by_id[v]
        bits = [gains_text(card.coins, card.food)] + [f"a {k}" for k in card.components]
        bits += ["a research advance"] * card.research
        return f"{card.name}: " + ", ".join(b for b in bits if b)
    if kind == "flush":
        return "Done: refill the Reactor" if v == "done" else f"Remove {c.modules[v].name} from the Reactor"
    if kind == "flush_offer":
        return (
            "Pass (keep your starting card)"
            if v == "pass"
            else "Discard your starting card to flush the Reactor"
        )
    if kind == "beg":
        return {
            "coin": "Give 1 coin for 1 point",
            "food": "Give 1 food for 1 point",
            "no": "Give nothing",
        }.get(v, v)
    if kind in ("recall", "swap") and v.startswith("w") and t is not None:
        own = state.players[t.seat].workers[int(v[1:])]
        verb = "Take back" if kind == "recall" else "Swap"
        return f"{verb} your worker #{int(v[1:]) + 1} ({comps_text(own.comps)}) on {where_words(own.where)}"
    if kind in ("send", "swap_with") and "." in v:
        s, wi = map(int, v.split("."))
        theirs = state.players[s].workers[wi]
        return f"{state.names[s]}'s worker {worker_tag(s, theirs.comps)} on {where_words(theirs.where)}"
    if kind == "build_tile":
        m = c.modules[v]
        return f"Build {m.name} (cost {m.cost}, value {m.value}): {m.text}"
    if kind == "build_hex":
        return "Build on " + space_words(state.built, v)
    if kind in ("activate", "copy"):
        if v == "skip":
            return "Skip"
        m = c.modules[v]
        return f"{'Activate' if kind == 'activate' else 'Copy'} {m.name}: {m.text}"
    if kind == "perk":
        perk = c.perk_by_id[v]
        return f"{perk.name}: {perk.text}"
    if v == "skip":
        return "Skip"
    return v


def prompt_words(state: State) -> str:
    """The pending decision in words, with module names instead of ids."""
    t = state.tasks[-1] if state.tasks else None
    text = prompt_of(t)
    if t is not None and t.place:
        m = content().modules.get(t.place)
        if m is not None:
            text = text.replace(t.place, m.name)
    return text


def _delta(label: str, before: int, after: int) -> str | None:
    if before == after:
        return None
    return f"{label} {before} → {after} ({after - before:+d})"


def playable(view: State, turn: int = 0) -> State:
    """`view` with its hidden piles filled in an order computed from the view alone, so the rules can be
    applied to it: the module pile holds the tiles nobody can see (all tiles but those in the Reactor, built
    or discarded), the perk deck the perks not in the display nor taken, each in an order that `turn` rotates.
    Nothing hidden goes in, so nothing hidden can come out."""
    c = content()
    seen = Counter([*(x for x in view.reactor if x), *view.discard, *(b.tile for b in view.built)])
    tiles = sorted((Counter(t.id for t in c.tiles) - seen).elements())
    taken = {x for p in view.players for x in p.perks} | set(view.perk_display)
    perks = sorted(p.id for p in c.perks if p.id not in taken)
    k = turn % max(len(tiles), 1)
    j = turn % max(len(perks), 1)
    tiles = tiles[k:] + tiles[:k]
    perks = perks[j:] + perks[:j]
    if turn % 2:
        tiles.reverse()
        perks.reverse()
    return replace(
        view,
        pile=tuple(tiles[: len(view.pile)]),
        perk_deck=tuple(perks[: len(view.perk_deck)]),
        rng=Rng(turn),
    )


def preview_seen(view: State, action: object, seat: int) -> list[str]:
    """The preview of `action` by `seat`, computed from `seat`'s view only.

    The action is applied to the view with its hidden piles filled in several different orders (`playable`);
    lines every order agrees on are certain and shown, the others are replaced by one sentence saying that the
    outcome depends on what will be drawn (for example "you will draw a module").
    """
    outcomes = []
    for turn in range(3):
        try:
            before = playable(view, turn)
            after = RULES.apply(before, action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            return [f"Not possible: {exc.reason}"]
        lines = preview(before, after, seat)
        drew = len(after.pile) < len(before.pile) or len(after.perk_deck) < len(before.perk_deck)
        outcomes.append((lines, drew or after.rng != before.rng, before, after))
    first = outcomes[0][0]
    sure = [line for line in first if all(line in o[0] for o in outcomes[1:])]
    if any(o[1] for o in outcomes) or len(sure) != len(first):
        b, a = outcomes[0][2], outcomes[0][3]
        drawn = max(len(b.pile) - len(a.pile), 0)
        perks = max(len(b.perk_deck) - len(a.perk_deck), 0)
        bits = []
        if drawn > 0:
            bits.append(f"{'a module' if drawn == 1 else f'{drawn} modules'} from the hidden pile")
        if perks > 0:
            bits.append(f"{'a perk' if perks == 1 else f'{perks} perks'} from the hidden deck")
        what = " and ".join(bits) or "from the hidden module pile (it is shuffled)"
        sure = [line for line in sure if not line.startswith(("Next,", "Then it is"))]
        sure = [line for line in sure if not line.startswith("No change")]
        sure.append(f"Then {what} will be drawn: what it brings is not known until then.")
    return sure or ["No change to anyone's resources."]


def log_lines(texts: Sequence[str], history: Sequence[Sequence[str]], width: int = 0) -> tuple[str, ...]:
    """The log in words: each action, then what it caused (indented), wrapped to `width` when given."""
    out: list[str] = []
    for i, text in enumerate(texts):
        out.extend(_wrap(text, "", width))
        for event in history[i] if i < len(history) else ():
            indent = "  " if event.startswith("  ") else ""
            out.extend(_wrap(event.strip(), "  · " if not indent else "      ", width))
    return tuple(out)


def _wrap(text: str, indent: str, width: int) -> list[str]:
    if width > 12:
        return textwrap.wrap(
            text, width, initial_indent=indent, subsequent_indent=" " * (len(indent) + 2)
        ) or [""]
    return [indent + text]


def hue(state: State, seat: int) -> int:
    """The colour index of `seat`: its mat's colour (Crimson red, Cobalt blue, Verdant green, Amber yellow)."""
    mats = content().mats
    mat = state.players[seat].mat if seat < len(state.players) else ""
    return next((i for i, m in enumerate(mats) if m.id == mat), seat) % 4


def preview(before: State, after: State, seat: int) -> list[str]:
    """What an action by `seat` changes, in words: resources, components, points, research, workers, others.

    `before` and `after` must come from `seat`'s view (see `preview_seen`), never from the hidden state.
    """
    c = content()
    out: list[str] = []
    for s, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        who = "You" if s == seat else before.names[s]
        bits = [
            _delta("coins", p0.coins, p1.coins),
            _delta("food", p0.food, p1.food),
            _delta("score", p0.score, p1.score),
            _delta("research tier", p0.tier, p1.tier),
        ]
        for k, a, b in zip(COMPONENTS, p0.pool, p1.pool, strict=True):
            bits.append(_delta(f"{k}s in pool", a, b))
        for i, (w0, w1) in enumerate(zip(p0.workers, p1.workers, strict=True)):
            if w0.comps != w1.comps:
                bits.append(f"worker #{i + 1} {comps_text(w0.comps)} → {comps_text(w1.comps)}")
            if w0.where != w1.where and not (s != seat and w1.where == "pool"):
                if w0.where == "aside" and w1.where == "pool":
                    bits.append(f"worker #{i + 1} joins the pool")
                elif w1.where == "lounge" and w0.where not in ("pool", "aside") and s != seat:
                    bits.append(
                        f"worker {worker_tag(s, w0.comps)} is displaced from {where_words(w0.where)} to the Lounge"
                    )
                else:
                    bits.append(f"worker #{i + 1} → {where_words(w1.where)}")
        for perk in p1.perks:
            if perk not in p0.perks:
                bits.append(f"takes the perk {c.perk_by_id[perk].name}")
        if p0.card and not p1.card:
            bits.append("starting card discarded")
        elif p1.card and not p0.card:
            bits.append(f"keeps {c.card_by_id[p1.card].name}")
        said = [b for b in bits if b]
        if said:
            out.append(f"{who}: " + "; ".join(said))
    causes: dict[tuple[int, str], int] = {}
    for e in after.scoring[len(before.scoring) :]:
        causes[(e.seat, e.cause)] = causes.get((e.seat, e.cause), 0) + e.points
    if causes:
        labels = dict(CAUSES)
        parts = [
            f"{'you' if s == seat else before.names[s]} {pts:+d} {labels.get(cause, cause).lower()}"
            for (s, cause), pts in causes.items()
        ]
        out.append("Points: " + ", ".join(parts))
    for new in after.built[len(before.built) :]:
        out.append(f"Builds {c.modules[new.tile].name} on {space_words(before.built, str(new.hex))}")
    if after.phase is not before.phase or after.round != before.round:
        out.append(f"Then: {round_track(after)}")
    if after.tasks and after.phase is not Phase.OVER:
        nxt = after.tasks[-1]
        who = "you" if nxt.seat == seat else after.names[nxt.seat]
        out.append(f"Next, {who}: {prompt_words(after)}")
    elif after.phase is Phase.PLACEMENT and after.turn != seat:
        out.append(f"Then it is {after.names[after.turn]}'s turn to place a worker.")
    return out or ["No change to anyone's resources."]


# -- end of game -----------------------------------------------------------------------------------------------


def breakdown_rows(state: State) -> list[tuple[str, list[int]]]:
    """(cause label, points per seat) rows with any points, and the total row last."""
    n = len(state.players)
    by_seat = [breakdown(state, s) for s in range(n)]
    known = {k for k, _ in CAUSES}
    rows = [
        (label, [b.get(k, 0) for b in by_seat]) for k, label in CAUSES if any(b.get(k, 0) for b in by_seat)
    ]
    other = [sum(v for k, v in b.items() if k not in known) for b in by_seat]
    if any(other):
        rows.append(("Other", other))
    rows.append(("Total", [p.score for p in state.players]))
    return rows


def tie_break_text(state: State, winners: Sequence[int]) -> str:
    """Who won, and how the tie-breaks decided it."""
    names = [state.names[w] for w in winners]
    if not names:
        return ""
    scores = [p.score for p in state.players]
    comps = [owned_components(p.pool, [[w.comps] for w in p.workers]) for p in state.players]
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    if len(tied) == 1:
        return f"{names[0]} wins with {best} points."
    if len(winners) == 1:
        return (
            f"{names[0]} wins: tied on {best} points with "
            + ", ".join(state.names[s] for s in tied if s != winners[0])
            + f", but owns the most components ({comps[winners[0]]})."
        )
    return f"{' and '.join(names)} share the win: {best} points and {comps[winners[0]]} components each."


def round_ends(states: Sequence[State]) -> list[tuple[int, ...]]:
    """Each seat's score at the end of setup (index 0) and of every round since, from the states after every
    logged action (an action counts for the round it was taken in)."""
    ends: dict[int, tuple[int, ...]] = {}
    for before, after in pairwise(states):
        ends[before.round] = tuple(p.score for p in after.players)
    if not ends:
        return [tuple(p.score for p in states[0].players)] if states else []
    return [ends[r] for r in sorted(ends)]


def dialog_context(state: State) -> tuple[str, str | None]:
    """(a line of context for the pending choice, its rules topic)."""
    t = state.tasks[-1] if state.tasks else None
    if t is None:
        return "", "placement-phase"
    c = content()
    p = state.players[t.seat]
    pool = " ".join(f"{LETTER[k]}{n}" for k, n in zip(COMPONENTS, p.pool, strict=True))
    if t.kind == "splice":
        now = p.workers[t.worker].comps
        limit = 3 if "geneticist" in p.perks else 2
        return (
            f"Worker #{t.worker + 1} entered the Lab as {comps_text(t.comps)}, now {comps_text(now)} "
            f"(at most {limit} components). Your pool: {pool}. Each step is sent at once; u takes it back.",
            "splicing-lab",
        )
    if t.kind == "feed_lose":
        short_by = sum(1 for x in state.tasks if x.kind == "feed_lose" and x.seat == t.seat)
        workers = ", ".join(f"#{i + 1}:{comps_text(w.comps)}" for i, w in enumerate(p.workers) if w.comps)
        return (
            f"Feeding: {state.names[t.seat]} is {short_by} food short, so each missing food costs an attached "
            f"component. Workers: {workers}.",
            "feeding-phase",
        )
    if t.kind == "option":
        m = c.modules[t.place]
        return f"{m.name}: {m.text}", f"module-{t.place}"
    if t.kind == "draft":
        return "Keep one starting card; the rest pass on. Its resources come once every card is chosen.", (
            "starting-cards"
        )
    if t.kind in ("flush", "flush_offer"):
        return "Flushing discards any Reactor modules you choose, then refills it (once per game).", "reactor"
    if t.kind in ("component", "tentacle", "attach", "graft", "detach", "discard"):
        supply = " ".join(f"{LETTER[k]}{n}" for k, n in zip(COMPONENTS, state.supply, strict=True))
        return f"Supply: {supply}. Your pool: {pool}.", "genetic-components"
    if t.kind == "lounge":
        return "The Worker Lounge gives 1 coin or 1 food.", "worker-lounge"
    if t.kind == "perk":
        return "Choose a perk from the display.", "perks"
    if t.kind == "beg":
        return f"{state.names[int(t.place)]} used Beggar's Alley.", "perk-beggars-alley"
    if t.kind in ("build_tile", "build_hex"):
        return f"You have {p.coins} coins.", "building"
    return "", None

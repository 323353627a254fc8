"""Chimera Station in words: components, effects, bonuses, the round track, choices, the log (the previews
are in preview.py, the end of the game in results.py).

Pure functions over states (views, or the full state for the acting player's own previews). No Textual here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chimera_tui.games.station import RULES, Choose, Flush, Place, State
from chimera_tui.games.station.components import COMPONENTS, Bonus, Reward
from chimera_tui.games.station.content import content
from chimera_tui.games.station.rules import prompt_of
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
from chimera_tui.ui.widgets.wrapping import wrap_sentence

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


def round_track(state: State, compact: bool = False, name: str | None = None) -> str:
    """Round, phase, start player, build multiplier (and markers left unless `compact`), in one line; the
    start player as `name` when given ("": their mark alone)."""
    if state.phase is Phase.OVER:
        return "Game over"
    who = (f"{mark(state.start)} {state.names[state.start] if name is None else name}").rstrip()
    if state.phase is Phase.DRAFT:
        return f"Setup · start player {who}"
    mult = 3 if state.round >= 5 else 2 if state.round >= 3 else 1
    rounds = "" if compact else " " + "".join("●" if r <= state.round else "○" for r in range(1, 6))
    return f"Round {state.round}/5{rounds} · {PHASE_WORDS[state.phase]} · start {who} · build ×{mult}"


# -- dialogs: choices in words and their context ------------------------------------------------------------


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


def log_lines(texts: Sequence[str], history: Sequence[Sequence[str]], width: int = 0) -> tuple[str, ...]:
    """The log in words: each action, then what it caused (indented), wrapped to `width` when given."""
    out: list[str] = []
    for i, text in enumerate(texts):
        out.extend(wrap_sentence(text, width))
        for event in history[i] if i < len(history) else ():
            indent = "  " if event.startswith("  ") else ""
            out.extend(wrap_sentence(event.strip(), width, "  · " if not indent else "      "))
    return tuple(out)


def hue(state: State, seat: int) -> int:
    """The colour index of `seat`: its mat's colour (Crimson red, Cobalt blue, Verdant green, Amber yellow)."""
    mats = content().mats
    mat = state.players[seat].mat if seat < len(state.players) else ""
    return next((i for i, m in enumerate(mats) if m.id == mat), seat) % 4


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
        return f"You have {plural(p.coins, 'coin')}.", "building"
    return "", None

"""What an action changes, in words, computed from a seat's view only: previews of choices and the log's
"what it caused" lines. No Textual here.

A preview applies the action to copies of the seat's view whose hidden parts (the draw piles, the assistant
deck, other teams' screens) are filled in several different ways from what the view shows (`playable`):
lines every copy agrees on are certain and shown; the rest depend on something hidden and are replaced by one
sentence saying so. Nothing hidden goes in, so nothing hidden can come out.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.imaginarium import RULES, Move
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES, FRAGS, HIDDEN, KINDS, State, Team
from chimera_tui.games.imaginarium.vocabulary import RESOURCE_NAMES
from chimera_tui.games.imaginarium.wording import COLOUR_NAMES, machine_name
from chimera_tui.ui.games.imaginarium.words import (
    actor,
    prompt_words,
    team_name,
)

CAUSE_WORDS = {
    "project": "projects", "plannette": "Plannette", "gloriette": "Gloriette", "track": "dream track",
    "dismantle": "dismantling", "bonus": "end bonuses",
}  # fmt: skip
STEP_WORDS = {"plan": "plans", "b1": "takes a turn", "dial": "sets the dial", "b3": "takes actions"}
GUESSES = 3
"""How many different fillings of the hidden parts a preview compares."""


def playable(view: State, seat: int, k: int) -> State:
    """`view` with what `seat` cannot see filled in from the view alone, the `k`-th of several ways: the
    unseen machines, fragments and assistants in the piles (rotated by `k`), other teams' screens empty,
    rich (and at the VP target, so a round's end may end the game) or middling."""
    c = content()
    mine = view.seats[seat].team
    stocks = ((0, 0, 0, 0), (9, 9, 9, 9), (4, 1, 2, 1))
    frags = ((0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (1, 0, 1, 0, 1))
    target = c.economy.team_vp_target if view.team_play else c.economy.vp_target
    vp = ((0,), (target,), (1,))[k % 3] + (0,) * (len(CAUSES) - 1)  # (target,): the game may end
    teams = tuple(
        tm
        if i == mine or tm.stock[0] >= 0
        else Team(stocks[k % 3], vp, frags[k % 3], tm.broken, tm.dream, tm.token)
        for i, tm in enumerate(view.teams)
    )
    seen = Counter(
        [*(b for b in view.belt if b), *view.discard]
        + [code for tm in view.teams for code in tm.broken]
        + [code for p in view.seats for sl in p.slots for code in sl]
    )
    deck_all = Counter(c.core_deck) + (Counter(c.chimera_deck) if view.chimera else Counter())
    deck = _rotated(sorted((deck_all - seen).elements()), k, len(view.deck), c.core_deck[0])
    shown = Counter(
        [*(f for f in view.belt_frags if f), *view.frag_discard, *(f for tm in view.teams for f in tm.dream)]
        + [f for f, n in zip(FRAGS, view.teams[mine].frags, strict=True) for _ in range(max(n, 0))]
    )
    every = Counter({col.letter: col.count for col in (*c.dream.colour, c.dream.nightmare)})
    pile = _rotated(sorted((every - shown).elements()), k, len(view.pile), "R")
    taken = set(view.meeting) | {a for p in view.seats for a in p.assistants}
    unseen = sorted(a.id for a in c.assistants if a.id not in taken and (view.chimera or not a.expansion))
    helpers = _rotated(unseen, k, len(view.helpers), c.assistants[0].id)
    return replace(view, teams=teams, deck=deck, pile=pile, helpers=helpers, rng=Rng(k))


def _rotated(items: list[str], k: int, n: int, filler: str) -> tuple[str, ...]:
    """`n` of `items`, starting `k` × a third of the way in (padded with `filler` if the guess runs short)."""
    if not items:
        return (filler,) * n
    start = (k * len(items)) // GUESSES
    out = items[start:] + items[:start]
    if k % 2:
        out.reverse()
    return tuple((out * (n // len(out) + 1))[:n])


def preview_seen(view: State, text: str, seat: int) -> list[str]:
    """What choosing `text` changes, from `seat`'s view only (see the module docstring)."""
    outcomes = []
    for k in range(GUESSES):
        before = playable(view, seat, k)
        try:
            after = RULES.apply(before, Move(text))
        except IllegalAction as exc:
            return [f"Not possible: {exc.reason}"]
        outcomes.append((_told(before, after, seat), before, after))
    first = outcomes[0][0]
    sure = [line for line in first if all(line in o[0] for o in outcomes[1:])]
    drew = any(_drew(b, a) for _, b, a in outcomes)
    if drew or len(sure) != len(first) or any(len(o[0]) != len(first) for o in outcomes):
        if drew:  # what comes next may hang on what was drawn, even where the guesses agree
            sure = [line for line in sure if not line.startswith("Next, ")]
        b, a = outcomes[0][1], outcomes[0][2]
        hidden = []
        if len(a.deck) != len(b.deck):
            hidden.append("the machines dealt")
        if len(a.pile) < len(b.pile):
            hidden.append("the fragments drawn")
        if len(a.helpers) < len(b.helpers):
            hidden.append("the assistant drawn")
        hidden.append("what the other screens hold")
        sure.append(
            "The rest depends on "
            + ", ".join(hidden[:-1])
            + (" or " if len(hidden) > 1 else "")
            + hidden[-1]
            + "."
        )
    return sure or ["Nothing changes on the table."]


def _told(before: State, after: State, seat: int) -> list[str]:
    """What an action changes, then where the game goes. The last figure placed ends the planning, and the
    first turn starts at once (its machines produce): that comes under its own line, after the figure's.

    Issue 32: "Reserve place 1 … for 7 C" was previewed as "charcoalium 7 → 8 (+1)" (the reserving
    player's own machines, producing as their turn began) beside the figure, as if reserving paid 1."""
    if before.phase != "plan" or after.phase == "plan":
        return changes(before, after, seat, nexts=True)
    placed = replace(before, reserved=after.reserved, x1=after.x1, x2=after.x2)
    caused, nexts = changes(placed, after, seat), _next(placed, after, seat)
    if not caused:
        return [*changes(before, placed, seat), *nexts]
    first = actor(after)
    whose = (
        "your turn" if first == seat else f"{after.names[first]}'s turn" if first is not None else "phase B"
    )
    return [*changes(before, placed, seat), f"Then the planning is over and {whose} begins:", *caused, *nexts]


def _drew(before: State, after: State) -> bool:
    """Whether going from `before` to `after` drew from a hidden pile or the random stream (a shuffle)."""
    return (
        len(after.deck) < len(before.deck)
        or len(after.pile) < len(before.pile)
        or len(after.helpers) < len(before.helpers)
        or after.rng != before.rng
    )


# -- differences between two views ---------------------------------------------------------------------


def _delta(word: str, before: int, after: int) -> str | None:
    return None if before == after else f"{word} {before} → {after} ({after - before:+d})"


def _screen(b: Team, a: Team) -> list[str]:
    """A team's own screen: stock, VP by cause, fragments (one line each, so a drawn fragment that a guess
    decides does not hide the certain part)."""
    stock = [_delta(RESOURCE_NAMES[k], x, y) for k, x, y in zip(KINDS, b.stock, a.stock, strict=True)]
    vp = [
        f"{y - x:+d} VP ({CAUSE_WORDS[cause]}), {a.total} in all"
        for cause, x, y in zip(CAUSES, b.vp, a.vp, strict=True)
        if x != y
    ]
    frags = [
        f"{y - x:+d} {COLOUR_NAMES[f]} fragment{'s' * (abs(y - x) != 1)}"
        for f, x, y in zip(FRAGS, b.frags, a.frags, strict=True)
        if x != y
    ]
    return ["; ".join(bit for bit in part if bit) for part in (stock, vp, frags) if any(part)]


def changes(
    before: State, after: State, seat: int | None, *, nexts: bool = False, log: bool = False
) -> list[str]:
    """What changed between two states of `seat`'s eyes (None: everyone's), in words. For the log (`log`),
    what the action's own line already says (a repair's slot, a reservation, a dream's new fragment) is left
    out."""
    out: list[str] = []
    me = before.seats[seat].team if seat is not None else -1
    if me >= 0 and before.teams[me].stock[0] >= 0 and after.teams[me].stock[0] >= 0:
        for said in _screen(before.teams[me], after.teams[me]):
            out.append(("Your team: " if before.team_play else "You: ") + said)
    for t, (tb, ta) in enumerate(zip(before.teams, after.teams, strict=True)):
        name = ("your team" if before.team_play else "you") if t == me else team_name(before, t)
        gone = Counter(tb.broken) - Counter(ta.broken)
        came = Counter(ta.broken) - Counter(tb.broken)
        for code in came.elements():
            out.append(f"{machine_name(code)} now lies broken beside {_whose(name)} workshop")
        for code in gone.elements() if not log else ():
            out.append(f"{machine_name(code)} leaves {_whose(name)} broken machines")
        if ta.dream != tb.dream and not log:
            if ta.dream.startswith(tb.dream):
                added = " ".join(f"{COLOUR_NAMES[f]}" for f in ta.dream[len(tb.dream) :])
                out.append(f"{_cap(_whose(name))} dream gains {added} (now {ta.dream})")
            else:
                out.append(f"{_cap(_whose(name))} dream is now {ta.dream or 'empty'}")
        if ta.token != tb.token:
            claimed = [sp for sp in after.claimed if sp not in before.claimed]
            reward = f", taking the reward on {', '.join(claimed)}" if claimed else ""
            out.append(f"{_cap(_whose(name))} token moves {tb.token} → {ta.token}{reward}")
    out += _seats(before, after, seat, log)
    out += _table(before, after, seat, log)
    if nexts:
        out += _next(before, after, seat)
    return out


def _whose(name: str) -> str:
    return {"you": "your", "your team": "your team's"}.get(name, f"{name}'s")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _seats(before: State, after: State, viewer: int | None, log: bool) -> list[str]:
    c = content()
    out: list[str] = []
    for s, (pb, pa) in enumerate(zip(before.seats, after.seats, strict=True)):
        who = "You" if s == viewer else before.names[s]
        for i in range(max(len(pb.slots), len(pa.slots))):
            old = pb.slots[i] if i < len(pb.slots) else None
            new = pa.slots[i] if i < len(pa.slots) else None
            if old is None:
                out.append(f"{who}: a new slot {i + 1}")
            elif old != new and new is not None and not log:
                out.append(f"{who}: slot {i + 1} {_slot(old)} → {_slot(new)}")
            if old is not None and new is not None and pa.tangled[i] != pb.tangled[i]:
                out.append(f"{who}: slot {i + 1} {'is tangled' if pa.tangled[i] else 'untangles'}")
        for aid in pa.assistants if not log else ():
            if aid not in pb.assistants:
                out.append(f"{who}: new assistant, the {c.assistant[aid].name}")
        for pid in pa.projects:
            if pid not in pb.projects:
                out.append(f"{who}: project {c.project[pid].name} completed")
    return out


def _slot(codes: tuple[str, ...]) -> str:
    return " + ".join(machine_name(code) for code in codes) or "empty"


def _table(before: State, after: State, viewer: int | None, log: bool) -> list[str]:
    """The belt, the extractors, the meeting room and the discard piles."""
    c = content()
    out: list[str] = []

    def who(s: int) -> str:
        return "You" if s == viewer else before.names[s]

    for i, (rb, ra) in enumerate(zip(before.reserved, after.reserved, strict=True)):
        if ra >= 0 and rb != ra and not log:
            out.append(f"{who(ra)}: figure on place {i + 1} ({machine_name(before.belt[i])})")
    if after.x1 >= 0 and after.x1 != before.x1 and not log:
        out.append(f"{who(after.x1)}: figure on extractor X1")
    for s in after.x2[len(before.x2) :] if len(after.x2) > len(before.x2) and not log else ():
        out.append(f"{who(s)}: figure on extractor X2")
    if after.round == before.round:
        for i, (bb, ba) in enumerate(zip(before.belt, after.belt, strict=True)):
            if bb and not ba:
                out.append(f"{machine_name(bb)} leaves place {i + 1} of the belt")
        for i, (fb, fa) in enumerate(zip(before.belt_frags, after.belt_frags, strict=True)):
            if fb and not fa and before.belt[i] == after.belt[i]:
                out.append(f"the {COLOUR_NAMES[fb]} fragment leaves place {i + 1}")
    else:
        dealt = ", ".join(f"{i + 1} {machine_name(code)}" for i, code in enumerate(after.belt) if code)
        out.append(f"The belt is reset: {dealt}")
    for aid in before.meeting if not log else ():
        if aid not in after.meeting and not any(aid in p.assistants for p in after.seats):
            out.append(f"The {c.assistant[aid].name} leaves the meeting room")
    for aid in after.meeting:
        if aid not in before.meeting:
            out.append(f"The {c.assistant[aid].name} joins the meeting room")
    grown = len(after.frag_discard) - len(before.frag_discard)
    if grown > 0 and after.frag_discard[: len(before.frag_discard)] == before.frag_discard:
        told = " ".join(f for f in after.frag_discard[-grown:] if f != HIDDEN)
        out.append(f"Discarded face up: {told}")
    return out


def _next(before: State, after: State, seat: int | None) -> list[str]:
    """Where the game goes next: a new round or phase, and who decides what."""
    out: list[str] = []
    if after.phase == "over":
        return ["Then the game ends and the end bonuses are scored"]
    if after.round != before.round:
        out.append(f"Then round {after.round} begins")
    nxt = actor(after)
    if nxt is None:
        return out
    if nxt == seat:
        out.append(f"Next, you: {prompt_words(after)}")
    elif after.phase != before.phase or actor(before) != nxt:
        name = after.names[nxt]
        if after.asks:
            out.append(f"Then {name} must {prompt_words(after)}")
        else:
            out.append(f"Then {name} {STEP_WORDS.get(after.phase, 'decides')}")
    return out

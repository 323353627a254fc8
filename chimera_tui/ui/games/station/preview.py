"""What a choice would change, in words, before it is made: the choices dialog's preview.

The preview is computed from the acting seat's own view only (`preview_seen`): the view's hidden piles are
filled in several orders from what the view shows (`playable`), so nothing hidden goes in or comes out.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.games.station import RULES, State
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase
from chimera_tui.games.station.wording import plural_of
from chimera_tui.ui.games.station.words import (
    CAUSES,
    comps_text,
    prompt_words,
    round_track,
    space_words,
    where_words,
    worker_tag,
)


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
        lines = preview(before, after, seat) + after_their_choice(after, seat)
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


def after_their_choice(after: State, seat: int) -> list[str]:
    """When `seat`'s worker action stops at another seat's choice with its own steps still waiting under it (a
    displaced worker's Lounge choice, before the displacing worker's module acts): the numbers that follow
    whichever answer they give (resources, score, points by cause), each marked · under "After NAME's choice,
    whichever it is:". What the answers disagree on (the chooser's own coin or food) is left out. Nothing
    when the action's next decision is not such a choice.

    Issue 32: a claw worker sent to Command Hub A over another worker previewed only its move, and the log
    then said "+4 points — Command Hub A", scored once the displaced player had chosen."""
    tasks = after.tasks
    if after.phase is Phase.OVER or not tasks or tasks[-1].seat == seat:
        return []
    if not any(t.seat == seat and t.kind == "action_end" for t in tasks[:-1]):
        return []  # no action of `seat` waits: another seat simply decides next (or feeds)
    told = [
        _numbers(preview(after, RULES.apply(after, answer), seat)) for answer in RULES.legal_actions(after)
    ]
    out = []
    for head, bits in told[0].items():
        same = [bit for bit in bits if all(bit in other.get(head, ()) for other in told[1:])]
        if same:
            out.append(f"{head}: {'; '.join(same) if head != 'Points' else ', '.join(same)}")
    if not out:
        return []
    return [f"After {after.names[tasks[-1].seat]}'s choice, whichever it is:", *(f"· {line}" for line in out)]


def _numbers(lines: list[str]) -> dict[str, list[str]]:
    """The numbers a preview names, by the head of their line: each seat's changes of resources ("coins 3 →
    4 (+1)") and the points by cause ("Points": "you +4 command")."""
    out: dict[str, list[str]] = {}
    for line in lines:
        head, _, rest = line.partition(": ")
        if head == "Points":
            out[head] = rest.split(", ")
        elif rest and not head.startswith(("Next,", "Then")):
            bits = [bit for bit in rest.split("; ") if "(" in bit and " → " in bit]
            if bits:
                out[head] = bits
    return out


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
            bits.append(_delta(f"{plural_of(k)} in pool", a, b))
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
                bits.append(f"perk {c.perk_by_id[perk].name} taken")
        if p0.card and not p1.card:
            bits.append("starting card discarded")
        elif p1.card and not p0.card:
            bits.append(f"starting card {c.card_by_id[p1.card].name} kept")
        said = [b for b in bits if b]
        if said:
            out.append(f"{who}: " + "; ".join(said))
    causes: dict[tuple[int, str], int] = {}
    for e in after.scoring[len(before.scoring) :]:
        causes[(e.seat, e.cause)] = causes.get((e.seat, e.cause), 0) + e.points
    if causes:
        labels = dict(CAUSES)
        parts = [
            f"{'you' if s == seat else before.names[s]} {pts:+d} ({labels.get(cause, cause).split(' (')[0].lower()})"
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

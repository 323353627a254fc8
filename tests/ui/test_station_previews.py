"""Station's previews hold (issue 32): for every legal action of seeded bot games, the numbers the choices
dialog's preview names (and the hint's, which is the same `preview_seen`) are what applying the action
changes.

What a preview claims, precisely:

- a seat's line ("You: coins 10 → 13 (+3); score 4 → 6 (+2)"): that seat's coins, food, score, research
  tier or pool of a component go from the first number to the second;
- the "Points:" line ("you +2 (command), Ben -2 (feeding losses)"): the points each seat scores by that cause;
- the lines marked · under "After NAME's choice, whichever it is:": the same, for what follows that seat's
  choice (a displaced worker's Lounge choice) whatever they choose.

Each claim must hold in the state after the action (after each answer of the choice); and every such number
that changes (that changes the same way whatever is chosen) must be claimed, unless the preview says that
what comes depends on a hidden draw ("... will be drawn").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import pytest

from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.station import State
from chimera_tui.games.station.components import COMPONENTS
from chimera_tui.games.station.wording import plural_of
from chimera_tui.ui.games.station.preview import preview_seen
from chimera_tui.ui.games.station.words import CAUSES
from tests.every_choice import decisions, mismatches_in

RULES = games.get("station")
NAMES = ("Ann", "Ben", "Cat", "Dan")
_DELTA = re.compile(r"(.+) (-?\d+) → (-?\d+) \([+-]\d+\)")
_POINTS = re.compile(r"(.+) ([+-]\d+) \((.+)\)")
_CAUSE = {label.split(" (")[0].lower(): cause for cause, label in CAUSES}

Numbers = tuple[dict[tuple[int, str], tuple[int, int]], dict[tuple[int, str], int]]
"""Changes of a seat's number by (seat, label): (before, after); points by (seat, cause)."""


def claimed(lines: Sequence[str], names: Sequence[str], seat: int) -> Numbers:
    """The numbers `lines` name (see the module docstring)."""
    who = {("You" if s == seat else name): s for s, name in enumerate(names)}
    deltas: dict[tuple[int, str], tuple[int, int]] = {}
    points: dict[tuple[int, str], int] = {}
    for line in lines:
        head, _, rest = line.removeprefix("· ").partition(": ")
        if head in who:
            for bit in rest.split("; "):
                if m := _DELTA.fullmatch(bit):
                    deltas[(who[head], m[1])] = (int(m[2]), int(m[3]))
        elif head == "Points":
            for bit in rest.split(", "):
                m = _POINTS.fullmatch(bit)
                assert m, bit
                points[(who["You" if m[1] == "you" else m[1]], _CAUSE[m[3]])] = int(m[2])
    return deltas, points


def changed(before: State, after: State) -> Numbers:
    """The numbers that change from `before` to `after`, as the rules keep them."""

    def numbers(s: int, state: State) -> dict[str, int]:
        p = state.players[s]
        out = {"coins": p.coins, "food": p.food, "score": p.score, "research tier": p.tier}
        out |= {f"{plural_of(k)} in pool": n for k, n in zip(COMPONENTS, p.pool, strict=True)}
        return out

    deltas = {}
    for s in range(len(before.players)):
        was, now = numbers(s, before), numbers(s, after)
        deltas |= {(s, k): (was[k], now[k]) for k in was if was[k] != now[k]}
    points: Counter[tuple[int, str]] = Counter()
    for event in after.scoring[len(before.scoring) :]:
        points[(event.seat, event.cause)] += event.points
    return deltas, dict(points)


def holds(claim: Numbers, truth: Numbers, complete: bool) -> list[str]:
    """Why `claim` does not describe `truth` (nothing when it does): a claimed number that is not so, or,
    when the claim must be `complete`, a change left unsaid."""
    wrong = []
    for said, true in zip(claim, truth, strict=True):
        wrong += [
            f"{key}: says {value}, is {true.get(key)}"
            for key, value in said.items()
            if true.get(key) != value
        ]
        if complete:
            wrong += [f"{key}: {value} unsaid" for key, value in true.items() if key not in said]
    return wrong


def interposed(after: State, seat: int) -> bool:
    """The action stopped at another seat's choice, the end of its worker's action waiting under it."""
    tasks = after.tasks
    return (
        bool(tasks)
        and tasks[-1].seat != seat
        and any(t.seat == seat and t.kind == "action_end" for t in tasks)
    )


def mismatches(state: State, action: object, seat: int) -> list[str]:
    """Where the preview of `action` (from `seat`'s view) and what it does disagree."""
    lines = preview_seen(RULES.view(state, seat), action, seat)
    hidden = any(line.endswith("not known until then.") for line in lines)
    after = RULES.apply(state, action)
    split = next((i for i, line in enumerate(lines) if line.startswith("After ")), len(lines))
    wrong = holds(claimed(lines[:split], state.names, seat), changed(state, after), not hidden)
    if interposed(after, seat):
        claim = claimed(lines[split + 1 :], state.names, seat)
        truths = [changed(after, RULES.apply(after, answer)) for answer in RULES.legal_actions(after)]
        common = tuple(
            {key: value for key, value in part.items() if all(t[i].get(key) == value for t in truths)}
            for i, part in enumerate(truths[0])
        )
        wrong += [f"after their choice, {why}" for why in holds(claim, common, not hidden)]  # type: ignore[arg-type]
        for truth in truths:
            wrong += [f"after an answer, {why}" for why in holds(claim, truth, False)]
    elif split < len(lines):
        wrong.append(f"a choice of another seat is previewed where there is none: {lines[split]}")
    return [f"{RULES.describe(state, action)}: {why} — preview {lines}" for why in wrong]


@pytest.mark.parametrize("seed", range(12))
def test_every_preview_names_what_the_action_changes(seed: int) -> None:
    players = 2 + seed % 3
    config = GameConfig(players=players, names=NAMES[:players], options={"side": "AB"[seed % 2]})
    wrong = mismatches_in("station", config, seed, mismatches)
    assert not wrong, "\n".join(wrong)


def test_a_displacing_command_previews_its_points() -> None:
    """Issue 32: a claw worker sent to Command Hub A over another worker previewed "worker #3 → Command Hub
    A" and nothing more, and the log then said "+4 points — Command Hub A" (scored after the displaced
    player's Lounge choice)."""
    found = 0
    for seed in range(6):
        config = GameConfig(players=3, names=NAMES[:3], options={"side": "AB"[seed % 2]})
        for state, seat, legal, _ in decisions("station", config, seed):
            for action in legal:
                if str(action).endswith("hub-a") and interposed(after := RULES.apply(state, action), seat):
                    lines = preview_seen(RULES.view(state, seat), action, seat)
                    scored = changed(after, RULES.apply(after, RULES.legal_actions(after)[0]))[1]
                    points = scored.get((seat, "command"), 0)
                    said = [line for line in lines if line.startswith("· Points: ")]
                    assert said and f"you {points:+d} (command)" in said[0].split(": ", 1)[1].split(", "), (
                        lines
                    )
                    found += 1
    assert found

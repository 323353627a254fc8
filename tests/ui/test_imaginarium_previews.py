"""Imaginarium's previews hold (issue 32): for every legal action of seeded bot games, the numbers the
choices dialog's preview names (and the hint's, which is the same `preview_seen`) are what applying the
action changes.

What a preview claims, precisely: the lines of the seat's own screen ("You:", "Your team:" in team play; other
teams' screens are hidden):

- "charcoalium 7 → 8 (+1)": the team's charcoalium (wood, copper, crystal) goes from 7 to 8;
- "+4 VP (projects), 12 in all": the team scores 4 VP by that cause, and has 12 VP after the action;
- "+1 nightmare fragment": the team holds one more fragment of that colour.

Each claim must hold in the state after the action, and every such number that changes must be claimed,
unless the preview says that the rest depends on something hidden ("The rest depends on ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import pytest

from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.imaginarium import Move, State
from chimera_tui.games.imaginarium.state import CAUSES, FRAGS, KINDS
from chimera_tui.games.imaginarium.vocabulary import RESOURCE_NAMES
from chimera_tui.games.imaginarium.wording import COLOUR_NAMES
from chimera_tui.ui.games.imaginarium.preview import CAUSE_WORDS, preview_seen
from chimera_tui.ui.games.imaginarium.words import choice_words
from tests.every_choice import decisions, mismatches_in

RULES = games.get("imaginarium")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
_DELTA = re.compile(r"(.+) (-?\d+) → (-?\d+) \([+-]\d+\)")
_VP = re.compile(r"([+-]\d+) VP \((.+)\), (-?\d+) in all")
_FRAGMENT = re.compile(r"([+-]\d+) (\w+) fragments?")
_KIND = {name: kind for kind, name in RESOURCE_NAMES.items()}
_CAUSE = {words: cause for cause, words in CAUSE_WORDS.items()}
_COLOUR = {name: letter for letter, name in COLOUR_NAMES.items()}

Numbers = dict[tuple[str, ...], int]
"""("stock", kind) and ("had", kind): the change and the amount before; ("vp", cause): VP scored; ("total",):
VP after; ("fragment", colour): the change."""


def claimed(lines: Sequence[str]) -> Numbers:
    """The numbers `lines` name about the seat's own screen (see the module docstring)."""
    out: Numbers = {}
    for line in lines:
        head, _, rest = line.partition(": ")
        if head not in ("You", "Your team"):
            continue
        for bit in rest.split("; "):
            if m := _DELTA.fullmatch(bit):
                out[("stock", _KIND[m[1]])] = int(m[3]) - int(m[2])
                out[("had", _KIND[m[1]])] = int(m[2])
            elif m := _VP.fullmatch(bit):
                out[("vp", _CAUSE[m[2]])] = int(m[1])
                out[("total",)] = int(m[3])
            elif m := _FRAGMENT.fullmatch(bit):
                out[("fragment", _COLOUR[m[2]])] = int(m[1])
    return out


def changed(before: State, after: State, seat: int) -> Numbers:
    """The numbers of `seat`'s team that change from `before` to `after`."""
    team = before.seats[seat].team
    was, now = before.teams[team], after.teams[team]
    out: Numbers = {}
    for kind, x, y in zip(KINDS, was.stock, now.stock, strict=True):
        if x != y:
            out[("stock", kind)], out[("had", kind)] = y - x, x
    for cause, x, y in zip(CAUSES, was.vp, now.vp, strict=True):
        if x != y:
            out[("vp", cause)], out[("total",)] = y - x, now.total
    for colour, x, y in zip(FRAGS, was.frags, now.frags, strict=True):
        if x != y:
            out[("fragment", colour)] = y - x
    return out


def mismatches(state: State, action: Move, seat: int) -> list[str]:
    """Where the preview of `action` (from `seat`'s view) and what it does disagree."""
    text = str(action)
    lines = preview_seen(RULES.view(state, seat), text, seat)
    hidden = any(line.startswith("The rest depends on") for line in lines)
    said, true = claimed(lines), changed(state, RULES.apply(state, Move(text)), seat)
    wrong = [
        f"{key}: says {value}, is {true.get(key)}" for key, value in said.items() if true.get(key) != value
    ]
    if not hidden:
        wrong += [f"{key}: {value} unsaid" for key, value in true.items() if key not in said]
    return [f"{RULES.describe(state, Move(text))}: {why} — preview {lines}" for why in wrong]


def config(seed: int) -> GameConfig:
    """2 to 5 players, the core game at every third seed, team play at 4 (seeds 6, 14, ...)."""
    players = 2 + seed % 4
    options = {"chimera": "off" if seed % 3 == 0 else "on"}
    if seed % 8 == 6:
        options = {"chimera": "on", "teams": "on"}
    return GameConfig(players=players, names=NAMES[:players], options=options)


@pytest.mark.parametrize("seed", [0, 1, 2, 4, 6, 25])
def test_every_preview_names_what_the_action_changes(seed: int) -> None:
    """Seeds 2 and 4 end at the VP target reached behind another screen; seed 25 dismantles into two
    fragments of one colour (no choice to keep); seed 6 is team play."""
    wrong = mismatches_in("imaginarium", config(seed), seed, mismatches)
    assert not wrong, "\n".join(wrong)


def played(seed: int, rounds: int = 99) -> Iterator[tuple[State, int, Move]]:
    """Each decision of a seeded bot game (its first `rounds` rounds): the state, the seat and its choice."""
    for state, seat, _, action in decisions("imaginarium", config(seed), seed):
        if state.round > rounds:
            return
        yield state, seat, action


@pytest.mark.parametrize("seed", [0, 2, 6])
def test_a_planning_choice_pays_and_takes_at_pick_up_as_its_words_say(seed: int) -> None:
    """Issue 32: "Reserve place 1 … for 7 C" was previewed beside "charcoalium 7 → 8 (+1)": the last figure
    placed ends the planning, and the reserving player's machines produced as their turn began. The preview
    of a planning choice now names nothing on the screen as the figure's own doing (those changes come under
    "Then the planning is over and … begins:"); the price a reservation's words name is what is paid when the
    machine is picked up (nothing, when the team cannot pay then and the machine stays); and the charcoalium
    an extractor's words name is what is taken then (with the Coal Runner's 2 more: seed 2)."""
    owed: dict[int, tuple[int, str]] = {}
    settled = 0
    for state, seat, action in played(seed, rounds=8):
        view = RULES.view(state, seat)
        if state.phase == "plan" and not state.asks:
            for choice in RULES.legal_actions(state):
                lines = preview_seen(view, str(choice), seat)
                end = next((i for i, x in enumerate(lines) if x.startswith("Then the planning")), None)
                assert not claimed(lines[:end]), (str(choice), lines)
            words = choice_words(view, str(action))
            if found := re.search(r"; pay (\d+) C when you pick it up in your turn$", words):
                owed[seat] = (-int(found[1]), words)
            elif found := re.search(r": take (\d+) charcoalium in your turn", words):
                owed[seat] = (int(found[1]), words)
            else:
                raise AssertionError(f"no amount in {words!r}")
        if state.phase == "b1" and str(action) == "end" and not state.asks:
            team = state.seats[seat].team
            had = state.teams[team].stock[0]
            amount, words = owed.pop(seat)
            paid = RULES.apply(state, action).teams[team].stock[0] - had
            assert paid == (amount if had + amount >= 0 else 0), words
            settled += 1
    assert settled


AMOUNTS = [
    (re.compile(r"Buy 1 (\w+) for (\d+) C"), lambda m: {m[1]: 1, "charcoalium": -int(m[2])}),
    (re.compile(r"Sell 1 (\w+) for (\d+) C"), lambda m: {m[1]: -1, "charcoalium": int(m[2])}),
    (re.compile(r"Recruit the .+ for (\d+) C:"), lambda m: {"charcoalium": -int(m[1])}),
    (re.compile(r"Extraction: gain (\d+) charcoalium"), lambda m: {"charcoalium": int(m[1])}),
    (re.compile(r"Smelter: pay 2 wood, gain 1 crystal"), lambda m: {"wood": -2, "crystal": 1}),
    (
        re.compile(r"Repair .+ for ([^(]+)"),
        lambda m: {name: -int(n) for n, name in re.findall(r"(\d+) (\w+)", m[1])},
    ),
]
"""The words of the choices that pay or gain at once, and what they say is paid and gained."""


@pytest.mark.parametrize("seed", [3, 6, 9])
def test_the_amounts_a_choice_names_are_what_it_pays_and_gains(seed: int) -> None:
    """Buying, selling, recruiting, extracting, smelting and repairing change the team's screen by what
    their words say. Extraction said "gain 3 charcoalium" to a player with the Foreman, who gained 5."""
    checked = 0
    for state, seat, _ in played(seed):
        team = state.seats[seat].team
        for choice in RULES.legal_actions(state):
            words = choice_words(RULES.view(state, seat), str(choice))
            said = next((amounts(m) for pattern, amounts in AMOUNTS if (m := pattern.match(words))), None)
            if said is None:
                continue
            after = RULES.apply(state, choice).teams[team].stock
            true = {
                RESOURCE_NAMES[k]: y - x
                for k, x, y in zip(KINDS, state.teams[team].stock, after, strict=True)
            }
            assert {k: n for k, n in said.items() if n} == {k: n for k, n in true.items() if n}, words
            checked += 1
    assert checked

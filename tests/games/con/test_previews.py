"""Chimera Con's previews hold (issue 32): for every legal action of seeded bot games, the numbers the line
under the choices names (and the hint, which shows the same) are what applying the action does.

What a preview claims, precisely:

- an attack ("Bite: your Might 5 dice (+1 family), needs 4 against Ben's Speed 3 dice; Health 4/7, armor 1"):
  the attacker rolls 5 dice, 1 of them for its family, the defender 3, and the target has 4 of its 7 Health
  left;
- a chimera to lay ("Your chimera: Health 7 · Might 4 · Speed 3 · Magic 2"): its totals once laid. With two
  parts ("Your chimera (two parts): … so far; the rear, from the missing-part draw, is not known until
  then"), the totals of the two until the draw, which only adds to them.
"""

from __future__ import annotations

import re

import pytest

from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.con import State
from chimera_tui.games.con.work import totals
from chimera_tui.launch import make_seats, new_start
from chimera_tui.table.local import LocalTable
from chimera_tui.ui.games.con.screen import ConScreen
from chimera_tui.ui.games.con.words import preview
from tests.every_choice import mismatches_in

RULES = games.get("con")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
_ATTACK = re.compile(
    r"(.+): your (\w+) (\d+) dice(?: \(\+(\d+) family\))?(?:, needs (\d+))? against (.+)'s (\w+) (\d+) dice; "
    r"Health (\d+)/(\d+)(?:, armor (\d+))?(; a miss lets them strike back)?\."
)
_BUILD = re.compile(
    r"Your chimera( \(two parts\))?: Health (\d+) · Might (\d+) · Speed (\d+) · Magic (\d+)(.*)\."
)


def mismatches(state: State, action: object, seat: int) -> list[str]:
    """Where the preview of `action` (from `seat`'s view) and what it does disagree."""
    text = preview(RULES.view(state, seat), str(action))
    wrong: list[str] = []
    if m := _ATTACK.fullmatch(text):
        after = RULES.apply(state, action)
        [rolled] = [fact for fact in after.told if fact[0] == "attack"]
        target = int(rolled[2])
        health = totals(state.parts[target], state.status[target], state.petrified)[0]
        said = (int(m[3]), int(m[4] or 0), int(m[8]), int(m[9]), int(m[10]))
        true = (
            len(str(rolled[5])),
            int(rolled[7]),
            len(str(rolled[6])),
            max(0, health - state.damage[target]),
            health,
        )
        if said != true:
            wrong.append(f"dice, family dice, defence dice, Health left and in all: says {said}, are {true}")
    elif m := _BUILD.fullmatch(text):
        after = RULES.apply(state, action)
        said = tuple(int(m[i]) for i in range(2, 6))
        true = totals(after.parts[seat], after.status[seat], after.petrified)
        drawn = bool(m[1]) and all(after.parts[seat])  # the missing-part draw came at once: it only adds
        if (said != true) if not drawn else any(s > t for s, t in zip(said, true, strict=True)):
            wrong.append(f"totals: says {said}, are {true}")
    return [f"{RULES.describe(state, action)}: {why} — preview {text!r}" for why in wrong]


@pytest.mark.parametrize("seed", range(8))
def test_every_preview_names_what_the_action_does(seed: int) -> None:
    players = 2 + seed % 4
    wrong = mismatches_in("con", GameConfig(players=players, names=NAMES[:players]), seed, mismatches)
    assert not wrong, "\n".join(wrong)


def test_the_hint_previews_a_choice_as_the_line_under_the_menu_does() -> None:
    """The hint shows what the screen's `choice_preview` says; Chimera Con's said nothing, so its hint named
    a chimera to lay or an attack with none of the totals or dice the line under the menu gives."""
    start = new_start("con", 2, make_seats("con", 2, ["human", "bot"], []), 5, {})
    screen = ConScreen(LocalTable("con", start.match, start.seats))
    view = screen.table.view()
    for action in screen.table.legal_actions()[:5]:
        text = preview(view, str(action))
        assert text and screen.choice_preview(view, action) == [text]

"""Codename's choices hold what they preview (issue 32): for every legal attack, join and take of seeded bot
games, the numbers the Enter menu's words name (and the hint's, which names its choice in the same words) are
what applying the action does.

What the words claim, precisely:

- an attack ("58% · Ben's Bull Head (Defense 6) with Wolf Claw (1d+1, 1 energy)"): the attacking part costs 1
  energy; when the dice are rolled with no reaction between (the chance is "before any reaction"), it rolls 1
  die and adds 1, the number to reach is 6, and 58% is the exact chance of reaching it with every die, modifier
  and bonus of the roll;
- a part joining the attack ("Add Wolf Claw (1d+1, 1 energy): 35% → 58% to destroy"): the part costs 1 energy
  and, when the attack is rolled at once, 58% is the exact chance of that roll;
- a card taken in the draft ("takes Bull Head for 1 energy"): 1 energy paid.
"""

from __future__ import annotations

import re

import pytest

from chimera_tui import games
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.games.codename.actions import AttackWith, Go, Join, Take
from chimera_tui.games.codename.odds import chance, percent
from chimera_tui.games.codename.state import State
from chimera_tui.ui.games.codename.choices import attack_label, join_label
from tests.every_choice import mismatches_in

RULES = games.get("codename")
NAMES = ("Ann", "Ben", "Cat", "Dan")
_ATTACK = re.compile(r"\s*(\S+) · (.+) \(Defense (\d+)\) with (.+) \((\d+)d([+-]\d+)?, (\d+) energy\)")
_JOIN = re.compile(r"Add (.+) \((\d+)d([+-]\d+)?, (\d+) energy\): (\S+) → (\S+) to destroy")
_TAKE = re.compile(r".+: takes .+ for (\d+) energy")


def paid(before: State, after: State, seat: int) -> int:
    return before.players[seat].energy - after.players[seat].energy


def rolled(before: State, after: State, part: str) -> tuple[int, int, int, str] | None:
    """When `after` rolled an attack that `part` was in: its dice and modifier, the number to reach, and the
    chance of that roll; None when nothing was rolled."""
    roll = after.roll
    if roll is None or roll is before.roll or roll.kind != "attack":
        return None
    [mine] = [p for p in roll.parts if p.card == part]
    dice = sum(len(p.dice) for p in roll.parts)
    mods = roll.bonus + sum(p.mod + p.extra for p in roll.parts)
    return len(mine.dice), mine.mod, roll.defense, percent(chance(dice, mods, roll.defense, after.explode))


def mismatches(state: State, action: object, seat: int) -> list[str]:
    """Where the words of `action` (from `seat`'s view) and what it does disagree."""
    view = RULES.view(state, seat)
    wrong: list[str] = []
    if isinstance(action, AttackWith):
        words = attack_label(view, action, NAMES, seat)
        m = _ATTACK.fullmatch(words)
        assert m, words
        after = RULES.apply(state, action)
        if (cost := paid(state, after, seat)) != int(m[7]):
            wrong.append(f"energy paid {cost}")
        roll = rolled(state, after, action.part)
        if roll is not None and roll != (said := (int(m[5]), int(m[6] or 0), int(m[3]), m[1])):
            wrong.append(f"dice, modifier, Defense and chance: says {said}, rolled {roll}")
    elif isinstance(action, Join):
        words = join_label(view, action)
        m = _JOIN.fullmatch(words)
        assert m, words
        after = RULES.apply(state, action)
        if (cost := paid(state, after, seat)) != int(m[4]):
            wrong.append(f"energy paid {cost}")
        if Go() in RULES.legal_actions(after) and RULES.to_act(after) == seat:
            roll = rolled(after, RULES.apply(after, Go()), action.part)
            if roll is not None and roll[::3] != (said := (int(m[2]), m[6])):
                wrong.append(f"dice and chance: says {said}, rolled {roll[::3]}")
    elif isinstance(action, Take):
        words = RULES.describe(view, action)
        m = _TAKE.fullmatch(words)
        assert m, words
        if (cost := paid(state, RULES.apply(state, action), seat)) != int(m[1]):
            wrong.append(f"energy paid {cost}")
    else:
        return []
    return [f"{words}: {why}" for why in wrong]


@pytest.mark.parametrize("seed", range(8))
def test_every_attack_join_and_take_does_what_its_words_say(seed: int) -> None:
    """2 to 4 players; exploding sixes at odd seeds."""
    players = 2 + seed % 3
    options = {"sixes": "explode"} if seed % 2 else {}
    config = GameConfig(players=players, names=NAMES[:players], options=options)
    wrong = mismatches_in("codename", config, seed, mismatches)
    assert not wrong, "\n".join(wrong)

"""Chimera Con's screen, the lines about now: where the round stands, who decides, the dice of the attack in
progress or the last ones rolled, the choices named as orders, and the log with what each action caused.

Pure functions from a seat's view (and the table's log) to plain text or `Content`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from chimera_tui.games.con import State
from chimera_tui.games.con.combat import action_of
from chimera_tui.games.con.state import Fact
from chimera_tui.games.con.told import STATUS_WORDS, action_name, card, summed
from chimera_tui.games.con.wording import actor, prompt, said
from chimera_tui.ui.seats import seat_content
from chimera_tui.ui.widgets.wrapping import wrap_sentence

STEP_NAMES = {"draw": "Draw", "sub": "Substitute", "act": "Action", "discard": "Discard"}


def title(state: State, names: Sequence[str], width: int = 0) -> str:
    """The title line: the game, the round and its phase, whose turn and which step; the points that win the
    game when `width` (0: any) leaves room."""
    if state.phase == "over":
        best = max(state.points)
        winner = names[state.points.index(best)]
        return f"Chimera Con · Game over · {winner} wins with {best} point{'s' * (best != 1)} (r: results)"
    if state.phase == "build":
        now = "building in private"
    elif state.phase == "market":
        now = "Market Phase"
    else:
        step = "Action" if state.attack is not None else STEP_NAMES.get(state.step, state.step)
        now = f"{names[state.active]}'s turn · {step} step"
    goal = f"first to {state.target} point{'s' if state.target != 1 else ''}"
    full = f"Chimera Con · Round {state.round} · {goal} · {now}"
    return full if not width or len(full) <= width else f"Chimera Con · Round {state.round} · {now}"


def prompt_line(state: State, names: Sequence[str], waiting: str | None) -> Content:
    """Who decides now, and what: in the cheat window, that only that player may cheat now.

    Args:
        state: The seat's view.
        names: The players' names, by seat.
        waiting: What to say after a seat that nobody at this keyboard decides for ("is thinking…"), or
            None to say what it decides.
    """
    if state.phase == "over":
        return Content("The game is over.")
    seat = actor(state)
    who = seat_content(seat, names[seat], bold=True)
    if waiting is not None:
        return Content("● ") + who + Content(f" {waiting}")
    if state.asks and state.asks[-1].kind == "cheat":
        return Content("● ") + who + Content(" may play a cheat now; the others wait")
    text = prompt(state)
    rest = text[len(state.names[seat]) :] if text.startswith(state.names[seat]) else f": {text}"
    return Content("● ") + who + Content(rest)


def dice_line(state: State, names: Sequence[str]) -> str:
    """The attack in progress with its dice (cheats may still change them), else the last dice and what came
    of them; "" before any."""
    at = state.attack
    if at is not None:
        a = action_name(at.card, at.index)
        return (
            f"Dice: {names[at.attacker]}'s {a}, {_stat_of(at.card, at.index, 0)} {summed(_digits(at.att))} "
            f"against {names[at.defender]}'s {_stat_of(at.card, at.index, 1)} {summed(_digits(at.dfn))}"
            " · cheats may still change them"
        )
    if not state.roll:
        return ""
    return "Last dice: " + roll_words(state.roll, names)


def _digits(roll: tuple[int, ...]) -> str:
    return "".join(map(str, roll))


def _stat_of(code: str, index: int, side: int) -> str:
    a = action_of(code, index)
    return (a.attack if side == 0 else a.defend).capitalize()


def roll_words(roll: Sequence[Fact], names: Sequence[str]) -> str:
    """The last dice in a few words: whose, for what, the totals and the outcome."""
    first = roll[0]
    kind = first[0]
    outcome = "; ".join(w for w in (_outcome(f, names) for f in roll[1:]) if w)
    if kind == "attack":
        _, s, t, code, index, att, dfn, _ = first
        a = action_name(code, index)
        text = (
            f"{names[int(s)]}'s {a}, {_stat_of(str(code), int(index), 0)} {summed(att)} against "
            f"{names[int(t)]}'s {_stat_of(str(code), int(index), 1)} {summed(dfn)}"
        )
    elif kind == "heal":
        _, s, code, index, rolled, need, healed = first
        got = f"heals {healed}" if int(healed) >= 0 else "fails"
        text = f"{names[int(s)]}'s {action_name(code, index)} {summed(rolled)}, needs {need}: {got}"
    elif kind == "check":
        _, s, code, die = first
        caught = "caught (a 1)" if int(die) == 1 else "it works"
        text = f"{names[int(s)]} checks the illegal {card(code)}: {die}, {caught}"
    elif kind == "rolloff":
        text = "roll-off " + ", ".join(
            f"{names[int(first[i])]} {first[i + 1]}" for i in range(1, len(first), 2)
        )
    else:  # greedy_rolls
        pairs = [f"{names[int(first[i])]} {summed(first[i + 1])}" for i in range(1, len(first), 2)]
        text = "Magic for Getting Greedy: " + ", ".join(pairs)
    return f"{text} → {outcome}" if outcome else text


def _outcome(f: Fact, names: Sequence[str]) -> str:
    kind = f[0]
    if kind == "hit":
        return f"hits for {f[5]}, {max(0, int(f[6]))} Health left"
    if kind == "counter":
        return f"counterattack for {f[3]}, {max(0, int(f[4]))} Health left"
    if kind == "miss":
        return "misses"
    if kind == "short":
        return f"fails (needs {f[5]})"
    if kind == "smoke":
        return "misses in the smoke"
    if kind == "status":
        return STATUS_WORDS[int(f[2])]
    if kind == "petrified":
        return f"{card(f[2])} Petrified"
    return ""


ORDERS = {
    "lays": "Lay", "draws": "Draw", "stops": "Stop", "substitutes": "Substitute", "keeps": "Keep",
    "attacks": "Attack", "uses": "Use", "mutates,": "Mutate,", "takes": "Take", "discards": "Discard",
    "ends": "End", "plays": "Play", "Gets": "Get", "is": "Stay",
}  # fmt: skip
"""The log's verbs as a menu's orders ("draws a creature card" → "Draw a creature card")."""


def choice_label(state: State, text: str) -> str:
    """A legal decision as the menu names it: an order to the player ("Play no cheat", "Attack Bob")."""
    if text == "fly":
        return "Take to the air"
    if text == "land":
        return "Land"
    words = said(state, text)
    who = state.names[actor(state)]
    if not words.startswith(who + " "):
        return words
    verb, _, rest = words[len(who) + 1 :].partition(" ")
    if verb == "takes":  # the Market Phase: the menu is about the pile
        rest = rest.removesuffix(" from the Market Pile")
    return f"{ORDERS.get(verb, verb)} {rest}".strip()


def log_lines(texts: Sequence[str], events: Sequence[Sequence[str]], width: int) -> list[str]:
    """The log in words: each action, then what it caused, indented, every line wrapped to `width`."""
    out: list[str] = []
    for i, text in enumerate(texts):
        out.extend(entry_lines(text, tuple(events[i]) if i < len(events) else (), width))
    return out


def entry_lines(text: str, events: tuple[str, ...], width: int) -> list[str]:
    """One log entry: its action and, below it, what the action caused."""
    out = list(wrap_sentence(text, width, narrowest=20))
    for event in events:
        out.extend(wrap_sentence(event, width, "  · ", narrowest=20))
    return out

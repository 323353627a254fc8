"""What each action caused, told: facts recorded while `apply` runs, worded only when a view is made.

The rules record a fact as a short tuple, its kind first and then seats (0-based), card codes, numbers and
dice (as a string of digits, "436" for 4, 3 and 6): ``("hit", 0, 1, "WYV-H", 0, 6, 4, 1)``. Recording costs a
tuple per fact; nothing is worded while bots play. `State.told` holds the facts of the last action, `State.roll`
the last dice and what came of them; `seen` drops the facts a seat may not read (a card drawn into another
seat's hand) and `words` turns the rest into sentences, which `view` puts in `State.events` for the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chimera_tui.games.con.content import content
from chimera_tui.games.con.state import NEGATIVE, POISONED, Fact
from chimera_tui.games.con.work import action_of

PRIVATE: frozenset[str] = frozenset({"drew", "dealt"})
"""Kinds of fact only their seat (the fact's second item) may read: cards drawn into a hand."""
SLOT_WORDS = ("head", "body", "rear")
STATUS_WORDS = {POISONED: "Poisoned", NEGATIVE: "Negative"}


def seen(facts: tuple[Fact, ...], viewer: int | None) -> tuple[Fact, ...]:
    """The facts `viewer` may read (None: a spectator, who reads only public ones)."""
    if not any(f[0] in PRIVATE for f in facts):
        return facts
    return tuple(f for f in facts if f[0] not in PRIVATE or f[1] == viewer)


def words(facts: Sequence[Fact], names: Sequence[str]) -> tuple[str, ...]:
    """Each fact as a sentence, with the players' names."""
    return tuple(_WORDS[str(f[0])](f, names) for f in facts)


# -- the pieces of a sentence ---------------------------------------------------------------------------------
def card(code: object) -> str:
    """A card's name from its code (a creature or a cheat card)."""
    c = content()
    text = str(code)
    if text in c.cards:
        return c.cards[text].name
    if text in c.cheats:
        return c.cheats[text].kind.name
    return text


def action_name(code: object, index: object) -> str:
    """The action `index` of part `code` ("Bite"), or "Attack" for the plain attack ("")."""
    return action_of(str(code), int(str(index))).name


def summed(digits: object) -> str:
    """Dice and their total: "13 (4+3+6)"; "0 (no dice)" for none."""
    text = str(digits)
    if not text:
        return "0 (no dice)"
    total = sum(int(d) for d in text)
    return f"{total} ({'+'.join(text)})" if len(text) > 1 else str(total)


def listed(items: Sequence[str]) -> str:
    """Words joined: "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _who(names: Sequence[str], seat: object) -> str:
    return names[int(str(seat))]


def _standing(names: Sequence[str], points: Sequence[object]) -> str:
    return ", ".join(f"{names[i]}: {p}" for i, p in enumerate(points))


def _n(k: object, word: str) -> str:
    count = int(str(k))
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# -- one wording per kind --------------------------------------------------------------------------------------
Wording = Callable[[Fact, Sequence[str]], str]


def _round(f: Fact, n: Sequence[str]) -> str:
    return f"Round {f[1]}: both decks are shuffled and everyone draws 6 creature cards."


def _redraw(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])} cannot lay two parts and draws a new hand."


def _reveal(f: Fact, n: Sequence[str]) -> str:
    laid = [card(c) if c else f"no {SLOT_WORDS[i]}" for i, c in enumerate(f[2:5])]
    return f"{_who(n, f[1])}'s chimera is revealed: {', '.join(laid)}."


def _turnup(f: Fact, n: Sequence[str]) -> str:
    slot = SLOT_WORDS[int(str(f[3]))]
    found = f"the {card(f[4])}" if f[4] else "none is left"
    return f"{_who(n, f[1])} turns up {_n(f[2], 'card')} for a missing {slot}: {found}."


def _dealt(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])} draws the cheat cards {listed([card(c) for c in f[2:]])}."


def _cheats(f: Fact, n: Sequence[str]) -> str:
    return f"Everyone draws {_n(f[1], 'cheat card')}."


def _first(f: Fact, n: Sequence[str]) -> str:
    why = {
        "speed": "the highest Speed",
        "health": "the highest Speed, then the lowest Health",
        "dice": "a roll-off",
    }[str(f[2])]
    return f"{_who(n, f[1])} is the first Merchant ({why})."


def _rolloff(f: Fact, n: Sequence[str]) -> str:
    rolls = [f"{_who(n, f[i])} {f[i + 1]}" for i in range(1, len(f) - 1, 2)]
    return f"Roll-off on 1d6: {', '.join(rolls)}."


def _drew(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])} draws the {card(f[2])}."


def _reshuffle(f: Fact, n: Sequence[str]) -> str:
    return f"The {f[1]} deck is empty: its cards in the Discard Pile are shuffled into a new one."


def _to_market(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s old {card(f[2])} goes to the Market Pile."


def _skip(f: Fact, n: Sequence[str]) -> str:
    return f"The new part is of another family: {_who(n, f[1])} skips the Action step."


def _negative(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera is Negative: the new part deals it {f[2]} damage."


def _out(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera is eliminated ({f[2]} damage against a Health of {f[3]})."


def _lands(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera can no longer fly and lands."


def _attack(f: Fact, n: Sequence[str]) -> str:
    _, s, t, code, index, att, dfn, extra = f
    a = action_of(str(code), int(str(index)))
    count = int(str(extra))
    more = f", {count} family {'die' if count == 1 else 'dice'} among them" if count else ""
    return (
        f"{_who(n, s)} rolls {a.attack.capitalize()} {summed(att)}{more} against "
        f"{_who(n, t)}'s {a.defend.capitalize()} {summed(dfn)}."
    )


def _hit(f: Fact, n: Sequence[str]) -> str:
    _, _, t, code, index, dmg, left, blocked = f
    off = f" ({blocked} taken off by armor or shields)" if int(str(blocked)) else ""
    return (
        f"{action_name(code, index)} hits {_who(n, t)} for {dmg} damage{off}: "
        f"{_who(n, t)}'s chimera has {max(0, int(str(left)))} Health left."
    )


def _counter(f: Fact, n: Sequence[str]) -> str:
    _, t, s, dmg, left = f
    return (
        f"{_who(n, t)} defends and counterattacks for {dmg} damage: "
        f"{_who(n, s)}'s chimera has {max(0, int(str(left)))} Health left."
    )


def _miss(f: Fact, n: Sequence[str]) -> str:
    return f"{action_name(f[2], f[3])} misses {_who(n, f[4])}: no damage either way."


def _short(f: Fact, n: Sequence[str]) -> str:
    return f"{action_name(f[2], f[3])} needs {f[5]} and rolled {f[4]}: it fails."


def _smoke(f: Fact, n: Sequence[str]) -> str:
    return f"The Smoke Bomb hides {_who(n, f[1])}'s chimera: the attack misses."


def _status(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera is now {STATUS_WORDS[int(str(f[2]))]}."


def _petrified(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s {card(f[2])} is Petrified."


def _heal(f: Fact, n: Sequence[str]) -> str:
    _, s, code, index, rolled, need, healed = f
    name = action_name(code, index)
    total = summed(rolled)
    if int(str(healed)) < 0:
        return f"{_who(n, s)} rolls {total} for {name}, below the {need} it needs: nothing is healed."
    return f"{_who(n, s)} rolls {total} for {name} (needs {need}): the chimera heals {healed}."


def _check(f: Fact, n: Sequence[str]) -> str:
    _, s, code, die = f
    if int(str(die)) == 1:
        return (
            f"{_who(n, s)} rolls a 1 for the illegal {card(code)}: caught! It goes to the Market Pile "
            f"and {_who(n, s)} takes a Discard step at once."
        )
    return f"{_who(n, s)} rolls a {die} for the illegal {card(code)}: it works."


def _more(f: Fact, n: Sequence[str]) -> str:
    count = len(str(f[2]))
    return f"{_who(n, f[1])} adds {count} {'die' if count == 1 else 'dice'}: {'+'.join(str(f[2]))}."


def _drop(f: Fact, n: Sequence[str]) -> str:
    left = "+".join(str(f[2])) or "no dice"
    return f"{_who(n, f[1])}'s highest die is taken away, leaving {left}."


def _shield(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera will take {f[2]} less damage from this attack."


def _healed(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera heals {f[2]}."


def _grounded(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])}'s chimera is brought down to the ground."


def _took(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])} takes the {card(f[2])} from the Market Pile."


def _point(f: Fact, n: Sequence[str]) -> str:
    s, rnd = f[1], f[2]
    parts = listed([card(c) for c in f[3:6] if c])
    return (
        f"{_who(n, s)}'s chimera ({parts}) is the last one standing: {_who(n, s)} wins round {rnd} "
        f"and 1 point (now {_standing(n, f[6:])})."
    )


def _nobody(f: Fact, n: Sequence[str]) -> str:
    return f"The last chimeras fell together: nobody wins round {f[1]}."


def _won(f: Fact, n: Sequence[str]) -> str:
    s = int(str(f[1]))
    points = [int(str(p)) for p in f[2:]]
    others = sorted((p for i, p in enumerate(points) if i != s), reverse=True)
    lead = points[s] - (others[0] if others else 0)
    return (
        f"{n[s]} wins the game with {_n(points[s], 'point')}, {_n(lead, 'point')} ahead "
        f"({_standing(n, points)})."
    )


def _market(f: Fact, n: Sequence[str]) -> str:
    return f"Market Phase: {_n(f[1], 'card')} in the Market Pile; the highest Magic chooses first."


def _greedy_rolls(f: Fact, n: Sequence[str]) -> str:
    rolls = [f"{_who(n, f[i])} {summed(f[i + 1])}" for i in range(1, len(f) - 1, 2)]
    return f"The greedy players roll Magic: {', '.join(rolls)}."


def _greedy(f: Fact, n: Sequence[str]) -> str:
    return (
        f"{_who(n, f[1])} Gets Greedy: {_n(f[2], 'card')} from the hand go to the Market Pile "
        f"for the {_n(f[3], 'card')} in it."
    )


def _merchant(f: Fact, n: Sequence[str]) -> str:
    return f"{_who(n, f[1])} is the new Merchant."


_WORDS: dict[str, Wording] = {
    "round": _round, "redraw": _redraw, "reveal": _reveal, "turnup": _turnup, "dealt": _dealt,
    "cheats": _cheats, "first": _first, "rolloff": _rolloff, "drew": _drew, "reshuffle": _reshuffle,
    "to_market": _to_market, "skip": _skip, "negative": _negative, "out": _out, "lands": _lands,
    "attack": _attack, "hit": _hit, "counter": _counter, "miss": _miss, "short": _short, "smoke": _smoke,
    "status": _status, "petrified": _petrified, "heal": _heal, "check": _check, "more": _more,
    "drop": _drop, "shield": _shield, "healed": _healed, "grounded": _grounded, "took": _took,
    "point": _point, "nobody": _nobody, "won": _won, "market": _market, "greedy_rolls": _greedy_rolls,
    "greedy": _greedy, "merchant": _merchant,
}  # fmt: skip
"""The wording of each kind of fact."""

KINDS: frozenset[str] = frozenset(_WORDS)
"""Every kind of fact the rules record."""

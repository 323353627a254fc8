"""Chimera Con in words: each action for the log (`said`, `said_for`) and the pending decision (`prompt`)."""

from __future__ import annotations

from chimera_tui.games.con.content import content
from chimera_tui.games.con.state import HIDDEN, State

_SLOTS = {"h": "head", "b": "body", "r": "rear"}


def card_name(code: str) -> str:
    """A card's name from its code (creature or cheat); a hidden card stays "a card"."""
    c = content()
    if code in c.cards:
        return c.cards[code].name
    if code in c.cheats:
        return c.cheats[code].kind.name
    return "a card" if code == HIDDEN else code


def _seat(state: State, word: str) -> str:
    return state.names[int(word[1:]) - 1]


def actor(state: State) -> int:
    if state.asks:
        return state.asks[-1].seat
    if state.phase == "build":
        return state.built.index(False)
    return state.active


def said(state: State, text: str) -> str:
    """`text` (legal in `state`) in words."""
    who = state.names[actor(state)]
    w = text.split()
    verb = w[0]
    if verb == "build":
        laid = ", ".join(card_name(c) for c in w[1:] if c != "-")
        return f"{who} lays a chimera: {laid}" + (" (one slot empty)" if "-" in w else "")
    if verb == "draw":
        return f"{who} draws a {'creature' if w[1] == 'c' else 'cheat'} card"
    if verb == "stop":
        return f"{who} stops drawing"
    if verb == "sub":
        return f"{who} substitutes the {card_name(w[1])}"
    if verb == "keep":
        return f"{who} keeps the chimera as it is"
    if verb == "attack":
        return f"{who} attacks {_seat(state, w[1])}"
    if verb == "use":
        code, _, idx = w[1].partition(".")
        act = content().cards[code].actions[int(idx)]
        if len(w) == 2:
            return f"{who} uses {act.name} ({card_name(code)})"
        aim = f" at the {_SLOTS[w[3]]}" if len(w) > 3 else ""
        return f"{who} uses {act.name} ({card_name(code)}) on {_seat(state, w[2])}{aim}"
    if verb == "mutate":
        return f"{who} mutates, putting on the {card_name(w[1])}"
    if verb == "fly":
        return f"{who}'s chimera takes to the air"
    if verb == "land":
        return f"{who}'s chimera lands"
    if verb == "rest":
        return f"{who} takes no action"
    if verb == "discard":
        return f"{who} discards the {card_name(w[1])}"
    if verb == "end":
        return f"{who} ends the Discard step"
    if verb == "cheat":
        extra = ""
        if len(w) > 2:
            extra = f" on {_seat(state, w[2])}" if w[2].startswith("p") else f" for the {card_name(w[2])}"
            if len(w) > 3:
                extra += f"'s {_SLOTS[w[3]]}"
        return f"{who} plays {card_name(w[1])}{extra}"
    if verb == "pass":
        if state.asks and state.asks[-1].kind == "market":
            return f"{who} takes no card from the Market Pile"
        return f"{who} plays no cheat" + (" for the rest of the turn" if len(w) > 1 else "")
    if verb == "take":
        return f"{who} takes the {card_name(w[1])} from the Market Pile"
    if verb == "greedy":
        return f"{who} Gets Greedy"
    if verb == "content":
        return f"{who} is content"
    return f"{who}: {text}"


def said_for(state: State, text: str, viewer: int | None) -> str | None:
    """As `viewer` may read it: a chimera laid in private is named only to its owner until all are laid."""
    if text.startswith("build") and viewer != actor(state):
        return f"{state.names[actor(state)]} lays a chimera face down"
    return said(state, text)


def prompt(state: State) -> str:
    """The pending decision in words."""
    if state.phase == "over":
        return "The game is over."
    who = state.names[actor(state)]
    if state.asks:
        kind = state.asks[-1].kind
        return {
            "cheat": f"{who} may play a cheat now (or pass)",
            "discard": f"{who} failed a cheat and takes a Discard step",
            "market": f"{who} may take a card from the Market Pile",
            "greedy": f"{who} may Get Greedy",
        }[kind]
    if state.phase == "build":
        return f"{who} lays a chimera"
    return {
        "draw": f"{who} may draw",
        "sub": f"{who} may substitute one part",
        "act": f"{who} may take one action",
        "discard": f"{who} discards",
    }[state.step]

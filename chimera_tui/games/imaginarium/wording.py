"""Imaginarium's words: each decision as a log line, its public form, and the pending prompt.

The log says only what a watcher at the table would see (design 14): a fragment kept from a draw is "a
fragment" for everyone but its team; everything else a player does at the table is public.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.belt import price
from chimera_tui.games.imaginarium.components import Amounts
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import ACTIONS, KINDS, State
from chimera_tui.games.imaginarium.vocabulary import RESOURCE_NAMES
from chimera_tui.games.imaginarium.work import Working

COLOUR_NAMES = {"R": "romance", "G": "glory", "E": "escape", "F": "festivities", "N": "nightmare"}
ACTION_NAME = {a: a.capitalize() for a in ACTIONS}
"""The dial's actions by name, as a sentence writes them."""


def a_fragment(colour: str) -> str:
    """'a romance fragment', 'an escape fragment'."""
    name = COLOUR_NAMES[colour]
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} fragment"


PROMPTS = {
    "sleep": "take the fragment of a belt machine nobody reserved (Sleepwalker)",
    "bonus": "choose the kind of the pair's extra unit",
    "tangle": "choose the slot to tangle",
    "pick": "choose the kind to steal (Pickpockette)",
    "hand": "hand a fragment over to the Exhausteur",
    "xkeep": "keep one of the fragments handed over",
    "keep": "keep one of the fragments drawn",
    "leave": "choose the unit of the repair cost to leave behind",
    "take": "choose the kind of the extra unit",
    "fork": "choose the branch of the dream track",
    "nightmare": "lay a nightmare in an opponent's dream, or not",
}


def _actor(state: State) -> int:
    if state.asks:
        return state.asks[-1].seat
    return state.initiative[state.cursor] if state.phase == "plan" else state.order[state.cursor]


def machine_name(code: str) -> str:
    """A machine by name and code: ``"Press (P1)"``."""
    m = content().machine.get(code)
    return f"{m.name} ({code})" if m else code


def amounts_words(a: Amounts | tuple[int, ...]) -> str:
    """``"2 wood + 1 copper"``."""
    values = list(a[:4]) if isinstance(a, tuple) else [a.c, a.w, a.cu, a.cr]
    parts = [f"{n} {RESOURCE_NAMES[k]}" for k, n in zip(KINDS, values, strict=True) if n]
    return " + ".join(parts) or "nothing"


def _kind(k: str) -> str:
    return RESOURCE_NAMES.get(k, k)


def said(state: State, text: str) -> str:
    """`text`, decided in `state`, in words."""
    seat = _actor(state)
    who = state.names[seat]
    words = text.split()
    verb, args = words[0], words[1:]
    c = content()
    if verb == "place":  # the fragment is told beside the card, never instead of it
        i = int(args[0]) - 1
        frag = state.belt_frags[i]
        with_frag = f", with its {COLOUR_NAMES[frag]} fragment" if frag else ""
        cost = price(Working(state), seat, i)
        return (
            f"{who} reserves place {args[0]}: {machine_name(state.belt[i])} for {cost} charcoalium{with_frag}"
        )
    if verb in ("x1", "x2"):
        return f"{who} goes to extractor {verb.upper()}"
    if verb == "use":
        si, sj = (int(x) for x in args[0].split("."))
        code = state.seats[seat].slots[si][sj]
        extra = ""
        if len(args) > 1:
            a = args[1]
            if a in COLOUR_NAMES:
                extra = f", adding {a_fragment(a)} to the dream"
            elif a in c.machine:
                extra = f" on a broken {machine_name(a)}"
            else:
                extra = " (" + " to ".join(_kind(k) for k in a.split(">")) + ")"
        return f"{who} uses {machine_name(code)}{extra}"
    if verb == "smelt":
        return f"{who} smelts wood into crystal"
    if verb == "end":
        return f"{who} ends {'B1' if state.phase == 'b1' else 'the turn'}"
    if verb == "dial":
        return f"{who} sets the dial to {args[0].replace('+', ' and ')}"
    if verb == "repair":
        return f"{who} repairs {machine_name(args[0])} into slot {int(args[1]) + 1}"
    if verb == "dismantle":
        if "." in args[0]:
            si, sj = (int(x) for x in args[0].split("."))
            return f"{who} dismantles the repaired {machine_name(state.seats[seat].slots[si][sj])}"
        return f"{who} dismantles a broken {machine_name(args[0])}"
    if verb in ("buy", "sell"):
        return f"{who} {'buys' if verb == 'buy' else 'sells'} 1 {_kind(args[0])}"
    if verb == "extract":
        return f"{who} extracts charcoalium"
    if verb == "recruit":
        return f"{who} recruits the {c.assistant[args[0]].name}"
    if verb == "move":
        si, sj = (int(x) for x in args[0].split("."))
        code = state.seats[seat].slots[si][sj]
        return f"{who} moves {machine_name(code)} to slot {int(args[1]) + 1}"
    if verb == "wake":
        return f"{who} discards the nightmare at the end of their dream"
    if verb == "daydream":
        return f"{who} daydreams instead of {args[0]}"
    if verb == "dream":
        return f"{who} adds {a_fragment(args[0])} to the dream"
    if verb in ("stop", "done"):
        return f"{who} is done"
    if verb == "fork":
        return f"{who} takes the branch to {args[0]}"
    if verb == "nightmare":
        if args[0] == "none":
            return f"{who} lays no nightmare"
        target = [state.names[i] for i, p in enumerate(state.seats) if p.team == int(args[0])]
        return f"{who} lays a nightmare in the dream of {' and '.join(target)}"
    if verb in ("hand", "keep"):
        return f"{who} {'hands over' if verb == 'hand' else 'keeps'} {a_fragment(args[0])}"
    if verb == "sleep":
        return f"{who} takes the {COLOUR_NAMES[state.belt_frags[int(args[0]) - 1]]} fragment from place {args[0]}"
    if verb == "tangle":
        return f"{who} tangles slot {int(args[0]) + 1}"
    if verb in ("pick", "take", "bonus"):
        return f"{who} chooses {_kind(args[0])}"
    if verb == "leave":
        return f"{who} leaves 1 {_kind(args[0])} behind"
    return f"{who}: {text}"


def said_for(state: State, text: str, viewer: int | None) -> str | None:
    """`text` as `viewer` may read it: a fragment kept from a draw is secret outside the team."""
    if text.startswith("keep ") and state.asks and state.asks[-1].kind == "keep":
        seat = state.asks[-1].seat
        if viewer is None or state.seats[viewer].team != state.seats[seat].team:
            return f"{state.names[seat]} keeps one of the fragments drawn and discards the rest face up"
    return said(state, text)


def prompt(state: State) -> str:
    """The pending decision of `state`, in words."""
    if state.phase == "over":
        return "the game is over"
    if state.asks:
        return PROMPTS[state.asks[-1].kind]
    return {
        "plan": "choose a belt place or an extractor",
        "b1": "use your machines, then end B1",
        "dial": "set your dial",
        "b3": "take your actions, then end the turn",
    }[state.phase]

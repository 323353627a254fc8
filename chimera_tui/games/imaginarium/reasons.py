"""Why nothing can be done at a place now, in the rules' words: what Enter on a dimmed place says.

Pure functions over the seat's view, asking the rules core's own functions (prices, budgets, what a card
does, what the dial allows). The screen shows them; they live in the rules core, as the other games' reasons
(`ImaginariumRules.why_not` says why a notation is refused; this says why a place offers nothing).
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.belt import budget, price
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import ACTIONS, State
from chimera_tui.games.imaginarium.wording import ACTION_NAME, amounts_words, machine_name
from chimera_tui.games.imaginarium.work import Working, tables

STEP = {
    "plan": "planning (phase A)", "b1": "the machine step (B1)", "dial": "setting the dial (B3)",
    "b3": "the dial's actions (B3)",
}  # fmt: skip


def why_not(state: State, seat: int, key: str) -> str:
    """Why no legal action of `seat` concerns the place `key` now (the seat is deciding)."""
    kind, _, rest = key.partition(":")
    ask = state.asks[-1] if state.asks else None
    if ask is not None:
        return _ask_reason(state, ask.kind)
    w = Working(state)
    if kind in ("place", "x1", "x2"):
        return _belt(state, w, seat, kind, rest)
    if kind == "meet":
        return _recruit(state, w, seat, rest)
    if kind == "proj":
        return "Projects are completed by themselves at the end of a turn when you meet their condition."
    if kind in ("slot", "broken", "dial", "act", "helper"):
        owner = int(rest.split(":")[0])
        if state.seats[owner].team != state.seats[seat].team or (owner != seat and kind != "broken"):
            return f"That is {state.names[owner]}'s workshop."
        if kind in ("dial", "act"):
            return _dial(state, seat, kind, int(rest.split(":")[1]))
        if kind == "slot":
            return _slot(state, w, seat, int(rest.split(":")[1]))
        if kind == "broken":
            return _broken(
                state, w, seat, state.teams[state.seats[seat].team].broken[int(rest.split(":")[1])]
            )
        return "This assistant works by itself; nothing to choose here now."
    if kind == "space":
        return "Tokens move when fragments join a dream: daydream instead of a dial action, or use an Achievette."
    if kind == "dream":
        return "Fragments join your dream by a daydream (in place of one of your two dial actions) or an Achievette."
    return f"Now: {STEP.get(state.phase, state.phase)}. The lit places (or c) show what you may choose."


def _ask_reason(state: State, kind: str) -> str:
    words = {
        "sleep": "The Sleepwalker takes the fragment of a belt machine with no figure on it: the lit places.",
        "tangle": "Choose one of the lit slots to tangle (a slot holding a working machine).",
        "fork": "Choose one of the lit spaces: the two branches out of the fork.",
    }
    return words.get(kind, "A choice is waiting: c lists it.")


def _belt(state: State, w: Working, seat: int, kind: str, rest: str) -> str:
    if state.phase != "plan":
        return (
            f"Figures go to the belt in planning (phase A); now it is {STEP.get(state.phase, state.phase)}."
        )
    if kind == "x1":
        return f"Extractor X1 holds one figure, and {state.names[state.x1]}'s is there."
    if kind == "x2":
        return "Extractor X2 takes any number of figures."
    i = int(rest) - 1
    if not state.belt[i]:
        return f"There is no machine on place {rest}."
    if state.reserved[i] >= 0:
        return f"{state.names[state.reserved[i]]}'s figure already stands on place {rest}."
    cost, money = price(w, seat, i), budget(w, seat)
    t = tables()
    parts = f"{t.surcharges[i]} for the place + level {t.level[state.belt[i]]}"
    team = " once your partner's reservations are counted" if state.team_play else ""
    return f"Place {rest} costs {cost} C ({parts}); you can spend {money} C{team}."


def _recruit(state: State, w: Working, seat: int, aid: str) -> str:
    a = content().assistant[aid]
    reason = _not_on_dial(state, 5)
    if reason:
        return reason
    if len(state.seats[seat].assistants) >= content().economy.assistant_limit:
        return f"You already have {content().economy.assistant_limit} assistants, the most allowed."
    money = state.teams[state.seats[seat].team].stock[0]
    return f"The {a.name} costs {a.cost} C; you have {money} C."


def _not_on_dial(state: State, action: int) -> str | None:
    """Why dial action `action` cannot be done now, or None when it can (as far as the dial goes)."""
    name = ACTION_NAME[ACTIONS[action]]
    if state.phase != "b3":
        return f"{name} is a dial action: it comes after your machines and the pick-up (now: {STEP.get(state.phase, state.phase)})."
    if state.current:
        return f"Finish the {state.current} in progress first (n ends it)."
    if action not in state.acts:
        left = " and ".join(ACTION_NAME[ACTIONS[a]] for a in state.acts) or "nothing"
        return f"{name} is not on your dial now (left this turn: {left})."
    return None


def _dial(state: State, seat: int, kind: str, n: int) -> str:
    if kind == "act":
        return _not_on_dial(state, n) or f"Nothing more to do with {ACTION_NAME[ACTIONS[n]]} now."
    if state.phase != "dial":
        return f"The dial is set once a turn, after the machines and the pick-up (now: {STEP.get(state.phase, state.phase)})."
    pair = (n, (n + 1) % 6)
    if sorted(state.seats[seat].dial) == sorted(pair):
        return "The dial must move: this was its position in your last turn."
    return "Choose one of the lit positions."


def _slot(state: State, w: Working, seat: int, i: int) -> str:
    sl = state.seats[seat].slots[i]
    t = tables()
    if state.phase == "plan":
        return "Machines work in your turn (B1), after planning."
    if state.phase == "b1":
        if not sl:
            return "An empty slot: nothing to use."
        if state.seats[seat].tangled[i]:
            return "This slot is tangled: its machines do nothing until the end of this machine step."
        return " ".join(_use_reason(state, w, seat, code) for code in sl)
    if state.phase == "dial":
        return "Set the dial first (Enter on one of its lit positions)."
    if not sl:
        repair = _not_on_dial(state, 0)
        if repair:
            return f"An empty slot. {repair}"
        if not state.teams[state.seats[seat].team].broken:
            return "An empty slot, but you have no broken machine to repair into it."
        return "An empty slot, but you cannot afford to repair any of your broken machines."
    for action in (2, 3):
        if _not_on_dial(state, action) is None:
            break
    else:
        names = ", ".join(machine_name(c) for c in sl)
        return f"{names}: dismantling or moving it needs Dismantle or Reorganize on your dial."
    if any(t.type[c] == "special" for c in sl):
        return "Special machines cannot be dismantled (the Magpie allows it), and no move fits here."
    return "No move fits this slot: pairs need compatible machines and room."


def _use_reason(state: State, w: Working, seat: int, code: str) -> str:
    t = tables()
    m = t.machine[code]
    if m.use != "optional":
        return (
            f"{m.name} works by itself ({'always on' if m.use == 'passive' else 'at the start of the turn'})."
        )
    first = m.ops[0]
    stock = state.teams[state.seats[seat].team].stock
    if first.op == "pay":
        need = (first.c, first.w, first.cu, first.cr)
        if any(stock[k] < need[k] for k in range(4)):
            return f"{m.name} needs {amounts_words(need)} to work; you have {amounts_words(stock)}."
    if first.op == "pay_any" and all(stock[("c", "w", "cu", "cr").index(k)] < first.n for k in first.kinds):
        return f"{m.name} needs {first.n} of one kind ({', '.join(first.kinds)}); you have too few."
    if first.op == "recycle" and not state.teams[state.seats[seat].team].broken:
        return f"{m.name} recycles a broken machine, and you have none."
    if first.op == "dream":
        return f"{m.name} adds a fragment of a colour not yet placed this turn; you have none to place."
    return f"{m.name} has been used as often as it may this turn."


def _broken(state: State, w: Working, seat: int, code: str) -> str:
    t = tables()
    name = machine_name(code)
    if state.phase != "b3":
        return (
            f"{name} lies broken: it is repaired or dismantled with the dial's actions, after your machines "
            f"and the pick-up (now: {STEP.get(state.phase, state.phase)})."
        )
    if state.current:
        return f"Finish the {state.current} in progress first (n ends it)."
    repair, dismantle = _not_on_dial(state, 0), _not_on_dial(state, 2)
    if repair and dismantle:
        left = " and ".join(ACTION_NAME[ACTIONS[a]] for a in state.acts) or "nothing"
        return f"{name}: neither Repair nor Dismantle is on your dial now (left this turn: {left})."
    reasons = []
    if not repair:
        if not any(not sl for sl in state.seats[seat].slots):
            reasons.append("no slot is empty to repair it into")
        else:
            reasons.append(f"its repair costs {amounts_words(t.repair[code])}, more than you have")
    if not dismantle and t.type[code] == "special" and w.has(seat, "dismantle_special") is None:
        reasons.append("special machines cannot be dismantled (the Magpie allows it)")
    return f"{name}: " + "; ".join(reasons or ["nothing to do with it now"]) + "."

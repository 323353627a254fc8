"""Imaginarium in words for the screen: machines, stocks, fragments, each legal action as a choice, the pending
decision, and a place's details. Pure functions over states (a seat's view); no Textual here.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium import prompt
from chimera_tui.games.imaginarium.belt import price
from chimera_tui.games.imaginarium.card_texts import describe_op
from chimera_tui.games.imaginarium.components import Amounts, Op
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.machine_step import opponents
from chimera_tui.games.imaginarium.state import ACTIONS, COLOURS, FRAGS, KINDS, State
from chimera_tui.games.imaginarium.vocabulary import RESOURCE_NAMES
from chimera_tui.games.imaginarium.wording import ACTION_NAME, COLOUR_NAMES, amounts_words, machine_name
from chimera_tui.games.imaginarium.work import Working
from chimera_tui.ui.widgets.round_chart import MARKS

KIND_LETTER = {"c": "C", "w": "W", "cu": "Cu", "cr": "Cr"}
"""Each kind's short letter(s), as on the cards."""
TYPE_WORD = {
    "production": "prod.",
    "transformation": "transf.",
    "attack": "attack",
    "defense": "defense",
    "special": "special",
}
"""Machine types in a word that fits a belt place."""
ACTION_SHORT = {
    "repair": "Rep",
    "transactions": "Tra",
    "dismantle": "Dis",
    "reorganize": "Reo",
    "extraction": "Ext",
    "recruit": "Rec",
}
"""The dial's actions in three letters (the ring's labels)."""
PHASE_WORDS = {"plan": "A · planning", "b1": "B1 · machines", "dial": "B3 · dial", "b3": "B3 · actions"}
"""The round's phases and steps, as the header names them."""


def mark(seat: int) -> str:
    """The seat's shape (its colour carries the same)."""
    return MARKS[seat % len(MARKS)]


def who(state: State, seat: int) -> str:
    """A seat as its mark and name."""
    return f"{mark(seat)} {state.names[seat]}"


def team_seats(state: State, team: int) -> list[int]:
    return [i for i, p in enumerate(state.seats) if p.team == team]


def team_name(state: State, team: int) -> str:
    """A team as its players' names ("Ada & Cy"; a solo player's name)."""
    return " & ".join(state.names[i] for i in team_seats(state, team))


def team_mark(state: State, team: int) -> tuple[str, int]:
    """The mark and colour index of a team's token: its first seat's."""
    first = team_seats(state, team)[0]
    return mark(first), first


def short(name: str, width: int) -> str:
    """`name` in at most `width` characters (cut with a full stop)."""
    return name if len(name) <= width else name[: max(0, width - 1)] + "."


def amounts(a: Amounts | Op | tuple[int, ...], vp: bool = True) -> str:
    """``"2W1Cu"``: non-zero kinds in card letters (and VP)."""
    if isinstance(a, tuple):
        values = list(a[:4])
        v = a[4] if len(a) > 4 else 0
    else:
        values = [a.c, a.w, a.cu, a.cr]
        v = a.vp
    out = "".join(f"{n}{KIND_LETTER[k]}" for k, n in zip(KINDS, values, strict=True) if n)
    if vp and v:
        out += f"{v}VP"
    return out


def stock_line(stock: tuple[int, ...]) -> str:
    return "  ".join(f"{KIND_LETTER[k]} {n}" for k, n in zip(KINDS, stock, strict=True))


def frags_line(frags: tuple[int, ...]) -> str:
    return " ".join(f"{f}{n}" for f, n in zip(FRAGS, frags, strict=True) if n) or "none"


def colour_word(letter: str) -> str:
    return f"{COLOUR_NAMES.get(letter, letter)} ({letter})"


def a_colour(letter: str) -> str:
    """The colour with its article: "a romance (R)", "an escape (E)"."""
    word = colour_word(letter)
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def effect_short(code: str) -> str:
    """What a machine does, in a few characters: ``"→1W"``, ``"W→Cu"``, ``"steals C"``, ``"guards"``."""
    m = content().machine[code]
    first = m.ops[0]
    if first.op == "produce":
        return "→" + amounts(first)
    if first.op in ("pay", "pay_any") and len(m.ops) > 1:
        paid = amounts(first) if first.op == "pay" else f"{first.n}?"
        gain = m.ops[1]
        got = amounts(gain) if gain.op == "gain" else f"{gain.n}?"
        return f"{paid}→{got}"
    return {
        "steal": "steals " + "/".join(KIND_LETTER[k] for k in first.kinds),
        "steal_fragment": "steals frag.",
        "tangle": "tangles",
        "protect": "guards",
        "recycle": "recycles",
        "project_vp": "+VP/proj.",
        "dream": "dreams",
    }.get(first.op, first.op)


def machine_detail(code: str) -> str:
    """A machine's card in one line: type, level, repair cost, effect, combinations."""
    from chimera_tui.games.imaginarium.card_texts import describe_machine

    m = content().machine[code]
    combos = (
        "never combines" if m.no_combination else "combines with " + (" ".join(m.combines_with) or "none")
    )
    return f"{m.type}, level {m.level}, repair {amounts_words(m.repair)} · {describe_machine(m)} · {combos}"


# -- the pending decision and the turn ------------------------------------------------------------------


def actor(state: State) -> int | None:
    if state.phase == "over":
        return None
    if state.asks:
        return state.asks[-1].seat
    return state.initiative[state.cursor] if state.phase == "plan" else state.order[state.cursor]


def turn_seat(state: State) -> int | None:
    """The seat whose planning or turn it is (an out-of-turn ask does not change it)."""
    if state.phase == "over":
        return None
    order = state.initiative if state.phase == "plan" else state.order
    return order[state.cursor] if state.cursor < len(order) else None


def prompt_words(state: State) -> str:
    """The pending decision, more fully than the rules' prompt where the screen knows more."""
    if state.phase == "b3" and not state.asks:
        if state.current == "transactions":
            return f"trade one unit at a time ({state.trades} left), then done"
        if state.current == "reorganize":
            return "move machines one at a time (Enter on a slot), then done"
        if state.current == "daydream":
            placed = " ".join(state.placed) or "none yet"
            return f"daydream: choose the next fragment (placed: {placed}), or stop"
        left = [ACTION_NAME[ACTIONS[a]] for a in state.acts]
        daydream = " or a daydream" if could_daydream(state) else ""
        return f"your actions: {' and '.join(left) or 'none left'}{daydream}; n ends the turn"
    return prompt(state)


def could_daydream(state: State) -> bool:
    """Whether the seat whose turn it is could daydream now, as far as this view shows: the Chimera
    expansion, no daydream yet this turn, a dial action left to give up, and a coloured fragment behind its
    screen (another team's screen hides its fragments, so their daydream is never announced)."""
    seat = turn_seat(state)
    if seat is None or not state.chimera or state.dreamed or not state.acts:
        return False
    frags = state.teams[state.seats[seat].team].frags
    return any(n > 0 for n in frags[: len(COLOURS)])


def left_this_turn(state: State) -> str:
    """What is still to come in this turn, in a few words (for the header)."""
    if state.phase == "plan":
        rest = [state.names[s] for s in state.initiative[state.cursor + 1 :]]
        return "then " + ", ".join(rest) if rest else "last to plan"
    if state.phase == "b1":
        return "then pick-up, dial, actions"
    if state.phase == "dial":
        return "then two actions"
    if state.phase == "b3":
        left = [ACTION_SHORT[ACTIONS[a]] for a in state.acts]
        dream = ", daydream" if could_daydream(state) else ""
        return f"left: {', '.join(left) or 'no action'}{dream}, then projects"
    return ""


# -- choices --------------------------------------------------------------------------------------------


def _use_words(state: State, seat: int, args: list[str]) -> str:
    si, sj = (int(x) for x in args[0].split("."))
    code = state.seats[seat].slots[si][sj]
    m = content().machine[code]
    head = f"{m.name} ({code}), slot {si + 1}"
    arg = args[1] if len(args) > 1 else ""
    first = m.ops[0]
    if first.op == "recycle":
        return f"{head}: recycle the broken {machine_name(arg)} for its repair cost less one unit, plus {first.c} C"
    if first.op == "dream":
        return f"{head}: add {a_colour(arg)} fragment to your dream"
    if first.op == "pay_any":
        kinds = arg.split(">")
        paid = f"{first.n} {RESOURCE_NAMES[kinds[0]]}"
        gain = m.ops[1]
        got = (
            f"{gain.n} {RESOURCE_NAMES[kinds[1]]}"
            if gain.op == "gain_any" and len(kinds) > 1
            else amounts_words(gain.amounts)
        )
        return f"{head}: pay {paid}, gain {got}"
    return f"{head}: " + ", then ".join(describe_op(op) for op in m.ops)


def choice_words(state: State, text: str) -> str:
    """A legal action of the seat to act, in words from that seat's point of view."""
    seat = actor(state)
    if seat is None:
        return text
    c = content()
    words = text.split()
    verb, args = words[0], words[1:]
    if verb == "place":
        i = int(args[0]) - 1
        code = state.belt[i]
        m = c.machine[code]
        cost = price(Working(state), seat, i)
        frag = f", with {a_colour(state.belt_frags[i])} fragment" if state.belt_frags[i] else ""
        return (
            f"Reserve place {args[0]}: {m.name} ({code}), {m.type} level {m.level}{frag}; "
            f"pay {cost} C when you pick it up in your turn"
        )
    if verb in ("x1", "x2"):
        x = next(e for e in c.belt.extractor if e.id == verb.upper())
        room = "one figure" if x.capacity != "any" else "any number of figures"
        return f"Go to extractor {x.id}: take {x.gives + _more(state, seat, 'extractor_bonus')} charcoalium in your turn ({room})"
    if verb == "use":
        return "Use " + _use_words(state, seat, args)
    if verb == "smelt":
        return "Smelter: pay 2 wood, gain 1 crystal"
    if verb == "end":
        if state.phase == "b1":
            return "End the machine step: pick up your machine, then set your dial"
        return "End your turn (projects you now meet are completed)"
    if verb == "dial":
        a, b = args[0].split("+")
        return f"Set the dial to {ACTION_NAME[a]} and {ACTION_NAME[b]}"
    if verb == "repair":
        pay = list(_repair_cost(args[0]))
        less = ""
        if len(args) > 2:
            pay[KINDS.index(args[2])] -= 1
            less = f" (1 {RESOURCE_NAMES[args[2]]} less: Tinker)"
        return f"Repair {machine_name(args[0])} into slot {int(args[1]) + 1} for {amounts_words(tuple(pay))}{less}"
    if verb == "dismantle":
        if "." in args[0]:
            si, sj = (int(x) for x in args[0].split("."))
            code = state.seats[seat].slots[si][sj]
            return f"Dismantle the repaired {machine_name(code)} in slot {si + 1}: twice its repair cost back"
        return f"Dismantle the broken {machine_name(args[0])}: its repair cost back, less one unit"
    if verb in ("buy", "sell"):
        rate = c.rate[args[0]]
        if verb == "buy":
            off = Working(state).has(seat, "buy_discount")
            return f"Buy 1 {RESOURCE_NAMES[args[0]]} for {max(0, rate.buy - (off.c if off else 0))} C"
        return f"Sell 1 {RESOURCE_NAMES[args[0]]} for {rate.sell} C"
    if verb == "extract":
        return f"Extraction: gain {c.economy.extraction + _more(state, seat, 'extraction_bonus')} charcoalium"
    if verb == "recruit":
        from chimera_tui.games.imaginarium.card_texts import describe_assistant

        helper = c.assistant[args[0]]
        return f"Recruit the {helper.name} for {helper.cost} C: {describe_assistant(helper)}"
    if verb == "move":
        si, sj = (int(x) for x in args[0].split("."))
        code = state.seats[seat].slots[si][sj]
        dest = state.seats[seat].slots[int(args[1])]
        with_ = f", pairing it with {machine_name(dest[0])}" if dest else ""
        split = " (splitting the pair)" if len(state.seats[seat].slots[si]) > 1 else ""
        return f"Move {machine_name(code)} from slot {si + 1} to slot {int(args[1]) + 1}{with_}{split}"
    if verb == "wake":
        return "Discard the nightmare at the end of your dream"
    if verb == "daydream":
        return f"Daydream instead of {ACTION_NAME[args[0]]}: place fragments in your dream"
    if verb == "dream":
        from chimera_tui.games.imaginarium.dream import run_before

        steps = 1 + run_before(state.teams[state.seats[seat].team].dream, args[0])
        return f"Place {a_colour(args[0])} fragment in your dream: your token moves {steps}"
    if verb == "stop":
        return "Stop placing fragments"
    if verb == "done":
        return {"transactions": "Done trading", "reorganize": "Done reorganizing"}.get(state.current, "Done")
    return _ask_words(state, seat, verb, args)


def _more(state: State, seat: int, bonus: str) -> int:
    """The charcoalium `seat`'s assistants add to an extraction (``extraction_bonus``: the Foreman) or to a
    figure's take at an extractor (``extractor_bonus``: the Coal Runner)."""
    op = Working(state).has(seat, bonus)
    return op.c if op is not None else 0


def _repair_cost(code: str) -> tuple[int, int, int, int]:
    r = content().machine[code].repair
    return (r.c, r.w, r.cu, r.cr)


def _ask_words(state: State, seat: int, verb: str, args: list[str]) -> str:
    """An answer to a pending ask, in words."""
    ask = state.asks[-1] if state.asks else None
    arg = args[0] if args else ""
    if verb == "sleep":
        i = int(arg) - 1
        return f"Take the {colour_word(state.belt_frags[i])} fragment from place {arg} (Sleepwalker)"
    if verb in ("bonus", "take"):
        return f"Take 1 {RESOURCE_NAMES[arg]}"
    if verb == "pick" and ask is not None:
        victim = opponents(Working(state), seat, True)[ask.b]
        return f"Steal {RESOURCE_NAMES[arg]} from {team_name(state, victim)}"
    if verb == "tangle" and ask is not None:
        victim = opponents(Working(state), seat, False)[ask.b]
        codes = " + ".join(machine_name(c) for c in state.seats[victim].slots[int(arg)])
        return f"Tangle {state.names[victim]}'s slot {int(arg) + 1}: {codes}"
    if verb == "hand":
        return f"Hand over {a_colour(arg)} fragment"
    if verb == "keep":
        return f"Keep the {colour_word(arg)} fragment (the others are discarded face up)"
    if verb == "leave":
        return f"Leave 1 {RESOURCE_NAMES[arg]} behind and take the rest of the repair cost"
    if verb == "fork":
        return f"Take the branch to {arg}"
    if verb == "nightmare":
        if arg == "none":
            return "Lay no nightmare"
        return f"Lay a nightmare at the end of {team_name(state, int(arg))}'s dream"
    return " ".join([verb, *args])


def fragments_left(state: State, seat: int) -> str:
    """The colours the seat's team holds, for a daydream's context."""
    frags = state.teams[state.seats[seat].team].frags
    return ", ".join(f"{n} {COLOUR_NAMES[f]}" for f, n in zip(FRAGS, frags, strict=True) if n > 0) or "none"


__all__ = ["COLOURS", "MARKS"]

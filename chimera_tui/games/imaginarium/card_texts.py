"""Card texts: the same ops the rules core carries out, turned into the text shown in the rules panel, so a
card's text, its rules topic and its code cannot disagree.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.components import Amounts, Assistant, ContentError, Machine, Op, Project
from chimera_tui.games.imaginarium.vocabulary import PAIR_GAINS, PARTNERS, RESOURCE_NAMES, RESOURCES, THREATS


def amounts_text(amounts: Amounts | Op, joiner: str = " + ") -> str:
    """``"2 wood + 1 copper"``: the non-zero kinds of `amounts`, VP last; ``"nothing"`` when all are 0."""
    parts = [f"{getattr(amounts, k)} {RESOURCE_NAMES[k]}" for k in RESOURCES if getattr(amounts, k)]
    if amounts.vp:
        parts.append(f"{amounts.vp} VP")
    return joiner.join(parts) or "nothing"


def _listing(items: list[str], last: str = "and") -> str:
    """``"a, b and c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _kinds_text(kinds: tuple[str, ...]) -> str:
    return _listing([RESOURCE_NAMES[k] for k in kinds], "or")


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def describe_op(op: Op) -> str:
    """One op in words (a sentence fragment, no final full stop)."""
    match op.op:
        case "produce":
            return f"makes {amounts_text(op, ' and ')}"
        case "pay":
            return f"pay {amounts_text(op)}"
        case "pay_any":
            what = _kinds_text(op.kinds)
            return f"pay {op.n} {what}" if op.n == 1 else f"pay {op.n} of one kind ({what})"
        case "gain":
            return f"gain {amounts_text(op, ' and ')}"
        case "gain_any":
            return f"gain {op.n} of another kind ({_kinds_text(op.kinds)})"
        case "steal":
            choice = " (your choice)" if len(op.kinds) > 1 else ""
            return f"takes {op.n} {_kinds_text(op.kinds)}{choice} from each opposing {op.target}"
        case "steal_fragment":
            return (
                "each opposing team holding a fragment hands you one of its choice (a nightmare is allowed); "
                "keep 1 of them behind your screen and discard the rest"
            )
        case "tangle":
            return (
                "tangles one slot of each opposing player, chosen by you; tangled machines do nothing until "
                "the end of their owner's next machine step"
            )
        case "protect":
            return "protects your team against " + _listing([THREATS[t] for t in op.threats])
        case "recycle":
            return (
                "discard one broken machine you hold for as many units as its level, chosen from its repair "
                f"cost, plus {op.c} charcoalium"
            )
        case "project_vp":
            return f"gain {op.vp} VP each time you complete a project"
        case "dream":
            return (
                f"add {op.n} fragment from behind your screen to your dream; it moves your dream token as in "
                "a daydream"
            )
        case "free_dial":
            return "choose any 2 different actions each turn, ignoring the dial, but not last turn's pair"
        case "extraction_bonus":
            return f"the Extraction action gives {op.c} more charcoalium"
        case "repair_discount":
            return f"each repair costs {op.n} fewer resource of your choice (at least 1 is still paid)"
        case "buy_discount":
            return f"buying in Transactions costs {op.c} charcoalium less per unit"
        case "trade_limit":
            return f"Transactions allow {op.n} unit trades"
        case "dismantle_gain":
            extra = [amounts_text(op.amounts, " and ")] if op.c or op.vp else []
            if op.n:
                extra.append(f"{op.n} {_kinds_text(op.kinds)} of your choice")
            return f"dismantling a {op.target} machine also gives {' and '.join(extra)}"
        case "trio_slot":
            return (
                f"{op.n} of your slots may hold 3 combined machines; the third must combine with both and "
                "adds its pair gain again"
            )
        case "price_discount":
            return f"the machine you pick up costs {op.c} charcoalium less (never below 0)"
        case "late_project_vp":
            return f"a project someone completed before you scores you {op.vp} VP"
        case "extractor_bonus":
            return f"taking charcoalium at an extractor gives {op.c} more"
        case "start_gain":
            return f"at the start of your turn, gain {amounts_text(op, ' and ')}"
        case "extra_slot":
            return f"your workshop has {op.n} more slot" + ("s" if op.n > 1 else "")
        case "belt_fragment":
            return (
                "take the fragment from one belt machine nobody has reserved, at the start of your turn; "
                "it is not replaced at the reset"
            )
        case "ignore_nightmare_limit":
            return "even after a nightmare you may place several fragments at once, all of different colours"
        case "dismantle_special":
            return "you may dismantle special machines"
        case "dismantle_fragment":
            which = "any" if op.target == "any" else f"a {op.target}"
            return f"dismantling {which} machine gives {op.n} more fragment from the top of the pile"
        case "dismantle_full_cost":
            return f"dismantling a {op.target} machine gives its whole repair cost, whatever its level"
        case "machines":
            return f"at least {op.n} {' or '.join(op.kinds)} machines in your workshop, paired or not"
        case "slots_filled":
            return "a machine in every slot of your workshop"
        case "pairs":
            return f"at least {op.n} slots each holding a combined pair"
        case "stock":
            return f"at least {amounts_text(op, ', ')} behind your screen"
        case "assistants":
            return f"at least {op.n} assistants"
        case "level_sum":
            return f"repaired machines whose levels add up to {op.n} or more"
        case "production_kinds":
            return f"working production machines that make at least {op.n} different kinds between them"
        case "broken":
            return f"at least {op.n} broken machines beside your workshop"
        case "dream_run":
            return f"at least {op.n} fragments of the same colour in a row in your dream"
        case "types_in_slots":
            return _listing([f"{_article(t)} {t}" for t in op.kinds]) + " machine, each in a different slot"
    raise ContentError(f"unknown op {op.op!r}")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _effect(ops: tuple[Op, ...], uses: int) -> str:
    """Ops in words; a pay... gain... chain reads as one conversion, limited to `uses` per turn."""
    if ops and ops[0].op in {"pay", "pay_any"}:
        text = ", then ".join(describe_op(op) for op in ops)
        return _sentence(f"{_times(uses)} per turn, you may {text}" if uses else text)
    text = "; ".join(describe_op(op) for op in ops)
    if uses:
        return _sentence(f"{_times(uses)} per turn, you may {text}")
    return _sentence(text)


def describe_machine(m: Machine) -> str:
    """A machine's card text, from its ops, use and pair gain."""
    text = _effect(m.ops, m.uses)
    if m.use == "auto":
        text = "Works by itself in the machine step: " + text[:1].lower() + text[1:]
    if m.pair_gain is not None:
        gain = PAIR_GAINS[m.pair_gain.gain].format(n=m.pair_gain.n, times=_times(m.pair_gain.n))
        text += f" Paired with {PARTNERS[m.pair_gain.partner]}: {gain}."
    if m.no_combination:
        text += " Never combines."
    return text


def describe_assistant(a: Assistant) -> str:
    """An assistant's card text, from its ops."""
    return _effect(a.ops, a.uses)


def describe_project(p: Project) -> str:
    """A project's condition in words, from its conditions."""
    return _sentence("have " + " and ".join(describe_op(c) for c in p.conditions))

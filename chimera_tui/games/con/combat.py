"""Actions, attacking and taking damage, counterattacks, statuses and keywords (CN-ACTION, CN-ATTACK,
CN-STATUS).

Notation of the Action step: ``attack pN`` (the plain Might-versus-Speed attack every chimera has),
``use CODE.i pN`` (action i of a part; Petrify attacks add the slot aimed at: ``h``/``b``/``r``),
``use CODE.i`` (a heal), ``mutate CODE``, ``fly``, ``land``, ``rest`` (no action).

An attack rolls both sides' dice at once, then opens the roll window for cheats; `resolve` settles it when the
window closes.
"""

from __future__ import annotations

from typing import Literal

from chimera_tui.games.con.content import STATS
from chimera_tui.games.con.state import AIRBORNE, NEGATIVE, POISONED, Attack
from chimera_tui.games.con.work import (
    CARDS,
    Working,
    armor,
    can_fly,
    check_alive,
    digits,
    fits_chimera,
    ground_if_needed,
    heal,
    health_left,
    stat_of,
    swap_part,
    totals,
)
from chimera_tui.games.con.work import (
    action_of as action_of,  # also read here by the screen's words
)

SLOT_LETTERS = "hbr"

After = Literal["", "settle", "roll"]
"""What the sequencer does after an action: nothing, settle the round (a chimera may have fallen), or open
the roll window for the attack just declared."""


def can_hit(w: Working, attacker: int, target: int, aerial: bool) -> bool:
    """Airborne chimeras are hit only by Aerial attacks and attack only with them (CN-STATUS-16, -19, -20)."""
    return aerial or not (w.status[attacker] & AIRBORNE or w.status[target] & AIRBORNE)


def act_options(w: Working) -> list[str]:
    s = w.active
    parts = w.parts[s]
    targets = [t for t in range(w.n()) if t != s and w.alive[t]]
    out = [f"attack p{t + 1}" for t in targets if can_hit(w, s, t, False)]
    for code in parts:
        if not code or code in w.petrified:
            continue
        for i, a in enumerate(CARDS[code].actions):
            if a.effect == "heal":
                if w.damage[s] and not w.status[s] & NEGATIVE:
                    out.append(f"use {code}.{i}")
                continue
            aerial = "Aerial" in a.keywords
            for t in targets:
                if not can_hit(w, s, t, aerial):
                    continue
                if "Petrify" in a.keywords:
                    out.extend(
                        f"use {code}.{i} p{t + 1} {SLOT_LETTERS[k]}" for k, c in enumerate(w.parts[t]) if c
                    )
                else:
                    out.append(f"use {code}.{i} p{t + 1}")
    out.extend(f"mutate {c}" for c in w.hands[s] if fits_chimera(parts, c))
    if w.status[s] & AIRBORNE:
        out.append("land")
    elif can_fly(parts, w.petrified):
        out.append("fly")
    out.append("rest")
    return out


def family_dice(w: Working, seat: int, card: str) -> int:
    """One die per other part of the action's family (CN-ACTION-09 to -11)."""
    fam = CARDS[card].family
    return sum(1 for c in w.parts[seat] if c and c != card and CARDS[c].family == fam)


def do_act(w: Working, text: str) -> After:
    """Take the Action step's decision; what comes next is for the sequencer (`After`)."""
    s = w.active
    words = text.split()
    verb = words[0]
    w.step = "discard"
    if verb == "rest":
        return ""
    if verb == "fly":
        w.status[s] |= AIRBORNE
        return ""
    if verb == "land":
        w.status[s] &= ~AIRBORNE
        return ""
    if verb == "mutate":
        swap_part(w, s, words[1])
        return "settle"
    if verb == "attack":
        declare(w, s, int(words[1][1:]) - 1, "", 0, -1)
        return "roll"
    code, _, idx = words[1].partition(".")
    a = CARDS[code].actions[int(idx)]
    if a.effect == "heal":
        extra = family_dice(w, s, code) if a.kind == "special" else 0
        roll = w.dice(stat_of(w, s, STATS.index(a.stat)) + extra)
        healed = heal(w, s, a.amount) if sum(roll) >= a.requirement else -1
        w.tell_dice("heal", s, code, int(idx), digits(roll), a.requirement, healed)
        return ""
    slot = SLOT_LETTERS.index(words[3]) if len(words) > 3 else -1
    declare(w, s, int(words[2][1:]) - 1, code, int(idx), slot)
    return "roll"


def declare(w: Working, s: int, t: int, card: str, index: int, slot: int) -> None:
    """Roll both sides (CN-ATTACK-01, -02; family dice CN-ATTACK-09); the roll window opens next."""
    a = action_of(card, index)
    extra = family_dice(w, s, card) if card and a.kind == "special" else 0
    att = w.dice(stat_of(w, s, STATS.index(a.attack)) + extra)
    dfn = w.dice(stat_of(w, t, STATS.index(a.defend)))
    w.attack = Attack(s, t, card, index, att, dfn, slot, 0, False, extra)
    w.tell_dice("attack", s, t, card, index, digits(att), digits(dfn), extra)


def roll_window_order(w: Working) -> list[int]:
    """Who may cheat once the attack's dice are rolled: attacker, defender, then the others in turn order."""
    at = w.attack
    assert at is not None
    s, t = at.attacker, at.defender
    return [s, t, *(x for x in w.order_from(s) if x not in (s, t))]


def resolve(w: Working) -> bool:
    """Settle the attack in progress (CN-ATTACK-03 to -08, CN-ACTION-12 to -15, keywords); True when there was
    one (a chimera may have fallen, so the round is settled next)."""
    at = w.attack
    w.attack = None
    if at is None:
        return False
    a = action_of(at.card, at.index)
    s, t = at.attacker, at.defender
    total, defence = sum(at.att), sum(at.dfn)
    w.roll = (("attack", s, t, at.card, at.index, digits(at.att), digits(at.dfn), at.family_dice),)
    if a.requirement and total < a.requirement:
        w.tell_outcome("short", s, at.card, at.index, total, a.requirement)
    elif at.smoke:
        w.tell_outcome("smoke", t)
    elif total > defence:
        dmg = margin = total - defence
        if "Elemental" not in a.keywords:
            dmg = max(0, dmg - armor(w.parts[t], w.petrified) - at.shield)
        effects: list[tuple[str | int, ...]] = []
        for kw in a.keywords:
            if kw == "Poisonous" and not w.status[t] & POISONED:
                w.status[t] |= POISONED
                effects.append(("status", t, POISONED))
            elif kw == "Negative" and not w.status[t] & NEGATIVE:
                w.status[t] |= NEGATIVE
                effects.append(("status", t, NEGATIVE))
            elif kw == "Petrify" and at.slot >= 0 and w.parts[t][at.slot]:
                w.petrified = w.petrified | {w.parts[t][at.slot]}
                effects.append(("petrified", t, w.parts[t][at.slot]))
        w.damage[t] += dmg
        w.tell_outcome("hit", s, t, at.card, at.index, dmg, health_left(w, t), margin - dmg)
        for fact in effects:
            w.tell_outcome(*fact)
        ground_if_needed(w, t)
        check_alive(w, t)
    elif a.kind == "standard" and "Aerial" not in a.keywords:
        dmg = max(0, defence - total - armor(w.parts[s], w.petrified))
        w.damage[s] += dmg
        w.tell_outcome("counter", t, s, dmg, health_left(w, s))
        check_alive(w, s)
    else:
        w.tell_outcome("miss", s, at.card, at.index, t)
    if w.phase == "turn" and w.step != "discard" and w.active == s:
        w.step = "discard"
    return True


def chimera_totals(w: Working, seat: int) -> tuple[int, int, int, int]:
    return totals(w.parts[seat], w.status[seat], w.petrified)

"""Codename: Chimera in words: the headline, the players' line, the log, and dice rolls read from the events.

Pure functions over a seat's view and the table's log; nothing here touches Textual.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache

from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import Phase, State
from chimera_tui.ui.games.codename.view import ARENA, DRAFT, PHASE_NAME, card_name
from chimera_tui.ui.widgets.dice import DiceGroup, DiceRoll

_C = load()


# -- words -------------------------------------------------------------------------------------------------


def auction_text(state: State, names: Sequence[str]) -> str:
    """The drafting row's caption: the dealer, and the bid standing."""
    dealer = names[state.dealer]
    if state.phase is Phase.DEAL:
        return f"Deal {state.draft_round} by {dealer}: the dealer may take one card for 1 energy"
    a = state.auction
    if a is None:
        return f"Deal {state.draft_round} by {dealer}"
    if state.phase is Phase.PICK:
        return f"{names[a.leader]} won the auction for {a.bid}: picks a card"
    bid = f"bid {a.bid} by {names[a.leader]}" if a.leader >= 0 else "no bid yet"
    return f"Auction: {bid} · {names[a.bidder]} to raise or pass"


def players_text(state: State, names: Sequence[str], me: int | None, actor: int | None, width: int) -> str:
    """One line about every player: energy, cards held, parts on the monster (Content markup).

    In the Arena the players are listed in this round's turn order.
    """
    n = len(state.players)
    order: Sequence[int] = range(n)
    if state.phase in ARENA and state.order:
        order = [*state.order, *(s for s in range(n) if s not in state.order)]

    budget = max(4, width // max(1, n) - 10)

    def one(seat: int, short: bool) -> str:
        p = state.players[seat]
        mark = "▶" if seat == actor else "✝" if not p.alive else " "
        full = short_player(names[seat]) if short else names[seat]
        name = escape(full if not short or len(full) <= budget else full[: budget - 1] + "…")
        tags = []
        if state.phase in DRAFT and seat == state.dealer:
            tags.append("dealer")
        if state.phase is Phase.PICK and state.auction and seat == state.auction.leader:
            tags.append("winner")
        facts: tuple[tuple[int, str, str], ...]
        if state.phase in ARENA:
            facts = ((p.energy, "energy", "e"), (len(p.monster), "parts", "p"), (len(p.cards), "inv.", "i"))
        elif state.phase is Phase.BUILD:
            facts = ((len(p.cards), "held", "h"), (len(p.monster), "parts", "p"))
        else:
            facts = ((p.energy, "energy", "e"), (len(p.cards), "held", "h"))
        if short:
            body = " ".join(f"{n}{s}" for n, _, s in facts[:2])
        else:
            body = ", ".join(f"{n} {word}" for n, word, _ in facts)
        tag = f" ({', '.join(tags)})" if tags else ""
        text = f"{mark}[b]{name}[/b]{escape(tag)}{' ' if short else ': '}{body}"
        return f"[$text-muted strike]{text}[/]" if not p.alive else f"[{_SEAT_VAR[seat % 4]}]{text}[/]"

    sep = " → " if state.phase in ARENA else " │ "
    for short in (False, True):
        parts = [one(s, short) for s in order]
        plain = re.sub(r"\[[^\]]*\]", "", sep.join(parts))
        if len(plain) <= width or short:
            return sep.join(parts)
    return ""


_SEAT_VAR = ("$error", "$primary", "$success", "$warning")


def short_player(name: str) -> str:
    """A player's name without its parenthetical ("Bot 2 (greedy)" → "Bot 2")."""
    return re.sub(r"\s*\([^)]*\)$", "", name) or name


def escape(text: str) -> str:
    """`text` safe to put inside Content markup."""
    return text.replace("[", "\\[")


def status_text(state: State, names: Sequence[str], me: int | None, actor: int | None, waiting: str) -> str:
    """The headline: the phase, and who must decide what."""
    phase = state.phase
    head = PHASE_NAME[phase]
    if phase in DRAFT:
        head = f"Drafting, deal {state.draft_round}"
    elif phase in (Phase.TURN, Phase.JOIN, Phase.REACT, Phase.WINDOW):
        head = f"Arena round {state.arena_round}"
    if phase is Phase.OVER:
        alive = [s for s, p in enumerate(state.players) if p.alive]
        who = (
            f"{names[alive[0]]} wins: the last monster standing"
            if len(alive) == 1
            else "no monster is left: nobody wins"
        )
        return f"{head}: {who}."
    if actor is None:
        return head
    if actor != me:
        if phase in (Phase.JOIN, Phase.REACT):
            return f"{head} · {attack_text(state, names)} · {waiting}"
        return f"{head} · {waiting}"
    prompt = {
        Phase.TORSO: "choose a torso half",
        Phase.DEAL: "take a face-up card for 1 energy, or take none",
        Phase.AUCTION: "bid or pass",
        Phase.PICK: "pick your card",
        Phase.BUILD: "attach parts from your hand, then press n",
        Phase.TURN: f"{state.players[actor].energy} energy: attack, use, attach or end",
        Phase.JOIN: "add parts or roll (n)",
        Phase.REACT: "react or let it roll (n)",
        Phase.WINDOW: f"{state.players[actor].energy} energy: attach from your inventory, or n to wait until the next turn",
    }[phase]
    if phase in (Phase.JOIN, Phase.REACT):
        return f"{head} · {prompt} · {attack_text(state, names)}"
    return f"{head} · {names[actor]}: {prompt}"


def attack_text(state: State, names: Sequence[str]) -> str:
    """The attack being declared, in words ("" when none)."""
    a = state.attack
    if a is None:
        return ""
    parts = ", ".join(_id_name(p) for p in a.parts) or "nothing"
    extra = []
    if a.bonus:
        extra.append(f"+{a.bonus} roar")
    if a.defense:
        extra.append(f"Defense +{a.defense}")
    tail = f" ({', '.join(extra)})" if extra else ""
    return f"{names[a.attacker]} attacks {names[a.target_seat]}'s {_id_name(a.target)} with {parts}{tail}"


def _id_name(card: str) -> str:
    if card.startswith("torso:"):
        return "torso"
    return card_name(card)


# -- dice and the log --------------------------------------------------------------------------------------

_GROUP = re.compile(r"(\S+) (\d+(?:\+\d+)*)([+-]\d+)((?: \+\d+ \w+)*)")
_TOTAL = re.compile(r"= (\d+) against Defense (\d+): (\S+ )?(destroyed|missed)")
_TIE = re.compile(r"Player (\d+) rolls (\d+)")


def parse_roll(event: str, attack: str = "") -> DiceRoll | None:
    """A dice roll read from one of the rules' event sentences (None when it has no dice)."""
    if event.startswith("Rolls:"):
        body, _, _ = event.partition(" = ")
        groups = tuple(
            DiceGroup(_id_name(m[1]), tuple(int(d) for d in m[2].split("+")), int(m[3]), m[4].strip())
            for m in _GROUP.finditer(body[6:])
        )
        total = _TOTAL.search(event)
        if total is None:
            return DiceRoll("Attack", text=event)
        target = (total[3] or "").strip()
        verdict = f"{_id_name(target) + ' ' if target else ''}{total[4]}"
        hit = total[4] == "destroyed"
        outcome = f"{'≥' if hit else '<'} {total[2]}: {verdict.upper() if hit else verdict}"
        return DiceRoll(attack or "Attack", groups, int(total[1]), outcome)
    if " counters " in event and "rolls" in event:
        head, _, rest = event.partition(": rolls ")
        m = re.match(r"(\d+(?:\+\d+)*)([+-]\d+)", rest)
        total = _TOTAL.search(event)
        if m is None or total is None:
            return DiceRoll("Counter", text=event)
        return DiceRoll(
            head.replace(":", ""),
            (DiceGroup("counter", tuple(int(d) for d in m[1].split("+")), int(m[2])),),
            int(total[1]),
            f"{'≥' if total[4] == 'destroyed' else '<'} {total[2]}: {total[4]}",
        )
    if event.startswith("Tie for first"):
        groups = tuple(DiceGroup(f"Player {m[1]}", (int(m[2]),)) for m in _TIE.finditer(event))
        return DiceRoll("Tie for first turn", groups, None, "highest goes first")
    if event.startswith("Barbs: rolls"):
        m = re.search(r"(\d+)", event)
        return DiceRoll(
            "Barbs", (DiceGroup("barbs", (int(m[1]),) if m else ()),), None, "4+ destroys an attacker"
        )
    return None


def _attack_title(event: str) -> str:
    """ "Player 1 attacks torso:1 with bear-arm-1." → "Player 1 attacks Player 2's torso"."""
    head = event.split(" with ")[0]
    return prettify(head).rstrip(".")


def last_roll(history: Sequence[Sequence[str]], names: Sequence[str] = ()) -> DiceRoll | None:
    """The most recent dice roll in the match's events (newest step last), titled by the attack it settled."""
    for step in range(len(history) - 1, -1, -1):
        events = history[step]
        for i in range(len(events) - 1, -1, -1):
            if parse_roll(events[i]) is None:
                continue
            attack = ""
            if events[i].startswith("Rolls:"):
                earlier = [*(e for h in history[max(0, step - 12) : step] for e in h), *events[:i]]
                attack = named(
                    next((_attack_title(e) for e in reversed(earlier) if " attacks " in e), ""), names
                )
            roll = parse_roll(events[i], attack)
            assert roll is not None
            groups = tuple(replace(g, label=named(g.label, names)) for g in roll.groups)
            return replace(roll, title=named(roll.title, names), groups=groups)
    return None


@cache
def _id_pattern() -> re.Pattern[str]:
    ids = sorted([*_C.parts, *_C.torsos], key=len, reverse=True)
    return re.compile(r"torso:(\d)|\b(" + "|".join(re.escape(i) for i in ids) + r")\b")


_IMPERATIVE = {
    "chooses": "Choose",
    "takes": "Take",
    "bids": "Bid",
    "passes": "Pass",
    "picks": "Pick",
    "attaches": "Attach",
    "finishes": "Finish",
    "attacks": "Attack",
    "adds": "Add",
    "rolls": "Roll",
    "uses": "Use",
    "growls": "Growl",
}


def imperative(words: str, me: str | None) -> str:
    """A log sentence as a menu choice: "attacks Wolf Claw with Ada's torso" → "Attack Wolf Claw with your torso"."""
    verb, _, rest = words.partition(" ")
    verb = _IMPERATIVE.get(verb, verb[:1].upper() + verb[1:])
    text = f"{verb} {rest}".strip().replace(" and ends the turn", " and end the turn")
    if me:
        text = text.replace(f"{me}'s torso", "your torso")
    return text


def named(text: str, names: Sequence[str]) -> str:
    """ "Player 2" in a sentence replaced by the name of seat 2 (when `names` are given)."""
    if not names:
        return text
    return _PLAYER.sub(lambda m: names[int(m[1]) - 1] if 0 < int(m[1]) <= len(names) else m[0], text)


_PLAYER = re.compile(r"\bPlayer (\d+)\b")


def prettify(text: str) -> str:
    """Card ids in a sentence replaced by card names (``torso:1`` → "Player 2's torso")."""

    def name(m: re.Match[str]) -> str:
        if m[1] is not None:
            return f"Player {int(m[1]) + 1}'s torso"
        return card_name(m[2])

    text = _paren_pattern().sub("", text)
    return _id_pattern().sub(name, text)


@cache
def _paren_pattern() -> re.Pattern[str]:
    ids = sorted([*_C.parts, *_C.torsos], key=len, reverse=True)
    return re.compile(r" \((?:torso:\d|" + "|".join(re.escape(i) for i in ids) + r")\)")


_ECHO = re.compile(
    r"^Player \d+ (bids|passes|takes|picks|attacks|attaches|growls|is done)|joins the attack\.$"
)


def log_lines(
    texts: Sequence[str], history: Sequence[Sequence[str]], width: int = 0, names: Sequence[str] = ()
) -> tuple[str, ...]:
    """The log in words: each action, then what it caused (rolls, destructions), indented.

    With a `width`, long sentences are wrapped to it (the log widget does not wrap).
    """
    out: list[str] = []
    for i, text in enumerate(texts):
        out.extend(_log_entry(text, "", width, tuple(names)))
        events = history[i] if i < len(history) else ()
        for e in events:
            if not _ECHO.search(e):
                out.extend(_log_entry(e, "  ", width, tuple(names)))
    return tuple(out)


@lru_cache(maxsize=8192)
def _log_entry(text: str, indent: str, width: int, names: tuple[str, ...]) -> tuple[str, ...]:
    text = named(prettify(text), names)
    if width > 8:
        return tuple(textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  "))
    return (indent + text,)

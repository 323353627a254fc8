"""Codename: Chimera in words: the headline, the players' line, the log, and dice rolls read from the events.

Pure functions over a seat's view and the table's log; nothing here touches Textual.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from functools import cache, lru_cache

from rich.cells import cell_len, set_cell_size

from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.scoring import winner
from chimera_tui.games.codename.state import Phase, Roll, State
from chimera_tui.ui.games.codename.view import ARENA, DRAFT, PHASE_NAME, card_name, escape
from chimera_tui.ui.seats import bare_name
from chimera_tui.ui.widgets.dice import DiceGroup, DiceRoll

_C = load()


# -- words -------------------------------------------------------------------------------------------------


def deal_title(state: State, names: Sequence[str]) -> str:
    """The drafting row's title: the deal, its dealer, and what is left in the deck."""
    left = len(state.deck)
    return f"Deal {state.draft_round} by {names[state.dealer]} · {left} card{'s' * (left != 1)} in the deck"


def auction_text(state: State, names: Sequence[str]) -> str:
    """The drafting row's caption, one line at 80 columns: what the deal waits for (the dealer's card, the bid
    standing, the winner's pick)."""
    if state.phase is Phase.DEAL:
        return f"{names[state.dealer]}, the dealer, may take one card for 1 energy"
    a = state.auction
    if a is None:
        return f"Deal {state.draft_round} by {names[state.dealer]}"
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

    budgets = {s: 10**6 for s in range(n)}

    def one(seat: int, short: bool) -> str:
        p = state.players[seat]
        mark = "▶" if seat == actor else "✝" if not p.alive else " "
        full = short_player(names[seat]) if short else names[seat]
        budget = budgets[seat]
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
            body = ", ".join(f"{n} {word.removesuffix('s') if n == 1 else word}" for n, word, _ in facts)
        tag = f" ({', '.join(tags)})" if tags else ""
        text = f"{mark}[b]{name}[/b]{escape(tag)}{' ' if short else ': '}{body}"
        return f"[$text-muted strike]{text}[/]" if not p.alive else f"[{_SEAT_VAR[seat % 4]}]{text}[/]"

    sep = " → " if state.phase in ARENA else " │ "

    def line(short: bool) -> tuple[str, int]:
        parts = [one(s, short) for s in order]
        return sep.join(parts), len(re.sub(r"\[[^\]]*\]", "", sep.join(parts)))

    text, length = line(False)
    if length <= width:
        return text
    text, length = line(True)
    if length <= width:
        return text
    # Cut only the longest names, each to an equal share of the room the rest leaves (issue 24: every
    # name was cut to a sixth of the width, though the shorter ones left room).
    lengths = {s: len(short_player(names[s])) for s in range(n)}
    room = max(4 * n, sum(lengths.values()) - (length - width))
    for seat in sorted(range(n), key=lengths.__getitem__):
        left = [s for s in range(n) if budgets[s] == 10**6]
        share = max(4, room // len(left))
        budgets[seat] = lengths[seat] if lengths[seat] <= share else share
        room -= budgets[seat]
    return line(True)[0]


_SEAT_VAR = ("$error", "$primary", "$success", "$warning")


def short_player(name: str) -> str:
    """A player's name without its parenthetical ("Bot 2 (greedy)" → "Bot 2")."""
    return bare_name(name)


def title_text(status: str, width: int) -> str:
    """The title line in `width` columns: the game's name and `status`, the name left out where both do not
    fit, and the status cut short ("…") only where it alone does not (issue 32: "…, or take none" was cut)."""
    title = f"Codename: Chimera · {status}"
    if cell_len(title) <= width:
        return title
    return status if cell_len(status) <= width else set_cell_size(status, width - 1).rstrip() + "…"


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
        best = winner(state)
        if len(alive) == 1:
            who = f"{names[alive[0]]} wins: the last monster standing"
        elif not alive:
            who = "no monster is left: nobody wins"
        elif len(best) == 1:
            who = f"{names[best[0]]} wins on the standing (the fight had stalled)"
        else:
            who = "the fight had stalled; " + " and ".join(names[s] for s in best) + " share the win"
        return f"{head}: {who} (r: results)."
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
        Phase.WINDOW: f"{state.players[actor].energy} energy: attach from your inventory, or wait (n)",
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


def roll_view(roll: Roll | None, names: Sequence[str]) -> DiceRoll | None:
    """The latest roll (kept in the state) for the dice display, in words.

    A die rolled again under exploding sixes shows every throw as its own die ([6] [6] [3]) and says so in
    words, so no box ever holds more than 6.
    """
    if roll is None:
        return None

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    if roll.kind == "tie":
        groups = tuple(DiceGroup(who(s), (d,)) for s, d in roll.ties)
        return DiceRoll("Tie for the first turn", groups, None, "the highest goes first")
    if roll.kind == "barbs":
        return DiceRoll(
            f"Barbs of {who(roll.seat)}'s {_id_name(roll.parts[0].card) if roll.parts else 'part'}",
            (DiceGroup("barbs", (roll.total,)),),
            None,
            f"{roll.defense} or more strikes back: {'an attacker is destroyed' if roll.hit else 'no effect'}",
        )
    groups = []
    for part in roll.parts:
        faces = tuple(f for die in part.dice for f in die)
        again = sum(len(die) - 1 for die in part.dice)
        extra = []
        if part.extra:
            extra.append(f"{part.extra:+d} Pack Hunter")
        if again:
            extra.append(f"(a 6 rolled again and added{'' if again == 1 else f', {again} times'})")
        label = _id_name(part.card)
        groups.append(DiceGroup(label, faces, part.mod, " ".join(extra)))
    if roll.bonus:
        groups.append(DiceGroup("Roar", (), roll.bonus))
    target = (
        f"{who(roll.target_seat)}'s torso"
        if roll.target.startswith("torso:")
        else f"{who(roll.target_seat)}'s {_id_name(roll.target)}"
    )
    verb = "counters" if roll.kind == "counter" else "attacks"
    verdict = "DESTROYED" if roll.hit else "missed"
    return DiceRoll(
        f"{who(roll.seat)} {verb} {target}",
        tuple(groups),
        roll.total,
        f"{'≥' if roll.hit else '<'} Defense {roll.defense}: {verdict}",
    )


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
            out.extend(_log_entry(e, "  ", width, tuple(names)))
    return tuple(out)


@lru_cache(maxsize=8192)
def _log_entry(text: str, indent: str, width: int, names: tuple[str, ...]) -> tuple[str, ...]:
    text = named(prettify(text), names)
    if width > 8:
        return tuple(textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  "))
    return (indent + text,)

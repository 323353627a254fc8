"""Count the hand-offs of a hot-seat game: three people at one terminal, by hand and answering ahead.

    python -m tests.hand_offs [--seed S] [--games N]

Its counts (with ``--games 10``) are the "now" columns of the table between the `<!-- hand-off-table -->`
markers of docs/playing/hot-seat.md ("Fewer hand-offs at one terminal"), beside those from before issue 32.

Every seat is a person at the same `LocalTable` the screens use (its conventions, and the decisions with one
possible answer it plays, included), and each person's decisions are the greedy bot's (the game's own, from
that seat's view), so the game is a real one and the same each run. A hand-off is counted exactly where the
game screens show one (`table.base.hand_off_due` after every change). "By hand" the people decide every
decision the table asks them; "answering ahead" they also give standing answers as a person who plays that
way would, and both play the same game, action for action (by hand they answer as those answers would):

- Codename: Chimera: in each drafting round, at their first decision (the dealer when dealing), they give the
  limit they would bid to and the card they would take if they won (the greedy bot's limit and card).
- Chimera Con: at their first decision, "ask me about cheats only on my own turn" and "stay content" (the
  greedy bot never Gets Greedy; its cheats on other players' turns are given up), and at each decision of
  their own turn, a cheat to play when attacked and about to be hit, if they hold one that can help then.
- Chimera Station and Imaginarium have no standing answers (Station needs no hand-offs at all).
"""

from __future__ import annotations

import argparse
import collections
from dataclasses import dataclass, field
from typing import Any

from chimera_tui import games
from chimera_tui.engine.bots import bot_seed
from chimera_tui.engine.match import Match
from chimera_tui.engine.ruleset import GameConfig
from chimera_tui.table.base import Seat, hand_off_due
from chimera_tui.table.local import LocalTable
from chimera_tui.table.standing import Standing, book

GAMES = ("station", "imaginarium", "codename", "con")


@dataclass
class Count:
    """The hand-offs of one game (or, added up, of several)."""

    total: int = 0
    by_part: collections.Counter[str] = field(default_factory=collections.Counter)
    """Hand-offs by the part of the game they belong to ("draft", "cheat windows", ...)."""
    one_choice: collections.Counter[str] = field(default_factory=collections.Counter)
    """Hand-offs to a decision with one possible answer, by that answer's verb ("pass", "end")."""
    by_round: list[int] = field(default_factory=list)
    """Chimera Con: the hand-offs of each of the game's rounds (building to the last chimera standing)."""
    turns: int = 0
    """Chimera Con: the turns taken (a hand-off comes at least once a turn: each is another person's)."""
    notations: tuple[str, ...] = ()
    """The game's log, to compare the games before and after."""

    def add(self, other: Count) -> None:
        self.total += other.total
        self.by_part.update(other.by_part)
        self.one_choice.update(other.one_choice)
        self.by_round += other.by_round
        self.turns += other.turns


def _part(game: str, state: Any) -> str:
    """Which part of the game a hand-off belongs to: the decision it hands the keyboard to (Chimera Con's
    "cheat windows": to someone asked in a cheat window on another player's turn)."""
    if game == "codename":
        phase = state.phase.value
        return "draft" if phase in ("deal", "auction", "pick") else phase
    if game == "con":
        ask = state.asks[-1] if state.asks else None
        window = ask is not None and ask.kind == "cheat" and ask.seat != state.active
        return "cheat windows" if window else str(state.phase)
    return str(getattr(state, "phase", ""))


class Person:
    """One person at the table: decides as the greedy bot would, except where their standing answers say
    otherwise; with `ahead`, gives those answers to the table, else answers each decision by hand as those
    answers would. Both ways play the same game, action for action."""

    def __init__(self, game: str, seat: int, seed: int, ahead: bool) -> None:
        factories = games.bots(game)
        self.rules = games.get(game)
        self.bot = factories["greedy" if "greedy" in factories else "bot"](self.rules, bot_seed(seed, seat))
        self.game, self.seat, self.ahead = game, seat, ahead
        self.book = book(game)
        self.standing: list[Standing] = []
        """The answers this person has in mind (given to the table too, with `ahead`)."""
        self._answered: set[str] = set()

    def decide(self, table: LocalTable) -> None:
        state = table.match.state
        legal = self.rules.legal_actions(state)
        view = self.rules.view(state, self.seat)
        given = self._answers_now(state, view, legal)
        for answer in given:
            self.standing = [s for s in self.standing if s.kind != answer.kind] + [answer]
        if given and self.ahead:
            assert table.give(self._standing_now(view)) is None
            if table.match.state is not state:  # they answered this decision at once
                return
        action = None
        if self.book is not None:  # answering by hand as the answers would (no bot asked: same Rng use)
            self.standing = [s for s in self.standing if not self.book.lapsed(s, view, self.seat)]
            offered = [*self.book.offers(view, self.seat, legal), *self.standing]
            rank = {o.kind: i for i, o in reversed(list(enumerate(offered)))}
            mind = sorted(self.standing, key=lambda s: rank[s.kind])  # the order the table consults them in
            found = (self.book.answer(s, view, self.seat, legal) for s in mind)
            action = next((a for a in found if a is not None), None)
        if action is None:
            action = self.bot.choose(view, legal, self.seat)
        assert table.submit(action) is None

    def _standing_now(self, view: Any) -> list[Standing]:
        """The answers in mind that still stand."""
        assert self.book is not None
        return [s for s in self.standing if not self.book.lapsed(s, view, self.seat)]

    def _answers_now(self, state: Any, view: Any, legal: Any) -> list[Standing]:
        """The answers this person gives ahead at this decision."""
        from chimera_tui.table.standing import codename, con

        if self.game == "codename" and state.phase.value in ("deal", "auction"):
            mark = f"draft {state.draft_round}"
            if mark in self._answered:
                return []
            self._answered.add(mark)
            dealing = state.phase.value == "deal"
            after = self.rules.apply(state, self.bot.choose(view, legal, self.seat)) if dealing else state
            if after.phase.value != "auction" or after.draft_round != state.draft_round:
                return []
            view = self.rules.view(after, self.seat)
            limit = self._greedy_limit(view)
            bid = codename.bid_up_to(view, limit) if limit else codename.pass_this_auction(view)
            won = _as_pick(after, self.seat)
            best = self.bot.choose(self.rules.view(won, self.seat), self.rules.legal_actions(won), self.seat)
            return [bid, codename.pick_if_i_win(view, best.card)]
        if self.game == "con":
            out = []
            if "con" not in self._answered:
                self._answered.add("con")
                out += [con.only_my_turn(view), con.never_greedy(view)]
            named = any(s.kind == con.WHEN_HIT for s in self._standing_now(view))
            if state.active == self.seat and not named:
                assert self.book is not None
                held = [o for o in self.book.offers(view, self.seat, legal) if o.kind == con.WHEN_HIT]
                out += sorted(held, key=lambda o: _DEFENCE_LIKED.index(o.args[0]))[:1]
            return out
        return []

    def _greedy_limit(self, view: Any) -> int:
        """The highest bid the greedy bot would make in this auction (0: it would pass at once)."""
        from chimera_tui.games.codename.actions import Bid, Pass

        energy = view.players[self.seat].energy
        floor = view.auction.bid
        limit = 0
        for amount in range(floor + 1, energy + 1):
            if self.bot.choose(view, [Bid(amount), Pass()], self.seat) == Bid(amount):
                limit = amount
        return limit


_DEFENCE_LIKED = ("SHLD", "SMOK", "LOAD", "TRIP", "LUCK")
"""The cheat a person of this count names to play when hit, the first of these they hold."""


def _as_pick(state: Any, seat: int) -> Any:
    """`state` as if `seat` had just won its auction (to ask the bot which card it would take)."""
    import msgspec

    from chimera_tui.games.codename.state import Phase

    auction = msgspec.structs.replace(state.auction, leader=seat)
    return msgspec.structs.replace(state, phase=Phase.PICK, auction=auction)


def count(game: str, seed: int, *, ahead: bool, players: int = 3) -> Count:
    """Play one game with a person in every seat and count its hand-offs."""
    rules = games.get(game)
    match = Match(rules, GameConfig(players=players), seed)
    seats = [Seat(f"Player {i + 1}") for i in range(players)]
    table = LocalTable(game, match, seats)
    people = [Person(game, i, seed, ahead) for i in range(players)]
    result = Count()
    shown: int | None = None
    rounds: collections.Counter[int] = collections.Counter()
    turn: tuple[int, int] | None = None
    while not rules.is_over(match.state):
        state = match.state
        if hand_off_due(table, shown):
            shown = table.seat
            result.total += 1
            result.by_part[_part(game, state)] += 1
            legal = rules.legal_actions(state)
            if len(legal) == 1:
                result.one_choice[str(legal[0]).split()[0]] += 1
            if game == "con":
                rounds[state.round] += 1
        if game == "con" and state.phase == "turn" and (state.round, state.active) != turn:
            turn = (state.round, state.active)
            result.turns += 1
        seat = rules.to_act(state)
        assert seat == table.seat
        people[seat].decide(table)
    result.notations = match.notations
    if game == "con":  # every round, those without a hand-off too
        result.by_round = [rounds[r] for r in range(1, match.state.round + 1)]
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1, help="games a row (seeds S, S+1, ...)")
    args = parser.parse_args(argv)
    print("| game | part | by hand | answering ahead |")
    print("|---|---|---|---|")
    for game in GAMES:
        by_hand, ahead = Count(), Count()
        for seed in range(args.seed, args.seed + args.games):
            by_hand.add(count(game, seed, ahead=False))
            ahead.add(count(game, seed, ahead=True))
        for part in sorted(set(by_hand.by_part) | set(ahead.by_part)):
            print(f"| {game} | {part} | {by_hand.by_part[part]} | {ahead.by_part[part]} |")
        print(f"| {game} | **all** | **{by_hand.total}** | **{ahead.total}** |")
        for verb in sorted(set(by_hand.one_choice) | set(ahead.one_choice)):
            line = f"{by_hand.one_choice[verb]} | {ahead.one_choice[verb]}"
            print(f"| {game} | to one possible answer: {verb} | {line} |")
        if game == "con":
            print(f"| {game} | per round: mean (most) | {_per_round(by_hand)} | {_per_round(ahead)} |")
            print(f"| {game} | per turn | {_per_turn(by_hand)} | {_per_turn(ahead)} |")


def _per_round(c: Count) -> str:
    return f"{c.total / max(1, len(c.by_round)):.1f} ({max(c.by_round, default=0)})"


def _per_turn(c: Count) -> str:
    return f"{c.total / max(1, c.turns):.2f}"


if __name__ == "__main__":
    main()

"""Imaginarium's bots: a greedy bot with one move of lookahead, and the three strategy bots of design 19.

Every bot sees only its view. To look ahead it first fills in what is hidden with a fixed guess (the unseen
machines, fragments and assistants sorted into the piles, other teams' screens empty), applies each legal
action and keeps the one whose result its team values most by `worth.worth` (the heuristic, stated there).
A result that is again the bot's own choice (a fork, the fragment to keep) is valued by its best answer.

Some decisions change little at once, so they are valued by what they open:
- a belt place by the position with the machine bought (its price paid, its fragment taken), an extractor
  by its charcoalium;
- a dial position by the best single decision each of its two actions allows, added up, or the better of
  them plus a daydream's worth (its fragments placed greedily, one at a time);
- a daydream by its worth less the best use of the action it gives up;
- ending the turn by the projects it completes (B4); ending B1 by nothing (the pick-up comes regardless).
Ties go to ending a step (``end``, ``done``, ``stop``), then to the bot's own seeded Rng. The three strategy
bots are the greedy bot with other weights: "engine" (projects and machines), "dreamer" (fragments and the
dream track) and "raider" (attack machines and defenses).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import Ruleset
from chimera_tui.games.imaginarium.belt import price
from chimera_tui.games.imaginarium.dial import AI, VERB_ACTION
from chimera_tui.games.imaginarium.projects import complete_projects
from chimera_tui.games.imaginarium.rules import legal_texts, seat_of, step
from chimera_tui.games.imaginarium.state import HIDDEN, KINDS, State, Team
from chimera_tui.games.imaginarium.work import Working, tables
from chimera_tui.games.imaginarium.worth import STYLES, Weights, worth

A = TypeVar("A")
_ENDS = frozenset({"end", "done", "stop"})
_ALL_ACTIONS = (0, 1, 2, 3, 4, 5)
HARM = 1.0
"""What laying a nightmare on an opponent is worth to the bot that lays it."""


def determinize(view: State, seat: int) -> State:
    """`view` with a fixed guess for what is hidden: unseen cards sorted into the piles, other screens empty."""
    c = tables().c
    mine = view.seats[seat].team
    teams = tuple(
        tm
        if i == mine or tm.vp
        else Team((0, 0, 0, 0), (0,) * 6, (0, 0, 0, 0, 0), tm.broken, tm.dream, tm.token)
        for i, tm in enumerate(view.teams)
    )
    deck = view.deck
    if HIDDEN in deck:
        deck = tuple(sorted(c.core_deck))[: len(deck)]
    pile = view.pile
    if HIDDEN in pile:
        pile = tuple(sorted(("R", "G", "E", "F") * 12))[: len(pile)]
    helpers = view.helpers
    if HIDDEN in helpers:
        helpers = tuple(sorted(a.id for a in c.assistants if a.id not in view.meeting))[: len(helpers)]
    return replace(view, teams=teams, deck=deck, pile=pile, helpers=helpers)


def _apply(state: State, text: str) -> State:
    w = Working(state)
    step(w, text)
    return w.freeze()


class GreedyBot:
    """One move of lookahead on `worth`, seeing only its view."""

    name = "greedy"
    style = "greedy"

    def __init__(self, rules: Ruleset[Any, Any], seed: int) -> None:
        self.rules = rules
        self.weights: Weights = STYLES[self.style]
        self._rng = Rng(seed)
        self._plan: list[str] = []
        """Decisions still to take this turn, from the repair plan the dial was chosen for."""
        self._plans: dict[str, list[str]] = {}
        """The plan behind each dial position valued last (only repair+transactions may have one)."""

    # -- values ---------------------------------------------------------------------------------------------

    def _worth(self, state: State, seat: int) -> float:
        return worth(state, seat, self.weights)

    def _after(self, state: State, seat: int, text: str, depth: int = 0) -> float:
        """The worth after `text`, or after the best answer when the result is again this seat's choice."""
        try:
            after = _apply(state, text)
        except (ValueError, IndexError, KeyError):  # a guess about the hidden piles made the step impossible
            return self._worth(state, seat)
        bonus = HARM if text.startswith("nightmare ") and text != "nightmare none" else 0.0
        if after.asks and depth < 3 and after.phase != "over" and seat_of(after) == seat:
            return bonus + max(self._after(after, seat, o, depth + 1) for o in legal_texts(after))
        return bonus + self._worth(after, seat) + (0.01 if text in _ENDS else 0.0)

    def _gains(self, state: State, seat: int, texts: Sequence[str], base: float) -> dict[str, float]:
        """The worth after each of `texts` that belongs to a dial action, and under "#i" the best gain of
        action i (0 when none gains)."""
        out: dict[str, float] = {}
        for text in texts:
            index = VERB_ACTION.get(text.split(" ", 1)[0])
            if index is None:
                continue
            after = self._after(state, seat, text)
            out[text] = after
            key = f"#{index}"
            out[key] = max(out.get(key, 0.0), after - base)
        return out

    def _daydream(self, state: State, seat: int, text: str, base: float) -> float:
        """The gain of the daydream `text`, its fragments placed greedily one at a time."""
        s = _apply(state, text)
        for _ in range(8):
            if s.phase == "over" or seat_of(s) != seat or not (s.asks or s.current == "daydream"):
                break
            options = legal_texts(s)
            best = max(options, key=lambda o: self._after(s, seat, o))
            s = _apply(s, best)
        return self._worth(s, seat) - base

    def _repair_plan(self, state: State, seat: int, base: float) -> tuple[float, list[str]]:
        """The best "buy what a repair lacks in one Transactions, then repair" plan, and its gain."""
        p = state.seats[seat]
        empty = [i for i, sl in enumerate(p.slots) if not sl]
        if not empty:
            return 0.0, []
        tm = state.teams[p.team]
        repair = tables().repair
        best: tuple[float, list[str]] = (0.0, [])
        for code in dict.fromkeys(tm.broken):
            cost = repair[code]
            missing = [KINDS[k] for k in (1, 2, 3) for _ in range(max(0, cost[k] - tm.stock[k]))]
            if not missing or len(missing) > 3:
                continue
            plan = [*(f"buy {k}" for k in missing), "done", f"repair {code} {empty[0]}"]
            s = state
            for text in plan:
                if text not in legal_texts(s):
                    break
                s = _apply(s, text)
            else:
                gain = self._worth(s, seat) - base
                if gain > best[0]:
                    best = (gain, plan)
        return best

    def _plan_value(self, state: State, seat: int, text: str) -> float:
        """A belt place by the position with its machine bought; an extractor by its charcoalium."""
        t = tables()
        team = state.seats[seat].team
        tm = state.teams[team]
        stock = list(tm.stock)
        frags = list(tm.frags)
        broken = tm.broken
        if text.startswith("place "):
            i = int(text.split()[1]) - 1
            w = Working(state)
            stock[0] -= price(w, seat, i)
            broken = (*broken, state.belt[i])
            f = state.belt_frags[i]
            if f:
                frags["RGEFN".index(f)] += 1
        else:
            extra = next(
                (t.assist_ops[a]["extractor_bonus"].c for a in state.seats[seat].assistants
                 if "extractor_bonus" in t.assist_ops[a]),
                0,
            )  # fmt: skip
            stock[0] += (t.x1_gives if text == "x1" else t.x2_gives) + extra
        teams = list(state.teams)
        teams[team] = replace(tm, stock=tuple(stock), frags=tuple(frags), broken=broken)
        return self._worth(replace(state, teams=tuple(teams)), seat)

    def values(self, state: State, seat: int, texts: Sequence[str]) -> list[float]:
        """What each of `texts` is worth to `seat` in the (determinized) `state`."""
        if state.asks or (state.phase == "b3" and state.current):
            return [self._after(state, seat, text) for text in texts]
        if state.phase == "plan":
            return [self._plan_value(state, seat, text) for text in texts]
        base = self._worth(state, seat)
        if state.phase == "b1":
            return [base + 0.01 if text == "end" else self._after(state, seat, text) for text in texts]
        if state.phase == "dial":
            hyp = replace(state, phase="b3", acts=_ALL_ACTIONS, current="", trades=0, placed="")
            options = legal_texts(hyp)
            gains = self._gains(hyp, seat, options, base)
            dd = 0.0
            if any(o.startswith("daydream ") for o in options):
                dd = max(0.0, self._daydream(hyp, seat, "daydream repair", base))
            combo, plan = self._repair_plan(hyp, seat, base)
            out = []
            self._plans = {}
            for text in texts:
                a, b = (AI[x] for x in text.split()[1].split("+"))
                ga, gb = gains.get(f"#{a}", 0.0), gains.get(f"#{b}", 0.0)
                value = max(ga + gb, max(ga, gb) + dd)
                if {a, b} == {0, 1} and combo > value:
                    value = combo
                    self._plans[text] = plan
                out.append(base + value)
            return out
        gains = self._gains(state, seat, texts, base)
        out = []
        for text in texts:
            if text == "end":
                w = Working(state)
                complete_projects(w, seat)
                out.append(self._worth(w.freeze(), seat) + 0.01)
            elif text.startswith("daydream "):
                given_up = gains.get(f"#{AI[text.split()[1]]}", 0.0)
                out.append(base + self._daydream(state, seat, text, base) - given_up)
            else:
                out.append(gains[text])
        return out

    def choose(self, view: Any, legal: Sequence[A], seat: int) -> A:
        if len(legal) == 1:
            return legal[0]
        texts = [str(a) for a in legal]
        if self._plan:
            step_text = self._plan.pop(0)
            if view.phase == "b3" and step_text in texts:
                return legal[texts.index(step_text)]
            self._plan = []
        state = determinize(view, seat)
        self._plans = {}
        values = self.values(state, seat, texts)
        top = max(values)
        best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
        pick, self._rng = self._rng.choice(best)
        self._plan = list(self._plans.get(str(pick), ()))
        return pick


class EngineBot(GreedyBot):
    """Projects and engine: values repaired machines and project progress most."""

    name = "engine"
    style = "engine"


class DreamerBot(GreedyBot):
    """The dreamer: values fragments and progress on the dream track most."""

    name = "dreamer"
    style = "dreamer"


class RaiderBot(GreedyBot):
    """The raider: values attack machines (and defenses) most."""

    name = "raider"
    style = "raider"


BOTS = {"greedy": GreedyBot, "engine": EngineBot, "dreamer": DreamerBot, "raider": RaiderBot}
"""The game's own bots, strongest first (the generic random bot is added by the registry)."""

"""Imaginarium's `Ruleset`: options, whose decision it is, the legal actions, apply, views and words.

`legal` dispatches on the pending decision: the top ask, or else the phase's own decision (a planning
placement, a B1 use, the dial, a B3 action). `apply` checks the notation against the legal list (cached for
the state a bot just asked about, so a bot's step computes it once).

The phase machine has the house's one shape (see games/con/rules.py): this module is the sequencer; the
decision modules (`asks`, `dial`, `machines`, `dream`) and the round's automatic steps (`flow`,
`machine_step`, `belt`, `projects`) never import it, and the automatic steps import no decision module.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import ClassVar

from msgspec.structs import replace

from chimera_tui.engine import GameConfig, IllegalAction, OptionSpec, Rng
from chimera_tui.games.imaginarium import dial, flow, machines
from chimera_tui.games.imaginarium.actions import Move, parse_action
from chimera_tui.games.imaginarium.asks import ask_options, resolve
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES, HIDDEN, Ask, State, Team
from chimera_tui.games.imaginarium.wording import prompt, said, said_for
from chimera_tui.games.imaginarium.work import Working

CHIMERA = OptionSpec(
    "chimera",
    "Chimera expansion",
    ("on", "off"),
    "on: the dream fragments, the dream track, the new machines, assistants and projects (2-6 players); "
    "off: the core game alone (2-5 players).",
)
TEAMS = OptionSpec(
    "teams",
    "Team play",
    ("off", "on"),
    "on: teams of two at 4 or 6 players, sharing a screen and the broken machines, playing to 25 VP "
    "(needs the Chimera expansion).",
)


def legal(w: Working) -> list[str]:
    """The legal decisions in `w`, as notation."""
    if w.phase == "over":
        return []
    if w.asks:
        return ask_options(w.asks[-1])
    seat = w.actor
    if w.phase == "plan":
        return flow.plan_options(w)
    if w.phase == "b1":
        return [*machines.use_options(w, seat), "end"]
    if w.phase == "dial":
        return dial.dial_options(w, seat)
    return dial.b3_options(w, seat)


def step(w: Working, text: str) -> None:
    """Apply the legal decision `text` to `w`."""
    if w.asks:
        ask = w.asks.pop()
        resolve(w, ask, text.split(" ", 1)[1])
    elif w.phase == "plan":
        flow.plan(w, text)
    elif w.phase == "b1":
        if text == "end":
            flow.end_b1(w)
        else:
            machines.use(w, w.actor, text)
    elif w.phase == "dial":
        dial.set_dial(w, w.actor, text)
    elif text == "end":
        flow.end_turn(w)
    else:
        dial.do(w, w.actor, text)


class _Cache(threading.local):
    """The last state whose legal actions this thread listed, them, and the (unchanged) working copy they were
    listed from: a bot lists, then applies to the same state, so both share one copy. Per thread, because the
    search bot runs the rules in worker threads (the app's, the server's) beside the main one, and a shared
    copy could be taken by two threads at once."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.legal: tuple[str, ...] = ()
        self.work: Working | None = None


_last = _Cache()


def legal_texts(state: State) -> tuple[str, ...]:
    last = _last
    if last.state is state:
        return last.legal
    w = Working(state)
    out = tuple(legal(w))
    last.state, last.legal, last.work = state, out, w
    return out


def _working(state: State) -> Working:
    """A working copy of `state` to change: the one `legal_texts` listed from, if still unused."""
    last = _last
    w = last.work
    if w is not None and last.state is state:
        last.work = None
        return w
    return Working(state)


def seat_of(state: State) -> int | None:
    """The seat asked to decide, or None at the end."""
    if state.phase == "over":
        return None
    if state.asks:
        return state.asks[-1].seat
    return state.initiative[state.cursor] if state.phase == "plan" else state.order[state.cursor]


_REDACTED: dict[int, tuple[Team, Team]] = {}
"""Team id -> (team, its redacted form): unchanged teams are shared between states, so views reuse them.
Safe across threads: an entry is one tuple, replaced whole and read once, and a hit needs the very team."""


def _redacted(tm: Team) -> Team:
    """`tm` as another team sees it: no stock, VP or fragment counts."""
    hit = _REDACTED.get(id(tm))
    if hit is not None and hit[0] is tm:
        return hit[1]
    if len(_REDACTED) > 4096:
        _REDACTED.clear()
    out = Team((-1, -1, -1, -1), (), (-1, -1, -1, -1, -1), tm.broken, tm.dream, tm.token)
    _REDACTED[id(tm)] = (tm, out)
    return out


class ImaginariumRules:
    """Imaginarium for 2-5 players, 2-6 with the Chimera expansion, and team play at 4 and 6."""

    id: ClassVar[str] = "imaginarium"
    title: ClassVar[str] = "Imaginarium"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[int] = 2
    """2: a pair of Gloriettes converts twice a turn in all (it was four times), and from round 10 on each
    reset lays out one more project (issue 26). Saves of version 1 replay while their games never met
    either; the others are refused in one sentence."""
    options: ClassVar[tuple[OptionSpec, ...]] = (CHIMERA, TEAMS)
    state_type: ClassVar[type[State]] = State

    def new_game(self, config: GameConfig, seed: int) -> State:
        """Setup (design 13); raises IllegalAction for a mode the player count does not allow."""
        chimera = config.option(CHIMERA) == "on"
        teams = config.option(TEAMS) == "on"
        n = config.players
        if not chimera and n > 5:
            raise IllegalAction("The core game alone is for 2 to 5 players; the 6th seat comes with Chimera.")
        if teams and (not chimera or n not in (4, 6)):
            raise IllegalAction("Team play needs the Chimera expansion and exactly 4 or 6 players.")
        names = tuple(config.name(i) for i in range(n))
        return flow.setup(names, chimera, teams, seed)

    def to_act(self, state: State) -> int | None:
        """The seat asked to decide: the top ask's seat, or the seat planning or taking its turn."""
        return seat_of(state)

    def legal_actions(self, state: State) -> Sequence[Move]:
        """Every legal action now, in a deterministic order."""
        return [Move(t) for t in legal_texts(state)]

    def apply(self, state: State, action: Move) -> State:
        """The state after `action`; raises IllegalAction with a reason when it is not legal now."""
        if state.phase == "over":
            raise IllegalAction("The game is over; no more actions can be taken.", action)
        text = getattr(action, "text", None)
        if text is None or text not in legal_texts(state):
            raise IllegalAction(self.why_not(state, str(action)), action)
        w = _working(state)
        step(w, text)
        return w.freeze()

    def why_not(self, state: State, text: str) -> str:
        """Why `text` is not legal now, in a sentence (computed only when an action is refused)."""
        options = legal_texts(state)
        head = text.split(" ", 1)[0]
        near = [o for o in options if o.split(" ", 1)[0] == head]
        if near:
            return f"{text!r} is not possible now; you may {', '.join(near[:6])}{'...' if len(near) > 6 else ''}."
        return f"{text!r} is not possible now: {prompt(state)} ({', '.join(options[:6])}{'...' if len(options) > 6 else ''})."

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> tuple[int, ...]:
        """Each seat's VP (its team's)."""
        return tuple(state.teams[p.team].total for p in state.seats)

    def winner(self, state: State) -> tuple[int, ...]:
        """The winning seats after the tie-breaks, or () before the end."""
        return flow.winners(state) if state.phase == "over" else ()

    def ended_at_limit(self, state: State) -> bool:
        """Whether the game ended at the round limit: over, with no team at End or at the VP target before
        the end bonuses (`chimera bench` counts these)."""
        if state.phase != "over":
            return False
        eco = content().economy
        target = eco.team_vp_target if state.team_play else eco.vp_target
        bonus = CAUSES.index("bonus")
        end = content().dream.end
        return not any(tm.token == end or tm.total - tm.vp[bonus] >= target for tm in state.teams)

    def view(self, state: State, seat: int | None) -> State:
        """Hides other teams' stocks, VP and fragments, the draw piles' order, and drawn fragments; once the
        game is over the screens are lifted (every team's stock, VP and fragments show, as at the table)."""
        mine = state.seats[seat].team if seat is not None else -1
        if state.phase == "over":
            teams = state.teams
        else:
            teams = tuple(tm if i == mine else _redacted(tm) for i, tm in enumerate(state.teams))
        asks = (
            tuple(
                a
                if a.kind not in ("keep", "hand", "xkeep") or state.seats[a.seat].team == mine
                else Ask(a.kind, a.seat, a.a, a.b, (HIDDEN,) * len(a.opts))
                for a in state.asks
            )
            if state.asks
            else ()
        )
        return replace(
            state,
            teams=teams,
            deck=(HIDDEN,) * len(state.deck),
            pile=(HIDDEN,) * len(state.pile),
            helpers=(HIDDEN,) * len(state.helpers),
            asks=asks,
            rng=Rng(0),
        )

    def parse(self, state: State, text: str) -> Move:
        """The action written as `text` (see actions.py)."""
        return parse_action(text)

    def describe(self, state: State, action: Move) -> str:
        """`action` in words for the log, with player names and card names."""
        return said(state, str(action))

    def describe_for(self, state: State, action: Move, viewer: int | None) -> str | None:
        """`action` as `viewer` may read it: a kept fragment's colour only for its team."""
        return said_for(state, str(action), viewer)

    def is_irreversible(self, before: State, action: Move, after: State) -> bool:
        """True when `action` drew randomness or revealed hidden information (an undo barrier).

        Starting a turn (B1, after the last planning or the last turn's end) or a round plays out the turn's
        automatic steps: production, and attacks whose outcome tells what the other seats hold behind their
        screens. Moving on inside one's own turn draws and reveals nothing: ending B1 (the pick-up pays for
        the reserved machine and takes its face-up fragment) and setting the dial (a public position that
        only decides which two actions come next), so both may be taken back.
        """
        return (
            before.rng != after.rng
            or len(before.pile) != len(after.pile)
            or len(before.deck) != len(after.deck)
            or before.meeting != after.meeting
            or (before.phase != after.phase and after.phase not in _WITHIN_A_TURN)
            or before.round != after.round
        )

    def round_label(self, state: State) -> str:
        """Where the game stands, e.g. Round 3 · planning."""
        if state.phase == "over":
            return "Game over"
        label = {"plan": "planning", "b1": "machines", "dial": "dial", "b3": "actions"}[state.phase]
        return f"Round {state.round} · {label}"


_WITHIN_A_TURN = ("dial", "b3")
"""The phases a seat's own turn moves into without starting anything new: the dial (B1 ended, the machine
picked up), then its actions (the dial set)."""

RULES = ImaginariumRules()

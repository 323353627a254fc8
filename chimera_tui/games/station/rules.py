"""Chimera Station's `Ruleset`: setup, whose decision it is, the legal actions, apply, views and words.

`apply` carries the action out on one working copy (`Working`, core.py) through `decisions.py`, then lets the
sequencer run on to the next decision; the last state listed and the last copy frozen are kept here, so a bot
that lists a state and applies one of its actions makes one working copy, not two.

The phase machine, the shape all four rules cores share: one sequencer owns the order of the phases, and the
phases never import it, so the imports run one way (rules → decisions → flow → prompts → the phases → the
working copy) and no game has an import circle.

- The sequencer (here `flow.py`) is the compiled task loop: `advance` pops tasks off the working copy's stack
  and runs each through its table (`flow.STEPS`, the automatic steps; `prompts.CHOICES`, the questions,
  answered at once when only one answer is possible) until a decision is needed, and moves the phases and
  rounds on when the stack is empty.
- `decisions.py` lists the legal actions of the pending decision (a worker placement, an answer, a flush) and
  carries out one; `prompts.py` says what each question offers and what each answer does.
- A phase (`placement`, `building`, `feeding`, `research`, the module effects in `plans` and `effects`, the
  Reactor) changes the working copy for one step and pushes the tasks that come next onto its stack, never
  calls the sequencer: what comes next is on the stack, and the sequencer takes it from there.

The import-linter contract in pyproject.toml holds Station to this.
"""

from __future__ import annotations

from collections.abc import Sequence
from threading import get_ident
from typing import ClassVar

from msgspec.structs import replace

from chimera_tui.engine import GameConfig, IllegalAction, OptionSpec, Rng
from chimera_tui.games.station.actions import Action, Choose, Flush, Place, parse_action
from chimera_tui.games.station.content import content
from chimera_tui.games.station.core import Working
from chimera_tui.games.station.decisions import (
    CHOOSE,
    apply_choose,
    apply_flush,
    apply_place,
    legal,
    placer_of,
)
from chimera_tui.games.station.flow import advance, setup
from chimera_tui.games.station.prompts import PROMPTS, UNFRAMED
from chimera_tui.games.station.scoring import winners
from chimera_tui.games.station.state import DRAFT, FEEDING, HIDDEN, LAB, OVER, PLACEMENT, State, Task
from chimera_tui.games.station.told import begin, earlier_events, end
from chimera_tui.games.station.wording import choice_said, comps_text

SIDE = OptionSpec(
    "side",
    "Mat side",
    ("A", "B"),
    "A: the standard research track; B: a unique power for each mat. One letter for everyone, or one per "
    "seat in seat order (A,B,A).",
    per_seat=True,
)
"""The player-mat side, chosen per seat (ST-SETUP-18); the default is side A for everyone."""


def seat_sides(value: str, players: int) -> tuple[str, ...]:
    """Each seat's mat side from the `side` option: one letter for all, or a comma list with one per seat.

    Raises:
        IllegalAction: with the reason, for anything else.
    """
    letters = [x.strip().upper() for x in value.split(",")]
    if any(x not in ("A", "B") for x in letters):
        raise IllegalAction(f"The player-mat side must be A or B (or one per seat, like A,B), not {value!r}.")
    if len(letters) == 1:
        return (letters[0],) * players
    if len(letters) != players:
        raise IllegalAction(
            f"The player-mat sides {value!r} name {len(letters)} seats, but {players} players play."
        )
    return tuple(letters)


_LISTED: tuple[State | None, tuple[Action, ...]] = (None, ())
"""The last state whose legal actions are known, and those actions: `apply` on that state with one of them
skips checking it again (a bot or a person nearly always chooses from the list it was just given), and
`legal_actions` gives them again. Set by `legal_actions`, and by `apply` when it stops at a question whose
answers the task loop has just worked out (`Working.asked`). Frozen values only, the same whichever thread
asks."""

_KEPT: tuple[State, Working, int] | None = None
"""The last state `apply` returned, the working copy it was frozen from (which holds the same values) and the
thread that made them: listing that state's actions (or asking whose turn it is) reads that copy instead of
making another, and the next `apply` on that state takes it (`Working.freeze` left it a fresh copy of the
state) instead of thawing the state again. Taking it clears this, so a copy is never changed by two calls (a
second `apply` on the same state thaws it afresh).

Each entry names its thread (`threading.get_ident`), and only that thread uses it: the search bot and the
hint run the rules in worker threads beside the main one, and a working copy must never be read by one
thread while another changes it (another thread's entry is simply a miss). Chimera Con and Imaginarium keep
theirs in a `threading.local`; an identity check is cheaper on this path, which runs on every decision."""


def _reader(state: State) -> Working:
    """A working copy of `state` to read from."""
    kept = _KEPT
    if kept is not None and kept[0] is state and kept[2] == get_ident():
        return kept[1]
    return Working(state)


_VIEWED: tuple[State | None, State] = (None, None)  # type: ignore[assignment]
"""The last state `view` redacted, and its view (views do not depend on the seat; a view is a frozen value,
so a thread may be handed the one another thread made)."""

_NO_RNG = Rng(0)
_HIDDEN: dict[int, tuple[str, ...]] = {}


def _hidden(n: int) -> tuple[str, ...]:
    """A face-down pile of `n` cards."""
    pile = _HIDDEN.get(n)
    if pile is None:
        pile = _HIDDEN[n] = (HIDDEN,) * n
    return pile


class StationRules:
    """Chimera Station for 2–4 players, both player-mat sides."""

    id: ClassVar[str] = "station"
    title: ClassVar[str] = "Chimera Station"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[int] = 2
    options: ClassVar[tuple[OptionSpec, ...]] = (SIDE,)
    state_type: ClassVar[type[State]] = State

    def new_game(self, config: GameConfig, seed: int) -> State:
        """Setup A-M; the starting-card draft is the first decision."""
        names = tuple(config.name(i) for i in range(config.players))
        return setup(names, seat_sides(config.option(SIDE), config.players), seed)

    def to_act(self, state: State) -> int | None:
        """The seat asked to decide: the top prompt's seat, or the seat placing a worker."""
        tasks = state.tasks
        if tasks:  # (none is left once the game is over)
            return tasks[-1].seat
        phase = state.phase
        if phase is PLACEMENT:
            return state.turn
        if phase is OVER:
            return None
        who = placer_of(_reader(state))
        return who[0] if who else None

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal action now, in a deterministic order."""
        global _LISTED
        listed = _LISTED
        if listed[0] is state:
            return list(listed[1])
        kept = _KEPT  # _reader(state), inline
        acts = legal(
            kept[1] if kept is not None and kept[0] is state and kept[2] == get_ident() else Working(state)
        )
        _LISTED = (state, tuple(acts))
        return acts

    def apply(self, state: State, action: Action) -> State:
        """The state after `action`; raises IllegalAction with a reason when it is not legal now."""
        global _LISTED, _KEPT
        if state.phase is OVER:
            raise IllegalAction("The game is over; no more actions can be taken.", action)
        me = get_ident()
        kept = _KEPT
        if kept is not None and kept[0] is state and kept[2] == me:
            # the copy this state was frozen from, by this thread: taken, so it is never shared while it changes
            _KEPT = None
            g = kept[1]  # left a fresh copy of `state` by `freeze`
            if g.thawed:  # unless a listing thawed a seat since
                g.restart(state)
        else:
            g = Working(state)
        listed = _LISTED
        known = listed[0] is state and action in listed[1]
        cls = action.__class__  # (`is` on the class: isinstance is a call, and this runs on every decision)
        if cls is Place:  # a placement opens its own told frames, when it can tell something
            apply_place(g, action, known)  # type: ignore[arg-type]
        elif cls is Choose:
            tasks = g.tasks
            if tasks and tasks[-1].kind in UNFRAMED:  # the answer tells itself, or changes nothing told
                apply_choose(g, action, known)  # type: ignore[arg-type]
            else:
                begin(g, tasks[-1] if tasks else None)
                apply_choose(g, action, known)  # type: ignore[arg-type]
                end(g)
        elif cls is Flush:
            begin(g, "flush")
            apply_flush(g, action, known)  # type: ignore[arg-type]
            end(g)
        else:
            raise IllegalAction(f"{action!r} is not a Chimera Station action.", action)
        advance(g)
        after = g.freeze()
        _KEPT = (after, g, me)
        if g.asked:
            _LISTED = (after, tuple(map(CHOOSE.__getitem__, g.asked)))
            g.asked = ()
        return after

    def is_over(self, state: State) -> bool:
        """True after round 5's Feeding phase and the end scoring."""
        return state.phase is OVER

    def scores(self, state: State) -> tuple[int, ...]:
        """Each seat's score (the sum of its scoring events)."""
        return tuple(p.score for p in state.players)

    def winner(self, state: State) -> tuple[int, ...]:
        """The winners after the tie-breaks (ST-END-06..08), or () before the end."""
        return winners(state) if state.phase is OVER else ()

    def view(self, state: State, seat: int | None) -> State:
        """Hides the order of the module pile and the perk deck (and the random stream).

        Every seat sees the same, so the last view is kept and given again for the same state.
        """
        global _VIEWED
        last = _VIEWED
        if last[0] is state:
            return last[1]
        seen = replace(
            state, pile=_hidden(len(state.pile)), perk_deck=_hidden(len(state.perk_deck)), rng=_NO_RNG
        )
        _VIEWED = (state, seen)
        return seen

    def parse(self, state: State, text: str) -> Action:
        """The action written as `text` (see actions.py)."""
        return parse_action(text)

    def describe(self, state: State, action: Action) -> str:
        """`action` in words for the log, with player names and never an internal id."""
        seat = self.to_act(state)
        who = state.names[seat] if seat is not None else "Nobody"
        g = Working(state)
        if isinstance(action, Place):
            comps = g.comps(seat, action.worker) if seat is not None else ()
            where = {"lab": "the Splicing Lab", "lounge": "the Worker Lounge"}.get(action.space)
            if where is None:
                m = g.c.modules.get(action.space)
                where = m.name if m else action.space
            label = comps_text(comps) if comps else "no components"
            return f"{who} places worker #{action.worker + 1} ({label}) on {where}"
        if isinstance(action, Flush):
            return f"{who} discards their starting card to flush the Reactor"
        t = state.tasks[-1] if state.tasks else None
        return f"{who} " + choice_said(state, t, action.value)

    def earlier_wordings(self, state: State) -> tuple[State, ...]:
        """`state` with its events worded as before their plurals were corrected, when that differs (see
        engine.ruleset.earlier_wordings)."""
        then = earlier_events(state.events)
        return (replace(state, events=then),) if then != state.events else ()

    def is_irreversible(self, before: State, action: Action, after: State) -> bool:
        """True when `action` drew randomness or revealed a tile or perk (an undo barrier)."""
        return (
            before.rng != after.rng
            or len(before.pile) != len(after.pile)
            or len(before.perk_deck) != len(after.perk_deck)
            or after.phase is OVER
        )

    def round_label(self, state: State) -> str:
        """Where the game stands, e.g. Round 3 · placement."""
        if state.phase is OVER:
            return "Game over"
        if state.phase is DRAFT:
            return "Setup · starting cards"
        label = {PLACEMENT: "placement", LAB: "Splicing Lab", FEEDING: "feeding"}
        return f"Round {state.round} · {label[state.phase]}"


def prompt_of(t: Task | None) -> str:
    """What the pending task asks, in words (for the UI's prompt line)."""
    if t is None:
        return "Place a worker"
    module = content().modules.get(t.place)
    return PROMPTS.get(t.kind, t.kind).format(place=module.name if module else t.place)


def prompt(state: State) -> str:
    """The pending decision of `state`, in words."""
    return prompt_of(state.tasks[-1] if state.tasks else None)


RULES = StationRules()

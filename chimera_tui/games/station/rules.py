"""Chimera Station's `Ruleset`: setup, whose decision it is, the legal actions, apply, views and words.

`legal_actions` dispatches on the pending decision: a choice task (a `Choose` per value), a nested
placement task, or — with no task pending — a worker placement of the Placement or Splicing Lab phase
(plus the once-per-game flush on one's own Placement turn).
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
from chimera_tui.games.station.flow import advance, pass_turn, placer, setup
from chimera_tui.games.station.placement import place, placements, space_problem
from chimera_tui.games.station.plans import WHOLE, only_option
from chimera_tui.games.station.prompts import CHOICES, PROMPTS, UNFRAMED
from chimera_tui.games.station.scoring import winners
from chimera_tui.games.station.state import HIDDEN, Phase, State, Task
from chimera_tui.games.station.told import begin, end
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


_PLACER: tuple[State | None, tuple[int, list[int]] | None] = (None, None)
"""The last state whose placer (`flow.placer`) was worked out, and the answer: whose turn it is, the legal
actions and `apply` each ask it of the same Splicing Lab state (a frozen answer: the list is never changed)."""


def _placer_of(g: Working) -> tuple[int, list[int]] | None:
    """`flow.placer(g)` for a working copy not yet changed from its state `g.s`, kept for that state."""
    global _PLACER
    known = _PLACER
    if known[0] is g.s:
        return known[1]
    who = placer(g)
    _PLACER = (g.s, who)
    return who


def _placing(g: Working) -> tuple[int, list[int], Task | None] | None:
    """(seat, workers it may place, the nested "place" task if any), when a placement is pending."""
    if g.tasks:
        t = g.tasks[-1]
        return (t.seat, g.pool_workers(t.seat), t) if t.kind == "place" else None
    who = _placer_of(g)
    return (who[0], who[1], None) if who else None


def _can_flush(g: Working, seat: int) -> bool:
    return g.phase is Phase.PLACEMENT and not g.tasks and g.turn == seat and bool(g.players[seat].card)


class _Choices(dict[str, Choose]):
    """Value -> its `Choose`, made the first time it is asked for (like `placement.Places`)."""

    def __missing__(self, value: str) -> Choose:
        made = self[value] = Choose(value)
        return made


_CHOICES = _Choices()
_FLUSH = Flush()


def legal(g: Working) -> list[Action]:
    """The legal actions in `g`, dispatched on the pending decision."""
    phase = g.phase
    if phase is Phase.OVER:
        return []
    if not g.tasks and phase is Phase.PLACEMENT:  # a Placement turn: the flush is offered at its start
        seat = g.turn
        acts: list[Action] = placements(g, seat, g.pool_workers(seat))  # type: ignore[assignment]
        if g.players[seat].card:
            acts.append(_FLUSH)
        return acts
    placing = _placing(g)
    if placing is not None:
        seat, workers, _ = placing
        return placements(g, seat, workers)  # type: ignore[return-value]
    t = g.tasks[-1]
    return list(map(_CHOICES.__getitem__, CHOICES[t.kind][0](g, t)))


def _quick_turn(g: Working, seat: int, wi: int, space: str) -> bool:
    """A whole placement at once (a Placement turn, or one in the Splicing Lab phase), when it needs no
    decision and nothing but the module's effect happens: no worker displaced, no tentacle (no bonus to track),
    and exactly one usable option whose every op is compiled and settled (plans.py). Then the tasks the
    placement would push (the next turn and the flush offer in the Placement phase, the action's end, the
    effect) would all run before anything is asked, and none would do anything but what is done here: the
    compiled ops change no Reactor tile, so no flush is offered after them. False, having changed nothing,
    otherwise. Only for a placement listed for this very state (so the module is usable), with no task
    pending."""
    if space not in g.c.modules:  # the Lab or the Lounge
        return False
    whole = WHOLE[space]
    if whole is None:
        return False
    comps = g.players[seat].workers[wi].comps
    if "tentacle" in comps or space in g.occupancy():
        return False
    if len(whole) == 1:
        steps = whole[0]  # listed, so usable: its one option can be carried out
    else:
        index = only_option(g, seat, wi, space)
        if index is None:
            return False
        steps = whole[index]
    g.move(seat, wi, space)
    if "brain" in comps:
        begin(g, Place(wi, space))
        g.score(seat, g.c.modules[space].value, "brain")
        end(g)
    for step in steps:
        step(g, seat, wi, False)  # nothing to track: no tentacle, so no bonus at the action's end
    if g.phase is Phase.PLACEMENT:
        pass_turn(g)
    return True


def _apply_place(g: Working, a: Place, known: bool) -> None:
    if known:  # listed for this very state: only who places (and whether it answers a "place" task) matters
        task = g.tasks[-1] if g.tasks else None
        seat = task.seat if task is not None else g.turn if g.phase is Phase.PLACEMENT else _placer_of(g)[0]  # type: ignore[index]
        if task is None and _quick_turn(g, seat, a.worker, a.space):
            return
    else:
        placing = _placing(g)
        if placing is None:
            raise IllegalAction("No worker placement is pending: answer the current prompt first.", a)
        seat, workers, task = placing
        if a.worker not in workers:
            raise IllegalAction(
                f"Worker {a.worker} is not one you may place now (you may place {workers}).", a
            )
        why = space_problem(g, seat, a.worker, a.space)
        if why is not None:
            raise IllegalAction(why[0].upper() + why[1:] + ".", a)
    tasks = g.tasks
    if task is not None:
        tasks.pop()
    elif g.phase is Phase.PLACEMENT:
        tasks.append(_NEXT_TURN[seat])
        if g.players[seat].card:  # ST-FLUSH-06: the flush may also follow the placement (asked only when
            # the placement changed the Reactor: otherwise flushing before it was the same, see prompts.py)
            tasks.append(Task("flush_offer", seat, comps=g.reactor, n=len(g.pile), i=len(g.discard)))
    tasks.append(_ACTION_END[seat][a.worker])
    place(g, seat, a.worker, a.space, a)


_NEXT_TURN = tuple(Task("next_turn", seat) for seat in range(8))
_ACTION_END = tuple(tuple(Task("action_end", seat, wi) for wi in range(8)) for seat in range(8))
"""The tasks every placement pushes, made once (a Task is a value)."""


def _apply_choose(g: Working, a: Choose, known: bool) -> None:
    if not g.tasks or g.tasks[-1].kind == "place":
        raise IllegalAction("Nothing is being asked now: place a worker.", a)
    t = g.tasks[-1]
    choices, resolve = CHOICES[t.kind]
    if not known and a.value not in (opts := choices(g, t)):
        raise IllegalAction(f"{a.value!r} is not a possible answer; choose one of: {', '.join(opts)}.", a)
    g.tasks.pop()
    resolve(g, t, a.value)


def _apply_flush(g: Working, a: Flush, known: bool) -> None:
    placing = _placing(g)
    seat = placing[0] if placing else -1
    if placing is None or not _can_flush(g, seat):
        if seat >= 0 and not g.players[seat].card:
            raise IllegalAction("You have already used your starting card to flush the Reactor.", a)
        raise IllegalAction("You may flush the Reactor only at the start of your own Placement turn.", a)
    g.w(seat).card = ""
    g.push(Task("flush", seat))


_LISTED: tuple[State | None, tuple[Action, ...]] = (None, ())
"""The last state whose legal actions are known, and those actions: `apply` on that state with one of them
skips checking it again (a bot or a person nearly always chooses from the list it was just given), and
`legal_actions` gives them again. Set by `legal_actions`, and by `apply` when it stops at a question whose
answers the task loop has just worked out (`Working.asked`). Frozen values only, the same whichever thread
asks."""

_KEPT: tuple[State, Working, int] | None = None
"""The last state `apply` returned, the working copy it was frozen from (which holds the same values) and the
thread that made them: listing that state's actions (or asking whose turn it is) reads that copy instead of
making another, and the next `apply` on that state takes it (`Working.restart`) instead of thawing the state
again. Taking it clears this, so a copy is never changed by two calls (a second `apply` on the same state
thaws it afresh).

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
        if state.phase is Phase.OVER:
            return None
        if state.tasks:
            return state.tasks[-1].seat
        if state.phase is Phase.PLACEMENT:
            return state.turn
        who = _placer_of(_reader(state))
        return who[0] if who else None

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal action now, in a deterministic order."""
        global _LISTED
        listed = _LISTED
        if listed[0] is state:
            return list(listed[1])
        acts = legal(_reader(state))
        _LISTED = (state, tuple(acts))
        return acts

    def apply(self, state: State, action: Action) -> State:
        """The state after `action`; raises IllegalAction with a reason when it is not legal now."""
        global _LISTED, _KEPT
        if state.phase is Phase.OVER:
            raise IllegalAction("The game is over; no more actions can be taken.", action)
        me = get_ident()
        kept = _KEPT
        if kept is not None and kept[0] is state and kept[2] == me:
            # the copy this state was frozen from, by this thread: taken, so it is never shared while it changes
            _KEPT = None
            g = kept[1]
            g.restart(state)
        else:
            g = Working(state)
        listed = _LISTED
        known = listed[0] is state and action in listed[1]
        cls = action.__class__  # (`is` on the class: isinstance is a call, and this runs on every decision)
        if cls is Place:  # a placement opens its own told frames, when it can tell something
            _apply_place(g, action, known)  # type: ignore[arg-type]
        elif cls is Choose:
            tasks = g.tasks
            if tasks and tasks[-1].kind in UNFRAMED:  # the answer tells itself, or changes nothing told
                _apply_choose(g, action, known)  # type: ignore[arg-type]
            else:
                begin(g, tasks[-1] if tasks else None)
                _apply_choose(g, action, known)  # type: ignore[arg-type]
                end(g)
        elif cls is Flush:
            begin(g, "flush")
            _apply_flush(g, action, known)  # type: ignore[arg-type]
            end(g)
        else:
            raise IllegalAction(f"{action!r} is not a Chimera Station action.", action)
        advance(g)
        after = g.freeze()
        g.s = after
        _KEPT = (after, g, me)
        if g.asked:
            _LISTED = (after, tuple(map(_CHOICES.__getitem__, g.asked)))
        return after

    def is_over(self, state: State) -> bool:
        """True after round 5's Feeding phase and the end scoring."""
        return state.phase is Phase.OVER

    def scores(self, state: State) -> tuple[int, ...]:
        """Each seat's score (the sum of its scoring events)."""
        return tuple(p.score for p in state.players)

    def winner(self, state: State) -> tuple[int, ...]:
        """The winners after the tie-breaks (ST-END-06..08), or () before the end."""
        return winners(state) if state.phase is Phase.OVER else ()

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

    def is_irreversible(self, before: State, action: Action, after: State) -> bool:
        """True when `action` drew randomness or revealed a tile or perk (an undo barrier)."""
        return (
            before.rng != after.rng
            or len(before.pile) != len(after.pile)
            or len(before.perk_deck) != len(after.perk_deck)
            or after.phase is Phase.OVER
        )

    def round_label(self, state: State) -> str:
        """Where the game stands, e.g. Round 3 · placement."""
        if state.phase is Phase.OVER:
            return "Game over"
        if state.phase is Phase.DRAFT:
            return "Setup · starting cards"
        label = {Phase.PLACEMENT: "placement", Phase.LAB: "Splicing Lab", Phase.FEEDING: "feeding"}
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

"""Codename: Chimera's rules core: setup, whose decision it is, legal actions, apply, views.

The flow: torso choice → Phase One, Drafting (deal, dealer's pick, auction) → Phase Two, Building (each seat
in turn, in private) → Phase Three, Arena (turns with attacks and reactions) → over. `legal_actions` and
`apply` dispatch on `State.phase` through dicts.

The phase machine has the house's one shape (see games/con/rules.py): these dicts are the sequencer, and no
phase imports this module. Each phase leads to one next phase, so it starts that one itself, importing
forward only: `torso` → `drafting`, `building` → `arena`; in the Arena `attacks` → `arena` → `windows`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.rng import Rng
from chimera_tui.engine.ruleset import GameConfig, OptionSpec
from chimera_tui.games.codename import arena, attacks, building, drafting, told, torso, windows
from chimera_tui.games.codename.actions import (
    Action,
    Attach,
    AttackWith,
    Bid,
    Done,
    EndTurn,
    Go,
    Join,
    Pass,
    Pick,
    PickTorso,
    Skip,
    Take,
    Use,
    Wait,
    parse,
)
from chimera_tui.games.codename.combat import owner_of
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.scoring import scores, winner
from chimera_tui.games.codename.state import (
    AUCTION,
    BUILD,
    DEAL,
    JOIN,
    OVER,
    PICK,
    REACT,
    TORSO,
    TURN,
    WINDOW,
    Phase,
    Player,
    State,
)

_C = load()

YOUNGEST = OptionSpec(
    "youngest",
    "Youngest player (first torso pick)",
    ("random", "1", "2", "3", "4"),
    "Who chooses the first torso card; random draws a seat with the game's seed.",
)
SIXES = OptionSpec(
    "sixes",
    "Sixes",
    ("booklet", "explode"),
    "booklet: a die shows 1 to 6, as the rulebook says; explode: a house rule, each 6 is rolled again and added.",
)
SHORTEST = OptionSpec(
    "shortest",
    "Shortest player (first dealer)",
    ("random", "1", "2", "3", "4"),
    "Who deals the first drafting round; random draws a seat with the game's seed.",
)


def _seat_option(config: GameConfig, spec: OptionSpec, rng: Rng) -> tuple[int, Rng]:
    value = config.option(spec)
    if value == "random":
        return rng.below(config.players)
    if value not in spec.choices or int(value) > config.players:
        raise IllegalAction(f"{spec.label}: {value!r} is not a seat of this {config.players}-player game.")
    return int(value) - 1, rng


_GO = Go()
"""The one `Go` every JOIN listing offers (an action is a frozen value)."""

_LEGAL_BY: dict[Phase, Callable[[State], Sequence[Any]]] = {
    TORSO: torso.legal,
    DEAL: drafting.deal_legal,
    AUCTION: drafting.auction_legal,
    PICK: drafting.pick_legal,
    BUILD: building.legal,
    TURN: attacks.turn_legal,
    JOIN: lambda s: [*attacks.join_options(s), _GO],
    REACT: lambda s: attacks.react_legal_actions(s, s.attack.target_seat),  # type: ignore[union-attr]
    WINDOW: windows.window_legal,
    OVER: lambda s: [],
}

_ACCEPTS_BY: dict[Phase, tuple[type, ...]] = {
    TORSO: (PickTorso,),
    DEAL: (Take, Skip),
    AUCTION: (Bid, Pass),
    PICK: (Pick,),
    BUILD: (Attach, Done),
    TURN: (AttackWith, Use, Attach, EndTurn),
    JOIN: (Join, Go),
    REACT: (Use, Attach, Pass),
    WINDOW: (Attach, Wait),
    OVER: (),
}

_APPLY_BY: dict[Phase, Callable[[State, Any], State]] = {
    TORSO: torso.pick,
    DEAL: drafting.dealer_choice,
    AUCTION: drafting.bid_or_pass,
    PICK: drafting.pick,
    BUILD: building.build,
    TURN: attacks.take_turn_action,
    JOIN: attacks.join_phase,
    REACT: attacks.react,
    WINDOW: windows.window_act,
}

_LEGAL = {phase._value_: legal for phase, legal in _LEGAL_BY.items()}
_ACCEPTS = {phase._value_: frozenset(kinds) for phase, kinds in _ACCEPTS_BY.items()}
_APPLY = {phase._value_: step for phase, step in _APPLY_BY.items()}
_STEPS = {value: (_ACCEPTS[value], step) for value, step in _APPLY.items()}
"""The tables above keyed by each phase's value: an enum member's hash is a Python call, a string's is not,
and these are looked up on every decision. The action classes accepted are a set (each action's exact class);
`_STEPS` pairs them with the phase's step, for `apply` to look up once."""

_PROMPTS = {
    TORSO: "choose a torso half",
    DEAL: "take a face-up card for 1 energy or skip",
    AUCTION: "bid or pass",
    PICK: "pick a card",
    BUILD: "attach parts or finish building",
    TURN: "attack, use an ability, attach, or end the turn",
    JOIN: "add a part to the attack or roll",
    REACT: "react to the attack or pass",
    WINDOW: "attach from your inventory or wait",
}


class CodenameRules:
    """Codename: Chimera for 2 to 4 players."""

    id: ClassVar[str] = "codename"
    title: ClassVar[str] = "Codename: Chimera"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[int] = 3
    """2: the booklet's dice by default (exploding sixes an option), attaching windows on other players'
    turns, the end of stalled fights, events in words. 3: a fight also ends after five arena rounds in a
    row with no card destroyed, and the safety limit is 30 rounds. Saves of older versions no longer replay
    and are refused."""
    options: ClassVar[tuple[OptionSpec, ...]] = (YOUNGEST, SHORTEST, SIXES)
    state_type: ClassVar[type[State]] = State

    def new_game(self, config: GameConfig, seed: int) -> State:
        """Torso halves face up, the part deck shuffled, youngest and shortest seats fixed.

        Raises:
            IllegalAction: for a seat count outside 2–4 or a seat option beyond the table.
        """
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise IllegalAction(f"{self.title} is for 2 to 4 players, not {n}.")
        rng = Rng(seed)
        first, rng = _seat_option(config, YOUNGEST, rng)
        dealer, rng = _seat_option(config, SHORTEST, rng)
        sixes = config.option(SIXES)
        if sixes not in SIXES.choices:
            raise IllegalAction(f"{SIXES.label}: {sixes!r} is not one of {', '.join(SIXES.choices)}.")
        deck, rng = rng.shuffle(_C.part_ids)
        return State(
            phase=TORSO,
            players=tuple(Player() for _ in range(n)),
            rng=rng,
            first=first,
            torso_order=torso.pick_order(first, n),
            torso_pool=_C.torso_ids,
            deck=deck,
            dealer=dealer,
            explode=sixes == "explode",
        )

    def to_act(self, state: State) -> int | None:
        phase = state.phase  # the Arena's phases first: they take most of a game's decisions
        if phase is TURN:
            return state.order[state.turn]  # arena.current, without its call
        if phase is WINDOW:
            return state.window[0]
        if phase is JOIN or phase is REACT:
            assert state.attack is not None
            return state.attack.attacker if phase is JOIN else state.attack.target_seat
        if phase is TORSO:
            return torso.picker(state)
        if phase is DEAL:
            return state.dealer
        if phase is AUCTION:
            assert state.auction is not None
            return state.auction.bidder
        if phase is PICK:
            assert state.auction is not None
            return state.auction.leader
        if phase is BUILD:
            return state.builder
        return None

    def legal_actions(self, state: State) -> Sequence[Action]:
        return _LEGAL[state.phase._value_](state)

    def apply(self, state: State, action: Action) -> State:
        """The state after `action` by the seat to act.

        Raises:
            IllegalAction: with the rule that forbids it.
        """
        phase = state.phase
        if phase is OVER:
            raise IllegalAction("The game is over.", action)
        accepts, step = _STEPS[phase._value_]
        if action.__class__ not in accepts:
            raise IllegalAction(
                f"Now is the time to {_PROMPTS[phase]}, not that (it {describe_action(action)}).", action
            )
        return step(msgspec.structs.replace(state, events=()), action)

    def is_over(self, state: State) -> bool:
        return state.phase is OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return scores(state)

    def winner(self, state: State) -> tuple[int, ...]:
        return winner(state)

    def ended_at_limit(self, state: State) -> bool:
        """Whether the fight ended at the arena round limit with more than one monster standing (`chimera
        bench` counts these)."""
        alive = sum(1 for p in state.players if p.alive)
        return state.phase is OVER and state.arena_round >= arena.ROUND_LIMIT and alive > 1

    def view(self, state: State, seat: int | None) -> State:
        """What `seat` may see: no deck order, no box, no other hands or inventories, no monster being built."""
        building_now = state.phase is BUILD
        players = tuple(
            p
            if s == seat
            else msgspec.structs.replace(
                p,
                cards=("",) * (len(p.cards) + (len(p.monster) if building_now else 0)),
                monster=() if building_now else p.monster,
            )
            for s, p in enumerate(state.players)
        )
        events = tuple(e for e in (told.visible(x, seat) for x in state.events) if e is not None)
        return msgspec.structs.replace(
            state,
            players=players,
            rng=Rng(0),
            deck=("",) * len(state.deck),
            box=("",) * len(state.box),
            events=events,
        )

    def parse(self, state: State, text: str) -> Action:
        return parse(text)

    def describe(self, state: State, action: Action) -> str:
        seat = self.to_act(state)
        who = f"Player {seat + 1}" if seat is not None else "Nobody"
        if isinstance(action, AttackWith) and not action.target.startswith("torso:"):
            victim = owner_of(state, action.target)
            if victim >= 0:
                return f"{who}: attacks {told.who(victim)}'s {_name(action.target)} with {_name(action.part)}"
        return f"{who}: {describe_action(action)}"

    def describe_for(self, state: State, action: Action, viewer: int | None) -> str | None:
        """`action` as `viewer` may read it: building is private, so another seat (or a spectator) reads
        nothing of an attachment and only "builds in private" when the builder finishes."""
        seat = self.to_act(state)
        if state.phase is BUILD and seat is not None and viewer != seat:
            if isinstance(action, Done):
                return f"{told.who(seat)}: builds in private and is done"
            return None
        return self.describe(state, action)

    def is_irreversible(self, before: State, action: Action, after: State) -> bool:
        """Dice, cards turned up or drawn, inventory cards attached and the monsters' reveal cannot be taken back."""
        return (
            before.rng != after.rng
            or len(before.deck) != len(after.deck)
            or (before.phase is BUILD and after.phase is not BUILD)
            or (isinstance(action, Attach) and before.phase is not BUILD)
            or after.phase is OVER
        )

    def round_label(self, state: State) -> str:
        phase = state.phase
        if phase is TORSO:
            return "Torso choice"
        if phase in (DEAL, AUCTION, PICK):
            return f"Drafting, deal {state.draft_round}"
        if phase is BUILD:
            return "Building"
        if phase is OVER:
            return "Game over"
        return f"Arena, round {state.arena_round}"


def describe_action(action: Action) -> str:
    """An action in words."""
    match action:
        case PickTorso(card):
            return f"chooses the torso half {_name(card)}"
        case Take(card):
            return f"takes {_name(card)} for 1 energy"
        case Skip():
            return "takes no card"
        case Bid(amount):
            return f"bids {amount}"
        case Pass():
            return "passes"
        case Pick(card):
            return f"picks {_name(card)}"
        case Attach(card, parent, slot):
            return f"attaches {_name(card)} to the {slot} edge of {_name(parent)}"
        case Done():
            return "finishes building"
        case AttackWith(part, target):
            return f"attacks {_name(target)} with {_name(part)}"
        case Join(part):
            return f"adds {_name(part)} to the attack"
        case Go():
            return "rolls the attack"
        case Use(part, choice):
            return f"uses {_name(part)}" + (f" on {_name(choice)}" if choice else "")
        case Wait():
            return "attaches nothing more this turn"
        case EndTurn():
            return "growls and ends the turn"
    return str(action)


def _name(card: str) -> str:
    return told.name(card)

"""The rules-core contract every game implements, and the small types it speaks.

Modelled on OpenSpiel's State API and boardgame.io's moves: states and actions are immutable msgspec
Structs; `apply` returns a new state; randomness lives in the state; `view` redacts what a seat may not see.
One seat decides at a time (`to_act`); simultaneous decisions (sealed bids, private building) are asked of
the seats one after another, each seeing only its own view, which is exactly what a hot-seat table does and
what a remote table needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import msgspec

S = TypeVar("S")
A = TypeVar("A")


class OptionSpec(msgspec.Struct, frozen=True):
    """A game-specific setup option the new-game dialog and the command line offer."""

    key: str
    """The option's name on the command line (``--side`` for key ``side``)."""
    label: str
    """What the dialog shows."""
    choices: tuple[str, ...]
    """The allowed values; the first is the default."""
    help: str = ""
    """One line of help."""
    per_seat: bool = False
    """Each seat chooses its own value (Station's mat side): the value is one choice for every seat, or a
    comma list with one choice per seat in seat order ("A,B,A"). The dialog asks it in each seat's row."""

    @property
    def default(self) -> str:
        """The value used when the player does not choose."""
        return self.choices[0]

    def problem(self, value: str, players: int) -> str | None:
        """Why `value` is not a value of this option for `players` seats (a sentence), or None."""
        if value in self.choices:
            return None
        allowed = ", ".join(self.choices)
        if not self.per_seat:
            return f"Option {self.key} must be one of {allowed}, not {value!r}."
        parts = [part.strip() for part in value.split(",")]
        if any(part not in self.choices for part in parts):
            return f"Option {self.key} takes {allowed} for everyone, or one of them per seat (like A,B), not {value!r}."
        if len(parts) != players:
            return f"Option {self.key} names {len(parts)} seats ({value!r}), but {players} players play."
        return None

    def for_seats(self, value: str, players: int) -> tuple[str, ...]:
        """Each seat's choice from a valid `value` (one for all, or one per seat)."""
        parts = tuple(part.strip() for part in value.split(","))
        return parts * players if len(parts) == 1 else parts


class GameConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How a match was set up: everything `new_game` needs besides the seed."""

    players: int
    """Number of seats."""
    names: tuple[str, ...] = ()
    """Player names by seat; empty means "Player 1", "Player 2", ..."""
    options: dict[str, str] = msgspec.field(default_factory=dict)
    """Game-specific options by `OptionSpec.key` (e.g. ``{"side": "B"}``)."""

    def name(self, seat: int) -> str:
        """The display name of `seat`."""
        if seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"Player {seat + 1}"

    def option(self, spec: OptionSpec) -> str:
        """The chosen value of `spec`, or its default."""
        return self.options.get(spec.key, spec.default)


@runtime_checkable
class Ruleset(Protocol[S, A]):
    """One game's rules, as pure functions over immutable states.

    Every game module exports one object satisfying this protocol as ``RULES``.
    """

    id: ClassVar[str]
    """Registry key, e.g. ``"station"``."""
    title: ClassVar[str]
    """Display name, e.g. ``"Chimera Station"``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    """Bumped whenever a rules change could make an old log replay differently."""
    options: ClassVar[tuple[OptionSpec, ...]]
    """Game-specific setup options."""
    state_type: ClassVar[type[Any]]
    """The game's State Struct (for decoding and digests)."""

    def new_game(self, config: GameConfig, seed: int) -> S:
        """The state after setup (including any random setup)."""
        ...

    def to_act(self, state: S) -> int | None:
        """The seat whose decision is pending, or None when the game is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the seat to act may take now, in a deterministic order; empty only when over."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after `action`.

        Raises:
            IllegalAction: with a reason a person understands, when `action` is not legal now.
        """
        ...

    def is_over(self, state: S) -> bool: ...

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score (or standing) now."""
        ...

    def winner(self, state: S) -> tuple[int, ...]:
        """The winning seats after the source's tie-breaks (several when they share the win); () if not over."""
        ...

    def view(self, state: S, seat: int | None) -> S:
        """`state` as `seat` may see it (None: a spectator who sees only public facts)."""
        ...

    def parse(self, state: S, text: str) -> A:
        """The action whose notation is `text`; ``parse(s, str(a)) == a`` for every legal `a`.

        Raises:
            NotationError: when `text` names no action.
        """
        ...

    def describe(self, state: S, action: A) -> str:
        """`action`, taken in `state`, in words for the log ("Red places a worker on the Refinery")."""
        ...

    def is_irreversible(self, before: S, action: A, after: S) -> bool:
        """True when `action` drew randomness or revealed hidden information: undo may not cross it."""
        ...

    def round_label(self, state: S) -> str:
        """Where the match stands, for save lists ("Round 3", "Arena, round 2")."""
        ...


def describe_as_seen(rules: Ruleset[Any, Any], state: Any, action: Any, viewer: int | None) -> str | None:
    """`action`, taken in `state`, in words as `viewer` may read it in the log (None: hidden from `viewer`).

    The log, like the board, is a view. A game whose log can hold private facts (a part attached in private,
    a card drawn face down) implements ``describe_for(state, action, viewer) -> str | None``, returning the
    public wording ("Player 1 builds in private") or None when `viewer` must not even learn that the action
    happened; `viewer` None is a spectator. Games without it have a public log: `describe` for everyone.
    """
    describe_for = getattr(rules, "describe_for", None)
    if describe_for is None:
        return rules.describe(state, action)
    text: str | None = describe_for(state, action, viewer)
    return text


def ended_at_limit(rules: Ruleset[Any, Any], state: Any) -> bool:
    """Whether a finished game stopped at a safety limit this edition adds so that every game ends (a round
    limit), rather than by the game's own end.

    A game with such a limit implements ``ended_at_limit(state) -> bool``; games without one never stop
    there, so this is False for them.
    """
    hook = getattr(rules, "ended_at_limit", None)
    return bool(hook(state)) if hook is not None else False


def earlier_wordings(rules: Ruleset[Any, Any], state: Any) -> tuple[Any, ...]:
    """`state` as earlier versions of this edition worded it: the same position with the sentences it holds
    (what the last action caused, for the log) in the words they had before one was corrected.

    A save's digest covers those sentences, so a save whose last action was told in the old words would no
    longer match its own record; `saves` accepts these as well. A game that corrected the wording of what its
    state holds implements ``earlier_wordings(state) -> tuple[state, ...]``; the others have none.
    """
    hook = getattr(rules, "earlier_wordings", None)
    return tuple(hook(state)) if hook is not None else ()


def seat_count_error(rules: Ruleset[Any, Any], players: int) -> str | None:
    """A sentence saying why `players` is not a valid seat count for `rules`, or None when it is."""
    if rules.min_players <= players <= rules.max_players:
        return None
    return (
        f"{rules.title} is for {rules.min_players} to {rules.max_players} players; "
        f"{players} {'was' if players == 1 else 'were'} asked for."
    )

"""Imaginarium's state: frozen msgspec Structs, tuples only, content referred to by code or id.

A solo player is a team of one (design 16): the screen (stock, VP, fragments), the broken machines and the
dream belong to a `Team`; the workshop slots, dial, assistants and completed projects to a `Seat`.

Pending decisions are a stack of `Ask`s (the top one is what `to_act` asks for). With no ask pending, the
decision is the phase's own: a planning placement, a B1 machine use, or a B3 dial action.
"""

from __future__ import annotations

import msgspec

from chimera_tui.engine.rng import Rng

HIDDEN = "?"
"""What a redacted code or fragment looks like in a view."""

KINDS: tuple[str, ...] = ("c", "w", "cu", "cr")
"""The order of every stock tuple: charcoalium, wood, copper, crystal."""

COLOURS: tuple[str, ...] = ("R", "G", "E", "F")
"""Fragment colours by letter (romance, glory, escape, festivities); "N" is a nightmare."""

FRAGS: tuple[str, ...] = ("R", "G", "E", "F", "N")
"""The order of every fragment-count tuple."""

CAUSES: tuple[str, ...] = ("project", "plannette", "gloriette", "track", "dismantle", "bonus")
"""Why VP were scored; a team's VP is always the sum of its `Team.vp` entries."""

ACTIONS: tuple[str, ...] = ("repair", "transactions", "dismantle", "reorganize", "extraction", "recruit")
"""The dial's six actions in ring order (a position shows two neighbours)."""


class Team(msgspec.Struct, frozen=True, array_like=True):
    """One team's screen, broken machines and dream (a solo player is a team of one)."""

    stock: tuple[int, int, int, int]
    """Charcoalium, wood, copper, crystal behind the screen (hidden from other teams)."""
    vp: tuple[int, ...]
    """VP by cause (`CAUSES`), hidden from other teams; the team's VP is their sum."""
    frags: tuple[int, int, int, int, int]
    """Fragments behind the screen by kind (`FRAGS`), hidden from other teams."""
    broken: tuple[str, ...] = ()
    """Machine codes lying beside the workshop, broken (public)."""
    dream: str = ""
    """The fragments placed in the dream, oldest first, as letters (public)."""
    token: str = "S"
    """The dream-track space of the team's token."""

    @property
    def total(self) -> int:
        """The team's VP."""
        return sum(self.vp)


class Seat(msgspec.Struct, frozen=True, array_like=True):
    """One player's workshop, dial, assistants and completed projects."""

    team: int
    workshop: int
    """Workshop board number (1-6)."""
    slots: tuple[tuple[str, ...], ...]
    """Each slot's repaired machine codes (empty, one, a pair, or three with the Architect)."""
    tangled: tuple[bool, ...]
    """Per slot: its machines are tangled and do nothing until the end of this player's next B1."""
    dial: tuple[int, int] = (-1, -1)
    """The two action indices (into `ACTIONS`) the dial showed last turn; (-1, -1) before the first."""
    assistants: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()
    """Project ids this player completed."""


class Ask(msgspec.Struct, frozen=True, array_like=True):
    """A pending decision of `seat`: `kind` says what, the other fields carry what resolving it needs."""

    kind: str
    seat: int
    a: int = 0
    b: int = 0
    opts: tuple[str, ...] = ()
    """The fragments drawn or handed over (a "keep" ask), the units to choose from, and the like."""


class State(msgspec.Struct, frozen=True):
    """The whole game: everything `apply` needs, and nothing else."""

    names: tuple[str, ...]
    chimera: bool
    team_play: bool
    round: int
    phase: str
    """"plan", "b1" (use machines), "b3" (dial actions) or "over"."""
    teams: tuple[Team, ...]
    seats: tuple[Seat, ...]
    belt: tuple[str, ...]
    """The 7 places' machine codes, place 1 first; "" is empty."""
    belt_frags: tuple[str, ...]
    """The face-up fragment on each place's machine ("" none)."""
    reserved: tuple[int, ...]
    """The seat whose figure is on each place, -1 for none."""
    x1: int
    """The seat at extractor X1, -1 for none."""
    x2: tuple[int, ...]
    """The seats at extractor X2, in order of arrival."""
    initiative: tuple[int, ...]
    """This round's planning order."""
    order: tuple[int, ...]
    """This round's implementation order (set when planning ends)."""
    cursor: int
    """Index into `initiative` (planning) or `order` (turns) of the seat acting now."""
    deck: tuple[str, ...]
    """Machine draw pile, top first (redacted in views)."""
    discard: tuple[str, ...]
    """Machine discard pile (public)."""
    pile: tuple[str, ...]
    """Fragment draw pile, top first (redacted in views)."""
    frag_discard: tuple[str, ...]
    """Fragment discard pile, face up."""
    meeting: tuple[str, ...]
    """The face-up assistants."""
    helpers: tuple[str, ...]
    """The assistant deck, top first (redacted in views)."""
    projects: tuple[str, ...]
    """The projects in play."""
    done_by_any: tuple[str, ...]
    """Projects somebody has completed (a later completion scores the later VP)."""
    claimed: tuple[str, ...]
    """Dream-track reward spaces whose reward has been taken."""
    asks: tuple[Ask, ...]
    rng: Rng
    # -- the acting player's turn ---------------------------------------------------------------------------
    uses: tuple[int, ...] = ()
    """B1: uses left per optional machine, flattened slot by slot; then the Smelter's."""
    acts: tuple[int, ...] = ()
    """B3: the dial actions not yet done (indices into `ACTIONS`)."""
    current: str = ""
    """B3: the action in progress: "transactions", "reorganize" or "daydream"."""
    trades: int = 0
    """Unit trades left in the Transactions in progress; fragments still allowed in the daydream."""
    dreamed: bool = False
    """The daydream was used this turn."""
    placed: str = ""
    """The colours placed so far by the daydream or Achievette in progress."""
    ended: bool = False
    """Set at the end of the game (the end bonuses are scored)."""

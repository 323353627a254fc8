"""The screen's board: draws the view into the areas, keeps the keyboard on the decision, and words the log,
the dialogs' context and the seat's own screen. It draws into the areas of `ImaginariumScreen` and is told
what it needs of it (the lit places, the layout); the state it reads is always the seat's view, and past
states only through the table (public facts once the game is over).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.cells import cell_len
from textual.screen import Screen

from chimera_tui.games.imaginarium import State
from chimera_tui.games.imaginarium import prompt as rules_prompt
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import CAUSES
from chimera_tui.games.imaginarium.vocabulary import RESOURCE_NAMES
from chimera_tui.games.imaginarium.work import tables
from chimera_tui.ui.games.imaginarium import view as V
from chimera_tui.ui.games.imaginarium import words as Wd
from chimera_tui.ui.games.imaginarium.preview import changes
from chimera_tui.ui.games.imaginarium.results import verdict_of
from chimera_tui.ui.games.imaginarium.widgets import BoardArea, TrackArea
from chimera_tui.ui.games.imaginarium.workshops import workshops_canvas
from chimera_tui.ui.seats import bare_name
from chimera_tui.ui.seats import escape_markup as escape
from chimera_tui.ui.widgets.dream_track import TrackLink, TrackSpace
from chimera_tui.ui.widgets.place_canvas import PlaceCanvas
from chimera_tui.ui.widgets.sketch import Canvas
from chimera_tui.ui.widgets.wrapping import clamped, wrap_sentence

AREA_OF = {
    "place": "#belt", "x1": "#belt", "x2": "#belt", "meet": "#office", "proj": "#office", "slot": "#workshops",
    "broken": "#workshops", "dial": "#workshops", "act": "#workshops", "helper": "#workshops",
    "space": "#track", "dream": "#dreams",
}  # fmt: skip
"""Which area shows each kind of place."""
RIGHT = 62
"""Width of the right column (track, dreams, log) in the wide layout."""


class Board:
    """Draws the seat's view into the areas of `screen` and words it, for `table`'s seat (see the module
    docstring)."""

    def __init__(self, screen: Screen[Any], table: Any) -> None:
        self.screen = screen
        self.table = table
        self._events: dict[int, tuple[Any, Any, int | None, tuple[str, ...]]] = {}
        """Log step -> (state before, state after, what it caused as the viewer saw it)."""
        self._log: tuple[tuple[str, ...], int, tuple[str, ...]] = ((), 0, ())

    # -- drawing ---------------------------------------------------------------------------------------

    def draw(self, state: State, width: int, *, lit: frozenset[str], deciding: bool, narrow: bool) -> None:
        """Draw every area for a terminal `width` wide, the places `lit` for the decision (`deciding`: the
        seat at the keyboard decides now), in the `narrow` layout (one pane at a time) or the wide one."""
        viewer = self.table.seat if self.table.seat is not None else None
        if state.phase == "over":
            viewer = None
        wide = not narrow
        left = width - RIGHT - 3 if wide else width - 3  # the areas' borders and a scrollbar
        self._set("#belt", V.belt_canvas(state, left, lit, deciding))
        self._set("#office", V.office_canvas(state, left, lit, deciding))
        self._set("#workshops", workshops_canvas(state, viewer, left, lit, deciding, Wd.turn_seat(state)))
        self._set("#dreams", V.dreams_canvas(state, (RIGHT if wide else width) - 4, lit, deciding))
        track = self.screen.query_one(TrackArea)
        spaces, links = V.track_places(state, track.cell_height > 1, lit, deciding)
        new_spaces = tuple(TrackSpace(*sp) for sp in spaces)
        new_links = tuple(TrackLink(*ln) for ln in links)
        if new_links != track.links:
            track.links = new_links
        if new_spaces != track.spaces:
            track.spaces = new_spaces
        later = content().economy.track_later_c
        mark = "struck out" if track.cell_height > 1 else "✓"
        track.border_subtitle = f"{mark}: reward taken (a later token gets {later} C)"

    def _set(self, area: str, canvas: Canvas) -> None:
        widget = self.screen.query_one(area, BoardArea)
        if widget.canvas != canvas:
            widget.canvas = canvas

    def focus_decision(
        self, state: State, places: Mapping[str, list[str]], *, narrow: bool, show_pane: Callable[[str], None]
    ) -> None:
        """Put the keyboard on an area with a lit place (a key of `places`) when the focused one has none, and
        the cursor on a lit place there; in the `narrow` layout, `show_pane` shows that area's pane first."""
        if not places or not V.is_place_decision(state):
            return
        wanted = [AREA_OF[key.split(":")[0]] for key in places]
        focused = self.screen.focused
        here = f"#{focused.id}" if focused is not None and focused.id else None
        moving = here not in wanted
        target = here if not moving else wanted[0]
        if target is None:
            return
        widget = self.screen.query_one(target, PlaceCanvas)
        if widget.cursor not in places:
            first = next((k for k in places if AREA_OF[k.split(":")[0]] == target), None)
            if first is not None:
                widget.cursor = first
        if moving:
            if narrow:
                show_pane(
                    {"#belt": "table", "#office": "table", "#workshops": "workshops"}.get(target, "dream")
                )
            widget.focus()

    # -- words -----------------------------------------------------------------------------------------

    def header(self, state: State, *, narrow: bool, width: int = 0) -> str:
        """The top line: round, phase and step, whose turn, what is left of it (and the piles when wide), in
        `width` columns (0: any): the piles, the game's name and a name's parenthetical give way first, and
        what is left of the turn is cut ("…") only where nothing else can go (issue 32: "left: Rep, Tra,
        daydream, then" at 80 columns)."""
        if state.phase == "over":
            return "Imaginarium · game over"
        turn = Wd.turn_seat(state)
        step = "planning" if state.phase == "plan" else "turn"
        name = state.names[turn] if turn is not None else ""
        piles = f" · deck {len(state.deck)}" + (f" · fragments {len(state.pile)}" if state.chimera else "")
        left = Wd.left_this_turn(state)
        brief = left.removesuffix(", then projects")  # B4 follows every turn

        def line(title: str, who: str, rest: str, extra: str) -> str:
            whose = f" · {Wd.mark(turn)} {who}'s {step}" if turn is not None else ""
            head = f"{title}Round {state.round} · {Wd.PHASE_WORDS[state.phase]}{whose}"
            return head + (f" · {rest}" if rest else "") + extra

        title, extra = ("", "") if narrow else ("Imaginarium · ", piles)
        tries = [
            line(title, name, left, extra),
            line("", name, left, ""),
            line("", bare_name(name), left, ""),
        ]
        tries.append(line("", bare_name(name), brief, ""))
        for text in tries:
            if not width or cell_len(text) <= width:
                return text
        return clamped(tries[-1], width, 1)

    def prompt(self, state: State, *, narrow: bool, waiting_words: Callable[[int], str | None]) -> str:
        """Who decides what now (Content markup, names escaped), and the seat's own screen under it;
        `waiting_words` says how a seat nobody at this keyboard decides for waits (`GameScreen.waiting_words`)."""
        table = self.table
        if state.phase == "over":
            return "[b]Game over.[/b] " + escape(self.verdict()) + "  (r: results)"
        seat = table.to_act()
        if seat is None:
            return ""
        who = f"[b $text-accent]{escape(Wd.who(state, seat))}[/]"
        waiting = waiting_words(seat)
        if waiting is not None:
            return f"{who} [i]{escape(waiting)}[/i] ({escape(rules_prompt(state))})"
        text = f"{who}: {escape(Wd.prompt_words(state))}"
        if not narrow:
            keys = (
                " · [b]Enter[/b] on a lit place, [b]c[/b] list"
                if V.is_place_decision(state)
                else " · [b]c[/b] to choose"
            )
            text += keys
        mine = self.my_stock(state)
        return text + (f"\n{escape(mine)}" if mine else "")

    def log_lines(self, width: int) -> tuple[str, ...]:
        """The log in words: each action, then what it caused as the viewer saw it (indented)."""
        table = self.table
        texts = table.log()
        if self._log[:2] == (texts, width):
            return self._log[2]
        viewer = table.viewer()
        out: list[str] = []
        for step, text in enumerate(texts):
            out.extend(wrap_sentence(text, width))
            for event in self._caused(step, viewer):
                out.extend(wrap_sentence(event[:1].upper() + event[1:], width, "  · "))
        self._log = (texts, width, tuple(out))
        return self._log[2]

    def _caused(self, step: int, viewer: int | None) -> tuple[str, ...]:
        """What action `step` caused, seen by `viewer` (nothing when the table cannot show past states)."""
        table = self.table
        rules = table.rules
        try:
            before, after = table.match.state_at(step), table.match.state_at(step + 1)
        except (IndexError, AttributeError):
            return ()
        cached = self._events.get(step)
        if cached is not None and cached[0] is before and cached[1] is after and cached[2] == viewer:
            return cached[3]
        seen_before, seen_after = rules.view(before, viewer), rules.view(after, viewer)
        said = tuple(changes(seen_before, seen_after, viewer, log=True))
        self._events[step] = (before, after, viewer, said)
        return said

    def my_stock(self, state: State) -> str:
        """The seat's own screen in one line (its team's), or "" when it has none to see."""
        seat = self.table.seat
        if seat is None or state.phase == "over":
            return ""
        tm = state.teams[state.seats[seat].team]
        if tm.stock[0] < 0:
            return ""
        whose = "Your team" if state.team_play else "You"
        frags = f" · fragments {Wd.frags_line(tm.frags)}" if state.chimera else ""
        return f"{whose}: {Wd.stock_line(tm.stock)} · {tm.total} VP{frags}"

    def context(self, state: State, seat: int) -> str:
        """A line of context for the dialog of the pending choice."""
        tm = state.teams[state.seats[seat].team]
        stock = f"Your stock: {Wd.stock_line(tm.stock)}" if tm.stock[0] >= 0 else ""
        ask = state.asks[-1] if state.asks else None
        if ask is not None and ask.kind == "hand":
            thief = Wd.turn_seat(state)
            whose = f"{state.names[thief]}'s" if thief is not None else "An"
            return (
                f"{whose} Exhausteur takes one fragment from your team; you choose which (it is handed over face "
                f"up, and its owner keeps one of those handed over). Behind your screen: {Wd.fragments_left(state, seat)}."
            )
        if ask is not None and ask.kind in ("keep", "xkeep"):
            return "Keep one; the others go to the discard pile face up. " + stock
        if ask is not None and ask.kind == "fork":
            return f"The token moves on {ask.a} more space{'s' * (ask.a != 1)}; the first branch is the longer and richer."
        if state.phase == "b3" and state.current == "transactions":
            return self._trades(state, seat) + " " + stock
        if state.phase == "b3" and state.current == "daydream":
            placed = " ".join(state.placed) or "none yet"
            return (
                f"Placed this daydream: {placed}. Each fragment moves your token 1 + the run of its colour "
                f"ending your dream (now {tm.dream or 'empty'}); colours must differ. Behind your screen: "
                f"{Wd.fragments_left(state, seat)}. Token on {tm.token}."
            )
        return stock

    def _trades(self, state: State, seat: int) -> str:
        """The running total of the Transactions in progress (from the log's last trades)."""
        t = tables()
        limit = next(
            (
                t.assist_ops[a]["trade_limit"].n
                for a in state.seats[seat].assistants
                if "trade_limit" in t.assist_ops[a]
            ),
            content().economy.trade_limit,
        )
        made = limit - state.trades
        total = {k: 0 for k in ("c", "w", "cu", "cr")}
        log = self.table.log()[-made:] if made else ()
        for line in log:
            for k, name in RESOURCE_NAMES.items():
                if line.endswith(f" buys 1 {name}"):
                    total[k] += 1
                    total["c"] -= t.rates[("c", "w", "cu", "cr").index(k)][0] - _haggle(state, seat)
                elif line.endswith(f" sells 1 {name}"):
                    total[k] -= 1
                    total["c"] += t.rates[("c", "w", "cu", "cr").index(k)][1]
        so_far = ", ".join(f"{v:+d} {Wd.KIND_LETTER[k]}" for k, v in total.items() if v) or "nothing yet"
        return f"Trades left {state.trades} of {limit} · so far {so_far}."

    def verdict(self) -> str:
        return verdict_of(self.table.match.state)


def _haggle(state: State, seat: int) -> int:
    t = tables()
    return sum(
        t.assist_ops[a]["buy_discount"].c
        for a in state.seats[seat].assistants
        if "buy_discount" in t.assist_ops[a]
    )


__all__ = ["CAUSES", "Board"]

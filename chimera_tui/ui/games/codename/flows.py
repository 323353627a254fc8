"""The Codename screen's choices: Enter on a card, the menu of all choices, aiming an attack, the "n" key.

Every legal action is reachable: Enter on a card offers the actions about it (an attack with one of your
parts first asks for a target, marked on the monsters), ``c`` lists them all, ``n`` closes the decision of
the phase, ``b`` raises the bid by one. When nothing concerns the card, a notification says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.binding import Binding

from chimera_tui.games.codename.actions import Action, AttackWith, Bid, Join, parse
from chimera_tui.games.codename.state import Phase
from chimera_tui.ui.games.codename import choices as c
from chimera_tui.ui.games.codename import view as v
from chimera_tui.ui.games.codename import words as w
from chimera_tui.ui.games.codename.pages import PagedGameScreen
from chimera_tui.ui.games.codename.widgets import ActionMenu
from chimera_tui.ui.widgets.card import CardRow
from chimera_tui.ui.widgets.card_grid import CardGrid

_FINISH = {
    "skip": (Phase.DEAL, "skip"),
    "pass": (Phase.AUCTION, "pass"),
    "done": (Phase.BUILD, "done"),
    "end": (Phase.TURN, "end"),
    "go": (Phase.JOIN, "go"),
    "roll": (Phase.REACT, "pass"),
    "wait": (Phase.WINDOW, "wait"),
}
"""The "n" key's bindings: name → (the phase it serves, the action's notation)."""


class ChoosingGameScreen(PagedGameScreen):
    """Turns Enter, ``c``, ``n``, ``b`` and ``x`` into legal actions for the table."""

    BINDINGS = [
        Binding(
            "tab",
            "next_zone(1)",
            "Next zone",
            show=False,
            id="codename.next-zone",
            tooltip="Move to the next zone",
        ),
        Binding(
            "shift+tab",
            "next_zone(-1)",
            "Previous zone",
            show=False,
            id="codename.previous-zone",
            tooltip="Move to the previous zone",
        ),
        Binding("c", "choices", "Choices", id="codename.choices", tooltip="Every legal action, as a menu"),
        Binding("n", "finish('skip')", "Take none", id="codename.skip", tooltip="Dealer: take no card"),
        Binding(
            "n", "finish('pass')", "Pass", id="codename.pass", tooltip="Pass (no bid / no more reactions)"
        ),
        Binding("n", "finish('done')", "Done", id="codename.done", tooltip="Finish building your monster"),
        Binding("n", "finish('end')", "End turn", id="codename.end", tooltip="Growl: end your arena turn"),
        Binding("n", "finish('go')", "Roll", id="codename.go", tooltip="Roll the attack's dice"),
        Binding("n", "finish('roll')", "Let it roll", id="codename.no-reaction", tooltip="No more reactions"),
        Binding(
            "n",
            "finish('wait')",
            "Wait",
            id="codename.wait",
            tooltip="Attach nothing from your inventory until the next turn",
        ),
        Binding("b", "raise_bid", "Bid +1", id="codename.raise", tooltip="Bid one more than the current bid"),
        Binding(
            "x", "cancel_aim", "Cancel attack", id="codename.cancel-aim", tooltip="Stop choosing a target"
        ),
        Binding("t", "show_page('table')", "Table", show=False, id="codename.table", tooltip="The table"),
        Binding("m", "show_page('me')", "My monster", show=False, id="codename.mine", tooltip="Your monster"),
    ]

    _legal: list[Action]
    """The legal actions of this seat now (from the table)."""
    _aim: str | None = None
    """The part chosen to attack with, while a target is being chosen."""

    @on(CardGrid.Chosen)
    @on(CardRow.Chosen)
    def _chosen(self, event: CardGrid.Chosen | CardRow.Chosen) -> None:
        self._act_on(event.key)

    def _act_on(self, key: str) -> None:
        state, me, actor = self.state, self._me(), self.table.to_act()
        if state is None:
            return
        names = self._names
        legal = self._legal
        if self._aim is not None:
            target = v.attack_id(state, key)
            action = AttackWith(self._aim, target)
            if action in legal:
                self._aim = None
                self.submit(action)
            else:
                self.notify(
                    f"{v.card_name(key) or 'That'} is not a target for {v.card_name(self._aim) or 'your torso'}: "
                    + c.why_nothing(state, me, actor, key, names)
                    + " (x cancels the attack)",
                    title="Not a target",
                    severity="warning",
                    markup=False,
                )
            return
        acts = c.concerning(state, me, key, legal)
        if not acts:
            if legal and state.phase is Phase.AUCTION:
                self.action_choices()
                return
            self.notify(c.why_nothing(state, me, actor, key, names), title="Nothing to do here", markup=False)
            return
        aid = v.attack_id(state, key)
        attacks = [a for a in acts if isinstance(a, AttackWith) and a.part == aid]
        others = [a for a in acts if a not in attacks]
        if attacks and not others:
            self._start_aim(aid)
            return
        entries: list[tuple[str, Action | Callable[[], None]]] = []
        if attacks:
            label = f"Attack with {v.card_name(key)}… then choose the target ({len(attacks)} possible)"
            entries.append((label, lambda: self._start_aim(aid)))
        entries += [(self._words(a), a) for a in others]
        note = (
            "Chances are before any reaction of the attacked player."
            if any(isinstance(a, AttackWith) for a in others)
            else ""
        )
        self._menu(v.card_name(key.split(":", 1)[-1]) or "Choices", entries, note)

    def _words(self, action: Action) -> str:
        state = self.state
        if state is not None and isinstance(action, AttackWith):
            return "Attack " + c.attack_label(state, action, self._names, self._me())
        if state is not None and isinstance(action, Join) and state.attack is not None:
            return c.join_label(state, action)
        text = self.table.describe(action)
        head, sep, rest = text.partition(": ")
        words = w.named(w.prettify(rest if sep and head.startswith("Player") else text), self._names)
        me = self._me()
        return w.imperative(words, self._names[me] if me is not None else None)

    def _menu(
        self, title: str, entries: list[tuple[str, Action | Callable[[], None]]], note: str = ""
    ) -> None:
        def done(index: int | None) -> None:
            if index is None or not 0 <= index < len(entries):
                return
            chosen = entries[index][1]
            if callable(chosen) and not isinstance(chosen, Action):
                chosen()
            else:
                self.submit(chosen)

        labels = [label for label, _ in entries]

        def reopen(menu: ActionMenu) -> None:
            menu.reopen(title, labels, note)

        self.push_kept("codename-menu", lambda: ActionMenu(title, labels, note), reopen, done)

    def _start_aim(self, part: str) -> None:
        state = self.state
        if state is None:
            return
        self._aim = part
        self._show()
        targets = [a.target for a in self._legal if isinstance(a, AttackWith) and a.part == part]
        if targets:
            seat = int(targets[0][6:]) if targets[0].startswith("torso:") else v.owner_of(state, targets[0])
            grid = self.query_one(f"#zone-monster-{seat}", CardGrid)
            grid.select(self._cell_key(targets[0]))
            self._focus_zone(grid)
        name = v.card_name(part) if not part.startswith("torso:") else "your torso"
        self.notify(
            f"Choose the target for {name}: targets are marked ◎, and the card view shows the chance to "
            "destroy each. Tab to another monster; Enter attacks; x cancels.",
            title="Attack",
            markup=False,
        )

    def action_cancel_aim(self) -> None:
        self._aim = None
        self._show()

    def action_choices(self) -> None:
        if not self._legal:
            state, actor = self.state, self.table.to_act()
            if state is not None:
                self.notify(
                    c.why_nothing(state, self._me(), actor, None, self._names),
                    title="No choices",
                    markup=False,
                )
            return
        state = self.state
        attacks = [a for a in self._legal if isinstance(a, AttackWith)]
        entries: list[tuple[str, Action | Callable[[], None]]] = []
        if state is not None and attacks:
            for label, rows in c.group_attacks(state, attacks, self._names, self._me()):
                entries.append((label + " …", lambda rows=rows, label=label: self._attack_menu(label, rows)))
        entries += [(self._words(a), a) for a in self._legal if not isinstance(a, AttackWith)]
        note = (
            "Attacks are grouped by the attacking part; Enter lists its targets with the chance to destroy each."
            if attacks
            else ""
        )
        self._menu("All your choices", entries, note)

    def _attack_menu(self, title: str, rows: list[tuple[str, AttackWith]]) -> None:
        entries: list[tuple[str, Action | Callable[[], None]]] = [(label, a) for label, a in rows]
        self._menu(
            title.split(":")[0],
            entries,
            "The chance to destroy each target, before any reaction of the attacked player.",
        )

    def action_finish(self, name: str) -> None:
        if name not in _FINISH or self.state is None or self.state.phase is not _FINISH[name][0]:
            return
        action = parse(_FINISH[name][1])
        if action in self._legal:
            self._aim = None
            self.submit(action)

    def action_raise_bid(self) -> None:
        bids = [a for a in self._legal if isinstance(a, Bid)]
        if bids:
            self.submit(min(bids, key=lambda b: b.amount))

    def action_leave(self) -> None:
        if self._aim is not None:
            self.action_cancel_aim()
            return
        super().action_leave()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            name = str(parameters[0]) if parameters else ""
            if name not in _FINISH or self.state is None or self.state.phase is not _FINISH[name][0]:
                return False
            return parse(_FINISH[name][1]) in self._legal
        if action == "cancel_aim":
            return self._aim is not None
        if action == "raise_bid":
            return any(isinstance(a, Bid) for a in self._legal)
        if action == "choices":
            return True if self._legal else None
        return super().check_action(action, parameters)

    def rules_topic(self) -> str | None:
        if self.state is None:
            return None
        return c.topic_for(self.state, self._key)

    def submit(self, action: Any) -> bool:
        self._aim = None
        return super().submit(action)

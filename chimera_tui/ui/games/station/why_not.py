"""Why a place on Chimera Station's board offers nothing now, in one sentence (Enter on a place with no
legal action): the rules core's own reason where one applies, else what the place is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chimera_tui.engine.errors import IllegalAction
from chimera_tui.engine.hexgrid import parse_hex
from chimera_tui.games.station import Place, State
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.station import words as W
from chimera_tui.ui.games.station.preview import playable


def why_not(state: State, table: Any, key: str, legal: Sequence[Any], *, deciding: bool) -> str:
    """Why no legal action concerns the place `key`, in the rules' words where possible: for `table`'s seat,
    whose view is `state` and whose legal actions are `legal` (`deciding`: the seat decides now)."""
    if state.phase is Phase.OVER:
        return "The game is over (r shows the results)."
    actor = table.to_act()
    if not deciding:
        if actor is not None and table.seats[actor].is_bot:
            return f"It is {table.player_name(actor)}'s turn; the bot is playing."
        return "It is not your turn."
    full = playable(state)  # the view, with its hidden piles filled from the view alone
    task = full.tasks[-1] if full.tasks else None
    if task is None or task.kind == "place":
        space = space_of(state, key)
        if space is None:
            return place_note(key)
        reasons: dict[str, str] = {}
        workers = sorted({a.worker for a in legal if isinstance(a, Place)})
        for w in workers:
            try:
                table.rules.apply(full, Place(w, space))
            except IllegalAction as exc:
                label = W.comps_text(full.players[actor].workers[w].comps) if actor is not None else "?"
                reasons.setdefault(exc.reason, f"#{w + 1}:{label}")
        if len(reasons) == 1:
            return next(iter(reasons))
        return " ".join(f"Worker {who}: {why}" for why, who in reasons.items()) or place_note(key)
    if task.kind == "build_tile" and key.startswith("reactor:"):
        tile = full.reactor[int(key[8:])]
        if not tile:
            return "This Reactor space is empty."
        module = content().modules[tile]
        coins = full.players[task.seat].coins
        return (
            f"You cannot afford {module.name}: it costs {W.plural(module.cost, 'coin')} and you have {coins}."
        )
    if task.kind == "build_hex" and key.startswith("hex:"):
        return (
            "You can build only on an empty build space next to the Command Hub or a built module; "
            "the highlighted spaces are the ones you may choose."
        )
    return f"Now: {W.prompt_words(state)}. The highlighted places (or c) show what you may choose."


def space_of(state: State, key: str) -> str | None:
    """The placement space id of a place key (None for places no worker goes to)."""
    if key.startswith("lab:"):
        return "lab"
    if key == "lounge":
        return "lounge"
    if key.startswith("own:"):
        return key[4:]
    if key.startswith("hex:"):
        h = parse_hex(key[4:])
        built = {b.hex: b.tile for b in state.built}
        board = content()
        return built.get(h) or board.space_at[h].module or None
    return None


def place_note(key: str) -> str:
    """What a place with nothing to do on it is for."""
    if key.startswith("hex:"):
        return "An empty build space: modules are built here by a build action (for example the Constructor)."
    if key.startswith("reactor:"):
        return "Reactor modules are built by a build action; f flushes the Reactor at the start of your turn."
    if key.startswith("perk:"):
        return "Perks are taken with research (tiers of your research track) and some modules."
    return "Nothing to do here now."

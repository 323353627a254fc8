"""Each player's mat as the mat panel shows it: name, resources, workers, research track with its rewards,
perks and score, as lines of (text, class) spans. Pure: a function of a view. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass

from chimera_tui.games.station import State
from chimera_tui.games.station.components import COMPONENTS, Content, Reward
from chimera_tui.games.station.content import content
from chimera_tui.games.station.state import Phase
from chimera_tui.ui.games.station.words import LETTER, comps_text, hue, mark, reward_short, short, where_words


@dataclass(frozen=True)
class MatView:
    """One player's mat, as lines of (text, class) spans for the mat panel."""

    seat: int
    title: str
    lines: tuple[tuple[tuple[str, str], ...], ...]
    hue: int = 0
    """The colour index of the seat: its mat's colour."""


def track_rewards(c: Content, mat: str, side: str) -> tuple[Reward, ...]:
    return c.track_a if side == "A" else c.mat_by_id[mat].track_b


def mat_view(state: State, seat: int, to_act: int | None, bot: bool) -> MatView:
    """Research track with its marker and tier rewards, coins, food, components, workers, perks, card, score."""
    c = content()
    p = state.players[seat]
    m = c.mat_by_id[p.mat]
    side = f"{m.name} {p.side}" + (f" · {m.power_name}" if p.side == "B" else "")
    tag = " (bot)" if bot and "bot" not in state.names[seat].lower() else ""
    title = f"{mark(seat)} {state.names[seat]}{tag}  {p.score} pts"
    if seat == to_act:
        title = "▶ " + title
    pool = "  ".join(f"{LETTER[k]}({k[1:]}) {n}" for k, n in zip(COMPONENTS, p.pool, strict=True))
    track = [("research ", "muted")]
    rewards = track_rewards(c, p.mat, p.side)
    for tier in range(1, 9):
        label = "start" if tier == 1 else reward_short(rewards[tier - 2])
        text = f"{tier}:{label}"
        track.append((f"[{text}]" if tier == p.tier else text, "marker" if tier == p.tier else ""))
        track.append((" ", ""))
    lines: list[tuple[tuple[str, str], ...]] = [
        ((side + "   ", "muted"), (f"coins {p.coins}  food {p.food}", "strong")),
        (("pool ", "muted"), (pool, "")),
    ]
    placed, home = [], []
    for i, w in enumerate(p.workers):
        tag = f"#{i + 1}:{comps_text(w.comps)}"
        if w.where == "pool":
            home.append(tag)
        elif w.where != "aside":
            placed.append(f"{tag}@{short(where_words(w.where), 12)}")
    aside = sum(1 for w in p.workers if w.where == "aside")
    lines.append(
        (("workers ", "muted"), ((" ".join(home) or "none in pool") + "  ", ""), (f"aside {aside}", "muted"))
    )
    if placed:
        lines.append((("placed ", "muted"), (" ".join(placed), "")))
    lines.append(tuple(track))
    perks = ", ".join(c.perk_by_id[x].name for x in p.perks) or "none"
    card = c.card_by_id[p.card].name + " (unused)" if p.card else "used"
    if state.phase is Phase.DRAFT and not p.card:
        card = "not chosen yet"
    lines.append((("perks ", "muted"), (perks + " · ", ""), ("starting card ", "muted"), (card, "")))
    return MatView(seat, title, tuple(lines), hue(state, seat))

"""Ratings: one per game per identity, from openskill's Plackett-Luce model (made for results of any number
of players, ties included).

A table is rated when it finishes with at least two people at it. Only people are rated: bot seats are left
out of the result, as if the game had been between the people alone, in the order they finished (a bot
ahead of both still leaves the better of the two ahead). A person whose seat a bot took over for good still
has that seat's result.

A rating is *shown* as a whole number people read at a glance (`shown`): openskill's ordinal, mu − 3·sigma
(the skill the player has beaten with 99.7 % certainty), scaled as 1000 + 25 × ordinal. A newcomer shows 1000;
a win raises it and a loss lowers it, and since every game also makes the model surer (sigma shrinks), a
player who keeps playing climbs towards what their results show: in a simulated club of 30 playing 60
three-player games each, the median read 1350, the strongest 1600–1900 and the weakest 800–1000. For a player's first `PROVISIONAL_GAMES` rated games of a game the number
moves a lot and is marked provisional. Leaderboards order players by the same ordinal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import msgspec
from openskill.models import PlackettLuce


class Outcome(msgspec.Struct, kw_only=True):
    """What a finished table leaves besides its row: the people who sat at it, each with their finishing
    rank (1 best), and whether it is rated (two people or more)."""

    game: str
    people: list[tuple[int, str, str, int]]
    """(seat, identity, name, rank) of every person seat."""
    rated: bool


class RatingRow(msgspec.Struct, kw_only=True):
    """One identity's rating at one game."""

    game: str
    identity: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: float


MODEL = PlackettLuce()

START = (MODEL.mu, MODEL.sigma)
"""(mu, sigma) of a player's first game."""


SHOWN_START = 1000.0
"""The rating a newcomer shows (openskill's ordinal `target`)."""

SHOWN_SCALE = 25.0
"""Rating points shown per point of the ordinal (openskill's ordinal `alpha`)."""

PROVISIONAL_GAMES = 5
"""Rated games of a game before a player's rating there stops being provisional."""


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ordinal, mu − 3·sigma: what leaderboards order by."""
    return mu - 3 * sigma


def shown(mu: float, sigma: float) -> int:
    """The rating people read: openskill's ordinal scaled to start at `SHOWN_START` (see the module)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=SHOWN_SCALE, target=SHOWN_START))


def provisional(games: int) -> bool:
    """Whether a rating after `games` rated games is still provisional."""
    return games < PROVISIONAL_GAMES


def ranks_of(scores: Sequence[int], winners: Sequence[int], seats: Sequence[int]) -> list[int]:
    """The finishing rank (1 best) of each seat of `seats`: the winners first (sharing rank 1), then by score,
    equal scores sharing a rank."""

    def key(seat: int) -> tuple[int, int]:
        return (0 if seat in winners else 1, -scores[seat])

    order = sorted(seats, key=key)
    ranks: dict[int, int] = {}
    for place, seat in enumerate(order, start=1):
        before = order[place - 2] if place > 1 else None
        ranks[seat] = ranks[before] if before is not None and key(before) == key(seat) else place
    return [ranks[seat] for seat in seats]


def rate(current: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each player after a game they finished at `ranks` (1 best; equal ranks tie)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in current]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [(float(team[0].mu), float(team[0].sigma)) for team in rated]


def player_key(identity: str) -> str:
    """The key a leaderboard gives for a player's page (not the identity itself)."""
    return hashlib.sha256(identity.encode()).hexdigest()[:16]


def updated_ratings(outcome: Outcome, current: dict[str, RatingRow]) -> list[RatingRow]:
    """Every person's rating at `outcome.game` after the game (`current`: their ratings before, by identity;
    a newcomer starts at `START`). A win is a share of first place (two players sharing it get half each)."""
    people = outcome.people
    before = [current.get(identity) for _, identity, _, _ in people]
    ranks = [rank for *_, rank in people]
    new = rate([(r.mu, r.sigma) if r else START for r in before], ranks)
    first = sum(1 for rank in ranks if rank == 1)
    rows = []
    for (_, identity, name, rank), old, (mu, sigma) in zip(people, before, new, strict=True):
        rows.append(
            RatingRow(
                game=outcome.game,
                identity=identity,
                player=player_key(identity),
                name=name,
                mu=mu,
                sigma=sigma,
                games=(old.games if old else 0) + 1,
                wins=(old.wins if old else 0.0) + (1.0 / first if rank == 1 else 0.0),
            )
        )
    return rows

"""Hexagonal grid geometry in axial coordinates (cube coordinates where the maths is easier).

A `Hex(q, r)` has the implied cube coordinate ``s = -q - r``. Directions are listed clockwise starting
east, for "pointy-top" hexes; the widgets decide how hexes map to characters.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec


class Hex(msgspec.Struct, frozen=True, array_like=True, order=True):
    """One cell of a hex grid, in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate: q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in `direction` (0..5, clockwise from east)."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, clockwise from east."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Steps between two hexes."""
        d = self - other
        return (abs(d.q) + abs(d.r) + abs(d.s)) // 2

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),  # east
    Hex(0, 1),  # south-east
    Hex(-1, 1),  # south-west
    Hex(-1, 0),  # west
    Hex(0, -1),  # north-west
    Hex(1, -1),  # north-east
)
"""Unit steps, clockwise from east (pointy-top layout, r grows downwards)."""


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly `radius` steps from `center` (just `center` for radius 0), clockwise."""
    if radius < 0:
        raise ValueError("radius must be at least 0")
    if radius == 0:
        return (center,)
    out: list[Hex] = []
    cell = center + DIRECTIONS[4].scale(radius)  # start north-west, walk clockwise
    for side in range(6):
        for _ in range(radius):
            out.append(cell)
            cell = cell.neighbour(side)
    return tuple(out)


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """`center`, then each ring outwards up to `radius`."""
    for k in range(radius + 1):
        yield from ring(center, k)


def parse_hex(text: str) -> Hex:
    """The hex written as ``"q,r"``.

    Raises:
        ValueError: when `text` is not two comma-separated integers.
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a hex (expected q,r)")
    return Hex(int(parts[0]), int(parts[1]))

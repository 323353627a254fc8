"""Hex geometry: axial/cube coordinates, neighbours, rings, spirals and distance."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chimera_tui.engine.hexgrid import DIRECTIONS, ORIGIN, Hex, parse_hex, ring, spiral

coords = st.integers(min_value=-50, max_value=50)
hexes = st.builds(Hex, coords, coords)


def test_cube_coordinates_sum_to_zero() -> None:
    h = Hex(2, -5)
    assert h.q + h.r + h.s == 0
    assert h.s == 3


def test_six_neighbours_each_one_step_away_clockwise_from_east() -> None:
    n = ORIGIN.neighbours()
    assert n[0] == Hex(1, 0)
    assert len(set(n)) == 6
    assert all(ORIGIN.distance(x) == 1 for x in n)
    # Consecutive directions are neighbours of each other (a closed clockwise loop).
    assert all(n[i].distance(n[(i + 1) % 6]) == 1 for i in range(6))


@pytest.mark.parametrize(
    ("a", "b", "d"), [((0, 0), (0, 0), 0), ((0, 0), (3, 0), 3), ((0, 0), (2, -4), 4), ((-1, 2), (1, -1), 3)]
)
def test_distance_known_values(a: tuple[int, int], b: tuple[int, int], d: int) -> None:
    assert Hex(*a).distance(Hex(*b)) == d


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_ring_has_six_times_radius_cells_all_at_that_distance(radius: int) -> None:
    cells = ring(Hex(1, -2), radius)
    assert len(cells) == max(1, 6 * radius)
    assert len(set(cells)) == len(cells)
    assert all(Hex(1, -2).distance(c) == radius for c in cells)
    # Walking the ring, each cell touches the next.
    if radius:
        assert all(cells[i].distance(cells[(i + 1) % len(cells)]) == 1 for i in range(len(cells)))


@pytest.mark.parametrize(("radius", "count"), [(0, 1), (1, 7), (2, 19), (3, 37)])
def test_spiral_counts(radius: int, count: int) -> None:
    cells = list(spiral(ORIGIN, radius))
    assert len(cells) == len(set(cells)) == count
    assert cells[0] == ORIGIN


def test_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(b) <= a.distance(ORIGIN) + ORIGIN.distance(b)


@given(hexes, st.integers(0, 5))
def test_neighbour_in_opposite_direction_comes_back(h: Hex, d: int) -> None:
    assert h.neighbour(d).neighbour(d + 3) == h
    assert h.neighbour(d) - h == DIRECTIONS[d]


@given(hexes)
def test_notation_round_trips(h: Hex) -> None:
    assert parse_hex(str(h)) == h


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_hex(text)

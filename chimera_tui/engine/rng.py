"""Seeded randomness that lives inside the game state.

`Rng` is a tiny immutable value: a seed and a counter. Every draw returns the value *and the next Rng*, so
`apply` stays pure and a state (with its Rng) replays byte for byte. The generator is SplitMix64 over
`seed + counter`, our own code, so Python upgrades cannot change a shuffle (the `random` module promises
only that `random()` repeats).

Tests fix outcomes with `Rng.rigged(...)`: the given numbers are used, in order, by the next calls to
`below` (and so by `roll`, `choice` and `shuffle`) before the generator takes over again.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    z = (x + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng(msgspec.Struct, frozen=True, array_like=True):
    """A position in a seeded random stream."""

    seed: int
    """The match seed (any int; reduced to 64 bits)."""
    counter: int = 0
    """How many 64-bit numbers have been drawn so far."""
    rigged: tuple[int, ...] = ()
    """Outcomes a test has fixed: the next calls to `below` return these, in order."""

    @classmethod
    def rig(cls, seed: int, *outcomes: int) -> Rng:
        """An Rng whose next `below` results are `outcomes` (for tests)."""
        return cls(seed, 0, tuple(outcomes))

    def next_u64(self) -> tuple[int, Rng]:
        """A uniformly random 64-bit number and the next Rng."""
        value = _splitmix64(((self.seed & _MASK) + self.counter * _GAMMA) & _MASK)
        return value, Rng(self.seed, self.counter + 1, self.rigged)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` and the next Rng.

        Raises:
            ValueError: if ``n < 1``, or a rigged outcome does not fit ``range(n)``.
        """
        if n < 1:
            raise ValueError(f"below({n}): n must be at least 1")
        if self.rigged:
            value = self.rigged[0]
            if not 0 <= value < n:
                raise ValueError(f"rigged outcome {value} is outside range({n})")
            return value, Rng(self.seed, self.counter, self.rigged[1:])
        # Rejection sampling keeps the result unbiased for every n. The draws are `next_u64`'s, worked out
        # here without an Rng per draw (this runs for every die, shuffle step and bot choice).
        limit = (1 << 64) - ((1 << 64) % n)
        base = self.seed & _MASK
        counter = self.counter
        while True:
            z = (base + counter * _GAMMA + _GAMMA) & _MASK  # _splitmix64(base + counter * _GAMMA), inlined
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            counter += 1
            if z < limit:
                return z % n, Rng(self.seed, counter)

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll from 1 to `sides` and the next Rng."""
        value, rng = self.below(sides)
        return value + 1, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One of `items`, uniformly, and the next Rng."""
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """`items` in a uniformly random order (Fisher–Yates) and the next Rng."""
        out = list(items)
        if self.rigged or len(out) < 2:
            rng = self
            for i in range(len(out) - 1, 0, -1):
                j, rng = rng.below(i + 1)
                out[i], out[j] = out[j], out[i]
            return tuple(out), rng
        steps = _steps(len(out))
        for (i, n, limit), value in zip(steps, draws(self.seed, self.counter, len(steps)), strict=True):
            if value >= limit:  # rejected: so rare that the steps are simply taken again one draw at a time
                return self._shuffle_drawing(items, steps)
            j = value % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(self.seed, self.counter + len(steps))

    def _shuffle_drawing(
        self, items: Sequence[T], steps: tuple[tuple[int, int, int], ...]
    ) -> tuple[tuple[T, ...], Rng]:
        """`shuffle` one draw at a time, a rejected draw drawn again (as `below`), over the given steps."""
        out = list(items)
        counter = self.counter
        x = ((self.seed & _MASK) + counter * _GAMMA) & _MASK
        for i, n, limit in steps:
            while True:
                x = (x + _GAMMA) & _MASK
                z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                counter += 1
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(self.seed, counter)


def draws(seed: int, counter: int, count: int) -> tuple[int, ...]:
    """The next `count` 64-bit numbers of `seed`'s stream from position `counter` (what `count` calls of
    `Rng.next_u64` give), worked out at once: draw k lies in lane k of one big integer (see `_Lanes`), and each
    operation of the SplitMix64 mix of seed + (counter + k + 1) * gamma is done for all lanes in one go."""
    at = _lanes(count)
    first = ((seed & _MASK) + counter * _GAMMA) & _MASK
    low = at.low
    x = (first * at.ones + at.gammas) & low
    z = (((x ^ (x >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
    z = (((z ^ (z >> 27)) & low) * 0x94D049BB133111EB) & low
    return at.layout.unpack((z ^ (z >> 31)).to_bytes(at.layout.size, "little"))


class _Lanes(msgspec.Struct, frozen=True):
    """The constants that work out `count` draws at once (`draws`).

    Python's integers have any size, and one operation on a big integer is a single call into C whatever its
    size, where the same operation on each of 40 small ones is 40 trips through the interpreter. So draws are
    laid side by side in one integer, draw k in "lane" k (bits 128k to 128k + 127): a lane holds a 64-bit
    value in its low half, and its high half has room for the product of two 64-bit values, so the mixer's
    multiplications never spill into the next lane; `low` clears every high half again after each shift
    (which moves the next lane's low bits into this lane's high half) and each multiplication.
    """

    ones: int
    """1 in every lane: times a number, that number in every lane."""
    gammas: int
    """(k + 1) * gamma in lane k (under 2**72 for up to 256 lanes: within the lane)."""
    low: int
    """2**64 - 1 in every lane: a lane's low half."""
    layout: struct.Struct
    """The lanes as bytes, little-endian: each lane's low half read as a number, its high half skipped."""


_LANES: dict[int, _Lanes] = {}
"""Number of draws -> its `_Lanes`. The counts are few (a game's deck sizes, the random bot's batch), so each
count's constants are made once; the table keeps at most `_MOST` counts (a value, shared by any thread)."""

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Length of a list -> the steps of its Fisher-Yates shuffle: (position i, the range n = i + 1 of its draw,
`below(n)`'s rejection limit), from the last position down to 1; at most `_MOST` lengths."""

_MOST = 256


def _lanes(count: int) -> _Lanes:
    """`_LANES` of `count`."""
    at = _LANES.get(count)
    if at is None:
        at = _Lanes(
            ones=sum(1 << (128 * k) for k in range(count)),
            gammas=sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count)),
            low=sum(_MASK << (128 * k) for k in range(count)),
            layout=struct.Struct("<" + "Q8x" * count),
        )
        if len(_LANES) < _MOST:
            _LANES[count] = at
    return at


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """`_STEPS` of `length`."""
    steps = _STEPS.get(length)
    if steps is None:
        steps = tuple((i, i + 1, (1 << 64) - ((1 << 64) % (i + 1))) for i in range(length - 1, 0, -1))
        if len(_STEPS) < _MOST:
            _STEPS[length] = steps
    return steps

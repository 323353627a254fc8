"""Seeded randomness that lives inside the game state.

`Rng` is a tiny immutable value: a seed and a counter. Every draw returns the value *and the next Rng*, so
`apply` stays pure and a state (with its Rng) replays byte for byte. The generator is SplitMix64 over
`seed + counter`, our own code, so Python upgrades cannot change a shuffle (the `random` module promises
only that `random()` repeats).

Tests fix outcomes with `Rng.rigged(...)`: the given numbers are used, in order, by the next calls to
`below` (and so by `roll`, `choice` and `shuffle`) before the generator takes over again.
"""

from __future__ import annotations

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
        base = self.seed & _MASK  # `below(i + 1)` for each step, its draws worked out inline as there
        counter = self.counter
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                z = (base + counter * _GAMMA + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                counter += 1
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(self.seed, counter)

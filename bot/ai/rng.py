"""A tiny seeded random generator whose whole state is one integer.

``random.Random`` carries 625 words of state; a computer player saved with its game
should stay small and JSON-able, so it uses SplitMix64 instead: one 64-bit counter,
the same sequence for the same seed on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SplitMix:
    """SplitMix64 (Steele, Lea, Flood 2014): fast, well mixed, one integer of state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``; the modulo bias is below 2**-50 for any hand."""
        return self.next() % n

    def chance(self, probability: float) -> bool:
        return self.next() < probability * (1 << 64)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

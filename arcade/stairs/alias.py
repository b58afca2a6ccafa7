"""Vose's alias method: O(n) set-up, O(1) per draw, O(n) memory.

The weights are normalised by their sum and scaled by n, so the average column holds exactly 1. Columns below 1
("small") are each topped up by one column at or above 1 ("large"): column ``i`` then holds outcome ``i`` with
probability ``prob[i]`` and outcome ``alias[i]`` otherwise. A draw picks a column uniformly and a uniform ``u``:
``i if u < prob[i] else alias[i]`` (Keith Schwarz, "Darts, Dice, and Coins: Sampling from a Discrete Distribution").

Pure: numpy only, no pygame.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

__all__ = ["AliasSampler", "build_tables"]


def _validate(probabilities: Iterable[float]) -> np.ndarray:
    """The weights as a 1-D float64 array normalised to sum 1; ValueError that says what is wrong."""
    try:
        src = probabilities if isinstance(probabilities, np.ndarray) else list(probabilities)
        w = np.array(src, dtype=np.float64)
    except (TypeError, ValueError) as e:
        raise ValueError(f"alias weights must be numbers: {e}") from None
    if w.ndim != 1:
        raise ValueError(f"alias weights must be a flat sequence, got shape {w.shape}")
    if w.size == 0:
        raise ValueError("alias weights are empty: need at least one outcome")
    if np.isnan(w).any():
        raise ValueError(f"alias weights contain NaN at index {int(np.flatnonzero(np.isnan(w))[0])}")
    if np.isinf(w).any():
        raise ValueError(f"alias weights contain an infinite value at index {int(np.flatnonzero(np.isinf(w))[0])}")
    if (w < 0).any():
        i = int(np.flatnonzero(w < 0)[0])
        raise ValueError(f"alias weights contain a negative value ({float(w[i])!r} at index {i})")
    top = w.max()
    if top == 0:
        raise ValueError("alias weights are all zero: nothing can be drawn")
    w = w / top  # first by the largest weight, so that the sum cannot overflow (e.g. [1e308, 1e308])
    return w / w.sum()


def build_tables(probabilities: Iterable[float]) -> tuple[np.ndarray, np.ndarray]:
    """Vose's tables ``(prob, alias)`` for the weights (normalised by their sum)."""
    return _vose(_validate(probabilities))


def _vose(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Tables for normalised ``p``. The work lists are stacks (the last pushed index is paired first);
    that order is what the tests' hand-computed tables assume. Floating-point leftovers in either list
    get probability 1."""
    n = p.size
    scaled = (p * n).tolist()  # plain floats: the loop is O(n) Python, faster than numpy scalars
    prob = [0.0] * n
    alias = list(range(n))  # a column that keeps its own outcome whole points at itself
    small = [i for i, q in enumerate(scaled) if q < 1.0]
    large = [i for i, q in enumerate(scaled) if q >= 1.0]
    while small and large:
        lo = small.pop()
        hi = large.pop()
        prob[lo] = scaled[lo]
        alias[lo] = hi
        scaled[hi] = (scaled[hi] + scaled[lo]) - 1.0  # this order loses less precision than hi - (1 - lo)
        (small if scaled[hi] < 1.0 else large).append(hi)
    for i in large:
        prob[i] = 1.0
    for i in small:  # only floating-point dust can leave a column here; its true value is 1
        prob[i] = 1.0
    return np.array(prob, dtype=np.float64), np.array(alias, dtype=np.intp)


class AliasSampler:
    """Draw outcomes ``0..n-1`` with the given weights in O(1) each.

    ``rng`` is a ``numpy.random.Generator`` (an int seed is accepted too; None = fresh entropy).
    ``sample()`` returns one ``int``; ``sample(n)`` a numpy array of ``n`` outcomes (vectorised).
    The scalar path serves draws from a block made by the vectorised path (blocks grow 64 -> 4096), so a
    single draw costs a list index, not a numpy call. Same seed and same call sequence -> same draws. (The
    block draws ahead from ``rng``: share one Generator with other code only if that is acceptable.)
    """

    __slots__ = ("prob", "alias", "probabilities", "n", "rng", "_edge", "_buf", "_pos", "_len", "_block")

    _MAX_BLOCK = 4096

    def __init__(self, probabilities: Iterable[float], rng: np.random.Generator | int | None = None) -> None:
        self.probabilities = _validate(probabilities)  # normalised, float64
        self.prob, self.alias = _vose(self.probabilities)
        self._edge = np.arange(self.prob.size) + self.prob  # column i keeps outcome i below i + prob[i]
        self.n = int(self.prob.size)
        self.rng = np.random.default_rng(rng)  # returns a Generator unchanged
        self._buf: list[int] = []
        self._pos = 0
        self._len = 0
        self._block = 64

    def mass(self) -> np.ndarray:
        """What the tables give each outcome, in columns (sums to n; equals n * p up to rounding)."""
        mass = self.prob.copy()
        np.add.at(mass, self.alias, 1.0 - self.prob)
        return mass

    def _draw(self, count: int) -> np.ndarray:
        # One uniform per draw: x = u * n picks column floor(x), and its fraction plays the second uniform
        # (x < col + prob[col]); that costs log2(n) of the 53 bits. x never rounds up to n: u <= 1 - 2**-53.
        x = self.rng.random(count)
        x *= self.n
        cols = x.astype(np.intp)
        return np.where(x < self._edge[cols], cols, self.alias[cols])

    def _refill(self) -> None:
        self._buf = self._draw(self._block).tolist()
        self._len = self._block
        self._pos = 0
        if self._block < self._MAX_BLOCK:
            self._block *= 2

    def sample(self, n: int | None = None):
        """One outcome as an ``int`` (no argument) or a numpy ``intp`` array of ``n`` outcomes."""
        if n is None:
            pos = self._pos
            if pos >= self._len:
                self._refill()
                pos = 0
            self._pos = pos + 1
            return self._buf[pos]
        count = int(n)
        if count != n or count < 0:
            raise ValueError(f"sample(n): n must be a non-negative integer, got {n!r}")
        return self._draw(count)

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        ps = ", ".join(f"{q:.4g}" for q in self.probabilities)
        return f"AliasSampler([{ps}])"


def _selfcheck() -> None:  # pragma: no cover - a quick manual check: python -m arcade.stairs.alias
    s = AliasSampler([0.25, 0.2, 0.1, 0.05, 0.4], rng=1)
    counts = np.bincount(s.sample(10**6), minlength=5) / 1e6
    print("prob ", s.prob, "\nalias", s.alias, "\nfreq ", counts)
    assert math.isclose(counts.sum(), 1.0)


if __name__ == "__main__":  # pragma: no cover
    _selfcheck()

"""``arcade train 2048 --cluster``: the n-tuple network's self-play on a Ray cluster (the ``arcade[cluster]`` extra).

Workers training copies, their changes summed: every round the learner (this process) puts the master weights in
Ray's object store once; each of ``workers`` actors copies them, plays and learns a chunk of games with the same
kernel as the single-process trainer (:func:`arcade.game2048.ai.ntuple.train`, its own seed), and sends back
what its games changed, sparse (the indices of the weights they touched and by how much); the learner adds every
actor's changes to the master and the next round starts from the sum. With one worker that is the
single-process trainer (to float32 rounding); with more, each actor learns from weights at most one round old,
and since a chunk of games touches a small part of the table the summed changes rarely meet. The temporal
coherence accumulators (``--tc``) are summed the same way. Checkpoints, the learning curve and ``--resume`` are
the learner's, exactly as without a cluster, so a run moves between a cluster and one machine.
"""
from __future__ import annotations

import time

import numpy as np

__all__ = ["ClusterTrainer", "changes", "apply"]


def changes(new: np.ndarray, old: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What a chunk of games changed: the flat indices of the entries that differ and the differences."""
    diff = new.reshape(-1) - old.reshape(-1)
    idx = np.flatnonzero(diff)
    return idx, diff[idx]


def apply(table: np.ndarray, change: tuple[np.ndarray, np.ndarray]) -> None:
    """Add one actor's ``change`` (from :func:`changes`: each index once) to ``table`` in place."""
    idx, values = change
    flat = table.reshape(-1)
    flat[idx] += values


class _Actor:
    """Self-play on a copy of the master weights (a Ray actor: one process, the copies kept between rounds)."""

    def __init__(self) -> None:
        from arcade.game2048.ai import ntuple

        self.ntuple = ntuple
        self.w = self.e = self.a = None

    def play(self, master, coherence, games: int, alpha: float, seed: int, starts, share: float):
        w = self.w = _copy_into(self.w, master)
        coh = None
        if coherence is not None:
            self.e, self.a = _copy_into(self.e, coherence[0]), _copy_into(self.a, coherence[1])
            coh = (self.e, self.a)
        began = np.empty(games, dtype=np.int64)
        t0 = time.process_time()
        scores, tops, moves = self.ntuple.train(w, games, alpha, seed, starts, share, began, coh)
        cpu = time.process_time() - t0
        tc = None if coherence is None else (changes(self.e, coherence[0]), changes(self.a, coherence[1]))
        return changes(w, master), tc, scores, tops, moves, began, cpu


def _copy_into(mine, master):
    if mine is None or mine.shape != master.shape:
        return np.array(master)  # a writable copy (what the object store hands out is read-only)
    np.copyto(mine, master)
    return mine


class ClusterTrainer:
    """The learner's side. ``round(weights, coherence, games, alpha, seed, starts, share)`` plays ``games`` on each
    of the ``workers`` actors, or ``games[k]`` on the k-th of as many actors as counts (seeds ``seed``, ``seed + 1``,
    ...), adds their changes to ``weights`` (and ``coherence``) in place, and returns the per-actor results
    ``(scores, tops, moves, began)`` in seed order.
    ``learner_seconds`` sums the time this process spent applying and publishing, ``seconds`` the rounds' wall
    time, ``actor_cpu`` the actors' CPU time in the kernel."""

    def __init__(self, executor, workers: int | None = None) -> None:
        ray = self.ray = executor.connect()
        self.executor = executor
        self.workers = workers or executor.cpus
        remote = ray.remote(num_cpus=1)(_Actor)
        self.actors = [remote.remote() for _ in range(self.workers)]
        self.learner_seconds = self.seconds = self.actor_cpu = 0.0

    def round(self, weights, coherence, games, alpha: float, seed: int, starts, share: float) -> list:
        ray = self.ray
        counts = [games] * self.workers if isinstance(games, int) else list(games)  # or one count an actor
        t0 = time.perf_counter()
        master = ray.put(weights)
        coh = None if coherence is None else ray.put(coherence)
        busy = time.perf_counter() - t0  # publishing the weights: the learner's work, as adding the changes is
        refs = [a.play.remote(master, coh, n, alpha, seed + k, starts, share)
                for k, (a, n) in enumerate(zip(self.actors, counts))]
        out = []
        for ref in refs:  # seed order: the sum does not depend on which actor finished first
            change, tc, scores, tops, moves, began, cpu = ray.get(ref)
            t1 = time.perf_counter()
            apply(weights, change)
            if tc is not None:
                apply(coherence[0], tc[0])
                apply(coherence[1], tc[1])
            busy += time.perf_counter() - t1
            self.actor_cpu += cpu
            out.append((scores, tops, moves, began))
        del master, coh
        self.learner_seconds += busy
        self.seconds += time.perf_counter() - t0
        return out

    def close(self) -> None:
        for a in self.actors:
            try:
                self.ray.kill(a)
            except Exception:  # noqa: BLE001 - already gone with its node
                pass
        self.actors = []
        if self.executor.started:
            self.executor.close()

"""A learned evaluation for 2048: an n-tuple network trained by temporal-difference learning on afterstates
(Szubert & Jaśkowski 2014, "Temporal difference learning of N-tuple networks for the game 2048"; Yeh et al.'s
multi-stage TD; Jaśkowski 2018, "Mastering 2048 with delayed temporal coherence learning ...").

The network: four 6-tuples of cells (two straight, two 2x3 rectangles, the set Jaśkowski and Yeh et al. use),
each looked up in all eight symmetries of the board (rotations and reflections), so 32 weights are summed for a
board's value; a tuple's weights are a table of 16^6 entries, one per combination of its cells' exponents.
The value of an *afterstate* (the board after a move, before the new tile) estimates the points still to come.

Learning (``train``): the greedy one-ply player (the move that maximises gained points + the value of its
afterstate) plays; after each move the previous afterstate's value moves toward the reward that followed plus
the value of the next afterstate, TD(0), the step split over the 32 weights; the last afterstate of a game moves
toward 0. Everything runs on the 64-bit board (``arcade.game2048.bitboard``'s layout: row ``r`` in bits ``16r``,
cell ``c`` of a row in its nibble ``c``) with the moves and the network's value of ``ai.kernels``, the ones the
compiled search uses; numba compiles them. Without numba the same functions run as plain Python, far too slowly
to train or to search with: ``available()`` is False and the app keeps its hand-made heuristic.

Weights are saved as float32 for training checkpoints (``save``/``load``) and quantised to int16 with one scale
for shipping (``export``/``load``): an unvisited entry is 0, so the file compresses to a fraction of its 128 MB
(xz; about 18 MB for a network trained on 290,000 games). ``ai.learned`` searches with it.
"""
from __future__ import annotations

import logging
import zlib
from pathlib import Path

import numpy as np

from arcade.game2048.ai.kernels import available, move_scored, move_tables, net_value, njit as _njit, tuple_index

log = logging.getLogger("arcade")

__all__ = ["TUPLES", "SYMMETRIES", "available", "new_weights", "optimistic_weights", "new_coherence", "value",
           "best_move", "train", "save", "load", "save_coherence", "load_coherence", "export", "symmetric_cells"]

# cells are numbered r * 4 + c
TUPLES = np.array([
    (0, 1, 2, 3, 4, 5),      # the top row and two below its start
    (4, 5, 6, 7, 8, 9),      # the second row and two below its start
    (0, 1, 2, 4, 5, 6),      # a 2x3 rectangle in the corner
    (4, 5, 6, 8, 9, 10),     # a 2x3 rectangle one row down
], dtype=np.int64)
N_TUPLES, TUPLE_LEN = TUPLES.shape
TABLE = 16 ** TUPLE_LEN
FORMAT = 1


def _symmetries() -> np.ndarray:
    """The 8 symmetries of the square as permutations: ``perm[s][i]`` is the cell that cell ``i`` maps to."""
    out = []
    for flip in (False, True):
        for rot in range(4):
            perm = []
            for i in range(16):
                r, c = divmod(i, 4)
                if flip:
                    c = 3 - c
                for _ in range(rot):
                    r, c = c, 3 - r
                perm.append(r * 4 + c)
            out.append(perm)
    return np.array(out, dtype=np.int64)


SYMMETRIES = _symmetries()


def symmetric_cells() -> np.ndarray:
    """``cells[t, s, k]``: the board cell read for position ``k`` of tuple ``t`` under symmetry ``s``."""
    return SYMMETRIES[:, TUPLES].transpose(1, 0, 2).copy()


CELLS = symmetric_cells()


def new_weights(init: float = 0.0) -> np.ndarray:
    """A fresh network: ``init`` in every weight (optimistic initialisation uses a positive value)."""
    w = np.empty((N_TUPLES, TABLE), dtype=np.float32)
    w.fill(init)
    return w


def optimistic_weights(board_value: float) -> np.ndarray:
    """A fresh network that values every board at ``board_value`` points (each of the 32 weights a board sums holds
    its share): optimistic initialisation (Guei, Chen and Wu 2021 start at 320,000). A board the greedy player has
    not met looks better than the ones it has, whose values fall towards their returns, so the player explores."""
    return new_weights(board_value / (N_TUPLES * 8))


def new_coherence() -> tuple[np.ndarray, np.ndarray]:
    """Empty temporal-coherence tables (``E``, ``A``) for :func:`train`."""
    return new_weights(), new_weights()


@_njit
def _lookups(cellmap, b):
    """The entry each tuple reads under each symmetry: ``out[t, s]``."""
    out = np.empty((cellmap.shape[0], 8), dtype=np.int64)
    for t in range(cellmap.shape[0]):
        for s in range(8):
            out[t, s] = tuple_index(b, cellmap, t, s)
    return out


@_njit
def _update(w, cellmap, b, delta):
    idx = _lookups(cellmap, b)
    for t in range(idx.shape[0]):
        for s in range(8):
            w[t, idx[t, s]] += delta


@_njit
def _update_tc(w, tc_e, tc_a, cellmap, b, err, step):
    """Temporal coherence: each weight moves by ``step * err`` times its own rate ``|E| / A`` (1 before
    its first error), where ``E`` sums the errors it has seen and ``A`` their sizes; a weight whose errors
    keep one sign keeps learning, one whose errors cancel slows down."""
    idx = _lookups(cellmap, b)
    for t in range(idx.shape[0]):
        for s in range(8):
            i = idx[t, s]
            a = tc_a[t, i]
            rate = abs(tc_e[t, i]) / a if a > 0 else 1.0
            w[t, i] += step * rate * err
            tc_e[t, i] += err
            tc_a[t, i] += abs(err)


@_njit
def _learn(w, tc_e, tc_a, tc, cellmap, b, err, step):
    if tc:
        _update_tc(w, tc_e, tc_a, cellmap, b, err, step)
    else:
        _update(w, cellmap, b, step * err)


@_njit
def _spawn(b):
    empty = np.empty(16, dtype=np.int64)
    n = 0
    for i in range(16):
        if ((b >> np.uint64(4 * i)) & np.uint64(0xF)) == 0:
            empty[n] = i
            n += 1
    if n == 0:
        return b
    i = empty[np.random.randint(n)]
    v = np.uint64(2) if np.random.random() < 0.1 else np.uint64(1)
    return b | (v << np.uint64(4 * i))


@_njit
def _choose(w, cellmap, b, left, right, gl, gr):
    """The greedy one-ply move: (direction or -1, afterstate, points)."""
    best_d, best_a, best_r = -1, np.uint64(0), 0
    best_v = -1e30
    for d in range(4):
        a, r = move_scored(b, d, left, right, gl, gr)
        if a == b:
            continue
        v = r + net_value(a, w, cellmap)
        if v > best_v:
            best_v, best_d, best_a, best_r = v, d, a, r
    return best_d, best_a, best_r


@_njit
def _train(w, cellmap, games, alpha, seed, left, right, gl, gr, scores, maxtiles, moves, starts, share, began,
           tc_e, tc_a, tc):
    """Play ``games`` games by the greedy player, learning TD(0) on afterstates as they go (with temporal
    coherence when ``tc``: ``tc_e``, ``tc_a`` the sums of each weight's errors and of their sizes); a game starts
    from a random board of ``starts`` with probability ``share`` (``began[g]``: which, or -1: a new game)."""
    np.random.seed(seed)
    lookups = cellmap.shape[0] * 8
    step = alpha / lookups
    for g in range(games):
        began[g] = -1
        if starts.shape[0] > 0 and np.random.random() < share:
            began[g] = np.random.randint(starts.shape[0])
            b = starts[began[g]]
        else:
            b = _spawn(_spawn(np.uint64(0)))
        prev = np.uint64(0)
        have_prev = False
        score = 0
        n = 0
        while True:
            d, a, r = _choose(w, cellmap, b, left, right, gl, gr)
            if d < 0:
                break
            if have_prev:
                delta = r + net_value(a, w, cellmap) - net_value(prev, w, cellmap)
                _learn(w, tc_e, tc_a, tc, cellmap, prev, delta, step)
            prev = a
            have_prev = True
            score += r
            n += 1
            b = _spawn(a)
        if have_prev:
            _learn(w, tc_e, tc_a, tc, cellmap, prev, -net_value(prev, w, cellmap), step)
        top = 0
        for i in range(16):
            e = int((b >> np.uint64(4 * i)) & np.uint64(0xF))
            if e > top:
                top = e
        scores[g] = score
        maxtiles[g] = top
        moves[g] = n


def value(weights: np.ndarray, board: int) -> float:
    return float(net_value(np.uint64(board), weights, CELLS))


def best_move(weights: np.ndarray, board: int) -> int:
    """The greedy one-ply move of the network: 0 up, 1 down, 2 left, 3 right, or -1 when none moves."""
    left, right, gl, gr = move_tables()
    return int(_choose(weights, CELLS, np.uint64(board), left, right, gl, gr)[0])


def train(weights: np.ndarray, games: int, alpha: float, seed: int, starts=None, start_share: float = 0.0,
          began=None, coherence=None):
    """Play and learn ``games`` games (in place); returns (scores, largest exponents, moves) per game.

    ``starts``: 64-bit boards a game may start from instead of a new game, each game with probability
    ``start_share`` (late positions: the weights of tiles a new game rarely reaches get trained); ``began``, an
    int64 array of ``games`` entries if given, receives the index of each game's start board or -1. A started
    game's score counts the points made from its board.

    ``coherence``: ``(E, A)``, two float32 arrays shaped like the weights (:func:`new_coherence`, kept between
    calls and checkpoints): learn with temporal coherence (Beal and Smith's adaptive rates, as Jaśkowski applied
    them to 2048), each weight's step ``alpha * |E| / A``; ``alpha`` is then a meta-rate (1.0 is usual)."""
    left, right, gl, gr = move_tables()
    scores = np.zeros(games, dtype=np.int64)
    tops = np.zeros(games, dtype=np.int64)
    moves = np.zeros(games, dtype=np.int64)
    pool = np.ascontiguousarray(np.asarray([] if starts is None else starts, dtype=np.uint64).reshape(-1))
    if began is None:
        began = np.empty(games, dtype=np.int64)
    if coherence is None:
        tc_e = tc_a = np.zeros((1, 1), dtype=np.float32)
    else:
        tc_e, tc_a = coherence
        if tc_e.shape != weights.shape or tc_a.shape != weights.shape:
            raise ValueError("the coherence tables must be shaped like the weights")
    _train(weights, CELLS, games, alpha, seed, left, right, gl, gr, scores, tops, moves, pool, float(start_share),
           began, tc_e, tc_a, coherence is not None)
    return scores, tops, moves


# ----- files -----
def _write(path, head: dict, body: bytes, sync: bool) -> None:
    """``path`` as a 4-byte header length, the JSON header and ``body``, replaced atomically."""
    import json
    import os

    header = json.dumps({"format": FORMAT, "tuples": TUPLES.tolist(), **head}).encode()
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(len(header).to_bytes(4, "little") + header)
        f.write(body)
        if sync:
            f.flush()
            os.fsync(f.fileno())
    os.replace(tmp, p)


def _read(path, what: str, unpack):
    """``unpack(head, body)`` of a file :func:`_write` wrote for this network; ``ValueError`` (one line, starting
    with ``what``) for a missing file or anything damaged in it."""
    import json
    import lzma

    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise ValueError(f"{what} {path}: {e.strerror or e}") from None
    try:
        n = int.from_bytes(data[:4], "little")
        head = json.loads(data[4:4 + n])
        if head.get("format") != FORMAT or head.get("tuples") != TUPLES.tolist():
            raise ValueError("another format or other tuples")
        codec = head.get("codec", "zlib")
        if codec == "xz":
            body = lzma.decompress(data[4 + n:])
        elif codec == "zlib":
            body = zlib.decompress(data[4 + n:])
        else:
            raise ValueError(f"codec {codec!r}")
        return unpack(head, body), head
    except (ValueError, KeyError, TypeError, AttributeError, zlib.error, lzma.LZMAError, EOFError,
            json.JSONDecodeError) as e:
        raise ValueError(f"{what} {path}: damaged ({str(e).splitlines()[0][:80]})") from None


def save(weights: np.ndarray, path, meta: dict | None = None) -> None:
    """A training checkpoint: float32 weights (zlib, level 1: fast) and ``meta`` (games played, alpha ...)."""
    _write(path, {"kind": "float32", **(meta or {})}, zlib.compress(weights.astype(np.float32).tobytes(), 1), True)


def save_coherence(coherence, path, meta: dict | None = None) -> None:
    """The temporal-coherence tables of a run (beside its checkpoint: a resumed run goes on with the same rates)."""
    e, a = coherence
    _write(path, {"kind": "coherence", **(meta or {})}, zlib.compress(np.stack([e, a]).astype(np.float32).tobytes(), 1),
           True)


def load_coherence(path) -> tuple[tuple[np.ndarray, np.ndarray], dict]:
    """``((E, A), header)`` from :func:`save_coherence`; ``ValueError`` (one line) for anything else."""
    def unpack(head, body):
        if head.get("kind") != "coherence":
            raise ValueError(f"kind {head.get('kind')!r}")
        both = np.frombuffer(body, dtype=np.float32)
        if both.size != 2 * N_TUPLES * TABLE:
            raise ValueError(f"{both.size} entries, expected {2 * N_TUPLES * TABLE}")
        both = both.reshape(2, N_TUPLES, TABLE)
        return both[0].copy(), both[1].copy()

    return _read(path, "coherence tables", unpack)


QUANTUM = 4  # the shipped step is this many times the finest int16 step: as strong at one ply, 24 % smaller


def export(weights: np.ndarray, path, meta: dict | None = None, codec: str = "xz", quantum: int = QUANTUM) -> dict:
    """Shipped weights: int16 with one scale (the largest weight maps to 32767 / ``quantum``: a coarser step
    compresses better and, measured over 2,000 one-ply games at quantum 1, 2, 4 and 8, plays as well), compressed
    with ``codec`` (``"xz"``: lzma, about 15 % smaller than zlib and decoded in a second; ``"zlib"``: level 9).
    Returns the header (scale, sizes)."""
    import json
    import lzma

    peak = float(np.abs(weights).max()) or 1.0
    scale = peak / 32767.0 * quantum
    q = np.round(weights / scale).astype(np.int16)
    body = lzma.compress(q.tobytes(), preset=6) if codec == "xz" else zlib.compress(q.tobytes(), 9)
    head = {"kind": "int16", "scale": scale, "codec": codec, **(meta or {})}
    _write(path, head, body, False)
    full = {"format": FORMAT, "tuples": TUPLES.tolist(), **head}
    return {**full, "bytes": len(body) + len(json.dumps(full).encode()) + 4}


def load(path, dequantise: bool = True) -> tuple[np.ndarray, dict]:
    """Weights and their header from :func:`save` or :func:`export`; ``ValueError`` (one line) for a file that
    is not one (missing, damaged, another network's). ``dequantise=False`` keeps shipped weights as int16 (half
    the memory; their value is ``head["scale"]`` times the table's)."""
    def unpack(head, body):
        kind = head.get("kind")
        if kind == "float32":
            w = np.frombuffer(body, dtype=np.float32)
        elif kind == "int16" and not dequantise:
            w = np.frombuffer(body, dtype=np.int16)
            float(head["scale"])
        elif kind == "int16":
            w = np.frombuffer(body, dtype=np.int16).astype(np.float32) * np.float32(head["scale"])
        else:
            raise ValueError(f"kind {kind!r}")
        if w.size != N_TUPLES * TABLE:
            raise ValueError(f"{w.size} weights, expected {N_TUPLES * TABLE}")
        return w.reshape(N_TUPLES, TABLE).copy()

    return _read(path, "n-tuple weights", unpack)


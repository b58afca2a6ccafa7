#!/usr/bin/env python3
"""The values of Gomoku's line patterns: fit them to game results, and play two value sets against each other.

    .venv/bin/python tools/tune_patterns.py fit FILE...        # ladder JSONs of `arcade bench gomocup`
    .venv/bin/python tools/tune_patterns.py match [--a guessed] [--b fitted] (--depth D | --ms M)
                                                  [--openings N] [--seed S]

``fit`` (Texel's method): every position of the games in FILE (after the fifth stone, each position once, none
where a side already has a five to make or the side to move an open or double four) is labelled with whether the
side to move went on to win. The engine's evaluation of a position is linear in the values (the sum over the empty
cells of each direction's pattern value and the cell's class bonus, the side to move's sum counting 1.5 times,
minus the other side's), so the values are fitted by gradient descent (Adam, on their logarithms: they stay
positive) to minimise the squared error of ``sigmoid(K * evaluation)`` against the results, ``K`` first fitted to
the current values' scale. The dead line and the five keep their values. Prints the loss on a held-out fifth of
the positions before and after, and the values fitted on all of them (what :data:`arcade.tictactoe.patterns.VALUES`
holds as ``fitted``).

``match``: the compiled engine with value set B against the same engine with value set A (names of
:data:`~arcade.tictactoe.patterns.VALUES`), from N random openings (four stones next to the centre), each played
twice with the colours swapped, at a fixed depth (the threat searches capped by nodes: reproducible) or at a
CPU-time budget a move. Black wins most games of freestyle Gomoku, so what tells the value sets apart is the
openings one side won with both colours; prints each opening's pair and the tally.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

N, K_ROW = 15, 5
FREE = [i for i in range(17) if i not in (0, 9, 10, 16)]  # dead, five, and the bonuses of no class and of a five stay


def positions(files):
    """(features, results): a row per position, the side to move's 17 counts (10 patterns by direction, 7 cell
    classes) times 1.5 minus the other side's; the result 1 if the side to move won."""
    from arcade.tictactoe import gomoku_jit as gj, patterns as P
    from arcade.tictactoe.gomoku import Board

    pat = P.tables()[0]
    rows, results, seen = [], [], set()
    for f in sorted(files):  # (a position met in several games is labelled by its first, in the files' order)
        for g in json.loads(Path(f).read_text())["games"]:
            winner = 1 if g["ours_first"] == (g["result"] == "win") else 2
            moves = [r * N + c for r, c, _ in g["order"]]
            b = Board(N, N, K_ROW)
            for i, c in enumerate(moves[:-1]):
                b.play(c)
                key = (frozenset(moves[:i + 1:2]), frozenset(moves[1:i + 1:2]))
                if i < 5 or key in seen:
                    continue
                seen.add(key)
                pkey, pcls, _, _, pcnt = gj.Kernel(b, patterns=True).pattern_tables()
                p, o = b.turn, 3 - b.turn
                if pcnt[p, P.FIVE] or pcnt[p, P.FLEX4] or pcnt[o, P.FIVE] >= 2:
                    continue  # decided
                empty = np.array(b.cells) == 0
                side = [np.concatenate([np.bincount(pat[s][pkey[empty]].ravel(), minlength=10),
                                        np.bincount(pcls[s][empty], minlength=7)]).astype(float) for s in (p, o)]
                rows.append(1.5 * side[0] - side[1])
                results.append(1.0 if winner == p else 0.0)
    return np.array(rows), np.array(results)


def _loss(X, y, w, k):
    pr = 1 / (1 + np.exp(-np.clip(k * (X @ w), -50, 50)))
    return float(np.mean((y - pr) ** 2))


def _fit(X, y, w0, k, steps=4000, lr=0.02):
    free = np.zeros(len(w0), bool)
    free[FREE] = True
    lw = np.log(np.maximum(w0, 1.0))
    m, v = np.zeros_like(lw), np.zeros_like(lw)
    for t in range(1, steps + 1):
        w = np.where(free, np.exp(lw), w0)
        pr = 1 / (1 + np.exp(-np.clip(k * (X @ w), -50, 50)))
        grad = np.where(free, ((pr - y) * pr * (1 - pr) * k) @ X * 2 / len(y) * w, 0)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        lw -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
    return np.where(free, np.exp(lw), w0)


def fit(args) -> int:
    from arcade.tictactoe import patterns as P

    X, y = positions(args.files)
    by_dir, bonus = P.VALUES[args.start]
    w0 = np.array(by_dir + bonus, float)
    ks = np.exp(np.linspace(np.log(1e-5), np.log(1e-1), 200))
    k = float(ks[np.argmin([_loss(X, y, w0, c) for c in ks])])
    idx = np.random.default_rng(1).permutation(len(y))
    train, test = idx[: len(y) * 4 // 5], idx[len(y) * 4 // 5:]
    held = _fit(X[train], y[train], w0, k)
    w = np.rint(_fit(X, y, w0, k)).astype(int)
    print(f"{len(y)} positions from {len(args.files)} files, the side to move won {y.mean():.1%}; K = {k:.3g}")
    print(f"held-out squared error: {_loss(X[test], y[test], w0, k):.4f} with {args.start!r}, "
          f"{_loss(X[test], y[test], held, k):.4f} fitted on the rest")
    print("DIR_VALUE =", tuple(int(x) for x in w[:10]))
    print("CLASS_BONUS =", tuple(int(x) for x in w[10:]))
    return 0


def _opening(rng: random.Random) -> list[int]:
    while True:
        cells = [rng.randint(5, 9) * N + rng.randint(5, 9) for _ in range(4)]
        if len(set(cells)) == 4:
            return cells


def _game(opening, black: str, white: str, depth, seconds) -> str:
    """The winner's value set (or "draw") of one game from ``opening``, ``black`` moving first."""
    from arcade.tictactoe import gomoku_jit as gj
    from arcade.tictactoe.gomoku import Board, Engine

    tables = {black: {}, white: {}}  # each side keeps its own tables from move to move (they hold its scores)
    b = Board(N, N, K_ROW)
    for c in opening:
        b.play(c)
    while True:
        side = black if b.turn == 1 else white
        gj._SHARED = tables[side]
        b.play(Engine(b, budget=seconds, depth=depth, compiled=True, values=side).choose().move)
        if b.fives:
            return side
        if b.stones >= len(b.cells):
            return "draw"


def match(args) -> int:
    from arcade.tictactoe import gomoku_jit as gj

    gj.available()
    seconds = args.ms / 1000 if args.ms else None
    depth = None if seconds else args.depth
    tally: dict[str, int] = {}
    for i in range(args.openings):
        opening = _opening(random.Random(args.seed + i))
        first = _game(opening, args.b, args.a, depth, seconds)   # B has black
        second = _game(opening, args.a, args.b, depth, seconds)  # A has black
        pair = (f"{args.b} both" if first == second == args.b else f"{args.a} both" if first == second == args.a
                else "black both" if (first, second) == (args.b, args.a) else
                "white both" if (first, second) == (args.a, args.b) else "a draw")
        tally[pair] = tally.get(pair, 0) + 1
        print(f"opening {args.seed + i}: {args.b} black -> {first}, {args.a} black -> {second}; {tally}",
              flush=True)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="fit the values to the results of ladder games")
    f.add_argument("files", nargs="+")
    f.add_argument("--start", default="guessed", help="the value set to start from (and compare with)")
    m = sub.add_parser("match", help="value set B against value set A")
    m.add_argument("--a", default="guessed")
    m.add_argument("--b", default="fitted")
    m.add_argument("--depth", type=int, default=4)
    m.add_argument("--ms", type=int, default=0, help="CPU ms a move instead of a fixed depth")
    m.add_argument("--openings", type=int, default=50)
    m.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    return fit(args) if args.cmd == "fit" else match(args)


if __name__ == "__main__":
    sys.exit(main())

"""``arcade train 2048`` (also ``arcade bench train``): train the n-tuple network (``arcade.game2048.ai.ntuple``)
by TD(0) self-play, in resumable pieces.

    arcade train 2048 --dir RUN --games 2000000            # a new run, or go on from RUN's checkpoint with --resume
    nice -n 10 arcade train 2048 --dir RUN --resume --minutes 170
    arcade train 2048 --dir RUN2 --from assets/ai/ntuple-2048.bin --alpha 0.05   # go on from the shipped weights
    arcade train 2048 --dir RUN --resume --starts bench-results/late-boards.json --start-share 0.5
    arcade train 2048 --dir RUN3 --optimistic 320000                 # optimistic TD, then on with temporal coherence:
    arcade train 2048 --dir RUN3 --resume --tc --alpha 1.0

``--optimistic POINTS`` starts a new network that values every board at POINTS (optimistic initialisation: the
greedy player explores the boards it has not met, whose values have not yet fallen); ``--tc`` learns with temporal
coherence (each weight its own adaptive rate, ``--alpha 1.0`` the meta-rate; the rates are checkpointed beside the
weights), the published recipe's fine-tuning phase after optimistic TD.

``--starts FILE`` (boards as ``arcade bench 2048 --starts`` reads them) starts that share of the games from a random
one of its boards: the late game (16384 on the board) is where a strong search loses, and a greedy player that
starts every game empty reaches it in a few games in a hundred, so those weights would hardly be trained. The
learning curve counts the new games only (its reach rates stay comparable) and says how many games started late.

Every ``--chunk`` games the kernel returns and one line of progress is printed; every 10,000 games a line of the
learning curve (average score, the share of games reaching 2048 ... 32768, games and moves a second) is appended
to ``RUN/curve.jsonl``; the weights are checkpointed to ``RUN/weights.bin`` every ``--every`` minutes and at the
end (atomic: a killed run loses at most those minutes). ``--plot FILE`` draws the curve as a PNG. ``--export FILE``
writes the quantised weights the app ships.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import time
from pathlib import Path

from arcade.engine.args import BadOption, float_range, output_file, positive_int, seed

__all__ = ["add_arguments", "run", "plot"]

REACH = (11, 12, 13, 14, 15)  # 2048 ... 32768 as exponents
BLOCK = 10_000  # games a line of the learning curve sums up
_positive = float_range(0, math.inf, lo_open=True)  # a finite number above 0


def read_boards(path: str) -> "list[int]":
    """The 4x4 boards of ``path`` (anything ``arcade bench 2048 --starts`` reads) as 64-bit boards."""
    from arcade.game2048 import bitboard
    from arcade.game2048.bench.ai import read_starts

    try:
        return [bitboard.to_board(g) for g in read_starts(path, 4)]
    except (ValueError, OverflowError) as e:
        raise BadOption(str(e)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", required=True, metavar="RUN", help="the run's folder: weights.bin, curve.jsonl")
    parser.add_argument("--resume", action="store_true", help="go on from RUN's checkpoint")
    parser.add_argument("--from", dest="start_from", metavar="FILE",
                        help="start a new run from these weights (a checkpoint or the shipped int16 file)")
    parser.add_argument("--games", type=positive_int, default=10_000_000, help="stop at this many games in all")
    parser.add_argument("--minutes", type=_positive, default=None, help="stop after this long (this piece)")
    parser.add_argument("--alpha", type=_positive, default=0.1,
                        help="TD step (split over the 32 weights of a board; default 0.1); with --tc a meta-rate (1.0)")
    parser.add_argument("--tc", action="store_true",
                        help="learn with temporal coherence: every weight its own adaptive rate (kept in "
                             "RUN/coherence.bin, which --resume reads back)")
    parser.add_argument("--optimistic", type=_positive, default=None, metavar="POINTS",
                        help="a new network that values every board at POINTS (optimistic initialisation, e.g. 320000)")
    parser.add_argument("--chunk", type=positive_int, default=1000, help="games a kernel call (default 1000)")
    parser.add_argument("--every", type=_positive, default=5.0, help="minutes between checkpoints")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the first piece (each chunk derives its own)")
    parser.add_argument("--starts", metavar="FILE", help="boards to start games from (see --start-share)")
    parser.add_argument("--start-share", type=float_range(0, 1), default=0.5,
                        help="with --starts: the share of games that start from one of its boards (default 0.5)")
    parser.add_argument("--cluster", nargs="?", const="auto", default=None, metavar="ADDRESS",
                        help="self-play on a Ray cluster: ADDRESS, or auto (the one RAY_ADDRESS names or one running "
                             "here, else a local Ray on this machine's cores); needs arcade[cluster]")
    parser.add_argument("--workers", type=positive_int, default=None, metavar="N",
                        help="with --cluster: self-play actors (default: the cluster's CPUs); each plays --chunk "
                             "games a round")
    parser.add_argument("--plot", type=output_file, metavar="FILE", help="draw the learning curve to FILE (PNG) and stop")
    parser.add_argument("--export", type=output_file, metavar="FILE", help="write the quantised shipping weights to FILE and stop")


def _summary(scores, tops, moves, seconds: float, began=None) -> dict:
    """A line of the learning curve: the new games' average and reach rates; speed over every game."""
    fresh = slice(None) if began is None else began < 0
    s, t = scores[fresh], tops[fresh]
    n = len(s)
    out = {"games": n, "avg_score": float(s.mean()) if n else 0.0,
           **{f"reach_{1 << e}": float((t >= e).mean()) if n else 0.0 for e in REACH},
           "games_s": len(scores) / seconds if seconds else 0.0,
           "moves_s": float(moves.sum()) / seconds if seconds else 0.0}
    if began is not None and n < len(scores):
        late = ~fresh
        out["late_games"] = int(late.sum())
        out["late_avg_score"] = float(scores[late].mean())
        out["late_reach_32768"] = float((tops[late] >= 15).mean())
    return out


def run(args) -> int:
    import numpy as np

    from arcade.game2048.ai import ntuple

    folder = Path(args.dir)
    weights_file, curve_file = folder / "weights.bin", folder / "curve.jsonl"
    if args.plot:
        return plot(curve_file, Path(args.plot))
    if not ntuple.available():
        raise BadOption("training needs numba (pip install numba)")
    if args.export:
        try:
            w, head = ntuple.load(weights_file)
        except ValueError as e:
            raise BadOption(str(e)) from None
        info = ntuple.export(w, args.export, {"games": head.get("games", 0)})
        print(f"exported {args.export}: {info['bytes'] / 2**20:.1f} MiB, scale {info['scale']:.3g}, "
              f"{head.get('games', 0):,} games of training")
        return 0
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BadOption(f"cannot use {folder}: {e.strerror or e}") from None
    if args.optimistic is not None and (args.resume or args.start_from):
        raise BadOption("--optimistic starts a new network: not with --resume or --from")
    coherence_file = folder / "coherence.bin"
    if args.resume:
        try:
            w, head = ntuple.load(weights_file)
        except ValueError as e:
            raise BadOption(str(e)) from None
        played, next_seed = int(head.get("games", 0)), int(head.get("next_seed", args.seed))
        print(f"resuming at {played:,} games from {weights_file}")
    else:
        if weights_file.exists():
            raise BadOption(f"{weights_file} exists: --resume to go on, or another --dir")
        w, played, next_seed = ntuple.new_weights(), 0, args.seed
        if args.optimistic is not None:
            w = ntuple.optimistic_weights(args.optimistic)
        if args.start_from:
            try:
                w, head = ntuple.load(args.start_from)
            except ValueError as e:
                raise BadOption(str(e)) from None
            # the games behind those weights count; the seeds go on past the ones they were trained on
            played = int(head.get("games", 0))
            next_seed = int(head.get("next_seed", args.seed + played // args.chunk + 1))
            print(f"starting from {args.start_from}: {played:,} games of training")
    starts = np.asarray(read_boards(args.starts) if args.starts else [], dtype=np.uint64)
    coherence, rates = None, ""
    if args.tc:
        if args.resume and coherence_file.exists():
            try:
                coherence, _ = ntuple.load_coherence(coherence_file)
            except ValueError as e:
                raise BadOption(str(e)) from None
            rates = f"; temporal coherence, the rates of {coherence_file}"
        else:
            coherence, rates = ntuple.new_coherence(), "; temporal coherence, fresh rates"
    trainer = None
    if args.cluster:
        from arcade.dev.benchkit import RayCluster
        from arcade.game2048.bench.train_cluster import ClusterTrainer

        executor = RayCluster(args.cluster)
        trainer = ClusterTrainer(executor, args.workers)
        print(f"self-play on {executor.where}: {trainer.workers} actors, {args.chunk} games each a round", flush=True)
    elif args.workers:
        raise BadOption("--workers goes with --cluster")
    start, last_ckpt, played0 = time.monotonic(), time.monotonic(), played
    block = {"s": [], "t": [], "m": [], "b": [], "sec": 0.0}
    print(f"training {ntuple.N_TUPLES} {ntuple.TUPLE_LEN}-tuples (x8 symmetries), alpha {args.alpha}, "
          f"chunks of {args.chunk} games, checkpoints every {args.every:g} min to {weights_file}"
          + (f"; every board valued {args.optimistic:,.0f} at the start" if args.optimistic is not None else "")
          + rates
          + (f"; {args.start_share:.0%} of the games start from one of {len(starts):,} boards of {args.starts}"
             if len(starts) else ""), flush=True)

    def checkpoint():
        # the rates first: a run killed between the two files resumes with rates a few minutes newer than its
        # weights, never with weights that have no rates
        if coherence is not None:
            ntuple.save_coherence(coherence, coherence_file, {"games": played})
        ntuple.save(w, weights_file, {"games": played, "next_seed": next_seed, "alpha": args.alpha,
                                      "tc": coherence is not None})

    def write_block(block: dict, played: int) -> None:
        row = {"games_total": played, **({"tc": True} if coherence is not None else {}),
               **_summary(np.concatenate(block["s"]), np.concatenate(block["t"]), np.concatenate(block["m"]),
                          block["sec"], np.concatenate(block["b"]))}
        with open(curve_file, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
        print(f"{played:>10,} games  avg {row['avg_score']:>9,.0f}  " + "  ".join(
            f"{1 << e}: {row[f'reach_{1 << e}'] * 100:5.1f} %" for e in REACH)
            + f"  {row['games_s']:.0f} games/s  {row['moves_s'] / 1e3:.0f} k moves/s"
            + (f"  ({row['late_games']:,} started late: {row['late_avg_score']:,.0f} points on, ended with 32768 "
               f"{row['late_reach_32768'] * 100:.1f} %)" if "late_games" in row else ""), flush=True)

    def chunks(n: int) -> list:
        """Play and learn the next ``n`` games a chunk (a round of chunks on a cluster): their results."""
        if trainer is None:
            b = np.empty(n, dtype=np.int64)
            s, t, m = ntuple.train(w, n, args.alpha, next_seed, starts, args.start_share, b, coherence)
            return [(s, t, m, b)]
        return trainer.round(w, coherence, n, args.alpha, next_seed, starts, args.start_share)

    try:
        while played < args.games:
            if args.minutes is not None and time.monotonic() - start > args.minutes * 60:
                break
            per = 1 if trainer is None else trainer.workers
            left = args.games - played
            n = min(args.chunk, -(-left // per), max(1, -(-(BLOCK - sum(len(x) for x in block["s"])) // per)))
            t0 = time.perf_counter()
            done = chunks(n)
            sec = time.perf_counter() - t0
            next_seed += len(done)
            for s, t, m, b in done:
                played += len(s)
                for k, v in (("s", s), ("t", t), ("m", m), ("b", b)):
                    block[k].append(v)
            block["sec"] += sec
            if sum(len(x) for x in block["s"]) >= BLOCK:
                write_block(block, played)
                block = {"s": [], "t": [], "m": [], "b": [], "sec": 0.0}
            if time.monotonic() - last_ckpt > args.every * 60:
                checkpoint()
                last_ckpt = time.monotonic()
    finally:
        if trainer is not None:
            trainer.close()
    checkpoint()
    print(f"checkpoint: {played:,} games in {weights_file}")
    if trainer is not None and trainer.seconds:
        print(f"cluster: {trainer.workers} actors, {played - played0:,} games in {trainer.seconds:.1f} s "
              f"({(played - played0) / trainer.seconds:.0f} games/s); the learner's share of the time "
              f"{trainer.learner_seconds / trainer.seconds:.1%} (publishing the weights and adding the actors' "
              f"changes), the actors' kernel {trainer.actor_cpu:.1f} s of CPU", flush=True)
    return 0


def plot(curve_file: Path, out: Path) -> int:
    """The learning curve as a PNG: average score (left axis) and reach rates (right axis, %), per 10,000 games."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    try:
        rows = [json.loads(line) for line in curve_file.read_text().splitlines() if line.strip()]
    except (OSError, ValueError) as e:
        raise BadOption(f"cannot read {curve_file}: {e}") from None
    if not rows:
        raise BadOption(f"{curve_file} has no line yet")
    pygame.font.init()
    w, h, pad = 900, 500, 60
    surf = pygame.Surface((w, h))
    surf.fill((250, 248, 239))
    font = pygame.font.Font(None, 20)
    xs = [r["games_total"] for r in rows]
    x0, x1 = 0, max(xs)
    top = max(r["avg_score"] for r in rows) or 1

    def px(x):
        return pad + (x - x0) / max(1, x1 - x0) * (w - 2 * pad)

    pygame.draw.rect(surf, (187, 173, 160), (pad, pad, w - 2 * pad, h - 2 * pad), 1)
    colours = {"avg_score": (119, 110, 101), "reach_2048": (237, 194, 46), "reach_8192": (242, 177, 121),
               "reach_16384": (246, 94, 59), "reach_32768": (60, 58, 50)}
    for key, col in colours.items():
        scale = top if key == "avg_score" else 1.0
        pts = [(px(r["games_total"]), h - pad - r[key] / scale * (h - 2 * pad)) for r in rows]
        if len(pts) > 1:
            pygame.draw.lines(surf, col, False, pts, 2)
        surf.blit(font.render(key.replace("reach_", "reach "), True, col), (pad + 10 + 150 * list(colours).index(key),
                                                                           pad - 30))
    surf.blit(font.render(f"{x1:,} games; average score up to {top:,.0f} (left scale); reach rates 0-100 %", True,
                          (119, 110, 101)), (pad, h - pad + 15))
    pygame.image.save(surf, str(out))
    print(f"plotted {len(rows)} points to {out}")
    return 0

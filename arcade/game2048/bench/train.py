"""``arcade train 2048`` (also ``arcade bench train``): train the n-tuple network (``arcade.game2048.ai.ntuple``)
by TD(0) self-play, in resumable pieces.

    arcade train 2048 --dir RUN --games 2000000            # a new run, or go on from RUN's checkpoint with --resume
    nice -n 10 arcade train 2048 --dir RUN --resume --minutes 170
    arcade train 2048 --dir RUN2 --from assets/ai/ntuple-2048.bin --alpha 0.05   # go on from the shipped weights
    arcade train 2048 --dir RUN --resume --starts bench-results/late-boards.json --start-share 0.5
    arcade train 2048 --dir RUN3 --optimistic 320000                 # optimistic TD, then on with temporal coherence:
    arcade train 2048 --dir RUN3 --resume --tc --alpha 1.0
    arcade train 2048 --dir RUN4 --recipe otd-tc [--cluster]         # the same two phases as one command
    arcade train 2048 --dir RUN4 --resume                            # goes on in the phase the run is in

``--optimistic POINTS`` starts a new network that values every board at POINTS (optimistic initialisation: the
greedy player explores the boards it has not met, whose values have not yet fallen); ``--tc`` learns with temporal
coherence (each weight its own adaptive rate, ``--alpha 1.0`` the meta-rate; the rates are checkpointed beside the
weights), the published recipe's fine-tuning phase after optimistic TD. ``--recipe otd-tc`` runs both phases
(:mod:`arcade.game2048.bench.recipe`: the boundary and each phase's alpha are flags with the published defaults;
the plan and the phase are kept in ``RUN/recipe.json``).

``--starts FILE`` (boards as ``arcade bench 2048 --starts`` reads them) starts that share of the games from a random
one of its boards: the late game (16384 on the board) is where a strong search loses, and a greedy player that
starts every game empty reaches it in a few games in a hundred, so those weights would hardly be trained. The
learning curve counts the new games only (its reach rates stay comparable) and says how many games started late.

Every ``--chunk`` games the kernel returns; every 10,000 games (and at a recipe's change of phase) a line of the
learning curve (average score, the share of games reaching 2048 ... 32768, games and moves a second) is appended
to ``RUN/curve.jsonl`` and printed, every game in exactly one line across stops and resumes (:class:`Curve`); the
weights are checkpointed to ``RUN/weights.bin`` every ``--every`` minutes and at the end (atomic: a killed run
loses at most those minutes). ``--plot FILE`` draws the curve as a PNG. ``--export FILE``
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
from arcade.game2048.bench import recipe

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
    parser.add_argument("--games", type=positive_int, default=None,
                        help="stop at this many games in all (default 10,000,000; with --recipe its end)")
    parser.add_argument("--minutes", type=_positive, default=None, help="stop after this long (this piece)")
    parser.add_argument("--alpha", type=_positive, default=None,
                        help="TD step (split over the 32 weights of a board; default 0.1); with --tc a meta-rate (1.0)")
    parser.add_argument("--recipe", choices=recipe.RECIPES, default=None,
                        help="train in phases, one command: otd-tc = optimistic TD for --otd-games games, then "
                             "temporal coherence for --tc-games more (kept in RUN/recipe.json; --resume goes on in "
                             "the right phase)")
    d = recipe.DEFAULTS
    parser.add_argument("--otd-games", type=positive_int, default=None, metavar="N",
                        help=f"with --recipe otd-tc: games of optimistic TD (default {d['otd_games']:,})")
    parser.add_argument("--otd-alpha", type=_positive, default=None,
                        help=f"with --recipe otd-tc: optimistic TD's step (default {d['otd_alpha']})")
    parser.add_argument("--tc-games", type=positive_int, default=None, metavar="N",
                        help=f"with --recipe otd-tc: games of temporal coherence after it (default {d['tc_games']:,})")
    parser.add_argument("--tc-alpha", type=_positive, default=None,
                        help=f"with --recipe otd-tc: temporal coherence's meta-rate (default {d['tc_alpha']})")
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
    follows = recipe.resolve(args, folder)  # before the folder is made: a clash leaves nothing behind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BadOption(f"cannot use {folder}: {e.strerror or e}") from None
    if args.optimistic is not None and (args.resume or args.start_from):
        raise BadOption("--optimistic starts a new network: not with --resume or --from")
    coherence_file = folder / "coherence.bin"
    head: dict = {}
    if args.resume:
        try:
            w, head = ntuple.load(weights_file)
        except ValueError as e:
            raise BadOption(str(e)) from None
        played, next_seed = int(head.get("games", 0)), int(head.get("next_seed", args.seed))
    else:
        if weights_file.exists():
            raise BadOption(f"{weights_file} exists: --resume to go on, or another --dir")
        played, next_seed = 0, args.seed
    if follows and args.resume:
        recipe.check_resume(follows[1], follows[2], played, head, folder)
    follows = follows and follows[:2]
    phases = recipe.plan(follows[1]) if follows else None
    k = recipe.phase_at(phases, played) if phases else 0
    end = phases[-1].until if phases else 10_000_000
    stop = args.games or end
    if args.resume:
        print(f"resuming at {played:,} games from {weights_file}"
              + (f", in phase {k + 1} of the {follows[0]} recipe ({phases[k].title})" if phases else ""))
    else:
        optimistic = phases[0].optimistic if phases else args.optimistic
        w = ntuple.new_weights() if optimistic is None else ntuple.optimistic_weights(optimistic)
        if args.start_from:
            try:
                w, head = ntuple.load(args.start_from)
            except ValueError as e:
                raise BadOption(str(e)) from None
            # the games behind those weights count; the seeds go on past the ones they were trained on
            played = int(head.get("games", 0))
            next_seed = int(head.get("next_seed", args.seed + played // args.chunk + 1))
            print(f"starting from {args.start_from}: {played:,} games of training")
    if follows:
        recipe.save(folder / "recipe.json", *follows, played)
    starts = np.asarray(read_boards(args.starts) if args.starts else [], dtype=np.uint64)

    def rule(k: int, resumed: bool):
        """The step, the coherence tables and a line saying so, of phase ``k`` (or of the flags without a recipe)."""
        alpha = phases[k].alpha if phases else (args.alpha or 0.1)
        tc = phases[k].tc if phases else args.tc
        if not tc:
            return alpha, None, ""
        # a run's rates are read back when its checkpoint learned with them (a recipe run) or when the file is there
        if resumed and (head.get("tc") if phases else coherence_file.exists()):
            try:
                coherence, _ = ntuple.load_coherence(coherence_file)
            except ValueError as e:
                raise BadOption(str(e)) from None
            return alpha, coherence, f"; temporal coherence, the rates of {coherence_file}"
        return alpha, ntuple.new_coherence(), "; temporal coherence, fresh rates"

    alpha, coherence, rates = rule(k, args.resume)
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

    def tag() -> dict:
        """What the curve's lines say of the games now played: temporal coherence, the recipe's phase."""
        return {**({"tc": True} if coherence is not None else {}), **({"phase": phases[k].name} if phases else {})}

    curve = Curve(folder, tag())
    curve.resume(played)

    def announce() -> None:
        optimistic = phases[k].optimistic if phases else args.optimistic
        print((f"phase {k + 1} of the {follows[0]} recipe, {phases[k].title} until {phases[k].until:,} games: "
               if phases else "")
              + f"training {ntuple.N_TUPLES} {ntuple.TUPLE_LEN}-tuples (x8 symmetries), alpha {alpha}, "
              f"chunks of {args.chunk} games, checkpoints every {args.every:g} min to {weights_file}"
              + (f"; every board valued {optimistic:,.0f} at the start"
                 if optimistic is not None and played == 0 else "")
              + rates
              + (f"; {args.start_share:.0%} of the games start from one of {len(starts):,} boards of {args.starts}"
                 if len(starts) else ""), flush=True)

    def checkpoint():
        # the rates first: a run killed between the two files resumes with rates a few minutes newer than its
        # weights, never with weights that have no rates
        if coherence is not None:
            ntuple.save_coherence(coherence, coherence_file, {"games": played})
        curve.keep(played)
        if phases:
            recipe.save(folder / "recipe.json", *follows, played)
        ntuple.save(w, weights_file, {"games": played, "next_seed": next_seed, "alpha": alpha,
                                      "tc": coherence is not None,
                                      **({"recipe": follows[0], "phase": phases[k].name} if phases else {})})

    def chunks(total: int) -> list:
        """Play and learn the next ``total`` games (a round of chunks on a cluster): their results."""
        if trainer is None:
            b = np.empty(total, dtype=np.int64)
            s, t, m = ntuple.train(w, total, alpha, next_seed, starts, args.start_share, b, coherence)
            return [(s, t, m, b)]
        base, extra = divmod(total, trainer.workers)  # the last round of a phase or run splits what is left
        counts = [base + 1] * extra + [base] * (trainer.workers - extra)
        return trainer.round(w, coherence, [c for c in counts if c], alpha, next_seed, starts, args.start_share)

    announce()
    try:
        while played < stop:
            if phases and played >= phases[k].until and k + 1 < len(phases):
                curve.flush(played)  # the finished phase's last line ends at its boundary
                checkpoint()
                last_ckpt = time.monotonic()
                k += 1
                alpha, coherence, rates = rule(k, False)
                curve.tag = tag()
                announce()
                continue
            if args.minutes is not None and time.monotonic() - start > args.minutes * 60:
                break
            per = 1 if trainer is None else trainer.workers
            total = min(per * args.chunk, min(stop, phases[k].until if phases else stop) - played,
                        BLOCK - curve.size)
            t0 = time.perf_counter()
            done = chunks(total)
            sec = time.perf_counter() - t0
            next_seed += len(done)
            for s, t, m, b in done:
                played += len(s)
            curve.add(done, sec, played)
            if time.monotonic() - last_ckpt > args.every * 60:
                checkpoint()
                last_ckpt = time.monotonic()
    finally:
        if trainer is not None:
            trainer.close()
    if phases and played >= end:
        curve.flush(played)  # the recipe is done: its last games close the curve
    checkpoint()
    print(f"checkpoint: {played:,} games in {weights_file}"
          + (f" (the {follows[0]} recipe is done)" if phases and played >= end else ""))
    if trainer is not None and trainer.seconds:
        print(f"cluster: {trainer.workers} actors, {played - played0:,} games in {trainer.seconds:.1f} s "
              f"({(played - played0) / trainer.seconds:.0f} games/s); the learner's share of the time "
              f"{trainer.learner_seconds / trainer.seconds:.1%} (publishing the weights and adding the actors' "
              f"changes), the actors' kernel {trainer.actor_cpu:.1f} s of CPU", flush=True)
    return 0


class Curve:
    """The learning curve, ``RUN/curve.jsonl``: the games gather in a block, and a line sums up every ``BLOCK``
    games, and the games before a change of rule (a recipe's next phase). Each game of a run is in exactly one
    line: the unfinished block is kept in ``RUN/curve-block.json`` at every checkpoint and a resumed run goes on
    with it, and lines past the checkpoint a run resumes from (its games are played again) are dropped."""

    def __init__(self, folder: Path, tag: dict) -> None:
        self.file, self.pending = folder / "curve.jsonl", folder / "curve-block.json"
        self.tag = tag
        self._clear()

    def _clear(self) -> None:
        self.parts: dict = {"s": [], "t": [], "m": [], "b": []}
        self.sec, self.size = 0.0, 0

    def resume(self, played: int) -> None:
        import numpy as np

        from arcade.dev.benchkit import read_json, replace_file

        try:
            lines = [x for x in self.file.read_text(encoding="utf-8").splitlines() if x.strip()]
        except FileNotFoundError:
            lines = []
        except OSError as e:
            raise BadOption(f"cannot read {self.file}: {e.strerror or e}") from None
        try:
            kept = [x for x in lines if json.loads(x)["games_total"] <= played]
        except (ValueError, KeyError, TypeError):
            raise BadOption(f"{self.file} is damaged (a line that is not the curve's)") from None
        if len(kept) < len(lines):
            replace_file(self.file, lambda fh: fh.write("".join(x + "\n" for x in kept)))
            print(f"{self.file}: {len(lines) - len(kept)} lines past the checkpoint dropped (their games are "
                  "played again)")
        try:
            block = read_json(self.pending, "the unfinished block") if self.pending.exists() else None
        except ValueError:
            block = None  # the curve misses a block's games; the weights are unharmed
        if not block or block.get("games_total") != played or not block.get("s"):
            return
        tag = self.tag
        self.tag = block.get("tag", {})
        for key in self.parts:
            self.parts[key].append(np.asarray(block[key], dtype=np.int64))
        self.sec, self.size = float(block.get("sec", 0.0)), len(block["s"])
        if self.tag != tag:  # the run goes on under another rule: the block before it is a line of its own
            self.flush(played)
        self.tag = tag

    def add(self, done: list, sec: float, played: int) -> None:
        for result in done:
            for key, v in zip(self.parts, result):
                self.parts[key].append(v)
            self.size += len(result[0])
        self.sec += sec
        if self.size >= BLOCK:
            self.flush(played)

    def flush(self, played: int) -> None:
        """A line of the block's games (none if it is empty) ending at ``played`` games in all."""
        import numpy as np

        if not self.size:
            return
        cat = {k: np.concatenate(v) for k, v in self.parts.items()}
        row = {"games_total": played, **self.tag, **_summary(cat["s"], cat["t"], cat["m"], self.sec, cat["b"])}
        with open(self.file, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
        print(f"{played:>10,} games  avg {row['avg_score']:>9,.0f}  " + "  ".join(
            f"{1 << e}: {row[f'reach_{1 << e}'] * 100:5.1f} %" for e in REACH)
            + f"  {row['games_s']:.0f} games/s  {row['moves_s'] / 1e3:.0f} k moves/s"
            + (f"  ({row['late_games']:,} started late: {row['late_avg_score']:,.0f} points on, ended with 32768 "
               f"{row['late_reach_32768'] * 100:.1f} %)" if "late_games" in row else ""), flush=True)
        self._clear()

    def keep(self, played: int) -> None:
        """Keep the unfinished block beside a checkpoint of ``played`` games."""
        import numpy as np

        from arcade.dev.benchkit import write_json

        cat = {k: (np.concatenate(v).tolist() if v else []) for k, v in self.parts.items()}
        write_json(self.pending, {"games_total": played, "tag": self.tag, "sec": self.sec, **cat})


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
    for before, after in zip(rows, rows[1:]):  # a recipe's change of phase: a line where the first phase ended
        if after.get("phase", before.get("phase")) != before.get("phase"):
            x = px(before["games_total"])
            pygame.draw.line(surf, (187, 173, 160), (x, pad), (x, h - pad), 1)
            surf.blit(font.render(f"{after['phase']} from {before['games_total']:,}", True, (119, 110, 101)),
                      (x + 4, h - pad - 20))
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

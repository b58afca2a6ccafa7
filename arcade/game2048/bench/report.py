"""What a 2048 AI benchmark run says: its summary (the JSON ``summary``), the table printed from it, the bar chart of
its largest tiles (``--plot``) and ``--status``, where a run stored in a file stands. The games themselves are
played and the run driven by :mod:`arcade.game2048.bench.ai`."""
from __future__ import annotations

import hashlib
import json
import os

from arcade.dev.benchkit import journal_path, loadavg, percentile, read_journal, read_json

MILESTONES = (2048, 4096, 8192, 16384, 32768)
CROWDED = 1                 # the summary times moves on boards with at most this many empty cells apart

# ---------------------------------------------------------------------------------------------------------------
# summary and table

def summarize(games: list, *, strategy: str, params: dict, seed: int, jobs: int, until: int | None,
              wall_seconds: float, size: int = 4, planned: int | None = None, in_progress: int = 0,
              pieces: list | None = None) -> dict:
    """The summary of a run (the JSON ``summary``): ``games`` are the finished games; ``planned`` how many the
    run is for, ``in_progress`` how many are checkpointed but not finished, ``pieces`` the sittings so far."""
    n = len(games)
    scores = sorted(g["score"] for g in games)
    moves = sorted(g["moves"] for g in games)
    to2048 = sorted(g["moves_to_2048"] for g in games if g["moves_to_2048"] is not None)
    times = sorted(t for g in games for t in g.get("times_ms", []))
    # the moves on crowded boards (at most CROWDED empty cells) and the others, apart (games recorded before the
    # empty cells were kept have none)
    flagged = [(t, int(e)) for g in games if len(g.get("empties", "")) == len(g.get("times_ms", []))
               for t, e in zip(g.get("times_ms", []), g.get("empties", ""))]
    t_crowded = sorted(t for t, e in flagged if e <= CROWDED)
    t_calm = sorted(t for t, e in flagged if e > CROWDED)
    nodes = sum(g["nodes"] for g in games)
    search_s = sum(t for g in games for t in g.get("times_ms", [])) / 1000.0
    reach = {}
    if until is not None and until < MILESTONES[0]:
        reach[str(until)] = sum(1 for g in games if g["max_tile"] >= until) / n if n else 0.0
    for m in MILESTONES:
        if until is not None and m > until:
            reach[str(m)] = None  # not measured
        else:
            reach[str(m)] = sum(1 for g in games if g["max_tile"] >= m) / n if n else 0.0
    dist: dict = {}
    for g in games:
        dist[str(g["max_tile"])] = dist.get(str(g["max_tile"]), 0) + 1
    return {
        "strategy": strategy, "params": params, "games": n, "seed": seed, "jobs": jobs, "until": until,
        "size": size,
        "reach": reach,
        "score": {"min": scores[0] if n else None, "median": percentile(scores, 0.5), "max": scores[-1] if n else None},
        "moves": {"min": moves[0] if n else None, "median": percentile(moves, 0.5), "max": moves[-1] if n else None},
        "moves_to_2048": {"games": len(to2048), "min": to2048[0] if to2048 else None,
                          "median": percentile(to2048, 0.5), "max": to2048[-1] if to2048 else None},
        "ms_per_move": {"median": percentile(times, 0.5), "p95": percentile(times, 0.95),
                        "mean": sum(times) / len(times) if times else None},
        "crowded": {"empty_cells": CROWDED, "moves": len(flagged),
                    "share": len(t_crowded) / len(flagged) if flagged else None,
                    "ms_median_crowded": percentile(t_crowded, 0.5), "ms_median_others": percentile(t_calm, 0.5)},
        "nodes_per_second": nodes / search_s if search_s > 0 else 0.0,
        "max_tile_counts": dict(sorted(dist.items(), key=lambda kv: int(kv[0]))),
        "total_moves": len(times),
        "cpu_share": percentile(sorted(g["cpu_share"] for g in games if g.get("cpu_share") is not None), 0.5),
        "cpu_share_total": (sum(g["cpu_seconds"] for g in games) / sum(g["search_seconds"] for g in games)
                            if games and all(g.get("search_seconds") for g in games) else None),
        "load_average": loadavg(),
        "wall_seconds": wall_seconds,
        "planned": n if planned is None else planned,
        "finished": n,
        "resumed": sum(1 for g in games if g.get("resumed")),
        "in_progress": in_progress,
        "pieces": pieces or [],
    }


def _fmt(v, spec: str = ".0f") -> str:
    return "-" if v is None else format(v, spec)


def format_table(s: dict) -> str:
    """The summary as the text table the benchmark prints."""
    params = ", ".join(f"{k}={v}" for k, v in s["params"].items()) or "defaults"
    lines = [
        f"2048 AI benchmark: {s['strategy']} ({params}), {s['games']} games, seed {s['seed']}, "
        f"{s['jobs']} jobs, size {s['size']}" + (f", until {s['until']}" if s["until"] else ""),
        "",
        "reached        " + "".join(f"{m:>8}" for m in s["reach"]),
        "share of games " + "".join(f"{_fmt(None if v is None else 100 * v):>7}" + (" " if v is None else "%")
                                    for v in s["reach"].values()),
        "",
        f"{'':15}{'min':>10}{'median':>10}{'max':>10}",
        f"{'score':15}{_fmt(s['score']['min']):>10}{_fmt(s['score']['median']):>10}{_fmt(s['score']['max']):>10}",
        f"{'moves':15}{_fmt(s['moves']['min']):>10}{_fmt(s['moves']['median']):>10}{_fmt(s['moves']['max']):>10}",
        f"{'moves to 2048':15}{_fmt(s['moves_to_2048']['min']):>10}{_fmt(s['moves_to_2048']['median']):>10}"
        f"{_fmt(s['moves_to_2048']['max']):>10}   ({s['moves_to_2048']['games']} games)",
        "",
        f"ms per move    median {_fmt(s['ms_per_move']['median'], '.1f')}   p95 {_fmt(s['ms_per_move']['p95'], '.1f')}"
        f"   ({s['total_moves']} moves)",
        *([f"crowded        {100 * s['crowded']['share']:.0f} % of moves (<= {s['crowded']['empty_cells']} empty cells):"
           f" ms median {_fmt(s['crowded']['ms_median_crowded'], '.1f')} there,"
           f" {_fmt(s['crowded']['ms_median_others'], '.1f')} on the others"]
          if (s.get("crowded") or {}).get("share") is not None else []),
        f"nodes/s        {s['nodes_per_second'] / 1e6:.2f} M"
        + (f"   (searches got {100 * s['cpu_share']:.0f} % of a core: CPU time / wall time, median game)"
           if s.get("cpu_share") else ""),
        "max tiles      " + ", ".join(f"{k} x{v}" for k, v in s["max_tile_counts"].items()),
        f"games          {s.get('finished', s['games'])} finished of {s.get('planned', s['games'])}"
        f" ({s.get('resumed', 0)} resumed from a checkpoint), {s.get('in_progress', 0)} in progress"
        + (f", {len(s['pieces'])} pieces (sittings)" if s.get("pieces") else ""),
        f"wall time      {s['wall_seconds']:.0f} s" + (
            f"   (load average at the end {s['load_average'][0]:.1f})" if s.get("load_average") else ""),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# plot

BAR_BELOW_2048 = (242, 177, 121)  # the original's 8-tile orange; 2048 and up are gold


def plot(summary: dict, path: str, size=(640, 400)) -> None:
    """Write a PNG bar chart of the max-tile distribution (pygame, imported here; no display needed), in the
    game's own font and palette."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from arcade.engine import assets
    from arcade.engine.ui import colors

    pygame.font.init()
    w, h = size
    surf = pygame.Surface((w, h))
    surf.fill(colors.PAGE)
    font, title_font = assets.font(16), assets.font(20)
    counts = {int(k): v for k, v in summary["max_tile_counts"].items()}
    tiles = sorted(counts)
    if tiles:
        lo, hi = min(tiles), max(tiles)
        tiles = [1 << e for e in range(lo.bit_length() - 1, hi.bit_length())]
    title = f"max tile over {summary['games']} games: {summary['strategy']}"
    surf.blit(title_font.render(title, True, colors.TEXT), (20, 12))
    left, right, top, bottom = 40, w - 20, 60, h - 50
    pygame.draw.line(surf, colors.BOARD, (left, bottom), (right, bottom), 2)
    peak = max(counts.values()) if counts else 1
    if tiles:
        slot = (right - left) / len(tiles)
        bar_w = max(4, min(90, int(slot * 0.7)))
        for i, t in enumerate(tiles):
            c = counts.get(t, 0)
            bh = int((bottom - top) * c / peak)
            x = int(left + i * slot + (slot - bar_w) / 2)
            pygame.draw.rect(surf, colors.GOLD if t >= 2048 else BAR_BELOW_2048, (x, bottom - bh, bar_w, bh),
                             border_radius=3)
            lab = font.render(str(t), True, colors.TEXT)
            surf.blit(lab, (x + bar_w // 2 - lab.get_width() // 2, bottom + 8))
            num = font.render(str(c), True, colors.TEXT)
            surf.blit(num, (x + bar_w // 2 - num.get_width() // 2, bottom - bh - 22))
    pygame.image.save(surf, path)


RUN_KEYS = ("strategy", "params", "seed", "until", "size", "max_moves", "four_probability", "starts", "network")


def fingerprint(run_info: dict) -> str:
    """A short name of a run's settings (the ones a resume must match), for its journal's lines."""
    keys = {k: run_info.get(k) for k in RUN_KEYS + ("resolved",)}
    return hashlib.sha1(json.dumps(keys, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def status(path: str) -> str:
    """Where the run stored in ``path`` stands, as text: its summary table, the largest tile of each finished game
    by seed (and of the games finished since the file was written, in its journal), each game in progress (its
    move and largest tile at the last checkpoint) and the command that goes on with it. ValueError (one line) for
    a file that is not a run's JSON."""
    from arcade.game2048.game import Game

    data = read_json(path, "the run")
    try:
        summary = data["summary"]
        games = sorted(data.get("games", []), key=lambda g: g["seed"])
        table = format_table(summary)
        lines = [table, ""]
        if games:
            top = max(g["max_tile"] for g in games)
            lines.append("largest tile   " + ", ".join(f"{g['seed']}: {g['max_tile']}" for g in games)
                         + f"   ({sum(g['max_tile'] >= top for g in games)} of {len(games)} reached {top})")
        if isinstance(data.get("run"), dict):
            kept = {g["seed"] for g in games}
            later = {g["seed"]: g["max_tile"] for g in read_journal(path, fingerprint(data["run"]))
                     if g["seed"] not in kept}
            if later:
                lines.append(f"and since      {len(later)} more finished in {journal_path(path)} ("
                             + ", ".join(f"{k}: {v}" for k, v in sorted(later.items()))
                             + "), kept by --resume")
        for c in data.get("in_progress", []):
            game = Game.from_dict(c["game"])
            lines.append(f"in progress    seed {c['seed']} at move {game.moves:,}, largest tile {game.max_tile}")
        pieces = summary.get("pieces") or []
        if pieces and len(games) < summary.get("planned", len(games)):
            lines.append(f"go on with     {pieces[-1]['command']}"
                         + ("" if "--resume" in pieces[-1]["command"] else " --resume"))
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        why = f"no {e}" if isinstance(e, KeyError) else str(e)
        raise ValueError(f"{path} is not the JSON of an arcade bench 2048 run ({why})") from None
    return "\n".join(lines)

"""2048: the original web game's rules, look and motion on boards 3x3 to 8x8, with an AI (expectimax,
alpha-beta, Monte Carlo, UCT) that autoplays, hints and is benchmarked headless.

This module is the game's ``GAME`` record (cheap to import: no pygame, no numpy)."""
from __future__ import annotations

from collections import Counter

from arcade.engine.plugin import Bars, Bench, Best, GameInfo, HelpCard, Option
from arcade.engine.settings import Spec

ID = "2048"
AI_SPEEDS: tuple[int, ...] = (1, 2, 3, 5, 10, 15, 20, 30, 0)  # moves a second; 0 = as fast as it thinks
MIN_SIZE, MAX_SIZE = 3, 8


def best_key(size: int) -> str:
    """The profile key of the best score on a ``size`` x ``size`` board."""
    return f"{ID}/{size}x{size}"


def _best_key(profile) -> str:
    return best_key(profile.get("2048.size"))


def max_tile(size: int) -> int:
    """The biggest tile a ``size`` x ``size`` board can hold: 2^(cells + 1) (131072 on 4x4)."""
    return 2 ** (size * size + 1)


def best_limit(key: str) -> int | None:
    """The most a best under ``key`` ("2048/4x4", "2048/4x4/daily/<date>") can be: as if every cell held the biggest
    tile, each having earned what building it from 2s earns, cells x the tile (:func:`arcade.game2048.rules.max_score`
    of one cell). A generous bound (33,554,432 on 4x4), never one a real game passes. None for a key of no board
    size."""
    parts = key.split("/")
    if len(parts) < 2 or len(parts[1]) != 3 or parts[1][0] != parts[1][2] or parts[1][1] != "x" \
            or not parts[1][0].isdigit():
        return None
    size = int(parts[1][0])
    if not MIN_SIZE <= size <= MAX_SIZE:
        return None
    cells = size * size
    return cells * cells * max_tile(size)


def board_size(text: str) -> int:
    """argparse type for ``--size``."""
    import argparse

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a board size {MIN_SIZE}..{MAX_SIZE}, got {text!r}") from None
    if not MIN_SIZE <= v <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {v}")
    return v


def stats(history: list) -> list:
    tiles = (r.get("max_tile") for r in history)  # a hand-edited record may hold anything: count real tiles only
    counts = sorted(Counter(t for t in tiles if type(t) is int and 2 <= t <= 1 << 70 and t & (t - 1) == 0).items())
    return [Bars("Highest tile reached", [n for _, n in counts], [str(t) for t, _ in counts])]


SETTINGS = (
    Spec("2048.size", "Board size", 4, "choice", tuple((n, f"{n} x {n}") for n in range(MIN_SIZE, MAX_SIZE + 1)),
         section="2048", note="A game in progress keeps its size: you are asked when you return to it"),
    Spec("2048.four_probability", "Chance of a 4", 0.1, "float", step=0.05, section="2048"),
    Spec("2048.coach", "Coach (grades your moves)", False, "bool", section="2048",
         note="After each of your moves the AI says how good it was (best ... blunder)"),
    Spec("ai.strategy", "AI strategy", "expectimax", "choice",
         (("expectimax", "Expectimax"), ("alphabeta", "Alpha-beta"), ("montecarlo", "Monte Carlo"),
          ("mcts", "UCT tree search"), ("ntuple", "Expectimax + learned"), ("ntuple1", "Learned, one move")),
         section="2048", note="Learned: a network trained by self-play judges the boards"),
    Spec("ai.speed", "Autoplay speed", 10, "choice",
         tuple((n, f"{n} move{'s' if n != 1 else ''}/s") for n in AI_SPEEDS if n) + ((0, "As fast as it thinks"),),
         section="2048"),
)

GAME = GameInfo(
    id=ID,
    title="2048",
    blurb="Slide, merge, reach 2048",
    icon="icon_2048",
    scene="arcade.game2048.scene",
    best=Best(key=_best_key, limit=best_limit),
    settings=SETTINGS,
    help=HelpCard("How to play 2048", (
        ("Arrows, WASD, HJKL", "slide the tiles"),
        ("Drag or swipe", "slide the tiles"),
        ("U, Backspace, Ctrl+Z", "undo"),
        ("R", "new game"),
        ("I", "show / hide the AI panel"),
        ("Shift+A", "AI autoplay on / off"),
        ("Shift+H or ?", "AI hint for one move"),
        ("+ / -", "autoplay speed"),
        ("V (game over)", "the AI's review of the game"),
        ("Esc", "pause, settings, help"),
        ("", "Equal tiles merge. Reach 2048 (256 on 3x3)!"),
    )),
    stats=stats,
    options=(Option(("--size",), "size", {"type": board_size, "metavar": "N",
                                          "help": f"board size {MIN_SIZE}..{MAX_SIZE} (default: the setting)"}),),
    prefetch=("arcade.game2048.view", "arcade.engine.worker"),
    replay="arcade.game2048.replay_scene",
    backend="arcade.game2048.backend:BACKEND",
    compiled="arcade.game2048.autoplay:compile_searches",
    benches=(
        Bench("2048", "arcade.game2048.bench.ai", "2048 AI: games played headless, win rates, ms per move"),
        Bench("engine", "arcade.game2048.bench.engine", "bitboard engine: boards moved per second vs naive numpy"),
        Bench("search", "arcade.game2048.bench.search", "expectimax engines side by side: compiled vs numpy layers"),
        Bench("regret", "arcade.game2048.bench.regret", "expectimax budgets against a deep search on late boards"),
        Bench("view", "arcade.game2048.bench.view", "2048 board drawing: ms per frame mid-animation"),
        Bench("review", "arcade.game2048.bench.review", "the AI's game review: seconds for 1,000 and 10,000 moves"),
        Bench("save", "arcade.game2048.bench.save",
              "a 100,000-move game saved every move: UI cost, bytes written, resume time"),
        Bench("tune", "arcade.game2048.bench.tune", "tune the heuristic's weights on fixed-depth games"),
        Bench("train", "arcade.game2048.bench.train", "train the n-tuple network by TD self-play (resumable)"),
    ),
    dev_hooks="arcade.game2048.bench.hooks",
)

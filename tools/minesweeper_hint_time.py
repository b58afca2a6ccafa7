"""Time the hint (``analyse`` with ``want_probs`` and the hint's budget, as the game's assist asks) on every position
of N expert games (first click safe, seeds S..S+N-1) played by the AI; prints median, p99 and max of CPU and wall
milliseconds (docs/bench-minesweeper.md, Speed):

    .venv/bin/python tools/minesweeper_hint_time.py 60 20001
"""
import sys, time, statistics
from arcade.dev.benchkit import percentile
from arcade.minesweeper import solver
from arcade.minesweeper.autoplay import ANALYSE_BUDGET_S
from arcade.minesweeper.field import Field

n = int(sys.argv[1]); seed0 = int(sys.argv[2])
cpu, wall, gcpu, gwall = [], [], [], []
for seed in range(seed0, seed0 + n):
    f = Field.level("expert", seed=seed, rule="safe")
    while not f.over:
        c = time.thread_time(); w = time.perf_counter()
        a = solver.analyse(f.view(), f.mines, first_click="safe", want_probs=True, budget=ANALYSE_BUDGET_S)
        dc, dw = 1000 * (time.thread_time() - c), 1000 * (time.perf_counter() - w)
        cpu.append(dc); wall.append(dw)
        if a.reason in ("guess", "endgame"):
            gcpu.append(dc); gwall.append(dw)
        f.open(*a.move)
for name, c, w in (("every hint", cpu, wall), ("hints at a guess or endgame", gcpu, gwall)):
    print(f"{name}: n={len(c)} CPU ms median {statistics.median(c):.2f} p99 {percentile(c, .99):.1f} max {max(c):.1f} | "
          f"wall ms median {statistics.median(w):.2f} p99 {percentile(w, .99):.1f} max {max(w):.1f} | over 1 s wall {sum(x > 1000 for x in w)}")

"""Pair a run's games (the JSON lines of ``arcade bench minesweeper``'s FILE.partial) by seed with an earlier run's
summary (its ``lost_seeds``) and sign-test the seeds won by only one of them (docs/minesweeper-solver.md):

    .venv/bin/python tools/minesweeper_paired.py bench-results/minesweeper/expert-safe-v3.json.partial \
        bench-results/minesweeper/expert-safe-v2.summary.json
"""
import json, sys
from arcade.minesweeper.bench.ab import sign_test
from arcade.minesweeper.bench.ai import wilson
from pathlib import Path
new = [json.loads(l) for l in Path(sys.argv[1]).read_text().splitlines() if l.strip()]
old = json.loads(Path(sys.argv[2]).read_text())
lost_old = set(old["lost_seeds"])
n = len(new); wins = sum(r["won"] for r in new)
only_new = sum(1 for r in new if r["won"] and r["seed"] in lost_old)
only_old = sum(1 for r in new if not r["won"] and r["seed"] not in lost_old)
old_wins = sum(1 for r in new if r["seed"] not in lost_old)
p = sign_test(only_new, only_old)
ph = wins / n
lo, hi = wilson(wins, n)
print(f"games {n} (seeds {min(r['seed'] for r in new)}-{max(r['seed'] for r in new)}): wins {wins} = {100*ph:.2f} % "
      f"(95 % CI {100*lo:.2f}-{100*hi:.2f}); the solver before on the same seeds {old_wins} = {100*old_wins/n:.2f} %; "
      f"won only now {only_new}, only before {only_old}, sign test p = {p:.3f}")

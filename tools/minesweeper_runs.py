"""Two looks at a run of ``arcade bench minesweeper`` (its FILE, its FILE.partial while it runs, or its summary):

    .venv/bin/python tools/minesweeper_runs.py paired RUN BEFORE   # pair RUN by seed with an earlier run's summary
    .venv/bin/python tools/minesweeper_runs.py losses RUN          # where RUN's games are lost

``paired`` counts the seeds won by only one of the two runs and sign-tests them (docs/minesweeper-solver.md);
``losses`` (a FILE or FILE.partial: the summary keeps no moves) breaks the lost games down by the kind of move,
which guess of the game it was and the risk of the losing move, e.g.

    .venv/bin/python tools/minesweeper_runs.py paired bench-results/minesweeper/expert-safe-v3.summary.json \\
        bench-results/minesweeper/expert-safe-v2.summary.json
"""
import collections
import json
import sys
from pathlib import Path

from arcade.minesweeper.bench.ab import sign_test
from arcade.minesweeper.bench.ai import wilson

RISKS = [(0, .1), (.1, .2), (.2, .3), (.3, .45), (.45, .55), (.55, 1.01)]


def records(path: str) -> list:
    """The games of a run: its FILE (``records``), its FILE.partial (one JSON line a game) or its summary (the seeds
    from ``seed`` on, won unless among ``lost_seeds``)."""
    text = Path(path).read_text()
    if path.endswith(".partial"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    data = json.loads(text)
    if "records" in data:
        return data["records"]
    lost, first = set(data["lost_seeds"]), data["summary"]["seed"]
    if isinstance(first, str):  # a run joined from chunks: "1-10000 (the per-chunk summaries)"
        first = int(first.split("-")[0])
    return [{"seed": seed, "won": seed not in lost} for seed in range(first, first + data["games"])]


def paired(run: str, before: str) -> None:
    """Pair RUN with BEFORE on the seeds both played (a shorter run before pairs only its own seeds)."""
    old = records(before)
    played_old = {r["seed"] for r in old}
    new = [r for r in records(run) if r["seed"] in played_old]
    if not new:
        print("the two runs have no seed in common", file=sys.stderr)
        sys.exit(1)
    lost_old = {r["seed"] for r in old if not r["won"]}
    n, wins = len(new), sum(r["won"] for r in new)
    only_new = sum(1 for r in new if r["won"] and r["seed"] in lost_old)
    only_old = sum(1 for r in new if not r["won"] and r["seed"] not in lost_old)
    old_wins = sum(1 for r in new if r["seed"] not in lost_old)
    lo, hi = wilson(wins, n)
    print(f"games {n} (seeds {min(r['seed'] for r in new)}-{max(r['seed'] for r in new)}): wins {wins} = "
          f"{100 * wins / n:.2f} % (95 % CI {100 * lo:.2f}-{100 * hi:.2f}); the run before on the same seeds "
          f"{old_wins} = {100 * old_wins / n:.2f} %; won only now {only_new}, only before {only_old}, sign test "
          f"p = {sign_test(only_new, only_old):.3f}")


def _risk(x: float) -> str:
    lo, hi = next(b for b in RISKS if b[0] <= x < b[1])
    return f"{lo:.2f}-{min(hi, 1):.2f}"


def losses(run: str) -> None:
    rs = records(run)
    lost = [r for r in rs if not r["won"]]
    guess = [r for r in lost if r["lost_on"]["reason"] == "guess"]
    print(f"{len(rs)} games, {len(lost)} lost")
    print("lost on:", dict(collections.Counter(r["lost_on"]["reason"] for r in lost)))
    which = collections.Counter(min(r["guesses"], 5) for r in guess)
    print("guess losses by which guess of the game (5 = fifth or later):", dict(sorted(which.items())))
    for reason in ("guess", "endgame"):
        c = collections.Counter(_risk(r["lost_on"]["risk"]) for r in lost if r["lost_on"]["reason"] == reason)
        print(reason, "losses by the risk of the losing move:", dict(sorted(c.items())))
    first = sum(1 for r in guess if r["guesses"] == 1)
    print(f"lost on the game's first guess: {first} ({100 * first / len(rs):.1f} % of games)")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "paired":
        paired(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "losses":
        losses(sys.argv[2])
    else:
        print("usage: minesweeper_runs.py paired RUN BEFORE | losses RUN", file=sys.stderr)
        sys.exit(2)

"""Where a run's games are lost (the JSON lines of ``arcade bench minesweeper``'s FILE.partial): the kind of move,
which guess of the game, the risk of the losing move:

    .venv/bin/python tools/minesweeper_losses.py bench-results/minesweeper/expert-safe-v3.json.partial
"""
import json, sys, collections
rs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
lost = [r for r in rs if not r["won"]]
print(f"{len(rs)} games, {len(lost)} lost")
by_reason = collections.Counter(r["lost_on"]["reason"] for r in lost)
print("lost on:", dict(by_reason))
by_k = collections.Counter(min(r["guesses"], 5) for r in lost if r["lost_on"]["reason"] == "guess")
print("guess losses by which guess of the game (5 = fifth or later):", dict(sorted(by_k.items())))
buckets = [(0, .1), (.1, .2), (.2, .3), (.3, .45), (.45, .55), (.55, 1.01)]
def bucket(x):
    for lo, hi in buckets:
        if lo <= x < hi: return f"{lo:.2f}-{min(hi, 1):.2f}"
for reason in ("guess", "endgame"):
    c = collections.Counter(bucket(r["lost_on"]["risk"]) for r in lost if r["lost_on"]["reason"] == reason)
    print(reason, "losses by the risk of the losing move:", dict(sorted(c.items())))
first = [r for r in lost if r["lost_on"]["reason"] == "guess" and r["guesses"] == 1]
print("lost on the game's first guess:", len(first), f"({100*len(first)/len(rs):.1f} % of games)")

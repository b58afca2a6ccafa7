"""What the stats say about a game, from its records: one summariser for the Stats screen and ``arcade stats``.

Only the player's own games count toward played, won, lost, streaks and bests. A game the AI played (autoplay at
any point; older 2048 AI games under ``<game>.ai``) is counted apart; demo games are never recorded. A game left
mid-way is *abandoned*, shown apart, never lost. A game in which hints were taken is *assisted* (it still counts as
the player's). Records written before the session layer carry no ``by`` (they are the player's) and no
``outcome`` (read from their ``won``/``result`` fields, else a finished game: ``over``).

The counts are lifetime counts: the profile's history keeps the newest records of each game (the charts), and
every record also adds to a tally per kind (``<game>/<by>/<outcome>`` in the profile's totals); a count is the
larger of its tally and the records of that kind (profiles older than the tallies have only the records).
Pure: no pygame."""
from __future__ import annotations

from collections import Counter

FINISHED = ("won", "lost", "draw", "over")
OUTCOMES = FINISHED + ("abandoned",)
RECENT = 40  # scores in the recent-scores chart


def tally_key(game_id: str, by: str, outcome: str) -> str:
    """The profile totals key that counts the records of one kind."""
    return f"{game_id}/{by}/{outcome}"


def who(record: dict) -> str:
    return "ai" if record.get("by") == "ai" else "player"


def outcome(record: dict) -> str:
    """A record's outcome; older records' from the fields they had."""
    o = record.get("outcome")
    if o in OUTCOMES:
        return o
    res = record.get("result")
    if res in ("win", "loss", "draw"):
        return {"win": "won", "loss": "lost", "draw": "draw"}[res]
    if isinstance(record.get("won"), bool):
        return "won" if record["won"] else "lost"
    return "over"


def _counts(profile, game_id: str, records: list, by: str) -> Counter:
    seen = Counter(outcome(r) for r in records)
    tallied = Counter({o: profile.totals(tally_key(game_id, by, o))["played"] for o in OUTCOMES})
    return Counter({o: max(seen[o], tallied[o]) for o in OUTCOMES})


def current_streak(records: list) -> int:
    """The run of wins at the end of ``records`` (oldest first) over the player's decided games."""
    n = 0
    for r in reversed(records):
        o = outcome(r)
        if who(r) != "player" or o not in ("won", "lost", "draw"):
            continue
        if o != "won":
            break
        n += 1
    return n


def longest_streak(records: list) -> int:
    best = run = 0
    for r in records:
        o = outcome(r)
        if who(r) != "player" or o not in ("won", "lost", "draw"):
            continue
        run = run + 1 if o == "won" else 0
        best = max(best, run)
    return best


def summarise(profile, game) -> dict:
    """The numbers of ``game`` (its GAME record) in ``profile``, as plain data (JSON as it is)."""
    history = profile.history(game.id)
    mine = [r for r in history if who(r) == "player"]
    ai = [r for r in history if who(r) == "ai"] + profile.history(game.id + ".ai")
    counts = _counts(profile, game.id, mine, "player")
    ai_counts = _counts(profile, game.id, ai, "ai")
    finished = [r for r in mine if outcome(r) in FINISHED]
    scored = [r for r in finished if game.scored is None or game.scored(r)]
    lower = game.best.lower
    bests = {k: v for k, v in profile.bests(lower=lower).items() if game.owns_key(k)}
    plain = {k: v for k, v in bests.items() if "/daily/" not in k}
    best = (min if lower else max)(plain.values()) if plain else None
    daily = {k.split("/daily/", 1)[1]: v for k, v in bests.items() if "/daily/" in k}
    ai_scores = [r["score"] for r in ai if outcome(r) in FINISHED]
    return {
        "game": game.id,
        "played": sum(counts[o] for o in FINISHED),
        "won": counts["won"],
        "lost": counts["lost"],
        "drawn": counts["draw"],
        "abandoned": counts["abandoned"],
        "assisted": sum(1 for r in finished if r.get("assisted")),
        "best": best,
        "best_text": game.best.format(best) if best is not None else "-",
        "bests": dict(sorted(plain.items())),
        "daily": dict(sorted(daily.items())),
        "average": round(sum(r["score"] for r in scored) / len(scored), 2) if scored else None,
        "streak": current_streak(history),
        "longest_streak": longest_streak(history),
        "recent": [r["score"] for r in scored[-RECENT:]],
        "recent_outcomes": [outcome(r) for r in scored[-RECENT:]],
        "ai": {
            "played": sum(ai_counts[o] for o in FINISHED),
            "won": ai_counts["won"],
            "abandoned": ai_counts["abandoned"],
            "best": max(ai_scores) if ai_scores else None,
        },
    }


def charts(profile, game) -> list:
    """The game's own charts (its ``GAME.stats``: :class:`arcade.engine.plugin.Bars` or ``Breakdown``) of the
    player's finished games; none when its chart function fails on a hand-edited history (the numbers still
    show)."""
    if game.stats is None:
        return []
    mine = [r for r in profile.history(game.id) if who(r) == "player" and outcome(r) in FINISHED]
    try:
        return list(game.stats(mine))
    except Exception:  # noqa: BLE001 - a chart is not worth a crash
        return []


def chart_data(chart) -> dict:
    """A chart as plain data (``arcade stats --json``): a breakdown's rows as label and count, a bar chart's values
    and labels."""
    rows = getattr(chart, "rows", None)
    if rows is not None:
        return {"title": chart.title, "rows": [{"label": label, "count": n} for label, n, _icon in rows]}
    return {"title": chart.title, "values": list(chart.values),
            "labels": list(chart.labels) if chart.labels is not None else None}

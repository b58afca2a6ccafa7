"""Honest stats: the session's records summarised (arcade.engine.stats) as the Stats screen and `arcade stats` show
them: only the player's own games count, the AI's apart, abandoned games apart, hints counted, demo games nowhere,
older records read, lifetime counts beyond the kept history, and the JSON export."""
import json

import fakegame
from arcade.engine import stats
from arcade.engine.session import AI, DEMO, HINT, PLAYER, Session, Store
from arcade.engine.storage import HISTORY_LIMIT, Profile
from fakegame.backend import BACKEND


def play_to_end(store, seed, moves, by=PLAYER, mode="play"):
    s = Session(BACKEND, "tall", seed, store=store, mode=mode)
    for m in moves:
        if s.over:
            break
        s.play(m, by=by)
    return s


def test_only_the_players_games_count_and_the_rest_is_shown_apart():
    p = Profile(None)
    store = Store(p)
    play_to_end(store, 1, ["x"])  # the player's, lost
    won = play_to_end(store, 0, ["+1", "+1", "+1", "+1", "+1"])  # tall, seed 0: height 5 wins on +1 steps
    assert won.recorded.outcome == "won"
    play_to_end(store, 2, ["+1", "x"], by=AI)  # the AI's game: apart
    helped = Session(BACKEND, "tall", 3, store=store)
    helped.hint_taken()
    helped.play("+1", by=HINT)  # a hint taken, then the player finishes: assisted, still the player's
    helped.play("x")
    left = Session(BACKEND, "tall", 4, store=store)
    left.play("+1")
    left.new()  # left mid-way: abandoned, not lost
    left.leave(keep_save=False)
    play_to_end(store, 5, ["+1", "x"], by=DEMO, mode="demo")  # the demo: never recorded
    s = stats.summarise(p, fakegame.GAME)
    assert (s["played"], s["won"], s["lost"], s["abandoned"], s["assisted"]) == (3, 1, 2, 1, 1)
    assert s["ai"]["played"] == 1 and s["ai"]["won"] == 0
    assert s["streak"] == 0 and s["longest_streak"] == 1


def test_records_from_before_the_session_layer_are_read():
    p = Profile(None)
    p.record_game("minesweeper", 100, level="beginner", won=True, time_ms=9000)  # no by, no outcome
    p.record_game("minesweeper", 40, level="beginner", won=False, time_ms=5000)
    p.record_game("tictactoe", 2, variant="3x3", level="hard", result="win")
    p.record_game("2048.ai", 5000, max_tile=512)  # older AI games of 2048 lived under their own key
    p.record_game("2048", 300, max_tile=256)
    games = {g: __import__(f"arcade.{g}", fromlist=["GAME"]).GAME for g in ("minesweeper", "tictactoe", "game2048")}
    m = stats.summarise(p, games["minesweeper"])
    assert (m["played"], m["won"], m["lost"]) == (2, 1, 1)
    assert stats.summarise(p, games["tictactoe"])["won"] == 1
    g = stats.summarise(p, games["game2048"])
    assert g["played"] == 1 and g["ai"]["played"] == 1 and g["ai"]["best"] == 5000


def test_counts_are_lifetime_counts_beyond_the_kept_history():
    p = Profile(None)
    for i in range(HISTORY_LIMIT + 30):
        p.record_game("box", i, by=PLAYER, outcome="won" if i % 2 else "lost")
    assert len(p.history("box")) == HISTORY_LIMIT
    s = stats.summarise(p, fakegame.GAME)
    assert s["played"] == HISTORY_LIMIT + 30 and s["won"] == (HISTORY_LIMIT + 30) // 2


def test_daily_bests_and_no_guess_bests_are_their_own():
    p = Profile(None)
    p.submit_score("box", 7)
    p.submit_score("box/daily/2026-11-24", 4)
    s = stats.summarise(p, fakegame.GAME)
    assert s["best"] == 7 and s["daily"] == {"2026-11-24": 4} and "box/daily/2026-11-24" not in s["bests"]


def test_arcade_stats_json_prints_what_the_screen_shows(tmp_path, capsys):
    from arcade.cli import main
    from arcade.shell.stats import summary

    p = Profile(tmp_path, sync=True)
    p.record_game("stairs", 12, by=PLAYER, outcome="over", cause="hit")
    p.record_game("stairs", 30, by=AI, outcome="over", cause="fell")
    p.submit_score("stairs", 12)
    p.close()
    assert main(["stats", "stairs", "--json", "--data-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["stairs"] and out["stairs"]["played"] == 1 and out["stairs"]["ai"]["played"] == 1
    from arcade.games import load

    screen = summary(Profile(tmp_path), load()["stairs"])
    assert {k: v for k, v in screen.items() if k != "extras"} == {k: v for k, v in out["stairs"].items() if k != "charts"}
    assert out["stairs"]["charts"] == [stats.chart_data(c) for c in screen["extras"]]  # the game's own charts too
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "Stairs: 1 played; 0 abandoned" in text and "AI: 1 game," in text

"""What the profile trusts and what it writes: a change time from a clock that ran ahead never freezes a setting,
every value written is one the loader reads back (counts stop at its limit), bests above what a board can reach are
refused, and a damaged file gives up what is still readable in it before the backup fills the gaps. Each through the
command line, where the player meets it."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.engine import storage
from arcade.engine.stats import tally_key
from arcade.engine.storage import FILENAME, MAX_COUNT, MAX_SCORE, Profile
from arcade.game2048 import best_limit
from arcade.game2048.game import Game

ROOT = Path(__file__).resolve().parents[2]
DAY_NS = 86_400 * 10**9


def arcade(*args, timeout=90):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run(["timeout", "-s", "KILL", str(timeout), sys.executable, "-m", "arcade", *args],
                          capture_output=True, text=True, env=env, timeout=timeout + 30)


def warnings_of(r) -> list:
    return [line for line in r.stderr.splitlines() if "WARNING" in line or "warning" in line]


def stamped(data_dir, key, value, ahead_ns):
    """A profile whose setting ``key`` holds ``value``, stamped as changed ``ahead_ns`` from now."""
    p = Profile(data_dir, sync=True)
    p.set(key, value)
    p.close()
    raw = json.loads((data_dir / FILENAME).read_text())
    raw["stamps"][key] = time.time_ns() + ahead_ns
    (data_dir / FILENAME).write_text(json.dumps(raw))
    (data_dir / (FILENAME + ".bak")).unlink(missing_ok=True)


# ----- a clock that ran ahead -----
def test_a_setting_stamped_years_ahead_takes_the_next_change_and_says_so_once(data_dir):
    stamped(data_dir, "mines.level", "beginner", 3650 * DAY_NS)
    r = arcade("play", "minesweeper", "--level", "expert", "--frames", "3", "--data-dir", str(data_dir))
    assert r.returncode == 0, r.stderr
    lines = warnings_of(r)
    assert len(lines) == 1 and "in the future" in lines[0] and "mines.level" in lines[0], r.stderr
    assert Profile(data_dir).get("mines.level") == "expert"
    raw = json.loads((data_dir / FILENAME).read_text())
    assert raw["stamps"]["mines.level"] <= time.time_ns()  # the file no longer holds the stamp from the future
    r = arcade("play", "minesweeper", "--level", "intermediate", "--frames", "3", "--data-dir", str(data_dir))
    assert r.returncode == 0 and warnings_of(r) == [], r.stderr  # said once: the next start is quiet
    assert Profile(data_dir).get("mines.level") == "intermediate"


def test_a_setting_stamped_an_hour_ahead_loses_to_a_change_made_now_quietly(data_dir):
    stamped(data_dir, "mines.level", "beginner", 3600 * 10**9)
    r = arcade("play", "minesweeper", "--level", "expert", "--frames", "3", "--data-dir", str(data_dir))
    assert r.returncode == 0 and warnings_of(r) == [], r.stderr
    assert Profile(data_dir).get("mines.level") == "expert"


def test_another_windows_stamp_from_the_future_never_undoes_a_change_made_here(data_dir):
    p = Profile(data_dir, sync=True)
    p.set("volume", 0.2)
    other = json.loads((data_dir / FILENAME).read_text())  # another window, its clock an hour ahead, writes 0.9
    other["settings"]["volume"], other["stamps"]["volume"] = 0.9, time.time_ns() + 3600 * 10**9
    (data_dir / FILENAME).write_text(json.dumps(other))
    p.set("volume", 0.3)  # a change made here, now: its write merges the file's
    assert p.get("volume") == 0.3 and Profile(data_dir, sync=True).get("volume") == 0.3
    other = json.loads((data_dir / FILENAME).read_text())
    other["settings"]["muted"], other["stamps"]["muted"] = True, time.time_ns() - 10**9  # a genuine change, past
    (data_dir / FILENAME).write_text(json.dumps(other))
    p.set("anim_speed", 0.5)
    assert p.get("muted") is True and p.get("volume") == 0.3  # the real change elsewhere still comes through


# ----- nothing written that the loader refuses -----
def test_totals_at_the_loaders_limit_stay_readable_after_the_next_game(data_dir):
    g = Game(4, seed=9)
    assert sum(g.move(d) is not None for d in ("left", "up", "right", "down") * 5) > 5
    Profile(data_dir, sync=True).save_game("2048", g.to_dict())  # a game in progress
    raw = json.loads((data_dir / FILENAME).read_text())
    full = {"played": MAX_COUNT, "score_sum": MAX_COUNT}
    raw["totals"] = {"2048": dict(full), tally_key("2048", "player", "abandoned"): dict(full)}
    (data_dir / FILENAME).write_text(json.dumps(raw))
    # a new game over the saved one records that one (abandoned): one more game in the totals
    r = arcade("play", "2048", "--new", "--frames", "3", "--data-dir", str(data_dir))
    assert r.returncode == 0 and warnings_of(r) == [], r.stderr
    r = arcade("stats", "2048", "--json", "--data-dir", str(data_dir))
    assert r.returncode == 0 and warnings_of(r) == [], r.stderr  # the totals were not set aside as unreadable
    assert json.loads(r.stdout)["2048"]["abandoned"] == MAX_COUNT
    assert Profile(data_dir).totals("2048") == full


records = st.fixed_dictionaries(
    {"score": st.integers(0, MAX_SCORE)},
    optional={"moves": st.integers(0, MAX_COUNT), "assisted": st.integers(0, MAX_COUNT),
              "outcome": st.sampled_from(storage.OUTCOMES), "by": st.sampled_from(("player", "ai")),
              "note": st.text(max_size=storage.MAX_TEXT), "x": st.integers(-(2**63), 2**63 - 1)})
counts = st.integers(0, MAX_COUNT)
sizes = st.integers(3, 8)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.lists(st.tuples(st.sampled_from(("stairs", "2048", "mines")), records), max_size=12),
       totals=st.dictionaries(st.sampled_from(("stairs", "2048", "mines")), st.tuples(counts, counts)),
       bests=st.lists(st.one_of(st.tuples(st.just("stairs"), st.integers(0, MAX_SCORE)),
                                sizes.flatmap(lambda n: st.tuples(st.just(f"2048/{n}x{n}"),
                                                                  st.integers(0, storage.best_limit(f"2048/{n}x{n}")))))),
       lows=st.lists(st.tuples(st.sampled_from(("mines/expert", "mines/beginner")), st.integers(1, MAX_SCORE))))
def test_whatever_is_written_reads_back_whole(tmp_path_factory, games, totals, bests, lows):
    """Histories, bests and totals anywhere up to their limits: written, then read back whole by a fresh open with
    no warning; totals stop at the loader's limit."""
    d = tmp_path_factory.mktemp("limits")
    (d / FILENAME).write_text(json.dumps({"schema": 1, "settings": {}, "best": {}, "saves": {}, "history": {},
                                          "totals": {g: {"played": n, "score_sum": s}
                                                     for g, (n, s) in totals.items()}}))
    p = Profile(d, sync=True)
    assert p.warnings == []
    want = {g: [n, s] for g, (n, s) in totals.items()}
    for game, rec in games:
        fields = {k: v for k, v in rec.items() if k != "score"}
        p.record_game(game, rec["score"], **fields)
        keys = [game] + ([tally_key(game, "ai" if fields.get("by") == "ai" else "player", fields["outcome"])]
                         if "outcome" in fields else [])
        for k in keys:
            t = want.setdefault(k, [0, 0])
            t[0], t[1] = min(MAX_COUNT, t[0] + 1), min(MAX_COUNT, t[1] + rec["score"])
    for key, value in bests:
        p.submit_score(key, value)
    for key, value in lows:
        p.submit_low(key, value)
    p.close()
    q = Profile(d, sync=True)
    assert q.warnings == []
    for k, (n, s) in want.items():
        assert q.totals(k) == {"played": n, "score_sum": s}
    for game in {g for g, _ in games}:
        assert [r["score"] for r in q.history(game)] == [r["score"] for g, r in games if g == game]
    for key in {k for k, _ in bests}:
        assert q.best(key) == max(v for k, v in bests if k == key)
    for key in {k for k, _ in lows}:
        assert q.lowest(key) == min(v for k, v in lows if k == key)


def test_two_windows_adding_to_totals_at_the_limit_write_what_loads(data_dir):
    a, b = Profile(data_dir, sync=True), Profile(data_dir, sync=True)
    a.record_game("stairs", 5)
    raw = json.loads((data_dir / FILENAME).read_text())
    raw["totals"]["stairs"] = {"played": MAX_COUNT - 1, "score_sum": MAX_COUNT - 3}
    (data_dir / FILENAME).write_text(json.dumps(raw))
    b.record_game("stairs", 7)  # merges the file's totals with its own game
    a.record_game("stairs", 9)
    q = Profile(data_dir, sync=True)
    assert q.warnings == [] and q.totals("stairs") == {"played": MAX_COUNT, "score_sum": MAX_COUNT}


# ----- bests a board cannot reach -----
def test_a_2048_best_above_what_the_board_can_reach_is_refused_on_load(data_dir):
    p = Profile(data_dir, sync=True)
    p.submit_score("2048/4x4", 20_000)
    p.submit_score("stairs", 40)
    p.close()
    raw = json.loads((data_dir / FILENAME).read_text())
    raw["best"]["2048/4x4"] = 10**12
    raw["best"]["2048/3x3"] = best_limit("2048/3x3")  # the most a 3x3 board can give: kept
    (data_dir / FILENAME).write_text(json.dumps(raw))
    r = arcade("stats", "2048", "--json", "--data-dir", str(data_dir))
    assert r.returncode == 0, r.stderr
    lines = warnings_of(r)
    assert len(lines) == 1 and "2048/4x4" in lines[0] and "more than the game can reach" in lines[0], r.stderr
    best = json.loads(r.stdout)["2048"]
    assert "1000000000000" not in json.dumps(best)
    q = Profile(data_dir, sync=True)
    assert q.best("2048/4x4") == 20_000 and q.best("2048/3x3") == best_limit("2048/3x3") and q.best("stairs") == 40
    assert list(data_dir.glob(FILENAME + ".corrupt-*"))  # the crafted file is kept aside, as every bad file
    with pytest.raises(ValueError):
        q.submit_score("2048/4x4", best_limit("2048/4x4") + 1)  # never written either


def test_2048_best_limits_are_above_anything_a_real_game_scores():
    from arcade.game2048 import max_tile
    from arcade.game2048.rules import max_score

    for n in range(3, 9):
        full = tuple((max_tile(n),) * n for _ in range(n))  # every cell the biggest tile: more than any real board
        assert best_limit(f"2048/{n}x{n}") == max_score(full)
        assert best_limit(f"2048/{n}x{n}/daily/2026-11-28") == best_limit(f"2048/{n}x{n}")
    assert max_tile(4) == 131072 and best_limit("2048/4x4") < 10**12
    assert best_limit("2048/9x9") is None and best_limit("2048") is None


# ----- a damaged file: what is readable first -----
def test_a_profile_cut_in_half_keeps_the_bests_it_still_holds(data_dir):
    p = Profile(data_dir, sync=True)
    p.set("volume", 0.35)
    p.record_game("stairs", 57, cause="hit")
    p.submit_score("stairs", 57)
    p.submit_score("stairs", 63)  # the last write: the backup holds 57
    p.close()
    whole = (data_dir / FILENAME).read_bytes()
    (data_dir / FILENAME).write_bytes(whole[: len(whole) // 2])
    assert b'"stairs":63' in whole[: len(whole) // 2]
    r = arcade("stats", "stairs", "--json", "--data-dir", str(data_dir))
    assert r.returncode == 0 and len(warnings_of(r)) == 1, r.stderr
    assert json.loads(r.stdout)["stairs"]["best"] == 63
    q = Profile(data_dir, sync=True)
    assert q.best("stairs") == 63 and q.get("volume") == 0.35 and len(q.history("stairs")) == 1


def test_a_cut_never_reads_a_shortened_number_or_a_partial_game():
    whole = json.dumps({"schema": 1, "settings": {"volume": 0.35}, "best": {"stairs": 63},
                        "saves": {"2048": {"grid": [[2, 4]], "score": 4}},
                        "history": {"stairs": [{"score": 12, "id": "a"}, {"score": 13, "id": "b"}]}},
                       separators=(",", ":"))
    for n in range(len(whole)):
        part = storage._salvage(whole[:n])
        if part is None:
            continue
        assert part.get("best", {}).get("stairs", 63) == 63  # never 6
        assert part.get("saves", {}).get("2048") in (None, {"grid": [[2, 4]], "score": 4})  # whole or nothing
        for rec in part.get("history", {}).get("stairs", []):
            assert rec in ({"score": 12, "id": "a"}, {"score": 13, "id": "b"})
        assert part.get("settings", {}).get("volume", 0.35) == 0.35
    assert storage._salvage('{"best":{"stairs":6X3,"a":1}}') == {"best": {}}

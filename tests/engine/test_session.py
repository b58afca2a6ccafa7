"""The session layer on the fake game's backend: undo/redo round-trips, replays and codes reproduce games, the
recorded result never changes after the end, saves continue, and the records are honest."""
import datetime as dt

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine import codes
from arcade.engine.session import AI, DEMO, HINT, PLAYER, MemoryStore, Result, Session, replay_positions
from fakegame.backend import BACKEND

moves = st.lists(st.sampled_from(["+", "+", "+", "x", "undo", "redo"]), max_size=40)
seeds = st.integers(0, 2**30 - 1)


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 0.25
        return self.t


def run(session, inputs, by=PLAYER):
    for m in inputs:
        if m == "undo":
            session.undo()
        elif m == "redo":
            session.redo()
        else:
            session.play(m, by=by)
    return session


@given(seeds, moves)
def test_undo_all_then_redo_all_returns_every_position(seed, inputs):
    s = run(Session(BACKEND, "tall", seed, clock=Clock()), inputs)
    line = list(s.states[: s.pos + 1])
    while s.undo():
        pass
    assert s.pos == 0 and s.state == line[0]
    seen = [s.state]
    while s.pos < len(line) - 1 and s.redo():
        seen.append(s.state)
    assert seen == line


@given(seeds, moves)
def test_a_replay_reproduces_the_game_exactly(seed, inputs):
    s = run(Session(BACKEND, "wide", seed, clock=Clock()), inputs)
    positions = replay_positions(BACKEND, s.replay().data)
    assert positions[0].state == s.states[0] and positions[0].event is None
    assert positions[-1].state == s.state
    assert len(positions) == len(s.events) + 1
    assert [p.ms for p in positions[1:]] == s.times


@given(seeds, st.lists(st.sampled_from(["+", "x"]), max_size=12))
def test_a_code_reproduces_the_same_game(seed, inputs):
    a = run(Session(BACKEND, "tall", seed), inputs)
    c = codes.parse(a.code, games={"box"})
    b = run(Session(BACKEND, BACKEND.parse_params(c.params), c.seed), inputs)
    assert (c.game, c.params, c.seed) == ("box", "tall", seed)
    assert b.states == a.states and b.events == a.events


@given(seeds, moves, moves)
def test_the_recorded_result_never_changes_after_the_end(seed, before, after):
    store = MemoryStore()
    s = run(Session(BACKEND, "tall", seed, store=store), before + ["x"])  # "x" ends any game still going
    first = s.recorded
    assert first is not None and len(store.records) == 1
    run(s, ["undo", "undo"] + after)
    s.leave()
    assert s.recorded == first and len(store.records) == 1 and store.records[0][2]["outcome"] == first.outcome


@given(seeds, moves)
def test_save_and_continue_give_the_same_game(seed, inputs):
    s = run(Session(BACKEND, "tall", seed, clock=Clock()), inputs)
    t = Session.from_dict(BACKEND, s.to_dict(), clock=Clock())
    assert (t.states, t.pos, t.line, t.recorded, t.events) == (s.states, s.pos, s.line, s.recorded, s.events)


def test_undo_past_the_end_is_for_study_and_redo_returns_to_the_end():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 1, store=store)
    s.play("x")
    assert s.over and s.recorded.outcome == "lost" and s.can_undo
    assert s.undo() and not s.over and s.play("+")  # another line from before the end
    assert s.recorded.outcome == "lost" and len(store.records) == 1
    assert store.saves["box"]["ended"] == 1  # the save knows the game was recorded


def test_chance_depends_on_the_seed_and_the_position_not_on_undo():
    s = Session(BACKEND, "tall", 5)
    s.play("+")
    first = s.state
    s.undo()
    s.play("+")
    assert s.state == first  # undo cannot re-roll chance


def test_an_ai_game_is_recorded_as_the_ais_and_never_sets_the_players_best():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store)  # goal 5
    s.play("+1", by=AI)
    s.play("+2")
    s.play("+2")
    assert s.recorded.outcome == "won"
    (gid, score, fields), = store.records
    assert fields["by"] == "ai" and store.bests == {}


def test_hints_count_as_assisted_and_the_game_stays_the_players():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store)
    s.hint_taken()
    s.play("+1", by=HINT)
    s.hint_taken()
    s.play("+2")
    s.play("+2")
    fields = store.records[0][2]
    assert fields["by"] == "player" and fields["assisted"] == 2 and store.bests == {"box/tall": 5}
    assert fields["code"] == s.code and fields["moves"] == 3


def test_a_demo_game_records_nothing():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store, mode="demo")
    for _ in range(9):
        s.play("+", by=DEMO)
    s.leave()
    assert store.records == [] and store.saves == {} and store.replay_list == []


def test_a_game_left_for_a_new_one_is_abandoned_and_an_untouched_one_is_not():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store)
    s.new()
    assert store.records == []
    s.play("+1")
    s.new()
    assert [r[2]["outcome"] for r in store.records] == ["abandoned"]


def test_a_saved_game_is_kept_for_continue_and_abandoned_when_replaced():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store)
    s.play("+1")
    s.leave()
    assert "box" in store.saves and store.records == []
    t = Session.resume(BACKEND, store)
    assert t.state == s.state
    Session.discard_saved(BACKEND, store)
    assert [r[2]["outcome"] for r in store.records] == ["abandoned"] and "box" not in store.saves


def test_a_save_the_rules_refuse_is_kept_aside_not_deleted():
    store = MemoryStore()
    store.saves["box"] = {"session": 1, "params": "tall", "seed": 0, "log": ["p+9"], "t": [0]}
    assert Session.resume(BACKEND, store) is None
    assert store.aside and "box" in store.aside[0][0]


def test_the_daily_game_has_its_own_best_per_day():
    store = MemoryStore()
    seed = codes.daily_seed("box", "tall", "2026-11-24")
    s = Session(BACKEND, "tall", seed, store=store, daily="2026-11-24")
    while not s.over:
        s.play("+1")
    assert store.records[0][2]["daily"] == "2026-11-24"
    assert set(store.bests) == {"box/tall", "box/tall/daily/2026-11-24"} or s.recorded.outcome == "lost"


@given(st.sampled_from(["box", "2048", "minesweeper", "stairs"]), st.from_regex(r"[a-z0-9.x]{1,24}", fullmatch=True),
       st.integers(0, 2**64 - 1))
def test_codes_round_trip(game, params, seed):
    code = codes.make(game, params, seed)
    assert codes.parse(code) == (game, params, seed)
    assert codes.parse(code.lower()) == (game, params, seed)
    from arcade.engine.storage import check_record

    assert check_record({"score": 0, "code": code, "id": "x"})["code"] == code  # a record keeps every code


@given(st.integers(0, 2**30 - 1), st.data())
def test_a_mistyped_code_is_refused(seed, data):
    code = codes.make("2048", "4x4", seed)
    i = data.draw(st.integers(len(code) - 7, len(code) - 1))
    c = data.draw(st.sampled_from([ch for ch in codes.ALPHABET if ch != code[i]]))
    with pytest.raises(ValueError):
        codes.parse(code[:i] + c + code[i + 1:])


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("hello", "not a game code"), ("2048-4x4-K7QX2M0-v2", "newer version"),
    ("chess-4x4-000000", "unknown game"), ("2048-4X4!-0000000", "bad parameters"),
])
def test_bad_codes_are_one_line(text, message):
    with pytest.raises(ValueError, match=message) as e:
        codes.parse(text, games={"2048", "box"})
    assert "\n" not in str(e.value)


def test_dates_that_do_not_exist_are_refused():
    with pytest.raises(ValueError, match="does not exist"):
        codes.parse_date("2026-02-30")
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        codes.parse_date("24/11/2026")
    assert codes.parse_date("2028-02-29") == dt.date(2028, 2, 29)


def test_the_daily_seed_is_the_same_everywhere():
    assert codes.daily_seed("2048", "4x4", "2026-11-24") == codes.daily_seed("2048", "4x4", dt.date(2026, 11, 24))
    assert codes.daily_seed("2048", "4x4", "2026-11-24") != codes.daily_seed("2048", "4x4", "2026-11-25")
    assert codes.daily_seed("2048", "4x4", "2026-11-24") != codes.daily_seed("2048", "5x5", "2026-11-24")


def test_real_time_games_record_their_clock_end():
    store = MemoryStore()
    s = Session(BACKEND, "tall", 0, store=store)
    s.play("+1")
    s.finish(Result("over", 7))
    assert s.recorded == Result("over", 7) and store.records[0][2]["outcome"] == "over"


class RealTime(type(BACKEND)):
    """The box game without undo or saves, like a real-time game: the session keeps one state and moves it on."""

    undoable = False
    saved = False


class LiveBest(type(BACKEND)):
    live_best = True


def test_a_restart_without_undo_begins_again_from_the_seed():
    b = RealTime()
    s = Session(b, "tall", 4, store=MemoryStore())
    s.play("+1")
    s.play("+1")
    assert s.state[0] == 2
    s.restart()
    assert s.state == b.start("tall", 4) and s.seed == 4 and s.line == []


def test_a_best_raised_while_playing_marks_the_game_and_its_replay_as_a_new_best():
    store = MemoryStore()
    s = Session(LiveBest(), "tall", 6, store=store)  # goal 11
    for _ in range(3):
        s.play("+1")
    assert store.bests == {"box/tall": 3}
    s.play("x")  # lost: the end submits no higher score, yet this game set the best
    assert s.new_best and store.replay_list[-1].best
    s = Session(LiveBest(), "tall", 6, store=store)
    s.play("+2")
    s.play("+2")  # 4 beats 3
    s.leave(keep_save=False)
    assert s.new_best and store.replay_list[-1].best and store.records[-1][2]["outcome"] == "abandoned"
    s = Session(LiveBest(), "tall", 6, store=store)
    s.play("+1")
    s.play("x")
    assert not s.new_best and not store.replay_list[-1].best  # 1 does not beat 4


def test_with_a_run_seed_every_new_game_is_repeatable_and_without_it_new_games_differ():
    import types

    from arcade.engine.session import app_seeds

    def seeds_of_a_run(app):
        s = Session(BACKEND, "tall", app.seed, seeds=app_seeds(app))
        got = [s.seed]
        for _ in range(3):
            s.new()
            got.append(s.seed)
        return got

    first, again = (seeds_of_a_run(types.SimpleNamespace(seed=7)) for _ in range(2))
    assert first == again and first[0] == 7 and len(set(first)) == 4
    assert seeds_of_a_run(types.SimpleNamespace(seed=8))[1:] != first[1:]
    unseeded = seeds_of_a_run(types.SimpleNamespace(seed=None))
    assert unseeded[0] != unseeded[1]  # from the system's randomness



@given(st.lists(st.floats(0.0, 1e6, allow_nan=False), min_size=2, max_size=12))
def test_times_never_go_back_across_a_continue_even_on_a_stopped_clock(stamps):
    """A game continued on a clock that has not moved (the window out of focus, the first frame) records its next
    input no earlier than its last one: a save with a time going back is refused when it is read."""
    now = {"t": 0.0}
    s = Session(BACKEND, "tall", 3, clock=lambda: now["t"])
    for t in sorted(stamps)[:-1]:
        now["t"] = t
        s.play("+")
    now["t"] = sorted(stamps)[-1]
    resumed = Session.from_dict(BACKEND, s.to_dict(), clock=lambda: now["t"])
    resumed.play("+")  # the clock has not moved since the continue
    assert resumed.times == sorted(resumed.times)
    Session.from_dict(BACKEND, resumed.to_dict(), clock=lambda: now["t"])  # and it reads back


def test_a_save_whose_time_slipped_back_a_millisecond_still_continues_and_more_is_refused():
    """Saves written before the clamp could hold a time 1 ms before the previous one: read as that one."""
    s = Session(BACKEND, "tall", 3, clock=Clock())
    for _ in range(3):
        s.play("+")
    data = s.to_dict()
    data["t"] = [250, 500, 499]
    t = Session.from_dict(BACKEND, data, clock=Clock())
    assert t.times == [250, 500, 500] and t.events == s.events
    data["t"] = [250, 500, 498]
    with pytest.raises(ValueError, match="input 2 has a bad time"):
        Session.from_dict(BACKEND, data, clock=Clock())


@pytest.mark.parametrize("seed", ["3", 1.5, -1, None, [1], True, 1 << 130])
def test_a_save_from_a_start_position_with_a_bad_seed_is_set_aside_not_a_crash(seed):
    """A save that starts from a position still names its seed (what deals the tiles from there): a crafted seed
    there is refused like anywhere else, and continuing sets the save aside instead of failing in the rules."""
    from arcade.game2048.backend import BACKEND as B2048

    store = MemoryStore()
    params = B2048.parse_params("4x4")
    s = Session(B2048, params, 5, store=store, start=B2048.start(params, 1))
    assert any(s.play((d, None)) for d in ("left", "right", "up", "down"))
    data = s.to_dict()
    assert "start" in data
    data["seed"] = seed
    store.save(s.save_key, data)
    assert Session.resume(B2048, store, s.save_key) is None
    assert store.aside and "seed" in store.aside[-1][1]

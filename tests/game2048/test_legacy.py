"""Files of every format 2048 has written, read through the one reader of older formats (``BACKEND.legacy``).

The files in ``legacy/`` were written by the code of their time (the older ``Game`` model's saves, format 1, with
and without their replay log; a benchmark run's checkpoint; the session's own save), and ``legacy/expected.json``
holds what that code read back from each: the position, the moves, every position undo went back through."""
import copy
import json
from pathlib import Path

import pytest

from arcade.engine.session import MemoryStore, Session, replay_positions
from arcade.game2048.backend import BACKEND
from arcade.game2048.bench.ai import play_game
from arcade.game2048.game import Game
from tests.game2048.test_game import _mut

HERE = Path(__file__).parent / "legacy"
EXPECTED = json.loads((HERE / "expected.json").read_text())
SAVES = ["save-v1-log-undo-keep", "save-v1-no-log", "save-v1-before-replays", "save-v1-huge-tiles"]
WITH_LOG = ["save-v1-log-undo-keep"]


def load(name):
    return json.loads((HERE / f"{name}.json").read_text())


def position(state):
    return {"grid": [list(r) for r in state.grid], "score": state.score, "won": state.won, "over": state.over,
            "keep_playing": state.keep_playing}


@pytest.mark.parametrize("name", SAVES)
def test_an_older_save_continues_in_the_app_where_it_stood(name):
    store = MemoryStore()
    store.saves["2048"] = load(name)
    s = Session.resume(BACKEND, store)
    assert s is not None and store.aside == []
    want = EXPECTED[name]["game"]
    assert position(s.state) == {k: want[k] for k in ("grid", "score", "won", "over", "keep_playing")}
    if "session" in EXPECTED[name]:  # what the app made of it before (the huge tiles' save stopped it: see below)
        assert s.moves == EXPECTED[name]["session"]["moves"] and s.can_undo == EXPECTED[name]["session"]["can_undo"]


def test_an_older_save_with_tiles_past_2_to_the_35_continues_instead_of_stopping_the_app():
    assert EXPECTED["save-v1-huge-tiles"]["session_error"].startswith("IndexError")  # what the old reader did
    store = MemoryStore()
    store.saves["2048"] = load("save-v1-huge-tiles")
    s = Session.resume(BACKEND, store)
    assert s.state.grid[2][0] == 1 << 37 and s.state.keep_playing and not s.state.terminated
    assert s.play("up") or s.play("right")
    again = Session.from_dict(BACKEND, json.loads(json.dumps(s.to_dict())))
    assert again.state == s.state


@pytest.mark.parametrize("name", SAVES)
def test_an_older_save_opens_as_a_game_in_the_same_position(name):
    g = Game.from_dict(load(name))
    want = EXPECTED[name]["game"]
    assert position(g.state) == {k: want[k] for k in ("grid", "score", "won", "over", "keep_playing")}
    # its generator goes on as it was saved: the next tile is the one the old game would have drawn
    old = load(name)["rng"]
    assert list(g.rng.getstate()[1]) == old[1]


@pytest.mark.parametrize("name", WITH_LOG)
def test_an_older_save_with_its_log_keeps_every_move_and_undo(name):
    g = Game.from_dict(load(name))
    assert g.moves == EXPECTED[name]["game"]["moves"]
    backs = []
    while g.undo():
        backs.append([g.score, [list(r) for r in g.grid], g.won, g.keep_playing])
    assert backs == EXPECTED[name]["game_undo"]


@pytest.mark.parametrize("name", sorted(set(SAVES) - set(WITH_LOG)))
def test_an_older_save_without_a_log_continues_without_undo(name):
    # its board was set up by hand, or it predates replays: the moves that led to it are not known
    g = Game.from_dict(load(name))
    assert g.moves == 0 and not g.undo()


def test_the_sessions_own_save_and_replay_read_as_before():
    d = load("session-3x3")
    want = EXPECTED["session-3x3"]
    s = Session.from_dict(BACKEND, copy.deepcopy(d))
    assert position(s.state) == {k: want["session"][k] for k in ("grid", "score", "won", "over", "keep_playing")}
    assert s.moves == want["session"]["moves"]
    got = [[[list(r) for r in p.state.grid], p.state.score, p.event] for p in replay_positions(BACKEND, d)]
    assert got == want["positions"]


def test_a_benchmark_checkpoint_of_an_older_version_plays_on_to_the_same_end():
    ck = load("bench-checkpoint")
    assert "version" in ck["game"]  # the older Game's save
    want = EXPECTED["bench-checkpoint"]
    assert Game.from_dict(ck["game"]).moves == want["checkpoint_moves"]
    rest = play_game(4, "expectimax", {"depth": 1, "budget_ms": None}, max_moves=80, state=ck)
    assert (rest["board"], rest["score"], rest["moves"]) == (want["board"], want["score"], want["moves"])
    # and a new game with the same seed plays the same moves to the same end, as it did then
    full = play_game(4, "expectimax", {"depth": 1, "budget_ms": None}, max_moves=80)
    assert (full["board"], full["score"], full["moves"]) == (want["board"], want["score"], want["moves"])


# what the reader refuses in an older save without a log (its position is all there is) ...
_BAD_POSITION = {
    "version": _mut(["version"], 2),
    "size 9": _mut(["size"], 9),
    "size str": _mut(["size"], "4"),
    "size bool": _mut(["size"], True),
    "size mismatch": _mut(["size"], 5),
    "target": _mut(["target"], 3),
    "probability": _mut(["four_probability"], 1.5),
    "probability str": _mut(["four_probability"], "0.1"),
    "missing grid and log": _mut(["grid"], delete=True),
    "grid rows": lambda d: (d["grid"].pop(), d)[1],
    "grid cols": lambda d: (d["grid"][1].append(0), d)[1],
    "grid str": _mut(["grid"], "2222"),
    "grid 3": _mut(["grid", 2, 2], 3),
    "grid -2": _mut(["grid", 2, 2], -2),
    "grid float": _mut(["grid", 2, 2], 2.0),
    "grid bool": _mut(["grid", 2, 2], True),
    "grid None": _mut(["grid", 0, 0], None),
    "score negative": _mut(["score"], -4),
    "score float": _mut(["score"], 4.0),
    "score too high": _mut(["score"], 10 ** 6),
    "won int": _mut(["won"], 1),
    "over inconsistent": _mut(["over"], True),
    "keep_playing None": _mut(["keep_playing"], None),
    "rng short": lambda d: (d["rng"][1].pop(), d)[1],
    "rng not list": _mut(["rng"], 5),
}
# ... and in one with its log (its moves must lead to its board)
_BAD_LOG = {
    "log odd": lambda d: (d.__setitem__("log", d["log"][:-1]), d)[1],
    "log char": lambda d: (d.__setitem__("log", "!!" + d["log"][2:]), d)[1],
    "log cut": lambda d: (d.__setitem__("log", d["log"][:-10]), d)[1],
    "grid not where the log leads": _mut(["grid", 2, 2], 1024),
    "score not where the log leads": _mut(["score"], 4),
    "start": _mut(["start"], "0" * 8),
}


@pytest.mark.parametrize("name", sorted(_BAD_POSITION))
def test_a_damaged_older_save_is_refused_in_one_line(name):
    d = load("save-v1-no-log")
    with pytest.raises(ValueError) as e:
        Game.from_dict(_BAD_POSITION[name](d))
    assert "\n" not in str(e.value)
    store = MemoryStore()
    store.saves["2048"] = _BAD_POSITION[name](load("save-v1-no-log"))
    if name.startswith("rng"):  # the app's session does not need the old generator
        assert Session.resume(BACKEND, store) is not None
    else:
        assert Session.resume(BACKEND, store) is None and store.aside


@pytest.mark.parametrize("name", sorted(_BAD_LOG))
def test_a_damaged_older_save_with_a_log_is_refused_in_one_line(name):
    with pytest.raises(ValueError) as e:
        Game.from_dict(_BAD_LOG[name](load("save-v1-log-undo-keep")))
    assert "\n" not in str(e.value)

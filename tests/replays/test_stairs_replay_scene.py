"""The Stairs replay scene (play, hop steps, seek, speed, export), opened from Stats -> R and by `arcade replay FILE`,
for the session's replays and older ones; it changes no best and no stat, and a bad record is one line."""
import pygame
import pytest

from arcade.engine.replays import Replay, read_file, write_file
from arcade.stairs.replay import LEAD, positions, world_at
from arcade.engine.replay_scene import ReplayScene
from arcade.stairs.replay_scene import TIMELINE, make_replay
from arcade.stairs.world import TICKS_PER_SECOND, World
from helpers import frames, key, mouse_down, mouse_move, mouse_up, settle
from tests.replays.common import refused_in_one_line, replay_file_runs, shown, watch_from_list
from tests.stairs.runs import end_world, legacy_replay, record


def a_run(seed=9, hops=30, gap=0.25, ending="drop"):
    return record(seed, hops, gap, ending, best=True)


def with_end(rec, **fields):
    """``rec`` with its recorded end changed."""
    r = rec.data["result"]
    return Replay(rec.game, rec.score, rec.data | {"result": r | {"fields": r["fields"] | fields}}, title=rec.title)


def state(w):
    return (w.score, w.over, w.cause, w.ticks, w.stairs, w.obstacles, w.robot)


def opened(app, rec):
    return shown(app, make_replay(app, rec))


def test_the_positions_are_the_start_each_hop_and_a_drop_after_the_last(app):
    w, rec = a_run(hops=5)
    ticks = [t for t, _ in w.hops]
    assert positions(rec.data) == [-LEAD] + ticks + [w.ticks] and w.ticks > ticks[-1]  # a drop ended it
    w, rec = a_run(hops=5, ending="wrong")
    assert positions(rec.data) == [-LEAD] + [t for t, _ in w.hops]  # it ended on its last hop
    s = opened(app, rec)
    assert s.steps == positions(rec.data) and s.last == len(w.hops)


def test_it_opens_on_the_start_at_tick_0(app):
    w, rec = a_run()
    s = make_replay(app, rec)
    start = World(w.seed)
    for scene in (s, opened(app, rec)):  # before and after the run is checked
        world = scene.hooks.world
        assert scene.i == 0 and scene.hooks.hops_made == 0 and world.ticks == 0 and not world.running
        assert (world.stairs, world.obstacles, world.robot) == (start.stairs, start.obstacles, start.robot)


def test_an_old_replay_plays_like_the_session_one(app):
    w, rec = a_run(hops=8)
    s = opened(app, legacy_replay(w))
    assert s.error == "" and s.steps == positions(rec.data)
    frames(app, 1, events=[key(pygame.K_END)])
    assert state(s.hooks.world) == state(w)


def test_plays_to_the_end_and_lands_on_the_recorded_world(app):
    w, rec = a_run()
    s = opened(app, rec)
    assert s.playing and s.hooks.hops_made == 0 and s.error == ""
    s.speed_i = 5  # 16x
    settle(app, 1.2)
    assert not s.playing and s.i == s.last and s.hooks.t == s.hooks.end
    assert state(s.hooks.world) == state(w)
    assert s.hooks.view.robot.gone  # the robot went down with its stair


def test_hop_keys_home_end_and_the_timeline(app):
    w, rec = a_run()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])  # pause
    assert not s.playing
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert s.i == 3 and s.hooks.hops_made == 3 and s.hooks.world.score == 3 and s.hooks.t == s.steps[3]
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.hooks.hops_made == 2 and state(s.hooks.world) == state(world_at(rec.data, s.steps[2], 2))
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert s.hooks.hops_made == 0 and s.hooks.world.score == 0 and not s.hooks.world.running  # before the first hop
    frames(app, 1, events=[key(pygame.K_END)])
    assert s.hooks.t == s.hooks.end and state(s.hooks.world) == state(w)
    frames(app, 1, events=[key(pygame.K_HOME)])
    assert s.i == 0 and s.hooks.t == -LEAD and s.hooks.hops_made == 0
    x_half = TIMELINE.x + TIMELINE.w // 2
    frames(app, 1, events=[mouse_down((x_half, TIMELINE.centery)),
                           mouse_move((TIMELINE.x + TIMELINE.w // 4, TIMELINE.centery), buttons=(1, 0, 0)),
                           mouse_move((x_half, TIMELINE.centery), buttons=(1, 0, 0)),
                           mouse_up((x_half, TIMELINE.centery))])
    want = 0.5 * (s.hooks.end + LEAD) - LEAD  # the timeline is the run's clock: the hop nearest its middle
    assert min(abs(t - want) for t in s.steps) == abs(s.hooks.t - want) and s.hooks.t == s.steps[s.i]
    assert abs(s.progress() - 0.5) < 0.1
    assert state(s.hooks.world) == state(world_at(rec.data, s.steps[s.i], s.i))


def test_the_speed_runs_the_run_clock_faster(app):
    w, rec = a_run()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_PLUS), key(pygame.K_PLUS)])
    assert s.speed == 4.0 and s.playing
    t0 = s.hooks.t
    frames(app, 30)  # half a second at 4x: two seconds of the run
    assert abs((s.hooks.t - t0) / TICKS_PER_SECOND - 2.0) < 0.1 and s.hooks.world.ticks == int(s.hooks.t)
    frames(app, 1, events=[key(pygame.K_MINUS)] * 8)
    assert s.speed == 0.5


def test_any_seek_shows_the_world_at_that_hop(app):
    w, rec = a_run(ending="wrong")
    s = opened(app, rec)
    s.playing = False
    assert s.steps[-1] == s.steps[-2]  # the wrong hop came in the frame of the last good one: two hops, one tick
    for frac in (0.9, 0.1, 0.5, 0.05, 1.0, 0.0, 0.7):
        s.seek(s.position_at(frac))
        if s.hooks.t >= 0:
            assert state(s.hooks.world) == state(world_at(rec.data, s.steps[s.i], s.i))
        assert s.hooks.hops_made == s.i
        frames(app, 1)
    assert s.hooks.world.over == (s.hooks.t >= s.hooks.end)


def test_playing_between_hops_runs_the_world_clock(app):
    w, rec = a_run(hops=6, gap=0.4)
    s = opened(app, rec)
    s.seek(2)  # the world just after the second hop, still playing
    settle(app, 0.2)
    assert s.i == 2 and s.steps[2] < s.hooks.t < s.steps[3]
    assert s.hooks.world.ticks == int(s.hooks.t)  # the drop timer ran on with the replay's clock
    frames(app, 1, events=[key(pygame.K_SPACE)])  # pause mid-gap, then play on from there
    t = s.hooks.t
    frames(app, 1, events=[key(pygame.K_SPACE)])
    assert s.playing and s.hooks.t >= t and s.i == 2


def test_play_again_from_the_end_starts_over(app):
    w, rec = a_run(hops=4)
    s = opened(app, rec)
    s.seek(s.hooks.end)
    s.playing = False
    frames(app, 1, events=[key(pygame.K_SPACE)])
    assert s.playing and s.i == 0 and s.hooks.t < 0.0 + 10**5 and s.hooks.hops_made <= 1


def test_buttons_step_toggle_and_cycle_speed(app):
    from arcade.stairs.replay_scene import BUTTONS

    w, rec = a_run()
    s = opened(app, rec)
    for name in ("play", "fwd", "fwd", "back", "speed"):
        frames(app, 1, events=[mouse_down(BUTTONS[name].center), mouse_up(BUTTONS[name].center)])
    assert not s.playing and s.hooks.hops_made == 1 and s.speed == 2.0


def test_a_replay_changes_no_best_and_no_stat(app):
    w, rec = a_run()
    before = (app.profile.bests(), app.profile.totals("stairs"), app.profile.history("stairs"))
    s = opened(app, rec)
    s.speed_i = 5
    settle(app, 1.5)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert (app.profile.bests(), app.profile.totals("stairs"), app.profile.history("stairs")) == before
    app.replays.flush()
    assert app.replays.list("stairs") == []


def test_export_writes_a_file_that_imports_back(app):
    w, rec = a_run()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_e)])
    (path,) = (app.profile.dir / "exports").glob("stairs-*.replay")  # the engine's export, named by the game
    assert read_file(path) == rec and "Exported" in app.toast[0]


def test_a_record_that_does_not_replay_says_so_on_screen(app):
    w, rec = a_run()
    s = opened(app, with_end(rec, ticks=rec.data["result"]["fields"]["ticks"] + 5))
    assert s.error.startswith("Stairs replay:") and s.steps == []
    frames(app, 3)


def test_a_malformed_record_is_refused_before_the_scene(app):
    w, rec = a_run()
    with pytest.raises(ValueError):
        make_replay(app, Replay(rec.game, rec.score, rec.data | {"log": "??"}))
    with pytest.raises(ValueError):
        make_replay(app, Replay(rec.game, rec.score, {"rules": 1, "hops": "??"}))


def test_stats_lists_the_stairs_replays_and_opens_one(app):
    w, rec = a_run()
    top = watch_from_list(app, "stairs", rec)
    assert isinstance(top, ReplayScene) and top.replay == rec


def test_arcade_replay_file_opens_a_stairs_run_and_bad_files_are_one_line(tmp_path, capsys):
    w, rec = a_run()
    good = tmp_path / "good.replay"
    write_file(rec, good)
    replay_file_runs(good, tmp_path / "d")
    cases = {"late.replay": (rec.data | {"log": rec.data["log"] + ["pR" + "z" * 6],
                                         "t": rec.data["t"] + rec.data["t"][-1:]}, "Stairs game: input"),
             "cause.replay": (with_end(rec, cause="hit").data, "Stairs replay:"),
             "seed.replay": (rec.data | {"seed": -3}, "Stairs replay: bad seed"),
             "rules.replay": (rec.data | {"params": "v9"}, "stairs parameters 'v9'"),
             "old.replay": ({"rules": 99}, "Stairs replay: rules 99")}
    for name, (data, says) in cases.items():
        (tmp_path / name).write_text(Replay(rec.game, rec.score, data).to_json())
        err = refused_in_one_line(tmp_path / name, tmp_path / "d", capsys)
        assert err.startswith(f"arcade replay: error: {says}"), (name, err)
    assert state(end_world(read_file(good).data)) == state(w)


def test_a_long_run_seeks_back_with_one_fresh_world(app, monkeypatch):
    """A drag back sends many seeks in one frame; the world is rebuilt once, when it is looked at (so the cost of a
    drag is one replay to there, ~1,350 hops here, whatever the number of events)."""
    import arcade.stairs.replay as pure

    w, rec = a_run(hops=1500, gap=0.15)
    s = opened(app, rec)
    s.seek(s.last)
    assert s.hooks.world.over
    built, real = [], pure.Player
    monkeypatch.setattr(pure, "Player", lambda run: built.append(run) or real(run))
    for k in range(10):  # a drag back: ten seeks in one frame
        s.seek(s.last * (99 - k) // 100)
    assert s.hooks.hops_made == s.i
    assert len(built) == 1
    assert state(s.hooks.world) == state(world_at(rec.data, s.steps[s.i], s.i))


def test_play_from_here_climbs_on_from_the_hop_shown(app):
    from arcade.stairs.scene import StairsScene

    w, rec = a_run(hops=8)
    app.profile.set("help.stairs", True)
    s = opened(app, rec)
    s.playing = False
    s.seek(3)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    top = app.stack.top
    assert isinstance(top, StairsScene) and top.session.mode == "study"
    assert top.session.state.hops == w.hops[:3] and top.session.state.score == 3
    before = app.profile.history("stairs")
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert app.profile.history("stairs") == before

"""Stairs on the engine's session layer, reached the way a player reaches it (the CLI's app: the menu, the Stairs
scene over it, the first-run help card closed): each run recorded once and honestly (the player's, the demo's
never, a run left mid-way abandoned), a game code and the daily game giving the same stairs on any profile, the
code on the pause and game-over screens, and the game-over panel's Replay opening that run at its start."""
from __future__ import annotations

import time

import pygame
import pytest

from arcade import cli
from arcade.engine import codes
from arcade.engine.storage import Profile
from arcade.shell.help import HelpOverlay
from arcade.shell.pause import PauseOverlay
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from arcade.stairs.replay import check
from arcade.stairs.replay_scene import StairsReplay
from arcade.stairs.world import World
from helpers import click, frames, key, settle
from tests.stairs.runs import play_app

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}
PANEL = sc.PANEL_DELAY + sc.PANEL_SLIDE + sc.PANEL_GRACE + 0.1


@pytest.fixture
def player(tmp_path):
    """``player(**options)``: the Stairs scene on a fresh profile, its help card closed as a player would."""
    made = []

    def start(name="profile", **options):
        app = play_app(tmp_path / name, **options)
        made.append(app)
        settle(app, 0.3)
        assert isinstance(app.stack.top, HelpOverlay)  # a fresh profile: the help card first
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        settle(app, 0.3)
        s = app.stack.top
        assert isinstance(s, sc.StairsScene) and not s.demo
        return app, s

    yield start
    for app in made:
        assert app.stack.errors == 0
        app.stack.close()
        app.profile.close()


def climb(app, s, n, gap=9):
    for _ in range(n):
        frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
        frames(app, gap)


def wait_for_the_drop(app, s):
    for _ in range(60 * 30):
        frames(app, 1)
        if s.world.over:
            return
    raise AssertionError("the stairs never dropped")


def test_a_run_ended_by_a_drop_is_recorded_once_as_the_players(player):
    app, s = player(seed=7)
    climb(app, s, 4)
    wait_for_the_drop(app, s)
    assert s.world.cause == "dropped" and s.session.recorded.outcome == "over"
    settle(app, PANEL)
    frames(app, 60)
    app.replays.flush()
    (rec,) = Profile(app.profile.dir).history("stairs")  # on disk, once
    assert (rec["by"], rec["outcome"], rec["cause"], rec["score"], rec["moves"]) == ("player", "over", "dropped", 4, 4)
    assert rec["ticks"] == s.world.ticks and rec["code"] == s.session.code and "daily" not in rec
    (replay,) = app.replays.list("stairs")
    assert replay.best and replay.score == 4 and check(replay.data).end == s.world.ticks
    assert s.panel.new_best and s.panel.best == 4 == app.profile.best("stairs")


def test_a_demo_run_records_nothing(app):
    app.profile.set("help.stairs", True)
    d = sc.make_demo(app)
    app.stack.reset(d, fade=False)
    d.slip_at = 4
    runs = d.runs
    for _ in range(60 * 12):
        frames(app, 1, dt=1 / 30)
        if d.runs > runs and d.world.score >= 3:
            break
    assert d.runs == runs + 1 and d.world.score >= 3  # a run over (its planned slip), the next one under way
    app.stack.reset(sc.make_scene(app), fade=False)  # the demo is left mid-run
    frames(app, 2)
    app.replays.flush()
    p = Profile(app.profile.dir)
    assert p.history("stairs") == [] and p.best("stairs") == 0 and p.totals("stairs")["played"] == 0
    assert app.replays.list("stairs") == []


@pytest.mark.parametrize("how", ["menu", "restart", "quit"])
def test_a_run_left_mid_way_is_abandoned(player, how):
    app, s = player(seed=3)
    climb(app, s, 3)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    if how == "menu":
        pause.quit_to_menu()
    elif how == "restart":
        pause.list.selected = pause.keys().index("restart")
        frames(app, 1, events=[key(pygame.K_RETURN)])
    else:  # the window is closed
        app.stack.close()
    frames(app, 30)
    (rec,) = Profile(app.profile.dir).history("stairs")
    assert (rec["outcome"], rec["by"], rec["score"], rec["moves"]) == ("abandoned", "player", 3, 3)
    assert Profile(app.profile.dir).best("stairs") == 3  # the best followed the climb
    if how == "restart":
        assert s.world.score == 0 and not s.world.hops and app.stack.top is s
        frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
        frames(app, 30)
        assert len(Profile(app.profile.dir).history("stairs")) == 1  # the new run is under way, not recorded


def test_a_run_left_before_its_first_hop_is_not_a_game(player):
    app, s = player(seed=3)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    app.stack.top.quit_to_menu()
    frames(app, 30)
    assert Profile(app.profile.dir).history("stairs") == []


def test_the_pause_overlay_shows_the_code(player):
    app, s = player(seed=3)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay) and app.stack.top.code == s.session.code
    assert codes.parse(s.session.code) == ("stairs", "v1", s.session.seed)


def test_the_game_over_panel_shows_the_code_and_c_copies_it(player):
    app, s = player(seed=5)
    climb(app, s, 2)
    frames(app, 1, events=[key(KEYS["left" if next_hop(s.world) == "right" else "right"])])
    settle(app, PANEL)
    assert s.panel_ready and s.panel.code == s.session.code and s.session.code in s.panel.code_line
    assert s.panel.keys() == ["restart", "replay", "menu"]
    app.toast = None
    frames(app, 1, events=[key(pygame.K_c)])
    assert app.toast is not None and s.session.code in app.toast[0]  # copied (or said, without a clipboard)
    assert app.stack.top is s and s.world.over  # C neither restarts nor leaves


def test_the_panels_replay_opens_the_run_at_its_start_ready_to_step(player):
    app, s = player(seed=9)
    climb(app, s, 6, gap=5)
    wait_for_the_drop(app, s)
    settle(app, PANEL)
    world = s.world
    frames(app, 1, events=click(s.panel.button_rect("replay").center))
    for _ in range(60):  # the fade to the replay (shorter than the moment the replay shows its start)
        frames(app, 1)
        if not app.stack.busy:
            break
    r = app.stack.top
    assert isinstance(r.hooks, StairsReplay) and app.stack.scenes[-2] is s
    deadline = time.monotonic() + 10
    while not r.ready and time.monotonic() < deadline:  # the run is checked off the UI thread
        time.sleep(0.01)
    start = World(s.session.seed)
    assert r.error == "" and r.i == 0 and r.hooks.hops_made == 0 and r.hooks.world.ticks == 0 and not r.hooks.world.running
    assert (r.hooks.world.stairs, r.hooks.world.obstacles, r.hooks.world.robot) == (start.stairs, start.obstacles, start.robot)
    frames(app, 1, events=[key(pygame.K_RIGHT)])  # one hop on (and paused)
    assert r.i == 1 and r.hooks.hops_made == 1 and r.hooks.world.score == 1 and r.hooks.world.hops == world.hops[:1]
    frames(app, 1, events=[key(pygame.K_END)])
    assert (r.hooks.world.score, r.hooks.world.cause, r.hooks.world.ticks) == (world.score, world.cause, world.ticks)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert app.stack.top is s and s.panel_shown
    assert len(Profile(app.profile.dir).history("stairs")) == 1  # watching it recorded nothing more


def test_a_replay_shown_at_its_end_has_no_robot_standing(player):
    """The run is over at the end: the robot has fallen and faded, and stays gone frame after frame."""
    app, s = player(seed=9)
    climb(app, s, 4, gap=5)
    wrong = "left" if next_hop(s.world) == "right" else "right"
    frames(app, 1, events=[key(KEYS[wrong])])
    settle(app, PANEL)
    frames(app, 1, events=click(s.panel.button_rect("replay").center))
    settle(app, 0.6)
    r = app.stack.top
    deadline = time.monotonic() + 10
    while not r.ready and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 1, events=[key(pygame.K_END)])
    frames(app, 30)
    assert r.hooks.world.over and r.hooks.view.robot.gone


# ----------------------------------------------------------------------------------------------- codes, daily
@pytest.fixture
def scenes(monkeypatch):
    """Every player's StairsScene made from here on."""
    made = []
    real = sc.StairsScene.__init__

    def init(self, *a, **kw):
        real(self, *a, **kw)
        if not self.demo:
            made.append(self)

    monkeypatch.setattr(sc.StairsScene, "__init__", init)
    return made


def first_stairs(scene):
    w = scene.world
    return w.seed, w.stairs, w.obstacles, w.robot


def test_a_code_gives_the_same_stairs_on_two_profiles(tmp_path, capsys, scenes):
    assert cli.main(["code", "stairs", "--seed", "424242"]) == 0
    code = capsys.readouterr().out.strip()
    assert code.startswith("stairs-v1-") and codes.parse(code) == ("stairs", "v1", 424242)
    seen = []
    for d in ("one", "two"):
        assert cli.main(["play", "stairs", "--code", code, "--frames", "3", "--data-dir", str(tmp_path / d)]) == 0
        seen.append(first_stairs(scenes[-1]))
        assert scenes[-1].session.code == code
    assert seen[0] == seen[1] and seen[0][0] == 424242
    w = World(424242)
    assert seen[0][1:] == (w.stairs, w.obstacles, w.robot)


def test_the_same_code_and_hops_give_the_same_run(player):
    runs = []
    for name in ("one", "two"):
        app, s = player(name, code=codes.parse(codes.make("stairs", "v1", 77)))
        climb(app, s, 5, gap=7)
        wait_for_the_drop(app, s)
        runs.append((s.world.stairs, s.world.score, s.world.cause, s.world.ticks, tuple(s.world.hops)))
    assert runs[0] == runs[1]


def test_the_daily_game_is_the_same_world_twice(tmp_path, capsys, scenes):
    for d in ("one", "two"):
        assert cli.main(["play", "stairs", "--daily", "--date", "2026-11-24", "--frames", "3", "--data-dir",
                         str(tmp_path / d)]) == 0
    a, b = scenes[-2:]
    assert a.session.daily == b.session.daily == "2026-11-24"
    assert first_stairs(a) == first_stairs(b) and a.session.seed == codes.daily_seed("stairs", "v1", "2026-11-24")
    assert cli.main(["code", "stairs", "--daily", "--date", "2026-11-24"]) == 0
    assert capsys.readouterr().out.strip() == a.session.code


def test_restart_climbs_a_codes_stairs_again_and_new_stairs_otherwise(player):
    app, s = player(daily="2026-11-24")
    first = first_stairs(s)
    climb(app, s, 2)
    frames(app, 1, events=[key(KEYS["left" if next_hop(s.world) == "right" else "right"])])
    settle(app, PANEL)
    assert "Daily 2026-11-24" in s.panel.code_line
    frames(app, 1, events=[key(pygame.K_RETURN)])  # Restart
    assert first_stairs(s) == first and s.session.daily == "2026-11-24" and not s.world.hops
    app2, s2 = player("other", seed=40)
    seed = s2.world.seed
    climb(app2, s2, 1)
    s2.restart()
    assert s2.world.seed != seed and not s2.world.hops
    rec = Profile(app.profile.dir).history("stairs")[0]
    assert rec["daily"] == "2026-11-24" and app.profile.best("stairs/daily/2026-11-24") == rec["score"]


def test_bad_codes_are_one_line_and_exit_2(tmp_path, capsys):
    for argv, says in ((["--code", "stairs-v2-0000000"], "stairs parameters 'v2'"),
                       (["--code", "2048-4x4-0BRRAEN"], "code for '2048'"),
                       (["--daily", "--date", "2026-02-30"], "does not exist")):
        try:
            rc = cli.main(["play", "stairs", *argv, "--frames", "1", "--data-dir", str(tmp_path)])
        except SystemExit as e:  # argparse's own checks: its usage, then one line
            rc = e.code
        err = capsys.readouterr().err.strip().splitlines()
        assert rc == 2 and says in err[-1], (argv, err)


def test_the_menus_daily_game_lists_stairs(app):
    from arcade.shell.menu import MenuScene

    assert "stairs" in [g.id for g in MenuScene(app).daily_games()]

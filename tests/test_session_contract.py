"""The session contract: the fake game (tests/fakegame: a backend of about fifty lines and one GAME record) gets undo
and redo past the end, save and continue, a replay that opens at move 0, a game code, the daily game and honest
records from the engine, with no code of its own for any of them, reached the way a player reaches them."""
import pygame
import pytest

import fakegame
from arcade import cli, games
from arcade.engine import codes
from arcade.engine.session import AI
from arcade.engine.session_replay import SessionHooks
from arcade.engine.storage import Profile
from arcade.shell.help import HelpOverlay
from arcade.shell.menu import MenuScene
from fakegame import scene as box
from helpers import frames, key, settle


@pytest.fixture
def registry():
    return dict(games.load(), box=fakegame.GAME)


def start(make_app, registry, resume=False, **options):
    app = make_app(registry=registry)
    app.stack.reset(MenuScene(app), fade=False)
    box.made.clear()
    app.stack.push(fakegame.GAME.make_scene(app, resume=resume, **options), fade=False)
    settle(app, 0.5)
    if isinstance(app.stack.top, HelpOverlay):  # the first-run card, closed as a player would
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        settle(app, 0.5)
    game = app.stack.top
    assert isinstance(game, box.BoxScene)
    return app, game


def press(app, *keys, mod=0):
    frames(app, 1, events=[key(k, mod) for k in keys])


def finish(app, game):
    while not game.session.over:
        press(app, pygame.K_SPACE)


def test_undo_and_redo_work_after_the_end_and_never_rewrite_the_record(make_app, registry):
    app, game = start(make_app, registry)
    finish(app, game)
    end = game.session.state
    assert game.session.recorded.outcome == "won"
    press(app, pygame.K_BACKSPACE)
    assert not game.session.over and game.session.state != end
    press(app, pygame.K_x)  # another ending, for study
    assert game.session.result.outcome == "lost"
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    hist = app.profile.history("box")
    assert len(hist) == 1 and hist[0]["outcome"] == "won" and hist[0]["by"] == "player"
    assert app.profile.best("box/tall") == end[0]


def test_a_game_left_for_the_menu_continues_where_it_was(make_app, registry, data_dir):
    app, game = start(make_app, registry)
    press(app, pygame.K_SPACE, pygame.K_SPACE)
    state = game.session.state
    app.stack.pop_to_root(fade=False)
    frames(app, 2)
    assert app.profile.history("box") == []  # kept for continue, not abandoned
    app2, game2 = start(make_app, registry, resume=True)
    assert game2.session.state == state and game2.session.can_undo


def test_a_new_game_over_a_saved_one_counts_that_one_as_abandoned(make_app, registry):
    app, game = start(make_app, registry)
    press(app, pygame.K_SPACE)
    app.stack.pop_to_root(fade=False)
    frames(app, 2)
    app2, _ = start(make_app, registry, resume=False)
    assert [r["outcome"] for r in app2.profile.history("box")] == ["abandoned"]


def test_the_replay_of_a_finished_game_opens_at_move_0_ready_to_step(make_app, registry):
    app, game = start(make_app, registry)
    finish(app, game)
    app.replays.flush()
    rec, = app.replays.list("box")
    scene = fakegame.GAME.make_replay(app, rec)
    assert isinstance(scene.hooks, SessionHooks)
    app.stack.push(scene, fade=False)
    for _ in range(100):
        frames(app, 1)
        if scene.ready:
            break
    assert scene.steps[0].state == game.session.states[0] and scene.steps[0].event is None
    assert scene.steps[-1].state == game.session.state
    frames(app, 2)


def test_a_code_printed_by_the_cli_gives_the_same_game_in_another_profile(tmp_path, registry, capsys):
    assert cli.main(["code", "box", "--seed", "12345"], games=registry) == 0
    code = capsys.readouterr().out.strip()
    assert codes.parse(code) == ("box", "tall", 12345)
    seen = []
    for d in ("one", "two"):
        box.made.clear()
        assert cli.main(["play", "box", "--code", code, "--frames", "3", "--data-dir", str(tmp_path / d)],
                        games=registry) == 0
        seen.append((box.made[-1].session.seed, box.made[-1].session.states[0]))
    assert seen[0] == seen[1] and seen[0][0] == 12345


def test_the_daily_game_is_the_same_for_everyone_on_a_date(tmp_path, registry, capsys):
    seeds = []
    for d in ("one", "two"):
        box.made.clear()
        assert cli.main(["play", "box", "--daily", "--date", "2026-11-24", "--frames", "3", "--data-dir",
                         str(tmp_path / d)], games=registry) == 0
        s = box.made[-1].session
        assert s.daily == "2026-11-24"
        seeds.append(s.seed)
    assert seeds[0] == seeds[1] == codes.daily_seed("box", "tall", "2026-11-24")
    assert cli.main(["code", "box", "--daily", "--date", "2026-11-24"], games=registry) == 0
    assert codes.parse(capsys.readouterr().out.strip()).seed == seeds[0]


@pytest.mark.parametrize("argv, message", [
    (["play", "box", "--code", "2048-4x4-0000000"], "code for '2048'"),
    (["play", "box", "--code", "box-tall-0000001"], "check character"),
    (["play", "box", "--code", "box-tall-0000000-v9"], "newer version"),
    (["play", "box", "--code", "box-round-0000000"], "wide or tall"),
    (["play", "box", "--daily", "--date", "2026-02-30"], "does not exist"),
    (["play", "box", "--date", "2026-02-03"], "--date needs --daily"),
    (["code", "box"], "--seed S or --daily"),
])
def test_bad_codes_and_dates_are_one_line_and_exit_2(tmp_path, registry, capsys, argv, message):
    try:
        rc = cli.main(argv + ["--frames", "1", "--data-dir", str(tmp_path)] if argv[0] == "play" else argv,
                      games=registry)
    except SystemExit as e:
        rc = e.code
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and message in err[-1] and err[-1].startswith("arcade")  # argparse's usage, then one line


def test_a_game_the_ai_moved_in_is_the_ais_and_a_demo_game_is_not_recorded(make_app, registry):
    app, game = start(make_app, registry)
    game.session.play("+1", by=AI)
    finish(app, game)
    rec, = app.profile.history("box")
    assert rec["by"] == "ai" and app.profile.best("box/tall") == 0
    demo = box.BoxScene(app, demo=True)
    for _ in range(20):
        demo.update(0.1)
    demo.exit()
    assert len(app.profile.history("box")) == 1


def test_the_code_shows_on_the_pause_screen(make_app, registry):
    app, game = start(make_app, registry)
    press(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert app.stack.top.code == game.session.code and game.session.code.startswith("box-tall-")


def test_the_menus_daily_entry_starts_todays_daily_game(make_app, registry):
    from arcade.engine.session import today

    app = make_app(registry=registry)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    box.made.clear()
    menu.select("daily")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    ask = app.stack.top
    assert "box" in ask.keys()
    ask.list.selected = ask.keys().index("box")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.8)
    s = box.made[-1].session
    assert s.daily == today() and s.seed == codes.daily_seed("box", "tall", today())


def watching(make_app, registry):
    """A finished box game's replay, opened from the record and its positions in: (app, the record, the scene)."""
    app, game = start(make_app, registry)
    finish(app, game)
    return (app, *replay_of(app))


def replay_of(app):
    """The box game's one replay, opened from the record and its positions in: (the record, the scene)."""
    app.replays.flush()
    rec, = app.replays.list("box")
    scene = fakegame.GAME.make_replay(app, rec)
    app.stack.push(scene, fade=False)
    for _ in range(100):
        frames(app, 1)
        if scene.ready:
            break
    return rec, scene


def test_the_replay_lays_its_controls_out_again_when_the_window_turns(make_app, registry):
    from arcade.engine.ui.input import LANDSCAPE_SIZE
    from helpers import click

    app, rec, scene = watching(make_app, registry)
    assert scene.BUTTONS["speed"].bottom <= 800 and scene.KEYS_Y > 700
    app.window.size = (1280, 1000)
    frames(app, 2)
    assert app.size == LANDSCAPE_SIZE
    canvas = pygame.Rect((0, 0), LANDSCAPE_SIZE)
    assert all(canvas.contains(r) for r in scene.BUTTONS.values()) and canvas.contains(scene.TIMELINE)
    assert scene.layout.caption.centery < scene.TIMELINE.top < scene.KEYS_Y < 560
    scene.seek(0)
    scene.playing = False
    frames(app, 1, events=click(scene.BUTTONS["fwd"].center))
    assert scene.i == 1  # the button where it is drawn steps the replay


def test_play_from_here_continues_the_replay_at_the_position_shown_and_records_nothing(make_app, registry):
    app, rec, scene = watching(make_app, registry)
    records = app.profile.history("box")
    scene.playing = False
    scene.seek(2)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    top = app.stack.top
    assert isinstance(top, box.BoxScene) and app.stack.scenes[-2] is scene
    assert top.session.mode == "study" and top.session.state == scene.steps[2].state
    assert top.session.events == rec.data["log"][:2]
    press(app, pygame.K_SPACE)  # a move of its own, then the game left: nothing is recorded
    top.session.leave()
    app.replays.flush()
    assert app.profile.history("box") == records and app.replays.list("box") == [rec]


def test_its_stats_come_from_the_session_and_show_on_the_stats_screen(make_app, registry):
    """The scene never touches the profile: the session records each ending (with the result's extras, which the
    game's own chart reads) and the stats screen shows them."""
    from arcade.shell.stats import StatsScene, summary

    app, game = start(make_app, registry)
    finish(app, game)
    won = game.session.state[0]
    press(app, pygame.K_ESCAPE)
    frames(app, 1)
    app.stack.top.list.selected = app.stack.top.keys().index("restart")
    press(app, pygame.K_RETURN)
    frames(app, 1)
    press(app, pygame.K_SPACE, pygame.K_x)  # a second game, knocked over at 1
    s = summary(app.profile, fakegame.GAME)
    assert (s["played"], s["won"], s["lost"], s["best"]) == (2, 1, 1, won)
    assert s["extras"][0].title == "Boxes stacked" and s["extras"][0].values == [won, 1]
    stats = StatsScene(app, "box")
    app.stack.push(stats, fade=False)
    frames(app, 2)
    assert stats.game_id == "box" and app.stack.top is stats


def test_the_fake_game_is_a_backend_and_a_scene_in_100_lines_that_never_touch_the_profile():
    """What docs/architecture.md "How to add a game" promises a new game costs."""
    from pathlib import Path

    here = Path(fakegame.__file__).parent
    sources = [(here / name).read_text() for name in ("backend.py", "scene.py")]
    assert sum(len(src.splitlines()) for src in sources) <= 100
    assert not any("profile" in src for src in sources)


def test_its_review_card_is_the_engines_and_a_costly_move_jumps_the_replay_there(make_app, registry):
    """A game lost past its goal: V opens the engine's review card over the replay, worded by Box's review; its
    costliest move, clicked, closes the card on the replay at that move."""
    from arcade.engine.replay_scene import SheetCard
    from helpers import click

    app, game = start(make_app, registry)
    goal = game.session.state[1]
    while game.session.state[0] < goal - 1:
        press(app, pygame.K_SPACE)
    game.session.play("+2")  # one past the goal: lost
    assert game.session.result.outcome == "lost"
    _rec, scene = replay_of(app)
    press(app, pygame.K_v)
    frames(app, 2)
    card = app.stack.top
    assert isinstance(card, SheetCard) and card.rs is scene
    (worst,) = card.worst()
    assert scene.steps[worst.index].state[0] == goal + 1
    frames(app, 1, events=click(card.row_rect(0).center))
    settle(app, 0.3)
    assert app.stack.top is scene and scene.i == worst.index

"""Each board keeps its own game in progress: a 2048 size, a Minesweeper level or custom field, a tic-tac-toe board.
Another board asked for on the command line, in the settings or from the menu starts (or continues) a game there;
the game left is kept, never recorded as abandoned, and continues where it was left when its board is played
again. A profile with the one saved game a game of older versions is read and moved to its board's file."""
import pygame
import pytest
from hypothesis import given, settings, strategies as st

from arcade import cli, games as registry, shell
from arcade.engine.session import MemoryStore, Session
from arcade.engine.storage import Profile
from arcade.shell.menu import MenuScene
from arcade.shell.settings_scene import open_settings
from helpers import frames, key, settle

# game: (options of board A, options of board B, key of A, key of B)
BOARDS = {
    "2048": (["--size", "4"], ["--size", "6"], "2048/4x4", "2048/6x6"),
    "minesweeper": (["--level", "beginner"], ["--level", "expert"], "minesweeper/beginner", "minesweeper/expert"),
    "minesweeper-custom": (["--custom", "12x20x30"], ["--level", "beginner"], "minesweeper/12x20m30",
                           "minesweeper/beginner"),
    "tictactoe": (["--variant", "3x3", "--friend"], ["--variant", "4x4", "--friend"], "tictactoe/3x3",
                  "tictactoe/4x4"),
}


def play(make_app, argv):
    """`arcade play ...` as the command line builds it (parser, options, first scenes), without the window loop:
    the game scene on top of the menu."""
    games = registry.load()
    args = cli.build_parser(games).parse_args(argv)
    app = make_app(mode="play", game=args.game, game_options=cli.session_options(args, games))
    app.profile.set(f"help.{args.game}", True)
    scenes = shell.first_scenes(app)
    app.stack.reset(scenes[0], fade=False)
    for s in scenes[1:]:
        app.stack.push(s, fade=False)
    settle(app, 0.3)
    return app, scenes[-1]


def some_moves(s) -> None:
    """A few of the player's moves, through the scene."""
    name = s.info.id
    if name == "2048":
        for d in ("left", "up", "right", "down", "left"):
            s.move(d)
    elif name == "minesweeper":
        s.open_cell(0, 0)
    else:
        assert s.place(1, 1) and s.place(0, 0)


def position(s):
    """What the player sees of the game's position."""
    return s.field.display() if s.info.id == "minesweeper" else s.session.state


def no_game_recorded(app, game: str) -> bool:
    return app.profile.history(game) == []


@pytest.mark.parametrize("case", sorted(BOARDS))
def test_another_board_on_the_command_line_keeps_the_saved_game_and_it_continues(make_app, case):
    game = case.split("-")[0]
    a, b, key_a, key_b = BOARDS[case]
    app, s = play(make_app, ["play", game, *a])
    some_moves(s)
    moves, shown = s.session.moves, position(s)
    assert moves > 0 and s.session.save_key == key_a
    s.exit()
    saved = Profile(app.profile.dir).saved_game(key_a)
    assert saved is not None

    app, s = play(make_app, ["play", game, *b])  # another board: a new game there
    assert s.session.save_key == key_b and s.session.moves == 0
    s.exit()
    disk = Profile(app.profile.dir)
    assert disk.saved_game(key_a) == saved  # kept as it was
    assert disk.history(game) == [] and disk.totals(game).get("played", 0) == 0  # not abandoned

    app, s = play(make_app, ["play", game, *a])  # the first board again: its game continues where it was left
    assert s.session.save_key == key_a and s.session.moves == moves and position(s) == shown
    assert no_game_recorded(app, game)


def change_setting(app, section: str, name: str, value) -> None:
    """The settings scene over the game, as the pause menu opens it: the row chosen, Left/Right until the value
    shows, then Esc back to the game."""
    scene = open_settings(app, section)
    frames(app, 1)
    scene.list.selected = scene.keys().index(name)
    for _ in range(12):
        if app.profile.get(name) == value:
            break
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    else:
        for _ in range(12):
            if app.profile.get(name) == value:
                break
            frames(app, 1, events=[key(pygame.K_LEFT)])
    assert app.profile.get(name) == value
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)


def test_2048_a_size_changed_in_the_settings_mid_game_keeps_the_game_and_brings_it_back(make_app):
    from arcade.engine.ui.ask import AskOverlay

    app, s = play(make_app, ["play", "2048"])
    some_moves(s)
    moves, shown = s.session.moves, s.session.state
    change_setting(app, "2048", "2048.size", 6)
    ask = app.stack.top
    assert isinstance(ask, AskOverlay) and ask.keys() == ["new", "keep"]
    assert [it.label for it in ask.list.items] == ["New 6x6 game", "Keep playing 4x4"] and "kept" in ask.title
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    assert s.session.params.size == 6 and s.session.moves == 0 and no_game_recorded(app, "2048")
    assert Session.from_dict(s.session.backend, app.profile.saved_game("2048/4x4")).state == shown
    assert app.toast is not None and "4x4" in app.toast[0]  # the player is told the game is kept
    s.move("left") or s.move("right")
    change_setting(app, "2048", "2048.size", 4)
    ask = app.stack.top
    assert [it.label for it in ask.list.items] == ["Continue 4x4", "Keep playing 6x6"]
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    assert s.session.params.size == 4 and s.session.moves == moves and s.session.state == shown
    assert app.profile.saved_game("2048/6x6") is not None and no_game_recorded(app, "2048")


def test_minesweeper_a_level_changed_in_the_settings_keeps_the_game_for_the_next_one(make_app):
    app, s = play(make_app, ["play", "minesweeper", "--level", "beginner"])
    some_moves(s)
    shown = s.field.display()
    change_setting(app, "minesweeper", "mines.level", "expert")
    assert s.field.display() == shown  # a game under way goes on: the new level starts with the next game
    frames(app, 1, events=[key(pygame.K_r)])  # the next game
    assert (s.field.rows, s.field.cols) == (16, 30) or (s.field.rows, s.field.cols) == (30, 16)
    assert s.field.state == "ready" and no_game_recorded(app, "minesweeper")
    assert app.profile.saved_game("minesweeper/beginner") is not None
    change_setting(app, "minesweeper", "mines.level", "beginner")  # the expert board, untouched, takes it at once
    assert s.field.display() == shown and no_game_recorded(app, "minesweeper")


def test_tictactoe_a_board_changed_in_the_settings_keeps_the_game(make_app):
    app, s = play(make_app, ["play", "tictactoe", "--variant", "3x3", "--friend"])
    app.profile.set("tictactoe.opponent", "friend")
    some_moves(s)
    moves = list(s.match.moves)
    change_setting(app, "tictactoe", "tictactoe.variant", "4x4")
    assert s.match.variant == "3x3" and list(s.match.moves) == moves  # a game under way goes on
    s.open_chooser()
    s.start_from_settings()  # the chooser's Start: a 4x4 game
    assert s.match.variant == "4x4" and s.match.moves == [] and no_game_recorded(app, "tictactoe")
    change_setting(app, "tictactoe", "tictactoe.variant", "3x3")  # the 4x4 board is untouched: taken at once
    assert s.match.variant == "3x3" and list(s.match.moves) == moves and no_game_recorded(app, "tictactoe")


def test_the_menu_names_each_boards_saved_game_and_new_game_keeps_the_others(make_app):
    app, s = play(make_app, ["play", "2048"])
    some_moves(s)
    moves, shown = s.session.moves, s.session.state
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # pause
    settle(app, 0.3)
    app.stack.reset(MenuScene(app), fade=False)  # quit to the menu (the game is left and saved)
    settle(app, 0.3)
    menu = app.stack.top
    assert app.profile.saved_game("2048/4x4") is not None
    menu.select("settings")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    change_setting_from(app, app.stack.top, "2048.size", 6)
    assert app.stack.top is menu
    menu.select("play:2048")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1)
    ask = app.stack.top
    assert ask.keys() == ["continue:2048/4x4", "new"]
    assert [it.label for it in ask.list.items] == ["Continue 4x4", "New 6x6 game"]
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])  # a new 6x6 game
    settle(app, 0.8)
    game = app.stack.top
    assert game.session.params.size == 6 and no_game_recorded(app, "2048")
    game.move("left") or game.move("right")
    app.stack.pop()  # back to the menu: the 6x6 game is saved too
    settle(app, 0.8)
    assert app.stack.top is menu
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1)
    ask = app.stack.top  # the newest first
    assert [it.label for it in ask.list.items] == ["Continue 6x6", "Continue 4x4", "New 6x6 game"]
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
    settle(app, 0.8)
    game = app.stack.top
    assert game.session.params.size == 4 and game.session.moves == moves and game.session.state == shown
    assert no_game_recorded(app, "2048")


def change_setting_from(app, scene, name, value) -> None:
    scene.list.selected = scene.keys().index(name)
    while app.profile.get(name) != value:
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)


def test_an_older_profiles_one_saved_game_is_read_and_moved_to_its_boards_file(make_app, data_dir):
    """A profile of an older version: saves/2048.json holds the 5x5 game. It continues, on its board's key, and no
    other board's game takes its place."""
    from arcade.game2048.backend import BACKEND

    old = Session(BACKEND, BACKEND.parse_params("5x5"), 7)
    for d in ("left", "up", "right", "down") * 3:
        old.play(d)
    p = Profile(data_dir, sync=True)
    p.save_game("2048", old.to_dict())
    p.close()
    assert (data_dir / "saves" / "2048.json").is_file()
    app, s = play(make_app, ["play", "2048", "--size", "4"])  # another board asked for: the old game stays
    assert s.session.params.size == 4 and s.session.moves == 0
    assert app.profile.saved_game("2048") is None and app.profile.saved_game("2048/5x5") == old.to_dict()
    s.exit()
    assert not (data_dir / "saves" / "2048.json").exists() and (data_dir / "saves" / "2048.5x5.json").is_file()
    app, s = play(make_app, ["play", "2048", "--size", "5"])
    assert s.session.state == old.state and s.session.moves == old.moves and no_game_recorded(app, "2048")


def test_an_older_save_whose_board_has_a_game_already_is_kept_aside():
    from arcade.engine.session import saved_boards
    from arcade.game2048.backend import BACKEND

    store = MemoryStore()
    old, new = (Session(BACKEND, BACKEND.parse_params("4x4"), seed) for seed in (1, 2))
    old.play("left") or old.play("right")
    store.save("2048", old.to_dict())
    store.save("2048/4x4", new.to_dict())
    assert saved_boards(BACKEND, store) == [("2048/4x4", "4x4")]
    assert store.aside and store.aside[0][0] == "2048" and store.saves == {"2048/4x4": new.to_dict()}


def test_a_new_game_on_the_same_board_still_replaces_its_saved_game():
    """Only another board keeps the game: R on the same board is a new game, the old one abandoned."""
    from arcade.game2048.backend import BACKEND

    store = MemoryStore()
    s = Session(BACKEND, BACKEND.parse_params("4x4"), 1, store=store)
    s.play("left") or s.play("right")
    assert s.new() is False
    assert [f["outcome"] for _, _, f in store.records] == ["abandoned"] and s.moves == 0


_OPS = st.lists(st.one_of(st.tuples(st.just("move"), st.sampled_from(("left", "right", "up", "down"))),
                          st.tuples(st.just("board"), st.integers(3, 5)), st.just(("new", 0))), max_size=40)


@settings(max_examples=60, deadline=None)
@given(_OPS)
def test_going_from_board_to_board_never_loses_a_game(ops):
    """Whatever the order of moves, board changes and new games: each board's saved game is the game last left on
    it, a board played again continues it, and only a new game on the same board records one as abandoned."""
    from arcade.game2048.backend import BACKEND

    store = MemoryStore()
    s = Session(BACKEND, BACKEND.parse_params("4x4"), 1, store=store)
    kept: dict = {}  # size -> the game left on that board (its save)
    abandoned = 0
    for op, arg in ops:
        if op == "move":
            s.play(arg)
        elif op == "new":
            abandoned += bool(s.line) and s.recorded is None
            s.new()
        elif arg != s.params.size:
            left = s.params.size
            if s.events and s.recorded is None:
                kept[left] = s.to_dict()
            else:
                kept.pop(left, None)
            waiting = kept.pop(arg, None)
            assert s.new(params=BACKEND.parse_params(f"{arg}x{arg}")) is (waiting is not None)
            assert s.params.size == arg
            if waiting is not None:
                assert s.to_dict()["log"] == waiting["log"] and s.seed == waiting["seed"]
        for size, data in kept.items():
            assert store.saves[f"2048/{size}x{size}"] == data
    assert sum(f["outcome"] == "abandoned" for _, _, f in store.records) == abandoned


def test_the_profile_keeps_a_file_a_board_and_knows_the_newest(data_dir):
    import os

    p = Profile(data_dir, sync=True)
    p.save_game("2048/4x4", {"n": 1})
    p.save_game("2048/6x6", {"n": 2})
    p.save_game("minesweeper/20x24m99", {"n": 3})
    assert p.saved_games("2048") == ["2048/6x6", "2048/4x4"]
    p.save_game("2048/4x4", {"n": 4})  # played again: the newest
    assert p.saved_games("2048") == ["2048/4x4", "2048/6x6"]
    assert p.saved_games("minesweeper") == ["minesweeper/20x24m99"]
    p.close()
    saves = data_dir / "saves"
    assert sorted(f.name for f in saves.iterdir()) == ["2048.4x4.json", "2048.6x6.json", "minesweeper.20x24m99.json"]
    os.utime(saves / "2048.4x4.json", ns=(10**18, 10**18))  # the newest on disk, whatever the clock's grain
    os.utime(saves / "2048.6x6.json", ns=(10**17, 10**17))
    q = Profile(data_dir, sync=True)
    assert q.saved_games("2048") == ["2048/4x4", "2048/6x6"] and q.saved_game("2048/4x4") == {"n": 4}
    q.clear_saved("2048/6x6")
    assert not (saves / "2048.6x6.json").exists() and q.saved_games("2048") == ["2048/4x4"]

"""A replay's one line (board, result, moves ...) reads in the language the player has now, not the one of the
moment the game ended: the replay keeps a language-free summary that its game words when it is shown. Replays
written before summaries were kept, and replays whose summary is damaged, show the title stored with them."""
import json
from pathlib import Path

import pygame
import pytest

from arcade import games
from arcade.engine import i18n
from arcade.engine.replays import Replay, parse, read_file
from arcade.engine.session import Session
from arcade.game2048.backend import BACKEND as B2048, Params as P2048
from arcade.minesweeper.backend import BACKEND as MINES, Params as PMines
from arcade.shell.menu import MenuScene
from arcade.shell.replays_scene import ReplaysScene
from arcade.tictactoe.backend import BACKEND as TTT, Params as PTTT
from helpers import click, frames, key, settle, until
from tests.replays.common import replays_list, shown

LEGACY = Path(__file__).parent / "legacy"
GAMES = games.load()


@pytest.fixture(autouse=True)
def english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def both(game_id, summary) -> tuple[str, str]:
    """The summary's line in English and in 简体中文, through the game's plug-in."""
    rec = Replay(game_id, 0, {}, title="stored", summary=summary)
    i18n.set_language("en")
    en = GAMES[game_id].replay_title(rec)
    i18n.set_language("zh")
    zh = GAMES[game_id].replay_title(rec)
    i18n.set_language("en")
    return en, zh


# ------------------------------------------------------------------------------------------- each game's wording
@pytest.mark.parametrize("game_id, summary, en, zh", [
    ("2048", {"size": 4, "tile": 512, "moves": 430}, "4x4 · 512 · 430 moves", "4x4 · 512 · 430 步"),
    ("2048", {"size": 3, "tile": 16384, "moves": 1}, "3x3 · 16384 · 1 move", "3x3 · 16384 · 1 步"),
    ("2048", {"size": 6, "tile": 4096, "moves": 12034}, "6x6 · 4096 · 12,034 moves", "6x6 · 4096 · 12,034 步"),
    ("minesweeper", {"level": "beginner", "rows": 9, "cols": 9, "mines": 10, "state": "won", "ms": 12345,
                     "cleared": 100, "inputs": 25, "no_guess": True},
     "Beginner · Won in 12.3 s · 25 inputs · No-guess", "初级 · 12.3 秒获胜 · 25 次操作 · 无猜"),
    ("minesweeper", {"level": "custom", "rows": 9, "cols": 12, "mines": 20, "state": "lost", "ms": 800,
                     "cleared": 34, "inputs": 1, "no_guess": False},
     "9x12/20 · Lost, 34 % cleared · 1 input", "9x12/20 · 踩雷，已翻开 34 % · 1 次操作"),
    ("minesweeper", {"level": "expert", "rows": 16, "cols": 30, "mines": 99, "state": "playing", "ms": 0,
                     "cleared": 5, "inputs": 3, "no_guess": False},
     "Expert · Left, 5 % cleared · 3 inputs", "高级 · 放弃，已翻开 5 % · 3 次操作"),
    ("stairs", {"cause": "hit", "hops": 23, "ms": 12449}, "Hit a spike · 23 hops in 12.4 s",
     "撞上尖刺 · 23 级，用时 12.4 秒"),
    ("stairs", {"cause": "fell", "hops": 1, "ms": 0}, "Stepped into the void · 1 hop in 0.0 s", "踩空了 · 1 级，用时 0.0 秒"),
    ("stairs", {"cause": "dropped", "hops": 1204, "ms": 1_000_000}, "Stair fell away · 1,204 hops in 1,000.0 s",
     "台阶塌落 · 1,204 级，用时 1,000.0 秒"),
    ("stairs", {"cause": None, "hops": 3, "ms": 2000}, "Left mid-run · 3 hops in 2.0 s", "中途放弃 · 3 级，用时 2.0 秒"),
    ("tictactoe", {"variant": "3x3", "result": "win", "moves": 5}, "3 x 3 · Won · 5 moves", "3 x 3 · 胜 · 5 步"),
    ("tictactoe", {"variant": "4x4", "result": "loss", "moves": 1}, "4 x 4 · Lost · 1 move", "4 x 4 · 负 · 1 步"),
    ("tictactoe", {"variant": "3x3", "result": "draw", "moves": 9}, "3 x 3 · Drawn · 9 moves", "3 x 3 · 和 · 9 步"),
    ("tictactoe", {"variant": "3x3", "result": None, "moves": 2}, "3 x 3 · Left unfinished · 2 moves",
     "3 x 3 · 中途放弃 · 2 步"),
    ("tictactoe", {"variant": "3x3", "result": "O", "moves": 6}, "3 x 3 · O won · 6 moves", "3 x 3 · O胜 · 6 步"),
    ("tictactoe", {"variant": "gomoku", "result": "X", "moves": 41}, "Gomoku 15 x 15 · Black won · 41 moves",
     "五子棋 15 x 15 · 黑棋胜 · 41 步"),
])
def test_every_game_words_its_summary_in_both_languages(game_id, summary, en, zh):
    assert both(game_id, summary) == (en, zh)


def test_a_game_without_its_own_wording_gets_its_parameters_and_moves():
    """The engine's wording, for a game whose backend words nothing itself (the contract tests' fake game)."""
    from fakegame.backend import BACKEND as BOX

    s = Session(BOX, "tall", 3)
    s.play("+")
    rec = s.replay()
    assert rec.summary == {"params": "tall", "moves": 1}
    i18n.set_language("zh")
    assert BOX.describe(rec.summary) == "tall · 1 步"
    i18n.set_language("en")
    assert BOX.describe(rec.summary) == "tall · 1 move"


def test_a_wording_that_fails_costs_the_replay_its_title_not_the_game(caplog):
    from fakegame.backend import BoxBackend

    class Mumbling(BoxBackend):
        def describe(self, summary):
            raise KeyError("size")

    s = Session(Mumbling(), "tall", 3)
    s.play("+")
    rec = s.replay()
    assert rec.title == "" and rec.summary == {"params": "tall", "moves": 1} and rec.data["log"]
    assert "box replay: no title (KeyError" in caplog.text


# ------------------------------------------------------------------ games finished in one language, shown in the other
def finished_2048() -> Replay:
    s = Session(B2048, P2048(size=3), 5)
    for i in range(5000):
        if s.state.over:
            break
        s.play(("left", "up", "right", "down")[i % 4])
    assert s.state.over
    return s.replay()


def finished_mines() -> Replay:
    s = Session(MINES, PMines(9, 9, 10, "opening", False), 11)
    s.play(("O", 40, 0))
    mine = next(i for i in range(81) if s.state._mine[i])
    s.play(("O", mine, 2500))
    assert s.state.state == "lost"
    return s.replay()


def finished_tictactoe() -> Replay:
    s = Session(TTT, PTTT("3x3", "friend", "X", "perfect"), 0)
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        s.play(cell)
    assert s.state.over
    return s.replay()


@pytest.mark.parametrize("finish, start_lang, en_part, zh_part", [
    (finished_2048, "en", " moves", " 步"),
    (finished_2048, "zh", " moves", " 步"),
    (finished_mines, "en", "Beginner · Lost, ", "初级 · 踩雷，已翻开 "),
    (finished_mines, "zh", "Beginner · Lost, ", "初级 · 踩雷，已翻开 "),
    (finished_tictactoe, "en", "3 x 3 · X won · 5 moves", "3 x 3 · X胜 · 5 步"),
    (finished_tictactoe, "zh", "3 x 3 · X won · 5 moves", "3 x 3 · X胜 · 5 步"),
])
def test_a_replay_reads_in_the_language_set_now_whichever_it_ended_in(finish, start_lang, en_part, zh_part):
    i18n.set_language(start_lang)
    rec = parse(finish().to_json())  # as written to disk and read back
    assert (en_part if start_lang == "en" else zh_part) in rec.title  # the stored title: the moment's language
    game = GAMES[rec.game]
    i18n.set_language("zh")
    assert zh_part in game.replay_title(rec) and "moves" not in game.replay_title(rec)
    i18n.set_language("en")
    assert en_part in game.replay_title(rec) and "步" not in game.replay_title(rec)


def run_into_the_void(app):
    """A Stairs run played on its scene: three good hops, then one onto no stair. Returns the world."""
    from tests.stairs.test_stairs_scene import KEYS, _find_void, climb, start

    s = start(app)
    climb(app, s, 3)
    frames(app, 1, events=[key(KEYS[_find_void(app, s)])])
    assert s.world.over and s.world.cause == "fell"
    settle(app, 0.5)
    return s.world


def replays_from_the_menu(app, game_id) -> ReplaysScene:
    """Menu -> Stats -> the game's tab -> Replays, with clicks, as a player gets there; the list read."""
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    frames(app, 1, events=click(menu.list.item_rect(menu.keys().index("stats")).center))
    settle(app, 0.2)
    stats = app.stack.top
    while stats.game_id != game_id:
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1, events=click(stats._replays_rect().center))
    settle(app, 0.3)
    lst = app.stack.top
    assert isinstance(lst, ReplaysScene)
    until(app, lambda: lst.list.items)  # the list is read on a thread: real time, not a count of frames
    return lst


def test_a_run_finished_in_english_lists_in_chinese_and_back(make_app):
    app = make_app(seed=7)
    world = run_into_the_void(app)
    assert app.replays.flush()
    n, seconds = len(world.hops), f"{world.ticks // 1000 / 1000:.1f}"
    english = f"Stepped into the void · {n} hops in {seconds} s"
    chinese = f"踩空了 · {n} 级，用时 {seconds} 秒"
    [stored] = app.replays.list("stairs")
    assert stored.title == english  # written in the language of the moment it ended

    app.set_setting("language", "zh")
    lst = replays_from_the_menu(app, "stairs")
    assert lst.keys() == [stored.id, "back"]
    assert chinese in lst.list.items[0].detail and "Stepped" not in lst.list.items[0].detail
    app.set_setting("language", "en")  # switched while the list is open: its rows are worded again
    assert english in lst.list.items[0].detail
    app.set_setting("language", "zh")
    assert chinese in lst.list.items[0].detail

    frames(app, 1, events=[key(pygame.K_RETURN)])  # watch it: the replay scene's line is in 中文 too
    settle(app, 0.3)
    scene = app.stack.top
    assert scene is not lst and scene.replay.id == stored.id
    assert scene.replay_title() == chinese
    app.set_setting("language", "en")
    assert scene.replay_title() == english
    frames(app, 2)


def test_the_list_words_its_labels_again_after_a_switch(app):
    """The left column (a game's result, from its replay module) follows the language as the titles do."""
    app.replays.add(finished_tictactoe())
    app.replays.flush()
    lst = replays_list(app, "tictactoe")
    assert (lst.list.items[0].label, lst.list.items[0].detail.split("  ·  ")[0]) == ("X won", "3 x 3 · X won · 5 moves")
    app.set_setting("language", "zh")
    until(app, lambda: lst.list.items[0].label != "X won")
    assert (lst.list.items[0].label, lst.list.items[0].detail.split("  ·  ")[0]) == ("X胜", "3 x 3 · X胜 · 5 步")
    assert lst.keys() == [lst.replays[0].id, "back"]


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_long_titles_keep_clear_of_the_labels_in_the_portrait_list(app, monkeypatch, lang, text_size):
    """A title too long for half a row at its smallest size is drawn in two lines, broken between its parts, and
    never runs over the label (a Minesweeper title with its date is about 70 characters); with larger text the
    rows are taller."""
    from readable import Canvas, drawn, install, overlapping

    install(monkeypatch)
    try:
        app.set_setting("text_size", text_size)
        app.replays.add(finished_mines())
        app.replays.add(Replay("minesweeper", 100, finished_mines().data, best=True, summary={
            "level": "intermediate", "rows": 16, "cols": 16, "mines": 40, "state": "won", "ms": 123456,
            "cleared": 100, "inputs": 1234, "no_guess": True}))
        app.replays.flush()
        app.set_setting("language", lang)
        lst = replays_list(app, "minesweeper")
        canvas = drawn(app)
        rows = [lst.list.item_rect(0), lst.list.item_rect(1)]
        pieces = [p for p in canvas.pieces if p.rect.colliderect(rows[0].union(rows[1]))]
        assert len(pieces) >= 6  # two labels, each title in two lines at least
        assert not overlapping(canvas)
        assert all(p.size >= 13 for p in pieces) and all(any(r.contains(p.rect) for r in rows) for p in pieces)
        first_lines = [p.text for p in pieces if p.text.startswith(("Beginner", "初级"))]
        assert first_lines and all(not t.endswith("·") for t in first_lines)
        assert rows[0].h == round(50 * text_size)
    finally:
        Canvas.meta.clear()
        app.set_setting("text_size", 1.0)


# ---------------------------------------------------------------------------------------------- older and damaged
LEGACY_TITLES = {
    "2048-3x3.json": "3x3 · 32 · 36 moves",
    "mines-beginner-won.json": "Beginner · won in 2.8 s · 12 inputs",
    "stairs-dropped.json": "Stair fell away · 30 hops in 14.2 s",
    "ttt-gomoku-friend.json": "Gomoku · two players · 9 moves",
}


@pytest.mark.parametrize("name", sorted(LEGACY_TITLES))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_replay_written_before_summaries_shows_its_stored_title(name, lang):
    rec = read_file(LEGACY / name)
    assert rec.summary is None
    i18n.set_language(lang)
    assert GAMES[rec.game].replay_title(rec) == LEGACY_TITLES[name]


def test_old_replays_list_with_their_stored_titles(app):
    for name in LEGACY_TITLES:
        app.replays.add(read_file(LEGACY / name))
    app.replays.flush()
    app.set_setting("language", "zh")
    for name, title in LEGACY_TITLES.items():
        game_id = json.loads((LEGACY / name).read_text())["game"]
        lst = replays_list(app, game_id)
        assert title in lst.list.items[0].detail


DAMAGED = [
    ("2048", {"size": "4", "tile": 512, "moves": 430}),
    ("2048", {"size": 4, "tile": -2, "moves": 430}),
    ("2048", {"size": 4, "tile": 512}),
    ("2048", {"size": 99, "tile": 512, "moves": 1}),
    ("minesweeper", {"level": "legendary", "state": "won", "ms": 1, "cleared": 100, "inputs": 1}),
    ("minesweeper", {"level": "beginner", "state": "won", "ms": 1.5, "cleared": 100, "inputs": 1}),
    ("minesweeper", {"level": "custom", "rows": None, "cols": 9, "mines": 10, "state": "lost", "ms": 1,
                     "cleared": 1, "inputs": 1}),
    ("minesweeper", {"level": "beginner", "state": "lost", "ms": 1, "cleared": 101, "inputs": 1}),
    ("stairs", {"cause": "eaten", "hops": 1, "ms": 1}),
    ("stairs", {"cause": "hit", "hops": True, "ms": 1}),
    ("stairs", {"hops": 1, "ms": 1}),
    ("tictactoe", {"variant": "5x5", "result": "win", "moves": 1}),
    ("tictactoe", {"variant": "3x3", "result": "Z", "moves": 1}),
    ("tictactoe", {"variant": "3x3", "result": "win", "moves": "lots"}),
]


@pytest.mark.parametrize("game_id, summary", DAMAGED)
def test_a_damaged_summary_falls_back_to_the_stored_title(game_id, summary):
    rec = parse(Replay(game_id, 1, {}, title="the stored line", summary=summary).to_json())
    for lang in ("en", "zh"):
        i18n.set_language(lang)
        assert GAMES[game_id].replay_title(rec) == "the stored line"


@pytest.mark.parametrize("summary", ['"4x4"', "[1, 2]", '{"size": [4]}', '{"size": {"a": 1}}', '{"s": "' + "x" * 101 + '"}',
                                     "{" + ",".join(f'"k{i}": 1' for i in range(17)) + "}", "null", "12"])
def test_a_summary_of_the_wrong_shape_is_dropped_and_the_file_still_loads(summary):
    text = ('{"arcade-replay": 1, "game": "2048", "id": "a1", "time": 1, "score": 3, "best": false, '
            f'"title": "4x4 · 8 · 3 moves", "summary": {summary}, "data": {{}}}}')
    rec = parse(text)
    assert rec.summary is None and rec.title == "4x4 · 8 · 3 moves" and rec.score == 3
    assert GAMES["2048"].replay_title(rec) == "4x4 · 8 · 3 moves"


def test_the_summary_is_written_beside_the_title_and_read_back():
    rec = finished_tictactoe()
    raw = json.loads(rec.to_json())
    assert raw["summary"] == {"variant": "3x3", "result": "X", "moves": 5} and raw["title"] == "3 x 3 · X won · 5 moves"
    assert parse(rec.to_json()) == rec
    old = Replay("2048", 1, {}, title="3x3 · 8 · 2 moves")
    assert "summary" not in json.loads(old.to_json())  # a replay without one is written as before


def test_a_damaged_summary_in_a_list_and_a_replay_scene_shows_the_stored_title(app):
    """Shown where the player sees it: a summary the game cannot read costs nothing but its wording."""
    from arcade.game2048.replay_scene import make_replay

    good = finished_2048()
    rec = Replay(good.game, good.score, good.data, title="3x3 · stored", summary={"size": 3, "tile": "x", "moves": 1})
    app.replays.add(rec)
    app.replays.flush()
    app.set_setting("language", "zh")
    lst = replays_list(app, "2048")
    assert "3x3 · stored" in lst.list.items[0].detail
    scene = shown(app, make_replay(app, rec))
    assert scene.replay_title() == "3x3 · stored" and not scene.error


def test_the_date_of_a_replay_reads_in_the_language_shown():
    import time

    from arcade.engine import i18n
    from arcade.shell.replays_scene import played_at

    stamp = time.mktime((2026, 11, 27, 2, 9, 0, 0, 0, -1))
    try:
        i18n.set_language("en")
        assert played_at(stamp) == "27 Nov 02:09"
        i18n.set_language("zh")
        assert played_at(stamp) == "11-27 02:09"  # no English month name among the Chinese
    finally:
        i18n.set_language("en")

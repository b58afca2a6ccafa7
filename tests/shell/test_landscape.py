"""The shell in a wide window: the menu, its question, settings, stats, help, the pause overlay, the replays list, the
demo, the review card and the toast laid out for the landscape canvas (840x560), clicked where they are drawn, and
laid out again when the window turns between portrait and landscape with nothing lost."""
import pygame
import pytest

from arcade.engine.ui import colors
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE
from helpers import click, frames, key, mouse_move, settle
from readable import MIN_PX, drawn, install, overlapping

WIDE = (840, 560)  # the landscape canvas's own shape: the tables as written (a wider frame: tests/engine/test_fills_frame.py)
CANVAS = pygame.Rect(0, 0, *LANDSCAPE_SIZE)


@pytest.fixture
def measured(monkeypatch):
    from readable import Canvas

    install(monkeypatch)
    yield
    Canvas.meta.clear()


def menu_app(make_app, registry=None, window=WIDE):
    from arcade.shell.menu import MenuScene

    app = make_app(registry=registry, window=window)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    return app, menu


def rect_of(menu, key_):
    return menu.list.item_rect(menu.keys().index(key_))


def turn(app, window) -> None:
    """The player drags the window into the other shape."""
    app.window.size = window
    frames(app, 2)


def text_ok(canvas, inside=CANVAS):
    """Every text on ``canvas``: readable size, wholly inside ``inside``, none on another."""
    bad = [f"{p.text!r} at {tuple(p.rect)}" for p in canvas.pieces if p.cut or not inside.contains(p.rect)]
    bad += [f"{p.text!r} {p.size} px" for p in canvas.pieces if p.size < 13]
    bad += [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
    return bad


# ----------------------------------------------------------------------------------------------------------- the menu
def test_the_wide_menu_puts_the_games_as_cards_on_the_left_and_the_buttons_above_the_robot(make_app):
    from arcade.shell.menu import BUTTONS, CARDS, ROBOT

    app, menu = menu_app(make_app)
    assert app.size == LANDSCAPE_SIZE
    games = [k for k in menu.keys() if k.startswith("play:")]
    others = [k for k in menu.keys() if not k.startswith("play:")]
    cards = [rect_of(menu, k) for k in games]
    assert len(cards) == 4 and all(CARDS.contains(r) and r.h >= 150 and r.w >= 200 for r in cards)
    assert len({r.y for r in cards}) == 2 and len({r.x for r in cards}) == 2  # two a row, two rows
    # the cards use the height: from under the title to the hint
    assert min(r.top for r in cards) <= 160 and max(r.bottom for r in cards) >= 515
    buttons = [rect_of(menu, k) for k in others]
    assert all(BUTTONS.contains(r) and r.bottom <= ROBOT.top and r.h >= 44 for r in buttons)
    assert not any(r.colliderect(ROBOT) for r in cards + buttons)
    # a card is drawn where it is: the button's colour at its edge, its icon inside
    r = rect_of(menu, "play:stairs")
    assert tuple(app.screen.get_at((r.x + 10, r.bottom - 10)))[:3] in (colors.BUTTON, colors.BUTTON_HOVER)


@pytest.mark.parametrize("games", [2, 4, 6])
def test_the_wide_menu_keeps_off_the_robot_for_any_number_of_games(make_app, games):
    from arcade.shell.menu import ROBOT
    from fakegame import make

    reg = {f"g{i}": make(id=f"g{i}", title=f"Game {i}") for i in range(games)}
    app, menu = menu_app(make_app, reg)
    for i in range(games):
        app.profile.save_game(f"g{i}", {"x": 1})
    menu.refresh()
    rects = [menu.list.item_rect(i) for i in range(len(menu.list.items))]
    assert all(CANVAS.contains(r) and not r.colliderect(ROBOT) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert "help" in menu.keys() and min(r.h for r in rects) >= 44


def test_clicking_a_wide_menu_card_starts_its_game_and_a_button_does_what_it_says(make_app):
    from arcade.shell.settings_scene import SettingsScene

    app, menu = menu_app(make_app)
    app.profile.set("help.2048", True)
    frames(app, 1, events=click(rect_of(menu, "settings").center))
    settle(app, 0.2)
    assert isinstance(app.stack.top, SettingsScene)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.2)
    assert app.stack.top is menu
    frames(app, 1, events=click(rect_of(menu, "play:2048").center))
    settle(app, 0.6)
    assert type(app.stack.top).__module__ == "arcade.game2048.scene"


def test_the_arrows_walk_the_wide_menu_as_it_is_drawn(make_app):
    from arcade.shell.settings_scene import SettingsScene

    app, menu = menu_app(make_app)
    menu.select("play:2048")
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert menu.keys()[menu.list.selected] == "play:stairs"
    frames(app, 1, events=[key(pygame.K_DOWN)])
    assert menu.keys()[menu.list.selected] == "play:minesweeper"
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert menu.keys()[menu.list.selected] == "play:tictactoe"
    menu.select("settings")
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert menu.keys()[menu.list.selected] == "stats"
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.2)
    assert type(app.stack.top).__name__ == "StatsScene"
    app.stack.pop()
    settle(app, 0.2)
    menu.select("demo")  # a row of its own, under the daily game's
    frames(app, 1, events=[key(pygame.K_UP)])
    assert menu.keys()[menu.list.selected] == "daily"
    assert not isinstance(app.stack.top, SettingsScene)


def test_turning_the_window_lays_the_menu_out_again_and_keeps_the_choice(make_app):
    from arcade.engine.ui.widgets import ButtonGrid
    from arcade.shell.menu import LIST_AREA

    app, menu = menu_app(make_app)
    menu.select("stats")
    turn(app, (480, 800))
    assert app.size == LOGICAL_SIZE and not isinstance(menu.list, ButtonGrid)
    assert menu.keys()[menu.list.selected] == "stats"
    first, last = rect_of(menu, menu.keys()[0]), rect_of(menu, "quit")
    dx, dy = ((f - c) // 2 for f, c in zip(app.frame_size, app.size))  # the list keeps to the frame's middle
    assert first.top >= LIST_AREA[0] + dy and last.bottom <= LIST_AREA[1] + dy and first.x == 50 + dx
    assert first.w == 380
    assert menu._background(app.size).get_size() == LOGICAL_SIZE
    frames(app, 1, events=click(rect_of(menu, "help").center))
    settle(app, 0.3)
    assert type(app.stack.top).__name__ == "HelpOverlay"
    app.stack.remove(app.stack.top)
    settle(app, 0.2)
    turn(app, (1280, 1000))
    assert app.size == LANDSCAPE_SIZE and isinstance(menu.list, ButtonGrid)
    assert menu._background(app.size).get_size() == LANDSCAPE_SIZE
    r = rect_of(menu, "play:2048")
    assert r.h >= 150 and tuple(app.screen.get_at((r.x + 10, r.bottom - 10)))[:3] in (colors.BUTTON,
                                                                                      colors.BUTTON_HOVER)


# ------------------------------------------------------------------------------------------------------- the question
def test_the_wide_question_puts_its_choices_side_by_side_and_they_answer(make_app):
    from arcade.engine.ui.ask import AskOverlay
    from fakegame import make

    app, menu = menu_app(make_app, {"box": make()})
    app.profile.save_game("box", {"x": 1})
    menu.refresh()
    frames(app, 1, events=click(rect_of(menu, "play:box").center))
    settle(app, 0.2)
    ask = app.stack.top
    assert isinstance(ask, AskOverlay) and CANVAS.contains(ask.card)
    cont, new = (ask.list.item_rect(i) for i in range(2))
    assert cont.y == new.y and cont.right < new.x and ask.card.contains(cont.union(new))
    turn(app, (480, 800))
    assert app.stack.top is ask and ask.list.item_rect(1).y > ask.list.item_rect(0).bottom  # a column again
    assert ask.dim.surface.get_size() == app.framed.get_size()  # its veil covers the whole picture again
    turn(app, WIDE)
    frames(app, 1, events=click(ask.list.item_rect(1).center))
    settle(app, 0.6)
    assert ask not in app.stack.scenes and app.stack.top is not menu


# -------------------------------------------------------------------------------------------------------- the pause
def paused_2048(make_app, window=WIDE):
    from arcade.shell.pause import PauseOverlay

    app, menu = menu_app(make_app, window=window)
    app.profile.set("help.2048", True)
    game = app.registry["2048"].make_scene(app, resume=False)
    app.stack.push(game, fade=False)
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.2)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    return app, menu, game, pause


def test_the_wide_pause_has_every_button_on_the_canvas_beside_its_title(make_app, measured):
    app, menu, game, pause = paused_2048(make_app)
    rects = [pause.list.item_rect(i) for i in range(len(pause.keys()))]
    assert pause.keys()[-1] == "menu" and all(CANVAS.contains(r) and r.h == 56 for r in rects)
    assert pause.title_at[0] < rects[0].x  # the title on the left, the buttons on the right
    canvas = drawn(app)
    assert any(p.text == "Quit to menu" for p in canvas.pieces) and not text_ok(canvas)
    frames(app, 1, events=click(pause.list.item_rect(pause.keys().index("menu")).center))
    settle(app, 0.6)
    assert app.stack.top is menu


def test_the_wide_pause_holds_its_title_and_buttons_on_one_card(make_app):
    """Spread across the wide canvas, the title and the buttons stand on one dark card (a theme's own card, as
    Stairs has, or the default), not on the dimmed game with its texts showing between them."""
    from arcade.shell.pause import WIDE_CARD

    app, menu, game, pause = paused_2048(make_app)
    card, rect = pause.card
    assert rect.contains(pause.list.rect) and rect.collidepoint(pause.title_at)
    frames(app, 1)
    between = (pause.list.rect.x - 20, pause.list.rect.bottom - 10)  # card, away from any text or button
    got = app.screen.get_at(between)[:3]
    assert all(abs(g - c) <= 40 for g, c in zip(got, WIDE_CARD[:3])), got
    turn(app, (480, 800))
    assert pause.card is None  # the portrait pause keeps its look: buttons over the veil


@pytest.mark.parametrize("window", [WIDE, (480, 800)], ids=["landscape", "portrait"])
def test_the_pause_buttons_are_hit_where_its_table_draws_them(make_app, window):
    """The pause overlay's table for the canvas says where each button is: the pointer there lights that button
    (the hit test), the frame shows it there and no button in the gap below it (the drawing), and a click there
    does what the button says."""
    from arcade.shell.pause import BUTTON_GAP, BUTTON_H, layout_for
    from arcade.shell.settings_scene import SettingsScene

    app, menu, game, pause = paused_2048(make_app, window)
    keys = pause.keys()
    lay = layout_for(app.size, len(keys))
    push = pause._code_step if len(pause._lines) > 1 and lay["code_pushes"] else 0
    column = lay["buttons"].move(0, push)
    near = lambda got, want: all(abs(g - w) <= 2 for g, w in zip(got[:3], want[:3]))  # noqa: E731
    cells = [pygame.Rect(column.x, column.y + i * (BUTTON_H + BUTTON_GAP), column.w, BUTTON_H) for i in range(len(keys))]
    for i, cell in enumerate(cells):
        frames(app, 1, events=[mouse_move(cell.center)])
        assert keys[pause.list.selected] == keys[i]
        for j, other in enumerate(cells):
            face = app.screen.get_at((other.x + 8, other.centery))  # inside the gold ring, clear of the label
            assert near(face, pause.theme["hover" if j == i else "button"]), (window, keys[j], face)
            gap = app.screen.get_at((other.x + 8, other.bottom + BUTTON_GAP // 2))
            assert not near(gap, pause.theme["button"]) and not near(gap, pause.theme["hover"]), (window, keys[j])
    frames(app, 1, events=click(cells[keys.index("settings")].center))
    settle(app, 0.4)
    assert isinstance(app.stack.top, SettingsScene)


def test_turning_the_window_while_paused_keeps_the_game_and_its_buttons_work(make_app):
    app, menu, game, pause = paused_2048(make_app)
    session = game.session
    turn(app, (480, 800))
    assert app.stack.top is pause and pause.list.rect.x == 90 and pause.dim.surface.get_size() == app.framed.get_size()
    turn(app, (1280, 1000))
    assert pause.dim.surface.get_size() == app.framed.get_size()
    frames(app, 1, events=click(pause.list.item_rect(0).center))  # Resume
    settle(app, 0.2)
    assert app.stack.top is game and game.session is session


# ------------------------------------------------------------------------------------------------------ the settings
def test_wide_settings_show_the_list_left_and_the_selected_rows_note_in_a_panel(make_app, measured):
    from arcade.shell.settings_scene import LIST, PANEL, SettingsScene

    app, menu = menu_app(make_app)
    frames(app, 1, events=click(rect_of(menu, "settings").center))
    settle(app, 0.2)
    s = app.stack.top
    assert isinstance(s, SettingsScene) and s.list.rect.x == LIST.x and s.list.rect.right < PANEL.x
    while not s._notes.get(s.list.items[s.list.selected].key):
        frames(app, 1, events=[key(pygame.K_DOWN)])
    row = s.list.items[s.list.selected]
    note = s._notes[row.key]
    canvas = drawn(app)
    in_panel = [p for p in canvas.pieces if PANEL.contains(p.rect)]
    assert " ".join(p.text for p in in_panel).replace(" ", "").find(note.replace(" ", "")[:20]) >= 0
    assert not text_ok(canvas)
    before = app.profile.get(row.key)
    r = s.list.item_rect(s.list.selected)
    frames(app, 1, events=click((r.right - 20, r.centery)))  # the right part of a row steps it forward
    assert app.profile.get(row.key) != before
    turn(app, (480, 800))
    assert s.list.rect.x == 30 and s.list.view_h <= 600 and s.list.items[s.list.selected].key == row.key


# --------------------------------------------------------------------------------------------------------- the stats
def test_wide_stats_put_the_charts_right_of_the_numbers_and_its_buttons_answer(make_app, measured):
    from arcade.shell.replays_scene import ReplaysScene
    from arcade.shell.stats import CHARTS, SIDE, StatsScene

    app, menu = menu_app(make_app)
    for i in range(8):
        app.profile.record_game("2048", 100 * i, max_tile=2 ** (i + 4), moves=10, size=4, won=False)
    frames(app, 1, events=click(rect_of(menu, "stats").center))
    settle(app, 0.2)
    s = app.stack.top
    assert isinstance(s, StatsScene) and s.game_id == "2048"
    canvas = drawn(app)
    assert not text_ok(canvas)
    axis = [p for p in canvas.pieces if p.text in ("16", "32", "1024")]
    assert axis and all(CHARTS.contains(p.rect) for p in axis)  # the highest tiles' labels, on the canvas
    frames(app, 1, events=click(s._tab_rect(1).center))
    assert s.game_id == "stairs"
    frames(app, 1, events=click(s._tab_rect(0).center))
    assert SIDE.contains(s._back_rect()) and SIDE.contains(s._replays_rect())
    frames(app, 1, events=click(s._replays_rect().center))
    settle(app, 0.3)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene) and replays.list.rect.w >= 700
    assert not text_ok(drawn(app))
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.2)
    turn(app, (480, 800))
    assert s._back_rect() == pygame.Rect(30, 730, 200, 48)
    frames(app, 1, events=click(s._back_rect().center))
    settle(app, 0.2)
    assert app.stack.top is menu


# ---------------------------------------------------------------------------------------------------------- the help
def test_wide_help_cards_fit_the_canvas_and_turn_their_pages(make_app, measured):
    from arcade.engine import i18n
    from arcade.shell.help import HelpOverlay

    app, menu = menu_app(make_app)
    try:
        for lang in ("en", "zh"):
            app.set_setting("language", lang)
            frames(app, 1, events=click(rect_of(menu, "help").center))
            settle(app, 0.3)
            h = app.stack.top
            assert isinstance(h, HelpOverlay)
            for page in range(len(h.pages)):
                card = h.card_rect(app.size)
                assert CANVAS.contains(card) and card.w > 700
                canvas = drawn(app)
                assert len(canvas.pieces) > 8 and not text_ok(canvas, card), (lang, page, text_ok(canvas, card))
                frames(app, 1, events=click((card.right - 30, card.centery)))  # the right third: the next page
                assert h.page == (page + 1) % len(h.pages)
            frames(app, 1, events=[key(pygame.K_ESCAPE)])
            settle(app, 0.2)
    finally:
        i18n.set_language("en")


def test_the_first_run_card_over_a_game_in_a_wide_window_fits_and_closes(make_app, measured):
    from arcade.shell.help import HelpOverlay

    app, menu = menu_app(make_app)
    game = app.registry["minesweeper"].make_scene(app, resume=False)
    app.stack.push(game, fade=False)
    settle(app, 0.5)
    h = app.stack.top
    assert isinstance(h, HelpOverlay)
    card = h.card_rect(app.size)
    assert card.w > 700 and CANVAS.contains(card) and not text_ok(drawn(app), card)
    turn(app, (480, 800))
    assert h.dim.surface.get_size() == app.framed.get_size() and h.card_rect(app.size).w == 420
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.2)
    assert app.stack.top is game


# ----------------------------------------------------------------------------------------- the demo and the review card
def test_the_demo_lays_its_game_out_again_when_the_window_turns(make_app):
    from arcade.shell.demo import DemoScene

    app, menu = menu_app(make_app)
    menu.start_demo()
    settle(app, 0.6)
    demo = app.stack.top
    assert isinstance(demo, DemoScene) and demo.child is not None
    seen = []
    child = demo.child
    child.resize = lambda size: seen.append(tuple(size))
    turn(app, (480, 800))
    # the game fills the frame, so it lays out for the frame round the portrait canvas (the turned window keeps the
    # other canvas's least width, so the frame is wider than the canvas)
    frame = tuple(app.frame_size)
    assert frame[1] == LOGICAL_SIZE[1] and frame[0] >= LOGICAL_SIZE[0]
    assert seen == [frame] and demo.child is child and app.stack.top is demo
    demo.t = 0.0  # fading in: the veil is drawn over the whole frame the demo is drawn on
    frames(app, 1)
    assert demo._veil.get_size() == frame


class _Player:
    """What the review card asks of its replay: a finished review, its sheet (through the hooks), the style, seek."""

    def __init__(self):
        from types import SimpleNamespace

        from arcade.engine.replay_scene import Style

        self.playing, self.seen, self.hooks, self.STYLE = True, [], self, Style()
        self.worst = [SimpleNamespace(index=i) for i in (12, 7, 3)]
        self.reviewer = SimpleNamespace(results=self.worst, todo=self.worst, done=True, error="", progress=1.0)

    def review_tick(self):
        pass

    def seek(self, i):
        self.seen.append(i)

    def sheet(self, reviewer):
        from arcade.engine.replay_scene import Sheet

        return Sheet("Won", rows=tuple(((200, 60, 40), f"input {m.index}: row 12, col 27  ·  risk 33.3 %  ·  "
                                                       "safest 12.5 %") for m in self.worst), worst=tuple(self.worst))


def test_the_wide_review_card_lists_the_costliest_moves_beside_the_body_and_they_jump(make_app, measured):
    from arcade.engine.replay_scene import CARDS, SheetCard

    app, menu = menu_app(make_app)
    player = _Player()
    card = SheetCard(app, player)
    app.stack.push(card, fade=False)
    frames(app, 1)
    rows = [card.row_rect(k) for k in range(5)]
    assert all(card.frame.contains(r) and r.x > card.table["body"].right for r in rows)
    assert card.frame.w == 800 and CANVAS.contains(card.frame)
    canvas = drawn(app)
    assert not text_ok(canvas)
    assert sum(1 for p in canvas.pieces if rows[0].contains(p.rect)) == 2  # the long first row on two lines
    turn(app, (480, 800))
    assert card.frame == CARDS[0]["frame"] and card.row_rect(0) == CARDS[0]["rows"]
    turn(app, WIDE)
    frames(app, 1, events=click(card.row_rect(1).center))
    settle(app, 0.2)
    assert player.seen == [7] and card not in app.stack.scenes


def test_a_long_toast_stays_readable_and_on_the_wide_canvas(make_app, measured):
    from readable import Canvas

    app, menu = menu_app(make_app)
    app.notify("Exported: /home/someone/.local/share/arcade/exports/2048-20261127-001122-123456789.replay "
               "and a little more so that it needs two lines", 6.0)
    canvas = Canvas(app.size)
    app._draw_toast(canvas, 0.0)
    assert canvas.pieces and all(p.size >= 13 for p in canvas.pieces) and not text_ok(canvas)
    assert all(p.size * 480 / 560 >= MIN_PX - 1e-9 for p in canvas.pieces)


def test_the_mute_sign_sits_in_the_wide_canvas_corner_clear_of_every_button(make_app):
    app, menu = menu_app(make_app)
    app.set_setting("muted", True)
    frames(app, 1)
    w, h = app.size
    x, y = w - 18, h - 17
    assert tuple(app.screen.get_at((x + 2, y + 6)))[:3] == (150, 140, 130)  # the speaker, drawn on this canvas
    sign = pygame.Rect(x - 2, y - 2, 16, 16)
    assert CANVAS.contains(sign)
    assert not any(menu.list.item_rect(i).colliderect(sign) for i in range(len(menu.list.items)))


def test_a_real_click_in_a_turned_window_lands_on_the_wide_menus_button(make_app):
    """Through the window's own event queue: the window turns wide, the click at the button's place on screen."""
    app, menu = menu_app(make_app, window=(480, 800))
    assert app.size == LOGICAL_SIZE
    app.window.size = (1280, 1000)
    for _ in range(2):
        app.step(1 / 60)  # the resize events arrive from the queue
    assert app.size == LANDSCAPE_SIZE and rect_of(menu, "stats").x > CANVAS.centerx
    at = app.fit.to_window(rect_of(menu, "stats").center, frame=True)  # the menu is laid out on the frame
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, touch=False))
    for _ in range(20):
        app.step(1 / 60)
    assert type(app.stack.top).__name__ == "StatsScene"


def test_chinese_wraps_between_characters_and_never_starts_a_line_with_a_comma(make_app):
    from arcade.engine import assets
    from arcade.engine.ui.text import NO_LINE_START, wrap_lines

    make_app(window=WIDE)
    text = "方向键、空格、F、回车：移动光标、翻开、插旗、双击翻开；每一局都能不靠猜测解开（游戏画面上按 G）"
    for width in range(90, 400, 7):
        lines = wrap_lines(text, width, 17)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not any(line[0] in NO_LINE_START for line in lines[1:]), (width, lines)
        assert all(assets.font_for(line, 17, "medium").size(line)[0] <= width + 20 for line in lines)
    english = "Up/Down choose and Left/Right change"
    lines = wrap_lines(english, 130, 17)
    assert len(lines) > 1 and " ".join(lines) == english  # at the spaces, whole words
    assert all(assets.font_for(line, 17, "medium").size(line)[0] <= 130 for line in lines)

"""Scenes laid out on the whole frame (``Scene.fills_frame``): drawn on the frame, their pointer input in frame pixels
(a press on the margins included), laid out again when the frame changes shape; their tables' rectangles anchored to
the frame's edges or stretched over the room it adds (:func:`arcade.engine.ui.frame.anchor`). A wider window gives
the games' boards and the menu the room: Minesweeper's expert field gets bigger cells, a click on a cell of the
wider layout opens that cell, Gomoku's column keeps to the window's edge."""
import pygame
import pytest

from arcade.engine.scene import Scene
from arcade.engine.ui.input import LANDSCAPE_SIZE
from helpers import frames, key, settle


# --------------------------------------------------------------------------------------------------- anchor (pure)
def test_anchor_keeps_moves_or_stretches_along_each_axis():
    from arcade.engine.ui.frame import anchor, anchor_point

    canvas, frame = (840, 560), (1327, 656)  # 487 more across, 96 more down
    r = pygame.Rect(100, 50, 200, 100)
    assert anchor(r, canvas, frame, "start", "start") == r
    assert anchor(r, canvas, frame, "centre", "centre") == r.move(243, 48)
    assert anchor(r, canvas, frame, "end", "end") == r.move(487, 96)
    assert anchor(r, canvas, frame, "stretch", "start") == pygame.Rect(100, 50, 687, 100)
    assert anchor(r, canvas, frame, "start", "stretch") == pygame.Rect(100, 50, 200, 196)
    assert anchor(r, canvas, canvas, "end", "stretch") == r  # the canvas's own size: as written
    assert anchor_point((10, 20), canvas, frame, "end", "stretch") == (497, 116)
    with pytest.raises(ValueError):
        anchor(r, canvas, frame, "left", "start")


# ------------------------------------------------------------------------------------------- the engine's mechanism
class FrameProbe(Scene):
    fills_frame = True

    def __init__(self, app):
        super().__init__(app)
        self.drawn_on, self.sizes, self.presses, self.fingers = [], [], [], []

    def resize(self, size):
        self.sizes.append(tuple(size))

    def handle(self, event):
        from arcade.engine.ui.input import pointer_down

        if event.type == pygame.MOUSEBUTTONDOWN:
            self.presses.append(event.pos)
        elif event.type == pygame.FINGERDOWN:
            self.fingers.append(pointer_down(event)[:2])

    def draw(self, surface):
        self.drawn_on.append(surface.get_size())
        surface.fill((10, 200, 30))


class CanvasProbe(FrameProbe):
    fills_frame = False


def _post_click(at):
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, touch=False))


def test_a_scene_that_fills_the_frame_draws_on_it_and_gets_presses_on_its_margins(make_app):
    app = make_app(window=(2560, 1080))
    fw, fh = app.frame_size
    assert (fw, fh) == (1327, 560) and app.size == LANDSCAPE_SIZE
    probe = FrameProbe(app)
    app.stack.reset(probe, fade=False)
    frames(app, 1)
    assert probe.drawn_on[-1] == (fw, fh) and probe.area == (fw, fh)
    app.present()
    assert tuple(pygame.display.get_surface().get_at((3, 540)))[:3] == (10, 200, 30)  # its own paint at the edge
    _post_click((5, 540))  # the window's left edge: the frame's margin, left of the canvas
    app.step(1 / 60)
    assert probe.presses == [app.fit.to_frame((5, 540))] and probe.presses[0][0] < app.fit.inner[0]
    # a touch there too, in frame pixels through the usual finger helpers
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=5.5 / 2560, y=540.5 / 1080, touch_id=1, finger_id=0,
                                         pressure=1.0, dx=0.0, dy=0.0))
    app.step(1 / 60)
    fx, fy = probe.fingers[0]
    assert abs(fx - 2.5) < 1 and abs(fy - 280) < 1
    # the window grows wider, the canvas stays: the scene lays out again for the new frame
    app.window.size = (1920, 1080)
    frames(app, 2)
    assert probe.sizes[-1] == app.frame_size == (996, 560)


def test_a_canvas_scene_keeps_the_canvas_and_never_sees_a_press_on_the_margin(make_app):
    app = make_app(window=(2560, 1080))
    probe = CanvasProbe(app)
    app.stack.reset(probe, fade=False)
    frames(app, 1)
    assert probe.drawn_on[-1] == LANDSCAPE_SIZE and probe.area == LANDSCAPE_SIZE
    _post_click((5, 540))
    app.step(1 / 60)
    assert probe.presses == []
    mid = app.fit.to_window((420, 280))
    _post_click(mid)
    app.step(1 / 60)
    assert probe.presses == [(420, 280)]


# ------------------------------------------------------------------------------------------------------- the games
def _mines(make_app, window, level="expert"):
    from arcade.minesweeper import scene as sc

    app = make_app(window=window)
    app.profile.set("help.minesweeper", True)
    s = sc.make_scene(app, level=level)
    app.stack.reset(s, fade=False)
    frames(app, 2)
    return app, s


def _click_window(app, at, n=3):
    _post_click(at)
    for _ in range(n):
        app.step(1 / 60)


def test_minesweeper_expert_is_bigger_in_a_wide_window_and_a_click_opens_the_cell_under_it(make_app):
    _app, usual = _mines(make_app, (840, 560))
    canvas_cell = usual.view.layout.cell
    app, s = _mines(make_app, (2560, 1080))
    lay = s.view.layout
    assert lay.cell > canvas_cell  # 33 pixels against 26: the frame's extra width is the board's
    assert lay.frame.w > LANDSCAPE_SIZE[0] - 100  # wider than the canvas leaves for a board
    assert s.hud.screen.hud.right > LANDSCAPE_SIZE[0] and s.hud.screen.hud.right <= app.frame_size[0]  # at the edge
    # a click on the window pixel showing the centre of field cell (20, 2) opens that very cell
    cell = (20, 2)  # (the expert field is kept 16 wide and 30 tall, shown turned: 30 across)
    at = app.fit.to_window(lay.centre(*cell), frame=True)
    _click_window(app, at)
    settle(app, 0.3)
    assert s.field.is_open(*cell)
    # the HUD's buttons, moved to the frame's edge, answer at their new place
    r = s.hud.button_rects()["odds"]
    _click_window(app, app.fit.to_window(r.center, frame=True))
    assert s.odds_on


def test_minesweeper_on_a_tall_phone_gives_the_board_the_height(make_app):
    _app, usual = _mines(make_app, (480, 800), level="expert")
    app, s = _mines(make_app, (450, 1000))
    assert app.frame_size[1] > 800
    assert s.view.layout.cell >= usual.view.layout.cell
    assert s.hud.screen.buttons.bottom > 800  # the button row at the foot of the taller frame


def test_gomokus_column_keeps_to_the_windows_edge_and_a_click_lands_on_its_point(make_app):
    from arcade.tictactoe import scene as tsc

    app = make_app(window=(2560, 1080))
    app.profile.set("help.tictactoe", True)
    s = tsc.make_scene(app, variant="gomoku", friend=True)
    app.stack.reset(s, fade=False)
    frames(app, 2)
    fw, _fh = app.frame_size
    assert max(r.right for r in s.layout.buttons.values()) > fw - 30  # the column at the frame's right edge
    assert s.view.rect.right < min(r.left for r in s.layout.buttons.values())  # the board clear of it
    _click_window(app, app.fit.to_window(s.view.center(3, 11), frame=True))
    assert s.match.rows[3][11] == "X"
    frames(app, 1, events=[key(pygame.K_ESCAPE)])


def test_the_wide_menu_spreads_over_the_frame(make_app):
    from arcade.shell.menu import MenuScene

    app = make_app(window=(840, 560))
    at_canvas = MenuScene(app)
    app.stack.reset(at_canvas, fade=False)
    frames(app, 1)
    card = at_canvas.list.item_rect(0)
    wide = make_app(window=(2560, 1080))
    menu = MenuScene(wide)
    wide.stack.reset(menu, fade=False)
    frames(wide, 1)
    fw, _fh = wide.frame_size
    assert menu.list.item_rect(0).w > card.w + 150  # the game cards take the room
    quit_ = menu.list.item_rect(menu.keys().index("quit"))
    assert quit_.right > fw - 30  # the buttons at the right edge
    wide.running = True
    _click_window(wide, wide.fit.to_window(quit_.center, frame=True), 1)
    assert not wide.running


def test_2048s_column_keeps_to_the_windows_edge_and_its_buttons_answer_there(make_app):
    from arcade.game2048 import hud
    from arcade.game2048.scene import Game2048Scene

    app = make_app(window=(2560, 1080), seed=3)
    app.profile.set("help.2048", True)
    s = Game2048Scene(app)
    app.stack.reset(s, fade=False)
    frames(app, 2)
    fw, _fh = app.frame_size
    assert s.layout["hint"].right > fw - 30 and hud.is_wide(s.layout)  # the column at the frame's right edge
    assert s.view.rect.size == hud.LANDSCAPE["board"].size and s.view.rect.right < s.layout["new"].left
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1, events=[key(pygame.K_DOWN)])
    settle(app, 0.3)
    moves = s.game.moves
    assert moves >= 1
    _click_window(app, app.fit.to_window(s.layout["undo"].center, frame=True))
    assert s.game.moves == moves - 1


def test_the_demo_is_drawn_where_its_game_lays_out(make_app):
    """The attract mode in a wide window: 2048 laid out on the whole frame (its column at the window's edge) is drawn
    on the whole frame, so the board and the column are where the game placed them and the banner's pill sits at
    the bottom middle of the window, shading nothing beside it; Stairs after it fills the frame as well."""
    from arcade.game2048 import hud
    from arcade.shell.demo import DemoScene

    app = make_app(window=(2560, 1080), seed=3)
    demo = DemoScene(app, segment=2.0)
    app.stack.reset(demo, fade=False)
    frames(app, 3)
    game = demo.child
    assert demo.fills_frame and game.fills_frame
    fw, fh = app.frame_size
    assert game.layout["hint"].right > fw - 30 and hud.is_wide(game.layout)
    frame = app.framed
    board = game.view.rect
    assert frame.get_at(board.center)[:3] != frame.get_at((board.right + 40, board.centery))[:3]  # the board is drawn
    frames(app, 30)  # past the fade in: what is drawn now is the game and the banner
    bare = pygame.Surface((fw, fh))
    game.draw(bare)
    frame = app.framed
    pill = demo._banner[1].get_rect(midbottom=(fw // 2, fh - 12))
    assert pill.right < fw // 2 + 300 and pill.left > fw // 2 - 300  # the pill sized to its text, in the middle
    for x in (10, fw - 10, pill.left - 5, pill.right + 5):  # beside the pill the game shows unshaded
        assert frame.get_at((x, pill.centery))[:3] == bare.get_at((x, pill.centery))[:3]
    inside = (pill.left + pill.h // 2, pill.bottom - 3)  # the pill's rounded end, below its text
    assert sum(frame.get_at(inside)[:3]) < sum(bare.get_at(inside)[:3])  # the pill shades the game under it
    while demo.child is game:
        frames(app, 10)
    assert demo.child.fills_frame and demo.fills_frame  # the next game (Stairs) fills the frame too


def test_a_placed_table_is_made_once_a_frame_size_and_the_cache_stays_bounded():
    from arcade.engine.ui.frame import remember

    cache, made = {}, []
    first = remember(cache, (True, (900, 560)), lambda: made.append(1) or object())
    assert remember(cache, (True, (900, 560)), lambda: made.append(1) or object()) is first and made == [1]
    for w in range(901, 1000):  # a window dragged wider, a frame size a step
        remember(cache, (True, (w, 560)), object, maxsize=8)
    assert len(cache) == 8 and (True, (999, 560)) in cache and (True, (900, 560)) not in cache

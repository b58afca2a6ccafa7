"""The window scales: the canvas (480x800 in a tall window, 840x560 in a wide one) fitted into any window (aspect
kept, centred, bars; the window manager stops a player at the canvas's minimum), presented smoothly, and pointer
input mapped back through the same fit; the canvas turns with the window and the scenes lay out again."""
import pygame
import pytest

from arcade.engine.app import MIN_LANDSCAPE, MIN_WINDOW, Fit, fit_canvas, initial_window, min_window, window_allowed
from arcade.engine.scene import Scene
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE, canvas_for, finger_to_logical
from arcade.shell.menu import MenuScene
from helpers import frames
from arcade.shell.settings_scene import SettingsScene
from arcade.shell.stats import StatsScene
from shell.test_menu import registry

SIZES = [MIN_WINDOW, (480, 800), (1000, 1000), (1920, 1080)]


def _letterbox(window):
    """The portrait canvas alone fitted into ``window`` (no frame round it): the fit's arithmetic on its own."""
    return fit_canvas(window, LOGICAL_SIZE, LOGICAL_SIZE)


# ----------------------------------------------------------------------------------------------- the fit (pure)
@pytest.mark.parametrize("window,scale,rect", [
    ((240, 400), 0.5, (0, 0, 240, 400)),
    ((480, 800), 1.0, (0, 0, 480, 800)),
    ((1000, 1000), 1.25, (200, 0, 600, 1000)),  # pillarbox: 200-pixel bars left and right
    ((1920, 1080), 1.35, (636, 0, 648, 1080)),
    ((300, 500), 0.625, (0, 0, 300, 500)),  # --window 300x500: the whole canvas, nothing cropped
    ((480, 1000), 1.0, (0, 100, 480, 800)),  # letterbox: bars above and below
])
def test_fit_at_window_sizes(window, scale, rect):
    fit = _letterbox(window)
    assert fit.scale == pytest.approx(scale)
    assert fit.rect == rect
    assert fit.identity == (window == LOGICAL_SIZE)


@pytest.mark.parametrize("window", [(w, h) for w in (240, 241, 333, 480, 481, 767, 1024, 1366, 2560, 3840)
                                    for h in (400, 401, 599, 768, 800, 1080, 1440, 2160)])
def test_fit_keeps_the_aspect_fills_one_side_and_centres(window):
    fit = _letterbox(window)
    ww, wh = window
    x, y, w, h = fit.rect
    assert x >= 0 and y >= 0 and x + w <= ww and y + h <= wh  # inside the window
    assert w == ww or h == wh  # as large as fits: touches two opposite sides
    assert abs(w * 800 - h * 480) <= max(480, 800)  # the aspect, to a pixel
    assert abs(x - (ww - x - w)) <= 1 and abs(y - (wh - y - h)) <= 1  # centred: equal bars, to a pixel


def test_a_window_of_no_area_maps_like_the_canvas():
    assert _letterbox((0, 0)).identity


def test_initial_window_fits_small_desktops_only():
    assert initial_window(None) == LOGICAL_SIZE
    assert initial_window((1920, 1080)) == LOGICAL_SIZE
    w, h = initial_window((1366, 768))  # a laptop: 90 % of its height, the canvas's aspect
    assert h == round(768 * 0.9) and abs(w / h - 0.6) < 0.01
    assert initial_window((320, 240)) == MIN_WINDOW


# ----------------------------------------------------------------------------------------------- input round trips
@pytest.mark.parametrize("window", SIZES)
def test_pointer_round_trips(window):
    fit = _letterbox(window)
    if fit.scale >= 1:  # every canvas pixel is shown by a window pixel that maps back to it
        for cx in range(0, 480, 7):
            for cy in range(0, 800, 11):
                assert fit.to_canvas(fit.to_window((cx, cy))) == (cx, cy)
    if fit.scale <= 1:  # every window pixel of the picture maps to a canvas pixel shown there
        for wx in range(fit.x, fit.x + fit.w, 3):
            for wy in range(fit.y, fit.y + fit.h, 5):
                assert fit.to_window(fit.to_canvas((wx, wy))) == (wx, wy)
    # the picture's corner pixels show the canvas's corners (a window pixel covers 1/scale canvas pixels)
    x, y, w, h = fit.rect
    span = max(1, round(1 / fit.scale))
    (ax, ay), (bx, by) = fit.to_canvas((x, y)), fit.to_canvas((x + w - 1, y + h - 1))
    assert ax < span and ay < span and bx >= 480 - span and by >= 800 - span


@pytest.mark.parametrize("window", [(1000, 1000), (1920, 1080), (480, 1000)])
def test_bars_are_not_canvas(window):
    fit = _letterbox(window)
    x, y, w, h = fit.rect
    outside = [(x - 1, y + h // 2), (x + w, y + h // 2)] if x else [(x + w // 2, y - 1), (x + w // 2, y + h)]
    for pos in outside:
        assert fit.to_canvas(pos) is None
        cx, cy = fit.to_canvas(pos, clamp=True)
        assert 0 <= cx < 480 and 0 <= cy < 800 and (cx in (0, 479) or cy in (0, 799))


@pytest.mark.parametrize("window", SIZES + [(480, 1000)])
def test_fingers_round_trip(window):
    fit = _letterbox(window)
    ww, wh = window
    for cx, cy in [(0, 0), (240, 400), (479.5, 799.5), (12.25, 700.75)]:
        wx, wy = fit.x + cx * fit.w / 480, fit.y + cy * fit.h / 800  # where the canvas point is shown
        fx, fy = fit.normalised_to_canvas(wx / ww, wy / wh)
        assert finger_to_logical(fx, fy) == pytest.approx((cx, cy), abs=1e-6)
    if fit.x:
        assert fit.normalised_to_canvas(fit.x / 2 / ww, 0.5) is None  # a touch on a bar
        assert fit.normalised_to_canvas(fit.x / 2 / ww, 0.5, clamp=True) == (0.0, 0.5)


def test_finger_to_logical_with_a_window_undoes_the_letterbox():
    # the old helper's contract, when a caller hands it window-normalised coordinates and the window's size
    assert finger_to_logical(0.5, 0.5, (1000, 1000)) == pytest.approx((240, 400))
    assert finger_to_logical(0.2, 0.0, (1000, 1000)) == pytest.approx((0, 0))


# ----------------------------------------------------------------------------------------------- the app's window
def _post(*events):
    for e in events:
        pygame.event.post(e)


def _button(kind, pos, button=1):
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def _menu_at(make_app, window):
    app = make_app(registry=registry(), window=window)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    return app, menu


def _item(menu, key):
    return menu.list.item_rect(menu.keys().index(key))


def _settle_from_queue(app, n=30):
    for _ in range(n):
        app.step(1 / 60)  # events=None: the window's own queue, mapped to the canvas


@pytest.mark.parametrize("window", [(1000, 1000), (420, 700), (1920, 1080)])
def test_a_click_in_a_scaled_window_reaches_the_right_canvas_button(make_app, window):
    app, menu = _menu_at(make_app, window)
    assert pygame.display.get_window_size() == window and app.screen.get_size() == canvas_for(window)
    fit = app.fit
    assert fit == fit_canvas(window, canvas_for(window))
    r = _item(menu, "stats")  # in frame pixels: the menu is laid out on the whole frame
    assert menu.fills_frame
    at = fit.to_window(r.center, frame=True)
    pygame.event.clear()
    _post(_button(pygame.MOUSEBUTTONDOWN, at), _button(pygame.MOUSEBUTTONUP, at))
    _settle_from_queue(app)
    assert isinstance(app.stack.top, StatsScene)


def test_a_click_on_a_bar_is_ignored_and_a_drag_ending_there_is_clamped(make_app):
    app, menu = _menu_at(make_app, (480, 1900))  # beyond the frame's tallest shape: bars above and below it
    seen = []
    real = menu.handle
    menu.handle = lambda e: (seen.append(e), real(e))[1]
    r = _item(menu, "settings")
    pygame.event.clear()
    _post(_button(pygame.MOUSEBUTTONDOWN, (240, 50)), _button(pygame.MOUSEBUTTONUP, (240, 50)))
    _settle_from_queue(app, 2)
    downs = [e for e in seen if e.type == pygame.MOUSEBUTTONDOWN]
    ups = [e for e in seen if e.type == pygame.MOUSEBUTTONUP]
    assert not downs  # the press on the bar never reached the scene
    assert ups and ups[0].pos == (app.fit.to_frame((240, 500))[0], 0)  # the release: clamped to the frame's edge
    assert app.stack.top is menu
    # a touch on the button, in window-normalised coordinates as SDL reports them
    wx, wy = app.fit.to_window(r.center, frame=True)
    common = dict(touch_id=1, finger_id=0, pressure=1.0, dx=0.0, dy=0.0)
    _post(pygame.event.Event(pygame.FINGERDOWN, x=(wx + 0.5) / 480, y=(wy + 0.5) / 1900, **common),
          pygame.event.Event(pygame.FINGERUP, x=(wx + 0.5) / 480, y=(wy + 0.5) / 1900, **common))
    _settle_from_queue(app)
    assert isinstance(app.stack.top, SettingsScene)


def test_motion_is_scaled_to_canvas_pixels(make_app):
    app, _ = _menu_at(make_app, (420, 700))  # 7/8 size: seven window pixels are eight canvas pixels
    e = app.to_canvas(pygame.event.Event(pygame.MOUSEMOTION, pos=(210, 350), rel=(7, -14), buttons=(0, 0, 0),
                                         touch=False))
    assert e.pos == (240, 400) and e.rel == (8, -16)
    app2, _ = _menu_at(make_app, (1920, 1080))
    e = app2.to_canvas(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(1, 0), buttons=(0, 0, 0),
                                          touch=False))
    assert e.rel == (1, 0)  # a move stays a move when the window is bigger than the canvas


def _near(got, colour, tolerance=8):
    """Equal but for smoothscale's slight darkening at the picture's edge."""
    return all(abs(a - b) <= tolerance for a, b in zip(tuple(got)[:3], colour))


def _quadrants(app):
    """Red top-left, green top-right, blue bottom-left, white bottom-right."""
    s = app.screen
    w, h = s.get_size()
    for rect, colour in (((0, 0, w // 2, h // 2), (255, 0, 0)), ((w // 2, 0, w - w // 2, h // 2), (0, 255, 0)),
                         ((0, h // 2, w // 2, h - h // 2), (0, 0, 255)),
                         ((w // 2, h // 2, w - w // 2, h - h // 2), (255, 255, 255))):
        s.fill(colour, rect)


@pytest.mark.parametrize("window", SIZES + [(420, 700)])
def test_present_shows_the_whole_canvas_in_a_frame_filling_the_window(make_app, window):
    app = make_app(window=window)
    _quadrants(app)
    app.present()
    shown = pygame.display.get_surface()
    assert shown.get_size() == window
    assert app.fit.rect == (0, 0, *window)  # the frame takes the window's shape: no bars
    cw, ch = app.size
    inset = 3  # smooth scaling blends the neighbours' colours at the quadrants' borders
    corners = {(inset, inset): (255, 0, 0), (cw - 1 - inset, inset): (0, 255, 0),
               (inset, ch - 1 - inset): (0, 0, 255), (cw - 1 - inset, ch - 1 - inset): (255, 255, 255)}
    for pos, colour in corners.items():  # the canvas's four corners are all on screen
        assert _near(shown.get_at(app.fit.to_window(pos)), colour)


def test_resizing_at_run_time_refits(make_app):
    app, menu = _menu_at(make_app, (480, 800))
    assert app.fit.identity
    app.window.size = (480, 1000)  # as a player dragging the window's edge
    _settle_from_queue(app, 2)  # the resize events arrive
    app.present()
    assert app.fit == fit_canvas((480, 1000))
    shown = pygame.display.get_surface()
    assert shown.get_size() == (480, 1000)
    assert app.fit.to_canvas((240, 50)) is None  # above the canvas: the frame's margin, the menu's colour
    assert tuple(shown.get_at((240, 50)))[:3] != (0, 0, 0)
    app.window.size = MIN_WINDOW
    _settle_from_queue(app, 2)
    assert app.fit == fit_canvas(MIN_WINDOW)
    at = app.fit.to_window(_item(menu, "stats").center)
    _post(_button(pygame.MOUSEBUTTONDOWN, at), _button(pygame.MOUSEBUTTONUP, at))
    _settle_from_queue(app)
    assert isinstance(app.stack.top, StatsScene)


def test_the_window_manager_is_told_the_real_minimum(make_app):
    app = make_app()
    assert app.window is not None and tuple(app.window.minimum_size) == MIN_WINDOW
    wide = make_app(window=(800, 480))
    assert tuple(wide.window.minimum_size) == MIN_LANDSCAPE == min_window(LANDSCAPE_SIZE)


# ----------------------------------------------------------------------------------------------- portrait and landscape
@pytest.mark.parametrize("window", [(1280, 1000), (1920, 1080), (480, 800), (800, 480)])
def test_the_picture_fills_at_least_80_percent_of_the_windows_a_desktop_has(window):
    canvas = canvas_for(window)
    fit = fit_canvas(window, canvas)
    assert fit.w * fit.h >= 0.8 * window[0] * window[1], (window, canvas, fit.rect)


@pytest.mark.parametrize("window", [(w, h) for w in (408, 500, 714, 800, 1000, 1280, 1920, 3840)
                                    for h in (476, 480, 600, 680, 800, 1000, 1080, 2160)])
def test_the_canvas_chosen_fills_more_of_the_window_than_the_other(window):
    def share(canvas):
        f = fit_canvas(window, canvas)
        return f.w * f.h

    chosen = canvas_for(window)
    other = LOGICAL_SIZE if chosen == LANDSCAPE_SIZE else LANDSCAPE_SIZE
    assert share(chosen) >= share(other) - window[0]  # (a pixel's row of rounding)


@pytest.mark.parametrize("window,ok", [((408, 680), True), ((407, 680), False), ((800, 480), True),
                                       ((714, 476), True), ((713, 476), False), ((600, 600), False),
                                       ((7680, 4320), True), ((7681, 4320), False)])
def test_allowed_windows_keep_the_smallest_text_at_11_pixels(window, ok):
    assert window_allowed(window) == ok
    if ok:
        assert fit_canvas(window, canvas_for(window)).scale * 13 >= 11 - 1e-9


def test_turning_the_window_turns_the_canvas_and_every_scene_lays_out_again(make_app):
    app, menu = _menu_at(make_app, (480, 800))

    class Probe(Scene):
        overlay = True

        def __init__(self, app):
            super().__init__(app)
            self.sizes = []

        def resize(self, size):
            self.sizes.append(size)

    probe = Probe(app)
    app.stack.push(probe, fade=False)
    frames(app, 1)
    app.window.size = (1280, 1000)
    frames(app, 2)
    assert app.size == LANDSCAPE_SIZE and app.landscape and app.screen.get_size() == LANDSCAPE_SIZE
    assert probe.sizes == [LANDSCAPE_SIZE]
    assert tuple(app.window.minimum_size) == MIN_LANDSCAPE
    assert finger_to_logical(0.5, 0.5) == pytest.approx((420, 280))  # fingers map to the canvas drawn on now
    app.window.size = (600, 1000)
    frames(app, 2)
    assert app.size == LOGICAL_SIZE and probe.sizes == [LANDSCAPE_SIZE, LOGICAL_SIZE]
    assert tuple(app.window.minimum_size) == MIN_WINDOW


def test_fullscreen_is_fitted_like_any_window(make_app):
    app = make_app()
    app.set_fullscreen(True)
    desktop = tuple(pygame.display.get_desktop_sizes()[0])
    if not app.fullscreen:
        pytest.skip("this SDL driver has no fullscreen")
    assert pygame.display.get_window_size() == desktop
    app.step(1 / 60)  # the frame follows the window's new shape
    _quadrants(app)
    app.present()
    assert app.fit == fit_canvas(desktop, app.size)
    assert _near(pygame.display.get_surface().get_at(app.fit.to_window((3, 3))), (255, 0, 0))
    app.set_fullscreen(False)
    assert not app.fullscreen and pygame.display.get_window_size() == LOGICAL_SIZE


def test_fit_is_a_value():
    assert isinstance(fit_canvas((1000, 1000)), Fit) and fit_canvas((1000, 1000)) == fit_canvas((1000, 1000))

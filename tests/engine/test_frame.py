"""No black bands: the canvas is drawn in a frame of the window's shape (its short side the canvas's, the other grown
to the window's aspect), the frame fills the window, and every screen paints the frame's margins (its own
backdrop, or its edges carried out), overlays and fades veil them too; pointer input still lands on the canvas pixel
it is shown on."""
import pygame
import pytest

from arcade.engine.app import fit_canvas
from arcade.engine.ui.frame import MAX_ASPECT, frame_size, inner_rect
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE, canvas_for
from helpers import click, frames, key, settle

WINDOWS = [(1920, 1080), (2560, 1080), (1280, 1000), (1024, 768), (800, 480), (480, 800)]


# ------------------------------------------------------------------------------------------------- the frame (pure)
@pytest.mark.parametrize("window", WINDOWS + [(714, 476), (408, 680), (3440, 1440), (600, 1000), (1000, 1000)])
def test_the_frame_has_the_windows_shape_and_fills_it(window):
    canvas = canvas_for(window)
    fw, fh = frame_size(window, canvas)
    cw, ch = canvas
    assert (fw == cw and fh >= ch) or (fh == ch and fw >= cw)  # one side is the canvas's, the other grows
    assert abs(fw / fh - window[0] / window[1]) * fh <= 1  # the window's aspect, to a frame pixel
    fit = fit_canvas(window, canvas)
    assert fit.rect == (0, 0, *window)  # no bars
    assert fit.scale * 13 >= 11 - 1e-9 or window[1] < 476  # the smallest text stays 11 pixels
    inner = inner_rect((fw, fh), canvas)
    assert abs(inner.left - (fw - inner.right)) <= 1 and abs(inner.top - (fh - inner.bottom)) <= 1  # centred


def test_the_frame_stops_growing_at_its_largest_shape():
    fw, fh = frame_size((7680, 1080), LANDSCAPE_SIZE)
    assert fh == 560 and fw == round(560 * MAX_ASPECT)
    fit = fit_canvas((7680, 1080), LANDSCAPE_SIZE)
    assert fit.h == 1080 and fit.x > 0  # past it the window gets bars again, the picture centred


@pytest.mark.parametrize("window", WINDOWS)
def test_pointer_round_trips_through_the_frame(window):
    canvas = canvas_for(window)
    fit = fit_canvas(window, canvas)
    cw, ch = canvas
    if fit.scale >= 1:  # every canvas pixel is shown by a window pixel that maps back to it
        for cx in range(0, cw, 13):
            for cy in range(0, ch, 17):
                assert fit.to_canvas(fit.to_window((cx, cy))) == (cx, cy)
    else:  # every window pixel showing the canvas maps to a canvas pixel shown there
        x0, y0 = fit.to_window((0, 0))
        x1, y1 = fit.to_window((cw - 1, ch - 1))
        for wx in range(x0, x1, 7):
            for wy in range(y0, y1, 5):
                assert fit.to_window(fit.to_canvas((wx, wy))) == (wx, wy)
    for cx, cy in [(0, 0), (cw / 2, ch / 2), (cw - 0.5, ch - 0.5)]:  # fingers, normalised both ways
        ox, oy = fit.inner
        fw, fh = fit.picture
        nx, ny = (fit.x + (cx + ox) * fit.w / fw) / window[0], (fit.y + (cy + oy) * fit.h / fh) / window[1]
        assert fit.normalised_to_canvas(nx, ny) == pytest.approx((cx / cw, cy / ch), abs=1e-9)
    if fit.inner != (0, 0):  # a press on the frame's margin is not on the canvas; a drag ending there is clamped
        edge = (1, window[1] // 2) if fit.inner[0] else (window[0] // 2, 1)
        assert fit.to_canvas(edge) is None
        x, y = fit.to_canvas(edge, clamp=True)
        assert x in (0, cw - 1) or y in (0, ch - 1)
        assert fit.normalised_to_canvas(edge[0] / window[0], edge[1] / window[1]) is None


# ------------------------------------------------------------------------------------------------- every screen
def _edges(app) -> list[str]:
    """What is wrong with the window's edges as presented: an outermost column or row (or one a third of the old
    band in) that is black along most of its length."""
    app.present()
    shown = pygame.display.get_surface()
    ww, wh = shown.get_size()
    arr = pygame.surfarray.pixels3d(shown)
    bad = []
    cols = [0, ww - 1, ww // 20, ww - 1 - ww // 20]
    rows = [0, wh - 1, wh // 20, wh - 1 - wh // 20]
    for x in cols:
        black = (arr[x, :, :].max(axis=1) <= 8).mean()
        if black > 0.5:
            bad.append(f"column {x}: {black:.0%} black")
    for y in rows:
        black = (arr[:, y, :].max(axis=1) <= 8).mean()
        if black > 0.5:
            bad.append(f"row {y}: {black:.0%} black")
    del arr
    return bad


def _home(app):
    from arcade.shell.menu import MenuScene

    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 2)
    return menu


def _screens(app):
    """Every screen a player reaches from the menu, each reached the player's way: (name, after)."""
    from arcade.shell.menu import MenuScene

    menu = _home(app)

    def item(k):
        return menu.list.item_rect(menu.keys().index(k)).center

    yield "menu"
    for name in ("settings", "stats", "help"):
        frames(app, 1, events=click(item(name)))
        settle(app, 0.4)
        yield name
        if name == "stats":
            stats = app.stack.top
            frames(app, 1, events=click(stats._replays_rect().center))
            settle(app, 0.4)
            yield "replays"
        menu = _home(app)
    for game in app.registry:
        app.profile.set(f"help.{game}", True)
        frames(app, 1, events=click(item(f"play:{game}")))
        settle(app, 0.6)
        yield game
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        settle(app, 0.3)
        yield f"{game} paused"
        menu = _home(app)
        assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("window", WINDOWS)
def test_no_screen_has_a_black_band_at_the_windows_edges(make_app, window, lang):
    app = make_app(window=window, lang=lang)
    app.profile.record_game("2048", 1200, max_tile=128, moves=90, size=4, won=False)
    seen, bad = [], {}
    for name in _screens(app):
        seen.append(name)
        wrong = _edges(app)
        if wrong:
            bad[name] = wrong
    assert {"menu", "settings", "stats", "replays", "help", "2048", "stairs", "tictactoe", "minesweeper",
            "2048 paused"} <= set(seen)
    assert not bad, bad


def test_the_fade_and_an_overlay_veil_the_margins_too(make_app):
    app = make_app(window=(1920, 1080))
    menu = _home(app)
    app.present()
    x = 5  # a window column in the left margin
    before = pygame.display.get_surface().get_at((x, 540))
    frames(app, 1, events=click(menu.list.item_rect(menu.keys().index("help")).center))
    settle(app, 0.4)
    app.present()
    veiled = pygame.display.get_surface().get_at((x, 540))
    assert sum(veiled[:3]) < sum(before[:3]) - 60  # the help card's veil reaches the window's edge
    assert app.fit.to_canvas((x, 540)) is None


def test_a_click_near_the_windows_edge_reaches_the_button_there(make_app):
    """The buttons nearest the edges of a 2560x1080 window (the menu, laid out on the whole frame: its right
    column at the frame's edge) take a click on their outer pixels, mapped through the frame."""
    from arcade.shell.stats import StatsScene

    app = make_app(window=(2560, 1080))
    menu = _home(app)
    assert menu.fills_frame
    r = menu.list.item_rect(menu.keys().index("stats"))
    at = app.fit.to_window((r.right - 2, r.centery), frame=True)
    assert at[0] > 2400  # at the window's right edge, beyond where the canvas ends
    assert app.fit.to_canvas(at) is None and app.fit.to_frame(at) == (r.right - 2, r.centery)
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, touch=False))
    for _ in range(30):
        app.step(1 / 60)
    assert isinstance(app.stack.top, StatsScene)


@pytest.mark.parametrize("reach", [None, 5, 16])
def test_mirrored_margins_run_on_from_the_canvas_without_a_seam(reach):
    from arcade.engine.ui.frame import mirror_margins

    art = pygame.Surface((16, 10))
    for x in range(16):
        for y in range(10):
            art.set_at((x, y), (x * 15, y * 20, 7))
    frame = pygame.Surface((60, 10))
    frame.fill((0, 0, 0))
    inner = pygame.Rect(22, 0, 16, 10)
    frame.blit(art, inner)
    mirror_margins(frame, inner, art, {}, reach=reach)
    r = reach or 16
    for y in range(10):
        for d in range(22):  # d pixels out from the canvas's edge: the art's column bouncing between 0 and r - 1
            k, m = divmod(d, r)
            col = m if k % 2 == 0 else r - 1 - m
            assert frame.get_at((inner.left - 1 - d, y)) == art.get_at((col, y))
            assert frame.get_at((inner.right + d, y)) == art.get_at((15 - col, y))

"""Tests of the board drawing (arcade.game2048.view) and its timing (arcade.game2048.anim), headless."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from arcade.game2048 import anim, view as V  # noqa: E402
from arcade.game2048.anim import APPEAR, POP, SLIDE, Timeline  # noqa: E402
from arcade.game2048.game import Game  # noqa: E402
from arcade.game2048.rules import slide  # noqa: E402
from arcade.game2048.view import BoardView  # noqa: E402

CANVAS = (480, 800)
BOARD_RECT = pygame.Rect(8, 168, 464, 464)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def rgb(c):
    return tuple(pygame.Color(c))[:3]


def canvas():
    s = pygame.Surface(CANVAS)
    s.fill(V.PAGE)
    return s


def top_of(view, r, c):
    """A pixel inside a cell, above where the number is drawn."""
    x, y = view.cell_origin(r, c)
    t = view.tile_px
    return (x + t // 2, y + max(2, t * 12 // 100))


def centre_of(view, r, c):
    x, y = view.cell_origin(r, c)
    return (x + view.tile_px // 2, y + view.tile_px // 2)


def classify(col):
    """The palette entry nearest to a pixel colour (0 = empty cell); the colour itself if none is near.

    Near, not equal: the gold glow of 128..2048 tiles may tint a neighbour's pixel by a few units."""
    palette = [(0, rgb(V.EMPTY_BLEND)), ("super", rgb(V.SUPER_COLOR))] + [(v, rgb(c)) for v, c in V.TILE_COLORS.items()]
    dist, name = min((sum(abs(a - b) for a, b in zip(col, ref)), name) for name, ref in palette)
    return name if dist <= 14 else col


def shown(view, surf):
    """What the drawing shows: per cell the tile value by its colour at the top of the cell, or 0."""
    out = []
    for r in range(view.size):
        row = []
        for c in range(view.size):
            name = classify(tuple(surf.get_at(top_of(view, r, c)))[:3])
            if name == 0 and classify(tuple(surf.get_at(centre_of(view, r, c)))[:3]) != 0:
                name = "text?"
            row.append(name)
        out.append(tuple(row))
    return tuple(out)


def expected(grid):
    return tuple(tuple("super" if v > 2048 else v for v in row) for row in grid)


def test_classify_palette_is_distinguishable():
    palette = [rgb(V.EMPTY_BLEND), rgb(V.SUPER_COLOR)] + [rgb(c) for c in V.TILE_COLORS.values()]
    for i, a in enumerate(palette):
        for b in palette[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b)) > 16


def draw(view):
    s = canvas()
    view.draw(s)
    return s


def no_glow_grid(n, rng, density=0.6):
    vals = [2, 4, 8, 16, 32, 64, 4096, 65536, 1 << 20]
    return tuple(tuple(rng.choice(vals) if rng.random() < density else 0 for _ in range(n)) for _ in range(n))


# ---------------------------------------------------------------------------------------------------- colours

def test_palette():
    # #eee4da at 35 % over #bbada0
    assert rgb(V.EMPTY_BLEND) == tuple(round(0.35 * e + 0.65 * b) for e, b in zip((238, 228, 218), (187, 173, 160)))
    assert rgb(V.tile_colors(2)[0]) == rgb("#eee4da") and rgb(V.tile_colors(2)[1]) == rgb("#776e65")
    assert rgb(V.tile_colors(4)[0]) == rgb("#ede0c8") and rgb(V.tile_colors(4)[1]) == rgb("#776e65")
    assert rgb(V.tile_colors(8)[0]) == rgb("#f2b179") and rgb(V.tile_colors(8)[1]) == rgb("#f9f6f2")
    assert rgb(V.tile_colors(2048)[0]) == rgb("#edc22e")
    for v in (4096, 8192, 1 << 17, 1 << 40):
        assert rgb(V.tile_colors(v)[0]) == rgb("#3c3a32") and rgb(V.tile_colors(v)[1]) == rgb("#f9f6f2")


# ---------------------------------------------------------------------------------------------------- static

@pytest.mark.parametrize("size", range(3, 9))
def test_every_size_draws_the_grid(size):
    rng = random.Random(size)
    view = BoardView(BOARD_RECT, size)
    grid = no_glow_grid(size, rng)
    view.set_grid(grid)
    surf = draw(view)
    assert shown(view, surf) == expected(grid)
    # the board fills the rect and sits inside it; outside it the page is untouched
    assert view.rect.w == view.rect.h == 464 and BOARD_RECT.contains(view.rect)
    assert tuple(surf.get_at((view.rect.x + view.rect.w // 2, view.rect.y + 1)))[:3] == rgb(V.BOARD)
    assert tuple(surf.get_at((view.rect.x + 5, view.rect.y - 2)))[:3] == rgb(V.PAGE)
    # cells are spaced with the original's gap-to-tile ratio
    assert abs(view.gap / view.tile_px - 15 / 106.25) < 0.02


def test_2048_and_2_and_empty_colours():
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(((2048, 0, 0, 2), (0, 0, 0, 0), (0, 0, 0, 0), (2, 0, 0, 0)))
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 0, 0)))[:3] == rgb("#edc22e")
    x, y = view.cell_origin(0, 0)
    middle = {tuple(surf.get_at((x + i, y + view.tile_px // 2)))[:3] for i in range(view.tile_px)}
    assert rgb("#f9f6f2") in middle  # the 2048's number is written in light text
    assert tuple(surf.get_at(top_of(view, 0, 3)))[:3] == rgb("#eee4da")
    assert tuple(surf.get_at(top_of(view, 3, 0)))[:3] == rgb("#eee4da")
    assert tuple(surf.get_at(centre_of(view, 2, 2)))[:3] == rgb(V.EMPTY_BLEND)
    # the 2048 glows: the gap next to it is tinted gold, a gap far from it is plain board colour
    x, y = view.cell_origin(0, 1)
    near = tuple(surf.get_at((x - round(view.gap / 2), y + view.tile_px // 2)))[:3]
    x, y = view.cell_origin(2, 3)
    far = tuple(surf.get_at((x - round(view.gap / 2), y + view.tile_px // 2)))[:3]
    assert far == rgb(V.BOARD) and near != rgb(V.BOARD) and near[0] > far[0]


def test_halos_lie_under_tiles():
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(((2, 4, 8, 0), (2048, 1024, 128, 0), (2, 4, 8, 0), (0, 0, 0, 0)))
    surf = draw(view)
    for r, c, colour in [(0, 0, "#eee4da"), (0, 1, "#ede0c8"), (0, 2, "#f2b179"), (2, 0, "#eee4da"),
                         (2, 1, "#ede0c8"), (2, 2, "#f2b179")]:
        assert tuple(surf.get_at(top_of(view, r, c)))[:3] == rgb(colour)
        x, y = view.cell_origin(r, c)
        assert tuple(surf.get_at((x + view.tile_px // 2, y + view.tile_px - 3)))[:3] == rgb(colour)


def test_draw_with_display_surface():
    screen = pygame.display.set_mode(CANVAS)
    try:
        view = BoardView(BOARD_RECT, 5)
        grid = no_glow_grid(5, random.Random(3))
        view.set_grid(grid)
        screen.fill(V.PAGE)
        view.draw(screen)
        assert shown(view, screen) == expected(grid)
    finally:
        pygame.display.quit()
        pygame.display.init()


@pytest.mark.parametrize("size", [3, 8])
def test_numbers_fit_their_tile(size):
    view = BoardView(BOARD_RECT, size)
    for k in range(1, 100):
        text = V._render_number(1 << k, view.tile_px, V.LIGHT_TEXT)
        assert text.get_width() <= view.tile_px * V.TEXT_FIT + 1
        assert view.tile_px * V.MIN_FONT_RATIO <= text.get_height() <= view.tile_px * 0.8
    # 1-2 digits are drawn larger than 3, 3 larger than 4 (the original's 55/45/35 px)
    heights = [V._render_number(v, view.tile_px, V.DARK_TEXT).get_height() for v in (64, 128, 1024)]
    assert heights[0] > heights[1] > heights[2]


def test_bad_arguments():
    with pytest.raises(ValueError):
        BoardView(BOARD_RECT, 9)
    view = BoardView(BOARD_RECT, 4)
    with pytest.raises(ValueError):
        view.set_grid(((0,) * 3,) * 3)


def test_set_rect_relayouts():
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(((2, 0, 0, 0),) + ((0,) * 4,) * 3)
    view.set_rect(pygame.Rect(100, 100, 300, 200))
    assert view.rect.size == (200, 200) and view.rect.center == (250, 200)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 0, 0)))[:3] == rgb("#eee4da")


# ---------------------------------------------------------------------------------------------------- animation

def game_with(grid, seed=1):
    g = Game(size=len(grid), seed=seed)
    g.keep_going()
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            g.place(r, c, v)
    return g


@pytest.mark.parametrize("size", range(3, 9))
def test_play_then_time_passes_shows_final_grid(size):
    rng = random.Random(10 + size)
    g = game_with(no_glow_grid(size, rng, 0.5), seed=size)
    view = BoardView(BOARD_RECT, size)
    view.set_grid(g.grid)
    for d in ("left", "up", "right", "down"):
        out = g.move(d)
        if out is None:
            continue
        view.play(out)
        assert view.busy
        draw(view)  # mid-animation frame draws
        t = 0.0
        while view.busy:
            view.update(1 / 60)
            t += 1 / 60
            draw(view)
        assert SLIDE + max(POP, APPEAR) - 1e-9 <= t < SLIDE + max(POP, APPEAR) + 1 / 60 + 1e-9
        assert view.grid == g.grid
        assert shown(view, draw(view)) == expected(g.grid)


def test_mid_slide_tile_is_between_cells():
    grid = ((0, 0, 0, 8), (0,) * 4, (0,) * 4, (0,) * 4)
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(grid)
    view.play(slide(grid, "left"))  # a bare SlideResult: no new tile
    view.update(SLIDE / 2)  # ease-in-out is symmetric: half way
    surf = draw(view)
    x, y = top_of(view, 0, 1.5)
    assert tuple(surf.get_at((x, y)))[:3] == rgb("#f2b179")
    assert tuple(surf.get_at(centre_of(view, 0, 3)))[:3] == rgb(V.EMPTY_BLEND)
    assert tuple(surf.get_at(centre_of(view, 0, 0)))[:3] == rgb(V.EMPTY_BLEND)
    # earlier in the slide it is nearer the start (ease-in-out: slow start)
    view.play(slide(grid, "left"))
    view.update(SLIDE * 0.1)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 0, 2.9)))[:3] == rgb("#f2b179")
    view.update(SLIDE)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 0, 0)))[:3] == rgb("#f2b179")
    assert tuple(surf.get_at(centre_of(view, 0, 3)))[:3] == rgb(V.EMPTY_BLEND)


def test_finish_snaps_and_no_move_is_dropped():
    g = game_with(((2, 2, 0, 0), (0,) * 4, (0,) * 4, (0, 0, 0, 4)))
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(g.grid)
    view.play(g.move("left", spawn=(2, 2, 2)))
    view.update(0.05)
    view.finish()
    assert not view.busy
    assert shown(view, draw(view)) == expected(g.grid)
    # a new move during an animation: the running one ends at once, the new one plays
    view.play(g.move("right", spawn=(1, 1, 2)))
    view.update(0.01)
    out = g.move("down", spawn=(0, 0, 4))
    view.play(out)
    assert view.busy and view.grid == g.grid
    view.update(1.0)
    assert not view.busy
    assert shown(view, draw(view)) == expected(g.grid)


@pytest.mark.parametrize("speed, t_busy, t_done", [(1.0, 0.29, 0.31), (2.0, 0.145, 0.155), (0.5, 0.59, 0.61)])
def test_speed_scales_time(speed, t_busy, t_done):
    g = game_with(((2, 2, 0), (0, 0, 0), (0, 0, 0)))
    view = BoardView(BOARD_RECT, 3, speed=speed)
    view.set_grid(g.grid)
    view.play(g.move("left", spawn=(2, 2, 2)))
    view.update(t_busy)
    assert view.busy
    view.update(t_done - t_busy)
    assert not view.busy


def test_speed_zero_snaps():
    g = game_with(((2, 2, 0), (0, 0, 0), (0, 0, 0)))
    view = BoardView(BOARD_RECT, 3, speed=0)
    view.set_grid(g.grid)
    view.play(g.move("left", spawn=(2, 2, 2)))
    assert not view.busy
    assert shown(view, draw(view)) == expected(g.grid)
    view.set_grid(g.grid, appear=True)
    assert not view.busy


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0.001, 0.07), min_size=1, max_size=60))
def test_frame_rate_independent(steps):
    """Whatever the frame times, the animation ends when their sum reaches the duration."""
    grid = ((2, 2, 0, 4), (0,) * 4, (0,) * 4, (0,) * 4)
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(grid)
    view.play(_outcome(grid))
    total = 0.0
    for dt in steps:
        assert view.busy == (total < SLIDE + POP - 1e-9)
        view.update(dt)
        total += dt
    assert view.busy == (total < SLIDE + POP - 1e-9)


def _outcome(grid):
    g = game_with(grid)
    return g.move("left", spawn=(3, 3, 2))


def test_pop_and_appear_frames():
    grid = ((0, 0, 0, 0), (0, 8, 8, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    g = game_with(grid)
    view = BoardView(BOARD_RECT, 4)
    view.set_grid(g.grid)
    view.play(g.move("left", spawn=(3, 3, 4)))
    x, y = view.cell_origin(1, 0)
    gap_left = (x - max(1, round(view.gap / 3)), y + view.tile_px // 2)  # just outside the merged cell
    # right after the slide: the merged 16 is not drawn yet (scale 0), the two 8s lie at the cell
    view.update(SLIDE + 0.001)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 1, 0)))[:3] == rgb("#f2b179")
    assert tuple(surf.get_at(centre_of(view, 3, 3)))[:3] == rgb(V.EMPTY_BLEND)  # new tile not visible yet
    # half way through the pop: the 16 is scaled 1.2, above the others, overflowing its cell
    view.update(POP / 2 - 0.001)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 1, 0)))[:3] == rgb("#f59563")
    assert tuple(surf.get_at(gap_left))[:3] == rgb("#f59563")
    # the new 4 is half grown and half transparent: its centre mixes the tile and empty colours
    mid = tuple(surf.get_at(top_of(view, 3, 3)))[:3]
    assert mid not in (rgb("#ede0c8"), rgb(V.EMPTY_BLEND))
    # the end
    view.update(1)
    surf = draw(view)
    assert tuple(surf.get_at(gap_left))[:3] == rgb(V.BOARD)
    assert shown(view, surf) == expected(g.grid)


def test_set_grid_appear():
    grid = ((0, 2, 0), (0, 0, 0), (4, 0, 0))
    view = BoardView(BOARD_RECT, 3)
    view.set_grid(grid, appear=True)
    assert view.busy
    view.update(SLIDE / 2)
    surf = draw(view)
    assert tuple(surf.get_at(top_of(view, 0, 1)))[:3] == rgb(V.EMPTY_BLEND)
    view.update(1)
    assert not view.busy and shown(view, draw(view)) == expected(grid)


def test_frames_reuse_caches(monkeypatch):
    """After the first animation, the same animation renders no text and scales nothing."""
    grid = ((2, 2, 4, 4), (8, 0, 8, 0), (16, 16, 0, 0), (0, 0, 0, 1 << 12))
    view = BoardView(BOARD_RECT, 4)
    out = game_with(grid).move("left", spawn=(3, 3, 2))

    def run():
        view.set_grid(grid)
        view.play(out)
        while view.busy:
            draw(view)
            view.update(1 / 60)
        draw(view)

    run()
    calls = []

    def spy(name, real):
        return lambda *a, **k: calls.append(name) or real(*a, **k)

    for name in ("_render_number", "load_font", "_paint_glow"):
        monkeypatch.setattr(V, name, spy(name, getattr(V, name)))
    monkeypatch.setattr(pygame.transform, "smoothscale", spy("smoothscale", pygame.transform.smoothscale))
    view2 = BoardView(BOARD_RECT, 4)  # the spies work: a fresh view renders
    view2.set_grid(grid)
    draw(view2)
    assert "_render_number" in calls
    calls.clear()
    run()
    assert calls == []


def test_scaled_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(V, "SCALED_CACHE", 10)
    view = BoardView(BOARD_RECT, 4)
    for v in (2, 4, 8, 16):
        for q in range(1, 20):
            view._scaled_tile(v, q / 16, 1.0)
    assert len(view._scaled) <= 10


def test_warm_fills_caches():
    view = BoardView(BOARD_RECT, 6)
    view.warm()
    assert set(view._tiles) >= {2 ** k for k in range(1, 12)}
    assert len(view._scaled) >= 2 * V.SCALE_STEPS - 2


# ---------------------------------------------------------------------------------------------------- timing

def test_easings():
    for f in (anim.ease, anim.ease_in_out):
        assert f(0) == 0 and f(1) == 1 and f(-1) == 0 and f(2) == 1
        xs = [i / 200 for i in range(201)]
        ys = [f(x) for x in xs]
        assert all(a <= b + 1e-12 for a, b in zip(ys, ys[1:]))
    assert abs(anim.ease_in_out(0.5) - 0.5) < 1e-6
    assert anim.ease_in_out(0.1) < 0.1 and anim.ease_in_out(0.9) > 0.9
    assert anim.ease(0.5) > 0.7  # CSS "ease" is fast early: ease(0.5) ~ 0.80
    # a point of cubic-bezier(.25, .1, .25, 1) at curve parameter 0.5, by hand:
    # x = 3*.25*.5*.25 + 3*.5*.25*.25 + .125 = 0.3125, y = 3*.25*.5*.1 + 3*.5*.25*1 + .125 = 0.5375
    assert abs(anim.ease(0.3125) - 0.5375) < 1e-4
    assert anim.pop_scale(0) == 0 and abs(anim.pop_scale(0.5) - 1.2) < 1e-9 and anim.pop_scale(1) == 1


def test_timeline():
    r = slide(((2, 2, 0), (0, 4, 0), (0, 0, 0)), "left")
    tl = Timeline(r.motions, [(2, 2, 2)])
    length_s = tl.duration  # the animation's scripted length (not a wall-time measurement)
    assert length_s == pytest.approx(SLIDE + 0.2)
    assert tl.merges == ((0, 0, 4),)
    # during the slide: one sprite per old tile, nothing new
    s = tl.sprites(0.0)
    assert sorted((x.value, x.row, x.col) for x in s) == [(2, 0, 0), (2, 0, 1), (4, 1, 1)]
    # after: old tiles at their destination, merged tile and new tile on top (last)
    s = tl.sprites(SLIDE + POP / 2)
    assert (s[-2].value, s[-2].row, s[-2].col) == (4, 0, 0) and abs(s[-2].scale - 1.2) < 1e-9
    assert (s[-1].value, s[-1].row, s[-1].col) == (2, 2, 2) and 0 < s[-1].scale == s[-1].alpha < 1
    assert all(x.scale == 1 for x in s[:-2])
    assert sorted((x.row, x.col) for x in s[:-2]) == [(0, 0), (0, 0), (1, 0)]
    # only slides: 100 ms
    r = slide(((0, 2, 0), (0, 0, 0), (0, 0, 0)), "left")
    slide_only_s = Timeline(r.motions, [None]).duration  # scripted lengths again, not measured time
    nothing_s = Timeline((), ()).duration
    assert slide_only_s == pytest.approx(SLIDE)
    assert nothing_s == 0


@pytest.mark.parametrize("strategy, iterations, shown", [
    ("mcts", 1500, "1,500 iterations"), ("montecarlo", 640, "640 playouts"), ("expectimax", 0, None)])
def test_ai_panel_shows_what_the_search_did(strategy, iterations, shown):
    from types import SimpleNamespace

    from arcade.game2048.ai import Decision
    from arcade.game2048.hud import Hud

    d = Decision("left", {"up": 1.0, "down": None, "left": 2.0, "right": 0.5}, nodes=30000, depth=7, elapsed=0.08,
                 strategy=strategy, iterations=iterations)
    ai = SimpleNamespace(moves_per_second=0, autoplay=True, decision=d, moves=12, error=None, notice=None,
                         pending=None, watch=True, shown_decision=lambda grid: (d, True))
    hud = Hud()
    hud.draw_ai_panel(canvas(), strategy, ai, ())
    texts = [label._text for label in hud.info]
    assert texts[0] == "depth 7" and "375k nodes/s" in texts and "80 ms" in texts and "AI moves 12" in texts
    if shown:
        assert texts[1] == shown
    else:
        assert "bitboard path" in texts


def test_search_speed_reads_in_millions_past_a_million():
    from arcade.game2048.hud import _nodes_rate

    assert _nodes_rate(37_030_000) == "37.0 M nodes/s" and _nodes_rate(375_000) == "375k nodes/s"


def test_a_fading_text_leaves_the_cached_text_opaque():
    """The HUD fades its end-panel texts and floats through copies: the text cache hands out shared surfaces."""
    from arcade.engine.ui.text import render
    from arcade.game2048.hud import faded

    import pygame

    from arcade.game2048.hud import VEIL_INK, Hud

    Hud().draw_end_panel(pygame.Surface((480, 800)), won=False, over=True, k=0.5, code="x")  # mid-fade
    assert render("Game over!", 60, VEIL_INK).get_alpha() in (None, 255)
    shared = render("Game over!", 60, (0, 0, 0))
    half = faded(shared, 128)
    assert half is not shared and half.get_alpha() == 128
    assert shared.get_alpha() in (None, 255) and render("Game over!", 60, (0, 0, 0)) is shared
    assert faded(shared, 255) is shared

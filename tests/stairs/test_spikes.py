"""Spike traps never cover a stair: not a live spike over the corner of the stair beside it or the riser of the one
two rows up, not a passed or dropped one over a stair the robot can still land on; and none shows cut by the edge
of the screen. Checked on the frames a player sees (seed 11 from the menu: its first screen, and after the hops
R R R L R L L R L R R) and on the draw list of 200 seeded climbs."""
import pygame
import pytest

from arcade.stairs import layers as ly
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from arcade.stairs.world import World
from helpers import frames, key, open_from_menu, settle
from arcade.shell.help import HelpOverlay

ISSUE_PATH = "R R R L R L L R L R R".split()


class Without:
    """The world as the layer reads it, with no spike traps standing."""

    def __init__(self, world):
        self._world = world

    obstacles = ()

    def __getattr__(self, name):
        return getattr(self._world, name)


def opaque(spr, sx, sy) -> tuple[pygame.Mask, tuple[int, int]]:
    """The fully opaque pixels of a sprite drawn with its anchor at (sx, sy), and where its mask goes."""
    return pygame.mask.from_surface(spr.image, 254), (round(sx) - spr.anchor[0], round(sy) - spr.anchor[1])


def drawn_with_and_without_spikes(layer, w, size) -> tuple[pygame.Surface, pygame.Surface]:
    """The stairs layer drawn as the frame draws it, and again with no spike trap standing or falling."""
    with_spikes, without = pygame.Surface(size), pygame.Surface(size)
    for surface, world, falling in ((with_spikes, w, layer.falling),
                                    (without, Without(w), [f for f in layer.falling if f.name != "obstacle"])):
        kept, layer.falling = layer.falling, falling
        surface.fill((0, 0, 0))
        layer.draw(surface, world)
        layer.falling = kept
    return with_spikes, without


def crossing_an_edge(layer, w, size) -> list:
    """The standing spike traps whose art would reach over an edge of the canvas."""
    spr = layer.sprites["obstacle"]
    ink = spr.image.get_bounding_rect(min_alpha=32)
    out = []
    for o in w.obstacles:
        sx, sy = layer.camera.to_screen(o.x, o.y)
        r = ink.move(round(sx) - spr.anchor[0], round(sy) - spr.anchor[1])
        if r.colliderect(pygame.Rect(0, 0, *size)) and not pygame.Rect(0, 0, *size).contains(r):
            out.append(o)
    return out


def test_no_spike_shows_cut_by_the_edge_of_the_players_screen(make_app):
    """Seed 11's first screen has a spike trap reaching over the right edge: it is not drawn until it is wholly
    inside (then it fades in), so the pixels along the edges are the same with and without spikes."""
    app = make_app(seed=11)
    open_from_menu(app, "play:stairs")
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    s = app.stack.top
    assert isinstance(s, sc.StairsScene) and s.world.score == 0
    layer, (w, h) = s.view.stairs, app.size
    assert crossing_an_edge(layer, s.world, app.size)
    with_spikes, without = drawn_with_and_without_spikes(layer, s.world, app.size)
    edges = [(x, y) for y in range(h) for x in (0, 1, w - 2, w - 1)] + [(x, y) for x in range(w) for y in (0, 1)]
    assert not [p for p in edges if with_spikes.get_at(p) != without.get_at(p)], "a spike is cut by the edge"


def test_no_spike_covers_a_stair_on_the_players_screen(make_app):
    app = make_app(seed=11)
    card = open_from_menu(app, "play:stairs")
    assert isinstance(card, HelpOverlay)  # a fresh profile: the help card first
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    s = app.stack.top
    assert isinstance(s, sc.StairsScene)
    for side in ISSUE_PATH:
        assert next_hop(s.world) == {"R": "right", "L": "left"}[side]
        frames(app, 1, events=[key(pygame.K_RIGHT if side == "R" else pygame.K_LEFT)])
        frames(app, 8)
    settle(app, 0.3)
    w, layer = s.world, s.view.stairs
    assert w.score == len(ISSUE_PATH) and not w.over
    here = w.robot_stair.index
    assert any(o.row <= here for o in w.obstacles) and any(o.row > here for o in w.obstacles)
    # the stairs layer drawn as the frame draws it, and again with no spike: a stair's opaque pixels are the same
    with_spikes, without = drawn_with_and_without_spikes(layer, w, app.size)
    tile = layer.sprites["stair"]  # every stair's shape (the shaded and cracked ones share it)
    shaking = w.warned and w.stairs[0]  # the warned tail shakes sideways: its place is not fixed
    stairs = [layer.camera.to_screen(st.x, st.y) for st in w.stairs if st is not shaking]
    assert len(stairs) >= 12
    covered = 0
    for sx, sy in stairs:
        mask, (x0, y0) = opaque(tile, sx, sy)
        for x, y in mask.outline(every=1) + [(mx, my) for mx in range(2, mask.get_size()[0], 4)
                                             for my in range(2, mask.get_size()[1], 4) if mask.get_at((mx, my))]:
            at = (x0 + x, y0 + y)
            if 0 <= at[0] < app.size[0] and 0 <= at[1] < app.size[1]:
                covered += with_spikes.get_at(at) != without.get_at(at)
    assert covered == 0, f"{covered} stair pixels changed by a spike drawn over them"


def spikes_over_stairs(items) -> list[tuple]:
    """(stair item, spike item) pairs where the spike is drawn after the stair and their opaque pixels meet."""
    masks: dict[int, pygame.Mask] = {}

    def mask(spr):
        m = masks.get(id(spr.image))
        if m is None:
            m = masks[id(spr.image)] = pygame.mask.from_surface(spr.image, 32)
        return m

    out, stairs = [], []
    for item in items:
        _depth, order, spr, sx, sy, alpha = item
        if alpha <= 0.0:
            continue
        x, y = round(sx) - spr.anchor[0], round(sy) - spr.anchor[1]
        if order == ly._STAIR:
            stairs.append((item, x, y))
        elif order == ly._OBSTACLE:
            for below, bx, by in stairs:
                if mask(below[2]).overlap(mask(spr), (x - bx, y - by)) is not None:
                    out.append((below, item))
    return out


@pytest.mark.parametrize("size", [(480, 800), (840, 560)])
def test_no_spike_is_drawn_over_a_path_stair_in_200_climbs(size):
    """Seeds 1-200 (the first 20 on the wide canvas): a climb of 30 hops at a steady pace, the drops coming, the
    dropped stairs and spikes falling; at every frame no spike trap, standing, passed or falling, is drawn over a
    stair or cut by an edge of the canvas."""
    pygame.display.init()
    seeds = range(1, 201) if size == (480, 800) else range(1, 21)
    checked = falling = 0
    canvas = pygame.Rect(0, 0, *size)
    for seed in seeds:
        w = World(seed=seed)
        layer = ly.StairLayer(size)
        layer.reset(w)
        for _ in range(30):
            w.hop(next_hop(w))
            for _frame in range(4):  # a hop every 4 frames of 1/15 s: the drops keep coming
                w.update(1 / 15)
                layer.feed(w.drain_events())
                layer.update(1 / 15, w.score)
                items = layer.draw_list(w)
                bad = spikes_over_stairs(items)
                assert not bad, (seed, w.score, [(s[0], o[0]) for s, o in bad][:3])
                cut = [item for item in items if item[1] == ly._OBSTACLE and item[5] > 0 and not canvas.contains(
                    item[2].image.get_bounding_rect(min_alpha=32).move(round(item[3]) - item[2].anchor[0],
                                                                       round(item[4]) - item[2].anchor[1]))]
                assert not cut, (seed, w.score, "a spike cut by the canvas's edge", cut[0][3:])
                checked += 1
                falling += sum(1 for f in layer.falling if f.name == "obstacle" and f.alpha > 0)
        assert w.score == 30 and not w.over
    assert checked == len(seeds) * 120 and falling > len(seeds) * 10  # dropped spikes were checked too

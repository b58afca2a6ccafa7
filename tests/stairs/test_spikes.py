"""Spike traps never cover a stair: not a live spike over the corner of the stair beside it or the riser of the one
two rows up, not a passed or dropped one over a stair the robot can still land on. Checked on the frame a player
sees (seed 11, hops R R R L R L L R L R R, from the menu) and on the draw list of 200 seeded climbs."""
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
    with_spikes, without = pygame.Surface(app.size), pygame.Surface(app.size)
    for surface, world, falling in ((with_spikes, w, layer.falling),
                                    (without, Without(w), [f for f in layer.falling if f.name != "obstacle"])):
        kept, layer.falling = layer.falling, falling
        surface.fill((0, 0, 0))
        layer.draw(surface, world)
        layer.falling = kept
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
    stair."""
    pygame.display.init()
    seeds = range(1, 201) if size == (480, 800) else range(1, 21)
    checked = falling = 0
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
                checked += 1
                falling += sum(1 for f in layer.falling if f.name == "obstacle" and f.alpha > 0)
        assert w.score == 30 and not w.over
    assert checked == len(seeds) * 120 and falling > len(seeds) * 10  # dropped spikes were checked too

"""Box's scene: Space stacks a box, X knocks it over, Esc pauses. Undo, saves, codes, the daily game, stats and
replays are the session's; this turns keys into moves and draws a position (the engine's replays draw it too)."""
from functools import partial

import pygame

import fakegame
from arcade.engine.session import DEMO
from arcade.engine.session_scene import SessionScene

MOVES = {pygame.K_SPACE: "+1", pygame.K_x: "x"}
made: list = []  # the scenes made, newest last, for the tests to look at


class BoxScene(SessionScene):
    def __init__(self, app, resume=False, demo=False, **options):
        super().__init__(app, fakegame.GAME, resume=resume, options=options, demo=demo)
        self.resume, self.options = resume, options
        made.append(self)

    def enter(self):
        if not self.demo:
            self.app.open("help", "box", first_launch=True)

    def handle(self, event):
        if self.session_key(event) or event.type != pygame.KEYDOWN or self.demo:
            return
        if event.key == pygame.K_ESCAPE:
            self.open_pause(on_restart=self.session.restart)
        elif event.key in MOVES:
            self.session.play(MOVES[event.key])

    def update(self, dt):
        if self.demo:
            self.session.play("+1", by=DEMO)

    def draw(self, surface):
        draw_position(surface, self.session.state, self.session.params)


make_scene, make_demo = BoxScene, partial(BoxScene, demo=True)


def draw_position(surface, state, params):
    """A position: the stack's height as a column of boxes."""
    surface.fill((1, 2, 3))
    for i in range(min(state[0], 20)):
        pygame.draw.rect(surface, (200, 120, 40), (200, 700 - 32 * i, 80, 28))

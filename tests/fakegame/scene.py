"""The fake game's scene module: a scene on the session layer that stacks a box on Space (X knocks the stack
over), records the options it was made with, and has no undo, save, replay, code or stats code of its own."""
import pygame

from arcade.engine.session import DEMO
from arcade.engine.session_scene import SessionScene

made: list = []


class BoxScene(SessionScene):
    def __init__(self, app, resume=False, demo=False, **options):
        import fakegame

        super().__init__(app, fakegame.GAME, resume=resume, options=options, demo=demo)
        self.resume, self.options = resume, options
        self.boxes = options.get("boxes", 0)
        self.events: list = []
        self.restarted = 0
        made.append(self)

    def enter(self):
        if not self.demo:
            self.app.open("help", "box", first_launch=True)

    def handle(self, event):
        self.events.append(event)
        if self.session_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.boxes += 1
            self.session.play("+1")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_x:
            self.session.play("x")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause(on_restart=self.restart)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_g:  # game over: one record in the history
            self.app.profile.submit_score("box", self.boxes)
            self.app.profile.record_game("box", self.boxes, boxes=self.boxes)

    def restart(self):
        self.restarted += 1

    def update(self, dt):
        if self.demo:
            self.boxes += 1
            self.session.play("+1", by=DEMO)

    def draw(self, surface):
        surface.fill((1, 2, 3))


def make_scene(app, resume=False, **options):
    return BoxScene(app, resume=resume, **options)


def make_demo(app):
    return BoxScene(app, demo=True)


def draw_position(surface, state, params):
    """A replay position: the stack's height as a column of boxes."""
    surface.fill((1, 2, 3))
    for i in range(min(state[0], 20)):
        pygame.draw.rect(surface, (200, 120, 40), (200, 700 - 32 * i, 80, 28))

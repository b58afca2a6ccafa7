"""The fake game's scene module: a scene that counts Space presses and records the options it was made with."""
import pygame

from arcade.engine.scene import Scene

made: list = []


class BoxScene(Scene):
    def __init__(self, app, resume=False, demo=False, **options):
        super().__init__(app)
        self.resume, self.demo, self.options = resume, demo, options
        self.boxes = options.get("boxes", 0)
        self.events: list = []
        self.restarted = 0
        made.append(self)

    def enter(self):
        if not self.demo:
            self.app.open("help", "box", first_launch=True)

    def handle(self, event):
        self.events.append(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.boxes += 1
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("pause", "box", on_restart=self.restart)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_g:  # game over: one record in the history
            self.app.profile.submit_score("box", self.boxes)
            self.app.profile.record_game("box", self.boxes, boxes=self.boxes)

    def restart(self):
        self.restarted += 1

    def update(self, dt):
        if self.demo:
            self.boxes += 1

    def draw(self, surface):
        surface.fill((1, 2, 3))


def make_scene(app, resume=False, **options):
    return BoxScene(app, resume=resume, **options)


def make_demo(app):
    return BoxScene(app, demo=True)

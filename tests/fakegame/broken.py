"""Scene modules that fail in each place a scene can fail: the house must take them off the stack, log the
traceback once, land on the menu with a one-line message, and keep running."""
from arcade.engine.scene import Scene

WHERE = {"where": "enter"}  # set by the test


class Broken(Scene):
    def __init__(self, app):
        if WHERE["where"] == "init":
            raise RuntimeError("boom in __init__")
        super().__init__(app)

    def enter(self):
        if WHERE["where"] == "enter":
            raise RuntimeError("boom in enter")

    def update(self, dt):
        if WHERE["where"] == "update":
            raise RuntimeError("boom in update")

    def draw(self, surface):
        if WHERE["where"] == "draw":
            raise RuntimeError("boom in draw")
        surface.fill((9, 9, 9))


def make_scene(app, resume=False, **options):
    return Broken(app)


def make_demo(app):
    return Broken(app)


def warm_steps(app):
    yield
    raise OSError("disk gone")

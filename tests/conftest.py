"""Headless test set-up: SDL dummy drivers and a temp profile dir, before anything imports pygame."""
import atexit
import os
import shutil
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["ARCADE_DATA_DIR"] = tempfile.mkdtemp(prefix="arcade-test-data-")
atexit.register(shutil.rmtree, os.environ["ARCADE_DATA_DIR"], ignore_errors=True)

import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _games_settings_known():
    """The real games' settings are known to every profile, as in the app (the CLI loads the registry first)."""
    from arcade import games

    games.load()


@pytest.fixture(autouse=True, scope="session")
def _expectimax_compiled():
    """numba compiles the 2048 expectimax kernel on its first use in a process (seconds) and caches it on disk:
    compile it once here, so the worker processes of the tests load it from the cache instead of compiling it
    inside a request's time limit (the game's worker does it while it warms up)."""
    from arcade.game2048 import ai
    from arcade.game2048.ai import learned

    ai.choose(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)), budget_ms=5)
    learned.warm_kernel()  # the search with a network at its leaves is a kernel of its own


@pytest.fixture
def data_dir(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def make_app(data_dir, request):
    """Build an App on the dummy driver with a synchronous profile in a temp dir, the games and the shell.

    A scene that raises is closed by the stack (the player lands on the menu), which would hide a bug from a test
    that only looks at the screen: so a test fails if any scene of its apps failed, unless it is marked
    ``@pytest.mark.scene_errors`` (the tests of that very safety net)."""
    made = []

    def make(registry=None, **opts):
        """``registry``: the games (default: the real registry); the shell's services are installed."""
        from arcade import games, shell
        from arcade.engine.app import App, Options
        from arcade.engine.storage import Profile

        games_ = registry if registry is not None else games.load()
        a = App(Options(data_dir=data_dir, **opts), games=games_, profile=Profile(data_dir, sync=True))
        shell.install(a)
        made.append(a)
        return a

    yield make
    from arcade.engine.ui.input import LOGICAL_SIZE, set_current_canvas

    set_current_canvas(LOGICAL_SIZE)  # an app in a wide window leaves the next test the portrait canvas it expects
    from arcade.engine import assets

    assets.set_text_scale(1.0)  # and text at its own size
    failed = sum(a.stack.errors for a in made)
    for a in made:
        try:
            a.stack.close()
            a.profile.close()
        except Exception:
            pass
    if failed and request.node.get_closest_marker("scene_errors") is None:
        pytest.fail(f"{failed} scene(s) raised and were closed by the stack (see the log above); "
                    "mark the test scene_errors if that is what it tests")


@pytest.fixture
def app(make_app):
    return make_app()

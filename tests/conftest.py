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


@pytest.fixture
def data_dir(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def make_app(data_dir):
    """Build an App on the dummy driver with a synchronous profile in a temp dir."""
    made = []

    def make(registry=None, **opts):
        from arcade.app import App, Options
        from arcade.storage import Profile

        a = App(Options(data_dir=data_dir, **opts), profile=Profile(data_dir, sync=True))
        if registry is not None:
            a.registry = registry
        made.append(a)
        return a

    yield make
    for a in made:
        try:
            a.stack.close()
            a.profile.close()
        except Exception:
            pass


@pytest.fixture
def app(make_app):
    return make_app()

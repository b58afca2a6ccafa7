# The two commands: `make play` and `make test`. Both create .venv and install the project into it (with numba, the
# compiled searches, and ray, for benchmarks on a cluster: the game never imports it); the install is redone when
# pyproject.toml or setup.py change.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test bench demo clean assets

play: $(STAMP)
	$(BIN)/python -m arcade $(ARGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m arcade bench all $(ARGS)

demo: $(STAMP)
	$(BIN)/python -m arcade demo $(ARGS)

assets: $(STAMP)
	$(BIN)/python tools/make_assets.py

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "arcade needs Python 3.10 or newer; set PYTHON=python3.11")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[fast,test,cluster]'
	@# compile the AI searches now, once (numba caches them), so a player's first AI answer never waits for it
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m arcade.dev.precompile
	@touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache

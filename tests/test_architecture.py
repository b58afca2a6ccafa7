"""The house's layering, read from the source: shell -> engine <- games, dev imported by nothing at run time, a
game's benchmarks (its ``bench/`` package) imported by none of its runtime modules, dev reaching the games through
the registry only, no import cycles, no private names borrowed across modules, no test tooling in the product, the
pure game logic free of pygame, and no module of a game over 600 lines but the searches and solvers named here."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from arcade import games

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "arcade"
GAME_PACKAGES = {name.rsplit(".", 1)[1] for name in games.PACKAGES}
PURE = ["arcade.game2048.rules", "arcade.game2048.game", "arcade.game2048.bitboard", "arcade.game2048.ai",
        "arcade.game2048.autoplay", "arcade.game2048.anim", "arcade.stairs.alias", "arcade.stairs.world",
        "arcade.stairs.autopilot", "arcade.stairs.replay", "arcade.engine.plugin", "arcade.engine.settings",
        "arcade.engine.worker", "arcade.engine.storage", "arcade.games", "arcade.engine.session",
        "arcade.engine.codes", "arcade.game2048.backend", "arcade.minesweeper.backend", "arcade.tictactoe.backend",
        "arcade.stairs.backend", "arcade.minesweeper.field", "arcade.minesweeper.autoplay"] + \
    [f"{p}" for p in games.PACKAGES]


def modules():
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def imports(path: Path, module: str, top_level_only: bool = False):
    """(imported module, names, line, at module level) for every import in the file."""
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, (), node.lineno, id(node) in top
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            yield base, tuple(a.name for a in node.names), node.lineno, id(node) in top


def is_bench(module: str) -> bool:
    """A module of a game's ``bench/`` package (benchmarks and their hooks: developer tooling, not the product)."""
    parts = module.split(".")
    return len(parts) >= 3 and parts[1] in GAME_PACKAGES and parts[2] == "bench"


# what a game's bench/ package may take from arcade/dev: the shared benchmark plumbing, never the house's tools
BENCH_PLUMBING = "arcade.dev.benchkit"


def area(module: str) -> str:
    parts = module.split(".")
    if len(parts) < 2:
        return "root"
    return parts[1] if parts[1] in ("engine", "shell", "dev") or parts[1] in GAME_PACKAGES else parts[1]


ALL = list(modules())


def test_the_layout_is_there():
    names = {m for m, _ in ALL}
    assert {"arcade.engine.app", "arcade.engine.scene", "arcade.engine.storage", "arcade.engine.settings",
            "arcade.engine.worker", "arcade.engine.plugin", "arcade.shell.menu", "arcade.shell.pause",
            "arcade.shell.stats", "arcade.shell.help", "arcade.shell.demo", "arcade.dev.benchmarks",
            "arcade.dev.fuzz", "arcade.dev.faults", "arcade.dev.summary"} <= names


@pytest.mark.parametrize("module,path", ALL, ids=[m for m, _ in ALL])
def test_imports_point_down(module, path):
    here = area(module)
    bad = []
    for target, names, line, _ in imports(path, module):
        if not target.startswith("arcade"):
            continue
        there = area(target) if target != "arcade" else "root"
        if here == "engine" and there != "engine" and target not in ("arcade",):
            bad.append(f"{line}: the engine imports {target}")
        bench_plumbing = is_bench(module) and target == BENCH_PLUMBING
        if here in GAME_PACKAGES and there not in ("engine", here, "root") and not bench_plumbing:
            bad.append(f"{line}: game {here} imports {target}")
        if here in GAME_PACKAGES and target in ("arcade.games", "arcade.cli"):
            bad.append(f"{line}: game {here} imports {target}")
        if here in GAME_PACKAGES and not is_bench(module) and is_bench(target):
            bad.append(f"{line}: the runtime module {module} imports the benchmark {target}")
        if here == "shell" and there in GAME_PACKAGES:
            bad.append(f"{line}: the shell imports the game {target} (it must read the registry)")
        if here == "dev" and there in GAME_PACKAGES:
            bad.append(f"{line}: the developer tool {module} imports the game {target} (it must read the registry)")
        if here not in ("dev",) and module != "arcade.cli" and there == "dev" and not bench_plumbing:
            bad.append(f"{line}: {target} (dev tooling) imported by the product")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("module,path", ALL, ids=[m for m, _ in ALL])
def test_no_private_names_across_modules_and_no_test_tooling(module, path):
    bad = []
    for target, names, line, top in imports(path, module):
        if target.startswith("arcade") and target != module:
            # "_" is gettext's translation function by convention (arcade.engine.i18n._), not a private name
            bad += [f"{line}: {target}.{n}" for n in names if n.startswith("_") and not n.startswith("__")
                    and n != "_"]
        if top and (target.startswith("unittest") or target in ("pytest", "hypothesis")):
            bad.append(f"{line}: {target} at module level")
    assert not bad, "\n".join(bad)


def test_no_import_cycles():
    """Function-level imports count too: a cycle hidden in a function is still two modules that need each other."""
    names = {m for m, _ in ALL}
    graph = {}
    for module, path in ALL:
        deps = set()
        for target, imported, _, top in imports(path, module):
            if not target.startswith("arcade"):
                continue
            for cand in [f"{target}.{n}" for n in imported] + [target]:
                if cand in names and cand != module:
                    deps.add(cand)
                    break
        graph[module] = deps
    state, cycles = {}, []

    def visit(m, trail):
        state[m] = 1
        for d in graph[m]:
            if state.get(d) == 1 and not (module_is_parent(d, m)):
                cycles.append(" -> ".join(trail[trail.index(d):] + [d]) if d in trail else f"{m} -> {d}")
            elif d not in state:
                visit(d, trail + [d])
        state[m] = 2

    def module_is_parent(a, b):  # a package importing its own submodule and back is Python's normal order
        return b.startswith(a + ".")

    for m in graph:
        if m not in state:
            visit(m, [m])
    assert not cycles, cycles


def test_the_pure_logic_imports_no_pygame():
    code = ("import sys, importlib\n"
            f"for m in {PURE!r}:\n"
            "    importlib.import_module(m)\n"
            "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
            "print(len(bad))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "0"


def test_the_registry_is_the_list_of_game_packages():
    registry = games.load()
    assert list(registry) == [importlib_name(p) for p in games.PACKAGES]
    for game in registry.values():
        assert game.scene.startswith(f"arcade.{game.scene.split('.')[1]}.")
        for spec in game.settings:
            assert spec.section


def importlib_name(package):
    import importlib

    return importlib.import_module(package).GAME.id


# The calls that write or read a game's records: only the session layer makes them for a game.
RECORD_CALLS = {"record_game", "submit_score", "submit_low", "save_game", "saved_game", "saved_games", "clear_saved",
                "set_aside_save"}


def record_calls(path: Path):
    """(line, call) of every ``<...>.profile.<record call>(...)`` or ``<...>.replays.add(...)`` in the file."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
            owner, name = node.value.attr, node.attr
            if (owner == "profile" and name in RECORD_CALLS) or (owner == "replays" and name == "add"):
                yield node.lineno, f"{owner}.{name}"


@pytest.mark.parametrize("package", sorted(GAME_PACKAGES))
def test_game_scenes_leave_records_to_the_session_layer(package):
    calls = [(p.name, line, call) for p in sorted((PKG / package).rglob("*.py")) if "bench" not in p.parts
             and not p.name.startswith("bench") for line, call in record_calls(p)]
    assert not calls, f"{package} writes records itself (only arcade.engine.session may): {calls}"


def test_the_session_layers_record_calls_are_found():
    """The rule above can fail: the session module itself makes exactly these calls through its Store."""
    calls = {call for _, call in record_calls(PKG / "engine" / "session.py")}
    assert {"profile.record_game", "profile.save_game", "replays.add"} <= calls


# One concern a module: no module of a game package is over MAX_LINES, but a search or a solver, whose size is its
# algorithm. Each exception by its path in the package, and why.
MAX_LINES = 600
LONG_ALGORITHMS = {
    "minesweeper/solver.py": "the exact mine probabilities: frontier components enumerated and weighted by binomials "
                             "of the mine count, the brute-force endgame, the choice of the next cell",
    "tictactoe/gomoku.py": "the Gomoku search: threat search and alpha-beta over incremental window patterns",
    "tictactoe/gomoku_jit.py": "the same search over numpy arrays, written once for numba and plain Python",
    "tictactoe/solver.py": "the small boards' exact solver and their depth-limited search",
}
FAKE_GAME = ROOT / "tests" / "fakegame"


def too_long(package: Path, exceptions=LONG_ALGORITHMS) -> dict:
    """The modules of ``package`` (a game's folder) over :data:`MAX_LINES` lines, by their path, but the
    exceptions."""
    return {rel: n for p in sorted(package.rglob("*.py"))
            if (rel := f"{package.name}/{p.relative_to(package).as_posix()}") not in exceptions
            and (n := len(p.read_text().splitlines())) > MAX_LINES}


@pytest.mark.parametrize("package", sorted(GAME_PACKAGES) + ["fakegame"])
def test_game_modules_stay_small_but_the_searches_and_solvers(package):
    """Every game of the registry and the contract tests' fake game: scenes, HUDs, views, layers, pickers,
    benchmarks, AI clients are one concern a module, none over 600 lines."""
    folder = FAKE_GAME if package == "fakegame" else PKG / package
    big = too_long(folder)
    assert not big, big


REPLAY_SCENE_LINES = 150


def replay_scene_code(package: str) -> list:
    """A game's replay and review modules but its pure ones (``replay.py``, ``review.py``): its scene code."""
    return sorted(p for p in (PKG / package).glob("*.py") if p.name.startswith(("replay", "review"))
                  and p.name not in ("replay.py", "review.py"))


def replay_scene_problems(package: str, limit: int = REPLAY_SCENE_LINES) -> list:
    """What keeps a game's replay from being hooks on the engine's scene: scene code besides ``replay_scene.py``,
    more than ``limit`` lines of it, or a class there other than the one :class:`ReplayHooks` subclass."""
    code = replay_scene_code(package)
    if [p.name for p in code] != ["replay_scene.py"]:
        return [f"{package}: scene code {[p.name for p in code]}"]
    problems = []
    n = len(code[0].read_text().splitlines())
    if n > limit:
        problems.append(f"{package}/replay_scene.py: {n} lines (at most {limit})")
    classes = [node for node in ast.walk(ast.parse(code[0].read_text())) if isinstance(node, ast.ClassDef)]
    if [[ast.unparse(b) for b in c.bases] for c in classes] != [["ReplayHooks"]]:
        problems.append(f"{package}/replay_scene.py: classes {[c.name for c in classes]}")
    return problems


@pytest.mark.parametrize("package", sorted(GAME_PACKAGES))
def test_every_games_replay_and_review_are_hooks_on_the_engines_scene(package):
    """The engine draws every replay and review (its scene, its review card, its chart): a game with a replay
    lends hooks (its position and animations, the caption, its boxes, the review in words and figures), at most
    150 lines of scene code beside its pure replay and review modules, and no scene or review card of its own."""
    replays = {g.replay for g in games.load().values() if g.replay and g.replay.split(".")[1] == package}
    if not replays:
        assert not replay_scene_code(package), package
        return
    assert replays == {f"arcade.{package}.replay_scene"}
    assert not replay_scene_problems(package), replay_scene_problems(package)


def test_the_replay_scene_rule_can_fail():
    """The rule sees a long scene: every game's replay scene is over a limit 20 lines lower."""
    with_replay = [p for p in sorted(GAME_PACKAGES) if replay_scene_code(p)]
    assert len(with_replay) == 4, with_replay
    assert all(replay_scene_problems(p, REPLAY_SCENE_LINES - 20) for p in with_replay)


def test_the_exceptions_are_there_and_the_rule_can_fail():
    """Each named exception is a module of a game (no stale names), and the rule sees a long module: without its
    exception the Gomoku search is over the limit."""
    for rel in LONG_ALGORITHMS:
        package = rel.split("/", 1)[0]
        assert package in GAME_PACKAGES and (PKG / rel).is_file(), rel
    assert "tictactoe/gomoku_jit.py" in too_long(PKG / "tictactoe", exceptions={})

"""Benchmarks on a Ray cluster (``--cluster``, the ``arcade[cluster]`` extra): a local Ray of 2 CPUs started once for
the module plays the same games as the process pool, a worker killed mid-run costs no game and counts none twice,
and a missing extra, an unreachable cluster or ``--cluster`` with ``--jobs`` are one line and exit 2. The game
itself never imports ray."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ray = pytest.importorskip("ray", reason="the arcade[cluster] extra (make test installs it)")

from arcade import cli  # noqa: E402
from arcade.dev import benchkit  # noqa: E402
from arcade.dev.benchkit import INSTALL_HINT, RayCluster  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def _games(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return sorted((g["seed"], g["score"], g["moves"], g["max_tile"]) for g in data["games"])


def test_the_cluster_plays_the_same_games_as_the_process_pool(local_ray, tmp_path, capsys):
    common = ["bench", "2048", "--games", "4", "--seed", "5", "--until", "256", "--param", "depth=1", "--quiet"]
    assert cli.main(common + ["--jobs", "2", "--json", str(tmp_path / "pool.json")]) == 0
    assert cli.main(common + ["--cluster", "auto", "--json", str(tmp_path / "ray.json")]) == 0
    pool, cluster = _games(tmp_path / "pool.json"), _games(tmp_path / "ray.json")
    assert len(pool) == 4 and pool == cluster


def test_minesweeper_on_the_cluster_counts_every_game_once(local_ray, tmp_path):
    out = tmp_path / "ms.json"
    assert cli.main(["bench", "minesweeper", "--level", "beginner", "--games", "12", "--seed", "3", "--quiet",
                     "--cluster", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 12 and sorted(g["seed"] for g in data["records"]) == list(range(3, 15))
    one = tmp_path / "one.json"
    assert cli.main(["bench", "minesweeper", "--level", "beginner", "--games", "12", "--seed", "3", "--quiet",
                     "--json", str(one)]) == 0
    assert json.loads(one.read_text())["wins"] == data["wins"]


def test_a_worker_lost_mid_run_plays_its_game_again_and_counts_it_once(local_ray, tmp_path):
    marks = str(tmp_path)

    def die_once(item):  # the first run of item 3 kills its worker process outright
        mark = os.path.join(marks, f"died-{item}")
        if item == 3 and not os.path.exists(mark):
            open(mark, "w").close()
            os._exit(1)
        return item, item * item

    got = []
    benchkit.parallel(die_once, range(8), 1, got.append, executor=RayCluster("auto"))
    assert sorted(got) == [(i, i * i) for i in range(8)]
    assert os.path.exists(os.path.join(marks, "died-3"))


def test_an_error_in_a_game_is_raised_here_as_from_the_pool(local_ray):
    def broken(item):
        raise ValueError(f"bad item {item}")

    with pytest.raises(ValueError, match="bad item"):
        benchkit.parallel(broken, [1], 1, lambda r: None, executor=RayCluster("auto"))


def _cli(*args):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "arcade", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_an_unreachable_cluster_is_one_line():
    r = _cli("bench", "minesweeper", "--games", "1", "--level", "beginner", "--cluster", "127.0.0.1:1")
    assert r.returncode == 2 and "no Ray cluster at 127.0.0.1:1" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_cluster_and_jobs_exclude_each_other():
    for bench in (["2048", "--games", "2"], ["minesweeper", "--games", "2"]):
        r = _cli("bench", *bench, "--jobs", "2", "--cluster")
        assert r.returncode == 2 and "exclude each other" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_without_the_extra_the_cluster_is_one_line_naming_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError, as where it is not installed
    with pytest.raises(SystemExit) as stop:
        cli.main(["bench", "minesweeper", "--games", "1", "--level", "beginner", "--cluster"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert INSTALL_HINT in err and len(err.splitlines()) == 1


def test_the_game_never_imports_ray():
    code = (
        "import sys\n"
        "from arcade.engine.app import App, Options\n"
        "from arcade import games\n"
        "import importlib\n"
        "for g in games.load().values():\n"
        "    importlib.import_module(g.scene)\n"
        "import arcade.cli\n"
        "print('ray' in sys.modules)\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


# ----- arcade train 2048 --cluster -----
def _weights(folder):
    from arcade.game2048.ai import ntuple

    return ntuple.load(os.path.join(folder, "weights.bin"))


def test_training_on_one_actor_learns_what_the_single_process_trainer_learns(local_ray, tmp_path):
    import numpy as np

    here, there = str(tmp_path / "here"), str(tmp_path / "there")
    common = ["train", "2048", "--games", "80", "--chunk", "40", "--seed", "3"]
    assert cli.main(common + ["--dir", here]) == 0
    assert cli.main(common + ["--dir", there, "--cluster", "--workers", "1"]) == 0
    (a, ha), (b, hb) = _weights(here), _weights(there)
    assert ha["games"] == hb["games"] == 80 and ha["next_seed"] == hb["next_seed"]
    assert np.count_nonzero(a) > 1000
    assert np.allclose(a, b, rtol=1e-5, atol=1e-4)  # the same games and updates, to float32 rounding


def test_training_on_two_actors_checkpoints_and_resumes(local_ray, tmp_path, capsys):
    run = str(tmp_path / "run")
    assert cli.main(["train", "2048", "--dir", run, "--games", "100", "--chunk", "25", "--cluster"]) == 0
    out = capsys.readouterr().out
    assert "2 actors" in out and "the learner's share" in out
    w1, h1 = _weights(run)
    assert h1["games"] == 100
    assert cli.main(["train", "2048", "--dir", run, "--resume", "--games", "150", "--chunk", "25"]) == 0
    w2, h2 = _weights(run)  # resumed on one machine, without the cluster
    assert h2["games"] == 150 and h2["next_seed"] > h1["next_seed"] and (w2 != w1).any()


def test_the_recipe_on_two_actors_switches_phase_at_its_boundary(local_ray, tmp_path, capsys):
    """Rounds of 2 x 40 games; the last round of optimistic TD splits the 65 games left (33 + 32), so temporal
    coherence starts at exactly 145 games, and a resume on one machine goes on in its phase."""
    run = str(tmp_path / "run")
    recipe = ["--recipe", "otd-tc", "--otd-games", "145", "--tc-games", "60", "--chunk", "40"]
    assert cli.main(["train", "2048", "--dir", run, *recipe, "--games", "185", "--cluster", "--workers", "2"]) == 0
    w, head = _weights(run)
    assert head["games"] == 185 and head["phase"] == "tc" and head["tc"] is True
    assert head["next_seed"] == 1 + 3 * 2  # rounds of 80, 65 (optimistic TD) and 40 games: a seed an actor a round
    with open(os.path.join(run, "recipe.json"), encoding="utf-8") as fh:
        assert json.load(fh)["phase"] == "tc"
    capsys.readouterr()
    assert cli.main(["train", "2048", "--dir", run, "--resume", "--chunk", "40"]) == 0
    out = capsys.readouterr().out
    assert "in phase 2 of the otd-tc recipe" in out and "the rates of" in out
    assert _weights(run)[1]["games"] == 205


def test_workers_without_a_cluster_is_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["train", "2048", "--dir", str(tmp_path / "r"), "--games", "10", "--workers", "2"])
    assert stop.value.code == 2 and "--workers goes with --cluster" in capsys.readouterr().err


@pytest.mark.parametrize("seed", range(20))
def test_the_summed_changes_rebuild_the_copy_an_actor_trained(seed):
    import numpy as np

    from arcade.game2048.bench.train_cluster import apply, changes

    rng = np.random.default_rng(seed)
    old = rng.normal(size=(4, 64)).astype(np.float32)
    new = old.copy()
    touched = rng.choice(old.size, size=rng.integers(0, old.size), replace=False)
    new.reshape(-1)[touched] += rng.normal(size=touched.size).astype(np.float32)
    idx, values = changes(new, old)
    assert set(idx.tolist()) <= set(touched.tolist())
    rebuilt = old.copy()
    apply(rebuilt, (idx, values))
    assert np.allclose(rebuilt, new, rtol=1e-6, atol=1e-6)

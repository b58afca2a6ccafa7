"""The wheel carries the package and its assets: install it in a fresh venv and run it there."""
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_runs_without_the_repo(tmp_path):
    wheels = tmp_path / "wheels"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(ROOT)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (wheel,) = wheels.glob("*.whl")
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "arcade/data/fonts/ClearSans-Bold.ttf" in names
    assert "arcade/data/ai/ntuple-2048.bin" in names  # the learned 2048 evaluation
    # every package of the source tree is in the wheel (pyproject/setup.py find them: none can be left out)
    packages = {str(p.parent.relative_to(ROOT)) for p in (ROOT / "arcade").rglob("__init__.py")}
    assert len(packages) >= 6
    missing = sorted(p for p in packages if f"{p}/__init__.py" not in names)
    assert not missing, missing

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True).stdout.strip()
    # the project from the wheel (a real pip install into the new venv) ...
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", "--no-deps", "--no-index",
                        str(wheel)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert (env_dir / "bin" / "arcade").exists()  # the console script
    # ... and its runtime dependencies from our own environment (no network needed)
    ours = sysconfig.get_paths()["purelib"]
    Path(site, "deps.pth").write_text(ours + "\n")
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARCADE_DATA_DIR=str(tmp_path / "data"))
    r = subprocess.run([str(py), "-c", "import arcade, importlib.resources as r; print(arcade.__file__);"
                        "print(r.files('arcade.data').joinpath('fonts/ClearSans-Bold.ttf').is_file())"],
                       capture_output=True, text=True, cwd=run_dir, env=env)
    assert r.returncode == 0, r.stderr
    where, has_font = r.stdout.split()
    assert where.startswith(site) and has_font == "True"
    # ... and every module of it imports from the installed copy
    r = subprocess.run([str(py), "-c", "import arcade, pkgutil, importlib\n"
                        "mods = [m.name for m in pkgutil.walk_packages(arcade.__path__, 'arcade.')]\n"
                        "[importlib.import_module(m) for m in mods]\nprint(len(mods))"],
                       capture_output=True, text=True, cwd=run_dir, env=env)
    assert r.returncode == 0, r.stderr
    assert int(r.stdout.split()[-1]) >= 30
    r = subprocess.run([str(env_dir / "bin" / "arcade"), "--frames", "30"], capture_output=True, text=True, cwd=run_dir, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr

"""The generated art and sound in assets/ (made by tools/make_assets.py): present, loadable, as the manifests say,
seamless where they must tile, mirror-consistent, short and unclipped, distinct, and reproducible byte for byte."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import json
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
IMAGES = ASSETS / "images"
SOUNDS = ASSETS / "sounds"
IMG_MAN = json.loads((IMAGES / "manifest.json").read_text())
SND_MAN = json.loads((SOUNDS / "manifest.json").read_text())

POSES = ("idle", "hop", "fall")
REQUIRED_IMAGES = (
    {f"robot_{p}_{f}" for p in POSES for f in ("left", "right")}
    | {"robot_shadow", "stair", "obstacle", "scenery_left", "scenery_right", "menu_background", "icon_2048",
       "icon_stairs", "icon_mines", "cause_hit", "cause_fell", "cause_dropped", "window_icon"}
)
REQUIRED_SOUNDS = {"slide", "win", "game_over", "hop", "hit", "fall", "drop", "menu_move", "menu_select"} | {
    f"merge_{e}" for e in range(1, 18)}
LONG_SOUNDS = {"win", "game_over"}
FULL = 32768


def load(name: str) -> pygame.Surface:
    return pygame.image.load(str(IMAGES / IMG_MAN[name]["file"]))


def rgba(name: str) -> np.ndarray:
    """(h, w, 4) uint8."""
    s = load(name)
    w, h = s.get_size()
    return np.frombuffer(pygame.image.tobytes(s, "RGBA"), np.uint8).reshape(h, w, 4)


def samples(name: str) -> np.ndarray:
    with wave.open(str(SOUNDS / SND_MAN[name]["file"])) as w:
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.int32)


# --- images ------------------------------------------------------------------------------------------------------


def test_required_images_listed():
    assert REQUIRED_IMAGES <= set(IMG_MAN)


def test_no_orphan_files():
    assert {p.name for p in IMAGES.glob("*.png")} == {e["file"] for e in IMG_MAN.values()}
    assert {p.name for p in SOUNDS.glob("*.wav")} == {e["file"] for e in SND_MAN.values()}


@pytest.mark.parametrize("name", sorted(IMG_MAN))
def test_image_loads_with_manifest_size_and_alpha(name):
    surf = load(name)
    assert list(surf.get_size()) == IMG_MAN[name]["size"]
    assert surf.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == 32
    px = rgba(name)
    if name == "robot_shadow":
        assert 40 < px[..., 3].max() < 160, "a soft, translucent shadow"
    else:
        assert px[..., 3].max() == 255, "something opaque is drawn"
    if "anchor" in IMG_MAN[name]:
        ax, ay = IMG_MAN[name]["anchor"]
        assert 0 <= ax < px.shape[1] and 0 <= ay < px.shape[0]


@pytest.mark.parametrize("name", sorted(n for n in IMG_MAN if n.startswith(("robot", "obstacle", "cause", "icon", "window"))))
def test_sprites_are_not_cut_at_the_border(name):
    a = rgba(name)[..., 3]
    border = np.concatenate([a[0], a[-1], a[:, 0], a[:, -1]])
    assert border.max() <= 16, "the drawing fits inside its image"


def test_stage_sized_images():
    for name in ("menu_background", "stairs_background"):
        assert IMG_MAN[name]["size"] == [480, 800]
        assert rgba(name)[..., 3].min() == 255, "backgrounds are opaque"


@pytest.mark.parametrize("pose", POSES)
def test_robot_facings_are_mirror_images(pose):
    left, right = load(f"robot_{pose}_left"), load(f"robot_{pose}_right")
    assert left.get_size() == right.get_size()
    flipped = pygame.transform.flip(right, True, False)
    assert pygame.image.tobytes(flipped, "RGBA") == pygame.image.tobytes(left, "RGBA")
    assert rgba(f"robot_{pose}_left")[..., 3].tobytes() != rgba(f"robot_{pose}_right")[..., 3].tobytes(), \
        "a robot that is its own mirror image shows no facing"
    w = IMG_MAN[f"robot_{pose}_left"]["size"][0]
    (lx, ly), (rx, ry) = IMG_MAN[f"robot_{pose}_left"]["anchor"], IMG_MAN[f"robot_{pose}_right"]["anchor"]
    assert ly == ry and lx == w - rx


def test_robot_poses_differ_and_share_size():
    sizes = {IMG_MAN[f"robot_{p}_right"]["size"][0] * 1000 + IMG_MAN[f"robot_{p}_right"]["size"][1] for p in POSES}
    assert len(sizes) == 1
    for a, b in itertools.combinations(POSES, 2):
        assert np.abs(rgba(f"robot_{a}_right").astype(int) - rgba(f"robot_{b}_right").astype(int)).mean() > 5


def test_robot_stands_on_its_anchor():
    px = rgba("robot_idle_right")
    ax, ay = IMG_MAN["robot_idle_right"]["anchor"]
    rows = np.nonzero(px[..., 3].max(axis=1) > 128)[0]
    assert abs(rows.max() - ay) <= 3, "the feet end at the anchor row (give or take the outline)"
    cols = np.nonzero(px[..., 3].max(axis=0) > 128)[0]
    assert abs((cols.min() + cols.max()) / 2 - ax) <= 4, "the anchor is horizontally centred on the robot"


def test_stair_tile_geometry():
    e = IMG_MAN["stair"]
    assert e["size"] == [100, 60] and e["walkable_top"] == 26 and e["step"] == [50, 34]
    inset = e["inset"]
    a = rgba("stair")[..., 3]
    assert 6 <= inset <= 10, "the slab is a little narrower than its place: a gap between two stairs side by side"
    assert (a[:, :inset - 1] == 0).all() and (a[:, -inset + 1:] == 0).all()
    assert (a[2:-2, inset + 10:-inset - 10] == 255).all(), "the slab is solid: the next stair hides what is behind"
    assert a[0, inset] < 128 and a[-1, -inset - 1] < 128, "rounded corners"


@pytest.mark.parametrize("name", ["scenery_left", "scenery_right"])
def test_scenery_tiles_seamlessly(name):
    px = rgba(name).astype(float)
    h = px.shape[0]
    assert h > 800, "taller than the stage"
    pm = np.concatenate([px[..., :3] * px[..., 3:] / 255, px[..., 3:]], axis=-1)  # premultiplied
    adjacent = np.abs(np.diff(pm, axis=0)).mean(axis=(1, 2))
    seam = np.abs(pm[-1] - pm[0]).mean()
    assert seam <= np.percentile(adjacent, 95), (seam, np.percentile(adjacent, 95))
    # the measure can tell rows apart: rows far apart differ much more than neighbours do
    far = np.mean([np.abs(pm[i] - pm[(i + h // 2) % h]).mean() for i in range(0, h, 16)])
    assert far > 3 * np.median(adjacent)


def test_scenery_sides_face_inwards():
    left, right = rgba("scenery_left")[..., 3].astype(float), rgba("scenery_right")[..., 3].astype(float)
    w = left.shape[1]
    assert left[:, : w // 4].mean() > 2 * left[:, -w // 4:].mean()
    assert right[:, -w // 4:].mean() > 2 * right[:, : w // 4].mean()


def test_icons_sizes():
    for name in ("icon_2048", "icon_stairs", "icon_mines"):
        assert IMG_MAN[name]["size"] == [96, 96]
    for name in ("cause_hit", "cause_fell", "cause_dropped"):
        assert IMG_MAN[name]["size"] == [32, 32]
    assert IMG_MAN["window_icon"]["size"] == [64, 64]
    causes = [rgba(f"cause_{c}").astype(int) for c in ("hit", "fell", "dropped")]
    grey = [c[..., :3].mean(axis=-1) * c[..., 3] / 255 for c in causes]
    for a, b in itertools.combinations(grey, 2):
        assert np.abs(a - b).mean() > 8, "cause icons differ in shape and brightness, not only in hue"


# --- sounds ------------------------------------------------------------------------------------------------------


def test_required_sounds_listed():
    assert REQUIRED_SOUNDS <= set(SND_MAN)


@pytest.mark.parametrize("name", sorted(SND_MAN))
def test_sound_format_length_and_peak(name):
    e = SND_MAN[name]
    with wave.open(str(SOUNDS / e["file"])) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
        assert w.getnframes() == e["samples"]
    length_s = e["duration"]  # the sound's length (not a wall-time measurement)
    assert abs(length_s - e["samples"] / 44100) < 1e-3
    assert length_s <= (1.5 if name in LONG_SOUNDS else 0.6)
    x = samples(name)
    peak = int(np.abs(x).max())
    assert peak == e["peak"]
    assert peak < FULL - 1, "no sample at full scale: no clipping"
    assert peak > FULL * 10 ** (-12 / 20), "louder than -12 dBFS"
    assert abs(20 * np.log10(peak / FULL) - e["peak_dbfs"]) < 0.01
    assert abs(int(x[0])) < 200 and abs(int(x[-1])) < 200, "starts and ends near silence: no clicks"


def test_sounds_load_with_pygame_mixer():
    pygame.mixer.init()  # the dummy audio driver (set above) always has a mixer
    try:
        for name in ("slide", "merge_11", "win", "hop"):
            assert pygame.mixer.Sound(str(SOUNDS / SND_MAN[name]["file"])).get_length() > 0
    finally:
        pygame.mixer.quit()


def _spectrum(x: np.ndarray) -> np.ndarray:
    s = np.abs(np.fft.rfft(x.astype(float), 1 << 16))[: 1 << 14]  # 0 .. 11 kHz
    s = s.reshape(-1, 16).sum(axis=1)  # 10.8 Hz bands
    return s / np.linalg.norm(s)


def _dominant(x: np.ndarray) -> float:
    s = np.abs(np.fft.rfft(x.astype(float), 1 << 17))
    return float(np.argmax(s) * 44100 / (1 << 17))


def test_merges_rise_in_pitch():
    dom = [_dominant(samples(f"merge_{e}")) for e in range(1, 18)]
    assert all(b > a * 1.05 for a, b in zip(dom, dom[1:])), dom


def test_sounds_are_distinct():
    names = sorted(SND_MAN)
    spec = {n: _spectrum(samples(n)) for n in names}
    for a, b in itertools.combinations(names, 2):
        similar = float(spec[a] @ spec[b])
        assert similar < 0.9, (a, b, similar)


def test_assets_stay_small():
    total = sum(p.stat().st_size for p in list(IMAGES.iterdir()) + list(SOUNDS.iterdir()))
    assert total < 2_000_000


# --- reproducibility --------------------------------------------------------------------------------------------


def _decoded(path):
    """What a file holds, independent of the zlib build that compressed it."""
    if path.suffix == ".png":
        return rgba_of(path).astype(np.int32)
    if path.suffix == ".wav":
        with wave.open(str(path)) as w:
            return np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(np.int32)
    return path.read_bytes()


def rgba_of(path):
    s = pygame.image.load(str(path))
    w, h = s.get_size()
    return np.frombuffer(pygame.image.tobytes(s, "RGBA"), np.uint8).reshape(h, w, 4)


def test_generator_reproduces_the_committed_files(tmp_path):
    """Same files from the script: byte for byte on this machine; on another zlib or numpy build the pixels and
    samples may differ by rounding only (<= 2 levels), never by content."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_assets.py"), "--out", str(tmp_path), "--quiet"],
                   check=True, timeout=300, cwd=ROOT)
    for sub in ("images", "sounds"):
        made = {p.name: p for p in (tmp_path / sub).iterdir()}
        have = {p.name: p for p in (ASSETS / sub).iterdir() if p.is_file()}
        assert set(made) == set(have), f"{sub}: file sets differ; rerun tools/make_assets.py"
        stale = []
        for n in sorted(made):
            if made[n].read_bytes() == have[n].read_bytes():
                continue
            a, b = _decoded(made[n]), _decoded(have[n])
            if n.endswith(".json"):
                if json.loads(a) != json.loads(b):
                    ja, jb = json.loads(a), json.loads(b)
                    if set(ja) != set(jb):
                        stale.append(n)
                continue
            if isinstance(a, bytes) or a.shape != b.shape or np.abs(a - b).max() > 2:
                stale.append(n)
        assert not stale, f"{sub}: not reproduced: {stale}; rerun tools/make_assets.py"

"""The data-fault matrix for the player's profile: ``arcade bench faults`` (followed by a second table, the
misbehaving programs and output paths of :mod:`arcade.dev.process_faults`).

A REAL profile is made with :class:`arcade.engine.storage.Profile` (settings changed, best scores for "2048/4x4",
"2048/5x5" and "stairs", a saved 2048 game from its ``sample_save`` hook, history records); its last
write raises the Stairs best, so the backup holds one best less than the main file. Each case damages that
profile one way (or makes the disk fail under it), reopens it and records:

* **starts**: ``Profile(...)`` returned, nothing raised;
* **best scores kept**: every best score that any intact copy held is still there, right after the open and
  after the next save. The copies are the files in the profile folder once the fault is in place (main, backup,
  a temp file left by a killed write), each read by an independent strict reader (:func:`best_in`): UTF-8, JSON,
  an object at the top; every non-negative integer in a top-level ``"best"`` object counts, duplicates included.
  So a damaged file that still parses counts for its valid best entries; one that doesn't parse counts for nothing;
* **bad file kept aside**: every damaged file still exists, renamed ``<name>.corrupt-*``, byte for byte (checked
  after the next save too, so a later save may not overwrite it);
* **warnings**: warning lines logged on the ``"arcade"`` logger over the whole case (the reopen, play under the
  fault, the next save and one more fresh open): exactly 1 for a fault, 0 when nothing is wrong;
* **next save**: once the disk is fine, a new best saves, and a fresh open reads it without a warning.

Disk faults are injected only into ``arcade.engine.storage`` (its ``open`` and ``os``), scoped to the case folder; the
tests run as root, where chmod stops nothing. A killed process is simulated by raising a ``BaseException`` (which
no ``except OSError`` catches) at the chosen point of the real write. Nothing here imports pygame.
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import hashlib
import json
import logging
import os
import random
import re
import shutil
import stat
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional

from arcade.engine import storage
from arcade.engine.storage import FILENAME, Profile
from arcade.engine.args import folder_to_fill, int_range, output_file


@contextlib.contextmanager
def _patch(obj, name: str, value, create: bool = False):
    """Set ``obj.name`` to ``value`` for the block, then put back exactly what was there (or nothing)."""
    missing = object()
    old = vars(obj).get(name, missing)
    if old is missing and not create and not hasattr(obj, name):
        raise AttributeError(f"{obj!r} has no attribute {name!r}")
    setattr(obj, name, value)
    try:
        yield
    finally:
        if old is missing:
            delattr(obj, name)
        else:
            setattr(obj, name, old)

BACKUP = FILENAME + ".bak"
BEST_KEYS = ("2048/4x4", "2048/5x5", "stairs")
FIFO_TIMEOUT_S = 2.0  # a start-up blocked longer than this on a FIFO counts as a hang
RANDOM_SEEDS = 8


# ------------------------------------------------------------------------------------------------- results
@dataclass
class Case:
    """One row of the matrix (one fault, or a summary of several runs: ``runs`` > 1)."""

    name: str
    action: str
    expected_warnings: int = 1
    started: bool = False
    best_kept: bool = False
    aside: Optional[bool] = None  # None: no damaged file to keep
    warnings: int = 0
    next_save: Optional[bool] = None  # None: impossible by design (no folder: play goes on in memory)
    next_save_note: str = ""
    runs: int = 1
    failures: list = field(default_factory=list)
    # evidence, for the tests
    dir: Optional[Path] = None  # the profile folder
    expected_best: dict = field(default_factory=dict)  # max over the intact copies
    got_best: dict = field(default_factory=dict)  # right after the reopen
    final_best: dict = field(default_factory=dict)  # after the next save, from a fresh open
    final_stairs: Optional[int] = None  # the Stairs best the next save wrote
    bad: dict = field(default_factory=dict)  # damaged file name -> fingerprint
    kept_as: dict = field(default_factory=dict)  # damaged file name -> the name it was kept aside as
    warning_lines: list = field(default_factory=list)
    newer: int = 0  # truncation sweep: offsets at which a best newer than the backup's came back from the cut file

    @property
    def ok(self) -> bool:
        return (self.started and self.best_kept and self.aside is not False and self.warnings == self.expected_warnings
                and self.next_save is not False and not self.failures)


@dataclass
class Template:
    """The real profile every case starts from: the bytes of its two files and their best scores."""

    main: bytes
    bak: bytes
    saves: dict = field(default_factory=dict)  # saves/<name> -> bytes: the games in progress, in files of their own

    @functools.cached_property
    def main_best(self) -> dict:
        return best_in(self.main)

    @functools.cached_property
    def bak_best(self) -> dict:
        return best_in(self.bak)

    def raw(self) -> dict:
        return json.loads(self.main)

    def install(self, d: Path) -> None:
        d.mkdir(parents=True, exist_ok=True)
        (d / FILENAME).write_bytes(self.main)
        (d / BACKUP).write_bytes(self.bak)
        if self.saves:
            (d / storage.SAVES_DIR).mkdir(exist_ok=True)
            for name, data in self.saves.items():
                (d / storage.SAVES_DIR / name).write_bytes(data)


def build_template(d: Path) -> Template:
    """Make the real profile in ``d`` with the real API and return its files."""
    from arcade import games
    from arcade.dev.hooks import game_hooks
    from arcade.engine.session import Session

    # the games' settings become known to the profile, and 2048 (through its hooks) gives a real game in progress,
    # as its session saves it; its record below is what its backend says of it
    game_id, state = game_hooks("2048").sample_save()
    backend = games.load()[game_id].make_backend()
    session = Session.from_dict(backend, state)
    summary = backend.summary(session.params, session.state, None, session.moves)
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    p = Profile(d, sync=True)
    for key, value in (("volume", 0.35), ("muted", True), ("anim_speed", 0.5), ("2048.size", 5),
                       ("ai.strategy", "mcts"), ("ai.speed", 20), ("stairs.mouse", "buttons"), ("help.2048", True)):
        p.set(key, value)
    p.save_game(game_id, state)
    p.record_game("2048", 14236, max_tile=1024, moves=812, size=4, won=False)
    p.record_game(game_id, backend.score(session.state), max_tile=summary["tile"], moves=summary["moves"],
                  size=summary["size"], won=False)
    p.record_game("2048", 30112, max_tile=2048, moves=1544, size=5, won=True)
    p.record_game("stairs", 57, cause="hit")
    p.record_game("stairs", 12, cause="fell")
    p.submit_score("2048/4x4", 14236)
    p.submit_score("2048/5x5", 30112)
    p.submit_score("stairs", 57)
    p.submit_score("stairs", 63)  # the last write: the backup holds 57, the main file 63
    t = Template((d / FILENAME).read_bytes(), (d / BACKUP).read_bytes(),
                 {f.name: f.read_bytes() for f in sorted((d / storage.SAVES_DIR).glob("*.json"))})
    if t.main_best.get("stairs") != 63 or t.bak_best.get("stairs") != 57 or set(t.main_best) != set(BEST_KEYS):
        raise RuntimeError(f"the template profile is not what the matrix expects: {t.main_best} / {t.bak_best}")
    return t


# --------------------------------------------------------------------------------------- independent checks
class _Pairs(list):
    """A JSON object as its list of (key, value) pairs: duplicates kept."""


def best_in(data: bytes) -> dict:
    """Every valid best score written in a profile file's bytes (strict, independent of arcade.engine.storage):
    UTF-8, JSON, an object at the top; each non-negative int under a top-level "best" object, duplicates included
    (the highest wins). {} when the bytes don't parse."""
    try:
        top = json.loads(data.decode("utf-8"), object_pairs_hook=_Pairs)
    except (ValueError, RecursionError):
        return {}
    out: dict = {}
    if not isinstance(top, _Pairs):
        return out
    for key, value in top:
        if key == "best" and isinstance(value, _Pairs):
            for name, score in value:
                if type(score) is int and score >= 0:
                    out[name] = max(out.get(name, 0), score)
    return out


_BEST_ENTRY = re.compile(rb'"([^"\\]*)":(\d+)([,}])')


def best_in_prefix(data: bytes) -> dict:
    """The best scores still whole in the head of a compact profile file cut short (independent of
    arcade.engine.storage): after the first ``"best":{``, each ``"name":digits`` entry that its ``,`` or ``}``
    closes (a number the cut runs into may have lost digits, so it does not count)."""
    start = data.find(b'"best":{')
    out: dict = {}
    if start < 0:
        return out
    i = start + len(b'"best":{')
    while True:
        m = _BEST_ENTRY.match(data, i)
        if not m:
            return out
        name = m.group(1).decode("utf-8", "replace")
        out[name] = max(out.get(name, 0), int(m.group(2)))
        if m.group(3) == b"}":
            return out
        i = m.end()


def best_in_file(path: Path) -> dict:
    """:func:`best_in` of a regular file no larger than storage accepts ({} for anything else)."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > storage.MAX_FILE_BYTES:
            return {}
        return best_in(path.read_bytes())
    except OSError:
        return {}


def fingerprint(path: Path):
    """What a file is, to tell that a kept-aside file is the damaged one, byte for byte (never opens a FIFO)."""
    st = os.lstat(path)
    if stat.S_ISREG(st.st_mode):
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        return ("file", st.st_size, h.hexdigest())
    if stat.S_ISDIR(st.st_mode):
        return ("dir", tuple(sorted((c.name, fingerprint(c)) for c in path.iterdir())))
    if stat.S_ISFIFO(st.st_mode):
        return ("fifo",)
    return ("other", stat.S_IFMT(st.st_mode))


def aside_names(d: Path, name: str) -> list:
    """The kept-aside copies of ``name`` (a path relative to ``d``: "saves/2048.json" too), relative to ``d``."""
    return sorted(str(p.relative_to(d)) for p in d.glob(name + ".corrupt-*"))


def _merge_best(into: dict, other: dict) -> dict:
    for k, v in other.items():
        if v > into.get(k, -1):
            into[k] = v
    return into


def intact_best(d: Path, skip=(), refused=None) -> dict:
    """Max over every copy in the folder: main, backup, temp files (see :func:`best_in`), but the ``skip`` names
    and the ``refused`` values (key -> a crafted value no copy may count for)."""
    out: dict = {}
    for p in [d / FILENAME, d / BACKUP, *sorted(d.glob(FILENAME + ".tmp-*"))]:
        if p.name not in skip:
            _merge_best(out, {k: v for k, v in best_in_file(p).items() if (refused or {}).get(k) != v})
    return out


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines: list = []

    def emit(self, record):
        self.lines.extend(record.getMessage().split("\n"))


@contextlib.contextmanager
def capture_warnings() -> Iterator[list]:
    """Collect the warning lines logged on "arcade" (its level lowered to WARNING meanwhile if it was higher)."""
    lg = logging.getLogger("arcade")
    h = _Collect()
    old = lg.level
    if lg.getEffectiveLevel() > logging.WARNING:
        lg.setLevel(logging.WARNING)
    lg.addHandler(h)
    try:
        yield h.lines
    finally:
        lg.removeHandler(h)
        lg.setLevel(old)


# ----------------------------------------------------------------------------------------- fault injection
class Killed(BaseException):
    """The process dies here. A BaseException: no ``except OSError`` in storage can catch it."""


class _Os:
    """``os`` for arcade.engine.storage with some functions replaced."""

    def __init__(self, **overrides):
        self._over = overrides

    def __getattr__(self, name):
        if name in self._over:
            return self._over[name]
        return getattr(os, name)


def _inside(path, d: Path) -> bool:
    try:
        return Path(os.path.abspath(os.fspath(path))).is_relative_to(d.resolve())
    except TypeError:  # a file descriptor
        return False


def _fail(code: int, text: str):
    def raise_(*_a, **_k):
        raise OSError(code, text)

    return raise_


@contextlib.contextmanager
def storage_faults(d: Path, *, open_write=None, replace=None, unlink=None, fsync=None, read=None) -> Iterator[None]:
    """Make storage's file operations on paths in ``d`` fail: each argument is a callable raising (or doing) what
    the disk would, replacing ``open`` for writing, ``os.replace``, ``Path.unlink``, ``os.fsync`` (any fd: storage
    only fsyncs its own files) or ``Path.read_bytes``."""
    real_open, real_replace, real_unlink, real_read = open, os.replace, Path.unlink, Path.read_bytes

    def fake_open(file, mode="r", *a, **k):
        if open_write is not None and any(c in mode for c in "wax+") and _inside(file, d):
            return open_write(file, mode, *a, **k)
        return real_open(file, mode, *a, **k)

    def fake_replace(src, dst, *a, **k):
        if replace is not None and (_inside(src, d) or _inside(dst, d)):
            return replace(src, dst, *a, **k)
        return real_replace(src, dst, *a, **k)

    def fake_unlink(self, *a, **k):
        if unlink is not None and _inside(self, d):
            return unlink(self, *a, **k)
        return real_unlink(self, *a, **k)

    def fake_read(self):
        if read is not None and _inside(self, d):
            return read(self)
        return real_read(self)

    overrides = {"replace": fake_replace}
    if fsync is not None:
        overrides["fsync"] = fsync
    with contextlib.ExitStack() as stack:
        stack.enter_context(_patch(storage, "open", fake_open, create=True))
        stack.enter_context(_patch(storage, "os", _Os(**overrides)))
        stack.enter_context(_patch(Path, "unlink", fake_unlink))
        stack.enter_context(_patch(Path, "read_bytes", fake_read))
        yield


class _HalfWriter:
    """A file that writes half of what it is given, then fails with ``exc`` (a full disk, a kill)."""

    def __init__(self, f, exc):
        self._f, self._exc = f, exc

    def write(self, text):
        self._f.write(text[: len(text) // 2])
        raise self._exc

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()
        return False


def _half_write(exc):
    def opener(file, mode, *a, **k):
        return _HalfWriter(open(file, mode, *a, **k), exc)

    return opener


def _replace_nth(n: int, exc):
    """os.replace that works n times, then raises ``exc``."""
    calls = [0]

    def replace(src, dst, *a, **k):
        calls[0] += 1
        if calls[0] > n:
            raise exc
        return os.replace(src, dst, *a, **k)

    return replace


# ---------------------------------------------------------------------------------------------- one case
@dataclass
class Damage:
    """What a case's set-up left: damaged file names, and the folder the profile lives in (default the case's)."""

    bad: list = field(default_factory=list)
    profile_dir: Optional[Path] = None
    unreadable: list = field(default_factory=list)  # intact on disk but the fault makes them unreadable
    must_keep: dict = field(default_factory=dict)  # bests that must survive beyond those of the intact copies
    refused: dict = field(default_factory=dict)  # crafted bests the loader must refuse: never shown, never kept


@dataclass
class Spec:
    name: str
    action: str
    prepare: Callable  # (case folder, template) -> Damage
    fault: Optional[Callable] = None  # case folder -> context manager active while opening and playing on
    expected_warnings: int = 1
    can_save: bool = True  # False: no folder at all, play goes on in memory
    hang_guard: bool = False  # open with a watchdog that un-blocks a FIFO reader
    check: Optional[Callable] = None  # (the profile just opened, its folder) -> failures: what the case promises


def _main_from(make: Callable[[Template], bytes]) -> Callable:
    def prepare(d: Path, t: Template) -> Damage:
        (d / FILENAME).write_bytes(make(t))
        return Damage([FILENAME])

    return prepare


def _json_main(edit: Callable[[dict], object]) -> Callable:
    """The main file rewritten as JSON after ``edit(raw)`` (which changes raw in place or returns a new top level)."""

    def make(t: Template) -> bytes:
        raw = t.raw()
        out = edit(raw)
        return json.dumps(raw if out is None else out, separators=(",", ":")).encode()

    return _main_from(make)


def _watchdog(fifo: Path, done: threading.Event, hung: list) -> None:
    if done.wait(FIFO_TIMEOUT_S):
        return
    hung.append(True)
    try:  # a reader is blocked opening the FIFO: open it for writing and close, which gives it end-of-file
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    except OSError:
        pass


def run_spec(spec: Spec, workdir: Path, template: Template) -> Case:
    """Run one case in ``workdir/<name>`` (created fresh) and return its row."""
    d = Path(workdir) / _slug(spec.name)
    if d.exists():
        shutil.rmtree(d)
    template.install(d)
    case = Case(spec.name, spec.action, expected_warnings=spec.expected_warnings, dir=d)
    with capture_warnings() as lines:
        try:
            _run(spec, case, d, template)
        except Exception as e:  # a crash anywhere is a failure of the row, never of the whole matrix
            case.failures.append(f"raised {type(e).__name__}: {e}")
        case.warning_lines = list(lines)
    case.warnings = len(case.warning_lines)
    if case.warnings != case.expected_warnings:
        case.failures.append(f"{case.warnings} warning lines, expected {case.expected_warnings}")
    return case


def _run(spec: Spec, case: Case, d: Path, template: Template) -> None:
    dmg = spec.prepare(d, template)
    pdir = dmg.profile_dir or d
    case.dir = pdir
    case.bad = {name: fingerprint(pdir / name) for name in dmg.bad}
    case.expected_best = _merge_best(intact_best(pdir, skip=dmg.unreadable, refused=dmg.refused), dmg.must_keep)
    fault = spec.fault(pdir) if spec.fault else contextlib.nullcontext()
    with fault:
        done, hung = threading.Event(), []
        if spec.hang_guard:
            threading.Thread(target=_watchdog, args=(pdir / FILENAME, done, hung), daemon=True).start()
        try:
            p = Profile(pdir, sync=True)
        finally:
            done.set()
        case.started = not hung
        if hung:
            case.failures.append(f"start-up blocked over {FIFO_TIMEOUT_S:.0f} s")
        case.got_best = {k: p.best(k) for k in case.expected_best}
        lost = {k: (v, case.got_best[k]) for k, v in case.expected_best.items() if case.got_best[k] < v}
        for k, v in dmg.refused.items():
            if p.best(k) == v:
                case.failures.append(f"the crafted best {k!r}={v} was taken")
        if spec.check is not None:
            case.failures.extend(spec.check(p, pdir))
        # play goes on under the fault: a new best, in memory whatever the disk does
        played = p.best("stairs") + 1
        p.submit_score("stairs", played)
        if p.best("stairs") != played:
            case.failures.append("a new best was not kept in memory while the fault was there")
    # whatever the open and the (maybe failed) save did, the files on disk still hold every best
    on_disk = intact_best(pdir)
    for k, v in case.expected_best.items():
        if on_disk.get(k, -1) < v:
            lost.setdefault(k, (v, on_disk.get(k)))
    if not spec.can_save:
        case.next_save = None
        case.next_save_note = "n/a: no folder, plays in memory"
    else:
        # the disk is fine again: the next save must land, and a fresh open must read it without a warning
        case.final_stairs = played + 1
        p.submit_score("stairs", case.final_stairs)
        q = Profile(pdir, sync=True)
        case.final_best = {k: q.best(k) for k in set(case.expected_best) | {"stairs"}}
        case.next_save = q.best("stairs") == case.final_stairs and not q.warnings
        if not case.next_save:
            case.failures.append(f"next save: stairs {q.best('stairs')} on disk, expected {case.final_stairs}")
        for k, v in case.expected_best.items():
            if case.final_best[k] < v:
                lost.setdefault(k, (v, case.final_best[k]))
        for k, v in dmg.refused.items():
            if q.best(k) == v:
                case.failures.append(f"the crafted best {k!r}={v} was written back")
    case.best_kept = not lost
    for k, (want, got) in sorted(lost.items()):
        case.failures.append(f"best {k!r}: {want} held by an intact copy, then only {got}")
    if case.bad:
        for name, fp in case.bad.items():
            match = [a for a in aside_names(pdir, name) if fingerprint(pdir / a) == fp]
            if match:
                case.kept_as[name] = match[0]
            else:
                case.failures.append(f"{name}: not kept aside byte for byte")
        case.aside = len(case.kept_as) == len(case.bad)


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


# ---------------------------------------------------------------------------------------------- the cases
def _edit(fn):
    return _json_main(fn)


def _set(path: tuple, value):
    """An edit that sets raw[path...] = value."""

    def edit(raw):
        node = raw
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value

    return edit


def _deep(depth: int):
    v: object = []
    for _ in range(depth):
        v = {"d": v}
    return v


def _prepare_backup(make: Callable[[Template], bytes]) -> Callable:
    def prepare(d: Path, t: Template) -> Damage:
        (d / BACKUP).write_bytes(make(t))
        return Damage([BACKUP])

    return prepare


def _prepare_both(d: Path, t: Template) -> Damage:
    (d / FILENAME).write_bytes(t.main[: len(t.main) // 2])
    (d / BACKUP).write_bytes(random.Random(99).randbytes(len(t.bak)))
    return Damage([FILENAME, BACKUP])


def _prepare_higher_backup(d: Path, t: Template) -> Damage:
    raw = json.loads(t.bak)
    raw["best"]["stairs"] = 99
    raw["best"]["2048/6x6"] = 5000
    (d / BACKUP).write_text(json.dumps(raw, separators=(",", ":")))
    return Damage([])


def _prepare_dir(name: str) -> Callable:
    def prepare(d: Path, t: Template) -> Damage:
        (d / name).unlink()
        (d / name).mkdir()
        (d / name / "left-here.txt").write_text("a folder where the profile should be\n")
        return Damage([name])

    return prepare


def _prepare_fifo(d: Path, t: Template) -> Damage:
    (d / FILENAME).unlink()
    os.mkfifo(d / FILENAME)
    return Damage([FILENAME])


def _prepare_huge(d: Path, t: Template) -> Damage:
    with open(d / FILENAME, "r+b") as f:  # the real save, then a (sparse) run of zero bytes past the size limit
        f.truncate(storage.MAX_FILE_BYTES + 1)
    return Damage([FILENAME])


def _prepare_under_file(d: Path, t: Template) -> Damage:
    blocker = d / "not-a-folder"
    blocker.write_text("a regular file\n")
    return Damage([], profile_dir=blocker / "arcade")


def _prepare_dir_is_file(d: Path, t: Template) -> Damage:
    blocker = d / "arcade"
    blocker.write_text("a regular file\n")
    return Damage([], profile_dir=blocker)


def _prepare_kill(**faults) -> Callable:
    """A new best saved by the real write, killed at a point (see storage_faults)."""

    def prepare(d: Path, t: Template) -> Damage:
        p = Profile(d, sync=True)
        with storage_faults(d, **faults):
            try:
                p.submit_score("stairs", p.best("stairs") + 1)
            except Killed:
                pass
            else:
                raise RuntimeError("the write was not killed")
        p.close()
        # the killed writer is gone: its temp file now carries a dead process's pid (the loader finishes or
        # deletes only those; a live writer's temp file is never touched)
        dead = _dead_pid()
        for tmp in d.glob(FILENAME + f".tmp-{os.getpid()}"):
            os.replace(tmp, tmp.with_name(f"{FILENAME}.tmp-{dead}"))
        return Damage([])

    return prepare


WRITER = """
import sys, time
from arcade.engine.storage import Profile
p = Profile(sys.argv[1])
name = sys.argv[2]
for i in range(20):
    p.submit_score(name + "/" + str(i), 1000 + i)
    p.set("volume", 0.1 if name == "a" else 0.9)
    time.sleep(0.005)
p.save_game(name, {"who": name})
p.close()
"""

CLIMBER = """
import sys, time
from arcade.engine.storage import Profile
p = Profile(sys.argv[1])  # the background writer, as in play
best = p.best("stairs")
for score in range(1, best + 31):
    if score > best:
        p.submit_score("stairs", score)  # what Stairs does on each hop past its best
    time.sleep(0.01)
print(score, flush=True)
time.sleep(60)  # playing on: never a game over or a clean exit
"""


def _child_env() -> dict:
    root = str(Path(__file__).resolve().parents[2])
    return dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _prepare_two_writers(d: Path, t: Template) -> Damage:
    """Two real processes writing to one profile at once: every best, the saved games and a setting survive."""
    import subprocess

    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(d), n], env=_child_env()) for n in ("a", "b")]
    for pr in procs:
        if pr.wait(60) != 0:
            raise RuntimeError(f"writer exited with {pr.returncode}")
    q = Profile(d, sync=True)
    missing = [f"{n}/{i}" for n in "ab" for i in range(20) if q.best(f"{n}/{i}") != 1000 + i]
    saves = [n for n in "ab" if q.saved_game(n) != {"who": n}]
    q.close()
    if missing or saves or q.warnings:
        raise RuntimeError(f"lost: bests {missing[:4]}, saved games {saves}, warnings {q.warnings[:1]}")
    return Damage([], must_keep={f"{n}/{i}": 1000 + i for n in "ab" for i in range(20)})


def _prepare_kill_mid_run(d: Path, t: Template) -> Damage:
    """A real process climbing past its Stairs best, SIGKILLed 1 s after its last new best (no game over, no exit)."""
    import signal
    import subprocess

    pr = subprocess.Popen([sys.executable, "-c", CLIMBER, str(d)], env=_child_env(), stdout=subprocess.PIPE, text=True)
    try:
        reached = int(pr.stdout.readline())
        time.sleep(1.0)
        pr.send_signal(signal.SIGKILL)
        pr.wait(20)
    finally:
        pr.kill()
        pr.stdout.close()
    return Damage([], must_keep={"stairs": reached})


def _prepare_oversized(d: Path, t: Template) -> Damage:
    """A valid profile grown past the loader's cap by a huge history, holding a best no other copy has."""
    raw = t.raw()
    raw["best"]["stairs"] = 77  # higher than the backup's: only this file has it
    raw["history"]["stairs"] = [{"score": 1, "pad": "y" * 4000}] * (storage.MAX_FILE_BYTES // 4000 + 10)
    with open(d / FILENAME, "w") as f:
        json.dump(raw, f, separators=(",", ":"))
    return Damage([FILENAME], must_keep={"stairs": 77})


def _prepare_bad_save(d: Path, t: Template) -> Damage:
    """The 2048 game's own file cut in half (its profile intact): that game starts afresh, nothing else is lost."""
    f = d / storage.SAVES_DIR / "2048.json"
    f.write_bytes(f.read_bytes()[: len(f.read_bytes()) // 2])
    return Damage([f"{storage.SAVES_DIR}/2048.json"])


def _prepare_cut_in_half(d: Path, t: Template) -> Damage:
    """The main file cut in half, the backup intact: the bests still whole in the cut file are newer than the
    backup's (its Stairs best 63 against the backup's 57)."""
    half = t.main[: len(t.main) // 2]
    (d / FILENAME).write_bytes(half)
    return Damage([FILENAME], must_keep=best_in_prefix(half))


def _prepare_clock_ahead(d: Path, t: Template) -> Damage:
    """Two settings stamped as changed ten years from now, as a machine whose clock ran ahead leaves them."""
    raw = t.raw()
    raw["stamps"]["2048.size"] = raw["stamps"]["volume"] = time.time_ns() + 3650 * 86_400 * 10**9
    (d / FILENAME).write_text(json.dumps(raw, separators=(",", ":")))
    return Damage([])


def _changes_take(p: Profile, d: Path) -> list:
    """A setting stamped in the future takes a change made now, and a fresh open reads it (quietly)."""
    p.set("2048.size", 6)
    p.set("volume", 0.55)
    p.flush()
    q = Profile(d, sync=True)
    got = (q.get("2048.size"), q.get("volume"))
    return [] if got == (6, 0.55) and not q.warnings else [f"the changes did not take: {got}, {q.warnings}"]


def _prepare_totals_at_limit(d: Path, t: Template) -> Damage:
    raw = t.raw()
    raw["totals"]["stairs"] = {"played": storage.MAX_COUNT, "score_sum": storage.MAX_COUNT}
    (d / FILENAME).write_text(json.dumps(raw, separators=(",", ":")))
    return Damage([])


def _totals_stay_readable(p: Profile, d: Path) -> list:
    """One more game on totals at the loader's limit: the file written reads back with them, no warning."""
    p.record_game("stairs", 5, cause="hit")
    q = Profile(d, sync=True)
    want = {"played": storage.MAX_COUNT, "score_sum": storage.MAX_COUNT}
    got = q.totals("stairs")
    return [] if got == want and not q.warnings else [f"totals read back as {got}, warnings {q.warnings}"]


def _prepare_unreachable_best(d: Path, t: Template) -> Damage:
    raw = t.raw()
    raw["best"]["2048/4x4"] = 10**12  # a 4x4 board cannot score a thousandth of that
    (d / FILENAME).write_text(json.dumps(raw, separators=(",", ":")))
    return Damage([FILENAME], refused={"2048/4x4": 10**12})


def _dead_pid() -> int:
    """The pid of a process that has ended (a child started and reaped here)."""
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _nan_edit(raw):
    raw["best"]["2048/6x6"] = float("nan")
    raw["best"]["2048/7x7"] = float("inf")
    raw["settings"]["volume"] = float("inf")
    raw["history"]["stairs"].append({"score": float("-inf"), "cause": "hit"})


def _dup_nested(t: Template) -> bytes:
    text = t.main.decode()
    assert text.count('"best":{') == 1
    return text.replace('"best":{', '"best":{"stairs":999,', 1).encode()


def _dup_top(t: Template) -> bytes:
    text = t.main.decode()
    assert text.endswith("}")
    return (text[:-1] + ',"best":{"stairs":1}}').encode()


def _non_utf8(t: Template) -> bytes:
    i = t.main.index(b'"mcts"') + 3
    return t.main[:i] + b"\xff\xfe" + t.main[i:]


def _huge_int(t: Template) -> bytes:
    return t.main.replace(b'"stairs":63', b'"stairs":' + b"9" * 5000, 1)


def _random_bytes(seed: int) -> Callable[[Template], bytes]:
    def make(t: Template) -> bytes:
        r = random.Random(seed)
        return r.randbytes(r.randint(1, 2 * len(t.main)))

    return make


def _no_fault(d: Path, t: Template) -> Damage:
    return Damage([])


WRONG_TOP = {  # each top-level key given a wrong type
    "schema": "1", "settings": ["volume", 0.35], "best": [63], "saves": "2048", "history": 7, "totals": None,
}
WRONG_NESTED = {  # (path, wrong value)
    "best stairs is a string": (("best", "stairs"), "63"),
    "best stairs is a float": (("best", "stairs"), 63.0),
    "best stairs is true": (("best", "stairs"), True),
    "best stairs is negative": (("best", "stairs"), -63),
    "best stairs is null": (("best", "stairs"), None),
    "volume is a string": (("settings", "volume"), "loud"),
    "board size out of range": (("settings", "2048.size"), 99),
    "muted is 1": (("settings", "muted"), 1),
    "saved game is a list": (("saves", "2048"), [1, 2]),
    "history is an object": (("history", "2048"), {"score": 1}),
    "history score is a string": (("history", "stairs", 0, "score"), "57"),
    "totals played is a string": (("totals", "stairs", "played"), "2"),
}


def _specs() -> list:
    """(row name, row action, [Spec]) for every row but the every-offset truncation."""
    rows = []

    def row(name, action, *specs):
        rows.append((name, action, list(specs)))

    def one(name, action, prepare, **kw):
        row(name, action, Spec(name, action, prepare, **kw))

    one("nothing wrong", "the real profile, untouched (the control row)", _no_fault, expected_warnings=0)
    row("random bytes", "main file replaced by 1..2N random bytes, seeds 0.."
        f"{RANDOM_SEEDS - 1}", *[Spec(f"random bytes/seed {s}", f"random bytes, seed {s}", _main_from(_random_bytes(s)))
                                 for s in range(RANDOM_SEEDS)])
    one("zero-filled file", "main file: N zero bytes (power lost before the data reached the disk)",
        _main_from(lambda t: b"\0" * len(t.main)))
    one("empty file", "main file: 0 bytes", _main_from(lambda t: b""))
    row("wrong types, top level",
        "each top-level key given a wrong type (" + ", ".join(WRONG_TOP) + "); the top level a list",
        *[Spec(f"wrong type/{k}", f"{k} = {v!r}", _edit(_set((k,), v))) for k, v in WRONG_TOP.items()],
        Spec("wrong type/top level is a list", "[profile]", _edit(lambda raw: [raw])))
    row("wrong types, nested",
        "a wrong value inside: " + ", ".join(WRONG_NESTED),
        *[Spec(f"wrong nested/{k}", k, _edit(_set(path, v))) for k, (path, v) in WRONG_NESTED.items()])
    one("future schema version", 'main file says "schema": 2', _edit(_set(("schema",), 2)))
    one("missing schema", 'no "schema" key', _edit(lambda raw: raw.pop("schema") and None))
    one("non-UTF-8 bytes", "0xFF 0xFE inserted inside a string", _main_from(_non_utf8))
    one("NaN / Infinity", "NaN and Infinity literals as best scores, a setting and a history score",
        _edit(_nan_edit))
    one("duplicate keys, nested", '"stairs" twice in "best": 999 first, the real 63 last', _main_from(_dup_nested))
    one("duplicate keys, top level", 'a second "best" object {"stairs": 1} after the real one', _main_from(_dup_top))
    one("huge integer", "the Stairs best written with 5000 digits (Python refuses to parse it)",
        _main_from(_huge_int))
    one("deeply nested JSON", "main file: 100,000 nested arrays (parser recursion)",
        _main_from(lambda t: b"[" * 100_000))
    one("deeply nested saved game", "a saved game nested 300 objects deep, the rest intact",
        _edit(_set(("saves", "deep"), _deep(300))))
    one("huge file", f"the real save padded with zeros to {storage.MAX_FILE_BYTES // 2**20} MiB + 1 byte (sparse)",
        _prepare_huge)
    one("directory as the file", "a folder (with a file in it) named profile.json", _prepare_dir(FILENAME))
    one("directory as the backup", "a folder named profile.json.bak", _prepare_dir(BACKUP))
    one("FIFO as the file", f"a named pipe named profile.json (a hang counts after {FIFO_TIMEOUT_S:.0f} s)",
        _prepare_fifo, hang_guard=True)
    one("unreadable file", "EACCES reading profile.json (simulated)", _no_fault_bad_main,
        fault=lambda d: storage_faults(d, read=_deny_read))
    one("read-only folder (simulated)", "EROFS on every write: open for writing, os.replace, unlink", _no_fault,
        fault=lambda d: storage_faults(d, open_write=_fail(errno.EROFS, "Read-only file system"),
                                       replace=_fail(errno.EROFS, "Read-only file system"),
                                       unlink=_fail(errno.EROFS, "Read-only file system")))
    one("permission denied (simulated)", "EACCES creating the temp file", _no_fault,
        fault=lambda d: storage_faults(d, open_write=_fail(errno.EACCES, "Permission denied")))
    one("rename refused (simulated)", "EPERM on os.replace (e.g. an immutable file)", _no_fault,
        fault=lambda d: storage_faults(d, replace=_fail(errno.EPERM, "Operation not permitted")))
    one("folder under a regular file (real)", "data dir = <regular file>/arcade: ENOTDIR, really",
        _prepare_under_file, can_save=False)
    one("folder is a regular file (real)", "data dir = a regular file: EEXIST, really", _prepare_dir_is_file,
        can_save=False)
    one("disk full on write", "ENOSPC after half the bytes were written (simulated)", _no_fault,
        fault=lambda d: storage_faults(d, open_write=_half_write(OSError(errno.ENOSPC, "No space left on device"))))
    one("disk full on fsync", "ENOSPC from fsync (simulated)", _no_fault,
        fault=lambda d: storage_faults(d, fsync=_fail(errno.ENOSPC, "No space left on device")))
    one("killed while writing", "a new best's write killed half-way through the temp file",
        _prepare_kill(open_write=_half_write(Killed())), expected_warnings=0)
    one("killed before the renames", "a new best's write killed after the temp file was complete and fsynced",
        _prepare_kill(replace=_replace_nth(0, Killed())), expected_warnings=0)
    one("killed between the renames", "killed after os.replace(main, bak), before os.replace(tmp, main)",
        _prepare_kill(replace=_replace_nth(1, Killed())), expected_warnings=0)
    one("saved game file truncated", "saves/2048.json cut in half (the profile itself intact)", _prepare_bad_save)
    one("two writers", "two processes write bests, a setting and saved games to one profile at once", _prepare_two_writers,
        expected_warnings=0)
    one("killed during a Stairs run", "a process climbing past its best, SIGKILLed 1 s after its last new best",
        _prepare_kill_mid_run, expected_warnings=0)
    one("oversized profile", f"a valid file over the {storage.MAX_FILE_BYTES // 2**20} MiB cap (a huge history), holding "
        "the only copy of a best", _prepare_oversized)
    one("backup corrupt, main fine", "backup: random bytes", _prepare_backup(_random_bytes(7)))
    one("backup corrupt too", "main truncated to half, backup random bytes: nothing intact", _prepare_both)
    one("backup holds a higher best", "backup: stairs 99 and a 6x6 best the main file lacks", _prepare_higher_backup,
        expected_warnings=0)
    one("cut in half, backup intact", "main file cut in half: the bests still whole in it (stairs 63) are newer "
        "than the backup's (57)", _prepare_cut_in_half)
    one("clock ran ahead", "two settings stamped as changed 10 years from now; then changed again, now",
        _prepare_clock_ahead, check=_changes_take)
    one("totals at the limit", "stairs totals at 2**63 - 1 (the most the loader reads), then one more game",
        _prepare_totals_at_limit, expected_warnings=0, check=_totals_stay_readable)
    one("best a board cannot reach", "a 2048 4x4 best of 10^12 (the board's tiles cannot score 34 million)",
        _prepare_unreachable_best)
    return rows


def _no_fault_bad_main(d: Path, t: Template) -> Damage:
    # intact on disk but unreadable: the bad file, and no intact copy for the program
    return Damage([FILENAME], unreadable=[FILENAME])


_real_read_bytes = Path.read_bytes


def _deny_read(path: Path):
    if path.name == FILENAME:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    return _real_read_bytes(path)


ROWS: list = _specs()
SPECS: dict = {s.name: s for _, _, specs in ROWS for s in specs}
CASE_NAMES: list = list(SPECS)


def run_case(name: str, workdir: Path, template: Optional[Template] = None) -> Case:
    """Run one named case (see ``CASE_NAMES``) in ``workdir``."""
    workdir = Path(workdir)
    if template is None:
        template = build_template(workdir / "template")
    return run_spec(SPECS[name], workdir, template)


def _summarise(name: str, action: str, cases: list, what: str) -> Case:
    row = Case(name, action, expected_warnings=cases[0].expected_warnings, runs=len(cases))
    row.started = all(c.started for c in cases)
    row.best_kept = all(c.best_kept for c in cases)
    asides = [c.aside for c in cases if c.aside is not None]
    row.aside = all(asides) if asides else None
    odd = [c.warnings for c in cases if c.warnings != row.expected_warnings]
    row.warnings = odd[0] if odd else row.expected_warnings
    saves = [c.next_save for c in cases if c.next_save is not None]
    row.next_save = all(saves) if saves else None
    for c in cases:
        row.failures.extend(f"{what} {c.name.split('/')[-1]}: {f}" for f in c.failures)
    return row


# ------------------------------------------------------------------------------------- truncation sweep
def _stat_key(path: Path):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def truncation_sweep(workdir: Path, template: Template, step: int = 1) -> Case:
    """The main file truncated at every ``step``-th byte offset of the real save (0 .. N-1), one real open per
    offset, each checked cheaply: it starts; it keeps the backup's best scores (the only intact copy: a prefix of
    the save never parses, checked with :func:`best_in` at every offset) and every best still whole in the cut
    file (:func:`best_in_prefix`: from about a third of the file on, the Stairs best is the cut file's 63, not the
    backup's 57); the prefix is kept aside byte for byte; exactly one warning line; and the recovery save wrote a
    main file that parses and holds every one of those bests. fsync is a no-op during the sweep: it is not what the
    sweep tests, and it would make thousands of opens slow."""
    d = Path(workdir) / "truncated-every-offset"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    n = len(template.main)
    offsets = range(0, n, step)
    row = Case("truncated at every byte offset" if step == 1 else f"truncated at every {step}th byte offset",
               f"main file cut at {len(offsets)} offsets (0..{n - 1}) of the real {n}-byte save", runs=len(offsets),
               dir=d)
    counts = {"started": 0, "best": 0, "aside": 0, "warn": 0, "save": 0, "newer": 0}
    warned = 0
    keep = template.bak_best  # the backup: the only intact copy
    main, bak = d / FILENAME, d / BACKUP
    bak.write_bytes(template.bak)
    bak_stat = _stat_key(bak)
    with contextlib.ExitStack() as stack:
        stack.enter_context(_patch(storage, "os", _Os(fsync=lambda fd: None)))
        lines = stack.enter_context(capture_warnings())
        for off in offsets:
            for f in d.iterdir():
                if f.name != BACKUP:
                    f.unlink()
            prefix = template.main[:off]
            main.write_bytes(prefix)
            if _stat_key(bak) != bak_stat:  # storage has no reason to touch the backup here: rewrite it if it did
                bak.write_bytes(template.bak)
                bak_stat = _stat_key(bak)
            expected = _merge_best(_merge_best(best_in(prefix), best_in_prefix(prefix)), keep)
            before = len(lines)
            problems = []
            try:
                p = Profile(d, sync=True)
            except Exception as e:
                problems.append(f"raised {type(e).__name__}: {e}")
            else:
                counts["started"] += 1
                if all(p.best(k) >= v for k, v in expected.items()):
                    counts["best"] += 1
                    counts["newer"] += any(p.best(k) > v for k, v in keep.items())
                else:
                    problems.append("lost a best score")
            asides = aside_names(d, FILENAME)
            if len(asides) == 1 and (d / asides[0]).read_bytes() == prefix:
                counts["aside"] += 1
            else:
                problems.append(f"kept aside: {asides}")
            nw = len(lines) - before
            warned += nw
            if nw == 1:
                counts["warn"] += 1
            else:
                problems.append(f"{nw} warning lines")
            try:
                written = main.read_bytes()
            except OSError:
                written = None
            on_disk = best_in(written) if written is not None else {}
            if written is not None and all(on_disk.get(k, -1) >= v for k, v in expected.items()):
                counts["save"] += 1
            else:
                problems.append("the recovery save did not write every best kept")
            if problems:
                row.failures.append(f"offset {off}: " + "; ".join(problems))
    m = len(offsets)
    row.started, row.best_kept = counts["started"] == m, counts["best"] == m
    row.aside, row.next_save = counts["aside"] == m, counts["save"] == m
    row.warnings = 1 if counts["warn"] == m else warned
    row.next_save_note = f"{counts['save']}/{m}"
    row.expected_best = dict(keep)
    row.newer = counts["newer"]
    row.action += f"; a best newer than the backup's read back from the cut file at {counts['newer']} offsets"
    return row


# --------------------------------------------------------------------------------------------- the matrix
def run_matrix(workdir, *, step: int = 1, quiet: bool = False) -> list:
    """Every case, one row each (the truncation sweep and multi-variant rows summarised). ``workdir`` must exist;
    the cases leave their folders in it. ``quiet``: keep the cases' warnings off the "arcade" logger's handlers."""
    workdir = Path(workdir)
    with _quiet() if quiet else contextlib.nullcontext():
        template = build_template(workdir / "template")
        rows = [truncation_sweep(workdir, template, step)]
        for name, action, specs in ROWS:
            cases = [run_spec(s, workdir, template) for s in specs]
            if len(cases) == 1:
                c = cases[0]
                c.name, c.action = name, action
                rows.append(c)
            else:
                rows.append(_summarise(name, action, cases, "variant" if "seed" not in specs[0].name else "seed"))
    return rows


@contextlib.contextmanager
def _quiet():
    lg = logging.getLogger("arcade")
    handlers, propagate = lg.handlers[:], lg.propagate
    lg.handlers[:] = []
    lg.propagate = False
    try:
        yield
    finally:
        lg.handlers[:] = handlers
        lg.propagate = propagate


def _yes(v: Optional[bool], none: str = "n/a") -> str:
    return none if v is None else ("yes" if v else "**NO**")


def format_table(cases: list) -> str:
    """The matrix as a Markdown table (as in docs/profile.md)."""
    head = "| case | what was done | starts | best scores kept | bad file kept aside | warnings | next save |"
    out = [head, "|---|---|---|---|---|---|---|"]
    for c in cases:
        runs = f" ({c.runs} runs)" if c.runs > 1 else ""
        warn = str(c.warnings) + ("" if c.warnings == c.expected_warnings else f" (**expected {c.expected_warnings}**)")
        nxt = (c.next_save_note or "not reached") if c.next_save is None else _yes(c.next_save)
        action = c.action.replace("|", "\\|")
        if c.failures:
            shown = "; ".join(c.failures[:3]) + (f"; ... {len(c.failures) - 3} more" if len(c.failures) > 3 else "")
            action += f" — **failures:** {shown.replace('|', '/')}"
        out.append(f"| {c.name}{runs} | {action} | {_yes(c.started)} | {_yes(c.best_kept)} | "
                   f"{_yes(c.aside, 'n/a (nothing bad)')} | {warn} | {nxt} |")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------- CLI
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--step", type=int_range(1, 10**6), default=1, metavar="N",
                        help="truncation: every Nth byte offset (default 1: every offset)")
    parser.add_argument("--keep", type=folder_to_fill, metavar="DIR",
                        help="run in DIR and keep the case folders (default: a temp dir)")
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write the rows as JSON")


def run(args) -> int:
    """Print the matrix; exit 1 if any case failed."""
    t0 = time.perf_counter()
    step = max(1, getattr(args, "step", 1) or 1)
    keep = getattr(args, "keep", None)
    if keep is not None:
        Path(keep).mkdir(parents=True, exist_ok=True)
        rows = run_matrix(keep, step=step, quiet=True)
    else:
        with tempfile.TemporaryDirectory(prefix="arcade-faults-") as tmp:
            rows = run_matrix(tmp, step=step, quiet=True)
    print(format_table(rows))
    bad = [r for r in rows if not r.ok]
    print(f"\n{len(rows)} rows, {sum(r.runs for r in rows)} damaged profiles reopened, "
          f"{'all ok' if not bad else f'{len(bad)} rows FAILED'} ({time.perf_counter() - t0:.1f} s)")
    # the second table: misbehaving programs (a Gomocup engine) and output paths (arcade.dev.process_faults)
    from arcade.dev import process_faults

    t1 = time.perf_counter()
    programs, paths = process_faults.run_programs(), process_faults.run_paths()
    print("\n" + process_faults.format_tables(programs, paths))
    bad_io = [c for c in programs + paths if not c.ok]
    print(f"\n{len(programs)} programs, {len(paths)} output paths, "
          f"{'all ok' if not bad_io else f'{len(bad_io)} rows FAILED'} ({time.perf_counter() - t1:.1f} s)")
    out = getattr(args, "json", None)
    if out:
        Path(out).write_text(json.dumps([{
            "case": r.name, "action": r.action, "runs": r.runs, "starts": r.started, "best_kept": r.best_kept,
            "aside": r.aside, "warnings": r.warnings, "expected_warnings": r.expected_warnings,
            "next_save": r.next_save, "failures": r.failures} for r in rows]
            + process_faults.rows_json(programs, paths), indent=2))
    return 0 if not bad and not bad_io else 1


if __name__ == "__main__":  # python -m arcade.dev.faults
    p = argparse.ArgumentParser(description="the profile's data-fault matrix")
    add_arguments(p)
    sys.exit(run(p.parse_args()))

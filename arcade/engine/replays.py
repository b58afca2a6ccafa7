"""Replays beside the profile: one small JSON file a finished game, ``replays/<game>/<time>-<id>.json``.

What a replay holds is the game's business (its seed, the settings that matter, its inputs: a codec in the game's
package turns them into states through the pure logic); what this module guarantees is the same as the profile's:

* A file is written atomically (temp file, fsync, ``os.replace``) on a background thread under the data dir's lock,
  so a frame never waits for the disk and two windows never tear a file.
* It is bounded: the newest :data:`KEEP` replays of each game are kept, plus every replay that set a best (those are
  marked ``best`` and never pruned); a replay over :data:`MAX_BYTES` is refused.
* It is validated: a file that does not parse, or has the wrong shape, is skipped when listing and refused when
  loading or importing, with a one-line ``ValueError`` (never a traceback, never a crash of the stats screen).

The same record is the export format (``arcade replay FILE`` opens one): ``{"arcade-replay": 1, ...}``.

What the replays list says about a game is kept twice: ``summary``, language-free values (the board, the result,
the moves ...) that the game's backend words in the language the player has when it is shown, and ``title``, that
line in the language of the moment the game ended, shown for a replay without a readable summary (written by an
older version, or edited) and by older versions, which read no summary.

Games whose inputs are timed events (Minesweeper's opens and flags, tic-tac-toe's moves) keep them as one string
through :func:`encode_events` / :func:`decode_events`: an upper-case letter for the kind of input, its argument in
base 36, a dot and the milliseconds since the previous input in base 36 (``O2s.0F1b.8c``: open cell 100 at 0 ms,
flag cell 47 300 ms later), about seven bytes an input.
"""
from __future__ import annotations

import json
import logging
import os
import re
import stat
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from arcade.engine.codes import in_digits

log = logging.getLogger("arcade")

VERSION = 1
TAG = "arcade-replay"
DIRNAME = "replays"
KEEP = 200  # replays kept per game, besides those that set a best
MAX_BYTES = 4 * 1024 * 1024  # a replay file larger than this is refused (a 2048 game of 10^6 moves is ~2 MB)
MAX_DEPTH = 16
MAX_SUMMARY = 16  # fields of a replay's summary
MAX_EVENT_DIGITS = 8  # base-36 digits of an event's argument or time step (36^8 ms: 89 years)
_EVENT = re.compile(r"([A-Z])([0-9a-z]{1,%d})\.([0-9a-z]{1,%d})" % (MAX_EVENT_DIGITS, MAX_EVENT_DIGITS))
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Replay:
    """A finished game, reproducible: ``data`` is the game's own record (validated by its codec when replayed)."""

    game: str
    score: int
    data: dict
    best: bool = False
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    time: int = field(default_factory=lambda: int(time.time()))
    title: str = ""  # a one-line description for lists ("4x4 · 2048 · 1,203 moves"), in the language it was written in
    summary: dict | None = None  # what the title says as language-free values, worded by the game when shown

    def to_json(self) -> str:
        head = {TAG: VERSION, "game": self.game, "id": self.id, "time": self.time, "score": self.score,
                "best": self.best, "title": self.title}
        if self.summary:
            head["summary"] = self.summary
        return json.dumps(head | {"data": self.data}, separators=(",", ":"))


def parse(text: str | bytes) -> Replay:
    """A replay from its JSON text; ``ValueError`` with one line on anything else."""
    if len(text) > MAX_BYTES:
        raise ValueError(f"not a replay: larger than {MAX_BYTES // 2**20} MiB")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as e:  # ValueError covers bad UTF-8 and bad JSON
        raise ValueError(f"not a replay: {str(e).splitlines()[0][:120]}") from None
    if not isinstance(raw, dict) or TAG not in raw:
        raise ValueError(f"not a replay: no {TAG!r} version field")
    if raw[TAG] != VERSION:
        raise ValueError(f"replay version {raw[TAG]!r}: this version reads {VERSION}")
    game, rid, t, score, best, title, data = (raw.get(k) for k in ("game", "id", "time", "score", "best", "title",
                                                                    "data"))
    if not (isinstance(game, str) and 0 < len(game) <= 40 and game.replace(".", "").replace("-", "").isalnum()):
        raise ValueError(f"replay: bad game id {game!r}")
    if not (isinstance(rid, str) and 0 < len(rid) <= 40 and rid.isalnum()):
        raise ValueError(f"replay: bad id {rid!r}")
    for name, v in (("time", t), ("score", score)):
        if not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**15):
            raise ValueError(f"replay: bad {name} {v!r}")
    if not isinstance(best, bool) or not isinstance(title, str) or len(title) > 200:
        raise ValueError("replay: bad best flag or title")
    if not isinstance(data, dict) or not _shallow(data):
        raise ValueError("replay: its record is not an object of plain values")
    return Replay(game, score, data, best, rid, t, title, _summary(raw.get("summary")))


def _summary(value) -> dict | None:
    """A replay's summary if it is a small object of plain values; None otherwise (the stored title is shown
    instead: a damaged summary costs the file nothing)."""
    if not isinstance(value, dict) or len(value) > MAX_SUMMARY:
        return None
    for k, v in value.items():
        if not (isinstance(k, str) and len(k) <= 40):
            return None
        if not (v is None or isinstance(v, (bool, int, float)) or (isinstance(v, str) and len(v) <= 100)):
            return None
    return value


def base36(n: int) -> str:
    """``n`` >= 0 in base 36, lower-case digits."""
    if n < 0:
        raise ValueError(f"base36: {n} is negative")
    return in_digits(n, _DIGITS36)


def encode_events(events) -> str:
    """Timed inputs ``(kind, arg, ms)`` as one compact string: ``kind`` one upper-case letter, ``arg`` >= 0,
    ``ms`` the input's time (a time before the previous input's counts as the same moment)."""
    out, prev = [], 0
    for kind, arg, ms in events:
        if not (isinstance(kind, str) and len(kind) == 1 and "A" <= kind <= "Z"):
            raise ValueError(f"event kind {kind!r}: expected one upper-case letter")
        ms = max(prev, int(ms))
        out.append(f"{kind}{base36(int(arg))}.{base36(ms - prev)}")
        prev = ms
    return "".join(out)


def decode_events(text, kinds: str, what: str = "replay") -> list[tuple[str, int, int]]:
    """The ``(kind, arg, ms)`` inputs of :func:`encode_events`'s string (``ms`` since the start); ``ValueError``
    with one line (naming ``what``) for anything else, or for a kind not in ``kinds``."""
    if not isinstance(text, str):
        raise ValueError(f"{what}: its inputs are not a string")
    out, t, pos = [], 0, 0
    for m in _EVENT.finditer(text):
        if m.start() != pos:
            break
        pos = m.end()
        kind = m.group(1)
        if kind not in kinds:
            raise ValueError(f"{what}: input {len(out)} is of an unknown kind {kind!r}")
        t += int(m.group(3), 36)
        out.append((kind, int(m.group(2), 36), t))
    if pos != len(text):
        raise ValueError(f"{what}: its inputs are not valid from character {pos} on")
    return out


def _shallow(value, depth: int = MAX_DEPTH) -> bool:
    level = [value]
    for _ in range(depth):
        level = [c for x in level for c in (x.values() if isinstance(x, dict) else x) if isinstance(c, (dict, list))]
        if not level:
            return True
    return False


def read_file(path) -> Replay:
    """Import: a replay from a file anyone may have edited; ``ValueError`` with one line if it is not one."""
    if not os.fspath(path):  # Path("") is the current folder
        raise ValueError("no file named: give the path of a replay file")
    p = Path(path)
    too_big = f"{path}: larger than {MAX_BYTES // 2**20} MiB, not a replay"
    try:
        if p.is_dir():
            raise ValueError(f"{path} is a folder, not a replay file")
        # opened without blocking (a FIFO with no writer would wait forever), then checked on the open file
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):  # a FIFO, a device (/dev/urandom never ends), a socket
                raise ValueError(f"{path} is not a regular file, not a replay")
            if st.st_size > MAX_BYTES:
                raise ValueError(too_big)
            data = f.read(MAX_BYTES + 1)  # a file that grows while read stops here
        if len(data) > MAX_BYTES:
            raise ValueError(too_big)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    return parse(data)


def write_file(replay: Replay, path) -> None:
    """Export: the replay as a small text file (atomic)."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(replay.to_json() + "\n", encoding="utf-8")
        os.replace(tmp, p)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise ValueError(f"cannot write {path}: {e.strerror or e}") from None


class ReplayStore:
    """The replays of one data dir. ``add`` returns at once (a background thread writes); ``flush`` waits."""

    def __init__(self, data_dir, *, sync: bool = False, keep: int = KEEP):
        self.dir = Path(data_dir) / DIRNAME if data_dir is not None else None
        self.sync, self.keep = sync, keep
        self._queue: list[Replay] = []
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self.warnings: list[str] = []

    # ----- writing -----
    def add(self, replay: Replay) -> None:
        if self.dir is None:
            return
        if self.sync:
            self._write(replay)
            return
        with self._cv:
            self._queue.append(replay)
            if self._thread is None:
                self._thread = threading.Thread(target=self._writer, name="replay-writer", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        with self._cv:
            while self._queue or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(left)
        return True

    def _writer(self) -> None:
        while True:
            with self._cv:
                while not self._queue:
                    self._cv.wait()
                replay = self._queue.pop(0)
                self._busy = True
            try:
                self._write(replay)
            except Exception as e:  # noqa: BLE001 - the writer must live on
                self._warn(f"replay not saved: {type(e).__name__}: {e}")
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def _warn(self, msg: str) -> None:
        if msg not in self.warnings:
            self.warnings.append(msg)
            log.warning(msg)

    def _write(self, replay: Replay) -> None:
        from arcade.engine.storage import LOCKFILE, DirLock, fsync_dir

        text = replay.to_json()
        if len(text) > MAX_BYTES:
            self._warn(f"a {replay.game} replay of {len(text) // 1024} KiB is too large to keep")
            return
        folder = self.dir / replay.game
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with DirLock(self.dir.parent / LOCKFILE):
                path = folder / f"{replay.time:012d}-{replay.id}.json"
                tmp = folder / f".{path.name}.tmp-{os.getpid()}"
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
                self._prune(folder)
                fsync_dir(folder)
        except OSError as e:
            self._warn(f"cannot save replays in {self.dir} ({e.strerror or e})")

    def _prune(self, folder: Path) -> None:
        """Keep the newest ``keep`` plus every best (a best's file name is read from its own head)."""
        files = sorted(folder.glob("*.json"), reverse=True)  # names start with the time: newest first
        for f in files[self.keep:]:
            if not _is_best(f):
                try:
                    f.unlink()
                except OSError:
                    pass

    # ----- reading -----
    def list(self, game: str) -> list[Replay]:
        """The game's readable replays, newest first (a damaged file is skipped)."""
        if self.dir is None or not (self.dir / game).is_dir():
            return []
        out = []
        for f in sorted((self.dir / game).glob("*.json"), reverse=True):
            try:
                out.append(read_file(f))
            except ValueError:
                continue
        return out

    def load(self, game: str, rid: str) -> Replay:
        for f in (self.dir / game).glob(f"*-{rid}.json") if self.dir is not None else ():
            return read_file(f)
        raise ValueError(f"no {game} replay {rid}")


def _is_best(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(300)
    except OSError:
        return False
    return b'"best":true' in head

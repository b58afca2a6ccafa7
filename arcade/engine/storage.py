"""The player's profile on disk: settings, best scores, saved games and a bounded game history.

One versioned JSON file, ``profile.json``, in the platformdirs user data dir (``--data-dir`` or
``ARCADE_DATA_DIR`` override it). The rules that keep a best score safe:

* Writes are atomic: the JSON goes to a temp file in the same directory, is flushed and fsynced,
  the current file becomes ``profile.json.bak`` and the temp file is renamed over ``profile.json``
  (``os.replace``). A crash at any point leaves an intact main file or an intact backup.
* Writes happen on a background thread (a frame never waits for the disk); only the newest snapshot
  is written, and ``flush()`` waits for it (the app calls it on quit).
* Loading reads both the main file and the backup. A corrupt, truncated, wrong-schema, future-version
  or unreadable main file is renamed aside (``profile.json.corrupt-<time>``, never deleted), one
  warning line is logged, and the game starts from what can be recovered: the backup first, plus
  every valid part of the bad file. Best scores are merged by maximum over every readable copy.
  A bad backup is renamed aside the same way (same single warning line), so no later save overwrites it.
  A key written twice in one object is a fault too (the higher of two scores is kept).
* A write killed after its temp file was complete (before or between the renames) is finished at the
  next start: that temp file holds the newest state. An incomplete temp file is deleted silently (the
  main file and the backup are intact then).
* An unwritable directory: one warning, play goes on in memory.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import threading
import time
from pathlib import Path

from arcade.engine import settings as settings_mod

log = logging.getLogger("arcade")

SCHEMA = 1
FILENAME = "profile.json"
HISTORY_LIMIT = 500  # game records kept per game for the stats screen
MAX_FILE_BYTES = 64 * 1024 * 1024  # refuse to parse anything absurdly large
MAX_DEPTH = 32  # a saved game or history record nested deeper is refused (json.dumps must always manage it)


def default_data_dir() -> Path:
    env = os.environ.get("ARCADE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("arcade", appauthor=False))


def _nonneg_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _depth_ok(value, limit: int = MAX_DEPTH) -> bool:
    """True when ``value`` (parsed JSON) nests at most ``limit`` containers deep. Level by level, no recursion."""
    level = [value]
    for _ in range(limit):
        level = [c for x in level for c in (x.values() if x.__class__ is dict else x)
                 if c.__class__ is dict or c.__class__ is list]
        if not level:
            return True
    return False


def _empty() -> dict:
    return {"settings": {}, "best": {}, "low": {}, "saves": {}, "history": {}, "totals": {}}


def sanitize(raw) -> tuple[dict, list[str]]:
    """Keep every valid part of a parsed profile. Returns (data, problems)."""
    data = _empty()
    problems: list[str] = []
    if not isinstance(raw, dict):
        return data, [f"top level is {type(raw).__name__}, not an object"]
    schema = raw.get("schema")
    if schema != SCHEMA:
        problems.append(f"schema {schema!r} (this version reads {SCHEMA})")
    missing = [k for k in ("settings", "best", "saves", "history", "totals") if k not in raw]
    if missing:  # every file this version writes has them all: one lost (a damaged key name) is a fault
        problems.append("no " + ", ".join(missing))
    sets = raw.get("settings", {})
    if isinstance(sets, dict):
        for k, v in sets.items():
            if k not in settings_mod.BY_KEY:
                # a setting of a game this process does not know (a newer version, a game left out): kept as it is
                if isinstance(k, str) and (v is None or isinstance(v, (bool, int, float, str))):
                    data["settings"][k] = v
                else:
                    problems.append(f"setting {k!r}")
                continue
            try:
                data["settings"][k] = settings_mod.validate(k, v)
            except ValueError as e:
                problems.append(f"setting {e}")
    else:
        problems.append("settings is not an object")
    # "best": higher is better (points); "low": lower is better (times), absent in files written before it existed
    for section, what in (("best", "best score"), ("low", "best time")):
        scores = raw.get(section, {})
        if not isinstance(scores, dict):
            problems.append(f"{section} is not an object")
            continue
        for k, v in scores.items():
            if isinstance(k, str) and _nonneg_int(v):
                data[section][k] = v
            else:
                problems.append(f"{what} {k!r}={v!r}")
    saves = raw.get("saves", {})
    if isinstance(saves, dict):
        for k, v in saves.items():
            if isinstance(v, dict) and _depth_ok(v):
                data["saves"][k] = v
            else:
                problems.append(f"saved game {k!r}")
    else:
        problems.append("saves is not an object")
    hist = raw.get("history", {})
    if isinstance(hist, dict):
        for k, v in hist.items():
            if isinstance(v, list):
                recs = [r for r in v if isinstance(r, dict) and _nonneg_int(r.get("score")) and _depth_ok(r)]
                if len(recs) != len(v):
                    problems.append(f"history {k!r} has bad records")
                data["history"][k] = recs[-HISTORY_LIMIT:]
            else:
                problems.append(f"history {k!r}")
    else:
        problems.append("history is not an object")
    totals = raw.get("totals", {})
    if isinstance(totals, dict):
        for k, v in totals.items():
            if isinstance(v, dict) and _nonneg_int(v.get("played")) and _nonneg_int(v.get("score_sum")):
                data["totals"][k] = {"played": v["played"], "score_sum": v["score_sum"]}
            else:
                problems.append(f"totals {k!r}")
    else:
        problems.append("totals is not an object")
    return data, problems


def _merge_dup(a, b):
    """The value kept for a key written twice in one object: the higher of two scores; two objects merged
    (their entries the same way, one level down); else the later one (what json does)."""
    if _nonneg_int(a) and _nonneg_int(b):
        return max(a, b)
    if isinstance(a, dict) and isinstance(b, dict):
        m = dict(a)
        for k, v in b.items():
            m[k] = max(m[k], v) if k in m and _nonneg_int(m[k]) and _nonneg_int(v) else v
        return m
    return b


def _read(path: Path):
    """Parse one file. Returns (raw or None, problem or None, exists, notes): ``notes`` lists what is wrong
    in a file that did parse (duplicate keys)."""
    dups: list[str] = []

    def pairs_hook(pairs):
        d = dict(pairs)
        if len(d) != len(pairs):
            d = {}
            for k, v in pairs:
                if k in d:
                    dups.append(k)
                    d[k] = _merge_dup(d[k], v)
                else:
                    d[k] = v
        return d

    try:
        if path.is_dir():
            return None, "is a directory", True, []
        if not path.exists():
            return None, None, False, []
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block the start-up, a device would never end
            return None, "not a regular file", True, []
        if st.st_size > MAX_FILE_BYTES:
            return None, "file too large", True, []
        text = path.read_bytes().decode("utf-8")
        raw = json.loads(text, object_pairs_hook=pairs_hook)
        return raw, None, True, [f"duplicate key {k!r}" for k in dict.fromkeys(dups)]
    # ValueError: bad UTF-8, bad JSON, or an integer too long for int() (Python >= 3.11 refuses 4300+ digits)
    except (OSError, ValueError, RecursionError) as e:
        return None, f"{type(e).__name__}: {e}", True, []


class Profile:
    """The profile in memory, written through to disk in the background.

    ``sync=True`` writes on the calling thread (tests); ``data_dir=None`` keeps it in memory only.
    """

    def __init__(self, data_dir: Path | str | None, *, sync: bool = False):
        self.dir = Path(data_dir) if data_dir is not None else None
        self.path = self.dir / FILENAME if self.dir else None
        self.backup = self.dir / (FILENAME + ".bak") if self.dir else None
        self.sync = sync
        self.warnings: list[str] = []
        self.writable = self.dir is not None
        self._lock = threading.Condition()
        self._pending: dict | None = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self._closed = False
        self._write_failed = False
        self.data = _empty()
        if self.dir is not None:
            self._load()

    # ----- warnings -----
    def _warn(self, msg: str) -> None:
        self.warnings.append(msg)
        log.warning(msg)

    # ----- loading -----
    def _load(self) -> None:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.writable = False
            self._warn(f"cannot create the data directory {self.dir} ({e.strerror or e}); playing without saving")
            return
        tmp, temps = self._read_temps()
        main_raw, main_err, main_exists, main_notes = _read(self.path)
        bak_raw, bak_err, bak_exists, bak_notes = _read(self.backup)
        main, main_problems = sanitize(main_raw) if main_err is None and main_exists else (None, [])
        bak, bak_problems = sanitize(bak_raw) if bak_err is None and bak_exists else (None, [])
        main_problems += main_notes
        bak_problems += bak_notes
        bad = main_exists and (main_err is not None or bool(main_problems))
        bak_bad = bak_exists and (bak_err is not None or bool(bak_problems))
        # A complete temp file is the newest whole state (a write cut short before its rename): it comes first.
        if not bad:
            self.data = tmp if tmp is not None else main if main is not None else bak if bak is not None else _empty()
        else:
            # The backup is the last good whole file; fill in what it lacks from the bad file's valid parts.
            base = tmp if tmp is not None else bak
            if base is None:
                base = _empty()
                if main is not None:
                    base["settings"].update(main["settings"])
            if main is not None:
                for k, v in main["saves"].items():
                    base["saves"].setdefault(k, v)
            self.data = base
        parts = []
        if bad:
            aside = self._set_aside(self.path)
            why = main_err or "; ".join(main_problems[:3])
            where = f"kept aside as {aside.name}" if aside else "could not be moved aside"
            parts.append(f"profile {self.path} was unreadable ({why}); {where}")
        if bak_bad:  # set aside too, or the next save's rotation would overwrite it
            aside = self._set_aside(self.backup)
            why = bak_err or "; ".join(bak_problems[:3])
            where = f"kept aside as {aside.name}" if aside else "could not be moved aside"
            parts.append(f"{'its' if bad else 'the profile'} backup {self.backup.name} was unreadable ({why}); {where}")
        if parts:
            if bad:
                src = "a write cut short" if tmp is not None else "the backup" if bak is not None else "defaults"
                tail = f"recovered from {src}"
            else:
                tail = ("the profile itself is fine" if main is not None or tmp is not None
                        else "kept its valid parts" if bak is not None else "started from defaults")
            self._warn("; ".join(parts) + f"; {tail}")
        # A best score is never lost: take the maximum over every readable copy.
        for other in (main, bak, tmp):
            if other is None:
                continue
            for k, v in other["best"].items():
                if v > self.data["best"].get(k, -1):
                    self.data["best"][k] = v
            for k, v in other["low"].items():
                if v < self.data["low"].get(k, v + 1):
                    self.data["low"][k] = v
        if temps:
            # Finish the cut-short write now, on this thread, and only then drop its temp files.
            self._write(self.snapshot())
            if not self._write_failed:
                for t in temps:
                    try:
                        t.unlink()
                    except OSError:
                        pass
        elif bad:
            self.save()

    def _read_temps(self) -> tuple[dict | None, list[Path]]:
        """Temp files left by a write killed before its rename. An incomplete one is deleted (the main file and
        the backup are intact then: a write touches them only once its temp file is complete). Returns the
        newest complete one's data (or None) and the complete ones' paths (deleted once their data is saved)."""
        complete = []
        for t in self.dir.glob(FILENAME + ".tmp-*"):
            raw, err, exists, notes = _read(t)
            data, problems = sanitize(raw) if err is None and exists else (None, ["unreadable"])
            mtime = None
            if not problems and not notes:
                try:
                    mtime = t.stat().st_mtime_ns
                except OSError:
                    pass
            if mtime is None:
                try:
                    t.unlink()
                except OSError:
                    pass
            else:
                complete.append((mtime, t, data))
        if not complete:
            return None, []
        complete.sort(key=lambda c: c[0])
        return complete[-1][2], [c[1] for c in complete]

    def _set_aside(self, path: Path) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(100):
            aside = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{n}" if n else ""))
            if not aside.exists():
                try:
                    os.replace(path, aside)
                    return aside
                except OSError:
                    return None
        return None

    # ----- settings -----
    def get(self, key: str):
        spec = settings_mod.BY_KEY[key]
        value = self.data["settings"].get(key, spec.default)
        try:
            return spec.validate(value)
        except ValueError:  # stored before this spec was registered (kept verbatim) and not valid for it
            return spec.default

    def set(self, key: str, value) -> None:
        value = settings_mod.validate(key, value)
        if self.data["settings"].get(key) != value:
            self.data["settings"][key] = value
            self.save()

    # ----- best scores -----
    def best(self, key: str) -> int:
        return self.data["best"].get(key, 0)

    def lowest(self, key: str) -> int | None:
        """The best of a lower-is-better score (a time in ms), or None."""
        return self.data["low"].get(key)

    def bests(self, lower: bool = False) -> dict:
        return dict(self.data["low" if lower else "best"])

    def submit_low(self, key: str, value: int) -> bool:
        """Record a lower-is-better score (a time); returns True (and saves at once) if it is a new best."""
        old = self.data["low"].get(key)
        if old is None or value < old:
            self.data["low"][key] = int(value)
            self.save()
            return True
        return False

    def submit_score(self, key: str, score: int) -> bool:
        """Record a score; returns True (and saves at once) if it is a new best."""
        if score > self.data["best"].get(key, 0):
            self.data["best"][key] = int(score)
            self.save()
            return True
        return False

    # ----- saved games -----
    def saved_game(self, game_id: str) -> dict | None:
        return self.data["saves"].get(game_id)

    def save_game(self, game_id: str, state: dict) -> None:
        """Store a game in progress. ``state`` must not be mutated afterwards (it is written later)."""
        self.data["saves"][game_id] = state
        self.save()

    def clear_saved(self, game_id: str) -> None:
        if self.data["saves"].pop(game_id, None) is not None:
            self.save()

    # ----- history and stats -----
    def record_game(self, game_id: str, score: int, **fields) -> None:
        rec = {"score": int(score), "time": int(time.time()), **fields}
        hist = self.data["history"].setdefault(game_id, [])
        hist.append(rec)
        del hist[:-HISTORY_LIMIT]
        t = self.data["totals"].setdefault(game_id, {"played": 0, "score_sum": 0})
        t["played"] += 1
        t["score_sum"] += int(score)
        self.save()

    def history(self, game_id: str) -> list[dict]:
        return list(self.data["history"].get(game_id, ()))

    def totals(self, game_id: str) -> dict:
        return dict(self.data["totals"].get(game_id, {"played": 0, "score_sum": 0}))

    # ----- writing -----
    def snapshot(self) -> dict:
        d = self.data
        return {
            "schema": SCHEMA,
            "settings": dict(d["settings"]),
            "best": dict(d["best"]),
            "low": dict(d["low"]),
            "saves": dict(d["saves"]),
            "history": {k: list(v) for k, v in d["history"].items()},
            "totals": {k: dict(v) for k, v in d["totals"].items()},
        }

    def save(self) -> None:
        """Write the profile (in the background unless ``sync``)."""
        if self.dir is None or not self.writable or self._closed:
            return
        snap = self.snapshot()
        if self.sync:
            self._write(snap)
            return
        with self._lock:
            self._pending = snap
            if self._thread is None:
                self._thread = threading.Thread(target=self._writer, name="profile-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything saved so far is on disk. Returns False on timeout."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._writing:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    def _writer(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._closed:
                    self._lock.wait()
                if self._pending is None:
                    return
                snap, self._pending = self._pending, None
                self._writing = True
            try:
                self._write(snap)
            except Exception as e:  # never let the writer die: every later save would silently go nowhere
                self._warn(f"profile not saved: {type(e).__name__}: {e}")
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _write(self, snap: dict) -> None:
        if not self.writable:
            return
        try:
            text = json.dumps(snap, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError) as e:  # a bug, not a disk fault: keep the old file
            self._warn(f"profile not saved: {e}")
            return
        tmp = self.path.with_name(f"{FILENAME}.tmp-{os.getpid()}")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            if self.path.is_file():
                os.replace(self.path, self.backup)
            os.replace(tmp, self.path)
            _fsync_dir(self.dir)
        except OSError as e:
            try:
                tmp.unlink()
            except OSError:
                pass
            if not self._write_failed:  # one warning; later saves keep trying (the disk may come back)
                self._write_failed = True
                self._warn(f"cannot write the profile in {self.dir} ({e.strerror or e}); playing on, will retry")
        else:
            self._write_failed = False


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

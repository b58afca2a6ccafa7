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
  warning line is logged, and the game starts from what can be recovered: every valid part of the bad file
  (of one that does not parse, what is whole before the damage), the gaps filled from the backup. Best scores are
  merged by maximum over every readable copy.
  A bad backup is renamed aside the same way (same single warning line), so no later save overwrites it.
  A key written twice in one object is a fault too (the higher of two scores is kept).
* A write killed after its temp file was complete (before or between the renames) is finished at the
  next start: that temp file holds the newest state. An incomplete temp file is deleted silently (the
  main file and the backup are intact then).
* An unwritable directory: one warning, play goes on in memory. Saving trouble and its end are also shown on
  screen (``on_notice``).
* Several processes on one data dir (two windows): every write holds an advisory lock on ``profile.lock`` and
  first re-reads the file on disk and merges it (the max of every best, the min of every best time, the union of
  the game histories by record id, each setting from whichever process changed it last, the totals plus what this
  process added), so no window loses another's bests or settings. A change time later than now (a clock that ran
  ahead) never wins over a change made now; one more than a day ahead is reset on load, with one warning. The first process holds ``instance.lock`` for
  its life; a later one knows it shares the profile (``shared``) and says so. A temp file is only ever finished or
  deleted when the process that wrote it is gone.
* Writes are debounced (:data:`DEBOUNCE` seconds, coalescing the newest snapshot), so a best is on disk well within a
  second of being reached; ``flush()`` writes at once.
* Each game in progress lives in its own file, ``saves/<game>.<board>.json`` (``saves/<game>.json`` for a game with
  one board; written the same atomic way, only when it changed), so a long game never slows the writing of settings
  and bests. A profile from before the split keeps its saved games inside; they move to their files on the next
  write. A save file that does not parse is kept
  aside like a corrupt profile.
* Nothing the reader would refuse is written: a profile that would pass :data:`MAX_FILE_BYTES` has its histories
  trimmed first; a file over the cap found on disk is still mined for its best scores before it is set aside.
  Scores above :data:`MAX_SCORE`, and bests above what the game's board can reach (:func:`best_limit`), are
  implausible and refused. Totals stop at :data:`MAX_COUNT`, the most the loader reads.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import logging
import math
import os
import re
import stat
import threading
import time
import uuid
from pathlib import Path

from arcade.engine import settings as settings_mod, stats as stats_mod
from arcade.engine.i18n import N_

log = logging.getLogger("arcade")

SCHEMA = 1
FILENAME = "profile.json"
HISTORY_LIMIT = 500  # game records kept per game for the stats screen
MAX_FILE_BYTES = 64 * 1024 * 1024  # refuse to parse anything absurdly large
MAX_DEPTH = 32  # a saved game or history record nested deeper is refused (json.dumps must always manage it)
MAX_SCORE = 10**15  # no game of the collection can score more; a bigger "best" is a crafted file
MAX_COUNT = 2**63 - 1  # the largest count the loader reads (totals stop there: a 64-bit signed integer)
DEBOUNCE = 0.25  # seconds a background write waits for more changes to coalesce
STAMP_AHEAD_NS = 86_400 * 10**9  # a setting stamped more than a day in the future was stamped by a clock that ran ahead
SAVES_DIR = "saves"  # each game in progress in a file of its own: saves/<game>.json, saves/<game>.<board>.json
LOCKFILE = "profile.lock"
INSTANCE_LOCK = "instance.lock"


def default_data_dir() -> Path:
    env = os.environ.get("ARCADE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("arcade", appauthor=False))


def _nonneg_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT


def _count(n: int) -> int:
    """A count or a sum as written: it stops at :data:`MAX_COUNT`, the most the loader reads back."""
    return min(n, MAX_COUNT)


def _score(v) -> bool:
    """A plausible score or time: a whole number 0 .. MAX_SCORE."""
    return _nonneg_int(v) and v <= MAX_SCORE


# game id -> the most a best under a key of that game can be (a function of the key, None for no limit of its own):
# what the game's board can reach. Registered from the games' records (arcade.engine.plugin.register).
BEST_LIMITS: dict = {}


def limit_bests(game_id: str, limit) -> None:
    """Make ``limit(key)`` (the most a best of ``game_id`` under ``key`` can be, or None) the loader's limit."""
    BEST_LIMITS[game_id] = limit


def best_limit(key: str) -> int:
    """The highest best the profile keeps under ``key``: :data:`MAX_SCORE`, or less where the game says its board
    cannot reach more (a 2048 4x4 board: about 33 million)."""
    fn = BEST_LIMITS.get(key.split("/", 1)[0]) if isinstance(key, str) else None
    top = fn(key) if fn is not None else None
    return MAX_SCORE if top is None else min(MAX_SCORE, top)


def _depth_ok(value, limit: int = MAX_DEPTH) -> bool:
    """True when ``value`` (parsed JSON) nests at most ``limit`` containers deep. Level by level, no recursion."""
    level = [value]
    for _ in range(limit):
        level = [c for x in level for c in (x.values() if x.__class__ is dict else x)
                 if c.__class__ is dict or c.__class__ is list]
        if not level:
            return True
    return False


def _trusted(stamp: int, now: int) -> int:
    """A setting's change time as merging weighs it: a time later than ``now`` (a clock that ran ahead) is not
    trusted and weighs as "changed at an unknown time", so any change made here and now wins over it."""
    return stamp if stamp <= now else 0


def _empty() -> dict:
    return {"settings": {}, "stamps": {}, "best": {}, "low": {}, "saves": {}, "history": {}, "totals": {}}


class _Bad(ValueError):
    """An entry of a section that is not kept; its text is the problem reported."""


def _setting(k, v, note):
    if k not in settings_mod.BY_KEY:
        # a setting of a game this process does not know (a newer version, a game left out): kept as it is
        if isinstance(k, str) and (v is None or isinstance(v, (bool, int, float, str))):
            return v
        raise _Bad(f"setting {k!r}")
    try:
        return settings_mod.validate(k, v)
    except ValueError as e:
        raise _Bad(f"setting {e}") from None


def _scored(what: str, limited: bool = False):
    def check(k, v, note):
        if isinstance(k, str) and _score(v):
            if not limited or v <= best_limit(k):
                return v
            raise _Bad(f"{what} {k!r}={v!r} (more than the game can reach: {best_limit(k)})")
        raise _Bad(f"{what} {k!r}={v!r}")

    return check


def _save(k, v, note):
    if isinstance(v, dict) and _depth_ok(v):
        return v
    raise _Bad(f"saved game {k!r}")


RECORD_ID = re.compile(r"[A-Za-z0-9_-]{1,40}\Z")
FIELD = re.compile(r"[A-Za-z0-9_]{1,40}\Z")
CODE = re.compile(r"[A-Za-z0-9.-]{1,80}\Z")  # GAME-PARAMS-SEED (arcade.engine.codes)
OUTCOMES = ("won", "lost", "draw", "over", "abandoned")
MAX_FIELDS = 40
MAX_TEXT = 200  # a string field of a record


def _real_date(v) -> bool:
    if not (isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)):
        return False
    try:
        datetime.date.fromisoformat(v)
    except ValueError:  # 2026-02-30
        return False
    return True


def _plain(v) -> bool:
    """A value a record's other fields may hold: null, a bool, a 64-bit int, a finite float, a short string."""
    if v is None or isinstance(v, bool):
        return True
    if isinstance(v, int):
        return -(2**63) <= v < 2**63
    if isinstance(v, float):
        return math.isfinite(v)
    return isinstance(v, str) and len(v) <= MAX_TEXT


# a history record's known fields and what each may hold; any other field must be _plain
RECORD_FIELDS = {
    "score": _score,
    "time": _nonneg_int,
    "id": lambda v: isinstance(v, str) and RECORD_ID.match(v) is not None,
    "by": lambda v: v in ("player", "ai"),  # absent: the player's (older AI games are under "<game>.ai")
    "outcome": lambda v: v in OUTCOMES,
    "assisted": lambda v: isinstance(v, bool) or _nonneg_int(v),  # hints used; older Minesweeper records: a bool
    "daily": _real_date,
    "code": lambda v: isinstance(v, str) and CODE.match(v) is not None,
    "moves": _nonneg_int,
}


def _short(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def check_record(rec) -> dict:
    """A history record as kept, every field checked (known fields by :data:`RECORD_FIELDS`, any other must be a
    plain value); raises _Bad naming the first bad field. A record without an id gets one from its content."""
    if not isinstance(rec, dict):
        raise _Bad(f"record {_short(rec)} is not an object")
    if "score" not in rec:
        raise _Bad("record without a score")
    if len(rec) > MAX_FIELDS:
        raise _Bad(f"record of {len(rec)} fields")
    for k, v in rec.items():
        if not (isinstance(k, str) and FIELD.match(k) and RECORD_FIELDS.get(k, _plain)(v)):
            raise _Bad(f"record field {_short(k)}={_short(v)}")
    if "id" not in rec:
        rec = dict(rec, id=hashlib.sha1(json.dumps(rec, sort_keys=True).encode()).hexdigest()[:16])
    return rec


def _history(k, v, note):
    if not isinstance(v, list):
        raise _Bad(f"history {k!r}")
    recs = []
    for r in v:
        try:
            recs.append(check_record(r))
        except _Bad as e:  # that record is dropped, the good ones kept
            note(f"history {k!r}: {e}")
    return recs[-HISTORY_LIMIT:]


def _total(k, v, note):
    if isinstance(v, dict) and _nonneg_int(v.get("played")) and _nonneg_int(v.get("score_sum")):
        return {"played": v["played"], "score_sum": v["score_sum"]}
    raise _Bad(f"totals {k!r}")


# section -> (entry validator (key, value, note) -> the value kept, raising _Bad to drop it; required in a file)
# "best": higher is better (points); "low": lower is better (times), absent in files written before it existed
SECTIONS = {
    "settings": (_setting, True),
    "best": (_scored("best score", limited=True), True),
    "low": (_scored("best time"), False),
    "saves": (_save, True),
    "history": (_history, True),
    "totals": (_total, True),
}


def sanitize(raw) -> tuple[dict, list[str]]:
    """Keep every valid part of a parsed profile: each section's entries through its validator. Returns
    (data, problems)."""
    data = _empty()
    problems: list[str] = []
    if not isinstance(raw, dict):
        return data, [f"top level is {type(raw).__name__}, not an object"]
    schema = raw.get("schema")
    if schema != SCHEMA:
        problems.append(f"schema {schema!r} (this version reads {SCHEMA})")
    missing = [k for k, (_, required) in SECTIONS.items() if required and k not in raw]
    if missing:  # every file this version writes has them all: one lost (a damaged key name) is a fault
        problems.append("no " + ", ".join(missing))
    for section, (check, _) in SECTIONS.items():
        entries = raw.get(section, {})
        if not isinstance(entries, dict):
            problems.append(f"{section} is not an object")
            continue
        for k, v in entries.items():
            try:
                data[section][k] = check(k, v, problems.append)
            except _Bad as e:
                problems.append(str(e))
    stamps = raw.get("stamps", {})  # when each setting was last changed (ns), for merging two writers; optional
    if isinstance(stamps, dict):
        data["stamps"] = {k: v for k, v in stamps.items() if k in data["settings"] and _nonneg_int(v)}
    return data, problems


def _fill(base: dict, other: dict) -> None:
    """Fill in ``base`` (a sanitized profile) from ``other`` without overriding anything it holds: settings and saved
    games it lacks, history records by id, the larger totals (best scores are merged by the caller)."""
    for k, v in other["settings"].items():
        if k not in base["settings"]:
            base["settings"][k] = v
            if k in other["stamps"]:
                base["stamps"][k] = other["stamps"][k]
    for k, v in other["saves"].items():
        base["saves"].setdefault(k, v)
    for game, recs in other["history"].items():
        mine = base["history"].setdefault(game, [])
        ids = {r["id"] for r in mine}
        new = [r for r in recs if r["id"] not in ids]
        if new:
            mine.extend(new)
            mine.sort(key=lambda r: r.get("time", 0))
            del mine[:-HISTORY_LIMIT]
    for game, t in other["totals"].items():
        mine = base["totals"].setdefault(game, {"played": 0, "score_sum": 0})
        for f in ("played", "score_sum"):
            mine[f] = max(mine[f], t[f])


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
    in a file that did parse (duplicate keys). With a problem, ``raw`` is what can still be read of the file (see
    :func:`_salvage`; the bests of a file too large to parse), or None."""
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
            return _mine(path), "file too large", True, []
        data = path.read_bytes()
    except OSError as e:
        return None, f"{type(e).__name__}: {e}", True, []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:  # what comes before the bad bytes is still readable
        return _salvage(data[:e.start].decode("utf-8")), f"{type(e).__name__}: {e}", True, []
    try:
        raw = json.loads(text, object_pairs_hook=pairs_hook)
    # ValueError: bad JSON, or an integer too long for int() (Python >= 3.11 refuses 4300+ digits)
    except (ValueError, RecursionError) as e:
        return _salvage(text), f"{type(e).__name__}: {e}", True, []
    return raw, None, True, [f"duplicate key {k!r}" for k in dict.fromkeys(dups)]


_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
_CUT = object()  # a value the damage runs into


def _salvage(text: str) -> dict | None:
    """What a damaged profile (cut short, or garbage from some point on) still holds before the damage: the
    top-level object with its whole sections, a section cut short with its whole entries, a history list cut short
    with its whole records. Nothing deeper is taken in part (a saved game cut short is not a shorter game), and a
    number or literal the damage runs into is never taken (a best of 63 cut to "6"). None when not even the top
    level opens. The caller checks every entry as for a whole file (:func:`sanitize`)."""
    try:
        value, _, _ = _partial(text, _SPACE.match(text).end(), 0)
    except RecursionError:
        return None
    return value if isinstance(value, dict) else None


def _partial(text: str, i: int, depth: int):
    """The JSON value at ``i`` as ``(value, end, whole)``: ``value`` is ``_CUT`` when the damage runs into it; an
    object at depth 0 or 1, or a list at depth 2, that is cut short comes with its whole entries (``whole`` False)."""
    n = len(text)
    c = text[i] if i < n else ""
    if (c == "{" and depth < 2) or (c == "[" and depth == 2):
        try:
            v, j = _DECODER.raw_decode(text, i)
            return v, j, True
        except (ValueError, RecursionError):
            pass
        out: dict | list = {} if c == "{" else []
        i = _SPACE.match(text, i + 1).end()
        while i < n:
            if c == "{":
                if text[i] != '"':
                    break
                try:
                    key, i = _DECODER.raw_decode(text, i)
                except ValueError:
                    break
                i = _SPACE.match(text, i).end()
                if text[i:i + 1] != ":":
                    break
                i = _SPACE.match(text, i + 1).end()
            v, i, whole = _partial(text, i, depth + 1)
            if v is _CUT:
                break
            if c == "{":
                out[key] = v
            else:
                out.append(v)
            i = _SPACE.match(text, i).end()
            if not whole or text[i:i + 1] != ",":
                break
            i = _SPACE.match(text, i + 1).end()
        return out, i, False
    try:
        v, j = _DECODER.raw_decode(text, i)
    except (ValueError, RecursionError):
        return _CUT, i, False
    if c not in '{["':  # a number or a literal ends where something else begins: else it may have been cut
        k = _SPACE.match(text, j).end()
        if text[k:k + 1] not in (",", "}", "]"):
            return _CUT, i, False
    return v, j, True


def _mine(path: Path):
    """The best scores of a file too large to parse (its head holds them: this module writes ``best`` and ``low``
    before the bulky parts), as a partial profile for :func:`sanitize`, or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 20).decode("utf-8", "replace")
    except OSError:
        return None
    found = {}
    for section in ("best", "low"):
        m = re.search(r'"%s"\s*:\s*(\{[^{}]*\})' % section, head)
        if m:
            try:
                found[section] = json.loads(m.group(1))
            except ValueError:
                pass
    return found or None


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's live process
    return True


class DirLock:
    """An advisory lock on a file in the data dir (``fcntl.flock``; a no-op where there is none)."""

    def __init__(self, path: Path, blocking: bool = True):
        self.path, self.blocking, self.fd = path, blocking, None

    def acquire(self) -> bool:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no lock, merging still applies
            return True
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return True  # an unwritable dir: nothing will be written anyway
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | (0 if self.blocking else fcntl.LOCK_NB))
            return True
        except OSError:
            os.close(self.fd)
            self.fd = None
            return False

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the flock
            self.fd = None

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()


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
        self._flush_now = False
        self.data = _empty()
        self.on_notice = None  # called with a one-line message when saving fails and when it works again
        self.shared = False  # another process (a second window) holds this data dir too
        self._instance = None
        self._added = {}  # game id -> [played, score_sum] recorded here and not yet merged into the file's totals
        self._cleared: set = set()  # saved games this process cleared since its last write
        self._dirty: set = set()  # saved games this process changed since its last write (their files are rewritten)
        self.bytes_written = 0  # for the write-amplification benchmark
        if self.dir is not None:
            self._load()
            if self.writable:
                self._instance = DirLock(self.dir / INSTANCE_LOCK, blocking=False)
                if not self._instance.acquire():
                    self._instance = None
                    self.shared = True

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
        # what can still be read of a file that does not parse (the entries before the damage; the bests of a file
        # too large to load, read from its head): a damaged main file's part comes before the older backup
        main_part = sanitize(main_raw)[0] if main_err is not None and isinstance(main_raw, dict) else None
        bak_part = sanitize(bak_raw)[0] if bak_err is not None and isinstance(bak_raw, dict) else None
        main_problems += main_notes
        bak_problems += bak_notes
        bad = main_exists and (main_err is not None or bool(main_problems))
        bak_bad = bak_exists and (bak_err is not None or bool(bak_problems))
        # A complete temp file is the newest whole state (a write cut short before its rename): it comes first.
        if not bad:
            self.data = tmp if tmp is not None else main if main is not None else bak if bak is not None else _empty()
        else:
            # A damaged record or section costs only itself: the bad file's valid parts are kept (a complete temp
            # file, the newest whole state, comes before them) and what was lost is filled in from the backup.
            copies = [c for c in (tmp, main, main_part, bak, bak_part) if c is not None]
            base = copies[0] if copies else _empty()
            for other in copies[1:]:
                _fill(base, other)
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
                readable = main_part is not None and any(main_part[k] for k in SECTIONS)
                src = ("a write cut short" if tmp is not None else "its valid parts" if main is not None
                       else "what could still be read of it" if readable
                       else "the backup" if bak is not None else "defaults")
                tail = f"recovered from {src}" + (", the rest from the backup" if (main is not None or readable)
                                                   and tmp is None and bak is not None else "")
            else:
                tail = ("the profile itself is fine" if main is not None or tmp is not None
                        else "kept its valid parts" if bak is not None else "started from defaults")
            self._warn("; ".join(parts) + f"; {tail}")
        # A best score is never lost: take the maximum over every readable copy.
        for other in (main, bak, tmp, main_part, bak_part):
            if other is None:
                continue
            for k, v in other["best"].items():
                if v > self.data["best"].get(k, -1):
                    self.data["best"][k] = v
            for k, v in other["low"].items():
                if v < self.data["low"].get(k, v + 1):
                    self.data["low"][k] = v
        ahead = self._reset_future_stamps()
        legacy = set(self.data["saves"])
        self._load_saves()
        self._dirty |= legacy & set(self.data["saves"]) - self._on_disk_saves()
        if temps:
            # Finish the cut-short write now, on this thread, and only then drop its temp files.
            self._write(self.snapshot())
            if not self._write_failed:
                for t in temps:
                    try:
                        t.unlink()
                    except OSError:
                        pass
        elif bad or ahead:
            self.save()

    def _reset_future_stamps(self) -> bool:
        """Settings stamped as changed more than :data:`STAMP_AHEAD_NS` in the future (a clock that ran ahead) get
        the unknown change time 0, with one warning: a stamp from the future would otherwise outweigh every later
        change until the clock caught up. A stamp less far ahead is kept; merging never trusts it over a change
        made now (:func:`_trusted`)."""
        now = time.time_ns()
        ahead = sorted(k for k, v in self.data["stamps"].items() if v > now + STAMP_AHEAD_NS)
        if not ahead:
            return False
        days = (max(self.data["stamps"][k] for k in ahead) - now) / 86_400e9
        for k in ahead:
            self.data["stamps"][k] = 0
        self._warn(f"profile: {len(ahead)} setting{'s' if len(ahead) != 1 else ''} ({', '.join(ahead[:3])}"
                   f"{', ...' if len(ahead) > 3 else ''}) stamped as changed up to {days:,.0f} days in the future "
                   "(a clock that ran ahead); their change times are reset, so a new change takes")
        return True

    def _read_temps(self) -> tuple[dict | None, list[Path]]:
        """Temp files left by a write killed before its rename. An incomplete one is deleted (the main file and
        the backup are intact then: a write touches them only once its temp file is complete). Returns the
        newest complete one's data (or None) and the complete ones' paths (deleted once their data is saved)."""
        complete = []
        for t in self.dir.glob(FILENAME + ".tmp-*"):
            pid = t.name.rsplit("-", 1)[-1]
            if pid.isdigit() and _pid_alive(int(pid)):
                continue  # another process is writing it right now: never touch it
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
            with self._lock:  # the writer thread absorbs other windows' changes under the same lock
                self.data["settings"][key] = value
                self.data["stamps"][key] = time.time_ns()
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
        if not _score(value):
            raise ValueError(f"implausible time {value!r} for {key}")
        if old is None or value < old:
            with self._lock:
                self.data["low"][key] = min(int(value), self.data["low"].get(key, value))
            self.save()
            return True
        return False

    def submit_score(self, key: str, score: int) -> bool:
        """Record a score; returns True (and saves at once) if it is a new best."""
        if not _score(score) or score > best_limit(key):
            raise ValueError(f"implausible score {score!r} for {key}")
        if score > self.data["best"].get(key, 0):
            with self._lock:
                self.data["best"][key] = max(int(score), self.data["best"].get(key, 0))
            self.save()
            return True
        return False

    # ----- saved games -----
    def saved_game(self, game_id: str) -> dict | None:
        return self.data["saves"].get(game_id)

    def saved_games(self, game_id: str) -> list[str]:
        """The keys of ``game_id``'s games in progress (the id, or the id and a board after a slash: each board
        keeps its own), the most recently saved first."""
        with self._lock:
            keys = list(self.data["saves"])
        return [k for k in reversed(keys) if k == game_id or k.startswith(game_id + "/")]

    def save_game(self, game_id: str, state: dict) -> None:
        """Store a game in progress. ``state`` must not be mutated afterwards (it is written later)."""
        with self._lock:
            self.data["saves"].pop(game_id, None)  # the most recently saved last
            self.data["saves"][game_id] = state
            self._cleared.discard(game_id)
            self._dirty.add(game_id)
        self.save()

    def clear_saved(self, game_id: str) -> None:
        with self._lock:
            had = self.data["saves"].pop(game_id, None) is not None
            if had:
                self._cleared.add(game_id)
                self._dirty.discard(game_id)
        if had:
            self.save()

    def set_aside_save(self, game_id: str, reason: str) -> Path | None:
        """A saved game its game refuses to restore: kept aside in a file of its own (never deleted), one warning,
        and the game starts afresh. Returns the file, or None when there was nothing or it could not be written."""
        with self._lock:
            state = self.data["saves"].pop(game_id, None)
            if state is None:
                return None
            self._cleared.add(game_id)
            self._dirty.discard(game_id)
        aside = None
        if self.dir is not None and self.writable:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = self.dir / f"{FILENAME}.save-{game_id.replace('/', '_')}-{stamp}"
            try:
                aside.write_text(json.dumps(state), encoding="utf-8")
            except (OSError, TypeError, ValueError):
                aside = None
        where = f"kept aside as {aside.name}" if aside else "could not be kept aside"
        self._warn(f"the saved {game_id} game could not be restored ({reason}); {where}; starting a new one")
        self.save()
        return aside

    # ----- history and stats -----
    def record_game(self, game_id: str, score: int, **fields) -> None:
        if not _score(score):
            raise ValueError(f"implausible score {score!r} for {game_id}")
        try:  # nothing the loader would drop is written
            rec = check_record({"score": int(score), "time": int(time.time()), "id": uuid.uuid4().hex[:16], **fields})
        except _Bad as e:
            raise ValueError(f"{game_id}: {e}") from None
        with self._lock:  # the writer takes these deltas, and absorbs other windows' records, under the same lock
            hist = self.data["history"].setdefault(game_id, [])
            hist.append(rec)
            del hist[:-HISTORY_LIMIT]
            keys = [game_id]
            if fields.get("outcome") in stats_mod.OUTCOMES:  # a lifetime tally of the kind, beyond the history
                keys.append(stats_mod.tally_key(game_id, "ai" if fields.get("by") == "ai" else "player",
                                                fields["outcome"]))
            for k in keys:
                t = self.data["totals"].setdefault(k, {"played": 0, "score_sum": 0})
                t["played"] = _count(t["played"] + 1)
                t["score_sum"] = _count(t["score_sum"] + int(score))
                added = self._added.setdefault(k, [0, 0])
                added[0] += 1
                added[1] += int(score)
        self.save()

    def history(self, game_id: str) -> list[dict]:
        return list(self.data["history"].get(game_id, ()))

    def totals(self, game_id: str) -> dict:
        return dict(self.data["totals"].get(game_id, {"played": 0, "score_sum": 0}))

    # ----- writing -----
    def snapshot(self) -> dict:
        with self._lock:  # never while the writer thread absorbs another window's changes
            return self._copy()

    def _copy(self) -> dict:
        d = self.data
        return {
            "schema": SCHEMA,
            "settings": dict(d["settings"]),
            "stamps": dict(d["stamps"]),
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
        """Write what is pending now (no debounce) and wait until it is on disk. Returns False on timeout."""
        end = time.monotonic() + timeout
        with self._lock:
            self._flush_now = True
            self._lock.notify_all()
            while self._pending is not None or self._writing:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
            self._flush_now = False
        return True

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        if self._instance is not None:
            self._instance.release()
            self._instance = None

    def _writer(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._closed:
                    self._lock.wait()
                if self._pending is None:
                    return
                # debounce: a burst of changes (a stair a quarter second) becomes one write of the newest state
                end = time.monotonic() + DEBOUNCE
                while not (self._flush_now or self._closed) and time.monotonic() < end:
                    self._lock.wait(max(0.0, end - time.monotonic()))
                snap, self._pending = self._pending, None
                self._writing = True
            try:
                self._write(snap)
            except Exception as e:  # never let the writer die: every later save would silently go nowhere
                self._warn(f"profile not saved: {type(e).__name__}: {e}")
                self._notice(N_("Progress not saved: the profile could not be written (see the log)"))
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _notice(self, message: str) -> None:
        if self.on_notice is not None:
            try:
                self.on_notice(message)
            except Exception:  # noqa: BLE001 - a notice is not worth losing a write
                log.debug("notice failed", exc_info=True)

    def _merge(self, snap: dict, disk: dict, added: dict, cleared: set) -> dict:
        """``snap`` (this process) merged with what another process wrote (``disk``, sanitized)."""
        out = dict(snap)
        out["best"] = {**disk["best"], **{k: max(v, disk["best"].get(k, 0)) for k, v in snap["best"].items()}}
        out["low"] = {**disk["low"], **{k: min(v, disk["low"].get(k, v)) for k, v in snap["low"].items()}}
        settings, stamps = dict(disk["settings"]), dict(disk["stamps"])
        now = time.time_ns()
        for k, v in snap["settings"].items():
            if k not in settings or _trusted(snap["stamps"].get(k, 0), now) >= _trusted(stamps.get(k, 0), now):
                settings[k] = v
                stamps.pop(k, None)
                if k in snap["stamps"]:
                    stamps[k] = snap["stamps"][k]
        out["settings"], out["stamps"] = settings, stamps
        history = {}
        for game in set(snap["history"]) | set(disk["history"]):
            seen, recs = set(), []
            for r in disk["history"].get(game, []) + snap["history"].get(game, []):
                rid = r.get("id") or (r.get("time"), r.get("score"))
                if not isinstance(rid, (str, tuple)) or rid in seen:
                    continue
                seen.add(rid)
                recs.append(r)
            recs.sort(key=lambda r: r.get("time", 0) if isinstance(r.get("time"), (int, float)) else 0)
            history[game] = recs[-HISTORY_LIMIT:]
        out["history"] = history
        totals = {k: dict(v) for k, v in disk["totals"].items()}
        for game, (played, score_sum) in added.items():
            t = totals.setdefault(game, {"played": 0, "score_sum": 0})
            t["played"] = _count(t["played"] + played)
            t["score_sum"] = _count(t["score_sum"] + score_sum)
        for game, t in snap["totals"].items():  # a game the file has no totals for yet
            totals.setdefault(game, dict(t))
        out["totals"] = totals
        return out

    def _absorb(self, merged: dict) -> None:
        """Show what other processes wrote: their bests, times, settings changed later than ours, histories. On the
        writer thread: under the lock the play thread's changes take, and adding to them, never replacing them."""
        with self._lock:
            self._absorb_locked(merged)

    def _absorb_locked(self, merged: dict) -> None:
        d = self.data
        for k, v in merged["best"].items():
            if v > d["best"].get(k, 0):
                d["best"][k] = v
        for k, v in merged["low"].items():
            if k not in d["low"] or v < d["low"][k]:
                d["low"][k] = v
        now = time.time_ns()
        for k, v in merged["settings"].items():
            if _trusted(merged["stamps"].get(k, 0), now) > _trusted(d["stamps"].get(k, 0), now):
                d["settings"][k] = v
                d["stamps"][k] = merged["stamps"][k]
        for game, recs in merged["history"].items():
            mine = d["history"].setdefault(game, [])
            ids = {r.get("id") for r in mine}
            new = [r for r in recs if r.get("id") not in ids]
            if new:  # another window's games (records this process added since its snapshot are kept)
                mine.extend(new)
                mine.sort(key=lambda r: r.get("time", 0) if isinstance(r.get("time"), (int, float)) else 0)
                del mine[:-HISTORY_LIMIT]
        for game, t in merged["totals"].items():
            # the file's totals, plus what this process recorded after its deltas were taken for this write
            pending = self._added.get(game, (0, 0))
            d["totals"][game] = {"played": _count(t["played"] + pending[0]),
                                 "score_sum": _count(t["score_sum"] + pending[1])}

    def _encode(self, snap: dict) -> str | None:
        try:
            text = json.dumps(snap, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError) as e:  # a bug, not a disk fault: keep the old file
            self._warn(f"profile not saved: {e}")
            return None
        if len(text) > MAX_FILE_BYTES * 0.9:  # never write what the loader would refuse: trim the bulk first
            snap = dict(snap, history={k: v[-50:] for k, v in snap["history"].items()})
            text = json.dumps(snap, separators=(",", ":"))
        return text

    def _write(self, snap: dict) -> None:
        if not self.writable:
            return
        with self._lock:  # what this process added since the last write reached the disk
            added, self._added = self._added, {}
            cleared, self._cleared = self._cleared, set()
            dirty, self._dirty = self._dirty, set()
        saves = snap.pop("saves", {})
        snap["saves"] = {}  # games in progress live in files of their own
        ok = False
        try:
            with DirLock(self.dir / LOCKFILE):
                raw, err, exists, _ = _read(self.path)
                if exists and err is None:
                    disk, problems = sanitize(raw)
                    if not problems:
                        snap = self._merge(snap, disk, added, {})
                        self._absorb(snap)
                    if disk["saves"]:  # a profile from before the split: its games move to their files now
                        dirty |= {k for k in disk["saves"] if k in saves}
                text = self._encode(snap)
                if text is None:
                    return
                ok = self._write_saves(saves, dirty, cleared) and self._replace(text)
        finally:
            if not ok:  # not on disk: these deltas go with the next write
                with self._lock:
                    for game, (n, total) in added.items():
                        mine = self._added.setdefault(game, [0, 0])
                        mine[0] += n
                        mine[1] += total
                    self._cleared |= cleared
                    self._dirty |= {g for g in dirty if g in self.data["saves"]}

    def _on_disk_saves(self) -> set:
        folder = self.dir / SAVES_DIR
        return {f.name[:-5] for f in folder.glob("*.json")} if folder.is_dir() else set()

    def save_path(self, game_id: str) -> Path:
        return self.dir / SAVES_DIR / (_slug(game_id) + ".json")

    def _write_saves(self, saves: dict, dirty: set, cleared: set) -> bool:
        """Write the changed games' files and remove the finished ones' (under the dir lock). False on a disk error
        (the next write tries again)."""
        if not dirty and not cleared:
            return True
        folder = self.dir / SAVES_DIR
        try:
            folder.mkdir(exist_ok=True)
        except OSError as e:
            return self._failed(e)
        for game in sorted(dirty):
            state = saves.get(game)
            if state is None:
                continue
            try:
                text = json.dumps({"schema": SCHEMA, "game": game, "state": state}, separators=(",", ":"))
            except (TypeError, ValueError, RecursionError) as e:  # a bug, not a disk fault: keep the old file
                self._warn(f"the {game} game was not saved: {e}")
                continue
            if len(text) > MAX_FILE_BYTES * 0.9:  # never write what the loader would refuse
                self._warn(f"the saved {game} game is too large to keep; its last good save stays")
                continue
            path = self.save_path(game)
            tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
            if not self._write_then(tmp, text, lambda tmp=tmp, path=path: os.replace(tmp, path)):
                return False
        for game in cleared:
            try:
                self.save_path(game).unlink()
            except FileNotFoundError:
                pass
            except OSError as e:
                return self._failed(e)
        fsync_dir(folder)
        return True

    def _load_saves(self) -> None:
        """Read ``saves/*.json`` into memory (over any legacy save of the same game). A file that does not parse is
        kept aside with one warning; a temp file of a dead writer is finished if complete, else removed."""
        folder = self.dir / SAVES_DIR
        if not folder.is_dir():
            return
        for t in folder.glob("*.json.tmp-*"):
            pid = t.name.rsplit("-", 1)[-1]
            if pid.isdigit() and _pid_alive(int(pid)):
                continue
            raw, err, _, notes = _read(t)
            target = t.with_name(t.name.split(".tmp-")[0])
            try:
                if err is None and not notes and _save_file_ok(raw):
                    os.replace(t, target)  # complete: the newest state of that game
                else:
                    t.unlink()
            except OSError:
                pass
        bad = []
        for f in sorted(folder.glob("*.json"), key=_mtime):  # the most recently saved last, as in play
            raw, err, exists, notes = _read(f)
            if err is None and not notes and _save_file_ok(raw):
                self.data["saves"][raw["game"]] = raw["state"]
                continue
            aside = self._set_aside(f)
            bad.append(f"{SAVES_DIR}/{f.name} ({err or 'not a saved game'}; "
                       f"{'kept aside as ' + aside.name if aside else 'could not be moved aside'})")
        if bad:
            self._warn("saved game files unreadable: " + ", ".join(bad) + "; those games start afresh")

    def _failed(self, e: OSError) -> bool:
        if not self._write_failed:  # one warning; later saves keep trying (the disk may come back)
            self._write_failed = True
            self._warn(f"cannot write the profile in {self.dir} ({e.strerror or e}); playing on, will retry")
            self._notice(f"Cannot save ({e.strerror or e}): playing on, will retry")
        return False

    def _write_then(self, tmp: Path, text: str, install) -> bool:
        """Every write of the profile's files: ``text`` into the temporary file ``tmp``, on the disk (fsync), then
        ``install()`` puts it in place (the ``os.replace`` steps). On an OSError the temporary file goes and the
        failure is reported (False); what was in place stays."""
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            install()
        except OSError as e:
            try:
                tmp.unlink()
            except OSError:
                pass
            return self._failed(e)
        self.bytes_written += len(text)
        return True

    def _replace(self, text: str) -> bool:
        tmp = self.path.with_name(f"{FILENAME}.tmp-{os.getpid()}")

        def install() -> None:
            if self.path.is_file():
                os.replace(self.path, self.backup)
            os.replace(tmp, self.path)
            fsync_dir(self.dir)

        if not self._write_then(tmp, text, install):
            return False
        if self._write_failed:
            self._notice(N_("Saving works again"))
        self._write_failed = False
        return True


def _slug(game_id: str) -> str:
    """A file name for a save key (a game id, or an id and its board: ``2048/4x4`` is ``2048.4x4``; ids are short
    ASCII words and have no dot; anything else is encoded)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "." if c == "/" else f"%{ord(c):02x}" for c in game_id)
    return safe if safe and not safe.startswith(".") else "%" + safe


def _mtime(path: Path) -> tuple:
    try:
        return path.stat().st_mtime_ns, path.name
    except OSError:
        return 0, path.name


def _save_file_ok(raw) -> bool:
    return (isinstance(raw, dict) and raw.get("schema") == SCHEMA and isinstance(raw.get("game"), str)
            and isinstance(raw.get("state"), dict) and _depth_ok(raw["state"]))


def fsync_dir(path: Path) -> None:
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

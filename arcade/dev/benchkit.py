"""What every benchmark shares: argument types only benchmarks use, one percentile, the machine's load, the progress
line on stderr, the atomic JSON file, reading an earlier run back, a Markdown table, running totals of values, the
executors that run the games (this process, a pool of worker processes, a Ray cluster) and the one writer of a run's results (a
journal line a game, the whole file now and then in a background thread).

Imported by the benchmark modules in each game's ``bench/`` package and by the house's own benchmarks in
:mod:`arcade.dev`, never by a module a player's session imports. The argparse types the command line shares with
the benchmarks (``int_range``, ``seed``, ``output_file`` ...) are in :mod:`arcade.engine.args`. Pure: no pygame.
"""
from __future__ import annotations

import argparse
import ast
import json
import logging
import multiprocessing as mp
import os
import platform
import sys
import threading
import time
import uuid
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Callable, Iterable, Sequence

from arcade.engine.args import BadOption

__all__ = ["choice", "choice_list", "key_value", "percentile", "loadavg", "machine", "command", "Progress",
           "write_json", "replace_file", "read_json", "differences", "markdown_table", "Counts", "Executor",
           "InProcess", "ProcessPool", "RayCluster", "ClusterError", "INSTALL_HINT", "add_cluster_argument",
           "executor", "parallel", "Results", "RECORDS", "journal_path", "read_journal"]


# ----------------------------------------------------------------------------------------------- argument types
def choice(name: str, options: Sequence[str]):
    """argparse type: one of ``options``; the error names them all."""
    def parse(text: str) -> str:
        if text not in options:
            raise argparse.ArgumentTypeError(f"{name} must be one of {', '.join(options)}, got {text!r}")
        return text

    parse.__name__ = name
    return parse


def choice_list(name: str, allowed: Sequence[str]):
    """argparse type: a comma-separated list of ``allowed`` names, at least one, duplicates dropped."""
    def parse(text: str) -> tuple[str, ...]:
        items = tuple(x.strip() for x in text.split(",") if x.strip())
        if not items:
            raise argparse.ArgumentTypeError(f"expected a comma-separated list of {', '.join(allowed)}")
        for x in items:
            if x not in allowed:
                raise argparse.ArgumentTypeError(f"unknown {name} {x!r} (choose from {', '.join(allowed)})")
        return tuple(dict.fromkeys(items))

    parse.__name__ = f"{name} list"
    return parse


def key_value(text: str) -> tuple[str, object]:
    """argparse type: ``KEY=VALUE``, the value read as a Python literal (``3``, ``0.5``, ``None``, ``(1, 2)``) or
    else kept as a string."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    try:
        parsed = ast.literal_eval(value.strip())
    except (ValueError, SyntaxError):
        parsed = value.strip()
    return key.strip(), parsed


# ----------------------------------------------------------------------------------------------- figures
def percentile(values: Iterable[float], q: float):
    """The ``q`` quantile (0..1) of ``values``, or None when there are none: the value at rank ``round(q * (n - 1))``
    of the sorted values (numpy's "nearest" method), so it is always one of the measured values and "p95" means
    the same in every table."""
    s = sorted(values)
    if not s:
        return None
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def loadavg() -> list | None:
    """The 1, 5 and 15 minute load averages (rounded), or None where the system has none."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def machine() -> str:
    """One line on the machine a figure was measured on."""
    load = loadavg()
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load {load[0] if load else float('nan'):.1f}, {platform.platform(terse=True)}")


def command() -> str:
    """This run's command line as typed (``arcade bench ...``), for the JSON beside the figures."""
    return " ".join([Path(sys.argv[0]).name] + sys.argv[1:])


# ----------------------------------------------------------------------------------------------- progress
class Progress:
    """A progress line on stderr: on a terminal one line rewritten at most twice a second; in a log file (not a
    terminal) one line every ``log_every`` seconds, so a long run's log stays short. ``enabled`` False: silent."""

    def __init__(self, enabled: bool = True, log_every: float = 30.0) -> None:
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.every = 0.5 if self.tty else log_every
        self.start = time.perf_counter()
        self.last = float("-inf")
        self.shown = False

    @property
    def seconds(self) -> float:
        """Seconds since the progress began."""
        return time.perf_counter() - self.start

    def show(self, text: str, force: bool = False) -> None:
        """Show ``text`` if the last line is old enough (or ``force``)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if not force and now - self.last < self.every:
            return
        self.last = now
        sys.stderr.write(("\r" + text.ljust(100)) if self.tty else (text + "\n"))
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        """End the rewritten line (a terminal only)."""
        if self.enabled and self.tty and self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()
        self.shown = False


# ----------------------------------------------------------------------------------------------- files
def write_json(path, data, indent: int | None = None) -> None:
    """Write ``data`` as JSON atomically (a temporary file beside it, then a rename): a run stopped at any moment
    leaves the old file or the new one, never half of one. ``indent`` None: compact, one line."""
    def fill(fh) -> None:
        if indent is None:
            json.dump(data, fh, separators=(",", ":"))
        else:
            json.dump(data, fh, indent=indent)
        fh.write("\n")

    replace_file(path, fill)


def replace_file(path, fill: Callable) -> None:
    """Write a file atomically: ``fill(fh)`` writes a temporary file beside ``path`` (text, UTF-8), which then takes
    its place; if ``fill`` fails, ``path`` is left as it was and the temporary file goes."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fill(fh)
        os.replace(tmp, path)
    finally:
        try:
            tmp.unlink()
        except OSError:
            pass


def read_json(path, what: str = "a run"):
    """The JSON in ``path`` (an earlier run to resume); ValueError with one line if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as e:
        raise ValueError(f"cannot read {what} from {path}: {e}") from None


def differences(old: dict, new: dict, keys: Iterable[str]) -> str:
    """``"k: file X, now Y; ..."`` for every key whose value differs between an earlier run and this one ("" if
    none): the one-line reason a resume is refused."""
    return "; ".join(f"{k}: file {old.get(k)!r}, now {new.get(k)!r}" for k in keys if old.get(k) != new.get(k))


# ----------------------------------------------------------------------------------------------- tables
def markdown_table(head: Sequence[str], rows: Iterable[Sequence], pad: bool = True) -> str:
    """A Markdown table (``| a | b |`` lines): columns padded to their widest cell so it also reads as plain text,
    or not (``pad`` False: long cells, one row a line)."""
    rows = [[str(c) for c in r] for r in rows]
    if pad:
        widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]
    else:
        widths = [0] * len(head)
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |",
             "|" + "|".join("-" * (w + 2) if pad else "---" for w in widths) + "|"]
    lines += ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]
    return "\n".join(lines)



# ----------------------------------------------------------------------------------------------- running totals
class Counts:
    """Every value seen and how often (a running total whose size is the number of distinct values, not of values):
    the exact median, percentiles and maximum of all of them at any moment, at a cost that does not grow with a
    run whose values repeat (times rounded to 0.01 ms, moves, tiles). ``median`` is ``statistics.median``'s,
    ``percentile`` is :func:`percentile`'s, both of the whole list the counts stand for."""

    def __init__(self, values: Iterable = ()) -> None:
        self.counts: dict = {}
        self.n = 0
        self.add(values)

    def add(self, values: Iterable) -> None:
        counts = self.counts
        for v in values:
            counts[v] = counts.get(v, 0) + 1
            self.n += 1

    def _ranks(self, *ranks: int) -> list:
        """The values at the given 0-based ranks of the sorted list (ranks ascending)."""
        out, seen, i = [], 0, 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            while i < len(ranks) and ranks[i] < seen:
                out.append(v)
                i += 1
            if i == len(ranks):
                break
        return out

    def median(self):
        if not self.n:
            return None
        lo, hi = self._ranks((self.n - 1) // 2, self.n // 2)
        return lo if lo == hi else (lo + hi) / 2

    def percentile(self, q: float):
        if not self.n:
            return None
        return self._ranks(min(self.n - 1, max(0, round(q * (self.n - 1)))))[0]

    def max(self):
        return max(self.counts) if self.counts else None

    def over(self, limit) -> int:
        """How many values are greater than ``limit``."""
        return sum(c for v, c in self.counts.items() if v > limit)


# ----------------------------------------------------------------------------------------------- executors
class Executor:
    """Where a benchmark's games run. ``run(fn, items, on_result, on_tick, tick)`` calls ``fn(item)`` for every item
    and hands each result to ``on_result`` in this process, in the order they finish; ``on_tick()`` runs about
    every ``tick`` seconds while the games are away. The bench loop (:func:`parallel`) knows only this method, so
    another place to run games (a cluster) is one more subclass, not another loop."""

    def run(self, fn: Callable, items: Iterable, on_result: Callable, on_tick: Callable | None = None,
            tick: float = 0.5) -> None:
        raise NotImplementedError

    def queue(self):
        """A channel from the games back to this process (progress, checkpoints): ``put`` in a game,
        ``get_nowait`` here (``queue.Empty`` when nothing waits). One that crosses spawned processes."""
        return mp.get_context("spawn").Queue()

    def set_initializer(self, initializer: Callable | None, *initargs) -> None:
        """``initializer(*initargs)`` runs once in each worker before its first game (an executor without workers
        ignores it)."""
        self.initializer, self.initargs = initializer, initargs


class InProcess(Executor):
    """Every item in this process, one after the other."""

    def run(self, fn, items, on_result, on_tick=None, tick=0.5) -> None:
        for item in items:
            on_result(fn(item))
            if on_tick is not None:
                on_tick()


class ProcessPool(Executor):
    """``jobs`` spawned worker processes (``fn`` and the items must pickle), at most ``in_flight`` items a process
    submitted at a time, so a stopped run leaves little half-submitted. A finished item's successor is submitted
    before its result is handed on: the workers never wait for what ``on_result`` does with it."""

    def __init__(self, jobs: int, initializer: Callable | None = None, initargs: tuple = (), in_flight: int = 2):
        self.jobs, self.initializer, self.initargs, self.in_flight = jobs, initializer, initargs, in_flight

    def run(self, fn, items, on_result, on_tick=None, tick=0.5) -> None:
        items = iter(items)
        ctx = mp.get_context("spawn")
        with ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx, initializer=self.initializer,
                                 initargs=self.initargs) as pool:
            pending = set()
            for item in items:
                pending.add(pool.submit(fn, item))
                if len(pending) >= self.in_flight * self.jobs:
                    break
            while pending:
                done, pending = wait(pending, timeout=tick, return_when=FIRST_COMPLETED)
                for _ in done:
                    nxt = next(items, _END)
                    if nxt is not _END:
                        pending.add(pool.submit(fn, nxt))
                for f in done:
                    on_result(f.result())
                if on_tick is not None:
                    on_tick()


_END = object()


def add_cluster_argument(parser) -> None:
    """``--cluster [auto|ADDRESS]``: the games as Ray tasks (the ``arcade[cluster]`` extra), see
    :class:`RayCluster`."""
    parser.add_argument("--cluster", nargs="?", const="auto", default=None, metavar="ADDRESS",
                        help="run the games on a Ray cluster: ADDRESS, or auto (default: the one RAY_ADDRESS names or "
                             "one running here, else a local Ray on this machine's cores); needs arcade[cluster]")


def executor(jobs: int, cluster: str | None = None, initializer: Callable | None = None,
             initargs: tuple = ()) -> Executor:
    """The executor a bench's ``--jobs`` and ``--cluster`` ask for: a Ray cluster, this process (1 job) or a pool
    of ``jobs`` processes. BadOption for both options at once."""
    if cluster:
        if jobs and jobs > 1:
            raise BadOption("--cluster and --jobs exclude each other (on a cluster its CPUs are the jobs)")
        return RayCluster(cluster, initializer, initargs)
    return InProcess() if jobs <= 1 else ProcessPool(jobs, initializer, initargs)


def parallel(fn: Callable, items: Iterable, jobs: int, on_result: Callable, *, on_tick: Callable | None = None,
             initializer: Callable | None = None, initargs: tuple = (), tick: float = 0.5,
             executor: Executor | None = None) -> None:
    """``fn(item)`` for every item, each result to ``on_result(result)`` here as it finishes (see :class:`Executor`):
    on ``executor`` if given, else in this process when ``jobs`` is 1, else in ``jobs`` spawned processes
    (:class:`ProcessPool`, which runs ``initializer(*initargs)`` in each)."""
    if executor is None:
        executor = InProcess() if jobs <= 1 else ProcessPool(jobs, initializer, initargs)
    executor.run(fn, items, on_result, on_tick, tick)


# ----------------------------------------------------------------------------------------------- a Ray cluster
# ``--cluster [auto|ADDRESS]`` (the arcade[cluster] extra): :class:`RayCluster`, one more executor. ``auto`` joins the
# cluster that RAY_ADDRESS names or one already running on this machine (``ray start --head``), else starts a local
# Ray on this machine's cores for the run and stops it at the end. A task whose worker process dies (a node lost, a
# worker killed) is run again by Ray, up to RETRIES times; its result is handed on once, so a lost worker's games are
# played again and never counted twice. ray is imported only when a run asks for it: nothing a player's session
# imports reaches this module.
RETRIES = 3  # runs of a task after its worker died, before the run stops with one line
INSTALL_HINT = "ray is not installed: pip install 'arcade-collection[cluster]' (or make test, which installs it)"
_initialised: set = set()  # in a worker process: the runs whose initializer ran here


class ClusterError(BadOption):
    """No cluster at the address, the extra not installed, a worker lost too often: the CLI prints the one line
    and exits with 2."""


def _call(run: str, initializer, initargs, fn, item):
    """A task: ``fn(item)`` in a Ray worker, after ``initializer(*initargs)`` once per worker process and run (what
    :class:`~concurrent.futures.ProcessPoolExecutor` does once per process)."""
    if initializer is not None and run not in _initialised:
        initializer(*initargs)
        _initialised.add(run)
    return fn(item)


def _import_ray():
    try:
        import ray
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None
    return ray


def _reachable(address: str, seconds: float = 5.0) -> None:
    """ClusterError at once if nothing answers at ``address`` (``host:port`` or ``ray://host:port``): ray itself
    retries an unreachable head for minutes."""
    import socket

    hostport = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise ClusterError(f"no Ray cluster at {address}: give auto, HOST:PORT or ray://HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds):
            pass
    except OSError as e:
        raise ClusterError(f"no Ray cluster at {address}: {e.strerror or e}") from None


class RayCluster(Executor):
    """The games as Ray tasks, at most ``in_flight`` per CPU of the cluster submitted at a time (so a stopped run
    leaves little half-done, and results stream back as they finish). ``address``: ``"auto"`` or a cluster's
    address (``ray://host:10001`` or ``host:6379``). Connects on first use (:meth:`connect`)."""

    def __init__(self, address: str = "auto", initializer: Callable | None = None, initargs: tuple = (),
                 in_flight: int = 2, num_cpus: int | None = None) -> None:
        self.address = address
        self.initializer, self.initargs, self.in_flight = initializer, initargs, in_flight
        self.num_cpus = num_cpus
        self.ray = None
        self.started = False  # this process started the local Ray it runs on (and stops it in close)
        self.where = ""

    # ----- the connection -----
    def connect(self):
        """Join or start the cluster (once); returns the ray module. ClusterError with one line if it cannot."""
        if self.ray is not None:
            return self.ray
        ray = _import_ray()
        quiet = dict(include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR,
                     configure_logging=True)
        address = self.address
        if ray.is_initialized():  # this process is already on a cluster (a test's, a notebook's): use it
            self.where = "the Ray cluster this process is on"
        elif address == "auto" and not os.environ.get("RAY_ADDRESS"):
            try:
                ray.init(address="auto", logging_level=logging.ERROR, log_to_driver=False)
                self.where = "the Ray cluster running on this machine"
            except (ConnectionError, RuntimeError, ValueError):
                ray.init(num_cpus=self.num_cpus or os.cpu_count() or 1, **quiet)
                self.started = True
                self.where = "a local Ray"
        else:
            target = os.environ["RAY_ADDRESS"] if address == "auto" else address
            _reachable(target)
            try:
                ray.init(address=target, logging_level=logging.ERROR, log_to_driver=False)
            except Exception as e:  # noqa: BLE001 - ray raises several kinds for an unreachable or bad address
                first = (str(e).strip().splitlines() or [type(e).__name__])[0]
                raise ClusterError(f"no Ray cluster at {target}: {first}") from None
            self.where = f"the Ray cluster at {target}"
        self.ray = ray
        return ray

    @property
    def cpus(self) -> int:
        """The CPUs of the cluster (at least 1)."""
        ray = self.connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def queue(self):
        """A channel from the games back to this process (``put`` there, ``get_nowait`` here, ``queue.Empty`` when
        nothing is waiting): a Ray queue, which works from any node."""
        self.connect()
        from ray.util.queue import Queue

        return Queue()

    def close(self) -> None:
        """Leave the cluster; stop the local Ray if this process started it."""
        if self.ray is not None:
            try:
                self.ray.shutdown()
            finally:
                self.ray, self.started = None, False

    # ----- the games -----
    def run(self, fn: Callable, items: Iterable, on_result: Callable, on_tick: Callable | None = None,
            tick: float = 0.5) -> None:
        ray = self.connect()
        from ray.exceptions import RayTaskError, WorkerCrashedError

        try:
            from ray.exceptions import NodeDiedError, OwnerDiedError
            lost = (WorkerCrashedError, NodeDiedError, OwnerDiedError)
        except ImportError:  # older ray
            lost = (WorkerCrashedError,)
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_call)
        run_id = uuid.uuid4().hex
        shared = ray.put(fn)  # once, not with every item
        items = iter(items)
        limit = self.in_flight * self.cpus
        pending: list = []

        def submit() -> bool:
            for item in items:
                pending.append(task.remote(run_id, self.initializer, self.initargs, shared, item))
                return True
            return False

        try:
            while len(pending) < limit and submit():
                pass
            while pending:
                done, pending[:] = ray.wait(pending, num_returns=1, timeout=tick)
                for _ in done:
                    submit()  # the successor first: the cluster never waits for what on_result does
                for ref in done:
                    try:
                        result = ray.get(ref)
                    except RayTaskError as e:  # the game itself failed: as ProcessPool, its exception
                        raise e.as_instanceof_cause() from None
                    except lost as e:
                        raise ClusterError(f"a worker was lost {RETRIES + 1} times running one game: "
                                           f"{(str(e).strip().splitlines() or [type(e).__name__])[0]}") from None
                    on_result(result)
                if on_tick is not None:
                    on_tick()
        finally:
            for ref in pending:  # stopped (Ctrl+C, an error): nothing left running for this run
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001 - already finished or gone
                    pass
            if self.started:
                self.close()


# ----------------------------------------------------------------------------------------------- a run's results
SAVE_EVERY_S = 120.0   # the whole file of a run in progress is rewritten at most this often
RECORDS = type("Records", (), {"__repr__": lambda self: "RECORDS", "__doc__": "Where a document's records go."})()
_MARK = "\x00records\x00"


def journal_path(path) -> Path:
    """The journal beside a run's JSON file: ``FILE.partial``."""
    path = Path(path)
    return path.with_name(path.name + ".partial")


def read_journal(path, run) -> list:
    """The records in the journal beside ``path`` that belong to ``run`` (its ``_run`` field, compared as JSON), in
    the order they were written; lines cut short by a kill, and other runs' lines, are skipped."""
    journal = journal_path(path)
    if not journal.exists():
        return []
    want = json.loads(json.dumps(run))
    out = []
    with open(journal, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                r = json.loads(line)
                head = r.pop("_run")
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            if head == want:
                out.append(r)
    return out


class Results:
    """A run's results on disk at a constant cost a game, for every benchmark.

    ``add(key, record)`` appends the record to the journal (``FILE.partial``, one JSON line, tagged with ``run`` so
    a resumed run knows its own) and flushes it at once: a run killed at any moment keeps every finished game. The
    whole file (``document``) is written at the end (``close``), and while the run goes at most every ``every``
    seconds (default :data:`SAVE_EVERY_S`; by ``tick``, or the ``add`` that finds it due) by a background thread,
    so the caller (the loop that hands out games) never waits for it. Each record is turned into JSON once, when
    added; a write joins those texts, sorted by key, into the document, where it holds :data:`RECORDS`.

    ``state()`` runs in the caller's thread when a write is due (in ``tick`` or ``add``: running totals must take a
    game in before it is added) and must be cheap (running totals, copies of small things); ``document(state)``
    builds the file's dict from it, in the writer's thread for the writes during the run. ``key`` orders the
    records and makes a record added twice (a resumed game) count once. ``path`` None: nothing is written, the
    records are only kept in order for ``texts``. ``name`` starts the one-line note on stderr when a write during
    the run fails (the run goes on; the journal holds its games).
    """

    def __init__(self, path, run, document: Callable, state: Callable = lambda: None, *,
                 every: float | None = None, indent: int | None = None, name: str = "arcade bench") -> None:
        self.path = None if path is None else Path(path)
        self.run_text = json.dumps(run, separators=(",", ":"))
        self.document, self.state = document, state
        self.every = SAVE_EVERY_S if every is None else every
        self.indent, self.name = indent, name
        self.texts: dict = {}
        self.last = time.perf_counter()
        self.error: OSError | None = None
        self._journal = None
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._job = None        # (state, texts) the writer thread takes next
        self._busy = False
        self._thread: threading.Thread | None = None
        self._closed = False

    # -- records
    def keep(self, key, record) -> None:
        """Hold ``record`` for the document without writing it to the journal (a game read back from the files)."""
        self.texts[key] = json.dumps(record, separators=(",", ":"))

    def add(self, key, record) -> None:
        """A finished game: into the journal now, into the document at the next write."""
        text = json.dumps(record, separators=(",", ":"))
        self.texts[key] = text
        if self.path is None:
            return
        if self._journal is None:
            self._journal = self._open_journal()
        body = text[1:] if text != "{}" else "}"
        self._journal.write('{"_run":' + self.run_text + ("," if text != "{}" else "") + body + "\n")
        self._journal.flush()
        self.tick()

    def __len__(self) -> int:
        return len(self.texts)

    def _open_journal(self):
        journal = journal_path(self.path)
        cut = False
        try:
            with open(journal, "rb") as fh:
                if fh.seek(0, os.SEEK_END) > 0:
                    fh.seek(-1, os.SEEK_END)
                    cut = fh.read(1) != b"\n"
        except FileNotFoundError:
            pass
        fh = open(journal, "a", encoding="utf-8")
        if cut:   # a line cut short by a kill must not swallow the next one
            fh.write("\n")
        return fh

    def discard_journal(self) -> None:
        """A new run (not resumed): an earlier run's journal beside the file goes."""
        if self.path is not None:
            journal_path(self.path).unlink(missing_ok=True)

    # -- writes
    def tick(self) -> None:
        """Hand the writer thread a write if one is due (and the last one is done)."""
        if self.path is None or self._closed or time.perf_counter() - self.last < self.every:
            return
        with self._lock:
            if self._busy:
                return
            self.last = time.perf_counter()
            self._job = (self.state(), list(self.texts.items()))
            self._busy = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._writer, name="results-writer", daemon=True)
                self._thread.start()
            self._wake.notify()

    def _writer(self) -> None:
        while True:
            with self._lock:
                while self._job is None and not self._closed:
                    self._wake.wait()
                if self._job is None:
                    return
                state, texts = self._job
                self._job = None
            try:
                self._write(self.path, self.document(state), texts)
                if self.error is not None:
                    print(f"\n{self.name}: {self.path} written again", file=sys.stderr)
                self.error = None
            except OSError as e:
                if self.error is None:
                    print(f"\n{self.name}: cannot write {self.path} ({e}); the run goes on, its games are in "
                          f"{journal_path(self.path)}", file=sys.stderr)
                self.error = e
            finally:
                with self._lock:
                    self._busy = False

    def write(self, path=None) -> None:
        """Write the whole document now, in this thread (to ``path``, else the run's file); OSError if it fails."""
        self.write_document(self.document(self.state()), path)

    def write_document(self, doc: dict, path=None) -> None:
        """Write ``doc`` (a document as ``document`` makes them) with the records now, in this thread."""
        self._write(Path(path) if path is not None else self.path, doc, list(self.texts.items()))

    def _write(self, path: Path, doc: dict, texts: list) -> None:
        texts.sort(key=lambda kv: kv[0])
        sep = ",\n" if self.indent is not None else ","
        head = json.dumps(doc, indent=self.indent, separators=None if self.indent is not None else (",", ":"),
                          default=lambda o: _MARK if o is RECORDS else _unjsonable(o))
        before, mark, after = head.partition(json.dumps(_MARK))

        def fill(fh) -> None:
            fh.write(before)
            if mark:
                fh.write("[")
                for i in range(0, len(texts), 1000):
                    fh.write((sep if i else "") + sep.join(t for _, t in texts[i:i + 1000]))
                fh.write("]")
            fh.write(after + "\n")

        replace_file(path, fill)

    def close(self, complete: bool = False) -> None:
        """The end of the run (or of a stop): wait for a write in progress, write the whole document here, close the
        journal, and remove it when ``complete`` (every game of the run is in the document). OSError if the last
        write fails (the journal then stays)."""
        self.finish()
        if self.path is None:
            return
        self.write()
        if complete:
            journal_path(self.path).unlink(missing_ok=True)

    def finish(self) -> None:
        """Stop the writer thread (after its write in progress) and close the journal; no write of its own."""
        with self._lock:
            self._closed = True
            self._job = None
            self._wake.notify()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._journal is not None:
            self._journal.close()
            self._journal = None


def _unjsonable(o):
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

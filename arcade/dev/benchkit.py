"""What every benchmark shares: argument types only benchmarks use, one percentile, the machine's load, the progress
line on stderr, the atomic JSON file, reading an earlier run back, a Markdown table, and the pool of worker processes.

Imported by the benchmark modules in each game's ``bench/`` package and by the house's own benchmarks in
:mod:`arcade.dev`, never by a module a player's session imports. The argparse types the command line shares with
the benchmarks (``int_range``, ``seed``, ``output_file`` ...) are in :mod:`arcade.engine.args`. Pure: no pygame.
"""
from __future__ import annotations

import argparse
import ast
import json
import multiprocessing as mp
import os
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Callable, Iterable, Sequence

__all__ = ["choice", "choice_list", "key_value", "percentile", "loadavg", "machine", "command", "Progress",
           "write_json", "read_json", "differences", "markdown_table", "parallel"]


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
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            if indent is None:
                json.dump(data, fh, separators=(",", ":"))
            else:
                json.dump(data, fh, indent=indent)
            fh.write("\n")
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


# ----------------------------------------------------------------------------------------------- worker processes
def parallel(fn: Callable, items: Iterable, jobs: int, on_result: Callable, *, on_tick: Callable | None = None,
             initializer: Callable | None = None, initargs: tuple = (), tick: float = 0.5) -> None:
    """``fn(item)`` for every item: in this process when ``jobs`` is 1, else in ``jobs`` spawned processes (``fn``
    and the items must pickle) with at most two items a process in flight, so a stopped run leaves nothing
    half-submitted. ``on_result(result)`` runs here as each one finishes (in the order they finish); ``on_tick()``
    about every ``tick`` seconds while the processes work (to read a progress queue, redraw a progress line)."""
    items = iter(items)
    if jobs <= 1:
        for item in items:
            on_result(fn(item))
            if on_tick is not None:
                on_tick()
        return
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=initializer, initargs=initargs) as pool:
        pending = set()
        for item in items:
            pending.add(pool.submit(fn, item))
            if len(pending) >= 2 * jobs:
                break
        while pending:
            done, pending = wait(pending, timeout=tick, return_when=FIRST_COMPLETED)
            if on_tick is not None:
                on_tick()
            for f in done:
                on_result(f.result())
                nxt = next(items, None)
                if nxt is not None:
                    pending.add(pool.submit(fn, nxt))
        if on_tick is not None:
            on_tick()

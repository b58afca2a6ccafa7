"""A benchmark's games on a Ray cluster: :class:`RayCluster`, one more :class:`arcade.dev.benchkit.Executor` (the
``arcade[cluster]`` extra). ``arcade bench GAME --cluster [auto|ADDRESS]`` uses it; nothing a player's session
imports does, and ray is imported here alone, when a run starts.

``auto`` joins the cluster that ``RAY_ADDRESS`` names or one already running on this machine (``ray start --head``),
else starts a local Ray on this machine's cores for the run and stops it at the end. A task whose worker process
dies (a node lost, a worker killed) is run again by Ray, up to :data:`RETRIES` times; its result is handed on once,
so a lost worker's games are played again and never counted twice.
"""
from __future__ import annotations

import logging
import os
import uuid
from typing import Callable, Iterable

from arcade.dev.benchkit import Executor
from arcade.engine.args import BadOption

__all__ = ["ClusterError", "RayCluster", "RETRIES", "INSTALL_HINT"]

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

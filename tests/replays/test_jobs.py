"""The engine's chunked background job (what the reviews run on): chunks in order, never blocking, a restarted
worker asked again, an error ends the job with one line."""
from types import SimpleNamespace

from arcade.engine.jobs import Chunked


class Worker:
    def __init__(self, fail_at=None, restart_at=None):
        self.asked, self.replies = [], []
        self.fail_at, self.restart_at = fail_at, restart_at

    def request(self, payloads, *args, budget=None):
        self.asked.append((list(payloads), args, budget))
        n = len(self.asked)
        if n == self.fail_at:
            self.replies.append(SimpleNamespace(value=None, error="Boom: it broke\ntraceback", restarted=False))
        elif n == self.restart_at:
            self.replies.append(SimpleNamespace(value=None, error="hung", restarted=True))
        else:
            self.replies.append(SimpleNamespace(value=[p * 10 for p in payloads], error=""))

    def poll(self):
        return self.replies.pop(0) if self.replies else None

    def close(self):
        pass


def run(job, frames=200):
    for _ in range(frames):
        if job.done:
            break
        job.update()
    return job


def test_chunks_stream_in_order():
    w = Worker()
    job = run(Chunked("x:y", list(range(10)), payload=lambda i: i + 1, result=lambda i, v: (i, v), args=(7,),
                      make_worker=lambda: w, chunk=4, item_s=1.0))
    assert job.done and not job.error and job.progress == 1.0
    assert job.results == [(i, (i + 1) * 10) for i in range(10)]
    assert [len(p) for p, _, _ in w.asked] == [4, 4, 2] and w.asked[0][1] == (7,) and w.asked[0][2] == 4.0


def test_a_restarted_worker_is_asked_the_same_chunk_again():
    w = Worker(restart_at=2)
    job = run(Chunked("x:y", list(range(6)), make_worker=lambda: w, chunk=3))
    assert job.results == [0, 10, 20, 30, 40, 50] and w.asked[1][0] == w.asked[2][0]


def test_an_error_ends_the_job_with_one_line():
    w = Worker(fail_at=1)
    job = run(Chunked("x:y", list(range(6)), make_worker=lambda: w, chunk=3))
    assert job.done and job.error == "Boom: it broke" and job.results == []


def test_an_empty_job_is_done():
    assert Chunked("x:y", []).done and Chunked("x:y", []).progress == 1.0

"""The one way a scene asks its AI: the answer comes back with the position it was asked about, a later request
drops an earlier one's answer, and nothing blocks."""
from types import SimpleNamespace

from arcade.engine.ai_requests import Requests


class FakeWorker:
    def __init__(self):
        self.sent, self.ready, self.closed, self.warming = [], None, False, True

    def start(self):
        pass

    def request(self, *args, budget=None, **kw):
        self.sent.append((args, budget, kw))
        self.ready = None  # the worker answers only its latest request

    def poll(self):
        r, self.ready = self.ready, None
        return r

    def cancel(self):
        self.ready = None

    def close(self):
        self.closed = True


def test_an_answer_comes_back_with_the_key_it_was_asked_for_and_only_once():
    made = []
    r = Requests(lambda: made.append(FakeWorker()) or made[-1])
    assert r.poll() is None and not r.pending and made == []  # no worker until the first request
    r.ask(("board", 1), "grid", depth=3, budget=0.5)
    w = made[0]
    assert w.sent == [(("grid",), 0.5, {"depth": 3})] and r.pending and r.warming
    assert r.poll() is None  # nothing yet: never waits
    w.ready = SimpleNamespace(ok=True, value="left")
    key, reply = r.poll()
    assert key == ("board", 1) and reply.value == "left" and not r.pending and r.poll() is None


def test_a_later_request_replaces_the_earlier_and_close_ends_the_worker():
    w = FakeWorker()
    r = Requests(lambda: w)
    r.ask("a", 1)
    r.ask("b", 2)
    w.ready = SimpleNamespace(ok=True, value=2)
    assert r.poll()[0] == "b"
    r.ask("c", 3)
    r.cancel()
    w.ready = SimpleNamespace(ok=True, value=3)
    assert r.poll() is None  # cancelled: its answer is never returned
    r.close()
    assert w.closed and r.worker is None

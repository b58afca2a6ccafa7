"""The timed-input codec shared by the games' replays: exact round trip (hypothesis), compact, and one-line errors
for anything that is not one."""
import pytest
from hypothesis import given, strategies as st

from arcade.engine.replays import base36, decode_events, encode_events

EVENTS = st.lists(st.tuples(st.sampled_from("OCFQU"), st.integers(0, 36**8 - 1), st.integers(0, 10**6)),
                  max_size=60)


@given(EVENTS)
def test_round_trip_with_times_made_monotonic(events):
    events.sort(key=lambda e: e[2])
    text = encode_events(events)
    assert decode_events(text, "OCFQU") == events


def test_a_time_that_goes_back_counts_as_the_same_moment():
    assert decode_events(encode_events([("O", 1, 50), ("F", 2, 20)]), "OF") == [("O", 1, 50), ("F", 2, 50)]


def test_compact():
    assert encode_events([("O", 100, 0), ("F", 47, 300)]) == "O2s.0F1b.8c"
    assert base36(0) == "0" and base36(35) == "z" and base36(36) == "10"


@pytest.mark.parametrize("text", ["x", "O1", "O1.", "o1.0", "Z1.0", "O1.0 ", "O123456789.0", "O1.0F", None, 5])
def test_bad_strings_are_one_line_errors(text):
    with pytest.raises(ValueError) as e:
        decode_events(text, "OF", "test replay")
    assert "\n" not in str(e.value) and "test replay" in str(e.value)


def test_bad_events_are_refused_when_encoding():
    for bad in [("o", 1, 0), ("OF", 1, 0), ("O", -1, 0)]:
        with pytest.raises(ValueError):
            encode_events([bad])

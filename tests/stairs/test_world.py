"""The Stairs world: generation, geometry, hops, the drop timer, the 9-stair cap, causes, determinism, properties."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.stairs import world as W
from arcade.stairs.world import (AHEAD, CAUSES, DROP_FLOOR, DROP_START, MAX_BELOW, STEP_X, STEP_Y, PathGenerator,
                                 World, drop_interval)

OPPOSITE = {"left": "right", "right": "left"}
SIGN = {"left": -1, "right": 1}
N_STAIRS = 20_000


def generate(seed, count=N_STAIRS):
    """``count`` path stairs after stair 0, and the obstacles drawn for stairs 0..count-1."""
    gen = PathGenerator(seed)
    stairs, obstacles = [gen.first], []
    for _ in range(count):
        s, o = gen.next()
        stairs.append(s)
        if o is not None:
            obstacles.append(o)
    return stairs, obstacles


@pytest.fixture(scope="module")
def big():
    return generate(2024)


def wrong(world):
    return OPPOSITE[world.next_side]


def hop_until(world, predicate, limit=10_000):
    """Hop correctly (no time passes) until predicate(world); fail the test if it never holds."""
    for _ in range(limit):
        if predicate(world):
            return world
        assert world.hop(world.next_side)
    raise AssertionError("state not reached")


# --- constants and the start ------------------------------------------------------------------------------------
def test_geometry_constants_in_one_place():
    assert STEP_X == W.STAIR_WIDTH / 2
    assert STEP_Y == W.STAIR_HEIGHT - W.STAIR_OVERLAP
    assert 0 < W.STAIR_OVERLAP < W.STAIR_HEIGHT
    assert W.OBSTACLE_PROBABILITIES == (0.5, 0.2, 0.2, 0.1)
    assert MAX_BELOW == 9


def test_new_world():
    w = World(seed=3)
    assert (w.score, w.over, w.cause, w.running) == (0, False, None, False)
    assert w.robot_stair.index == 0 and (w.robot.x, w.robot.y) == (0.0, 0.0)
    assert [s.index for s in w.stairs] == list(range(AHEAD + 1))
    assert w.facing == w.next_side and w.robot.facing == w.facing
    assert w.below == 1 and w.time_to_drop is None
    events = w.drain_events()
    assert [e[0] for e in events] == ["spawn"]
    assert events[0][1] == w.stairs and events[0][2] == w.obstacles
    assert w.drain_events() == []


def test_world_uses_the_generator_stream():
    stairs, obstacles = generate(7, AHEAD)
    w = World(seed=7)
    assert list(w.stairs) == stairs
    assert list(w.obstacles) == obstacles


# --- generation: distribution, geometry, never blocking ---------------------------------------------------------
def test_obstacle_and_path_distribution(big):
    stairs, obstacles = big
    n = N_STAIRS

    def within(count, p, sigmas=5.0):
        return abs(count - n * p) <= sigmas * math.sqrt(n * p * (1 - p))

    assert within(len(obstacles), 0.5), len(obstacles)
    for d, p in ((1, 0.2), (2, 0.2), (3, 0.1)):
        count = sum(o.distance == d for o in obstacles)
        assert within(count, p), (d, count)
    rights = sum(s.side == "right" for s in stairs[1:])
    assert within(rights, 0.5), rights
    # one draw per stair: origins are distinct, and every stair 0..n-1 had its draw
    assert len({o.origin for o in obstacles}) == len(obstacles)
    assert all(0 <= o.origin < n for o in obstacles)


def test_path_geometry(big):
    stairs, _ = big
    assert (stairs[0].x, stairs[0].y, stairs[0].side) == (0.0, 0.0, None)
    for a, b in zip(stairs, stairs[1:]):
        assert b.index == a.index + 1
        assert b.x - a.x == SIGN[b.side] * W.STAIR_WIDTH / 2
        assert b.y - a.y == -(W.STAIR_HEIGHT - W.STAIR_OVERLAP)
        assert (b.x, b.y) == (b.col * STEP_X, -b.index * STEP_Y)


def test_obstacle_geometry(big):
    stairs, obstacles = big
    for o in obstacles:
        first, nxt = stairs[o.origin], stairs[o.origin + 1]
        assert o.distance in (1, 2, 3)
        assert o.side == OPPOSITE[nxt.side]  # opposite to the next path stair
        assert o.x == first.x + SIGN[o.side] * W.STAIR_WIDTH / 2 * o.distance
        assert o.y == first.y - (W.STAIR_HEIGHT - W.STAIR_OVERLAP) * o.distance
        assert (o.row, o.col) == (o.origin + o.distance, stairs[o.origin].col + SIGN[o.side] * o.distance)


def test_obstacles_never_block_the_path(big):
    stairs, obstacles = big
    path = {(s.x, s.y) for s in stairs}
    spots = [(o.x, o.y) for o in obstacles]
    assert not path.intersection(spots)
    assert len(set(spots)) == len(spots)  # and never two in one place


def test_twenty_thousand_correct_hops_never_end():
    w = World(seed=99)
    for _ in range(N_STAIRS):
        assert w.hop(w.next_side)
        w.update(0.001)
    assert w.score == N_STAIRS and not w.over


# --- hops and causes ------------------------------------------------------------------------------------------
def test_correct_hop():
    w = World(seed=5)
    w.drain_events()
    here, nxt = w.robot_stair, w.next_stair
    assert w.hop(nxt.side) is True
    assert w.score == 1 and w.robot_stair == nxt and w.facing == nxt.side and w.running
    events = w.drain_events()
    assert events[0] == ("hop", nxt.side, here, nxt)
    assert events[1][0] == "spawn" and events[1][1][-1].index == 1 + AHEAD
    assert w.stairs[-1].index == w.robot_stair.index + AHEAD


def test_hit_an_obstacle_at_distance_one():
    w = World(seed=11)
    hop_until(w, lambda w: w.obstacle_at(w.robot_stair.index + 1, w.robot_stair.col + SIGN[wrong(w)]))
    here, side = w.robot_stair, wrong(w)
    ob = w.obstacle_at(here.index + 1, here.col + SIGN[side])
    assert ob.distance == 1 and ob.origin == here.index  # only a distance-1 obstacle can stand there
    score = w.score
    w.drain_events()
    assert w.hop(side) is False
    assert (w.over, w.cause, w.score) == (True, "hit", score)
    assert w.robot_stair == here and w.facing == side
    assert w.drain_events() == [("miss", side, (ob.x, ob.y), ob), ("over", "hit")]


def test_fall_into_the_void_including_next_to_a_far_obstacle():
    w = World(seed=11)
    # a wrong side that has an obstacle, but further than one stair away: still "fell"
    hop_until(w, lambda w: any(o.origin == w.robot_stair.index and o.distance > 1 for o in w.obstacles))
    here, side = w.robot_stair, wrong(w)
    assert w.obstacle_at(here.index + 1, here.col + SIGN[side]) is None
    w.drain_events()
    assert w.hop(side) is False
    assert (w.over, w.cause) == (True, "fell")
    assert w.drain_events() == [("miss", side, ((here.col + SIGN[side]) * STEP_X, -(here.index + 1) * STEP_Y), None),
                                ("over", "fell")]


def test_dead_world_ignores_hops_and_time():
    w = World(seed=2)
    w.hop(w.next_side)
    w.hop(wrong(w))
    assert w.over
    state = (w.score, w.stairs, w.obstacles, w.cause, w.robot, w.time)
    w.drain_events()
    assert w.hop("left") is False and w.hop("right") is False
    w.update(100.0)
    assert (w.score, w.stairs, w.obstacles, w.cause, w.robot, w.time) == state
    assert w.drain_events() == []


def test_bad_arguments():
    w = World(seed=2)
    with pytest.raises(ValueError):
        w.hop("up")
    for dt in (-0.1, math.nan, math.inf):
        with pytest.raises(ValueError):
            w.update(dt)


# --- dropping ----------------------------------------------------------------------------------------------------
def test_drop_interval_constants_and_speed_up():
    assert drop_interval(0) == pytest.approx(DROP_START) == pytest.approx(2.5)
    assert DROP_FLOOR == pytest.approx(0.2)
    assert drop_interval(50) < drop_interval(10) < drop_interval(0)
    values = [drop_interval(s) for s in range(2000)]
    assert all(a >= b for a, b in zip(values, values[1:]))
    assert min(values) == DROP_FLOOR and values[-1] == DROP_FLOOR and values[150] == DROP_FLOOR


def test_drop_schedule_gentle_start_smooth_ramp_floor():
    """The first stairs give a newcomer >= 2.5 s; the interval then shrinks smoothly (no step of a
    warning's length or more, so a hop can never turn an unannounced tail into a dropped one) to its floor."""
    values = [drop_interval(s) for s in range(1000)]
    assert all(v >= 2.5 for v in values[:W.DROP_HOLD + 1])  # the first timed interval runs at score 1
    assert all(a >= b for a, b in zip(values, values[1:]))  # monotone non-increasing
    assert max(a - b for a, b in zip(values, values[1:])) < W.WARN_LEAD  # smooth: small steps ...
    assert min(b / a for a, b in zip(values, values[1:])) > 0.8  # ... never more than a fifth at once
    floor_at = values.index(DROP_FLOOR)
    assert 80 <= floor_at <= 150 and set(values[floor_at:]) == {DROP_FLOOR}  # reaches its floor and stays
    assert 0.3 <= drop_interval(50) <= 0.45  # by score 50 the original's pace (0.6 * 0.989 ** 50 = 0.345 s)
    assert 1.0 <= drop_interval(10) <= 1.5


def test_no_drop_before_the_first_hop():
    w = World(seed=4)
    w.drain_events()
    w.update(1000.0)
    assert not w.over and w.time == 0.0 and w.stairs[0].index == 0 and w.drain_events() == []


def test_timed_drop_of_the_tail_and_then_the_robot():
    w = World(seed=4)
    w.hop(w.next_side)
    w.drain_events()
    interval = drop_interval(1)
    w.update(interval - 1e-6)
    assert w.stairs[0].index == 0 and w.drain_events() == []
    assert w.time_to_drop == pytest.approx(1e-6, abs=1e-9)
    w.update(2e-6)
    (kind, stairs, obstacles), = w.drain_events()
    assert kind == "drop" and [s.index for s in stairs] == [0] and not w.over
    assert all(o.row <= 0 for o in obstacles)
    assert w.stairs[0].index == 1 == w.robot_stair.index and w.below == 1
    w.update(interval)
    assert (w.over, w.cause) == (True, "dropped")
    events = w.drain_events()
    assert events[0][0] == "drop" and events[0][1][0] == w.robot_stair and events[-1] == ("over", "dropped")
    assert w.robot_stair not in w.stairs


def test_drops_take_obstacles_at_their_height_or_lower():
    w = World(seed=8)
    for _ in range(30):
        w.hop(w.next_side)  # 30 - 8 = 22 stairs already dropped by the cap
    dropped_rows = []
    for _ in range(4):
        w.drain_events()
        w.update(drop_interval(w.score))
        (kind, stairs, obstacles), = w.drain_events()
        top = stairs[-1].index
        dropped_rows.append(top)
        assert all(o.row <= top for o in obstacles)
        assert all(o.row > top for o in w.obstacles)
    assert dropped_rows == [22, 23, 24, 25]


def test_interval_shrinks_with_the_score_in_the_world():
    slow, fast = World(seed=6), World(seed=6)
    slow.hop(slow.next_side)
    for _ in range(50):
        fast.hop(fast.next_side)
    assert fast.drop_interval == pytest.approx(drop_interval(50))
    assert fast.drop_interval < slow.drop_interval
    tail_fast, tail_slow = fast.stairs[0].index, slow.stairs[0].index
    dt = 1.5 * drop_interval(50)  # one interval at score 50, less than one at score 1
    assert dt < drop_interval(1)
    fast.update(dt)
    slow.update(dt)
    assert fast.stairs[0].index == tail_fast + 1  # one drop at score 50
    assert slow.stairs[0].index == tail_slow  # none yet at score 1


def test_one_update_can_drop_several_and_keeps_the_remainder():
    w = World(seed=6)
    for _ in range(9):
        w.hop(w.next_side)
    iv = w.drop_interval  # drop_interval(9) in whole microsecond ticks
    assert iv == pytest.approx(drop_interval(9), abs=1e-6)
    assert w.stairs[0].index == 1  # the cap took stair 0
    w.update(3.5 * iv)
    assert w.stairs[0].index == 4 and not w.over
    assert w.time_to_drop == pytest.approx(0.5 * iv)
    w.update(10 * iv)  # more than the 6 left below-and-at the robot
    assert w.cause == "dropped"


def test_nine_stair_cap_drops_extras_at_once():
    w = World(seed=12)
    for i in range(1, 9):
        w.hop(w.next_side)
        assert w.below == i + 1 and w.stairs[0].index == 0
    w.drain_events()
    w.hop(w.next_side)  # the 10th stair below-and-at: the tail goes now, no time passed
    assert w.below == MAX_BELOW and w.stairs[0].index == 1 and w.time == 0.0
    kinds = [e[0] for e in w.drain_events()]
    assert kinds == ["hop", "spawn", "drop"]
    for _ in range(40):
        w.hop(w.next_side)
        assert w.below == MAX_BELOW
    assert w.stairs[0].index == w.robot_stair.index - MAX_BELOW + 1 and not w.over


def test_timer_keeps_running_across_hops():
    w = World(seed=6)
    iv = drop_interval(2)
    w.hop(w.next_side)
    w.update(0.6 * iv)
    w.hop(w.next_side)
    w.update(0.5 * iv)  # 1.1 intervals since the first hop
    assert w.stairs[0].index == 1


# --- the warning before a drop -------------------------------------------------------------------------------
def test_the_tail_cracks_for_the_lead_before_a_timed_drop_and_not_before():
    w = World(seed=5)
    assert w.crack == 0.0 and not w.warned  # nothing runs before the first hop
    w.hop(w.next_side)
    w.drain_events()
    dt = 1 / 120
    lead = min(W.WARN_LEAD, drop_interval(w.score))
    levels = []
    while not w.drain_events():
        levels.append(w.crack)
        w.update(dt)
    warned = [c for c in levels if c > 0]
    assert levels[0] == 0.0 and all(c == 0 for c in levels[:len(levels) - len(warned)])  # quiet, then cracking
    assert all(a < b for a, b in zip(warned, warned[1:])) and warned[-1] <= 1.0  # rising to the drop
    assert len(warned) * dt == pytest.approx(lead, abs=dt)  # about WARN_LEAD seconds of warning
    assert w.crack == 0.0  # the new tail starts quiet


def test_at_the_cap_the_tail_is_doomed_and_the_next_hop_drops_it():
    w = World(seed=12)
    for _ in range(MAX_BELOW - 1):
        w.hop(w.next_side)
    assert w.below == MAX_BELOW and w.tail_doomed and w.warned and w.crack == 0.0
    tail = w.stairs[0].index
    w.drain_events()
    w.hop(w.next_side)
    drops = [e for e in w.drain_events() if e[0] == "drop"]
    assert [s.index for s in drops[0][1]] == [tail]


@pytest.mark.parametrize("seed", range(12))
def test_every_drop_is_announced(seed):
    """Whatever the rhythm (fast, slow, bursts, long pauses; several frame rates), the stair a drop takes was the
    tail and warned in the state just before: no drop, least of all the robot's own stair, comes unannounced."""
    import random

    rng = random.Random(seed)
    w = World(seed=seed)
    dt = rng.choice((1 / 30, 1 / 60, 1 / 144))
    mean_gap = rng.choice((0.15, 0.4, 1.0, 2.0))
    drops = 0
    wait = 0.0
    for _ in range(20_000):
        if w.over:
            break
        before = (w.stairs[0].index, w.warned)
        if wait <= 0:
            w.hop(w.next_side)
            wait = rng.expovariate(1 / mean_gap)
        else:
            w.update(dt)
            wait -= dt
        for e in w.drain_events():
            if e[0] == "drop":
                drops += 1
                assert e[1][0].index == before[0] and before[1], (e, before)
    assert drops >= 2


# --- determinism -----------------------------------------------------------------------------------------------
def play(world, script):
    for kind, value in script:
        if kind == "hop":
            world.hop(world.next_side if value else wrong(world))
        else:
            world.update(value)
    return world


def test_deterministic_for_a_seed_and_script():
    script = [("hop", 1)] * 12 + [("wait", 0.3), ("hop", 1), ("wait", 0.7)] * 20 + [("hop", 0)]
    a, b = play(World(seed=21), script), play(World(seed=21), script)
    assert a.drain_events() == b.drain_events()
    assert (a.score, a.cause, a.stairs, a.obstacles, a.time) == (b.score, b.cause, b.stairs, b.obstacles, b.time)
    c = play(World(seed=22), script)
    assert c.stairs != a.stairs or c.obstacles != a.obstacles


def test_unseeded_world_replays_from_its_seed():
    a = World()
    b = World(seed=a.seed)
    assert a.stairs == b.stairs and a.obstacles == b.obstacles
    assert World().stairs != a.stairs or World().obstacles != a.obstacles


# --- properties ---------------------------------------------------------------------------------------------------
actions = st.lists(
    st.one_of(st.tuples(st.just("hop"), st.integers(0, 12)),  # 0 = the wrong side
              st.tuples(st.just("wait"), st.floats(0.0, 1.5, allow_nan=False))),
    max_size=120,
)


def check_invariants(w, path, standing_stairs, standing_obstacles):
    stairs = w.stairs
    idx = [s.index for s in stairs]
    assert idx == list(range(idx[0], idx[0] + len(idx))) if idx else True  # consecutive
    for a, b in zip(stairs, stairs[1:]):
        assert b.col - a.col == SIGN[b.side]
    for s in stairs:
        assert (s.x, s.y) == (s.col * STEP_X, -s.index * STEP_Y)
    for o in w.obstacles:
        assert o.distance in (1, 2, 3)
        assert path.get(o.row) != o.col  # never on a path stair (known so far)
        assert o.row >= idx[0]  # nothing stands at or below a dropped stair's height
    # the event stream rebuilds the standing sets
    assert set(stairs) == standing_stairs and set(w.obstacles) == standing_obstacles
    assert w.score == w.robot_stair.index
    if w.over:
        assert w.cause in CAUSES and not w.running
    else:
        assert w.cause is None
        assert w.robot_stair in stairs  # always on a standing stair while alive
        assert 1 <= w.below <= MAX_BELOW
        assert idx[-1] == w.robot_stair.index + AHEAD


def apply_events(w, path, standing_stairs, standing_obstacles):
    for e in w.drain_events():
        if e[0] == "spawn":
            for s in e[1]:
                path[s.index] = s.col
            standing_stairs.update(e[1])
            standing_obstacles.update(e[2])
        elif e[0] == "drop":
            standing_stairs.difference_update(e[1])
            standing_obstacles.difference_update(e[2])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), actions)
def test_world_invariants_under_any_script(seed, script):
    w = World(seed=seed)
    path, standing_stairs, standing_obstacles = {}, set(), set()
    apply_events(w, path, standing_stairs, standing_obstacles)
    check_invariants(w, path, standing_stairs, standing_obstacles)
    for kind, value in script:
        was_over, score = w.over, w.score
        if kind == "hop":
            alive = w.hop(w.next_side if value else wrong(w))
            if not was_over:
                assert alive == bool(value)
                assert w.score == score + (1 if value else 0)
                assert w.over != bool(value)
                if not value:
                    assert w.cause in ("hit", "fell")
        else:
            w.update(value)
            assert w.score == score
            if w.over and not was_over:
                assert w.cause == "dropped"
        apply_events(w, path, standing_stairs, standing_obstacles)
        check_invariants(w, path, standing_stairs, standing_obstacles)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_generated_obstacles_never_on_the_path(seed):
    stairs, obstacles = generate(seed, 600)
    path = {s.index: s.col for s in stairs}
    for o in obstacles:
        assert path.get(o.row) != o.col


# --- integer time: exactly additive (what makes a replay exact) -------------------------------------------------
def state(w):
    return (w.score, w.over, w.cause, w.ticks, w.stairs, w.obstacles, w.robot, w.time_to_drop, w.crack)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.tuples(st.integers(0, 12), st.integers(0, 3_000_000),
                                                      st.integers(1, 4)), max_size=60))
def test_time_adds_up_exactly_however_it_is_split(seed, script):
    """advance(a) in one call leaves the same world as a split into any number of parts (hops in between)."""
    whole, split = World(seed=seed), World(seed=seed)
    for correct, ticks, parts in script:
        for w in (whole, split):
            w.hop(w.next_side if correct else wrong(w))
        whole.advance(ticks)
        cuts = sorted({ticks * k // parts for k in range(1, parts)})
        last = 0
        for c in [*cuts, ticks]:
            split.advance(c - last)
            last = c
        assert state(whole) == state(split)


def test_update_rounds_to_whole_ticks_and_advance_checks_its_argument():
    w = World(seed=3)
    w.hop(w.next_side)
    w.update(1 / 60)
    assert w.ticks == 16_667 and w.time == pytest.approx(0.016667)
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            w.advance(bad)


def test_a_dropped_run_ends_at_the_tick_its_stair_fell():
    w = World(seed=4)
    w.hop(w.next_side)
    iv = W.drop_interval_ticks(1)
    w.advance(123)
    w.advance(10**9)  # far past the end: time stops when the robot's stair (the 2nd drop) falls
    assert w.cause == "dropped" and w.ticks == 2 * iv


def test_no_time_no_drop_even_when_overdue():
    """A hop that speeds the timer up can leave a drop overdue; it comes with the next tick, never in zero time."""
    w = World(seed=6)
    for _ in range(4):
        w.hop(w.next_side)
    w.advance(W.drop_interval_ticks(4) - 1)
    for _ in range(6):
        w.hop(w.next_side)  # the interval shrinks below the time on the clock
    tail = w.stairs[0].index
    w.drain_events()
    w.advance(0)
    assert w.stairs[0].index == tail and w.drain_events() == []
    w.advance(1)
    assert w.stairs[0].index == tail + 1

"""Vose's alias sampler: tables, validation, distribution (chi-square), determinism, properties."""
import argparse
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.stairs.alias import AliasSampler, build_tables


# --- a scipy-free chi-square survival function (integer degrees of freedom) ----------------------------------
def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-square(df): the regularised upper gamma Q(df/2, x/2) in closed form."""
    h = x / 2.0
    if df % 2 == 0:  # Q(k, h) = e^-h * sum_{j<k} h^j / j!
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return math.exp(-h) * total
    # odd: Q(1/2, h) = erfc(sqrt h), then Q(a + 1, h) = Q(a, h) + h^a e^-h / Gamma(a + 1)
    q = math.erfc(math.sqrt(h))
    a = 0.5
    while a < df / 2.0:
        q += math.exp(a * math.log(h) - h - math.lgamma(a + 1)) if h > 0 else 0.0
        a += 1.0
    return q


def chi2_stat(counts: np.ndarray, p) -> float:
    expected = np.asarray(p, dtype=float) * counts.sum()
    return float(((counts - expected) ** 2 / expected).sum())


ALPHA = 1e-4


@pytest.mark.parametrize("x,df,sf", [
    # critical values of the chi-square table at the given upper-tail probability
    (3.841, 1, 0.05), (6.635, 1, 0.01), (5.991, 2, 0.05), (13.816, 2, 0.001), (7.815, 3, 0.05),
    (21.108, 3, 1e-4), (9.488, 4, 0.05), (23.513, 4, 1e-4), (11.070, 5, 0.05), (20.515, 5, 0.001),
])
def test_chi2_sf_matches_table(x, df, sf):
    assert chi2_sf(x, df) == pytest.approx(sf, rel=2e-3)


# --- tables ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("weights,prob,alias", [
    ([0.5, 0.5], [1.0, 1.0], [0, 1]),
    ([1], [1.0], [0]),
    ([7], [1.0], [0]),
    # scaled [2, .8, .8, .4]; small stack [1, 2, 3], large [0]: 3 -> 0 (0 keeps 1.4), 2 -> 0 (1.2), 1 -> 0 (1.0)
    ([0.5, 0.2, 0.2, 0.1], [1.0, 0.8, 0.8, 0.4], [0, 0, 0, 0]),
    # scaled [1.25, 1, .5, .25, 2]; 3 -> 4 (4 keeps 1.25), 2 -> 4 (.75, small), 4 -> 1 (1 keeps .75, small), 1 -> 0
    ([0.25, 0.2, 0.1, 0.05, 0.4], [1.0, 0.75, 0.5, 0.25, 0.75], [0, 0, 4, 4, 1]),
    # normalised by the sum 1.4: scaled [10/7, 8/7, 8/7, 2/7]; 3 -> 2 (3/7 left, small), 2 -> 1 (4/7, small),
    # 1 -> 0, which keeps 0.9999999999999998 by rounding: a leftover in the SMALL list, so it gets 1
    ([0.5, 0.4, 0.4, 0.1], [1.0, 4 / 7, 3 / 7, 2 / 7], [0, 0, 1, 2]),
    # weights are normalised by their sum: [1, 3] -> [.25, .75], scaled [.5, 1.5]
    ([1, 3], [0.5, 1.0], [1, 1]),
    ([0, 1], [0.0, 1.0], [1, 1]),
])
def test_exact_tables(weights, prob, alias):
    p, a = build_tables(weights)
    assert p.tolist() == pytest.approx(prob, abs=1e-12)
    assert a.tolist() == alias
    s = AliasSampler(weights, rng=0)
    assert s.prob.tolist() == pytest.approx(prob, abs=1e-12) and s.alias.tolist() == alias


def test_normalised_by_sum_not_by_adding_an_outcome():
    s = AliasSampler([2, 2, 4], rng=0)
    assert s.n == 3
    assert s.probabilities.tolist() == pytest.approx([0.25, 0.25, 0.5])
    assert set(np.unique(s.sample(10_000)).tolist()) == {0, 1, 2}


@pytest.mark.parametrize("weights,word", [
    ([], "empty"), (np.array([]), "empty"),
    ([0.5, -0.1, 0.6], "negative"),
    ([0.5, float("nan")], "NaN"),
    ([0.5, float("inf")], "infinite"), ([float("-inf"), 1], "infinite"),
    ([0, 0, 0], "all zero"), ([0.0], "all zero"),
    ([[0.5, 0.5]], "flat"), (["x", 1], "numbers"),
])
def test_bad_weights_raise_value_error_naming_the_problem(weights, word):
    with pytest.raises(ValueError, match=word):
        AliasSampler(weights)


def test_huge_weights_do_not_overflow():
    s = AliasSampler([1e308, 1e308, 1e308], rng=0)
    assert s.probabilities.tolist() == pytest.approx([1 / 3] * 3)
    assert np.isfinite(s.prob).all()


def test_sample_arguments():
    s = AliasSampler([0.5, 0.5], rng=0)
    assert isinstance(s.sample(), int)
    a = s.sample(7)
    assert isinstance(a, np.ndarray) and a.shape == (7,) and np.issubdtype(a.dtype, np.integer)
    assert s.sample(0).shape == (0,)
    assert s.sample(np.int64(3)).shape == (3,)
    for bad in (-1, 2.5):
        with pytest.raises(ValueError):
            s.sample(bad)


def test_rng_default_and_generator_is_used_as_given():
    g = np.random.default_rng(5)
    s = AliasSampler([0.3, 0.7], rng=g)
    assert s.rng is g
    assert isinstance(AliasSampler([1, 1]).rng, np.random.Generator)


# --- distribution ---------------------------------------------------------------------------------------------
DISTRIBUTIONS = [[0.5, 0.2, 0.2, 0.1], [0.25, 0.2, 0.1, 0.05, 0.4]]


@pytest.mark.parametrize("p", DISTRIBUTIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_chi_square_vectorised_million(p, seed):
    s = AliasSampler(p, rng=np.random.default_rng(seed))
    counts = np.bincount(s.sample(10**6), minlength=len(p))
    stat = chi2_stat(counts, p)
    assert chi2_sf(stat, len(p) - 1) > ALPHA, (counts, stat)


@pytest.mark.parametrize("p", DISTRIBUTIONS)
def test_chi_square_scalar_million(p):
    s = AliasSampler(p, rng=np.random.default_rng(3))
    draws = [s.sample() for _ in range(10**6)]
    counts = np.bincount(draws, minlength=len(p))
    stat = chi2_stat(counts, p)
    assert chi2_sf(stat, len(p) - 1) > ALPHA, (counts, stat)


def test_chi_square_has_power():
    """The same test rejects a sampler for the wrong distribution: it can fail."""
    s = AliasSampler([0.26, 0.2, 0.1, 0.05, 0.39], rng=np.random.default_rng(1))
    counts = np.bincount(s.sample(10**6), minlength=5)
    assert chi2_sf(chi2_stat(counts, DISTRIBUTIONS[1]), 4) < ALPHA


def test_zero_probability_outcomes_never_drawn():
    p = [0.0, 0.3, 0.0, 0.0, 0.7, 0.0]
    s = AliasSampler(p, rng=np.random.default_rng(4))
    drawn = set(np.unique(s.sample(200_000)).tolist()) | {s.sample() for _ in range(50_000)}
    assert drawn == {1, 4}
    for i in (0, 2, 3, 5):
        assert s.prob[i] == 0.0 and i not in s.alias.tolist()


def test_deterministic_under_a_seed():
    a = AliasSampler(DISTRIBUTIONS[1], rng=np.random.default_rng(42))
    b = AliasSampler(DISTRIBUTIONS[1], rng=np.random.default_rng(42))
    seq_a = [a.sample() for _ in range(5000)] + a.sample(1000).tolist() + [a.sample() for _ in range(100)]
    seq_b = [b.sample() for _ in range(5000)] + b.sample(1000).tolist() + [b.sample() for _ in range(100)]
    assert seq_a == seq_b
    c = AliasSampler(DISTRIBUTIONS[1], rng=np.random.default_rng(43))
    assert [c.sample() for _ in range(5000)] != seq_a[:5000]


# --- properties ------------------------------------------------------------------------------------------------
weights = st.lists(
    st.one_of(st.just(0.0), st.floats(min_value=1e-6, max_value=1e6, allow_nan=False, allow_infinity=False)),
    min_size=1, max_size=60,
).filter(lambda w: sum(w) > 0)


@settings(max_examples=300, deadline=None)
@given(weights)
def test_tables_reconstruct_the_distribution(w):
    s = AliasSampler(w, rng=0)
    n = len(w)
    p = np.asarray(w, dtype=float) / sum(w)
    assert s.prob.shape == (n,) and s.alias.shape == (n,)
    assert ((s.prob >= 0) & (s.prob <= 1)).all()
    assert ((s.alias >= 0) & (s.alias < n)).all()
    mass = s.prob.copy()
    np.add.at(mass, s.alias, 1.0 - s.prob)
    assert np.allclose(mass, n * p, rtol=0, atol=1e-9)
    # a zero-weight outcome gets no mass at all: never its own column's winner, never an alias
    for i in np.flatnonzero(p == 0):
        assert s.prob[i] == 0.0 and s.alias[s.prob < 1].tolist().count(i) == 0


@settings(max_examples=60, deadline=None)
@given(weights, st.integers(0, 2**32 - 1))
def test_draws_are_in_range_and_only_positive_weights(w, seed):
    s = AliasSampler(w, rng=seed)
    allowed = {i for i, x in enumerate(w) if x > 0}
    drawn = set(s.sample(500).tolist()) | {s.sample() for _ in range(200)}
    assert drawn <= allowed


# --- the benchmark helpers (a smoke test keeps them from rotting) -----------------------------------------------
def test_lcm_table():
    from arcade.stairs.bench.sampler import lcm_table
    t = lcm_table([0.5, 0.2, 0.2, 0.1])
    assert len(t) == 10 and np.bincount(t).tolist() == [5, 2, 2, 1]
    t = lcm_table([0.25, 0.2, 0.1, 0.05, 0.4])
    assert len(t) == 20 and np.bincount(t).tolist() == [5, 4, 2, 1, 8]


def test_bench_runs(capsys):
    from arcade.stairs.bench import sampler as bench
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    args = parser.parse_args(["--draws", "2000", "--scalar-draws", "500", "--hops", "300", "--repeat", "1"])
    assert bench.run(args) == 0
    out = capsys.readouterr().out
    assert "alias" in out and "choice" in out and "LCM" in out and "hop" in out

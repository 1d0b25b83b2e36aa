"""rfsym.testing catches deliberately broken random-feature code and passes the correct code.

Each broken implementation below is a bug seen in public code (DESIGN.md, issue 20): QR without the
sign fix, norms taken from the same Gaussian block, a sqrt(m) or 1/m normalisation slip, the norms
applied to the columns of Q instead of its rows, a draw shared where independent ones are needed,
and independent draws where queries and keys must share one. The messages must show the exact value,
the sampled mean ± s.e., z, the false-alarm rate and the power.
"""

import math
import re

import numpy as np
import pytest
from scipy.stats import ortho_group

from rfsym import couplings, estimators, testing

D = 4
X = np.array([0.5, -0.3, 0.4, 0.2])
Y = np.array([0.3, 0.4, -0.1, 0.5])


# ---------------------------------------------------------------- orthogonal samplers (d, rng) -> (d, d)

def qr_sign_fixed(d, rng):
    """Correct: Haar Q (sign fix), independent chi_d norms."""
    q, r = np.linalg.qr(rng.standard_normal((d, d)))
    q = q * np.sign(np.diag(r))[None, :]
    return np.sqrt(rng.chisquare(d, d))[:, None] * q


def qr_no_sign_fix(d, rng):
    """Broken: plain LAPACK QR, Q[0, 0] < 0 in every draw."""
    q, _ = np.linalg.qr(rng.standard_normal((d, d)))
    return np.sqrt(rng.chisquare(d, d))[:, None] * q


def norms_from_same_block(d, rng):
    """Broken: row norms of the Gaussian matrix that was factorised."""
    g = rng.standard_normal((d, d))
    q, r = np.linalg.qr(g)
    q = q * np.sign(np.diag(r))[None, :]
    return np.linalg.norm(g, axis=1)[:, None] * q


def norms_on_columns(d, rng):
    """Broken: rows and columns of Q swapped when scaling (Q diag(norms) instead of diag(norms) Q)."""
    q, r = np.linalg.qr(rng.standard_normal((d, d)))
    q = q * np.sign(np.diag(r))[None, :]
    return q * np.sqrt(rng.chisquare(d, d))[None, :]


def scipy_ortho_group(d, rng):
    return ortho_group.rvs(d, random_state=rng)


def positive_features(sampler, m=D, d=D, scale="sqrt"):
    """A FAVOR+-style feature map of the Gaussian kernel built on ``sampler`` (blocks of d rows)."""
    def draw(rng):
        return np.vstack([sampler(d, rng) for _ in range(-(-m // d))])[:m]

    norm = {"sqrt": math.sqrt(m), "none": 1.0, "m": float(m)}[scale]

    def phi(Xs, W):
        return np.exp(Xs @ W.T - (Xs ** 2).sum(1, keepdims=True)) / norm

    return testing.feature_map_estimator(draw, phi)


# ---------------------------------------------------------------- Haar checks

@pytest.mark.parametrize("sampler", [qr_sign_fixed, scipy_ortho_group,
                                     lambda d, m, rng: couplings.sample("orthogonal", d, m, rng)])
def test_haar_passes_correct_samplers(sampler):
    rep = testing.assert_haar(sampler, D, n_blocks=3000)
    assert rep.passed and len(rep.checks) >= 3
    assert all(abs(c.z) <= 5 for c in rep.checks)


def test_haar_catches_qr_without_sign_fix():
    with pytest.raises(AssertionError) as e:
        testing.assert_haar(qr_no_sign_fix, D, n_blocks=3000)
    msg = str(e.value)
    # the sign of Q[0, 0] is fixed: the mean of u_11 is far from 0, the one-sided exp along e_1 biased
    z_sign = float(re.search(r"E\[u_11\].*?z = ([-+0-9.e]+)", msg).group(1))
    assert z_sign < -50
    m = re.search(r"along e_1 \(one-sided exp; worst.*?biased by ([-+0-9.]+) %, z = ([-+0-9.e]+)", msg)
    assert float(m.group(1)) < -20 and float(m.group(2)) < -20
    assert "false-alarm rate" in msg and "detects relative errors" in msg


def test_haar_catches_norms_from_the_same_block():
    with pytest.raises(AssertionError, match=r"FAIL E\[mean_i exp\(w_i\^T v\)\] along e_1 .*biased by \+"):
        testing.assert_haar(norms_from_same_block, D, n_blocks=3000)


def test_haar_catches_rows_and_columns_swapped():
    with pytest.raises(AssertionError, match=r"FAIL Gram structure: max \|offdiag"):
        testing.assert_haar(norms_on_columns, D, n_blocks=500)


def test_haar_rejects_a_wrong_shape():
    with pytest.raises(ValueError, match=r"\(d, d\) block"):
        testing.assert_haar(lambda d, rng: rng.standard_normal((d + 1, d)), D, n_blocks=10)


# ---------------------------------------------------------------- unbiasedness of feature maps

def test_unbiased_passes_the_correct_feature_map():
    r = testing.assert_unbiased(positive_features(qr_sign_fixed), X, Y, kernel="gaussian", n=8000)
    assert r.passed and r.detectable < 0.05 and r.false_alarm < 1e-6


def _bias_of(f, n=8000, **kw):
    with pytest.raises(AssertionError) as e:
        testing.assert_unbiased(f, X, Y, n=n, **kw)
    msg = str(e.value)
    m = re.search(r"biased by ([-+0-9.e]+) %, z = ([-+0-9.e]+)", msg)
    assert m, msg
    return float(m.group(1)), float(m.group(2)), msg


def test_unbiased_catches_qr_without_sign_fix_along_e1():
    # one-sided positive features along the fixed-sign direction e_1: the half-space bias
    e1 = np.eye(D)[0]
    f = positive_features(qr_no_sign_fix)
    with pytest.raises(AssertionError, match=r"biased by -\d") as e:
        testing.assert_unbiased(f, 0.5 * e1, 0.5 * e1, kernel="gaussian", n=8000)
    assert float(re.search(r"z = ([-+0-9.e]+)", str(e.value)).group(1)) < -10


def test_unbiased_catches_norms_from_the_same_block():
    e1 = np.eye(D)[0]
    with pytest.raises(AssertionError, match=r"biased by \+\d"):
        testing.assert_unbiased(positive_features(norms_from_same_block), 0.5 * e1, 0.5 * e1,
                                kernel="gaussian", n=8000)


@pytest.mark.parametrize("scale, factor", [("none", D), ("m", 1 / D)])
def test_unbiased_catches_normalisation_slips(scale, factor):
    bias, z, msg = _bias_of(positive_features(qr_sign_fixed, scale=scale), kernel="gaussian")
    assert bias == pytest.approx(100 * (factor - 1), abs=5)   # a sqrt(m) missing or a 1/m too many
    assert abs(z) > 50


def test_unbiased_catches_independent_draws_for_queries_and_keys():
    def f(x, y, rng):  # keys drawn with their own projections: E = E f(x) E f(y), not K
        Wq, Wk = rng.standard_normal((2, D, D))
        return np.mean(np.exp(Wq @ x - x @ x) * np.exp(Wk @ y - y @ y))
    bias, z, msg = _bias_of(f, kernel="gaussian")
    assert z < -10


def test_unbiased_catches_a_shared_draw_where_independent_ones_are_needed():
    # angular hybrid (HRF Eq. (12)) whose coefficient uses the signs of the ++ projections instead of
    # independent ones: lambda_hat and SM_hat^{++} become dependent and the product is biased
    est = estimators.get("angular-hybrid", n=D)

    def f(x, y, rng):
        W = est.draw(D, D, rng, "iid")
        W.arrays["T"] = W.arrays["W_pos"]
        return est.estimate(x[None], y[None], W)[0, 0]
    bias, z, msg = _bias_of(f, kernel="softmax", n=4000)
    assert bias < -1 and z < -5     # measured: -3.9 %, z = -8.6 at n = 4000


def test_messages_show_both_values_and_the_power():
    _, _, msg = _bias_of(positive_features(qr_sign_fixed, scale="m"), kernel="gaussian")
    assert re.search(r"mean [0-9.]+ ± [0-9.e-]+, exact [0-9.]+: biased by -7\d(\.\d)? %, z = -\d+", msg), msg
    assert "fails when |z| > 5; false-alarm rate 5.7e-07" in msg
    assert re.search(r"detects relative errors >= [0-9.]+ % with n = 8000", msg)


def test_callables_returning_other_array_types_are_read_with_asarray():
    class Tensor:  # mimics a torch/JAX scalar: converts through __array__ only
        def __init__(self, v):
            self.v = v

        def __array__(self, dtype=None, copy=None):
            return np.asarray(self.v, dtype=dtype)

    def f(x, y, rng):
        W = couplings.sample("orthogonal", D, D, rng)
        return Tensor(np.mean(np.cos(W @ (x - y))))
    assert testing.assert_unbiased(f, X, Y, kernel="gaussian", n=3000).passed


# ---------------------------------------------------------------- MSE

def test_mse_passes_the_library_estimators():
    for name, kw in (("SimRF", {}), ("FAVOR++", {}), ("RFF", {"coupling": "orthogonal"})):
        r = testing.assert_mse(name, X / 2, Y / 2, m=D, n=6000, **kw)
        assert r.passed and r.detectable < 0.25


def test_mse_catches_iid_rows_sold_as_simplex():
    with pytest.raises(AssertionError, match=r"E\[\(K_hat - K\)\^2\].*off by \+\d") as e:
        testing.assert_mse("PosRF", X / 2, Y / 2, "SimRF", m=D, n=6000)
    assert float(re.search(r"z = ([-+0-9.e]+)", str(e.value)).group(1)) > 5


def test_mse_catches_shared_base_projections_in_the_hybrid():
    # Eq. (23) (shared projections) differs from Eq. (22) when ||x|| != ||y||
    x, y = np.array([0.9, 0.2, 0.3]), np.array([0.1, 0.1, 0.0])
    shared = estimators.get("angular-hybrid", n=2, shared=True)
    with pytest.raises(AssertionError, match=r"off by"):
        testing.assert_mse(shared, x, y, estimators.get("angular-hybrid", n=2), m=2, n=30000)


# ---------------------------------------------------------------- check_estimator

@pytest.mark.parametrize("name", ["FAVOR+", "OPRF", "RFF", "SADERF"])
def test_check_estimator_passes(name):
    rep = testing.check_estimator(name, n=3000)
    assert rep.passed and len(rep.checks) >= 3


def test_assertions_and_check_estimator_pass_on_the_gaussian_hybrid_features():
    # HRF App. F's normalized bipolar Gaussian hybrid through its explicit feature map (issue 20)
    est = estimators.get("gaussian-hybrid", n=2, sigma=1.8)
    f = testing.feature_map_estimator(lambda rng: est.draw(D, 2, rng), est.query_features, est.key_features)
    assert testing.assert_unbiased(f, X / 2, Y / 2, kernel="softmax", n=3000).passed
    assert testing.assert_mse(f, X / 2, Y / 2, est, m=2, n=3000).passed
    rep = testing.check_estimator(est, n=3000)
    assert rep.passed and len(rep.checks) == 6 and not any("skip" in note for note in rep.notes)


def test_check_estimator_catches_a_broken_subclass():
    class SlipFavor(type(estimators.get("FAVOR+"))):
        """Features exp(w^T x - |x|^2/2): the Gaussian-kernel constant of the softmax map."""

        def _blocks(self, Xs, arrays, side):
            return np.exp(Xs @ arrays["W"].T - 0.5 * (Xs ** 2).sum(1, keepdims=True))[:, :, None]

    with pytest.raises(AssertionError, match=r"(?s)check_estimator\(FAVOR\+.*FAIL E\[K_hat\]"):
        testing.check_estimator(SlipFavor(), n=3000, mse=False)


def test_readme_example_fails_with_the_printed_message():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    sec = text.split("## Test your own random features", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", sec, flags=re.S).group(1)
    printed = re.search(r"```console\n(.*?)\n```", sec, flags=re.S).group(1)
    with pytest.raises(AssertionError) as e:
        exec(compile(code, "README.md", "exec"), {})
    assert f"AssertionError: {e.value}" == printed
    fixed = code.replace("q, _ = np.linalg.qr(rng.standard_normal((4, m)))",
                         "q, r = np.linalg.qr(rng.standard_normal((4, m))); q = q * np.sign(np.diag(r))")
    assert fixed != code
    exec(compile(fixed, "README.md", "exec"), {})     # the sign-fixed version passes

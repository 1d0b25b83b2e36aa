import math

import numpy as np
import pytest

from rfsym import couplings, foundations
from rfsym.montecarlo import z_check

SEED = 7


@pytest.mark.parametrize("coupling", couplings.COUPLINGS)
@pytest.mark.parametrize("d, m", [(3, 7), (4, 4), (5, 2), (2, 9)])
def test_shapes(coupling, d, m):
    w = couplings.sample(coupling, d, m, np.random.default_rng(SEED))
    assert w.shape == (m, d) and w.dtype == np.float64 and np.all(np.isfinite(w))


def test_orthogonal_blocks_are_orthogonal_with_chi_norms():
    w = couplings.sample("orthogonal", 6, 12, np.random.default_rng(SEED))
    for b in range(2):
        blk = w[6 * b:6 * (b + 1)]
        g = blk @ blk.T
        assert np.allclose(g - np.diag(np.diag(g)), 0, atol=1e-12)


def test_haar_first_entries_are_symmetric():
    # plain QR makes Q[0, 0] <= 0 always; the Haar sampler must not
    q = couplings.haar_orthogonal(4, 4000, np.random.default_rng(SEED))
    frac = np.mean(q[:, 0, 0] > 0)
    assert abs(frac - 0.5) < 5 * 0.5 / math.sqrt(4000)
    q_plain = couplings.plain_qr_orthogonal(4, 4 * 500, np.random.default_rng(SEED))
    assert np.all(q_plain.reshape(500, 4, 4)[:, 0, 0] <= 0)


@pytest.mark.parametrize("coupling", ["iid", "orthogonal", "simplex", "simplex+"])
def test_one_sided_unbiasedness_passes(coupling):
    res = foundations.one_sided_exp_mc(coupling, 4, 20_000, np.random.default_rng(SEED))
    assert z_check(res, math.exp(0.5)).passed
    # the same test rejects a wrong value, so it has power
    assert not z_check(res, 1.1 * math.exp(0.5)).passed


def test_one_sided_unbiasedness_fails_for_plain_qr():
    res = foundations.one_sided_exp_mc(couplings.plain_qr_orthogonal, 4, 20_000, np.random.default_rng(SEED))
    chk = z_check(res, math.exp(0.5))
    assert not chk.passed and abs(chk.z) > 5


@pytest.mark.parametrize("d", [2, 3, 7, 64])
def test_simplex_geometry(d):
    w = couplings.sample("simplex", d, 3 * d, np.random.default_rng(SEED))
    for b in range(3):
        u = w[b * d:(b + 1) * d]
        u = u / np.linalg.norm(u, axis=1, keepdims=True)
        g = u @ u.T
        off = g[~np.eye(d, dtype=bool)]
        assert np.max(np.abs(off + 1 / (d - 1))) <= 1e-12


def test_simplex_matrix_and_fast_product():
    for d in (2, 3, 10, 65):
        s = couplings.simplex_matrix(d)
        assert np.allclose(np.linalg.norm(s, axis=1), 1, atol=1e-14)
        x = np.random.default_rng(d).standard_normal((d, 3))
        assert np.allclose(couplings.simplex_apply(x), s @ x, atol=1e-13)
        assert np.allclose(couplings.simplex_apply(x[:, 0]), s @ x[:, 0], atol=1e-13)
    batch = np.random.default_rng(1).standard_normal((5, 4, 4))
    assert np.allclose(couplings.simplex_apply(batch), couplings.simplex_matrix(4) @ batch)


def test_simplex_plus_is_fixed_point_of_update():
    norms = couplings.chi_norms(6, (3, 6), np.random.default_rng(SEED))
    v, passes = couplings.simplex_plus_directions(norms)
    assert passes < 50
    assert np.allclose(np.linalg.norm(v, axis=2), norms)
    for b in range(3):
        total = v[b].sum(axis=0)
        for i in range(6):
            rest = total - v[b, i]
            target = -rest / np.linalg.norm(rest) * norms[b, i]
            assert np.allclose(v[b, i], target, atol=1e-9)


def test_simplex_plus_lowers_truncated_objective():
    # Eq. (15): sum_{i != j} |w_i + w_j|^2 is minimised by SimRF+ among arrangements with these norms
    norms = couplings.chi_norms(5, (20, 5), np.random.default_rng(SEED))
    v, _ = couplings.simplex_plus_directions(norms)
    s = couplings.simplex_matrix(5)[None] * norms[:, :, None]

    def objective(x):
        tot = x.sum(axis=1)
        return np.sum(tot * tot, axis=1)  # equals sum_{i != j} w_ij^2 up to terms fixed by the norms

    assert np.all(objective(v) <= objective(s) + 1e-12)


def test_chi_norms_moments():
    r = couplings.chi_norms(5, 200_000, np.random.default_rng(SEED))
    m2 = np.mean(r ** 2)
    assert abs(m2 - 5) < 5 * np.std(r ** 2) / math.sqrt(r.size)


@pytest.mark.parametrize("args, exc, msg", [
    (("gaussian", 3, 3), ValueError, "coupling must be one of"),
    (("iid", 0, 3), ValueError, "d must satisfy d >= 1, got d=0"),
    (("simplex", 1, 3), ValueError, "d must satisfy d >= 2, got d=1"),
    (("iid", 3, 0), ValueError, "m must satisfy m >= 1, got m=0"),
    (("iid", 3.0, 3), TypeError, "d must be an integer"),
])
def test_bad_input(args, exc, msg):
    with pytest.raises(exc, match=msg):
        couplings.sample(*args, np.random.default_rng(0))


def test_bad_rng():
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator"):
        couplings.sample("iid", 3, 3, 42)
    with pytest.raises(ValueError, match="norms must have shape"):
        couplings.simplex_plus_directions(np.ones(3))
    with pytest.raises(ValueError, match="finite and positive"):
        couplings.simplex_plus_directions(np.array([[1.0, -1.0]]))
    with pytest.raises(ValueError, match="d >= 2"):
        couplings.simplex_apply(np.ones(1))


@pytest.mark.parametrize("d", [2, 5, couplings._BATCHED_QR_BELOW - 1, couplings._BATCHED_QR_BELOW])
def test_batched_and_per_block_qr_give_the_same_haar_rows(d, monkeypatch):
    """Small d factorises whole batches with NumPy's stacked QR, large d one LAPACK call per block: the two
    paths must agree bit for bit (the same dgeqrf/dorgqr on the same matrices), with and without row scales,
    so a change of the switch-over dimension never changes a sample."""
    g = np.random.default_rng(d).standard_normal((37, d, d))
    scale = np.random.default_rng(d + 1).random((37, d)) + 0.5
    results = []
    for below in (10 ** 6, 0):                                   # all batched, then all per block
        monkeypatch.setattr(couplings, "_BATCHED_QR_BELOW", below)
        a, b = np.empty_like(g), np.empty_like(g)
        couplings._haar_into(a, g)
        couplings._haar_into(b, g, scale)
        results.append((a, b))
    (a1, b1), (a2, b2) = results
    assert np.array_equal(a1, a2) and np.array_equal(b1, b2)
    assert np.allclose(a1[0] @ a1[0].T, np.eye(d))
    # the sign fix: the Q factor of g[i].T times sign(diag R) (Mezzadri 2007)
    q, r = np.linalg.qr(g[3].T)
    assert np.allclose(a1[3], q * np.sign(np.diag(r))[None, :])
    assert np.allclose(b1[3], scale[3][:, None] * a1[3])

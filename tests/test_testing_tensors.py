"""rfsym.testing on real torch and JAX tensors, on the CPU and on a GPU (issue 27, item 4).

Neither package is a dependency of rfsym: each test is skipped where its package is missing, and the
CUDA cases where no GPU is present. They ran on the project's GPU machine (torch with CUDA, JAX with
CUDA); ``tests/test_testing.py`` covers the same code paths with stand-in tensor classes everywhere.

Each test pairs a correct implementation, which must pass, with a buggy one, which must fail, so that
a test passing because nothing was checked cannot go unnoticed.
"""

import math

import numpy as np
import pytest

from rfsym import testing


def _torch():
    return pytest.importorskip("torch")


def _jax():
    jax = pytest.importorskip("jax")
    jax.config.update("jax_enable_x64", True)
    return jax


TORCH_DEVICES = ["cpu", "cuda"]


def _skip_unless(dev):
    torch = _torch()
    if dev == "cuda" and not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    return torch


def _pair(d=8, r=1.5, angle=1.0):
    x = np.zeros(d)
    y = np.zeros(d)
    x[0] = r
    y[0], y[1] = r * math.cos(angle), r * math.sin(angle)
    return x, y


@pytest.mark.parametrize("dev", TORCH_DEVICES)
def test_torch_points_give_the_numpy_decision(dev):
    torch = _skip_unless(dev)
    x, y = _pair()
    ref = testing.unbiased_test("PosRF", x, y, m=8, n=2000, seed=3)
    got = testing.unbiased_test("PosRF", torch.tensor(x, device=dev), torch.tensor(y, device=dev), m=8, n=2000, seed=3)
    assert (got.passed, got.z, got.estimate) == (ref.passed, ref.z, ref.estimate)
    X = torch.tensor(np.stack([x, 0.5 * x]), device=dev)              # a batch (B, d) on the device
    Y = torch.tensor(np.stack([y, 0.5 * y]), device=dev)
    batch = testing.unbiased_test("PosRF", X, Y, m=8, n=2000, seed=3)
    assert batch.passed and len(batch.results) == 2


def _favor_plus_torch(torch, dev, d, m, *, norm_bug=False):
    """A user's FAVOR+ for the Gaussian kernel in torch: orthogonal rows (QR with the sign fix, chi_d norms),
    positive features :math:`e^{w^\\top x-\\|x\\|^2}/\\sqrt m` on ``dev``; the bug is the softmax kernel's
    :math:`-\\|x\\|^2/2`."""
    def draw(rng):
        g = torch.tensor(rng.standard_normal((d, d)), device=dev)
        q, r = torch.linalg.qr(g)
        q = q * torch.sign(torch.diagonal(r))[None, :]               # Haar
        norms = torch.tensor(np.sqrt(rng.chisquare(d, size=d)), device=dev)
        return (q.T * norms[:, None])[:m]

    def phi(X, W):
        X = torch.as_tensor(X, device=dev)
        c = 0.5 if norm_bug else 1.0                 # the bug: the softmax kernel's exp(w.x - |x|^2 / 2)
        return torch.exp(X @ W.T - c * (X ** 2).sum(1, keepdim=True)) / math.sqrt(m)

    return draw, phi


@pytest.mark.parametrize("dev", TORCH_DEVICES)
def test_torch_feature_map_on_the_device(dev):
    torch = _skip_unless(dev)
    d = m = 8
    rep = testing.check_estimator(_favor_plus_torch(torch, dev, d, m), mechanism="FAVOR+", d=(d,), norms=(0.5, 1.5),
                                  n=3000, seed=1)
    assert rep.passed, str(rep)
    with pytest.raises(AssertionError):
        testing.check_estimator(_favor_plus_torch(torch, dev, d, m, norm_bug=True), mechanism="FAVOR+", d=(d,),
                                norms=(0.5, 1.5), n=3000, seed=1)


@pytest.mark.parametrize("dev", TORCH_DEVICES)
def test_torch_haar_sampler_on_the_device(dev):
    torch = _skip_unless(dev)

    def haar(d, rng):
        q, r = torch.linalg.qr(torch.tensor(rng.standard_normal((d, d)), device=dev))
        return q * torch.sign(torch.diagonal(r))[None, :]

    def fixed_norms(d, rng):          # rows of norm sqrt(d): E|w|^2 = d holds, the chi_d law does not
        return math.sqrt(d) * haar(d, rng)

    assert testing.haar_test(haar, 16, n_blocks=2000, seed=0).passed
    assert not testing.haar_test(fixed_norms, 16, n_blocks=2000, seed=0).passed


def test_jax_points_and_feature_map():
    jax = _jax()
    jnp = jax.numpy
    x, y = _pair()
    ref = testing.unbiased_test("PosRF", x, y, m=8, n=2000, seed=3)
    got = testing.unbiased_test("PosRF", jnp.asarray(x), jnp.asarray(y), m=8, n=2000, seed=3)
    assert (got.passed, got.z, got.estimate) == (ref.passed, ref.z, ref.estimate)
    d = m = 8

    def draw(rng):
        return jnp.asarray(rng.standard_normal((m, d)))

    def phi(X, W):
        X = jnp.asarray(X)
        return jnp.exp(X @ W.T - (X ** 2).sum(1, keepdims=True)) / math.sqrt(m)     # Gaussian kernel

    def phi_bug(X, W):                # sigma for sigma^2: a bandwidth of 2 implemented as x / 4
        return phi(jnp.asarray(X) / 2.0, W)

    assert testing.check_estimator((draw, phi), mechanism="PosRF", d=(d,), norms=(0.5, 1.5), n=3000, seed=2).passed
    assert testing.check_estimator((draw, lambda X, W: phi(jnp.asarray(X) / math.sqrt(2.0), W)), mechanism="PosRF",
                                   d=(d,), norms=(0.5, 1.5), n=3000, seed=2, bandwidth=math.sqrt(2.0)).passed
    with pytest.raises(AssertionError):
        testing.check_estimator((draw, phi_bug), mechanism="PosRF", d=(d,), norms=(0.5, 1.5), n=3000, seed=2,
                                bandwidth=math.sqrt(2.0))


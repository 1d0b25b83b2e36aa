import math

import mpmath
import numpy as np
import pytest
from mpmath import mp

from rfsym import kernels


def test_gaussian_and_softmax_values():
    with mp.workdps(40):
        assert abs(kernels.gaussian_kernel(["0.5", 0], [0, 0], dps=35) - mpmath.exp(mpmath.mpf(-1) / 8)) < mpmath.mpf(10) ** -35
        assert abs(kernels.softmax_kernel([1, 2], [3, "0.5"], dps=35) - mpmath.exp(4)) < mpmath.mpf(10) ** -33
    assert kernels.log_gaussian_kernel([1, 2], [1, 2]) == 0


def test_scaled_softmax_special_cases():
    x, y = ["0.3", "-1.2"], ["0.7", "0.4"]
    with mp.workdps(40):
        g = kernels.scaled_softmax_kernel(x, y, "-0.5", dps=30)
        assert abs(g - kernels.gaussian_kernel(x, y, dps=30)) < mpmath.mpf(10) ** -30
        s = kernels.scaled_softmax_kernel(x, y, 0, dps=30)
        assert abs(s - kernels.softmax_kernel(x, y, dps=30)) < mpmath.mpf(10) ** -30


def test_log_space_handles_huge_values():
    v = kernels.log_softmax_kernel([30] * 10, [30] * 10, dps=20)
    assert v == 9000
    assert mpmath.isfinite(kernels.softmax_kernel([30] * 10, [30] * 10, dps=20))


def test_numpy_paths_match_and_broadcast():
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((5, 3)), rng.standard_normal((5, 3))
    g = kernels.gaussian_kernel_np(x, y)
    assert g.shape == (5,)
    for i in range(5):
        ref = float(kernels.gaussian_kernel(list(x[i]), list(y[i]), dps=20))
        assert math.isclose(g[i], ref, rel_tol=1e-13)
    assert np.allclose(kernels.softmax_kernel_np(x, y), np.exp(np.sum(x * y, -1)))
    big = kernels.log_scaled_softmax_kernel_np(np.full(4, 100.0), np.full(4, 100.0), 0.0)
    assert big == 40000.0


def test_bad_input():
    with pytest.raises(ValueError, match="x and y must have the same length"):
        kernels.gaussian_kernel([1, 2], [1])
    with pytest.raises(ValueError, match="must be finite"):
        kernels.softmax_kernel([float("nan")], [1])
    with pytest.raises(ValueError, match="same dimension"):
        kernels.gaussian_kernel_np(np.zeros(3), np.zeros(2))
    with pytest.raises(ValueError, match="finite"):
        kernels.softmax_kernel_np([np.inf], [1.0])
    with pytest.raises(ValueError, match="alpha must be finite"):
        kernels.log_scaled_softmax_kernel_np([1.0], [1.0], float("nan"))

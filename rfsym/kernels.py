"""Gaussian, softmax and scaled-softmax kernels (high precision and float64, with log-space forms).

The papers use two kernels that differ by one exponential factor:

* Gaussian kernel (CRT, SimRF): :math:`K_{\\mathrm{gauss}}(x, y) = \\exp(-\\|x-y\\|^2/2)`;
* softmax kernel (DERF, HRF): :math:`\\mathrm{SM}(x, y) = \\exp(x^\\top y)`;
* scaled softmax kernel (DERF Sec. 2.1):
  :math:`K^{(\\alpha)}(x, y) = \\exp(\\alpha\\|x\\|^2 + x^\\top y + \\alpha\\|y\\|^2)`, so that
  :math:`K^{(-1/2)}` is the Gaussian and :math:`K^{(0)}` the softmax kernel.

High-precision functions take exact inputs and a ``dps`` keyword and return verified mpf values;
``*_np`` functions are float64 and vectorised over leading axes (inputs of shape ``(..., d)``).
"""

from __future__ import annotations

import mpmath
import numpy as np
from mpmath import mp

from .precision import DEFAULT_DPS, require_same_length, to_mp, to_vector, verified

__all__ = [
    "log_scaled_softmax_kernel", "scaled_softmax_kernel", "gaussian_kernel", "softmax_kernel",
    "log_gaussian_kernel", "log_softmax_kernel",
    "log_scaled_softmax_kernel_np", "gaussian_kernel_np", "softmax_kernel_np",
]


def _pair(x, y):
    require_same_length(x, y)
    return to_vector(x, "x"), to_vector(y, "y")


def log_scaled_softmax_kernel(x, y, alpha, *, dps: int = DEFAULT_DPS):
    """Log of the scaled softmax kernel :math:`\\alpha\\|x\\|^2 + x^\\top y + \\alpha\\|y\\|^2`.

    Parameters
    ----------
    x, y : sequence of exact numbers
        Points in :math:`\\mathbb{R}^d` (same length).
    alpha : exact real
        Scale; ``-1/2`` gives the Gaussian kernel, ``0`` the softmax kernel.
    dps : int
        Significant digits of the result.

    Returns
    -------
    mpf

    Notes
    -----
    DERF Sec. 2.1: :math:`K^{(\\alpha)}(x,y)=\\exp(\\alpha\\|x\\|^2+x^\\top y+\\alpha\\|y\\|^2)`.

    Examples
    --------
    >>> print(log_scaled_softmax_kernel([1, 0], [0, 1], "-1/2", dps=10))
    -1.0
    """
    def f():
        xv, yv = _pair(x, y)
        a = to_mp(alpha, "alpha")
        return a * mpmath.fsum(t * t for t in xv) + mpmath.fdot(xv, yv) + a * mpmath.fsum(t * t for t in yv)

    return verified(f, dps, what="log K^(alpha)", absolute=mpmath.mpf(10) ** (-dps - 10))


def scaled_softmax_kernel(x, y, alpha, *, dps: int = DEFAULT_DPS):
    """Scaled softmax kernel :math:`K^{(\\alpha)}(x,y)` (DERF Sec. 2.1).

    Examples
    --------
    >>> print(scaled_softmax_kernel([1], [1], 0, dps=15))
    2.71828182845905
    """
    return verified(lambda: mp.exp(log_scaled_softmax_kernel(x, y, alpha, dps=mp.dps)), dps,
                    what="K^(alpha)")


def log_gaussian_kernel(x, y, *, dps: int = DEFAULT_DPS):
    """Log of the Gaussian kernel, :math:`-\\|x-y\\|^2/2` (CRT, SimRF).

    Examples
    --------
    >>> print(log_gaussian_kernel([0, 0], [1, 1], dps=10))
    -1.0
    """
    return log_scaled_softmax_kernel(x, y, mpmath.mpf(-0.5), dps=dps)


def gaussian_kernel(x, y, *, dps: int = DEFAULT_DPS):
    """Gaussian kernel :math:`\\exp(-\\|x-y\\|^2/2)` (CRT Sec. 2, SimRF Sec. 2).

    Examples
    --------
    >>> mpmath.nstr(gaussian_kernel([0], ["1/2"], dps=20), 20)
    '0.88249690258459540286'
    """
    return scaled_softmax_kernel(x, y, mpmath.mpf(-0.5), dps=dps)


def log_softmax_kernel(x, y, *, dps: int = DEFAULT_DPS):
    """Log of the softmax kernel, :math:`x^\\top y` (DERF, HRF).

    Examples
    --------
    >>> print(log_softmax_kernel([1, 2], [3, "1/2"], dps=10))
    4.0
    """
    return log_scaled_softmax_kernel(x, y, 0, dps=dps)


def softmax_kernel(x, y, *, dps: int = DEFAULT_DPS):
    """Softmax kernel :math:`\\mathrm{SM}(x,y)=\\exp(x^\\top y)` (HRF Sec. 2, DERF :math:`K^{(0)}`).

    Examples
    --------
    >>> mpmath.nstr(softmax_kernel([1], [1], dps=20), 20)
    '2.7182818284590452354'
    """
    return scaled_softmax_kernel(x, y, 0, dps=dps)


# ---------------------------------------------------------------------------- float64 paths


def _arrays(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError(f"x and y must have a last axis of length d, got shapes {x.shape} and {y.shape}")
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"x and y must have the same dimension d, got {x.shape[-1]} and {y.shape[-1]}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite (found nan or inf)")
    return x, y


def log_scaled_softmax_kernel_np(x, y, alpha):
    """float64 log of :math:`K^{(\\alpha)}`, broadcasting over leading axes.

    Examples
    --------
    >>> float(log_scaled_softmax_kernel_np([1.0, 0.0], [0.0, 1.0], -0.5))
    -1.0
    """
    x, y = _arrays(x, y)
    if not np.isfinite(alpha):
        raise ValueError(f"alpha must be finite, got alpha={alpha}")
    return alpha * np.sum(x * x, -1) + np.sum(x * y, -1) + alpha * np.sum(y * y, -1)


def gaussian_kernel_np(x, y):
    """float64 Gaussian kernel :math:`\\exp(-\\|x-y\\|^2/2)`, broadcasting over leading axes.

    Examples
    --------
    >>> float(gaussian_kernel_np([0.0], [2.0]))  # doctest: +ELLIPSIS
    0.1353352832366...
    """
    x, y = _arrays(x, y)
    return np.exp(-0.5 * np.sum((x - y) ** 2, -1))


def softmax_kernel_np(x, y):
    """float64 softmax kernel :math:`\\exp(x^\\top y)`, broadcasting over leading axes.

    Examples
    --------
    >>> float(softmax_kernel_np([1.0], [1.0]))  # doctest: +ELLIPSIS
    2.718281828459...
    """
    return np.exp(log_scaled_softmax_kernel_np(x, y, 0.0))

"""Private validation and float64 helpers shared by the topic modules of :mod:`rfsym.crt`.
"""

from __future__ import annotations

import numbers

import numpy as np
import sympy
from mpmath import mp

from ..precision import require_same_length, to_mp, to_vector


def _check_s(s):
    if isinstance(s, bool) or not isinstance(s, (numbers.Integral, sympy.Integer)) or int(s) not in (-1, 1):
        raise ValueError(f"s must be -1 or +1, got s={s!r}")
    return int(s)


def _pair(x, y):
    """Convert x, y (exact, same length) to lists of mpf at the current precision."""
    require_same_length(x, y)
    return to_vector(x, "x"), to_vector(y, "y")


def _check_pair(x, y):
    """Validate outside the closure (so errors are raised early, not as PrecisionError)."""
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__"):
        raise TypeError(f"x must be a 1-D sequence of numbers, got x={x!r}")
    if isinstance(y, (str, bytes)) or not hasattr(y, "__len__"):
        raise TypeError(f"y must be a 1-D sequence of numbers, got y={y!r}")
    require_same_length(x, y)
    with mp.workdps(20):
        to_vector(x, "x")
        to_vector(y, "y")
    return len(x)


def _norms(xv, yv, s=1):
    n = sum(a * a for a in xv) + sum(b * b for b in yv)
    S = sum((a + s * b) ** 2 for a, b in zip(xv, yv))
    dm = sum((a - b) ** 2 for a, b in zip(xv, yv))
    return n, S, dm


def _check_s2(s2):
    with mp.workdps(30):
        v = to_mp(s2, "s2")
    if v < 0:
        raise ValueError(f"s2 = ||x+y||^2 must satisfy s2 >= 0, got s2={s2}")


def _np_pairs(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same shape, got {x.shape} and {y.shape}")
    if x.ndim == 0:
        raise ValueError("x and y must have a trailing dimension d")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite")
    return x, y


def _log_diff_np(a, b):
    """log(exp(a) - exp(b)) for a >= b elementwise (float64); -inf where equal."""
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    with np.errstate(divide="ignore"):
        return a + np.log(-np.expm1(np.minimum(b - a, 0.0)))


def _np_stats(x, y):
    x, y = _np_pairs(x, y)
    n = (x * x).sum(-1) + (y * y).sum(-1)
    sp = ((x + y) ** 2).sum(-1)
    sm = ((x - y) ** 2).sum(-1)
    return x, y, n, sp, sm


def _log_expm1_np(v):
    v = np.asarray(v, float)
    with np.errstate(divide="ignore", over="ignore"):
        return np.where(v > 30, v + np.log1p(-np.exp(-np.minimum(v, 700))), np.log(np.expm1(np.minimum(v, 30))))

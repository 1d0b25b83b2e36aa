"""Argument helpers shared by the HRF topic modules (vectors, norms, m and n, r, theta).
"""

from __future__ import annotations

import mpmath
import numpy as np
from mpmath import mp

from ..precision import require_int, require_same_length, to_mp, to_vector


# ============================================================================================
# helpers
# ============================================================================================


def _pair(x, y):
    require_same_length(x, y)
    return to_vector(x, "x"), to_vector(y, "y")


def _dot(u, v):
    return mpmath.fsum(a * b for a, b in zip(u, v))


def _sq(u):
    """z^2 = sum z_i^2 (no conjugation, HRF Sec. 2.3 notation)."""
    return mpmath.fsum(a * a for a in u)


def _nrm2(u):
    return mpmath.fsum(abs(a) ** 2 for a in u)


def _check_nonzero(x, y, what="angle"):
    for name, v in (("x", x), ("y", y)):
        if not isinstance(v, (list, tuple, np.ndarray)):
            continue
        vv = to_vector(v, name)
        if all(c == 0 for c in vv):
            raise ValueError(f"{name} must be non-zero (the {what} is undefined), got {name}={list(v)!r}")


def _m_n(m, n=None):
    m = require_int(m, "m", minimum=1)
    if n is None:
        return m
    return m, require_int(n, "n", minimum=1)


def _r(r, name="r", minimum=0):
    v = to_mp(r, name)
    if v < minimum:
        raise ValueError(f"{name} must satisfy {name} >= {minimum}, got {name}={r}")
    return v


def _theta(theta):
    with mp.workdps(20):
        t = to_mp(theta, "theta")
        if t < 0 or t > mp.pi:
            raise ValueError(f"theta must satisfy 0 <= theta <= pi, got theta={theta}")



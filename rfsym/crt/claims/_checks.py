"""Glue shared by several CRT claims files (no claim lives here: each is declared in its section's file).

* ``SEED`` -- the base seed of every sampled check;
* ``_X3``, ``_Y3`` (Sec. 2.2, Thm 3.1) and ``_T33`` (Thm 3.3, Sec. 3.1 'variance of (2)') -- common points;
* :func:`agreeing_digits` -- agreeing digits with the difference taken at 60 working digits;
* ``_f``, ``_K`` -- exact points as float64 arrays, the Gaussian kernel of two exact points;
* ``_second_moment_mc``, ``_mc_outcome`` -- z-tests of sampled second moments and their Outcome fields;
* ``_stat_sets``, ``_float_stat_err``, ``_exact_outcome`` -- the exact-rational checks of the O(Ld)
  statistics (Eqs. (8), (12), (14)) and of the positivity shift (Sec. 3.2.3);
* ``_NO_MC_DET`` -- why a deterministic algebraic identity has no Monte Carlo witness.
"""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np
from mpmath import mp

from ...claims import Outcome
from ...montecarlo import ExactMeanCheck, mean_of, z_check
from ...precision import agreeing_digits as _agreeing_digits


SEED = 20221128

_X3 = ["0.3", "-0.2", "0.25"]

_Y3 = ["0.1", "0.35", "-0.15"]


def agreeing_digits(a, b):
    """Agreeing digits, the difference taken at 60 working digits (not at the ambient precision)."""
    with mp.workdps(60):
        return _agreeing_digits(a, b)


def _f(v):
    return np.array([float(mpmath.mpf(t)) for t in v])


def _K(x, y):
    return math.exp(-0.5 * float(np.sum((_f(x) - _f(y)) ** 2)))


def _second_moment_mc(samples, var_exact, K, wrong_factor=1.03):
    """z-test of the sample mean of squares against Var + K^2, and against a wrong variance (x wrong_factor)."""
    r = mean_of(samples ** 2)
    ok = z_check(r, float(var_exact) + K * K)
    bad = z_check(r, wrong_factor * float(var_exact) + K * K)
    return ok, bad


#: A sampled mean decided with the exact variance of one replicate (issue 27).
_ExactCheck = ExactMeanCheck


def _mc_outcome(lines, oks, bads, what="Var"):
    """Outcome from lists of (ok, bad) z-checks: passes when all ok pass; control rejected when all bad fail."""
    zs = [c.z for c in oks]
    zb = [c.z for c in bads]
    return dict(agreement=f"max |z| = {max(abs(z) for z in zs):.2f} over {len(zs)} point(s)",
                control_rejected=all(not c.passed for c in bads),
                control_detail=f"wrong {what} rejected at |z| >= {min(abs(z) for z in zb):.1f}")


_T33 = (["0.5", "0.3", "-0.2", "0.4"], ["0.2", "0.6", "0.1", "0.3"])


def _stat_sets(rng, L=6, d=3):
    X = [[Fraction(int(v), 7) for v in rng.integers(-9, 10, d)] for _ in range(L)]
    Y = [[Fraction(int(v), 5) for v in rng.integers(-9, 10, d)] for _ in range(L)]
    return X, Y


def _float_stat_err(fn, brute, rng, **kw):
    """max relative error of the float64 path of a statistic against a float brute force (5 random sets)."""
    worst = 0.0
    for _ in range(5):
        X, Y = rng.standard_normal((6, 3)), rng.standard_normal((5, 3))
        worst = max(worst, float(np.max(np.abs(np.asarray(fn(X, Y, **kw), float) - brute(X, Y)) / np.abs(brute(X, Y)))))
    return worst


def _exact_outcome(ok, wrong_detected, text, control, ferr):
    return Outcome(ok and ferr < 1e-12, text + f"; float64 path on 5 random real sets (L = 6 and 5, d = 3): max relative error {ferr:.1e}",
                   agreement="exact (rationals)", control_rejected=wrong_detected, control_detail=control)


_NO_MC_DET = "deterministic algebraic identity: no expectation over random features"

"""Statistics of whole sets of inputs that fit the RF parameters in O(Ld) (CRT Eqs. (8), (12), (14)).

The parameters of GERF/OPRF, PoisRF and GeomRF are chosen from averages over all :math:`L^2` pairs of the
input sets; each average reduces to sums over the sets, evaluated here (exactly for rational inputs).
"""

from __future__ import annotations

import numbers

import numpy as np
import sympy

from ._common import _check_s

__all__ = ["homogeneity_statistic", "poisson_statistic", "geometric_statistic"]


def homogeneity_statistic(X, Y, s=1):
    """Average of :math:`\\|x^{(i)} + s y^{(j)}\\|^2` over all pairs through CRT Eq. (8), in O(Ld).

    (The sets may have different sizes; Eq. (8) is the case of equal sizes.)

    Parameters
    ----------
    X, Y : array_like, shape (L, d)
        The two sets (float64, or object arrays of exact numbers such as ``Fraction``).
    s : {-1, +1}

    Returns
    -------
    Same scalar type as the inputs.

    Notes
    -----
    .. math:: \\frac{1}{L^2}\\sum_{i,j}\\|x_i+sy_j\\|^2 = \\frac1L\\sum_i\\|x_i\\|^2
              + \\frac{2s}{L^2}\\Big(\\sum_i x_i\\Big)^\\top\\Big(\\sum_j y_j\\Big) + \\frac1L\\sum_j\\|y_j\\|^2

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> homogeneity_statistic([[F(1), F(2)], [F(0), F(1)]], [[F(1), F(0)], [F(3), F(1)]], 1)
    Fraction(12, 1)
    """
    s = _check_s(s)
    if all(isinstance(A, np.ndarray) and A.dtype.kind == "f" and A.ndim == 2 for A in (X, Y)):   # float64 fast path
        if X.shape[0] == 0 or Y.shape[0] == 0 or X.shape[1] != Y.shape[1]:
            raise ValueError(f"X and Y must be non-empty with the same d, got shapes {X.shape} and {Y.shape}")
        return float((X * X).sum() / X.shape[0] + 2 * s * X.sum(0) @ Y.sum(0) / (X.shape[0] * Y.shape[0])
                     + (Y * Y).sum() / Y.shape[0])
    X = [list(r) for r in X]
    Y = [list(r) for r in Y]
    L1, L2 = len(X), len(Y)
    if L1 == 0 or L2 == 0:
        raise ValueError(f"X and Y must be non-empty, got {L1} and {L2} rows")
    if len({len(r) for r in X} | {len(r) for r in Y}) != 1:
        raise ValueError("all rows of X and Y must have the same length d")
    sx = [sum(c) for c in zip(*X)]
    sy = [sum(c) for c in zip(*Y)]
    nx = sum(sum(v * v for v in r) for r in X)
    ny = sum(sum(v * v for v in r) for r in Y)
    return nx / L1 + 2 * s * sum(a * b for a, b in zip(sx, sy)) / (L1 * L2) + ny / L2


def poisson_statistic(X, Y):
    """Average of :math:`\\sum_l (x^{(i)}_l)^2 (y^{(j)}_l)^2` over all pairs through CRT Eq. (12).

    Examples
    --------
    >>> float(poisson_statistic([[1, 2], [0, 1]], [[1, 0], [3, 1]]))
    3.75
    """
    X = np.asarray(X, dtype=object if _is_exact(X) else float)
    Y = np.asarray(Y, dtype=object if _is_exact(Y) else float)
    sx = (X * X).sum(axis=0)
    sy = (Y * Y).sum(axis=0)
    return (sx * sy).sum() / (X.shape[0] * Y.shape[0])


def geometric_statistic(X, Y):
    """Averages of :math:`|x^{(i)}_l y^{(j)}_l|` over all pairs, one per coordinate (CRT Eq. (14)).

    Examples
    --------
    >>> geometric_statistic([[1, -2], [0, 1]], [[1, 0], [-3, 1]]).tolist()
    [1.0, 0.75]
    """
    X = np.asarray(X, dtype=object if _is_exact(X) else float)
    Y = np.asarray(Y, dtype=object if _is_exact(Y) else float)
    return abs(X).sum(axis=0) * abs(Y).sum(axis=0) / (X.shape[0] * Y.shape[0])


def _is_exact(X):
    if isinstance(X, np.ndarray) and X.dtype.kind in "iuf":
        return False
    try:
        return any(isinstance(v, (numbers.Rational, sympy.Basic)) and not isinstance(v, numbers.Integral)
                   for r in X for v in r)
    except TypeError:
        return False

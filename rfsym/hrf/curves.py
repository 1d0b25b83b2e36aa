"""float64 curves in log space (the notebook's plots of Fig. 1 and Fig. 2).
"""

from __future__ import annotations

import numpy as np

from ..precision import require_int
from .bounds import _g_np

__all__ = ["log_mse_trig_np", "log_mse_pos_np", "log_angular_hybrid_mse_np", "log_relative_error_np",
           "thm35_ratio_np"]


# ============================================================================================
# float64 curves (log space)
# ============================================================================================


def log_mse_trig_np(theta, r, m):
    """float64 log of the trig MSE on S(r) at angle theta (vectorised; valid for all r, theta).

    Examples
    --------
    >>> round(float(np.exp(log_mse_trig_np(np.pi / 3, 1.0, 10))), 12)
    0.147624622101
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    s2 = np.sin(theta / 2) ** 2
    with np.errstate(divide="ignore"):
        return 2 * r ** 2 + 2 * np.log(-np.expm1(-4 * r ** 2 * s2)) - np.log(2 * m)


def log_mse_pos_np(theta, r, m):
    """float64 log of the ++ MSE on S(r) at angle theta (``-inf`` where the MSE is zero).

    Examples
    --------
    >>> bool(log_mse_pos_np(np.pi, 1.0, 1) < -100)
    True
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    c2 = np.cos(theta / 2) ** 2
    with np.errstate(divide="ignore"):
        return 2 * r ** 2 + 4 * r ** 2 * np.cos(theta) + 2 * np.log(-np.expm1(-4 * r ** 2 * c2)) - np.log(2 * m)


def log_angular_hybrid_mse_np(theta, r, m, n):
    """float64 log of the angular hybrid MSE on S(r) (correct Eq. (47)).

    Examples
    --------
    >>> bool(np.isneginf(log_angular_hybrid_mse_np(0.0, 2.0, 1, 1)))
    True
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    t = theta / np.pi
    e2 = t * (t - t / n + 1.0 / n)
    e3 = (1 - t) * (1 - t + t / n)
    with np.errstate(divide="ignore"):
        a = np.log(e2) + log_mse_pos_np(theta, r, m)
        b = np.log(e3) + log_mse_trig_np(theta, r, m)
    return np.logaddexp(a, b)


def log_relative_error_np(theta, r, m, n=None, *, kind="anghyb"):
    """float64 log relative error :math:`\\log\\epsilon_{\\theta,r}` for ``kind`` in trig, pos, anghyb.

    Examples
    --------
    >>> round(float(np.exp(log_relative_error_np(np.pi, 1.0, 1, kind="trig"))), 6)
    5.129155
    >>> from rfsym.hrf import relative_error_angular_hybrid
    >>> bool(np.isclose(np.exp(log_relative_error_np(1.1, 0.8, 3, 2)),
    ...                 float(relative_error_angular_hybrid("1.1", "0.8", 3, 2)), rtol=1e-12))
    True
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    logsm = r ** 2 * np.cos(theta)
    if kind == "trig":
        lm = log_mse_trig_np(theta, r, m)
    elif kind == "pos":
        lm = log_mse_pos_np(theta, r, m)
    elif kind == "anghyb":
        if n is None:
            raise ValueError("n must be given for kind='anghyb', got n=None")
        lm = log_angular_hybrid_mse_np(theta, r, m, n)
    else:
        raise ValueError(f"kind must be 'trig', 'pos' or 'anghyb', got kind={kind!r}")
    return lm / 2 - logsm


def thm35_ratio_np(r, n, *, corrected=False, grid=4001):
    """float64 sweep version of :func:`thm35_ratio` (max over a theta grid: a lower bound of the exact max).

    Used to scan the whole domain quickly; decisive values come from :func:`thm35_ratio`.

    Examples
    --------
    >>> round(float(thm35_ratio_np(5.0, 1)), 3)
    1.1
    """
    r = float(r)
    n = require_int(n, "n", minimum=1)
    th = np.unique(np.concatenate([np.linspace(0, np.pi / 2, grid),
                                   np.geomspace(1e-6, 1.0, grid // 2) * min(1.0, 4.0 / r)]))
    gm = float(np.max(_g_np(th, r, n)))
    c = ((1 - 1 / n) / np.pi + r / (n * np.sqrt(np.pi))) if corrected else (
        1 / np.pi - 1 / (n * np.pi) + 1 / (n * np.sqrt(np.pi)))
    return r * np.sqrt(gm) / (-np.expm1(-4 * r * r) * np.sqrt(c))

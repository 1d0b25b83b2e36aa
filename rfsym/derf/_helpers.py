"""Private helpers of :mod:`rfsym.derf`: input validation (exact / mpmath / float64 data sets and
parameters) and small mpmath utilities shared by the topic modules."""

from __future__ import annotations

import mpmath
import numpy as np
from mpmath import mp

from ..precision import require_real, to_matrix, to_mp, to_vector


def _single_thread(fn):
    """Run a float64 routine with one BLAS thread: the small (d = 64) eigen/SVD/matmul calls here are
    several times slower with multithreaded BLAS on a busy machine."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            from threadpoolctl import threadpool_limits
        except ImportError:  # pragma: no cover
            return fn(*args, **kwargs)
        with threadpool_limits(limits=1, user_api="blas"):
            return fn(*args, **kwargs)
    return wrapper


def _phi_mp(phi, name="phi"):
    return require_real(phi, name, lower=0, lower_open=False)


def _a_scalar_mp(A, name="A"):
    v = to_mp(A, name)
    if not 8 * v < 1:
        raise ValueError(f"{name} must satisfy 8{name} < 1, got {name}={A}")
    return v


def _rows(X, name):
    """Structural check of a data set (rows = points); returns (L, d). Values are read later."""
    if isinstance(X, np.ndarray):
        if X.ndim != 2:
            raise ValueError(f"{name} must be a 2-D array of points (rows), got shape {X.shape}")
        if X.shape[0] == 0 or X.shape[1] == 0:
            raise ValueError(f"{name} must be non-empty, got shape {X.shape}")
        return X.shape
    if isinstance(X, mpmath.matrix):
        return X.rows, X.cols
    if isinstance(X, (str, bytes)) or not hasattr(X, "__len__") or len(X) == 0:
        raise ValueError(f"{name} must be a non-empty nested sequence of points, got {name}={X!r}")
    d = None
    for i, row in enumerate(X):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
            raise ValueError(f"{name} must be a nested sequence of points (rows), got row {i}={row!r}")
        if d is None:
            d = len(row)
        elif len(row) != d:
            raise ValueError(f"{name} must be rectangular (ragged rows), got row {i} of length {len(row)} "
                             f"(expected {d})")
    if d == 0:
        raise ValueError(f"{name} must have at least one coordinate, got empty rows")
    return len(X), d


def _data_pair(X, Y):
    lx, dx = _rows(X, "X")
    ly, dy = _rows(Y, "Y")
    if dx != dy:
        raise ValueError(f"X and Y must have the same dimension d, got d_X={dx} and d_Y={dy}")
    return lx, ly, dx


def _mpmat(X, name):
    return to_matrix(X.tolist() if isinstance(X, np.ndarray) else X, name)


def _mp_vec(x, name, d=None):
    return mpmath.matrix(to_vector(list(x) if isinstance(x, np.ndarray) else x, name, length=d))


def _sym_check(A, name="A"):
    for i in range(A.rows):
        for j in range(i + 1, A.cols):
            if A[i, j] != A[j, i]:
                raise ValueError(f"{name} must be symmetric, got {name}[{i}][{j}]={A[i, j]} != "
                                 f"{name}[{j}][{i}]={A[j, i]}")


def _eigsy(S):
    E, Q = mp.eigsy(S)
    return [E[i] for i in range(S.rows)], Q


def _posdef_check(A, name="A"):
    d = A.rows
    M = mp.eye(d) - 8 * A
    ev, _ = _eigsy(M)
    if min(ev) <= 0:
        raise ValueError(f"{name} must satisfy 8{name} < I_d (I_d - 8{name} positive definite), got "
                         f"smallest eigenvalue of I_d - 8{name} = {mpmath.nstr(min(ev), 8)}")


def _diag(v):
    d = len(v)
    M = mp.zeros(d, d)
    for i in range(d):
        M[i, i] = v[i]
    return M


def _sum_sq(v):
    return mpmath.fsum(t * t for t in v)


def _dot(u, v):
    return mpmath.fsum(a * b for a, b in zip(u, v))


def _np2(X, name):
    try:
        X = np.asarray(X, dtype=float)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be a rectangular array of real numbers (n points of dimension d), "
                         f"got ragged or non-numeric input") from None
    if X.ndim == 1:
        X = X[None, :]
    if X.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array of points, got shape {X.shape}")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} must be finite")
    return X


def _check_pair_np(X, Y):
    X, Y = _np2(X, "X"), _np2(Y, "Y")
    if X.shape[1] != Y.shape[1]:
        raise ValueError(f"X and Y must have the same dimension d, got d_X={X.shape[1]} and d_Y={Y.shape[1]}")
    return X, Y

"""A battery of checks on random-feature code: :func:`check_estimator`.

See :mod:`rfsym.testing` for the overview.
"""

from __future__ import annotations

import numpy as np

from .. import estimators as _est
from .core import (DEFAULT_ALPHA, Report, _as_estimator, _fit_for_pair, _reference, _setting_pair,
                   feature_map_estimator, mse_test, unbiased_test)

__all__ = ["check_estimator", "NORMS"]

# ------------------------------------------------------------------------------------------------
# check_estimator
# ------------------------------------------------------------------------------------------------

#: Default norms of :func:`check_estimator`: small, moderate, and the attention regime.
NORMS = (0.5, 1.0, 2.0)


def _as_under_test(obj):
    """(thing to sample, rfsym estimator or None) from an estimator, a name, a callable or a feature map."""
    if isinstance(obj, tuple) and 2 <= len(obj) <= 3 and all(callable(o) for o in obj):
        return feature_map_estimator(*obj), None
    est = _as_estimator(obj)
    if isinstance(est, _est.RandomFeatures):
        return est, est
    if callable(est):
        return est, None
    raise TypeError("obj must be an rfsym estimator, a mechanism name, a callable f(x, y, rng) or a feature map "
                    f"(draw, query[, key]); got {type(obj).__name__}")


def check_estimator(obj, *, mechanism=None, kernel=None, d=(4, 16), m=None, norms=NORMS, angle=1.0, bandwidth=1.0,
                    n=8000, budget_s=None, seed=0, alpha=DEFAULT_ALPHA, mse=True, settings=None):
    """Run a battery of checks on random-feature code (scikit-learn ``check_estimator`` style).

    Parameters
    ----------
    obj : rfsym estimator, mechanism name, callable, or feature map
        An :class:`rfsym.estimators.RandomFeatures` (or a subclass), a name, a plain callable
        ``f(x, y, rng)`` returning one estimate, or a feature map ``(draw, query[, key])`` as in
        :func:`feature_map_estimator`.
    mechanism : rfsym estimator or name, optional
        The mechanism a callable implements: its exact law makes each rate a proven bound. Required
        for the MSE checks of a callable.
    kernel : {"gaussian", "softmax"}, optional
        Required for a callable without ``mechanism``.
    d : int or sequence of int
        Dimensions tested.
    m : int, optional
        Projections per estimate (default ``d``).
    norms : sequence of float
        :math:`\\|x\\| = \\|y\\|` tested (the attention regime is :math:`\\ge 1.5`).
    angle : float
        Angle between x and y (radians).
    bandwidth : float
        Kernel bandwidth :math:`\\sigma` the code implements (:func:`unbiased_test`).
    n : int
        Replicates per check (ignored when ``budget_s`` is given).
    budget_s : float, optional
        Time budget in seconds: ``n`` is set from a timed pilot (at least 1000).
    seed : int
    alpha : float
        False-alarm rate of the whole report (union bound over its checks).
    mse : bool
        Also test the MSE where its law is known.
    settings : sequence of (d, x_norm, y_norm, angle), optional
        Explicit settings (override ``d``, ``norms`` and ``angle``).

    Returns
    -------
    Report
        Its notes say which checks ran and which were skipped, and why.

    Raises
    ------
    AssertionError
        Listing every failed check.

    Examples
    --------
    >>> rep = check_estimator("PosRF", d=3, norms=(0.4, 1.5), n=4000)
    >>> rep.passed, len(rep.checks)
    (True, 4)
    >>> f = lambda x, y, rng: np.mean(np.cos(rng.standard_normal((3, 3)) @ (x - y)))
    >>> check_estimator(f, mechanism="RFF", d=3, n=4000).passed
    True
    """
    under, est = _as_under_test(obj)
    ds = (d,) if isinstance(d, (int, np.integer)) else tuple(d)
    if settings is None:
        settings = tuple((int(dd), float(r), float(r), float(angle)) for dd in ds for r in norms)
    settings = tuple(settings)
    if not settings:
        raise ValueError("check_estimator needs at least one setting")
    ref0 = _reference(under if est is not None else None, mechanism, kernel, None)
    if ref0 is None and kernel is None:
        raise ValueError("a callable needs mechanism= (guaranteed rates) or kernel= (asymptotic rates)")
    notes = []
    if est is not None:
        notes += _feature_checks(est, settings[0], seed)
    elif ref0 is None:
        notes.append(f"no mechanism given: unbiasedness against the {kernel} kernel only, asymptotic rates; MSE skipped")
    if budget_s is not None:
        import time
        x, y = _setting_pair(*settings[0])
        t0 = time.perf_counter()
        unbiased_test(under, x, y, mechanism=mechanism, kernel=kernel, bandwidth=bandwidth, n=500, m=m, seed=seed)
        per = (time.perf_counter() - t0) / 500
        n = max(1000, int(budget_s / (per * len(settings) * (2 if mse else 1))))
        notes.append(f"budget {budget_s:g} s: n = {n} replicates per check (pilot {1e6 * per:.3g} µs a replicate)")
    n_checks = len(settings) * (2 if (mse and (ref0 is not None)) else 1)
    a = alpha / n_checks
    checks = []
    for k, (dd, nx, ny, ang) in enumerate(settings):
        x, y = _setting_pair(dd, nx, ny, ang)
        x, y = x * bandwidth, y * bandwidth
        tag = f"d = {dd}, |x| = {nx:g}, |y| = {ny:g}, angle = {ang:g}" + (f", bandwidth {bandwidth:g}" if bandwidth != 1 else "")
        r = unbiased_test(under, x, y, mechanism=mechanism, kernel=kernel, bandwidth=bandwidth, n=n, m=m,
                          seed=seed + k, alpha=a)
        from dataclasses import replace
        checks.append(replace(r, what=f"E[K_hat] ({tag})"))
        if mse and ref0 is not None:
            try:
                rm = mse_test(under, x, y, mechanism, m, bandwidth=bandwidth, n=n, seed=seed + k, alpha=a)
            except _est.NoExactValue as err:
                notes.append(f"skip MSE ({tag}): {err}")
                continue
            if not rm.guaranteed:
                notes.append(f"skip MSE ({tag}): no fourth moment known, a test would not keep the stated rate")
                continue
            checks.append(replace(rm, what=f"E[(K_hat - K)^2] ({tag})"))
    guaranteed = all(c.guaranteed for c in checks)
    ran = f"{len(checks)} sampled checks ran ({sum('K_hat - K' in c.what for c in checks)} MSE)"
    notes.append(ran)
    name = getattr(est, "name", None) or getattr(obj, "__name__", type(obj).__name__)
    head = (f"check_estimator({name}" + (f", mechanism={getattr(ref0, 'name', mechanism)}" if mechanism is not None else "")
            + f"); false-alarm rate <= {alpha:.2g}" + (" (guaranteed)" if guaranteed else
                                                          " (ASYMPTOTIC for the checks without an exact law)"))
    rep = Report(head, tuple(checks), tuple(notes))
    if not rep.passed:
        raise AssertionError(str(rep))
    return rep


def _feature_checks(est, setting, seed):
    notes = []
    d0 = setting[0]
    x0, y0 = _setting_pair(*setting)
    est0 = _fit_for_pair(est, x0, y0, seed)
    if not est0.has_features:
        return [f"skip feature checks: {est.name} has no explicit feature map (sampled checks only)"]
    W = est0.draw(d0, 2 * d0, np.random.default_rng(seed))
    W2 = est0.draw(d0, 2 * d0, np.random.default_rng(seed))
    X = np.vstack([x0, y0, x0 + y0])
    P, S = est0.query_features(X, W), est0.key_features(X, W)
    M = est0.n_features(2 * d0)
    ok = P.shape == (3, M) and S.shape == (3, M) and np.all(np.isfinite(P)) and np.all(np.isfinite(S))
    notes.append(f"{'ok  ' if ok else 'FAIL'} feature shapes {P.shape}, {S.shape} (expected (3, {M})), finite")
    same = np.array_equal(P, est0.query_features(X, W)) and np.array_equal(P, est0.query_features(X, W2))
    notes.append(f"{'ok  ' if same else 'FAIL'} same draw and same seed give the same features")
    prod = np.allclose(est0.estimate(X, X, W), np.real(P @ S.T), rtol=1e-12, atol=0)
    notes.append(f"{'ok  ' if prod else 'FAIL'} estimate = Re(query_features @ key_features.T)")
    try:
        est0.query_features(np.ones((2, d0 + 1)), W)
        notes.append("FAIL points of the wrong dimension were accepted")
    except ValueError:
        notes.append("ok   points of the wrong dimension raise ValueError")
    return notes

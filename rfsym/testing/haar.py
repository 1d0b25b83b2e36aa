"""Haar samplers: :func:`haar_test` and :func:`assert_haar` (directions Haar, norms :math:`\\chi_d`).

See :mod:`rfsym.testing` for the overview.
"""

from __future__ import annotations

import math

import numpy as np

from .. import couplings as _couplings
from .. import estimators as _est
from .core import DEFAULT_ALPHA, Report, _call_sampler, _guaranteed

__all__ = ["haar_test", "assert_haar"]

# ------------------------------------------------------------------------------------------------
# Haar samplers
# ------------------------------------------------------------------------------------------------


def _chi_cdf(r, d):
    from scipy.special import gammainc
    return gammainc(d / 2.0, np.asarray(r, float) ** 2 / 2.0)


def haar_test(sampler, d, *, n_blocks=4000, seed=0, alpha=DEFAULT_ALPHA, gram_tol=1e-8):
    """Test that an orthogonal sampler gives Haar directions and :math:`\\chi_d` norms; returns a :class:`Report`.

    Parameters
    ----------
    sampler : callable
        ``sampler(d, rng)`` returning one ``(d, d)`` block whose rows are the random vectors, or
        ``sampler(d, m, rng)`` (as :func:`rfsym.couplings.sample` with ``m = d``). Rows of unit norm
        are read as directions and given independent :math:`\\chi_d` norms; otherwise the sampler's
        norms are tested too. NumPy, JAX or torch outputs (any device) are accepted.
    d : int
    n_blocks : int
    seed : int
    alpha : float
        False-alarm rate of the whole report (a proven bound: split over the sub-checks by a union bound).
    gram_tol : float
        Relative tolerance for the off-diagonal of the Gram matrix :math:`WW^\\top`.

    Returns
    -------
    Report
        Gram structure (deterministic); sign symmetry :math:`E[u_{ij}] = 0` of every entry of the unit
        rows (worst entry; :math:`|u_{ij}|\\le 1` and :math:`\\mathrm{Var}\\,u_{ij} = 1/d` exactly);
        one-sided exp unbiasedness :math:`E\\,e^{w_i^\\top v} = e^{1/2}` (variance :math:`e^2-e`
        exactly, estimates :math:`\\ge 0`) for the worst row and the row average, along :math:`e_1` and a
        fixed random unit :math:`v`; and, when the sampler draws norms, the **law** of the norms:
        the Kolmogorov distance of their empirical CDF from :math:`\\chi_d`, rejected beyond the
        Dvoretzky-Kiefer-Wolfowitz-Massart bound :math:`\\sqrt{\\ln(2/\\alpha')/2N}`.

    Notes
    -----
    Rows of a Haar-orthogonal block with :math:`\\chi_d` norms are each exactly :math:`\\mathcal N(0, I_d)`.
    Plain LAPACK QR fixes the sign of :math:`Q_{11}`: the sign check fails and the one-sided exp along
    :math:`e_1` is biased (:func:`rfsym.couplings.plain_qr_orthogonal`). Norms all equal to
    :math:`\\sqrt d` pass :math:`E\\|w\\|^2 = d` but fail the norm law.

    Examples
    --------
    >>> from rfsym import couplings
    >>> haar_test(lambda d, m, rng: couplings.sample("orthogonal", d, m, rng), 4, n_blocks=2000).passed
    True
    >>> haar_test(couplings.plain_qr_orthogonal, 4, n_blocks=2000).passed
    False
    """
    d = _est._int(d, "d", 2)
    n_blocks = _est._int(n_blocks, "n_blocks", 6)
    if not callable(sampler):
        raise TypeError(f"sampler must be callable, got {type(sampler).__name__}")
    rng = np.random.default_rng(seed)
    v = np.random.default_rng(20240607).standard_normal(d)
    v /= np.linalg.norm(v)
    U = np.empty((n_blocks, d, d))
    R = np.empty((n_blocks, d))
    worst_gram = 0.0
    unit = None
    for b in range(n_blocks):
        W = _call_sampler(sampler, d, rng)
        if not np.all(np.isfinite(W)):
            raise AssertionError("the sampler returned nan or inf")
        nr = np.linalg.norm(W, axis=1)
        G = W @ W.T
        worst_gram = max(worst_gram, float(np.max(np.abs(G - np.diag(np.diag(G)))) / np.max(np.diag(G))))
        if unit is None:
            unit = bool(np.allclose(nr, 1.0, atol=1e-8))
        U[b] = W / nr[:, None]
        R[b] = nr
    if unit:
        R = _couplings.chi_norms(d, (n_blocks, d), rng)
    Wn = U * R[:, :, None]
    n_checks = d * d + 2 * d + 2 + (0 if unit else 1)
    a = alpha / n_checks
    checks = []
    sign = [_guaranteed("", U[:, i, j], 0.0, 1.0 / d, alpha=a, lower=-1.0, upper=1.0, seed=seed)
            for i in range(d) for j in range(d)]
    k = max(range(d * d), key=lambda t: (not sign[t].passed, abs(sign[t].z)))
    from dataclasses import replace
    checks.append(replace(sign[k], what=f"E[u_{k // d + 1}{k % d + 1}] (sign symmetry; worst of {d * d} entries)"))
    e = math.exp(0.5)
    var1 = math.e ** 2 - math.e
    for name, vec in (("e_1", np.eye(d)[0]), ("a random unit v", v)):
        proj = np.exp(Wn @ vec)              # (n_blocks, d)
        rows = [_guaranteed("", proj[:, i], e, var1, alpha=a, lower=0.0, seed=seed) for i in range(d)]
        i = max(range(d), key=lambda t: (not rows[t].passed, abs(rows[t].z)))
        checks.append(replace(rows[i], what=f"E[exp(w_{i + 1}^T v)] along {name} (one-sided exp; worst of {d} rows)"))
        # the row average: its variance is at most one row's (Cauchy-Schwarz), a valid bound for any coupling
        avg = _guaranteed(f"E[mean_i exp(w_i^T v)] along {name} (one-sided exp; rows averaged)", proj.mean(axis=1),
                          e, var1, alpha=a, lower=0.0, seed=seed)
        checks.append(avg)
    notes = []
    ok = worst_gram <= gram_tol
    notes.append(f"{'ok  ' if ok else 'FAIL'} Gram structure: max |offdiag(W W^T)| / max diag = {worst_gram:.2g} "
                 f"(tolerance {gram_tol:g}, {n_blocks} blocks)")
    if not unit:
        r = np.sort(R.ravel())
        N = r.size
        F = _chi_cdf(r, d)
        i = np.arange(1, N + 1)
        ks = float(max(np.max(i / N - F), np.max(F - (i - 1) / N)))
        eps = math.sqrt(math.log(2.0 / a) / (2.0 * N))
        notes.append(f"{'ok  ' if ks <= eps else 'FAIL'} norm law: Kolmogorov distance of the {N} norms from chi_{d} "
                     f"= {ks:.3g} (fails beyond {eps:.3g}, DKW-Massart bound; detects CDF errors >= {2 * eps:.2g})")
    notes.append(f"norms: {'unit rows, given independent chi_d norms' if unit else 'drawn by the sampler'}; "
                 f"false-alarm rate of the whole check <= {alpha:.2g}, guaranteed (union bound over {n_checks} "
                 f"sub-checks, exact moments)")
    name = getattr(sampler, "__name__", type(sampler).__name__)
    return Report(f"Haar check of {name} (d = {d})", tuple(checks), tuple(notes))


def assert_haar(sampler, d, **kwargs):
    """Assert that an orthogonal sampler is Haar with :math:`\\chi_d` norms (:func:`haar_test` that raises).

    Examples
    --------
    >>> from rfsym import couplings
    >>> assert_haar(lambda d, m, rng: couplings.sample("orthogonal", d, m, rng), 4, n_blocks=2000).passed
    True
    >>> assert_haar(couplings.plain_qr_orthogonal, 4, n_blocks=2000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: Haar check of ...: FAIL
    ...
    """
    rep = haar_test(sampler, d, **kwargs)
    if not rep.passed:
        raise AssertionError(str(rep))
    return rep

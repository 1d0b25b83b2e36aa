"""Estimator atlas (issue #15, item 3): the estimators of the four papers on one footing.

Every estimator here estimates the softmax kernel :math:`\\mathrm{SM}(x,y)=\\exp(x^\\top y)`.
The comparison is by the **relative MSE** :math:`E[(\\hat K-K)^2]/K^2` at the same **feature budget**
``M`` (the width of the feature vector :math:`\\phi(x)`). The relative MSE is the same for the
softmax and the Gaussian kernel :math:`\\exp(-\\|x-y\\|^2/2)`: the softmax estimators are the
Gaussian ones times the deterministic factor :math:`e^{(\\|x\\|^2+\\|y\\|^2)/2}`, which cancels. So
the CRT/SimRF (Gaussian) formulas and the DERF/HRF (softmax) formulas are used unchanged.

Nothing is re-derived here: every number comes from the paper modules' exact variance functions.

Estimators (key: estimator with M features; exact formula from):

* ``trig``: TrigRF, M/2 i.i.d. projections, features (cos, sin); :func:`rfsym.crt.log_trig_variance_np`.
* ``trig-phase``: TrigRF with random phase, M i.i.d. features;
  :func:`rfsym.derf.log_relative_variance_np` ("trig").
* ``favor+``: PosRF (FAVOR+), M i.i.d. projections; :func:`rfsym.crt.log_pos_variance_np`.
* ``pos-antithetic``: PosRF with antithetic pairs :math:`\\pm\\omega`, M/2 projections; :func:`rfsym.hrf.mse_pos`.
* ``pos-orthogonal``: PosRF, M projections in orthogonal blocks (ORF); :func:`rfsym.simrf.prf_mse_np`.
* ``pos-simplex``: PosRF, M projections in simplex blocks (SimRF); :func:`rfsym.simrf.prf_mse_np`.
* ``favor++``: OPRF (FAVOR++), pair-optimal :math:`A^*`, M i.i.d.; :func:`rfsym.crt.log_oprf_variance_np`.
* ``favor++-orthogonal``, ``favor++-simplex``: OPRF with the projections coupled as in SimRF (a
  combination no paper analyses; derived below and checked by sampling).
* ``favor#``: SDERF (FAVOR#), pair-optimal parameters, M i.i.d.;
  :func:`rfsym.derf.log_relative_variance_np` ("sderf").

**OPRF with coupled projections (derivation).** With :math:`g(\\omega)=f(\\omega,x)f(\\omega,y)=
D^2e^{2A\\|\\omega\\|^2+B\\omega^\\top z-\\|x\\|^2-\\|y\\|^2}`, :math:`z=x+y`, :math:`B^2=1-4A`,
:math:`D^4=(1-4A)^d` (CRT Eqs. (4)-(5), real A, s = +1), the MSE of the mean of M features is
:math:`\\frac1{M^2}(\\sum_i\\mathrm{Var}\\,g(\\omega_i)+\\sum_{i\\ne j}\\mathrm{Cov}(g(\\omega_i),g(\\omega_j)))`. For the
orthogonal and simplex couplings the row norms are i.i.d. :math:`\\chi_d` and only the directions are
coupled; the Gaussian weight :math:`e^{2A(a^2+b^2)}` of the norms :math:`a,b` is absorbed by
:math:`a=a'/\\sqrt{1-4A}` (factor :math:`(1-4A)^{-d/2}` per norm), which turns :math:`B^2\\|z\\|^2a^2`
into :math:`\\|z\\|^2a'^2`; hence :math:`E[g(\\omega_i)g(\\omega_j)]=e^{-2\\|x\\|^2-2\\|y\\|^2}\\rho_c(\\|z\\|)`, the
SimRF conformity (Def. 3.1), **independent of A**. So the coupling changes the OPRF MSE by exactly
the amount it changes the PosRF MSE: relative MSE(OPRF + c) = relative MSE(OPRF) + relative
MSE(PosRF + c) - relative MSE(PosRF), evaluated with :func:`rfsym.simrf.prf_mse_np` and
:func:`rfsym.crt.log_oprf_variance_np`; :func:`monte_carlo_check` samples the coupled OPRF features
(:func:`rfsym.couplings.sample`, :func:`rfsym.crt.gerf_features`).

**Per pair and per set.** In :func:`relative_mse`, :func:`compare` and :func:`best_map`, ``favor++``
and ``favor#`` use parameters optimal for the one pair (an oracle: in attention the parameters are
shared by all queries and keys of a head), so those rows are lower bounds of what the estimators
achieve. :func:`set_relative_mse` evaluates them as Performers use them, **fitted once to the sets**
of queries ``X`` and keys ``Y``: FAVOR++ takes :math:`A^*` of CRT Thm 3.3 at the set average
:math:`\\overline{s_2}=L^{-2}\\sum_{i,j}\\|x_i+y_j\\|^2` (CRT Sec. 3.1, Eq. (8), the homogeneity heuristic),
FAVOR# the SDERF optimum of DERF Thm 4.3 computed from the data matrices of both sets; the exact
relative MSE of every pair follows from the variance formulas with those parameters (CRT Eq. (6) for
real A and s = +1, DERF Eq. (9)). It reports both averages over the pairs, of the relative MSE and of
its logarithm (the papers' figures average the log: CRT Fig. 2, DERF Figs. 1-2 and objective (8)),
next to the per-pair oracles. :func:`attention_error` measures what the set fit gives on the
row-normalised attention output, by sampling (:func:`rfsym.estimators.attention`).

Not included (and why): the optimal GERF of DERF coincides with OPRF for one pair (checked in the
tests); ADERF/SADERF need a nonsingular data second-moment matrix, i.e. a *set* of queries/keys, not
one pair (:func:`set_relative_mse` has sets, but covers FAVOR+, FAVOR++ and FAVOR# only);
Poisson/geometric RFs (CRT Sec. 3.2) depend on the coordinates, not only on norms and angle; the
HRF hybrids spend part of the budget on the angular/Gaussian coefficient estimator and have no
single-budget convention in the paper.

Examples
--------
>>> r = relative_mse(1.0, 1.0, 1.2, d=64, M=64)
>>> min(r, key=r.get)
'favor#'
"""

from __future__ import annotations

import math
import sys

import numpy as np

__all__ = ["ESTIMATORS", "LABELS", "pair", "relative_mse", "compare", "best_map", "plot_maps",
           "monte_carlo_check", "MC_ESTIMATORS", "relative_mse_exact", "EXACT_ESTIMATORS",
           "SET_ESTIMATORS", "DEFAULT_SET_ESTIMATORS", "SET_LABELS", "fit_set", "set_relative_mse", "monte_carlo_check_set",
           "ATTENTION_ESTIMATORS", "attention_error", "plot_attention_error"]

#: Estimator keys in display order.
ESTIMATORS = ("trig", "trig-phase", "favor+", "pos-antithetic", "pos-orthogonal", "pos-simplex", "favor++",
              "favor++-orthogonal", "favor++-simplex", "favor#")
#: Display labels.
LABELS = {
    "trig": "TrigRF (cos, sin)", "trig-phase": "TrigRF (random phase)", "favor+": "PosRF / FAVOR+",
    "pos-antithetic": "PosRF antithetic", "pos-orthogonal": "PosRF orthogonal (ORF)",
    "pos-simplex": "PosRF simplex (SimRF)", "favor++": "OPRF / FAVOR++", "favor++-orthogonal": "OPRF + orthogonal",
    "favor++-simplex": "OPRF + simplex", "favor#": "SDERF / FAVOR#",
}


def _check(x_norm, y_norm, angle, d, M, estimators=ESTIMATORS):
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 2:
        raise ValueError(f"d must be an integer >= 2, got {d!r}")
    if isinstance(M, bool) or not isinstance(M, (int, np.integer)) or M < 2 or M % 2:
        raise ValueError(f"M must be an even integer >= 2 (TrigRF and antithetic PosRF use M/2 projections), got {M!r}")
    for v, name in ((x_norm, "x_norm"), (y_norm, "y_norm")):
        if not (isinstance(v, (int, float, np.floating, np.integer)) and math.isfinite(v) and v >= 0):
            raise ValueError(f"{name} must be a finite number >= 0, got {v!r}")
    if not (isinstance(angle, (int, float, np.floating, np.integer)) and 0 <= angle <= math.pi):
        raise ValueError(f"angle must be in [0, pi], got {angle!r}")
    simplex = [e for e in estimators if "simplex" in e]
    if simplex and x_norm + y_norm > 18:
        raise ValueError(f"x_norm + y_norm must be <= 18 for {', '.join(simplex)} (float64 range of the SimRF "
                         f"formulas), got {x_norm + y_norm}; leave the simplex estimators out for larger norms")


def pair(x_norm, y_norm, angle, d):
    """The pair :math:`x=q e_1`, :math:`y=k(\\cos\\theta e_1+\\sin\\theta e_2)` in :math:`\\mathbb R^d` (float64).

    Examples
    --------
    >>> x, y = pair(2.0, 1.0, math.pi / 2, 3)
    >>> x.tolist(), [round(v, 12) for v in y.tolist()]
    ([2.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    """
    x = np.zeros(d)
    y = np.zeros(d)
    x[0] = x_norm
    y[0] = y_norm * math.cos(angle)
    y[1] = y_norm * math.sin(angle)
    return x, y


def relative_mse(x_norm, y_norm, angle, d, M, estimators=ESTIMATORS):
    """Exact relative MSE :math:`E[(\\hat K-K)^2]/K^2` of each estimator at feature budget ``M``.

    Parameters
    ----------
    x_norm, y_norm : float
        :math:`\\|x\\|`, :math:`\\|y\\|` (query and key norms, after any :math:`d^{-1/4}` scaling).
    angle : float
        Angle between x and y in :math:`[0,\\pi]`.
    d : int
        Head dimension.
    M : int
        Number of random features (even).
    estimators : iterable of str
        Subset of :data:`ESTIMATORS`.

    Returns
    -------
    dict
        ``{name: relative MSE}`` (float; ``inf`` on float64 overflow).

    Examples
    --------
    >>> r = relative_mse(0.5, 0.5, math.pi / 2, d=32, M=32)
    >>> round(r["favor+"], 10) == round(math.expm1(0.5) / 32, 10)
    True
    """
    from . import crt, derf, hrf, simrf

    _check(x_norm, y_norm, angle, d, M, estimators)
    bad = [e for e in estimators if e not in ESTIMATORS]
    if bad:
        raise ValueError(f"unknown estimators {bad}; choose from {ESTIMATORS}")
    x, y = pair(float(x_norm), float(y_norm), float(angle), d)
    logK2 = -float(((x - y) ** 2).sum())  # log of the squared Gaussian kernel
    out = {}
    for e in estimators:
        with np.errstate(over="ignore", divide="ignore"):
            if e == "trig":
                v = math.exp(min(float(crt.log_trig_variance_np(x, y)) - logK2, 700)) / (M // 2)
            elif e == "trig-phase":
                v = math.exp(min(float(derf.log_relative_variance_np("trig", x[None], y[None])[0, 0]), 700)) / M
            elif e == "favor+":
                v = math.exp(min(float(crt.log_pos_variance_np(x, y)) - logK2, 700)) / M
            elif e == "pos-antithetic":
                import mpmath

                mse = hrf.mse_pos([mpmath.mpf(t) for t in x[:2]], [mpmath.mpf(t) for t in y[:2]], M // 2, dps=15)
                v = float(mse / mpmath.exp(2 * mpmath.mpf(float(x @ y))))
            elif e in ("pos-orthogonal", "pos-simplex"):
                c = "orthogonal" if e == "pos-orthogonal" else "simplex"
                v = float(simrf.prf_mse_np(c, x[None], y[None], M)[0]) / math.exp(logK2)
            elif e == "favor++":
                v = math.exp(min(float(crt.log_oprf_variance_np(x, y)) - logK2, 700)) / M
            elif e in ("favor++-orthogonal", "favor++-simplex"):
                c = "orthogonal" if e == "favor++-orthogonal" else "simplex"
                oprf = math.exp(min(float(crt.log_oprf_variance_np(x, y)) - logK2, 700)) / M
                gap = (float(simrf.prf_mse_np(c, x[None], y[None], M)[0])
                       - float(simrf.prf_mse_np("iid", x[None], y[None], M)[0])) / math.exp(logK2)
                v = oprf + gap
            else:  # favor#
                v = math.exp(min(float(derf.log_relative_variance_np("sderf", x[None], y[None])[0, 0]), 700)) / M
        out[e] = v
    return out


def compare(x_norm, y_norm, angle, d, M):
    """Answer "which estimator, and how good" for a user's (norms, angle, d, M).

    Returns
    -------
    list of dict
        Sorted best first: ``estimator``, ``label``, ``relative_mse``, ``relative_rmse`` (the typical
        relative error :math:`\\sqrt{\\mathrm{MSE}}/K`), ``vs_best`` (MSE ratio to the best).

    Examples
    --------
    >>> rows = compare(1.0, 1.0, math.pi / 3, d=128, M=128)
    >>> rows[0]["vs_best"], rows[-1]["vs_best"] > 1
    (1.0, True)
    """
    r = relative_mse(x_norm, y_norm, angle, d, M)
    best = min(r.values())
    rows = [{"estimator": k, "label": LABELS[k], "relative_mse": v, "relative_rmse": math.sqrt(v),
             "vs_best": v / best if best > 0 else math.inf} for k, v in r.items()]
    return sorted(rows, key=lambda t: t["relative_mse"])


def best_map(d, M, norms, angles, estimators=ESTIMATORS):
    """Best estimator and its lead on a grid of equal norms :math:`\\|x\\|=\\|y\\|=r` and angles.

    Returns
    -------
    dict
        ``best`` (int index into ``estimators``, shape (len(norms), len(angles))), ``lead`` (MSE of the
        runner-up / MSE of the best, >= 1), ``rel_mse`` (shape (len(estimators), len(norms), len(angles))),
        and the inputs.

    Examples
    --------
    >>> m = best_map(32, 32, [0.5, 1.0], [0.5, 2.0], estimators=("favor+", "favor++"))
    >>> m["best"].tolist(), bool((m["lead"] >= 1).all())
    ([[1, 1], [1, 1]], True)
    """
    norms = [float(v) for v in norms]
    angles = [float(v) for v in angles]
    R = np.empty((len(estimators), len(norms), len(angles)))
    for i, r in enumerate(norms):
        for j, a in enumerate(angles):
            res = relative_mse(r, r, a, d, M, estimators)
            R[:, i, j] = [res[e] for e in estimators]
    srt = np.sort(R, axis=0)
    best = np.argmin(R, axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        lead = np.where(srt[0] > 0, srt[1] / srt[0], np.inf)
    return {"best": best, "lead": lead, "rel_mse": R, "estimators": tuple(estimators), "norms": norms,
            "angles": angles, "d": d, "M": M}


def plot_maps(maps):
    """One row per map of :func:`best_map`: the best estimator (colour) and its lead (log10 MSE ratio).

    Returns
    -------
    matplotlib.figure.Figure
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    est = maps[0]["estimators"]
    # only the estimators that win somewhere get a colour, from a palette told apart also by colour-blind
    # readers (Okabe-Ito, then two greys), so that a map needs a handful of colours instead of ten
    winners = sorted({int(k) for m in maps for k in np.unique(m["best"])})
    palette = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000",
               "#999999", "#DDDDDD"]
    cmap = ListedColormap(palette[:len(winners)])
    index = {k: i for i, k in enumerate(winners)}
    fig, axes = plt.subplots(len(maps), 2, figsize=(12, 3.8 * len(maps)), squeeze=False)
    for row, m in zip(axes, maps):
        ext = [m["angles"][0], m["angles"][-1], m["norms"][0], m["norms"][-1]]
        best = np.vectorize(index.get)(m["best"])
        im = row[0].imshow(best, origin="lower", aspect="auto", extent=ext, cmap=cmap,
                           vmin=-0.5, vmax=len(winners) - 0.5, interpolation="nearest")
        row[0].set_title(f"best estimator, d = {m['d']}, M = {m['M']}", fontsize=12)
        cb = fig.colorbar(im, ax=row[0], ticks=range(len(winners)))
        cb.ax.set_yticklabels([LABELS[est[k]] for k in winners], fontsize=11)
        im2 = row[1].imshow(np.log10(m["lead"]), origin="lower", aspect="auto", extent=ext, cmap="viridis")
        row[1].set_title("lead: log10(MSE runner-up / MSE best)", fontsize=12)
        fig.colorbar(im2, ax=row[1])
        for ax in row:
            ax.set_xlabel("angle between x and y (rad)", fontsize=11)
            ax.set_ylabel("|x| = |y|", fontsize=11)
    fig.tight_layout()
    return fig


def _oprf_coupled_sq_errors(c, x, y, A, M, n, rng):
    """``n`` squared errors of the M-feature OPRF estimate of the Gaussian kernel with parameter ``A`` and
    projections coupled by ``c`` (:func:`rfsym.couplings.sample`, features :func:`rfsym.crt.gerf_features`)."""
    from . import couplings, crt

    d = x.size
    K = math.exp(-float(((x - y) ** 2).sum()) / 2)
    blocks = -(-M // d) * d
    err = np.empty(n)
    chunk = max(1, 100000 // (blocks * d))
    for s0 in range(0, n, chunk):
        k = min(chunk, n - s0)
        W = couplings.sample(c, d, blocks * k, rng).reshape(k, blocks, d)[:, :M, :].reshape(k * M, d)
        g = (crt.gerf_features(x[None], W, A, 1, 1) * crt.gerf_features(y[None], W, A, 1, 2)).real
        est = g.reshape(k, M).mean(axis=1)
        err[s0:s0 + k] = (est - K) ** 2
    return err


#: Estimators with a Monte Carlo spot check (library samplers).
MC_ESTIMATORS = ("trig", "favor+", "pos-antithetic", "pos-orthogonal", "pos-simplex", "favor++",
                 "favor++-orthogonal", "favor++-simplex", "favor#")


def monte_carlo_check(estimator, x_norm, y_norm, angle, d, M, n, seed):
    """Monte Carlo spot check of :func:`relative_mse` with the library samplers.

    ``trig``, ``favor+``, ``favor++``: ``n`` single-projection estimates from
    :func:`rfsym.crt.estimator_samples` (i.i.d.), sample variance / K^2 / (projections per budget);
    ``pos-antithetic``: ``n`` one-projection estimates from :func:`rfsym.hrf.sample_pos`;
    ``pos-orthogonal`` / ``pos-simplex``: ``n`` replicates of the full M-feature estimate from
    :func:`rfsym.simrf.prf_mse_mc`; ``favor++-orthogonal`` / ``favor++-simplex``: ``n`` replicates of
    the M-feature OPRF estimate (pair-optimal A*) with projections from :func:`rfsym.couplings.sample`
    and features from :func:`rfsym.crt.gerf_features`; ``favor#``: ``n`` single-feature SDERF
    products :math:`f^{(1)}(\\omega,x)f^{(2)}(\\omega,y)`, :math:`\\omega\\sim\\mathcal N(0,I_d)` i.i.d., from
    :func:`rfsym.derf.mc_moments` with the pair-optimal parameters of :func:`rfsym.derf.sderf_optimum_np`
    (DERF Thm 4.3 on the one-pair sets), sample variance / :math:`\\mathrm{SM}(x,y)^2` / M.

    Returns
    -------
    dict
        ``exact``, ``mc`` (:class:`rfsym.montecarlo.MCResult` of the relative MSE), ``z``.

    Examples
    --------
    >>> c = monte_carlo_check("favor+", 0.5, 0.5, 1.0, 16, 16, 20000, seed=1)
    >>> abs(c["z"]) < 5
    True
    """
    from . import crt, derf, hrf, simrf
    from .montecarlo import MCResult, mean_of, variance_of

    if estimator not in MC_ESTIMATORS:
        raise ValueError(f"no Monte Carlo check for {estimator!r}; choose from {MC_ESTIMATORS}")
    exact = relative_mse(x_norm, y_norm, angle, d, M, (estimator,))[estimator]
    x, y = pair(float(x_norm), float(y_norm), float(angle), d)
    rng = np.random.default_rng(seed)
    K = math.exp(-float(((x - y) ** 2).sum()) / 2)
    if estimator in ("trig", "favor+", "favor++"):
        kind = {"trig": "trig", "favor+": "pos", "favor++": "oprf"}[estimator]
        per = M // 2 if estimator == "trig" else M
        v = variance_of(crt.estimator_samples(kind, x, y, n, rng))
        mc = MCResult(v.estimate / K ** 2 / per, v.stderr / K ** 2 / per, v.n)
    elif estimator == "favor#":
        params = derf.as_derf_params_np("sderf", derf.sderf_optimum_np(x[None], y[None]))
        sm = math.exp(float(x @ y))                      # the softmax kernel: DERF estimates SM(x, y)
        v = variance_of(derf.mc_moments(params, x, y, n, rng))
        mc = MCResult(v.estimate / sm ** 2 / M, v.stderr / sm ** 2 / M, v.n)
    elif estimator == "pos-antithetic":
        sm = math.exp(float(x @ y))
        est = hrf.sample_pos(x, y, 1, rng, n)
        v = variance_of(est)
        per = M // 2
        mc = MCResult(v.estimate / sm ** 2 / per, v.stderr / sm ** 2 / per, v.n)
    elif estimator.startswith("favor++-"):
        c = estimator.split("-", 1)[1]
        rho = float(crt.oprf_rho_star_np(d, float(((x + y) ** 2).sum())))
        r = mean_of(_oprf_coupled_sq_errors(c, x, y, (1 - 1 / rho) / 8, M, n, rng))
        mc = MCResult(r.estimate / K ** 2, r.stderr / K ** 2, r.n)
    else:
        c = "orthogonal" if estimator == "pos-orthogonal" else "simplex"
        r = simrf.prf_mse_mc(c, x, y, M, n, rng)
        mc = MCResult(r.estimate / K ** 2, r.stderr / K ** 2, r.n)
    return {"exact": exact, "mc": mc, "z": mc.z(exact)}


# ------------------------------------------------------------------------------------------------
# high precision: the atlas values at exact inputs (for rfsym.reference)
# ------------------------------------------------------------------------------------------------

#: Estimators of :func:`relative_mse_exact` (the ones whose exact MSE has a high-precision library function).
EXACT_ESTIMATORS = ("favor+", "pos-orthogonal", "pos-simplex", "favor++", "favor++-orthogonal", "favor++-simplex")


def relative_mse_exact(estimator, x, y, M, *, dps=30):
    """High-precision relative MSE :math:`E[(\\hat K-K)^2]/K^2` of one atlas estimator at exact inputs.

    The same quantity as :func:`relative_mse`, from the mpmath functions of the paper modules:
    ``favor+``, ``pos-orthogonal``, ``pos-simplex``: :func:`rfsym.simrf.prf_mse` (SimRF Thm 3.2,
    Eq. (11)); ``favor++``: :func:`rfsym.crt.oprf_variance` (CRT Thms 3.2-3.3, pair-optimal
    :math:`A^*`) over M; ``favor++-orthogonal`` / ``favor++-simplex``: ``favor++`` plus the PosRF
    coupling gap (the derivation in the module docstring). Each divided by the exact
    :math:`K^2=e^{-\\|x-y\\|^2}`; the result is verified at two working precisions
    (:func:`rfsym.precision.verified`).

    Parameters
    ----------
    estimator : str
        One of :data:`EXACT_ESTIMATORS`.
    x, y : sequences of exact reals (int, decimal str, Fraction, sympy Rational), equal length ``d >= 2``
    M : int
        Number of features, ``M >= 1`` (blocks of ``d`` for the coupled estimators when ``M > d``).
    dps : int
        Significant digits.

    Returns
    -------
    mpf

    Examples
    --------
    >>> import mpmath
    >>> x, y = ["0.6", "0", "0", "0"], ["0", "0.8", "0", "0"]
    >>> print(mpmath.nstr(relative_mse_exact("favor+", x, y, 4, dps=20), 20))   # expm1(||x+y||^2) / M
    0.42957045711476130884
    >>> r = relative_mse(0.6, 0.8, math.pi / 2, d=4, M=4, estimators=("favor++-simplex",))["favor++-simplex"]
    >>> abs(r / float(relative_mse_exact("favor++-simplex", x, y, 4)) - 1) < 1e-12
    True
    """
    import mpmath

    from . import crt, simrf
    from .precision import check_dps, require_int, to_vector, verified

    if estimator not in EXACT_ESTIMATORS:
        raise ValueError(f"relative_mse_exact covers {EXACT_ESTIMATORS}, got {estimator!r}")
    dps = check_dps(dps)
    M = require_int(M, "M", minimum=1)
    n = len(to_vector(x, "x"))
    to_vector(y, "y", length=n)
    if n < 2:
        raise ValueError(f"x and y must have d >= 2 entries, got d = {n}")

    def f():
        D = mpmath.mp.dps
        xs, ys = to_vector(x, "x"), to_vector(y, "y")
        K2 = mpmath.exp(-mpmath.fsum((a - b) ** 2 for a, b in zip(xs, ys)))
        if estimator in ("favor+", "pos-orthogonal", "pos-simplex"):
            c = {"favor+": "iid", "pos-orthogonal": "orthogonal", "pos-simplex": "simplex"}[estimator]
            return simrf.prf_mse(c, x, y, M, dps=D) / K2
        v = crt.oprf_variance(x, y, dps=D) / M
        if estimator != "favor++":
            c = estimator.split("-", 1)[1]
            v += simrf.prf_mse(c, x, y, M, dps=D) - simrf.prf_mse("iid", x, y, M, dps=D)
        return v / K2

    return verified(f, dps, what=f"relative MSE of {estimator}")


# ------------------------------------------------------------------------------------------------
# sets of queries and keys: parameters fitted once to the set (as in attention)
# ------------------------------------------------------------------------------------------------

#: Estimators of :func:`set_relative_mse`: M i.i.d. projections, then the coupled variants with an exact MSE.
SET_ESTIMATORS = ("favor+", "favor++-set", "favor++-pair", "favor#-set", "favor#-pair",
                  "pos-orthogonal", "pos-simplex", "favor++-set-orthogonal", "favor++-set-simplex")
#: Display labels of :data:`SET_ESTIMATORS`.
SET_LABELS = {"favor+": "FAVOR+ (no parameters)", "favor++-set": "FAVOR++ fitted to the set",
              "favor++-pair": "FAVOR++ per-pair oracle", "favor#-set": "FAVOR# fitted to the set",
              "favor#-pair": "FAVOR# per-pair oracle", "pos-orthogonal": "FAVOR+ orthogonal",
              "pos-simplex": "FAVOR+ simplex (SimRF)", "favor++-set-orthogonal": "FAVOR++ set, orthogonal",
              "favor++-set-simplex": "FAVOR++ set, simplex"}


def _check_sets(X, Y):
    out = []
    for A, name in ((X, "X"), (Y, "Y")):
        try:
            A = np.asarray(A, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a real array of shape (L, d) (one point per row), got ragged or "
                             f"non-numeric input") from None
        if A.ndim != 2 or A.shape[0] < 1:
            raise ValueError(f"{name} must have shape (L, d) with L >= 1 points (one per row), got shape {A.shape}")
        if not np.all(np.isfinite(A)):
            raise ValueError(f"{name} must be finite (found nan or inf)")
        out.append(A)
    X, Y = out
    if X.shape[1] != Y.shape[1]:
        raise ValueError(f"X and Y must have the same dimension d, got shapes {X.shape} and {Y.shape}")
    if X.shape[1] < 2:
        raise ValueError(f"d must be >= 2, got X and Y of shape {X.shape} and {Y.shape}")
    return X, Y


def _check_count(v, name, minimum):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {v!r}")
    return int(v)


def fit_set(X, Y):
    """Parameters of FAVOR++ and FAVOR# fitted once to the query set ``X`` and key set ``Y``.

    * FAVOR++ (OPRF): :math:`A^*` of CRT Thm 3.3 at the set average
      :math:`\\overline{s_2}=\\frac1{L_XL_Y}\\sum_{i,j}\\|x_i+y_j\\|^2` (CRT Sec. 3.1, Eq. (8): the homogeneity
      heuristic; DERF Sec. 3 shows it minimises the shifted log-variance (8) over the OPRF parameter);
    * FAVOR# (SDERF): the global minimiser of DERF objective (8) over the SDERF family, DERF Thm 4.3,
      from the data matrices of both sets.

    Both come from the estimator interface, ``rfsym.estimators.get("OPRF").fit(X, Y)`` and
    ``get("SDERF").fit(X, Y)`` (:func:`rfsym.crt.homogeneity_statistic`, :func:`rfsym.crt.oprf_a_star`,
    :func:`rfsym.derf.sderf_optimum_np`): the same fit that :func:`attention_error` uses.

    Parameters
    ----------
    X, Y : array_like, shape (L_X, d), (L_Y, d)
        Queries and keys as the kernel sees them (after any :math:`d^{-1/4}` scaling).

    Returns
    -------
    dict
        ``s2`` (:math:`\\overline{s_2}`), ``A`` (FAVOR++), ``sderf`` (the dense DERF parameter dict of
        FAVOR#, :func:`rfsym.derf.as_derf_params_np`).

    Examples
    --------
    >>> from rfsym import crt
    >>> p = fit_set([[1.0, 0.0]], [[0.0, 1.0]])          # one pair: the pair optimum
    >>> p["s2"], round(p["A"], 12) == round(float(crt.oprf_a_star(2, 2)), 12)
    (2.0, True)
    """
    from . import crt
    from .estimators import get

    X, Y = _check_sets(X, Y)
    return {"s2": float(crt.homogeneity_statistic(X, Y, 1)), "A": float(get("OPRF").fit(X, Y).params["A"]),
            "sderf": get("SDERF").fit(X, Y).params["params"]}


def _sderf_pair_log_relvar(x, y):
    """log relative variance (M = 1) of SDERF with the parameters optimal for the one pair (x, y).

    DERF Thm 4.3 with ``X = {x}``, ``Y = {y}``: the matrix it diagonalises is
    :math:`(x+y)(x+y)^\\top`, so :math:`A` vanishes (Lemma A.1 at :math:`\\phi=0`) on the directions
    orthogonal to ``x + y``; and the fitted estimator is equivariant under rotations
    (:math:`\\omega\\sim\\mathcal N(0,I)` is invariant, :math:`B\\to BR^\\top`). The value is therefore that of
    the pair written in the plane of ``x`` and ``y`` (Gram-Schmidt coordinates), which
    :func:`rfsym.derf.log_relative_variance_np` evaluates with 2x2 instead of dxd matrices (the tests
    compare with the full-dimensional call).
    """
    from . import derf

    nx = float(np.linalg.norm(x))
    if nx == 0.0:
        xr, yr = np.zeros(2), np.array([float(np.linalg.norm(y)), 0.0])
    else:
        e = x / nx
        a = float(y @ e)
        xr, yr = np.array([nx, 0.0]), np.array([a, float(np.linalg.norm(y - a * e))])
    with np.errstate(divide="ignore"):                   # x = -y: relative variance 0, log -inf
        return float(derf.log_relative_variance_np("sderf", xr[None], yr[None])[0, 0])


#: The estimators :func:`set_relative_mse` computes by default: every one but the FAVOR# per-pair oracle
#: (one SDERF fit per pair, about 0.5 ms each: 33 s for 256 x 256 pairs), which is opt-in (``oracle=True``).
DEFAULT_SET_ESTIMATORS = tuple(e for e in SET_ESTIMATORS if e != "favor#-pair")


def _progress_printer(total, label):
    """A ``progress(done, total)`` callback that prints ``label: done/total (p %)`` to stderr every 10 %."""
    step = max(1, total // 10)

    def progress(done, total=total):
        if done == total or done % step == 0:
            print(f"{label}: {done}/{total} pairs ({100 * done // total} %)", file=sys.stderr, flush=True)

    return progress


def set_relative_mse(X, Y, M, estimators=None, *, oracle=False, progress="auto"):
    """Exact relative MSE of FAVOR+, FAVOR++ and FAVOR# on every pair of a query and a key set.

    For each pair :math:`(x_i, y_j)` the relative MSE :math:`E[(\\hat K-K)^2]/K^2` of the M-feature
    estimator with M i.i.d. projections (variance of one feature / :math:`K^2` / M; every estimator
    is unbiased):

    * ``favor+``: PosRF, no parameters (:func:`rfsym.crt.log_pos_variance_np`);
    * ``favor++-set``: OPRF with the set-fitted :math:`A` of :func:`fit_set`, variance CRT Thm 3.2,
      Eq. (6) for real A and s = +1 (:func:`rfsym.crt.log_oprf_variance_np` with ``A``);
    * ``favor++-pair``: OPRF with :math:`A^*` of each pair (CRT Thm 3.3), an **oracle**;
    * ``favor#-set``: SDERF with the set-fitted parameters of :func:`fit_set`, variance DERF Thm 4.1,
      Eq. (9) (:func:`rfsym.derf.log_relative_variance_np` with ``params``);
    * ``favor#-pair``: SDERF with the parameters optimal for each pair (DERF Thm 4.3 on one-pair
      sets), an **oracle**;
    * ``pos-orthogonal``, ``pos-simplex``: PosRF with the M projections in orthogonal / simplex blocks
      (:func:`rfsym.simrf.prf_mse_np`, SimRF Thm 3.2, Eq. (11)): FAVOR+ as Performers run it is
      ``pos-orthogonal``;
    * ``favor++-set-orthogonal``, ``favor++-set-simplex``: ``favor++-set`` with coupled projections, exact
      through the module's derivation (the coupling changes the OPRF MSE by the PosRF coupling gap, for
      every A): FAVOR++ as CRT runs it (Sec. 4-5) is ``favor++-set-orthogonal``. No exact MSE is known
      for SDERF with coupled projections (its :math:`\\omega^\\top A\\omega` is not isotropic), so FAVOR#
      appears with i.i.d. projections only; :func:`attention_error` samples it with orthogonal ones.

    The per-pair optima minimise the variance of their own pair over the same parameter family
    (CRT Thm 3.3: real A; DERF Thm 4.3 on a one-pair set, whose objective (8) is the log of the
    second moment, increasing in the variance), so for every pair ``favor++-pair <= favor++-set`` and
    ``favor#-pair <= favor#-set``: the oracles are **lower bounds** of what a shared parameter can do,
    not estimators one can run in attention. For a set with one pair, set-fitted equals per-pair.

    Averages over the :math:`L_XL_Y` pairs: ``mean`` is the mean of the relative MSE (dominated by the
    worst pairs); ``mean_log`` the mean of its natural logarithm (a geometric mean), the average the
    papers use: CRT Fig. 2 plots the mean log-variance, DERF Figs. 1-2 the mean log relative variance,
    and DERF objective (8), which the set fits minimise, is the mean over pairs of the log second
    moment :math:`\\log(\\mathrm{Var}+K^2)`.

    Parameters
    ----------
    X, Y : array_like, shape (L_X, d), (L_Y, d), ``d >= 2``
        Queries and keys as the kernel sees them (after any :math:`d^{-1/4}` scaling).
    M : int
        Number of random features, ``M >= 1``.
    estimators : iterable of str, optional
        Subset of :data:`SET_ESTIMATORS` (the simplex ones need :math:`\\|x_i+y_j\\|\\le 18`, the float64
        range of the SimRF formulas). Default: :data:`DEFAULT_SET_ESTIMATORS`, every estimator but the
        FAVOR# per-pair oracle ``favor#-pair``, plus that oracle when ``oracle=True``.
    oracle : bool, default False
        Add ``favor#-pair`` to the default estimators (one 2x2 SDERF fit per pair: about 0.5 ms a pair,
        33 s for 256 x 256 pairs). Naming ``favor#-pair`` in ``estimators`` also computes it.
    progress : "auto", None or callable, default "auto"
        Progress of the per-pair oracle loop: a callable ``progress(done, total)`` called after each row of
        pairs; ``"auto"`` prints ``favor#-pair: done/total pairs`` lines to stderr every 10 % when there
        are more than 1000 pairs; ``None`` is silent.

    Returns
    -------
    dict
        ``mean`` and ``mean_log`` (``{estimator: float}``), ``pairs`` (``{estimator: ndarray (L_X, L_Y)}``
        of relative MSEs; ``inf`` beyond the float64 range, ``mean_log`` stays finite), ``fit``
        (:func:`fit_set`), ``M``.

    Cost: :math:`O(L_XL_Yd + d^3)` for the set estimators (256 x 256 pairs at d = 64: a few seconds), one
    2x2 SDERF fit per pair for the opt-in ``favor#-pair``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, Y = rng.standard_normal((2, 8, 16)) / 16 ** 0.25
    >>> r = set_relative_mse(X, Y, 16)
    >>> bool((r["pairs"]["favor++-pair"] <= r["pairs"]["favor++-set"] * (1 + 1e-12)).all())
    True
    >>> "favor#-pair" in r["mean"]                               # the FAVOR# oracle is opt-in
    False
    >>> r1 = set_relative_mse(X[:1], Y[:1], 16, oracle=True)     # one pair: the set fit is the pair fit
    >>> abs(r1["mean"]["favor#-set"] / r1["mean"]["favor#-pair"] - 1) < 1e-9
    True
    """
    from . import crt, derf, simrf

    X, Y = _check_sets(X, Y)
    M = _check_count(M, "M", 1)
    if not isinstance(oracle, bool):
        raise TypeError(f"oracle must be True or False, got oracle={oracle!r}")
    if estimators is None:
        estimators = SET_ESTIMATORS if oracle else DEFAULT_SET_ESTIMATORS
    estimators = tuple(estimators)
    bad = [e for e in estimators if e not in SET_ESTIMATORS]
    if bad or not estimators:
        raise ValueError(f"unknown estimators {bad}; choose a non-empty subset of {SET_ESTIMATORS}")
    if not (progress is None or progress == "auto" or callable(progress)):
        raise TypeError(f"progress must be 'auto', None or a callable progress(done, total), got progress={progress!r}")
    fit = fit_set(X, Y)
    L1, L2, d = X.shape[0], Y.shape[0], X.shape[1]
    Xb = np.broadcast_to(X[:, None, :], (L1, L2, d))
    Yb = np.broadcast_to(Y[None, :, :], (L1, L2, d))
    logK2 = -((Xb - Yb) ** 2).sum(-1)                  # log of the squared Gaussian kernel
    simplex = [e for e in estimators if e.endswith("simplex")]
    if simplex and float(np.sqrt(((Xb + Yb) ** 2).sum(-1)).max()) > 18:
        raise ValueError(f"{', '.join(simplex)} need ||x_i + y_j|| <= 18 (float64 range of the SimRF formulas), "
                         f"got up to {float(np.sqrt(((Xb + Yb) ** 2).sum(-1)).max()):.3g}; leave them out")
    gaps = {}

    def gap(c):                                        # relative MSE change by coupling (PosRF = OPRF, any A)
        if c not in gaps:
            Xp, Yp = Xb.reshape(-1, d), Yb.reshape(-1, d)
            g = (simrf.prf_mse_np(c, Xp, Yp, M) - simrf.prf_mse_np("iid", Xp, Yp, M)).reshape(L1, L2)
            gaps[c] = g / np.exp(logK2)
        return gaps[c]

    out = {"mean": {}, "mean_log": {}, "pairs": {}, "fit": fit, "M": M}
    for e in estimators:
        with np.errstate(over="ignore", divide="ignore"):
            if e in ("pos-orthogonal", "pos-simplex", "favor++-set-orthogonal", "favor++-set-simplex"):
                c = e.rsplit("-", 1)[1]
                base = crt.log_pos_variance_np(Xb, Yb) if e.startswith("pos") else crt.log_oprf_variance_np(
                    Xb, Yb, fit["A"])
                rel = np.exp(base - logK2) / M + gap(c)
                lr = np.log(rel)
            elif e == "favor+":
                lr = crt.log_pos_variance_np(Xb, Yb) - logK2
            elif e == "favor++-set":
                lr = crt.log_oprf_variance_np(Xb, Yb, fit["A"]) - logK2
            elif e == "favor++-pair":
                lr = crt.log_oprf_variance_np(Xb, Yb) - logK2
            elif e == "favor#-set":
                lr = derf.log_relative_variance_np("sderf", X, Y, params=fit["sderf"])
            else:
                total = L1 * L2
                cb = (_progress_printer(total, "favor#-pair") if total > 1000 else None) if progress == "auto" \
                    else progress
                rows = []
                for i, x in enumerate(X):
                    rows.append([_sderf_pair_log_relvar(x, y) for y in Y])
                    if cb is not None:
                        cb((i + 1) * L2, total)
                lr = np.array(rows)
            if not e.startswith(("pos-", "favor++-set-")):
                lr = lr - math.log(M)
            out["pairs"][e] = np.exp(np.minimum(lr, 709.0)) * np.where(lr > 709.0, np.inf, 1.0)
        out["mean_log"][e] = float(lr.mean())
        out["mean"][e] = float(out["pairs"][e].mean())
    return out


def monte_carlo_check_set(estimator, X, Y, i, j, M, n, seed):
    """Monte Carlo check of :func:`set_relative_mse` at the pair ``(X[i], Y[j])`` with set-fitted parameters.

    ``favor+`` and ``favor++-set``: ``n`` single-feature estimates from
    :func:`rfsym.crt.estimator_samples` (``"pos"``; ``"oprf"`` with the set-fitted ``A``), Gaussian
    kernel; ``favor#-set``: ``n`` single-feature products from :func:`rfsym.derf.mc_moments` with the
    set-fitted SDERF parameters, softmax kernel; sample variance / :math:`K^2` / M.
    ``favor++-set-orthogonal`` / ``-simplex``: ``n`` replicates of the M-feature OPRF estimate with the
    set-fitted ``A`` and coupled projections (:func:`rfsym.couplings.sample`,
    :func:`rfsym.crt.gerf_features`); mean squared error / :math:`K^2`. Against the exact entry
    ``pairs[estimator][i, j]``. (The per-pair oracles are checked by :func:`monte_carlo_check`.)

    Returns
    -------
    dict
        ``exact``, ``mc`` (:class:`rfsym.montecarlo.MCResult`), ``z``.

    Examples
    --------
    >>> rng = np.random.default_rng(3)
    >>> X, Y = rng.standard_normal((2, 6, 8)) * 0.3
    >>> c = monte_carlo_check_set("favor#-set", X, Y, 0, 1, 8, 20000, seed=1)
    >>> abs(c["z"]) < 5
    True
    """
    from . import crt, derf
    from .montecarlo import MCResult, mean_of, variance_of

    mc_set = ("favor+", "favor++-set", "favor#-set", "favor++-set-orthogonal", "favor++-set-simplex")
    if estimator not in mc_set:
        raise ValueError(f"no set Monte Carlo check for {estimator!r}; choose from {mc_set}")
    X, Y = _check_sets(X, Y)
    i = _check_count(i, "i", 0)
    j = _check_count(j, "j", 0)
    if i >= X.shape[0] or j >= Y.shape[0]:
        raise ValueError(f"pair index (i, j) = ({i}, {j}) out of range for {X.shape[0]} queries and {Y.shape[0]} keys")
    n = _check_count(n, "n", 10)
    r = set_relative_mse(X, Y, M, (estimator,))
    exact = float(r["pairs"][estimator][i, j])
    x, y = X[i], Y[j]
    rng = np.random.default_rng(seed)
    if estimator.startswith("favor++-set-"):
        K = math.exp(-float(((x - y) ** 2).sum()) / 2)
        sq = mean_of(_oprf_coupled_sq_errors(estimator.rsplit("-", 1)[1], x, y, r["fit"]["A"], M, n, rng))
        mc = MCResult(sq.estimate / K ** 2, sq.stderr / K ** 2, sq.n)
        return {"exact": exact, "mc": mc, "z": mc.z(exact)}
    if estimator == "favor#-set":
        K = math.exp(float(x @ y))
        g = derf.mc_moments(r["fit"]["sderf"], x, y, n, rng)
    else:
        K = math.exp(-float(((x - y) ** 2).sum()) / 2)
        g = (crt.estimator_samples("pos", x, y, n, rng) if estimator == "favor+"
             else crt.estimator_samples("oprf", x, y, n, rng, A=r["fit"]["A"]))
    v = variance_of(g)
    mc = MCResult(v.estimate / K ** 2 / M, v.stderr / K ** 2 / M, v.n)
    return {"exact": exact, "mc": mc, "z": mc.z(exact)}


# ------------------------------------------------------------------------------------------------
# attention-level error (sampled)
# ------------------------------------------------------------------------------------------------

#: Estimators of :func:`attention_error` (names of :func:`rfsym.estimators.get`).
ATTENTION_ESTIMATORS = ("FAVOR+", "FAVOR++", "FAVOR#")


def attention_error(d_values=(16, 64, 128), M_values=(16, 32, 64, 128, 256), L=64,
                    estimators=ATTENTION_ESTIMATORS, seed=0, reps=8, *, scale=1.0, coupling="orthogonal"):
    """Relative error of random-feature attention against exact softmax attention, over d and M.

    For each head dimension ``d`` and replicate ``r`` (seeded by ``(seed, d, L, r)``): queries and keys
    ``Q, K`` of shape ``(L, d)`` with i.i.d. :math:`\\mathcal N(0,\\mathrm{scale}^2)` entries and values
    ``V`` with :math:`\\mathcal N(0,1)` entries. As in a Transformer (DERF Eq. (3)) the kernel is evaluated
    at :math:`x=d^{-1/4}q`, :math:`y=d^{-1/4}k`, so the exact output is
    :math:`\\mathrm{softmax}(QK^\\top/\\sqrt d)V`; with ``scale = 1`` the logits
    :math:`q^\\top k/\\sqrt d` have variance 1 and the kernel inputs have entries
    :math:`\\mathcal N(0,1)/d^{1/4}`, :math:`\\|x\\|^2\\approx\\sqrt d`. FAVOR++ and FAVOR# are fitted
    **once to the sets** :math:`d^{-1/4}Q`, :math:`d^{-1/4}K` (:func:`fit_set`: CRT Eq. (8) with Thm 3.3,
    DERF Thm 4.3), FAVOR+ has no parameters. Every estimator then gives its row-normalised linear
    attention with ``M`` projections (:func:`rfsym.estimators.attention`; the error is
    :math:`\\|\\hat Y-Y\\|_F/\\|Y\\|_F`, and 1 is the error of answering 0). All estimators of one
    ``(d, M, r)`` share the projection seed ``(seed, d, L, r, M)`` (common random numbers).

    Parameters
    ----------
    d_values, M_values : iterables of int
        Head dimensions (``>= 2``) and numbers of projections (``>= 1``).
    L : int
        Sequence length (queries = keys = values = L rows), ``>= 1``.
    estimators : iterable of str
        Names for :func:`rfsym.estimators.get` (default FAVOR+, FAVOR++, FAVOR#).
    seed : int
        ``>= 0``.
    reps : int
        Replicates (fresh Q, K, V and projections each), ``>= 2``.
    scale : float
        Standard deviation of the entries of Q and K before the :math:`d^{-1/4}` scaling, ``> 0``.
    coupling : str
        Projections: ``"orthogonal"`` (default, as Performers use them: FAVOR+ of Choromanski et al.,
        FAVOR++ in CRT Sec. 4-5, FAVOR# in DERF Sec. 5.3 / App. C) or ``"iid"``.

    Returns
    -------
    list of dict
        One row per (d, M, estimator): ``d``, ``M``, ``estimator``, ``mean`` and ``se`` (mean relative
        error and its standard error ``std(ddof=1)/sqrt(reps)``), ``reps``, ``L``, ``scale``, ``coupling``.

    Examples
    --------
    >>> rows = attention_error((8,), (16, 64), L=16, reps=2, seed=1)
    >>> [(r["d"], r["M"], r["estimator"]) for r in rows][:3]
    [(8, 16, 'FAVOR+'), (8, 16, 'FAVOR++'), (8, 16, 'FAVOR#')]
    >>> all(r["mean"] > 0 and r["se"] >= 0 for r in rows)
    True
    """
    from .estimators import attention, get

    d_values = [_check_count(d, "every d", 2) for d in d_values]
    M_values = [_check_count(M, "every M", 1) for M in M_values]
    if not d_values or not M_values:
        raise ValueError("d_values and M_values must be non-empty")
    L = _check_count(L, "L", 1)
    reps = _check_count(reps, "reps", 2)
    seed = _check_count(seed, "seed", 0)
    if isinstance(scale, bool) or not isinstance(scale, (int, float, np.integer, np.floating)) or not (
            math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a finite number > 0, got {scale!r}")
    if coupling not in ("iid", "orthogonal"):
        raise ValueError(f"coupling must be 'orthogonal' or 'iid', got {coupling!r}")
    estimators = tuple(estimators)
    if not estimators:
        raise ValueError("estimators must be non-empty")
    base = {e: get(e, kernel="softmax") for e in estimators}          # unknown names raise here
    rows = []
    for d in d_values:
        err = {(M, e): [] for M in M_values for e in estimators}
        for r in range(reps):
            rng = np.random.default_rng([seed, d, L, r])
            Q, K = scale * rng.standard_normal((2, L, d))
            V = rng.standard_normal((L, d))
            X, Y = Q / d ** 0.25, K / d ** 0.25                    # what the kernel sees
            fitted = {e: (est.fit(X, Y) if est.needs_fit else est) for e, est in base.items()}
            for M in M_values:
                for e in estimators:
                    res = attention(fitted[e], Q, K, V, M, np.random.default_rng([seed, d, L, r, M]),
                                    coupling=coupling, fit=False)
                    err[M, e].append(res.relative_error)
        for M in M_values:
            for e in estimators:
                v = np.asarray(err[M, e])
                rows.append({"d": d, "M": M, "estimator": e, "mean": float(v.mean()),
                             "se": float(v.std(ddof=1) / math.sqrt(reps)), "reps": reps, "L": L,
                             "scale": float(scale), "coupling": coupling})
    return rows


def plot_attention_error(rows, title=None):
    """One panel per head dimension: mean relative attention error (± s.e.) against M, log-log.

    Distinct colours (Okabe-Ito) and markers per estimator, fonts >= 11, a dashed line at error 1
    (the error of answering 0).

    Returns
    -------
    matplotlib.figure.Figure
    """
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    if not rows:
        raise ValueError("rows is empty: pass the output of attention_error")
    ds = sorted({r["d"] for r in rows})
    ests = list(dict.fromkeys(r["estimator"] for r in rows))
    colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    markers = ["o", "s", "^", "D", "v", "P", "X"]
    fig, axes = plt.subplots(1, len(ds), figsize=(4.6 * len(ds), 4.0), squeeze=False, sharey=True)
    for ax, d in zip(axes[0], ds):
        for k, e in enumerate(ests):
            sel = sorted((r for r in rows if r["d"] == d and r["estimator"] == e), key=lambda r: r["M"])
            if not sel:
                continue
            ax.errorbar([r["M"] for r in sel], [r["mean"] for r in sel], yerr=[r["se"] for r in sel],
                        color=colours[k % len(colours)], marker=markers[k % len(markers)], ms=7, lw=1.8,
                        capsize=3, label=e)
        ax.axhline(1.0, color="0.5", ls="--", lw=1)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(sorted({r["M"] for r in rows if r["d"] == d}))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_title(f"d = {d}", fontsize=13)
        ax.set_xlabel("number of random features M", fontsize=12)
        ax.tick_params(labelsize=11)
    axes[0][0].set_ylabel("relative error of attention output", fontsize=12)
    axes[0][0].legend(fontsize=11, frameon=False)
    r0 = rows[0]
    fig.suptitle(title or (f"softmax attention, L = {r0['L']}, Q, K entries N(0, \u03c3\u00b2) with \u03c3 = "
                           f"{r0['scale']:g}, {r0['coupling']} projections, {r0['reps']} replicates"), fontsize=13)
    fig.tight_layout()
    return fig

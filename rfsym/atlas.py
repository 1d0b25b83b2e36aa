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

``favor++`` and ``favor#`` use parameters optimal for the one pair (an oracle: in attention they are
shared by a set of queries/keys), so their rows are lower bounds of what the estimators achieve.

Not included (and why): the optimal GERF of DERF coincides with OPRF for one pair (checked in the
tests); ADERF/SADERF need a nonsingular data second-moment matrix, i.e. a *set* of queries/keys, not
one pair; Poisson/geometric RFs (CRT Sec. 3.2) depend on the coordinates, not only on norms and
angle; the HRF hybrids spend part of the budget on the angular/Gaussian coefficient estimator and
have no single-budget convention in the paper.

Examples
--------
>>> r = relative_mse(1.0, 1.0, 1.2, d=64, M=64)
>>> min(r, key=r.get)
'favor#'
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["ESTIMATORS", "LABELS", "pair", "relative_mse", "compare", "best_map", "plot_maps",
           "monte_carlo_check", "MC_ESTIMATORS"]

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


#: Estimators with a Monte Carlo spot check (library samplers).
MC_ESTIMATORS = ("trig", "favor+", "pos-antithetic", "pos-orthogonal", "pos-simplex", "favor++",
                 "favor++-orthogonal", "favor++-simplex")


def monte_carlo_check(estimator, x_norm, y_norm, angle, d, M, n, seed):
    """Monte Carlo spot check of :func:`relative_mse` with the library samplers.

    ``trig``, ``favor+``, ``favor++``: ``n`` single-projection estimates from
    :func:`rfsym.crt.estimator_samples` (i.i.d.), sample variance / K^2 / (projections per budget);
    ``pos-antithetic``: ``n`` one-projection estimates from :func:`rfsym.hrf.sample_pos`;
    ``pos-orthogonal`` / ``pos-simplex``: ``n`` replicates of the full M-feature estimate from
    :func:`rfsym.simrf.prf_mse_mc`; ``favor++-orthogonal`` / ``favor++-simplex``: ``n`` replicates of
    the M-feature OPRF estimate (pair-optimal A*) with projections from :func:`rfsym.couplings.sample`
    and features from :func:`rfsym.crt.gerf_features`.

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
    from . import crt, hrf, simrf
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
    elif estimator == "pos-antithetic":
        sm = math.exp(float(x @ y))
        est = hrf.sample_pos(x, y, 1, rng, n)
        v = variance_of(est)
        per = M // 2
        mc = MCResult(v.estimate / sm ** 2 / per, v.stderr / sm ** 2 / per, v.n)
    elif estimator.startswith("favor++-"):
        from . import couplings

        c = estimator.split("-", 1)[1]
        rho = float(crt.oprf_rho_star_np(d, float(((x + y) ** 2).sum())))
        A = (1 - 1 / rho) / 8
        blocks = -(-M // d) * d
        err = np.empty(n)
        chunk = max(1, 100000 // (blocks * d))
        for s0 in range(0, n, chunk):
            k = min(chunk, n - s0)
            W = couplings.sample(c, d, blocks * k, rng).reshape(k, blocks, d)[:, :M, :].reshape(k * M, d)
            g = (crt.gerf_features(x[None], W, A, 1, 1) * crt.gerf_features(y[None], W, A, 1, 2)).real
            est = g.reshape(k, M).mean(axis=1)
            err[s0:s0 + k] = (est - K) ** 2
        r = mean_of(err)
        mc = MCResult(r.estimate / K ** 2, r.stderr / K ** 2, r.n)
    else:
        c = "orthogonal" if estimator == "pos-orthogonal" else "simplex"
        r = simrf.prf_mse_mc(c, x, y, M, n, rng)
        mc = MCResult(r.estimate / K ** 2, r.stderr / K ** 2, r.n)
    return {"exact": exact, "mc": mc, "z": mc.z(exact)}

"""The exact law of one estimate under the null hypothesis "this code implements mechanism X".

:func:`law_of` collects, for an :mod:`rfsym.estimators` mechanism at a pair :math:`(x, y)` with ``m``
projections, what the guaranteed tests of :mod:`rfsym.testing` need:

* the exact mean (the kernel) and the exact variance (the mechanism's MSE, from the library's verified
  formulas: CRT Thm 3.2, SimRF Thm 3.2, DERF Thm 4.1, HRF Lemmas 2.2-2.4 ...);
* the almost-sure support of the estimate where the feature map bounds it: positive terms give
  :math:`\\widehat K \\ge 0` (PosRF family, OPRF, GERF with :math:`s=+1` and real :math:`A`, the
  antithetic estimator, the DERF family, CE with real :math:`A`, the discretely induced RFs when every
  :math:`x_ly_l\\ge0` after the shift); random Fourier features give :math:`|\\widehat K| \\le 1`,
  the random-phase ones :math:`\\le 2e^{R/2}`, GERF with :math:`s=-1` and real :math:`A\\le0`
  :math:`\\le(1-4A)^{d/2}`; the bipolar hybrids are bounded below (their trig part is); all times the
  softmax factor where the kernel is not the native one;
* the fourth central moment of the estimate, exact or an upper bound, where it is proven (needed by the
  MSE test), the strongest available:

  - every row average (RFF, RFF-phase, PosRF, FAVOR+, SimRF, PosRF-antithetic, GERF, OPRF, FAVOR++, the
    discretely induced RFs, the DERF family, CE): one projection's term :math:`Z` has raw moments
    :math:`E Z^k`, :math:`k\\le4`, in closed form (Gaussian integrals, :mod:`rfsym.testing.moments`;
    for positive GERF terms :func:`gerf_row_moment`). With i.i.d. rows the fourth central moment of the
    mean of ``m`` terms is exact, :math:`(\\mu_4(Z) + 3(m-1)\\sigma_Z^4)/m^3`. With orthogonal or simplex
    rows (each row exactly :math:`\\mathcal N(0, I_d)`: Haar directions, :math:`\\chi_d` norms) Jensen's
    inequality :math:`(\\frac1m\\sum_i (Z_i-K))^4 \\le \\frac1m\\sum_i (Z_i-K)^4` gives the bound
    :math:`\\mu_4(\\widehat K) \\le \\mu_4(Z)`. Where :math:`E Z^4=\\infty` (GERF/OPRF with
    :math:`1-16A\\le0`, a DERF with :math:`I-16A\\not\\succ0`) there is none;
  - the bipolar hybrids with i.i.d. base rows: exact, from HRF's pair moments
    (:func:`rfsym.testing.moments.hybrid_central4`), used only when their MSE equals the exact one;
  - bounded estimates, :math:`L \\le \\widehat K \\le U`: :math:`\\mu_4 \\le b^2\\sigma^2` with
    :math:`b = \\max(U-K, K-L)` (kept when smaller than a Jensen bound);
  - none where the variance is itself only a bound (coupled rows without an exact MSE: FAVOR#, SDERF/
    ADERF/SADERF/CE/antithetic/RFF-phase with coupled rows), since the MSE test needs the exact MSE.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np

from .. import estimators as _est
from ..estimators import mechanisms as _mech
from . import moments as _moments

__all__ = ["EstimateLaw", "law_of", "gerf_row_moment"]


@dataclass(frozen=True)
class EstimateLaw:
    """What is known exactly about one estimate under the null hypothesis.

    Attributes
    ----------
    mechanism : str
    mean, variance : float
        Exact mean (the kernel) and variance (the MSE) of one estimate.
    lower, upper : float or None
        Almost-sure bounds of one estimate (None: unbounded on that side).
    central4 : float or None
        Fourth central moment of one estimate: exact when ``central4_exact``, else an upper bound.
    central4_exact : bool
    source : str
        Where the values come from (for messages).
    variance_exact : bool
        False when ``variance`` is only an upper bound (coupled rows without an exact MSE): valid for the
        unbiasedness test, not a value an MSE test may compare with.
    central4_note : str
        Why ``central4`` is exact, a bound (which), or None.
    """

    mechanism: str
    mean: float
    variance: float
    lower: float | None
    upper: float | None
    central4: float | None
    central4_exact: bool
    source: str
    variance_exact: bool = True
    central4_note: str = ""


def gerf_row_moment(k: int, A: float, x, y) -> float:
    """:math:`E[Z^k]` of one positive GERF term (:math:`s=+1`, real :math:`A`), see the module notes.

    Examples
    --------
    >>> x, y = np.array([0.3, 0.1]), np.array([-0.2, 0.4])
    >>> round(gerf_row_moment(1, 0.0, x, y), 12) == round(math.exp(-0.5 * float(((x - y) ** 2).sum())), 12)
    True
    """
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    d = x.size
    c = 1.0 - 4.0 * k * A
    if c <= 0:
        return math.inf
    u2 = float((x + y) @ (x + y))
    r2 = float(x @ x + y @ y)
    logv = (k * d / 2.0) * math.log1p(-4.0 * A) - k * r2 - (d / 2.0) * math.log(c) + k * k * (1 - 4 * A) * u2 / (2 * c)
    return math.exp(logv) if logv < 700 else math.inf


def _positive_A(est):
    """The real A of a positive GERF-type mechanism, or None."""
    if isinstance(est, _mech._PosRF):
        return 0.0
    if isinstance(est, _mech._OPRF):
        return float(est.params["A"])
    if isinstance(est, _mech._GERF):
        A = complex(est.params["A"])
        if A.imag == 0 and est.params["s"] == 1:
            return A.real
    return None


#: Mechanisms whose estimate is the average over projections of one term each (features per row).
_ROW_AVERAGES = (_mech._TrigRF, _mech._TrigPhase, _mech._PosRF, _mech._Antithetic, _mech._GERF, _mech._OPRF,
                 _mech._DERF, _mech._Discrete, _mech._CE)
#: Couplings whose rows are each exactly N(0, I_d) (Haar directions, chi_d norms), i.i.d. excepted. For
#: "simplex+" (rfsym.couplings: SimRF Eq. (17) sweeps on the chi_d norms, then a Haar rotation R) the directions
#: depend on the norms only, so given the norms each row rho_i v_i R is uniform on the sphere of radius rho_i.
_COUPLED = ("orthogonal", "simplex", "simplex+")
_HYBRIDS = (_mech._AngularHybrid, _mech._GaussianHybrid)


def _is_positive(est, x, y):
    """Every term of the estimate is >= 0 (so the estimate is)."""
    if _positive_A(est) is not None or isinstance(est, (_mech._Antithetic, _mech._DERF, _mech._CE)):
        return True
    if isinstance(est, _mech._Discrete):     # Z = e^{-R/2} prod_l (x_l y_l)^{k_l} / (k_l! p(k_l)), shifted for "+"
        xs, ys = est._shift(x[None])[0], est._shift(y[None])[0]
        return bool(np.all(xs * ys >= 0))
    return False


def _bounds(est, x, y):
    """(lower, upper) almost-sure bounds of the estimate in the native kernel (None: unbounded)."""
    R = float(x @ x + y @ y)
    if isinstance(est, _mech._TrigRF):
        return -1.0, 1.0
    if isinstance(est, _mech._TrigPhase):                  # 2 e^{R/2} |cos a cos b| <= 2 e^{R/2}
        return -2.0 * math.exp(0.5 * R), 2.0 * math.exp(0.5 * R)
    if isinstance(est, _mech._GERF) and est.params["s"] == -1:
        A = complex(est.params["A"])
        if A.imag == 0 and A.real <= 0:                    # |Re W| = (1-4A)^{d/2} e^{2A|w|^2} |cos(.)| <= (1-4A)^{d/2}
            b = math.exp(x.size / 2 * math.log1p(-4 * A.real))
            return -b, b
    lower = 0.0 if _is_positive(est, x, y) else None
    if isinstance(est, _mech._AngularHybrid):            # lam in [0, 1]: lam SM++ >= 0, (1-lam) SM_trig >= -e^{R/2}
        lower = -math.exp(0.5 * R)
    if isinstance(est, _mech._GaussianHybrid):           # lam = (1 - C)/rho in [0, 2/rho]: |1 - lam| <= max(1, 2/rho-1)
        rho = float(est._rho(float(x @ x)))
        lower = -max(1.0, 2.0 / rho - 1.0) * math.exp(0.5 * R)
    return lower, None


def _fourth_moment(est, x, y, m, coupling, var):
    """(central4 in the native kernel or None, exact, note): the strongest proven fourth moment."""
    if isinstance(est, _ROW_AVERAGES):
        raw, why = _moments.row_raw_moments(est, x, y)
        with mpmath.workdps(_moments.DPS):
            v1, mu4 = _moments.central_from_raw(raw)
            if not mpmath.isfinite(mu4):
                k = next(i + 1 for i, v in enumerate(raw) if not mpmath.isfinite(v))
                return None, False, (f"no fourth moment: E Z^{k} of one projection's term is infinite (its Gaussian "
                                     "integral diverges), so mu4 is; the MSE test is asymptotic")
            if coupling == "iid":
                return (float(_moments.mean_central4(raw, m)), True,
                        "exact fourth moment (Gaussian integrals / closed-form series of the i.i.d. terms, "
                        "rfsym.testing.moments)")
            if coupling in _COUPLED:
                return (float(mu4), False,
                        "fourth moment bounded by one term's (Jensen; rows exactly N(0, I); rfsym.testing.moments)")
        return None, False, f"no fourth moment for the {coupling} coupling (rows not exactly N(0, I))"
    if isinstance(est, _HYBRIDS):
        if coupling != "iid":
            return None, False, (f"no fourth moment for the {coupling} coupling: the hybrid is not a row average "
                                 "(Jensen does not apply) and its coupled pair moments are not derived")
        got = _moments.hybrid_central4(est, x, y, m)
        if got is None:
            return None, False, "no fourth moment at a zero input (the angle is undefined)"
        c4, mse = got
        if not abs(float(mse) - var) <= 1e-9 * max(abs(var), 1e-300):
            return None, False, "no fourth moment: HRF's pair moments disagree with the exact MSE"
        return (float(c4), True, "exact fourth moment (HRF pair moments, coefficient independent of the base "
                "estimators, rfsym.testing.moments.hybrid_central4)")
    return None, False, f"no fourth moment of {est.name} known"


def law_of(est, x, y, m: int, coupling: str | None = None) -> EstimateLaw:
    """The exact law summary of ``est``'s ``m``-projection estimate at ``(x, y)``.

    Parameters
    ----------
    est : rfsym estimator (fitted if it needs a fit)
    x, y : ndarray, shape (d,)
    m : int
    coupling : str, optional

    Returns
    -------
    EstimateLaw

    Raises
    ------
    rfsym.estimators.NoExactValue
        When the library has no exact variance for this mechanism and coupling, and no bound: a row
        average with orthogonal or simplex rows (each exactly :math:`\\mathcal N(0, I_d)`) is given the
        variance of one projection's term, :math:`m` times the i.i.d. MSE, a valid upper bound.

    Notes
    -----
    The fourth central moment (for the MSE test) is the strongest proven one: exact from the raw moments of
    one term (:mod:`rfsym.testing.moments`) for i.i.d. rows and for the i.i.d. hybrids; for coupled rows
    the smaller of the Jensen bound :math:`\\mu_4(Z)` and the support bound :math:`b^2\\sigma^2`; none
    where :math:`E Z^4` is infinite, and none when the variance itself is only a bound (the MSE test
    needs the exact MSE). ``central4_note`` says which.

    Examples
    --------
    >>> from rfsym import estimators
    >>> law = law_of(estimators.get("PosRF"), np.array([0.5, 0.0]), np.array([0.0, 0.5]), 4)
    >>> law.lower, law.upper, law.central4_exact
    (0.0, None, True)
    >>> law_of(estimators.get("PosRF-antithetic"), np.array([0.5, 0.0]), np.array([0.0, 0.5]), 4).central4_exact
    True
    """
    coupling = est.default_coupling if coupling is None else coupling
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    K = float(est.mean(x, y))
    var_bound = False
    try:
        var = float(est.mse(x, y, m, coupling))
    except _est.NoExactValue:
        # a row average whose rows are each exactly N(0, I_d) (Haar directions or a rotated simplex, chi_d
        # norms): Var(mean of m coupled terms) <= Var(one term) = m * (i.i.d. MSE with m rows), by Jensen
        if not (coupling in _COUPLED and isinstance(est, _ROW_AVERAGES)):
            raise
        var = float(m * est.mse(x, y, m, "iid"))
        var_bound = True
    a = _est._alpha(est.native_kernel, est.kernel)
    scale = math.exp(a * float(x @ x + y @ y)) if a else 1.0
    src = (f"{est.name}: exact MSE ({coupling} coupling, m = {m}) from rfsym's verified formulas" if not var_bound else
           f"{est.name}: variance bounded by one projection's (no exact MSE for the {coupling} coupling; rows are "
           f"exactly N(0, I), Jensen): a valid, conservative test")
    lo, hi = _bounds(est, x, y)
    lower = None if lo is None else lo * scale
    upper = None if hi is None else hi * scale
    c4, exact4 = None, False
    if var_bound:
        note = ("no fourth moment used: the variance is only a bound, and the MSE test needs the exact MSE "
                f"(none for the {coupling} coupling)")
    else:
        nat = var / scale ** 2
        c4n, exact4, note = _fourth_moment(est, x, y, m, coupling, nat)
        if c4n is not None:
            c4 = c4n * scale ** 4
        if not exact4 and lower is not None and upper is not None:
            b = max(upper - K, K - lower)
            if c4 is None or b * b * var < c4:
                c4, note = b * b * var, "fourth moment bounded by the support"
    src += "; " + note
    return EstimateLaw(est.name, K, var, lower, upper, c4, exact4, src, not var_bound, note)

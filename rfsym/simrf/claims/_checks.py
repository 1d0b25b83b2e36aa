"""Glue shared by the SimRF claims of several sections: seeds, the Outcome shorthand, the number of agreeing
digits, stock reasons for a missing witness, and the few check helpers that claims of different sections call.

The seeds: ``SEED`` (:data:`rfsym.simrf.experiments.SEED`) for the first witnesses and the figure reruns, ``SEED2``
for the second-round witnesses (the draws of each check are those recorded before the move to this package).
"""

from __future__ import annotations

import numpy as np
from mpmath import mp

from ...claims import Outcome
from ...precision import agreeing_digits
from ..experiments import SEED

#: Seed of the second-round witnesses (the checks added in the second round of the witness model).
SEED2 = 20261125

#: The reason a deterministic identity has no Monte Carlo witness.
DET = "a deterministic identity: no expectation over random features is involved"

#: Why a 1e-3 or 1e-2 rescaling of a Monte Carlo estimator survives the mutation audit.
MC_WHY = ("a Monte Carlo estimator: its estimates carry a relative standard error of about 1e-2 at the sample sizes a verify run "
          "affords, so a 1e-3 or 1e-2 rescaling of its output is below the resolution of every z-test that uses it (the sign flip is "
          "killed); the exact values it is compared with are witnessed at 25+ digits by independent quadratures")


def _digits(a, b):
    """Agreeing significant digits (bitwise-equal high-precision values count as 40)."""
    with mp.workdps(80):
        return min(agreeing_digits(a, b), 40.0)


def _every(r: range) -> str:
    """A declared domain of every integer of ``r`` ("2, 3, ..., 8 (every integer)")."""
    vals = list(r)
    return (", ".join(map(str, vals)) if len(vals) <= 3 else f"{vals[0]}, {vals[1]}, ..., {vals[-1]}") + " (every integer)"


def _O(ok, evidence, agreement, rejected, detail, **kw):
    """Outcome with a separate control flag (the control must be rejected for the check to pass); keyword arguments
    (``domain``, ``sensitivity``) go to :class:`rfsym.claims.Outcome` unchanged."""
    return Outcome(bool(ok), evidence, agreement=agreement, control_rejected=bool(rejected), control_detail=detail, **kw)


def _pairs_mean_conformity(Wb, v):
    """Unbiased per-block estimate of the pair conformity: mean over the d(d-1) ordered pairs of a block of
    exp(v (w_i + w_j)_1) (all pairs of the block, not only the first two)."""
    e = np.exp(v * Wb[:, :, 0])
    S, Q = e.sum(1), (e * e).sum(1)
    m = Wb.shape[1]
    return (S * S - Q) / (m * (m - 1))


# ------------------------------------------------------------------ exact-variance witnesses (issue 27, item 3)
# A sample standard error shrinks with the rare large terms it misses (positive features); these witnesses
# standardise with the exact variance of one replicate (or an upper bound from exact moments) and decide with
# rfsym.tailbounds.mean_test, whose false-alarm rate (5.7e-7, the |z| <= 5 of the project) is proven at every n.

def _xw(samples, exact, var, controls, lower=0.0):
    """:func:`rfsym.montecarlo.exact_z_witness` with ``lower=0`` (positive replicates) unless told otherwise."""
    from ...montecarlo import exact_z_witness
    return exact_z_witness(samples, float(exact), float(var), controls, lower=lower)


def _row_mean_var(coupling, d, v):
    """Exact variance of the mean over the d rows of one block of exp(v w_i1) (rows N(0, I) marginally):
    (e^(2v^2) + (d - 1) rho(v)) / d - e^(v^2), rho the pair conformity (Eqs. (19), (23), (24))."""
    import math as _m
    from ... import simrf as _s
    v = float(v)
    rho = _m.exp(v * v) if coupling == "iid" else float(_s.conformity(coupling, d, v, dps=20))
    return (_m.exp(2 * v * v) + (d - 1) * rho) / d - _m.exp(v * v)


def _pair_var_bound(coupling, d, v):
    """Upper bound on the variance of the per-block mean over pairs of exp(v (w_i + w_j)_1) (Cauchy-Schwarz:
    at most one pair term's variance, rho(2v) - rho(v)^2, exact moments from Eqs. (19), (23), (24))."""
    from ... import simrf as _s
    v = float(v)
    return float(_s.conformity(coupling, d, 2 * v, dps=20)) - float(_s.conformity(coupling, d, v, dps=20)) ** 2

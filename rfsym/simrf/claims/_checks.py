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

"""Certified reference values with Arb ball arithmetic (python-flint), issue #15.

"Verified digits" elsewhere in rfsym means that two mpmath precisions agree: a strong heuristic, not
a proof. This module recomputes the headline constants of the four papers with **ball arithmetic**
(`Arb <https://arblib.org>`_ through python-flint): every operation returns a midpoint and a radius
that provably encloses the exact result, so the digits a ball proves are proven, not observed.

The implementations here are **independent** of the mpmath code paths they certify: optima are
found as certified zeros of the derivative of the printed objective (not from the closed forms the
library evaluates), conformities from a one-dimensional integral of the definition (rigorous
quadrature, :meth:`flint.acb.integral`) rather than the library's series, maxima by certified
branch-and-bound, roots by certified sign changes plus interval Newton contraction.

Every public value function returns a :class:`CertifiedValue` (the ball, the digits it proves, the
source equation and the exact inputs). :func:`certify_bound` proves ``f > 0`` on a whole interval
by bisection with ball evaluation.

The package, by topic:

* :mod:`rfsym.certified.core` -- the ball machinery: exact inputs, :class:`CertifiedValue`,
  :func:`working_prec`, the certified primitives (:func:`certify_root`, :func:`certify_max`,
  :func:`certify_bound`, :func:`certify_bound_box`);
* :mod:`rfsym.certified.crt` -- CRT: the OPRF optimum (Thm 3.3) and Eq. (7) as printed;
* :mod:`rfsym.certified.derf` -- DERF: the minimiser of Lemma A.1;
* :mod:`rfsym.certified.hrf` -- HRF: Lemma 2.2 MSEs, the bound of Thm 3.5 and its failure radius, Eq. (64);
* :mod:`rfsym.certified.simrf` -- SimRF: conformities, the printed gap (25), the small-v prefactor, z_crit.

Conventions follow the library: CRT and SimRF use the Gaussian kernel, DERF and HRF the softmax
kernel :math:`\\exp(x^\\top y)`.

Examples
--------
>>> v = oprf_rho_star(64, 100)
>>> v.digits >= 30
True
>>> v.string(20)
'0.20925255248402923513'
"""

from __future__ import annotations

from flint import fmpq  # noqa: F401 (tests build exact inputs as rfsym.certified.fmpq)

from .core import (DEFAULT_PREC, BoundCertificate, CertificationError, CertifiedValue, certify_bound,
                   certify_bound_box, certify_max, certify_root, exact, working_prec)
from .crt import oprf_a_star, oprf_log_variance_ratio, oprf_rho_star, oprf_rho_star_eq7_as_printed
from .derf import lemma_a1_argmin
from .hrf import (eq64_failure_radius, max_relative_error_angular_hybrid, mse_pos, mse_trig, thm35_bound,
                  thm35_bound_holds, thm35_failure_radius, thm35_ratio)
from .simrf import conformity, paper_eq25_gap, rff_gap_bracket, rff_z_crit, rff_z_crit_is_first_root, small_v_prefactor

# private names that tests/test_certified.py uses by their old path rfsym.certified._name
from .core import _arb_lower_fmpq  # noqa: F401
from .hrf import _failure_radius, _ratio_ball  # noqa: F401

__all__ = [
    "CertificationError", "CertifiedValue", "BoundCertificate", "DEFAULT_PREC", "working_prec", "exact",
    "certify_bound", "certify_bound_box", "certify_root", "certify_max", "thm35_bound_holds",
    "oprf_a_star", "oprf_rho_star", "oprf_log_variance_ratio", "oprf_rho_star_eq7_as_printed", "paper_eq25_gap",
    "lemma_a1_argmin",
    "mse_trig", "mse_pos", "thm35_bound", "max_relative_error_angular_hybrid", "thm35_ratio",
    "thm35_failure_radius", "eq64_failure_radius",
    "conformity", "small_v_prefactor", "rff_gap_bracket", "rff_z_crit", "rff_z_crit_is_first_root",
]

"""Simplex Random Features (Reid, Choromanski, Likhosherstov, Weller, ICML 2023): RF-conformity,
closed forms, MSEs and orthogonality gaps.

Kernel: the **Gaussian kernel** :math:`K(x,y)=\\exp(-\\|x-y\\|^2/2)` throughout, estimated with the
positive random features (PRFs) of SimRF Eq. (7),
:math:`\\widehat K = \\frac{e^{-\\|x\\|^2-\\|y\\|^2}}{m}\\sum_i e^{w_i^\\top(x+y)}`, and (Sec. 4.1) with
random Fourier features :math:`\\widehat K = \\frac1m\\sum_i\\cos w_i^\\top(x-y)`.

Conventions
-----------
* ``v = ||x + y||`` (PRFs) and ``z = ||x - y||`` (RFFs).
* ``conformity(coupling, d, v)`` is the *pair* conformity
  :math:`\\rho_c(v)=E[e^{(w_i+w_j)^\\top v}]` of two distinct rows of one block (SimRF Eq. (10)
  with all pairs coupled); it does not depend on ``m`` as long as ``m <= d``. For ``m > d`` the
  foundation's samplers stack independent blocks of ``d`` rows (the last one truncated); pairs in
  different blocks are independent and contribute :math:`e^{v^2}` (the iid value). The MSE
  functions take this into account through the number of coupled ordered pairs
  :math:`W=\\sum_b m_b(m_b-1)`.
* Every conformity is a power series in :math:`v^2` with positive coefficients,
  :math:`\\rho_c(v)=\\sum_k c_k\\,v^{2k}`, where for a fixed angle :math:`\\cos\\theta=c`

  .. math::
      c_k = \\frac{\\Gamma(d/2)\\Gamma(k+d)}{\\Gamma(d)\\Gamma(k+d/2)2^k k!}\\; m_k,\\qquad
      m_k = E_\\phi[(1+c\\sin\\phi)^k],\\quad \\phi\\sim\\frac{\\sin^{d-1}\\phi}{\\int_0^\\pi\\sin^{d-1}}
      \\text{ on } [0,\\pi]

  (Eq. (21) rewritten; ``m_k = 1`` for ORFs, Eq. (23); the binomial expansion of ``m_k`` is Eq. (24)).
  The differences :math:`\\rho_c - e^{v^2}=\\sum_k (c_k-1/k!)v^{2k}` have coefficients of one sign
  (:math:`\\le 0`), so the MSE gaps are summed without cancellation.

High-precision functions take exact inputs and a ``dps`` keyword and return mpmath numbers whose
``dps`` digits are confirmed by :func:`rfsym.precision.verified`. ``backend="numpy"`` (where offered)
evaluates float64 arrays.

SimRF modules
-------------
The formulas are split by topic, following the paper; every name below is re-exported here
(``rfsym.simrf.conformity`` ...):

* :mod:`rfsym.simrf.conformities`: RF-conformity (Def. 3.1): :func:`cos_theta`, the law of :math:`w_{ij}`
  (:func:`pdf_wij`, Lemmas 4.1-4.2) and the closed forms (:func:`conformity`, Thm. 4.3);
* :mod:`rfsym.simrf.mse`: PRF MSE (Thm. 3.2), the ORF/SimRF gaps (Cor. 4.4, Eq. (25)), the Sec. 5.1
  prefactor and float64 Gram-matrix MSEs;
* :mod:`rfsym.simrf.rff`: random Fourier features (Sec. 4.1: Thm. 4.5, Cor. 4.6, :math:`z_{crit}`);
* :mod:`rfsym.simrf.simplex_plus`: SimRFs+ (Sec. 3.2, Eqs. (15)-(17));
* :mod:`rfsym.simrf.sampling`: Monte Carlo estimators from the foundation's samplers;
* :mod:`rfsym.simrf.symbolic`: the sympy layer (densities, moments, series terms).

Not re-exported (and not mutation-audited as library under test):

* :mod:`rfsym.simrf.experiments`: optimisation, figures and reruns (Figs. 4-7, Table 3, Fig. 10);
* :mod:`rfsym.simrf.witnesses`: independent routes the checks compare the library with;
* :mod:`rfsym.simrf.nonisotropic`: the binned-cosine coupling, the counterexample of the Thm. 3.2/3.4 errata;
* :mod:`rfsym.simrf.claims`: the claims registry of the paper, one module per section.
"""

from ._common import PAIR_COUPLINGS, InputError
from .conformities import cos_theta, conformity_terms, conformity, conformity_eq24_naive, pdf_wij
from .mse import prf_mse, prf_mse_ratio, prf_orthogonality_gap, paper_eq25_gap, small_v_prefactor, prf_mse_np
from .rff import (rff_gap_bracket, rff_gap_series_naive_np, rff_orthogonality_gap, rff_mse_ratio,
                  rff_mse_ratio_asymptotic, rff_z_crit)
from .simplex_plus import pair_conformity_of_vectors, truncated_objective, simplex_plus_update
from .sampling import conformity_mc, prf_mse_mc, rff_mse_mc
from .symbolic import (symbols, pdf_wij_expr, moment_expr, conformity_series_expr, prf_mse_expr, small_v_prefactor_expr,
                       rff_ratio_term_expr)

__all__ = [
    "InputError", "PAIR_COUPLINGS", "cos_theta", "conformity", "conformity_terms", "pdf_wij", "prf_mse",
    "prf_mse_ratio", "prf_orthogonality_gap", "rff_orthogonality_gap", "rff_gap_bracket",
    "rff_gap_series_naive_np", "rff_z_crit", "small_v_prefactor", "conformity_eq24_naive", "prf_mse_np",
    "rff_mse_ratio", "rff_mse_ratio_asymptotic", "pair_conformity_of_vectors", "simplex_plus_update",
    "truncated_objective", "conformity_mc", "prf_mse_mc", "rff_mse_mc", "pdf_wij_expr", "moment_expr",
    "conformity_series_expr", "prf_mse_expr", "small_v_prefactor_expr", "rff_ratio_term_expr", "paper_eq25_gap",
    "symbols",
]

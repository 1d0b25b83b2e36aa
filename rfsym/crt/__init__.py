"""Chefs' Random Tables (CRT): GERF, OPRF, Poisson / geometric RFs, orthogonal OPRFs, tail bounds.

The paper: Likhosherstov, Choromanski, Dubey, Liu, Sarlos, Weller, "Chefs' Random Tables:
Non-Trigonometric Random Features" (NeurIPS 2022). Its claims are checked in ``notebooks/crt.md``
and declared in :mod:`rfsym.crt.claims`, one file per section of the paper.

Every quantity here targets the **Gaussian kernel** :math:`K(x, y) = \\exp(-\\|x-y\\|^2/2)`, as the
paper does (CRT Sec. 2.1). The softmax kernel is one exponential factor away:
:math:`K_{\\mathrm{sfm}}(x, y) = \\exp(x^\\top y) = e^{\\|x\\|^2/2} K(x, y) e^{\\|y\\|^2/2}`, so the
variance of a softmax estimator is :math:`e^{\\|x\\|^2+\\|y\\|^2}` times the Gaussian one.

Topic modules (every public function is re-exported here: ``rfsym.crt.oprf_rho_star``):

* :mod:`rfsym.crt.gerf` -- GERFs (Sec. 3.1, Theorems 3.1, 3.2) and the Sec. 2.2 baselines TrigRF, PosRF;
* :mod:`rfsym.crt.oprf` -- OPRFs, the variance-optimal positive GERF (Theorem 3.3, Eq. (7));
* :mod:`rfsym.crt.dirf` -- Poisson and geometric RFs (Sec. 3.2, Theorems 3.4, 3.5);
* :mod:`rfsym.crt.statistics` -- the O(Ld) set statistics that fit the parameters (Eqs. (8), (12), (14));
* :mod:`rfsym.crt.orthogonal` -- orthogonal OPRFs, exact variance gap and its bounds (Theorems 4.1, 9.1);
* :mod:`rfsym.crt.bounds` -- boundedness and tail bounds of OPRFs (Theorem 4.2, Eq. (35));
* :mod:`rfsym.crt.samplers` -- samplers of the random features themselves, for the Monte Carlo checks.

Not re-exported: :mod:`rfsym.crt.experiments` (Sec. 5: Fig. 2 variance comparison, classification),
:mod:`rfsym.crt.witnesses` (independent routes the checks compare the library with) and
:mod:`rfsym.crt.claims` (the claims registry).

Three layers in each topic module (the same in every paper package):

* symbolic builders ``*_expr`` (sympy does the Gaussian integrals, series and stationary points);
* high-precision functions with exact inputs and a ``dps`` keyword, evaluated through
  :func:`rfsym.precision.verified`;
* float64 vectorised ``*_np`` functions: the ``log_*_variance_np`` return **log**-variances (no overflow
  for values of several hundred), ``oprf_log_variance_ratio_np`` a log ratio of variances, and
  ``oprf_rho_star_np``, ``geometric_p_star_np`` the optimal parameters themselves;
* samplers of the random features themselves (``*_features`` and :func:`estimator_samples`) used by
  the Monte Carlo checks; they never use the variance formulas under test.

Notation: ``N = ||x||^2 + ||y||^2``, ``s2 = ||x + y||^2``, ``S = ||x + s y||^2`` (squared norms).
Every variance is that of **one** random feature, :math:`\\mathrm{Var}\\,\\mathrm{Re}(f^{(1)}(\\omega, x)
f^{(2)}(\\omega, y))` for a single :math:`\\omega` (divide by ``M`` for the mean of ``M`` i.i.d.
features), in absolute units (not relative to :math:`K^2`); the functions with an ``M`` argument
(:func:`orthogonal_gap` and its lower bounds, the Hoeffding bounds) concern ``M``-feature averages.
"""

from .bounds import (hoeffding_bound_corrected, hoeffding_bound_printed, oprf_feature_sup, oprf_upper_tail,
                     paper_feature_bound)
from .dirf import (geometric_p_star, geometric_p_star_np, geometric_variance, geometric_variance_expr,
                   log_geometric_variance_np, log_poisson_variance_np, poisson_lambda_star, poisson_variance,
                   poisson_variance_expr)
from .gerf import (gerf_mean_expr, gerf_params, gerf_variance, gerf_variance_expr, log_gerf_variance_np,
                   log_pos_variance_np, log_trig_variance_np, pos_variance, pos_variance_expr, trig_variance,
                   trig_variance_expr)
from .oprf import (log_oprf_variance_np, oprf_a_star, oprf_log_variance_ratio, oprf_log_variance_ratio_np,
                   oprf_rho_star, oprf_rho_star_expr, oprf_rho_star_np, oprf_variance)
from .orthogonal import (orthogonal_gap, orthogonal_gap_lower_bound, orthogonal_gap_lower_bound_printed_f,
                         orthogonal_pair_moment)
from .samplers import dirf_features, estimator_samples, gerf_features, sample_omega
from .statistics import geometric_statistic, homogeneity_statistic, poisson_statistic

__all__ = [
    # high precision
    "gerf_params", "gerf_variance", "trig_variance", "pos_variance",
    "oprf_rho_star", "oprf_a_star", "oprf_variance", "oprf_log_variance_ratio",
    "poisson_lambda_star", "poisson_variance", "geometric_variance", "geometric_p_star",
    "orthogonal_gap", "orthogonal_gap_lower_bound", "orthogonal_pair_moment",
    "orthogonal_gap_lower_bound_printed_f",
    "oprf_feature_sup", "paper_feature_bound", "oprf_upper_tail", "hoeffding_bound_printed",
    "hoeffding_bound_corrected",
    "homogeneity_statistic", "poisson_statistic", "geometric_statistic",
    # symbolic
    "gerf_mean_expr", "gerf_variance_expr", "oprf_rho_star_expr", "poisson_variance_expr",
    "geometric_variance_expr", "trig_variance_expr", "pos_variance_expr",
    # float64
    "log_trig_variance_np", "log_pos_variance_np", "log_gerf_variance_np", "log_oprf_variance_np",
    "oprf_rho_star_np", "oprf_log_variance_ratio_np", "log_poisson_variance_np",
    "log_geometric_variance_np", "geometric_p_star_np",
    # samplers
    "sample_omega", "gerf_features", "dirf_features", "estimator_samples",
]

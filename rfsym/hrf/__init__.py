"""Hybrid Random Features (HRF; Choromanski et al., ICLR 2022): formulas, bounds and samplers.

Kernel: the **softmax kernel** :math:`\\mathrm{SM}(x, y) = \\exp(x^\\top y)` (HRF Eq. (1)). A hybrid
estimator (8) mixes base estimators (trigonometric (2), positive "++" (3), complex exponential (15))
with random coefficients :math:`\\hat\\lambda` (angular (19), Gaussian (20)) so that its error vanishes
where each base estimator is exact.

Topic modules, with the paper's symbols (every public function is re-exported here, so
``rfsym.hrf.mse_trig`` etc. keep working):

* :mod:`rfsym.hrf.estimators` -- Lemma 2.2: MSE of the trigonometric (:func:`mse_trig`) and positive
  (:func:`mse_pos`) estimators with ``m`` i.i.d. projections, the one-sided positive estimator, sympy forms.
* :mod:`rfsym.hrf.angular` -- Eq. (19), Lemma 3.2, Thm 3.1, Thm D.1: moments of the angular coefficient
  (:func:`angular_lambda_moments`) and the MSE of bipolar hybrids with independent or shared projections
  (:func:`bipolar_hybrid_mse`, :func:`angular_hybrid_mse`).
* :mod:`rfsym.hrf.bounds` -- Def. 3.3, Lemma 3.4, Thm 3.5 and its proof (App. D.3): relative errors on the
  sphere :math:`S(r)` (:func:`relative_error_angular_hybrid`, :func:`max_relative_error_angular_hybrid`), the
  printed bound (27) (:func:`thm35_bound`), where it fails (:func:`thm35_failure_radius`) and a corrected
  bound (:func:`thm35_bound_corrected`).
* :mod:`rfsym.hrf.cexp` -- Sec. 2.3: complex exponential (CE) estimators with complex ``A``
  (:func:`cexp_identity`, :func:`cexp_moments`, :func:`cexp_zero_variance_point`).
* :mod:`rfsym.hrf.gaussian` -- Eq. (20) and App. F: Gaussian coefficients and the normalized bipolar
  Gaussian hybrid (:func:`gaussian_hybrid_moments`, :func:`gaussian_hybrid_mse`).
* :mod:`rfsym.hrf.clustering` -- Eq. (21), App. H.2: the optimal ``A`` for clustered data, its
  coefficient and CE maps, zero-one mixtures (Def. H.2).
* :mod:`rfsym.hrf.curves` -- float64 log-space curves (``*_np``) for plots, and a float64 scan of the ratio
  to bound (27) (:func:`thm35_ratio_np`).
* :mod:`rfsym.hrf.samplers` -- samplers of every estimator (``sample_*``), which draw the actual random
  features with :func:`rfsym.couplings.sample`.
* :mod:`rfsym.hrf.feature_maps` -- Lemma 2.3: the explicit feature maps (11), and their construction
  cost (App. L, Eq. (106)).

Also in the package, not re-exported: :mod:`rfsym.hrf.experiments` (Table 1 on wine, Figs. 1, 2, 6
reruns), :mod:`rfsym.hrf.witnesses` (independent routes the checks compare this library with) and
:mod:`rfsym.hrf.claims` (the claims registry of the paper, by section).

All high-precision functions take exact inputs and a ``dps`` keyword and return values verified by
:func:`rfsym.precision.verified`.
"""

from .estimators import mse_trig, mse_pos, mse_trig_expr, mse_pos_expr, mse_pos_onesided
from .angular import (angle, angular_lambda_moments, angular_lambda_second_moment_expr, bipolar_hybrid_mse,
    angular_hybrid_mse, angular_hybrid_mse_theta, eq47_printed, shared_product_moment)
from .bounds import (relative_error_trig, relative_error_pos, relative_error_angular_hybrid,
    max_relative_error_trig, max_relative_error_angular_hybrid, thm35_bound, thm35_bound_corrected, eq65_bound,
    thm35_ratio, thm35_failure_radius, thm35_limit_constant, b_max, eq64_printed, eq64_corrected, eq63_bound,
    h_expr, b_derivative_exprs)
from .cexp import cexp_identity, cexp_moments, cexp_zero_variance_point
from .gaussian import (gaussian_lambda_pos_moments, gaussian_hybrid_lambda, gaussian_hybrid_moments,
    gaussian_hybrid_mse, gaussian_hybrid_moments_expr)
from .clustering import (cluster_A_complex, cluster_A_real, cluster_loss, cluster_gaussian_lambda,
    cluster_gaussian_lambda_map, cluster_ce_map, cluster_indicators, sample_zero_one_mixture)
from .curves import (log_mse_trig_np, log_mse_pos_np, log_angular_hybrid_mse_np, log_relative_error_np,
    thm35_ratio_np)
from .samplers import (sample_trig, sample_pos, sample_cexp, sample_angular_lambda, sample_angular_hybrid,
    sample_gaussian_hybrid, sample_gaussian_lambda, sample_gaussian_lambda_pos, sample_bipolar)
from .feature_maps import (hybrid_feature_maps, hybrid_estimate_direct, feature_map_dimension,
    general_hybrid_feature_maps, general_hybrid_estimate, construction_op_count, eq106_count)

# private helpers that the claims and tests/test_certified.py call by their old name rfsym.hrf._name
from .samplers import _trig_from, _pos_from  # noqa: F401
from .bounds import _bisect, _g, _g_np  # noqa: F401

__all__ = [
    # estimators
    "mse_trig", "mse_pos", "mse_trig_expr", "mse_pos_expr", "mse_pos_onesided",
    # angular
    "angle", "angular_lambda_moments", "angular_lambda_second_moment_expr", "bipolar_hybrid_mse",
    "angular_hybrid_mse", "angular_hybrid_mse_theta", "eq47_printed", "shared_product_moment",
    # bounds
    "relative_error_trig", "relative_error_pos", "relative_error_angular_hybrid", "max_relative_error_trig",
    "max_relative_error_angular_hybrid", "thm35_bound", "thm35_bound_corrected", "eq65_bound", "thm35_ratio",
    "thm35_failure_radius", "thm35_limit_constant", "b_max", "eq64_printed", "eq64_corrected", "eq63_bound",
    "h_expr", "b_derivative_exprs",
    # cexp
    "cexp_identity", "cexp_moments", "cexp_zero_variance_point",
    # gaussian
    "gaussian_lambda_pos_moments", "gaussian_hybrid_lambda", "gaussian_hybrid_moments", "gaussian_hybrid_mse",
    "gaussian_hybrid_moments_expr",
    # clustering
    "cluster_A_complex", "cluster_A_real", "cluster_loss", "cluster_gaussian_lambda",
    "cluster_gaussian_lambda_map", "cluster_ce_map", "cluster_indicators", "sample_zero_one_mixture",
    # curves
    "log_mse_trig_np", "log_mse_pos_np", "log_angular_hybrid_mse_np", "log_relative_error_np", "thm35_ratio_np",
    # samplers
    "sample_trig", "sample_pos", "sample_cexp", "sample_angular_lambda", "sample_angular_hybrid",
    "sample_gaussian_hybrid", "sample_gaussian_lambda", "sample_gaussian_lambda_pos", "sample_bipolar",
    # feature_maps
    "hybrid_feature_maps", "hybrid_estimate_direct", "feature_map_dimension", "general_hybrid_feature_maps",
    "general_hybrid_estimate", "construction_op_count", "eq106_count",
]

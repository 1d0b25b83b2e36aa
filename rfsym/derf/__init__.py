"""Dense-Exponential Random Features (DERF paper): formulas, optima, variances, samplers.

Kernel: the softmax kernel :math:`K^{(0)}(x, y) = \\exp(x^\\top y)` throughout (Sec. 2.3 of the
paper); the scaled kernel :math:`K^{(\\alpha)}` is obtained by multiplying the features by
:math:`\\exp(\\alpha\\|x\\|^2)` (:func:`scaled_features_np`).

Three layers, as everywhere in :mod:`rfsym`:

* symbolic builders ``*_expr`` (sympy; the Gaussian integrals and stationary points are derived by
  sympy, not typed in),
* high precision (mpmath, exact inputs, ``dps=`` keyword, results verified by recomputation with
  :func:`rfsym.precision.verified`): :func:`lemma_a1_argmin`, :func:`lemma_a1_objective`,
  :func:`gerf_log_variance`, :func:`derf_variance`, :func:`gerf_optimum`, :func:`aderf_optimum`,
  :func:`sderf_optimum`, :func:`saderf_optimum`, :func:`shifted_log_variance`,
* float64, vectorised (``*_np``): samplers of every RF family of the paper, the optima and the log
  relative variances used for the variance-comparison figure (Fig. 1/2).

Conventions. Data sets ``X``, ``Y`` are nested sequences whose rows are the points
:math:`x^{(i)}, y^{(j)} \\in \\mathbb{R}^d`.

GERF, Eq. (6). The paper prints
:math:`f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2/2)` with
:math:`B = \\sqrt{1-4A}`, :math:`C = -0.5`, :math:`D = (1-4A)^{d/4}`. With these constants the exponent
carries :math:`-\\|x\\|^2/4` and :math:`E[f f] = \\exp(x^\\top y + (\\|x\\|^2 + \\|y\\|^2)/4) \\ne K^{(0)}`
(claim ``DERF-Eq6``). The printed constants are right for the form of [31] without the ``/2``,
:math:`D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2)`, which is also the form that the DERF
embedding of Sec. 4 (:math:`\\mathbf{C}^{(k)} = C\\mathbf{I}_d`) presumes. This library uses that
corrected form: a GERF parameter dict has ``C = -1/2`` and :func:`gerf_features_np` evaluates
:math:`C\\|x\\|^2`; :func:`gerf_features_printed_np` evaluates (6) literally (for the erratum).

DERF modules
------------
The public names below are re-exported from the topic modules, which follow the paper:

* :mod:`rfsym.derf.features` -- TrigRF, PosRF, GERF, DERF feature samplers and the scaling to
  :math:`K^{(\\alpha)}` (Secs. 2.3, 4);
* :mod:`rfsym.derf.moments` -- Gaussian moments, the GERF variance (7), the DERF mean and variance
  (Thm 4.1, Eq. (9)) and its validity conditions;
* :mod:`rfsym.derf.lemma_a1` -- Lemma A.1 (App. A.2), the scalar minimisation behind every optimum;
* :mod:`rfsym.derf.optima` -- closed-form optima of (8): GERF (Sec. 3.1), ADERF (Thm 4.2), SDERF
  (Thm 4.3), SADERF (Sec. 4.3), and their dense DERF parameters;
* :mod:`rfsym.derf.objective` -- the shifted log-variance (8): sympy form, direct pair-by-pair average,
  data statistics;
* :mod:`rfsym.derf.comparison` -- log relative variances and the data regimes of the variance comparison
  (Sec. 5.1, Figs. 1-2);
* :mod:`rfsym.derf.sampling` -- moments of a DERF product without (9): sampled, per order, by quadrature;
* :mod:`rfsym.derf.search` -- example data, numerical searches over each family, proof-step helpers of
  Lemmas A.3/A.4.

Not re-exported: :mod:`rfsym.derf.experiments` (Fig. 2 with the paper's protocol, Table 1),
:mod:`rfsym.derf.witnesses` (independent routes the checks compare the library with) and
:mod:`rfsym.derf.claims` (the claims registry, by section of the paper).

References
----------
V. Likhosherstov, K. Choromanski, A. Dubey, F. Liu, T. Sarlos, A. Weller, "Dense-Exponential Random
Features: Sharp Positive Estimators of the Gaussian Kernel", NeurIPS 2023.
"""

from .comparison import FAMILIES, REGIMES, log_relative_variance_np, sample_regime, variance_comparison
from .features import (derf_features_np, derf_log_features_np, gerf_features_np, gerf_features_printed_np,
                       pos_features_np, scaled_features_np, trig_features_np, trig_mean_expr, trig_variance_expr)
from .lemma_a1 import (lemma_a1_argmin, lemma_a1_argmin_expr, lemma_a1_h_expr, lemma_a1_hprime_expr,
                       lemma_a1_objective, lemma_a1_objective_expr)
from .moments import (derf_conditions_residual, derf_log_moments_np, derf_mean, derf_moments_expr, derf_variance,
                      gaussian_mgf_expr, gerf_log_variance, gerf_log_variance_expr)
from .objective import gerf_objective_expr, shifted_log_variance, shifted_log_variance_np, shifted_log_variance_stats
from .optima import (aderf_optimum, aderf_optimum_np, as_derf_params, as_derf_params_np, gerf_optimum,
                     gerf_optimum_np, saderf_optimum, saderf_optimum_np, sderf_optimum, sderf_optimum_np)
from .sampling import derf_log_moment_np, derf_moments_by_quadrature, mc_moments, product_moments
from .search import (OPTIMA, closed_vs_direct, example_data, family_minimum_np, family_objective_np, lemma_a4_bound,
                     max_trace_orthogonal_np, perturbation_minimum_np, random_derf_params_np, sderf_G_np)

__all__ = [
    # symbolic
    "lemma_a1_objective_expr", "lemma_a1_argmin_expr", "lemma_a1_h_expr", "lemma_a1_hprime_expr",
    "gaussian_mgf_expr", "gerf_log_variance_expr", "gerf_objective_expr", "derf_moments_expr",
    "trig_mean_expr", "trig_variance_expr",
    # high precision
    "lemma_a1_argmin", "lemma_a1_objective", "gerf_log_variance", "derf_mean", "derf_variance",
    "derf_conditions_residual", "gerf_optimum", "aderf_optimum", "sderf_optimum", "saderf_optimum",
    "as_derf_params", "shifted_log_variance", "shifted_log_variance_stats", "derf_moments_by_quadrature",
    # float64
    "trig_features_np", "pos_features_np", "gerf_features_np", "gerf_features_printed_np", "derf_features_np",
    "derf_log_features_np", "scaled_features_np", "derf_log_moments_np", "log_relative_variance_np",
    "gerf_optimum_np", "aderf_optimum_np", "sderf_optimum_np", "saderf_optimum_np",
    "as_derf_params_np", "shifted_log_variance_np", "sample_regime", "variance_comparison",
    "FAMILIES", "REGIMES",
    # sampled moments, searches and proof-step helpers (formerly rfsym.derf_verify)
    "example_data", "closed_vs_direct", "family_objective_np", "family_minimum_np",
    "perturbation_minimum_np", "random_derf_params_np", "derf_log_moment_np", "mc_moments", "product_moments",
    "lemma_a4_bound", "max_trace_orthogonal_np", "sderf_G_np", "OPTIMA",
]

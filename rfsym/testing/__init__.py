"""Tests for your own random-feature code against exact values, with a false-alarm rate that is proven.

In the style of :mod:`numpy.testing` and :mod:`scipy.stats`: each ``*_test`` function returns a result
object (:class:`TestResult`: the statistic, the guaranteed rate, the exact value, the sampled mean ±
s.e., the errors detected with 80 % and 95 % power, ``n``, the seed and ``passed``); each ``assert_*``
function wraps it and raises :class:`AssertionError` with that text.

The null hypothesis is "this code implements mechanism X correctly". rfsym's verified formulas give
the exact mean and variance of X's estimate (and its support, and where known its fourth moment,
:mod:`rfsym.testing.law`), so the test does not lean on the sample's standard error, which shrinks
with the rare large terms of heavy-tailed estimates (positive random features at the norms attention
uses). Each side of the test uses a proven bound (:mod:`rfsym.tailbounds`): Bernstein/Maurer where the
estimate is bounded (positive features are :math:`\\ge 0`), the median of block means with
Cantelli's inequality where it is not. **The stated false-alarm rate holds at every input, for every
n; the stated power is a proven lower bound too.** Without a mechanism (a plain callable and a kernel)
the test falls back to the asymptotic z-test, says "ASYMPTOTIC" in its message, and reports heavy-tail
diagnostics.

Inputs may be NumPy arrays, lists, or torch/JAX tensors (GPU tensors are moved to the CPU; neither
package is imported); ``x`` and ``y`` may be batches of shape ``(B, d)``; Gaussian and softmax kernels
take a ``bandwidth``.

Functions
---------
:func:`unbiased_test` / :func:`assert_unbiased`  unbiasedness against the exact kernel.
:func:`mse_test` / :func:`assert_mse`            the sampled MSE against a mechanism's exact MSE.
:func:`haar_test` / :func:`assert_haar`          Haar directions and the chi_d law of the norms.
:func:`check_estimator`   a battery on an estimator, a plain callable or a feature map.
:func:`feature_map_estimator`  wrap ``draw(rng)`` + query/key feature maps into an estimate callable.
:mod:`rfsym.pytest_plugin`  fixtures ``rfsym_rng`` and ``rfsym_budget``.

A failure reads like::

    AssertionError: E[K_hat] at (x, y): mean 1.764 ± 0.0034 (exact s.e.), exact 0.8825: biased by +99.9 %,
    z = +259 (fails low: mean beyond 5.45 s.e., high: mean beyond 5.46 s.e.; false-alarm rate <= 5.7e-07,
    guaranteed (exact variance, non-asymptotic); detects relative errors -2.2 % / +2.2 % with power >= 80 %, ...)
"""

from .core import (DEFAULT_ALPHA, BatchResult, CheckResult, Report, TestResult, as_numpy, assert_mse, assert_unbiased,
                   false_alarm_rate, feature_map_estimator, mse_test, sample_estimates, unbiased_test)
from .haar import assert_haar, haar_test
from .suite import check_estimator
from .law import EstimateLaw, law_of

__all__ = ["DEFAULT_ALPHA", "TestResult", "CheckResult", "BatchResult", "Report", "unbiased_test", "mse_test",
           "assert_unbiased", "assert_mse", "haar_test", "assert_haar", "check_estimator", "feature_map_estimator",
           "sample_estimates", "false_alarm_rate", "as_numpy", "EstimateLaw", "law_of"]

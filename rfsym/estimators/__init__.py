"""One estimator interface over every random-feature mechanism of the four papers.

Modelled on :mod:`scipy.stats` (one interface, many families): :func:`get` returns a *frozen*
estimator object for a mechanism name that users know (``"FAVOR+"``, ``"FAVOR++"``, ``"FAVOR#"``,
``"SimRF"``, ``"RFF"`` ...) or a paper's own name (``"PosRF"``, ``"OPRF"``, ``"SDERF"``, ``"TrigRF"``
...); lookup is case-insensitive and an unknown name raises a ``ValueError`` listing the valid ones.

Every estimator

* draws its random parameters, ``est.draw(d, m, rng, coupling=...)`` (``rng`` a
  :class:`numpy.random.Generator`; couplings ``"iid"``, ``"orthogonal"``, ``"simplex"``,
  ``"simplex+"`` through :func:`rfsym.couplings.sample`);
* maps inputs of shape ``(n, d)`` to features of shape ``(n, M)`` for the query side
  (``est.query_features``) and the key side (``est.key_features``); the kernel estimate is
  :math:`\\widehat K = \\mathrm{Re}(\\Phi_q\\Phi_k^\\top)` (plain, non-conjugating product;
  ``est.estimate`` computes it);
* names the kernel it estimates (``est.kernel``: ``"gaussian"`` :math:`e^{-\\|x-y\\|^2/2}` or
  ``"softmax"`` :math:`e^{x^\\top y}`) and gives it (``est.kernel_value``); any estimator can be
  asked for the other kernel (``kernel=`` in :func:`get`): the features are multiplied by
  :math:`e^{\\pm\\|x\\|^2/2}` (DERF Sec. 2.3, :func:`rfsym.derf.scaled_features_np`);
* gives its exact mean (``est.mean``) and, where the papers or the project have it, its exact MSE
  (``est.mse``, equal to the variance since every estimator here is unbiased), always from the
  library's verified functions (:mod:`rfsym.crt`, :mod:`rfsym.derf`, :mod:`rfsym.hrf`,
  :mod:`rfsym.simrf`); where no exact value is known :class:`NoExactValue` is raised;
* draws independent replicates of its estimate at one pair (``est.sample``), the input of the
  Monte Carlo checks of :mod:`rfsym.testing`.

Parameters that the papers choose from the data (the OPRF :math:`A^*`, the DERF optima, the
Poisson/geometric rates) are set by ``est.fit(X, Y)``, which returns a new frozen estimator.

:func:`attention` compares an estimator's row-normalised linear attention with exact softmax
attention (DERF Eq. (3)).

The package, by topic:

* :mod:`rfsym.estimators.base` -- the base class :class:`RandomFeatures`, :class:`Draw`,
  :class:`NoExactValue`, :data:`KERNELS` and the shared input checks;
* :mod:`rfsym.estimators.mechanisms` -- one subclass per mechanism of the four papers, by family;
* :mod:`rfsym.estimators.registry` -- :func:`get`, :func:`names`, :data:`NAMES`, :data:`ALIASES`,
  :func:`catalogue`;
* :mod:`rfsym.estimators.attention` -- :func:`attention` and :class:`AttentionResult`.

Examples
--------
>>> import numpy as np
>>> from rfsym import estimators
>>> est = estimators.get("favor+")
>>> est.name, est.kernel, est.default_coupling
('FAVOR+', 'gaussian', 'orthogonal')
>>> rng = np.random.default_rng(0)
>>> W = est.draw(4, 8, rng)
>>> est.query_features(np.zeros((3, 4)), W).shape
(3, 8)
>>> x, y = np.array([0.3, 0.0, 0.1, 0.0]), np.array([0.0, 0.2, 0.0, -0.1])
>>> round(est.mean(x, y), 12) == round(float(np.exp(-0.5 * np.sum((x - y) ** 2))), 12)
True
"""

from __future__ import annotations

from .base import KERNELS, Draw, NoExactValue, RandomFeatures
from .registry import ALIASES, NAMES, catalogue, get, names
from .attention import AttentionResult, attention

# private names that rfsym.testing and older code use by their old path rfsym.estimators._name
from .base import _DPS, _alpha, _int, _norm_name, _pair, _points, _rng_check  # noqa: F401
from .registry import _BY_NAME, _CLASSES  # noqa: F401

__all__ = ["get", "names", "NAMES", "ALIASES", "KERNELS", "Draw", "RandomFeatures", "NoExactValue",
           "attention", "AttentionResult", "catalogue"]

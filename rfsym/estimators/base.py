"""The base class of the estimator interface: :class:`RandomFeatures`, :class:`Draw`, :class:`NoExactValue`.

:class:`RandomFeatures` carries what every mechanism shares: its parameters and kernel switching
(``with_kernel``, ``fit``), drawing through :func:`rfsym.couplings.sample`, query and key features
with the rescaling of DERF Sec. 2.3 for the other kernel, estimates, replicates (``sample``), the
exact kernel, mean and MSE. A mechanism (:mod:`rfsym.estimators.mechanisms`) overrides its feature
blocks, its draw and its exact moments. The input checks shared by the other modules of
:mod:`rfsym.estimators` live here too.

Examples
--------
>>> from rfsym.estimators import get
>>> isinstance(get("FAVOR+"), RandomFeatures), get("FAVOR+").n_features(8)
(True, 8)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .. import couplings as _couplings
from .. import derf as _derf
from .. import kernels as _kernels

__all__ = ["KERNELS", "Draw", "RandomFeatures", "NoExactValue"]

#: Kernels an estimator can target.
KERNELS = ("gaussian", "softmax")

_DPS = 20   # digits asked of the high-precision library functions (results returned as float)


class NoExactValue(NotImplementedError):
    """Raised when no exact mean/MSE is known for a mechanism, coupling or setting."""


@dataclass(frozen=True)
class Draw:
    """The random parameters of one draw of an estimator.

    Attributes
    ----------
    d : int
        Input dimension.
    m : int
        Number of random projections (the papers' ``m``/``M``).
    coupling : str
        Coupling of the projections within blocks of ``d`` rows.
    arrays : dict of str to ndarray
        The random objects by name (``"W"``: projections, shape ``(m, d)``; others per estimator).
    """

    d: int
    m: int
    coupling: str
    arrays: dict = field(repr=False)

    def __getitem__(self, key):
        return self.arrays[key]


def _norm_name(name) -> str:
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, got name={name!r}")
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def _rng_check(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    return rng


def _int(v, name, minimum):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {name}={v!r}")
    if v < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {name}={v}")
    return int(v)


def _points(X, name, d=None):
    """Validate a 2-D float array of points (n, d)."""
    try:
        A = np.asarray(X, dtype=float)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{name} must be a real array of shape (n, d), got {type(X).__name__}") from e
    if A.ndim != 2:
        raise ValueError(f"{name} must have shape (n, d), got shape {A.shape}")
    if d is not None and A.shape[1] != d:
        raise ValueError(f"{name} must have d = {d} columns (the dimension of the draw), got shape {A.shape}")
    if not np.all(np.isfinite(A)):
        raise ValueError(f"{name} must be finite (found nan or inf)")
    return A


def _pair(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"x and y must be 1-D points of shape (d,), got shapes {x.shape} and {y.shape}")
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same dimension d, got {x.size} and {y.size}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite (found nan or inf)")
    return x, y


def _alpha(native, target):
    """Scale alpha with K_target = K_native * exp(alpha (|x|^2 + |y|^2))."""
    if native == target:
        return 0.0
    return 0.5 if target == "softmax" else -0.5


# ------------------------------------------------------------------------------------------------
# the base class
# ------------------------------------------------------------------------------------------------


class RandomFeatures:
    """A frozen random-feature estimator (base class; get instances with :func:`get`).

    Class attributes describe the mechanism: ``name`` (canonical), ``aliases``, ``paper`` (where it
    is defined), ``native_kernel`` (the kernel of the paper's formulas), ``couplings`` (couplings it
    can draw), ``exact_couplings`` (couplings with an exact MSE), ``default_coupling``,
    ``needs_fit`` (parameters chosen from data).

    Parameters
    ----------
    kernel : {"gaussian", "softmax"}, optional
        Kernel to estimate; default the mechanism's native kernel.
    coupling : str, optional
        Default coupling of :meth:`draw` (else the mechanism's ``default_coupling``).
    **params
        Mechanism parameters (see each mechanism in :func:`catalogue`).
    """

    name = ""
    aliases: tuple = ()
    paper = ""
    native_kernel = "gaussian"
    couplings: tuple = _couplings.COUPLINGS
    exact_couplings: tuple = ("iid",)
    default_coupling = "iid"
    needs_fit = False
    has_features = True
    param_names: tuple = ()
    blocks_per_projection = 1

    def __init__(self, *, kernel=None, coupling=None, **params):
        kernel = self.native_kernel if kernel is None else kernel
        if kernel not in KERNELS:
            raise ValueError(f"kernel must be one of {KERNELS}, got kernel={kernel!r}")
        self.kernel = kernel
        if coupling is not None:
            self._check_coupling(coupling)
            self.default_coupling = coupling
        bad = sorted(set(params) - set(self.param_names))
        if bad:
            raise TypeError(f"{self.name} got unexpected parameter(s) {bad}; its parameters are "
                            f"{list(self.param_names) + ['kernel', 'coupling']}")
        self.params = {k: params.get(k) for k in self.param_names}
        self._validate_params()

    # -- description -------------------------------------------------------------------------
    def __repr__(self):
        shown = {k: v for k, v in self.params.items() if v is not None and not isinstance(v, (np.ndarray, dict))}
        extra = "".join(f", {k}={v!r}" for k, v in shown.items())
        return f"<rfsym estimator {self.name!r}: kernel={self.kernel!r}, coupling={self.default_coupling!r}{extra}>"

    def _validate_params(self):
        pass

    def _check_coupling(self, coupling):
        if coupling not in self.couplings:
            raise ValueError(f"{self.name} draws with coupling in {self.couplings}, got coupling={coupling!r}")
        return coupling

    def _replace(self, **params):
        new = dict(self.params)
        new.update(params)
        return type(self)(kernel=self.kernel, coupling=self.default_coupling, **new)

    def with_kernel(self, kernel):
        """The same estimator targeting ``kernel`` ("gaussian" or "softmax").

        Examples
        --------
        >>> from rfsym.estimators import get
        >>> get("RFF").with_kernel("softmax").kernel
        'softmax'
        """
        return type(self)(kernel=kernel, coupling=self.default_coupling, **self.params)

    @property
    def fitted(self) -> bool:
        """Whether every data-dependent parameter is set."""
        return True

    def fit(self, X, Y):
        """Set the data-dependent parameters from query and key sets; returns a new estimator.

        Parameter-free mechanisms return themselves unchanged.

        Parameters
        ----------
        X, Y : array_like, shape (n, d) and (n', d)
            Query and key points.
        """
        X = _points(X, "X")
        _points(Y, "Y", X.shape[1])
        return self

    def _require_fitted(self):
        if not self.fitted:
            missing = [k for k in self.param_names if self.params.get(k) is None]
            raise ValueError(f"{self.name} needs its data-dependent parameters {missing}: pass them to get() "
                             f"or call .fit(X, Y) first")

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, d, m, rng, coupling=None) -> Draw:
        """Draw the random parameters for dimension ``d`` and ``m`` projections.

        Parameters
        ----------
        d : int
            Input dimension.
        m : int
            Number of random projections; for ``m > d`` coupled couplings stack independent blocks
            of ``d`` rows (:func:`rfsym.couplings.sample`).
        rng : numpy.random.Generator
        coupling : {"iid", "orthogonal", "simplex", "simplex+"}, optional
            Default: the estimator's ``default_coupling``.

        Returns
        -------
        Draw
        """
        d = _int(d, "d", 1)
        m = _int(m, "m", 1)
        _rng_check(rng)
        coupling = self._check_coupling(self.default_coupling if coupling is None else coupling)
        self._require_fitted()
        return Draw(d, m, coupling, self._draw_arrays(d, m, rng, coupling))

    def _draw_arrays(self, d, m, rng, coupling):
        return {"W": _couplings.sample(coupling, d, m, rng)}

    # -- features --------------------------------------------------------------------------
    def n_features(self, m):
        """Width ``M`` of the feature vectors for ``m`` projections."""
        return self.blocks_per_projection * _int(m, "m", 1)

    def _blocks(self, X, arrays, side):  # pragma: no cover - abstract
        raise NotImplementedError

    def _side_features(self, X, draw, side, name):
        if not isinstance(draw, Draw):
            raise TypeError(f"draw must be a Draw returned by {self.name}.draw(), got {type(draw).__name__}")
        X = _points(X, name, draw.d)
        if not self.has_features:
            raise NotImplementedError(f"{self.name} has no explicit feature map in rfsym; use .sample()")
        F = self._blocks(X, draw.arrays, side)              # (n, m, t)
        F = F.reshape(X.shape[0], -1) / math.sqrt(draw.m)
        a = _alpha(self.native_kernel, self.kernel)
        return _derf.scaled_features_np(F, X, a) if a else F

    def query_features(self, X, draw):
        """Query-side features :math:`\\Phi_q(X)`, shape ``(n, M)`` (real or complex).

        Parameters
        ----------
        X : array_like, shape (n, d)
        draw : Draw
            From :meth:`draw`; the key side must use the same draw.

        Returns
        -------
        ndarray, shape (n, M)
        """
        return self._side_features(X, draw, "query", "X")

    def key_features(self, Y, draw):
        """Key-side features :math:`\\Phi_k(Y)`, shape ``(n, M)``; see :meth:`query_features`."""
        return self._side_features(Y, draw, "key", "Y")

    def estimate(self, X, Y, draw):
        """Kernel estimates :math:`\\mathrm{Re}(\\Phi_q(X)\\Phi_k(Y)^\\top)`, shape ``(n_X, n_Y)``."""
        P = self.query_features(X, draw)
        S = self.key_features(Y, draw)
        return np.real(P @ S.T)

    # -- sampling at one pair --------------------------------------------------------------
    def sample(self, x, y, m, reps, rng, coupling=None):
        """``reps`` independent replicates of the ``m``-projection estimate of the kernel at ``(x, y)``.

        Parameters
        ----------
        x, y : array_like, shape (d,)
        m : int
            Projections per replicate.
        reps : int
            Number of independent replicates.
        rng : numpy.random.Generator
        coupling : str, optional

        Returns
        -------
        ndarray, shape (reps,)
        """
        x, y = _pair(x, y)
        m = _int(m, "m", 1)
        reps = _int(reps, "reps", 1)
        _rng_check(rng)
        coupling = self._check_coupling(self.default_coupling if coupling is None else coupling)
        self._require_fitted()
        d = x.size
        mb = m if coupling == "iid" else -(-m // d) * d      # whole blocks per replicate
        out = np.empty(reps)
        chunk = max(1, 400_000 // (mb * d))
        a = _alpha(self.native_kernel, self.kernel)
        scale = math.exp(a * float(x @ x + y @ y)) if a else 1.0
        for s in range(0, reps, chunk):
            k = min(chunk, reps - s)
            arrays = self._draw_arrays(d, mb * k, rng, coupling)
            arrays = {n: v.reshape((k, mb) + v.shape[1:])[:, :m].reshape((k * m,) + v.shape[1:])
                      for n, v in arrays.items()}
            bq = self._blocks(x[None], arrays, "query")[0]
            bk = self._blocks(y[None], arrays, "key")[0]
            g = np.real((bq * bk).sum(-1)).reshape(k, m).mean(axis=1)
            out[s:s + k] = g * scale
        return out

    # -- exact values ----------------------------------------------------------------------
    def kernel_value(self, X, Y):
        """The exact kernel this estimator targets, float64, shape ``(n_X, n_Y)``.

        Examples
        --------
        >>> from rfsym.estimators import get
        >>> get("FAVOR+").kernel_value([[0.0, 1.0]], [[0.0, 0.0]]).round(6).tolist()
        [[0.606531]]
        """
        X = _points(X, "X")
        Y = _points(Y, "Y", X.shape[1])
        f = _kernels.gaussian_kernel_np if self.kernel == "gaussian" else _kernels.softmax_kernel_np
        return f(X[:, None, :], Y[None, :, :])

    def mean(self, x, y):
        """Exact mean of the estimate at ``(x, y)``: the kernel value (every estimator is unbiased).

        Computed at 20 digits by :func:`rfsym.kernels.gaussian_kernel` or
        :func:`rfsym.kernels.softmax_kernel` and returned as float.
        """
        x, y = _pair(x, y)
        f = _kernels.gaussian_kernel if self.kernel == "gaussian" else _kernels.softmax_kernel
        return float(f(x.tolist(), y.tolist(), dps=_DPS))

    def _native_mse(self, x, y, m, coupling):  # pragma: no cover - per mechanism
        raise NoExactValue(f"no exact MSE is known for {self.name}")

    def mse(self, x, y, m, coupling=None):
        """Exact MSE (= variance) of the ``m``-projection estimate at ``(x, y)``, float.

        Parameters
        ----------
        x, y : array_like, shape (d,)
        m : int
            Number of projections.
        coupling : str, optional
            Default: the estimator's ``default_coupling``.

        Raises
        ------
        NoExactValue
            When neither the papers nor the project have the exact value for this coupling.
        """
        x, y = _pair(x, y)
        m = _int(m, "m", 1)
        coupling = self._check_coupling(self.default_coupling if coupling is None else coupling)
        if coupling not in self.exact_couplings:
            raise NoExactValue(f"no exact MSE is known for {self.name} with coupling={coupling!r}; "
                               f"exact values exist for couplings {self.exact_couplings}")
        self._require_fitted()
        v = float(self._native_mse(x, y, m, coupling))
        a = _alpha(self.native_kernel, self.kernel)
        return v * math.exp(2 * a * float(x @ x + y @ y)) if a else v

    var = mse

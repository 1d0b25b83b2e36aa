"""The mechanisms of the four papers, one :class:`~rfsym.estimators.base.RandomFeatures` subclass each.

By family: trigonometric RFs (RFF of CRT/SimRF, DERF's random-phase variant), positive RFs and their
couplings (PosRF, FAVOR+, SimRF, SimRF+, HRF's antithetic estimator), GERF and OPRF/FAVOR++ (CRT
Secs. 3.1, 4), the discretely induced RFs (CRT Sec. 3.2), the DERF family (ADERF, SDERF, SADERF,
FAVOR#), HRF's complex exponential estimator and the angular and Gaussian hybrids. Each class names
its paper (``paper``), its native kernel and the couplings with an exact MSE, and takes its exact
moments from the library's verified functions. The classes are private: get instances by name with
:func:`rfsym.estimators.get` (:mod:`rfsym.estimators.registry`), which lists them in the catalogue
order of ``_CLASSES`` below.

Examples
--------
>>> [c.name for c in _CLASSES][:4]
['RFF', 'RFF-phase', 'PosRF', 'FAVOR+']
"""

from __future__ import annotations

import math

import numpy as np

from .. import couplings as _couplings
from .. import crt as _crt
from .. import derf as _derf
from .. import hrf as _hrf
from .. import simrf as _simrf
from .base import _DPS, Draw, RandomFeatures, _alpha, _int, _pair, _points, _rng_check

__all__ = []

# ------------------------------------------------------------------------------------------------
# CRT / SimRF / HRF / DERF mechanisms
# ------------------------------------------------------------------------------------------------


class _TrigRF(RandomFeatures):
    """TrigRF / random Fourier features: :math:`e^{\\mathrm i\\omega^\\top x}`, :math:`e^{-\\mathrm i\\omega^\\top y}` (CRT Sec. 2.2, GERF with A = 0, s = -1)."""

    name = "RFF"
    aliases = ("TrigRF", "trig", "FAVOR", "random Fourier features", "RKS", "SimRFF")
    paper = "CRT Sec. 2.2 (GERF Eq. (4) with A = 0, s = -1); SimRF Sec. 4.1 (RFFs with couplings)"
    exact_couplings = ("iid", "orthogonal")

    def _blocks(self, X, arrays, side):
        return _crt.gerf_features(X, arrays["W"], 0.0, -1, 1 if side == "query" else 2)[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        iid = _crt.trig_variance(x.tolist(), y.tolist(), dps=_DPS) / m
        if coupling == "iid":
            return iid
        z = float(np.linalg.norm(x - y))
        return iid - _simrf.rff_orthogonality_gap(x.size, m, z, dps=_DPS)   # SimRF Thm 4.5, Eq. (26)


class _TrigPhase(RandomFeatures):
    """TrigRF with a random phase, :math:`\\sqrt2 e^{\\|x\\|^2/2}\\cos(\\omega^\\top x+\\theta)` (DERF Eqs. (4)-(5), corrected sign)."""

    name = "RFF-phase"
    aliases = ("TrigRF-phase", "trig-phase", "random phase")
    paper = "DERF Sec. 2.3, Eqs. (4)-(5) (the key side uses cos(w^T y + theta): see DERF-Eq5)"
    native_kernel = "softmax"

    def _draw_arrays(self, d, m, rng, coupling):
        W = _couplings.sample(coupling, d, m, rng)
        return {"W": W, "theta": rng.uniform(0.0, 2 * math.pi, size=m)}

    def _blocks(self, X, arrays, side):
        return _derf.trig_features_np(arrays["W"], arrays["theta"], X, k=1 if side == "query" else 2)[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        lr = float(_derf.log_relative_variance_np("trig", x[None], y[None])[0, 0])
        return math.exp(lr + 2 * float(x @ y)) / m


class _PosRF(RandomFeatures):
    """Positive random features :math:`e^{\\omega^\\top x-\\|x\\|^2}` (CRT Sec. 2.2; SimRF Eq. (7))."""

    name = "PosRF"
    aliases = ("positive", "PRF", "positive random features")
    paper = "CRT Sec. 2.2 (Performer [13]); SimRF Eq. (7) with the iid/orthogonal/simplex couplings"
    exact_couplings = ("iid", "orthogonal", "simplex")

    def _blocks(self, X, arrays, side):
        return _crt.gerf_features(X, arrays["W"], 0.0, 1, 1 if side == "query" else 2).real[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        if coupling == "iid":
            return _crt.pos_variance(x.tolist(), y.tolist(), dps=_DPS) / m
        return _simrf.prf_mse(coupling, x.tolist(), y.tolist(), m, dps=_DPS)   # SimRF Thm 3.2, Eq. (11)


class _FavorPlus(_PosRF):
    name = "FAVOR+"
    aliases = ("ORF", "PosRF-orthogonal", "Performer")
    paper = "CRT Sec. 1 / SimRF Sec. 2: PosRF with orthogonal projections (Performer [13])"
    default_coupling = "orthogonal"


class _SimRF(_PosRF):
    name = "SimRF"
    aliases = ("simplex", "PosRF-simplex", "simplex random features")
    paper = "SimRF Sec. 3, Eqs. (7)-(9): PosRF with simplex-coupled projections"
    default_coupling = "simplex"


class _SimRFPlus(_PosRF):
    name = "SimRF+"
    aliases = ("simplex+", "PosRF-simplex+")
    paper = "SimRF Sec. 3.2, Eq. (17): PosRF with the SimRF+ coupling (no closed-form MSE)"
    default_coupling = "simplex+"


class _Antithetic(RandomFeatures):
    """HRF's positive estimator with antithetic pairs, features :math:`e^{\\pm\\omega^\\top x-\\|x\\|^2/2}/\\sqrt2` (HRF Eq. (3))."""

    name = "PosRF-antithetic"
    aliases = ("SM++", "HRF-pos", "positive++", "antithetic")
    paper = "HRF Sec. 2, Eq. (3); MSE Lemma 2.2"
    native_kernel = "softmax"
    blocks_per_projection = 2

    def _blocks(self, X, arrays, side):
        W = arrays["W"]
        return np.stack([_derf.pos_features_np(W, X), _derf.pos_features_np(-W, X)], axis=-1) / math.sqrt(2)

    def _native_mse(self, x, y, m, coupling):
        return _hrf.mse_pos(x.tolist(), y.tolist(), m, dps=_DPS)


class _GERF(RandomFeatures):
    """Generalized exponential RFs, CRT Eqs. (4)-(5): complex A with Re(1-8A) > 0 and s = +-1."""

    name = "GERF"
    aliases = ("generalized exponential", "generalized exponential random features")
    paper = "CRT Sec. 3.1, Thm 3.1 (Eqs. (4)-(5)); variance Thm 3.2, Eq. (6)"
    param_names = ("A", "s")

    def _validate_params(self):
        A = self.params["A"]
        if A is None:
            raise ValueError(f"{self.name} needs A (complex, Re(1 - 8A) > 0)")
        try:
            A = complex(A)
        except TypeError as e:
            raise TypeError(f"A must be a number, got A={A!r}") from e
        if not (1 - 8 * A).real > 0:
            raise ValueError(f"A must satisfy Re(1 - 8A) > 0, got A={A}")
        s = self.params["s"]
        if s not in (-1, 1) or isinstance(s, bool):
            raise ValueError(f"s must be -1 or +1, got s={s!r}")
        self.params["A"] = A

    def _blocks(self, X, arrays, side):
        return _crt.gerf_features(X, arrays["W"], self.params["A"], self.params["s"],
                                  1 if side == "query" else 2)[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        A = self.params["A"]
        A = A.real if A.imag == 0 else A
        return _crt.gerf_variance(x.tolist(), y.tolist(), A, self.params["s"], dps=_DPS) / m


class _OPRF(RandomFeatures):
    """Optimal positive RFs: GERF with s = +1 and real A < 1/8, A chosen by CRT Thm 3.3."""

    name = "OPRF"
    aliases = ("optimal positive", "optimal positive random features", "GERF+")
    paper = "CRT Sec. 3.1, Thm 3.3 (A*); variance Thm 3.2, Eq. (6); couplings: rfsym.atlas derivation"
    exact_couplings = ("iid", "orthogonal", "simplex")
    needs_fit = True
    param_names = ("A",)

    def _validate_params(self):
        A = self.params["A"]
        if A is not None:
            if isinstance(A, bool) or not isinstance(A, (int, float, np.integer, np.floating)):
                raise TypeError(f"A must be a real number, got A={A!r}")
            if not (np.isfinite(A) and A < 0.125):
                raise ValueError(f"A must satisfy A < 1/8, got A={A}")
            self.params["A"] = float(A)

    @property
    def fitted(self):
        return self.params["A"] is not None

    def fit(self, X, Y):
        """Set :math:`A^*` by CRT Thm 3.3 with the homogeneity statistic (CRT Eq. (8)) of the sets.

        :math:`s_2 = L^{-2}\\sum_{i,j}\\|x_i+y_j\\|^2` (:func:`rfsym.crt.homogeneity_statistic`),
        :math:`A^* =` :func:`rfsym.crt.oprf_a_star` ``(d, s2)``; for one pair this is the pair optimum.

        Examples
        --------
        >>> from rfsym.estimators import get
        >>> est = get("OPRF").fit([[1.0, 0.0]], [[0.0, 1.0]])
        >>> from rfsym import crt
        >>> round(est.params["A"], 10) == round(float(crt.oprf_a_star(2, 2)), 10)
        True
        """
        X = _points(X, "X")
        Y = _points(Y, "Y", X.shape[1])
        s2 = _crt.homogeneity_statistic(X, Y, 1)
        return self._replace(A=float(_crt.oprf_a_star(X.shape[1], s2, dps=_DPS)))

    def _blocks(self, X, arrays, side):
        return _crt.gerf_features(X, arrays["W"], self.params["A"], 1, 1 if side == "query" else 2).real[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        iid = _crt.gerf_variance(x.tolist(), y.tolist(), self.params["A"], 1, dps=_DPS) / m
        if coupling == "iid":
            return iid
        # rfsym.atlas (module docstring): coupling the directions changes the OPRF MSE by exactly the
        # amount it changes the PosRF MSE, for every A (SimRF Eq. (11) gives both PosRF MSEs)
        xl, yl = x.tolist(), y.tolist()
        return iid + (_simrf.prf_mse(coupling, xl, yl, m, dps=_DPS) - _simrf.prf_mse("iid", xl, yl, m, dps=_DPS))


class _FavorPP(_OPRF):
    name = "FAVOR++"
    aliases = ("OPRF-orthogonal",)
    paper = "CRT Sec. 4: OPRF with block-orthogonal projections (Thm 4.1)"
    default_coupling = "orthogonal"


class _Discrete(RandomFeatures):
    """Discretely induced RFs (CRT Sec. 3.2, Eq. (10)); the "+" variants shift the inputs by c."""

    couplings = ("iid",)
    needs_fit = True
    kind = "poisson"
    shifted = False

    @property
    def param_names(self):
        base = ("lam",) if self.kind == "poisson" else ("p",)
        return base + (("c",) if self.shifted else ())

    def _validate_params(self):
        k = self.param_names[0]
        v = self.params[k]
        if v is not None:
            v = float(v)
            ok = v > 0 if k == "lam" else 0 < v < 1
            if not ok:
                raise ValueError(f"{k} must satisfy {'lam > 0' if k == 'lam' else '0 < p < 1'}, got {k}={v}")
            self.params[k] = v
        if self.shifted and self.params["c"] is not None:
            c = np.asarray(self.params["c"], dtype=float)
            if c.ndim != 1 or not np.all(np.isfinite(c)):
                raise ValueError(f"c must be a finite 1-D shift vector, got shape {c.shape}")
            self.params["c"] = c

    @property
    def fitted(self):
        return all(self.params[k] is not None for k in self.param_names)

    def _shift(self, X):
        if not self.shifted:
            return X
        c = self.params["c"]
        if c.size != X.shape[-1]:
            raise ValueError(f"c must have length d = {X.shape[-1]}, got {c.size}")
        return X - c

    def fit(self, X, Y, eps=1e-8):
        """Rate from the statistics of CRT Eqs. (12)/(14) (after the shift c of the + variants).

        PoisRF: :math:`\\lambda = (d^{-1}\\,\\overline{\\sum_l x_l^2y_l^2})^{1/2}` with the average of
        :func:`rfsym.crt.poisson_statistic` (the pair optimum of Sec. 3.2.1 for one pair).
        GeomRF: :func:`rfsym.crt.geometric_p_star_np` of :func:`rfsym.crt.geometric_statistic`.
        PoisRF+/GeomRF+: :math:`c_l = \\min_i\\min(x^{(i)}_l, y^{(i)}_l) - \\epsilon` (CRT Sec. 3.2, App. 9.10).
        """
        X = _points(X, "X")
        Y = _points(Y, "Y", X.shape[1])
        new = {}
        if self.shifted:
            new["c"] = np.minimum(X.min(0), Y.min(0)) - eps
            X, Y = X - new["c"], Y - new["c"]
        if self.kind == "poisson":
            new["lam"] = math.sqrt(float(_crt.poisson_statistic(X, Y)) / X.shape[1])
        else:
            new["p"] = _crt.geometric_p_star_np(_crt.geometric_statistic(X, Y))
        return self._replace(**new)

    def _draw_arrays(self, d, m, rng, coupling):
        return {"W": _crt.sample_omega(self.kind, d, m, rng, lam=self.params.get("lam"), p=self.params.get("p"))}

    def _blocks(self, X, arrays, side):
        lf, sg = _crt.dirf_features(self._shift(X), arrays["W"], self.kind, lam=self.params.get("lam"),
                                    p=self.params.get("p"))
        return (sg * np.exp(lf))[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        xs, ys = self._shift(x[None])[0].tolist(), self._shift(y[None])[0].tolist()
        if self.kind == "poisson":
            return _crt.poisson_variance(xs, ys, self.params["lam"], dps=_DPS) / m
        return _crt.geometric_variance(xs, ys, self.params["p"], dps=_DPS) / m


class _PoisRF(_Discrete):
    name = "PoisRF"
    aliases = ("poisson", "poisson random features")
    paper = "CRT Sec. 3.2.1, Eq. (10); variance Thm 3.4, Eq. (11)"


class _GeomRF(_Discrete):
    name = "GeomRF"
    aliases = ("geometric", "geometric random features")
    paper = "CRT Sec. 3.2.2, Eq. (10); variance Thm 3.5, Eq. (13)"
    kind = "geometric"


class _PoisRFPlus(_Discrete):
    name = "PoisRF+"
    aliases = ("poisson+",)
    paper = "CRT Sec. 3.2 (inputs shifted by c to positive entries)"
    shifted = True


class _GeomRFPlus(_Discrete):
    name = "GeomRF+"
    aliases = ("geometric+",)
    paper = "CRT Sec. 3.2 (inputs shifted by c to positive entries)"
    kind = "geometric"
    shifted = True


class _DERF(RandomFeatures):
    """Dense-exponential RFs :math:`D\\exp(\\omega^\\top A\\omega+\\omega^\\top B^{(k)}x+x^\\top C^{(k)}x)` (DERF Sec. 4)."""

    native_kernel = "softmax"
    needs_fit = True
    param_names = ("params",)
    family = "sderf"
    _optimum = None

    @property
    def fitted(self):
        return self.params["params"] is not None

    def _validate_params(self):
        p = self.params["params"]
        if p is not None:
            if not isinstance(p, dict) or not {"A", "B1", "B2", "C1", "C2", "D"} <= set(p):
                raise ValueError("params must be a dict with keys A, B1, B2, C1, C2, D "
                                 "(rfsym.derf.as_derf_params_np), or None and set by .fit(X, Y)")

    def fit(self, X, Y):
        """Optimal parameters for the sets (DERF Thms 4.2/4.3, Sec. 4.3) from ``rfsym.derf.<family>_optimum_np``."""
        X = _points(X, "X")
        Y = _points(Y, "Y", X.shape[1])
        opt = getattr(_derf, f"{self.family}_optimum_np")(X, Y)
        return self._replace(params=_derf.as_derf_params_np(self.family, opt, d=X.shape[1]))

    def _blocks(self, X, arrays, side):
        p = self.params["params"]
        if p["A"].shape[0] != X.shape[1]:
            raise ValueError(f"the fitted parameters have d = {p['A'].shape[0]}, got points of dimension {X.shape[1]}")
        k = "1" if side == "query" else "2"
        return _derf.derf_features_np(arrays["W"], X, p["A"], p["B" + k], p["C" + k], p["D"])[:, :, None]

    def _native_mse(self, x, y, m, coupling):
        p = self.params["params"]
        args = [np.asarray(p[k], dtype=float).tolist() for k in ("A", "B1", "B2", "C1", "C2")]
        return _derf.derf_variance(*args, float(p["D"]), x.tolist(), y.tolist(), dps=_DPS) / m

    def mean(self, x, y):
        """Exact mean from the fitted parameters, :func:`rfsym.derf.derf_mean` (equals the kernel for valid DERFs)."""
        x, y = _pair(x, y)
        self._require_fitted()
        p = self.params["params"]
        args = [np.asarray(p[k], dtype=float).tolist() for k in ("A", "B1", "B2", "C1", "C2")]
        v = float(_derf.derf_mean(*args, float(p["D"]), x.tolist(), y.tolist(), dps=_DPS))
        a = _alpha(self.native_kernel, self.kernel)
        return v * math.exp(a * float(x @ x + y @ y)) if a else v


class _ADERF(_DERF):
    name = "ADERF"
    aliases = ("asymmetric dense-exponential", "asymmetric DERF")
    paper = "DERF Sec. 4.1, Thm 4.2; variance Thm 4.1, Eq. (9)"
    family = "aderf"


class _SDERF(_DERF):
    name = "SDERF"
    aliases = ("symmetric dense-exponential", "symmetric DERF", "DERF", "SDRF")
    paper = "DERF Sec. 4.2, Thm 4.3; variance Thm 4.1, Eq. (9)"
    family = "sderf"


class _SADERF(_DERF):
    name = "SADERF"
    aliases = ("simplified ADERF", "simplified asymmetric dense-exponential")
    paper = "DERF Sec. 4.3 (GERF of Psi x and Psi^-1 y); variance Thm 4.1, Eq. (9)"
    family = "saderf"


class _FavorSharp(_SDERF):
    name = "FAVOR#"
    aliases = ("FAVOR-sharp", "SDERF-orthogonal")
    paper = ("DERF Sec. 5.3: SDERF with orthogonal projections (speech experiments; App. C: 'orthogonal "
             "omegas for all types of RFs'); the GLUE runs used SADERF: get('SADERF', coupling='orthogonal')")
    default_coupling = "orthogonal"


class _CE(RandomFeatures):
    """Complex exponential RFs with a diagonal real A = diag(a) (HRF Sec. 2.3, Eqs. (14)-(16); maps (91)-(92))."""

    name = "CE"
    aliases = ("complex exponential", "HRF-CE", "complex exponential estimator")
    paper = "HRF Sec. 2.3, Eqs. (14)-(16); feature maps App. H Eqs. (91)-(92); moments Lemma 2.4"
    native_kernel = "softmax"
    param_names = ("a",)

    def _validate_params(self):
        a = self.params["a"]
        if a is None:
            raise ValueError("CE needs a (the diagonal of A, real and non-zero)")
        a = np.asarray(a, dtype=float)
        if a.ndim != 1 or np.any(a == 0) or not np.all(np.isfinite(a)):
            raise ValueError(f"a must be a 1-D array of finite non-zero reals, got {a!r}")
        self.params["a"] = a

    def _blocks(self, X, arrays, side):
        a = self.params["a"]
        if a.size != X.shape[1]:
            raise ValueError(f"a must have length d = {X.shape[1]}, got {a.size}")
        W = arrays["W"]
        inv = side == "key"
        return np.stack([_hrf.cluster_ce_map(u, a, W, inverse=inv) for u in X])[:, :, None] * math.sqrt(W.shape[0])

    def _native_mse(self, x, y, m, coupling):
        A = np.diag(self.params["a"]).tolist()
        return _hrf.cexp_moments(x.tolist(), y.tolist(), A, m, dps=_DPS)["var_real"]


class _AngularHybrid(RandomFeatures):
    """Bipolar angular hybrid: :math:`\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)\\widehat{SM}^{trig}_m` (HRF Eq. (12), (19))."""

    name = "angular-hybrid"
    aliases = ("HRF", "hybrid", "HRF-angular", "bipolar angular hybrid")
    paper = "HRF Sec. 3, Eqs. (12), (19); features Lemma 2.3, Eq. (11); MSE Thm D.1, Eqs. (45)-(46)"
    native_kernel = "softmax"
    param_names = ("n", "shared")

    def _validate_params(self):
        n = 8 if self.params["n"] is None else self.params["n"]
        self.params["n"] = _int(n, "n", 1)
        self.params["shared"] = bool(self.params["shared"])

    def n_features(self, m):
        return _hrf.feature_map_dimension(_int(m, "m", 1), self.params["n"], (2, 2), (1,))

    def _draw_arrays(self, d, m, rng, coupling):
        Wp = _couplings.sample(coupling, d, m, rng)
        Wt = Wp if self.params["shared"] else _couplings.sample(coupling, d, m, rng)
        return {"W_pos": Wp, "W_trig": Wt, "T": _couplings.sample("iid", d, self.params["n"], rng)}

    def _side_features(self, X, draw, side, name):
        if not isinstance(draw, Draw):
            raise TypeError(f"draw must be a Draw returned by {self.name}.draw(), got {type(draw).__name__}")
        X = _points(X, name, draw.d)
        a = draw.arrays
        F = np.stack([_hrf.hybrid_feature_maps(u, u, a["W_pos"], a["W_trig"], a["T"])[0] for u in X])
        al = _alpha(self.native_kernel, self.kernel)
        return _derf.scaled_features_np(F, X, al) if al else F

    def sample(self, x, y, m, reps, rng, coupling=None):
        x, y = _pair(x, y)
        m, reps = _int(m, "m", 1), _int(reps, "reps", 1)
        coupling = self._check_coupling(self.default_coupling if coupling is None else coupling)
        est = _hrf.sample_angular_hybrid(x, y, m, self.params["n"], _rng_check(rng), reps,
                                         shared=self.params["shared"], coupling=coupling)
        al = _alpha(self.native_kernel, self.kernel)
        return est * math.exp(al * float(x @ x + y @ y)) if al else est

    def _native_mse(self, x, y, m, coupling):
        return _hrf.angular_hybrid_mse(x.tolist(), y.tolist(), m, self.params["n"], shared=self.params["shared"],
                                       dps=_DPS)


class _GaussianHybrid(RandomFeatures):
    """Normalized bipolar Gaussian hybrid (HRF App. F, Eqs. (67)-(70)); sampled estimates only.

    ``r`` (the common norm in :math:`\\rho = 1 - e^{-2\\sigma^2 r^2}`, Eq. (68)) defaults to ``||x||``
    at each pair, as in :func:`rfsym.hrf.sample_gaussian_hybrid`.
    """

    name = "gaussian-hybrid"
    aliases = ("HRF-gaussian", "normalized bipolar gaussian hybrid")
    paper = "HRF App. F, Eqs. (67)-(70); MSE Thm F.1, Eq. (71)"
    native_kernel = "softmax"
    couplings = ("iid",)
    has_features = False
    param_names = ("n", "sigma", "r", "shared")

    def _validate_params(self):
        self.params["n"] = _int(8 if self.params["n"] is None else self.params["n"], "n", 1)
        s = 1.0 if self.params["sigma"] is None else float(self.params["sigma"])
        if not s > 0:
            raise ValueError(f"sigma must satisfy sigma > 0, got sigma={s}")
        self.params["sigma"] = s
        if self.params["r"] is not None and not float(self.params["r"]) > 0:
            raise ValueError(f"r must satisfy r > 0, got r={self.params['r']}")
        self.params["shared"] = bool(self.params["shared"])

    def n_features(self, m):
        raise NotImplementedError("gaussian-hybrid has no explicit feature map in rfsym; use .sample()")

    def sample(self, x, y, m, reps, rng, coupling=None):
        x, y = _pair(x, y)
        m, reps = _int(m, "m", 1), _int(reps, "reps", 1)
        self._check_coupling(self.default_coupling if coupling is None else coupling)
        p = self.params
        r = float(np.linalg.norm(x)) if p["r"] is None else p["r"]
        est = _hrf.sample_gaussian_hybrid(x, y, m, p["n"], p["sigma"], _rng_check(rng), reps, r=r,
                                          shared=p["shared"])
        al = _alpha(self.native_kernel, self.kernel)
        return est * math.exp(al * float(x @ x + y @ y)) if al else est

    def _native_mse(self, x, y, m, coupling):
        p = self.params
        r = float(np.linalg.norm(x)) if p["r"] is None else p["r"]     # App. F: rho uses r = ||x|| (= ||y||)
        return _hrf.gaussian_hybrid_mse(x.tolist(), y.tolist(), m, p["n"], p["sigma"], r, shared=p["shared"],
                                        dps=_DPS)


_CLASSES = (_TrigRF, _TrigPhase, _PosRF, _FavorPlus, _SimRF, _SimRFPlus, _Antithetic, _GERF, _OPRF, _FavorPP,
            _PoisRF, _GeomRF, _PoisRFPlus, _GeomRFPlus, _ADERF, _SDERF, _SADERF, _FavorSharp, _CE,
            _AngularHybrid, _GaussianHybrid)

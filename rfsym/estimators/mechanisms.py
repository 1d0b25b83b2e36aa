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


class _BipolarHybrid(RandomFeatures):
    """What the bipolar hybrids :math:`\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)\\widehat{SM}^{trig}_m` (HRF Eq. (12)) share.

    Random parameters: ``W_pos`` and ``W_trig`` (the ``m`` projections of the two base estimators,
    the same array when ``shared``) and ``T`` (the ``n`` iid Gaussian rows of the coefficient
    estimator :math:`\\hat\\lambda`, independent of the base projections as Eq. (8) requires).
    Features follow the four blocks of HRF Lemma 2.3, Eq. (11), with :math:`t_1=t_2=2` base blocks
    and ``_lam_blocks`` (:math:`l_1`) coefficient blocks; a subclass builds them in ``_hybrid_features``.
    """

    native_kernel = "softmax"
    _lam_blocks = 1

    def _validate_n_shared(self):
        self.params["n"] = _int(8 if self.params["n"] is None else self.params["n"], "n", 1)
        self.params["shared"] = bool(self.params["shared"])

    def n_features(self, m):
        return _hrf.feature_map_dimension(_int(m, "m", 1), self.params["n"], (2, 2), (self._lam_blocks,))

    def _base_draw(self, d, m, rng, coupling):
        Wp = _couplings.sample(coupling, d, m, rng)
        return Wp, (Wp if self.params["shared"] else _couplings.sample(coupling, d, m, rng))

    def _hybrid_features(self, X, arrays, side):  # pragma: no cover - per mechanism
        raise NotImplementedError

    def _side_features(self, X, draw, side, name):
        if not isinstance(draw, Draw):
            raise TypeError(f"draw must be a Draw returned by {self.name}.draw(), got {type(draw).__name__}")
        missing = sorted({"W_pos", "W_trig", "T"} - set(draw.arrays))
        if missing:
            raise ValueError(f"draw lacks the arrays {missing}: pass a Draw returned by {self.name}.draw()")
        X = _points(X, name, draw.d)
        F = self._hybrid_features(X, draw.arrays, side)
        al = _alpha(self.native_kernel, self.kernel)
        return _derf.scaled_features_np(F, X, al) if al else F


class _AngularHybrid(_BipolarHybrid):
    """Bipolar angular hybrid: :math:`\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)\\widehat{SM}^{trig}_m` (HRF Eq. (12), (19))."""

    name = "angular-hybrid"
    aliases = ("HRF", "hybrid", "HRF-angular", "bipolar angular hybrid")
    paper = "HRF Sec. 3, Eqs. (12), (19); features Lemma 2.3, Eq. (11); MSE Thm D.1, Eqs. (45)-(46)"
    param_names = ("n", "shared")

    def _validate_params(self):
        self._validate_n_shared()

    def _draw_arrays(self, d, m, rng, coupling):
        Wp, Wt = self._base_draw(d, m, rng, coupling)
        return {"W_pos": Wp, "W_trig": Wt, "T": _couplings.sample("iid", d, self.params["n"], rng)}

    def _hybrid_features(self, X, arrays, side):
        a = arrays
        return np.stack([_hrf.hybrid_feature_maps(u, u, a["W_pos"], a["W_trig"], a["T"])[0] for u in X])

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


class _GaussianHybrid(_BipolarHybrid):
    """Normalized bipolar Gaussian hybrid (HRF App. F, Eqs. (67)-(70)) as a feature inner product.

    Estimator (Eqs. (12), (69)): :math:`\\widehat{SM}=\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)
    \\widehat{SM}^{trig}_m` with :math:`\\hat\\lambda=(1-\\hat C)/\\rho`,
    :math:`\\hat C=\\frac1n\\sum_{i\\le n}\\cos(\\sigma\\tau_i^\\top(x-y))`, :math:`\\tau_i` iid
    :math:`\\mathcal N(0,I_d)` independent of the base projections, and :math:`\\rho=1-e^{-2\\sigma^2r^2}`
    (Eq. (68)). ``r`` is the common norm of App. F's normalized setting; by default it is the norm of
    the query, :math:`r=\\|x\\|` (as :func:`rfsym.hrf.sample_gaussian_hybrid` and
    :func:`rfsym.hrf.gaussian_hybrid_mse` take it), so :math:`\\rho=\\rho(x)` depends on the query only.
    The inputs themselves are not normalised: the coefficient kernel acts on :math:`x-y` (Eq. (67)).

    Derivation of the features. Every factor is an inner product of a query-side and a key-side vector:
    :math:`\\widehat{SM}^{++}_m=\\phi_{++}(x)^\\top\\phi_{++}(y)` with
    :math:`\\phi_{++}(u)=\\frac{e^{-\\|u\\|^2/2}}{\\sqrt{2m}}(e^{W_{pos}u},e^{-W_{pos}u})` (Eq. (3)),
    :math:`\\widehat{SM}^{trig}_m=\\phi_{t}(x)^\\top\\phi_{t}(y)` with
    :math:`\\phi_{t}(u)=\\frac{e^{\\|u\\|^2/2}}{\\sqrt m}(\\sin W_{trig}u,\\cos W_{trig}u)` (Eq. (2)) and
    :math:`\\hat C=c(x)^\\top c(y)` with :math:`c(u)=\\frac1{\\sqrt n}(\\sin\\sigma Tu,\\cos\\sigma Tu)`
    (:math:`\\cos(a-b)=\\sin a\\sin b+\\cos a\\cos b`). A product of two inner products is the inner product
    of the Kronecker products, :math:`(u^\\top v)(u'^\\top v')=(u\\otimes u')^\\top(v\\otimes v')`, so

    .. math:: \\widehat{SM}=\\widehat{SM}^{trig}+\\frac{(1-\\hat C)(\\widehat{SM}^{++}-\\widehat{SM}^{trig})}{\\rho(x)}
              =\\Phi_q(x)^\\top\\Phi_k(y),

    .. math:: \\Phi_q(x)=\\Big(\\tfrac{\\phi_{++}(x)}{\\rho(x)},\\;-\\tfrac{c(x)\\otimes\\phi_{++}(x)}{\\rho(x)},\\;
              (1-\\tfrac1{\\rho(x)})\\phi_t(x),\\;\\tfrac{c(x)\\otimes\\phi_t(x)}{\\rho(x)}\\Big),\\quad
              \\Phi_k(y)=\\big(\\phi_{++}(y),\\;c(y)\\otimes\\phi_{++}(y),\\;\\phi_t(y),\\;c(y)\\otimes\\phi_t(y)\\big).

    These are the four blocks :math:`\\Psi^1,\\dots,\\Psi^4` of HRF Lemma 2.3, Eq. (11) with :math:`p=1`,
    :math:`a=1/\\rho`, :math:`t_1=t_2=2`, :math:`l_1=2` and the coefficient features of Eq. (70) read with
    :math:`\\sigma\\tau_i` as in Eq. (69) (the printed (70) drops :math:`\\sigma`: erratum HRF-Eq70), the
    scalars :math:`\\sqrt a,\\sqrt{1-a}` and the factors :math:`\\mathrm i` moved to the query side: each
    block's products agree term by term, the features are real, and a query-dependent
    :math:`\\rho(x)` is allowed. Width :math:`4m+8mn` (:func:`rfsym.hrf.feature_map_dimension`
    ``(m, n, (2, 2), (2,))``). :meth:`draw` draws ``T`` (``n`` iid rows) first and then the base
    projections, the order of :func:`rfsym.hrf.sample_gaussian_hybrid`, so a draw and one replicate of
    :meth:`sample` from the same seed give the same estimate.

    Parameters (``get("gaussian-hybrid", ...)``): ``n`` (coefficient features, default 8), ``sigma``
    (default 1), ``r`` (default the query norm; query points must then be non-zero), ``shared`` (the
    two base estimators use the same projections). Couplings: the base projections may be drawn with
    any coupling of :func:`rfsym.couplings.sample`; ``T`` is always iid. The exact MSE (HRF Thm F.1,
    Eq. (71), with the shared-projection term of Eq. (23); :func:`rfsym.hrf.gaussian_hybrid_mse`)
    covers the iid coupling only.
    """

    name = "gaussian-hybrid"
    aliases = ("HRF-gaussian", "normalized bipolar gaussian hybrid")
    paper = "HRF App. F, Eqs. (67)-(70); features Lemma 2.3, Eq. (11); MSE Thm F.1, Eq. (71)"
    param_names = ("n", "sigma", "r", "shared")
    _lam_blocks = 2

    def _validate_params(self):
        self._validate_n_shared()
        for k, default in (("sigma", 1.0), ("r", None)):
            v = self.params[k]
            if v is None:
                self.params[k] = default
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
                raise TypeError(f"{k} must be a real number, got {k}={v!r}")
            if not (np.isfinite(v) and v > 0):
                raise ValueError(f"{k} must satisfy {k} > 0 (finite), got {k}={v}")
            self.params[k] = float(v)

    def _rho(self, sq_norms):
        """:math:`\\rho=1-e^{-2\\sigma^2r^2}` (Eq. (68)), one per query norm when ``r`` is None."""
        r2 = sq_norms if self.params["r"] is None else self.params["r"] ** 2
        return -np.expm1(-2 * self.params["sigma"] ** 2 * np.asarray(r2, dtype=float))

    def _draw_arrays(self, d, m, rng, coupling):
        T = _couplings.sample("iid", d, self.params["n"], rng)       # as sample_gaussian_lambda draws it
        Wp, Wt = self._base_draw(d, m, rng, coupling)
        return {"W_pos": Wp, "W_trig": Wt, "T": T}

    def _hybrid_features(self, X, arrays, side):
        Wp, Wt, T = arrays["W_pos"], arrays["W_trig"], arrays["T"]
        N, m, n = X.shape[0], Wp.shape[0], T.shape[0]
        sq = (X ** 2).sum(1)[:, None]
        P = X @ Wp.T
        # phi_{++}: (e^{w^T u}, e^{-w^T u}) e^{-|u|^2/2}/sqrt(2) (Eq. (3)); phi_t: e^{|u|^2/2}(sin, cos) (Eq. (2));
        # c: (sin, cos)(sigma tau^T u) (Eq. (69)/(70) with sigma); t_1 = t_2 = l_1 = 2 blocks each, (N, 2, .)
        pos = np.exp(np.concatenate([P, -P], 1) - sq / 2).reshape(N, 2, m) / math.sqrt(2)
        Q = X @ Wt.T
        trig = (np.exp(sq / 2) * np.concatenate([np.sin(Q), np.cos(Q)], 1)).reshape(N, 2, m)
        S = self.params["sigma"] * (X @ T.T)
        c = np.concatenate([np.sin(S), np.cos(S)], 1).reshape(N, 2, n)

        def kron(u, v):   # the blocks rho^i (x) phi^j of Eq. (11), in Lemma 2.3's order
            return np.einsum("kia,kjb->kijab", u, v).reshape(N, -1)

        blocks = [pos.reshape(N, -1) / math.sqrt(m), kron(c, pos) / math.sqrt(m * n),
                  trig.reshape(N, -1) / math.sqrt(m), kron(c, trig) / math.sqrt(m * n)]
        if side == "key":
            return np.concatenate(blocks, axis=1)
        if self.params["r"] is None and np.any(sq == 0):
            raise ValueError("gaussian-hybrid with r=None takes rho = 1 - exp(-2 sigma^2 ||x||^2) of each query "
                             "point (HRF Eq. (68)): query points must be non-zero, or pass r")
        inv = np.ones((N, 1)) / self._rho(sq)                   # 1/rho(x), (N, 1)
        return np.concatenate([blocks[0] * inv, blocks[1] * -inv, blocks[2] * (1 - inv), blocks[3] * inv], axis=1)

    def sample(self, x, y, m, reps, rng, coupling=None):
        """``reps`` replicates by :func:`rfsym.hrf.sample_gaussian_hybrid` (iid) or, for coupled base
        projections, :func:`rfsym.hrf.sample_gaussian_lambda` and :func:`rfsym.hrf.sample_bipolar`."""
        x, y = _pair(x, y)
        m, reps = _int(m, "m", 1), _int(reps, "reps", 1)
        coupling = self._check_coupling(self.default_coupling if coupling is None else coupling)
        p = self.params
        r = float(np.linalg.norm(x)) if p["r"] is None else p["r"]
        _rng_check(rng)
        if coupling == "iid":
            est = _hrf.sample_gaussian_hybrid(x, y, m, p["n"], p["sigma"], rng, reps, r=r, shared=p["shared"])
        else:
            lam = _hrf.sample_gaussian_lambda(x, y, p["sigma"], p["n"], rng, reps, r=r)
            est = _hrf.sample_bipolar(x, y, m, lam, rng, shared=p["shared"], coupling=coupling)
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

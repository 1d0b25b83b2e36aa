"""Cross-paper foundations: the complex Gaussian moment identity and the coupling geometry.

* HRF Lemma 2.4: for :math:`\\omega\\sim\\mathcal N(0, I_d)` and every :math:`z\\in\\mathbb C^d`,
  :math:`E\\exp(\\omega^\\top z) = \\exp(\\sum_i z_i^2/2)`. Every positive/complex exponential random
  feature of the four papers rests on it.
* The simplex block (SimRF Eq. (9)) and its :math:`O(d)` product (SimRF Algorithm 1), whose
  samplers live in :mod:`rfsym.couplings`.
* The one-sided unbiasedness test that tells a Haar orthogonal sampler from a plain QR.
"""

from __future__ import annotations

import math
from functools import lru_cache

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from . import couplings
from .montecarlo import MCResult, estimate_mean
from .precision import DEFAULT_DPS, require_int, to_vector, verified

__all__ = [
    "gaussian_mgf_1d_expr", "gaussian_mgf", "gaussian_mgf_quad", "gaussian_mgf_mc",
    "simplex_rows_expr", "simplex_gram_expr", "simplex_alg1_expr", "one_sided_exp_mc",
]


# ----------------------------------------------------------------------------- HRF Lemma 2.4


@lru_cache(maxsize=None)
def gaussian_mgf_1d_expr():
    """Derive :math:`E\\,e^{\\omega z}` for :math:`\\omega\\sim\\mathcal N(0,1)`, :math:`z=a+ib`, with sympy.

    Returns
    -------
    (expr, z) : tuple
        ``expr`` is sympy's evaluation of the Gaussian integral
        :math:`\\int e^{wz-w^2/2}\\,dw/\\sqrt{2\\pi}` (unsimplified) and ``z = a + I*b`` with real
        symbols ``a``, ``b``.

    Notes
    -----
    The d-dimensional identity of HRF Lemma 2.4 follows by independence of the coordinates:
    :math:`E\\exp(\\omega^\\top z)=\\prod_i E\\exp(\\omega_i z_i)`.

    Examples
    --------
    >>> expr, z = gaussian_mgf_1d_expr()
    >>> sp.simplify(expr - sp.exp(z**2 / 2))
    0
    """
    w = sp.Symbol("w", real=True)
    a, b = sp.symbols("a b", real=True)
    z = a + sp.I * b
    expr = sp.integrate(sp.exp(w * z - w ** 2 / 2) / sp.sqrt(2 * sp.pi), (w, -sp.oo, sp.oo))
    return expr, z


def gaussian_mgf(z, *, dps: int = DEFAULT_DPS):
    """Closed form :math:`E\\exp(\\omega^\\top z)=\\exp(\\sum_i z_i^2/2)` (HRF Lemma 2.4).

    Parameters
    ----------
    z : sequence of exact real or complex numbers
        The vector :math:`z\\in\\mathbb C^d` (complex entries as ``mpc``, ``complex`` or strings
        such as ``"1+2j"``).
    dps : int
        Significant digits.

    Returns
    -------
    mpc

    Examples
    --------
    >>> v = gaussian_mgf(["1", "0+1j"], dps=20)
    >>> mpmath.nstr(v.real, 15), mpmath.nstr(v.imag, 5)
    ('1.0', '0.0')
    """
    def f():
        zv = to_vector(z, "z", complex_ok=True)
        return mpmath.exp(mpmath.fsum(mpmath.mpc(t) ** 2 for t in zv) / 2)

    return verified(f, dps, what="E exp(w^T z)", absolute=mpmath.mpf(10) ** (-dps - 10))


def gaussian_mgf_quad(z, *, dps: int = DEFAULT_DPS):
    """:math:`E\\exp(\\omega^\\top z)` by numerical quadrature of each 1-D Gaussian integral.

    An independent witness of :func:`gaussian_mgf`: the product over coordinates of
    :math:`\\int e^{w z_i} e^{-w^2/2}\\,dw/\\sqrt{2\\pi}` computed with ``mpmath.quad`` (the
    integrand is shifted to its saddle :math:`w=\\mathrm{Re}\\,z_i` so that the Gaussian peak is
    centred).

    Examples
    --------
    >>> v = gaussian_mgf_quad(["0.5+0.25j"], dps=15)
    >>> w = gaussian_mgf(["0.5+0.25j"], dps=15)
    >>> bool(abs(v - w) < 1e-14)
    True
    """
    def f():
        zv = to_vector(z, "z", complex_ok=True)
        prod = mpmath.mpc(1)
        for t in zv:
            t = mpmath.mpc(t)
            a = t.real

            def g(u, t=t, a=a):
                w = u + a
                return mpmath.exp(w * t - w * w / 2)

            prod *= mpmath.quad(g, [-mpmath.inf, -10, 0, 10, mpmath.inf]) / mpmath.sqrt(2 * mpmath.pi)
        return prod

    return verified(f, dps, what="quadrature of E exp(w^T z)", absolute=mpmath.mpf(10) ** (-dps - 5))


def gaussian_mgf_mc(z, n: int, rng: np.random.Generator) -> tuple[MCResult, MCResult]:
    """Monte Carlo estimate of :math:`E\\exp(\\omega^\\top z)`: (real part, imaginary part).

    Parameters
    ----------
    z : sequence of complex numbers (float64 accuracy is used)
    n : int
        Number of Gaussian draws.
    rng : numpy.random.Generator

    Examples
    --------
    >>> re, im = gaussian_mgf_mc([0.3 + 0.4j, -0.2j], 50_000, np.random.default_rng(0))
    >>> exact = complex(gaussian_mgf(["0.3+0.4j", "-0.2j"], dps=15))
    >>> abs(re.z(exact.real)) < 5 and abs(im.z(exact.imag)) < 5
    True
    """
    zz = np.array([complex(mpmath.mpc(t)) for t in to_vector(z, "z", complex_ok=True)])
    n = require_int(n, "n", minimum=2)
    w = rng.standard_normal((n, zz.size))
    vals = np.exp(w @ zz)
    from .montecarlo import mean_of

    return mean_of(vals.real), mean_of(vals.imag)


# ----------------------------------------------------------------------------- SimRF Eq. (9)


def simplex_rows_expr(d=None):
    """The simplex rows of SimRF Eq. (9) with a symbolic (``d=None``) or explicit dimension.

    For symbolic ``d`` returns a dict of the three inner products that define the geometry, each
    simplified by sympy: ``"norm2"`` (:math:`\\|s_i\\|^2, i<d`), ``"cross"`` (:math:`s_i\\cdot s_j`,
    :math:`i\\ne j<d`), ``"last"`` (:math:`s_i\\cdot s_d`) and ``"norm2_last"``.
    For an integer ``d`` returns the exact ``sympy.Matrix`` :math:`S`.

    Examples
    --------
    >>> simplex_rows_expr()["cross"]
    -1/(d - 1)
    >>> simplex_rows_expr(3)[2, :]
    Matrix([[sqrt(2)/2, sqrt(2)/2, 0]])
    """
    if d is None:
        # q = d - 1 > 0 keeps the radicals real for sympy; the results are written back in d
        q = sp.Symbol("q", positive=True)
        dd = q + 1
        a = sp.sqrt(dd / q)
        c = (sp.sqrt(dd) + 1) / q ** sp.Rational(3, 2)
        # s_i (i<d) has a - c at position i, -c at the other d-2 of the first d-1 positions, 0 last;
        # s_d has 1/sqrt(d-1) at the first d-1 positions
        parts = {
            "norm2": (a - c) ** 2 + (dd - 2) * c ** 2,
            "cross": 2 * (a - c) * (-c) + (dd - 3) * c ** 2,
            "last": ((a - c) + (dd - 2) * (-c)) / sp.sqrt(q),
            "norm2_last": q * (1 / sp.sqrt(q)) ** 2,
        }
        dsym = sp.Symbol("d", positive=True)
        return {k: sp.factor(sp.simplify(sp.expand(v))).subs(q, dsym - 1) for k, v in parts.items()}
    d = require_int(d, "d", minimum=2)
    rows = []
    for i in range(d):
        if i < d - 1:
            row = [-(sp.sqrt(d) + 1) / sp.Integer(d - 1) ** sp.Rational(3, 2)] * (d - 1) + [sp.Integer(0)]
            row[i] += sp.sqrt(sp.Rational(d, d - 1))
        else:
            row = [1 / sp.sqrt(d - 1)] * (d - 1) + [sp.Integer(0)]
        rows.append(row)
    return sp.Matrix(rows)


def simplex_gram_expr(d: int):
    """Exact Gram matrix :math:`S S^\\top` of SimRF Eq. (9) minus the regular-simplex Gram matrix.

    Returns the sympy matrix :math:`S S^\\top - (\\tfrac{d}{d-1} I - \\tfrac{1}{d-1} \\mathbf 1\\mathbf 1^\\top)`,
    which is zero exactly when the rows are unit vectors with pairwise cosine :math:`-1/(d-1)`.

    Examples
    --------
    >>> simplex_gram_expr(4).is_zero_matrix
    True
    """
    S = simplex_rows_expr(d)
    target = sp.Matrix(d, d, lambda i, j: 1 if i == j else sp.Rational(-1, d - 1))
    return (S * S.T - target).applyfunc(lambda e: sp.simplify(sp.radsimp(sp.expand(e))))


def simplex_alg1_expr(d: int):
    """Algorithm 1 of SimRF applied to a symbolic vector, minus :math:`S x`; zero if they agree.

    Examples
    --------
    >>> simplex_alg1_expr(5).is_zero_matrix
    True
    """
    d = require_int(d, "d", minimum=2)
    x = sp.Matrix(sp.symbols(f"x1:{d + 1}", real=True))
    yd = sum(x[:d - 1]) / sp.sqrt(d - 1)
    y = [sp.sqrt(sp.Rational(d, d - 1)) * x[i] - (sp.sqrt(d) + 1) / (d - 1) * yd for i in range(d - 1)] + [yd]
    return (sp.Matrix(y) - simplex_rows_expr(d) * x).applyfunc(lambda e: sp.simplify(sp.radsimp(sp.expand(e))))


# ----------------------------------------------------------------------------- sampler bias test


def one_sided_exp_mc(sampler, d: int, n_blocks: int, rng: np.random.Generator, *, batch: int = 2000) -> MCResult:
    """Estimate :math:`E\\exp(w^\\top e_1)` averaging the ``d`` rows of each block; exact value :math:`e^{1/2}`.

    Parameters
    ----------
    sampler : str or callable
        A coupling name for :func:`rfsym.couplings.sample` or a function ``(d, m, rng) -> (m, d)``
        (e.g. :func:`rfsym.couplings.plain_qr_orthogonal`).
    d : int
    n_blocks : int
        Number of independent blocks (the replicates).
    rng : numpy.random.Generator

    Notes
    -----
    Each row of a valid coupling is marginally :math:`\\mathcal N(0, I_d)`, so every row gives an
    unbiased estimate :math:`e^{w_1}` of :math:`e^{1/2}`. A sampler whose rows are not exactly
    Gaussian (plain LAPACK QR fixes the sign of the first column of :math:`Q`) is biased, and the
    bias is visible because :math:`\\exp` is one-sided.

    Examples
    --------
    >>> r = one_sided_exp_mc("orthogonal", 4, 20_000, np.random.default_rng(0))
    >>> abs(r.z(math.exp(0.5))) <= 5
    True
    """
    d = require_int(d, "d", minimum=1)
    fn = (lambda dd, m, g: couplings.sample(sampler, dd, m, g)) if isinstance(sampler, str) else sampler

    def draw(g, k):
        w = fn(d, k * d, g).reshape(k, d, d)
        return np.exp(w[:, :, 0]).mean(axis=1)

    return estimate_mean(draw, n_blocks, rng, batch=batch)

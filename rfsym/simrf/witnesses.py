"""Independent routes for the SimRF checks, kept apart from the formulas they check.

Nothing here calls the closed forms of :mod:`rfsym.simrf`; each function evaluates a quantity of the
SimRF paper from its *definition* by a different route (quadrature over the two :math:`\\chi_d`
norms, Bessel/Hankel quadrature of a characteristic function, an instrumented count of the
arithmetic of the library's Algorithm 1). The registry (:mod:`rfsym.simrf.claims`) compares these
with the library functions.

Conventions as in :mod:`rfsym.simrf`: Gaussian kernel, ``v = ||x + y||`` (PRFs), ``z = ||x - y||``
(RFFs).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..precision import require_int, to_mp, verified

__all__ = [
    "conformity_definition_quad", "rff_orf_pair_product_quad", "rff_mse_ratio_quad",
    "CountingArray", "count_flops", "alg1_flops", "dense_matvec_flops", "fwht_flops",
]


# --------------------------------------------------------------------------- PRF conformity (Eq. (10))


def conformity_definition_quad(d, v, c, *, dps=30):
    """Pair conformity of two rows with i.i.d. :math:`\\chi_d` norms at a fixed :math:`\\cos\\theta=c`,
    from the definition (SimRF Eq. (10)) by quadrature over the polar angle of the two norms.

    .. math::
        \\rho_\\theta(v)=E_{a,b\\sim\\chi_d}\\,{}_0F_1\\!\\Big(;\\tfrac d2;\\tfrac{v^2(a^2+b^2+2abc)}4\\Big)
        =\\frac{2^{d-1}\\Gamma(d)}{2^{d-2}\\Gamma(d/2)^2}\\int_0^{\\pi/2}(\\sin t\\cos t)^{d-1}\\,
        {}_1F_1\\!\\Big(d;\\tfrac d2;\\tfrac{v^2(1+c\\sin 2t)}2\\Big)dt,

    with :math:`a=r\\cos t`, :math:`b=r\\sin t`; the radial integral of
    :math:`r^{2d-1}e^{-r^2/2}{}_0F_1(;d/2;v^2r^2q/4)` is :math:`2^{d-1}\\Gamma(d)\\,{}_1F_1(d;d/2;v^2q/2)`
    (mpmath's ``hyp1f1``); the angle integral is done by ``mpmath.quad``. No series of the paper (and no
    angle moment of :mod:`rfsym.simrf`) is used.

    Parameters
    ----------
    d : int
        ``d >= 2``.
    v, c : exact reals
        ``v >= 0``, ``-1 <= c <= 1``.
    dps : int

    Returns
    -------
    mpf

    Examples
    --------
    >>> mpmath.nstr(conformity_definition_quad(6, 1, 0, dps=15), 15)
    '2.57956182144958'
    """
    d = require_int(d, "d", minimum=2)

    def compute():
        vv, cc = to_mp(v, "v"), to_mp(c, "c")
        dd = mpmath.mpf(d)
        pref = 2 ** (dd - 1) * mpmath.gamma(dd) / (2 ** (dd - 2) * mpmath.gamma(dd / 2) ** 2)
        f = lambda t: ((mpmath.sin(t) * mpmath.cos(t)) ** (d - 1)
                       * mpmath.hyp1f1(dd, dd / 2, vv * vv * (1 + cc * mpmath.sin(2 * t)) / 2))
        return pref * mpmath.quad(f, [0, mpmath.pi / 8, mpmath.pi / 4, 3 * mpmath.pi / 8, mpmath.pi / 2])

    return verified(compute, dps, what="definition quadrature of Eq. (10)")


# --------------------------------------------------------------------------- RFF (Eqs. (74)-(77))


def rff_orf_pair_product_quad(d, z, *, dps=30):
    """:math:`E_{\\rm ort}[\\cos(w_1^\\top z)\\cos(w_2^\\top z)]` for an orthogonal pair of Gaussian rows,
    by Hankel-transform quadrature (SimRF Eq. (75)).

    :math:`\\cos a\\cos b=\\tfrac12(\\cos(a+b)+\\cos(a-b))` and :math:`w_1\\pm w_2` are isotropic with
    norm :math:`\\chi_{2d}` (Eq. (58)), so

    .. math::
        E=\\int_0^\\infty p_{\\chi_{2d}}(r)\\,\\Gamma(\\tfrac d2)\\Big(\\tfrac{2}{rz}\\Big)^{d/2-1}
        J_{d/2-1}(rz)\\,dr,

    a Bessel-function quadrature (no hypergeometric closed form involved).

    Examples
    --------
    >>> mpmath.nstr(rff_orf_pair_product_quad(2, 1, dps=15), 15)  # d = 2: e^(-z^2/2)(1 - z^2/2)
    '0.303265329856317'
    """
    d = require_int(d, "d", minimum=2)

    def compute():
        zz = to_mp(z, "z")
        dd = mpmath.mpf(d)
        a = dd / 2 - 1

        def f(r):
            p = r ** (2 * d - 1) * mpmath.exp(-r * r / 2) / (2 ** (dd - 1) * mpmath.gamma(dd))
            x = r * zz
            ang = mpmath.mpf(1) if x == 0 else mpmath.gamma(dd / 2) * (2 / x) ** a * mpmath.besselj(a, x)
            return p * ang

        rmax = 14 + 4 * mpmath.sqrt(dd)
        return mpmath.quad(f, mpmath.linspace(0, rmax, 8))

    return verified(compute, dps, guard=5, what="Bessel quadrature of E cos cos",
                    absolute=mpmath.mpf(10) ** (-dps - 5))


def rff_mse_ratio_quad(d, m, z, *, dps=30):
    """:math:`\\mathrm{MSE}_{\\rm ORF}/\\mathrm{MSE}_{\\rm IID}` of RFFs (``m <= d``) from the definition
    (74): :math:`\\mathrm{MSE}=\\frac1m\\big(\\frac{(1-e^{-z^2})^2}2+(m-1)(E[a_1a_2]-e^{-z^2})\\big)` with
    :math:`E[a_1a_2]` from :func:`rff_orf_pair_product_quad` and :math:`e^{-z^2}` for iid pairs.

    Examples
    --------
    >>> mpmath.nstr(rff_mse_ratio_quad(64, 2, 1, dps=10), 10)
    '0.9856791034'
    """
    d = require_int(d, "d", minimum=2)
    m = require_int(m, "m", minimum=1, maximum=d)
    e = rff_orf_pair_product_quad(d, z, dps=dps + 5)

    def compute():
        zz = to_mp(z, "z")
        ez = mpmath.exp(-zz * zz)
        iid = (1 - ez) ** 2 / 2
        return (iid + (m - 1) * (e - ez)) / iid

    return verified(compute, dps, what="RFF MSE ratio by quadrature")


# --------------------------------------------------------------------------- operation counts (Table 1)


class CountingArray(np.ndarray):
    """An ndarray that counts the scalar arithmetic operations done on it.

    Every ufunc call (``+ - * /``, in place or not) adds the number of elements of its output; every
    reduction (``sum``) adds the number of elements reduced minus the number of results. Assignments
    and views are free. The tally is in :attr:`CountingArray.flops` (class-level, reset by
    :func:`count_flops`).
    """

    flops = 0

    def __array_ufunc__(self, ufunc, method, *inputs, out=None, **kwargs):
        raw_in = [np.asarray(x) if isinstance(x, CountingArray) else x for x in inputs]
        if out is not None:
            kwargs["out"] = tuple(np.asarray(o) if isinstance(o, CountingArray) else o for o in out)
        res = getattr(ufunc, method)(*raw_in, **kwargs)
        if method == "__call__":
            CountingArray.flops += int(np.size(res))
        elif method == "reduce":
            CountingArray.flops += int(np.size(raw_in[0])) - int(np.size(res))
        else:
            CountingArray.flops += int(np.size(res))
        if out is not None:
            return out[0] if len(out) == 1 else out
        return res.view(CountingArray) if isinstance(res, np.ndarray) else res


def count_flops(fn, x):
    """Run ``fn`` on a :class:`CountingArray` view of ``x``; return ``(result, number of scalar ops)``.

    Examples
    --------
    >>> count_flops(lambda a: a * 2 + 1, np.ones(5))[1]
    10
    """
    CountingArray.flops = 0
    a = np.array(x, dtype=float).view(CountingArray)
    res = fn(a)
    n = CountingArray.flops
    CountingArray.flops = 0
    return np.asarray(res), n


def alg1_flops(d):
    """Scalar operations of the library's Algorithm 1 (:func:`rfsym.couplings.simplex_apply`, the one
    implementation of SimRF App. B.2.1) on one vector of length ``d``, counted by instrumentation.

    Examples
    --------
    >>> alg1_flops(4)  # 3d - 2
    10
    """
    from .. import couplings
    d = require_int(d, "d", minimum=2)
    x = np.linspace(1.0, 2.0, d)[None, :, None]
    res, n = count_flops(lambda a: couplings._simplex_rows_inplace(a) or a, x)
    return n


def dense_matvec_flops(d):
    """Scalar operations of the dense product ``S @ x`` (``d`` rows of ``d`` multiplies and ``d - 1`` adds),
    the baseline Algorithm 1 replaces: :math:`d(2d-1)`.

    Examples
    --------
    >>> dense_matvec_flops(4)
    28
    """
    d = require_int(d, "d", minimum=1)
    return d * (2 * d - 1)


def fwht_flops(d):
    """Scalar operations of the library's fast Walsh-Hadamard transform
    (:func:`rfsym.simrf.experiments.fwht`) on one vector of length ``d`` (a power of 2), counted by
    instrumentation.

    Examples
    --------
    >>> fwht_flops(8)
    32
    """
    from . import experiments as ex
    d = require_int(d, "d", minimum=1)
    res, n = count_flops(ex.fwht, np.linspace(1.0, 2.0, d))
    return n

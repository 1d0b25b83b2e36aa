"""Exact raw moments :math:`E Z^k`, :math:`k = 1..4`, of one projection's term of each mechanism.

The MSE test of :mod:`rfsym.testing` is guaranteed when the fourth central moment of one estimate is
known (:func:`rfsym.testing.law.law_of`). For a row average :math:`\\widehat K=\\frac1m\\sum_i Z_i` with
i.i.d. rows it is :math:`(\\mu_4(Z)+3(m-1)\\sigma_Z^4)/m^3` (:func:`mean_central4`), so one term's raw
moments suffice. Every term below is a function of one :math:`\\omega\\sim\\mathcal N(0,I_d)` (or, for
the discretely induced RFs, of one discrete :math:`\\omega`), and its powers reduce to one identity,
the Gaussian integral (DERF proof of Thm 4.1; CRT proof of Thm 3.2):

.. math:: E\\,e^{\\omega^\\top Q\\omega+b^\\top\\omega}=\\det(I-2Q)^{-1/2}
          \\exp\\big(\\tfrac12 b^\\top(I-2Q)^{-1}b\\big),

finite if and only if :math:`I-2Q` is positive definite (for complex symmetric :math:`Q`: its real part;
the determinant's root is then the product of the principal roots of the eigenvalues, which all have a
positive real part). Where it is not finite the moment is ``inf`` and the test falls back honestly.

Terms (native kernels; :math:`R=\\|x\\|^2+\\|y\\|^2`, :math:`u=x+y`, :math:`\\Delta=x-y`):

* GERF (CRT Eqs. (4)-(5)), any complex :math:`A` with :math:`\\mathrm{Re}(1-8A)>0`, :math:`s=\\pm1`:
  :math:`Z=\\mathrm{Re}\\,W`, :math:`W=D^2e^{CR}e^{2A\\|\\omega\\|^2+B\\omega^\\top(x+sy)}`; the binomial
  expansion :math:`(\\mathrm{Re}W)^k=2^{-k}\\sum_j\\binom kjW^j\\bar W^{k-j}` turns each term into the
  integral above (:func:`gerf_raw_moments`; covers RFF, PosRF, FAVOR+, SimRF, OPRF, FAVOR++);
* RFF-phase (DERF Eqs. (4)-(5)): :math:`Z=e^{R/2}(\\cos\\omega^\\top\\Delta+\\cos\\beta)` with
  :math:`\\beta=\\omega^\\top u+2\\theta` uniform mod :math:`2\\pi` and independent of :math:`\\omega`
  (:func:`trig_phase_raw_moments`);
* PosRF-antithetic (HRF Eq. (3)): :math:`Z=e^{-R/2}\\cosh\\omega^\\top u` (:func:`antithetic_raw_moments`);
* the discretely induced RFs (CRT Eq. (10)): closed forms of the series over the coordinates
  (:func:`dirf_raw_moments`);
* the DERF family (DERF Sec. 4, Def. 3.1): :math:`Z=D^2e^{2\\omega^\\top A\\omega+\\omega^\\top s+q}`,
  :math:`s=B^{(1)}x+B^{(2)}y`, :math:`q=x^\\top C^{(1)}x+y^\\top C^{(2)}y` (:func:`derf_raw_moments`);
* CE with a real diagonal :math:`A` (HRF Eqs. (88)-(92)): :math:`Z=e^{-(\\|v\\|^2+\\|w\\|^2)/2}
  e^{\\omega^\\top(v+w)}`, :math:`v=a\\circ x`, :math:`w=y/a` (:func:`ce_raw_moments`).

:func:`row_raw_moments` picks the right one for an :mod:`rfsym.estimators` mechanism. The bipolar hybrids
are not row averages; their exact fourth moment comes from HRF's pair moments (:func:`hybrid_central4`).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..estimators import mechanisms as _mech

__all__ = ["gaussian_exp_moment", "gerf_raw_moments", "trig_phase_raw_moments", "antithetic_raw_moments",
           "dirf_raw_moments", "derf_raw_moments", "ce_raw_moments", "central_from_raw", "mean_central4",
           "row_raw_moments", "hybrid_central4", "DPS"]

#: Working precision (digits) of the closed forms; central moments from raw ones cancel, so keep it high.
DPS = 40
KMAX = 4


def _vec(v):
    return [mpmath.mpmathify(float(t)) for t in np.asarray(v, dtype=float).ravel()]


def _dot(a, b):
    return mpmath.fsum(p * q for p, q in zip(a, b))


def gaussian_exp_moment(Q, b, c=0, *, dps: int = DPS):
    """:math:`E\\exp(\\omega^\\top Q\\omega+b^\\top\\omega+c)`, :math:`\\omega\\sim\\mathcal N(0,I_d)`, in closed form.

    Parameters
    ----------
    Q : complex scalar (meaning :math:`QI_d`) or d x d symmetric (real or complex) nested sequence
    b : length-d sequence (real or complex)
    c : complex scalar
    dps : int

    Returns
    -------
    mpmath number; ``mpmath.inf`` when :math:`\\mathrm{Re}(I-2Q)` is not positive definite (the integral
    diverges).

    Notes
    -----
    Completing the square, :math:`\\int(2\\pi)^{-d/2}e^{-\\frac12\\omega^\\top P\\omega+b^\\top\\omega}d\\omega
    =\\det P^{-1/2}e^{b^\\top P^{-1}b/2}` with :math:`P=I-2Q` (DERF, proof of Thm 4.1; CRT, proof of
    Thm 3.2). For complex :math:`Q` both sides are analytic in :math:`Q` on
    :math:`\\mathrm{Re}\\,P\\succ0` and agree for real :math:`Q`, so the identity continues with
    :math:`\\det P^{-1/2}=\\prod_i\\lambda_i^{-1/2}` (principal roots; :math:`\\mathrm{Re}\\lambda_i>0`).

    Examples
    --------
    >>> print(mpmath.nstr(gaussian_exp_moment(0, [1.0, 0.0]), 15))      # E e^{w_1} = e^{1/2}
    1.64872127070013
    >>> gaussian_exp_moment(0.5, [0.0])                                # E e^{w^2/2} diverges
    mpf('+inf')
    >>> v = gaussian_exp_moment(0, [1j])                               # E e^{i w} = e^{-1/2}
    >>> bool(abs(v - mpmath.exp(-0.5)) < 1e-14)
    True
    """
    with mp.workdps(dps + 10):
        bv = [mpmath.mpmathify(t) for t in b]
        d = len(bv)
        if np.ndim(Q) == 0:
            P = 1 - 2 * mpmath.mpmathify(Q)
            if mpmath.re(P) <= 0:
                return mpmath.inf
            logdet = d * mpmath.log(P)
            quad = _dot(bv, bv) / P
        else:
            Qm = mpmath.matrix([[mpmath.mpmathify(t) for t in row] for row in Q])
            Qs = (Qm + Qm.T) / 2
            P = mpmath.eye(d) - 2 * Qs
            re = np.array([[float(mpmath.re(P[i, j])) for j in range(d)] for i in range(d)])
            if np.linalg.eigvalsh(re).min() <= 0:
                return mpmath.inf
            try:                                            # exact positive-definiteness of the real part
                mpmath.cholesky(P.apply(mpmath.re))
            except ZeroDivisionError:                       # pragma: no cover - boundary cases only
                return mpmath.inf
            ev = mpmath.eig(P, left=False, right=False) if any(mpmath.im(t) != 0 for t in P) else None
            logdet = (mpmath.fsum(mpmath.log(t) for t in ev) if ev is not None else mpmath.log(mpmath.det(P)))
            sol = mpmath.lu_solve(P, mpmath.matrix(bv))
            quad = _dot(bv, sol)
        out = mpmath.exp(mpmath.mpmathify(c) - logdet / 2 + quad / 2)
        return +out


def _real(v):
    return mpmath.re(v) if isinstance(v, mpmath.mpc) else v


def gerf_raw_moments(A, s, x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k`, k = 1..kmax, of one GERF term :math:`Z=\\mathrm{Re}(f^{(1)}(\\omega,x)f^{(2)}(\\omega,y))`
    (CRT Eqs. (4)-(5), Thm 3.1), complex :math:`A`, :math:`s=\\pm1`.

    Notes
    -----
    With :math:`B=\\sqrt{s(1-4A)}`, :math:`C=-(s+1)/2`, :math:`D^2=(1-4A)^{d/2}` (principal branches, as
    :func:`rfsym.crt.gerf_features`), :math:`v=x+sy`: :math:`W=D^2e^{CR}e^{2A\\|\\omega\\|^2+B\\omega^\\top v}` and

    .. math:: E(\\mathrm{Re}W)^k=2^{-k}\\sum_{j=0}^k\\binom kj(D^2)^j(\\bar D^2)^{k-j}e^{kCR}
              (1-2\\alpha_j)^{-d/2}\\exp\\frac{\\beta_j^2\\|v\\|^2}{2(1-2\\alpha_j)},

    :math:`\\alpha_j=2(jA+(k-j)\\bar A)`, :math:`\\beta_j=jB+(k-j)\\bar B` (:func:`gaussian_exp_moment`),
    finite iff :math:`1-4k\\,\\mathrm{Re}A>0`. For real :math:`A`, :math:`s=+1` this is the module formula
    of :mod:`rfsym.testing.law` (:func:`rfsym.testing.law.gerf_row_moment`); for :math:`A=0`,
    :math:`s=-1` (RFF) :math:`E\\cos^k(\\omega^\\top\\Delta)=2^{-k}\\sum_j\\binom kje^{-(2j-k)^2\\|\\Delta\\|^2/2}`.

    Examples
    --------
    >>> x, y = [0.3, -0.2], [0.1, 0.4]
    >>> m = gerf_raw_moments(0.0, -1, x, y)                 # RFF: E cos = K, E cos^2 = (1 + K^4)/2
    >>> K = mpmath.exp(-0.5 * ((0.3 - 0.1) ** 2 + (-0.2 - 0.4) ** 2))
    >>> bool(abs(m[0] - K) < 1e-14 and abs(m[1] - (1 + K ** 4) / 2) < 1e-14)
    True
    >>> gerf_raw_moments(0.1, 1, x, y)[3]                   # 1 - 16 A < 0: E Z^4 diverges
    mpf('+inf')
    """
    with mp.workdps(dps + 10):
        A = mpmath.mpmathify(complex(A)) if complex(A).imag else mpmath.mpf(float(complex(A).real))
        xv, yv = _vec(x), _vec(y)
        d = len(xv)
        v = [a + s * b for a, b in zip(xv, yv)]
        R = _dot(xv, xv) + _dot(yv, yv)
        B = mpmath.sqrt(s * (1 - 4 * A))
        C = -(s + 1) / 2
        D2 = mpmath.exp(mpmath.mpf(d) / 2 * mpmath.log(1 - 4 * A))
        out = []
        for k in range(1, kmax + 1):
            if 1 - 4 * k * mpmath.re(A) <= 0:
                out.append(mpmath.inf)
                continue
            tot = 0
            for j in range(k + 1):
                al = 2 * (j * A + (k - j) * mpmath.conj(A))
                be = j * B + (k - j) * mpmath.conj(B)
                g = gaussian_exp_moment(al, [be * t for t in v], k * C * R, dps=dps)
                tot += mpmath.binomial(k, j) * D2 ** j * mpmath.conj(D2) ** (k - j) * g
            out.append(+_real(tot / 2 ** k))
        return out


def _cos_pow_gauss(k, s2):
    """:math:`E\\cos^k(g)`, :math:`g\\sim\\mathcal N(0,s^2)`."""
    return mpmath.fsum(mpmath.binomial(k, j) * mpmath.exp(-(2 * j - k) ** 2 * s2 / 2) for j in range(k + 1)) / 2 ** k


def _cos_pow_uniform(k):
    """:math:`E\\cos^k\\beta`, :math:`\\beta` uniform on :math:`[0,2\\pi)`."""
    return mpmath.binomial(k, k // 2) / mpmath.mpf(2) ** k if k % 2 == 0 else mpmath.mpf(0)


def trig_phase_raw_moments(x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k` of one random-phase trig term, :math:`Z=2e^{R/2}\\cos(\\omega^\\top x+\\theta)\\cos(\\omega^\\top y+\\theta)`
    (DERF Eqs. (4)-(5), softmax kernel; :math:`\\theta` uniform on :math:`[0,2\\pi)`).

    Notes
    -----
    :math:`2\\cos a\\cos b=\\cos(a-b)+\\cos(a+b)`, so :math:`Z=e^{R/2}(\\cos\\omega^\\top\\Delta+\\cos\\beta)`
    with :math:`\\beta=\\omega^\\top u+2\\theta`. Given :math:`\\omega`, :math:`\\beta` mod :math:`2\\pi` is
    uniform, so :math:`\\beta` is uniform and independent of :math:`\\omega`, and

    .. math:: E Z^k=e^{kR/2}\\sum_j\\binom kj E\\cos^j(\\omega^\\top\\Delta)\\,E\\cos^{k-j}\\beta,\\quad
              E\\cos^{2i}\\beta=\\binom{2i}{i}4^{-i},\\ E\\cos^{2i+1}\\beta=0.

    :math:`|Z|\\le2e^{R/2}`: always finite.

    Examples
    --------
    >>> x, y = [0.3, -0.2], [0.1, 0.4]
    >>> bool(abs(trig_phase_raw_moments(x, y)[0] - mpmath.exp(0.3 * 0.1 - 0.2 * 0.4)) < 1e-14)   # E Z = e^{x.y}
    True
    """
    with mp.workdps(dps + 10):
        xv, yv = _vec(x), _vec(y)
        R = _dot(xv, xv) + _dot(yv, yv)
        D2 = mpmath.fsum((a - b) ** 2 for a, b in zip(xv, yv))
        return [+(mpmath.exp(k * R / 2) * mpmath.fsum(mpmath.binomial(k, j) * _cos_pow_gauss(j, D2) *
                                                      _cos_pow_uniform(k - j) for j in range(k + 1)))
                for k in range(1, kmax + 1)]


def antithetic_raw_moments(x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k` of one antithetic positive term :math:`Z=e^{-R/2}\\cosh(\\omega^\\top u)` (HRF Eq. (3), softmax).

    Notes
    -----
    The features :math:`e^{\\pm\\omega^\\top x-\\|x\\|^2/2}/\\sqrt2` give
    :math:`Z=\\frac12(e^{\\omega^\\top u}+e^{-\\omega^\\top u})e^{-R/2}`; the binomial expansion and
    :math:`E e^{t\\omega^\\top u}=e^{t^2\\|u\\|^2/2}` give

    .. math:: E Z^k=e^{-kR/2}2^{-k}\\sum_{j=0}^k\\binom kj e^{(2j-k)^2\\|u\\|^2/2},

    always finite (:math:`E[Z(\\omega)^jZ(-\\omega)^{k-j}]` of the brief is the same sum).

    Examples
    --------
    >>> x, y = [0.3, -0.2], [0.1, 0.4]
    >>> bool(abs(antithetic_raw_moments(x, y)[0] - mpmath.exp(0.3 * 0.1 - 0.2 * 0.4)) < 1e-14)
    True
    """
    with mp.workdps(dps + 10):
        xv, yv = _vec(x), _vec(y)
        R = _dot(xv, xv) + _dot(yv, yv)
        U2 = mpmath.fsum((a + b) ** 2 for a, b in zip(xv, yv))
        return [+(mpmath.exp(-k * R / 2) * mpmath.fsum(mpmath.binomial(k, j) * mpmath.exp((2 * j - k) ** 2 * U2 / 2)
                                                       for j in range(k + 1)) / 2 ** k)
                for k in range(1, kmax + 1)]


def dirf_raw_moments(kind, param, x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k` of one discretely induced term (CRT Eq. (10)): Poisson (``param`` = :math:`\\lambda`)
    or geometric (``param`` = :math:`p`), in closed form.

    Notes
    -----
    :math:`Z=e^{-R/2}\\prod_l (x_ly_l)^{\\omega_l}/(\\omega_l!\\,p(\\omega_l))` with independent coordinates
    :math:`\\omega_l\\sim p`, so with :math:`c_l=x_ly_l`,
    :math:`E Z^k=e^{-kR/2}\\prod_l\\sum_{n\\ge0}c_l^{kn}/(n!^k p(n)^{k-1})`
    (the series of :func:`rfsym.crt.witnesses.dirf_row_moment`, CRT proofs of Thms 3.4-3.5). Summed:

    * Poisson, :math:`p(n)=e^{-\\lambda}\\lambda^n/n!`: the series is
      :math:`e^{(k-1)\\lambda}\\sum_n(c_l^k\\lambda^{1-k})^n/n!`, so
      :math:`E Z^k=e^{-kR/2+d(k-1)\\lambda+\\lambda^{1-k}\\sum_lc_l^k}`;
    * geometric, :math:`p(n)=p(1-p)^n`: the series is
      :math:`p^{1-k}\\sum_n t^n/n!^k={}_0F_{k-1}(;1,\\dots,1;t)\\,p^{1-k}` with
      :math:`t=c_l^k(1-p)^{1-k}`, so :math:`E Z^k=e^{-kR/2}p^{d(1-k)}\\prod_l{}_0F_{k-1}(;1,\\dots,1;t_l)`.

    Both are entire in :math:`c_l`: every moment is finite.

    Examples
    --------
    >>> x, y = [0.5, -0.3], [0.4, 0.6]
    >>> m = dirf_raw_moments("poisson", 0.7, x, y)
    >>> bool(abs(m[0] - mpmath.exp(-0.5 * ((0.5 - 0.4) ** 2 + (-0.3 - 0.6) ** 2))) < 1e-14)   # E Z = K
    True
    """
    with mp.workdps(dps + 10):
        xv, yv = _vec(x), _vec(y)
        d = len(xv)
        R = _dot(xv, xv) + _dot(yv, yv)
        cs = [a * b for a, b in zip(xv, yv)]
        q = mpmath.mpf(float(param))
        out = []
        for k in range(1, kmax + 1):
            if kind == "poisson":
                v = mpmath.exp(-k * R / 2 + d * (k - 1) * q + q ** (1 - k) * mpmath.fsum(c ** k for c in cs))
            elif kind == "geometric":
                v = mpmath.exp(-k * R / 2) * q ** (d * (1 - k))
                for c in cs:
                    v *= mpmath.hyper([], [1] * (k - 1), c ** k * (1 - q) ** (1 - k))
            else:
                raise ValueError(f"kind must be 'poisson' or 'geometric', got kind={kind!r}")
            out.append(+v)
        return out


def derf_raw_moments(A, B1, B2, C1, C2, D, x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k` of one DERF term :math:`Z=f^{(1)}(\\omega,x)f^{(2)}(\\omega,y)` (DERF Sec. 4, Def. 3.1;
    ADERF, SDERF, SADERF, FAVOR#; softmax kernel).

    Notes
    -----
    :math:`f^{(i)}(\\omega,u)=De^{\\omega^\\top A\\omega+\\omega^\\top B^{(i)}u+u^\\top C^{(i)}u}`, so
    :math:`Z^k=D^{2k}e^{2k\\omega^\\top A\\omega+k\\omega^\\top s+kq}` with :math:`s=B^{(1)}x+B^{(2)}y`,
    :math:`q=x^\\top C^{(1)}x+y^\\top C^{(2)}y`, and the Gaussian integral (the identity of the proof of
    DERF Thm 4.1, which gives :math:`k=1,2`: :func:`rfsym.derf.derf_mean`, Eq. (9)) gives

    .. math:: E Z^k=D^{2k}\\det(I-4kA)^{-1/2}\\exp\\big(kq+\\tfrac{k^2}2s^\\top(I-4kA)^{-1}s\\big),

    finite iff :math:`I-4kA\\succ0` (``inf`` otherwise).

    Examples
    --------
    >>> I, Z0 = np.eye(2), np.zeros((2, 2))
    >>> m = derf_raw_moments(Z0, I, I, -I / 2, -I / 2, 1.0, [0.3, 0.1], [0.2, -0.4])   # PosRF as a DERF
    >>> bool(abs(m[0] - mpmath.exp(0.3 * 0.2 - 0.1 * 0.4)) < 1e-14)
    True
    >>> derf_raw_moments(0.1 * I, I, I, -I / 2, -I / 2, 1.0, [0.3, 0.1], [0.2, -0.4])[3]   # I - 1.6 I: diverges
    mpf('+inf')
    """
    with mp.workdps(dps + 10):
        A = np.asarray(A, dtype=float)
        X, Y = _vec(x), _vec(y)
        B1m, B2m, C1m, C2m = [[[mpmath.mpf(float(t)) for t in row] for row in np.asarray(Mx, float)]
                              for Mx in (B1, B2, C1, C2)]
        s_mp = [_dot(b1, X) + _dot(b2, Y) for b1, b2 in zip(B1m, B2m)]
        q = _dot(X, [_dot(row, X) for row in C1m]) + _dot(Y, [_dot(row, Y) for row in C2m])
        logD2 = 2 * mpmath.log(abs(mpmath.mpf(float(D))))
        out = []
        for k in range(1, kmax + 1):
            Q = [[2 * k * mpmath.mpf(float(t)) for t in row] for row in A]      # exact multiples, in mpmath
            g = gaussian_exp_moment(Q, [k * t for t in s_mp], k * q + k * logD2, dps=dps)
            out.append(g)
        return out


def ce_raw_moments(a, x, y, *, kmax: int = KMAX, dps: int = DPS):
    """:math:`E Z^k` of one CE term with a real diagonal :math:`A=\\mathrm{diag}(a)` (HRF Eqs. (88)-(92), softmax).

    Notes
    -----
    :math:`\\Psi_A(x)^\\top\\Psi_{A^{-1}}(y)` has the term :math:`Z=e^{-(\\|v\\|^2+\\|w\\|^2)/2}e^{\\omega^\\top z}`,
    :math:`v=a\\circ x`, :math:`w=y/a`, :math:`z=v+w` (HRF Lemma 2.4 with :math:`A` real:
    :math:`E Z=e^{v^\\top w}=e^{x^\\top y}`), so :math:`E Z^k=e^{-k(\\|v\\|^2+\\|w\\|^2)/2+k^2\\|z\\|^2/2}`:
    always finite, :math:`Z>0`.

    Examples
    --------
    >>> bool(abs(ce_raw_moments([2.0, 0.5], [0.3, 0.1], [0.2, -0.4])[0] - mpmath.exp(0.06 - 0.04)) < 1e-14)
    True
    """
    with mp.workdps(dps + 10):
        av, xv, yv = _vec(a), _vec(x), _vec(y)
        v = [p * q for p, q in zip(av, xv)]
        w = [q / p for p, q in zip(av, yv)]
        z = [p + q for p, q in zip(v, w)]
        r = _dot(v, v) + _dot(w, w)
        return [+mpmath.exp(-k * r / 2 + k * k * _dot(z, z) / 2) for k in range(1, kmax + 1)]


def central_from_raw(raw, *, dps: int = DPS):
    """``(variance, mu4)`` of one term from its raw moments ``(E Z, E Z^2, E Z^3, E Z^4)``; ``(.., inf)`` if
    a moment is infinite.

    Examples
    --------
    >>> central_from_raw([0, 1, 0, 3])
    (mpf('1.0'), mpf('3.0'))
    """
    with mp.workdps(dps + 10):
        m1, m2, m3, m4 = [mpmath.mpmathify(v) for v in raw[:4]]
        var = m2 - m1 ** 2 if mpmath.isfinite(m2) else mpmath.inf
        if not all(mpmath.isfinite(v) for v in (m1, m2, m3, m4)):
            return +var, mpmath.inf
        return +var, +(m4 - 4 * m1 * m3 + 6 * m1 ** 2 * m2 - 3 * m1 ** 4)


def mean_central4(raw, m: int, *, dps: int = DPS):
    """Exact fourth central moment of the mean of ``m`` i.i.d. terms with raw moments ``raw``:
    :math:`(\\mu_4+3(m-1)\\sigma^4)/m^3`.

    Examples
    --------
    >>> mean_central4([0, 1, 0, 3], 4)      # N(0, 1/4): 3/16
    mpf('0.1875')
    """
    with mp.workdps(dps + 10):
        var, mu4 = central_from_raw(raw, dps=dps)
        if not mpmath.isfinite(mu4):
            return mpmath.inf
        m = mpmath.mpf(m)
        return +((mu4 + 3 * (m - 1) * var ** 2) / m ** 3)


def row_raw_moments(est, x, y, *, dps: int = DPS):
    """``(raw, why)``: the raw moments :math:`E Z^k`, k = 1..4, of one projection's term of ``est`` in its
    native kernel (``raw`` None and ``why`` the reason where none is known in closed form).

    Examples
    --------
    >>> from rfsym import estimators
    >>> raw, why = row_raw_moments(estimators.get("PosRF-antithetic"), np.array([0.3, 0.0]), np.array([0.0, 0.2]))
    >>> len(raw), why
    (4, '')
    >>> row_raw_moments(estimators.get("angular-hybrid"), np.array([0.3, 0.0]), np.array([0.0, 0.2]))[1][:22]
    'not a row average: the'
    """
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    if isinstance(est, _mech._TrigRF):
        return gerf_raw_moments(0.0, -1, x, y, dps=dps), ""
    if isinstance(est, _mech._TrigPhase):
        return trig_phase_raw_moments(x, y, dps=dps), ""
    if isinstance(est, _mech._PosRF):
        return gerf_raw_moments(0.0, 1, x, y, dps=dps), ""
    if isinstance(est, _mech._Antithetic):
        return antithetic_raw_moments(x, y, dps=dps), ""
    if isinstance(est, _mech._OPRF):
        return gerf_raw_moments(float(est.params["A"]), 1, x, y, dps=dps), ""
    if isinstance(est, _mech._GERF):
        return gerf_raw_moments(complex(est.params["A"]), est.params["s"], x, y, dps=dps), ""
    if isinstance(est, _mech._Discrete):
        xs, ys = est._shift(x[None])[0], est._shift(y[None])[0]
        q = est.params["lam"] if est.kind == "poisson" else est.params["p"]
        return dirf_raw_moments(est.kind, q, xs, ys, dps=dps), ""
    if isinstance(est, _mech._DERF):
        p = est.params["params"]
        return derf_raw_moments(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y, dps=dps), ""
    if isinstance(est, _mech._CE):
        return ce_raw_moments(est.params["a"], x, y, dps=dps), ""
    return None, ("not a row average: the estimate is not a mean of i.i.d. terms (its exact fourth moment, where "
                  "known, comes from hybrid_central4)")


def hybrid_central4(est, x, y, m: int, *, dps: int = DPS):
    """Exact fourth central moment (native kernel) of a bipolar hybrid's estimate with i.i.d. base rows, or None.

    Notes
    -----
    Both hybrids are :math:`\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)\\widehat{SM}^{trig}_m` with
    the coefficient independent of the base estimators (HRF Eq. (12)), unbiased, so the fourth central
    moment is :math:`E e^4`, :math:`e=\\widehat{SM}-SM`; :func:`rfsym.hrf.witnesses.hybrid_error_moments`
    gives it from the joint moments :math:`E[p^jt^k]` of one projection's pair (Gaussian integrals,
    :func:`rfsym.hrf.witnesses.pair_term_moment`) and the coefficient's raw moments: angular (HRF Eq. (19)),
    :math:`\\hat\\lambda=K/n`, :math:`K\\sim\\mathrm{Bin}(n,\\theta/\\pi)`; Gaussian (HRF Eq. (69)),
    :math:`(1-\\bar C)/\\rho`. Its ``mse`` must equal the library's exact MSE (HRF Thm D.1 / F.1), which
    :func:`rfsym.testing.law.law_of` requires before using the value.

    Examples
    --------
    >>> from rfsym import estimators
    >>> est = estimators.get("angular-hybrid", n=4)
    >>> c4, mse = hybrid_central4(est, np.array([0.5, 0.1]), np.array([0.2, -0.4]), 3)
    >>> bool(abs(mse / est.mse([0.5, 0.1], [0.2, -0.4], 3) - 1) < 1e-12)
    True
    """
    from ..hrf import witnesses as _hw
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    p = est.params
    if isinstance(est, _mech._AngularHybrid):
        nx, ny = float(np.linalg.norm(x)), float(np.linalg.norm(y))
        if nx == 0 or ny == 0:
            return None
        cos = max(-1.0, min(1.0, float(x @ y) / (nx * ny)))
        with mp.workdps(dps + 10):
            theta = mpmath.acos(mpmath.mpf(cos))
        lam = _hw.lam_raw_angular(theta, p["n"], dps=dps)
    elif isinstance(est, _mech._GaussianHybrid):
        r = float(np.linalg.norm(x)) if p["r"] is None else p["r"]
        lam = _hw.lam_raw_gaussian_trig(x, y, p["sigma"], p["n"], r, dps=dps)
    else:
        return None
    mom = _hw.hybrid_error_moments(x, y, m, lam, shared=p["shared"], dps=dps)
    return mom["m4"], mom["mse"]

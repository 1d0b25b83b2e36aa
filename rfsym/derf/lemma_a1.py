"""Lemma A.1 (App. A.2, Eqs. (14)-(19)): the scalar minimisation behind every closed-form optimum.

:math:`f(A) = \\log(1-4A) - \\tfrac12\\log(1-8A) + \\phi/(1-8A)` on :math:`A < 1/8` is minimised at
:math:`A^* = \\frac{1}{16}(1 - 2\\phi - \\sqrt{(2\\phi+1)^2 + 8\\phi})` for :math:`\\phi \\ge 0`. Three
layers: sympy (``*_expr``, derived by sympy through the substitution :math:`\\gamma = 1/(1-8A)`), mpmath
(:func:`lemma_a1_argmin`, :func:`lemma_a1_objective`, verified by recomputation) and a float64
vectorised argmin used by the ``*_optimum_np`` functions.
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, check_dps, verified
from ._helpers import _a_scalar_mp, _phi_mp


@functools.lru_cache(maxsize=None)
def lemma_a1_objective_expr():
    """Symbolic f(A) of Lemma A.1, Eq. (14).

    Returns
    -------
    (f, A, phi) : sympy expression and its symbols (``A`` real, ``phi`` nonnegative).

    Examples
    --------
    >>> f, A, phi = lemma_a1_objective_expr()
    >>> sympy.simplify(f - (sympy.log(1 - 4*A) - sympy.log(1 - 8*A)/2 + phi/(1 - 8*A)))
    0
    """
    A = sympy.Symbol("A", real=True)
    phi = sympy.Symbol("phi", nonnegative=True)
    f = sympy.log(1 - 4 * A) - sympy.log(1 - 8 * A) / 2 + phi / (1 - 8 * A)
    return f, A, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_h_expr():
    """h(gamma) of the proof of Lemma A.1 obtained from (14) by sympy substitution A = (1 - 1/gamma)/8.

    Returns
    -------
    (h, gamma, phi)

    Examples
    --------
    >>> h, g, phi = lemma_a1_h_expr()
    >>> sympy.simplify(h - (sympy.log(g + 1) - sympy.log(g)/2 - sympy.log(2) + phi*g))
    0
    """
    f, A, phi = lemma_a1_objective_expr()
    g = sympy.Symbol("gamma", positive=True)
    h = sympy.expand_log(sympy.simplify(f.subs(A, (1 - 1 / g) / 8)), force=True)
    return sympy.simplify(h), g, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_hprime_expr():
    """h'(gamma) of Eqs. (16)-(17), differentiated by sympy and put over a common denominator.

    Examples
    --------
    >>> hp, g, phi = lemma_a1_hprime_expr()
    >>> sympy.simplify(hp - (2*phi*g**2 + (2*phi + 1)*g - 1)/(2*g*(g + 1)))
    0
    """
    h, g, phi = lemma_a1_h_expr()
    return sympy.together(sympy.diff(h, g)), g, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_argmin_expr():
    """Closed-form minimiser of Lemma A.1 derived by sympy (positive root of (17) mapped back to A).

    Returns
    -------
    (A_star, phi) where ``A_star`` is the sympy expression of Eq. (15) as derived.

    Examples
    --------
    >>> a, phi = lemma_a1_argmin_expr()
    >>> printed = (1 - 2*phi - sympy.sqrt((2*phi + 1)**2 + 8*phi))/16
    >>> sympy.simplify(a - printed)
    0
    """
    hp, g, phi = lemma_a1_hprime_expr()
    num = sympy.numer(sympy.together(hp))
    roots = sympy.solve(sympy.Eq(num, 0), g)
    # the positive root: evaluate each at phi = 1 (both are real for phi >= 0)
    pos = [r for r in roots if r.subs(phi, 1).evalf() > 0]
    if len(pos) != 1:  # pragma: no cover - sympy returns two roots for symbolic phi
        raise RuntimeError(f"unexpected roots {roots}")
    gstar = pos[0]
    a_star = sympy.simplify(sympy.radsimp((1 - 1 / gstar) / 8))
    return a_star, phi


def _a1_argmin_mp(phi):
    # Eq. (15) without cancellation: 1 - s = -(12 phi + 4 phi^2)/(1 + s), s = sqrt((2phi+1)^2 + 8phi)
    s = mp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    return (-2 * phi - (12 * phi + 4 * phi ** 2) / (1 + s)) / 16


def _a1_objective_mp(A, phi):
    return mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + phi / (1 - 8 * A)


def lemma_a1_argmin(phi, *, dps: int = DEFAULT_DPS):
    """Minimiser A* of f(A) = log(1-4A) - log(1-8A)/2 + phi/(1-8A) on A < 1/8 (Lemma A.1, Eq. (15)).

    Parameters
    ----------
    phi : exact real, ``phi >= 0``
        For ``phi < 0`` f is unbounded below (f -> -inf as A -> 1/8 from below, while f -> +inf as
        A -> -inf) and no minimiser exists.
    dps : int
        Significant digits of the result.

    Returns
    -------
    mpf
        :math:`A^* = \\frac{1}{16}\\left(1 - 2\\phi - \\sqrt{(2\\phi+1)^2 + 8\\phi}\\right)`, evaluated
        in the cancellation-free form :math:`(-2\\phi - (12\\phi+4\\phi^2)/(1+s))/16`.

    Notes
    -----
    Eq. (15) of the paper; derivation in :func:`lemma_a1_argmin_expr`. ``A* <= 0`` with equality
    iff ``phi = 0``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(lemma_a1_argmin("0.37"), 30)
    '-0.136684830892115612918684818843'
    >>> lemma_a1_argmin(0)
    mpf('0.0')
    >>> lemma_a1_argmin(-1)
    Traceback (most recent call last):
    ...
    ValueError: phi must satisfy 0 <= phi, got phi=-1
    """
    dps = check_dps(dps)
    _phi_mp(phi)
    return verified(lambda: _a1_argmin_mp(_phi_mp(phi)), dps, what="lemma_a1_argmin", absolute=mpmath.mpf(10) ** (-dps - 30))


def lemma_a1_objective(A, phi, *, dps: int = DEFAULT_DPS):
    """f(A) of Lemma A.1, Eq. (14): log(1 - 4A) - log(1 - 8A)/2 + phi/(1 - 8A).

    Parameters
    ----------
    A : exact real, ``A < 1/8``
    phi : exact real, ``phi >= 0``
    dps : int

    Returns
    -------
    mpf

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(lemma_a1_objective(0, "0.5"), 20)
    '0.5'
    >>> lemma_a1_objective("0.125", 1)
    Traceback (most recent call last):
    ...
    ValueError: A must satisfy 8A < 1, got A=0.125
    """
    dps = check_dps(dps)
    _a_scalar_mp(A)
    _phi_mp(phi)
    return verified(lambda: _a1_objective_mp(_a_scalar_mp(A), _phi_mp(phi)), dps, what="lemma_a1_objective",
                    absolute=mpmath.mpf(10) ** (-dps - 30))


def _a1_np(phi):
    phi = np.asarray(phi, dtype=float)
    s = np.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    return (-2 * phi - (12 * phi + 4 * phi ** 2) / (1 + s)) / 16

"""Certified reference values with Arb ball arithmetic (python-flint), issue #15.

"Verified digits" elsewhere in rfsym means that two mpmath precisions agree: a strong heuristic, not
a proof. This module recomputes the headline constants of the four papers with **ball arithmetic**
(`Arb <https://arblib.org>`_ through python-flint): every operation returns a midpoint and a radius
that provably encloses the exact result, so the digits a ball proves are proven, not observed.

The implementations here are **independent** of the mpmath code paths they certify: optima are
found as certified zeros of the derivative of the printed objective (not from the closed forms the
library evaluates), conformities from a one-dimensional integral of the definition (rigorous
quadrature, :meth:`flint.acb.integral`) rather than the library's series, maxima by certified
branch-and-bound, roots by certified sign changes plus interval Newton contraction.

Every public value function returns a :class:`CertifiedValue` (the ball, the digits it proves, the
source equation and the exact inputs). :func:`certify_bound` proves ``f > 0`` on a whole interval
by bisection with ball evaluation.

Conventions follow the library: CRT and SimRF use the Gaussian kernel, DERF and HRF the softmax
kernel :math:`\\exp(x^\\top y)`.

Examples
--------
>>> v = oprf_rho_star(64, 100)
>>> v.digits >= 30
True
>>> v.string(20)
'0.20925255248402923513'
"""

from __future__ import annotations

import heapq
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import mpmath
from flint import acb, arb, arb_series, ctx, fmpq, fmpz

__all__ = [
    "CertificationError", "CertifiedValue", "BoundCertificate", "DEFAULT_PREC", "working_prec", "exact",
    "certify_bound", "certify_bound_box", "certify_root", "certify_max", "thm35_bound_holds",
    "oprf_a_star", "oprf_rho_star", "oprf_log_variance_ratio", "oprf_rho_star_eq7_as_printed", "paper_eq25_gap",
    "lemma_a1_argmin",
    "mse_trig", "mse_pos", "thm35_bound", "max_relative_error_angular_hybrid", "thm35_ratio",
    "thm35_failure_radius", "eq64_failure_radius",
    "conformity", "small_v_prefactor", "rff_gap_bracket", "rff_z_crit", "rff_z_crit_is_first_root",
]

#: Working precision in bits (77 decimal digits); enclosures then prove well over 30 digits.
DEFAULT_PREC = 256


class CertificationError(ArithmeticError):
    """Raised when ball arithmetic cannot prove what was asked (e.g. a sign, a root, a bound)."""


@contextmanager
def working_prec(bits):
    """Temporarily set python-flint's working precision (``flint.ctx.prec``) to ``bits``.

    Examples
    --------
    >>> with working_prec(128):
    ...     ctx.prec
    128
    """
    bits = int(bits)
    if bits < 32:
        raise ValueError(f"bits must be >= 32, got {bits}")
    old = ctx.prec
    ctx.prec = bits
    try:
        yield
    finally:
        ctx.prec = old


def exact(x, name="x"):
    """Convert an exact input to :class:`flint.fmpq`.

    Parameters
    ----------
    x : int, Fraction, str, sympy Rational, fmpq
        Strings are decimal (``"0.37"``) or fractions (``"3/7"``). Floats are rejected (say what you
        mean with a string); so are booleans, non-finite values and sympy irrationals.
    name : str
        Name used in error messages.

    Examples
    --------
    >>> exact("0.37")
    37/100
    >>> exact(0.5)
    Traceback (most recent call last):
    ...
    TypeError: x must be exact (int, Fraction, decimal string, sympy Rational), got float 0.5
    """
    if isinstance(x, fmpq):
        return x
    if isinstance(x, bool) or isinstance(x, float):
        raise TypeError(f"{name} must be exact (int, Fraction, decimal string, sympy Rational), "
                        f"got {type(x).__name__} {x!r}")
    if isinstance(x, int):
        return fmpq(x)
    if isinstance(x, Fraction):
        return fmpq(x.numerator, x.denominator)
    if isinstance(x, str):
        try:
            f = Fraction(x.strip())
        except (ValueError, ZeroDivisionError) as exc:
            raise ValueError(f"{name} must be a decimal or fraction string, got {x!r}") from exc
        return fmpq(f.numerator, f.denominator)
    try:  # sympy numbers
        import sympy

        e = sympy.nsimplify(sympy.sympify(x), rational=False)
        if e.is_Rational:
            return fmpq(int(e.p), int(e.q))
    except (ImportError, TypeError, ValueError, sympy.SympifyError):
        pass
    raise TypeError(f"{name} must be exact (int, Fraction, decimal string, sympy Rational), got "
                    f"{type(x).__name__} {x!r}")


def _exact_quadratic_forms(x, y):
    """Exact |x|^2, |y|^2, x.y of two vectors with exact (sympy-compatible) entries, as fmpq."""
    import sympy

    if len(x) != len(y) or len(x) == 0:
        raise ValueError(f"x and y must be non-empty and of equal length, got {len(x)} and {len(y)}")
    xs = [sympy.nsimplify(sympy.sympify(a)) if isinstance(a, str) else sympy.sympify(a) for a in x]
    ys = [sympy.nsimplify(sympy.sympify(a)) if isinstance(a, str) else sympy.sympify(a) for a in y]
    for a in xs + ys:
        if isinstance(a, sympy.Float):
            raise TypeError("x and y entries must be exact (no floats)")
    out = []
    for e, what in ((sum(a * a for a in xs), "|x|^2"), (sum(b * b for b in ys), "|y|^2"),
                    (sum(a * b for a, b in zip(xs, ys)), "x.y")):
        e = sympy.nsimplify(sympy.expand(e))
        if not e.is_Rational:
            raise ValueError(f"{what} = {e} is not rational; certified values need rational quadratic forms")
        out.append(fmpq(int(e.p), int(e.q)))
    return out


def _to_exact_arb(value):
    """A ball for an mpmath mpf / float / int / Fraction / decimal string (exact for binary numbers)."""
    if isinstance(value, float):
        value = Fraction(value)
    if isinstance(value, mpmath.mpf):
        # value.man_exp is exact; mpmath.mpf(value) would round to the global precision
        sign, man, exp, _ = value._mpf_
        if not man and exp:  # inf / nan
            raise ValueError(f"value must be finite, got {value}")
        man = -int(man) if sign else int(man)
        with working_prec(max(ctx.prec, int(abs(man).bit_length()) + 64)):
            return arb(fmpz(int(man))) * arb(2) ** int(exp)
    q = exact(value, "value")
    return arb(q)


@dataclass(frozen=True)
class CertifiedValue:
    """A ball that provably contains a reference value.

    Attributes
    ----------
    quantity : str
        What the value is (library function name and arguments).
    ball : flint.arb
        Midpoint and radius; the exact value lies in ``[mid - rad, mid + rad]``.
    source : str
        Paper and equation.
    inputs : dict
        Exact inputs as strings.
    note : str
        What the enclosure proves beyond the value (e.g. uniqueness of a root in the ball).
    """

    quantity: str
    ball: arb
    source: str
    inputs: dict = field(default_factory=dict)
    note: str = ""

    @property
    def digits(self):
        """Proven significant digits: the largest ``k`` with radius / min|value| <= 10^-k (0 if the ball
        contains 0 or is not finite; ``math.inf`` for an exact ball)."""
        b = self.ball
        if not b.is_finite():
            return 0
        if b.rad() == 0:
            return math.inf
        lo = b.abs_lower()
        if lo <= 0:
            return 0
        with working_prec(64):
            q = -(arb(b.rad()) / lo).log() / arb(10).log()
            return max(0, int(math.floor(float(q.lower()))))

    def contains(self, value):
        """True if the exact value of ``value`` (mpf, float, int, Fraction, decimal string) lies in the ball."""
        return bool(self.ball.contains(_to_exact_arb(value)))

    def agrees(self, value, digits):
        """True if ``value`` (a number rounded to ``digits`` significant digits, e.g. an mpmath result at
        ``dps=digits``) is within ``|value| 10^(1-digits)`` of some point of the ball: the ball and the
        rounded value are compatible. (``contains`` would fail for any rounded value once the ball is
        narrower than the rounding.)

        Examples
        --------
        >>> v = oprf_rho_star(64, 100)
        >>> v.agrees("0.2092525524840292351340233393618", 31), v.agrees("0.2092525524840292351340233393628", 31)
        (True, False)
        """
        with working_prec(max(ctx.prec, DEFAULT_PREC, self.ball.bits() + 64)):
            v = _to_exact_arb(value)
            tol = v.abs_upper() * arb(10) ** (1 - int(digits))
            return bool((self.ball - v).abs_lower() <= tol)

    def string(self, n=30):
        """The midpoint rounded to ``n`` significant digits (no radius; :attr:`digits` says how many are proven)."""
        return self.ball.str(int(n), radius=False)

    def mpf(self, dps=40):
        """The midpoint as an mpmath number."""
        with mpmath.workdps(dps):
            return mpmath.mpf(self.ball.mid().str(dps + 5, radius=False))

    def __str__(self):  # pragma: no cover - convenience
        return f"{self.quantity} = {self.ball.str(min(self.digits, 60) if self.digits != math.inf else 40)} ({self.digits} digits)"


# =============================================================================================
# Certified primitives: roots, maxima, positivity on an interval
# =============================================================================================

def _interval(lo, hi):
    lo, hi = arb(lo), arb(hi)
    return lo.union(hi)


def _exact_fraction(b):
    """The midpoint of an arb as an exact Fraction."""
    man, exp = b.mid().man_exp()
    man, exp = int(man), int(exp)
    return Fraction(man * 2 ** exp) if exp >= 0 else Fraction(man, 2 ** (-exp))


def _neg_upper(E):
    """Exact heap key (floats would tie below 1e-16 relative and stop the refinement early)."""
    if not E.is_finite():
        return -Fraction(10) ** 400
    return -_exact_fraction(E.upper())


def _series_derivative(F):
    """f and f' from an arb_series-capable function F."""
    def f(x):
        c = F(arb_series([x], prec=1)).coeffs()
        return c[0] if c else arb(0)

    def df(x):
        c = F(arb_series([x, 1], prec=2)).coeffs()
        return c[1] if len(c) > 1 else arb(0)

    return f, df


def certify_root(f, df, lo, hi, *, max_iter=400, prec=None):
    """Enclose the unique zero of ``f`` in ``[lo, hi]`` (certified sign change + interval Newton).

    Parameters
    ----------
    f, df : callable arb -> arb
        The function and its derivative, both valid for ball arguments.
    lo, hi : exact reals with ``f(lo)`` and ``f(hi)`` of (provably) opposite signs.
    max_iter : int
    prec : int, optional
        Working precision in bits (default: the larger of the current one and :data:`DEFAULT_PREC`).

    Returns
    -------
    (arb, arb)
        The root's enclosure and the (shrunken) interval on which ``df`` provably has no zero, so that
        the root is the only zero there.

    Raises
    ------
    CertificationError
        If the signs at the ends cannot be proven opposite, or no isolating interval is found.

    Examples
    --------
    >>> r, _ = certify_root(lambda x: x * x - 2, lambda x: 2 * x, 1, 2)
    >>> r.overlaps(arb(2).sqrt()) and r.rad() < 1e-70
    True
    """
    with working_prec(prec or max(ctx.prec, DEFAULT_PREC)):
        return _certify_root(f, df, exact(lo, "lo"), exact(hi, "hi"), max_iter)


def _certify_root(f, df, a, b, max_iter):
    fa, fb = f(arb(a)), f(arb(b))
    sa = 1 if fa > 0 else (-1 if fa < 0 else 0)
    sb = 1 if fb > 0 else (-1 if fb < 0 else 0)
    if sa == 0 or sb == 0 or sa == sb:
        raise CertificationError(f"no certified sign change on [{a}, {b}]: f(lo) = {fa.str(5)}, f(hi) = {fb.str(5)}")
    # bisect (keeping the certified sign change) until f' provably has no zero on the bracket
    for _ in range(200):
        X = _interval(arb(a), arb(b))
        dX = df(X)
        if dX > 0 or dX < 0:
            break
        m = (a + b) / 2
        fm = f(arb(m))
        if fm == 0:
            raise CertificationError("hit an exact zero during bisection")  # pragma: no cover
        if (fm > 0 and sa > 0) or (fm < 0 and sa < 0):
            a = m
        elif (fm > 0 and sb > 0) or (fm < 0 and sb < 0):
            b = m
        else:
            raise CertificationError(f"sign of f at {m} undecidable at {ctx.prec} bits")
    else:
        raise CertificationError("could not isolate the root: f' keeps containing 0")
    iso = _interval(arb(a), arb(b))
    X = iso
    for _ in range(max_iter):
        m = arb(X.mid())
        N = m - f(m) / df(X)
        Y = X.intersection(N)
        if Y.rad() >= X.rad():
            X = Y
            break
        X = Y
    return X, iso


def certify_max(h, lo, hi, *, dh=None, rel_tol=None, max_evals=200000, prec=None):
    """Enclose :math:`\\max_{[lo, hi]} h` by branch and bound with ball evaluation.

    Parameters
    ----------
    h : callable
        ``h(x)`` for an arb_series ``x`` (then ``dh`` is not needed and the mean-value form
        ``h(m) + h'(X)(X - m)`` is used) or, with ``dh`` given, for an arb ``x``.
    lo, hi : exact reals or arb points
    dh : callable, optional
    rel_tol : float, optional
        Target relative width of the enclosure (default ``2^(-prec+40)``).
    max_evals : int
    prec : int, optional
        Working precision in bits (default: the larger of the current one and :data:`DEFAULT_PREC`).

    Returns
    -------
    (arb, arb)
        The maximum's enclosure and an interval containing every maximiser.

    Examples
    --------
    >>> from flint import arb_series
    >>> M, where = certify_max(lambda x: -(x - 1) * (x - 1) + 3, 0, 4)
    >>> M.overlaps(arb(3)) and M.rad() < 1e-60
    True
    """
    with working_prec(prec or max(ctx.prec, DEFAULT_PREC)):
        return _certify_max(h, lo, hi, dh, rel_tol, max_evals)


def _certify_max(h, lo, hi, dh, rel_tol, max_evals):
    if dh is None:
        f, df = _series_derivative(h)
    else:
        f, df = h, dh
    a = arb(lo) if isinstance(lo, arb) else arb(exact(lo, "lo"))
    b = arb(hi) if isinstance(hi, arb) else arb(exact(hi, "hi"))
    if rel_tol is None:
        rel_tol = 2.0 ** (-ctx.prec + 40)
    evals = 0

    def enclose(X):
        nonlocal evals
        evals += 2
        direct = f(X)
        if X.rad() > 0.25:
            return direct
        m = arb(X.mid())
        mv = f(m) + df(X) * (X - m)
        return mv.intersection(direct) if mv.overlaps(direct) else direct

    # best-first branch and bound: always refine the piece with the largest upper bound
    L = max(f(a).lower(), f(b).lower(), f(arb(((a + b) / 2).mid())).lower())
    X0 = _interval(a, b)
    heap = [(_neg_upper(enclose(X0)), 0, X0)]
    count = 1
    while True:
        negU, _, X = heapq.heappop(heap)
        E = enclose(X)
        U = E.upper()
        if U - L <= abs(L) * rel_tol or X.rad() == 0:
            heapq.heappush(heap, (negU, count, X))
            break
        if evals > max_evals:
            raise CertificationError(f"certify_max: more than {max_evals} evaluations")
        m = arb(X.mid())
        fm = f(m)
        if fm.lower() > L:
            L = fm.lower()
        for Y in (_interval(X.lower(), m), _interval(m, X.upper())):
            EY = enclose(Y)
            if not EY.upper() < L:
                count += 1
                heapq.heappush(heap, (_neg_upper(EY), count, Y))
    # the maximum lies in [L, max upper]; every maximiser lies in a surviving piece
    pieces = [X for _, _, X in heap]
    encl = [enclose(X) for X in pieces]
    keep = [(X, E) for X, E in zip(pieces, encl) if not E.upper() < L]
    U = keep[0][1].upper()
    where = keep[0][0]
    for X, E in keep[1:]:
        U = max(U, E.upper())
        where = where.union(X)
    return _interval(L, U), where


@dataclass(frozen=True)
class BoundCertificate:
    """Result of :func:`certify_bound`.

    Attributes
    ----------
    proved : bool
        ``f > 0`` holds on the whole interval (proof by ball evaluation on every piece).
    pieces : int
        Number of sub-intervals of the final cover.
    min_lower : float
        The smallest certified lower bound of ``f`` over the pieces (when proved).
    counterexample : str or None
        A point where ``f <= 0`` was proven (the claim is then false).
    """

    proved: bool
    pieces: int
    min_lower: float
    counterexample: str | None = None


def _pow(h, k):
    """h**k by repeated products (arb ** int goes through log and is NaN for balls containing 0)."""
    out = arb(1)
    for _ in range(k):
        out = out * h
    return out


def _taylor_enclosure(f, X, K):
    m = arb(X.mid())
    cm = f(arb_series([m, 1], prec=K)).coeffs()
    cX = f(arb_series([X, 1], prec=K + 1)).coeffs()
    cK = cX[K] if len(cX) > K else arb(0)
    h = X - m
    E = arb(0)
    for j in range(K - 1, -1, -1):
        E = E * h + (cm[j] if j < len(cm) else arb(0))
    E = E + cK * _pow(h, K)
    direct = f(X)
    return E.intersection(direct) if E.overlaps(direct) else E


def certify_bound(f, lo, hi, *, df=None, taylor=0, max_pieces=20000, prec=None):
    r"""Prove ``f(x) > 0`` for every ``x`` in ``[lo, hi]`` by bisection with ball evaluation.

    Each piece ``X`` is accepted when the ball ``f(X)`` (or the mean-value enclosure
    ``f(m) + f'(X)(X - m)`` when ``df`` is given) is strictly positive; otherwise it is halved.
    If ``f(m) <= 0`` is proven at a midpoint the bound is false and that point is returned.

    Parameters
    ----------
    f : callable arb -> arb
        Must return a valid enclosure for a ball argument (any composition of flint functions does).
    lo, hi : exact reals (``lo <= hi``)
    df : callable arb -> arb, optional
        Derivative (enables the mean-value form; much fewer pieces near a zero of ``f``).
    taylor : int, optional
        If ``> 0``, ``f`` must also accept a :class:`flint.arb_series` and each piece is enclosed by
        the Taylor form of this order, :math:`\sum_{j<K}f_j(m)h^j+f_K(X)h^K` with :math:`h=X-m`
        (the remainder coefficient is the ball of the K-th Taylor coefficient over the piece); this
        beats plain ball evaluation when ``f`` has heavy cancellation.
    max_pieces : int
        Give up (``proved=False``) after this many pieces.
    prec : int, optional
        Working precision in bits (default :data:`DEFAULT_PREC`).

    Returns
    -------
    BoundCertificate

    Examples
    --------
    >>> from flint import arb
    >>> certify_bound(lambda x: x.cos(), 0, "1.5").proved
    True
    >>> c = certify_bound(lambda x: x.cos(), 0, 2)
    >>> c.proved, c.counterexample is not None
    (False, True)
    """
    a, b = exact(lo, "lo"), exact(hi, "hi")
    if a > b:
        raise ValueError(f"need lo <= hi, got lo={lo}, hi={hi}")
    with working_prec(prec or DEFAULT_PREC):
        work = [(a, b)]
        pieces = 0
        min_lower = None
        while work:
            u, v = work.pop()
            X = _interval(arb(u), arb(v))
            E = _taylor_enclosure(f, X, taylor) if taylor and u != v else f(X)
            if df is not None and u != v:
                m = arb((u + v) / 2)
                mv = f(m) + df(X) * (X - m)
                if mv.overlaps(E):
                    E = mv.intersection(E)
            if E > 0:
                pieces += 1
                lw = float(E.lower())
                min_lower = lw if min_lower is None else min(min_lower, lw)
                continue
            mid = (u + v) / 2
            fm = f(arb(mid))
            if fm <= 0:
                return BoundCertificate(False, pieces, float("nan"), counterexample=str(mid))
            if pieces + len(work) > max_pieces or u == v:
                return BoundCertificate(False, pieces, float("nan"))
            work.append((mid, v))
            work.append((u, mid))
        return BoundCertificate(True, pieces, min_lower if min_lower is not None else float("nan"))


def certify_bound_box(f, lo, hi, *, max_pieces=400000, prec=None):
    r"""Prove ``f(x) > 0`` on a whole box :math:`\prod_i [lo_i, hi_i]` by bisection with ball evaluation.

    The multi-dimensional version of :func:`certify_bound`: a box is accepted when the ball
    ``f([X_1, ..., X_k])`` is positive, otherwise it is halved along the coordinate with the largest
    width relative to the domain; a midpoint with a proven ``f <= 0`` refutes the claim.

    Parameters
    ----------
    f : callable list of arb -> arb
    lo, hi : sequences of exact reals
    max_pieces : int
    prec : int, optional
        Working precision in bits (default :data:`DEFAULT_PREC`).

    Returns
    -------
    BoundCertificate
        ``counterexample`` is the refuting point, as a string of a tuple of fractions.

    Examples
    --------
    >>> certify_bound_box(lambda X: 3 - X[0] * X[0] - X[1] * X[1], [-1, -1], [1, 1]).proved
    True
    >>> certify_bound_box(lambda X: 1 - X[0] * X[1], [0, 0], [2, 2]).counterexample
    '(1, 1)'
    """
    a0 = [exact(v, "lo") for v in lo]
    b0 = [exact(v, "hi") for v in hi]
    if len(a0) != len(b0) or not a0:
        raise ValueError("lo and hi must be non-empty and of equal length")
    if any(u >= v for u, v in zip(a0, b0)):
        raise ValueError(f"need lo < hi in every coordinate, got lo={lo}, hi={hi}")
    span = [v - u for u, v in zip(a0, b0)]
    with working_prec(prec or DEFAULT_PREC):
        work = [(a0, b0)]
        pieces = 0
        min_lower = None
        while work:
            a, b = work.pop()
            E = f([_interval(arb(u), arb(v)) for u, v in zip(a, b)])
            if E > 0:
                pieces += 1
                lw = float(E.lower())
                min_lower = lw if min_lower is None else min(min_lower, lw)
                continue
            m = [(u + v) / 2 for u, v in zip(a, b)]
            if f([arb(t) for t in m]) <= 0:
                return BoundCertificate(False, pieces, float("nan"),
                                        counterexample="(" + ", ".join(str(t) for t in m) + ")")
            if pieces + len(work) > max_pieces:
                return BoundCertificate(False, pieces, float("nan"))
            k = max(range(len(a)), key=lambda i: (b[i] - a[i]) / span[i])
            b1, a2 = list(b), list(a)
            b1[k] = a2[k] = m[k]
            work.append((a2, b))
            work.append((a, b1))
        return BoundCertificate(True, pieces, min_lower if min_lower is not None else float("nan"))


def _bracket_negative(g, start=-1, limit=2 ** 40):
    """Find an exact A <= start with g(A) < 0 proven (doubling)."""
    A = fmpq(start)
    while True:
        if g(arb(A)) < 0:
            return A
        A *= 2
        if abs(A) > limit:
            raise CertificationError("no negative value found")


def _require_int(v, name, minimum):
    if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {v!r}")
    return v


# =============================================================================================
# CRT: OPRF optimum (Theorem 3.3) from the printed variance (6) for real A, s = +1
# =============================================================================================

def _crt_log_first_term(d, s2):
    """A -> log of the first term of (6) for real A, s = +1, up to the A-independent constant (proof of Thm 3.3):
    d log(1-4A) - (d/2) log(1-8A) + 2 (1-4A)/(1-8A) s2."""
    def L(A):
        u = 1 - 8 * A
        return d * (1 - 4 * A).log() - arb(d) / 2 * u.log() + 2 * (1 - 4 * A) / u * s2
    return L


@lru_cache(maxsize=64)
def _crt_a_star_ball(d, s2, prec):
    with working_prec(prec):
        L = _crt_log_first_term(d, arb(s2))
        # L'(A) via a length-3 power series (so that L'' is available for Newton)
        def dL(A):
            return L(arb_series([A, 1], prec=2)).coeffs()[1]

        def d2L(A):
            return 2 * L(arb_series([A, 1], prec=3)).coeffs()[2]

        lo = _bracket_negative(dL)
        root, iso = certify_root(dL, d2L, lo, 0)
        if not d2L(iso) > 0:
            raise CertificationError("L'' not positive on the isolating interval")  # pragma: no cover
        return root


def oprf_a_star(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`A^*` of CRT Theorem 3.3 (OPRF, Gaussian kernel), ``s2 = ||x+y||^2 > 0``.

    Found as the certified zero of :math:`\\partial_A` of the logarithm of the first term of the
    printed variance (6) for real ``A`` and ``s = +1`` (proof of Thm 3.3):
    :math:`L(A)=d\\log(1-4A)-\\tfrac d2\\log(1-8A)+\\tfrac{2(1-4A)}{1-8A}s_2` - not from the closed
    form (7) the library evaluates. The ball contains the unique zero of :math:`L'` in an interval
    where :math:`L''>0` (a strict local, and by Thm 3.3 the global, minimiser).

    Parameters
    ----------
    d : int, ``d >= 1``
    s2 : exact real, ``s2 > 0``
    prec : int
        Working precision (bits).

    Returns
    -------
    CertifiedValue

    Examples
    --------
    >>> oprf_a_star(64, 100).string(15)
    '-0.472364278314074'
    >>> oprf_a_star(64, 0)
    Traceback (most recent call last):
    ...
    ValueError: s2 must be > 0 (at s2 = 0 the optimum is A* = 0, PosRF), got 0
    """
    d = _require_int(d, "d", 1)
    q = exact(s2, "s2")
    if q <= 0:
        raise ValueError(f"s2 must be > 0 (at s2 = 0 the optimum is A* = 0, PosRF), got {s2}")
    root = _crt_a_star_ball(d, q, int(prec))
    return CertifiedValue(f"oprf_a_star({d}, {s2})", root, "CRT Thm 3.3, Eq. (7)", {"d": str(d), "s2": str(q)},
                          note="unique zero of dL/dA on an interval where d2L/dA2 > 0")


def oprf_rho_star(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`\\rho^*=1/(1-8A^*)` of CRT Theorem 3.3, Eq. (7) (see :func:`oprf_a_star`).

    Examples
    --------
    >>> oprf_rho_star(64, 100).string(31)
    '0.2092525524840292351340233393618'
    """
    a = oprf_a_star(d, s2, prec=prec)
    with working_prec(prec):
        rho = 1 / (1 - 8 * a.ball)
    return CertifiedValue(f"oprf_rho_star({d}, {s2})", rho, "CRT Thm 3.3, Eq. (7)", a.inputs, note=a.note)


def oprf_log_variance_ratio(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`\\log(\\mathrm{Var}_{\\rm OPRF}/\\mathrm{Var}_{\\rm PosRF})` (CRT Fig. 1 right).

    :math:`\\log\\mathrm{expm1}(\\tilde g(A^*))-\\log\\mathrm{expm1}(s_2)` with
    :math:`\\tilde g(A)=d\\log\\frac{1-4A}{\\sqrt{1-8A}}+\\big(\\frac{2(1-4A)}{1-8A}-1\\big)s_2` (the
    logarithm of the first term of (6) divided by :math:`K^2`; :math:`\\tilde g(0)=s_2` is PosRF).

    Examples
    --------
    >>> oprf_log_variance_ratio(64, 100).string(10)
    '-61.22118004'
    """
    a = oprf_a_star(d, s2, prec=prec)
    with working_prec(prec):
        A = a.ball
        s = arb(exact(s2))
        g = d * ((1 - 4 * A) / (1 - 8 * A).sqrt()).log() + (2 * (1 - 4 * A) / (1 - 8 * A) - 1) * s
        mu = g.expm1().log() - s.expm1().log()
    return CertifiedValue(f"oprf_log_variance_ratio({d}, {s2})", mu, "CRT Fig. 1 (right), Eq. (6)", a.inputs)


# =============================================================================================
# DERF Lemma A.1
# =============================================================================================

def lemma_a1_argmin(phi, *, prec=DEFAULT_PREC):
    """Certified minimiser of :math:`f(A)=\\log(1-4A)-\\tfrac12\\log(1-8A)+\\phi/(1-8A)` (DERF Lemma A.1, Eq. (14)).

    The zero of :math:`f'` (power-series derivative of Eq. (14) in ball arithmetic) isolated by a
    certified sign change with :math:`f''>0` on the isolating interval; not the closed form (15).

    Parameters
    ----------
    phi : exact real, ``phi > 0`` (``phi = 0`` gives ``A* = 0`` exactly)

    Examples
    --------
    >>> lemma_a1_argmin("0.37").string(30)
    '-0.136684830892115612918684818843'
    >>> lemma_a1_argmin(-1)
    Traceback (most recent call last):
    ...
    ValueError: phi must be >= 0, got -1
    """
    q = exact(phi, "phi")
    if q < 0:
        raise ValueError(f"phi must be >= 0, got {phi}")
    if q == 0:
        return CertifiedValue(f"lemma_a1_argmin({phi})", arb(0), "DERF Lemma A.1, Eq. (15)", {"phi": "0"},
                              note="exact: f'(A) = 4/(1-8A) - 4/(1-4A) vanishes only at A = 0")
    with working_prec(prec):
        p = arb(q)

        def F(A):
            u = 1 - 8 * A
            return (1 - 4 * A).log() - u.log() / 2 + p / u

        def df(A):
            return F(arb_series([A, 1], prec=2)).coeffs()[1]

        def d2f(A):
            return 2 * F(arb_series([A, 1], prec=3)).coeffs()[2]

        lo = _bracket_negative(df)
        root, iso = certify_root(df, d2f, lo, 0)
        if not d2f(iso) > 0:
            raise CertificationError("f'' not positive on the isolating interval")  # pragma: no cover
    return CertifiedValue(f"lemma_a1_argmin({phi})", root, "DERF Lemma A.1, Eq. (15)", {"phi": str(q)},
                          note="unique zero of f' on an interval where f'' > 0")


# =============================================================================================
# HRF: Lemma 2.2 MSEs, Thm 3.5 bound, exact max-relative-error and its failure radius
# =============================================================================================

def mse_trig(x, y, m, *, prec=DEFAULT_PREC):
    """Certified MSE of the trigonometric softmax estimator (HRF Lemma 2.2), from the moments of the definition.

    :math:`\\widehat{SM}=\\frac{e^{(\\|x\\|^2+\\|y\\|^2)/2}}{m}\\sum_i\\cos(\\omega_i^\\top(x-y))`;
    with :math:`E\\cos(\\omega^\\top\\Delta)=e^{-\\|\\Delta\\|^2/2}`,
    :math:`E\\cos^2=(1+e^{-2\\|\\Delta\\|^2})/2`:
    :math:`\\mathrm{MSE}=e^{\\|x\\|^2+\\|y\\|^2}(E\\cos^2-(E\\cos)^2)/m`.

    Parameters
    ----------
    x, y : sequences of exact entries whose squared norms and dot product are rational
    m : int >= 1

    Examples
    --------
    >>> import sympy
    >>> mse_trig([1, 0], ["1/2", sympy.sqrt(3) / 2], 10).string(15)
    '0.147624622100628'
    """
    m = _require_int(m, "m", 1)
    nx, ny, xy = _exact_quadratic_forms(x, y)
    with working_prec(prec):
        d2 = arb(nx + ny - 2 * xy)
        e1 = (-d2 / 2).exp()
        e2 = (1 + (-2 * d2).exp()) / 2
        val = arb(nx + ny).exp() * (e2 - e1 * e1) / m
    return CertifiedValue(f"mse_trig(x, y, {m})", val, "HRF Lemma 2.2, Eq. (7)",
                          {"|x|^2": str(nx), "|y|^2": str(ny), "x.y": str(xy), "m": str(m)})


def mse_pos(x, y, m, *, prec=DEFAULT_PREC):
    """Certified MSE of the antithetic positive softmax estimator (HRF Lemma 2.2), from the moments.

    Per projection :math:`e^{-(\\|x\\|^2+\\|y\\|^2)/2}\\cosh(\\omega^\\top z)`, :math:`z=x+y`;
    :math:`E\\cosh=e^{\\|z\\|^2/2}`, :math:`E\\cosh^2=(1+e^{2\\|z\\|^2})/2`.

    Examples
    --------
    >>> import sympy
    >>> mse_pos([1, 0], [0, 1], 1).string(10)
    '2.762195691'
    """
    m = _require_int(m, "m", 1)
    nx, ny, xy = _exact_quadratic_forms(x, y)
    with working_prec(prec):
        z2 = arb(nx + ny + 2 * xy)
        e1 = (z2 / 2).exp()
        e2 = (1 + (2 * z2).exp()) / 2
        val = (-arb(nx + ny)).exp() * (e2 - e1 * e1) / m
    return CertifiedValue(f"mse_pos(x, y, {m})", val, "HRF Lemma 2.2",
                          {"|x|^2": str(nx), "|y|^2": str(ny), "x.y": str(xy), "m": str(m)})


def _hrf_C(n):
    return 1 / arb.pi() - arb(1) / (n * arb.pi()) + 1 / (n * arb.pi().sqrt())


def thm35_bound(r, m, n, *, prec=DEFAULT_PREC):
    """Certified right-hand side of the printed bound (27) of HRF Thm 3.5.

    Examples
    --------
    >>> thm35_bound(1, 1, 1).string(10)
    '3.852639475'
    """
    m, n = _require_int(m, "m", 1), _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    with working_prec(prec):
        R = arb(q)
        W = (2 * R * R).exp() * (1 - (-4 * R * R).exp())
        val = W * _hrf_C(n).sqrt() / (R * (2 * arb(m)).sqrt())
    return CertifiedValue(f"thm35_bound({r}, {m}, {n})", val, "HRF Thm 3.5, Eq. (27)",
                          {"r": str(q), "m": str(m), "n": str(n)})


def _h_r(R, n):
    """h_r(theta) of Eqs. (49)-(50), as printed, for an arb or arb_series theta."""
    pi = arb.pi()
    R2 = R * R

    def a(t):
        tp = t / pi
        c = (t / 2).cos()
        w = 1 - (-4 * R2 * c * c).exp()  # (explicit products: arb_series ** 2 goes through log, NaN at 0)
        return tp * (tp - tp / n + arb(1) / n) * (2 * R2 * t.cos()).exp() * w * w

    return lambda t: a(t) + a(pi - t)


def _max_h(q, n, prec, rel_tol=None):
    with working_prec(prec):
        R = arb(q)
        h = _h_r(R, n)
        return certify_max(h, 0, arb.pi(), rel_tol=rel_tol)


def max_relative_error_angular_hybrid(r, m, n, *, prec=DEFAULT_PREC):
    """Certified max-relative-error of the angular hybrid on S(r) (HRF Eq. (48)): certified branch-and-bound
    maximum of :math:`h_r` over the whole :math:`[0,\\pi]` (Eqs. (49)-(50) as printed).

    Examples
    --------
    >>> max_relative_error_angular_hybrid(1, 1, 1).string(10)
    '1.920578591'
    """
    m, n = _require_int(m, "m", 1), _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    M, _ = _max_h(q, n, prec)
    with working_prec(prec):
        R = arb(q)
        val = (R * R).exp() * M.sqrt() / (2 * arb(m)).sqrt()
    return CertifiedValue(f"max_relative_error_angular_hybrid({r}, {m}, {n})", val, "HRF Def. 3.3, Eq. (48)",
                          {"r": str(q), "m": str(m), "n": str(n)}, note="maximum over theta in [0, pi] by branch and bound")


def thm35_bound_holds(n, r_max, *, prec=128):
    r"""Prove that the printed bound (27) of HRF Thm 3.5 holds for **every** :math:`r\in[1, r_{max}]`.

    (27) holds at r iff :math:`r^2e^{2r^2}h_r(\theta)\le W(r)^2C(n)` for all :math:`\theta` (Eq. (48)),
    i.e. iff :math:`G(r,\theta)=(1-e^{-4r^2})^2C(n)-r^2e^{-2r^2}h_r(\theta)>0` on
    :math:`[0,\pi]`; :func:`certify_bound_box` proves :math:`G>0` on the box
    :math:`[1,r_{max}]\times[0,\pi]` (with :math:`\theta=\pi t`, :math:`t\in[0,1]`). Together with
    :func:`thm35_failure_radius` (a certified failure just above :math:`r^*`) this pins the first
    failure radius between ``r_max`` and the ball's upper end.

    Examples
    --------
    >>> thm35_bound_holds(1, 3).proved
    True
    """
    n = _require_int(n, "n", 1)
    rm = exact(r_max, "r_max")
    if rm <= 1:
        raise ValueError(f"r_max must be > 1, got {r_max}")
    with working_prec(prec):
        Cn = _hrf_C(n)
        pi = arb.pi()

        def ap(t, R2):
            tp = t / pi
            s, c = (t / 2).sin(), (t / 2).cos()
            w = 1 - (-4 * R2 * c * c).exp()
            return tp * (tp - tp / n + arb(1) / n) * (-4 * R2 * s * s).exp() * w * w

        def G(X):
            R, T = X[0], pi * X[1]
            R2 = R * R
            u = 1 - (-4 * R2).exp()
            return u * u * Cn - R2 * (ap(T, R2) + ap(pi - T, R2))

        return certify_bound_box(G, [1, 0], [rm, 1], prec=prec)


def _ratio_ball(q, n, prec, rel_tol=None):
    M, _ = _max_h(q, n, prec, rel_tol)
    with working_prec(prec):
        R = arb(q)
        return R * M.sqrt() / ((2 * R * R).exp() * (1 - (-4 * R * R).exp()) / (R * R).exp() * _hrf_C(n).sqrt())


def thm35_ratio(r, n, *, prec=DEFAULT_PREC):
    """Certified ratio exact max-relative-error / bound (27) (independent of m); > 1 proves (27) false at r.

    Examples
    --------
    >>> v = thm35_ratio(5, 1)
    >>> v.string(6), bool(v.ball > 1)
    ('1.10039', True)
    """
    n = _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    val = _ratio_ball(q, n, prec)
    return CertifiedValue(f"thm35_ratio({r}, {n})", val, "HRF Thm 3.5, Eqs. (27), (48)", {"r": str(q), "n": str(n)},
                          note="ball > 1 proves that the printed bound (27) fails at this r")


def _round_q(x, bits):
    """x rounded to a dyadic rational with about `bits` significant bits (keeps the iterates small)."""
    x = Fraction(x)
    if x == 0:
        return fmpq(0)
    e = x.numerator.bit_length() - x.denominator.bit_length() - bits
    y = round(x / Fraction(2) ** e) * Fraction(2) ** e
    return fmpq(y.numerator, y.denominator)


def _eq64_ratio_ball(q, prec, rel_tol=None):
    """max_theta b^2_r(theta) / (64) as printed, n-free: 2 sqrt(pi) r^2 max_theta (theta/pi) e^{2r^2(cos theta - 1)}."""
    with working_prec(prec):
        R2 = arb(q) * arb(q)
        pi = arb.pi()
        M, _ = certify_max(lambda t: t / pi * (2 * R2 * (t.cos() - 1)).exp(), 0, pi, rel_tol=rel_tol)
        return 2 * pi.sqrt() * R2 * M


@lru_cache(maxsize=16)
def _failure_radius(n, prec, bits):
    if n == "eq64":
        def sign(q, rel_tol):
            b = _eq64_ratio_ball(q, prec, rel_tol) - 1
            return 1 if b > 0 else (-1 if b < 0 else 0)
    else:
        def sign(q, rel_tol):
            b = _ratio_ball(q, n, prec, rel_tol) - 1
            return 1 if b > 0 else (-1 if b < 0 else 0)

    # 1. coarse certified bracket: doubling from r = 1, then bisection to width 1/8
    lo = fmpq(1)
    if sign(lo, 2.0 ** -30) != -1:
        raise CertificationError("bound (27) not provably holding at r = 1")
    hi = fmpq(2)
    while sign(hi, 2.0 ** -30) != 1:
        lo, hi = hi, hi * 2
        if hi > 256:
            raise CertificationError("no failure of (27) found for r <= 256")
    while hi - lo > fmpq(1, 8):
        mid = (lo + hi) / 2
        s = sign(mid, 2.0 ** -30)
        if s == 0:
            break
        if s < 0:
            lo = mid
        else:
            hi = mid
    # 2. locate the crossing with the midpoints (Illinois regula falsi; not part of the proof)
    def g(q):
        if n == "eq64":
            return _exact_fraction(_eq64_ratio_ball(q, prec, 2.0 ** -(bits + 40))) - 1
        return _exact_fraction(_ratio_ball(q, n, prec, 2.0 ** -(bits + 40))) - 1
    a, b = Fraction(int(lo.p), int(lo.q)), Fraction(int(hi.p), int(hi.q))
    ga, gb = g(lo), g(hi)
    side = 0
    x = b
    for _ in range(60):
        x = (a * gb - b * ga) / (gb - ga)
        xq = _round_q(x, bits + 30)
        x = Fraction(int(xq.p), int(xq.q))
        gx = g(xq)
        if gx == 0 or abs(b - a) < x * Fraction(1, 2 ** (bits + 20)):
            break
        if (gx > 0) == (gb > 0):
            b, gb = x, gx
            if side == -1:
                ga /= 2
            side = -1
        else:
            a, ga = x, gx
            if side == 1:
                gb /= 2
            side = 1
        if abs(gx) < Fraction(1, 2 ** (bits + 24)):
            break
    # 3. the proof: certified signs at x (1 -+ 2^-bits)
    for widen in range(0, 24, 4):
        eps = Fraction(1, 2 ** (bits - widen))
        lo_q, hi_q = _round_q(x * (1 - eps), bits + 30), _round_q(x * (1 + eps), bits + 30)
        if sign(lo_q, 2.0 ** -(bits + 40)) == -1 and sign(hi_q, 2.0 ** -(bits + 40)) == 1:
            return lo_q, hi_q
    raise CertificationError("could not certify the signs around the failure radius")  # pragma: no cover


def thm35_failure_radius(n, *, prec=DEFAULT_PREC, bits=110):
    """Certified radius where the printed bound (27) of HRF Thm 3.5 starts failing.

    The ball is ``[lo, hi]`` with bound (27) **provably holding at lo and failing at hi** (certified
    maxima of :math:`h_r` over :math:`[0,\\pi]` at both radii), so the ratio crosses 1 inside the
    ball. That no other crossing lies in :math:`[1, lo]` is not proven here (the library's scan
    shows the ratio increasing).

    Parameters
    ----------
    n : int >= 1
    bits : int
        Relative half-width of the final bracket, :math:`2^{-bits}` (110 bits: > 32 digits).

    Examples
    --------
    >>> thm35_failure_radius(1, bits=30).string(6)
    '4.12766'
    """
    n = _require_int(n, "n", 1)
    lo, hi = _failure_radius(n, int(prec), int(bits))
    with working_prec(prec):
        ball = _interval(arb(lo), arb(hi))
    return CertifiedValue(f"thm35_failure_radius({n})", ball, "HRF Thm 3.5, Eq. (27) (erratum)", {"n": str(n)},
                          note="(27) holds at the lower end and fails at the upper end of the ball")


def oprf_rho_star_eq7_as_printed(d, s2, *, prec=DEFAULT_PREC):
    r"""Certified value of CRT Eq. (7) **as printed** (erratum CRT-Eq7: :math:`-2s_2-d` under the root),
    :math:`\sqrt{(2s_2+d)^2+8ds_2-2s_2-d}/(4s_2)`. A ball disjoint from :func:`oprf_rho_star` proves
    that the printed formula does not give the optimum.

    Examples
    --------
    >>> oprf_rho_star_eq7_as_printed(64, 100).string(10)
    '0.8683029425'
    """
    d = _require_int(d, "d", 1)
    q = exact(s2, "s2")
    if q <= 0:
        raise ValueError(f"s2 must be > 0, got {s2}")
    with working_prec(prec):
        S = arb(q)
        val = ((2 * S + d) ** 2 + 8 * d * S - 2 * S - d).sqrt() / (4 * S)
    return CertifiedValue(f"Eq. (7) as printed at d = {d}, s2 = {s2}", val, "CRT Eq. (7) (erratum CRT-Eq7)",
                          {"d": str(d), "s2": str(q)})


def eq64_failure_radius(*, prec=DEFAULT_PREC, bits=110):
    r"""Certified radius beyond which the printed Eq. (64) of HRF App. D.3 fails (erratum HRF-Eq64).

    (64) claims :math:`\max_\theta b^2_r(\theta)\le e^{2r^2}/(2n\sqrt\pi\,r^2)` with
    :math:`b^2_r(\theta)=\frac{\theta}{n\pi}e^{2r^2\cos\theta}` (Eq. (55)); ``n`` cancels. The ball is
    ``[lo, hi]`` with the ratio (certified branch-and-bound maximum over :math:`[0,\pi]`) provably
    below 1 at ``lo`` and above 1 at ``hi``.

    Examples
    --------
    >>> eq64_failure_radius(bits=30).string(6)
    '2.05604'
    """
    lo, hi = _failure_radius("eq64", int(prec), int(bits))
    with working_prec(prec):
        ball = _interval(arb(lo), arb(hi))
    return CertifiedValue("eq64_failure_radius()", ball, "HRF App. D.3, Eq. (64) (erratum HRF-Eq64)", {"n": "any"},
                          note="(64) holds at the lower end and fails at the upper end of the ball")


# =============================================================================================
# SimRF: conformities (Def. 3.1, Eqs. (19), (23), (24)), small-v prefactor, z_crit
# =============================================================================================

@lru_cache(maxsize=64)
def _conformity_ball(coupling, d, v, prec):
    with working_prec(prec):
        V2 = arb(v * v)
        if coupling == "iid":
            return V2.exp()
        c = fmpq(0) if coupling == "orthogonal" else fmpq(-1, d - 1)
        a, b = acb(d), acb(fmpq(d, 2))

        # E over the pair's norms in polar form: (|w_i|, |w_j|) = R (cos phi, sin phi), R^2 ~ chi^2_{2d};
        # E_R 0F1(; d/2; v^2 R^2 (1 + c sin 2phi)/4) = 1F1(d; d/2; v^2 (1 + c sin 2phi)/2)
        def integrand(x, analytic):
            return (x.sin() * x.cos()) ** (d - 1) * (acb(V2) * (1 + c * (2 * x).sin()) / 2).hypgeom_1f1(a, b)

        I = acb.integral(integrand, 0, acb.pi() / 2)
        norm = arb(fmpq(d, 2)).gamma() ** 2 / arb(d).gamma() / 2  # int_0^{pi/2} (sin cos)^{d-1}
        if not I.imag.contains(0):
            raise CertificationError("imaginary part of a real integral excludes 0")  # pragma: no cover
        return I.real / norm


def conformity(coupling, d, v, *, prec=DEFAULT_PREC):
    """Certified pair RF-conformity :math:`\\rho_c(v)=E[e^{(w_i+w_j)^\\top v}]` (SimRF Def. 3.1).

    Independent route: with the two row norms in polar form :math:`(R\\cos\\phi, R\\sin\\phi)`,
    :math:`R^2\\sim\\chi^2_{2d}`, and the isotropic direction averaged
    (:math:`{}_0F_1(;d/2;v^2\\|w_i+w_j\\|^2/4)`), the radial expectation is
    :math:`{}_1F_1(d;d/2;v^2(1+c\\sin2\\phi)/2)`, :math:`c=\\cos\\theta` (0 for orthogonal,
    :math:`-1/(d-1)` for simplex); the remaining :math:`\\phi` average with weight
    :math:`(\\sin\\phi\\cos\\phi)^{d-1}` is done by rigorous quadrature (:meth:`flint.acb.integral`).
    iid: :math:`e^{v^2}`.

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
    d : int >= 2
    v : exact real >= 0

    Examples
    --------
    >>> conformity("orthogonal", 6, 1).string(25)
    '2.579561821449575496423618'
    >>> conformity("simplex", 6, 1).string(15)
    '2.18182606109097'
    """
    if coupling not in ("iid", "orthogonal", "simplex"):
        raise ValueError(f"coupling must be 'iid', 'orthogonal' or 'simplex', got {coupling!r}")
    d = _require_int(d, "d", 2)
    q = exact(v, "v")
    if q < 0:
        raise ValueError(f"v must be >= 0, got {v}")
    ball = _conformity_ball(coupling, d, q, int(prec))
    src = {"iid": "SimRF Eq. (19)", "orthogonal": "SimRF Eq. (23)", "simplex": "SimRF Eq. (24)"}[coupling]
    return CertifiedValue(f"conformity({coupling!r}, {d}, {v})", ball, src, {"coupling": coupling, "d": str(d), "v": str(q)})


def paper_eq25_gap(d, m, v, *, prec=DEFAULT_PREC):
    r"""Certified printed gap of SimRF Cor. 4.4, Eq. (25) (without :math:`e^{-2x^2-2y^2}`):
    :math:`\frac{m-1}{m}(e^{v^2}-{}_1F_1(d;\tfrac d2;v^2))` (the printed series lacks the :math:`2^k`).
    A negative ball proves the printed gap negative (erratum SimRF-Cor4.4); the corrected gap
    :func:`conformity` ("iid") - ("orthogonal") times :math:`(m-1)/m` is positive.

    Examples
    --------
    >>> v = paper_eq25_gap(2, 2, "1/2")
    >>> v.string(10), bool(v.ball < 0)
    ('-0.1605031771', True)
    """
    d, m = _require_int(d, "d", 2), _require_int(m, "m", 1)
    q = exact(v, "v")
    if q < 0:
        raise ValueError(f"v must be >= 0, got {v}")
    with working_prec(prec):
        V2 = arb(q * q)
        val = arb(fmpq(m - 1, m)) * (V2.exp() - V2.hypgeom_1f1(d, fmpq(d, 2)))
    return CertifiedValue(f"paper_eq25_gap({d}, {m}, {v})", val, "SimRF Cor. 4.4, Eq. (25) (erratum SimRF-Cor4.4)",
                          {"d": str(d), "m": str(m), "v": str(q)}, note="ball < 0: the printed gap is negative")


def small_v_prefactor(d, *, prec=DEFAULT_PREC):
    """Certified SimRF small-v prefactor (Sec. 5.1) in the form :math:`1-E[\\sin\\phi]=1-\\Gamma(\\frac{d+1}2)^2/(\\Gamma(\\frac d2)\\Gamma(\\frac d2+1))`
    (the library evaluates the printed Gamma/:math:`2^d` form).

    Examples
    --------
    >>> small_v_prefactor(64).string(10)
    '0.007781746414'
    """
    d = _require_int(d, "d", 2)
    with working_prec(prec):
        g = lambda q: arb(q).gamma()
        val = 1 - g(fmpq(d + 1, 2)) ** 2 / (g(fmpq(d, 2)) * g(fmpq(d, 2) + 1))
    return CertifiedValue(f"small_v_prefactor({d})", val, "SimRF Sec. 5.1", {"d": str(d)})


def rff_gap_bracket(d, z):
    """Ball of the bracket of SimRF Eq. (26), :math:`e^{-z^2}-{}_1F_1(d;\\tfrac d2;-\\tfrac{z^2}2)`, at an arb ``z``.

    Examples
    --------
    >>> rff_gap_bracket(4, arb(1)) > 0
    True
    """
    z2 = z * z
    return (-z2).exp() - (-z2 / 2).hypgeom_1f1(d, fmpq(d, 2))


def _rff_gap_bracket_deriv(d, z):
    z2 = z * z
    # d/dz 1F1(a; b; -z^2/2) = (a/b) 1F1(a+1; b+1; -z^2/2) * (-z); a/b = 2
    return -2 * z * (-z2).exp() + 2 * z * (-z2 / 2).hypgeom_1f1(d + 1, fmpq(d, 2) + 1)


@lru_cache(maxsize=64)
def _kummer_poly(d):
    """Coefficients of 1F1(-d/2; d/2; u) (a polynomial for even d): 1F1(d; d/2; -u) = e^{-u} 1F1(-d/2; d/2; u)."""
    coef, t = [], fmpq(1)
    for k in range(d // 2 + 1):
        coef.append(t)
        t = t * (fmpq(-d, 2) + k) / ((fmpq(d, 2) + k) * (k + 1))
    return tuple(coef)


def _bracket_scaled(d):
    """z -> e^{z^2/2} x bracket = e^{-z^2/2} - 1F1(-d/2; d/2; z^2/2) for even d (same sign as the bracket;
    polynomial part by Horner, works for arb and arb_series)."""
    coef = _kummer_poly(d)

    def F(z):
        u = z * z / 2
        acc = u * 0 + arb(coef[-1])
        for ck in reversed(coef[:-1]):
            acc = acc * u + arb(ck)
        return (-u).exp() - acc

    return F


def rff_z_crit_is_first_root(d, z_lo, *, prec=DEFAULT_PREC):
    r"""Prove that the bracket of SimRF Eq. (26) is positive on :math:`(0, z_{lo}]`.

    :math:`(0, z_0]` by a series bound: the bracket is :math:`\sum_{k\ge2}c_kz^{2k}` with
    :math:`c_k=\frac{(-1)^k}{k!}\big(1-\frac{(d)_k}{(d/2)_k2^k}\big)`, :math:`c_2=1/(2(d+2))` and
    :math:`|c_k|\le 1/k!` (each factor :math:`(d+j)/(d+2j)\le1`), so it exceeds
    :math:`z^4(c_2-z_0^2/(6(1-z_0^2)))>0` for the largest :math:`z_0=2^{-j}` making this positive;
    :math:`[z_0, z_{lo}]` by :func:`certify_bound` (for even ``d`` on
    :math:`e^{z^2/2}\times` bracket :math:`=e^{-z^2/2}-{}_1F_1(-\tfrac d2;\tfrac d2;\tfrac{z^2}2)`
    (Kummer's transformation, a polynomial) with order-8 Taylor enclosures).

    Returns
    -------
    BoundCertificate
        For the interval ``[z0, z_lo]``.

    Examples
    --------
    >>> rff_z_crit_is_first_root(8, "5/2").proved
    True
    """
    d = _require_int(d, "d", 2)
    z_lo = exact(z_lo, "z_lo")
    with working_prec(prec):
        c2 = arb(1) / (2 * (d + 2))
        z0 = fmpq(1, 2)
        while not (c2 - arb(z0) ** 2 / 6 / (1 - arb(z0) ** 2) > 0):
            z0 /= 2
    if z_lo <= z0:
        return BoundCertificate(True, 0, float("nan"))
    if d % 2 == 0:
        return certify_bound(_bracket_scaled(d), z0, z_lo, taylor=8, prec=prec, max_pieces=50000)
    return certify_bound(lambda z: rff_gap_bracket(d, z), z0, z_lo, df=lambda z: _rff_gap_bracket_deriv(d, z),
                         prec=prec, max_pieces=50000)


@lru_cache(maxsize=32)
def _z_crit(d, prec):
    with working_prec(prec):
        # scan on a grid of step 1/20 from 1/10 for the first certified negative value
        k = 2
        while True:
            z = fmpq(k, 20)
            val = rff_gap_bracket(d, arb(z))
            if val < 0:
                break
            k += 1
            if k > 20 * (8 + 2 * d):
                raise CertificationError(f"no sign change of the bracket found (d={d})")
        lo, hi = fmpq(k - 1, 20), z
        root, iso = certify_root(lambda t: rff_gap_bracket(d, t), lambda t: _rff_gap_bracket_deriv(d, t), lo, hi)
    return root, iso


def rff_z_crit(d, *, prec=DEFAULT_PREC, prove_first=True):
    """Certified :math:`z_{crit}(d)`, the first positive zero of the bracket of SimRF Eq. (26) (Sec. 4.1).

    The root is isolated by a certified sign change and a derivative that provably does not vanish
    on the isolating interval ``I`` (so the zero is unique in ``I``); with ``prove_first`` the
    bracket is also proven positive on :math:`(0, \\min I]` (:func:`rff_z_crit_is_first_root`), so
    the ball contains the **first** positive zero.

    Examples
    --------
    >>> rff_z_crit(4).string(10)
    '3.081238748'
    >>> rff_z_crit(2)
    Traceback (most recent call last):
    ...
    ValueError: d must be >= 3 (for d = 2 the bracket stays positive, z_crit = inf), got 2
    """
    d = _require_int(d, "d", 2)
    if d == 2:
        raise ValueError("d must be >= 3 (for d = 2 the bracket stays positive, z_crit = inf), got 2")
    root, iso = _z_crit(d, int(prec))
    note = "unique zero of the bracket on an isolating interval"
    if prove_first:
        lo_q = _arb_lower_fmpq(iso)
        cert = rff_z_crit_is_first_root(d, lo_q, prec=prec)
        if not cert.proved:
            raise CertificationError(f"could not prove the bracket positive below z_crit (d={d})")
        note += f"; bracket > 0 proven on (0, {float(lo_q):.6g}] ({cert.pieces} pieces + series bound), so it is the first zero"
    return CertifiedValue(f"rff_z_crit({d})", root, "SimRF Sec. 4.1, Thm 4.5, Eq. (26)", {"d": str(d)}, note=note)


def _arb_lower_fmpq(b):
    """An exact rational <= every point of the ball b."""
    lo = b.lower()
    man, exp = lo.mid().man_exp()
    man, exp = int(man), int(exp)
    return fmpq(man * 2 ** exp) if exp >= 0 else fmpq(man, 2 ** (-exp))

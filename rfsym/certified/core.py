"""The ball machinery of :mod:`rfsym.certified`: exact inputs, certified values and certified primitives.

Inputs are exact (:func:`exact` turns ints, Fractions, decimal strings and sympy Rationals into
:class:`flint.fmpq`); every result is a :class:`CertifiedValue`, an Arb ball with the digits it
proves; :func:`working_prec` sets the working precision. The primitives are paper-independent:
:func:`certify_root` (certified sign change plus interval Newton contraction), :func:`certify_max`
(branch and bound), :func:`certify_bound` and :func:`certify_bound_box` (``f > 0`` on an interval
or a box by bisection with ball evaluation, returning a :class:`BoundCertificate`). A failure to
prove raises :class:`CertificationError`.

Examples
--------
>>> exact("3/7"), DEFAULT_PREC
(3/7, 256)
>>> certify_bound(lambda x: x * x + 1, 0, 2).proved
True
"""

from __future__ import annotations

import heapq
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
from flint import arb, arb_series, ctx, fmpq, fmpz

__all__ = ["CertificationError", "CertifiedValue", "BoundCertificate", "DEFAULT_PREC", "working_prec", "exact",
           "certify_bound", "certify_bound_box", "certify_root", "certify_max"]

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
        >>> from rfsym.certified import oprf_rho_star
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


def _arb_lower_fmpq(b):
    """An exact rational <= every point of the ball b."""
    lo = b.lower()
    man, exp = lo.mid().man_exp()
    man, exp = int(man), int(exp)
    return fmpq(man * 2 ** exp) if exp >= 0 else fmpq(man, 2 ** (-exp))

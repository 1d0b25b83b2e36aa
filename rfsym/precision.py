"""Exact inputs, working precision and verified digits.

Every high-precision function of :mod:`rfsym` follows the same pattern:

1. inputs are *exact* (``int``, decimal ``str``, :class:`fractions.Fraction`, sympy ``Rational``,
   mpmath ``mpf``/``mpc``; a Python ``float`` is accepted as the exact binary number it denotes);
2. the computation is a closure that converts its inputs with :func:`to_mp` *inside* the closure, so
   re-running it at a higher working precision also re-reads the inputs more accurately;
3. :func:`verified` runs the closure at two working precisions and returns the result only when the
   two runs agree to the requested number of significant digits; otherwise it raises
   :class:`PrecisionError`.

``mp.dps`` is never changed globally: everything runs inside :func:`mpmath.mp.workdps`.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any, Callable, Iterable

import mpmath
import numpy as np
import sympy
from mpmath import mp

__all__ = [
    "PrecisionError",
    "DEFAULT_DPS",
    "check_dps",
    "to_mp",
    "to_rational",
    "to_vector",
    "to_matrix",
    "require_int",
    "require_real",
    "require_same_length",
    "verified",
    "agreeing_digits",
]

#: Default number of significant decimal digits returned by high-precision functions.
DEFAULT_DPS = 30


class PrecisionError(ArithmeticError):
    """A value could not be confirmed to the requested number of digits."""


# --------------------------------------------------------------------------------------------
# validation helpers
# --------------------------------------------------------------------------------------------


def check_dps(dps: Any) -> int:
    """Validate a requested number of significant digits.

    Parameters
    ----------
    dps : int
        Number of decimal digits, ``1 <= dps <= 10000``.

    Returns
    -------
    int
        ``dps`` unchanged.

    Raises
    ------
    TypeError
        If ``dps`` is not an integer (``bool`` is rejected).
    ValueError
        If ``dps`` is out of range.

    Examples
    --------
    >>> check_dps(30)
    30
    """
    if isinstance(dps, bool) or not isinstance(dps, numbers.Integral):
        raise TypeError(f"dps must be an integer, got dps={dps!r}")
    if not 1 <= int(dps) <= 10000:
        raise ValueError(f"dps must satisfy 1 <= dps <= 10000, got dps={dps}")
    return int(dps)


def require_int(value: Any, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """Return ``value`` as a Python ``int`` after checking type and range.

    Integral floats or strings are rejected: a dimension ``d=3.0`` is almost always a bug.

    Parameters
    ----------
    value : int
        The value to check (``numpy`` integers and sympy ``Integer`` accepted).
    name : str
        Parameter name used in the error message.
    minimum, maximum : int, optional
        Inclusive bounds.

    Returns
    -------
    int

    Examples
    --------
    >>> require_int(4, "d", minimum=2)
    4
    >>> require_int(1, "d", minimum=2)
    Traceback (most recent call last):
    ...
    ValueError: d must satisfy d >= 2, got d=1
    """
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, sympy.Integer)):
        raise TypeError(f"{name} must be an integer, got {name}={value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must satisfy {name} >= {minimum}, got {name}={value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must satisfy {name} <= {maximum}, got {name}={value}")
    return value


def require_same_length(a: Iterable, b: Iterable, name_a: str = "x", name_b: str = "y") -> None:
    """Raise ``ValueError`` if two sequences differ in length.

    Examples
    --------
    >>> require_same_length([1, 2], [3, 4])
    >>> require_same_length([1, 2], [3])
    Traceback (most recent call last):
    ...
    ValueError: x and y must have the same length, got len(x)=2 and len(y)=1
    """
    la, lb = len(a), len(b)  # type: ignore[arg-type]
    if la != lb:
        raise ValueError(
            f"{name_a} and {name_b} must have the same length, got len({name_a})={la} and len({name_b})={lb}"
        )


# --------------------------------------------------------------------------------------------
# exact conversion
# --------------------------------------------------------------------------------------------

_DECIMAL_CHARS = set("0123456789+-.eE_/ jJ")


def _from_str(s: str, name: str, complex_ok: bool):
    t = s.strip().replace("_", "")
    if not t or not set(t) <= _DECIMAL_CHARS:
        raise ValueError(f"{name} must be a decimal or rational string, got {name}={s!r}")
    if "/" in t:
        try:
            fr = Fraction(t)
        except (ValueError, ZeroDivisionError) as exc:
            raise ValueError(f"{name} must be a decimal or rational string, got {name}={s!r}") from exc
        return mpmath.mpf(fr.numerator) / fr.denominator
    if "j" in t.lower():
        if not complex_ok:
            raise ValueError(f"{name} must be real, got {name}={s!r}")
        try:
            return mpmath.mpc(complex(0, 0)) + mpmath.mpmathify(t.replace("J", "j"))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{name} must be a complex decimal string, got {name}={s!r}") from exc
    try:
        return mpmath.mpf(t)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{name} must be a decimal or rational string, got {name}={s!r}") from exc


def to_mp(value: Any, name: str = "value", *, complex_ok: bool = False):
    """Convert an exact input to an mpmath number at the *current* working precision.

    Call it inside the computation that :func:`verified` re-runs, so that a decimal string such as
    ``"0.1"`` is re-read at each working precision (it is not rounded once to binary).

    Parameters
    ----------
    value : int, str, Fraction, sympy number, mpf, mpc, float or complex
        Accepted exact inputs. Strings may be decimals (``"0.37"``, ``"1e-3"``), rationals
        (``"1/3"``) or, with ``complex_ok``, complex decimals (``"1+2j"``). Floats are taken as the
        exact binary values they are (``0.1`` is not ``1/10``). ``numpy`` scalars are accepted.
    name : str
        Parameter name for error messages.
    complex_ok : bool
        Whether complex values are allowed; if ``False`` a complex value raises ``ValueError``.

    Returns
    -------
    mpf or mpc

    Raises
    ------
    TypeError
        For unsupported types (including ``bool`` and ``None``).
    ValueError
        For nan, infinities, malformed strings, or complex values when ``complex_ok`` is false.

    Examples
    --------
    >>> from mpmath import mp
    >>> with mp.workdps(25):
    ...     print(to_mp("1/3", "x"))
    0.3333333333333333333333333
    >>> to_mp(float("nan"), "x")
    Traceback (most recent call last):
    ...
    ValueError: x must be finite, got x=nan
    """
    if isinstance(value, bool) or value is None:
        raise TypeError(f"{name} must be a number, got {name}={value!r}")
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, str):
        out = _from_str(value, name, complex_ok)
    elif isinstance(value, numbers.Integral):
        out = mpmath.mpf(int(value))
    elif isinstance(value, Fraction):
        out = mpmath.mpf(value.numerator) / value.denominator
    elif isinstance(value, sympy.Basic):
        if not value.is_number:
            raise TypeError(f"{name} must be a number, got symbolic {name}={value}")
        if isinstance(value, sympy.Rational):
            out = mpmath.mpf(int(value.p)) / int(value.q)
        else:
            # exact sympy expression such as sqrt(2) or pi: evaluate at working precision
            ev = sympy.N(value, mp.dps + 5)
            re_, im_ = ev.as_real_imag()
            if im_ != 0:
                out = mpmath.mpc(mpmath.mpf(str(sympy.Float(re_, mp.dps + 5))), mpmath.mpf(str(sympy.Float(im_, mp.dps + 5))))
            else:
                out = mpmath.mpf(str(sympy.Float(re_, mp.dps + 5)))
    elif isinstance(value, (mpmath.mpf, mpmath.mpc)):
        out = +value
    elif isinstance(value, float):
        out = mpmath.mpf(value)  # exact binary value
    elif isinstance(value, complex):
        out = mpmath.mpc(value)
    elif isinstance(value, numbers.Number):
        raise TypeError(f"{name} has unsupported numeric type {type(value).__name__}, got {name}={value!r}")
    else:
        raise TypeError(f"{name} must be a number, got {name}={value!r} of type {type(value).__name__}")
    if isinstance(out, mpmath.mpc):
        if not (mpmath.isfinite(out.real) and mpmath.isfinite(out.imag)):
            raise ValueError(f"{name} must be finite, got {name}={value!r}")
        if out.imag == 0 and not isinstance(value, (complex, mpmath.mpc)) and not isinstance(value, str):
            out = out.real
        elif not complex_ok:
            if out.imag == 0:
                out = out.real
            else:
                raise ValueError(f"{name} must be real, got {name}={value!r}")
    elif not mpmath.isfinite(out):
        raise ValueError(f"{name} must be finite, got {name}={value!r}")
    return out


def require_real(value: Any, name: str, *, lower=None, upper=None, lower_open: bool = True,
                 upper_open: bool = True):
    """Convert a real exact input with :func:`to_mp` and check an interval constraint.

    Parameters
    ----------
    value : exact real
    name : str
    lower, upper : number, optional
        Bounds; open by default (``lower < value < upper``).
    lower_open, upper_open : bool
        Whether the bounds are strict.

    Returns
    -------
    mpf

    Examples
    --------
    >>> require_real("0.5", "p", lower=0, upper=1)
    mpf('0.5')
    >>> require_real(0, "p", lower=0, upper=1)
    Traceback (most recent call last):
    ...
    ValueError: p must satisfy 0 < p < 1, got p=0
    """
    v = to_mp(value, name)
    lo_ok = lower is None or (v > lower if lower_open else v >= lower)
    hi_ok = upper is None or (v < upper if upper_open else v <= upper)
    if not (lo_ok and hi_ok):
        parts = []
        if lower is not None:
            parts.append(f"{lower} {'<' if lower_open else '<='} ")
        parts.append(name)
        if upper is not None:
            parts.append(f" {'<' if upper_open else '<='} {upper}")
        raise ValueError(f"{name} must satisfy {''.join(parts)}, got {name}={value}")
    return v


def to_rational(value: Any, name: str = "value") -> sympy.Expr:
    """Convert an exact real input to an exact sympy number.

    Decimal strings become exact decimals (``"0.37"`` -> ``37/100``), floats their exact binary
    value, mpf their exact binary value.

    Examples
    --------
    >>> to_rational("0.37")
    37/100
    >>> to_rational(0.5)
    1/2
    """
    if isinstance(value, bool) or value is None:
        raise TypeError(f"{name} must be a number, got {name}={value!r}")
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, sympy.Basic):
        if not value.is_number:
            raise TypeError(f"{name} must be a number, got symbolic {name}={value}")
        return value
    if isinstance(value, numbers.Integral):
        return sympy.Integer(int(value))
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {name}={value!r}")
        fr = Fraction(value)
        return sympy.Rational(fr.numerator, fr.denominator)
    if isinstance(value, mpmath.mpf):
        if not mpmath.isfinite(value):
            raise ValueError(f"{name} must be finite, got {name}={value!r}")
        man, exp = value.man_exp
        fr = Fraction(int(man)) * (Fraction(2) ** int(exp)) if value != 0 else Fraction(0)
        return sympy.Rational(fr.numerator, fr.denominator)
    if isinstance(value, str):
        t = value.strip().replace("_", "")
        try:
            fr = Fraction(t)
        except (ValueError, ZeroDivisionError) as exc:
            raise ValueError(f"{name} must be a decimal or rational string, got {name}={value!r}") from exc
        return sympy.Rational(fr.numerator, fr.denominator)
    raise TypeError(f"{name} must be an exact real number, got {name}={value!r} of type {type(value).__name__}")


def to_vector(x: Any, name: str = "x", *, complex_ok: bool = False, length: int | None = None) -> list:
    """Convert a 1-D sequence of exact numbers to a list of mpmath numbers.

    Parameters
    ----------
    x : sequence
        Non-empty 1-D sequence (list, tuple, 1-D numpy array) of exact numbers.
    name : str
    complex_ok : bool
    length : int, optional
        Required length.

    Examples
    --------
    >>> to_vector(["1", "1/2"], "x")
    [mpf('1.0'), mpf('0.5')]
    >>> to_vector([[1, 2]], "x")
    Traceback (most recent call last):
    ...
    ValueError: x must be a 1-D sequence of numbers, got an element [1, 2] at index 0
    """
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__"):
        raise TypeError(f"{name} must be a 1-D sequence of numbers, got {name}={x!r}")
    if isinstance(x, np.ndarray) and x.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {x.shape}")
    if len(x) == 0:
        raise ValueError(f"{name} must be non-empty, got {name}={x!r}")
    if length is not None and len(x) != length:
        raise ValueError(f"{name} must have length {length}, got len({name})={len(x)}")
    out = []
    for i, v in enumerate(x):
        if hasattr(v, "__len__") and not isinstance(v, str):
            raise ValueError(f"{name} must be a 1-D sequence of numbers, got an element {v!r} at index {i}")
        out.append(to_mp(v, f"{name}[{i}]", complex_ok=complex_ok))
    return out


def to_matrix(a: Any, name: str = "A", *, complex_ok: bool = False, shape: tuple | None = None) -> mpmath.matrix:
    """Convert a nested sequence (rows) of exact numbers to an :class:`mpmath.matrix`.

    Examples
    --------
    >>> to_matrix([[1, "1/2"], [0, 2]]).rows
    2
    >>> to_matrix([[1, 2], [3]])
    Traceback (most recent call last):
    ...
    ValueError: A must be a rectangular matrix, got row 1 of length 1 (expected 2)
    """
    if isinstance(a, mpmath.matrix):
        rows = [[a[i, j] for j in range(a.cols)] for i in range(a.rows)]
    else:
        if isinstance(a, (str, bytes)) or not hasattr(a, "__len__") or len(a) == 0:
            raise ValueError(f"{name} must be a non-empty nested sequence of rows, got {name}={a!r}")
        rows = list(a)
    ncol = None
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
            raise ValueError(f"{name} must be a nested sequence of rows, got row {i}={row!r}")
        if ncol is None:
            ncol = len(row)
        elif len(row) != ncol:
            raise ValueError(f"{name} must be a rectangular matrix, got row {i} of length {len(row)} (expected {ncol})")
        out.append([to_mp(v, f"{name}[{i}][{j}]", complex_ok=complex_ok) for j, v in enumerate(row)])
    if shape is not None and (len(out), ncol) != tuple(shape):
        raise ValueError(f"{name} must have shape {tuple(shape)}, got shape {(len(out), ncol)}")
    return mpmath.matrix(out)


# --------------------------------------------------------------------------------------------
# verified evaluation
# --------------------------------------------------------------------------------------------


def _flatten(v) -> list:
    if isinstance(v, (mpmath.mpf, mpmath.mpc)):
        return [v]
    if hasattr(v, "_mpf_") or hasattr(v, "_mpc_"):  # mpmath constants such as mpmath.pi
        return [+v]
    if isinstance(v, (int, float, complex)) and not isinstance(v, bool):
        return [mpmath.mpmathify(v)]
    if isinstance(v, mpmath.matrix):
        return [v[i, j] for i in range(v.rows) for j in range(v.cols)]
    if isinstance(v, dict):
        out = []
        for k in sorted(v, key=str):
            out.extend(_flatten(v[k]))
        return out
    if isinstance(v, (list, tuple)):
        out = []
        for e in v:
            out.extend(_flatten(e))
        return out
    raise TypeError(f"verified() cannot compare a result of type {type(v).__name__}")



def agreeing_digits(a, b) -> float:
    """Number of agreeing significant decimal digits between two mp numbers (``inf`` if equal).

    The difference is formed exactly (independent of the current working precision), so values
    carrying more digits than ``mp.dps`` are compared in full.

    Examples
    --------
    >>> from mpmath import mpf, mp
    >>> round(agreeing_digits(mpf(1), mpf("1.000001")), 3)
    6.0
    >>> with mp.workdps(40):
    ...     a, b = mpf(1) / 3, mpf(1) / 3 + mpf(10) ** -30
    >>> round(agreeing_digits(a, b))  # at the default 15 digits a naive difference would be 0
    30
    """
    a, b = mpmath.mpmathify(a), mpmath.mpmathify(b)
    if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        a, b = mpmath.mpc(a), mpmath.mpc(b)
        dr = mpmath.fsub(a.real, b.real, exact=True)
        di = mpmath.fsub(a.imag, b.imag, exact=True)
        diff = mpmath.hypot(dr, di)
    else:
        diff = abs(mpmath.fsub(a, b, exact=True))
    if diff == 0:
        return math.inf
    scale = max(abs(a), abs(b))
    if scale == 0:
        return math.inf
    return float(-mpmath.log10(diff / scale))


def verified(compute: Callable[[], Any], dps: int = DEFAULT_DPS, *, guard: int = 15,
             what: str = "result", absolute: Any = None):
    """Evaluate ``compute()`` and return it only if ``dps`` significant digits are confirmed.

    The closure runs at working precision ``dps + guard`` and again at ``2*dps + 2*guard``; every
    number of the two results must agree to a relative error below ``10**(-dps-1)`` (or an absolute
    error below ``absolute`` for entries that are exactly or nearly zero). The first result is
    returned.

    Parameters
    ----------
    compute : callable
        Zero-argument function returning an mpf, mpc, mp.matrix, or a (nested) tuple/list/dict of
        them. It must convert its exact inputs itself (with :func:`to_mp`), so that it re-reads them
        at each precision.
    dps : int
        Requested significant digits.
    guard : int
        Extra working digits.
    what : str
        Name of the quantity for the error message.
    absolute : number, optional
        Absolute tolerance for entries whose magnitude is below it (e.g. quantities that are zero).

    Returns
    -------
    Same structure as ``compute()``: the values computed at ``dps + guard`` working digits (they
    carry a few guard digits, so ``mpmath.nstr(value, dps)`` prints correctly rounded digits).

    Raises
    ------
    PrecisionError
        If the two evaluations disagree.

    Examples
    --------
    >>> from mpmath import mp, mpf
    >>> v = verified(lambda: mp.exp(mpf(1)) - 1, dps=20)
    >>> from mpmath import nstr
    >>> nstr(v, 20)
    '1.7182818284590452354'
    >>> def unstable():  # cancellation that eats every digit at the lower precision
    ...     big = mpf(10) ** 40
    ...     return (big + mpf("1/3")) - big
    >>> verified(unstable, dps=20)
    Traceback (most recent call last):
    ...
    rfsym.precision.PrecisionError: result could not be verified to 20 digits: ...
    """
    dps = check_dps(dps)
    with mp.workdps(dps + guard):
        first = compute()
    with mp.workdps(2 * dps + 2 * guard):
        second = compute()
    fa, fb = _flatten(first), _flatten(second)
    if len(fa) != len(fb):
        raise PrecisionError(f"{what}: structure changed between precisions")
    with mp.workdps(2 * dps + 2 * guard):
        tol = mpmath.mpf(10) ** (-dps - 1)
        abs_tol = None if absolute is None else to_mp(absolute, "absolute")
        for a, b in zip(fa, fb):
            if not (mpmath.isfinite(abs(a)) and mpmath.isfinite(abs(b))):
                raise PrecisionError(f"{what} is not finite ({a})")
            diff = abs(a - b)
            scale = abs(b)
            if abs_tol is not None and scale <= abs_tol:
                if diff > abs_tol:
                    raise PrecisionError(
                        f"{what} could not be verified to absolute error {abs_tol}: {a} vs {b}")
                continue
            if diff > tol * scale:
                raise PrecisionError(
                    f"{what} could not be verified to {dps} digits: "
                    f"{mpmath.nstr(a, dps + 5)} (at {dps + guard} digits) vs "
                    f"{mpmath.nstr(b, dps + 5)} (at {2 * dps + 2 * guard} digits)")
    return first

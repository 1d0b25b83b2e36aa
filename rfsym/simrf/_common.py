"""Input validation shared by the SimRF topic modules (couplings, dimensions, backends) and the
number of coupled ordered pairs of ``m`` rows stacked in blocks of ``d``."""

from __future__ import annotations

from ..precision import require_int, require_real

__all__ = ["InputError", "PAIR_COUPLINGS"]


#: Couplings with a closed-form pair conformity.
PAIR_COUPLINGS = ("iid", "orthogonal", "simplex")


_VMAX_NP = 26.0  # exp(v^2) overflows float64 beyond v ~ 26.6


# --------------------------------------------------------------------------- validation helpers


def _coupling(coupling, allowed=PAIR_COUPLINGS):
    if not isinstance(coupling, str) or coupling not in allowed:
        raise ValueError(f"coupling must be one of {allowed}, got coupling={coupling!r}")
    return coupling


class InputError(ValueError, TypeError):
    """Bad input (a ``ValueError`` that is also a ``TypeError`` for wrongly typed integers)."""


def _int(value, name, minimum):
    try:
        return require_int(value, name, minimum=minimum)
    except TypeError as exc:  # e.g. d=3.5 or d="4": the issue asks for a ValueError
        raise InputError(str(exc)) from None


def _dim(d, coupling="simplex"):
    return _int(d, "d", 2)


def _nonneg(value, name):
    return require_real(value, name, lower=0, lower_open=False)


def _backend(backend):
    if backend not in ("mpmath", "numpy"):
        raise ValueError(f"backend must be 'mpmath' or 'numpy', got backend={backend!r}")
    return backend


def _pairs_weight(d, m):
    """Number of coupled ordered pairs W = sum_b m_b (m_b - 1) for m rows in blocks of d."""
    full, rest = divmod(m, d)
    return full * d * (d - 1) + rest * (rest - 1)

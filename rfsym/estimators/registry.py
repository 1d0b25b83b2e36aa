"""The name registry: :func:`get`, :func:`names`, :data:`NAMES`, :data:`ALIASES` and :func:`catalogue`.

:func:`get` returns a frozen estimator for a mechanism name or alias; :func:`catalogue` describes
every mechanism (paper, native kernel, couplings, exact-MSE couplings, fit). Lookup is
case-insensitive and treats ``-``, ``_`` and spaces alike; an unknown name raises a ``ValueError``
that lists the valid ones.

Examples
--------
>>> get("favor++").name, ALIASES["trigrf"]
('FAVOR++', 'RFF')
"""

from __future__ import annotations

from .base import RandomFeatures, _norm_name
from .mechanisms import _CLASSES

__all__ = ["get", "names", "NAMES", "ALIASES", "catalogue"]

#: Canonical mechanism names, in catalogue order.
NAMES = tuple(c.name for c in _CLASSES)
#: Every accepted name (normalised: lower case, '-'/'_' as spaces) -> canonical name.
ALIASES = {}
for _c in _CLASSES:
    for _a in (_c.name,) + _c.aliases:
        _k = _norm_name(_a)
        assert _k not in ALIASES, f"duplicate estimator name {_a!r}"
        ALIASES[_k] = _c.name
_BY_NAME = {c.name: c for c in _CLASSES}


def names():
    """The canonical mechanism names with their aliases, ``{name: (aliases...)}``.

    Examples
    --------
    >>> names()["FAVOR#"]
    ('FAVOR-sharp', 'SDERF-orthogonal')
    """
    return {c.name: c.aliases for c in _CLASSES}


def get(name, **params) -> RandomFeatures:
    """A frozen estimator for a mechanism name or alias (case-insensitive).

    Parameters
    ----------
    name : str
        ``"RFF"``/``"TrigRF"``, ``"RFF-phase"``, ``"PosRF"``, ``"FAVOR+"``, ``"SimRF"``, ``"SimRF+"``,
        ``"PosRF-antithetic"``, ``"GERF"``, ``"OPRF"``, ``"FAVOR++"``, ``"PoisRF"``, ``"GeomRF"``,
        ``"PoisRF+"``, ``"GeomRF+"``, ``"ADERF"``, ``"SDERF"``, ``"SADERF"``, ``"FAVOR#"``, ``"CE"``,
        ``"angular-hybrid"``, ``"gaussian-hybrid"`` or an alias (:data:`ALIASES`).
    **params
        ``kernel`` ("gaussian"/"softmax"), ``coupling`` (default of :meth:`RandomFeatures.draw`) and
        the mechanism's parameters (GERF: ``A``, ``s``; OPRF/FAVOR++: ``A``; PoisRF: ``lam``; GeomRF:
        ``p``; the + variants: ``c``; DERF family: ``params``; CE: ``a``; hybrids: ``n``, ``shared``,
        ``sigma``, ``r``).

    Returns
    -------
    RandomFeatures

    Raises
    ------
    ValueError
        Unknown name (the message lists the valid names) or bad parameters.

    Examples
    --------
    >>> get("favor++").name, get("OPRF").default_coupling, get("FAVOR#").name
    ('FAVOR++', 'iid', 'FAVOR#')
    >>> get("FAVOR+++")
    Traceback (most recent call last):
    ...
    ValueError: unknown estimator name 'FAVOR+++'; valid names: RFF, RFF-phase, PosRF, FAVOR+, SimRF, SimRF+, PosRF-antithetic, GERF, OPRF, FAVOR++, PoisRF, GeomRF, PoisRF+, GeomRF+, ADERF, SDERF, SADERF, FAVOR#, CE, angular-hybrid, gaussian-hybrid (aliases: see rfsym.estimators.names())
    """
    key = _norm_name(name)
    if key not in ALIASES:
        raise ValueError(f"unknown estimator name {name!r}; valid names: {', '.join(NAMES)} "
                         f"(aliases: see rfsym.estimators.names())")
    return _BY_NAME[ALIASES[key]](**params)


def catalogue():
    """One row per mechanism: name, aliases, paper, native kernel, couplings, exact-MSE couplings, fit.

    Examples
    --------
    >>> rows = catalogue()
    >>> [r["name"] for r in rows if r["needs_fit"]][:3]
    ['OPRF', 'FAVOR++', 'PoisRF']
    """
    return [{"name": c.name, "aliases": c.aliases, "paper": c.paper, "kernel": c.native_kernel,
             "couplings": c.couplings, "exact_couplings": c.exact_couplings, "default_coupling": c.default_coupling,
             "needs_fit": c.needs_fit, "features": c.has_features} for c in _CLASSES]

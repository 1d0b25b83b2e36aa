"""Reference tables users can take away (issue #15): every value generated, none typed in.

:func:`table` returns one row per reference value: the library's mpmath value (30 significant digits,
two-precision verified by :func:`rfsym.precision.verified`) **and** an independent Arb ball from
:mod:`rfsym.certified` whose radius proves ``certified_digits`` significant digits. A row is only
produced if the library value agrees with the ball (else :class:`ReferenceMismatch` is raised: that
would be a finding, not a rounding issue). :func:`render` formats the rows as CSV, JSON or Markdown;
``python -m rfsym reference [--paper P] [--format csv|json|md]`` prints them.

Rows at realistic head dimensions (:data:`REALISTIC_D`: d = 64, 128) give the SimRF conformities
(i.i.d., orthogonal, simplex) at v = 1, the OPRF :math:`A^*` at :math:`s_2 = 1` and 16, and the exact
relative MSEs of :func:`rfsym.atlas.relative_mse_exact` (FAVOR++, PosRF orthogonal/simplex, OPRF +
simplex) at the pair :math:`x = 0.6e_1`, :math:`y = 0.8e_2` with M = d features; their Arb balls are
composed from the certified conformities and the certified OPRF log-variance ratio (:func:`_cert_atlas`).
Their ``paper`` is the paper of the formula (CRT or SimRF); their ids start with ``Atlas-``.

The book offers the files ``book/_static/reference.csv`` and ``book/_static/reference.json``
(committed, regenerated with :func:`write_static`; a test checks they are up to date).

Examples
--------
>>> rows = table("DERF")
>>> rows[0]["quantity"], rows[0]["value"], rows[0]["certified_digits"] >= 30
('lemma_a1_argmin("0.37")', '-0.136684830892115612918684818843', True)
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import mpmath

from . import certified as _C

__all__ = ["FIELDS", "DIGITS", "REALISTIC_D", "ReferenceMismatch", "table", "render", "write_static", "static_files"]

#: Significant digits of the printed values.
DIGITS = 30
#: Column order of the exported tables.
FIELDS = ("id", "paper", "quantity", "inputs", "value", "certified_digits", "source", "kernel", "note")

_X_HRF = ("1", "0")
_Y_HRF = ("1/2", "sqrt(3)/2")


class ReferenceMismatch(ArithmeticError):
    """The library's mpmath value is incompatible with the certified ball (a real discrepancy)."""


def _specs():
    """(id, paper, quantity, kernel, library thunk or None, certified thunk). Imports lazily."""
    import sympy

    from . import crt, derf, hrf, simrf

    x = [1, 0]
    y = [sympy.Rational(1, 2), sympy.sqrt(3) / 2]
    D = DIGITS + 5
    gauss, soft = "Gaussian exp(-|x-y|^2/2)", "softmax exp(x.y)"
    out = [
        ("CRT-rho-star", "CRT", "oprf_rho_star(64, 100)", gauss,
         lambda: crt.oprf_rho_star(64, 100, dps=D), lambda: _C.oprf_rho_star(64, 100)),
        ("CRT-A-star", "CRT", "oprf_a_star(64, 100)", gauss,
         lambda: crt.oprf_a_star(64, 100, dps=D), lambda: _C.oprf_a_star(64, 100)),
        ("CRT-log-var-ratio", "CRT", "oprf_log_variance_ratio(64, 100)", gauss,
         lambda: crt.oprf_log_variance_ratio(64, 100, dps=D), lambda: _C.oprf_log_variance_ratio(64, 100)),
        ("CRT-Eq7-as-printed", "CRT", "Eq. (7) as printed, d = 64, s2 = 100  [erratum CRT-Eq7; optimum: CRT-rho-star]", gauss,
         None, lambda: _C.oprf_rho_star_eq7_as_printed(64, 100)),
        ("DERF-A1-argmin", "DERF", 'lemma_a1_argmin("0.37")', soft,
         lambda: derf.lemma_a1_argmin("0.37", dps=D), lambda: _C.lemma_a1_argmin("0.37")),
        ("HRF-mse-trig", "HRF", "mse_trig(x, y, 10), x = (1, 0), y = (1/2, sqrt(3)/2)", soft,
         lambda: hrf.mse_trig(x, y, 10, dps=D), lambda: _C.mse_trig(x, y, 10)),
        ("HRF-mse-pos", "HRF", "mse_pos(x, y, 10), x = (1, 0), y = (1/2, sqrt(3)/2)", soft,
         lambda: hrf.mse_pos(x, y, 10, dps=D), lambda: _C.mse_pos(x, y, 10)),
        ("HRF-anghyb-max", "HRF", "max_relative_error_angular_hybrid(5, 1, 1)", soft,
         lambda: hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=D),
         lambda: _C.max_relative_error_angular_hybrid(5, 1, 1)),
        ("HRF-thm35-bound", "HRF", "thm35_bound(5, 1, 1)  [(27) as printed]", soft,
         lambda: hrf.thm35_bound(5, 1, 1, dps=D), lambda: _C.thm35_bound(5, 1, 1)),
        ("HRF-thm35-ratio", "HRF", "thm35_ratio(5, 1)  [exact / (27); > 1: (27) fails]", soft,
         lambda: hrf.thm35_ratio(5, 1, dps=D), lambda: _C.thm35_ratio(5, 1)),
        ("HRF-failure-radius-1", "HRF", "thm35_failure_radius(1)", soft,
         lambda: hrf.thm35_failure_radius(1, dps=D - 3), lambda: _C.thm35_failure_radius(1)),
        ("HRF-failure-radius-2", "HRF", "thm35_failure_radius(2)", soft,
         lambda: hrf.thm35_failure_radius(2, dps=D - 3), lambda: _C.thm35_failure_radius(2)),
        ("HRF-Eq64-failure-radius", "HRF", "radius where (64) as printed starts failing (any n)  [erratum HRF-Eq64]", soft,
         None, lambda: _C.eq64_failure_radius()),
        ("SimRF-conformity-iid", "SimRF", 'conformity("iid", 6, 1)', gauss,
         lambda: simrf.conformity("iid", 6, 1, dps=D), lambda: _C.conformity("iid", 6, 1)),
        ("SimRF-conformity-orthogonal", "SimRF", 'conformity("orthogonal", 6, 1)', gauss,
         lambda: simrf.conformity("orthogonal", 6, 1, dps=D), lambda: _C.conformity("orthogonal", 6, 1)),
        ("SimRF-conformity-simplex", "SimRF", 'conformity("simplex", 6, 1)', gauss,
         lambda: simrf.conformity("simplex", 6, 1, dps=D), lambda: _C.conformity("simplex", 6, 1)),
        ("SimRF-conformity-gap", "SimRF", 'conformity("orthogonal", 6, 1) - conformity("simplex", 6, 1)', gauss,
         lambda: _lib_gap(simrf, D), _cert_gap),
        ("SimRF-Eq25-as-printed", "SimRF", "paper_eq25_gap(6, 2, 1)  [erratum SimRF-Cor4.4: printed gap < 0]", gauss,
         lambda: simrf.paper_eq25_gap(6, 2, 1, dps=D), lambda: _C.paper_eq25_gap(6, 2, 1)),
        ("SimRF-small-v-prefactor", "SimRF", "small_v_prefactor(64)", gauss,
         lambda: simrf.small_v_prefactor(64, dps=D), lambda: _C.small_v_prefactor(64)),
        ("SimRF-z-crit", "SimRF", "rff_z_crit(64)", gauss,
         lambda: simrf.rff_z_crit(64, dps=D), lambda: _C.rff_z_crit(64)),
    ]
    out += _realistic_specs(D, gauss)
    return out


#: Head dimensions of the rows at realistic sizes.
REALISTIC_D = (64, 128)
#: The atlas reference pair: x = (3/5) e_1, y = (4/5) e_2, so |x+y| = |x-y| = 1 (SimRF v = 1).
_ATLAS_X, _ATLAS_Y = "0.6", "0.8"


def _atlas_pair(d):
    return [_ATLAS_X] + ["0"] * (d - 1), ["0", _ATLAS_Y] + ["0"] * (d - 2)


def _realistic_specs(D, gauss):
    """Rows at the head dimensions of Transformers (d = 64, 128): SimRF conformities at v = 1, OPRF A*
    at s2 = ||x+y||^2 = 1 and 16 (16 = 2 sqrt(64), the mean of ||x+y||^2 for N(0,1)/d^(1/4) entries at
    d = 64), and atlas relative MSEs at the pair x = 0.6 e_1, y = 0.8 e_2 (|x+y| = 1) with M = d features."""
    from . import atlas, crt, simrf

    out = []
    for d in REALISTIC_D:
        for c in ("iid", "orthogonal", "simplex"):
            out.append((f"SimRF-conformity-{c}-d{d}", "SimRF", f'conformity("{c}", {d}, 1)', gauss,
                        lambda c=c, d=d: simrf.conformity(c, d, 1, dps=D), lambda c=c, d=d: _C.conformity(c, d, 1)))
    for d in REALISTIC_D:
        for s2 in (1, 16):
            out.append((f"CRT-A-star-d{d}-s{s2}", "CRT", f"oprf_a_star({d}, {s2})", gauss,
                        lambda d=d, s2=s2: crt.oprf_a_star(d, s2, dps=D), lambda d=d, s2=s2: _C.oprf_a_star(d, s2)))
    for d in REALISTIC_D:
        x, y = _atlas_pair(d)
        for est, paper in (("favor++", "CRT"), ("pos-orthogonal", "SimRF"), ("pos-simplex", "SimRF"),
                           ("favor++-simplex", "CRT")):
            q = (f'atlas.relative_mse_exact("{est}", x, y, {d}), x = {_ATLAS_X} e_1, y = {_ATLAS_Y} e_2 '
                 f"in R^{d}, M = {d}")
            out.append((f"Atlas-{est}-d{d}", paper, q, gauss,
                        lambda est=est, x=x, y=y, d=d: atlas.relative_mse_exact(est, x, y, d, dps=D),
                        lambda est=est, d=d: _cert_atlas(est, d)))
    return out


def _cert_atlas(est, d):
    """Arb ball of the atlas relative MSE at the reference pair (v^2 = ||x+y||^2 = 1, M = d <= d, so the
    M features form one block and W = M(M-1) ordered pairs are coupled), composed from certified pieces:

    * PosRF with coupling c (SimRF Thm 3.2, Eq. (11) divided by K^2 = e^{-||x-y||^2}):
      (expm1(v^2) + (M-1)(e^{-v^2} rho_c(v) - 1)) / M, rho_c from :func:`rfsym.certified.conformity`
      (rigorous quadrature of Def. 3.1);
    * OPRF (i.i.d., pair-optimal A*): Var/K^2 = expm1(v^2) e^{mu} with mu the certified
      log(Var_OPRF / Var_PosRF) of :func:`rfsym.certified.oprf_log_variance_ratio` (A* as the certified zero
      of dL/dA, not the closed form (7));
    * OPRF + simplex: the OPRF value plus the PosRF coupling gap (the rfsym.atlas derivation, shared by
      both routes).
    """
    from flint import arb

    M = d
    with _C.working_prec(_C.DEFAULT_PREC):
        v2 = arb(1)
        gap = {}
        for c in ("orthogonal", "simplex"):
            rho = _C.conformity(c, d, 1).ball
            gap[c] = (M - 1) * ((-v2).exp() * rho - 1) / M
        pos = v2.expm1() / M
        oprf = v2.expm1() * _C.oprf_log_variance_ratio(d, 1).ball.exp() / M
        ball = {"favor++": oprf, "pos-orthogonal": pos + gap["orthogonal"], "pos-simplex": pos + gap["simplex"],
                "favor++-simplex": oprf + gap["simplex"]}[est]
    src = {"favor++": "CRT Thms 3.2-3.3 (Eq. (6) at A*)", "pos-orthogonal": "SimRF Thm 3.2, Eq. (11), Eq. (23)",
           "pos-simplex": "SimRF Thm 3.2, Eq. (11), Eq. (24)",
           "favor++-simplex": "CRT Eq. (6) at A* + SimRF Eq. (11) gap (rfsym.atlas derivation)"}[est]
    return _C.CertifiedValue(f"relative MSE of {est}", ball, src,
                             {"d": str(d), "M": str(M), "x": f"{_ATLAS_X} e_1", "y": f"{_ATLAS_Y} e_2"},
                             note="Arb composition of certified conformities / OPRF log-variance ratio")


def _lib_gap(simrf, D):
    with mpmath.workdps(D + 10):
        return simrf.conformity("orthogonal", 6, 1, dps=D + 5) - simrf.conformity("simplex", 6, 1, dps=D + 5)


def _cert_gap():
    o, s = _C.conformity("orthogonal", 6, 1), _C.conformity("simplex", 6, 1)
    with _C.working_prec(_C.DEFAULT_PREC):
        ball = o.ball - s.ball
    return _C.CertifiedValue('conformity("orthogonal", 6, 1) - conformity("simplex", 6, 1)', ball,
                             "SimRF Thm 4.3, Eqs. (23)-(24)", {"d": "6", "v": "1"})


_ROW_CACHE = {}


def _row(spec):
    rid, paper, quantity, kernel, lib, cert = spec
    if rid in _ROW_CACHE:
        return _ROW_CACHE[rid]
    c = cert()
    note = c.note
    if lib is None:  # no library function (the registry computes it inline): print the ball's midpoint
        with mpmath.workdps(DIGITS + 10):
            v = c.mpf(DIGITS + 10)
        note = "; ".join(x for x in (note, "value from the Arb ball (no library function)") if x)
    else:
        v = lib()
    value = mpmath.nstr(v, DIGITS, min_fixed=-5, max_fixed=25, strip_zeros=False)
    # the library value (verified to DIGITS + 2 digits at least) must be compatible with the ball
    if not c.agrees(v, DIGITS + 2):
        raise ReferenceMismatch(f"{rid}: library value {mpmath.nstr(v, DIGITS + 5)} is outside the certified "
                                f"ball {c.ball.str(DIGITS + 5)}")
    digits = c.digits
    row = {
        "id": rid,
        "paper": paper,
        "quantity": quantity,
        "inputs": "; ".join(f"{k} = {val}" for k, val in c.inputs.items()),
        "value": value,
        "certified_digits": digits if digits != math.inf else 999,
        "source": c.source,
        "kernel": kernel,
        "note": note,
    }
    _ROW_CACHE[rid] = row
    return row


def _dimension(row):
    """The ``d`` of a row's inputs (``"d = 64; s2 = 100"`` -> 64), or None."""
    for part in row["inputs"].split(";"):
        key, _, val = part.partition("=")
        if key.strip() == "d":
            try:
                return int(val.strip())
            except ValueError:
                return None
    return None


def table(paper=None, d=None):
    """The reference table as a list of dicts (keys :data:`FIELDS`).

    Parameters
    ----------
    paper : {"CRT", "DERF", "HRF", "SimRF"}, optional
        Restrict to one paper (case-insensitive).
    d : int, optional
        Restrict to the rows whose inputs have this dimension ``d`` (``python -m rfsym reference --d 64``).

    Returns
    -------
    list of dict
        ``value`` is the library's value with :data:`DIGITS` significant digits (a string);
        ``certified_digits`` is the number of significant digits the independent Arb ball proves;
        ``inputs`` are the exact inputs.

    Raises
    ------
    ValueError
        Unknown paper.
    ReferenceMismatch
        If a library value is incompatible with its certified ball.

    Examples
    --------
    >>> [r["id"] for r in table("crt")][:5]
    ['CRT-rho-star', 'CRT-A-star', 'CRT-log-var-ratio', 'CRT-Eq7-as-printed', 'CRT-A-star-d64-s1']
    >>> table("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: paper must be one of CRT, DERF, HRF, SimRF (case-insensitive), got 'XYZ'
    >>> {r["inputs"].split(";")[0] for r in table("crt", d=64)}
    {'d = 64'}
    """
    papers = {"crt": "CRT", "derf": "DERF", "hrf": "HRF", "simrf": "SimRF"}
    if paper is not None:
        key = str(paper).lower()
        if key not in papers:
            raise ValueError(f"paper must be one of CRT, DERF, HRF, SimRF (case-insensitive), got {paper!r}")
        paper = papers[key]
    if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d < 1):
        raise ValueError(f"d must be a positive integer, got d={d!r}")
    rows = [dict(_row(spec)) for spec in _specs() if paper is None or spec[1] == paper]
    return rows if d is None else [r for r in rows if _dimension(r) == d]


def render(rows, fmt="md"):
    """Format rows of :func:`table` as ``"csv"``, ``"json"`` or ``"md"`` (Markdown table).

    Examples
    --------
    >>> rows = [{"id": "a", "paper": "CRT", "quantity": "q", "inputs": "d = 1", "value": "0.5",
    ...          "certified_digits": 70, "source": "Eq. (1)", "kernel": "k", "note": ""}]
    >>> print(render(rows, "csv").strip())
    id,paper,quantity,inputs,value,certified_digits,source,kernel,note
    a,CRT,q,d = 1,0.5,70,Eq. (1),k,
    >>> render(rows, "xml")
    Traceback (most recent call last):
    ...
    ValueError: fmt must be 'csv', 'json' or 'md', got 'xml'
    """
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: r[k] for k in FIELDS})
        return buf.getvalue()
    if fmt == "json":
        return json.dumps([{k: r[k] for k in FIELDS} for r in rows], indent=1) + "\n"
    if fmt == "md":
        cols = ("id", "quantity", "inputs", "value", "certified_digits", "source")
        head = "| " + " | ".join(c.replace("_", " ") for c in cols) + " |\n"
        sep = "|" + "|".join("---" for _ in cols) + "|\n"
        code = {"quantity", "value"}        # code spans: no typographic quotes, digits copied exactly

        def cell(r, c):
            text = str(r[c]).replace("|", "\\|")
            return f"`{text}`" if c in code and text else text

        body = "".join("| " + " | ".join(cell(r, c) for c in cols) + " |\n" for r in rows)
        return head + sep + body
    raise ValueError(f"fmt must be 'csv', 'json' or 'md', got {fmt!r}")


def static_files():
    """Paths of the committed downloadable copies (``book/_static/reference.{csv,json}``)."""
    root = Path(__file__).resolve().parent.parent / "book" / "_static"
    return {"csv": root / "reference.csv", "json": root / "reference.json"}


def write_static(rows=None):
    """(Re)write ``book/_static/reference.csv`` and ``.json`` from :func:`table`; returns the paths."""
    rows = table() if rows is None else rows
    paths = static_files()
    for fmt, p in paths.items():
        p.write_text(render(rows, fmt))
    return list(paths.values())

"""SimRF (Simplex Random Features) in ball arithmetic: conformities, the printed gap (25), z_crit.

:func:`conformity` by rigorous quadrature of the definition (Def. 3.1; Eqs. (19), (23), (24)),
:func:`paper_eq25_gap` (erratum SimRF-Cor4.4), :func:`small_v_prefactor` (Sec. 5.1), and
:func:`rff_z_crit`, the first positive zero of the bracket of Eq. (26) (:func:`rff_gap_bracket`),
with :func:`rff_z_crit_is_first_root` proving that no earlier zero exists.

Examples
--------
>>> small_v_prefactor(64).string(10)
'0.007781746414'
"""

from __future__ import annotations

from functools import lru_cache

from flint import acb, arb, fmpq

from .core import (DEFAULT_PREC, BoundCertificate, CertificationError, CertifiedValue, _arb_lower_fmpq,
                   _require_int, certify_bound, certify_root, exact, working_prec)

__all__ = ["conformity", "paper_eq25_gap", "small_v_prefactor", "rff_gap_bracket", "rff_z_crit",
           "rff_z_crit_is_first_root"]

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

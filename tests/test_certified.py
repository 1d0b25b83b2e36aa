"""Certified (Arb ball) reference values vs the library's mpmath values (issue #15)."""

import math
from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb

from rfsym import certified as C
from rfsym import crt, derf, hrf, simrf

X_HRF, Y_HRF = [1, 0], ["1/2", sympy.sqrt(3) / 2]

# (certified value, library value at 40 digits)
CASES = {
    "rho*": (lambda: C.oprf_rho_star(64, 100), lambda: crt.oprf_rho_star(64, 100, dps=40)),
    "A*": (lambda: C.oprf_a_star(64, 100), lambda: crt.oprf_a_star(64, 100, dps=40)),
    "log var ratio": (lambda: C.oprf_log_variance_ratio(64, 100), lambda: crt.oprf_log_variance_ratio(64, 100, dps=40)),
    "rho* d=2": (lambda: C.oprf_rho_star(2, "1/3"), lambda: crt.oprf_rho_star(2, Fraction(1, 3), dps=40)),
    "lemma A.1": (lambda: C.lemma_a1_argmin("0.37"), lambda: derf.lemma_a1_argmin("0.37", dps=40)),
    "lemma A.1 big phi": (lambda: C.lemma_a1_argmin(50), lambda: derf.lemma_a1_argmin(50, dps=40)),
    "mse_trig": (lambda: C.mse_trig(X_HRF, Y_HRF, 10), lambda: hrf.mse_trig(X_HRF, Y_HRF, 10, dps=40)),
    "mse_pos": (lambda: C.mse_pos(X_HRF, Y_HRF, 10), lambda: hrf.mse_pos(X_HRF, Y_HRF, 10, dps=40)),
    "thm35 bound": (lambda: C.thm35_bound(5, 1, 1), lambda: hrf.thm35_bound(5, 1, 1, dps=40)),
    "anghyb max r=5": (lambda: C.max_relative_error_angular_hybrid(5, 1, 1),
                       lambda: hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=40)),
    "anghyb max r=1 n=3": (lambda: C.max_relative_error_angular_hybrid(1, 2, 3),
                           lambda: hrf.max_relative_error_angular_hybrid(1, 2, 3, dps=40)),
    "thm35 ratio": (lambda: C.thm35_ratio(5, 1), lambda: hrf.thm35_ratio(5, 1, dps=40)),
    "conformity iid": (lambda: C.conformity("iid", 6, 1), lambda: simrf.conformity("iid", 6, 1, dps=40)),
    "conformity orthogonal": (lambda: C.conformity("orthogonal", 6, 1), lambda: simrf.conformity("orthogonal", 6, 1, dps=40)),
    "conformity simplex": (lambda: C.conformity("simplex", 6, 1), lambda: simrf.conformity("simplex", 6, 1, dps=40)),
    "conformity simplex d=16": (lambda: C.conformity("simplex", 16, "3/2"),
                                lambda: simrf.conformity("simplex", 16, Fraction(3, 2), dps=40)),
    "small v prefactor": (lambda: C.small_v_prefactor(64), lambda: simrf.small_v_prefactor(64, dps=40)),
    "z_crit 64": (lambda: C.rff_z_crit(64), lambda: simrf.rff_z_crit(64, dps=40)),
    "z_crit 5": (lambda: C.rff_z_crit(5), lambda: simrf.rff_z_crit(5, dps=40)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_library_value_in_ball_30_digits_and_perturbation_outside(name):
    cert_fn, lib_fn = CASES[name]
    c = cert_fn()
    lib = lib_fn()
    assert c.digits >= 30, (name, c.digits)
    # the library value is rounded to 40 digits: it must lie within 1e-39 (relative) of the ball
    assert c.agrees(lib, 40), (name, c.string(45), mpmath.nstr(lib, 45))
    with mpmath.workdps(60):
        for sgn in (1, -1):
            bad = mpmath.mpf(lib) * (1 + sgn * mpmath.mpf("1e-25"))
            assert not c.contains(bad) and not c.agrees(bad, 40), name


def test_failure_radius_ball_contains_library_and_proves_sign_change():
    c = C.thm35_failure_radius(1)
    lib = hrf.thm35_failure_radius(1, dps=32)
    assert c.digits >= 30
    # the library value has 32 verified digits: it must lie within 1e-31 (relative) of the ball
    with mpmath.workdps(60):
        lo = mpmath.mpf(c.ball.lower().str(60, radius=False))
        hi = mpmath.mpf(c.ball.upper().str(60, radius=False))
        assert lo * (1 - mpmath.mpf("1e-31")) <= lib <= hi * (1 + mpmath.mpf("1e-31"))
        assert not c.contains(mpmath.mpf(lib) * (1 + mpmath.mpf("1e-25")))
    # the proof itself: bound (27) holds at the lower end and fails at the upper end
    lo_q, hi_q = C._failure_radius(1, C.DEFAULT_PREC, 110)
    assert C._ratio_ball(lo_q, 1, C.DEFAULT_PREC, 2.0 ** -150) < 1
    assert C._ratio_ball(hi_q, 1, C.DEFAULT_PREC, 2.0 ** -150) > 1


def test_thm35_ratio_proves_printed_bound_false_at_r5():
    assert C.thm35_ratio(5, 1).ball > 1
    assert C.thm35_ratio(2, 1).ball < 1


def test_simplex_integral_reduces_to_orthogonal_and_iid_limits():
    # the phi-integral with c = 0 is 1F1(d; d/2; v^2/2) (Eq. (23)), checked against flint's own 1F1
    o = C.conformity("orthogonal", 6, 1).ball
    assert o.overlaps(arb("0.5").hypgeom_1f1(6, 3))
    # v = 0: every conformity is 1
    for cp in ("iid", "orthogonal", "simplex"):
        assert C.conformity(cp, 5, 0).ball.overlaps(arb(1))
    # ordering simplex < orthogonal < iid (SimRF Thm 4.3) at v = 1
    s, i = C.conformity("simplex", 6, 1).ball, C.conformity("iid", 6, 1).ball
    assert s < o < i


def test_lemma_a1_phi_zero_exact_and_errors():
    assert C.lemma_a1_argmin(0).digits == math.inf
    with pytest.raises(ValueError):
        C.lemma_a1_argmin("-0.1")
    with pytest.raises(TypeError):
        C.lemma_a1_argmin(0.37)
    with pytest.raises(ValueError):
        C.oprf_rho_star(0, 1)
    with pytest.raises(ValueError):
        C.conformity("halton", 4, 1)
    with pytest.raises(ValueError):
        C.mse_trig([1, 0], [1], 3)
    with pytest.raises(ValueError):
        C.mse_trig([1, 0], ["sqrt(2)", 0], 3)  # |y|^2 rational but x.y irrational


def test_certify_root_and_max_primitives():
    r, iso = C.certify_root(lambda x: x * x - 2, lambda x: 2 * x, 1, 2)
    assert r.overlaps(arb(2).sqrt()) and r.rad() < 1e-60
    with pytest.raises(C.CertificationError):
        C.certify_root(lambda x: x * x + 1, lambda x: 2 * x, 0, 1)
    M, where = C.certify_max(lambda x: (x * 3).sin() * (-x).exp(), 0, 2)
    # max of e^{-x} sin 3x at tan 3x = 3 -> x = atan(3)/3
    x0 = arb(3).atan() / 3
    assert M.overlaps((3 * x0).sin() * (-x0).exp()) and M.rad() < 1e-50
    assert where.overlaps(x0)


def test_certify_bound_proves_and_refutes():
    ok = C.certify_bound(lambda x: x.cos(), 0, "1.5")
    assert ok.proved and ok.pieces >= 1 and ok.min_lower > 0
    bad = C.certify_bound(lambda x: x.cos(), 0, 2)
    assert not bad.proved and bad.counterexample is not None
    assert math.cos(float(Fraction(bad.counterexample))) <= 0
    with pytest.raises(ValueError):
        C.certify_bound(lambda x: x, 2, 1)


def test_domain_claim_zcrit_is_first_root():
    """Domain claim (SimRF Sec. 4.1 / Thm 4.5): orthogonal RFFs beat iid RFFs (bracket of (26) > 0)
    on the whole (0, z_crit) - proven by the series bound near 0 and ball bisection on [z0, z_crit)."""
    for d in (3, 8, 64):
        c = C.rff_z_crit(d)
        assert "proven" in c.note
        lo = C._arb_lower_fmpq(c.ball)
        assert C.rff_z_crit_is_first_root(d, lo).proved
    # the same helper refutes positivity beyond the root
    c = C.rff_z_crit(8)
    beyond = C._arb_lower_fmpq(c.ball) + C.fmpq(1, 10)
    assert not C.rff_z_crit_is_first_root(8, beyond).proved


def test_exact_inputs():
    assert C.exact("3/7") == C.fmpq(3, 7)
    assert C.exact(sympy.Rational(1, 3)) == C.fmpq(1, 3)
    with pytest.raises(TypeError):
        C.exact(True)
    with pytest.raises(ValueError):
        C.exact("abc")
    with pytest.raises(TypeError):
        C.exact(sympy.sqrt(2))


def test_errata_deciding_numbers():
    # CRT-Eq7: the printed formula's ball is disjoint from the optimum's ball (and does not solve (22))
    printed, rho = C.oprf_rho_star_eq7_as_printed(64, 100), C.oprf_rho_star(64, 100)
    assert printed.digits >= 30 and not printed.ball.overlaps(rho.ball)
    with C.working_prec(C.DEFAULT_PREC):
        p = printed.ball
        assert (2 * 100 * p * p + (2 * 100 + 64) * p - 64).abs_lower() > 1
        r = rho.ball
        assert (2 * 100 * r * r + (2 * 100 + 64) * r - 64).abs_upper() < 1e-60
    # SimRF-Cor4.4: printed gap negative (proven), library value agrees
    g = C.paper_eq25_gap(6, 2, 1)
    assert g.ball < 0 and g.digits >= 30
    assert g.agrees(simrf.paper_eq25_gap(6, 2, 1, dps=40), 40)
    assert not g.agrees(simrf.paper_eq25_gap(6, 2, 1, dps=40) * (1 + mpmath.mpf("1e-25")), 40)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 8, 16])
def test_failure_radii_of_the_registry_certified(n):
    """r*(n) of the HRF-Thm3.5 erratum (n = 1, 2, 3, 4, 8, 16): the library's 8-digit value agrees with a
    ball on whose lower end (27) provably holds and on whose upper end it provably fails."""
    c = C.thm35_failure_radius(n, bits=30)
    assert c.digits >= 8
    lib = hrf.thm35_failure_radius(n, dps=8)
    assert c.agrees(lib, 8)
    assert not c.agrees(lib * (1 + mpmath.mpf("1e-6")), 8)


def test_box_bound_thm35_holds_below_failure_radius_and_is_refuted_above():
    """Domain claim (HRF Thm 3.5): (27) holds for every r in [1, 4.127] and every angle (n = 1) - a proof on
    the whole box, not a scan; just above the certified failure radius the same helper refutes it."""
    r_star = C.thm35_failure_radius(1, bits=30)
    ok = C.thm35_bound_holds(1, "4.127")
    assert ok.proved and ok.pieces > 0 and ok.min_lower > 0
    assert r_star.ball > 4.127
    bad = C.thm35_bound_holds(1, "4.2")
    assert not bad.proved and bad.counterexample is not None
    r_cex = Fraction(bad.counterexample.strip("()").split(",")[0])
    assert r_cex > Fraction(4127, 1000)
    with pytest.raises(ValueError):
        C.certify_bound_box(lambda X: X[0], [0, 1], [1, 1])


def test_eq64_failure_radius_agrees_with_library_maxima():
    """HRF-Eq64: the crossing of max b^2_r (rfsym.hrf.b_max) with the printed (64) (rfsym.hrf.eq64_printed)."""
    c = C.eq64_failure_radius()
    assert c.digits >= 30
    with mpmath.workdps(40):
        cross = hrf._bisect(lambda r: hrf.b_max(r, 1, 2, dps=35) - hrf.eq64_printed(r, 1, dps=35),
                            mpmath.mpf("1.5"), mpmath.mpf(3))
        assert c.agrees(cross, 33)
        assert not c.agrees(cross * (1 + mpmath.mpf("1e-25")), 33)
        lo = mpmath.mpf(c.ball.lower().str(50, radius=False))
        hi = mpmath.mpf(c.ball.upper().str(50, radius=False))
        # the printed (64) holds at lo and fails at hi (library values)
        assert hrf.b_max(lo * (1 - mpmath.mpf("1e-30")), 1, 2, dps=35) < hrf.eq64_printed(lo * (1 - mpmath.mpf("1e-30")), 1, dps=35)
        assert hrf.b_max(hi * (1 + mpmath.mpf("1e-30")), 1, 2, dps=35) > hrf.eq64_printed(hi * (1 + mpmath.mpf("1e-30")), 1, dps=35)

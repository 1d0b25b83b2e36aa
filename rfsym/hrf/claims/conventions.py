"""HRF notation read one way: the conventions every HRF claim that relies on a notation names.

One convention per topic (:class:`rfsym.claims.rules.Convention`); a claim cites it with
``Claim(conventions=("HRF:<slug>",))``, so no two claims read the same symbol in opposite ways.

* ``HRF:square-on-Cd`` -- :math:`\\|v\\|^2` (and :math:`v^2`) of a complex vector in Sec. 2.3 and App. H.2 is
  the bilinear square :math:`\\sum_i v_i^2` of Sec. 2.3, not the Hermitian :math:`\\sum_i|v_i|^2`;
* ``HRF:modulus-on-Cd`` -- the single bars :math:`|z|` of (21) and (88) are the Hermitian norm the paper
  defines at (21);
* ``HRF:m-n-roles`` -- :math:`m` counts the base estimators' random features, :math:`n` the
  :math:`\\lambda`-coefficients';
* ``HRF:lambda-vs-estimator`` -- :math:`\\lambda` is the coefficient (a function), :math:`\\widehat\\lambda` its
  random-feature estimator;
* ``HRF:max-relative-error`` -- :math:`\\epsilon_{S(r)}` is the maximum over pairs on the sphere of
  :math:`\\sqrt{\\mathrm{MSE}}/\\mathrm{SM}`, at fixed :math:`m, n` (Def. 3.3);
* ``HRF:comparison-budget`` -- estimators are compared at the same number :math:`m` of base projections
  (the comparison Thm 3.5 makes with Lemma 3.4).
"""

from __future__ import annotations

from ...claims.rules import Convention

__all__ = ["CONVENTIONS", "BY_NAME"]

CONVENTIONS = (
    Convention(
        "HRF", "HRF:square-on-Cd", "what $\\|v\\|^2$ (and $v^2$) means for $v\\in\\mathbb C^d$",
        "The bilinear square $v^2=\\sum_i v_i^2$ (no complex conjugate), in Sec. 2.3 ((14)-(16)) and in App. H.2 "
        "((89)-(96), (99)-(100)), where $A^{i,j}$ is complex.",
        "Sec. 2.3 defines the square of a complex vector once, '$\\mathbf z^2=\\sum_i z_i^2$', and (14)-(15) use it; "
        "App. H.2 introduces (89) with 'From the analysis in the main body of the paper we know that', i.e. as "
        "(14) restated with $\\|\\cdot\\|^2$, and builds the maps (91)-(92) as the maps of (15). (14) and the "
        "unbiasedness of (90) hold only with the bilinear square (HRF-Eq89), so the restatement forces it, and "
        "one symbol in one section is read one way: (93)-(96) read it the same way (HRF-Eq93). The double bars "
        "are never defined on $\\mathbb C^d$; the Hermitian norm has its own symbol, the single bars of (21)."),
    Convention(
        "HRF", "HRF:modulus-on-Cd", "what the single bars $|z|$ mean for $z\\in\\mathbb C^d$",
        "The Hermitian norm $|z|=\\sqrt{\\sum_i|z_i|^2}$, in the loss $l(A)$ of (21) and in (88).",
        "Defined in Sec. 2.4 just before (21): 'where $|\\mathbf z|$ for $\\mathbf z\\in\\mathbb C^d$ is defined "
        "as $|\\mathbf z|=\\sqrt{\\sum_{i=1}^d|z_i|^2}$'."),
    Convention(
        "HRF", "HRF:m-n-roles", "which of $m$, $n$ counts which random features",
        "$m$ random features for each base estimator, $n$ for each $\\lambda$-coefficient, in "
        "$\\widehat{\\mathrm{SM}}^{\\mathrm{hyb}}_{m,n}$.",
        "(10)-(11), Lemma 2.3, Thm 3.1, Lemma 3.2, Thm 3.5 and App. L all use $m$ for the base estimators and "
        "$n$ for the coefficients; only the sentence before Lemma 2.3 swaps them (HRF-Sec2.2-mn)."),
    Convention(
        "HRF", "HRF:lambda-vs-estimator", "$\\lambda$ versus $\\widehat\\lambda$",
        "$\\lambda^k(x,y)$ is the deterministic coefficient, $\\widehat\\lambda^k(x,y)$ its unbiased "
        "random-feature estimator (10).",
        "Sec. 2.2 introduces $\\widehat\\lambda^k$ as estimators of $\\lambda^k$ ((9)-(10)); Def. H.1 keeps the "
        "distinction ('$\\widehat\\lambda^{i,j}$ ... estimators of $\\lambda^{i,j}$')."),
    Convention(
        "HRF", "HRF:max-relative-error", "what $\\epsilon_{S(r)}$ and $\\epsilon_{\\theta,r}$ measure",
        "$\\epsilon_{\\theta,r}=\\sqrt{\\mathrm{MSE}}/\\mathrm{SM}$ at a pair on the sphere $S(r)$ with angle "
        "$\\theta$, and $\\epsilon_{S(r)}=\\max_\\theta\\epsilon_{\\theta,r}$, at fixed $m$, $n$.",
        "Def. 3.3 defines both; Lemma 3.4 and Thm 3.5 state them for fixed $m$ (and $n$)."),
    Convention(
        "HRF", "HRF:comparison-budget", "at which budget estimators' errors are compared",
        "At the same number $m$ of base projections (trig/++ with $m$ features per map, the hybrid with $m$ per "
        "base estimator and $n$ per coefficient).",
        "Sec. 3 compares Thm 3.5 (hybrid, $m$, $n$) with Lemma 3.4 (trig/++, the same $m$); App. D.4 takes up "
        "equal feature dimension separately and finds equal rates there. The experiments (Fig. 2, Tables 1, 4, "
        "5) instead match FLOPs and say so."),
)

BY_NAME = {c.name: c for c in CONVENTIONS}
if len({c.topic for c in CONVENTIONS}) != len(CONVENTIONS):  # pragma: no cover - declaration error
    raise ValueError("HRF conventions: one convention per topic")

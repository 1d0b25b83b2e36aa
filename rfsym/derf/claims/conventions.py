"""Conventions of DERF: one reading per notation the paper leaves open, declared once and referenced by name
from every claim that relies on it (``Claim(conventions=("DERF:<slug>",))``; see :mod:`rfsym.claims.rules`).

* ``DERF:product-law`` -- what a power of a law means ($\\mathcal N(0, 1)^d$, Eqs. (4), (6), Sec. 4);
* ``DERF:gerf-exponent`` -- the quadratic term of a GERF ($C\\|x\\|^2$ with $C = -1/2$; Eq. (6) vs (7), Sec. 4);
* ``DERF:shift-square`` -- the shift of the objective (8) ($K^{(0)}(x, y)^2$, so (8) is a mean log second moment);
* ``DERF:feature-side`` -- which side a parameter acts on ($B^{(1)}, C^{(1)}, \\Psi$ on $x \\in \\mathcal X$, the
  queries; $B^{(2)}, C^{(2)}, \\Psi^{-1}$ on $y \\in \\mathcal Y$, the keys);
* ``DERF:matrix-roots`` -- what $\\Lambda^{1/2}$, $\\Sigma^{\\pm1/2}$, $(I_d - 4A)^{1/2}$, $\\det(\\cdot)^{1/4}$ mean;
* ``DERF:relative-variance`` -- the relative variance of Sec. 5.1 and Figs. 1-2 ($\\mathrm{Var}/K^2$);
* ``DERF:about-ek`` -- what 'about $e^k$ times' and 'up to $e^k$ times' of Sec. 5.1 and Fig. 1 compare.
"""

from __future__ import annotations

from ...claims.rules import Convention

__all__ = ["CONVENTIONS"]

CONVENTIONS = (
    Convention(
        "DERF", "DERF:product-law", "power of a probability law",
        "$\\mathcal N(0, 1)^d$ is the $d$-fold product law, i.e. $\\mathcal N(0_d, I_d)$ on $\\mathbb R^d$; hence "
        "$\\mathcal N(0_d, I_d)^d$ is a law on $\\mathbb R^{d^2}$.",
        "The paper writes $\\nu_{pos} = \\nu_{GE} = \\nu_{DE} = \\mathcal N(0, 1)^d$ with $\\Omega = \\mathbb R^d$ "
        "(Sec. 2.3, Sec. 4) and $\\boldsymbol\\omega \\sim \\mathcal N(0_d, I_d)$ for the same law (Sec. 4): the exponent "
        "counts independent factors. Read alike in Eq. (4), where $\\mathcal N(0_d, I_d)^d$ does not fit "
        "$\\Omega_{trig} = \\mathbb R^{d+1}$ (DERF-Eq4)."),
    Convention(
        "DERF", "DERF:gerf-exponent", "quadratic term of a GERF",
        "A GERF is $D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2)$ with $C = -1/2$, the form of [31]; the "
        "'$/2$' printed in Eq. (6) is a typo (DERF-Eq6).",
        "Every later use of GERFs reads $C\\|x\\|^2$: the variance (7), the objective of Sec. 3.1, the DERF embedding "
        "$C^{(k)} = CI_d$ of Sec. 4 (which satisfies Thm 4.1 only with this form) and the SADERF derivation (12); "
        "with the printed '$/2$' and $C = -0.5$ the features of (6) are biased."),
    Convention(
        "DERF", "DERF:shift-square", "shift of the objective (8)",
        "The shift in (8) is $K^{(0)}(x^{(i)}, y^{(j)})^2$: each summand is "
        "$\\log(\\mathrm{Var}\\,f^{(1)}f^{(2)} + K^2) = \\log E[(f^{(1)}f^{(2)})^2]$.",
        "The display (8) prints the square, the next sentence calls (8) 'a mean log-variance shifted by "
        "$K^{(0)}(x^{(i)}, y^{(j)})^2$', and the right-hand sides of (21), (22), (36) and the optimal values (10), "
        "(11) are those of $\\log(\\mathrm{Var} + K^2)$; the places that drop the square (DERF-Eq8, DERF-Eq21) are "
        "errata of one root cause."),
    Convention(
        "DERF", "DERF:feature-side", "which side a parameter acts on",
        "$f^{(1)}$, $B^{(1)}$, $C^{(1)}$, $M^{(1)}$, $\\mu^{(4)}$ and $\\Psi$ belong to $x \\in \\mathcal X$ (the queries "
        "$d^{-1/4}Q_{i,:}$ in attention); $f^{(2)}$, $B^{(2)}$, $C^{(2)}$, $M^{(2)}$, $\\mu^{(5)}$ and $\\Psi^{-1}$ to "
        "$y \\in \\mathcal Y$ (the keys $d^{-1/4}K_{j,:}$).",
        "Def. 2.1 pairs $f^{(1)}$ with $x$ and $f^{(2)}$ with $y$; Eq. (3) sets $x^{(i)} = d^{-1/4}Q_{i,:}$, "
        "$y^{(j)} = d^{-1/4}K_{j,:}$; Thm 4.2 defines $M^{(1)}$ from $\\mathcal X$, Thm 4.3 $\\mu^{(4)}$ from "
        "$\\mathcal X$; Sec. 4.3 sets $f^{(1)}_{SADE}(\\omega, x) = f_{GE}(\\omega, \\Psi x)$."),
    Convention(
        "DERF", "DERF:matrix-roots", "roots of matrices and determinants",
        "$\\Lambda^{\\pm1/2}$, $\\Sigma^{\\pm1/2}$ and $(I_d - 4A)^{1/2}$ are the entrywise positive roots of positive "
        "diagonal matrices; $\\det(I_d - 4A)^{1/4}$ and $(1-4A)^{d/4}$ are positive real roots.",
        "Every matrix raised to a fractional power in Thms 4.2 and 4.3 is diagonal with positive entries under the "
        "theorems' hypotheses ($M^{(k)}$ nonsingular, so $\\Lambda^{(k)} \\succ 0$ and $\\Sigma \\succ 0$; "
        "$8A \\prec I_d$, so $I_d - 4A \\succ 0$), and $D$ must be real for the features to be real (Thm 4.1)."),
    Convention(
        "DERF", "DERF:relative-variance", "relative variance of Sec. 5.1 and Figs. 1-2",
        "The relative variance of a pair is $\\mathrm{Var}\\,\\widehat K^{(0)}(x, y)/K^{(0)}(x, y)^2$ of one feature "
        "($M = 1$, App. B.2), and a curve is the mean of its logarithm over the $L^2$ pairs of a pair of sets; Sec. 5.1 "
        "prints the denominator without the square.",
        "Only $\\mathrm{Var}/K^2$ is scale-free (relative), and the claims compare families by the gap "
        "$\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ of such means, which is the same under $\\mathrm{Var}/K$: the "
        "pair's $\\log K$ cancels, so no verdict depends on this reading."),
    Convention(
        "DERF", "DERF:about-ek", "'about $e^k$' and 'up to $e^k$' times better",
        "A factor $e^k$ between two families is the gap $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ (nats) of their "
        "mean log relative variances; 'about $e^k$' is tested with the band $[k/2, 3k/2]$ (the project's, shown "
        "against the narrower $|\\mathrm{gap} - k| \\le 1$), and the $\\sigma$ at which it is read (mid-range "
        "$\\sigma = 0.5$, the mean over the plotted $\\sigma$, the top $\\sigma = 1$) is one of the open choices of "
        "each claim's sensitivity table; 'up to' is the largest gap over the plotted range.",
        "The paper prints one factor per regime for curves that grow with $\\sigma$ (Fig. 2, $0.1 \\le \\sigma \\le 1$) "
        "and gives no tolerance; the Fig. 1 caption says 'up to' for the same factors the text calls 'about', so "
        "neither the band nor the $\\sigma$ is forced by the text."),
)

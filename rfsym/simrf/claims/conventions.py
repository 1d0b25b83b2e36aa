"""SimRF conventions: each notation or scope the paper leaves ambiguous, read one way for every claim.

Claims reference these by name (``Claim(conventions=("SimRF:coupling-class",))``); one topic, one reading
(:class:`rfsym.claims.rules.Convention`).

* ``SimRF:coupling-class`` -- what "weight-independent geometrically-coupled" admits (Def. 1.1)
* ``SimRF:one-block`` -- the closed forms are per block, :math:`m \\le d` (SimRFs: :math:`m = d`)
* ``SimRF:trivial-point`` -- strict MSE comparisons at :math:`v = \\|x+y\\| = 0`
* ``SimRF:wij`` -- :math:`w_{ij}` is :math:`\\|w_i + w_j\\|_2`
* ``SimRF:rff-ai`` -- :math:`a_i` in App. A.8-A.9
"""

from __future__ import annotations

from ...claims.rules import Convention

__all__ = ["CONVENTIONS"]

CONVENTIONS = (
    Convention(
        "SimRF", "SimRF:coupling-class", "the class of weight-independent geometrically-coupled mechanisms (Def. 1.1)",
        r"Every joint law of $m$ random vectors whose norms are i.i.d. (here $\chi_d$) and independent of the directions, "
        r"with each $w_i \sim \mathcal N(0, I_d)$ marginally; the joint law of the directions may be anything ('the "
        r"directions are permitted to be correlated with one another'). Invariance of the joint law under a common rotation "
        r"(isotropy of each resultant $w_i + w_j$) is *not* part of the class.",
        "Def. 1.1 states the conditions (independent norms; directions independent of the norms for weight-independence) and "
        "nothing else; Sec. 1 makes it the default ('Unless otherwise stated, all coupling mechanisms considered in this work "
        "will be geometrical'), and App. A.2 restates it for Thm. 3.4 ('directions can still be correlated among themselves'). "
        "App. A.1 presents the isotropy of $w_i + w_j$ as a consequence of each $w_i$ being isotropic ('and their resultant "
        "will also be marginally isotropic'), not as an extra hypothesis, so no reading of the text adds it to the class."),
    Convention(
        "SimRF", "SimRF:one-block", "the number of features in the closed forms (m versus d)",
        r"The closed forms (23)-(27) and the comparisons built on them are for the pairs of one block, $m \le d$; a SimRF "
        r"block has $m = d$ rows (Sec. 3). With $m > d$, independent blocks (footnote 2) and cross-block pairs contribute "
        r"$e^{v^2}$ to Def. 3.1's $\rho$.",
        "Sec. 3 defines the simplex block with d rows and builds m > d from independent blocks (footnote 2); Cor. 4.4, "
        "Thm. 4.5 and Cor. 4.6 say 'm <= d is the number of random vectors'; Thm. 4.3's proof (A.6) uses that 'all w_ij "
        "follow the same distribution', true only within one block."),
    Convention(
        "SimRF", "SimRF:trivial-point", "strict comparisons of MSEs at v = ||x + y|| = 0",
        r"A strict comparison of PRF mean squared errors ('strictly lower', 'positive everywhere', 'always outperform') is "
        r"read on the data where some estimator errs, $v = \|x+y\|_2 > 0$ (and $m \ge 2$). At $v = 0$ every PRF estimator is "
        r"exact ($b_i = e^{w_i^\top 0} = 1$, so $\hat K = K$ and every MSE is 0), and there is nothing to compare.",
        r"The paper's comparisons are functions of $v$ (Eqs. (11), (21)-(25); Fig. 6 plots ratios over $v$, which are "
        r"0/0 at $v = 0$), and the proofs compare the $k \ge 1$ terms of series whose $k = 0$ term is 1 for every coupling "
        r"(Eq. (22): 'every term in the sum over k'). The statement at $v = 0$ is degenerate, not false in any way a reader "
        r"could act on; the project reads every such sentence the same way."),
    Convention(
        "SimRF", "SimRF:wij", "the random variable w_ij",
        r"$w_{ij} = \|w_i + w_j\|_2$, the norm of the resultant of two random vectors, wherever it appears.",
        "Def. 3.1, Lemma 4.1 and Lemma 4.2 define it so; the one place that prints $\\|w_i^2 + w_j^2\\|_2$ (after Eq. (60)) "
        "is recorded as a typo (SimRF-Eq60)."),
    Convention(
        "SimRF", "SimRF:rff-ai", "the symbol a_i in the RFF appendix (A.8-A.9)",
        r"$a_i = \cos(w_i^\top z)$ as Eq. (73) defines it, the term of the RFF estimator (72). The line under (77) reuses "
        r"the name for $e^{-iw_i^\top z}$; the only quantity (77) takes from it, the orthogonal pair term $E_{ort}(a_1a_2)$, "
        r"is the same number under both (SimRF-Eq77-ai).",
        "Eq. (73) is the definition; (74) and (77) are MSEs of the estimator (72), whose terms are the cosines."),
)

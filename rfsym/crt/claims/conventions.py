"""Notation conventions of CRT: one reading per ambiguous notation, referenced by name from the claims.

Each :class:`~rfsym.claims.rules.Convention` settles one topic the paper leaves open or states loosely;
every claim whose verdict depends on that reading lists it in ``Claim(conventions=...)``, so no two claims
can read the same notation two ways.

* ``CRT:bilinear-square`` -- what $[v]^2$ (and $\\|v\\|^2$ of a complex vector) means in (16)-(17)
* ``CRT:one-sample-variance`` -- which variance "the variance" of an RF mechanism is
* ``CRT:kernel`` -- which kernel an estimator targets (Gaussian, or softmax after rescaling)
* ``CRT:principal-roots`` -- the roots in (5)
* ``CRT:orthogonal-ensemble`` -- what "orthogonal" random features are
* ``CRT:thm41-constant`` -- the constant $C$ of Theorem 4.1
* ``CRT:oprf-A`` -- which $A$ an OPRF uses in the results of Sec. 4
* ``CRT:fig2-log-variance`` -- what Fig. 2 and the Sec. 5.1 reduction factors average
"""

from __future__ import annotations

from ...claims.rules import Convention

__all__ = ["CONVENTIONS"]

CONVENTIONS = (
    Convention(
        "CRT", "CRT:bilinear-square", "square of a complex vector in (16)-(17)",
        r"$[v]^2=\sum_l v_l^2$ for $v\in\mathbb C^d$: the bilinear sum of the elementwise squares, without complex "
        r"conjugation (not $|v|^2=\sum_l v_l\bar v_l$, and not the vector of squares).",
        r"(16)-(17) integrate $\exp(-\frac\alpha2[\omega-\beta]^2)$ to the scalar $(2\pi)^{d/2}(\sqrt\alpha)^{-d}$, so the "
        r"square is summed; App. 9.2 extends (17) from real to complex $\alpha,\beta$ by analytic continuation, which "
        r"keeps the bilinear form (the conjugated square is not analytic in $\beta$). The printed words 'an elementwise "
        r"square' are the typo CRT-Sec9.2-sq."),
    Convention(
        "CRT", "CRT:one-sample-variance", "which variance 'the variance' of an RF mechanism is",
        r"The variance of a mechanism is the one-sample variance $\mathrm{Var}_{p(\omega)}\mathrm{Re}(f^{(1)}(\omega,x)"
        r"f^{(2)}(\omega,y))$; the estimator (2) with $M$ i.i.d. features has $\frac1M$ of it.",
        r"Sec. 2.1: 'we will use the variance $\mathrm{Var}_{p(\omega)}\mathrm{Re}(\dots)$ of (1) to judge the precision' "
        r"and 'the total variance $\mathrm{Var}_{\omega_1..\omega_M}(\dots)=\frac1M\mathrm{Var}_{p(\omega)}(\dots)$'; "
        r"Theorems 3.2, 3.4, 3.5 display $\mathrm{Var}_{p(\omega)}$ on their left-hand sides (their words 'the variance "
        r"of (2)' are the typo CRT-Sec3.1-var2)."),
    Convention(
        "CRT", "CRT:kernel", "which kernel an estimator targets",
        r"Estimators target the Gaussian kernel $K(x,y)=e^{-\|x-y\|^2/2}$ unless the softmax kernel is named; the "
        r"softmax estimator is $e^{(\|x\|^2+\|y\|^2)/2}$ times the Gaussian one.",
        r"Sec. 2.1: 'unless explicitly stated otherwise, the estimators we consider are approximating the Gaussian "
        r"kernel' and $K_{\mathrm{sfm}}(x,y)=e^{\|x\|^2/2}K(x,y)e^{\|y\|^2/2}$; Theorem 4.3 names the softmax kernel "
        r"$\mathcal K_{\mathrm{sfm}}$ of (3)."),
    Convention(
        "CRT", "CRT:principal-roots", "roots in (5)",
        r"$\sqrt\cdot$ and $\sqrt[4]\cdot$ in (5) are principal roots; other roots are admitted only where (18) still "
        r"holds.",
        r"Theorem 3.1: 'where $\sqrt\cdot$ and $\sqrt[4]\cdot$ denotes a principal root if the argument is complex'; the "
        r"remark after its proof rests the use of other roots on (18)."),
    Convention(
        "CRT", "CRT:orthogonal-ensemble", "orthogonal random features",
        r"For $M\le d$, $\omega_1,\dots,\omega_M$ are the rows of a Haar orthogonal matrix scaled by independent "
        r"$\chi_d$ norms (each row marginally $N(0,I_d)$); for $M>d$, independent blocks of $d$ such rows.",
        r"App. 9.1 ('conditioned to form an orthogonal ensemble when $M\le d$, otherwise ... $d\times d$ independent "
        r"orthogonal blocks', marginally $N(0,I_d)$); Theorem 9.1 is 'defined for $M\le d$'."),
    Convention(
        "CRT", "CRT:thm41-constant", "the constant C of Theorem 4.1",
        r"$C$ in (15) is a positive constant of the pair $x,y$, chosen independently of $M$ (the factor $1-\frac1M$ "
        r"carries the dependence on $M$): the proof's $C=F^2(z)$ (App. 9.7, with the length of $\omega$ restored in $F$).",
        r"App. 9.7 obtains Theorem 4.1 from (24) with $C=F^2$; Sec. 1 and the Note read (15) as a strict reduction "
        r"('provably reduce the variance'), which $C=0$ would not give. The printed argument $\|x+y\|$ of $C$ is the "
        r"typo CRT-Thm4.1-C."),
    Convention(
        "CRT", "CRT:oprf-A", "the OPRF parameter A in Sec. 4",
        r"$A=A^*=(1-1/\rho^*)/8$ of (7) (formula (22)) at the $\|x+y\|^2$ the mechanism is fitted to: the pair's for "
        r"Theorem 4.2 and (35); for the uniform statement of Theorem 4.3, the value the mechanism takes on data that "
        r"sit at the worst point of the ball ($x=y$, $\|x+y\|^2=4R^2/\sqrt d$), where the pair value and the "
        r"set average (8) coincide.",
        r"Sec. 4 defines $Z$ 'with $A,B,C,D\in\mathbb R$ defining OPRFs' and Theorem 4.3 takes '$A$ as in the "
        r"definition of the OPRFs', i.e. (7) at the statistic (8); a bound claimed for every data set in the ball must "
        r"hold for the data at its worst point, where every definition of the OPRF $A$ gives the same value."),
    Convention(
        "CRT", "CRT:fig2-log-variance", "what Fig. 2 and the Sec. 5.1 factors average",
        r"For each pair of sets ($L=1024$, 5 repeats) the parameters are fitted once from the statistics (8), (12), "
        r"(14); the plotted value is the mean over all $L^2$ pairs of the log-variance (real mechanisms' variance "
        r"halved, App. 9.10.1), and a reduction 'more than $e^{c}$' compares these means.",
        r"Fig. 2's caption 'Log-variance of different RF mechanisms, mean and standard deviation' and App. 9.10.1 ('the "
        r"means and standard deviations are reported for averaging over all pairs'); the alternatives (log of the mean "
        r"variance, the $L$ pairs $(x_i,y_i)$) are shown in the protocol-sensitivity tables of the Sec. 5.1 claims."),
)

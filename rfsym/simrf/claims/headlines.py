"""Headline claims of SimRF: the abstract, the contribution list of Sec. 1 and the conclusion (Sec. 6).

Each sentence that makes a claim, quoted as printed, with the registered claims that decide it; the verdict
is derived from theirs (:mod:`rfsym.claims.headlines`).

* ``SimRF-Abs1`` abstract -- SimRFs, unbiased by geometrical coupling: holds
* ``SimRF-Abs2`` abstract -- smallest possible MSE among weight-independent couplings, substantially better
  than ORFs at no observable extra cost: does not hold as stated
* ``SimRF-Abs3`` abstract -- SimRFs+ asymptotically optimal among weight-dependent couplings: holds in
  corrected form
* ``SimRF-Abs4`` abstract -- consistent gains in kernel estimation, classification and Transformers:
  cannot be decided here
* ``SimRF-Con1`` contribution: 1 -- SimRFs have the lowest MSE of any weight-independent coupling:
  does not hold as stated
* ``SimRF-Con2`` contribution: 1 -- SimRFs+, a marginally better weight-dependent mechanism:
  cannot be decided here
* ``SimRF-Con3`` contribution: 2 -- non-asymptotic closed-form MSEs for IIDRFs, ORFs, SimRFs, and RFFs: holds
* ``SimRF-Con4`` contribution: 2 -- a precise quantification of the MSE suppression: holds in corrected form
* ``SimRF-Con5`` contribution: 2 -- complexities and a faster approximate implementation: holds
* ``SimRF-Con6`` contribution: 3 -- experiments show SimRFs superior to ORFs and IIDRFs:
  cannot be decided here
* ``SimRF-Con7`` contribution: 3 -- lower MSE empirically, better downstream performance:
  cannot be decided here
* ``SimRF-Concl1`` conclusion -- SimRFs, unbiased: holds
* ``SimRF-Concl2`` conclusion -- lower MSE than ORFs, theoretically and empirically: holds
* ``SimRF-Concl3`` conclusion -- often better downstream performance: cannot be decided here
* ``SimRF-Concl4`` conclusion -- the size of the gain depends on the data: holds
* ``SimRF-Concl5`` conclusion -- SimRFs the best weight-independent coupling, SimRFs+ marginally better:
  does not hold as stated
* ``SimRF-Concl6`` conclusion -- novel closed-form results for ORFs: holds in corrected form

Left out: "In Sec. 4, we provide novel theoretical results to add insight to the discussion in Sec. 3. They
may be of independent interest." announces Sec. 4 (its results are the next sentences, SimRF-Con3/Con4). The
introduction's "We derive the optimal mechanism, coined Simplex Random Features (SimRFs), and show that it
substantially outperforms ORFs at close to no extra computational cost" and "...present a SimRFs+ variant
which we prove is asymptotically optimal in this more general class" repeat SimRF-Abs2 and SimRF-Abs3.
"""

from __future__ import annotations

from ...claims.headlines import Headline

__all__ = ["HEADLINES"]

_P = "SimRF"

_OPTIMAL = ("The optimality holds among weight-independent couplings of m = d vectors whose joint law "
            "is invariant under a common rotation (as for ORFs and SimRFs), or for the MSE averaged over the "
            "direction of x + y; Def. 1.1 alone admits couplings that beat SimRFs at some (x, y) (SimRF-Thm3.4), "
            "and the printed proof (App. A.2) needs replacing.")

HEADLINES = [
    Headline(
        "SimRF-Abs1", _P, "abstract",
        "We present Simplex Random Features (SimRFs), a new random feature (RF) mechanism for unbiased "
        "approximation of the softmax and Gaussian kernels by geometrical correlation of random projection "
        "vectors.",
        rests_on=("SimRF-Eq9", "SimRF-Fig2", "SimRF-Def1.1", "SimRF-Eq7"),
        scope="Unbiased because every w_i stays N(0, I_d) marginally under the simplex coupling (Haar rotation, "
              "chi_d norms)."),
    Headline(
        "SimRF-Abs2", _P, "abstract",
        "We prove that SimRFs provide the smallest possible mean square error (MSE) on unbiased estimates of "
        "these kernels among the class of weight-independent geometrically-coupled positive random feature "
        "(PRF) mechanisms, substantially outperforming the previously most accurate Orthogonal Random "
        "Features (ORFs, Yu et al., 2016) at no observable extra cost.",
        rests_on=("SimRF-Thm3.2", "SimRF-Thm3.4", "SimRF-SecA.2", "SimRF-Cor3.3", "SimRF-Sec5.1-prefactor",
                  "SimRF-Fig6", "SimRF-Tab1", "SimRF-Sec4.2"),
        scope=_OPTIMAL + " 'Substantially' read on the small-v prefactor and Fig. 6; the cost on the fast "
                         "implementation (Table 1)."),
    Headline(
        "SimRF-Abs3", _P, "abstract",
        "We present a more computationally expensive SimRFs+ variant, which we prove is asymptotically optimal "
        "in the broader family of weight-dependent geometrical coupling schemes (which permit correlations "
        "between random vector directions and norms).",
        rests_on=("SimRF-Eq15", "SimRF-Eq16", "SimRF-Eq17", "SimRF-Tab1"),
        scope="'Asymptotically optimal' read as optimal for the conformity truncated at small v (Eq. (15)); "
              "the geometry (16) is only the stationarity condition of that minimum (not sufficient, SimRF-Eq16, "
              "minor), which the iteration (17) reaches from the simplex start."),
    Headline(
        "SimRF-Abs4", _P, "abstract",
        "In extensive empirical studies, we show consistent gains provided by SimRFs in settings including "
        "pointwise kernel estimation, nonparametric classification and scalable Transformers (Choromanski et "
        "al., 2020).",
        rests_on=("SimRF-Fig6", "SimRF-Fig7", "SimRF-Sec5.3", "SimRF-Fig8", "SimRF-Sec5.4"),
        scope="The Table 2 caption's stronger 'substantially outperform ORFs on every dataset' is a separate "
              "claim (SimRF-Tab2-caption, an erratum), not this sentence's 'consistent gains'."),
    Headline(
        "SimRF-Con1", _P, "contribution: 1",
        "In Sec. 3, we introduce SimRFs and prove that they provide the lowest kernel estimator MSE of any "
        "weight-independent geometrically-coupled PRF mechanism, outperforming the previously most accurate "
        "ORFs.",
        rests_on=("SimRF-Thm3.2", "SimRF-Thm3.4", "SimRF-SecA.2", "SimRF-Cor3.3"),
        scope=_OPTIMAL),
    Headline(
        "SimRF-Con2", _P, "contribution: 1",
        "We demonstrate that a fast, simple scheme applying minor alterations to SimRFs yields SimRFs+: a "
        "marginally better weight-dependent mechanism. See Fig. 1.",
        rests_on=("SimRF-Eq17", "SimRF-Fig4", "SimRF-Sec3.2-marginal", "SimRF-Tab2"),
        scope="The scheme is the iterative update (17) from the simplex start; 'marginally better' than SimRFs "
              "(Fig. 4, Table 2). Whether the gains are marginal depends on the yardstick of 'marginal', in Fig. 4 "
              "(SimRF-Sec3.2-marginal) as on Table 2 (SimRF-Tab2). Optimality of SimRFs+ is SimRF-Abs3's claim, not this one's."),
    Headline(
        "SimRF-Con3", _P, "contribution: 2",
        "We derive the first non-asymptotic closed-form formulae for the MSE for PRFs in the IIDRF, ORF and "
        "SimRF settings, and show how it is straightforward to generalise some of these forms to RFFs.",
        rests_on=("SimRF-Lem4.1", "SimRF-Lem4.2", "SimRF-Thm4.3", "SimRF-Thm4.5", "SimRF-Eq74"),
        scope="The three settings are rotation-invariant, where the MSE formula (11) holds as printed; 'first' "
              "is a priority claim not checked here."),
    Headline(
        "SimRF-Con4", _P, "contribution: 2",
        "This allows us to precisely quantify how much the kernel estimator MSE can be suppressed by "
        "geometrical coupling.",
        rests_on=("SimRF-Cor4.4", "SimRF-Cor4.6", "SimRF-Sec5.1", "SimRF-Sec5.1-prefactor", "SimRF-Fig6"),
        scope="The ORF-IIDRF gap of Cor. 4.4 as printed lacks the 2^k of (23) (the appendix form is right)."),
    Headline(
        "SimRF-Con5", _P, "contribution: 2",
        "We also compare the time- and space-complexities of the different PRF mechanisms and describe a "
        "faster, approximate implementation.",
        rests_on=("SimRF-Tab1", "SimRF-Sec4.2", "SimRF-Sec4.2-space")),
    Headline(
        "SimRF-Con6", _P, "contribution: 3",
        "In Sec. 5, we support our theoretical results with comprehensive experiments, demonstrating the "
        "superiority of SimRFs over ORFs and IIDRFs.",
        rests_on=("SimRF-Fig6", "SimRF-Fig7", "SimRF-Fig8", "SimRF-Sec5.4")),
    Headline(
        "SimRF-Con7", _P, "contribution: 3",
        "We empirically confirm that they offer lower kernel estimator MSE, and find that this translates to "
        "better downstream performance in nonparametric classification tasks (Sec. 5.3) and scalable "
        "Transformers (Sec. 5.4).",
        rests_on=("SimRF-Fig7", "SimRF-Sec5.3", "SimRF-Sec5.4")),
    Headline(
        "SimRF-Concl1", _P, "conclusion",
        "We have introduced Simplex Random Features (SimRFs), a new mechanism for unbiased approximation of the "
        "Gaussian and softmax kernels.",
        rests_on=("SimRF-Eq9", "SimRF-Fig2", "SimRF-Def1.1", "SimRF-Eq7")),
    Headline(
        "SimRF-Concl2", _P, "conclusion",
        "By correlating the directions of random vectors in the ensemble, we access lower kernel estimator MSE "
        "than the previously predominant Orthogonal Random Features (ORFs): a fact we have verified both "
        "theoretically and empirically via extensive experiments.",
        rests_on=("SimRF-Cor3.3", "SimRF-Thm4.3", "SimRF-Fig6", "SimRF-Fig7"),
        scope="Read as SimRFs against ORFs (Cor. 3.3, Fig. 7); optimality over all couplings is SimRF-Concl5's "
              "claim."),
    Headline(
        "SimRF-Concl3", _P, "conclusion",
        "We have shown that the suppressed MSE of SimRFs compared to ORFs often permits better performance in "
        "downstream applications, including in nonparametric classification and scalable Transformer "
        "training.",
        rests_on=("SimRF-Sec5.3", "SimRF-Fig8", "SimRF-Sec5.4")),
    Headline(
        "SimRF-Concl4", _P, "conclusion",
        "However, the size of the gain depends on the data distribution and whether the quality of kernel "
        "approximation is currently bottlenecking model performance.",
        rests_on=("SimRF-Fig6",),
        scope="The data dependence read through v = ||x + y|| (Fig. 6: the gain is largest at small v); "
              "whether kernel approximation bottlenecks a model is an explanation, not a registered claim."),
    Headline(
        "SimRF-Concl5", _P, "conclusion",
        "We have proved that SimRFs constitute the best weight-independent geometrically-coupled PRF "
        "mechanism, with further marginal improvements available in some regimes from a weight-dependent "
        "SimRFs+ variant.",
        rests_on=("SimRF-Thm3.2", "SimRF-Thm3.4", "SimRF-SecA.2", "SimRF-Fig4", "SimRF-Sec3.2-marginal", "SimRF-Tab2"),
        scope=_OPTIMAL),
    Headline(
        "SimRF-Concl6", _P, "conclusion",
        "Finally, through our detailed quantitative analysis of the different RF mechanisms, we have derived "
        "novel closed-form results for ORFs, precisely formalising qualitative and asymptotic findings "
        "previously reported in the literature.",
        rests_on=("SimRF-Thm4.3", "SimRF-Cor4.4", "SimRF-Thm4.5", "SimRF-Cor4.6", "SimRF-Sec4.1"),
        scope="The findings formalised: ORFs beat IIDRFs for PRFs at every d (Cor. 4.4, corrected) and for RFFs "
              "only up to a threshold that diverges with d (Sec. 4.1, Cor. 4.6)."),
]

"""The inventory of HRF: every numbered display, statement, caption and checkable sentence of the paper.

Each :class:`rfsym.claims.inventory.Item` names the registered claims that cover it, or the reason it is not
a claim. Headline sentences (abstract, contributions, conclusion; :mod:`rfsym.hrf.claims.headlines`) are listed
with the claims their headline rests on. Paper text: ``shared/papers/hrf-hybrid-random-features.txt``.
"""

from __future__ import annotations

from ...claims.inventory import Item

__all__ = ["ITEMS"]


def _d(n, claims=(), reason=None, text=None):
    """A numbered display (n) of the paper."""
    return Item(f"Eq. ({n})", "display", text or f"display ({n})", claims=claims, reason=reason)


_PROOF = "proof step covered by the theorem's claim"

ITEMS = (
    # ---------------------------------------------------------------- abstract (headlines HRF-Abs1..4)
    Item("Abstract, s1", "sentence", "HRFs ... automatically adapt the quality of kernel estimation to provide most "
         "accurate approximation in the defined regions of interest",
         claims=("HRF-Eq8", "HRF-Lem2.3", "HRF-Fig1", "HRF-DefH.2", "HRF-Eq17", "HRF-Eq86")),
    Item("Abstract, s2", "sentence", "Special instantiations of HRFs lead to ... trigonometric ... or positive random "
         "features", claims=("HRF-Eq16",)),
    Item("Abstract, s3", "sentence", "the HRF-mechanism provides strong theoretical guarantees - unbiased approximation "
         "and strictly smaller worst-case relative errors than its counterparts",
         claims=("HRF-Lem2.4", "HRF-Lem2.3", "HRF-Eq8", "HRF-Eq15", "HRF-Sec1")),
    Item("Abstract, s4", "sentence", "We conduct exhaustive empirical evaluation of HRF ... demonstrating its quality",
         claims=("HRF-Fig2", "HRF-Tab1", "HRF-Tab1-wine", "HRF-Fig6", "HRF-Fig3", "HRF-Tab2", "HRF-Fig4")),
    # ---------------------------------------------------------------- Sec. 1
    _d(1, ("HRF-Eq1", "HRF-Sec1-domain"), text="SM(x, y) = exp(x^T y), K_gauss(x, y) = exp(-||x - y||^2/2); K: R^{dxd} -> R"),
    Item("Sec. 1, para 2", "sentence", "K_gauss(x, y) = exp(-||x||^2/2) SM(x, y) exp(-||y||^2/2)", claims=("HRF-Eq1",)),
    _d(2, ("HRF-Eq2",), text="phi^trig_m(u)"),
    Item("Sec. 1, para 3", "sentence", "The above mechanism struggles to accurately approximate close-to-zero kernel "
         "values, as characterized by the particularly large MSE in that region", claims=("HRF-Lem2.2",)),
    _d(3, ("HRF-Eq3",), text="phi^++_m(u)"),
    Item("Sec. 1, para 4", "sentence", "Even though, very accurate in estimating small softmax kernel values ..., this "
         "mechanism is characterized by larger MSE for large kernel values", claims=("HRF-Lem2.2",)),
    Item("Sec. 1, contributions, para 1 s1", "sentence", "We give affirmative answers to both of the above questions by "
         "constructing ... HRFs", claims=("HRF-Fig1", "HRF-Sec1", "HRF-DefH.2", "HRF-Eq17", "HRF-Eq86")),
    Item("Sec. 1, contributions, para 1 s2", "sentence", "trigonometric random features ... and novel mechanisms ... are "
         "just special corollaries of the more general result from complex analysis; Goemans-Williamson; compositional "
         "kernels", claims=("HRF-Lem2.4", "HRF-Eq16", "HRF-Eq19", "HRF-Lem2.3")),
    Item("Sec. 1, contributions, para 2 s1", "sentence", "they provide strictly more accurate worst-case softmax kernel "
         "estimation than previous algorithms and lead to computational gains",
         claims=("HRF-Sec1", "HRF-SecD.4", "HRF-Thm3.5-limits", "HRF-Eq106")),
    Item("Sec. 1, contributions, para 2 s2", "sentence", "We also conduct their thorough empirical evaluation ...",
         claims=("HRF-Fig2", "HRF-Tab1", "HRF-Tab1-wine", "HRF-Fig3", "HRF-Tab2", "HRF-Fig4")),
    Item("Sec. 1, Related Work", "sentence", "Our HRFs do not compete with those techniques (and can be in fact easily "
         "combined with them)", claims=("HRF-Tab1-wine",)),
    Item("Sec. 1, Related Work (rest)", "sentence", "summaries of Schlag et al., Luo et al., Rawat et al. ...",
         reason="quote of another paper"),
    # ---------------------------------------------------------------- Sec. 2.1
    Item("Sec. 2.1, s1", "sentence", "Whenever we do not say explicitly otherwise, all presented lemmas and theorems are new",
         reason="no checkable content: a priority statement"),
    Item("Def. 2.1", "statement", "Kernel with a random feature map representation, (4)-(6); (2), (3) as instances",
         claims=("HRF-Def2.1",)),
    _d(4, ("HRF-Def2.1",)), _d(5, ("HRF-Def2.1",)), _d(6, ("HRF-Def2.1",)),
    Item("Lemma 2.2", "statement", "MSE of trig and positive RFs", claims=("HRF-Lem2.2",)),
    _d(7, ("HRF-Lem2.2",)),
    # ---------------------------------------------------------------- Sec. 2.2
    _d(8, ("HRF-Eq8",), text="the HRF estimator sum_k lambda^k SM^k + (1 - sum lambda^k) SM^{p+1}"),
    _d(9, ("HRF-Sec2.2-Eq9",)),
    _d(10, ("HRF-Sec2.2-Eq9", "HRF-Lem2.3"), text="lambda-hat^k_n = a_k + rho_1^T rho_2"),
    Item("Sec. 2.2, sentence before Lemma 2.3", "sentence", "a hybrid estimator using n random features for its base "
         "estimators and m to approximate lambda-coefficients", claims=("HRF-Sec2.2-mn",)),
    Item("Lemma 2.3", "statement", "SM^hyb_{m,n} = Psi_1(x)^T Psi_2(y) with the product maps (11)", claims=("HRF-Lem2.3",)),
    _d(11, ("HRF-Lem2.3",)),
    _d(12, reason="definition: the bipolar hybrid estimator, whose MSE is HRF-Eq22"),
    Item("Sec. 2.2, after (12)", "sentence", "By our previous analysis we know that SM++ becomes perfect for theta = pi "
         "and SM^trig becomes perfect for theta = 0", claims=("HRF-Lem2.2",)),
    Item("Sec. 2.2, after (12), rest", "sentence", "That suggests particularly simple linear dependence of lambda on theta",
         reason="motivation"),
    # ---------------------------------------------------------------- Sec. 2.3
    Item("Lemma 2.4", "statement", "E exp(w^T z) = exp(sum z_i^2 / 2) for every z in C^d", claims=("HRF-Lem2.4",)),
    _d(13, ("HRF-Lem2.4",)),
    _d(14, ("HRF-Eq14",)),
    _d(15, ("HRF-Eq15",)),
    _d(16, ("HRF-Eq15",)),
    Item("Sec. 2.3, after (16)", "sentence", "For A = iI_d, CE-estimator becomes trigonometric and for A = I_d, it "
         "becomes SM++", claims=("HRF-Eq16",)),
    _d(17, ("HRF-Eq17",), text="zero variance if x = -A^{-1}(A^T)^{-1} y"),
    _d(18, ("HRF-Eq18",), text="'In fact we can relax that condition': Re/Im equations"),
    # ---------------------------------------------------------------- Sec. 2.4
    _d(19, ("HRF-Eq19", "HRF-Eq43")),
    Item("Sec. 2.4, after (19)", "sentence", "its variance is zero for both the smallest (theta = pi) and largest "
         "(theta = 0) softmax kernel values", claims=("HRF-Fig1", "HRF-ThmD.1")),
    Item("Sec. 2.4, Gaussian lambda, s1", "sentence", "functions lambda-hat^k(x, y) are defined as exp(-||x + M_k y||^2/(2c_k^2))",
         claims=("HRF-Sec2.4-hat",)),
    _d(20, ("HRF-Eq20",)),
    Item("Sec. 2.4, Gaussian lambda, s4", "sentence", "The coefficients lambda^k in (0, 1] fire if x ~ -M_k y",
         claims=("HRF-Eq20",)),
    Item("Sec. 2.4, Gaussian lambda, last", "sentence", "it turns out to be characterized by the larger variance than its "
         "angular hybrid counterpart and cannot provide variance vanishing property for both theta = 0 and pi",
         claims=("HRF-Sec2.4",)),
    Item("Fig. 1 caption", "caption", "MSEs for trig, ++ and angular hybrid, m = 10, n = 1, r = 5: only the angular hybrid's "
         "MSE goes to zero for both theta -> 0 and theta -> pi", claims=("HRF-Fig1",)),
    Item("Sec. 2.4, clustering", "sentence", "a complex exponential estimator ... with A that minimizes the loss (21), "
         "|z| = sqrt(sum |z_i|^2)", claims=("HRF-Eq86",)),
    _d(21, ("HRF-Eq86", "HRF-Eq88")),
    Item("Sec. 2.4, clustering, after (21)", "sentence", "by Equation 17, if one can find A such that l(A) = 0, then "
         "SM^cexp makes no error in approximating softmax kernel value on the centers", claims=("HRF-Eq17", "HRF-Eq86")),
    Item("Sec. 2.4, clustering, after (21), s3", "sentence", "We can add additional constraints regarding A (real, "
         "diagonal) for closed-form formulae of the optimal A, yet not necessarily zeroing out l(A)",
         claims=("HRF-Eq88", "HRF-SecH.3-sign")),
    Item("Sec. 2.4, last paragraph", "sentence", "one can also construct HRF estimators that take base estimators defined "
         "in the above way only for the most massive pairs of clusters and add an additional default base estimator",
         reason="description of a method"),
    # ---------------------------------------------------------------- Sec. 3
    Item("Thm 3.1", "statement", "MSE of the bipolar hybrid (22); with shared projections it 'is further reduced' (23)",
         claims=("HRF-Thm3.1", "HRF-Eq22", "HRF-Eq23")),
    _d(22, ("HRF-Eq22",)), _d(23, ("HRF-Eq23", "HRF-Thm3.1")),
    Item("Lemma 3.2", "statement", "E lambda-hat = theta/pi, E lambda-hat^2 = ... for the angular coefficient",
         claims=("HRF-Lem3.2",)),
    _d(24, ("HRF-Lem3.2",)),
    Item("Sec. 3, after Lemma 3.2", "sentence", "the variance of the angular hybrid estimator is zero for both theta = 0 "
         "and theta = pi if inputs x, y have the same length", claims=("HRF-ThmD.1", "HRF-Fig1")),
    Item("Sec. 3, after Def. 3.3", "sentence", "small relative errors are a much more meaningful measure of the quality "
         "of the method than small absolute errors", reason="motivation"),
    Item("Def. 3.3", "statement", "max-relative-error eps_C, eps_{theta,r}", claims=("HRF-Def3.3",)),
    Item("Lemma 3.4", "statement", "max-relative-errors of trig and ++ on S(r)", claims=("HRF-Lem3.4",)),
    _d(25, ("HRF-Lem3.4",)), _d(26, ("HRF-Lem3.4",)),
    Item("Sec. 3, before Thm 3.5, s1", "sentence", "Our main result shows that HRF estimators can be applied to reduce "
         "the max-relative-error of the previously applied estimators", claims=("HRF-Sec1",)),
    Item("Sec. 3, before Thm 3.5, s2", "sentence", "the max-relative-error of the angular hybrid estimator scales as "
         "(1/r) exp(2r^2) ... as opposed to exp(2r^2)", claims=("HRF-Sec3",)),
    Item("Sec. 3, before Thm 3.5, s3", "sentence", "the max-relative-error scales as sqrt(theta) and sqrt(pi - theta) ... "
         "goes to 0 in both critical cases. This is not true for trig nor ++", claims=("HRF-Thm3.5-limits", "HRF-Lem3.4")),
    Item("Thm 3.5", "statement", "bound (27) for r >= 1 and the limits at theta -> 0, pi",
         claims=("HRF-Thm3.5", "HRF-Thm3.5-limits")),
    _d(27, ("HRF-Thm3.5",)),
    Item("Sec. 3, after Thm 3.5", "sentence", "Theta(mn)-dimensional HRFs can be constructed in time O(nd + md + mn) "
         "(regular RFs need O(mnd))", claims=("HRF-SecD.4", "HRF-Eq106")),
    # ---------------------------------------------------------------- Sec. 4
    Item("Sec. 4, s1", "sentence", "we conduct exhaustive evaluation of the mechanism of HRFs on several tasks",
         reason="no checkable content: an assessment of the paper's own effort"),
    Item("Sec. 4.1, s3", "sentence", "The angular hybrid estimator most accurately approximates softmax kernel and has "
         "smaller max-relative-error than other estimators", claims=("HRF-Fig2",)),
    Item("Fig. 2 caption", "caption", "Pointwise estimation, 64-dim inputs, r = 1.0, 1.5; 128 random features; FLOP-matched "
         "hybrid", claims=("HRF-Fig2",)),
    Item("Fig. 2 caption, last sentence", "sentence", "Similar gains as for the angular are obtained by the Gaussian "
         "hybrid variant", claims=("HRF-Fig2-gauss",)),
    Item("Sec. 4.1, QMC, last", "sentence", "HRFs outperform all other methods, as we see in Table 1",
         claims=("HRF-Tab1-wine", "HRF-Tab1")),
    Item("Table 1 caption", "caption", "MSE (1e-3) on wine and Boston; non-HRF 512 random features, HRFs FLOP-matched",
         claims=("HRF-Tab1-wine", "HRF-Tab1")),
    Item("Sec. 4.2, s1-s3", "sentence", "2-layer LSTM, hidden size 200, RFs for softmax sampling, 10 runs",
         reason="description of an experiment set-up"),
    Item("Fig. 3 caption", "caption", "Statistical metrics on PennTree Bank; 64-512 random features, hybrids FLOP-matched; "
         "negative fractions of FAVOR+ are zero by definition", claims=("HRF-Fig3",)),
    Item("Sec. 4.2, Statistical Metrics, last", "sentence", "We see that HRFs lead to most accurate softmax distribution "
         "estimation", claims=("HRF-Fig3",)),
    Item("Sec. 4.3, text", "sentence", "HRFs produce smallest WER models and the clustering-based variants ... turn out to "
         "be the best", claims=("HRF-Tab2",)),
    Item("Table 2 caption", "caption", "WERs of Conformer-Transducer with different RF-mechanisms; HRF-C uses 64 random "
         "features; s.d. over 10 training runs", claims=("HRF-Tab2",)),
    Item("Sec. 4.4, text", "sentence", "HRFs need 3x fewer FLOPS to obtain same quality policies as baselines",
         claims=("HRF-Fig4",)),
    Item("Fig. 4 caption", "caption", "IAP with angular hybrid m = n = 8 vs FAVOR+ m = 256: similar quality, 3x+ fewer "
         "FLOPS; five regular RF-configurations produced NaN loss", claims=("HRF-Fig4",)),
    # ---------------------------------------------------------------- Sec. 5 (headlines HRF-Concl1, 2)
    Item("Sec. 5, s1", "sentence", "hybrid random features ... more accurately approximate these kernels than previous "
         "algorithms", claims=("HRF-Sec1", "HRF-Fig2")),
    Item("Sec. 5, s2", "sentence", "We also demonstrated their robustness in a wide range of applications",
         claims=("HRF-Fig3", "HRF-Fig10", "HRF-Tab2", "HRF-Fig4")),
    # ---------------------------------------------------------------- App. A, B, C
    _d(28, reason=_PROOF + ": HRF-Lem2.4 (App. A)"), _d(29, reason=_PROOF + ": HRF-Lem2.4 (App. A)"),
    _d(30, ("HRF-Lem2.3",)),
    _d(31, ("HRF-Eq22",)), _d(32, ("HRF-Eq22",)),
    _d(33, reason=_PROOF + ": HRF-Eq22 (the variance expansion of App. C)"),
    _d(34, reason="definition: SM++ written with the Y_i of App. C"),
    _d(35, reason="definition: SM^trig written with the Z_i of App. C"),
    _d(36, ("HRF-Eq36",)), _d(37, ("HRF-Eq37",)), _d(38, ("HRF-Eq37",)),
    _d(39, ("HRF-Eq23",)), _d(40, ("HRF-Eq22",)), _d(41, ("HRF-Eq22",)),
    # ---------------------------------------------------------------- App. D
    _d(42, ("HRF-Eq43",)), _d(43, ("HRF-Eq43",)), _d(44, ("HRF-Eq44",)),
    Item("Thm D.1", "statement", "explicit MSE of the angular hybrid (45)", claims=("HRF-ThmD.1", "HRF-SecD.2-op")),
    _d(45, ("HRF-ThmD.1", "HRF-SecD.2-op")), _d(46, ("HRF-Eq46",)), _d(47, ("HRF-Eq47",)),
    _d(48, ("HRF-Eq48",)), _d(49, ("HRF-Eq48",)), _d(50, ("HRF-Eq48",)),
    _d(51, ("HRF-Eq51",)), _d(52, ("HRF-Eq51",)),
    _d(53, reason=_PROOF + ": HRF-Eq57 (b_r split into (54), (55))"),
    _d(54, ("HRF-Eq57",)), _d(55, ("HRF-Eq57",)),
    _d(56, reason=_PROOF + ": max of a sum <= sum of maxima, used by HRF-Eq57 and HRF-Eq63"),
    _d(57, ("HRF-Eq57",)), _d(58, ("HRF-Eq57",)),
    _d(59, ("HRF-Eq61",)), _d(60, ("HRF-Eq61",)), _d(61, ("HRF-Eq61",)),
    _d(62, ("HRF-Eq63",)), _d(63, ("HRF-Eq63",)), _d(64, ("HRF-Eq64",)), _d(65, ("HRF-Eq65",)), _d(66, ("HRF-Eq66",)),
    Item("App. D.3, 'Completely analogous analysis'", "sentence", "Completely analogous analysis leads to (64)",
         claims=("HRF-Eq64",)),
    Item("App. D.4", "sentence", "the relative error decreases as 1/sqrt(mn) = Theta(1/d_est) ...; the random feature map "
         "can be constructed in time O(nd + md + mn)", claims=("HRF-SecD.4",)),
    Item("App. E", "sentence", "eps(trig) is an increasing function of sin^2(theta/2) and thus is largest for theta = pi",
         claims=("HRF-Lem3.4",)),
    # ---------------------------------------------------------------- App. F
    Item("App. F, intro", "sentence", "the variance of the normalized Gaussian hybrid will be zeroed out for theta = 0 or "
         "theta = pi, but not for both", claims=("HRF-SecF",)),
    _d(67, ("HRF-Eq76",)), _d(68, ("HRF-Eq76",)), _d(69, ("HRF-Eq70",)), _d(70, ("HRF-Eq70",)),
    Item("Thm F.1", "statement", "MSE of the normalized bipolar Gaussian estimator; unchanged with shared projections",
         claims=("HRF-ThmF.1",)),
    _d(71, ("HRF-ThmF.1",)), _d(72, ("HRF-ThmF.1",)), _d(73, ("HRF-ThmF.1",)), _d(74, ("HRF-ThmF.1",)),
    _d(75, ("HRF-ThmF.1",)), _d(76, ("HRF-Eq76",)),
    Item("Thm F.2", "statement", "same-length MSE of the normalized Gaussian hybrid", claims=("HRF-ThmF.2",)),
    _d(77, ("HRF-ThmF.2",)), _d(78, ("HRF-ThmF.2",)), _d(79, ("HRF-ThmF.2",)), _d(80, ("HRF-Eq76", "HRF-ThmF.2")),
    # ---------------------------------------------------------------- App. G, H
    Item("App. G", "sentence", "In Fig. 5 we present complete ablation studies ...", claims=("HRF-Fig2",)),
    Item("Fig. 5 caption", "caption", "Pointwise estimation for r = 1.0, 1.25, 1.5; 128 random features; FLOP-matched "
         "hybrid", claims=("HRF-Fig2",)),
    Item("App. H.1", "sentence", "As shown in Fig. 6, for all variants HRF estimators adapted to clustered data "
         "consistently provide notable accuracy gains, even for larger values of s and less concentrated clusters",
         claims=("HRF-Fig6",)),
    Item("Fig. 6 caption", "caption", "Comparing estimators for clustered data; MSE averaged over 20 trials; deterministic "
         "lambda-coefficients; FAVOR+ not perfectly monotonic in m (Luo et al., 2021)", claims=("HRF-Fig6",)),
    _d(81, ("HRF-Eq17", "HRF-Eq85"), text="z = A r_i + (A^T)^{-1} r_j = 0"),
    _d(82, ("HRF-Eq85",)),
    _d(83, ("HRF-Eq85",)), _d(84, ("HRF-Eq85",)), _d(85, ("HRF-Eq85",)),
    _d(86, ("HRF-Eq86",)), _d(87, ("HRF-Eq86",)),
    Item("App. H.2, after (87)", "sentence", "When r_{i,k} = 0, r_{j,k} != 0 ... we cannot satisfy the above equation "
         "perfectly", claims=("HRF-Eq86",)),
    _d(88, ("HRF-Eq88",)),
    Item("App. H.2, before (88)", "sentence", "When restricting A to R^{dxd}, it is easily seen that to minimize "
         "|A r_i + (A^T)^{-1} r_j|^2 we can take (88)", claims=("HRF-Eq88",)),
    _d(89, ("HRF-Eq89",)), _d(90, ("HRF-Eq89",)), _d(91, ("HRF-Eq89",)), _d(92, ("HRF-Eq89",)),
    Item("App. H.2, after (92)", "sentence", "Such a softmax kernel estimator has variance equal to zero if x = r_i and "
         "y = r_j if we are using the complex matrix", claims=("HRF-Eq17", "HRF-Eq86")),
    Item("App. H.2, before (93)", "sentence", "We can also take the Gaussian lambda-coefficient estimator that gets its "
         "maximum value when x = r_i, y = r_j ... It can be easily linearized since", claims=("HRF-Eq93",)),
    _d(93, ("HRF-Eq93",)),
    _d(94, ("HRF-Eq94", "HRF-Eq94-sign")), _d(95, ("HRF-Eq94",)), _d(96, ("HRF-Eq94", "HRF-Eq94-sign")),
    Item("App. H.2, after (96)", "sentence", "for omega_1, ..., omega_m ~ N(0, I_d) chosen independently and that were "
         "applied in base estimators", claims=("HRF-SecH.2-omega",)),
    Item("Def. H.1", "statement", "Hybrid Gaussian-Mixtures estimators for clustered data, (97)-(100), with the complex "
         "A^{ij} of (85)", claims=("HRF-Eq93", "HRF-SecH.2-index", "HRF-SecH.2-omega")),
    _d(97, ("HRF-SecH.2-index", "HRF-Eq93")), _d(98, ("HRF-Eq93",)), _d(99, ("HRF-Eq94-sign",)),
    _d(100, ("HRF-Eq89",)),
    Item("Def. H.2", "statement", "Hybrid Zero-One-Mixtures estimators for clustered data, (101)-(104)",
         claims=("HRF-DefH.2", "HRF-SecH.2-index")),
    _d(101, ("HRF-DefH.2",)), _d(102, ("HRF-DefH.2", "HRF-SecH.2-index")), _d(103, ("HRF-DefH.2",)),
    _d(104, ("HRF-DefH.2",)),
    Item("App. H.3, data generation", "sentence", "X_i = O^{i,1} X_0, Y_i = O^{i,2} Y_0 ... 1000 points per cluster ... "
         "normalize ... K-means k = 2 ... 20 repetitions", reason="description of an experiment set-up"),
    Item("App. H.3, sign remark", "sentence", "the minimal value s of Eq. 21 may be non-zero if sign(x_{i,k}) = "
         "sign(y_{j,k}) for some k due to the usage of real diagonal matrices", claims=("HRF-SecH.3-sign",)),
    Item("Table 3 caption", "caption", "Minimal and maximal empirical MSE with 20 repetitions", claims=("HRF-Fig6",)),
    # ---------------------------------------------------------------- App. I, J, K, L
    Item("App. I, s1-s3", "sentence", "2-layer LSTMs of hidden sizes 200 and 650 on PTB and WikiText2, tied weights",
         reason="description of an experiment set-up"),
    Item("Table 4 caption", "caption", "10 runs on Penntree Bank; Boldface denotes the best one, and underline denotes "
         "the second best", claims=("HRF-Fig3",)),
    Item("Fig. 7 caption", "caption", "Distribution of the lengths of the keys and queries in the PennTree Bank dataset",
         reason="no checkable content: a histogram of the authors' data"),
    _d(105, reason="description of an experiment set-up: the training loss with length regularisers"),
    Item("App. I, WikiText2 perplexity", "sentence", "Our model trained with these hyperparameters achieve a perplexity "
         "score of 105.35 on the test set after 50 epochs", claims=("HRF-Tab5",)),
    Item("Fig. 8 caption", "caption", "Statistical metrics on WikiText2; 64-512 random features; hybrids FLOP-matched; "
         "10 runs", claims=("HRF-Tab5",)),
    Item("Table 5 caption", "caption", "10 runs on Wikitext2; Boldface denotes the best one, and underline denotes the "
         "second best", claims=("HRF-Tab5",)),
    Item("App. I, after Table 5", "sentence", "The above tables (Table 4 and Table 5) show that the our hybrid variants "
         "consistently outperform Favor+ and the trigonometric random features", claims=("HRF-SecI",)),
    Item("App. I.1, para 2", "sentence", "As observed in Fig. 2, the relative error of all three estimators grow "
         "exponentially fast with embedding norm r", claims=("HRF-Lem3.4", "HRF-ThmD.1")),
    Item("Fig. 9 caption", "caption", "Distribution of the lengths of the keys and queries in the WikiText2 dataset",
         reason="no checkable content: a histogram of the authors' data"),
    Item("Fig. 10 caption", "caption", "Language modelling with softmax sampling on PTB, 25 runs; 1024 random features; "
         "'the difference between different random feature estimators is not very significant'", claims=("HRF-Fig10",)),
    Item("App. I.1, last", "sentence", "the difference between HRFs and other random feature estimators in this specific "
         "softmax sampling downstream task is not very significant", claims=("HRF-Fig10",)),
    Item("App. J", "sentence", "17 conformer layers, 8 heads, p = 512, d_QK = 64, L ~ 500",
         reason="description of an experiment set-up"),
    Item("App. K", "sentence", "query/key L2-normalization ... applied in all the experiments",
         reason="description of an experiment set-up"),
    Item("App. K.1", "sentence", "HRF with 8 x 8 random projections (m = n = 8) performs as well as the softmax kernel "
         "with 256 random projections", claims=("HRF-Fig4",)),
    Item("App. K.2", "sentence", "bi-manual sweeping: reward, loss, 12-DoF, curves averaged over 3 learning rates",
         reason="description of an experiment set-up"),
    Item("Fig. 11 caption", "caption", "An example of the camera image for the bi-manual sweep task",
         reason="no checkable content: an illustration"),
    _d(106, ("HRF-Eq106",)),
    Item("App. L, last paragraph", "sentence", "the (theta)(mn)-dimensional HRFs ... can be constructed in time "
         "O(nd + md + mn)", claims=("HRF-SecL-Theta", "HRF-Eq106")),
)

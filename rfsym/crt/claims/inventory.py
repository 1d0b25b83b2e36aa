"""Inventory of CRT: every numbered display, statement, caption and checkable sentence, with its claims.

One :class:`~rfsym.claims.inventory.Item` per numbered display (Eqs. (1)-(37)), per theorem, lemma and
definition statement, per table and figure caption (Tables 1-12, Figures 1-4), and per sentence of the
abstract, the contributions, the results text and the appendix that asserts something checkable. Each item
names the registered claims that cover it, or the reason it is not a claim (a definition, a description of
a method or of an experiment set-up, a quote of another paper, a proof step covered by its theorem's claim).
Items are in paper order. Headline sentences (abstract, contributions, conclusion) are also listed in
:mod:`rfsym.crt.claims.headlines` with the claims their verdicts derive from.
"""

from __future__ import annotations

from ...claims.inventory import Item

__all__ = ["ITEMS"]


def _d(ref, text, *claims, reason=None):
    return Item(ref, "display", text, claims, reason)


def _s(ref, text, *claims, reason=None):
    return Item(ref, "statement", text, claims, reason)


def _c(ref, text, *claims, reason=None):
    return Item(ref, "caption", text, claims, reason)


def _t(ref, text, *claims, reason=None):
    return Item(ref, "sentence", text, claims, reason)


_SETUP = "description of an experiment set-up"
_METHOD = "description of a method"
_QUOTE = "quote of another paper"
_STEP = "proof step covered by the theorem's claim"

ITEMS = (
    # ---------------------------------------------------------------- abstract
    _t("Abstract, s1", "We introduce chefs' random tables (CRTs), a new class of non-trigonometric random features (RFs) to approximate Gaussian and softmax-kernels.",
       "CRT-Thm3.1", "CRT-Eq9", "CRT-Eq10", "CRT-Sec2.1"),
    _t("Abstract, s2", "CRTs are an alternative to standard random kitchen sink (RKS) methods, which inherently rely on the trigonometric maps [41].",
       reason="motivation: places the work in the literature"),
    _t("Abstract, s3", "We present variants of CRTs where RFs are positive, a key requirement for applications in recent low-rank Transformers [13].",
       "CRT-Sec3.1-Pos", "CRT-Sec3.2.3"),
    _t("Abstract, s4", "Further variance reduction is possible by leveraging statistics which are simple to compute.",
       "CRT-Thm3.3", "CRT-Eq8", "CRT-Sec3.2.1", "CRT-Eq12", "CRT-Eq14", "CRT-Sec5.1-many"),
    _t("Abstract, s5", "OPRFs ... the first RF method for unbiased softmax-kernel estimation with positive and bounded RFs, resulting in exponentially small tails and much lower variance than its counterparts.",
       "CRT-Thm3.1", "CRT-Sec3.1-Pos", "CRT-Thm3.3-Note", "CRT-Sec1", "CRT-Eq34", "CRT-Thm4.2-ort", "CRT-Thm3.3", "CRT-Fig1"),
    _t("Abstract, s6", "orthogonal random features applied in OPRFs provide additional variance reduction for any dimensionality d (not only asymptotically ...)",
       "CRT-Thm4.1", "CRT-Thm9.1"),
    _t("Abstract, s7", "We test CRTs on many tasks ... obtaining new state-of-the-art results for low-rank text Transformers, while providing linear space and time complexity of the attention.",
       "CRT-Tab2", "CRT-Sec5.3.1", "CRT-Fig3", "CRT-Fig4", "CRT-Eq2", "CRT-Eq3"),
    # ---------------------------------------------------------------- Sec. 1
    _t("Sec. 1, para 2", "Trigonometric RFs provide strong concentration results (e.g. uniform convergence, see Claim 1 in [40]), but ... are not guaranteed to be positive.",
       reason="quote of another paper: [40], [13]"),
    _t("Sec. 1, para 3", "As noted in [13], trigonometric features lead to unstable training ...", reason="quote of another paper: [13]"),
    _t("Sec. 1, para 4", "Unfortunately FAVOR+ features are not bounded, and worse, the moment generating function of the corresponding softmax kernel estimator is not finite.",
       "CRT-Sec1"),
    _t("Sec. 1, para 4", "Consequently, no concentration results beyond those involving second moment methods (variance bounds) have been provided for FAVOR+.",
       reason="no checkable content: a survey of the literature, not a mathematical statement"),
    _t("Sec. 1, para 5", "We answer both questions affirmatively in this paper, introducing a new mechanism called optimal positive random features (OPRFs).",
       "CRT-Thm3.1", "CRT-Sec3.1-Pos", "CRT-Thm3.3-Note", "CRT-Sec1", "CRT-Thm3.3", "CRT-Eq8"),
    _t("Sec. 1, para 5", "We propose other RF methods that, as OPRFs, do not apply trigonometric functions and provide positivity.",
       "CRT-Eq10", "CRT-Sec3.2.3"),
    _t("Sec. 1, contributions", "We compute the variance of OPRF-based estimators (see Theorem 3.1 & 3.2) and show that they can provide e^60x variance reduction (see Figure 1).",
       "CRT-Thm3.2", "CRT-Thm3.3", "CRT-Fig1"),
    _t("Sec. 1, contributions", "We give the first exponentially small upper bounds for tails of the Gaussian/softmax kernel estimators relying on positive RFs, leveraging boundedness of OPRFs (see Theorem 4.2).",
       "CRT-Thm4.2", "CRT-Eq35", "CRT-Thm4.2-ort"),
    _t("Sec. 1, contributions", "Consequently, using OPRFs we give the first uniform convergence results for softmax attention approximation with positive RFs (Theorem 4.3).",
       "CRT-Thm4.3"),
    _t("Sec. 1, contributions", "orthogonal random projections combined with OPRFs (leading to FAVOR++) provably reduce the variance of OPRFs for any dimensionality d (see Theorem 4.1) as opposed to only asymptotically ...",
       "CRT-Thm4.1", "CRT-Thm9.1"),
    _t("Sec. 1, contributions", "we provide extensive empirical evaluation in Section 5 ..., establishing new state-of-the-art results for low-rank attention Transformers for text.",
       "CRT-Tab2", "CRT-Sec5.3.1", "CRT-Fig3", "CRT-Fig4"),
    _c("Fig. 1 caption", "(left) A map of RF methods ... (right) The utility function mu ... OPRFs have > e^60 times smaller variance when d = 64, ||x + y||^2 = 100.",
       "CRT-Fig1"),
    # ---------------------------------------------------------------- Sec. 2
    _s("Sec. 2.1, definition of RFs", "By random features (RFs) for the Gaussian kernel we denote two functions f1(w, x), f2(w, y) ... satisfying (1).",
       reason="definition: random features, through Eq. (1)"),
    _d("Eq. (1)", "K(x, y) = E Re(f1(w, x) f2*(w, y))", "CRT-Eq1"),
    _d("Eq. (2)", "(K c)_i ~ sum_j (1/M sum_m Re(f1 f2)) c_j = 1/M Re(sum_m f1 sum_j f2 c_j)", "CRT-Eq2"),
    _t("Sec. 2.1, after (1)", "evaluating Kc naively would result in O(dL^2) time complexity ... evaluating (2) in O(dML) total time.", "CRT-Eq2"),
    _t("Sec. 2.1, after (2)", "the total variance Var_{w_1..w_M}(...) = (1/M) Var_{p(w)}(...)", "CRT-Sec3.1-var2"),
    _t("Sec. 2.1, last para", "K_sfm(x, y) = exp(x^T y) = exp(||x||^2/2) K(x, y) exp(||y||^2/2)", "CRT-Sec2.1"),
    _t("Sec. 2.2, TrigRF", "Var Re(f_trig f_trig) = 1/2 (1 - K(x, y)^2)^2", "CRT-Sec2.2-Trig"),
    _t("Sec. 2.2, PosRF", "f_pos(w, x) = exp(w^T x - ||x||^2) ... always positive ...; Var(f_pos f_pos) = exp(4 x^T y) - K(x, y)^2", "CRT-Sec2.2-Pos"),
    _d("Eq. (3)", "Y = softmax(d^{-1/2} Q K^T) V = diag(K_sfm 1_L)^{-1} K_sfm V", "CRT-Eq3"),
    _t("Sec. 2.3, after (3)", "computing (3) reduces to applying K_sfm to d+1 vectors ... can reduce the computational complexity from O(dL^2) to O(dML).", "CRT-Eq3", "CRT-Eq2"),
    _t("Sec. 2.3, last para", "when the approximation ... can take negative and/or near-zero values, training is unstable ...",
       reason="motivation: the reason for positive features, argued from [13]"),
    # ---------------------------------------------------------------- Sec. 3.1
    _d("Eq. (4)", "f_GE^(1)(w, x) = D exp(A||w||^2 + B w^T x + C||x||^2), f_GE^(2) with sB", "CRT-Eq4"),
    _t("Sec. 3.1, after (4)", "A = 0, B = i, C = 0, D = 1, s = -1 corresponds to trigonometric RFs and A = 0, B = 1, C = -1, D = 1, s = 1 corresponds to positive RFs.", "CRT-Eq4"),
    _s("Thm. 3.1", "p_GE and f_GE satisfy (1) if (5) ... (principal roots)", "CRT-Thm3.1"),
    _d("Eq. (5)", "Re(1 - 4A) > 0, B = sqrt(s(1 - 4A)), C = -(s+1)/2, D = (1 - 4A)^{d/4}", "CRT-Thm3.1"),
    _s("Thm. 3.2", "Let Re(1 - 8A) > 0. The variance of (2) using p_GE, f_GE is given as (6).", "CRT-Thm3.2", "CRT-Sec3.1-var2"),
    _d("Eq. (6)", "Var Re(f1 f2) = 1/2 exp(-(s+1)(||x||^2+||y||^2)) (Re(a1 exp(a2||x+sy||^2)) + a3 exp(a4||x+sy||^2)) - K^2", "CRT-Thm3.2"),
    _t("Sec. 3.1, after (6)", "it's possible to find an optimum when we restrict A to be a real number and fix s = +1.", "CRT-Thm3.3"),
    _s("Thm. 3.3", "When s = +1, A real and ||x+y||^2 > 0, the variance (6) is minimized when A = (1 - 1/rho*)/8 where (7).", "CRT-Thm3.3"),
    _d("Eq. (7)", "rho* = (sqrt((2||x+y||^2 + d)^2 + 8d||x+y||^2 - 2||x+y||^2 - d))/(4||x+y||^2)", "CRT-Eq7", "CRT-Thm3.3"),
    _t("Sec. 3.1, Note after Thm. 3.3", "A < 0 for x != -y ... bounded; ||x+y|| -> 0 gives rho* -> 1, A -> 0; x = -y: PosRF, zero variance; larger ||x+y|| larger gains.", "CRT-Thm3.3-Note"),
    _t("Sec. 3.1, after the Note", "From (5) ... B, C, D are real when A is real and s = +1. Hence f_GE are positive real numbers ... s = +1, A = 0 corresponds to positive RFs.", "CRT-Sec3.1-Pos"),
    _t("Sec. 3.1, after the Note", "Figure 1-right illustrates the analytical variance reduction achieved via OPRFs.", "CRT-Fig1"),
    _t("Sec. 3.1, homogeneity", "we can use the averages of ||x_i||^2, ||y_j||^2, ||x_i + s y_j||^2 instead ... This heuristic is based on the assumption that ... are homogeneous",
       reason="description of a method: the homogeneity heuristic (its effect is measured in the Sec. 5.1 claims)"),
    _t("Sec. 3.1, before (8)", "Computing averages of ||x_i||^2, ||y_j||^2 takes O(Ld) time. Using the formula below, the average of ||x_i + s y_j||^2 can be computed with the same complexity", "CRT-Eq8", "CRT-Sec3-cost"),
    _d("Eq. (8)", "1/L^2 sum_ij ||x_i + s y_j||^2 = 1/L sum ||x_i||^2 + 2s/L^2 (sum x_i)^T (sum y_j) + 1/L sum ||y_j||^2", "CRT-Eq8"),
    _t("Sec. 3.1, after (8)", "The closed-form solution for real A and s = +1 allows O(1)-time optimization of (6) after precomputing these statistics.", "CRT-Thm3.3", "CRT-Eq8"),
    _t("Sec. 3.1, after (8)", "Using precomputed statistics, each evaluation of (6) takes O(1) time. As long as the total number of these evaluations is O(LM(d+n)) ... it does not affect the total complexity.",
       "CRT-Sec3-cost"),
    # ---------------------------------------------------------------- Sec. 3.2
    _t("Sec. 3.2, before (9)", "Note that, by Taylor series expansion of exp(.), ... (9)", "CRT-Eq9"),
    _d("Eq. (9)", "K(x, y) exp(||x||^2/2) exp(||y||^2/2) = exp(x^T y) = prod_l sum_k p_k x_l^k y_l^k/(p_k k!) = E[prod X_l prod Y_l]", "CRT-Eq9"),
    _d("Eq. (10)", "f_DI(w, x) = exp(-||x||^2/2) prod_l x_l^{w_l} (w_l!)^{-1/2} p_{w_l}^{-1/2}", "CRT-Eq10"),
    _s("Sec. 3.2.1, PoisRF definition", "p_k = e^{-lambda} lambda^k/k!, f_pois(w, x) = e^{lambda d/2 - ||x||^2/2} prod_l x_l^{w_l} lambda^{-w_l/2}", "CRT-Eq10"),
    _s("Thm. 3.4", "Variance of (2) with p_pois, f_pois is given by (11).", "CRT-Thm3.4", "CRT-Sec3.1-var2"),
    _d("Eq. (11)", "Var(f_pois f_pois) = exp(lambda d + lambda^{-1} sum_l x_l^2 y_l^2 - ||x||^2 - ||y||^2) - K^2", "CRT-Thm3.4"),
    _t("Sec. 3.2.1, after (11)", "The exp argument in (11) is convex as a function of lambda > 0 ... lambda* = d^{-1/2} (sum_l x_l^2 y_l^2)^{1/2} gives the minimum of (11).", "CRT-Sec3.2.1"),
    _t("Sec. 3.2.1, before (12)", "This average can be computed efficiently in O(Ld) time as follows", "CRT-Eq12", "CRT-Sec3-cost"),
    _d("Eq. (12)", "L^{-2} sum_ij sum_l (x_l^(i))^2 (y_l^(j))^2 = L^{-2} sum_l (sum_i (x_l^(i))^2)(sum_i (y_l^(i))^2)", "CRT-Eq12"),
    _t("Sec. 3.2.1, after (12)", "After computing this statistic, we can calculate lambda* in O(1) time using the analytic formula.", "CRT-Sec3.2.1", "CRT-Sec3-cost"),
    _s("Sec. 3.2.2, GeomRF definition", "p_k = p(1-p)^k, f_geom(w, x) = p^{-d/2} e^{-||x||^2/2} prod_l x_l^{w_l} (1-p)^{-w_l/2} (w_l!)^{-1/2}", "CRT-Eq10"),
    _s("Thm. 3.5", "The variance of (2) with p_geom, f_geom is given as (13).", "CRT-Thm3.5", "CRT-Sec3.1-var2"),
    _d("Eq. (13)", "Var(f_geom f_geom) = p^{-d} e^{-||x||^2 - ||y||^2} prod_l I_0(2(1-p)^{-1/2}|x_l y_l|) - K^2", "CRT-Thm3.5"),
    _t("Sec. 3.2.2, before (14)", "Each out of d averages can be computed in O(L) time as follows", "CRT-Eq14", "CRT-Sec3-cost"),
    _d("Eq. (14)", "L^{-2} sum_ij |x_l^(i) y_l^(j)| = L^{-2} (sum_i |x_l^(i)|)(sum_i |y_l^(i)|)", "CRT-Eq14"),
    _t("Sec. 3.2.2, after (14)", "After precomputation of these statistics, evaluation of (11) takes O(d) time. A numerical optimization can be used to minimize (11) with respect to p.",
       "CRT-Sec3.2.2", "CRT-Sec3.2.2-pstar", "CRT-Sec3-cost"),
    _t("Sec. 3.2.2, after (14)", "As long as the number of variance evaluations is O(LM(1+n/d)), the total complexity estimate is not affected.", "CRT-Sec3-cost"),
    _t("Sec. 3.2.3", "DIRFs are positive when all elements of x and y are positive ... c_l = min_i min(x_l^(i), y_l^(i)) - eps ... K(x^, y^) = K(x, y) and RFs ... have positive entries.", "CRT-Sec3.2.3"),
    # ---------------------------------------------------------------- Sec. 4
    _t("Sec. 4, para 1", "OPRFs also benefit from applying block-orthogonal ensembles of projections ... We show below that orthogonal RFs reduce the variance of OPRFs for any d > 0", "CRT-Thm4.1"),
    _s("Thm. 4.1", "Var(K^ort_M) <= Var(K^iid_M) - (1 - 1/M) 2/(d+2) C(||x+y||) for some C(||x+y||) >= 0", "CRT-Thm4.1", "CRT-Thm4.1-C"),
    _d("Eq. (15)", "Var(K^ort_M(x, y)) <= Var(K^iid_M(x, y)) - (1 - 1/M) 2/(d+2) C(||x + y||)", "CRT-Thm4.1", "CRT-Thm4.1-C"),
    _t("Sec. 4, Note after Thm. 4.1", "The analogous inequality can be obtained for TrigRFs only in the asymptotic sense (for d large enough, see Theorem 3.8 in [12]).",
       reason="quote of another paper: Theorem 3.8 of [12]"),
    _t("Sec. 4, Note after Thm. 4.1", "One of the key properties used in the proof of Theorem 4.1 is positivity of RFs. We conclude that positive-valued RFs are particularly well suited for ... orthogonal ensembles.",
       reason="motivation: reads the proof's assumption a_k >= 0 (checked with Theorem 9.1, CRT-Thm9.1) as a property of positive RFs"),
    _t("Sec. 4, before Thm. 4.2", "We now provide strong concentration results for the OPRF-based estimators ... To the best of our knowledge, these are the first such results for positive-valued RFs.",
       "CRT-Thm4.2", "CRT-Thm4.2-ort"),
    _s("Thm. 4.2 (i.i.d. part)", "P[|K^iid_M - K| >= eps] <= 2 exp(-M eps^2/2 exp((||x||^2 + ||y||^2)/(2A)))", "CRT-Thm4.2"),
    _s("Thm. 4.2 (orthogonal part)", "P[K^ort_M - K >= eps] <= exp(-M L(K + eps)) and L(K + eps) > 0", "CRT-Thm4.2-ort"),
    _s("Thm. 4.3", "||K_sfm - K^_sfm||_inf <= eps with any constant probability when M = Omega(Gamma d/eps^2 log(gamma rho/eps)) ...", "CRT-Thm4.3"),
    # ---------------------------------------------------------------- Sec. 5
    _c("Fig. 2 caption", "Log-variance of different RF mechanisms, mean and standard deviation. ... for 0.1 <= sigma <= 1.", "CRT-Fig2"),
    _t("Sec. 5.1, para 1", "we sample synthetic pairs of vectors x, y and evaluate variance of CRTs based on the analytic formulas (6,11,13) ... d = 64 ... four different regimes",
       reason="description of an experiment set-up: the Sec. 5.1 protocol (convention CRT:fig2-log-variance)"),
    _t("Sec. 5.1, para 2", "In many scenarios (see Figure 2), CRTs outperform TrigRF and PosRF baselines.", "CRT-Sec5.1-many"),
    _t("Sec. 5.1, para 2", "GERF gives more than e^80, e^125, e^10 times variance reduction compared to TrigRF in normal, heterogen and mnist when sigma = 1.",
       "CRT-Sec5.1-normal", "CRT-Sec5.1-heterogen", "CRT-Sec5.1-mnist"),
    _t("Sec. 5.1, para 2", "OPRF and GeomRF+ give more than e^75, e^125, e^7 times variance reduction compared to PosRF in normal, heterogen and mnist when sigma = 1.",
       "CRT-Sec5.1-normal", "CRT-Sec5.1-heterogen", "CRT-Sec5.1-mnist"),
    _t("Sec. 5.2, para 1", "Using the RF approximation ... with O(nLM) preprocessing, can approximate r* in O(nM) time per example instead of O(nL) for the exact computation.",
       "CRT-Sec5.2-cost"),
    _c("Table 1 caption", "Non-parametric classification, test accuracy (%). M = 128. The best result, second best.", "CRT-Tab1", "CRT-Tab1-arith"),
    _t("Sec. 5.2, after Table 1", "Since the predicted class is argmax r*, we can ignore the denominator term and, therefore, use non-positive RFs.",
       reason="description of a method: the prediction rule (the common denominator does not change the argmax of the exact r*)"),
    _t("Sec. 5.2, after Table 1", "The best results are achieved by new RF mechanisms, with GeomRF and OPRF performing particularly well. OPRF shows the best average performance",
       "CRT-Sec5.2"),
    _t("Sec. 5.2, after Table 1", "therefore our recommendation for practitioners is to opt for this method. For the same reason, we focus on the FAVOR++ variant ...",
       reason="no checkable content: a recommendation"),
    _t("Sec. 5.3.1", "We find that FAVOR++ outperforms all these low-rank Transformers in most GLUE tasks. In particular, FAVOR++ outperforms FAVOR+ on all GLUE tasks ... Uptrain FAVOR++ further improves performance",
       "CRT-Sec5.3.1"),
    _c("Table 2 caption", "GLUE Dev results on base sized models. ... The best result, second best.", "CRT-Tab2", "CRT-Tab2-marks"),
    _t("Sec. 5.3.2", "In both cases FAVOR++ outperforms FAVOR+, as shown in Figure 3. The WER improvement for FAVOR++ is substantial: 2.49% for M = 8 and 3.05% for M = 16",
       "CRT-Fig3"),
    _t("Sec. 5.3.2", "with a negligible O(Ld) << O(LMd) overhead for computing (8) compared to FAVOR+.", "CRT-Eq8", "CRT-Sec3-cost"),
    _c("Fig. 3 caption", "Comparison of the Conformer-Transducer encoder with FAVOR++ and FAVOR+ attention on LibriSpeech for M = 16 and M = 8 RFs.", "CRT-Fig3"),
    _c("Fig. 4 caption", "Image-Transformers experiments. Left: accuracy ... Right: sequence length vs number of steps per second ...", "CRT-Fig4"),
    _t("Sec. 5.3.3, para 1", "as opposed to FAVOR+, FAVOR++ is more stable and is able to improve performance especially for uptraining", "CRT-Fig4", "CRT-Sec5.3"),
    _t("Sec. 5.3.3, para 2", "attention modules using FAVOR+ and FAVOR++ have very similar computation time (both provide linear attention). ... above 1000, training a regular ViT model became increasingly difficult due to out-of-memory errors.",
       "CRT-Fig4"),
    _t("Sec. 6", "it remains an open question how to choose theoretically optimal parameters for GERF and GeomRF mechanisms.",
       reason="no checkable content: names an open question"),
    _t("Sec. 7", "We presented ... CRTs including methods providing positivity and boundedness of random features", "CRT-Sec3.1-Pos", "CRT-Sec3.2.3", "CRT-Thm3.3-Note", "CRT-Sec1"),
    _t("Sec. 7", "We provided comprehensive theoretical results and extensive empirical evaluation, resulting in particular in new state-of-the-art low-rank attention Transformers for text.",
       "CRT-Tab2", "CRT-Sec5.3.1"),
    # ---------------------------------------------------------------- App. 9.1 - 9.6
    _t("App. 9.1", "samples w_1..w_M, marginally distributed as N(0, I_d) (thus maintaining unbiasedness), are conditioned to form an orthogonal ensemble when M <= d, otherwise ... d x d independent orthogonal blocks.",
       "CRT-Sec9.1"),
    _t("App. 9.1", "Orthogonal random projections can be easily constructed from iid projections via the Gram-Schmidt orthogonalization algorithm (see: [14]).", "CRT-Sec9.1"),
    _d("Eq. (16)", "E(f1 f2) = (2 pi)^{-d/2} D^2 int exp(...) dw = D^2 (sqrt(1-4A))^{-d} exp(sB^2/(1-4A) x^T y + (B^2/(2(1-4A)) + C)(||x||^2+||y||^2))",
       "CRT-Thm3.1", "CRT-Sec9.2-sq"),
    _t("App. 9.2, after (16)", "where by [.]^2 we denote an elementwise square of the input vector", "CRT-Sec9.2-sq"),
    _d("Eq. (17)", "int exp(-alpha/2 [w - beta]^2) dw = (2 pi)^{d/2} (sqrt alpha)^{-d}", "CRT-Eq17"),
    _t("App. 9.2, after (17)", "When both alpha and beta are real, (17) is correct since it is integral of the scaled multivariate Gaussian density.", "CRT-Eq17"),
    _t("App. 9.2, after (17)", "Since both the left and the right hand side in (17) are analytic functions of alpha and beta when Re(alpha) > 0, by the identity theorem [47] we conclude that (17) holds when alpha and beta are complex", "CRT-Eq17"),
    _d("Eq. (18)", "D^2 = (sqrt(1-4A))^d, sB^2 = 1 - 4A, B^2/(2(1-4A)) + C = -1/2", "CRT-Thm3.1"),
    _t("App. 9.2, after (18)", "(18) is satisfied when (5) takes place.", "CRT-Thm3.1"),
    _t("App. 9.2, remark", "It's possible to use other complex roots in (5) rather than just principal roots. ... the variance is the same when other complex roots are used.", "CRT-Sec9.2"),
    _d("Eq. (19)", "Var Re(f1 f2) = 1/2 Re E(f_{2A,2B,2C,D^2}) + 1/2 E(f_{2ReA,2ReB,2ReC,|D|^2}) - K^2", "CRT-Thm3.2"),
    _t("App. 9.3, before (20)", "By substituting A, B, C, D -> 2A, 2B, 2C, D^2 ... into (16) (it's possible since Re(1 - 8A) > 0 and, hence, Re(1 - 8Re(A)) > 0)", "CRT-Thm3.2"),
    _d("Eq. (20)", "E(f_{2A,2B,2C,D^2}^(1) f^(2)) = D^4 (sqrt(1-8A))^{-d} exp(...) = a1 exp(a2||x+sy||^2 - (s+1)(||x||^2+||y||^2))", "CRT-Thm3.2"),
    _d("Eq. (21)", "E(f_{2ReA,...}) = |D|^4 (sqrt(1-8ReA))^{-d} ... = ((1-4A)(1-4A)/(1-8ReA))^{d/2} ... = a3 exp(a4 ...)", "CRT-Sec9.3", "CRT-Thm3.2"),
    _d("App. 9.4, displays before (22)", "Var = ((1-4A)/sqrt(1-8A))^d exp(...) - K^2 = 2^{-d}((rho+1)/sqrt(rho))^d exp(...) - K^2; g(rho); g'(rho*) = 0", "CRT-Thm3.3"),
    _d("Eq. (22)", "2||x+y||^2 rho^2 + (2||x+y||^2 + d) rho - d = 0; rho_{1,2} = (+-sqrt(...) - 2||x+y||^2 - d)/(4||x+y||^2)", "CRT-Thm3.3", "CRT-Eq7"),
    _t("App. 9.4, after (22)", "The root rho_2 ... is a negative number ... the only stationary point is the positive root ... Hence, rho* is a global minimum of g(rho).", "CRT-Thm3.3"),
    _d("App. 9.5, display", "Var(f_pois f_pois) = e^{2 lambda d - ...} prod_l E(...) - K^2 = ... = exp(lambda d + lambda^{-1} sum x_l^2 y_l^2 - ...) - K^2", "CRT-Thm3.4"),
    _d("App. 9.6, display", "Var(f_geom f_geom) = p^{-2d} e^{-N} prod_l E (w_l!)^{-2} (((1-p)^{-1} x_l y_l)^{2w_l} - K^2) = ... = p^{-d} e^{-N} prod_l I_0(2(1-p)^{-1/2}|x_l y_l|) - K^2",
       "CRT-Sec9.6", "CRT-Thm3.5"),
    _t("App. 9.6, after the proof", "We take absolute values |x_l y_l| ... because the average of x_l^(i) and y_l^(j) would converge to zero due to different signs",
       reason="motivation: why statistic (14) uses absolute values (the variance (13) itself is even in x_l y_l, CRT-Thm3.5)"),
    # ---------------------------------------------------------------- App. 9.7
    _s("Thm. 9.1", "X = g(w^T z, ||w||), g_y(x) = sum_k a_k(y) x^k with a_k >= 0, M <= d: (24) with F(z) = E_u E_x[g~(u^T z, x)]", "CRT-Thm9.1"),
    _d("Eq. (23)", "K^iid_M = 1/M sum_m g((w_m^iid)^T z, ||w_m^iid||), K^ort_M likewise", "CRT-Thm9.1"),
    _d("Eq. (24)", "Var(K^ort_M) <= Var(K^iid_M) - (1 - 1/M) 2/(d+2) F^2(z)", "CRT-Thm9.1"),
    _t("App. 9.7, after Thm. 9.1", "If we define g as g(a, b) = D^2 exp(2Ab^2 + Ba + 2C(||x||^2 + ||y||^2)) ... then K^iid_M and K^ort_M ... become the estimators of the Gaussian kernel", "CRT-Sec9.7-g"),
    _t("App. 9.7, after Thm. 9.1", "Therefore, as a corollary we obtain Theorem 4.1.", "CRT-Thm4.1", "CRT-Thm9.1"),
    _d("Eq. (25)", "Var(K^iid_M) = int Var(K^iid | lengths) prod P(x_m) dx", "CRT-Thm9.1"),
    _d("Eq. (26)", "Var(K^ort_M) = int Var(K^ort | lengths) prod P(x_m) dx", "CRT-Thm9.1"),
    _t("App. 9.7, after (26)", "in both scenarios ... the lengths of vectors w_i are sampled from the same distribution, independently from their directions and from each other", "CRT-Sec9.1", "CRT-Thm9.1"),
    _d("Eq. (27)", "Var(K^iid_M) - Var(K^ort_M) = int T(x_1..x_M) prod P(x_m) dx", "CRT-Thm9.1"),
    _d("Eq. (28)", "T(x_1..x_M) = Var(K^iid | lengths) - Var(K^ort | lengths)", "CRT-Thm9.1"),
    _d("Eq. (29)", "Var(K^iid | lengths) = Var(1/M sum X_m^iid)", "CRT-Sec9.7-Xm", "CRT-Thm9.1"),
    _d("Eq. (30)", "Var(K^ort | lengths) = Var(1/M sum X_m^ort), X_m = g_{x_m}(u_m^T z)", "CRT-Sec9.7-Xm", "CRT-Thm9.1"),
    _d("Eq. (31)", "T(x_1..x_M) = Var(1/M sum X_m^iid) - Var(1/M sum X_m^ort)", "CRT-Thm9.1"),
    _d("Eq. (32)", "T >= 2/(d+2) 2/M^2 sum_{i<j} sum_{t,u} a_2t a_2u ||z||^{2t+2u} ... = 2/(d+2) 2/M^2 sum_{i<j} F_{x_i}(z) F_{x_j}(z)", "CRT-Thm9.1"),
    _t("App. 9.7, after (32)", "by the similar analysis as in the proof of Theorem 5 in [13]", reason="quote of another paper: Theorem 5 of [13] (the inequality it yields is checked as (32) in CRT-Thm9.1)"),
    _d("Eq. (33)", "Var(K^iid_M) - Var(K^ort_M) = 4/(M^2(d+2)) int ... = (1 - 1/M) 2/(d+2) F^2(z)", "CRT-Eq33"),
    _t("App. 9.7, after (33)", "where F(z) = E_u E_x[g~(u^T z, x)]. That completes the proof.", "CRT-Thm9.1", "CRT-Eq33"),
    # ---------------------------------------------------------------- App. 9.8 - 9.9
    _s("Lemma 9.1 (Hoeffding)", "X_i independent, zero mean, -a_i <= X_i <= b_i: (34)", "CRT-Eq34"),
    _d("Eq. (34)", "P[|sum X_i| > a] <= 2 exp(-a^2/sum (a_i + b_i)^2)", "CRT-Eq34"),
    _d("Eq. (35)", "0 <= Z = exp(-||sqrt(-A) w - B/(2 sqrt(-A)) x||^2 ...) exp(...) <= exp(-(||x||^2 + ||y||^2)/(4A))", "CRT-Eq35"),
    _t("App. 9.8, after (35)", "where the last inequality follows from taking: B = sqrt(1 - 4A), C = -1.", "CRT-Eq35"),
    _t("App. 9.8, after (35)", "from Inequality 35, we get: 0 - K(x, y) <= Y <= M(x, y) - K(x, y)", "CRT-Eq35"),
    _d("Eq. (36)", "P[K^iid_M - K >= eps] = P[(Y_1 + ... + Y_M)/M >= eps] = P[Y_1 + ... + Y_M >= M eps]", "CRT-Thm4.2"),
    _t("App. 9.8, end", "We complete the proof of the first part of the theorem by applying Hoeffding's Inequality for X_i = Y_i, a_i = a, b_i = b and a = M eps.", "CRT-Thm4.2"),
    _t("App. 9.8, end", "The second part ... follows directly from the exact same method as applied in the proof of Theorem 4.1 ... Legendre Transform is well-defined since the corresponding random variables are bounded. The nonnegativity ...",
       "CRT-Thm4.2-ort"),
    _t("App. 9.9", "Note that: ||x||, ||y|| <= R/d^{1/4} ... ||z||_2 <= sqrt(2) R/d^{1/4}", "CRT-Thm4.3"),
    _t("App. 9.9", "we cover the ball B(0, sqrt(2) R/d^{1/4}) with the eps-net of at most T = (4 rho/r)^{2d} balls of radius r", reason="quote of another paper: the covering of Claim 1 in [40]"),
    _d("Eq. (37)", "E[L_f^2] <= max M^^2(x, y) max(2||x||^2 + 2||y||^2 + 4E[||w||^2])", "CRT-Thm4.3"),
    _t("App. 9.9, after (37)", "Thus we have E[L_f^2] <= gamma^2 ... D = 4M max exp(3(||x||^2+||y||^2)/(2A)) = 4M exp(3R^2/(A sqrt d)) ... we obtain Theorem 4.3.", "CRT-Thm4.3"),
    _c("Table 3 caption", "Non-parametric classification, standard deviations.", "CRT-Tab3"),
    # ---------------------------------------------------------------- App. 9.10
    _t("App. 9.10", "We use NumPy [26] and the free version of Google Colaboratory for running the first two experiments. For the Transformer experiments, we use a TPU cluster and JAX", reason=_SETUP),
    _t("App. 9.10.1, para 1", "We use Brent method [6] with 100 iterations for minimization of p in GeomRF(+) and two L-BFGS-B [54] routines of 50 iterations to minimize A in GERF", "CRT-Sec3.2.2-pstar"),
    _t("App. 9.10.1, para 2", "We sample pairs of sets {x_i}, {y_j}, L = 1024, 5 times ... The means and standard deviations are reported for averaging over all pairs", reason=_SETUP + ": convention CRT:fig2-log-variance"),
    _t("App. 9.10.1, para 3", "for real-valued RF mechanisms, we compute the variance assuming that M = 2 (the variance is divided by 2)", reason=_SETUP + ": followed by rfsym.crt.experiments"),
    _t("App. 9.10.2", "We randomly split the raw dataset into 90% ... 5% ... 5% ... sigma tuned on a log-uniform grid of 10 values ... 50 seeds ... M = 128 ... orthogonal w's for all GERF-descendant methods", reason=_SETUP),
    _t("App. 9.10.2", "We use eps = 1e-8 when making input features positive in PoisRF+ and GeomRF+ ... clamp validation/test input features", reason=_SETUP),
    _t("App. 9.10.3", "We pretrained on two publicly available datasets ... mask 15% of tokens ... exact same hyperparameter-setup for all the baselines", reason=_SETUP),
    _c("Table 4 caption", "Hyperparameters for the base models for pre-training for the baselines and FAVOR++.", reason=_SETUP),
    _c("Table 5 caption", "Dataset used for pre training.", reason=_SETUP),
    _t("App. 9.10.4", "Conformer-Transducer models consisted of l = 17 conformer layers ... h = 4 heads ... p = 256 ... d_QK = 64 ... L ~ 500", reason=_SETUP),
    _c("Table 6 caption", "Hyperparameters for trained Speech models.", reason=_SETUP),
    _t("App. 9.10.5", "The vision experiments follow Section 4 in the MAE paper ... ViT-Large ... ViT-tiny ... different sequence lengths", reason=_SETUP),
    _c("Table 7 caption", "Hyperparameters for Vision pre-training setting.", reason=_SETUP),
    _c("Table 8 caption", "Hyperparameters for Vision End-to-End fine-tuning setting.", reason=_SETUP),
    _c("Table 9 caption", "Hyperparameters for Vision - training from scratch setting.", reason=_SETUP),
    _c("Table 10 caption", "Hyperparameters for Vision model - ViT Large.", reason=_SETUP),
    _c("Table 11 caption", "Hyperparameters for Vision model - ViT tiny.", reason=_SETUP),
    _c("Table 12 caption", "ViT sequence length (# patches) and image input mapping.", reason=_SETUP),
)

"""The inventory of "Simplex Random Features" (Reid et al., ICML 2023): every numbered display, every statement, every
table and figure caption, and every checkable sentence of the abstract, contributions, results text and appendix,
with the registered claims that cover it or the reason it is not a claim (:class:`rfsym.claims.inventory.Item`).

Order: the displays (1)-(90) by number, then the numbered statements, the captions, and the sentences in the
order of the paper.
"""

from __future__ import annotations

from ...claims.inventory import Item

__all__ = ["ITEMS"]


def _eq(n, text, claims=(), reason=None):
    return Item(f"Eq. ({n})", "display", text, claims=claims, reason=reason)


_D = "definition"
_PROOF = "proof step covered by the theorem's claim"

DISPLAYS = (
    _eq(1, "K(x, y) = E[K^(x, y)], K^(x, y) = phi(x)^T phi(y)", reason=_D + ": what a random-feature estimator is"),
    _eq(2, "Bochner: K(x - y) = int p(w) e^{i w^T (x - y)} d^d w", ("SimRF-Eq3",)),
    _eq(3, "phi_RFF(z) = sqrt(1/m) (sin(w_i^T z), cos(w_i^T z))_i", ("SimRF-Eq3",)),
    _eq(4, "K_gauss(x, y) = exp(-||x - y||^2 / 2)", reason=_D + ": the Gaussian kernel"),
    _eq(5, "K_smax(x, y) = exp(x^T y)", reason=_D + ": the softmax kernel"),
    _eq(6, "K_gauss(x, y) = E[phi_PRF(x)^T phi_PRF(y)]", ("SimRF-Eq7",)),
    _eq(7, "phi_PRF(z) = sqrt(1/m) exp(-||z||^2) (exp(w_i^T z))_i", ("SimRF-Eq7",)),
    _eq(8, "W_simp = D S R", ("SimRF-Fig2", "SimRF-Def1.1")),
    _eq(9, "s_i = sqrt(d/(d-1)) e_i - (sqrt d + 1)/(d-1)^{3/2} (1, ..., 1, 0)^T; s_d = (1, ..., 1, 0)^T / sqrt(d-1)", ("SimRF-Eq9",)),
    _eq(10, "rho(x, y) = Gamma(d/2)/(m(m-1)) sum_{i, j != i} E_{w_ij} sum_k v^{2k} w_ij^{2k} / (2^{2k} k! Gamma(k + d/2))", ("SimRF-Def3.1",)),
    _eq(11, "MSE(K^) = e^{-2x^2-2y^2}/m ((e^{2v^2} - e^{v^2}) + (m - 1)(rho(x, y) - e^{v^2}))", ("SimRF-Thm3.2",)),
    _eq(12, "rho(x, y) for fixed norms (no expectation)", ("SimRF-Eq15", "SimRF-Eq16")),
    _eq(13, "sum_{i, j != i} E(1/Gamma(d/2) + v^2 w_ij^2/(4 Gamma(d/2+1)) + ...) = 1/Gamma(d/2) sum 1 + tau(1 + ...)", ("SimRF-Eq13", "SimRF-Sec3.2-bracket")),
    _eq(14, "1/Gamma(d/2) sum 1 + Gamma(d/2) v^2 E(w_ij^2)/(4 Gamma(d/2+1)) (1 + O(v^2) + ...)", ("SimRF-Eq13", "SimRF-Sec3.2-bracket")),
    _eq(15, "rho~(x, y) = Gamma(d/2) v^2 / (4 m (m-1) Gamma(1 + d/2)) sum_{i, j != i} w_ij^2", ("SimRF-Eq15",)),
    _eq(16, "w_i = - sum_{j != i} w_j / ||sum_{j != i} w_j||_2 w_i", ("SimRF-Eq16",)),
    _eq(17, "w_i <- - sum_{j != i} w_j / ||sum_{j != i} w_j||_2 w_i (iterative update)", ("SimRF-Eq17",)),
    _eq(18, "p_iid(w_ij) = w_ij^{d-1} e^{-w_ij^2/4} / (2^{d-1} Gamma(d/2))", ("SimRF-Lem4.1",)),
    _eq(19, "rho_IIDRF(x, y) = e^{v^2}", ("SimRF-Lem4.1",)),
    _eq(20, "p_theta(w_ij) = w^{2d-1}/(2^{d-2} Gamma(d/2)^2) int_0^{pi/2} (sin phi cos phi)^{d-1} e^{-w^2/(2(1 + sin 2phi cos theta))} / (1 + sin 2phi cos theta)^d dphi", ("SimRF-Lem4.2",)),
    _eq(21, "rho_theta(x, y) = 1/(2^{d-1} Gamma(d/2)) int_0^pi (sin phi)^{d-1} sum_k v^{2k} (1 + sin phi cos theta)^k Gamma(k + d)/(2^k k! Gamma(k + d/2)) dphi", ("SimRF-Eq21",)),
    _eq(22, "int_0^pi (sin phi)^{d-1} (1 + sin phi cos theta)^k dphi, strictly smaller for cos theta < 0", ("SimRF-Cor3.3",)),
    _eq(23, "rho_ORF = Gamma(d/2)/Gamma(d) sum_k v^{2k}/(2^k k!) Gamma(k + d)/Gamma(k + d/2)", ("SimRF-Thm4.3",)),
    _eq(24, "rho_SimRF = sqrt(pi)/(Gamma(d/2) 2^{d-1}) sum_k ... sum_p (-1/(d-1))^p Gamma((d+p)/2)/Gamma((d+p+1)/2) / ((k-p)! p!)", ("SimRF-Thm4.3",)),
    _eq(25, "Delta MSE = e^{-2x^2-2y^2} (m-1)/m (e^{v^2} - Gamma(d/2)/Gamma(d) sum_k v^{2k}/k! Gamma(k+d)/Gamma(k+d/2))", ("SimRF-Cor4.4",)),
    _eq(26, "RFF Delta MSE = (m-1)/m (e^{-z^2} - Gamma(d/2)/Gamma(d) sum_k (-z^2)^k/(2^k k!) Gamma(k+d)/Gamma(k+d/2))", ("SimRF-Thm4.5",)),
    _eq(27, "MSE_ORF/MSE_IIDRF = 1 - (m-1)(e^{-z^2} z^4 / (d (1 - e^{-z^2})^2) + O(1/d^2))", ("SimRF-Cor4.6",)),
    _eq(28, "K^ = e^{-x^2-y^2}/m sum_i e^{w_i^T (x + y)} = e^{-x^2-y^2}/m sum_i b_i", ("SimRF-Eq7",)),
    _eq(29, "b_i = e^{w_i^T v}", ("SimRF-Eq7",)),
    _eq(30, "MSE(K^) = e^{-2x^2-2y^2}/m ((e^{2v^2} - e^{v^2}) + (m-1)(1/(m(m-1)) sum_i sum_{j != i} E[b_i b_j] - e^{v^2}))", ("SimRF-Thm3.2", "SimRF-SecA.1-ref")),
    _eq(31, "E[e^{w_ij^T v}] = Gamma(d/2) 2^{d/2-1} int p(w_ij) (i w_ij v)^{1-d/2} J_{d/2-1}(i w_ij v) dw_ij", ("SimRF-Eq31", "SimRF-Thm3.2")),
    _eq(32, "J_alpha(z) = sum_k (-1)^k / (k! Gamma(k + alpha + 1)) (z/2)^{2k + alpha}", ("SimRF-Eq31",)),
    _eq(33, "E[b_i b_j] = Gamma(d/2) E_{w_ij} sum_k v^{2k} w_ij^{2k} / (2^{2k} k! Gamma(k + d/2))", ("SimRF-Eq31", "SimRF-Thm3.2")),
    _eq(34, "MSE(K^) = (11), 'the important result'", ("SimRF-Thm3.2", "SimRF-SecA.1-ref")),
    _eq(35, "rho(x, y) = (10) restated", ("SimRF-Def3.1",)),
    _eq(36, "rho for equal norms = sum_i sum_{j != i} f(||w^_i + w^_j||^2)", ("SimRF-LemA.1",)),
    _eq(37, "f(.) = Gamma(d/2)/(m(m-1)) sum_k v^{2k} w^{2k}/(2^{2k} k! Gamma(k + d/2)) (.)^k, increasing convex", ("SimRF-LemA.1",)),
    _eq(38, "Jensen: sum f(||w^_i + w^_j||^2) >= m(m-1) f(mean)", ("SimRF-LemA.1",)),
    _eq(39, "sum_{i, j != i} ||w^_i + w^_j||^2 = 2m(m-2) + 2||sum_i w^_i||^2 >= 2m(m-2)", ("SimRF-LemA.1",)),
    _eq(40, "rho >= m(m-1) f(2(m-2)/(m-1))", ("SimRF-LemA.1",)),
    _eq(41, "rho as an average over the d! permutations of the norms", ("SimRF-SecA.2", "SimRF-Thm3.4")),
    _eq(42, "the sum over permutations to be minimised", ("SimRF-SecA.2",)),
    _eq(43, "Jensen over permutations, equality when w^_Pi^T w^_Pj is identical for every permutation", ("SimRF-SecA.2",)),
    _eq(44, "Lagrangian with multipliers lambda_i for |w^_i| = 1", ("SimRF-SecA.2",)),
    _eq(45, "stationarity of the Lagrangian in w^_i", ("SimRF-SecA.2",)),
    _eq(46, "w_{Pi}^2 w^_i^T w^_i + ... = w_{Pi Pj} = ... with w^_Pi^T w^_Pj = w^_i^T w^_j", ("SimRF-SecA.2",)),
    _eq(47, "w^_i proportional to - sum_{j != i} sum_k (...)(sum_P w_{PiPj}^{2k-2} w_Pi w_Pj) w^_j", ("SimRF-SecA.2",)),
    _eq(48, "w^_i proportional to - sum_{j != i} w^_j", ("SimRF-SecA.2",)),
    _eq(49, "sum_{j != i} v^2/(4 Gamma(1 + d/2)) (w_i + w_j) - lambda_i w_i = 0", ("SimRF-Eq16",)),
    _eq(50, "w_i proportional to - sum_{j != i} w_j", ("SimRF-Eq16",)),
    _eq(51, "the SimRFs+ geometry (= (16)) minimises rho~", ("SimRF-Eq16",)),
    _eq(52, "p(w_ij) = w_ij^{d-1} e^{-w_ij^2/4} / (2^{d-1} Gamma(d/2))", ("SimRF-Lem4.1",)),
    _eq(53, "rho = Gamma(d/2) int p(w) sum_k ... dw = sum_k v^{2k}/k! = e^{v^2}", ("SimRF-Lem4.1", "SimRF-Eq53")),
    _eq(54, "p(w < w') = int_A p_chi(w_i) p_chi(w_j) dw_i dw_j", ("SimRF-Lem4.2",)),
    _eq(55, "p(w < w') in polar coordinates", ("SimRF-Lem4.2",)),
    _eq(56, "p(w) = int dphi w/sqrt(1 + sin 2phi cos theta) p_chi(...) p_chi(w sin phi/(1 + sin 2phi cos theta)) = (20)", ("SimRF-Eq56", "SimRF-Lem4.2")),
    _eq(57, "theta = pi/2: p(w) = sqrt(pi) w^{2d-1}/(2^{2d-2} Gamma(d/2) Gamma(d/2 + 1/2)) e^{-w^2/2}", ("SimRF-Eq58",)),
    _eq(58, "p(w) = w^{2d-1} e^{-w^2/2} / (2^{d-1} Gamma(d)) (chi_2d)", ("SimRF-Eq58",)),
    _eq(59, "rho(x, y) = (10) reproduced", ("SimRF-Def3.1",)),
    _eq(60, "p(w_ij) = (20), 'where w_ij = ||w_i^2 + w_j^2||_2'", ("SimRF-Eq60", "SimRF-Lem4.2")),
    _eq(61, "rho_theta as a double integral over w and phi", ("SimRF-Eq21",)),
    _eq(62, "rho_theta after the radial integral", ("SimRF-Eq21",)),
    _eq(63, "rho_theta = (21)", ("SimRF-Eq21",)),
    _eq(64, "1/Gamma(d/2) int_0^pi sin^{d-1} = sqrt(pi)/Gamma(d/2 + 1/2) = 2^{d-1} Gamma(d/2)/Gamma(d)", ("SimRF-Eq64",)),
    _eq(65, "rho_ORF = (23)", ("SimRF-Thm4.3",)),
    _eq(66, "binomial expansion of int sin^{d-1}(1 - sin/(d-1))^k", ("SimRF-Thm4.3",)),
    _eq(67, "rho_SimRF = (24)", ("SimRF-Thm4.3",)),
    _eq(68, "Delta MSE = e^{-2(x^2+y^2)} (m-1)/m (rho_IIDRF - rho_ORF)", ("SimRF-Cor4.4",)),
    _eq(69, "Delta MSE = ... sum_k v^{2k}/k! (1 - (k+d-1)!/(d-1)! (d-2)!!/(2k+d-2)!!)", ("SimRF-Eq69", "SimRF-Cor4.4")),
    _eq(70, "1 - d/d (d+1)/(d+2) ... (d+k-1)/(d+2(k-1)) > 0", ("SimRF-Eq70",)),
    _eq(71, "phi_RFF = (3) reproduced", ("SimRF-Eq3",)),
    _eq(72, "K^ = 1/m sum_i cos(w_i^T (x - y)) = 1/m sum_i a_i", ("SimRF-Eq3", "SimRF-Eq74")),
    _eq(73, "a_i = cos(w_i^T z)", ("SimRF-Eq74", "SimRF-Eq77-ai")),
    _eq(74, "RFF MSE = 1/m ((1 - e^{-z^2})^2/2 + (m-1)(mean E[a_i a_j] - e^{-z^2}))", ("SimRF-Eq74",)),
    _eq(75, "E[cos w_ij^T z] = Gamma(d/2) 2^{d/2-1} int p(w_ij) (w_ij z)^{1-d/2} J_{d/2-1}(w_ij z) dw_ij", ("SimRF-Eq75", "SimRF-Thm4.5")),
    _eq(76, "RFF Delta MSE = (26)", ("SimRF-Thm4.5",)),
    _eq(77, "MSE_ORF/MSE_IIDRF = 1 + 2(m-1)/(1 + e^{-z^2})^2 (E_ort(a_1 a_2) - e^{-z^2})", ("SimRF-Eq77", "SimRF-Eq77-ai")),
    _eq(78, "sum_k (-z^2)^k/k! (Gamma(k+d) Gamma(d/2)/(2^k Gamma(k+d/2) Gamma(d)) - 1)", ("SimRF-Thm4.5", "SimRF-Cor4.6")),
    _eq(79, "lim Gamma(x + 1) = sqrt(2 pi x) e^{-x} x^x (Stirling)", ("SimRF-Eq80",)),
    _eq(80, "Stirling form of 2^{-k} Gamma(k+d) Gamma(d/2)/(Gamma(k+d/2) Gamma(d)), exponent m + d - 1", ("SimRF-Eq80",)),
    _eq(81, "sqrt((k+d-1)(d/2-1)/((k+d/2-1)(d-1))) ~ 1 - k/(2d)", ("SimRF-Eq84",)),
    _eq(82, "2^{-k} ((k+d-1)/(k+d/2-1))^k ~ 1 - k(k-1)/d", ("SimRF-Eq84",)),
    _eq(83, "(1 + k/(d-1))^{d-1} / (1 + k/(d/2-1))^{d/2-1} ~ 1 + k^2/(2d)", ("SimRF-Eq84",)),
    _eq(84, "2^{-k} Gamma(k+d) Gamma(d/2)/(Gamma(k+d/2) Gamma(d)) ~ 1 - k(k-1)/(2d)", ("SimRF-Eq84",)),
    _eq(85, "sum_k (-z^2)^k/k! (... - 1) = -z^4/(2d) e^{-z^2}", ("SimRF-Eq84",)),
    _eq(86, "MSE_ORF/MSE_IIDRF = (27)", ("SimRF-Cor4.6",)),
    _eq(87, "W_simp = D S R reproduced", ("SimRF-Fig2",)),
    _eq(88, "s_i = (9) reproduced", ("SimRF-Eq9",)),
    _eq(89, "R~ = prod_{i=1}^k H D_i", ("SimRF-Sec4.2",)),
    _eq(90, "H_1 = (1), H_i = (1/sqrt 2) [[H_{i-1}, H_{i-1}], [H_{i-1}, -H_{i-1}]]", ("SimRF-Sec4.2",)),
)


def _st(ref, text, claims):
    return Item(ref, "statement", text, claims=claims)


STATEMENTS = (
    _st("Def. 1.1", "geometrically-coupled: independent norms, directions possibly correlated; weight-independent: directions independent of the norms", ("SimRF-Def1.1",)),
    _st("Def. 3.1", "the RF-conformity rho(x, y) of Eq. (10)", ("SimRF-Def3.1",)),
    _st("Thm. 3.2", "For PRFs, the MSE of the unbiased estimator is (11); the MSE is an increasing function of the RF-conformity", ("SimRF-Thm3.2",)),
    _st("Cor. 3.3", "For PRFs, the kernel estimator MSE with SimRFs is strictly lower than with ORFs for arbitrary d", ("SimRF-Cor3.3",)),
    _st("Thm. 3.4", "with i.i.d. norms, SimRFs constitute the best possible weight-independent geometrical coupling mechanism", ("SimRF-Thm3.4", "SimRF-SecA.2")),
    _st("Lemma 4.1", "i.i.d. vectors: p(w_ij) of (18) and rho_IIDRF = e^{v^2}", ("SimRF-Lem4.1",)),
    _st("Lemma 4.2", "marginally Gaussian vectors at a fixed angle theta: p_theta(w_ij) of (20)", ("SimRF-Lem4.2",)),
    _st("Thm. 4.3", "closed forms (23) and (24) of the ORF and SimRF conformities", ("SimRF-Thm4.3",)),
    _st("Cor. 4.4", "the PRF orthogonality gap (25), positive everywhere, m <= d", ("SimRF-Cor4.4",)),
    _st("Thm. 4.5", "the RFF orthogonality gap (26), m <= d", ("SimRF-Thm4.5",)),
    _st("Cor. 4.6", "RFF asymptotic MSE ratio (27) (Yu et al., 2016)", ("SimRF-Cor4.6",)),
    _st("Lemma A.1", "with equal norms, rho is minimised by the simplex geometry", ("SimRF-LemA.1",)),
    _st("Algorithm 1", "fast matrix-vector multiplication with S in O(d)", ("SimRF-Alg1",)),
)


def _cap(ref, text, claims=(), reason=None):
    return Item(ref, "caption", text, claims=claims, reason=reason)


CAPTIONS = (
    _cap("Fig. 1 caption", "Schematic of performance: IIDRFs < ORFs < SimRFs < SimRFs+ (geometrically coupled; weight-independent; weight-dependent)", ("SimRF-Cor4.4", "SimRF-Cor3.3", "SimRF-Fig4")),
    _cap("Fig. 2 caption", "SimRFs subtend angles arccos(-1/(d-1)); obtuse angles 'explore' R^d better, suppressing the MSE; norms from chi_d", ("SimRF-Fig2", "SimRF-Cor3.3")),
    _cap("Fig. 3 caption", "With SimRFs+, vectors with bigger norms subtend bigger angles, guaranteeing smaller MSE when v is sufficiently small", ("SimRF-Fig3",)),
    _cap("Fig. 4 caption", "RF-conformity of one draw of norms, v = 1, d = 6; 'Any improvements above SimRFs using weight-dependent geometrical coupling are marginal'", ("SimRF-Fig4", "SimRF-Sec3.2-marginal")),
    _cap("Fig. 5 caption", "With PRFs, geometrical coupling decreases E f(w_ij) by reducing the probability mass at large w_ij", ("SimRF-Fig5",)),
    _cap("Fig. 6 caption", "MSE ratio vs v: SimRFs always perform the best, followed by ORFs then IIDRFs; the improvement is bigger at smaller v", ("SimRF-Fig6",)),
    _cap("Fig. 7 caption", "Frobenius norm: more features give a better approximation, and SimRFs consistently outperform ORFs and IIDRFs (d = 64, N = 64, sigma = 0.1)", ("SimRF-Fig7", "SimRF-Sec5.2-frob")),
    _cap("Fig. 8 caption", "classification accuracy vs number of features; SimRFs consistently perform best", ("SimRF-Fig8",)),
    _cap("Fig. 9 caption", "accuracy of the SimRFs-Performer and the regular ORFs-Performer on four image data sets", ("SimRF-Sec5.4",)),
    _cap("Fig. 10 caption", "accuracy vs sigma for the exact and IIDRF kernels (m = 10d, N = 10), used to tune sigma", ("SimRF-Fig10",)),
    _cap("Table 1 caption", "time complexities of RF mechanisms and their fast variants", ("SimRF-Tab1",)),
    _cap("Table 2 caption", "SimRFs vs SimRFs+ accuracies, m = d; 'both variants substantially outperform ORFs on every dataset'", ("SimRF-Tab2", "SimRF-Tab2-caption")),
    _cap("Table 3 caption", "replacing R by an HD-product does not change the accuracy of nonparametric classification", ("SimRF-Tab3",)),
)


def _s(ref, text, claims=(), reason=None):
    return Item(ref, "sentence", text, claims=claims, reason=reason)


_NOVEL = "no checkable content: a priority claim about the literature, not about the mathematics or the experiments"

SENTENCES = (
    # abstract
    _s("Abstract, sentence 1", "SimRFs, a new RF mechanism for unbiased approximation of the softmax and Gaussian kernels by geometrical correlation", ("SimRF-Eq7", "SimRF-Def1.1", "SimRF-Eq9")),
    _s("Abstract, sentence 2a", "We prove that SimRFs provide the smallest possible MSE among weight-independent geometrically-coupled PRF mechanisms", ("SimRF-Thm3.4",)),
    _s("Abstract, sentence 2b", "substantially outperforming the previously most accurate ORFs at no observable extra cost", ("SimRF-Cor3.3", "SimRF-Fig6", "SimRF-Tab1")),
    _s("Abstract, sentence 3", "a more computationally expensive SimRFs+ variant, which we prove is asymptotically optimal in the broader family of weight-dependent couplings", ("SimRF-Eq15", "SimRF-Eq16", "SimRF-Tab1")),
    _s("Abstract, sentence 4", "we show consistent gains provided by SimRFs in pointwise kernel estimation, nonparametric classification and scalable Transformers", ("SimRF-Fig6", "SimRF-Sec5.3", "SimRF-Sec5.4")),
    # introduction and contributions
    _s("Sec. 1, after Eq. (5)", "Since K_gauss(x, y) = K_smax(x, y) exp(-x^2/2 - y^2/2), RF mechanisms for the Gaussian kernel convert to softmax and vice versa", ("SimRF-Sec1-smax",)),
    _s("Sec. 1, after Eq. (5), second sentence", "Our results will hence apply to both settings.", ("SimRF-Sec1-smax",)),
    _s("Sec. 1, after Eq. (7)", "RFFs lead to unstable training of implicit linear-attention Transformers; PRFs address this (Choromanski et al., 2020)", reason="quote of another paper: Choromanski et al. (2020)"),
    _s("Sec. 1, para on ORFs", "the isotropy of the Gaussian permits us to entangle w_i to be exactly orthogonal whilst preserving the Gaussian marginals", ("SimRF-Def1.1",)),
    _s("Sec. 1, after Def. 1.1", "ORFs provide a lower MSE on Gaussian kernel approximation than IIDRFs, though for RFFs only at asymptotically large d", ("SimRF-Cor4.4", "SimRF-Sec4.1")),
    _s("Sec. 1, 'Here, we comprehensively answer'", "ORFs are not optimal; SimRFs, the optimal mechanism, substantially outperform ORFs at close to no extra computational cost", ("SimRF-Thm3.4", "SimRF-Cor3.3", "SimRF-Tab1")),
    _s("Sec. 1, 'We also consider'", "a SimRFs+ variant which we prove is asymptotically optimal in this more general class", ("SimRF-Eq15", "SimRF-Eq16")),
    _s("Sec. 1, 'Our empirical studies'", "the consistent gains provided by SimRFs in pointwise kernel estimation, nonparametric classification and scalable Transformers", ("SimRF-Fig6", "SimRF-Sec5.3", "SimRF-Sec5.4")),
    _s("Contribution 1a", "we introduce SimRFs and prove that they provide the lowest MSE of any weight-independent geometrically-coupled PRF mechanism, outperforming ORFs", ("SimRF-Thm3.4", "SimRF-Cor3.3")),
    _s("Contribution 1b", "a fast, simple scheme applying minor alterations to SimRFs yields SimRFs+: a marginally better weight-dependent mechanism", ("SimRF-Sec3.2-marginal", "SimRF-Eq17")),
    _s("Contribution 2a", "the first non-asymptotic closed-form formulae for the MSE for PRFs in the IIDRF, ORF and SimRF settings; generalised to RFFs", ("SimRF-Thm4.3", "SimRF-Lem4.1", "SimRF-Thm4.5")),
    _s("Contribution 2b", "This allows us to precisely quantify how much the kernel estimator MSE can be suppressed by geometrical coupling", ("SimRF-Cor4.4", "SimRF-Fig6")),
    _s("Contribution 2c", "We also compare the time- and space-complexities of the different PRF mechanisms and describe a faster, approximate implementation", ("SimRF-Tab1", "SimRF-Sec4.2-space", "SimRF-Sec4.2")),
    _s("Contribution 3", "experiments demonstrating the superiority of SimRFs; lower kernel estimator MSE translates to better downstream performance", ("SimRF-Fig6", "SimRF-Fig7", "SimRF-Sec5.3", "SimRF-Sec5.4")),
    _s("Sec. 2, para 1", "ORFs first proposed in (Yu et al., 2016), where the authors derived strict asymptotic gains", reason="quote of another paper: Yu et al. (2016)"),
    # Sec. 3
    _s("Sec. 3, after Eq. (9)", "which are manifestly normalised and subtend obtuse angles", ("SimRF-Eq9",)),
    _s("Sec. 3, before Eq. (8)", "the simplex is randomly rotated to preserve isotropy, and the rows renormalised by w_i ~ chi_d such that they are marginally Gaussian", ("SimRF-Def1.1", "SimRF-Fig2")),
    _s("Sec. 3.1, after Def. 3.1", "rho is bigger when random vectors point in similar directions, 'exploring' R^d less effectively", ("SimRF-Cor3.3",)),
    _s("Sec. 3.1, after Thm. 3.2", "For any w_i, w_j, SimRFs give strictly smaller values of w_ij than ORFs ... w_ij = (w_i^2 + w_j^2 + 2 w_i w_j cos theta)^{1/2}", ("SimRF-Cor3.3",)),
    _s("Sec. 3.2, footnote 3", "the best geometrical coupling between vectors of known magnitudes is deterministic", ("SimRF-Eq16", "SimRF-LemA.1")),
    _s("Sec. 3.2, after Eq. (12)", "This is prohibitively slow, and the solution has data-dependence via v", reason="motivation: why the numerical optimisation is not used"),
    _s("Sec. 3.2, footnote 4", "for the types we have considered we generally expect E(w_ij^4)/E(w_ij^2) to scale as ~d (ORF: 2Gamma(d/2+2)/Gamma(d/2+1) + 2Gamma(d/2+1)/Gamma(d/2))", ("SimRF-Eq13",)),
    _s("Sec. 3.2, after Eq. (15)", "the physical analogue of which is the Heisenberg Hamiltonian with different coupling constants", reason="no checkable content: an analogy"),
    _s("Sec. 3.2, after Eq. (16)", "each random vector points away from the resultant of all the others; vectors with larger norms subtend bigger angles (Fig. 3)", ("SimRF-Eq16", "SimRF-Fig3")),
    _s("Sec. 3.2, Eq. (17) text", "the iterative update converges to Eq. 16 quickly, especially if we initialise in the simplex geometry", ("SimRF-Eq17",)),
    _s("Sec. 3.2, after Eq. (17)", "the solution has no v-dependence and is therefore scalable; SimRFs+ are asymptotically optimal (minimising rho) in the v << 1 limit", ("SimRF-Eq15", "SimRF-Eq16")),
    _s("Sec. 3.2, Fig. 4 text a", "The additional benefits of weight-dependent coupling are marginal: SimRFs+ access only slightly lower conformity than SimRFs at the expense of an extra O(d^3) step", ("SimRF-Sec3.2-marginal", "SimRF-Tab1")),
    _s("Sec. 3.2, Fig. 4 text b", "the minimisation of the truncated objective is a good approximation to the true objective ('numerically optimised'), accessing comparably small values of rho", ("SimRF-Sec3.2-marginal", "SimRF-Fig4")),
    # Sec. 4
    _s("Sec. 4, after Lemma 4.2", "in the orthogonal case, the distribution reduces to the chi_2d distribution", ("SimRF-Eq58",)),
    _s("Sec. 4, after Eq. (22)", "(22) is strictly smaller for cos theta < 0 ... we conclude that for PRFs the conformity of SimRFs is strictly smaller than ORFs, and hence the MSE is smaller", ("SimRF-Cor3.3",)),
    _s("Sec. 4, after Thm. 4.3", "These results are novel. They permit the first analytic characterisation of the difference in MSE", reason=_NOVEL),
    _s("Cor. 4.4, last sentence", "This is positive everywhere.", ("SimRF-Cor4.4",)),
    _s("Sec. 4, after Cor. 4.4", "The sign of this orthogonality gap was first reported in (Choromanski et al., 2020)", reason="quote of another paper: Choromanski et al. (2020)"),
    _s("Sec. 4, before Fig. 5", "the RF-conformity depends on the expectation of the monotonically increasing f(w_ij, v); conformity is penalised by tails at large w_ij, which we suppress with geometrical coupling", ("SimRF-Fig5",)),
    _s("Sec. 4.1, after Thm. 4.5 a", "To the best of our knowledge, this result is also novel.", reason=_NOVEL),
    _s("Sec. 4.1, after Thm. 4.5, 'does not admit'", "The expression does not admit the same simple analysis as the PRF form (25) because successive terms in the sum oscillate in sign", ("SimRF-Thm4.5", "SimRF-Sec4.1")),
    _s("Sec. 4.1, after Thm. 4.5 b", "the MSE of ORFs is smaller than IIDRFs up to some threshold z_crit(d), the value of which diverges as d -> infinity", ("SimRF-Sec4.1",)),
    _s("Sec. 4.1, after Cor. 4.6", "The negative subleading term shows that the RFF orthogonality gap is positive everywhere when d -> infinity", ("SimRF-Cor4.6", "SimRF-Sec4.1")),
    _s("Sec. 4.2, para 1a", "By choosing the order D(S(Rx)) we avoid O(d^3); D and S support matrix-vector multiplication in O(d)", ("SimRF-Alg1", "SimRF-Tab1")),
    _s("Sec. 4.2, para 1b", "sampling R is O(d^3), Rx is O(d^2); a proxy R~ (HD products, Givens rotations) is subquadratic, e.g. O(d log d)", ("SimRF-Tab1", "SimRF-Sec4.2")),
    _s("Sec. 4.2, para 2", "SimRFs+: W = D S' R with S' from the O(d^3) iterative optimisation, which dominates the time of fast SimRFs+", ("SimRF-Tab1",)),
    _s("Sec. 4.2, para 3", "space: O(d^2) to store R for regular schemes; O(d) for fast ORFs and SimRFs; O(d^2) for fast SimRFs+", ("SimRF-Sec4.2-space",)),
    _s("Sec. 4.2, para 4", "SimRFs are essentially equal in computational cost to ORFs ... SimRFs+ are mostly of academic interest", ("SimRF-Tab1",)),
    # Sec. 5
    _s("Sec. 5.1, para 1a", "the MSE is given by Eq. 10 with the RF-conformities 19, 23 and 24", ("SimRF-Sec5.1-ref",)),
    _s("Sec. 5.1, para 1b", "the ratio of the MSE of any pair of RF mechanisms only depends in the data via v", ("SimRF-Sec5.1-ratio",)),
    _s("Sec. 5.1, para 1c", "We take d = 64 which is standard in Transformer applications.", reason="description of an experiment set-up: the dimension of Fig. 6"),
    _s("Sec. 5.1, para 2a", "SimRFs always outperform ORFs and IIDRFs, but the size of the improvement depends sensitively on the data; particularly effective at small v", ("SimRF-Fig6",)),
    _s("Sec. 5.1, para 2b", "MSE_IIDRF,ORF = v^2 + O(v^4); MSE_SimRF = v^2(1 - sqrt(pi) Gamma(d+1) Gamma(d/2+1/2)/(Gamma(d/2) Gamma(d/2+1)^2 2^d)) + O(v^4)", ("SimRF-Sec5.1",)),
    _s("Sec. 5.1, para 2c", "For d = 64, the SimRF v^2 prefactor evaluates to 0.0078", ("SimRF-Sec5.1-prefactor",)),
    _s("Sec. 5.2, para 1", "quantify with the Frobenius norm sum_ij (K_ij - K^_ij)^2", ("SimRF-Sec5.2-frob",)),
    _s("Sec. 5.2, para 1, last", "the quality of Gram matrix approximation improves with the number of features, and is better with SimRFs than ORFs and IIDRFs", ("SimRF-Fig7",)),
    _s("Sec. 5.3, para 2", "The size of the benefit depends on the data; in the limit of large m performance tends towards the exact kernel result. SimRFs consistently perform best.", ("SimRF-Sec5.3",)),
    _s("Sec. 5.3.1", "SimRFs are already close to optimal and any gain provided by using SimRFs+ is marginal; improvements tend to occur where v is small", ("SimRF-Tab2",)),
    _s("Sec. 5.4, para 2", "SimRFs give provably lower kernel estimator MSE; the SimRFs-Performer outperforms the regular ORFs-Performer", ("SimRF-Cor3.3", "SimRF-Sec5.4")),
    _s("Sec. 5.4, para 5", "The SimRFs-Performer often achieves gains over the ORFs-Performer and is certainly never worse; on ImageNet2012 it saturates 0.5% higher; no observable extra cost", ("SimRF-Sec5.4", "SimRF-Tab1")),
    # conclusion
    _s("Sec. 6, sentence 2", "we access lower kernel estimator MSE than ORFs: a fact we have verified both theoretically and empirically", ("SimRF-Cor3.3", "SimRF-Fig6")),
    _s("Sec. 6, sentence 4", "We have proved that SimRFs constitute the best weight-independent geometrically-coupled PRF mechanism, with further marginal improvements from SimRFs+", ("SimRF-Thm3.4", "SimRF-Sec3.2-marginal")),
    _s("Sec. 6, sentence 5", "we have derived novel closed-form results for ORFs, formalising qualitative and asymptotic findings previously reported", ("SimRF-Thm4.3", "SimRF-Cor4.6")),
    # App. A.1
    _s("App. A.1, after Eq. (29)", "this is an unbiased estimator of the Gaussian kernel; E(b_i) = e^{v^2/2}", ("SimRF-Eq7",)),
    _s("App. A.1, before Eq. (31)", "For all couplings we consider, w_i and w_j are marginally isotropic ... and their resultant w_ij will also be marginally isotropic", ("SimRF-Thm3.2",)),
    _s("App. A.1, after Eq. (31)", "p(w_ij) will depend on whether the random vectors are i.i.d. or coupled, even though the marginal distributions are identical (Gaussian)", ("SimRF-Lem4.1", "SimRF-Lem4.2")),
    _s("App. A.1, after Eq. (33)", "Inserting this into Eq. 74, this immediately yields the important result", ("SimRF-SecA.1-ref",)),
    _s("App. A.1, after Eq. (35)", "The MSE is manifestly an increasing function of rho; coupling mechanisms that reduce w_ij will suppress rho", ("SimRF-Thm3.2", "SimRF-Cor3.3")),
    # App. A.2
    _s("App. A.2, para 1", "Here, we prove the central result that ... SimRFs constitute the best possible weight-independent geometrical coupling scheme", ("SimRF-Thm3.4",)),
    _s("App. A.2, Lemma A.1 proof", "we should choose theta_ij deterministically; f increasing convex; minimised for equal angles and sum w^_i = 0, the simplex", ("SimRF-LemA.1",)),
    _s("App. A.2, after Eq. (42)", "f is once again convex and positive definite; equality in (43) when all the random vectors subtend identical angles", ("SimRF-SecA.2",)),
    _s("App. A.2, after Eq. (47)", "since we sum over all permutations, the term in parentheses is identical for every i, j", ("SimRF-SecA.2",)),
    _s("App. A.2, after Eq. (48)", "this is uniquely given by the simplex geometry; SimRFs give the lowest possible MSE in the PRF setting", ("SimRF-SecA.2", "SimRF-Thm3.4")),
    _s("App. A.2, last para", "any coupling better for some draw of norms will be worse for some of the equally probable label permutations", ("SimRF-SecA.2",)),
    # App. A.3
    _s("App. A.3, after Eq. (50)", "we do not need assumptions about the norms or angles; such a geometry always exists for any set of norms (antialigned, or a closed loop)", ("SimRF-Eq16",)),
    _s("App. A.3, last para", "Eq. 51 does not define one unique coupling, but the update (17) always finds a good solution when initialised in the simplex geometry", ("SimRF-Eq16", "SimRF-Eq17")),
    # App. A.4-A.7
    _s("App. A.4, para 2", "each component of w_i + w_j is N(0, 2), which leads to the generalised chi_d distribution", ("SimRF-Lem4.1",)),
    _s("App. A.4, after Eq. (53) a", "To perform the integral over w, we used the identity int w^{2z-1} e^{-w^2/2} dw = 2^{z-1} Gamma(z)", ("SimRF-Eq53",)),
    _s("App. A.4, after Eq. (53) b", "obtained more quickly: rho = E[e^{w_1^T v}] E[e^{w_2^T v}] = e^{v^2}", ("SimRF-Lem4.1",)),
    _s("App. A.5, para 2", "a constant-w surface traces an ellipse with semi-axes w/sqrt(1 +- cos theta)", ("SimRF-Lem4.2",)),
    _s("App. A.5, after Eq. (58)", "This is nothing other than the chi distribution with 2d degrees of freedom", ("SimRF-Eq58",)),
    _s("App. A.6, after Eq. (60)", "Since all w_ij follow the same distribution, the sums give a factor m(m-1) that cancels", ("SimRF-Thm4.3",)),
    _s("App. A.6, after Eq. (64)", "we used int_0^pi sin^d = sqrt(pi) Gamma(d/2 + 1/2)/Gamma(d/2 + 1) and the Legendre duplication formula", ("SimRF-Eq64",)),
    _s("App. A.6, after Eq. (67)", "which we have seen is smaller than rho_ORF", ("SimRF-Cor3.3",)),
    _s("App. A.7, after Eq. (70)", "so the series expansion is positive. It follows that the MSE with ORFs is upper bounded but that of IIDRFs", ("SimRF-Eq70",)),
    # App. A.8-A.9
    _s("App. A.8, after Eq. (73)", "K^ is an unbiased estimator of the Gaussian kernel; E[a_i] = e^{-z^2/2}", ("SimRF-Eq3",)),
    _s("App. A.8, before Eq. (75)", "for (a) i.i.d. or (b) orthogonal w_i, w_j the laws of w_i + w_j and w_i - w_j are identical; not for the simplex coupling", ("SimRF-Eq75",)),
    _s("App. A.8, after Eq. (75)", "the expression is identical to the PRF case with v -> -iz; we also dropped the exponential prefactor", ("SimRF-Thm4.5",)),
    _s("App. A.9, para 1", "This was first reported in (Yu et al., 2016)", reason="quote of another paper: Yu et al. (2016)"),
    _s("App. A.9, after Eq. (77)", "where a_i = e^{-i w_i^T z} and the expectation is over w_12 with w_1, w_2 orthogonal", ("SimRF-Eq77-ai",)),
    _s("App. A.9, last para", "the negative sign of the subleading term means that in the RFF setting ORFs always outperform IIDRFs when d -> infinity", ("SimRF-Cor4.6", "SimRF-Sec4.1")),
    # App. B
    _s("App. B.1, item 1", "Multiplying the data by sigma is equivalent to rescaling the kernel lengthscale by 1/sigma", reason="description of an experiment set-up: the sigma rescaling of Sec. 5.3"),
    _s("App. B.1, item 2", "PRFs tend to perform worse at large sigma", ("SimRF-Fig10",)),
    _s("App. B.1, para 3", "we choose sigma where the i.i.d. PRF accuracy peaks; this does not generically coincide with the exact kernel's peak", ("SimRF-Fig10",)),
    _s("App. B.1, last para", "SimRFs consistently outperform ORFs and IIDRFs in nonparametric classification and in Performers", ("SimRF-Sec5.3", "SimRF-Sec5.4")),
    _s("App. B.2.1, para 1", "The following simple algorithm of time-complexity O(d) calculates S x", ("SimRF-Alg1", "SimRF-Tab1")),
    _s("App. B.2.1, last para", "the time taken by the extra simplex projection is typically dwarfed by other computational requirements; the extra cost is technically nonzero", ("SimRF-Tab1",)),
    _s("App. B.2.2, para 1", "H x can be computed in time O(d log d) via the fast Walsh-Hadamard transform", ("SimRF-Sec4.2", "SimRF-Tab1")),
    _s("App. B.2.2, para 2", "using fast SimRFs and fast ORFs does not substantially change the accuracy; results are frequently identical to the regular case", ("SimRF-Tab3",)),
)

#: The SimRF inventory, in the order of the paper's parts (displays, statements, captions, sentences).
ITEMS = DISPLAYS + STATEMENTS + CAPTIONS + SENTENCES

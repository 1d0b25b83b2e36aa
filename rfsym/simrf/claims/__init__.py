"""Claims of "Simplex Random Features" (Reid, Choromanski, Likhosherstov, Weller, ICML 2023).

Kernel: Gaussian, PRFs of Eq. (7); RFFs in Sec. 4.1. ``v = ||x+y||``, ``z = ||x-y||``. The checks call
:mod:`rfsym.simrf` (formulas), :mod:`rfsym.simrf.experiments` (optimisation, figures), the independent
routes of :mod:`rfsym.simrf.witnesses` and :mod:`rfsym.simrf.nonisotropic`, and the foundation's samplers
(Monte Carlo, ``|z| <= 5``). SimRF-Eq9 (:mod:`.sec3_simplex`) and SimRF-Alg1
(:mod:`.sec4_2`) are shown in the foundations notebook and come first, as they did there.

One module per section of the paper; each declares its claims once, in book order, with their checks
right above them (the appendix proofs sit with the result they prove):

* :mod:`.sec1`: Sec. 1, random features and geometrically-coupled mechanisms (Def. 1.1, Eqs. (3), (7));
* :mod:`.sec3`: Secs. 3-3.1 and App. A.1-A.2, the simplex geometry, RF-conformity, Thm. 3.2, Cor. 3.3, Thm. 3.4;
* :mod:`.sec3_simplex`: Sec. 3, Eq. (9), the simplex block (foundations notebook);
* :mod:`.sec3_2`: Sec. 3.2 and App. A.3, SimRFs+ (Eqs. (13)-(17), Figs. 3-4);
* :mod:`.sec4`: Sec. 4 and App. A.4-A.7, the law of :math:`w_{ij}` and the closed forms (Lemmas 4.1-4.2, Thm. 4.3, Cor. 4.4);
* :mod:`.sec4_1`: Sec. 4.1 and App. A.8-A.9, random Fourier features (Thm. 4.5, Cor. 4.6);
* :mod:`.sec4_2`: Sec. 4.2 and App. B.2, fast SimRFs and Table 1;
* :mod:`.sec5`: Secs. 5.1-5.2, MSE ratios (Fig. 6) and Gram matrices (Fig. 7);
* :mod:`.sec5_3`: Secs. 5.3-5.4 and App. B.1-B.2, classification on UCI data (Tables 2-3, Figs. 8, 10) and Performers;
* :mod:`._checks`: glue shared by several sections (seeds, the Outcome shorthand, digit counts).
* :mod:`.conventions`: the notations and scopes read one way for every claim (``CONVENTIONS``, issue 28);
* :mod:`.inventory`: every numbered display, statement, caption and checkable sentence of the paper with the claims
  that cover it or the reason it is not a claim (``ITEMS``).

Every claim names the rule of :mod:`rfsym.claims.rules` that decides it; the three errata of root cause
``SimRF:resultant-isotropy`` (Thm. 3.2, Thm. 3.4 and its proof in App. A.2) share one severity, major.

``AUDIT_EXPLAINED`` (the explained survivors of the mutation audit) sits in the module of the claims that
call the function; the audit merges the tables of every module.
"""

from . import sec1, sec3, sec3_2, sec3_simplex, sec4, sec4_1, sec4_2, sec5, sec5_3

#: Every SimRF claim of this package, in book order.
CLAIMS = [*sec3_simplex.CLAIMS, *sec4_2.CLAIMS[:1], *sec1.CLAIMS, *sec3.CLAIMS, *sec3_2.CLAIMS, *sec4.CLAIMS, *sec4_1.CLAIMS, *sec4_2.CLAIMS[1:], *sec5.CLAIMS,
          *sec5_3.CLAIMS]

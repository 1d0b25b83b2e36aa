"""The claims of "Hybrid Random Features" (HRF; Choromanski et al., ICLR 2022), by section of the paper.

Each section file opens with the list of its claims and verdicts, then declares each claim once, as one
:class:`rfsym.claims.Claim` literal with its checks right above it. Checks and helpers shared by several
section files live in :mod:`rfsym.hrf.claims._checks`; the independent routes the checks compare the
library with live in :mod:`rfsym.hrf.witnesses`.

Files, in book order (the order of the notebook ``notebooks/hrf.md``):

* ``sec1_2`` -- Secs. 1-2.2: trigonometric and positive estimators (Eqs. (1)-(3), Def. 2.1, Lemma 2.2) and
  the HRF estimator (Eq. (8), Lemma 2.3 with its proof in App. B);
* ``sec2_3_4`` -- Secs. 2.3-2.4: complex exponential estimators (Eqs. (14)-(18)) and the angular and
  Gaussian lambda coefficients (Eqs. (19)-(20), with (42)-(43) of App. D.1);
* ``sec3_thm31`` -- Sec. 3, Thm 3.1 and Lemma 3.2 with their proofs (App. C, D.1) and the explicit MSE of
  the angular hybrid (App. D.2, Thm D.1, Eqs. (45)-(47));
* ``appendix_d3`` -- Sec. 3, Def. 3.3 and Lemma 3.4 (proof in App. E), and the steps (48)-(65) of the
  proof of Thm 3.5 (App. D.3);
* ``sec3_thm35`` -- Sec. 3, Thm 3.5 (bound (27), its limits, (66)) and its summaries in Secs. 1 and 3;
* ``notation`` -- notation and wording slips of Secs. 1, 2.2 and Apps. D.4, H.2, L, and the cost (106);
* ``appendix_f`` -- App. F: Gaussian hybrid estimators (Thms F.1, F.2) and Sec. 2.4's comparison;
* ``appendix_h`` -- App. H.2: complex exponential estimators for clustered data (Eqs. (83)-(104));
* ``sec4`` -- figures and tables: Fig. 1 (Sec. 2.4), Sec. 4 and Apps. G, H.1, H.3, I.

Next to them: ``conventions`` (the notation readings claims cite, e.g. ``HRF:square-on-Cd``), ``inventory``
(every display, statement, caption and checkable sentence with its claims or the reason it is none) and
``headlines``. What moved under the rulebook of issue #28 is recorded in each claim's defence and in the
issue's closing note.
"""

from __future__ import annotations

from . import appendix_d3, appendix_f, appendix_h, notation, sec1_2, sec2_3_4, sec3_thm31, sec3_thm35, sec4

#: Every HRF claim, in book order.
CLAIMS = [*sec1_2.CLAIMS, *sec2_3_4.CLAIMS, *sec3_thm31.CLAIMS, *appendix_d3.CLAIMS, *sec3_thm35.CLAIMS,
          *notation.CLAIMS, *appendix_f.CLAIMS, *appendix_h.CLAIMS, *sec4.CLAIMS]

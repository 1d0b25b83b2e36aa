"""Claims of "Dense-Exponential Random Features" (DERF), checked in ``notebooks/derf.md``, one module per
section of the paper (a section's proofs in App. A sit with it):

* :mod:`~rfsym.derf.claims.sec2` -- Sec. 2: random features, softmax attention, TrigRF, PosRF, GERF;
* :mod:`~rfsym.derf.claims.sec3` -- Sec. 3.1: the shifted log-variance (8) and its GERF minimiser;
* :mod:`~rfsym.derf.claims.sec4` -- Sec. 4: DERFs, Thm 4.1 (App. A.1), diagonal reduction, cost;
* :mod:`~rfsym.derf.claims.appendix_a2` -- App. A.2: Lemma A.1, Eqs. (14)-(19);
* :mod:`~rfsym.derf.claims.sec4_1` -- Sec. 4.1: ADERF, Thm 4.2, Eq. (10), App. A.3;
* :mod:`~rfsym.derf.claims.sec4_2` -- Sec. 4.2: SDERF, Thm 4.3, Eq. (11), App. A.4;
* :mod:`~rfsym.derf.claims.sec4_3` -- Sec. 4.3: SADERF, Eqs. (12)-(13);
* :mod:`~rfsym.derf.claims.sec5` -- Sec. 5 with App. B: variance comparison, kernel classification,
  Transformers, Table 1;
* :mod:`~rfsym.derf.claims.sec6` -- Sec. 6: limitations;
* :mod:`~rfsym.derf.claims._checks` -- the seed, example data and optimality checks several sections share.
* :mod:`~rfsym.derf.claims.conventions` -- the paper's notation readings (``DERF:<slug>``) claims reference;
* :mod:`~rfsym.derf.claims.inventory` -- every numbered display, statement, caption and checkable sentence, with the
  claims that cover it or why it is not a claim.

Every claim names the rule of :mod:`rfsym.claims.rules` that decides it. Re-adjudicated under the rulebook
(issue #28), each change with the rule that decides it:

* ``DERF-Sec3.1-K`` verified -> erratum (typo), ``erratum-typo``: the reading that holds needs words inserted
  ("rises above its best value"); as printed (8) grows with $K$. Intent clear from the sentence, nothing downstream.
* ``DERF-Sec5.1-heterogen`` verified -> unverifiable, ``unverifiable-open-choice``: 'about $e^5$' holds read at
  mid-range or on average and fails read at the top of the range (the Fig. 1 caption's 'up to'); the same choice
  makes DERF-Sec5.1-mnist and DERF-Sec5.1-cifar unverifiable.
* ``DERF-Fig4`` unverifiable, rule ``unverifiable-unprinted``: the NWER values are only plotted.
* ``DERF-Tab1`` unverifiable, rule ``unverifiable-out-of-reach``, now with the check of what the printed numbers allow.
* ``DERF-Sec3.1-O1`` verified, rule ``verified-forced-reading`` (O(1) given the averages the paragraph names).
* New: ``DERF-Eq12-j`` (erratum, typo: the stray index of (12), before a remark inside DERF-Eq12, like the
  erratum DERF-Eq37-N), ``DERF-Sec2.1-cost`` and ``DERF-Sec4-fit-cost`` (verified complexity statements).

Kernel: softmax K^(0)(x, y) = exp(x^T y). Data sets for the optimality checks are small exact
(decimal-string) sets from :func:`rfsym.derf.example_data`; Monte Carlo uses
:func:`rfsym.couplings.sample` with fixed seeds and |z| <= 5.
"""

from . import appendix_a2, sec2, sec3, sec4, sec4_1, sec4_2, sec4_3, sec5, sec6

#: Every DERF claim, in book order.
CLAIMS = (sec2.CLAIMS + sec3.CLAIMS + sec4.CLAIMS + appendix_a2.CLAIMS + sec4_1.CLAIMS + sec4_2.CLAIMS
          + sec4_3.CLAIMS + sec5.CLAIMS + sec6.CLAIMS)

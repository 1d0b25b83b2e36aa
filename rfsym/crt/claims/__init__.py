"""The claims of "Chefs' Random Tables" (CRT), one file per section of the paper.

Each file opens with the list of its claims and their verdicts, then the checks it alone uses, then
each claim declared once as one :class:`rfsym.claims.Claim` literal with its checks right above it.
The appendix proofs sit with the theorems they prove. ``CLAIMS`` is the book order (the order of the
notebook ``notebooks/crt.md`` and of ``python -m rfsym claims --json``).

* :mod:`~rfsym.crt.claims.sec1_2` -- Sec. 1-2: kernels, the RF estimator, attention, TrigRF and PosRF;
* :mod:`~rfsym.crt.claims.sec3_1_gerf` -- Sec. 3.1: GERFs, Theorems 3.1, 3.2 (App. 9.2, 9.3);
* :mod:`~rfsym.crt.claims.sec3_1_oprf` -- Sec. 3.1: OPRFs, Theorem 3.3 (App. 9.4), Fig. 1, Eq. (8);
* :mod:`~rfsym.crt.claims.sec3_2` -- Sec. 3.2: Poisson and geometric RFs, Theorems 3.4, 3.5 (App. 9.5, 9.6);
* :mod:`~rfsym.crt.claims.sec4_orthogonal` -- Sec. 4: orthogonal OPRFs, Theorems 4.1, 9.1 (App. 9.1, 9.7);
* :mod:`~rfsym.crt.claims.sec4_concentration` -- Sec. 4: tail bounds, Theorems 4.2, 4.3 (App. 9.8, 9.9);
* :mod:`~rfsym.crt.claims.sec5` -- Sec. 5: experiments (App. 9.10);
* :mod:`~rfsym.crt.claims.sec5_cache` -- cached per-pair values of the Sec. 5.1 replicate;
* :mod:`~rfsym.crt.claims._checks` -- seeds and helpers shared by several section files.
* :mod:`~rfsym.crt.claims.conventions` -- ``CONVENTIONS``, the one reading of each ambiguous notation the claims use;
* :mod:`~rfsym.crt.claims.inventory` -- ``ITEMS``, every numbered display, statement, caption and checkable sentence
  of the paper with the claims that cover it or the reason it is not a claim;
* :mod:`~rfsym.crt.claims.headlines` -- the abstract, contribution and conclusion sentences.

Every claim names the rule of :mod:`rfsym.claims.rules` that decides it (``rule=``); errata that share a cause
name one ``root_cause`` (``CRT:tail-bound-range``: Eq. (35), Theorems 4.2 and 4.3, major;
``CRT:app97-unit-projection``: Theorem 9.1 and the proof's X_m, minor; ``CRT:sec51-geomrf-plus``: the GeomRF+
factors of Sec. 5.1, minor).

Kernel: the Gaussian kernel exp(-||x-y||^2/2) throughout (as in the paper).
"""

from . import sec1_2, sec3_1_gerf, sec3_1_oprf, sec3_2, sec4_concentration, sec4_orthogonal, sec5

__all__ = ["CLAIMS"]

#: Every CRT claim, in book order.
CLAIMS = [*sec1_2.CLAIMS, *sec3_1_gerf.CLAIMS, *sec3_1_oprf.CLAIMS, *sec3_2.CLAIMS, *sec4_orthogonal.CLAIMS,
          *sec4_concentration.CLAIMS, *sec5.CLAIMS]

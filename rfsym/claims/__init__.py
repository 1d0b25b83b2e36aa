"""The claims registry: every numbered result of the four papers, its verdict and its witnesses.

A :class:`Claim` records what a paper states (``statement``, ``location``), our ``verdict``
(``verified``, ``erratum`` or ``unverifiable``), and for errata the ``severity`` and the
``correction``. Its :class:`Check` objects recompute the deciding evidence.

The witness model
-----------------
A check is a *witness* when it could have refuted the claim: it compares the library function under
test (``exercises``) with an independent ``route`` (sympy from the definition, quadrature or a series
of the definition, sampling the actual features, real data, the arithmetic of printed numbers), and
it carries a ``control`` -- a plausible wrong variant (a coefficient off by a few per cent, a dropped
factor, a sign) that it must reject. Its ``kind`` says which sort of witness it is:

- ``symbolic``: sympy derivation from the definition;
- ``numeric``: high-precision (mpmath) evaluation of an independent route, verified digits;
- ``montecarlo``: sampling the actual random features with the library samplers, z-test;
- ``data``: an experiment on real data;
- ``arithmetic``: the arithmetic of printed numbers (averages, markings, ranks);
- ``consistency``: not a witness -- bookkeeping, a formula against an algebraically equal rewrite of
  itself, a literal transcription. Reported, never counted.

A check function returns an :class:`Outcome` (or the legacy pair ``(passed, evidence)``, shown as
"no control recorded"). ``passed`` means *the evidence supports the recorded verdict* (for an
erratum: the printed statement fails and the correction holds); a check whose control is not
rejected fails. A verdict is reproduced when every check passes; ``verified`` and ``erratum`` claims
must have at least one check, ``unverifiable`` claims carry the reason in ``evidence`` and may carry
data, Monte Carlo or arithmetic checks: reruns, or the arithmetic of printed numbers, showing that the
outcome hinges on what the paper does not state.

Coverage target (:meth:`Claim.coverage`): every verified or erratum theorem, lemma, corollary,
proposition and numbered equation has at least two witnesses; each of the kinds symbolic, numeric
and Monte Carlo is present or the claim's ``no_witness`` says why it is impossible; every witness
rejects its control. Every other verified or erratum claim (definitions, sections, figures, tables,
algorithms) has at least two witnesses, or one with ``single_witness`` stating why a second
independent route does not exist (a misprinted cross-reference has one fact to check), and every
witness has a control. An unverifiable claim states in ``evidence`` why it cannot be decided.

Empirical claims and domains
----------------------------
A check that reruns an experiment whose protocol the paper leaves partly open declares the choices it
enumerates (``Check(protocol_choices=("pixel scaling", "resize"))``) and returns the outcome under each
as a :class:`Sensitivity` table in its :class:`Outcome`; the claim page typesets it. If the table flips
(the printed claim holds under one plausible choice and fails under another) a verified or erratum
verdict is not reproduced: such a claim is unverifiable. Every empirical erratum (``Claim(empirical=True)``
or any claim with a data check) needs such a table (:meth:`Claim.coverage`).

A check also reports where it looked (``Outcome(domain={"d": "2, 4, ..., 1024"})``). The evidence lint
(:func:`lint_evidence_domains`) requires every quantified sentence of the recorded texts (``for every $n$``,
``whatever the pixel scaling``, ``in the Transformer settings``) to be backed by such a declared domain.

Where things live
-----------------
Each paper package declares its claims in ``rfsym/<key>/claims/<section>.py`` (one ``Claim(...)`` literal per
claim, its checks right above it); ``rfsym/<key>/claims/__init__.py`` lists them in book order as ``CLAIMS``.
This package holds the machinery only:

- :mod:`rfsym.claims.model`: :class:`Claim`, :class:`Check`, :class:`Outcome`, the coverage rule;
- :mod:`rfsym.claims.runner`: loading, lookup (:func:`get`, :func:`claims_for`), running (:func:`run`,
  :func:`verify`, :func:`show_claim`), JSON;
- :mod:`rfsym.claims.tables`: verdict and coverage tables;
- :mod:`rfsym.claims.lint`: the evidence lint;
- :mod:`rfsym.claims.rules`: the rulebook (the named rules every claim cites, notation conventions);
- :mod:`rfsym.claims.rulelint`: the rule lint (``verify --lint``);
- :mod:`rfsym.claims.inventory`: each paper's inventory of checkable places and its coverage;
- :mod:`rfsym.claims.pages`: the claim pages and the book's generated claims, errata and audit pages;
  :mod:`rfsym.claims.rulepage`: the page "How verdicts are decided".
"""

from .lint import lint_evidence_domains, lint_evidence_numbers
from .model import (CORE_KINDS, KIND_LABELS, KIND_SHORT, KINDS, PAPERS, SEVERITIES, TARGET_TYPES, VERDICTS,
                    WITNESS_KINDS, Check, CheckResult, Claim, ClaimResult, Coverage, Outcome, Reading, Sensitivity,
                    paper_name)
from .runner import (REGISTRY_MODULES, claims_for, get, registry, reset_cache, results_to_json, run,
                       show_claim, to_json, verify)
from .tables import coverage_summary, coverage_table, summary_table, verdict_table, witness_kinds_short

__all__ = [
    "PAPERS", "VERDICTS", "SEVERITIES", "KINDS", "WITNESS_KINDS", "CORE_KINDS", "TARGET_TYPES", "KIND_LABELS",
    "KIND_SHORT", "Outcome", "Check", "CheckResult", "Claim", "ClaimResult", "Coverage", "Reading", "Sensitivity", "paper_name",
    "REGISTRY_MODULES", "registry", "get", "claims_for", "run", "show_claim", "verdict_table", "verify", "to_json",
    "results_to_json", "summary_table", "reset_cache", "coverage_table", "coverage_summary", "witness_kinds_short",
    "lint_evidence_numbers", "lint_evidence_domains",
]

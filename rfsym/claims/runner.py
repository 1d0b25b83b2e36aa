"""Loading the registry (every paper's ``rfsym.<key>.claims``), looking claims up and running their checks.

A paper's page loads that paper only: :func:`get` and :func:`claims_for` with a paper import
``rfsym.<key>.claims`` of that paper (:func:`paper_registry`), and a claim's results are cached on disk under
a key that leaves the other papers' claims packages out (:func:`cache_key`). A change to
``rfsym/hrf/claims/`` therefore changes nothing a CRT page reads, and the book's execution cache
(``tools/build_book.py``) re-executes the HRF pages only. :func:`registry` still loads every paper, in book
order (cross-paper pages, the command line, the generated pages).
"""

from __future__ import annotations

import difflib
import functools
import importlib
import json
import sys
from typing import Sequence

from .lint import lint_evidence_domains, lint_evidence_numbers
from .model import PAPERS, CheckResult, Claim, ClaimResult, paper_name

__all__ = ["REGISTRY_MODULES", "registry", "paper_registry", "get", "claims_for", "run", "show_claim", "verify", "to_json",
           "results_to_json", "reset_cache", "cache_key", "disable_disk_cache", "CACHE_ENV"]

#: Registry modules, in book order.
#: The paper packages whose ``claims`` subpackage holds the registry, in book order.
REGISTRY_MODULES = tuple(PAPERS.values())

# ------------------------------------------------------------------------------ registry

_REGISTRY: dict | None = None
_PAPER_REGISTRY: dict = {}
_CACHE: dict = {}


def paper_registry(paper: str) -> dict:
    """The claims of one paper (``"CRT"``, ``"hrf"``, any case), keyed by id, in book order; imports that
    paper's ``rfsym.<key>.claims`` only (once). Every claim it declares belongs to that paper."""
    key = PAPERS[paper_name(paper)]
    if key not in _PAPER_REGISTRY:
        modname = f"rfsym.{key}.claims"
        mod = importlib.import_module(modname)
        reg: dict = {}
        for c in mod.CLAIMS:
            if not isinstance(c, Claim):
                raise TypeError(f"{modname}.CLAIMS contains a non-Claim {c!r}")
            if c.id in reg:
                raise ValueError(f"duplicate claim id {c.id} in {modname}")
            if PAPERS[c.paper] != key:
                raise ValueError(f"{modname} declares {c.id}, a claim of another paper ({c.paper})")
            reg[c.id] = c
        _PAPER_REGISTRY[key] = reg
    return _PAPER_REGISTRY[key]


def registry() -> dict:
    """All claims, keyed by id, in book order (loads every paper's ``rfsym.<key>.claims`` once)."""
    global _REGISTRY
    if _REGISTRY is None:
        reg: dict = {}
        for key in REGISTRY_MODULES:
            for cid, c in paper_registry(key).items():
                if cid in reg:
                    raise ValueError(f"duplicate claim id {cid} in rfsym.{key}.claims")
                reg[cid] = c
        _REGISTRY = reg
    return _REGISTRY


def _paper_of_id(claim_id: str) -> str | None:
    """The paper key an id names by its prefix (``"CRT-Eq7"`` -> ``"crt"``), or None."""
    prefix = str(claim_id).split("-", 1)[0].lower()
    return next((key for name, key in PAPERS.items() if name.lower() == prefix), None)


def get(claim_id: str) -> Claim:
    """The claim with this id; ids are matched case-insensitively (``"crt-eq7"`` finds ``CRT-Eq7``).

    Raises
    ------
    KeyError
        Unknown id; the message suggests the closest known ids.
    """
    if _REGISTRY is None:                   # only the paper the id names, if it declares it
        key = _paper_of_id(claim_id)
        if key is not None and claim_id in paper_registry(key):
            return paper_registry(key)[claim_id]
    reg = registry()
    if claim_id in reg:
        return reg[claim_id]
    folded = {k.lower(): k for k in reg}
    key = str(claim_id).lower()
    if key in folded:
        return reg[folded[key]]
    close = [folded[k] for k in difflib.get_close_matches(key, list(folded), n=5, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise KeyError(f"unknown claim id {claim_id!r}{hint} (`python -m rfsym claims` lists all {len(reg)} ids)")


def claims_for(paper: str | None = None, notebook: str | None = None) -> list:
    """Claims of one paper (``"CRT"``, any case) and/or one notebook (``"foundations"`` ...), or all."""
    if paper is not None:
        paper = paper_name(paper)
    source = registry() if paper is None or _REGISTRY is not None else paper_registry(paper)
    return [c for c in source.values()
            if (paper is None or c.paper == paper) and (notebook is None or c.notebook == notebook)]


# ------------------------------------------------------------------------------ the result cache on disk
#
# A claim's check results depend on the claim's code, the library, the shipped data, and the versions of
# Python and of the numerical packages. The disk cache is keyed on all of them (:func:`cache_key`) and is
# used only where it was asked for (``RFSYM_CACHE=<dir>``, set by the Makefile for the notebooks and the
# book). The mutation audit switches it off: a mutant changes a function in memory, not on disk.

#: Environment variable naming the directory of the disk cache (unset: no disk cache).
CACHE_ENV = "RFSYM_CACHE"
_DISK = {"enabled": True}


def disable_disk_cache() -> None:
    """Never read or write the disk cache in this process (the mutation audit calls this)."""
    _DISK["enabled"] = False


@functools.lru_cache(maxsize=None)
def cache_key(root=None, paper: str | None = None) -> str:
    """SHA-256 (first 20 hex digits) of every file of the package (code and data) and of the versions of
    Python, NumPy, SciPy, SymPy, mpmath and python-flint, and the machine type.

    Any change to a source or data file, or an upgrade of a numerical package, gives a new key, so a
    result computed before it is never served after it. With ``paper`` (a key of :data:`PAPERS`' values,
    ``"crt"``), the claims packages of the other papers (``rfsym/<other>/claims/``) are left out: a paper's
    claims never import another paper's claims (``tests/test_claims.py`` checks it on the import graph), and
    every library file they can reach, every paper's included, stays in the key.
    """
    import hashlib
    import platform
    from importlib import metadata
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] if root is None else Path(root)
    h = hashlib.sha256()
    others = {k for k in PAPERS.values() if k != paper} if paper is not None else set()
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).parts
        if len(rel) > 1 and rel[0] in others and rel[1] == "claims":
            continue
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    versions = [platform.python_version(), platform.machine()]
    for dist in ("numpy", "scipy", "sympy", "mpmath", "python-flint"):
        try:
            versions.append(f"{dist}={metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{dist}=none")
    h.update(";".join(versions).encode())
    return h.hexdigest()[:20]


def _cache_file(claim: Claim):
    import os
    from pathlib import Path

    base = os.environ.get(CACHE_ENV)
    if not base or not _DISK["enabled"]:
        return None
    key = PAPERS[claim.paper]
    return Path(base) / f"{key}-{cache_key(paper=key)}" / f"{claim.id}.json"


def _load_cached(claim: Claim):
    path = _cache_file(claim)
    if path is None or not path.is_file():
        return None
    try:
        rows = json.loads(path.read_text())
        results = tuple(CheckResult(**{**r, "exercises": tuple(r["exercises"])}) for r in rows)
    except (ValueError, TypeError, KeyError):
        return None
    if [r.name for r in results] != [ch.name for ch in claim.checks]:
        return None
    return ClaimResult(claim, results)


def _store(res: ClaimResult) -> None:
    import dataclasses
    import os

    path = _cache_file(res.claim)
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps([dataclasses.asdict(r) for r in res.results]))
    os.replace(tmp, path)


def reset_cache() -> None:
    """Forget cached check results (the next :func:`run` recomputes)."""
    _CACHE.clear()


def run(claim_id: str) -> ClaimResult:
    """Run the checks of one claim (cached per process)."""
    if claim_id not in _CACHE:
        c = get(claim_id)
        res = _load_cached(c)
        if res is None:
            res = ClaimResult(c, tuple(ch.run() for ch in c.checks))
            if res.reproduced:          # a failure is recomputed every time, never served from disk
                _store(res)
        _CACHE[claim_id] = res
    return _CACHE[claim_id]


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a test/book dependency
        return False
    ip = get_ipython()
    return ip is not None and hasattr(ip, "kernel")


def show_claim(claim_id: str) -> ClaimResult:
    """Run a claim's checks, show its page, and assert that the recorded verdict is reproduced.

    In a notebook (and in the book) the page is displayed as Markdown: the statement as printed, the
    derivation, the table of witnesses and the verdict; in a terminal the plain-text report is
    printed. The cell fails (and so does nbval) if a check does not reproduce.
    """
    res = run(claim_id)
    if _in_notebook():
        from IPython.display import Markdown, display

        from .pages import claim_markdown

        display(Markdown(claim_markdown(res)))
    else:
        print(res.report())
    assert res.reproduced, f"{claim_id}: recorded verdict {res.claim.verdict!r} not reproduced"
    return res


def _run_ids(ids) -> list:
    return [(i, run(i).results) for i in ids]


def verify(paper: str | None = None, claim_id: str | None = None, *, progress=sys.stderr, jobs: int = 1) -> list:
    """Recompute checks (all, one paper's, or one claim's); return the list of :class:`ClaimResult`.

    ``jobs > 1`` runs the claims in that many forked worker processes (each claim's checks are
    deterministic and independent of the others, so the results do not depend on ``jobs``).
    """
    claims = [get(claim_id)] if claim_id else claims_for(paper)
    if claim_id and paper and claims[0].paper != paper_name(paper):
        raise ValueError(f"claim {claim_id} belongs to {claims[0].paper}, not {paper}")
    jobs = max(1, int(jobs))
    pooled = jobs > 1 and len(claims) > 1
    if pooled:
        import multiprocessing

        # one work unit per section module: the claims of a section share cached intermediate results (a rerun, a
        # set of curves), which a worker then computes once; the largest sections are handed out first
        groups: dict = {}
        for c in claims:
            if c.id not in _CACHE:
                mod = getattr(c.checks[0].fn, "__module__", None) if c.checks else None
                groups.setdefault(mod or c.paper, []).append(c.id)
        chunks = sorted(groups.values(), key=len, reverse=True)
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_run_ids, chunks):
                for cid, results in part:
                    r = _CACHE[cid] = ClaimResult(registry()[cid], results)
                    if progress is not None:
                        print(f"[{len(_CACHE)}] {r.claim.id} {'ok' if r.reproduced else 'NOT REPRODUCED'} "
                              f"({r.seconds:.1f} s)", file=progress, flush=True)
    out = []
    for i, c in enumerate(claims, 1):
        if progress is not None and not pooled:
            print(f"[{i}/{len(claims)}] {c.id} ...", end="", file=progress, flush=True)
        r = run(c.id)
        if progress is not None and not pooled:
            print(f" {'ok' if r.reproduced else 'NOT REPRODUCED'} ({r.seconds:.1f} s)", file=progress, flush=True)
        out.append(r)
    return out


def to_json(claims: Sequence[Claim] | None = None) -> str:
    """The registry (or a subset) as a JSON list."""
    claims = list(registry().values()) if claims is None else claims
    return json.dumps([c.to_dict() for c in claims], indent=2, ensure_ascii=False)


def results_to_json(results: Sequence[ClaimResult]) -> str:
    """Verification results as JSON (claim, verdict, reproduced, per-check evidence)."""
    return json.dumps([
        {"id": r.claim.id, "paper": r.claim.paper, "verdict": r.claim.verdict,
         "reproduced": r.reproduced,
         "coverage": {"meets_target": r.claim.coverage().meets, "gaps": r.claim.coverage().gaps()},
         "unsupported_numbers": lint_evidence_numbers(r),
         "unbacked_domains": lint_evidence_domains(r), "conflicts": r.conflicts(),
         "checks": [{"name": x.name, "kind": x.kind, "passed": x.passed, "evidence": x.evidence,
                     "agreement": x.agreement, "exercises": list(x.exercises), "route": x.route,
                     "control": x.control, "control_rejected": x.control_rejected,
                     "control_detail": x.control_detail, "seconds": round(x.seconds, 3),
                     "domain": x.domain, "sensitivity": x.sensitivity}
                    for x in r.results]}
        for r in results], indent=2, ensure_ascii=False)

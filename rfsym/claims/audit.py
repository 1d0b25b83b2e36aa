"""Mutation audit: do the claims' checks notice a broken library function?

For every public function of the paper modules and their experiment modules (:data:`TARGETS`), the
audit

1. *traces* which claims call it (every function is wrapped by a recorder and the claims' checks are
   run once),
2. replaces it by a *mutant* whose result is perturbed -- multiplied by ``1 + 1e-3`` (``rel1e-3``),
   ``1 + 1e-2`` (``rel1e-2``) or ``-1`` (``sign``) -- wherever the function object is referenced in a
   loaded ``rfsym`` module, clears every ``functools`` cache of the package, and
3. reruns the calling claims' checks, cheapest first, until one fails: the mutant is *killed* (by
   that check). A mutant no check notices *survives*: a gap to close with a better witness, or to
   explain in the paper's registry module (``AUDIT_EXPLAINED``).

What is perturbed: floats, complex numbers, mpmath numbers, float/complex numpy arrays, sympy
expressions (times the exact rational factor) and those found inside tuples, lists, dicts and
dataclasses (the ``estimate`` of an :class:`~rfsym.montecarlo.MCResult`, not its standard error);
integers, booleans and strings are left alone (a function returning only those is *not
perturbable*). A ``rel1e-3`` mutant is not run when the ``rel1e-2`` mutant of the same function
survived (it would survive too; reported as *implied*). A mutant that makes a check raise counts as
killed (the check noticed). Each mutant runs in a forked child process (no state leaks from one
mutant to the next); a child still running after ``timeout`` seconds is killed and the mutant counts
as killed by the time-out.

Run it with ``python -m rfsym audit [--paper P] [--function NAME] [--jobs N] [--out FILE]``
(``make audit`` writes the book's report, ``book/audit_report.md``).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import inspect
import json
import math
import signal
import sys
import time
from fractions import Fraction
from pathlib import Path

import mpmath
import numpy as np

from . import runner as C
from .model import PAPERS

__all__ = ["TARGETS", "PERTURBATIONS", "public_functions", "perturb", "trace_calls", "run_mutant",
           "audit", "explanation", "report_markdown", "source_hash"]

#: Paper -> modules whose public functions are audited: every function the paper package re-exports from
#: its topic modules, and its experiments. The independent routes (``rfsym.<paper>.witnesses``,
#: ``rfsym.simrf.nonisotropic``) are not re-exported and not audited: they are what the checks compare
#: the library with (or a counterexample construction), not the library under test.
TARGETS = {
    "CRT": ("rfsym.crt", "rfsym.crt.experiments"),
    "DERF": ("rfsym.derf", "rfsym.derf.experiments"),
    "HRF": ("rfsym.hrf", "rfsym.hrf.experiments"),
    "SimRF": ("rfsym.simrf", "rfsym.simrf.experiments"),
}
#: Perturbation name -> exact multiplicative factor.
PERTURBATIONS = {"sign": Fraction(-1), "rel1e-2": Fraction(101, 100), "rel1e-3": Fraction(1001, 1000)}
_SKIP_FIELDS = {"stderr", "se", "n", "threshold", "seconds"}


def _module_of(name: str) -> str:
    return name.rsplit(".", 1)[0]


def public_functions(paper: str | None = None) -> list:
    """Dotted names of the audited functions (of one paper, or all), in module order."""
    papers = [paper] if paper else list(TARGETS)
    out, seen = [], set()
    for p in papers:
        if p not in TARGETS:
            raise ValueError(f"paper must be one of {tuple(TARGETS)}, got paper={p!r}")
        for modname in TARGETS[p]:
            try:
                mod = importlib.import_module(modname)
            except ModuleNotFoundError:
                continue
            is_pkg = hasattr(mod, "__path__")
            for name, obj in vars(mod).items():
                if name.startswith("_") or isinstance(obj, type) or not callable(obj):
                    continue
                home = getattr(obj, "__module__", None) or ""
                # a paper package re-exports the functions of its topic modules: they are audited under
                # the public name (rfsym.crt.oprf_rho_star), never twice
                if not (home == modname or (is_pkg and home.startswith(modname + ".") and home not in TARGETS[p])):
                    continue
                if id(obj) in seen:
                    continue
                seen.add(id(obj))
                if not (inspect.isfunction(obj) or hasattr(obj, "__wrapped__")):
                    continue
                out.append(f"{modname}.{name}")
    return out


def paper_of(dotted: str) -> str:
    """The paper whose modules define ``dotted``."""
    mod = _module_of(dotted)
    for p, mods in TARGETS.items():
        if mod in mods:
            return p
    raise ValueError(f"{dotted} is not in an audited module {sum(TARGETS.values(), ())}")


# ----------------------------------------------------------------------------- perturbation


def perturb(value, factor: Fraction):
    """``(value * factor, changed)`` for the numeric parts of ``value`` (see the module docstring).

    Examples
    --------
    >>> perturb((2.0, 3, "a"), Fraction(-1))
    ((-2.0, 3, 'a'), True)
    >>> perturb(True, Fraction(-1))
    (True, False)
    """
    if value is None or isinstance(value, (bool, np.bool_, str, bytes, int, np.integer)):
        return value, False
    if isinstance(value, (float, np.floating)):
        return type(value)(value * float(factor)), True
    if isinstance(value, (complex, np.complexfloating)):
        return type(value)(value * float(factor)), True
    if isinstance(value, (mpmath.mpf, mpmath.mpc)):
        return value * (mpmath.mpf(factor.numerator) / factor.denominator), True
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc":
            return value * float(factor), True
        if value.dtype == object:
            flat = [perturb(v, factor) for v in value.ravel()]
            arr = np.empty(value.shape, dtype=object)
            arr.ravel()[:] = [v for v, _ in flat] if flat else []
            return arr, any(ch for _, ch in flat)
        return value, False
    try:
        import sympy as sp
    except ImportError:  # pragma: no cover
        sp = None
    if sp is not None and isinstance(value, sp.MatrixBase):
        return value * sp.Rational(factor.numerator, factor.denominator), True
    if sp is not None and isinstance(value, sp.Basic):
        if isinstance(value, (sp.logic.boolalg.Boolean, sp.core.relational.Relational)) or not isinstance(value, sp.Expr):
            return value, False
        if value.is_Symbol:           # a symbol returned for bookkeeping, not a value
            return value, False
        return value * sp.Rational(factor.numerator, factor.denominator), True
    if isinstance(value, (tuple, list)):
        parts = [perturb(v, factor) for v in value]
        vals = [v for v, _ in parts]
        changed = any(ch for _, ch in parts)
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return type(value)(*vals), changed
        return type(value)(vals), changed
    if isinstance(value, dict):
        parts = {k: perturb(v, factor) for k, v in value.items()}
        return type(value)((k, v) for k, (v, _) in parts.items()), any(ch for _, ch in parts.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes, changed = {}, False
        for f in dataclasses.fields(value):
            if f.name in _SKIP_FIELDS or not f.init:
                continue
            v, ch = perturb(getattr(value, f.name), factor)
            if ch:
                changes[f.name], changed = v, True
        return (dataclasses.replace(value, **changes) if changed else value), changed
    return value, False


# ----------------------------------------------------------------------------- patching


def _rfsym_modules():
    return [m for n, m in list(sys.modules.items()) if (n == "rfsym" or n.startswith("rfsym.")) and m is not None]


def _resolve(dotted: str):
    mod = importlib.import_module(_module_of(dotted))
    return getattr(mod, dotted.rsplit(".", 1)[1])


def _install(replacements: dict) -> list:
    """Replace function objects by others in every loaded rfsym module; return the undo list.

    The disk cache of claim results is switched off for the rest of the process: a replaced function
    changes results without changing a file, so a cached result would hide the change."""
    C.disable_disk_cache()
    undo = []
    for mod in _rfsym_modules():
        d = vars(mod)
        for name, obj in list(d.items()):
            new = replacements.get(id(obj))
            if new is not None and new[0] is obj:
                undo.append((d, name, obj))
                d[name] = new[1]
    return undo


def _uninstall(undo: list) -> None:
    for d, name, obj in reversed(undo):
        d[name] = obj


def clear_caches() -> None:
    """Clear the claims cache and every ``functools`` cache held by a loaded rfsym module."""
    C.reset_cache()
    for mod in _rfsym_modules():
        for obj in list(vars(mod).values()):
            cc = getattr(obj, "cache_clear", None)
            if callable(cc):
                try:
                    cc()
                except TypeError:
                    pass


def _claim_list(ids) -> list:
    return [C.get(i) for i in ids]


def trace_calls(functions, claim_ids, progress=None) -> tuple:
    """Which claims call which function, and how long each claim's checks take.

    Returns ``(callers, seconds)``: ``callers[f]`` is the list of claim ids whose checks called ``f``
    (directly or through other functions), ``seconds[claim]`` the unmutated run time of its checks.
    """
    hits: dict = {f: set() for f in functions}
    current = {"claim": None}
    repl = {}
    for f in functions:
        orig = _resolve(f)

        def rec(*a, __f=f, __o=orig, **k):
            if current["claim"] is not None:
                hits[__f].add(current["claim"])
            return __o(*a, **k)

        functools.update_wrapper(rec, orig)
        repl[id(orig)] = (orig, rec)
    undo = _install(repl)
    seconds = {}
    try:
        clear_caches()
        ids = list(claim_ids)
        for i, cid in enumerate(ids, 1):
            current["claim"] = cid
            t0 = time.perf_counter()
            for ch in C.get(cid).checks:
                ch.run()
            seconds[cid] = time.perf_counter() - t0
            if progress is not None:
                print(f"[trace {i}/{len(ids)}] {cid} ({seconds[cid]:.1f} s)", file=progress, flush=True)
    finally:
        current["claim"] = None
        _uninstall(undo)
        clear_caches()
    order = {cid: k for k, cid in enumerate(sorted(seconds, key=seconds.get))}
    return {f: sorted(hits[f], key=order.get) for f in functions}, seconds


class _Timeout(Exception):
    pass


def _alarm(signum, frame):  # pragma: no cover - only under a real time-out
    raise _Timeout()


def run_mutant(function: str, perturbation: str, claim_ids, timeout: float = 120.0) -> dict:
    """Run the checks of ``claim_ids`` with ``function`` mutated; stop at the first failing check.

    Returns a dict with ``status`` (``killed``, ``survived``, ``not perturbable``), and for a killed
    mutant the claim and check that noticed, and the seconds taken.
    """
    factor = PERTURBATIONS[perturbation]
    orig = _resolve(function)
    state = {"changed": False}

    def mutant(*a, **k):
        out, ch = perturb(orig(*a, **k), factor)
        state["changed"] |= ch
        return out

    functools.update_wrapper(mutant, orig)
    undo = _install({id(orig): (orig, mutant)})
    t0 = time.perf_counter()
    result = {"function": function, "perturbation": perturbation, "status": "survived",
              "claim": None, "check": None, "claims_run": 0}
    use_alarm = timeout and hasattr(signal, "SIGALRM")
    old = signal.signal(signal.SIGALRM, _alarm) if use_alarm else None
    try:
        clear_caches()
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, timeout)
        for cid in claim_ids:
            result["claims_run"] += 1
            for ch in C.get(cid).checks:
                r = ch.run()
                if not r.passed:
                    result.update(status="killed", claim=cid, check=ch.name)
                    if "_Timeout" in r.evidence:
                        result["status"] = "killed (time-out)"
                    break
            if result["status"] != "survived":
                break
    except _Timeout:
        result.update(status="killed (time-out)", claim=cid)
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        _uninstall(undo)
        clear_caches()
    if result["status"] == "survived" and not state["changed"]:
        result["status"] = "not perturbable"
    result["seconds"] = round(time.perf_counter() - t0, 2)
    return result


# ----------------------------------------------------------------------------- the audit


def explanation(function: str, perturbation: str) -> str | None:
    """The registry's explanation of a surviving mutant (``AUDIT_EXPLAINED`` of the paper's module)."""
    table = explanations(paper_of(function))
    return table.get(f"{function}:{perturbation}") or table.get(function)


def explanations(paper: str) -> dict:
    """Every ``AUDIT_EXPLAINED`` entry of a paper: those of each module of ``rfsym.<key>.claims`` (kept
    next to the claims that call the function)."""
    import pkgutil

    key = PAPERS[paper]
    out: dict = {}
    modname = f"rfsym.{key}.claims"
    mod = importlib.import_module(modname)
    for m in [mod] + [importlib.import_module(f"{modname}.{m.name}") for m in pkgutil.iter_modules(mod.__path__)]:
        out.update(getattr(m, "AUDIT_EXPLAINED", {}))
    return out


def _survivor_explanation(r: dict) -> str | None:
    """Explanation of a surviving mutant ``r``; a rel1e-3 survivor implied by a surviving rel1e-2 one
    (the smaller perturbation in the same direction is not run) inherits the rel1e-2 explanation."""
    pert = r["perturbation"].split()[0]
    own = explanation(r["function"], pert)
    if own or "implied by " not in r["status"]:
        return own
    src = r["status"].split("implied by ", 1)[1].rstrip(")")
    inherited = explanation(r["function"], src)
    return f"implied by the {src} survivor: {inherited}" if inherited else None


def _claims_of(paper: str) -> list:
    return [c.id for c in C.registry().values() if c.paper == paper and c.checks]


def run_mutant_isolated(function: str, perturbation: str, claim_ids, timeout: float = 120.0) -> dict:
    """:func:`run_mutant` in a forked child process that is killed after ``timeout`` seconds.

    Isolation keeps a mutant from leaving state behind (caches, half-finished imports) and makes the
    time-out a hard one: a child still running is killed and the mutant counts as killed by the
    time-out. Falls back to :func:`run_mutant` where ``os.fork`` does not exist.
    """
    import os
    import select

    if not hasattr(os, "fork"):  # pragma: no cover - not on Linux
        return run_mutant(function, perturbation, claim_ids, timeout)
    rfd, wfd = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # child: run, send the result, exit without cleanup handlers
        code = 0
        try:
            os.close(rfd)
            res = run_mutant(function, perturbation, claim_ids, timeout=0)
            data = json.dumps(res).encode()
            with os.fdopen(wfd, "wb") as fh:
                fh.write(data)
        except BaseException:  # pragma: no cover - reported by the parent as a crash
            code = 1
        finally:
            os._exit(code)
    os.close(wfd)
    chunks, deadline, timed_out = [], time.monotonic() + timeout, False
    with os.fdopen(rfd, "rb") as fh:
        while True:
            left = deadline - time.monotonic()
            ready = select.select([fh], [], [], left)[0] if left > 0 else []
            if not ready:
                timed_out = True
                break
            chunk = os.read(fh.fileno(), 1 << 16)
            if not chunk:          # EOF: the child has sent its result and is exiting
                break
            chunks.append(chunk)
    if timed_out:
        os.kill(pid, 9)
    os.waitpid(pid, 0)
    if timed_out:
        return {"function": function, "perturbation": perturbation, "status": "killed (time-out)",
                "claim": None, "check": None, "claims_run": None, "seconds": round(time.perf_counter() - t0, 2)}
    try:
        return json.loads(b"".join(chunks).decode())
    except ValueError:
        return {"function": function, "perturbation": perturbation, "status": "killed (crash)",
                "claim": None, "check": None, "claims_run": None, "seconds": round(time.perf_counter() - t0, 2)}


def _worker(args):
    tasks, callers, timeout = args
    out = []
    survived_rel2 = set()
    for f, p in tasks:
        if p == "rel1e-3" and f in survived_rel2:
            out.append({"function": f, "perturbation": p, "status": "survived (implied by rel1e-2)",
                        "claim": None, "check": None, "claims_run": 0, "seconds": 0.0})
            continue
        r = run_mutant_isolated(f, p, callers[f], timeout)
        if p == "rel1e-2" and r["status"] == "survived":
            survived_rel2.add(f)
        out.append(r)
        print(f"  {f} {p}: {r['status']}" + (f" by {r['claim']} / {r['check']}" if r.get("claim") else "")
              + f" ({r['seconds']:.1f} s)", file=sys.stderr, flush=True)
    return out


def audit(paper: str | None = None, functions=None, perturbations=("sign", "rel1e-2", "rel1e-3"),
          jobs: int = 1, timeout: float = 120.0, progress=sys.stderr) -> dict:
    """Run the mutation audit; return a JSON-friendly report.

    Parameters
    ----------
    paper : str, optional
        Audit one paper's modules (default: all four papers).
    functions : list of str, optional
        Audit only these dotted names.
    perturbations : tuple of str
        Subset of :data:`PERTURBATIONS`.
    jobs : int
        Worker processes (fork); each takes whole functions.
    timeout : float
        Seconds per mutant.
    """
    for p in perturbations:
        if p not in PERTURBATIONS:
            raise ValueError(f"perturbation must be one of {tuple(PERTURBATIONS)}, got {p!r}")
    perts = [p for p in PERTURBATIONS if p in perturbations]
    if functions:
        funcs = list(functions)
        known = set(public_functions())
        for f in funcs:
            if f not in known:
                import difflib

                close = difflib.get_close_matches(f, sorted(known), n=3, cutoff=0.6)
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                raise ValueError(f"{f} is not a public function of an audited module{hint} "
                                 "(rfsym.claims.audit.public_functions() lists them)")
    else:
        funcs = public_functions(paper)
    papers = sorted({paper_of(f) for f in funcs}, key=list(PAPERS).index)
    claim_ids = [cid for p in papers for cid in _claims_of(p)]
    claim_ids += [c.id for c in C.claims_for(notebook="foundations") if c.checks and c.id not in claim_ids]
    t0 = time.perf_counter()
    callers, seconds = trace_calls(funcs, claim_ids, progress=progress)
    if progress is not None:
        print(f"traced {len(claim_ids)} claims in {time.perf_counter() - t0:.0f} s; running mutants of "
              f"{len(funcs)} functions", file=progress, flush=True)
    exercised = [f for f in funcs if callers[f]]
    tasks = [(f, p) for f in exercised for p in perts]
    jobs = max(1, int(jobs))
    if jobs == 1 or len(exercised) < 2:
        results = _worker((tasks, callers, timeout))
    else:
        import multiprocessing as mp

        # whole functions per worker (so rel1e-3 can be implied by rel1e-2), balanced by traced cost
        cost = {f: sum(seconds.get(c, 0.0) for c in callers[f]) for f in exercised}
        buckets = [[] for _ in range(jobs)]
        load = [0.0] * jobs
        for f in sorted(exercised, key=cost.get, reverse=True):
            k = load.index(min(load))
            buckets[k] += [(f, p) for p in perts]
            load[k] += cost[f]
        with mp.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_worker, [(b, callers, timeout) for b in buckets if b])
        order = {t: i for i, t in enumerate(tasks)}
        results = sorted((r for part in parts for r in part), key=lambda r: order[(r["function"], r["perturbation"])])
    for r in results:
        r["paper"] = paper_of(r["function"])
        r["callers"] = len(callers[r["function"]])
        if r["status"].startswith("survived"):
            r["explanation"] = _survivor_explanation(r)
    return {
        "source_hash": source_hash(),
        "papers": papers,
        "perturbations": perts,
        "functions": len(funcs),
        "not_exercised": [{"function": f, "paper": paper_of(f), "explanation": explanation(f, "*")}
                          for f in funcs if not callers[f]],
        "mutants": results,
        "seconds": round(time.perf_counter() - t0, 1),
    }


#: Reporting code: changing it does not change what a mutant does, so it is not hashed.
_UNHASHED = {"claims/audit.py", "claims/pages.py", "claims/tables.py", "claims/headlines.py", "__main__.py"}
_UNHASHED_DIRS = {"data"}


def _strip_explanations(text: str) -> str:
    """The module's code without docstrings, comments and its ``AUDIT_EXPLAINED`` assignment, as ``ast.dump``.

    What a mutant's fate can depend on: editing documentation or an explanation does not make a report
    stale. (``ast.dump`` depends on the Python version; the report and the check of it run on the project's
    one interpreter.)
    """
    import ast

    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    tree.body = [node for node in tree.body
                 if not any(isinstance(t, ast.Name) and t.id == "AUDIT_EXPLAINED"
                            for t in (getattr(node, "targets", None)
                                      or ([node.target] if isinstance(node, ast.AnnAssign) else [])))]
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def source_hash(root=None) -> str:
    """SHA-256 (first 16 hex digits) of the code a mutant's fate depends on.

    The library and claims modules under ``root`` (default: the installed package), without the
    reporting modules, and each reduced to its code (:func:`_strip_explanations`: no docstrings, comments
    or ``AUDIT_EXPLAINED`` tables), so that documentation and explanations do not make a report stale.
    """
    root = Path(__file__).resolve().parents[1] if root is None else Path(root)
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.as_posix() in _UNHASHED or rel.parts[0] in _UNHASHED_DIRS:
            continue
        h.update(rel.as_posix().encode())
        h.update(_strip_explanations(path.read_text()).encode())
    return h.hexdigest()[:16]


def _audited(function: str) -> bool:
    try:
        paper_of(function)
    except ValueError:
        return False
    return True


def with_current_explanations(report: dict) -> dict:
    """A copy of ``report`` whose survivors carry the registries' current explanations (a function the
    library no longer has under that name, in a report older than a move, keeps the recorded one)."""
    rep = dict(report)
    rep["mutants"] = [dict(r, explanation=_survivor_explanation(r))
                      if r["status"].startswith("survived") and _audited(r["function"]) else r
                      for r in report["mutants"]]
    rep["not_exercised"] = [dict(f, explanation=explanation(f["function"], "*")) if _audited(f["function"]) else f
                            for f in report["not_exercised"]]
    return rep


def summary(report: dict) -> dict:
    """Per paper: mutants run, killed, survived (explained / unexplained), not perturbable."""
    out = {}
    for r in report["mutants"]:
        s = out.setdefault(r["paper"], {"mutants": 0, "killed": 0, "survived": 0, "explained": 0,
                                        "unexplained": 0, "not perturbable": 0})
        s["mutants"] += 1
        st = r["status"]
        if st.startswith("killed"):
            s["killed"] += 1
        elif st.startswith("survived"):
            s["survived"] += 1
            if r.get("explanation"):
                s["explained"] += 1
            else:
                s["unexplained"] += 1
        else:
            s["not perturbable"] += 1
    for f in report["not_exercised"]:
        s = out.setdefault(f["paper"], {"mutants": 0, "killed": 0, "survived": 0, "explained": 0,
                                        "unexplained": 0, "not perturbable": 0})
        s["not exercised"] = s.get("not exercised", 0) + 1
    return out


def _md(text) -> str:
    from .pages import md_cell

    return md_cell(text)


def report_markdown(report: dict) -> str:
    """The audit report as a book page (MyST Markdown)."""
    report = with_current_explanations(report)
    summ = summary(report)
    out = ["# Mutation audit", "",
           "Do the checks notice broken code? Every public function of the paper modules is replaced by a "
           "*mutant* whose result is multiplied by $1+10^{-3}$, $1+10^{-2}$ or $-1$, and the claims that call it "
           "(found by tracing) are rerun until a check fails. A mutant that no check notices *survives*; "
           "each survivor is either a gap or carries the registry's explanation. "
           "Generated by `python -m rfsym audit` (`make audit`); reproduce one row with the command shown.", "",
           f"Library sources audited: hash `{report['source_hash']}`; {report['functions']} functions, "
           f"{len(report['mutants'])} mutants.", ""]
    if report.get("not_run"):
        out += [f"**Partial report.** The mutants of {len(report['not_run'])} functions were not run in this report "
                "(" + _md(report.get("not_run_reason", "")) + "): "
                + ", ".join(f"`{f[6:]}`" for f in report["not_run"]) + ". Rerun them with `python -m rfsym audit "
                "--function NAME`.", ""]
    out += [
           "| paper | mutants | killed | survived, explained | survived, unexplained | not perturbable | functions no claim calls |",
           "|---|---|---|---|---|---|---|"]
    for p in PAPERS:
        if p in summ:
            s = summ[p]
            out.append(f"| {p} | {s['mutants']} | {s['killed']} | {s['explained']} | {s['unexplained']} | "
                       f"{s['not perturbable']} | {s.get('not exercised', 0)} |")
    out.append("")
    for p in PAPERS:
        rows = [r for r in report["mutants"] if r["paper"] == p]
        if not rows:
            continue
        surv = [r for r in rows if r["status"].startswith("survived")]
        out += [f"## {p}: surviving mutants", ""]
        if not surv:
            out += ["None: every mutant of the exercised functions is killed by a check.", ""]
        else:
            out += ["| function | perturbation | explanation | reproduce |", "|---|---|---|---|"]
            for r in surv:
                exp = _md(r.get("explanation")) if r.get("explanation") else "**unexplained**"
                cmd = f"`python -m rfsym audit --function {r['function']} --perturbation {r['perturbation'].split()[0]}`"
                out.append(f"| `{r['function'][6:]}` | {r['perturbation']} ({_md(r['status'])}) | {exp} | {cmd} |")
            out.append("")
        ne = [f for f in report["not_exercised"] if f["paper"] == p]
        if ne:
            out += [f"Functions of {p} that no claim calls (no mutant can be run): "
                    + ", ".join(f"`{f['function'][6:]}`" + (f" ({_md(f['explanation'])})" if f.get("explanation") else "")
                                for f in ne) + ".", ""]
        killed = [r for r in rows if r["status"].startswith("killed")]
        if killed:
            out += ["<details><summary>Killed mutants of " + p + " and the check that noticed each</summary><ul>"
                    + "".join(f"<li><code>{r['function'][6:]}</code> {r['perturbation']}: {r['claim']} / "
                              f"{_html(r['check'])}</li>" for r in killed) + "</ul></details>", ""]
    return "\n".join(out)


def _html(text) -> str:
    import html

    return html.escape(str(text))


def update_report(old: dict, new: dict) -> dict:
    """``old`` with every row of the papers audited in ``new`` replaced by ``new``'s rows.

    For rerunning one paper after a change that touches only its own modules: the other papers' rows
    stay as they were (their functions and claims did not change), the source hash becomes ``new``'s.
    """
    if set(new["perturbations"]) != set(old["perturbations"]):
        raise ValueError("the two reports use different perturbations")
    papers = set(new["papers"])
    mutants = [r for r in old["mutants"] if r["paper"] not in papers] + new["mutants"]
    not_ex = [f for f in old["not_exercised"] if f["paper"] not in papers] + new["not_exercised"]
    order = {p: i for i, p in enumerate(PAPERS)}
    mutants.sort(key=lambda r: order[r["paper"]])
    return {**old, "source_hash": new["source_hash"], "papers": sorted(set(old["papers"]) | papers, key=order.get),
            "functions": len({r["function"] for r in mutants} | {f["function"] for f in not_ex}),
            "not_exercised": not_ex, "mutants": mutants,
            "seconds": round(old["seconds"] + new["seconds"], 1)}


def main(args) -> int:
    """Entry point of ``python -m rfsym audit`` (see :mod:`rfsym.__main__`)."""
    funcs = args.function or None
    perts = tuple(args.perturbation) if args.perturbation else tuple(PERTURBATIONS)
    if getattr(args, "update", None) and (not args.paper or funcs):
        raise ValueError("--update reruns whole papers: give --paper (and no --function)")
    rep = audit(args.paper, funcs, perts, jobs=args.jobs, timeout=args.timeout)
    if getattr(args, "update", None):
        rep = update_report(json.loads(Path(args.update).read_text()), rep)
    summ = summary(rep)
    for p, s in summ.items():
        print(f"{p}: {s['mutants']} mutants, {s['killed']} killed, {s['explained']} survived (explained), "
              f"{s['unexplained']} survived (unexplained), {s['not perturbable']} not perturbable, "
              f"{s.get('not exercised', 0)} functions not exercised")
    for r in rep["mutants"]:
        if r["status"].startswith("survived") and not r.get("explanation"):
            print(f"  SURVIVES {r['function']} {r['perturbation']} ({r['callers']} calling claims): "
                  f"python -m rfsym audit --function {r['function']} --perturbation {r['perturbation']}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(rep, indent=1))
        print(f"wrote {args.json_out}")
    if args.out:
        Path(args.out).write_text(report_markdown(rep))
        print(f"wrote {args.out}")
    return 0
